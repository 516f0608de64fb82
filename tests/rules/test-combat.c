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
 * fortified localities. */
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

  /* A German defender in one: 2L. */
  rules_put (soviet, "ger-19pz", 1008);
  rules_put (soviet, "sov-6g", 1007);
  ODDS (soviet, "attack sov-6g 1008", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -2);
  g_assert_cmpint (rules_shift (&odds, "13.8.4"), ==, 0);
}

/* 13.8.4-2: a fortified locality the Soviets took is just a town for the
 * rest of the game: the Germans defending it again get 1L, not 2L. */
static void
test_captured_fortified_locality (void)
{
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (soviet, "sov-6g", 1007);
  rules_put (soviet, "ger-19pz", 1109);
  rules_put (soviet, "sov-7g", 1008);   /* the Soviets take it ... */
  rules_put (soviet, "sov-7g", 1209);   /* ... and leave */
  rules_put (soviet, "ger-19pz", 1008); /* the Germans come back */
  g_assert_cmpint (kessel_game_get_control (soviet, H (soviet, 1008)), ==, KESSEL_SIDE_GERMAN);
  ODDS (soviet, "attack sov-6g 1008", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, 0);
  g_assert_cmpint (rules_shift (&odds, "13.8.4"), ==, -1);
}

/* 13.9-DR-5: units in a town do not retreat and lose nothing for it. */
static void
test_no_retreat_from_town (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
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
}

/* 13.8.4-1: in a town the DR part of a result is ignored, the DR half of a
 * DL1+DR too, while its DL1 stands. */
static void
test_dr_ignored_in_towns (void)
{
  g_autoptr(KesselGame) both = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

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

/* 19 Pz has attacked 9 Mech in 0606, die 1: DR; Bn's zone covers 0707. */
static KesselGame *
retreat_due (void)
{
  KesselGame *game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 708);
  rules_put (game, "ger-16pz", 1005);
  rules_put (game, "sov-6g", 1006);
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_2);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DR);
  ACT (game, "attack ger-19pz 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  return game;
}

/* 13.9-DR-1: the German player chooses the retreat, exactly one hex, and
 * never into enemy units. */
static void
test_retreat_and_advance (void)
{
  g_autoptr(KesselGame) game = retreat_due ();

  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "retreat sov-9m 0605", "13.9");   /* German units */
  REFUSE (game, "retreat sov-9m 0608", "13.9");   /* two hexes */
  ACT (game, "retreat sov-9m 0707");
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 707);
}

/* 13.9-DR-6: an enemy zone never blocks a retreat: the unit retreats into
 * one and loses nothing. */
static void
test_retreat_into_ezoc (void)
{
  g_autoptr(KesselGame) game = retreat_due ();

  g_assert_true (kessel_game_in_zoc_of (game, H (game, 707), KESSEL_SIDE_GERMAN));
  ACT (game, "retreat sov-9m 0707");
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 707);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-9m")), ==, 2);
}

/* 7.3-1: zones of control affect neither retreat nor advance: the retreat
 * ends in a German zone, the advance enters a Soviet one. */
static void
test_zoc_and_combat_moves (void)
{
  g_autoptr(KesselGame) game = retreat_due ();

  ACT (game, "retreat sov-9m 0707");
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 606), KESSEL_SIDE_SOVIET));
  ACT (game, "advance ger-19pz");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 606);
}

/* 13.10-1: only units that attacked advance into the emptied hex, and the
 * advance is settled before the next combat. */
static void
test_advance_before_next_combat (void)
{
  g_autoptr(KesselGame) game = retreat_due ();

  ACT (game, "retreat sov-9m 0707");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  REFUSE (game, "advance ger-bn", "13.10");
  g_assert_false (LEGAL (game, "attack ger-16pz 1006"));
  ACT (game, "advance ger-19pz");
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

/* 9 Mech in 0606 and 6G in 0504; 19 Pz and Bn in 0605, 16 Pz in 0707. */
static KesselGame *
two_targets (const char *dice)
{
  KesselGame *game = german_combat (rules_seed_for (dice), 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 504);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "ger-16pz", 707);
  return game;
}

/* 13.0-3: a unit uses its whole factor in one combat, so it attacks once a
 * phase. */
static void
test_attack_once_adjacent (void)
{
  g_autoptr(KesselGame) game = two_targets ("3|3");
  KesselCombatOdds odds;

  ODDS (game, "attack ger-19pz+ger-bn 0606", &odds);
  g_assert_cmpint (odds.results[2], ==, KESSEL_RESULT_AS);
  ACT (game, "attack ger-19pz+ger-bn 0606");
  REFUSE (game, "attack ger-19pz 0606", "13.0");
  REFUSE (game, "attack ger-bn 0504", "13.0");
}

/* 13.0-5: attacks go only against adjacent hexes held by the enemy. */
static void
test_attack_adjacent_enemy_only (void)
{
  g_autoptr(KesselGame) game = two_targets ("3|3");

  REFUSE (game, "attack ger-16pz 0504", "13.0");
  REFUSE (game, "attack ger-19pz 0605", "13.0");   /* no enemy there */
  REFUSE (game, "attack ger-16pz 0605", "13.0");
  g_assert_true (LEGAL (game, "attack ger-16pz 0606"));
}

/* 13.0-6 (ruling): one hex may be attacked again in the phase by other units. */
static void
test_hex_attacked_again (void)
{
  g_autoptr(KesselGame) game = two_targets ("3|3");

  ACT (game, "attack ger-19pz+ger-bn 0606");   /* stalled */
  ACT (game, "attack ger-16pz 0606");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 2);
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 606);
}

/* 13.0-4: units of one stack may attack different hexes, or not attack. */
static void
test_stack_splits_its_attacks (void)
{
  g_autoptr(KesselGame) game = two_targets ("2");
  KesselCombatOdds odds;

  rules_put (game, "sov-6g", 604);   /* next to the stack in 0605 too */
  ODDS (game, "attack ger-19pz 0606", &odds);   /* 5 to 6, 1:2 */
  g_assert_cmpint (odds.results[1], ==, KESSEL_RESULT_AS);
  ACT (game, "attack ger-19pz 0606");
  g_assert_true (LEGAL (game, "attack ger-bn 0604"));
  g_assert_false (kessel_game_piece_has_attacked (game, P (game, "ger-bn")));
  ACT (game, "end");   /* Bn need not attack at all */
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
}

/* 13.1-2: the 18th AD adds its attack factor from two hexes away when no
 * Soviet unit is next to it, once a phase, and only to an attack of ground
 * units; 13.8-2 the attack total is the attackers' factors plus the support. */
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

/* 13.1-2: no attack support with a Soviet unit next to the 18th AD (in
 * Thaw that also puts it in an enemy zone, 13.1-7). */
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
 * 13.3-4 the German player may add CAS to a defence, 13.3-6 once the attack
 * is declared; 13.8-2 the defence total is the hex's factors plus both. */
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

/* 13.1-3, 13.3-4, 13.8-2: before a Soviet attack is declared, the odds the
 * German player may bring it to with every support he may add: the air
 * markers left and the 18th AD's attack factor; the support he then may
 * commit is legal, and gives those odds. */
static void
test_18ad_defence_support_foreseen (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("3"), KESSEL_WEATHER_THAW);
  KesselCombatOdds declared, supported;
  KesselAction attack, defence;
  g_autofree char *defence_text = NULL;

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "ger-18ad", 604);
  rules_put (game, "sov-6g", 607);
  ODDS (game, "attack sov-6g 0606", &declared);
  rules_parse (game, "attack sov-6g 0606", &attack, __FILE__, __LINE__);
  g_assert_true (kessel_game_get_supported_defence_odds (game, &attack, &defence, &supported, NULL));
  g_assert_cmpint (defence.type, ==, KESSEL_ACTION_DEFEND);
  g_assert_cmpint (defence.cas, ==, 3);
  g_assert_cmpint (defence.support, ==, P (game, "ger-18ad"));
  /* 8 against 5, and against 5 + 4 + 3. */
  g_assert_cmpint (declared.attack, ==, 8);
  g_assert_cmpint (declared.defence, ==, 5);
  g_assert_cmpint (supported.attack, ==, 8);
  g_assert_cmpint (supported.defence, ==, 12);
  g_assert_cmpint (supported.defence_cas, ==, 3);
  g_assert_cmpint (supported.defence_support, ==, 4);
  g_assert_cmpint (supported.raw, <, declared.raw);
  g_assert_cmpint (supported.final, <=, declared.final);

  ACT (game, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENCE);
  defence_text = kessel_game_action_to_string (game, &defence);
  ACT (game, defence_text);
  g_assert_true (rules_log_contains (game, "8 to 12"));
}

/* 13.1-7, 13.3-1: nothing to add, the odds stay as declared: the 18th AD in
 * an enemy zone, no German air superiority; and a German attack, where the
 * Soviet defender never adds support. */
static void
test_no_defence_support_foreseen (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) german = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds declared, supported;
  KesselAction attack, defence;

  kessel_game_set_air (game, KESSEL_SIDE_SOVIET, 3);
  rules_put (game, "ger-19pz", 606);
  rules_put (game, "ger-18ad", 604);
  rules_put (game, "sov-6g", 607);
  rules_put (game, "sov-7g", 504);
  ODDS (game, "attack sov-6g 0606 cas=2", &declared);
  rules_parse (game, "attack sov-6g 0606 cas=2", &attack, __FILE__, __LINE__);
  g_assert_true (kessel_game_get_supported_defence_odds (game, &attack, &defence, &supported, NULL));
  g_assert_cmpint (defence.cas, ==, 0);
  g_assert_cmpint (defence.support, ==, -1);
  g_assert_cmpint (supported.defence, ==, declared.defence);
  g_assert_cmpint (supported.final, ==, declared.final);

  kessel_game_set_air (german, KESSEL_SIDE_GERMAN, 2);
  rules_put (german, "ger-19pz", 606);
  rules_put (german, "ger-18ad", 408);
  rules_put (german, "sov-6g", 607);
  rules_parse (german, "attack ger-19pz 0607", &attack, __FILE__, __LINE__);
  g_assert_true (kessel_game_get_supported_defence_odds (german, &attack, &defence, &supported, NULL));
  g_assert_cmpint (defence.cas, ==, 0);
  g_assert_cmpint (defence.support, ==, -1);

  /* An attack the rules refuse has no odds. */
  rules_parse (game, "attack sov-6g 0605", &attack, __FILE__, __LINE__);
  g_assert_false (kessel_game_get_supported_defence_odds (game, &attack, &defence, &supported, NULL));
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

/* 13.2-2: Soviet artillery attacks only stacked with a non-artillery unit. */
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
}

/* 13.2-1: Soviet artillery has no range of two: it attacks only next to
 * its target. */
static void
test_soviet_artillery_adjacent (void)
{
  g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-art", 604);
  rules_put (game, "sov-9m", 604);
  REFUSE (game, "attack sov-art+sov-9m 0606", "13.0");   /* two hexes away */
  rules_put (game, "sov-art", 605);
  rules_put (game, "sov-9m", 605);
  g_assert_true (LEGAL (game, "attack sov-art+sov-9m 0606"));
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

static int
rules_factor_of (const KesselContribution *list, int n, int piece)
{
  for (int i = 0; i < n; i++)
    if (list[i].piece == piece)
      return list[i].factor;
  g_error ("unit %d takes no part in the combat", piece);
  return -1;
}

/* 13.2-4: the cap holds in defence too: a 1-1 rifle corps stacked with an
 * artillery division of defence 2, attacked by 8, is 8 to 2 (4:1), not 8 to
 * 3; the odds shown before the attack are those the combat is resolved at. */
static void
test_soviet_artillery_cap_in_defence (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-art", 606);
  rules_put_steps (game, "sov-60r", 606, 1);   /* 1-1 */
  rules_put (game, "ger-16pz", 605);           /* 4 */
  rules_put (game, "ger-509", 605);            /* 3 */
  rules_put (game, "ger-bn", 605);             /* 1 */
  ODDS (game, "attack ger-16pz+ger-509+ger-bn 0606", &odds);
  g_assert_cmpint (odds.attack, ==, 8);
  g_assert_cmpint (odds.defence, ==, 2);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_4_1);
  g_assert_cmpint (rules_factor_of (odds.defenders, odds.n_defenders, P (game, "sov-art")), ==, 1);
  for (int i = 0; i < odds.n_defenders; i++)
    if (odds.defenders[i].piece == P (game, "sov-art"))
      g_assert_nonnull (strstr (odds.defenders[i].note, "(13.2)"));
  ACT (game, "attack ger-16pz+ger-509+ger-bn 0606");
  g_assert_true (rules_log_contains (game, "8 to 2, 4:1"));
}

/* 13.2-4 with 13.2-6: the 3GM never doubles in defence, and is capped there
 * like any artillery; attacking, it is capped after its doubling. */
static void
test_3gm_capped (void)
{
  g_autoptr(KesselGame) defence = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) attack = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (defence, "sov-3gm", 606);          /* clear */
  rules_put_steps (defence, "sov-60r", 606, 1);
  rules_put (defence, "ger-16pz", 605);
  ODDS (defence, "attack ger-16pz 0606", &odds);
  g_assert_cmpint (odds.defence, ==, 1 + 1);

  rules_put (attack, "ger-19pz", 606);
  rules_put (attack, "sov-3gm", 605);
  rules_put_steps (attack, "sov-60r", 605, 1);
  ODDS (attack, "attack sov-3gm+sov-60r 0606", &odds);
  /* Doubled to 6, then capped at 1; capping first would give 1 doubled. */
  g_assert_cmpint (rules_factor_of (odds.attackers, odds.n_attackers, P (attack, "sov-3gm")), ==, 1);
  g_assert_cmpint (odds.attack, ==, 1 + 1);
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

/* 9 Mech in 0606 between 19 Pz (0605) and 16 Pz (0607), the German player
 * holding three air markers. */
static KesselGame *
air_combat (void)
{
  KesselGame *game = german_combat (rules_seed_for ("3"), 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  return game;
}

/* 13.3-2: each CAS marker adds 1 to its side's total. */
static void
test_cas (void)
{
  g_autoptr(KesselGame) game = air_combat ();
  KesselCombatOdds odds;

  ODDS (game, "attack ger-19pz 0606 cas=2", &odds);
  g_assert_cmpint (odds.attack_cas, ==, 2);
  g_assert_cmpint (odds.attack, ==, 5 + 2);
}

/* 13.3-5: any number of markers may go into one combat, each marker into
 * one combat a turn. */
static void
test_cas_markers_once (void)
{
  g_autoptr(KesselGame) game = air_combat ();

  REFUSE (game, "attack ger-19pz 0606 cas=4", "13.3");
  g_assert_true (LEGAL (game, "attack ger-19pz 0606 cas=3"));
  ACT (game, "attack ger-19pz 0606 cas=2");
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 1);
  REFUSE (game, "attack ger-16pz 0606 cas=2", "13.3");
  g_assert_true (LEGAL (game, "attack ger-16pz 0606 cas=1"));
}

/* 13.3-7: air markers are not units: they never attack alone. */
static void
test_cas_never_alone (void)
{
  g_autoptr(KesselGame) game = air_combat ();
  KesselAction alone;

  kessel_action_init (&alone, KESSEL_ACTION_ATTACK);
  alone.hex = H (game, 606);
  alone.cas = 1;
  g_assert_false (kessel_game_check (game, &alone, NULL));
}

/* 13.3-1: CAS only for the side with air superiority, and never in Storm. */
static void
test_cas_air_superiority_and_storm (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = german_combat (1, 2, KESSEL_WEATHER_STORM);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  REFUSE (game, "attack ger-19pz 0606 cas=1", "13.3");

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

/* 9 Mech in 0606 between 19 Pz and 16 Pz, in Storm on turn 3. */
static KesselGame *
kg_combat (void)
{
  KesselGame *game = german_combat (rules_seed_for ("3|3"), 3, KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 1006);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  rules_put (game, "ger-371", 1005);
  return game;
}

/* 13.4-1: a German attack on a hex within two of a KG marker (the KG's own
 * hex not counted) shifts one column right. */
static void
test_kg_combat_bonus (void)
{
  g_autoptr(KesselGame) game = kg_combat ();
  KesselCombatOdds odds;

  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 903));   /* three away */
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 608));   /* two away */
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
}

/* 13.4-4: at most one KG bonus a combat, however many KGs are in range; the
 * other keeps its bonus for another combat. */
static void
test_one_kg_a_combat (void)
{
  g_autoptr(KesselGame) game = kg_combat ();
  KesselCombatOdds odds;

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
}

/* 13.4-2: a Soviet attack on a German hex within two of a KG marker shifts
 * one column left. */
static void
test_kg_defence_bonus (void)
{
  g_autoptr(KesselGame) soviet = rules_position ("rules.kessel", 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_clear (soviet);
  rules_order (soviet, "fight-move");
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 605);
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);
  kessel_game_set_kg (soviet, KESSEL_KG_BREITH, H (soviet, 608));
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, -1);
}

/* 509 and 16 Pz stacked with Bn in 0605 next to 9 Mech. */
static KesselGame *
tiger_combat (void)
{
  KesselGame *game = german_combat (1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-509", 605);
  rules_put (game, "ger-16pz", 605);
  rules_put (game, "ger-bn", 605);
  return game;
}

/* 13.5-3 (ruling): attacking, the Tigers shift only if the division they
 * stand with attacks too; a division in another hex does not count. */
static void
test_tiger_needs_attacking_division (void)
{
  g_autoptr(KesselGame) game = tiger_combat ();
  KesselCombatOdds odds;

  ODDS (game, "attack ger-509+ger-bn 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 0);
  rules_put (game, "ger-19pz", 607);
  ODDS (game, "attack ger-509+ger-19pz 0606", &odds);   /* the division is elsewhere */
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 0);
}

/* 13.5-1: Tigers stacked with a German division shift one column in the
 * German favour, attacking or defending. */
static void
test_tiger (void)
{
  g_autoptr(KesselGame) game = tiger_combat ();
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  ODDS (game, "attack ger-509+ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);

  rules_put (soviet, "ger-509", 606);
  rules_put (soviet, "ger-16pz", 606);
  rules_put (soviet, "sov-6g", 605);
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, -1);
}

/* 13.6-1: German units probe an empty hex in a Soviet zone; 13.6-4 next to
 * them, not in Storm, taking control. */
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
  g_assert_cmpint (kessel_game_get_control (game, H (game, 605)), ==, KESSEL_SIDE_GERMAN);

  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-9m", 604);
  REFUSE (soviet, "probe sov-9m 0605", "13.6");

  rules_put (storm, "sov-9m", 606);
  rules_put (storm, "ger-19pz", 604);
  REFUSE (storm, "probe ger-19pz 0605", "13.6");
}

/* 13.6-2: a probing stack advances into the hex with no odds and no die,
 * and the probe is its attack for the phase. */
static void
test_probe_resolution (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;
  KesselAction probe;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 604);
  rules_put (game, "ger-509", 604);
  rules_parse (game, "probe ger-19pz+ger-509 0605", &probe, __FILE__, __LINE__);
  g_assert_false (kessel_game_get_odds (game, &probe, &odds, NULL));
  ACT (game, "probe ger-19pz+ger-509 0605");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);
  g_assert_cmpint (rules_hex_of (game, "ger-509"), ==, 605);
  REFUSE (game, "attack ger-19pz 0606", "13.0");
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

/* 9 Mech and 60 R in 0606 attacked by 19 Pz and 16 Pz, die 1. */
static KesselGame *
stack_attacked (void)
{
  KesselGame *game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-60r", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 506);
  return game;
}

/* 13.0-2: all the units in the defending hex defend together, and the
 * result strikes all of them: a retreat moves each. */
static void
test_hex_defends_together (void)
{
  g_autoptr(KesselGame) game = stack_attacked ();
  KesselCombatOdds odds;

  ODDS (game, "attack ger-19pz+ger-16pz 0606", &odds);
  g_assert_cmpint (odds.n_defenders, ==, 2);
  g_assert_cmpint (odds.defence, ==, 6 + 4);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_2);
  ACT (game, "attack ger-19pz+ger-16pz 0606");   /* die 1: DR */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  ACT (game, "retreat sov-9m 0707");
  ACT (game, "retreat sov-60r 0707");
  g_assert_cmpint (kessel_game_get_hex_occupant (game, H (game, 606)), ==, KESSEL_SIDE_NONE);
}

/* 13.9-DR-2: units of one stack may retreat to different hexes. */
static void
test_retreat_to_different_hexes (void)
{
  g_autoptr(KesselGame) game = stack_attacked ();

  ACT (game, "attack ger-19pz+ger-16pz 0606");   /* die 1: DR */
  ACT (game, "retreat sov-9m 0707");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  ACT (game, "retreat sov-60r 0706");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 707);
  g_assert_cmpint (rules_hex_of (game, "sov-60r"), ==, 706);
}

/* 13.9-DR-4: after one defender could not retreat and lost a step instead,
 * the next still has its retreat to make, and the actions offered are his. */
static void
test_retreat_after_blocked_defender (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  const KesselGrid *grid = kessel_map_get_grid (map);
  const char *blockers[] = { "ger-19pz", "ger-16pz", "ger-371", "ger-bn" };
  int around[KESSEL_N_DIRECTIONS], open_a, open_b, art = P (game, "sov-art");
  g_autoptr(GArray) actions = NULL;
  g_autofree char *attack = NULL, *retreat = NULL;
  KesselCombatOdds odds;

  g_assert_cmpint (kessel_grid_neighbours (grid, H (game, 606), around), ==, KESSEL_N_DIRECTIONS);
  open_a = kessel_grid_hex_number (grid, around[0]);
  open_b = kessel_grid_hex_number (grid, around[1]);
  for (int i = 0; i < 4; i++)
    kessel_game_set_piece (game, P (game, blockers[i]), around[2 + i], kessel_game_get_piece_full_steps (game, P (game, blockers[i])));
  rules_put (game, "sov-9m", 606);     /* 2 steps: fits only beside 7G */
  rules_put (game, "sov-6g", 606);     /* 2 steps: then fits nowhere */
  rules_put (game, "sov-art", 606);    /* artillery counts apart (6.2) */
  rules_put (game, "sov-7g", open_a);
  rules_put (game, "sov-60r", open_b);
  rules_put (game, "sov-61r", open_b);
  attack = g_strdup ("attack ger-19pz+ger-16pz+ger-371 0606");
  ODDS (game, attack, &odds);
  g_assert_true (odds.results[0] == KESSEL_RESULT_DR);
  ACT (game, attack);                                       /* die 1: DR */
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, open_a);
  g_assert_cmpint (rules_hex_of (game, "sov-6g"), ==, 606);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-6g")), ==, 1);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);

  actions = kessel_game_list_actions (game);
  g_assert_cmpuint (actions->len, ==, 2);
  for (guint i = 0; i < actions->len; i++)
    g_assert_cmpint (g_array_index (actions, KesselAction, i).units[0], ==, art);
  retreat = g_strdup_printf ("retreat sov-art %04d", open_b);
  ACT (game, retreat);
  g_assert_cmpint (rules_hex_of (game, "sov-art"), ==, open_b);
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

/* 3.3-3: a retreat, an advance and a probe take control of the hex entered;
 * a zone of control alone never does. */
static void
test_control_by_combat_moves (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 807);
  rules_put (game, "ger-19pz", 907);
  rules_put (game, "ger-bn", 707);
  kessel_game_set_control (game, H (game, 909), KESSEL_SIDE_GERMAN);
  g_assert_cmpint (kessel_game_get_control (game, H (game, 807)), ==, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_control (game, H (game, 808)), ==, KESSEL_SIDE_GERMAN);
  ACT (game, "attack ger-19pz 0807");   /* 5 to 6, 1:2, die 1: DR */
  ACT (game, "retreat sov-9m 0808");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 808)), ==, KESSEL_SIDE_SOVIET);
  /* 0909 is now in the Soviet zone, and stays German. */
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 909), KESSEL_SIDE_SOVIET));
  g_assert_cmpint (kessel_game_get_control (game, H (game, 909)), ==, KESSEL_SIDE_GERMAN);
  ACT (game, "advance ger-19pz");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 807)), ==, KESSEL_SIDE_GERMAN);
  kessel_game_set_control (game, H (game, 708), KESSEL_SIDE_SOVIET);
  ACT (game, "probe ger-bn 0708");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 708)), ==, KESSEL_SIDE_GERMAN);
}

/* 13.0-1: combat is voluntary: a part may end with units next to the enemy
 * that have not attacked. */
static void
test_combat_voluntary (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  g_assert_true (LEGAL (game, "attack ger-19pz 0606"));
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  g_assert_false (kessel_game_piece_has_attacked (game, P (game, "ger-19pz")));
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);

  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 605);
  g_assert_true (LEGAL (soviet, "attack sov-6g 0606"));
  ACT (soviet, "end");
  g_assert_cmpint (kessel_game_get_segment (soviet), ==, KESSEL_SEGMENT_MOVEMENT);
  g_assert_cmpint (kessel_game_get_piece_steps (soviet, P (soviet, "ger-19pz")), ==, 2);
}

/* 13.1-2, 13.1-3: the 18th AD adds its current attack factor, to an attack
 * and to a defence alike: reduced, 2 rather than 4. */
static void
test_18ad_current_factor (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put_steps (game, "ger-18ad", 604, 1);   /* 2-1 */
  ODDS (game, "attack ger-19pz 0606 support=ger-18ad", &odds);
  g_assert_cmpint (odds.attack_support, ==, 2);
  g_assert_cmpint (odds.attack, ==, 5 + 2);

  rules_put (soviet, "ger-19pz", 606);
  rules_put_steps (soviet, "ger-18ad", 604, 1);
  rules_put (soviet, "sov-6g", 607);
  ACT (soviet, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (soviet), ==, KESSEL_WAIT_DEFENCE);
  ACT (soviet, "defend support=ger-18ad");
  g_assert_true (rules_log_contains (soviet, "8 to 7"));   /* 5 + 2, not its DF of 1 */
}

/* 13.1-4: the range leaves out the 18th AD's own hex, so a hex next to it is
 * at range 1 and one three hexes off is out of range. */
static void
test_18ad_range (void)
{
  const struct { int hex; int distance; gboolean allowed; } cases[] = {
    { 604, 1, TRUE },
    { 603, 2, TRUE },
    { 602, 3, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KesselGame) game = soviet_combat (1, KESSEL_WEATHER_THAW);
      KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));

      kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 1);   /* the defence step is always offered */
      rules_put (game, "ger-19pz", 605);
      rules_put (game, "ger-18ad", cases[i].hex);
      rules_put (game, "sov-6g", 606);
      g_assert_cmpint (kessel_grid_distance (kessel_map_get_grid (map), H (game, cases[i].hex), H (game, 605)),
                       ==, cases[i].distance);
      ACT (game, "attack sov-6g 0605");
      g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENCE);
      if (cases[i].allowed)
        g_assert_true (LEGAL (game, "defend support=ger-18ad"));
      else
        REFUSE (game, "defend support=ger-18ad", "13.1");
    }
}

/* 13.1-6: in support the 18th AD takes no loss and does not advance;
 * 13.10-2: only units that attacked advance. */
static void
test_18ad_support_untouched (void)
{
  g_autoptr(KesselGame) loss = german_combat (rules_seed_for ("4"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) retreat = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (loss, "sov-9m", 606);
  rules_put (loss, "ger-19pz", 605);
  rules_put (loss, "ger-bn", 605);
  rules_put (loss, "ger-18ad", 604);
  ODDS (loss, "attack ger-19pz+ger-bn 0606 support=ger-18ad", &odds);   /* 10 to 6 */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (odds.results[3], ==, KESSEL_RESULT_AL1);
  ACT (loss, "attack ger-19pz+ger-bn 0606 support=ger-18ad");
  g_assert_cmpint (kessel_game_get_wait (loss), ==, KESSEL_WAIT_ATTACKER_LOSS);
  REFUSE (loss, "loss ger-18ad", "13.9");
  ACT (loss, "loss ger-bn");
  g_assert_cmpint (kessel_game_get_piece_steps (loss, P (loss, "ger-18ad")), ==, 2);

  rules_put (retreat, "sov-9m", 606);
  rules_put (retreat, "ger-19pz", 605);
  rules_put (retreat, "ger-bn", 605);
  rules_put (retreat, "ger-18ad", 604);
  ACT (retreat, "attack ger-19pz+ger-bn 0606 support=ger-18ad");   /* die 1: DR */
  ACT (retreat, "retreat sov-9m 0707");
  g_assert_cmpint (kessel_game_get_wait (retreat), ==, KESSEL_WAIT_ADVANCE);
  REFUSE (retreat, "advance ger-18ad", "13.10");
  ACT (retreat, "advance ger-19pz");
  g_assert_cmpint (rules_hex_of (retreat, "ger-18ad"), ==, 604);
  g_assert_cmpint (kessel_game_get_piece_steps (retreat, P (retreat, "ger-18ad")), ==, 2);
}

/* 13.1-7: in an enemy zone the 18th AD gives no support, to an attack or a
 * defence, and fights as a plain mechanized unit with its printed factors. */
static void
test_18ad_in_ezoc (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (rules_seed_for ("3"), KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 504);
  rules_put (game, "sov-6g", 606);
  rules_put (game, "ger-18ad", 604);
  rules_put (game, "ger-19pz", 605);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 604), KESSEL_SIDE_SOVIET));
  REFUSE (game, "attack ger-19pz 0606 support=ger-18ad", "13.1");
  ODDS (game, "attack ger-18ad 0504", &odds);
  g_assert_cmpint (odds.attack, ==, 4);

  kessel_game_set_air (soviet, KESSEL_SIDE_GERMAN, 1);
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "ger-18ad", 604);
  rules_put (soviet, "sov-9m", 504);
  rules_put (soviet, "sov-6g", 607);
  ACT (soviet, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (soviet), ==, KESSEL_WAIT_DEFENCE);
  REFUSE (soviet, "defend support=ger-18ad", "13.1");
  ACT (soviet, "defend");   /* 8 to 5, 1:1, die 3: AS */
  ODDS (soviet, "attack sov-9m 0604", &odds);
  g_assert_cmpint (odds.defence, ==, 2);
}

/* 13.3-3: air markers support combats anywhere on the map. */
static void
test_cas_anywhere_before_roll (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3|2"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 2);
  rules_put (game, "sov-9m", 102);
  rules_put (game, "ger-19pz", 101);
  rules_put (game, "sov-6g", 1109);
  rules_put (game, "ger-16pz", 1110);
  ODDS (game, "attack ger-19pz 0102 cas=1", &odds);
  g_assert_cmpint (odds.attack_cas, ==, 1);
  ODDS (game, "attack ger-16pz 1109 cas=1", &odds);
  g_assert_cmpint (odds.attack_cas, ==, 1);
  ACT (game, "attack ger-19pz 0102 cas=1");   /* 6 to 6, 1:1, die 3: AS */
  ACT (game, "attack ger-16pz 1109 cas=1");   /* 5 to 6, 1:2, die 2: AS */
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 0);
}

/* 13.3-6: markers are committed before the die is rolled: the attacker's
 * with the attack, the German defender's once the attack is declared. */
static void
test_cas_before_roll (void)
{
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);

  kessel_game_set_air (soviet, KESSEL_SIDE_GERMAN, 2);
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 607);
  ACT (soviet, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (soviet), ==, KESSEL_WAIT_DEFENCE);
  g_assert_cmpuint (kessel_game_get_dice_rolled (soviet), ==, 0);
  ACT (soviet, "defend cas=2");
  g_assert_cmpuint (kessel_game_get_dice_rolled (soviet), ==, 1);
  g_assert_true (rules_log_contains (soviet, "8 to 7"));
  g_assert_cmpint (kessel_game_get_cas_left (soviet), ==, 0);
}

/* 13.4-3: a Soviet zone of control over the KG's hex and range cancels its
 * traffic bonus, not its combat bonus. */
static void
test_kg_combat_bonus_in_ezoc (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 3, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = rules_position ("rules.kessel", 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 607));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 607), KESSEL_SIDE_SOVIET));
  g_assert_false (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);

  rules_clear (soviet);
  rules_order (soviet, "fight-move");
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 605);
  kessel_game_set_kg (soviet, KESSEL_KG_BREITH, H (soviet, 605));   /* under the attacker */
  g_assert_false (kessel_game_kg_traffic_active (soviet, KESSEL_KG_BREITH));
  ODDS (soviet, "attack sov-6g 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, -1);
}

/* 13.4-5: a KG gives its bonus to one German attack in each German combat
 * phase and again in each mechanized combat phase, and to one German defence
 * in each Soviet combat phase. */
static void
test_kg_once_per_phase (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3"), 3, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = rules_position_seeded ("rules.kessel", rules_seed_for ("2"), 3,
                                                        KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 608));
  ODDS (game, "attack ger-19pz 0606", &odds);   /* 5 to 6, 1:2, KG 1R: 1:1 */
  g_assert_cmpint (odds.results[2], ==, KESSEL_RESULT_AS);
  ACT (game, "attack ger-19pz 0606");
  ODDS (game, "attack ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);
  ACT (game, "end");   /* combat part */
  ACT (game, "end");   /* movement part */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);
  ODDS (game, "attack ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);

  rules_clear (soviet);
  rules_order (soviet, "fight-move");
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "ger-16pz", 806);
  rules_put (soviet, "sov-6g", 607);
  rules_put (soviet, "sov-7g", 807);
  kessel_game_set_kg (soviet, KESSEL_KG_BREITH, H (soviet, 706));   /* next to both German hexes */
  ODDS (soviet, "attack sov-6g 0606", &odds);   /* 8 to 5, 1:1, KG 1L: 1:2 */
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, -1);
  g_assert_cmpint (odds.results[1], ==, KESSEL_RESULT_AS);
  ACT (soviet, "attack sov-6g 0606");
  ODDS (soviet, "attack sov-7g 0806", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 0);
  ACT (soviet, "end");   /* combat part */
  ACT (soviet, "end");   /* movement part */
  g_assert_cmpint (kessel_game_get_phase (soviet), ==, KESSEL_PHASE_SOVIET_2);
  ACT (soviet, "end");   /* V is Move/Fight: its movement part */
  ODDS (soviet, "attack sov-7g 0806", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, -1);
}

/* 13.4-6: a KG marker never takes a step loss: the unit in its hex does. */
static void
test_kg_takes_no_loss (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("1"), KESSEL_WEATHER_THAW);

  rules_put (game, "ger-bn", 606);
  rules_put (game, "sov-6g", 607);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 606));
  ACT (game, "attack sov-6g 0606");   /* 8 to 1, above 7:1, KG 1L: 7:1, die 1: DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_kg_hex (game, KESSEL_KG_BREITH), ==, H (game, 606));
}

/* 13.5-2: two Tiger battalions with a division still give one shift. */
static void
test_one_tiger_shift (void)
{
  g_autoptr(KesselGame) game = rules_position ("tigers.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = rules_position ("tigers.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_order (game, "fight-move");
  ODDS (game, "attack ger-pz+ger-tiger1+ger-tiger2 0304", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);

  rules_order (soviet, "fight-move");
  ODDS (soviet, "attack sov-corps 0303", &odds);
  g_assert_cmpint (odds.n_defenders, ==, 3);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, -1);
}

/* 13.6-4: the probing stack is checked for stacking when it arrives; a
 * garrison never probes. */
static void
test_probe_stacking_and_garrisons (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-tg", 706);
  REFUSE (game, "probe ger-tg 0605", "2.7");
  rules_put (game, "ger-9ss", 604);
  rules_put (game, "ger-19pz", 604);   /* 8 + 2 steps */
  ACT (game, "probe ger-9ss+ger-19pz 0605");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  ACT (game, "eliminate ger-19pz");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (rules_hex_of (game, "ger-9ss"), ==, 605);
}

/* 13.8-1: the attacker resolves his combats in the order he likes. */
static void
test_combats_any_order (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("2|2"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(GArray) actions = NULL;
  gboolean north = FALSE, south = FALSE;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "sov-6g", 1006);
  rules_put (game, "ger-16pz", 1005);
  actions = kessel_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    {
      const KesselAction *action = &g_array_index (actions, KesselAction, i);
      if (action->type != KESSEL_ACTION_ATTACK)
        continue;
      north |= action->hex == H (game, 606);
      south |= action->hex == H (game, 1006);
    }
  g_assert_true (north && south);
  ACT (game, "attack ger-16pz 1006");   /* 4 to 6, 1:2, die 2: AS */
  ACT (game, "attack ger-19pz 0606");   /* 5 to 6, 1:2, die 2: AS */
  g_assert_true (kessel_game_piece_has_attacked (game, P (game, "ger-19pz")));
}

/* 13.8.3-2: the rule book's example, 3:1 against a defender in rough terrain
 * is resolved on the 2:1 column. */
static void
test_rough_example (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-61r", 304);   /* rough */
  rules_put (game, "ger-19pz", 403);
  rules_put (game, "ger-16pz", 403);
  rules_put (game, "ger-371", 403);
  ODDS (game, "attack ger-19pz+ger-16pz+ger-371 0304", &odds);   /* 12 to 4 */
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_3_1);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);
  g_assert_cmpint (odds.n_shifts, ==, 1);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_2_1);
}

/* 13.9-DR-1: the German player chooses the retreat of his own units after a
 * Soviet attack too, exactly one hex. */
static void
test_german_retreat_chosen_by_german (void)
{
  g_autoptr(KesselGame) game = soviet_combat (rules_seed_for ("1"), KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 606);
  rules_put (game, "sov-6g", 607);
  ACT (game, "attack sov-6g 0606");   /* 8 to 5, 1:1, die 1: DR */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "retreat ger-19pz 0604", "13.9");
  REFUSE (game, "retreat ger-19pz 0607", "13.9");
  ACT (game, "retreat ger-19pz 0605");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
}

/* 13.9-DR-3: a retreat never leaves the map and never ends over-stacked; a KG
 * marker is no unit and does not stop it. */
static void
test_retreat_limits (void)
{
  g_autoptr(KesselGame) full = soviet_combat (rules_seed_for ("1"), KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) room = soviet_combat (rules_seed_for ("1"), KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) marker = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);

  /* The corner 1210 has two neighbours: 1110 with the attacker and 1209. */
  rules_put (full, "ger-19pz", 1210);
  rules_put (full, "ger-9ss", 1209);           /* 8 steps: no room for 2 more */
  rules_put (full, "sov-6g", 1110);
  ACT (full, "attack sov-6g 1210");            /* die 1: DR */
  g_assert_true (rules_log_contains (full, "cannot retreat"));
  g_assert_cmpint (rules_hex_of (full, "ger-19pz"), ==, 1210);
  g_assert_cmpint (kessel_game_get_piece_steps (full, P (full, "ger-19pz")), ==, 1);

  rules_put (room, "ger-19pz", 1210);
  rules_put_steps (room, "ger-9ss", 1209, 7);  /* 7 + 2 = 9 */
  rules_put (room, "sov-6g", 1110);
  ACT (room, "attack sov-6g 1210");
  g_assert_cmpint (rules_hex_of (room, "ger-19pz"), ==, 1209);
  g_assert_cmpint (kessel_game_get_piece_steps (room, P (room, "ger-19pz")), ==, 2);

  rules_put (marker, "sov-9m", 1210);
  rules_put (marker, "ger-19pz", 1110);
  kessel_game_set_kg (marker, KESSEL_KG_BREITH, H (marker, 1209));
  ACT (marker, "attack ger-19pz 1210");        /* 5 to 6, KG 1R: 1:1, die 1: DR */
  g_assert_cmpint (rules_hex_of (marker, "sov-9m"), ==, 1209);
  g_assert_cmpint (kessel_game_get_piece_steps (marker, P (marker, "sov-9m")), ==, 2);
}

/* 13.9-DR-8: a static garrison never retreats: out of a town a DR costs it
 * a step instead; in its town the DR is ignored. */
static void
test_garrison_never_retreats (void)
{
  g_autoptr(KesselGame) open = soviet_combat (rules_seed_for ("4"), KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) town = soviet_combat (rules_seed_for ("4"), KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (open, "ger-tg", 606);
  rules_put (open, "sov-6g", 607);
  ODDS (open, "attack sov-6g 0606", &odds);   /* 8 to 2, 4:1 */
  g_assert_cmpint (odds.results[3], ==, KESSEL_RESULT_DR);
  ACT (open, "attack sov-6g 0606");
  g_assert_true (rules_log_contains (open, "cannot retreat"));
  g_assert_cmpint (kessel_game_get_piece_status (open, P (open, "ger-tg")), ==, KESSEL_PIECE_ELIMINATED);

  rules_put (town, "ger-tg", 808);
  rules_put (town, "sov-6g", 807);
  ODDS (town, "attack sov-6g 0808", &odds);   /* 4:1, town 1L: 3:1 */
  g_assert_cmpint (odds.results[3], ==, KESSEL_RESULT_DR);
  ACT (town, "attack sov-6g 0808");
  g_assert_cmpint (rules_hex_of (town, "ger-tg"), ==, 808);
  g_assert_cmpint (kessel_game_get_piece_status (town, P (town, "ger-tg")), ==, KESSEL_PIECE_ON_MAP);
}

/* 13.9-AS-1: an attack stalled changes nothing: no loss, no retreat, no advance. */
static void
test_attack_stalled (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("2"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  ODDS (game, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (odds.results[1], ==, KESSEL_RESULT_AS);
  ACT (game, "attack ger-19pz 0606");
  g_assert_true (rules_log_contains (game, "die 2: AS"));
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 606);
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-9m")), ==, 2);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "ger-19pz")), ==, 2);
}

/* 13.9-DL1DR-1: the step is lost first, from the units in the hex; then the
 * survivors retreat. */
static void
test_loss_before_retreat (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put_steps (game, "sov-9m", 606, 1);    /* 3-3 */
  rules_put_steps (game, "sov-60r", 606, 1);   /* 1-1 */
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  rules_put (game, "ger-371", 605);
  ODDS (game, "attack ger-19pz+ger-16pz+ger-371 0606", &odds);   /* 12 to 4 */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_3_1);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DL1_DR);
  ACT (game, "attack ger-19pz+ger-16pz+ger-371 0606");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENDER_LOSS);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  ACT (game, "loss sov-9m");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-9m")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  ACT (game, "retreat sov-60r 0707");
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "sov-60r")), ==, 1);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ADVANCE);
}

/* The same combat as its report gives it: the roll as logged, the loss,
 * the retreat and the advance of each unit, finished after the advance. */
static void
test_loss_before_retreat_report (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatReport report;
  const KesselLogEntry *entry;

  rules_put_steps (game, "sov-9m", 606, 1);
  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  rules_put (game, "ger-371", 605);
  g_assert_false (kessel_game_get_last_combat (game, &report));
  ACT (game, "attack ger-19pz+ger-16pz+ger-371 0606");
  g_assert_true (kessel_game_get_last_combat (game, &report));
  g_assert_false (report.finished);
  ACT (game, "loss sov-9m");
  ACT (game, "retreat sov-60r 0707");
  ACT (game, "advance ger-19pz");
  ACT (game, "end");
  g_assert_true (kessel_game_get_last_combat (game, &report));
  g_assert_true (report.finished);
  g_assert_cmpint (report.attack.hex, ==, H (game, 606));
  g_assert_cmpint (report.odds.final, ==, KESSEL_ODDS_3_1);
  g_assert_cmpint (report.die, ==, 1);
  g_assert_cmpint (report.result, ==, KESSEL_RESULT_DL1_DR);
  entry = kessel_game_get_log (game, report.log_index);
  g_assert_cmpint (entry->die, ==, 1);
  g_assert_nonnull (strstr (entry->text, "3:1"));
  g_assert_cmpint (report.n_attackers, ==, 3);
  g_assert_cmpint (report.n_defenders, ==, 2);
  for (int i = 0; i < report.n_attackers; i++)
    {
      g_assert_cmpint (report.attackers[i].steps_lost, ==, 0);
      g_assert_false (report.attackers[i].eliminated);
      g_assert_cmpint (report.attackers[i].advanced, ==, report.attackers[i].piece == P (game, "ger-19pz"));
    }
  for (int i = 0; i < report.n_defenders; i++)
    {
      const KesselCombatFate *fate = &report.defenders[i];
      gboolean mech = fate->piece == P (game, "sov-9m");

      g_assert_true (mech || fate->piece == P (game, "sov-60r"));
      g_assert_cmpint (fate->steps_lost, ==, mech ? 1 : 0);
      g_assert_cmpint (fate->eliminated, ==, mech);
      g_assert_cmpint (fate->retreat_hex, ==, mech ? KESSEL_HEX_NONE : H (game, 707));
      g_assert_false (fate->advanced);
    }
}

/* 13.10-2: an advance ignores enemy zones of control, and stacking is
 * checked once the advance is over. */
static void
test_advance_zoc_and_stacking (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) stack = german_combat (rules_seed_for ("1"), 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 707);
  rules_put (game, "ger-19pz", 605);
  ACT (game, "attack ger-19pz 0606");   /* 5 to 6, 1:2, die 1: DR */
  ACT (game, "retreat sov-9m 0506");
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 606), KESSEL_SIDE_SOVIET));
  ACT (game, "advance ger-19pz");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 606);

  rules_put (stack, "sov-9m", 606);
  rules_put (stack, "ger-9ss", 605);
  rules_put (stack, "ger-19pz", 607);
  ODDS (stack, "attack ger-9ss+ger-19pz 0606", &odds);   /* 11 to 6, 1:1, concentric 2R */
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_3_1);
  ACT (stack, "attack ger-9ss+ger-19pz 0606");           /* die 1: DL1+DR */
  ACT (stack, "retreat sov-9m 0706");
  ACT (stack, "advance ger-9ss");
  g_assert_cmpint (kessel_game_get_wait (stack), ==, KESSEL_WAIT_ADVANCE);
  ACT (stack, "advance ger-19pz");   /* 8 + 2 steps: over the limit once the advance ends */
  g_assert_cmpint (kessel_game_get_wait (stack), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (kessel_game_get_active_side (stack), ==, KESSEL_SIDE_SOVIET);
}

/* 5.1-3: in Storm there are no zones of control, no CAS and no KG traffic
 * bonus, rivers read the Storm row, and the KG combat bonus still holds. */
static void
test_storm_effects (void)
{
  g_autoptr(KesselGame) storm = german_combat (1, 3, KESSEL_WEATHER_STORM);
  g_autoptr(KesselGame) thaw = german_combat (1, 3, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_put (storm, "sov-9m", 606);
  rules_put (storm, "ger-19pz", 605);
  kessel_game_set_air (storm, KESSEL_SIDE_GERMAN, 2);
  kessel_game_set_kg (storm, KESSEL_KG_BREITH, H (storm, 608));
  kessel_game_set_kg (storm, KESSEL_KG_GOLNICK, H (storm, 303));
  kessel_game_set_kg (thaw, KESSEL_KG_GOLNICK, H (thaw, 303));
  g_assert_false (kessel_game_in_zoc_of (storm, H (storm, 605), KESSEL_SIDE_SOVIET));
  REFUSE (storm, "attack ger-19pz 0606 cas=1", "13.3");
  g_assert_false (kessel_game_kg_traffic_active (storm, KESSEL_KG_GOLNICK));
  g_assert_true (kessel_game_kg_traffic_active (thaw, KESSEL_KG_GOLNICK));
  g_assert_cmpint (kessel_table_river_cost (KESSEL_WEATHER_STORM, 4), ==, 2);
  g_assert_cmpint (kessel_table_river_cost (KESSEL_WEATHER_THAW, 4), ==, 1);
  ODDS (storm, "attack ger-19pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
}

/* 13.1-9 (rulings): support uses the 18th AD's attack for the phase; in
 * Storm it supports a defence even next to Soviet units. */
static void
test_18ad_rulings (void)
{
  g_autoptr(KesselGame) game = german_combat (rules_seed_for ("3"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = soviet_combat (rules_seed_for ("3"), KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-18ad", 604);
  ACT (game, "attack ger-19pz 0606 support=ger-18ad");   /* 9 to 6, die 3: AS */
  rules_put (game, "sov-6g", 704);
  g_assert_false (LEGAL (game, "attack ger-18ad 0704"));

  rules_put (storm, "ger-19pz", 606);
  rules_put (storm, "ger-18ad", 604);
  rules_put (storm, "sov-9m", 504);   /* next to the 18th AD */
  rules_put (storm, "sov-6g", 607);
  ACT (storm, "attack sov-6g 0606");
  ACT (storm, "defend support=ger-18ad");
  g_assert_true (rules_log_contains (storm, "8 to 9"));
}

/* 13.3-4: Soviet air markers support attacks only: a German attack gets no
 * Soviet defence support, while a German defence may take German markers. */
static void
test_cas_soviet_attack_only (void)
{
  g_autoptr(KesselGame) german = german_combat (rules_seed_for ("3"), 2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = soviet_combat (1, KESSEL_WEATHER_THAW);

  kessel_game_set_air (german, KESSEL_SIDE_SOVIET, 3);
  rules_put (german, "sov-9m", 606);
  rules_put (german, "ger-19pz", 605);
  rules_put (german, "ger-bn", 605);
  ACT (german, "attack ger-19pz+ger-bn 0606");   /* 6 to 6, die 3: AS */
  g_assert_cmpint (kessel_game_get_wait (german), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (kessel_game_get_cas_left (german), ==, 3);
  g_assert_true (rules_log_contains (german, "6 to 6"));

  kessel_game_set_air (soviet, KESSEL_SIDE_GERMAN, 2);
  rules_put (soviet, "ger-19pz", 606);
  rules_put (soviet, "sov-6g", 607);
  ACT (soviet, "attack sov-6g 0606");
  g_assert_cmpint (kessel_game_get_wait (soviet), ==, KESSEL_WAIT_DEFENCE);
  g_assert_true (LEGAL (soviet, "defend cas=2"));
}

/* 13.7-1: the mechanized combat phase uses all the normal rules: CAS, the
 * KG and Tiger bonuses, terrain and concentric attacks. */
static void
test_mech_phase_normal_rules (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 3, KESSEL_PHASE_GERMAN_MECH_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_clear (game);
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 2);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 608));
  rules_put (game, "sov-9m", 304);   /* rough */
  rules_put (game, "ger-509", 303);
  rules_put (game, "ger-16pz", 303);
  rules_put (game, "ger-19pz", 305);
  ODDS (game, "attack ger-509+ger-16pz+ger-19pz 0304 cas=1", &odds);
  g_assert_cmpint (odds.attack_cas, ==, 1);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 2);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-16pz", 605);
  ODDS (game, "attack ger-16pz 0606", &odds);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
}

/* 13.8-2: the attack total is the attackers' factors plus CAS and the 18th
 * AD's support; the defence total is the defending hex's factors. */
static void
test_combat_totals (void)
{
  g_autoptr(KesselGame) game = german_combat (1, 2, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 2);
  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-60r", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "ger-18ad", 604);
  ODDS (game, "attack ger-19pz+ger-bn 0606 cas=2 support=ger-18ad", &odds);
  g_assert_cmpint (odds.attack, ==, 5 + 1 + 2 + 4);
  g_assert_cmpint (odds.defence, ==, 6 + 4);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_1_1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/13.8-3/odds-rounding", test_odds_rounding);
  g_test_add_func ("/rules/13.8.1-1/automatic-results", test_automatic_results);
  g_test_add_func ("/rules/13.8.1-2/shifts-clamped", test_shifts_clamped);
  g_test_add_func ("/rules/13.8.2-1/concentric-opposite", test_concentric_opposite);
  g_test_add_func ("/rules/13.8.2-1/concentric-alternating", test_concentric_alternating);
  g_test_add_func ("/rules/13.8.2-1/concentric-four", test_concentric_four);
  g_test_add_func ("/rules/13.8.2-2/town-and-soviet", test_concentric_town_and_soviet);
  g_test_add_func ("/rules/13.8.3-1/terrain-shifts", test_terrain_shifts);
  g_test_add_func ("/rules/13.8.4-2/captured-fortified-locality", test_captured_fortified_locality);
  g_test_add_func ("/rules/13.8.4-1/dr-ignored-in-towns", test_dr_ignored_in_towns);
  g_test_add_func ("/rules/13.9-DR-5/no-retreat-from-town", test_no_retreat_from_town);
  g_test_add_func ("/rules/13.9-DR-1/retreat-one-hex-chosen-by-german", test_retreat_and_advance);
  g_test_add_func ("/rules/13.9-DR-6/retreat-into-ezoc", test_retreat_into_ezoc);
  g_test_add_func ("/rules/7.3-1/zoc-and-combat-moves", test_zoc_and_combat_moves);
  g_test_add_func ("/rules/13.10-1/advance-before-next-combat", test_advance_before_next_combat);
  g_test_add_func ("/rules/13.9-DR-4/blocked-retreat-extra-loss", test_blocked_retreat);
  g_test_add_func ("/rules/13.9-DR-4/retreat-after-blocked-defender", test_retreat_after_blocked_defender);
  g_test_add_func ("/rules/13.9-EX-1/exchange-garrison-last", test_exchange_garrison_last);
  g_test_add_func ("/rules/13.9-DL1-1/defender-loss-mobile-first", test_defender_loss_choice);
  g_test_add_func ("/rules/13.9-AL1-1/attacker-loss", test_attacker_loss);
  g_test_add_func ("/rules/13.0-3/attack-once", test_attack_once_adjacent);
  g_test_add_func ("/rules/13.0-5/adjacent-enemy-only", test_attack_adjacent_enemy_only);
  g_test_add_func ("/rules/13.0-6/hex-attacked-again", test_hex_attacked_again);
  g_test_add_func ("/rules/13.0-4/stack-splits-its-attacks", test_stack_splits_its_attacks);
  g_test_add_func ("/rules/13.1-2/attack-support", test_18ad_attack_support);
  g_test_add_func ("/rules/13.1-2/not-next-to-soviets", test_18ad_not_next_to_soviets);
  g_test_add_func ("/rules/13.1-1/mechanized-phase", test_18ad_in_mech_phase);
  g_test_add_func ("/rules/13.1-3/defence-support", test_18ad_defence_support);
  g_test_add_func ("/rules/13.1-3/defence-support-foreseen", test_18ad_defence_support_foreseen);
  g_test_add_func ("/rules/13.1-7/no-defence-support-foreseen", test_no_defence_support_foreseen);
  g_test_add_func ("/rules/13.1-5/own-hex-defence", test_18ad_own_hex);
  g_test_add_func ("/rules/13.2-1/artillery-adjacent-only", test_soviet_artillery_adjacent);
  g_test_add_func ("/rules/13.2-2/artillery-stacked", test_soviet_artillery_stacked);
  g_test_add_func ("/rules/13.2-4/artillery-cap", test_soviet_artillery_cap);
  g_test_add_func ("/rules/13.2-4/artillery-cap-in-defence", test_soviet_artillery_cap_in_defence);
  g_test_add_func ("/rules/13.2-4/3gm-capped-after-doubling", test_3gm_capped);
  g_test_add_func ("/rules/13.2-3/artillery-alone-eliminated", test_soviet_artillery_alone);
  g_test_add_func ("/rules/13.2-6/3gm-doubling", test_3gm_doubling);
  g_test_add_func ("/rules/13.3-2/cas", test_cas);
  g_test_add_func ("/rules/13.3-5/cas-markers-once", test_cas_markers_once);
  g_test_add_func ("/rules/13.3-7/cas-never-alone", test_cas_never_alone);
  g_test_add_func ("/rules/13.3-1/cas-air-superiority-and-storm", test_cas_air_superiority_and_storm);
  g_test_add_func ("/rules/13.3-4/cas-soviet-attack-only", test_cas_soviet_attack_only);
  g_test_add_func ("/rules/13.3-6/cas-before-roll", test_cas_before_roll);
  g_test_add_func ("/rules/13.4-1/kg-combat-bonus", test_kg_combat_bonus);
  g_test_add_func ("/rules/13.4-4/one-kg-a-combat", test_one_kg_a_combat);
  g_test_add_func ("/rules/13.4-2/kg-defence-bonus", test_kg_defence_bonus);
  g_test_add_func ("/rules/13.5-1/tiger", test_tiger);
  g_test_add_func ("/rules/13.5-3/tiger-needs-attacking-division", test_tiger_needs_attacking_division);
  g_test_add_func ("/rules/13.6-1/probe", test_probe);
  g_test_add_func ("/rules/13.6-2/probe-resolution", test_probe_resolution);
  g_test_add_func ("/rules/13.6-3/mech-phase-probe", test_probe_mech_phase);
  g_test_add_func ("/rules/13.1-8/18ad-one-defence-per-phase", test_18ad_one_defence_per_phase);
  g_test_add_func ("/rules/13.0-2/hex-defends-together", test_hex_defends_together);
  g_test_add_func ("/rules/13.9-DR-2/retreat-to-different-hexes", test_retreat_to_different_hexes);
  g_test_add_func ("/rules/5.1-3/storm-effects", test_storm_effects);
  g_test_add_func ("/rules/13.1-9/18ad-rulings", test_18ad_rulings);
  g_test_add_func ("/rules/13.7-1/mech-phase-normal-rules", test_mech_phase_normal_rules);
  g_test_add_func ("/rules/13.8-2/combat-totals", test_combat_totals);
  g_test_add_func ("/rules/13.9-DR-7/retreated-unit-defends-again", test_retreated_unit_defends_again);
  g_test_add_func ("/rules/6.3-1/attack-not-called-off", test_attack_not_called_off);
  g_test_add_func ("/rules/3.3-3/control-by-retreat-advance-probe", test_control_by_combat_moves);
  g_test_add_func ("/rules/13.0-1/combat-voluntary", test_combat_voluntary);
  g_test_add_func ("/rules/13.1-2/support-with-current-factor", test_18ad_current_factor);
  g_test_add_func ("/rules/13.1-4/range-from-next-hex", test_18ad_range);
  g_test_add_func ("/rules/13.1-6/support-untouched-by-result", test_18ad_support_untouched);
  g_test_add_func ("/rules/13.1-7/no-support-in-ezoc", test_18ad_in_ezoc);
  g_test_add_func ("/rules/13.3-3/cas-anywhere-before-roll", test_cas_anywhere_before_roll);
  g_test_add_func ("/rules/13.4-3/kg-combat-bonus-in-ezoc", test_kg_combat_bonus_in_ezoc);
  g_test_add_func ("/rules/13.4-5/kg-once-per-phase", test_kg_once_per_phase);
  g_test_add_func ("/rules/13.4-6/kg-takes-no-loss", test_kg_takes_no_loss);
  g_test_add_func ("/rules/13.5-2/one-tiger-shift", test_one_tiger_shift);
  g_test_add_func ("/rules/13.6-4/probe-stacking-and-garrisons", test_probe_stacking_and_garrisons);
  g_test_add_func ("/rules/13.8-1/combats-in-any-order", test_combats_any_order);
  g_test_add_func ("/rules/13.8.3-2/rough-example", test_rough_example);
  g_test_add_func ("/rules/13.9-DR-1/german-chooses-own-retreat", test_german_retreat_chosen_by_german);
  g_test_add_func ("/rules/13.9-DR-3/retreat-limits", test_retreat_limits);
  g_test_add_func ("/rules/13.9-DR-8/garrison-never-retreats", test_garrison_never_retreats);
  g_test_add_func ("/rules/13.9-AS-1/attack-stalled", test_attack_stalled);
  g_test_add_func ("/rules/13.9-DL1DR-1/loss-before-retreat", test_loss_before_retreat);
  g_test_add_func ("/rules/13.9-DL1DR-1/report-of-the-combat", test_loss_before_retreat_report);
  g_test_add_func ("/rules/13.10-2/advance-zoc-and-stacking", test_advance_zoc_and_stacking);
  return g_test_run ();
}
