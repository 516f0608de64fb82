/* The reachable search (12.0-12.4, 7.2) against a plain one: on positions
 * of random games, every hex reached, its cheapest cost, whether every
 * cheapest route needs a river roll, and the route given back agree with a
 * search that relaxes every hex until nothing changes. */
#include <glib.h>
#include <stdlib.h>

#include "kessel-game.h"

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
} PlainMover;

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
plain_mover_init (PlainMover *m, KesselGame *game, const int *pieces, int n)
{
  KesselSide enemy;

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
  /* A unit free to move that stands in an enemy ZOC has not moved yet. */
  m->first_step_free_only = m->enemy_zoc[m->start];
}

static void
plain_mover_clear (PlainMover *m)
{
  g_free (m->enemy_zoc);
  g_free (m->enterable);
  g_free (m->free);
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
  if (to == KESSEL_HEX_NONE || to == m->start || !m->enterable[to])
    return FALSE;
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
compare_searches (KesselGame *game, const int *pieces, int n)
{
  g_autofree KesselReach *reach = kessel_game_reachable (game, pieces, n);
  PlainMover m;
  g_autofree int *cost = NULL;
  g_autofree gboolean *roll = NULL;

  plain_mover_init (&m, game, pieces, n);
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
compare_all_movers (KesselGame *game)
{
  KesselSide side = kessel_game_get_active_side (game);
  int n_pieces = kessel_game_get_n_pieces (game), searches = 0;

  for (int p = 0; p < n_pieces; p++)
    {
      int stack[16], n = 0;

      if (kessel_game_get_piece_side (game, p) != side
          || kessel_game_get_piece_status (game, p) != KESSEL_PIECE_ON_MAP)
        continue;
      searches += compare_searches (game, &p, 1);
      for (int q = p; q < n_pieces && n < (int) G_N_ELEMENTS (stack); q++)
        if (kessel_game_get_piece_status (game, q) == KESSEL_PIECE_ON_MAP
            && kessel_game_get_piece_side (game, q) == side
            && kessel_game_get_piece_hex (game, q) == kessel_game_get_piece_hex (game, p)
            && kessel_game_get_piece_mp (game, q) > 0)
          stack[n++] = q;
      if (n > 1)
        searches += compare_searches (game, stack, n);
    }
  return searches;
}

static KesselScenario *
shipped_scenario (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                                 "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static void
test_reach_matches_plain_search (void)
{
  g_autoptr(KesselScenario) scenario = shipped_scenario ();
  int searches = 0, games = g_test_thorough () ? 40 : 6;

  for (guint64 seed = 1; seed <= (guint64) games; seed++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
      KesselDice player;
      KesselAction action;

      kessel_game_set_option (game, "flat-river-crossing", seed % 3 == 0);
      kessel_dice_init (&player, seed * 31);
      for (int n = 0; !kessel_game_is_over (game); n++)
        {
          /* Turn 1's stand-fast line is not modelled by the plain search. */
          if (n % 9 == 0 && kessel_game_get_turn (game) > 1
              && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT
              && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE)
            searches += compare_all_movers (game);
          g_assert_true (kessel_game_random_action (game, &player, &action));
          g_assert_true (kessel_game_apply (game, &action, NULL));
        }
    }
  g_test_message ("%d searches compared", searches);
  g_assert_cmpint (searches, >, 500);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/reach/matches-plain-search", test_reach_matches_plain_search);
  return g_test_run ();
}
