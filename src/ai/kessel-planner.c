#include "kessel-planner.h"

#include <stdlib.h>

#include "kessel-lookahead.h"
#include "kessel-reply.h"
#include "kessel-ring.h"

#define GAIN_EPSILON 0.01

typedef struct {
  int destinations;     /* per moving group, after the tactics' ranking */
  int attacks;          /* attack candidates tried per decision */
  int choices;          /* choices tried at waits and placements */
  int rings;            /* rings tried per Soviet move */
  gboolean ring_replies; /* the German asks the Soviet ring search about its position */
} Budget;

/* Levels are set by thinking time: Normal takes under a second per phase
 * (median) and Hard a few seconds, on the machine of docs/ai.md. */
static const Budget budgets[KESSEL_N_LEVELS] = {
  { 8, 60, 120, 1, FALSE },       /* Easy */
  { 50, 500, 1000, 3, TRUE },     /* Normal */
  { 120, 1200, 2400, 6, TRUE },   /* Hard */
};

struct _KesselPlanner {
  KesselPlayer parent_instance;
  KesselLevel level;
  KesselEvaluator *evaluator;
  KesselScenario *scenario;
  KesselMap *map;
  int hex_count;
  int *target_distance;         /* per hex, to the nearest place worth going to */
  GArray *mission;              /* the moves of a ring still to make */
  guint threads;                /* search copies tried at once */
  GPtrArray *helper_evaluators; /* one for each search copy beyond the first */
  int mission_turn;
  KesselPhase mission_phase;
  KesselEvaluatorWeights weights;
  guint8 *ring_threats;         /* per hex, for this decision (kessel_reply_ring_threats) */
};

G_DEFINE_TYPE (KesselPlanner, kessel_planner, KESSEL_TYPE_PLAYER)

typedef struct {
  KesselAction action;
  double score;
} Candidate;

static int
compare_candidates (const void *a, const void *b)
{
  double x = ((const Candidate *) a)->score, y = ((const Candidate *) b)->score;
  return x > y ? -1 : x < y ? 1 : 0;
}

static KesselEvaluator *
new_evaluator (KesselPlanner *self, KesselGame *view)
{
  KesselEvaluator *evaluator = kessel_evaluator_new (view);

  kessel_evaluator_set_weights (evaluator, &self->weights);
  return evaluator;
}

static void
prepare (KesselPlanner *self, KesselGame *view)
{
  if (self->scenario == kessel_game_get_scenario (view))
    return;
  g_clear_pointer (&self->evaluator, kessel_evaluator_free);
  g_clear_pointer (&self->target_distance, g_free);
  g_ptr_array_set_size (self->helper_evaluators, 0);
  self->evaluator = new_evaluator (self, view);
  self->scenario = kessel_game_get_scenario (view);
  self->map = kessel_scenario_get_map (self->scenario);
  self->hex_count = kessel_map_get_hex_count (self->map);
  self->target_distance = g_new (int, self->hex_count);
}

/* Breadth-first distances to the places side wants: the enemy's, and its
 * own that stand empty. */
static void
compute_target_distance (KesselPlanner *self, KesselGame *view, KesselSide side)
{
  g_autofree int *queue = g_new (int, self->hex_count);
  int head = 0, tail = 0;

  for (int hex = 0; hex < self->hex_count; hex++)
    self->target_distance[hex] = G_MAXINT;
  for (int i = 0; i < kessel_map_get_n_places (self->map); i++)
    {
      int hex = kessel_map_get_place (self->map, i)->hex;
      KesselSide holder = kessel_game_get_control (view, hex);
      if (holder != side || kessel_game_get_hex_occupant (view, hex) != side)
        {
          self->target_distance[hex] = 0;
          queue[tail++] = hex;
        }
    }
  while (head < tail)
    {
      int hex = queue[head++], n;
      const int *around = kessel_evaluator_neighbours (self->evaluator, hex, &n);
      for (int i = 0; i < n; i++)
        if (self->target_distance[around[i]] == G_MAXINT)
          {
            self->target_distance[around[i]] = self->target_distance[hex] + 1;
            queue[tail++] = around[i];
          }
    }
}

static int
enemy_neighbours (KesselPlanner *self, KesselGame *view, int hex, KesselSide side)
{
  int n, count = 0;
  const int *around = kessel_evaluator_neighbours (self->evaluator, hex, &n);

  for (int i = 0; i < n; i++)
    if (kessel_game_get_hex_occupant (view, around[i]) == kessel_side_enemy (side))
      count++;
  return count;
}

static gboolean
is_corps (KesselGame *view, int piece)
{
  return kessel_unit_get_size (kessel_game_get_piece_unit (view, piece)) == KESSEL_SIZE_CORPS;
}

/* Whether a Soviet unit at hex would put every hex next to the German stack
 * at target in a Soviet zone, so that no C&C line leaves it (9.2). */
static gboolean
closes_ring (KesselPlanner *self, KesselGame *view, int hex, int target)
{
  const KesselGrid *grid = kessel_map_get_grid (self->map);
  int n;
  const int *around = kessel_evaluator_neighbours (self->evaluator, target, &n);

  if (kessel_map_has_edge_role (self->map, target, KESSEL_EDGE_COMMAND_SOURCE))
    return FALSE;
  for (int i = 0; i < n; i++)
    if (kessel_grid_distance (grid, around[i], hex) > 1
        && !kessel_game_in_zoc_of (view, around[i], KESSEL_SIDE_SOVIET))
      return FALSE;
  return TRUE;
}

/* The encircling tactic: moves that cut a German division off from C&C,
 * and moves next to one already cut off, to destroy it there (4.2). */
static double
encircling_score (KesselPlanner *self, KesselGame *view, int hex)
{
  double score = 0.0;
  int n;
  const int *around = kessel_evaluator_neighbours (self->evaluator, hex, &n);

  for (int i = 0; i < n; i++)
    {
      if (kessel_game_get_hex_occupant (view, around[i]) != KESSEL_SIDE_GERMAN
          || kessel_ring_division_steps (view, around[i]) == 0)
        continue;
      if (!kessel_game_hex_traces (view, around[i], KESSEL_SIDE_GERMAN))
        score += 1.5;
      else if (closes_ring (self, view, hex, around[i]))
        score += 4.0;
    }
  return score;
}

/* Whether hex holds a unit of side that guards artillery stacked with it
 * (13.2): any unit but artillery. */
static gboolean
guarded_by (KesselGame *view, int hex, KesselSide side)
{
  g_autoptr(GArray) stack = kessel_game_get_pieces_at (view, hex);

  for (guint i = 0; i < stack->len; i++)
    {
      int piece = g_array_index (stack, int, i);
      if (kessel_game_get_piece_side (view, piece) == side
          && !kessel_unit_is_artillery (kessel_game_get_piece_unit (view, piece)))
        return TRUE;
    }
  return FALSE;
}

/* Artillery alone dies without a roll when attacked (13.2): it seeks the
 * shelter of a combat unit's stack and shuns contact without one. */
static double
artillery_score (KesselGame *view, int hex, int near, KesselSide side)
{
  if (guarded_by (view, hex, side))
    return 1.5;
  return -1.0 * near;
}

/* The tactics' quick ranking of a move, before it is tried. */
static double
tactics_score (KesselPlanner *self, KesselGame *view, const KesselAction *move, KesselSide side)
{
  int hex = move->path[move->path_length - 1];
  const KesselPlace *place = kessel_map_get_place_at (self->map, hex);
  double score = 0.0;
  int near = enemy_neighbours (self, view, hex, side);

  if (place != NULL)
    {
      int vp = place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? 4 : 1;
      if (kessel_game_get_control (view, hex) != side)
        score += 5.0 * vp;
      else if (kessel_game_get_hex_occupant (view, hex) != side)
        score += 2.0 * vp;
    }
  if (self->target_distance[hex] != G_MAXINT)
    score -= 0.2 * self->target_distance[hex];
  if (side == KESSEL_SIDE_SOVIET && kessel_ring_is_artillery_move (view, move))
    score += artillery_score (view, hex, near, side);
  else
    {
      score += near * (side == KESSEL_SIDE_SOVIET ? 0.5 : (place != NULL ? 0.4 : 0.1));
      if (side == KESSEL_SIDE_SOVIET && near > 0)
        score += encircling_score (self, view, hex);
    }
  if (!kessel_game_hex_traces (view, hex, side))
    score -= 2.0;
  if (side == KESSEL_SIDE_SOVIET && kessel_game_get_corps_exited (view) < 4 && is_corps (view, move->units[0]))
    {
      int distance = kessel_evaluator_exit_distance (self->evaluator, hex);
      if (distance != G_MAXINT)
        score -= 0.25 * distance;
    }
  return score;
}

static gboolean
same_units (const KesselAction *a, const KesselAction *b)
{
  if (a->n_units != b->n_units)
    return FALSE;
  for (int i = 0; i < a->n_units; i++)
    if (a->units[i] != b->units[i])
      return FALSE;
  return TRUE;
}

/* Keeps the best few destinations of each group, and every exit. */
static GArray *
movement_candidates (KesselPlanner *self, KesselGame *view, GArray *actions, KesselSide side)
{
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (Candidate));
  int keep = budgets[self->level].destinations;
  guint start = 0;

  compute_target_distance (self, view, side);
  while (start < actions->len)
    {
      const KesselAction *first = &g_array_index (actions, KesselAction, start);
      g_autoptr(GArray) group = g_array_new (FALSE, FALSE, sizeof (Candidate));
      guint end = start;

      for (; end < actions->len && g_array_index (actions, KesselAction, end).type == first->type
             && same_units (&g_array_index (actions, KesselAction, end), first); end++)
        {
          Candidate candidate = { g_array_index (actions, KesselAction, end), 0.0 };
          if (candidate.action.type == KESSEL_ACTION_MOVE)
            candidate.score = tactics_score (self, view, &candidate.action, side);
          else if (candidate.action.type == KESSEL_ACTION_EXIT)
            candidate.score = G_MAXDOUBLE;
          else
            continue;
          g_array_append_val (group, candidate);
        }
      if (group->len > 0)
        {
          qsort (group->data, group->len, sizeof (Candidate), compare_candidates);
          g_array_append_vals (kept, group->data, MIN ((guint) keep, group->len));
        }
      start = MAX (end, start + 1);
    }
  return kept;
}

static GArray *
combat_candidates (KesselPlanner *self, KesselGame *view, GArray *actions)
{
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (Candidate));

  for (guint i = 0; i < actions->len; i++)
    {
      Candidate candidate = { g_array_index (actions, KesselAction, i), 0.0 };
      KesselCombatOdds odds;

      if (candidate.action.type == KESSEL_ACTION_PROBE)
        candidate.score = 1.0;
      else if (candidate.action.type == KESSEL_ACTION_ATTACK
               && kessel_game_get_odds (view, &candidate.action, &odds, NULL)
               && odds.final >= KESSEL_ODDS_1_1)
        /* Better odds first; of equal odds, the fewest CAS and units. */
        candidate.score = odds.final * 10.0 - candidate.action.cas - 0.1 * candidate.action.n_units;
      else
        continue;
      g_array_append_val (kept, candidate);
    }
  if (kept->len > 0)
    qsort (kept->data, kept->len, sizeof (Candidate), compare_candidates);
  if (kept->len > (guint) budgets[self->level].attacks)
    g_array_set_size (kept, budgets[self->level].attacks);
  return kept;
}

/* All legal choices, as they come, up to the budget. A unit already set up
 * is not set up again: placements that may be redone could go round in
 * circles. */
static GArray *
all_candidates (KesselPlanner *self, KesselGame *view, GArray *actions)
{
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (Candidate));

  for (guint i = 0; i < actions->len && kept->len < (guint) budgets[self->level].choices; i++)
    {
      Candidate candidate = { g_array_index (actions, KesselAction, i), 0.0 };
      if (candidate.action.type == KESSEL_ACTION_END
          || (candidate.action.type == KESSEL_ACTION_PLACE
              && kessel_game_get_piece_status (view, candidate.action.units[0]) == KESSEL_PIECE_ON_MAP))
        continue;
      g_array_append_val (kept, candidate);
    }
  return kept;
}

/* Whether the marker is already out, or the hex holds one: a marker is
 * placed once, so the planner never moves one round in circles. */
static gboolean
kg_placed (KesselGame *view, int kg, int hex)
{
  for (int k = 0; k < KESSEL_N_KGS; k++)
    if (kessel_game_get_kg_hex (view, (KesselKg) k) == hex)
      return TRUE;
  return kessel_game_get_kg_hex (view, (KesselKg) kg) != KESSEL_HEX_NONE;
}

/* KG markers (13.4, 12.4) go to the strongest German stacks in contact, one
 * per hex; the evaluator does not see their bonus, so a rule places them. */
static gboolean
choose_kg (KesselPlanner *self, KesselGame *view, GArray *actions, KesselAction *chosen)
{
  double best = 0.0;

  for (guint i = 0; i < actions->len; i++)
    {
      const KesselAction *action = &g_array_index (actions, KesselAction, i);
      g_autoptr(GArray) stack = NULL;
      double attack = 0.0;

      if (action->type != KESSEL_ACTION_KG || kg_placed (view, action->value, action->hex)
          || kessel_game_get_hex_occupant (view, action->hex) != KESSEL_SIDE_GERMAN
          || enemy_neighbours (self, view, action->hex, KESSEL_SIDE_GERMAN) == 0)
        continue;
      stack = kessel_game_get_pieces_at (view, action->hex);
      for (guint j = 0; j < stack->len; j++)
        attack += kessel_game_get_piece_attack (view, g_array_index (stack, int, j));
      if (attack > best)
        {
          best = attack;
          *chosen = *action;
        }
    }
  return best > 0.0;
}

static gboolean
find_action (GArray *actions, KesselActionType type, KesselAction *chosen)
{
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, KesselAction, i).type == type)
      {
        *chosen = g_array_index (actions, KesselAction, i);
        return TRUE;
      }
  return FALSE;
}

static gboolean
shares_units (const KesselAction *move, GArray *moves)
{
  for (guint m = 0; m < moves->len; m++)
    {
      const KesselAction *other = &g_array_index (moves, KesselAction, m);
      for (int i = 0; i < move->n_units; i++)
        for (int j = 0; j < other->n_units; j++)
          if (move->units[i] == other->units[j])
            return TRUE;
    }
  return FALSE;
}

/* One thread's share of the candidates: every step-th from first, tried on
 * a search copy of its own. */
typedef struct {
  KesselPlanner *planner;
  KesselLookahead *look;
  GArray *candidates;
  double *values;
  guint first, step;
} TryShare;

static gpointer
try_share (gpointer data)
{
  TryShare *share = data;

  for (guint i = share->first; i < share->candidates->len; i += share->step)
    share->values[i] = i > 0 && kessel_player_stop_requested (KESSEL_PLAYER (share->planner))
                       ? -G_MAXDOUBLE
                       : kessel_lookahead_try (share->look, &g_array_index (share->candidates, Candidate, i).action);
  return NULL;
}

/* The evaluator of search copy k (k >= 1): each thread needs its own, for
 * an evaluator keeps its workings between calls. */
static KesselEvaluator *
helper_evaluator (KesselPlanner *self, KesselGame *view, guint k)
{
  while (self->helper_evaluators->len < k)
    g_ptr_array_add (self->helper_evaluators, new_evaluator (self, view));
  kessel_evaluator_set_ring_threats (g_ptr_array_index (self->helper_evaluators, k - 1), self->ring_threats);
  return g_ptr_array_index (self->helper_evaluators, k - 1);
}

/* The value of each candidate, tried on as many search copies at once as
 * the planner has threads. Every try starts from the same position, dice
 * included (the copies are restored to the root's snapshot), so the values
 * are the same whatever the number of threads. */
static double *
try_candidates (KesselPlanner *self, KesselLookahead *look, GArray *candidates)
{
  guint threads = MIN (self->threads, candidates->len / 4);
  double *values = g_new (double, MAX (1, candidates->len));
  g_autofree TryShare *shares = NULL;
  g_autofree KesselLookahead *looks = NULL;
  g_autofree GThread **workers = NULL;

  if (threads < 2)
    {
      TryShare share = { self, look, candidates, values, 0, 1 };
      try_share (&share);
      return values;
    }
  shares = g_new0 (TryShare, threads);
  looks = g_new0 (KesselLookahead, threads);
  workers = g_new0 (GThread *, threads);
  for (guint k = 0; k < threads; k++)
    {
      shares[k] = (TryShare) { self, &looks[k], candidates, values, k, threads };
      if (k == 0)
        {
          looks[k] = *look;
          continue;
        }
      KesselGame *copy = kessel_game_fork (look->game, 0);
      kessel_game_restore (copy, look->root);
      kessel_lookahead_init (&looks[k], copy, helper_evaluator (self, look->game, k), kessel_evaluator_value);
      workers[k] = g_thread_new ("kessel-search", try_share, &shares[k]);
    }
  try_share (&shares[0]);
  for (guint k = 1; k < threads; k++)
    {
      g_thread_join (workers[k]);
      g_object_unref (looks[k].game);
      kessel_lookahead_clear (&looks[k]);
    }
  kessel_game_restore (look->game, look->root);
  return values;
}

/* Takes up the moves of the best ring that gains, and plays its first,
 * unless the best single move is better still: one that uses none of the
 * ring's units goes first, and the ring is sought again after it. */
static gboolean
take_best_ring (KesselPlanner *self, KesselLookahead *look, GPtrArray *plans, double floor,
                const KesselAction *single, double single_value, KesselAction *chosen)
{
  KesselRingPlan *best = NULL;
  double best_value = floor;

  for (guint i = 0; plans != NULL && i < plans->len; i++)
    {
      KesselRingPlan *plan = g_ptr_array_index (plans, i);
      double value = kessel_lookahead_try_sequence (look, (const KesselAction *) plan->moves->data, plan->moves->len);
      if (value > best_value)
        {
          best_value = value;
          best = plan;
        }
    }
  if (best == NULL)
    return FALSE;
  if (single != NULL && single_value > floor && (!shares_units (single, best->moves) || single_value >= best_value))
    return FALSE;
  *chosen = g_array_index (best->moves, KesselAction, 0);
  g_array_set_size (self->mission, 0);
  g_array_append_vals (self->mission, &g_array_index (best->moves, KesselAction, 1), best->moves->len - 1);
  self->mission_turn = kessel_game_get_turn (look->game);
  self->mission_phase = kessel_game_get_phase (look->game);
  return TRUE;
}

/* The next move of the ring under way, while it is still legal. */
static gboolean
follow_mission (KesselPlanner *self, KesselGame *view, KesselAction *action)
{
  if (self->mission->len == 0)
    return FALSE;
  if (self->mission_turn == kessel_game_get_turn (view) && self->mission_phase == kessel_game_get_phase (view))
    {
      *action = g_array_index (self->mission, KesselAction, 0);
      g_array_remove_index (self->mission, 0);
      if (kessel_game_check (view, action, NULL))
        return TRUE;
    }
  g_array_set_size (self->mission, 0);
  return FALSE;
}

/* Tries each candidate; the best if it gains on standing still (or must be
 * chosen), else the end of this part of the phase. */
static gboolean
best_of (KesselPlanner *self, KesselGame *view, GArray *candidates, GArray *actions, GPtrArray *rings,
         gboolean must_choose, KesselAction *chosen)
{
  KesselLookahead look;
  g_autofree double *values = NULL;
  double root, best = -G_MAXDOUBLE;
  int best_index = -1;

  kessel_lookahead_init (&look, view, self->evaluator, kessel_evaluator_value);
  root = kessel_lookahead_root_value (&look);
  values = try_candidates (self, &look, candidates);
  for (guint i = 0; i < candidates->len; i++)
    if (values[i] > best)
      {
        best = values[i];
        best_index = (int) i;
      }
  if (take_best_ring (self, &look, rings, root + GAIN_EPSILON,
                      best_index >= 0 ? &g_array_index (candidates, Candidate, best_index).action : NULL, best, chosen))
    {
      kessel_lookahead_clear (&look);
      return TRUE;
    }
  kessel_lookahead_clear (&look);
  /* Where the part cannot be ended (set-up), the best is taken even if it
   * gains nothing. */
  if (!find_action (actions, KESSEL_ACTION_END, chosen))
    must_choose = TRUE;
  if (best_index >= 0 && (must_choose || best > root + GAIN_EPSILON))
    {
      *chosen = g_array_index (candidates, Candidate, best_index).action;
      return TRUE;
    }
  if (find_action (actions, KESSEL_ACTION_END, chosen))
    return TRUE;
  if (actions->len == 0)
    return FALSE;
  *chosen = g_array_index (actions, KesselAction, 0);
  return TRUE;
}

static gboolean
shuffle_setup (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  return kessel_player_random_choice (player, view, action);
}

static void
forget_ring_threats (KesselPlanner *self)
{
  g_clear_pointer (&self->ring_threats, g_free);
  kessel_evaluator_set_ring_threats (self->evaluator, NULL);
}

/* Which lone divisions the Soviet side could ring next, asked of its own
 * ring search on the position as it stands: the German fears those rings
 * and no others, where the evaluator alone guesses from the Soviet
 * strength around. The dice of the phases played on are fixed by the
 * moment of the game, so the answer is the same on any number of threads. */
static void
ask_ring_threats (KesselPlanner *self, KesselGame *view)
{
  guint64 seed = (guint64) kessel_game_get_turn (view) * 64 + (guint64) kessel_game_get_phase (view);

  self->ring_threats = kessel_reply_ring_threats (view, seed);
  kessel_evaluator_set_ring_threats (self->evaluator, self->ring_threats);
}

static gboolean
planner_choose (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  KesselPlanner *self = KESSEL_PLANNER (player);
  g_autoptr(GArray) actions = kessel_game_list_actions (view);
  g_autoptr(GArray) candidates = NULL;
  g_autoptr(GPtrArray) rings = NULL;
  KesselSide side = kessel_game_get_active_side (view);
  gboolean must_choose = FALSE;

  if (actions->len == 0)
    return FALSE;
  prepare (self, view);
  forget_ring_threats (self);
  if (actions->len == 1)
    {
      *action = g_array_index (actions, KesselAction, 0);
      return TRUE;
    }
  if (kessel_game_get_wait (view) != KESSEL_WAIT_PHASE)
    {
      candidates = all_candidates (self, view, actions);
      must_choose = !find_action (actions, KESSEL_ACTION_END, action);
    }
  else
    switch (kessel_game_get_segment (view))
      {
      case KESSEL_SEGMENT_ORDER:
        /* Moving first lets the attacks that follow be set up. */
        return find_action (actions, KESSEL_ACTION_ORDER, action);
      case KESSEL_SEGMENT_MOVEMENT:
        if (follow_mission (self, view, action))
          return TRUE;
        candidates = movement_candidates (self, view, actions, side);
        if (side == KESSEL_SIDE_SOVIET)
          rings = kessel_ring_plans (view, actions, budgets[self->level].rings);
        else if (budgets[self->level].ring_replies)
          ask_ring_threats (self, view);
        break;
      case KESSEL_SEGMENT_COMBAT:
        candidates = combat_candidates (self, view, actions);
        break;
      case KESSEL_SEGMENT_PLACEMENT:
        if (kessel_game_get_phase (view) == KESSEL_PHASE_KG)
          return choose_kg (self, view, actions, action) || find_action (actions, KESSEL_ACTION_END, action);
        candidates = all_candidates (self, view, actions);
        if (candidates->len == 0 && !find_action (actions, KESSEL_ACTION_END, action))
          return shuffle_setup (player, view, action);
        /* A reinforcement not placed now is lost (10.1): where to bring it
         * is the choice, not whether. */
        must_choose = kessel_game_get_phase (view) == KESSEL_PHASE_REINFORCEMENT;
        break;
      case KESSEL_SEGMENT_NONE:
      default:
        candidates = all_candidates (self, view, actions);
        break;
      }
  return best_of (self, view, candidates, actions, rings, must_choose, action);
}

static void
kessel_planner_finalize (GObject *object)
{
  KesselPlanner *self = KESSEL_PLANNER (object);

  g_clear_pointer (&self->evaluator, kessel_evaluator_free);
  g_clear_pointer (&self->target_distance, g_free);
  g_clear_pointer (&self->mission, g_array_unref);
  g_clear_pointer (&self->helper_evaluators, g_ptr_array_unref);
  g_clear_pointer (&self->ring_threats, g_free);
  G_OBJECT_CLASS (kessel_planner_parent_class)->finalize (object);
}

static void
kessel_planner_class_init (KesselPlannerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_planner_finalize;
  KESSEL_PLAYER_CLASS (klass)->choose = planner_choose;
}

static void
kessel_planner_init (KesselPlanner *self)
{
  self->mission = g_array_new (FALSE, FALSE, sizeof (KesselAction));
  self->helper_evaluators = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_evaluator_free);
  self->threads = 1;
  kessel_evaluator_weights_init (&self->weights);
}

KesselPlayer *
kessel_planner_new (KesselLevel level)
{
  KesselPlanner *self = g_object_new (KESSEL_TYPE_PLANNER, NULL);

  self->level = CLAMP (level, 0, KESSEL_N_LEVELS - 1);
  return KESSEL_PLAYER (self);
}

KesselLevel
kessel_planner_get_level (KesselPlanner *self)
{
  return self->level;
}

/**
 * kessel_planner_set_threads:
 * @self: a planner
 * @threads: how many search copies to try candidates on at once, 1 or more
 *
 * Lets the planner search on several cores. Its choices are the same
 * whatever the number: only the time they take changes. The window gives it
 * one thread a core; `match` and `balance` keep one, since they play a game
 * on each core already.
 */
void
kessel_planner_set_threads (KesselPlanner *self, guint threads)
{
  g_return_if_fail (KESSEL_IS_PLANNER (self));
  self->threads = CLAMP (threads, 1, 64);
}

/**
 * kessel_planner_set_weights:
 * @self: a planner
 * @weights: how much each term of its evaluator counts
 *
 * Plays with other weights than the defaults (kessel-evaluator-weights.h),
 * from the next decision on.
 */
void
kessel_planner_set_weights (KesselPlanner *self, const KesselEvaluatorWeights *weights)
{
  g_return_if_fail (KESSEL_IS_PLANNER (self));
  self->weights = *weights;
  if (self->evaluator != NULL)
    kessel_evaluator_set_weights (self->evaluator, weights);
  for (guint i = 0; i < self->helper_evaluators->len; i++)
    kessel_evaluator_set_weights (g_ptr_array_index (self->helper_evaluators, i), weights);
}
