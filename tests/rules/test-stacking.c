/* Stacking and fog of war (digest E.6, and 3.2-3 for the Soviet set-up). */
#include "rules-test.h"

/* Twelve German steps in 0505 and 9 SS in 0507, in a German movement part. */
static KesselGame *
german_overstack (void)
{
  KesselGame *game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  const char *const ids[] = { "ger-16pz", "ger-19pz", "ger-371", "ger-509", "ger-bn", "ger-18ad" };

  rules_clear (game);
  rules_order (game, "move-fight");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    rules_put (game, ids[i], 505);   /* 4 + 2 + 2 + 1 + 1 + 2 = 12 steps */
  rules_put (game, "ger-9ss", 507);
  return game;
}

/* 6.0-1, 6.1-1: over-stacking is allowed while moving and checked at the end
 * of the phase, not before. */
static void
test_german_limit (void)
{
  g_autoptr(KesselGame) game = german_overstack ();

  /* Asked at any moment, the fewest units that would have to go: one of
   * 12 steps (16 Pz's 4), then two of 20 (9 SS's 8 would still leave 12). */
  g_assert_cmpint (kessel_game_get_overstacking (game, H (game, 505)), ==, 1);
  ACT (game, "move ger-9ss 0506 0505");   /* 20 steps for the moment */
  g_assert_cmpint (kessel_game_get_overstacking (game, H (game, 505)), ==, 2);
  ACT (game, "move ger-9ss 0506");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);   /* only at the end of the phase */
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
}

/* 6.0-2: at the check the opposing player removes whole units, the fewest
 * that bring the hex within the limit, as eliminations. */
static void
test_opponent_removes_fewest (void)
{
  g_autoptr(KesselGame) game = german_overstack ();

  ACT (game, "end");
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

/* 6.1-1: nine steps of any kind; 6.0-4, 2-10 garrisons count for nothing. */
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

/* 6.0-4: garrisons and markers have no stacking value: nine steps, a
 * garrison and a KG marker fit a hex; a tenth step of a mobile unit does not. */
static void
test_no_stacking_value (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 3, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "ger-9ss", 808);
  rules_put (game, "ger-bn", 808);
  rules_put (game, "ger-tg", 808);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 808));
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 3);
  g_assert_cmpint (kessel_game_get_overstacking (game, H (game, 808)), ==, 0);
  rules_put (game, "ger-509", 808);
  g_assert_cmpint (kessel_game_get_overstacking (game, H (game, 808)), ==, 1);
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

/* 3.2-3: a Soviet set-up that over-stacks a hex stands through set-up and
 * phases I-III; the Soviet units resolve it by moving in phase IV, and only
 * what is left at the end of that movement is removed (6.0). */
static void
test_soviet_setup_overstack_until_first_move (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("soviet-overstack.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);

  ACT (game, "place ger-inf 0106");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (rules_hex_of (game, "sov-r1"), ==, 503);
  g_assert_cmpint (rules_hex_of (game, "sov-r2"), ==, 503);
  g_assert_cmpint (rules_hex_of (game, "sov-r3"), ==, 503);
  g_assert_false (rules_log_contains (game, "over-stacked"));
  ACT (game, "move sov-r1 0403");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  g_assert_cmpint (rules_hex_of (game, "sov-r2"), ==, 503);
  g_assert_cmpint (rules_hex_of (game, "sov-r3"), ==, 503);
  g_assert_false (rules_log_contains (game, "over-stacked"));
}

/* 3.2-3: over-stacking left at the end of the turn 1 Soviet movement is
 * removed by the German player (6.0). */
static void
test_soviet_setup_overstack_left (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("soviet-overstack.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);

  ACT (game, "place ger-inf 0106");
  ACT (game, "end");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  ACT (game, "eliminate sov-r3");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  g_assert_cmpint (rules_hex_of (game, "sov-r3"), ==, 0);
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

/* 6.3-1 (docs/rulings.md): declaring an attack reveals the attacking units
 * to the defender as well. */
static void
test_fog_of_war_attackers (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  int mech = P (game, "sov-9m"), guards = P (game, "sov-6g");

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put (game, "sov-9m", 606);
  rules_put (game, "sov-6g", 606);
  rules_put (game, "ger-19pz", 605);
  g_assert_false (kessel_game_piece_visible_to (game, mech, KESSEL_SIDE_GERMAN));
  ACT (game, "attack sov-9m+sov-6g 0605");
  g_assert_true (kessel_game_piece_visible_to (game, mech, KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_piece_visible_to (game, guards, KESSEL_SIDE_GERMAN));
}

/* 6.3-1: a probe attacks no stack, so it reveals nothing, and the Soviet
 * player reads of it without the probing units' names. */
static void
test_fog_of_war_probe (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int panzer = P (game, "ger-19pz");
  const KesselLogEntry *entry = NULL;

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 604);
  rules_put (game, "ger-509", 604);
  ACT (game, "probe ger-19pz+ger-509 0605");
  g_assert_false (kessel_game_piece_visible_to (game, panzer, KESSEL_SIDE_SOVIET));
  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    if (strstr (kessel_game_get_log (game, i)->text, "(13.6)") != NULL)
      entry = kessel_game_get_log (game, i);
  g_assert_nonnull (entry);
  g_assert_nonnull (strstr (entry->text, kessel_unit_get_label (kessel_game_get_piece_unit (game, panzer))));
  g_assert_cmpstr (entry->hidden_text, ==, "German units probe and advance into 0605 (13.6).");
}

/* 6.0-2, 6.3-1: the player who removes over-stacked units sees them. */
static void
test_removed_units_seen (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("soviet-overstack.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  g_autoptr(GArray) pieces = NULL;

  ACT (game, "place ger-inf 0106");
  ACT (game, "end");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  pieces = kessel_game_get_pieces_at (game, H (game, 503));
  g_assert_cmpuint (pieces->len, ==, 3);
  for (guint i = 0; i < pieces->len; i++)
    g_assert_true (kessel_game_piece_visible_to (game, g_array_index (pieces, int, i), KESSEL_SIDE_GERMAN));
}

/* 2-7: units on the map and arriving reinforcements start at full strength. */
static void
test_full_strength (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int pz = P (game, "ger-16pz");

  g_assert_cmpint (kessel_game_get_piece_steps (game, pz), ==, 4);
  g_assert_cmpint (kessel_game_get_piece_full_steps (game, pz), ==, 4);
  g_assert_cmpstr (kessel_unit_get_id (kessel_game_get_piece_counter (game, pz)), ==, "ger-16pz");
  g_assert_cmpint (kessel_game_get_piece_attack (game, pz), ==, 4);
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "ger-9ss")), ==, 8);
}

/* 2-8: a step loss flips the counter, and the last step of a counter brings
 * on its substitute with the factors printed there. */
static void
test_substitute_counters (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int pz = P (game, "ger-16pz");

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

/* 2-6: a counter with factors on both sides has two steps, one with factors
 * on one side a single step. */
static void
test_steps_of_a_counter (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  const struct { const char *id; int steps; } cases[] = {
    { "sov-9m", 2 }, { "sov-art", 1 }, { "ger-509", 1 }, { "ger-bn", 1 },
    { "ger-19pz", 2 }, { "ger-16pz", 4 }, { "ger-9ss", 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (kessel_game_get_piece_full_steps (game, P (game, cases[i].id)), ==, cases[i].steps);
}

/* 2-9: only German divisions have more than two steps (4, 6 or 8), carried
 * on substitute counters; one counter of a unit shows at a time and the
 * substitutes are never units of their own. */
static void
test_steps_and_counters (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  KesselScenario *scenario = kessel_game_get_scenario (game);
  const char *const nine[] = { "ger-9ss", "ger-9ss", "ger-9ss-s1", "ger-9ss-s1",
                               "ger-9ss-s2", "ger-9ss-s2", "ger-9ss-s3", "ger-9ss-s3" };
  int ss = P (game, "ger-9ss");
  int n_first = 0;

  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (scenario, i);
      g_assert_cmpint (kessel_unit_get_n_steps (unit), >=, 1);
      g_assert_cmpint (kessel_unit_get_n_steps (unit), <=, 2);
      n_first += kessel_scenario_get_substituted (scenario, unit) == NULL;
    }
  g_assert_cmpint (kessel_game_get_n_pieces (game), ==, n_first);
  g_assert_cmpint (kessel_game_find_piece (game, "ger-16pz-s1"), ==, -1);
  g_assert_cmpint (kessel_game_find_piece (game, "ger-9ss-s3"), ==, -1);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (game, p);
      if (kessel_game_get_piece_full_steps (game, p) > 2)
        {
          g_assert_cmpint (kessel_unit_get_side (unit), ==, KESSEL_SIDE_GERMAN);
          g_assert_cmpint (kessel_unit_get_size (unit), ==, KESSEL_SIZE_DIVISION);
          g_assert_cmpint (kessel_game_get_piece_full_steps (game, p) % 2, ==, 0);
        }
    }
  for (int steps = 8; steps >= 1; steps--)
    {
      kessel_game_set_piece (game, ss, H (game, 505), steps);
      g_assert_cmpstr (kessel_unit_get_id (kessel_game_get_piece_counter (game, ss)), ==, nine[8 - steps]);
    }
}

/* 2-10: a static garrison never moves, attacks or probes, gives no support
 * to other hexes and counts nothing for stacking (6.0-4). */
static void
test_static_garrisons (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) soviet = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselCombatOdds odds;

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "ger-tg", 808);
  rules_put (game, "ger-9ss", 808);
  rules_put (game, "ger-bn", 808);    /* 9 steps and the garrison */
  rules_put (game, "sov-9m", 807);
  REFUSE (game, "move ger-tg 0809", "2.7");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  REFUSE (game, "attack ger-tg 0807", "2.7");
  REFUSE (game, "probe ger-tg 0708", "2.7");
  REFUSE (game, "attack ger-bn 0807 support=ger-tg", "13.1");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);

  rules_clear (soviet);
  rules_order (soviet, "fight-move");
  rules_put (soviet, "ger-tg", 808);
  rules_put (soviet, "ger-bn", 909);
  rules_put (soviet, "sov-6g", 1009);
  ODDS (soviet, "attack sov-6g 0909", &odds);   /* next to the garrison's hex */
  g_assert_cmpint (odds.n_defenders, ==, 1);
  g_assert_cmpint (odds.defence, ==, 1);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/6.0-1/german-limit-at-end-of-phase", test_german_limit);
  g_test_add_func ("/rules/6.0-2/opponent-removes-fewest-whole-units", test_opponent_removes_fewest);
  g_test_add_func ("/rules/6.0-4/garrisons-and-markers-count-nothing", test_no_stacking_value);
  g_test_add_func ("/rules/6.1-1/nine-steps-and-garrisons", test_nine_steps_and_garrisons);
  g_test_add_func ("/rules/6.2-1/soviet-limit", test_soviet_limit);
  g_test_add_func ("/rules/3.2-3/soviet-setup-overstack", test_soviet_setup_overstack);
  g_test_add_func ("/rules/3.2-3/overstack-kept-until-first-move", test_soviet_setup_overstack_until_first_move);
  g_test_add_func ("/rules/3.2-3/overstack-left-is-removed", test_soviet_setup_overstack_left);
  g_test_add_func ("/rules/6.0-3/opposing-units", test_opposing_units);
  g_test_add_func ("/rules/6.3-1/fog-of-war", test_fog_of_war);
  g_test_add_func ("/rules/6.3-1/attackers-revealed", test_fog_of_war_attackers);
  g_test_add_func ("/rules/6.3-1/probe-reveals-nothing", test_fog_of_war_probe);
  g_test_add_func ("/rules/6.0-2/removed-units-seen", test_removed_units_seen);
  g_test_add_func ("/rules/2-7/full-strength", test_full_strength);
  g_test_add_func ("/rules/2-8/substitute-counters", test_substitute_counters);
  g_test_add_func ("/rules/2-6/steps-of-a-counter", test_steps_of_a_counter);
  g_test_add_func ("/rules/2-9/steps-and-counters", test_steps_and_counters);
  g_test_add_func ("/rules/2-10/static-garrisons", test_static_garrisons);
  return g_test_run ();
}
