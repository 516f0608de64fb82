/* Combat (digest E.13): odds and every shift, the table's limits, CAS, the
 * KG and Tiger bonuses, the 18th Artillery Division, Soviet artillery and
 * the 3GM, results with retreats, exchanges and advances, and probes. */
#include "rules-test.h"

/* A German combat part (turn 2, phase VI, Fight/Move) on an empty board. */
static KesselGame *
german_combat (guint64 seed, int turn, KesselWeather weather)
{
  KesselGame *game = rules_position_seeded ("rules.kessel", seed, turn, KESSEL_PHASE_GERMAN_1, weather);

  rules_clear (game);
  rules_order (game, "fight-move");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  return game;
}

/* A Soviet combat part (turn 2, phase IV, Fight/Move) on an empty board. */
static KesselGame *
soviet_combat (guint64 seed, KesselWeather weather)
{
  KesselGame *game = rules_position_seeded ("rules.kessel", seed, 2, KESSEL_PHASE_SOVIET_1, weather);

  rules_clear (game);
  rules_order (game, "fight-move");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  return game;
}

/* 13.8-3: odds are attack over defence rounded down; below 1:1 but at least
 * half is 1:2, below half is off the table. */
static void
test_odds_rounding (void)
{
  /* The 13.8 example: 26 against 7 is 3:1 (the rule book misprints 27 / 7,
   * digest A.3 item 1; 26 / 7 = 3.71 gives the same column). */
  g_assert_cmpint (kessel_table_raw_odds (26, 7), ==, KESSEL_ODDS_3_1);
  g_assert_cmpint (kessel_table_raw_odds (9, 9), ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (kessel_table_raw_odds (8, 9), ==, KESSEL_ODDS_1_2);
  g_assert_cmpint (kessel_table_raw_odds (5, 10), ==, KESSEL_ODDS_1_2);
  g_assert_cmpint (kessel_table_raw_odds (4, 9), ==, KESSEL_ODDS_BELOW_1_2);
  g_assert_cmpint (kessel_table_raw_odds (63, 8), ==, KESSEL_ODDS_7_1);
  g_assert_cmpint (kessel_table_raw_odds (64, 8), ==, KESSEL_ODDS_ABOVE_7_1);
}

/* 13.8.1-1: beyond the table the results are automatic, with no die. */
static void
test_automatic_results (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put_steps (game, "sov-60r", 606, 1);   /* 1-1 */
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  ODDS (game, "attack ger-19pz+ger-16pz 0606", &odds);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_ABOVE_7_1);
  g_assert_true (odds.automatic);
  ACT (game, "attack ger-19pz+ger-16pz 0606");
  g_assert_true (rules_log_contains (game, "automatic DL1+DR"));
  /* No combat die: the only roll is the eliminated rifle corps' return (11.1). */
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 1);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-60r")), ==, KESSEL_PIECE_RETURNING);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  ACT (game, "end");   /* no advance (13.10-1: optional) */
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);

  rules_put (game, "sov-9m", 1006);
  rules_put (game, "ger-bn", 1005);
  ODDS (game, "attack ger-bn 1006", &odds);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_BELOW_1_2);
  ACT (game, "attack ger-bn 1006");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_true (rules_log_contains (game, "automatic AL1"));
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 1);
}

/* 13.8.1-2: shifts move along the list of columns and stop at its ends;
 * the option "odds-table-only" keeps odds that start on the table on it. */
static void
test_shifts_clamped (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put_steps (game, "ger-371", 607, 1);
  ODDS (game, "attack ger-19pz+ger-371 0606", &odds);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_7_1);
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 2);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_ABOVE_7_1);
  g_assert_true (odds.automatic);

  rules_set_option (game, "odds-table-only", TRUE);
  ODDS (game, "attack ger-19pz+ger-371 0606", &odds);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_7_1);
  g_assert_false (odds.automatic);
}

static KesselOdds
concentric_case (const int *hexes, const char *const *ids, int n, int target, int *shift)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(GString) text = g_string_new ("attack ");
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", target);
  for (int i = 0; i < n; i++)
    {
      rules_put (game, ids[i], hexes[i]);
      g_string_append_printf (text, "%s%s", i ? "+" : "", ids[i]);
    }
  g_string_append_printf (text, " %04d", target);
  ODDS (game, text->str, &odds);
  *shift = rules_shift (&odds, "13.8.2");
  return odds.final;
}

/* 13.8.2-1: opposite neighbours, three alternating, or four and more. */
static void
test_concentric_opposite (void)
{
  const char *const ids[] = { "ger-19pz", "ger-16pz", "ger-371", "ger-bn" };
  int shift;

  concentric_case ((int[]) { 605, 607 }, ids, 2, 606, &shift);
  g_assert_cmpint (shift, ==, 2);
  concentric_case ((int[]) { 605, 706 }, ids, 2, 606, &shift);
  g_assert_cmpint (shift, ==, 0);
  concentric_case ((int[]) { 506, 707 }, ids, 2, 606, &shift);
  g_assert_cmpint (shift, ==, 2);
}

static void
test_concentric_alternating (void)
{
  const char *const ids[] = { "ger-19pz", "ger-16pz", "ger-371", "ger-bn" };
  int shift;

  concentric_case ((int[]) { 605, 707, 507 }, ids, 3, 606, &shift);   /* N, SE, SW */
  g_assert_cmpint (shift, ==, 2);
  concentric_case ((int[]) { 605, 706, 707 }, ids, 3, 606, &shift);   /* N, NE, SE */
  g_assert_cmpint (shift, ==, 0);
}

static void
test_concentric_four (void)
{
  const char *const ids[] = { "ger-19pz", "ger-16pz", "ger-371", "ger-bn" };
  int shift;

  concentric_case ((int[]) { 605, 706, 707, 506 }, ids, 4, 606, &shift);   /* N, NE, SE, NW */
  g_assert_cmpint (shift, ==, 2);
}

/* 13.8.2-2: no concentric bonus against a town; the Soviet bonus is 1. */
static void
test_concentric_town_and_soviet (void)
{
  g_autoptr(KesselGame) german = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (german, "sov-9m", 404);
  rules_put (german, "ger-19pz", 403);
  rules_put (german, "ger-16pz", 405);
  ODDS (german, "attack ger-19pz+ger-16pz 0404", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 0);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);

  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 605);
  rules_put (soviet, "sov-7g", 607);
  ODDS (soviet, "attack sov-6g+sov-7g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 1);
}

/* 13.8.3-1: rough, rivers when every attacker crosses one, towns and
 * fortified localities; 13.8.4-2 a fortified locality the Soviets took is a town. */
static void
test_terrain_shifts (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 304);
  rules_put (game, "ger-19pz", 303);
  ODDS (game, "attack ger-19pz 0304", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);

  rules_put (game, "sov-6g", 803);
  rules_put (game, "ger-16pz", 703);
  ODDS (game, "attack ger-16pz 0803", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);   /* across the Zbruch */
  rules_put (game, "ger-bn", 802);
  ODDS (game, "attack ger-16pz+ger-bn 0803", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, 0);    /* not every attacker crosses */

  /* A Soviet defender in a fortified locality: 1L. */
  rules_put (game, "sov-7g", 1008);
  rules_put (game, "ger-371", 1007);
  ODDS (game, "attack ger-371 1008", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);

  /* A German defender in one never taken: 2L; once taken: 1L. */
  rules_put (soviet, "ger-19pz", 1008);
  rules_put (soviet, "sov-6g", 1007);
  ODDS (soviet, "attack sov-6g 1008", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -2);
  g_assert_cmpint (rules_shift (&odds, "13.8.4"), ==, 0);
  rules_put (soviet, "ger-19pz", 1109);
  rules_put (soviet, "sov-7g", 1008);   /* the Soviets take it ... */
  rules_put (soviet, "sov-7g", 1209);   /* ... and leave */
  rules_put (soviet, "ger-19pz", 1008); /* the Germans come back */
  g_assert_cmpint (kessel_game_get_control (soviet, H (soviet, 1008)), ==, KESSEL_SIDE_GERMAN);
  ODDS (soviet, "attack sov-6g 1008", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, 0);
  g_assert_cmpint (rules_shift (&odds, "13.8.4"), ==, -1);
}

/* 13.8.4-1: in a town the DR part of a result is ignored; the DL1 stands. */
static void
test_dr_ignored_in_towns (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) both = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-60r", 404);
  rules_put (game, "ger-19pz", 403);
  rules_put (game, "ger-16pz", 403);
  ODDS (game, "attack ger-19pz+ger-16pz 0404", &odds);   /* 9 to 4, 2:1, town 1L */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DR);
  ACT (game, "attack ger-19pz+ger-16pz 0404");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (rules_hex_of (game, "sov-60r"), ==, 404);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-60r")), ==, 2);

  rules_put (both, "sov-60r", 404);
  rules_put (both, "ger-19pz", 403);
  rules_put (both, "ger-16pz", 403);
  rules_put (both, "ger-509", 403);
  ODDS (both, "attack ger-19pz+ger-16pz+ger-509 0404", &odds);   /* 12 to 4, 3:1, 1L, Tiger 1R */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_3_1);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DL1_DR);
  ACT (both, "attack ger-19pz+ger-16pz+ger-509 0404");
  g_assert_cmpint (kessel_game_get_wait (both), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (rules_hex_of (both, "sov-60r"), ==, 404);
  g_assert_cmpint (kessel_game_get_piece_steps (both, P (both, "sov-60r")), ==, 1);
}

/* 13.9-DR: the German player chooses every retreat, exactly one hex, never
 * into enemy units; enemy zones never block it (7.3-1). 13.10: only
 * attackers advance, before the next combat. */
static void
test_retreat_and_advance (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 708);       /* its zone covers 0707 */
  rules_put (game, "ger-16pz", 1005);
  rules_put (game, "sov-6g", 1006);
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_2);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DR);
  ACT (game, "attack ger-19pz 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "retreat sov-9m 0605", "13.9");   /* German units */
  REFUSE (game, "retreat sov-9m 0608", "13.9");   /* two hexes */
  ACT (game, "retreat sov-9m 0707");              /* into a German zone */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  REFUSE (game, "advance ger-bn", "13.10");
  g_assert_false (LEGAL (game, "attack ger-16pz 1006"));
  ACT (game, "advance ger-19pz");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 606);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  ACT (game, "attack ger-16pz 1006");
}

/* 13.9-DR-4, 12.5-1: a unit that cannot retreat loses a step instead; the
 * 12.5 area is closed to Soviet retreats. */
static void
test_blocked_retreat (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 101);
  rules_put (game, "ger-19pz", 201);
  ACT (game, "attack ger-19pz 0101");
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 101);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-9m")), ==, 1);
  g_assert_true (rules_log_contains (game, "cannot retreat"));
}

/* 13.9-EX-1: both sides lose a step; a German hex loses a mobile unit
 * before its garrison; each owner chooses his own. */
static void
test_exchange_garrison_last (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("6"), KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "ger-tg", 808);
  rules_put (game, "ger-bn", 808);
  rules_put (game, "sov-6g", 807);
  rules_put (game, "sov-7g", 809);
  ODDS (game, "attack sov-6g+sov-7g 0808", &odds);   /* 16 to 3, 5:1, town 1L */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_4_1);
  g_assert_cmpint (odds.results[5], ==, KESSEL_RESULT_EX);
  ACT (game, "attack sov-6g+sov-7g 0808");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ATTACKER_LOSS);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  REFUSE (game, "loss sov-9m", "13.9");
  ACT (game, "loss sov-7g");
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-7g")), ==, 1);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (rules_hex_of (game, "ger-tg"), ==, 808);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
}

/* 13.9-DL1-1: the defender chooses his loss, a mobile unit before a garrison. */
static void
test_defender_loss_choice (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("1"), KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "ger-tg", 808);
  rules_put (game, "ger-bn", 808);
  rules_put (game, "ger-371", 808);
  rules_put (game, "sov-6g", 807);
  rules_put (game, "sov-7g", 909);
  rules_put (game, "sov-9m", 709);
  ODDS (game, "attack sov-6g+sov-7g+sov-9m 0808", &odds);   /* 22 to 7, 3:1, town 1L */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_2_1);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DL1);
  ACT (game, "attack sov-6g+sov-7g+sov-9m 0808");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENDER_LOSS);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "loss ger-tg", "13.9");
  ACT (game, "loss ger-371");
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "ger-371")), ==, 1);
}

/* 13.9-AL1-1: the attacker's loss comes from a unit that attacked. */
static void
test_attacker_loss (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("4"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "ger-16pz", 1005);
  ODDS (game, "attack ger-19pz+ger-bn 0606", &odds);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (odds.results[3], ==, KESSEL_RESULT_AL1);
  ACT (game, "attack ger-19pz+ger-bn 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ATTACKER_LOSS);
  REFUSE (game, "loss ger-16pz", "13.9");
  ACT (game, "loss ger-bn");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
}

/* 13.0-3, 13.0-5, 13.0-6: a unit attacks once a phase and only next to its
 * target; one hex may be attacked again by other units. 13.0-4: units of a
 * stack may attack different hexes. */
static void
test_attack_once_adjacent (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3|3"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 504);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "ger-16pz", 707);
  REFUSE (game, "attack ger-16pz 0504", "13.0");
  REFUSE (game, "attack ger-19pz 0605", "13.0");   /* no enemy there */
  ODDS (game, "attack ger-19pz+ger-bn 0606", &odds);
  g_assert_cmpint (odds.results[2], ==, KESSEL_RESULT_AS);
  ACT (game, "attack ger-19pz+ger-bn 0606");
  REFUSE (game, "attack ger-19pz 0606", "13.0");
  ACT (game, "attack ger-16pz 0606");
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 606);
}

/* 13.1: the 18th AD adds its attack factor from two hexes away when no
 * Soviet unit is next to it, once a phase, and only to an attack of ground units. */
static void
test_18ad_attack_support (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3|3"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;
  KesselAction alone;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 1006);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 1005);
  rules_put (game, "ger-18ad", 604);   /* next to 0606? no: two away */
  g_assert_cmpint (kessel_grid_distance (kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game))),
                                         H (game, 604), H (game, 606)), ==, 2);
  ODDS (game, "attack ger-19pz 0606 support=ger-18ad", &odds);
  g_assert_cmpint (odds.attack_support, ==, 4);
  g_assert_cmpint (odds.attack, ==, 9);

  kessel_action_init (&alone, KESSEL_ACTION_ATTACK);
  alone.hex = H (game, 606);
  alone.support = P (game, "ger-18ad");
  g_assert_false (kessel_game_check (game, &alone, NULL));

  REFUSE (game, "attack ger-16pz 1006 support=ger-18ad", "13.1");   /* four away */
  ACT (game, "attack ger-19pz 0606 support=ger-18ad");
  g_assert_true (kessel_game_piece_has_attacked (game, P (game, "ger-18ad")));
  rules_put (game, "ger-371", 707);
  REFUSE (game, "attack ger-371 0606 support=ger-18ad", "13.1");
}

static void
test_18ad_not_next_to_soviets (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = german_combat (1, 2, KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 504);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-18ad", 604);   /* 0504 and 0604 are neighbours */
  REFUSE (game, "attack ger-19pz 0606 support=ger-18ad", "13.1");

  /* In Storm there are no zones, but attack support still needs no Soviet
   * unit next to it (ruling 13.1-9). */
  rules_put (storm, "sov-9m", 606);
  rules_put (storm, "sov-6g", 504);
  rules_put (storm, "ger-19pz", 605);
  rules_put (storm, "ger-18ad", 604);
  REFUSE (storm, "attack ger-19pz 0606 support=ger-18ad", "13.1");
}

/* 13.1-1, 13.7-1: the 18th AD is mechanized, so it attacks and supports in
 * the mechanized combat phases. */
static void
test_18ad_in_mech_phase (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-371", 607);
  rules_put (game, "ger-18ad", 604);
  REFUSE (game, "attack ger-371 0606", "5.5");
  g_assert_true (LEGAL (game, "attack ger-19pz 0606 support=ger-18ad"));
  rules_put (game, "ger-18ad", 707);
  g_assert_true (LEGAL (game, "attack ger-18ad 0606"));
}

/* 13.1-3: the 18th AD supports a German defence with its attack factor;
 * 13.3-4 the German player may add CAS to a defence. */
static void
test_18ad_defence_support (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("3"), KESSEL_WEATHER_THAW);

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "ger-18ad", 604);
  rules_put (game, "sov-6g", 607);
  ACT (game, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENCE);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "defend cas=4", "13.3");
  ACT (game, "defend cas=2 support=ger-18ad");
  /* 8 against 5 + 4 + 2. */
  g_assert_true (rules_log_contains (game, "8 to 11"));
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 1);
}

/* 13.1-5: attacked in its own hex, the 18th AD defends with its DF. */
static void
test_18ad_own_hex (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "ger-18ad", 606);
  rules_put (game, "sov-6g", 607);
  ODDS (game, "attack sov-6g 0606", &odds);
  g_assert_cmpint (odds.defence, ==, 2);
}

/* 13.2-1, 13.2-2: Soviet artillery attacks only next to its target and
 * stacked with a non-artillery unit. */
static void
test_soviet_artillery_stacked (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-art", 607);
  rules_put (game, "sov-6g", 605);
  REFUSE (game, "attack sov-art 0606", "13.2");
  REFUSE (game, "attack sov-art+sov-6g 0606", "13.2");
  rules_put (game, "sov-art", 605);
  g_assert_true (LEGAL (game, "attack sov-art+sov-6g 0606"));
  rules_put (game, "sov-art", 604);
  rules_put (game, "sov-9m", 604);
  REFUSE (game, "attack sov-art+sov-9m 0606", "13.0");   /* two hexes away */
}

/* 13.2-4: artillery counts no more than the ground units' factors with it. */
static void
test_soviet_artillery_cap (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-art", 605);
  rules_put_steps (game, "sov-60r", 605, 1);   /* 1-1 */
  kessel_game_set_air (game, KESSEL_SIDE_SOVIET, 2);
  ODDS (game, "attack sov-art+sov-60r 0606 cas=2", &odds);
  /* Artillery 4 capped at 1; CAS is not counted toward the cap. */
  g_assert_cmpint (odds.attack, ==, 1 + 1 + 2);
  for (int i = 0; i < odds.n_attackers; i++)
    if (odds.attackers[i].piece == P (game, "sov-art"))
      {
        g_assert_cmpint (odds.attackers[i].factor, ==, 1);
        g_assert_cmpint (odds.attackers[i].printed, ==, 4);
      }
}

/* 13.2-3: a hex of Soviet artillery alone is eliminated without a roll. */
static void
test_soviet_artillery_alone (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-art", 606);
  rules_put (game, "ger-bn", 605);
  ACT (game, "attack ger-bn 0606");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-art")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  ACT (game, "advance ger-bn");
  g_assert_cmpint (rules_hex_of (game, "ger-bn"), ==, 606);
}

/* 13.2-6: the 3GM doubles attacking into clear terrain, even across a river
 * (whose shift still applies), but not into other terrain. */
static void
test_3gm_doubling (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-3gm", 605);
  rules_put (game, "sov-9m", 605);
  ODDS (game, "attack sov-3gm+sov-9m 0606", &odds);
  g_assert_cmpint (odds.attack, ==, 6 + 6);

  rules_put (game, "ger-16pz", 907);   /* forest */
  rules_put (game, "sov-3gm", 906);
  rules_put (game, "sov-9m", 906);
  ODDS (game, "attack sov-3gm+sov-9m 0907", &odds);
  g_assert_cmpint (odds.attack, ==, 3 + 6);

  rules_put (game, "ger-371", 803);    /* clear, across the Zbruch */
  rules_put (game, "sov-3gm", 703);
  rules_put (game, "sov-9m", 703);
  ODDS (game, "attack sov-3gm+sov-9m 0803", &odds);
  g_assert_cmpint (odds.attack, ==, 6 + 6);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);
}

/* 13.3: CAS adds 1 a marker, only for the side with air superiority, never
 * in Storm, never beyond the markers left, and never without ground units. */
static void
test_cas (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = german_combat (1, 2, KESSEL_WEATHER_STORM);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;
  KesselAction alone;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  REFUSE (game, "attack ger-19pz 0606 cas=1", "13.3");
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  ODDS (game, "attack ger-19pz 0606 cas=2", &odds);
  g_assert_cmpint (odds.attack_cas, ==, 2);
  g_assert_cmpint (odds.attack, ==, 5 + 2);
  REFUSE (game, "attack ger-19pz 0606 cas=4", "13.3");
  kessel_action_init (&alone, KESSEL_ACTION_ATTACK);
  alone.hex = H (game, 606);
  alone.cas = 1;
  g_assert_false (kessel_game_check (game, &alone, NULL));
  ACT (game, "attack ger-19pz 0606 cas=2");
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 1);
  REFUSE (game, "attack ger-16pz 0606 cas=2", "13.3");

  rules_put (storm, "sov-9m", 606);
  rules_put (storm, "ger-19pz", 605);
  kessel_game_set_air (storm, KESSEL_SIDE_GERMAN, 3);
  REFUSE (storm, "attack ger-19pz 0606 cas=1", "13.3");

  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-9m", 605);
  kessel_game_set_air (soviet, KESSEL_SIDE_GERMAN, 3);
  REFUSE (soviet, "attack sov-9m 0606 cas=1", "13.3");
  kessel_game_set_air (soviet, KESSEL_SIDE_SOVIET, 3);
  ODDS (soviet, "attack sov-9m 0606 cas=3", &odds);
  g_assert_cmpint (odds.attack, ==, 6 + 3);
}

/* 13.4: a German attack on a hex within two of a KG marker shifts 1R, a
 * Soviet attack on such a German hex 1L, in Storm too; one KG a combat,
 * each KG once a combat phase. */
static void
test_kg_combat_bonus (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3|3"), 3, KESSEL_WEATHER_STORM);
  g_autoptr(KesselGame) soviet = rules_position ("rules.kessel", 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 1006);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  rules_put (game, "ger-371", 1005);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 903));   /* three away */
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 608));   /* two away */
  kessel_game_set_kg (game, KESSEL_KG_GOLNICK, H (game, 606));  /* in the hex itself */
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
  ACT (game, "attack ger-19pz 0606");
  /* One of the two KGs gave its bonus; the other still can. */
  ODDS (game, "attack ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
  ACT (game, "attack ger-16pz 0606");
  /* Both have given theirs this phase. */
  kessel_game_set_kg (game, KESSEL_KG_CHEVALLERIE, H (game, 903));
  rules_put (game, "ger-bn", 607);
  ODDS (game, "attack ger-bn 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);

  rules_clear (soviet);
  rules_order (soviet, "fight-move");
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 605);
  kessel_game_set_kg (soviet, KESSEL_KG_BREITH, H (soviet, 608));
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, -1);
}

/* 13.5: the Tigers shift 1 in the German favour when with a German division:
 * attacking, the division must attack too (ruling 13.5-3). */
static void
test_tiger (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-509", 605);
  rules_put (game, "ger-16pz", 605);
  rules_put (game, "ger-bn", 605);
  ODDS (game, "attack ger-509+ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);
  ODDS (game, "attack ger-509+ger-bn 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 0);
  rules_put (game, "ger-19pz", 607);
  ODDS (game, "attack ger-509+ger-19pz 0606", &odds);   /* the division is elsewhere */
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 0);

  rules_put (soviet, "ger-509", 606);
  rules_put (soviet, "ger-16pz", 606);
  rules_put (soviet, "sov-6g", 605);
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, -1);
}

/* 13.6: German units probe an empty hex in a Soviet zone next to them: they
 * advance without odds or die, and that is their attack. */
static void
test_probe (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = german_combat (1, 2, KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 604);
  rules_put (game, "ger-509", 604);
  rules_put (game, "ger-bn", 503);
  REFUSE (game, "probe ger-19pz 0606", "13.6");   /* occupied */
  REFUSE (game, "probe ger-19pz 0603", "13.6");   /* no Soviet zone */
  REFUSE (game, "probe ger-bn 0605", "13.6");     /* not next to it */
  ACT (game, "probe ger-19pz+ger-509 0605");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);
  g_assert_cmpint (rules_hex_of (game, "ger-509"), ==, 605);
  g_assert_cmpint (kessel_game_get_control (game, H (game, 605)), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "attack ger-19pz 0606", "13.0");

  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-9m", 604);
  REFUSE (soviet, "probe sov-9m 0605", "13.6");

  rules_put (storm, "sov-9m", 606);
  rules_put (storm, "ger-19pz", 604);
  REFUSE (storm, "probe ger-19pz 0605", "13.6");
}

/* 13.6-3, 5.5-3: mechanized units probe in the mechanized combat phases;
 * others do not attack there at all. */
static void
test_probe_mech_phase (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 604);
  rules_put (game, "ger-371", 507);
  REFUSE (game, "probe ger-371 0607", "5.5");
  ACT (game, "probe ger-19pz 0605");
}

/* 13.1-8: the 18th AD supports one defence per Soviet combat phase. */
static void
test_18ad_one_defence_per_phase (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 1);   /* something left to add */
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "ger-371", 604);
  rules_put (game, "ger-18ad", 505);
  rules_put (game, "sov-60r", 607);
  rules_put (game, "sov-61r", 603);
  ACT (game, "attack sov-60r 0606");   /* 4 to 5 + 4: automatic AL1 */
  ACT (game, "defend support=ger-18ad");
  g_assert_true (rules_log_contains (game, "automatic AL1"));
  while (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
    ACT (game, "end");
  ACT (game, "attack sov-61r 0604");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENCE);
  REFUSE (game, "defend support=ger-18ad", "13.1");
  g_assert_true (LEGAL (game, "defend cas=1"));
}

/* 13.0-2: all the units in the defending hex defend together, and a
 * retreat moves each of them. */
static void
test_hex_defends_together (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-60r", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 506);
  ODDS (game, "attack ger-19pz+ger-16pz 0606", &odds);
  g_assert_cmpint (odds.n_defenders, ==, 2);
  g_assert_cmpint (odds.defence, ==, 6 + 4);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_2);
  ACT (game, "attack ger-19pz+ger-16pz 0606");   /* die 1: DR */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  ACT (game, "retreat sov-9m 0707");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  ACT (game, "retreat sov-60r 0706");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  g_assert_cmpint (kessel_game_get_hex_occupant (game, H (game, 606)), ==, KESSEL_SIDE_NONE);
}

/* 13.9-DR-7: a unit that retreats into a hex attacked later in the phase
 * adds its defence there. */
static void
test_retreated_unit_defends_again (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-60r", 707);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 708);
  ODDS (game, "attack ger-bn 0707", &odds);
  g_assert_cmpint (odds.defence, ==, 4);
  ACT (game, "attack ger-19pz 0606");            /* 5 to 6, die 1: DR */
  ACT (game, "retreat sov-9m 0707");
  ACT (game, "end");                              /* no advance */
  ODDS (game, "attack ger-bn 0707", &odds);
  g_assert_cmpint (odds.n_defenders, ==, 2);
  g_assert_cmpint (odds.defence, ==, 4 + 6);
}

/* 6.3-1: once an attack is declared and the stack revealed, it cannot be
 * called off: the attacker has nothing to do but wait for its result. */
static void
test_attack_not_called_off (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
  g_autoptr(GArray) actions = NULL;

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 1);   /* the German player has a choice */
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "ger-371", 606);
  rules_put (game, "sov-6g", 607);
  g_assert_false (kessel_game_piece_visible_to (game, P (game, "ger-19pz"), KESSEL_SIDE_SOVIET));
  ACT (game, "attack sov-6g 0606");
  g_assert_true (kessel_game_piece_visible_to (game, P (game, "ger-19pz"), KESSEL_SIDE_SOVIET));
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  g_assert_false (kessel_game_can_undo (game));
  actions = kessel_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    g_assert_cmpint (g_array_index (actions, KesselAction, i).type, ==, KESSEL_ACTION_DEFEND);
  g_assert_false (LEGAL (game, "end"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/13.8/odds-rounding", test_odds_rounding);
  g_test_add_func ("/rules/13.8.1/automatic-results", test_automatic_results);
  g_test_add_func ("/rules/13.8.1/shifts-clamped", test_shifts_clamped);
  g_test_add_func ("/rules/13.8.2/concentric-opposite", test_concentric_opposite);
  g_test_add_func ("/rules/13.8.2/concentric-alternating", test_concentric_alternating);
  g_test_add_func ("/rules/13.8.2/concentric-four", test_concentric_four);
  g_test_add_func ("/rules/13.8.2/town-and-soviet", test_concentric_town_and_soviet);
  g_test_add_func ("/rules/13.8.3/terrain-shifts", test_terrain_shifts);
  g_test_add_func ("/rules/13.8.4/dr-ignored-in-towns", test_dr_ignored_in_towns);
  g_test_add_func ("/rules/13.9/retreat-and-advance", test_retreat_and_advance);
  g_test_add_func ("/rules/13.9/blocked-retreat-extra-loss", test_blocked_retreat);
  g_test_add_func ("/rules/13.9/exchange-garrison-last", test_exchange_garrison_last);
  g_test_add_func ("/rules/13.9/defender-loss-mobile-first", test_defender_loss_choice);
  g_test_add_func ("/rules/13.9/attacker-loss", test_attacker_loss);
  g_test_add_func ("/rules/13.0/attack-once-adjacent", test_attack_once_adjacent);
  g_test_add_func ("/rules/13.1/attack-support", test_18ad_attack_support);
  g_test_add_func ("/rules/13.1/not-next-to-soviets", test_18ad_not_next_to_soviets);
  g_test_add_func ("/rules/13.1/mechanized-phase", test_18ad_in_mech_phase);
  g_test_add_func ("/rules/13.1/defence-support", test_18ad_defence_support);
  g_test_add_func ("/rules/13.1/own-hex-defence", test_18ad_own_hex);
  g_test_add_func ("/rules/13.2/artillery-stacked", test_soviet_artillery_stacked);
  g_test_add_func ("/rules/13.2/artillery-cap", test_soviet_artillery_cap);
  g_test_add_func ("/rules/13.2/artillery-alone-eliminated", test_soviet_artillery_alone);
  g_test_add_func ("/rules/13.2/3gm-doubling", test_3gm_doubling);
  g_test_add_func ("/rules/13.3/cas", test_cas);
  g_test_add_func ("/rules/13.4/kg-combat-bonus", test_kg_combat_bonus);
  g_test_add_func ("/rules/13.5/tiger", test_tiger);
  g_test_add_func ("/rules/13.6/probe", test_probe);
  g_test_add_func ("/rules/13.6/mech-phase-probe", test_probe_mech_phase);
  g_test_add_func ("/rules/13.1/18ad-one-defence-per-phase", test_18ad_one_defence_per_phase);
  g_test_add_func ("/rules/13.0/hex-defends-together", test_hex_defends_together);
  g_test_add_func ("/rules/13.9/retreated-unit-defends-again", test_retreated_unit_defends_again);
  g_test_add_func ("/rules/6.3/attack-not-called-off", test_attack_not_called_off);
  return g_test_run ();
}
