/* kessel-legal.c: listing the legal actions, and a computer player that picks
 * one at random. Every candidate goes through kessel_game_check, so the list
 * can never hold an action the rules refuse; only moves along the paths of the
 * reachable search, legal by construction (kessel_game_path_to), skip it. */
#include "kessel-game-private.h"

#include <stdlib.h>
#include <string.h>

static void
add_if_legal (KesselGame *self, GArray *out, const KesselAction *action)
{
  if (kessel_game_check (self, action, NULL))
    g_array_append_val (out, *action);
}

static void
add_simple (KesselGame *self, GArray *out, KesselActionType type, int piece, int hex)
{
  KesselAction action;

  kessel_action_init (&action, type);
  if (piece >= 0)
    kessel_action_add_unit (&action, piece);
  action.hex = hex;
  add_if_legal (self, out, &action);
}

static gboolean
on_map (KesselGame *self, int piece)
{
  return self->state.pieces[piece].status == KESSEL_PIECE_ON_MAP;
}

/* Movement */

static int
movable_at (KesselGame *self, int hex, KesselSide side, gboolean unmoved_only, int *out)
{
  int n = 0;

  for (int p = kessel_game_first_at (self, hex); p >= 0 && n < KESSEL_ACTION_MAX_UNITS; p = self->next_at[p])
    if (self->info[p].side == side && kessel_game_can_start_moving (self, p)
        && (!unmoved_only || !self->state.pieces[p].moved))
      out[n++] = p;
  return n;
}

/* A move of pieces to hex along the path of the last reachable search;
 * FALSE when it is not legal after all. */
static gboolean
move_along_search (KesselGame *self, const int *pieces, int n, int hex, KesselAction *action)
{
  kessel_action_init (action, KESSEL_ACTION_MOVE);
  for (int i = 0; i < n; i++)
    kessel_action_add_unit (action, pieces[i]);
  return kessel_game_path_to (self, hex, action) || kessel_game_check (self, action, NULL);
}

static void
list_moves_of (KesselGame *self, GArray *out, const int *pieces, int n)
{
  kessel_game_search_reach (self, pieces, n);
  for (int i = 0; i < self->n_reached; i++)
    {
      KesselAction action;
      if (move_along_search (self, pieces, n, self->reached[i], &action))
        g_array_append_val (out, action);
    }
}

static void
list_movement (KesselGame *self, GArray *out, KesselSide side)
{
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      int pieces[KESSEL_ACTION_MAX_UNITS];
      int n;

      if (kessel_game_count_pieces_at (self, hex, side) == 0)
        continue;
      n = movable_at (self, hex, side, FALSE, pieces);
      for (int i = 0; i < n; i++)
        list_moves_of (self, out, &pieces[i], 1);
      if (n > 1)
        list_moves_of (self, out, pieces, n);
      if (side == KESSEL_SIDE_SOVIET && n > 0 && self->exit[hex])
        {
          KesselAction action;
          for (int i = 0; i < n; i++)
            add_simple (self, out, KESSEL_ACTION_EXIT, pieces[i], KESSEL_HEX_NONE);
          kessel_action_init (&action, KESSEL_ACTION_EXIT);
          for (int i = 0; i < n && n > 1; i++)
            kessel_action_add_unit (&action, pieces[i]);
          if (n > 1)
            add_if_legal (self, out, &action);
        }
    }
}

/* The moves and exits of each part of two units or more of the stack of
 * pieces, but not the whole stack, in the order of the parts' masks. */
static void
list_part_moves_of (KesselGame *self, GArray *out, const int *pieces, int n, KesselSide side)
{
  for (guint mask = 1; mask + 1 < (1u << n); mask++)
    {
      int part[KESSEL_PART_STACK_LISTED_MAX];
      int k = 0;
      KesselAction exit_action;

      kessel_action_init (&exit_action, KESSEL_ACTION_EXIT);
      for (int i = 0; i < n; i++)
        if (mask & (1u << i))
          {
            part[k++] = pieces[i];
            kessel_action_add_unit (&exit_action, pieces[i]);
          }
      if (k < 2)
        continue;   /* a unit alone, listed already */
      list_moves_of (self, out, part, k);
      if (side == KESSEL_SIDE_SOVIET && self->exit[self->state.pieces[part[0]].hex])
        add_if_legal (self, out, &exit_action);
    }
}

/**
 * kessel_game_list_part_stack_moves:
 *
 * The moves and exits of part of a stack that kessel_game_list_actions() leaves
 * out. In a movement part: for each stack of three to
 * %KESSEL_PART_STACK_LISTED_MAX units that may move, each group of two or more
 * of them but not all, to every hex it can reach, the stacks in hex order.
 * Empty at any other time. Any such group may move, from a stack of any size;
 * this lists them for people who choose among all moves.
 *
 * Returns: (transfer container) (element-type KesselAction): the moves
 */
GArray *
kessel_game_list_part_stack_moves (KesselGame *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KesselAction));
  KesselSide side;

  g_return_val_if_fail (KESSEL_IS_GAME (self), out);
  if (kessel_game_is_over (self) || self->state.wait != KESSEL_WAIT_PHASE
      || self->state.segment != KESSEL_SEGMENT_MOVEMENT)
    return out;
  side = kessel_game_get_active_side (self);
  kessel_game_update_caches (self);
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      int pieces[KESSEL_ACTION_MAX_UNITS];
      int n;

      if (kessel_game_count_pieces_at (self, hex, side) < 3)
        continue;
      n = movable_at (self, hex, side, FALSE, pieces);
      if (n >= 3 && n <= KESSEL_PART_STACK_LISTED_MAX)
        list_part_moves_of (self, out, pieces, n, side);
    }
  return out;
}

/* Combat */

/* At most this many units from each hex, so that six hexes fit in an action. */
#define ATTACKERS_PER_HEX (KESSEL_ACTION_MAX_UNITS / KESSEL_N_DIRECTIONS)

typedef struct {
  int n_hexes;
  int counts[KESSEL_N_DIRECTIONS];
  int units[KESSEL_N_DIRECTIONS][ATTACKERS_PER_HEX];
} Attackers;

static void
swap_slots (Attackers *attackers, int a, int b)
{
  int count = attackers->counts[a];
  int units[ATTACKERS_PER_HEX];

  memcpy (units, attackers->units[a], sizeof units);
  attackers->counts[a] = attackers->counts[b];
  memcpy (attackers->units[a], attackers->units[b], sizeof units);
  attackers->counts[b] = count;
  memcpy (attackers->units[b], units, sizeof units);
}

/* The units able to attack target, grouped by the hex they attack from, the
 * groups in the order of their first units. */
static void
gather_attackers (KesselGame *self, int target, Attackers *attackers)
{
  KesselSide side = kessel_game_get_active_side (self);
  const int *around = &self->neighbours[target * KESSEL_N_DIRECTIONS];

  attackers->n_hexes = 0;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int slot = attackers->n_hexes, *count = &attackers->counts[slot];

      *count = 0;
      if (around[d] == KESSEL_HEX_NONE)
        continue;
      for (int p = kessel_game_first_at (self, around[d]); p >= 0; p = self->next_at[p])
        if (self->info[p].side == side && *count < ATTACKERS_PER_HEX
            && kessel_game_can_attack_with (self, p, NULL))
          attackers->units[slot][(*count)++] = p;
      if (*count == 0)
        continue;
      /* Inserted in order of the first unit. */
      for (; slot > 0 && attackers->units[slot - 1][0] > attackers->units[slot][0]; slot--)
        swap_slots (attackers, slot - 1, slot);
      attackers->n_hexes++;
    }
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The units of the chosen hexes, in piece order as everywhere else. */
static void
fill_attack (KesselAction *action, KesselActionType type, int target, const Attackers *attackers, int mask)
{
  kessel_action_init (action, type);
  action->hex = target;
  for (int h = 0; h < attackers->n_hexes; h++)
    if (mask & (1 << h))
      for (int i = 0; i < attackers->counts[h]; i++)
        kessel_action_add_unit (action, attackers->units[h][i]);
  qsort (action->units, action->n_units, sizeof action->units[0], compare_ints);
}

static inline gboolean
is_attack_target (KesselGame *self, int hex, KesselSide side)
{
  kessel_game_update_caches (self);
  return self->units_at[kessel_side_enemy (side)][hex] > 0;
}

static inline gboolean
is_probe_target (KesselGame *self, int hex, KesselSide side)
{
  kessel_game_update_caches (self);
  return side == KESSEL_SIDE_GERMAN && self->units_at[KESSEL_SIDE_GERMAN][hex] == 0
         && self->units_at[KESSEL_SIDE_SOVIET][hex] == 0 && self->zoc[KESSEL_SIDE_SOVIET][hex] > 0;
}

static void
list_combat (KesselGame *self, GArray *out, KesselSide side)
{
  int cas_max = kessel_game_get_cas_left (self);

  for (int target = 0; target < self->hex_count; target++)
    {
      gboolean attack = is_attack_target (self, target, side);
      int support;
      Attackers attackers;

      if (!attack && !is_probe_target (self, target, side))
        continue;
      gather_attackers (self, target, &attackers);
      support = attack ? kessel_game_support_piece_for (self, side, target, FALSE) : -1;
      for (int mask = 1; mask < (1 << attackers.n_hexes); mask++)
        {
          KesselAction action;
          fill_attack (&action, attack ? KESSEL_ACTION_ATTACK : KESSEL_ACTION_PROBE, target, &attackers, mask);
          if (!attack)
            {
              add_if_legal (self, out, &action);
              continue;
            }
          for (int cas = 0; cas <= cas_max; cas++)
            for (int s = 0; s < (support >= 0 ? 2 : 1); s++)
              {
                action.cas = cas;
                action.support = s ? support : -1;
                add_if_legal (self, out, &action);
              }
        }
    }
}

/* Waits and placements */

static void
list_defence (KesselGame *self, GArray *out)
{
  int support = kessel_game_support_piece_for (self, KESSEL_SIDE_GERMAN, self->state.combat.attack.hex, TRUE);

  for (int cas = 0; cas <= kessel_game_get_cas_left (self); cas++)
    for (int s = 0; s < (support >= 0 ? 2 : 1); s++)
      {
        KesselAction action;
        kessel_action_init (&action, KESSEL_ACTION_DEFEND);
        action.cas = cas;
        action.support = s ? support : -1;
        add_if_legal (self, out, &action);
      }
}

static void
list_pieces (KesselGame *self, GArray *out, KesselActionType type)
{
  const KesselCombat *combat = &self->state.combat;
  int pieces[KESSEL_ACTION_MAX_UNITS], n = 0;

  /* No other piece passes the check: the units of the combat, or those in
   * the over-stacked hex (13.9, 13.10, 6.0). */
  if (type == KESSEL_ACTION_ELIMINATE)
    for (int p = kessel_game_first_at (self, self->state.elimination_hex); p >= 0 && n < KESSEL_ACTION_MAX_UNITS;
         p = self->next_at[p])
      pieces[n++] = p;
  else
    {
      gboolean defender = self->state.wait == KESSEL_WAIT_DEFENDER_LOSS;
      n = defender ? combat->n_defenders : combat->attack.n_units;
      memcpy (pieces, defender ? combat->defenders : combat->attack.units, sizeof pieces[0] * n);
    }
  qsort (pieces, n, sizeof pieces[0], compare_ints);
  for (int i = 0; i < n; i++)
    if (on_map (self, pieces[i]) && (i == 0 || pieces[i] != pieces[i - 1]))
      add_simple (self, out, type, pieces[i], KESSEL_HEX_NONE);
}

static void
list_retreats (KesselGame *self, GArray *out)
{
  int piece = kessel_game_next_retreater (self);
  int hex = piece >= 0 ? self->state.pieces[piece].hex : KESSEL_HEX_NONE;

  if (piece < 0)
    return;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[hex * 6 + d];
      if (next != KESSEL_HEX_NONE)
        add_simple (self, out, KESSEL_ACTION_RETREAT, piece, next);
    }
}

/* What a placement phase places: a piece (its index) or a KG marker (-1 - kg). */
static void
list_placement_subjects (KesselGame *self, GArray *subjects)
{
  KesselPhase phase = self->state.phase;
  guint n = 0;

  if (phase == KESSEL_PHASE_KG)
    {
      for (int k = 0; k < KESSEL_N_KGS; k++)
        {
          int subject = -1 - k;
          g_array_append_val (subjects, subject);
        }
      return;
    }
  g_array_set_size (subjects, (guint) self->n_pieces);
  for (int p = 0; p < self->n_pieces; p++)
    {
      KesselPieceStatus status = self->state.pieces[p].status;
      gboolean candidate;

      if (phase == KESSEL_PHASE_SETUP)
        candidate = self->info[p].side == KESSEL_SIDE_GERMAN
                    && kessel_unit_get_setup_hex (self->info[p].unit) != KESSEL_HEX_NONE;
      else
        candidate = status == KESSEL_PIECE_WAITING || status == KESSEL_PIECE_RETURNING;
      if (candidate)
        g_array_index (subjects, int, n++) = p;
    }
  g_array_set_size (subjects, n);
}

/* Where a subject of a placement phase may go, before the check, in order. */
static void
placement_candidates (KesselGame *self, int subject, GArray *hexes)
{
  KesselPhase phase = self->state.phase;
  guint n = 0;

  if (phase == KESSEL_PHASE_SETUP && subject >= 0)
    {
      int center = kessel_unit_get_setup_hex (self->info[subject].unit);

      g_array_append_val (hexes, center);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (self->neighbours[center * KESSEL_N_DIRECTIONS + d] != KESSEL_HEX_NONE)
          g_array_append_val (hexes, self->neighbours[center * KESSEL_N_DIRECTIONS + d]);
      return;
    }
  g_array_set_size (hexes, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    if (subject < 0
        || (phase == KESSEL_PHASE_REINFORCEMENT && self->entry[hex])
        || (phase == KESSEL_PHASE_REPLACEMENT && self->place[hex]))
      g_array_index (hexes, int, n++) = hex;
  g_array_set_size (hexes, n);
}

static void
placement_action (KesselGame *self, int subject, int hex, KesselAction *action)
{
  if (subject < 0)
    {
      kessel_action_init (action, KESSEL_ACTION_KG);
      action->value = -1 - subject;
    }
  else
    {
      kessel_action_init (action, self->state.phase == KESSEL_PHASE_SETUP ? KESSEL_ACTION_PLACE
                                                                          : KESSEL_ACTION_ENTER);
      kessel_action_add_unit (action, subject);
    }
  action->hex = hex;
}

/* The hexes where subject may legally be placed, in order. */
static GArray *
legal_placements (KesselGame *self, int subject)
{
  GArray *hexes = g_array_sized_new (FALSE, FALSE, sizeof (int), self->hex_count);
  KesselAction action;
  guint n = 0;

  placement_candidates (self, subject, hexes);
  placement_action (self, subject, KESSEL_HEX_NONE, &action);
  for (guint i = 0; i < hexes->len; i++)
    {
      action.hex = g_array_index (hexes, int, i);
      if (kessel_game_check (self, &action, NULL))
        g_array_index (hexes, int, n++) = action.hex;
    }
  g_array_set_size (hexes, n);
  return hexes;
}

static void
list_placement_of (KesselGame *self, GArray *out, int subject)
{
  g_autoptr(GArray) hexes = legal_placements (self, subject);

  for (guint i = 0; i < hexes->len; i++)
    {
      KesselAction action;
      placement_action (self, subject, g_array_index (hexes, int, i), &action);
      g_array_append_val (out, action);
    }
}

static void
list_placement (KesselGame *self, GArray *out)
{
  g_autoptr(GArray) subjects = g_array_new (FALSE, FALSE, sizeof (int));

  list_placement_subjects (self, subjects);
  for (guint i = 0; i < subjects->len; i++)
    list_placement_of (self, out, g_array_index (subjects, int, i));
}

static void
list_order (KesselGame *self, GArray *out)
{
  for (int order = 0; order < 2; order++)
    {
      KesselAction action;
      kessel_action_init (&action, KESSEL_ACTION_ORDER);
      action.value = order;
      add_if_legal (self, out, &action);
    }
}

void
kessel_game_list_into (KesselGame *self, GArray *out)
{
  KesselSide side = kessel_game_get_active_side (self);
  KesselAction end;

  kessel_game_update_caches (self);
  switch (self->state.wait)
    {
    case KESSEL_WAIT_DEFENCE:
      list_defence (self, out);
      return;
    case KESSEL_WAIT_ATTACKER_LOSS:
    case KESSEL_WAIT_DEFENDER_LOSS:
      list_pieces (self, out, KESSEL_ACTION_LOSS);
      return;
    case KESSEL_WAIT_RETREAT:
      list_retreats (self, out);
      return;
    case KESSEL_WAIT_ELIMINATION:
      list_pieces (self, out, KESSEL_ACTION_ELIMINATE);
      return;
    case KESSEL_WAIT_ADVANCE:
      list_pieces (self, out, KESSEL_ACTION_ADVANCE);
      break;
    case KESSEL_WAIT_PHASE:
      switch (self->state.segment)
        {
        case KESSEL_SEGMENT_ORDER:
          list_order (self, out);
          return;
        case KESSEL_SEGMENT_MOVEMENT:
          list_movement (self, out, side);
          break;
        case KESSEL_SEGMENT_COMBAT:
          list_combat (self, out, side);
          break;
        case KESSEL_SEGMENT_PLACEMENT:
          list_placement (self, out);
          break;
        case KESSEL_SEGMENT_NONE:
        default:
          break;
        }
      break;
    case KESSEL_WAIT_NOTHING:
    default:
      return;
    }
  kessel_action_init (&end, KESSEL_ACTION_END);
  add_if_legal (self, out, &end);
}

/* The computer player */

/* One move of pieces to a hex drawn uniformly from those they can reach. */
static void
random_destination (KesselGame *self, KesselDice *dice, const int *pieces, int n, GArray *out)
{
  int *candidates;
  guint left;

  kessel_game_search_reach (self, pieces, n);
  candidates = self->reached;   /* in hex order */
  left = (guint) self->n_reached;
  while (left > 0)
    {
      guint pick = kessel_dice_below (dice, left);
      KesselAction action;

      if (move_along_search (self, pieces, n, candidates[pick], &action))
        {
          g_array_append_val (out, action);
          return;
        }
      /* Out of the draw, but still in the search's list, which says what to
       * wipe before the next search. */
      int refused = candidates[pick];
      left--;
      memmove (&candidates[pick], &candidates[pick + 1], sizeof candidates[0] * (left - pick));
      candidates[left] = refused;
    }
}

static gboolean
may_move_now (KesselGame *self, int piece, KesselSide side)
{
  return self->info[piece].side == side && !self->state.pieces[piece].moved
         && kessel_game_can_start_moving (self, piece);
}

/* Whether a unit of its hex before piece may move now. */
static gboolean
follows_in_hex (KesselGame *self, int piece, KesselSide side)
{
  for (int p = kessel_game_first_at (self, self->state.pieces[piece].hex); p >= 0 && p < piece;
       p = self->next_at[p])
    if (may_move_now (self, p, side))
      return TRUE;
  return FALSE;
}

/* What the computer player may move: each unit that has not moved, as
 * "-(piece + 1)", and before each such unit that is not the first in its
 * hex, the hex, for the stack (so a hex of n such units is listed n - 1
 * times). */
static void
movable_groups (KesselGame *self, KesselSide side, GArray *groups)
{
  int *entries, n = 0;

  g_array_set_size (groups, 2 * (guint) self->n_pieces);
  entries = (int *) (void *) groups->data;
  for (int p = 0; p < self->n_pieces; p++)
    {
      if (!may_move_now (self, p, side))
        continue;
      if (follows_in_hex (self, p, side))
        entries[n++] = self->state.pieces[p].hex;
      entries[n++] = -(p + 1);
    }
  g_array_set_size (groups, (guint) n);
}

static gboolean
random_move (KesselGame *self, KesselDice *dice, KesselAction *action)
{
  KesselSide side = kessel_game_get_active_side (self);
  g_autoptr(GArray) groups = g_array_new (FALSE, FALSE, sizeof (int));   /* see movable_groups */
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (KesselAction));

  movable_groups (self, side, groups);
  while (groups->len > 0)
    {
      guint pick = kessel_dice_below (dice, groups->len + 1);
      int entry, pieces[KESSEL_ACTION_MAX_UNITS], n;

      g_array_set_size (moves, 0);
      if (pick == groups->len)
        return FALSE;   /* chose to end the part */
      entry = g_array_index (groups, int, pick);
      if (entry < 0)
        {
          pieces[0] = -entry - 1;
          n = 1;
        }
      else
        n = movable_at (self, entry, side, TRUE, pieces);
      random_destination (self, dice, pieces, n, moves);
      if (side == KESSEL_SIDE_SOVIET && self->exit[self->state.pieces[pieces[0]].hex])
        {
          KesselAction exit_action;
          kessel_action_init (&exit_action, KESSEL_ACTION_EXIT);
          for (int i = 0; i < n; i++)
            kessel_action_add_unit (&exit_action, pieces[i]);
          add_if_legal (self, moves, &exit_action);
        }
      if (moves->len > 0)
        {
          *action = g_array_index (moves, KesselAction, kessel_dice_below (dice, moves->len));
          return TRUE;
        }
      g_array_remove_index_fast (groups, pick);
    }
  return FALSE;
}

/* Whether a unit of side next to target may take part in an attack now. */
static gboolean
has_attacker (KesselGame *self, int target, KesselSide side)
{
  const int *around = &self->neighbours[target * KESSEL_N_DIRECTIONS];

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE)
      for (int p = kessel_game_first_at (self, around[d]); p >= 0; p = self->next_at[p])
        if (self->info[p].side == side && kessel_game_can_attack_with (self, p, NULL))
          return TRUE;
  return FALSE;
}

/* The hexes next to the active side's units that may be attacked or probed,
 * in the order of the first unit next to each. */
static void
attack_targets (KesselGame *self, KesselSide side, GArray *targets)
{
  guint8 *seen = self->marks;   /* clear between uses: cleared below where set */
  g_autofree int *seen_hexes = g_new (int, (gsize) self->n_pieces * KESSEL_N_DIRECTIONS);
  const guint16 *enemy_units;   /* as is_attack_target reads them, looked up once */
  int n_seen = 0;

  kessel_game_update_caches (self);
  enemy_units = self->units_at[kessel_side_enemy (side)];
  for (int p = 0; p < self->n_pieces; p++)
    {
      const int *around;

      if (self->info[p].side != side || !on_map (self, p))
        continue;
      around = &self->neighbours[self->state.pieces[p].hex * KESSEL_N_DIRECTIONS];
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          int hex = around[d];

          if (hex == KESSEL_HEX_NONE || seen[hex])
            continue;
          seen[hex] = 1;
          seen_hexes[n_seen++] = hex;
          if ((enemy_units[hex] > 0 || is_probe_target (self, hex, side)) && has_attacker (self, hex, side))
            g_array_append_val (targets, hex);
        }
    }
  for (int i = 0; i < n_seen; i++)
    seen[seen_hexes[i]] = 0;
}

static gboolean
random_attack (KesselGame *self, KesselDice *dice, KesselAction *action)
{
  KesselSide side = kessel_game_get_active_side (self);
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));

  attack_targets (self, side, targets);
  while (targets->len > 0)
    {
      guint pick = kessel_dice_below (dice, targets->len + 1);
      int target;
      Attackers attackers;
      gboolean attack;

      if (pick == targets->len)
        return FALSE;
      target = g_array_index (targets, int, pick);
      attack = is_attack_target (self, target, side);
      gather_attackers (self, target, &attackers);
      for (int tries = 0; tries < 8; tries++)
        {
          int mask = 1 + (int) kessel_dice_below (dice, (1u << attackers.n_hexes) - 1);
          fill_attack (action, attack ? KESSEL_ACTION_ATTACK : KESSEL_ACTION_PROBE, target, &attackers, mask);
          if (attack)
            {
              int support = kessel_game_support_piece_for (self, side, target, FALSE);
              action->cas = (int) kessel_dice_below (dice, (guint) kessel_game_get_cas_left (self) + 1);
              if (support >= 0 && kessel_dice_below (dice, 2))
                action->support = support;
              if (!kessel_game_check (self, action, NULL))
                action->cas = 0;
            }
          if (kessel_game_check (self, action, NULL))
            return TRUE;
        }
      g_array_remove_index_fast (targets, pick);
    }
  return FALSE;
}

/* Whether a subject of a placement phase is placed already. */
static gboolean
is_placed (KesselGame *self, int subject)
{
  return subject < 0 ? self->state.kg_hex[-1 - subject] != KESSEL_HEX_NONE
                     : self->state.pieces[subject].status == KESSEL_PIECE_ON_MAP;
}

/* A placement of subject at a hex drawn uniformly from its legal ones: the
 * candidates are drawn and checked one by one, those refused set aside, so
 * a marker that may go to a few hexes of the whole map is not checked
 * against every hex. FALSE if none is legal. */
static gboolean
random_place (KesselGame *self, KesselDice *dice, int subject, KesselAction *action)
{
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (int));

  placement_candidates (self, subject, candidates);
  placement_action (self, subject, KESSEL_HEX_NONE, action);
  while (candidates->len > 0)
    {
      guint pick = kessel_dice_below (dice, candidates->len);

      action->hex = g_array_index (candidates, int, pick);
      if (kessel_game_check (self, action, NULL))
        return TRUE;
      g_array_remove_index_fast (candidates, pick);
    }
  return FALSE;
}

/* Placement phases: first which unit or marker not yet placed, or to end;
 * then where, uniformly among its legal hexes. FALSE when none of those
 * fits and the phase may not end yet: then only moving a unit placed
 * already makes room, which the caller picks among all legal actions. */
static gboolean
random_placement (KesselGame *self, KesselDice *dice, KesselAction *action)
{
  g_autoptr(GArray) subjects = g_array_new (FALSE, FALSE, sizeof (int));
  KesselAction end;
  gboolean can_end;

  kessel_action_init (&end, KESSEL_ACTION_END);
  can_end = kessel_game_check (self, &end, NULL);
  list_placement_subjects (self, subjects);
  for (guint i = subjects->len; i-- > 0;)
    if (is_placed (self, g_array_index (subjects, int, i)))
      g_array_remove_index_fast (subjects, i);
  while (subjects->len > 0 || can_end)
    {
      guint pick = kessel_dice_below (dice, subjects->len + (can_end ? 1 : 0));

      if (pick == subjects->len)
        {
          *action = end;
          return TRUE;
        }
      if (random_place (self, dice, g_array_index (subjects, int, pick), action))
        return TRUE;
      g_array_remove_index_fast (subjects, pick);
    }
  return FALSE;
}

/**
 * kessel_game_random_action:
 * @dice: the player's dice, which it rolls
 * @action: (out caller-allocates): the action chosen
 *
 * One legal action chosen at random, as a computer player chooses: first the kind of
 * thing to do (which unit or stack, which combat, or ending the part), then uniformly
 * among its variants.
 */
gboolean
kessel_game_random_action (KesselGame *self, KesselDice *dice, KesselAction *action)
{
  g_autoptr(GArray) all = NULL;

  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  if (kessel_game_is_over (self))
    return FALSE;
  kessel_game_update_caches (self);
  if (self->state.wait == KESSEL_WAIT_PHASE)
    {
      gboolean found = FALSE;
      if (self->state.segment == KESSEL_SEGMENT_MOVEMENT)
        found = random_move (self, dice, action);
      else if (self->state.segment == KESSEL_SEGMENT_COMBAT)
        found = random_attack (self, dice, action);
      else if (self->state.segment == KESSEL_SEGMENT_PLACEMENT)
        found = random_placement (self, dice, action);
      if (found)
        return TRUE;
      if (self->state.segment == KESSEL_SEGMENT_MOVEMENT || self->state.segment == KESSEL_SEGMENT_COMBAT)
        {
          kessel_action_init (action, KESSEL_ACTION_END);
          return TRUE;
        }
    }
  all = kessel_game_list_actions (self);
  if (all->len == 0)
    return FALSE;
  *action = g_array_index (all, KesselAction, kessel_dice_below (dice, all->len));
  return TRUE;
}
