/* Soviet supply and German C&C (digest E.7 traces, E.8, E.9). The rules map
 * has three Soviet sources (1201-1203) and a few German ones on the west and
 * south edges, so lines are easy to cut. */
#include "rules-test.h"

static KesselGame *
board (KesselPhase phase, int turn, KesselWeather weather)
{
  KesselGame *game = rules_position ("rules.kessel", turn, phase, weather);

  rules_clear (game);
  return game;
}

/* 8.2-1: a line of any length to a source, over any terrain. */
static void
test_trace_any_length (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);
  g_autoptr(GArray) path = NULL;
  int last, column, row;
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));

  rules_put (game, "sov-9m", 110);
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
  path = kessel_game_trace_path (game, H (game, 110), KESSEL_SIDE_SOVIET);
  g_assert_nonnull (path);
  g_assert_cmpint (g_array_index (path, int, 0), ==, H (game, 110));
  last = g_array_index (path, int, path->len - 1);
  g_assert_true (kessel_map_has_edge_role (map, last, KESSEL_EDGE_SUPPLY_SOURCE));
  kessel_grid_column_row (kessel_map_get_grid (map), last, &column, &row);
  g_assert_cmpint (column, ==, 12);
  g_assert_cmpuint (path->len, >=, 12);
}

/* 8.2-2: a source that is enemy-occupied or in an enemy zone does not serve. */
static void
test_source_blocked (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 505);
  rules_put (game, "ger-bn", 1202);   /* on one source, its zone on the other two */
  g_assert_false (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
  rules_put (game, "ger-bn", 1109);
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
}

/* 8.4-2: a Soviet unit in a source hex is in supply even when that hex is in
 * an enemy zone, though the hex serves no other unit. */
static void
test_unit_in_source_hex (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-6g", 1201);
  rules_put (game, "sov-9m", 1101);
  rules_put (game, "ger-bn", 1202);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 1201), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-6g")));
  g_assert_false (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
}

/* 7.4-1: a line may be traced into an enemy zone, the unit's own hex, but
 * never through one: every other hex of the line is free of it. */
static void
test_lines_into_not_through (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(GArray) line = NULL;

  rules_put (game, "ger-19pz", 505);
  rules_put (game, "sov-9m", 504);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 505), KESSEL_SIDE_SOVIET));
  line = kessel_game_trace_path (game, H (game, 505), KESSEL_SIDE_GERMAN);
  g_assert_nonnull (line);
  for (guint i = 1; i < line->len; i++)
    g_assert_false (kessel_game_in_zoc_of (game, g_array_index (line, int, i), KESSEL_SIDE_SOVIET));
  rules_put (game, "sov-6g", 506);   /* now every way out passes through the zone */
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
}

/* 8.4-1 (ruling): the unit's own hex may be in an enemy zone, no other hex of
 * the line; the option "trace-literal" reads the line from the unit. */
static void
test_own_hex_in_ezoc (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-bn", 605);
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
  /* Opposite German units put every neighbour in their zones. */
  rules_put (game, "ger-19pz", 607);
  g_assert_false (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
  rules_put (game, "ger-19pz", 1009);
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-9m")));

  rules_set_option (game, "trace-literal", TRUE);
  kessel_game_set_piece (game, P (game, "ger-bn"), H (game, 605), 1);   /* refresh the traces */
  g_assert_false (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
}

/* 7.5-1: in Storm no zone blocks a line. */
static void
test_storm_lines (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 2, KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
}

/* 8.4-3: even in Storm a line never passes through enemy units. */
static void
test_storm_lines_blocked_by_units (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 2, KESSEL_WEATHER_STORM);
  const char *const ring[] = { "ger-19pz", "ger-16pz", "ger-371", "ger-509", "ger-18ad", "ger-bn" };
  const int around[] = { 605, 706, 707, 607, 507, 506 };

  rules_put (game, "sov-9m", 606);
  for (int i = 0; i < 6; i++)
    rules_put (game, ring[i], around[i]);
  g_assert_false (kessel_game_piece_in_supply (game, P (game, "sov-9m")));
}

/* 8.3-1, 12.1-1: out of supply at the start of its move, a unit has half
 * its factor, rounded up. */
static void
test_oos_halves_mf (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-bn", 1202);
  rules_put (game, "sov-9m", 505);
  rules_put (game, "sov-60r", 805);
  g_assert_cmpint (rules_reach (game, "sov-9m", 510), ==, 5);
  g_assert_cmpint (rules_reach (game, "sov-9m", 1105), ==, -1);   /* six hexes: too far */
  ACT (game, "move sov-9m 0504");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "sov-9m")), ==, 5 - 1);
  ACT (game, "move sov-60r 0804");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "sov-60r")), ==, 4 - 1);
}

/* A Soviet combat part next to 19 Pz in 0606, with 1202 cut off by a
 * German battalion, so every Soviet unit is out of supply unless cut is FALSE. */
static KesselGame *
soviet_attack (gboolean cut)
{
  KesselGame *game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "fight-move");
  if (cut)
    rules_put (game, "ger-bn", 1202);
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-7g", 605);
  rules_put (game, "sov-art", 605);
  rules_put (game, "sov-sup", 607);
  rules_put_steps (game, "sov-9m", 706, 2);
  return game;
}

/* 8.3-2: out of supply, attack factors are halved per unit rounding up. */
static void
test_oos_combat (void)
{
  g_autoptr(KesselGame) game = soviet_attack (TRUE);
  KesselCombatOdds odds;

  ODDS (game, "attack sov-7g+sov-9m 0606", &odds);
  g_assert_cmpint (odds.attackers[0].printed, ==, 8);
  g_assert_cmpint (odds.attackers[0].factor, ==, 4);
  g_assert_cmpint (odds.attackers[1].factor, ==, 3);
  g_assert_cmpint (odds.attack, ==, 7);
}

/* 8.3-3: out of supply, army support units may not attack; in supply they may. */
static void
test_oos_army_support (void)
{
  g_autoptr(KesselGame) cut = soviet_attack (TRUE);
  g_autoptr(KesselGame) supplied = soviet_attack (FALSE);

  REFUSE (cut, "attack sov-sup 0606", "8.3");
  g_assert_true (LEGAL (supplied, "attack sov-sup 0606"));
}

/* 13.2-5: out of supply, Soviet artillery may not attack at all, even
 * stacked with a corps that may. */
static void
test_oos_artillery (void)
{
  g_autoptr(KesselGame) cut = soviet_attack (TRUE);
  g_autoptr(KesselGame) supplied = soviet_attack (FALSE);

  REFUSE (cut, "attack sov-7g+sov-art 0606", "8.3");
  g_assert_true (LEGAL (cut, "attack sov-7g 0606"));
  g_assert_true (LEGAL (supplied, "attack sov-7g+sov-art 0606"));
}

/* 8.3-4: out of supply, a unit defends with its full factor. */
static void
test_oos_defence (void)
{
  g_autoptr(KesselGame) german = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_clear (german);
  rules_order (german, "fight-move");
  rules_put (german, "ger-bn", 1202);
  rules_put (german, "sov-9m", 606);
  rules_put (german, "ger-19pz", 605);
  g_assert_false (kessel_game_piece_in_supply (german, P (german, "sov-9m")));
  ODDS (german, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (odds.defence, ==, 6);
}

/* 9.1-1: German units are always in supply, out of C&C too. */
static void
test_command (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 505);
  rules_put (game, "sov-9m", 504);
  rules_put (game, "sov-6g", 506);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
  g_assert_true (kessel_game_piece_in_supply (game, P (game, "ger-19pz")));
}

/* 9.2-3: C&C is traced like supply, to a German source, and not through an
 * enemy zone. */
static void
test_command_lines (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 505);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
  rules_put (game, "sov-9m", 504);
  rules_put (game, "sov-6g", 506);
  g_assert_null (kessel_game_trace_path (game, H (game, 505), KESSEL_SIDE_GERMAN));
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
}

/* 9.2-4: a German unit in a C&C source hex has C&C even when the hex is in
 * an enemy zone, whichever way lines are read. */
static void
test_unit_in_command_source (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-bn", 104);
  rules_put (game, "sov-7g", 204);   /* its zone covers 0104 */
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 104), KESSEL_SIDE_SOVIET));
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-bn")));
  rules_set_option (game, "trace-literal", TRUE);
  kessel_game_set_piece (game, P (game, "ger-bn"), H (game, 104), 1);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-bn")));
}

/* 8.1-1: supply for movement is judged when a unit begins to move, and that
 * status holds for the rest of the movement phase. */
static void
test_supply_judged_at_first_move (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 1, KESSEL_WEATHER_THAW);
  int mech = P (game, "sov-9m"), rifles = P (game, "sov-60r");

  rules_put (game, "sov-9m", 505);
  ACT (game, "move sov-9m 0504");
  g_assert_cmpint (kessel_game_get_piece_mp (game, mech), ==, 10 - 1);
  rules_put (game, "ger-bn", 1202);   /* cuts every source from now on */
  g_assert_false (kessel_game_piece_in_supply (game, mech));
  g_assert_cmpint (kessel_game_get_piece_mp (game, mech), ==, 10 - 1);
  ACT (game, "move sov-9m 0503 0502");
  g_assert_cmpint (kessel_game_get_piece_mp (game, mech), ==, 10 - 3);

  rules_put (game, "sov-60r", 805);
  ACT (game, "move sov-60r 0804");    /* starts out of supply: half of 8 */
  g_assert_cmpint (kessel_game_get_piece_mp (game, rifles), ==, 4 - 1);
  kessel_game_set_piece (game, P (game, "ger-bn"), KESSEL_HEX_NONE, 1);
  g_assert_true (kessel_game_piece_in_supply (game, rifles));
  g_assert_cmpint (kessel_game_get_piece_mp (game, rifles), ==, 4 - 1);
}

/* 8.1-2: supply for combat is judged at the start of each attack, so a line
 * opened by one attack counts for the next. */
static void
test_supply_judged_at_each_attack (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_SOVIET_1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_order (game, "fight-move");
  rules_put (game, "ger-bn", 1202);    /* blocks every source hex */
  rules_put (game, "sov-6g", 1201);    /* in source hexes: in supply (8.4-2) */
  rules_put (game, "sov-7g", 1203);
  rules_put (game, "ger-19pz", 505);
  rules_put (game, "sov-9m", 605);
  ODDS (game, "attack sov-9m 0505", &odds);
  g_assert_cmpint (odds.attackers[0].factor, ==, 3);   /* half of 6 */
  ACT (game, "attack sov-6g+sov-7g 1202");   /* 16 to 1: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
  ACT (game, "end");                          /* no advance */
  ODDS (game, "attack sov-9m 0505", &odds);
  g_assert_cmpint (odds.attackers[0].factor, ==, 6);
  g_assert_null (odds.attackers[0].note);
}

/* 8.3-5: a unit may move to where it is out of supply and stay there: being
 * out of supply costs no steps, however long it lasts. */
static void
test_no_attrition (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  int mech = P (game, "sov-9m");

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "ger-bn", 1202);    /* occupies one source, its zone covers the others */
  rules_put (game, "sov-9m", 1201);    /* supplied in its source hex (8.4-2) */
  g_assert_true (kessel_game_piece_in_supply (game, mech));
  ACT (game, "move sov-9m 1101");
  g_assert_false (kessel_game_piece_in_supply (game, mech));
  rules_run_to (game, 2, KESSEL_PHASE_GERMAN_MECH_2);
  g_assert_false (kessel_game_piece_in_supply (game, mech));
  rules_run_to (game, 3, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_piece_status (game, mech), ==, KESSEL_PIECE_ON_MAP);
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 1101);
  g_assert_cmpint (kessel_game_get_piece_steps (game, mech), ==, 2);
}

/* Soviet units whose zones cover every German C&C source of the rules map
 * (0101-0105, 0110, 0210) without standing on any. */
static void
cut_command_sources (KesselGame *game)
{
  rules_put (game, "sov-9m", 201);   /* 0101, 0102 */
  rules_put (game, "sov-6g", 203);   /* 0103, 0104 */
  rules_put (game, "sov-7g", 205);   /* 0105 */
  rules_put (game, "sov-60r", 209);  /* 0110, 0210 */
}

/* 9.2-2: C&C is traced to a C&C source; 9.2-3: not through an enemy zone,
 * and not to a source in one; 9.2-4: a unit in a source hex has C&C even in
 * an enemy zone. */
static void
test_command_sources (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  g_autoptr(GArray) path = NULL;
  int last;

  rules_put (game, "ger-19pz", 808);
  rules_put (game, "ger-bn", 103);
  rules_put (game, "sov-9m", 201);
  path = kessel_game_trace_path (game, H (game, 808), KESSEL_SIDE_GERMAN);
  g_assert_nonnull (path);
  last = g_array_index (path, int, path->len - 1);
  g_assert_true (kessel_map_has_edge_role (map, last, KESSEL_EDGE_COMMAND_SOURCE));
  for (guint i = 1; i < path->len; i++)
    g_assert_false (kessel_game_in_zoc_of (game, g_array_index (path, int, i), KESSEL_SIDE_SOVIET));
  g_assert_cmpint (last, !=, H (game, 101));
  g_assert_cmpint (last, !=, H (game, 102));

  cut_command_sources (game);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 103), KESSEL_SIDE_SOVIET));
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-bn")));
}

/* 9.2-1: out of C&C a German unit moves and fights as usual. */
static void
test_command_no_effect_on_play (void)
{
  g_autoptr(KesselGame) game = board (KESSEL_PHASE_GERMAN_1, 2, KESSEL_WEATHER_THAW);
  int pz = P (game, "ger-19pz");
  KesselCombatOdds odds;

  rules_order (game, "move-fight");
  cut_command_sources (game);
  rules_put (game, "ger-19pz", 807);
  rules_put (game, "sov-61r", 909);
  g_assert_false (kessel_game_piece_in_command (game, pz));
  ACT (game, "move ger-19pz 0808");
  g_assert_cmpint (kessel_game_get_piece_mp (game, pz), ==, 10 - 1);
  ACT (game, "end");
  ODDS (game, "attack ger-19pz 0909", &odds);
  g_assert_false (kessel_game_piece_in_command (game, pz));
  g_assert_cmpint (odds.attack, ==, 5);
  g_assert_null (odds.attackers[0].note);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/8.2-1/trace-any-length", test_trace_any_length);
  g_test_add_func ("/rules/8.2-2/source-blocked", test_source_blocked);
  g_test_add_func ("/rules/8.4-2/unit-in-source-hex", test_unit_in_source_hex);
  g_test_add_func ("/rules/7.4-1/lines-into-not-through-ezoc", test_lines_into_not_through);
  g_test_add_func ("/rules/8.4-1/own-hex-in-ezoc", test_own_hex_in_ezoc);
  g_test_add_func ("/rules/7.5-1/storm-lines", test_storm_lines);
  g_test_add_func ("/rules/8.4-3/storm-lines-blocked-by-units", test_storm_lines_blocked_by_units);
  g_test_add_func ("/rules/8.3-1/oos-halves-mf", test_oos_halves_mf);
  g_test_add_func ("/rules/8.3-2/oos-combat", test_oos_combat);
  g_test_add_func ("/rules/8.3-3/oos-army-support", test_oos_army_support);
  g_test_add_func ("/rules/13.2-5/oos-artillery", test_oos_artillery);
  g_test_add_func ("/rules/8.3-4/oos-defence", test_oos_defence);
  g_test_add_func ("/rules/9.1-1/command", test_command);
  g_test_add_func ("/rules/9.2-3/command-lines", test_command_lines);
  g_test_add_func ("/rules/9.2-4/unit-in-command-source", test_unit_in_command_source);
  g_test_add_func ("/rules/8.1-1/supply-judged-at-first-move", test_supply_judged_at_first_move);
  g_test_add_func ("/rules/8.1-2/supply-judged-at-each-attack", test_supply_judged_at_each_attack);
  g_test_add_func ("/rules/8.3-5/no-attrition", test_no_attrition);
  g_test_add_func ("/rules/9.2-2/command-sources", test_command_sources);
  g_test_add_func ("/rules/9.2-1/no-effect-on-play", test_command_no_effect_on_play);
  return g_test_run ();
}
