/* The rule book's example of a full four-phase German turn (digest C.1),
 * played on fixtures/example-turn.kessel. Frost, German air superiority with
 * three markers, KG Breith in 2219. Where the rule book's arithmetic differs
 * from its rules (digest A.3 items 7 and 8) the rules govern. */
#include "rules-test.h"

static void
test_example_turn (void)
{
  /* The two combats roll a DR at 2:1 (a 2 or 3), then a 1. */
  g_autoptr(KesselGame) game = rules_position_seeded ("example-turn.kessel", rules_seed_for ("23|1"), 4,
                                                      KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_FROST);
  KesselCombatOdds odds;
  int mech = P (game, "sov-9m");

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 2219));

  /* Phase VI: "He elects to fight/move first." */
  rules_order (game, "fight-move");
  ACT (game, "probe ger-19pz 2118");
  ACT (game, "probe ger-11pz 2120");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);

  /* "The raw attack ratio is 8 to 9 ... one air point to make it 9 to 9 or
   * 1:1 odds ... left one column for the river, then right two for the KG
   * marker stacked in 2219, and the 509 Tiger unit. The final odds are 2:1." */
  ODDS (game, "attack ger-16pz+ger-371+ger-509 2119", &odds);
  g_assert_cmpint (odds.attack, ==, 8);
  g_assert_cmpint (odds.defence, ==, 9);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_1_2);
  ODDS (game, "attack ger-16pz+ger-371+ger-509 2119 cas=1", &odds);
  g_assert_cmpint (odds.attack, ==, 9);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, -1);   /* river */
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);      /* KG */
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);      /* Tiger */
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 0);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_2_1);
  ACT (game, "attack ger-16pz+ger-371+ger-509 2119 cas=1");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  /* "The 9 Mech is retreated to 2019. The attacking units advance into hex 2119." */
  ACT (game, "retreat sov-9m 2019");
  ACT (game, "advance ger-16pz");
  ACT (game, "advance ger-371");
  ACT (game, "advance ger-509");
  g_assert_cmpint (rules_hex_of (game, "ger-509"), ==, 2119);
  ACT (game, "end");   /* combat part; the movement part follows */
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  ACT (game, "end");

  /* Phase VII: "the 16 Pz and 509 Tiger probe attack and advance into hex
   * 2018. 11 Pz probe attacks and moves into hex 2020." */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);
  REFUSE (game, "probe ger-371 2018", "5.5");
  ACT (game, "probe ger-16pz+ger-509 2018");
  ACT (game, "probe ger-11pz 2020");
  ACT (game, "end");

  /* Phase VIII: "German player chooses move/fight for his second phase"; by
   * the default ruling of 5.4-3 it is the mirror of Fight/Move. */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_2);
  g_assert_cmpint (kessel_game_get_order (game), ==, KESSEL_ORDER_MOVE_FIGHT);
  ACT (game, "move ger-168 2222 2122");   /* "to isolate 7G" */
  /* "16 Pz moves to 1918 then reenters the ZOC of 9 Mech in hex 1919":
   * 1918 is not next to 2019, so 16 Pz may leave the zone through it. */
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 1918), KESSEL_SIDE_SOVIET));
  REFUSE (game, "move ger-16pz+ger-509 1919", "7.2");
  ACT (game, "move ger-16pz+ger-509 1918 1919");
  REFUSE (game, "move ger-16pz+ger-509 1819", "7.2");
  ACT (game, "move ger-100j 1918 2018");
  ACT (game, "move ger-208 2020");
  ACT (game, "end");

  /* "The 9 Mech is attacked again, by the 16 Pz, 509 Tiger, 371 Inf, 208 Inf
   * and 11 Pz ... (13 German CF to 12 Soviet CF) ... 1:1 ... KG and a now
   * concentric attack gives a final odds ratio of 3:1." 9 Mech has lost no
   * step, so it defends with 9 as before (digest A.3 item 7); 13 to 9 is 1:1
   * all the same. The rules then give KG 1R, concentric 2R (1919, 2119 and
   * 2020 alternate around 2019) and the Tigers 1R: 5:1, not the book's 3:1
   * (digest A.3 item 8). A die of 1 is DL1+DR on either column. */
  ODDS (game, "attack ger-16pz+ger-509+ger-371+ger-208+ger-11pz 2019", &odds);
  g_assert_cmpint (odds.attack, ==, 13);
  g_assert_cmpint (odds.defence, ==, 9);
  g_assert_cmpint (odds.raw, ==, KESSEL_ODDS_1_1);
  g_assert_cmpint (rules_shift (&odds, "13.4"), ==, 1);
  g_assert_cmpint (rules_shift (&odds, "13.8.2"), ==, 2);
  g_assert_cmpint (rules_shift (&odds, "13.5"), ==, 1);
  g_assert_cmpint (rules_shift (&odds, "13.8.3"), ==, 0);
  g_assert_cmpint (odds.final, ==, KESSEL_ODDS_5_1);
  g_assert_cmpint (odds.results[0], ==, KESSEL_RESULT_DL1_DR);
  g_assert_cmpint (kessel_table_combat_result (KESSEL_ODDS_3_1, 1), ==, KESSEL_RESULT_DL1_DR);
  ACT (game, "attack ger-16pz+ger-509+ger-371+ger-208+ger-11pz 2019");
  g_assert_cmpint (rules_last_die (game), ==, 1);
  g_assert_cmpint (kessel_game_get_piece_steps (game, mech), ==, 1);
  /* "retreated to the only hex available, 1920": here 2120 is open too (the
   * book does not say what held it), and the German player picks 1920.
   * "EZOC do not block, nor in any way inhibit defender retreats." */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  REFUSE (game, "retreat sov-9m 2018", "13.9");
  ACT (game, "retreat sov-9m 1920");
  /* "The 371 Inf is advanced into the hex." */
  ACT (game, "advance ger-371");
  ACT (game, "end");
  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 2019);
  ACT (game, "end");

  /* Phase IX: "19 Pz now probe attacks ... into hex 2017" (T1's 1017 is a
   * misprint, digest A.1 item 2). "16 Pz probe attacks in to 1819." */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_2);
  REFUSE (game, "probe ger-19pz 1017", "13.6");
  ACT (game, "probe ger-19pz 2017");
  ACT (game, "probe ger-16pz 1819");
  g_assert_cmpint (rules_hex_of (game, "ger-16pz"), ==, 1819);

  /* "The reduced 9 Mech (1920) ... out of supply." */
  g_assert_false (kessel_game_piece_in_supply (game, mech));
  /* "The German player has two air points" left. */
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 2);
  /* Each mechanized unit may attack four times a turn: 16 Pz attacked or
   * probed in VI, VII, VIII and IX. */
  g_assert_true (kessel_game_piece_has_attacked (game, P (game, "ger-16pz")));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/C.1/example-german-turn", test_example_turn);
  return g_test_run ();
}
