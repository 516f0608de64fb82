/* kessel-movement.c: movement (12.0-12.5), zones of control in movement (7.2),
 * the Hitler stand-fast line (3.2-6) and leaving the map (4.1). */
#include "kessel-game-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define MAX_BUDGET 64

/* Movement factor of a piece for the whole movement part (12.1, 8.3-1). */
static int
movement_factor (KesselGame *self, int piece)
{
  int mf = kessel_table_movement_factor (self->info[piece].mobility, self->state.weather);

  if (self->info[piece].side == KESSEL_SIDE_SOVIET && !kessel_game_piece_in_supply (self, piece))
    mf = (mf + 1) / 2;
  return mf;
}

/* MP left: the whole movement factor until the unit starts to move (8.1). */
int
kessel_game_mp_left (KesselGame *self, int piece)
{
  int mp = self->state.pieces[piece].mp;
  return mp < 0 ? movement_factor (self, piece) : mp;
}

void
kessel_game_reset_movement (KesselGame *self)
{
  for (int p = 0; p < self->n_pieces; p++)
    {
      self->state.pieces[p].mp = -1;
      self->state.pieces[p].moved = FALSE;
      self->state.pieces[p].stopped = FALSE;
      memset (self->state.pieces[p].failed_crossings, 0, sizeof self->state.pieces[p].failed_crossings);
    }
}

gboolean
kessel_game_kg_traffic_active (KesselGame *self, KesselKg kg)
{
  g_return_val_if_fail (kg < KESSEL_N_KGS, FALSE);
  kessel_game_update_caches (self);
  return self->kg_traffic[kg];
}

typedef struct {
  int n;
  int pieces[KESSEL_ACTION_MAX_UNITS];
  KesselSide side;
  int budget;                    /* MP of the slowest member */
  gboolean mechanized;           /* any member pays mechanized costs */
  gboolean stand_fast;           /* 3.2-6 applies to a member */
  gboolean first_step_free_only; /* 7.2-2: starts in an enemy ZOC */
  gboolean any_failed_crossing;  /* a member has a river roll standing (12.3-3) */
  gboolean frost;                /* rivers frozen: crossings cost nothing (12.3) */
  gboolean flat_river_crossing;  /* the option: every crossing costs 3 */
  const guint8 *free;            /* KG traffic bonus hexes, or NULL (12.4) */
  const guint8 *closed;          /* the 12.5 area for a Soviet mover, or NULL */
  const guint8 *terrain_cost;    /* entry cost of each hex for the dearest member */
  const guint16 *enemy_units;    /* enemy units in each hex */
  const guint16 *enemy_zoc;      /* enemy zones of control over each hex */
} Mover;

/* The river part of crossing the side of from in direction: 0, a fixed cost,
 * or -1 when it is rolled (12.3); *least is the least a roll can give. */
static inline int
river_cost (KesselGame *self, const Mover *mover, int from, KesselDirection direction, int *least)
{
  KesselCrossing crossing = self->crossing[from * KESSEL_N_DIRECTIONS + direction];

  *least = 0;
  if (crossing == KESSEL_CROSSING_FREE || mover->frost)
    return 0;
  if (mover->flat_river_crossing)
    return 3;
  *least = crossing == KESSEL_CROSSING_MAJOR ? 1 : 0;
  return -1;
}

/* 3.2-6: the Hitler stand-fast order binds a German unit set up in column 23
 * or east on turn 1 not to go west of that column (kessel_game_west_of_stand_fast). */
gboolean
kessel_game_stand_fast_applies (KesselGame *self, int piece)
{
  int setup = self->state.pieces[piece].setup_hex;

  return self->state.turn == 1 && self->info[piece].side == KESSEL_SIDE_GERMAN
         && setup != KESSEL_HEX_NONE && self->column[setup] >= KESSEL_STAND_FAST_COLUMN;
}

static void
mover_init (KesselGame *self, Mover *mover, const int *pieces, int n)
{
  KesselSide enemy;

  memset (mover, 0, sizeof *mover);
  mover->n = MIN (n, KESSEL_ACTION_MAX_UNITS);
  memcpy (mover->pieces, pieces, sizeof pieces[0] * mover->n);
  mover->side = n > 0 ? self->info[pieces[0]].side : KESSEL_SIDE_NONE;
  mover->budget = MAX_BUDGET;
  for (int i = 0; i < mover->n; i++)
    {
      int p = pieces[i];
      mover->budget = MIN (mover->budget, kessel_game_mp_left (self, p));
      mover->mechanized |= kessel_game_piece_is_mechanized (self, p);
      mover->stand_fast |= kessel_game_stand_fast_applies (self, p);
      if (!self->state.pieces[p].moved && kessel_game_in_enemy_zoc (self, self->state.pieces[p].hex, mover->side))
        mover->first_step_free_only = TRUE;
      for (int k = 0; k < KESSEL_FAILED_CROSSINGS; k++)
        mover->any_failed_crossing |= self->state.pieces[p].failed_crossings[k] != 0;
    }
  kessel_game_update_caches (self);
  enemy = kessel_side_enemy (mover->side);
  mover->frost = self->state.weather == KESSEL_WEATHER_FROST;
  mover->flat_river_crossing = self->flat_river_crossing;
  mover->free = mover->side == KESSEL_SIDE_GERMAN ? self->kg_free : NULL;
  mover->closed = mover->side == KESSEL_SIDE_SOVIET ? self->closed : NULL;
  mover->terrain_cost = self->terrain_cost[mover->mechanized ? 1 : 0];
  mover->enemy_units = self->units_at[enemy];
  mover->enemy_zoc = self->zoc[enemy];
}

static inline gboolean
free_entry (const Mover *mover, int hex)
{
  return mover->free != NULL && mover->free[hex];
}

/* Whether a hex may be entered at all, whatever the cost. */
static inline gboolean
may_enter (KesselGame *self, const Mover *mover, int hex)
{
  return mover->enemy_units[hex] == 0 && (mover->closed == NULL || !mover->closed[hex])
         && !(mover->stand_fast && kessel_game_west_of_stand_fast (self, hex));
}

/* The refusal for a hex that may_enter() refuses. */
static gboolean
refuse_entry (KesselGame *self, const Mover *mover, int hex, const char *where, GError **error)
{
  const char *rule = "3.2";
  const char *why = N_("Hitler's stand-fast order: on turn 1 a unit set up in column 23 or east may not move west of it.");

  if (mover->enemy_units[hex] != 0)
    {
      rule = "6.0";
      why = N_("Opposing units may never share a hex.");
    }
  else if (mover->closed != NULL && mover->closed[hex])
    {
      rule = "12.5";
      why = N_("Soviet units may not enter the area west of the Strypa and north of the Dnestr.");
    }
  return kessel_game_refuse (error, rule, "%s (%s)", _(why), where);
}

/* Cost for the stack to enter the hex across the side of from in direction:
 * the dearest member's, counting a rolled river at its least (*rolled set). */
static inline int
step_cost (KesselGame *self, const Mover *mover, int from, KesselDirection direction, int to,
           gboolean *rolled)
{
  int least, river;

  *rolled = FALSE;
  if (free_entry (mover, to))
    return 0;
  river = river_cost (self, mover, from, direction, &least);
  if (river < 0)
    {
      *rolled = TRUE;
      river = least;
    }
  return mover->terrain_cost[to] + river;
}

/* Ruling 12.3-3: a river roll a unit could not pay stands for the rest of
 * the movement part, so that hexside is closed to it (unless the option
 * river-crossing-retry lets it roll again). */
static gboolean
crossing_failed (KesselGame *self, const Mover *mover, int from, KesselDirection direction)
{
  int side;

  if (!mover->any_failed_crossing || self->river_crossing_retry)
    return FALSE;
  side = self->hexside[from * KESSEL_N_DIRECTIONS + direction] + 1;
  for (int i = 0; i < mover->n; i++)
    for (int k = 0; k < KESSEL_FAILED_CROSSINGS; k++)
      if (self->state.pieces[mover->pieces[i]].failed_crossings[k] == side)
        return TRUE;
  return FALSE;
}

static void
remember_failed_crossing (KesselGame *self, const KesselAction *action, int from, KesselDirection direction)
{
  int side = self->hexside[from * KESSEL_N_DIRECTIONS + direction] + 1;

  for (int u = 0; u < action->n_units; u++)
    {
      int *failed = self->state.pieces[action->units[u]].failed_crossings;
      int k = 0;

      while (k < KESSEL_FAILED_CROSSINGS - 1 && failed[k] != 0)
        k++;
      if (failed[k] != 0)
        memmove (failed, failed + 1, sizeof failed[0] * (KESSEL_FAILED_CROSSINGS - 1));
      failed[k] = side;
    }
}

/* The reachable search */

/* Forgets the last search: only the hexes it reached are wiped. The space
 * is made at the first search, as quiet copies for search may never move. */
static void
forget_reach (KesselGame *self)
{
  const KesselReach unreached = { -1, KESSEL_HEX_NONE, FALSE };

  if (self->reach == NULL)
    {
      self->reach = g_new (KesselReach, self->hex_count);
      for (int hex = 0; hex < self->hex_count; hex++)
        self->reach[hex] = unreached;
      self->reached = g_new (int, self->hex_count);
      self->reach_bits = g_new0 (guint64, self->hex_count / 64 + 1);
      self->bucket_entries = g_new (KesselBucketEntry, self->hex_count * KESSEL_BUCKET_ENTRIES_PER_HEX + 1);
    }
  for (int i = 0; i < self->n_reached; i++)
    self->reach[self->reached[i]] = unreached;
  if (self->reach_start != KESSEL_HEX_NONE)
    self->reach[self->reach_start] = unreached;
  self->n_reached = 0;
  self->reach_start = KESSEL_HEX_NONE;
}

static gboolean
movers_ok (KesselGame *self, const int *pieces, int n_pieces)
{
  int start;

  if (n_pieces <= 0 || pieces[0] < 0 || pieces[0] >= self->n_pieces)
    return FALSE;
  start = self->state.pieces[pieces[0]].hex;
  for (int i = 0; i < n_pieces; i++)
    if (pieces[i] < 0 || pieces[i] >= self->n_pieces || self->state.pieces[pieces[i]].hex != start
        || !kessel_game_can_start_moving (self, pieces[i]))
      return FALSE;
  return TRUE;
}

static inline int
lowest_bit (guint64 bits)
{
#if defined(__GNUC__)
  return __builtin_ctzll (bits);
#else
  int n = 0;
  for (; !(bits & 1); bits >>= 1)
    n++;
  return n;
#endif
}

/* Lists the hexes marked in self->reach_bits from first to last, in hex
 * order, and clears their marks: a sort of the search's hexes in the time
 * it takes to read the few words they fall in. */
static void
list_marked_hexes (KesselGame *self, int first, int last)
{
  for (int w = first / 64; w <= last / 64; w++)
    {
      guint64 bits = self->reach_bits[w];

      self->reach_bits[w] = 0;
      for (; bits != 0; bits &= bits - 1)
        self->reached[self->n_reached++] = w * 64 + lowest_bit (bits);
    }
}

/* Whether reaching a hex at cost, needing a roll or not, beats what the
 * search has for it: cheaper, or as cheap and certain where it was not. */
static inline gboolean
better_route (const KesselReach *known, int cost, gboolean needs_roll)
{
  if (known->cost < 0 || cost < known->cost)
    return TRUE;
  return cost == known->cost && known->needs_roll && !needs_roll;
}

/* Dial's algorithm: costs are small integers, so a bucket per cost. Each
 * bucket is a list of entries, one for every time a hex is queued, so a hex
 * queued again (cheaper, or as cheap without a roll) leaves the other lists
 * whole. The mover is copied into a local that no store into reach[] can
 * change, which spares the inner loop reloading it. */
static void
search_from (KesselGame *self, const Mover *mover_in, int start)
{
  const Mover mover = *mover_in;
  KesselReach *reach = self->reach;
  KesselBucketEntry *entries = self->bucket_entries;
  int buckets[MAX_BUDGET + 1];
  int n_entries = 0;
  int first = start, last = start;

  for (int c = 0; c <= MAX_BUDGET; c++)
    buckets[c] = -1;
  self->reach_start = start;
  reach[start].cost = 0;
  entries[n_entries] = (KesselBucketEntry) { start, -1 };
  buckets[0] = n_entries++;
  for (int c = 0; c <= mover.budget; c++)
    while (buckets[c] != -1)
      {
        int hex = entries[buckets[c]].hex;
        const int *around = &self->neighbours[hex * KESSEL_N_DIRECTIONS];

        buckets[c] = entries[buckets[c]].next;
        if (reach[hex].cost != c)
          continue;   /* a stale entry: reached more cheaply since */
        if (hex != start && mover.enemy_zoc[hex])
          continue;   /* 7.2-1: entering an enemy ZOC ends the move */
        for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
          {
            int to = around[d];
            gboolean rolled;
            int cost;

            if (to == KESSEL_HEX_NONE || to == start)
              continue;
            /* Steps cost nothing or more, so a hex reached for less than
             * c is settled: no test of entering it is needed. */
            if (reach[to].cost >= 0 && reach[to].cost < c)
              continue;
            if (!may_enter (self, &mover, to))
              continue;
            if (hex == start && mover.first_step_free_only && mover.enemy_zoc[to])
              continue;   /* 7.2-2 */
            cost = c + step_cost (self, &mover, hex, d, to, &rolled);
            if (rolled && crossing_failed (self, &mover, hex, d))
              continue;
            rolled = rolled || reach[hex].needs_roll;
            if (cost > mover.budget || !better_route (&reach[to], cost, rolled))
              continue;
            if (reach[to].cost < 0)
              {
                self->reach_bits[to / 64] |= G_GUINT64_CONSTANT (1) << (to % 64);
                first = MIN (first, to);
                last = MAX (last, to);
              }
            reach[to].cost = cost;
            reach[to].previous = hex;
            reach[to].needs_roll = rolled;
            entries[n_entries] = (KesselBucketEntry) { to, buckets[cost] };
            buckets[cost] = n_entries++;
          }
      }
  list_marked_hexes (self, first, last);
}

void
kessel_game_search_reach (KesselGame *self, const int *pieces, int n_pieces)
{
  Mover mover;

  forget_reach (self);
  if (!movers_ok (self, pieces, n_pieces))
    return;
  mover_init (self, &mover, pieces, n_pieces);
  search_from (self, &mover, self->state.pieces[pieces[0]].hex);
}

/**
 * kessel_game_reachable: (skip)
 *
 * The hexes a piece or stack can reach now: an array as long as the map,
 * indexed by hex, with cost -1 where it cannot go. Free it with g_free().
 * Bindings use kessel_game_reachable_costs().
 */
KesselReach *
kessel_game_reachable (KesselGame *self, const int *pieces, int n_pieces)
{
  KesselReach *reach;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  reach = g_new (KesselReach, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    reach[hex] = (KesselReach) { -1, KESSEL_HEX_NONE, FALSE };
  kessel_game_search_reach (self, pieces, n_pieces);
  if (self->reach_start != KESSEL_HEX_NONE)
    reach[self->reach_start] = self->reach[self->reach_start];
  for (int i = 0; i < self->n_reached; i++)
    reach[self->reached[i]] = self->reach[self->reached[i]];
  return reach;
}

/**
 * kessel_game_reachable_costs:
 * @pieces: (array length=n_pieces): the piece or stack that would move
 * @n_pieces: how many
 * @n_hexes: (out): the number of hexes of the map
 *
 * The MP a piece or stack would spend now to reach each hex by its cheapest
 * path, as kessel_game_reachable() tells them, for bindings.
 *
 * Returns: (array length=n_hexes) (transfer full): the cost by hex, -1 where unreachable
 */
int *
kessel_game_reachable_costs (KesselGame *self, const int *pieces, int n_pieces, int *n_hexes)
{
  g_autofree KesselReach *reach = NULL;
  int *costs;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  reach = kessel_game_reachable (self, pieces, n_pieces);
  costs = g_new (int, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    costs[hex] = reach[hex].cost;
  *n_hexes = self->hex_count;
  return costs;
}

/* A path the search found is legal by construction, so the computer player
 * and the list of legal actions take it without kessel_game_check walking it
 * again: the search enters only hexes check_move accepts (may_enter, 7.2-1,
 * 7.2-2), and it charges every step at the dearest member's cost (a
 * mechanized unit never pays less than another, 12.0-2) against the MP of
 * the slowest member, so each member can pay its own way. Its movers passed
 * kessel_game_can_start_moving; that they are the side to move, in its
 * movement part, is for the caller to know.
 *
 * Sets the path to hex and FALSE when the path is too long for an action
 * (cut short, the check must judge it). */
gboolean
kessel_game_path_to (KesselGame *self, int hex, KesselAction *action)
{
  int path[KESSEL_ACTION_MAX_PATH * 4];
  int n = 0;

  for (int h = hex; self->reach[h].previous != KESSEL_HEX_NONE && n < (int) G_N_ELEMENTS (path);
       h = self->reach[h].previous)
    path[n++] = h;
  action->path_length = 0;
  for (int i = MIN (n, KESSEL_ACTION_MAX_PATH) - 1; i >= 0; i--)
    kessel_action_add_step (action, path[i]);
  return n <= KESSEL_ACTION_MAX_PATH;
}

/* Movement actions */

static gboolean
check_movers (KesselGame *self, const KesselAction *action, GError **error)
{
  KesselSide side = kessel_game_get_active_side (self);
  int start;

  if (action->n_units == 0)
    return kessel_game_refuse (error, NULL, N_("Choose the units to move."));
  start = self->state.pieces[action->units[0]].hex;
  for (int i = 0; i < action->n_units; i++)
    {
      int p = action->units[i];
      const KesselPieceState *state = &self->state.pieces[p];
      const char *label = error != NULL ? kessel_game_piece_name (self, p) : NULL;   /* for refusals */

      if (self->info[p].side != side || state->status != KESSEL_PIECE_ON_MAP)
        return kessel_game_refuse (error, "12.0", N_("%s is not one of your units on the map."), label);
      if (state->hex != start)
        return kessel_game_refuse (error, "12.0", N_("Units moving together must start in the same hex."));
      if (self->info[p].garrison || self->info[p].mobility == KESSEL_MOBILITY_STATIC)
        return kessel_game_refuse (error, "2.7", N_("%s is a static garrison and never moves."), label);
      if (state->stopped)
        return kessel_game_refuse (error, "7.2", N_("%s entered an enemy zone of control and must stay for the rest of the phase."), label);
      if (kessel_game_mp_left (self, p) <= 0)
        return kessel_game_refuse (error, "12.0", N_("%s has no movement points left."), label);
    }
  return TRUE;
}

/* The direction from from to to, or KESSEL_N_DIRECTIONS when they are not adjacent. */
static KesselDirection
direction_to (KesselGame *self, int from, int to)
{
  const int *around = &self->neighbours[from * KESSEL_N_DIRECTIONS];
  int d = 0;

  while (d < KESSEL_N_DIRECTIONS && around[d] != to)
    d++;
  return d;
}

static gboolean
river_rolled (KesselGame *self, const Mover *mover, int from, KesselDirection direction, int to)
{
  int least;

  return !free_entry (mover, to) && river_cost (self, mover, from, direction, &least) < 0;
}

gboolean
kessel_game_check_move (KesselGame *self, const KesselAction *action, GError **error)
{
  Mover mover;
  Mover singles[KESSEL_ACTION_MAX_UNITS];
  int spent[KESSEL_ACTION_MAX_UNITS] = { 0 };
  int from;

  if (!check_movers (self, action, error))
    return FALSE;
  if (action->path_length == 0)
    return kessel_game_refuse (error, NULL, N_("Give the hexes to move through."));
  mover_init (self, &mover, action->units, action->n_units);
  /* Each member pays its own terrain cost (12.0-2). */
  for (int u = 0; u < action->n_units; u++)
    mover_init (self, &singles[u], &action->units[u], 1);
  from = self->state.pieces[action->units[0]].hex;
  for (int i = 0; i < action->path_length; i++)
    {
      int to = action->path[i];
      KesselDirection direction = direction_to (self, from, to);
      g_autofree char *where = error != NULL ? kessel_game_hex_label (self, to) : NULL;

      if (direction == KESSEL_N_DIRECTIONS)
        return kessel_game_refuse (error, "12.0", N_("Units move from hex to adjacent hex; %s is not next to the previous hex."), where);
      if (!may_enter (self, &mover, to))
        return refuse_entry (self, &mover, to, where, error);
      if (i > 0 && mover.enemy_zoc[from])
        return kessel_game_refuse (error, "7.2", N_("A unit that enters an enemy zone of control must stop there."));
      if (i == 0 && mover.first_step_free_only && mover.enemy_zoc[to])
        return kessel_game_refuse (error, "7.2", N_("A unit that starts in an enemy zone of control cannot move directly into another (%s)."), where);
      if (river_rolled (self, &mover, from, direction, to) && crossing_failed (self, &mover, from, direction))
        return kessel_game_refuse (error, "12.3", N_("The river roll to enter %s could not be paid; it stands for the rest of the movement."), where);
      for (int u = 0; u < action->n_units; u++)
        {
          int p = action->units[u];
          gboolean rolled;

          spent[u] += step_cost (self, &singles[u], from, direction, to, &rolled);
          if (spent[u] > kessel_game_mp_left (self, p))
            {
              const char *label = kessel_game_piece_name (self, p);
              return kessel_game_refuse (error, "12.2", N_("%s cannot pay the cost of entering %s."), label, where);
            }
        }
      from = to;
    }
  return TRUE;
}

static void
start_moving (KesselGame *self, int piece)
{
  KesselPieceState *state = &self->state.pieces[piece];

  if (state->mp >= 0)
    return;
  /* 8.1-1: supply for movement is judged as the unit begins to move. */
  state->supplied_for_move = kessel_game_piece_in_supply (self, piece);
  state->mp = movement_factor (self, piece);
}

/* What piece pays to enter to, the river part being river. */
static int
entry_cost (KesselGame *self, const Mover *mover, int piece, int to, int river)
{
  if (free_entry (mover, to))
    return 0;
  return kessel_table_terrain_cost (kessel_map_get_terrain (self->map, to), self->info[piece].mobility)
         + river;
}

/* 12.2-1: a stack whose roll makes to too dear stops in from, its last hex
 * paid for, and keeps the MP it has; the log names both hexes. */
static gboolean
stack_can_pay (KesselGame *self, const Mover *mover, const KesselAction *action, int from, int to,
               int river)
{
  for (int u = 0; u < action->n_units; u++)
    {
      int p = action->units[u];
      int cost = entry_cost (self, mover, p, to, river), mp = self->state.pieces[p].mp;
      g_autofree char *label = NULL, *stop = NULL, *where = NULL;

      if (cost <= mp)
        continue;
      label = kessel_game_pieces_label (self, action->units, action->n_units);
      stop = kessel_game_hex_label (self, from);
      where = kessel_game_hex_label (self, to);
      /* Translators: the units, the hex they stop in, the hex they could not
       * pay for, its cost and the MP left of the unit that cannot pay. */
      kessel_game_log_units (self, kessel_game_get_active_side (self), 0, action->n_units,
                             g_dngettext (GETTEXT_PACKAGE,
                                          "%s stops in %s, the last hex it could pay for: entering %s would cost %d MP, with %d left (12.2).",
                                          "%s stop in %s, the last hex they could pay for: entering %s would cost %d MP, with %d left (12.2).",
                                          action->n_units),
                             label, stop, where, cost, mp);
      return FALSE;
    }
  return TRUE;
}

void
kessel_game_apply_move (KesselGame *self, const KesselAction *action)
{
  KesselSide side = self->info[action->units[0]].side;
  Mover mover;
  int from = self->state.pieces[action->units[0]].hex;
  g_autofree char *label = kessel_game_pieces_label (self, action->units, action->n_units);
  g_autofree char *start_label = kessel_game_hex_label (self, from);

  for (int u = 0; u < action->n_units; u++)
    start_moving (self, action->units[u]);
  mover_init (self, &mover, action->units, action->n_units);
  for (int i = 0; i < action->path_length; i++)
    {
      int to = action->path[i];
      KesselDirection direction = direction_to (self, from, to);
      int least, river = free_entry (&mover, to) ? 0 : river_cost (self, &mover, from, direction, &least);
      gboolean rolled = river < 0;

      if (rolled)
        {
          int river_index = self->river_at[from * 6 + direction];
          const KesselRiver *info = kessel_map_get_river (self->map, river_index);
          int die = kessel_game_roll (self);
          g_autofree char *where = kessel_game_hex_label (self, to);

          river = kessel_table_river_cost (self->state.weather, die + (info->major ? 1 : 0));
          /* Translators: the units, the river's name, the hex entered, the die,
           * " +1" for a major river or nothing, and the MP the crossing costs. */
          kessel_game_log_units (self, side, die, action->n_units,
                                 g_dngettext (GETTEXT_PACKAGE,
                                              "%s crosses the %s into %s: die %d%s, +%d MP (12.3).",
                                              "%s cross the %s into %s: die %d%s, +%d MP (12.3).",
                                              action->n_units),
                                 label, info->name, where, die, info->major ? " +1" : "", river);
        }
      if (!stack_can_pay (self, &mover, action, from, to, river))
        {
          if (rolled)
            remember_failed_crossing (self, action, from, direction);
          break;
        }
      for (int u = 0; u < action->n_units; u++)
        {
          int p = action->units[u];
          self->state.pieces[p].mp -= entry_cost (self, &mover, p, to, river);
          self->state.pieces[p].moved = TRUE;
          self->state.pieces[p].revealed = FALSE;
          kessel_game_put_piece (self, p, to);
        }
      from = to;
      if (kessel_game_in_enemy_zoc (self, to, side))
        {
          for (int u = 0; u < action->n_units; u++)
            self->state.pieces[action->units[u]].stopped = TRUE;
          break;
        }
    }
  {
    g_autofree char *end_label = kessel_game_hex_label (self, from);
    kessel_game_log_units (self, side, 0, action->n_units,
                           g_dngettext (GETTEXT_PACKAGE, "%s moves from %s to %s.",
                                        "%s move from %s to %s.", action->n_units),
                           label, start_label, end_label);
  }
}

/* 4.1-4: Soviet units leave the map from an exit hex, paying 1 MP. */
gboolean
kessel_game_check_exit (KesselGame *self, const KesselAction *action, GError **error)
{
  if (!check_movers (self, action, error))
    return FALSE;
  if (kessel_game_get_active_side (self) != KESSEL_SIDE_SOVIET)
    return kessel_game_refuse (error, "4.1", N_("Only Soviet units leave the map."));
  if (!self->exit[self->state.pieces[action->units[0]].hex])
    return kessel_game_refuse (error, "4.1", N_("Units leave the map only from the exit hexes of the south edge."));
  return TRUE;
}

void
kessel_game_apply_exit (KesselGame *self, const KesselAction *action)
{
  g_autofree char *label = kessel_game_pieces_label (self, action->units, action->n_units);
  int corps = 0;

  for (int u = 0; u < action->n_units; u++)
    {
      int p = action->units[u];
      start_moving (self, p);
      self->state.pieces[p].mp -= 1;
      kessel_game_remove_piece (self, p, KESSEL_PIECE_EXITED);
      if (self->info[p].corps)
        corps++;
    }
  self->state.corps_exited += corps;
  kessel_game_log (self, KESSEL_SIDE_SOVIET, 0,
                   g_dngettext (GETTEXT_PACKAGE, "%s leaves the map (4.1): %d corps, %d VP for exits in all.",
                                "%s leave the map (4.1): %d corps, %d VP for exits in all.", action->n_units),
                   label, corps, kessel_game_get_vp_exits (self));
  kessel_game_changed (self, KESSEL_CHANGE_VP);
}
