/* Stacking and fog of war (digest E.6, and 3.2-3 for the Soviet set-up). */
#include "rules-test.h"

/* 6.0-1, 6.1-1: over-stacking is allowed while moving and checked at the end
 * of the phase; 6.0-2 the opposing player removes the fewest whole units. */
static void
test_german_limit (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  const char *const ids[] = { "ger-16pz", "ger-19pz", "ger-371", "ger-509", "ger-bn", "ger-18ad" };

  rules_clear (game);
  rules_order (game, "move-fight");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    rules_put (game, ids[i], 505);   /* 4 + 2 + 2 + 1 + 1 + 2 = 12 steps */
  rules_put (game, "ger-9ss", 507);
  ACT (game, "move ger-9ss 0506 0505");   /* 20 steps for the moment */
  ACT (game, "move ger-9ss 0506");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);   /* only at the end of the phase */
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  REFUSE (game, "eliminate ger-bn", "6.0");   /* 11 steps would still be too many */
  REFUSE (game, "eliminate ger-9ss", "6.0");  /* not in the hex */
  ACT (game, "eliminate ger-16pz");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
}

/* 6.1-1: nine steps of any kind; 6.0-4 garrisons count for nothing. */
static void
test_nine_steps_and_garrisons (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "ger-9ss", 808);
  rules_put (game, "ger-bn", 808);
  rules_put (game, "ger-tg", 808);
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_2);
}

/* 6.2-1: four non-artillery steps and one artillery step a Soviet hex. */
static void
test_soviet_limit (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "sov-9m", 1005);
  rules_put (game, "sov-6g", 1005);
  rules_put (game, "sov-art", 1005);
  rules_put (game, "sov-art2", 1006);
  ACT (game, "end");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_2);
  rules_put (game, "sov-art2", 1005);
  g_assert_cmpint (kessel_game_get_order (game), ==, KESSEL_ORDER_FIGHT_MOVE);   /* the mirror of IV */
  ACT (game, "end");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (game, "eliminate sov-9m", "6.0");
  ACT (game, "eliminate sov-art2");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_1);
}

/* 3.2-3: the Soviet set-up may over-stack until the end of the turn 1
 * Soviet movement; then 6.0 applies. */
static void
test_soviet_setup_overstack (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 1005);
  rules_put (game, "sov-6g", 1005);
  rules_put (game, "sov-7g", 1005);
  rules_put (game, "sov-60r", 1006);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  ACT (game, "eliminate sov-7g");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
}

/* 6.0-3: opposing units never share a hex (KG markers are not units). */
static void
test_opposing_units (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 3, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_STORM);

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  REFUSE (game, "move ger-19pz 0606", "6.0");
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 606));
  g_assert_cmpint (kessel_game_get_kg_hex (game, KESSEL_KG_BREITH), ==, H (game, 606));
}

/* 6.3-1: the enemy sees only the top unit of a stack until he attacks it. */
static void
test_fog_of_war (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int mech = P (game, "sov-9m"), guards = P (game, "sov-6g");

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 606);
  rules_put (game, "ger-19pz", 605);
  g_assert_true (kessel_game_piece_visible_to (game, guards, KESSEL_SIDE_GERMAN));
  g_assert_false (kessel_game_piece_visible_to (game, mech, KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_piece_visible_to (game, mech, KESSEL_SIDE_SOVIET));
  ACT (game, "attack ger-19pz 0606");
  g_assert_true (kessel_game_piece_visible_to (game, mech, KESSEL_SIDE_GERMAN));
}

/* 2-7: units start at full strength. 2-8: a step loss flips the counter, and
 * the last step of a counter brings on its substitute with the factors printed
 * there; the last step of the whole unit eliminates it. */
static void
test_substitute_counters (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int pz = P (game, "ger-16pz");

  g_assert_cmpint (kessel_game_get_piece_steps (game, pz), ==, 4);
  g_assert_cmpint (kessel_game_get_piece_full_steps (game, pz), ==, 4);
  g_assert_cmpstr (kessel_unit_get_id (kessel_game_get_piece_counter (game, pz)), ==, "ger-16pz");
  g_assert_cmpint (kessel_game_get_piece_attack (game, pz), ==, 4);

  kessel_game_set_piece (game, pz, kessel_game_get_piece_hex (game, pz), 3);   /* back of the first counter */
  g_assert_cmpstr (kessel_unit_get_id (kessel_game_get_piece_counter (game, pz)), ==, "ger-16pz");
  g_assert_cmpint (kessel_game_get_piece_attack (game, pz), ==, 3);
  g_assert_cmpint (kessel_game_get_piece_defence (game, pz), ==, 4);

  kessel_game_set_piece (game, pz, kessel_game_get_piece_hex (game, pz), 2);   /* the substitute */
  g_assert_cmpstr (kessel_unit_get_id (kessel_game_get_piece_counter (game, pz)), ==, "ger-16pz-s1");
  g_assert_cmpint (kessel_game_get_piece_attack (game, pz), ==, 2);

  kessel_game_set_piece (game, pz, kessel_game_get_piece_hex (game, pz), 1);
  g_assert_cmpint (kessel_game_get_piece_attack (game, pz), ==, 1);
  g_assert_cmpint (kessel_game_get_piece_defence (game, pz), ==, 2);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/6.0/german-limit-at-end-of-phase", test_german_limit);
  g_test_add_func ("/rules/6.1/nine-steps-and-garrisons", test_nine_steps_and_garrisons);
  g_test_add_func ("/rules/6.2/soviet-limit", test_soviet_limit);
  g_test_add_func ("/rules/3.2/soviet-setup-overstack", test_soviet_setup_overstack);
  g_test_add_func ("/rules/6.0/opposing-units", test_opposing_units);
  g_test_add_func ("/rules/6.3/fog-of-war", test_fog_of_war);
  g_test_add_func ("/rules/2.8/substitute-counters", test_substitute_counters);
  return g_test_run ();
}
