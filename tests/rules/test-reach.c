/* The reachable search (12.0-12.4, 7.2) against a plain one: on positions
 * of random games, every hex reached, its cheapest cost, whether every
 * cheapest route needs a river roll, and the route given back agree with a
 * search that relaxes every hex until nothing changes. The plain search
 * learns which river rolls failed (ruling 12.3-3) from the moves played. */
#include "rules-test.h"

/* The rules the plain search follows, looked up through the public API. */
typedef struct {
  KesselGame *game;
  KesselMap *map;
  const KesselGrid *grid;
  int hex_count;
  KesselSide side;
  int start;
  int budget;
  KesselMobility mobility;
  gboolean first_step_free_only;
  gboolean *enemy_zoc;
  gboolean *enterable;
  gboolean *free;
  const guint8 *failed;   /* hexsides whose roll a member failed this movement part */
} PlainMover;

/* What the test learns of failed river rolls: a flag per piece and hexside. */
typedef struct {
  guint8 *failed;
  int n_sides;
  int turn, phase, segment;
  int n_learned;
} Crossings;

static gboolean
kg_free (KesselGame *game, const KesselGrid *grid, int hex)
{
  for (KesselKg kg = 0; kg < KESSEL_N_KGS; kg++)
    {
      int at = kessel_game_get_kg_hex (game, kg);
      if (at != KESSEL_HEX_NONE && kessel_game_kg_traffic_active (game, kg)
          && kessel_grid_distance (grid, at, hex) <= 1)
        return TRUE;
    }
  return FALSE;
}

static void
plain_mover_init (PlainMover *m, KesselGame *game, const int *pieces, int n, const Crossings *crossings)
{
  KesselSide enemy;
  guint8 *failed = g_new0 (guint8, crossings->n_sides);

  m->game = game;
  m->map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  m->grid = kessel_map_get_grid (m->map);
  m->hex_count = kessel_map_get_hex_count (m->map);
  m->side = kessel_game_get_piece_side (game, pieces[0]);
  m->start = kessel_game_get_piece_hex (game, pieces[0]);
  m->budget = G_MAXINT;
  m->mobility = KESSEL_MOBILITY_NON_MECHANIZED;
  for (int i = 0; i < n; i++)
    {
      m->budget = MIN (m->budget, kessel_game_get_piece_mp (game, pieces[i]));
      for (int side = 0; side < crossings->n_sides; side++)
        failed[side] |= crossings->failed[pieces[i] * crossings->n_sides + side];
      if (kessel_unit_get_mobility (kessel_game_get_piece_unit (game, pieces[i])) == KESSEL_MOBILITY_MECHANIZED)
        m->mobility = KESSEL_MOBILITY_MECHANIZED;
    }
  enemy = m->side == KESSEL_SIDE_GERMAN ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  m->enemy_zoc = g_new (gboolean, m->hex_count);
  m->enterable = g_new (gboolean, m->hex_count);
  m->free = g_new (gboolean, m->hex_count);
  for (int hex = 0; hex < m->hex_count; hex++)
    {
      m->enemy_zoc[hex] = kessel_game_in_zoc_of (game, hex, enemy);
      m->enterable[hex] = kessel_game_get_hex_occupant (game, hex) != enemy
                          && !(m->side == KESSEL_SIDE_SOVIET && kessel_map_is_closed_to_soviet (m->map, hex));
      m->free[hex] = m->side == KESSEL_SIDE_GERMAN && kg_free (game, m->grid, hex);
    }
  m->failed = failed;
  /* A unit free to move that stands in an enemy ZOC has not moved yet. */
  m->first_step_free_only = m->enemy_zoc[m->start];
}

static void
plain_mover_clear (PlainMover *m)
{
  g_free (m->enemy_zoc);
  g_free (m->enterable);
  g_free (m->free);
  g_free ((guint8 *) m->failed);
}

/* The cost of a step, a rolled river at its least (12.0-2, 12.3, 12.4-1). */
static int
plain_step (const PlainMover *m, int from, int to, gboolean *rolled)
{
  int river = kessel_map_get_river_between (m->map, from, to);
  int cost = kessel_table_terrain_cost (kessel_map_get_terrain (m->map, to), m->mobility);

  *rolled = FALSE;
  if (m->free[to])
    return 0;
  if (river == KESSEL_RIVER_NONE || kessel_map_get_place_at (m->map, from) != NULL
      || kessel_map_get_place_at (m->map, to) != NULL
      || kessel_game_get_weather (m->game) == KESSEL_WEATHER_FROST)
    return cost;
  if (kessel_game_get_option (m->game, "flat-river-crossing"))
    return cost + 3;
  *rolled = TRUE;
  return cost + (kessel_map_get_river (m->map, river)->major ? 1 : 0);
}

static gboolean
plain_may_step (const PlainMover *m, int from, int to)
{
  gboolean rolled;

  if (to == KESSEL_HEX_NONE || to == m->start || !m->enterable[to])
    return FALSE;
  plain_step (m, from, to, &rolled);
  if (rolled && m->failed[kessel_grid_hexside_between (m->grid, from, to)])
    return FALSE;   /* ruling 12.3-3 */
  if (from != m->start && m->enemy_zoc[from])
    return FALSE;   /* 7.2-1 */
  return !(from == m->start && m->first_step_free_only && m->enemy_zoc[to]);   /* 7.2-2 */
}

/* Relaxes every step from every reached hex until nothing changes; a route
 * is better if cheaper, or as cheap and without a roll. */
static void
plain_search (const PlainMover *m, int *cost, gboolean *roll)
{
  gboolean changed = TRUE;

  for (int hex = 0; hex < m->hex_count; hex++)
    cost[hex] = -1;
  cost[m->start] = 0;
  roll[m->start] = FALSE;
  while (changed)
    {
      changed = FALSE;
      for (int hex = 0; hex < m->hex_count; hex++)
        for (KesselDirection d = 0; cost[hex] >= 0 && d < KESSEL_N_DIRECTIONS; d++)
          {
            int to = kessel_grid_neighbour (m->grid, hex, d);
            gboolean rolled;
            int c;

            if (!plain_may_step (m, hex, to))
              continue;
            c = cost[hex] + plain_step (m, hex, to, &rolled);
            rolled = rolled || roll[hex];
            if (c > m->budget)
              continue;
            if (cost[to] < 0 || c < cost[to] || (c == cost[to] && roll[to] && !rolled))
              {
                cost[to] = c;
                roll[to] = rolled;
                changed = TRUE;
              }
          }
    }
}

/* The route the search gives back costs what it says and rolls only if it says so. */
static void
assert_route (const PlainMover *m, const KesselReach *reach, int hex)
{
  int cost = 0;
  gboolean roll = FALSE;

  for (int h = hex; h != m->start; h = reach[h].previous)
    {
      gboolean rolled;

      g_assert_cmpint (reach[h].previous, !=, KESSEL_HEX_NONE);
      g_assert_true (plain_may_step (m, reach[h].previous, h));
      cost += plain_step (m, reach[h].previous, h, &rolled);
      roll |= rolled;
    }
  g_assert_cmpint (cost, ==, reach[hex].cost);
  g_assert_cmpint (roll, ==, reach[hex].needs_roll);
}

/* Compares the two searches for the pieces; FALSE if they may not move now. */
static gboolean
compare_searches (KesselGame *game, const int *pieces, int n, const Crossings *crossings)
{
  g_autofree KesselReach *reach = kessel_game_reachable (game, pieces, n);
  PlainMover m;
  g_autofree int *cost = NULL;
  g_autofree gboolean *roll = NULL;

  plain_mover_init (&m, game, pieces, n, crossings);
  if (reach[m.start].cost != 0)
    {
      plain_mover_clear (&m);
      return FALSE;
    }
  cost = g_new (int, m.hex_count);
  roll = g_new (gboolean, m.hex_count);
  plain_search (&m, cost, roll);
  for (int hex = 0; hex < m.hex_count; hex++)
    {
      if (reach[hex].cost != cost[hex])
        g_error ("hex %d: the search says cost %d, the plain search %d", hex, reach[hex].cost, cost[hex]);
      if (cost[hex] > 0)
        {
          g_assert_cmpint (reach[hex].needs_roll, ==, roll[hex]);
          assert_route (&m, reach, hex);
        }
    }
  plain_mover_clear (&m);
  return TRUE;
}

/* Every unit of the side to move on its own, and each hex's movable units together. */
static int
compare_all_movers (KesselGame *game, const Crossings *crossings)
{
  KesselSide side = kessel_game_get_active_side (game);
  int n_pieces = kessel_game_get_n_pieces (game), searches = 0;

  for (int p = 0; p < n_pieces; p++)
    {
      int stack[16], n = 0;

      if (kessel_game_get_piece_side (game, p) != side
          || kessel_game_get_piece_status (game, p) != KESSEL_PIECE_ON_MAP)
        continue;
      searches += compare_searches (game, &p, 1, crossings);
      for (int q = p; q < n_pieces && n < (int) G_N_ELEMENTS (stack); q++)
        if (kessel_game_get_piece_status (game, q) == KESSEL_PIECE_ON_MAP
            && kessel_game_get_piece_side (game, q) == side
            && kessel_game_get_piece_hex (game, q) == kessel_game_get_piece_hex (game, p)
            && kessel_game_get_piece_mp (game, q) > 0)
          stack[n++] = q;
      if (n > 1)
        searches += compare_searches (game, stack, n, crossings);
    }
  return searches;
}

/* Failed rolls count for one movement part. */
static void
crossings_follow_part (KesselGame *game, Crossings *crossings)
{
  if (kessel_game_get_turn (game) == crossings->turn && kessel_game_get_phase (game) == (KesselPhase) crossings->phase
      && kessel_game_get_segment (game) == (KesselSegment) crossings->segment)
    return;
  memset (crossings->failed, 0, (gsize) crossings->n_sides * kessel_game_get_n_pieces (game));
  crossings->turn = kessel_game_get_turn (game);
  crossings->phase = kessel_game_get_phase (game);
  crossings->segment = kessel_game_get_segment (game);
}

/* After a move: a stack that stopped short, outside an enemy ZOC, before a
 * rolled crossing could not pay that roll. */
static void
learn_failed_crossing (KesselGame *game, const KesselAction *move, Crossings *crossings)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  const Crossings none = { NULL, 0, 0, 0, 0, 0 };
  int stop = kessel_game_get_piece_hex (game, move->units[0]);
  PlainMover m;
  gboolean rolled;
  int next = -1;

  for (int i = 0; i + 1 < move->path_length && next < 0; i++)
    if (move->path[i] == stop)
      next = move->path[i + 1];
  if (move->path_length > 0 && stop != move->path[0] && next < 0)
    return;   /* went the whole way, or stopped where it never rolled */
  if (next < 0)
    next = move->path[0];
  plain_mover_init (&m, game, move->units, move->n_units, &none);
  plain_step (&m, stop, next, &rolled);
  if (rolled && !m.enemy_zoc[stop] && stop != move->path[move->path_length - 1])
    {
      int side = kessel_grid_hexside_between (kessel_map_get_grid (map), stop, next);

      crossings->n_learned++;
      for (int u = 0; u < move->n_units; u++)
        crossings->failed[move->units[u] * crossings->n_sides + side] = 1;
    }
  plain_mover_clear (&m);
}

static void
test_reach_matches_plain_search (void)
{
  g_autoptr(KesselScenario) scenario = rules_shipped_scenario ();
  int searches = 0, failures = 0, games = g_test_thorough () ? 40 : 4;

  for (guint64 seed = 1; seed <= (guint64) games; seed++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
      KesselDice player;
      KesselAction action;

      Crossings crossings = { NULL, 0, -1, -1, -1, 0 };

      crossings.n_sides = kessel_grid_hexside_count (kessel_map_get_grid (kessel_scenario_get_map (scenario)));
      crossings.failed = g_new0 (guint8, (gsize) crossings.n_sides * kessel_game_get_n_pieces (game));
      kessel_game_set_option (game, "flat-river-crossing", seed % 3 == 0);
      kessel_game_set_option (game, "river-crossing-retry", seed % 4 == 1);
      kessel_dice_init (&player, seed * 31);
      for (int n = 0; !kessel_game_is_over (game); n++)
        {
          /* Turn 1's stand-fast line is not modelled by the plain search. */
          if (n % 13 == 0 && kessel_game_get_turn (game) > 1
              && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT
              && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE)
            {
              crossings_follow_part (game, &crossings);
              searches += compare_all_movers (game, &crossings);
            }
          crossings_follow_part (game, &crossings);
          g_assert_true (kessel_game_random_action (game, &player, &action));
          g_assert_true (kessel_game_apply (game, &action, NULL));
          if (action.type == KESSEL_ACTION_MOVE && !kessel_game_get_option (game, "river-crossing-retry"))
            learn_failed_crossing (game, &action, &crossings);
        }
      g_free (crossings.failed);
      failures += crossings.n_learned;
    }
  g_test_message ("%d searches compared; %d river rolls failed", searches, failures);
  g_assert_cmpint (searches, >, 500);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/12.0-2/reach-matches-plain-search", test_reach_matches_plain_search);
  return g_test_run ();
}
