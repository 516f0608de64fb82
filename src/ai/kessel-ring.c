/* kessel-ring.c: finding the moves that ring a German division. */
#include "kessel-ring.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SIDES KESSEL_N_DIRECTIONS
#define CANDIDATES_PER_SIDE 8
#define SEARCH_LIMIT 4000

typedef struct {
  int action;           /* index in the legal actions */
  double preference;
} Mover;

typedef struct {
  KesselGame *view;
  GArray *actions;
  int target;
  int n_sides;
  int sides[MAX_SIDES];                         /* open sides still to fill */
  Mover movers[MAX_SIDES][CANDIDATES_PER_SIDE];
  int n_movers[MAX_SIDES];
  int chosen[MAX_SIDES];
  gboolean *used;                               /* per piece */
  int nodes;
} Search;

int
kessel_ring_division_steps (KesselGame *view, int hex)
{
  g_autoptr(GArray) stack = kessel_game_get_pieces_at (view, hex);
  int steps = 0;

  for (guint i = 0; i < stack->len; i++)
    {
      int piece = g_array_index (stack, int, i);
      KesselUnit *unit = kessel_game_get_piece_unit (view, piece);
      if (kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN && kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION
          && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC)
        steps += kessel_game_get_piece_full_steps (view, piece);
    }
  return steps;
}

void
kessel_ring_plan_free (KesselRingPlan *plan)
{
  if (plan == NULL)
    return;
  g_array_unref (plan->moves);
  g_free (plan);
}

/* The open sides of target, or -1 if it cannot be ringed this way: a side
 * held by another German stack, or one no Soviet unit may enter (12.5). Off
 * the map a side is closed already. */
static int
open_sides (KesselGame *view, KesselMap *map, int target, int sides[MAX_SIDES])
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  int n = 0;

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int hex = kessel_grid_neighbour (grid, target, (KesselDirection) d);
      if (hex == KESSEL_HEX_NONE)
        continue;
      switch (kessel_game_get_hex_occupant (view, hex))
        {
        case KESSEL_SIDE_SOVIET:
          continue;
        case KESSEL_SIDE_GERMAN:
          return -1;
        default:
          if (kessel_map_is_closed_to_soviet (map, hex))
            return -1;
          sides[n++] = hex;
        }
    }
  return n;
}

gboolean
kessel_ring_is_artillery_move (KesselGame *view, const KesselAction *move)
{
  for (int i = 0; i < move->n_units; i++)
    if (!kessel_unit_is_artillery (kessel_game_get_piece_unit (view, move->units[i])))
      return FALSE;
  return TRUE;
}

/* Strong stacks hold a ring best, since the ringed division attacks out; a
 * stack that would leave a place empty is kept for last. */
static double
preference (KesselGame *view, KesselMap *map, const KesselAction *move)
{
  int from = kessel_game_get_piece_hex (view, move->units[0]);
  g_autoptr(GArray) stack = kessel_game_get_pieces_at (view, from);
  double defence = 0.0;

  for (int i = 0; i < move->n_units; i++)
    defence += kessel_game_get_piece_defence (view, move->units[i]);
  if (kessel_map_get_place_at (map, from) != NULL && (guint) move->n_units == stack->len)
    defence -= 10.0;
  return defence;
}

static int
compare_movers (const void *a, const void *b)
{
  double x = ((const Mover *) a)->preference, y = ((const Mover *) b)->preference;
  return x > y ? -1 : x < y ? 1 : 0;
}

/* Whether a move takes the last units off a side already held. */
static gboolean
leaves_ring (Search *search, KesselMap *map, const KesselAction *move)
{
  int from = kessel_game_get_piece_hex (search->view, move->units[0]);
  g_autoptr(GArray) stack = NULL;

  if (kessel_grid_distance (kessel_map_get_grid (map), from, search->target) != 1)
    return FALSE;
  stack = kessel_game_get_pieces_at (search->view, from);
  return (guint) move->n_units == stack->len;
}

/* The best few moves of a combat unit or stack onto each open side. */
static void
list_movers (Search *search, KesselMap *map)
{
  for (int s = 0; s < search->n_sides; s++)
    {
      g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (Mover));
      for (guint i = 0; i < search->actions->len; i++)
        {
          const KesselAction *move = &g_array_index (search->actions, KesselAction, i);
          Mover mover = { (int) i, 0.0 };
          if (move->type != KESSEL_ACTION_MOVE || move->path[move->path_length - 1] != search->sides[s]
              || kessel_ring_is_artillery_move (search->view, move) || leaves_ring (search, map, move))
            continue;
          mover.preference = preference (search->view, map, move);
          g_array_append_val (found, mover);
        }
      if (found->len > 0)   /* an empty GArray's data is NULL, which qsort may not be given */
        qsort (found->data, found->len, sizeof (Mover), compare_movers);
      search->n_movers[s] = MIN ((int) found->len, CANDIDATES_PER_SIDE);
      for (int m = 0; m < search->n_movers[s]; m++)
        search->movers[s][m] = g_array_index (found, Mover, m);
    }
}

static gboolean
uses_free_units (Search *search, const KesselAction *move)
{
  for (int i = 0; i < move->n_units; i++)
    if (search->used[move->units[i]])
      return FALSE;
  return TRUE;
}

static void
mark_units (Search *search, const KesselAction *move, gboolean used)
{
  for (int i = 0; i < move->n_units; i++)
    search->used[move->units[i]] = used;
}

/* Depth-first over the sides, each given a mover whose units no other side
 * uses: the first full assignment, preferred movers first. */
static gboolean
assign (Search *search, int side)
{
  if (side == search->n_sides)
    return TRUE;
  for (int m = 0; m < search->n_movers[side] && search->nodes++ < SEARCH_LIMIT; m++)
    {
      const KesselAction *move = &g_array_index (search->actions, KesselAction, search->movers[side][m].action);
      if (!uses_free_units (search, move))
        continue;
      mark_units (search, move, TRUE);
      search->chosen[side] = search->movers[side][m].action;
      if (assign (search, side + 1))
        return TRUE;
      mark_units (search, move, FALSE);
    }
  return FALSE;
}

static KesselRingPlan *
plan_ring (KesselGame *view, KesselMap *map, GArray *actions, int target, gboolean *used, int n_pieces)
{
  Search search = { 0 };
  KesselRingPlan *plan;

  search.view = view;
  search.actions = actions;
  search.target = target;
  search.used = used;

  search.n_sides = open_sides (view, map, target, search.sides);
  if (search.n_sides <= 0)
    return NULL;
  list_movers (&search, map);
  memset (used, 0, sizeof (gboolean) * n_pieces);
  if (!assign (&search, 0))
    return NULL;
  plan = g_new0 (KesselRingPlan, 1);
  plan->target = target;
  plan->moves = g_array_new (FALSE, FALSE, sizeof (KesselAction));
  for (int s = 0; s < search.n_sides; s++)
    g_array_append_val (plan->moves, g_array_index (actions, KesselAction, search.chosen[s]));
  return plan;
}

typedef struct {
  int hex;
  int steps;
} Target;

static int
compare_targets (const void *a, const void *b)
{
  return ((const Target *) b)->steps - ((const Target *) a)->steps;
}

/* German divisions in the open, biggest first. In a place a division never
 * retreats anyway (13.9-DR-5), and in a source hex it is never cut off
 * (9.2-4). */
static GArray *
list_targets (KesselGame *view, KesselMap *map)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (Target));

  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    {
      Target target = { hex, 0 };
      if (kessel_game_get_hex_occupant (view, hex) != KESSEL_SIDE_GERMAN
          || kessel_map_get_place_at (map, hex) != NULL
          || kessel_map_has_edge_role (map, hex, KESSEL_EDGE_COMMAND_SOURCE))
        continue;
      target.steps = kessel_ring_division_steps (view, hex);
      if (target.steps > 0)
        g_array_append_val (targets, target);
    }
  if (targets->len > 0)
    qsort (targets->data, targets->len, sizeof (Target), compare_targets);
  return targets;
}

GPtrArray *
kessel_ring_plans (KesselGame *view, GArray *actions, int max_plans)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (view));
  GPtrArray *plans = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_ring_plan_free);
  g_autoptr(GArray) targets = list_targets (view, map);
  int n_pieces = kessel_game_get_n_pieces (view);
  g_autofree gboolean *used = g_new0 (gboolean, n_pieces);

  for (guint t = 0; t < targets->len && (int) plans->len < max_plans; t++)
    {
      KesselRingPlan *plan = plan_ring (view, map, actions, g_array_index (targets, Target, t).hex, used, n_pieces);
      if (plan != NULL)
        g_ptr_array_add (plans, plan);
    }
  return plans;
}

gboolean
kessel_ring_can_close (KesselGame *game, GArray *actions, int target)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  int n_pieces = kessel_game_get_n_pieces (game), sides[MAX_SIDES];
  g_autofree gboolean *used = g_new0 (gboolean, n_pieces);
  KesselRingPlan *plan;
  gboolean closed;

  if (kessel_game_get_hex_occupant (game, target) != KESSEL_SIDE_GERMAN)
    return FALSE;
  if (open_sides (game, map, target, sides) == 0)
    return TRUE;   /* ringed already */
  plan = plan_ring (game, map, actions, target, used, n_pieces);
  closed = plan != NULL;
  kessel_ring_plan_free (plan);
  return closed;
}
