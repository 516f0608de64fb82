/* The turn sequence (digest E.3 set-up, E.5), victory (E.4), reinforcements
 * (E.10), rifle corps returning (E.11), and saving and loading a game. */
#include "rules-test.h"

/* 3.2-1: the German player places the units not fixed to their hexes in or
 * next to the printed hex. */
static void
setup_germans (KesselGame *game)
{
  REFUSE (game, "place ger-16pz 0508", "3.2");   /* two hexes from 0506 */
  REFUSE (game, "place ger-tg 0807", "3.2");     /* garrisons are fixed */
  ACT (game, "place ger-16pz 0505");
}

static void
place_all (KesselGame *game)
{
  const char *const ids[] = { "ger-19pz", "ger-371", "ger-509", "ger-18ad", "ger-bn" };
  const int hexes[] = { 507, 508, 506, 509, 609 };

  setup_germans (game);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *text = g_strdup_printf ("place %s %04d", ids[i], hexes[i]);
      ACT (game, text);
    }
  ACT (game, "end");
}

static KesselGame *
new_game (const char *fixture, guint64 seed)
{
  g_autoptr(KesselScenario) scenario = rules_load (fixture);

  return kessel_game_new (scenario, seed);
}

/* 3.1-1, 5.1-1: turn 1 is played in Thaw. */
static void
test_turn_one (void)
{
  g_autoptr(KesselGame) game = new_game ("rules.kessel", 11);

  g_assert_cmpint (kessel_game_get_weather (game), ==, KESSEL_WEATHER_THAW);
  place_all (game);
  g_assert_cmpint (kessel_game_get_turn (game), ==, 1);
  g_assert_cmpint (kessel_game_get_weather (game), ==, KESSEL_WEATHER_THAW);
  g_assert_cmpint (kessel_game_get_turn_weather (game, 1), ==, KESSEL_WEATHER_THAW);
}

/* 5.2-1: on turn 1 the Soviet player has air superiority and rolls one die
 * for his CAS markers at set-up; the German player gets none. */
static void
test_turn_one_air (void)
{
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      g_autoptr(KesselGame) game = new_game ("rules.kessel", seed);
      KesselDice dice;

      kessel_dice_init (&dice, seed);
      g_assert_cmpint (kessel_game_get_air_superiority (game), ==, KESSEL_SIDE_SOVIET);
      g_assert_cmpint (kessel_game_get_cas_total (game), ==, kessel_dice_roll (&dice));
      g_assert_cmpint (kessel_game_get_cas_total (game), >=, 1);
      g_assert_cmpint (kessel_game_get_cas_total (game), <=, 6);
    }
}

/* 3.2-1: the Soviet units set up exactly on their hexes, then the air roll,
 * then the German garrisons exactly; the German player places the rest in
 * or next to the printed hex, and set-up ends only when all are placed. */
static void
test_setup_order (void)
{
  g_autoptr(KesselGame) game = new_game ("rules.kessel", 11);
  const char *const steps[] = { "Soviet units set up", "air superiority", "German garrisons" };
  int at[G_N_ELEMENTS (steps)];

  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SETUP);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      at[i] = -1;
      for (int e = 0; e < kessel_game_get_n_log (game) && at[i] < 0; e++)
        if (strstr (kessel_game_get_log (game, e)->text, steps[i]) != NULL)
          at[i] = e;
      g_assert_cmpint (at[i], >=, 0);
      if (i > 0)
        g_assert_cmpint (at[i], >, at[i - 1]);
    }
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 902);
  g_assert_cmpint (rules_hex_of (game, "ger-tg"), ==, 808);   /* garrisons exactly */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-19pz")), ==, KESSEL_PIECE_WAITING);
  REFUSE (game, "end", "3.2");
  place_all (game);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);
}

/* 3.2-5: the Soviet player moves first on turn 1, and must use Move/Fight. */
static void
test_soviet_first_on_turn_one (void)
{
  g_autoptr(KesselGame) game = new_game ("rules.kessel", 11);

  place_all (game);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  g_assert_cmpint (kessel_game_get_order (game), ==, KESSEL_ORDER_MOVE_FIGHT);
  REFUSE (game, "order fight-move", "5.4");
}

/* 5.4-1: from turn 2 the Soviet player chooses his order before phase IV;
 * Fight/Move starts with the combat part. */
static void
test_soviet_order_from_turn_two (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_ORDER);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  REFUSE (game, "end", "5.4");
  ACT (game, "order fight-move");
  g_assert_cmpint (kessel_game_get_order (game), ==, KESSEL_ORDER_FIGHT_MOVE);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
}

/* 3.0-1: the north edge is the Soviet side, the south the German: on the
 * shipped map the Soviet supply sources lie on the north and east edges,
 * the German C&C sources on the west and south edges, and the Soviet corps
 * leave by the south edge. */
static void
test_map_sides (void)
{
  g_autoptr(KesselScenario) scenario = rules_shipped_scenario ();
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);
  int supply = 0, command = 0;

  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    {
      int column, row;
      gboolean south;

      kessel_grid_column_row (grid, hex, &column, &row);
      south = row == kessel_grid_rows_in_column (grid, column);
      if (kessel_map_has_edge_role (map, hex, KESSEL_EDGE_SUPPLY_SOURCE))
        {
          g_assert_true (row == 1 || column == grid->columns);
          supply++;
        }
      if (kessel_map_has_edge_role (map, hex, KESSEL_EDGE_COMMAND_SOURCE))
        {
          g_assert_true (column == 1 || south);
          command++;
        }
      if (kessel_map_has_edge_role (map, hex, KESSEL_EDGE_EXIT))
        g_assert_true (south);
    }
  g_assert_cmpint (supply, ==, 65);
  g_assert_cmpint (command, ==, 74);
}

/* 3.1-3: the VP track starts at 2 on the shipped map, 1 VP for each of the
 * two towns the Soviet player holds at the start. */
static void
test_vp_start (void)
{
  g_autoptr(KesselScenario) scenario = rules_shipped_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);

  g_assert_cmpint (kessel_game_get_vp (game), ==, 2);
  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 2);
}

/* 3.1-4: every town and fortified locality but Krasilov and Khmelnik starts
 * German-controlled. */
static void
test_places_start_german (void)
{
  g_autoptr(KesselScenario) scenario = rules_shipped_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);

  g_assert_cmpint (kessel_map_get_n_places (map), >, 10);
  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      int hex = kessel_map_get_place (map, i)->hex;
      int number = kessel_grid_hex_number (grid, hex);

      g_assert_cmpint (kessel_game_get_control (game, hex), ==,
                       number == 2603 || number == 4004 ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN);
    }
}

/* The game at the start of turn 2 and the dice of its weather and air rolls. */
static KesselGame *
turn_two (guint64 seed, int *weather, int *german, int *soviet)
{
  KesselGame *game = rules_position_seeded ("rules.kessel", seed, 1, KESSEL_PHASE_ADMINISTRATIVE,
                                            KESSEL_WEATHER_THAW);
  KesselDice dice;

  kessel_dice_init (&dice, seed);
  *weather = kessel_dice_roll (&dice);
  do
    {
      *german = kessel_dice_roll (&dice) + kessel_dice_roll (&dice);
      *soviet = kessel_dice_roll (&dice) + kessel_dice_roll (&dice);
    }
  while (*german == *soviet);
  g_assert_cmpint (kessel_game_get_turn (game), ==, 2);
  return game;
}

/* 5.1-1: from turn 2 the weather is rolled on the table for the turn. */
static void
test_weather_and_air (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      int weather, german, soviet;
      g_autoptr(KesselGame) game = turn_two (seed, &weather, &german, &soviet);

      g_assert_cmpint (kessel_game_get_weather (game), ==, kessel_table_weather (2, weather));
    }
}

/* 5.2-2: from turn 2 each side rolls two dice for air, ties rolled again;
 * the higher gets the difference in CAS markers, the other none. */
static void
test_air_superiority (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      int weather, german, soviet;
      g_autoptr(KesselGame) game = turn_two (seed, &weather, &german, &soviet);

      g_assert_cmpint (kessel_game_get_air_superiority (game), ==,
                       german > soviet ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET);
      g_assert_cmpint (kessel_game_get_cas_total (game), ==, ABS (german - soviet));
    }
}

/* 5.3-1: phase III is passed over on turns 1 and 2, played from turn 3. */
static void
test_no_kg_phase_early (void)
{
  int weather, german, soviet;
  g_autoptr(KesselGame) second = turn_two (1, &weather, &german, &soviet);
  g_autoptr(KesselGame) third = rules_position ("rules.kessel", 2, KESSEL_PHASE_ADMINISTRATIVE, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) first = new_game ("rules.kessel", 1);

  g_assert_cmpint (kessel_game_get_phase (second), ==, KESSEL_PHASE_SOVIET_1);
  place_all (first);
  g_assert_cmpint (kessel_game_get_phase (first), ==, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_turn (third), ==, 3);
  g_assert_cmpint (kessel_game_get_phase (third), ==, KESSEL_PHASE_KG);
}

/* 5.3-2: from turn 3 up to three KGs, anywhere, one a hex; 5.8-1 the
 * administrative phase removes them and the CAS markers. */
static void
test_kg_deployment (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_ADMINISTRATIVE, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_turn (game), ==, 3);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_KG);
  ACT (game, "kg breith 0902");        /* on a Soviet unit */
  REFUSE (game, "kg golnick 0902", "5.3");
  ACT (game, "kg golnick 0101");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_kg_hex (game, KESSEL_KG_BREITH), ==, H (game, 902));
  REFUSE (game, "kg chevallerie 0505", "5.3");   /* only in phase III */
}

/* 5.8-1, 5.2-3: the administrative phase removes the KG markers and the
 * unused CAS markers. */
static void
test_administrative (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 505));
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 4);
  ACT (game, "end");   /* IX */
  ACT (game, "end");   /* X: the reinforcements are not placed */
  g_assert_cmpint (kessel_game_get_turn (game), ==, 3);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_KG);
  g_assert_true (rules_log_contains (game, "KG and CAS markers removed"));
  g_assert_cmpint (kessel_game_get_kg_hex (game, KESSEL_KG_BREITH), ==, KESSEL_HEX_NONE);
}

/* 5.2-3: markers not used by the end of the turn are lost: the next turn
 * has only what its own air roll gives. */
static void
test_unused_cas_lost (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 6);
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, 6);
  rules_run_to (game, 3, KESSEL_PHASE_KG);
  g_assert_cmpint (kessel_game_get_cas_left (game), ==, kessel_game_get_cas_total (game));
  g_assert_true (rules_log_contains (game, "KG and CAS markers removed"));
}

/* 5.7-1: a returning rifle corps is placed in phase XI, not before. */
static void
test_replacement_phase (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("12"), 1,
                                                      KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  ACT (game, "attack ger-19pz+ger-16pz 0606");   /* automatic: back on turn 2 */
  ACT (game, "end");
  rules_run_to (game, 2, KESSEL_PHASE_REINFORCEMENT);
  g_assert_false (LEGAL (game, "enter sov-60r 0404"));
  rules_run_to (game, 2, KESSEL_PHASE_REPLACEMENT);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);
  ACT (game, "enter sov-60r 0404");
  g_assert_cmpint (rules_hex_of (game, "sov-60r"), ==, 404);
}

/* 5.4-3: the second phase's order: by default the mirror of the first; the
 * options give the same order or a new choice. */
static void
test_second_phase_order (void)
{
  const struct { const char *option; KesselSegment segment; KesselOrder order; } cases[] = {
    { NULL, KESSEL_SEGMENT_MOVEMENT, KESSEL_ORDER_MOVE_FIGHT },
    { "second-phase-same-order", KESSEL_SEGMENT_COMBAT, KESSEL_ORDER_FIGHT_MOVE },
    { "second-phase-own-choice", KESSEL_SEGMENT_ORDER, KESSEL_ORDER_FIGHT_MOVE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

      if (cases[i].option)
        rules_set_option (game, cases[i].option, TRUE);
      rules_clear (game);
      rules_order (game, "fight-move");
      ACT (game, "end");
      ACT (game, "end");
      g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);
      ACT (game, "end");
      g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_2);
      g_assert_cmpint (kessel_game_get_segment (game), ==, cases[i].segment);
      if (cases[i].segment != KESSEL_SEGMENT_ORDER)
        g_assert_cmpint (kessel_game_get_order (game), ==, cases[i].order);
      else
        ACT (game, "order move-fight");
    }
}

/* Phase VII after 19 Pz and Bn attacked 9 Mech in phase VI (stalled, die
 * 3); 371 Inf stands with them. */
static KesselGame *
after_first_combat (const char *order)
{
  KesselGame *game = rules_position_seeded ("rules.kessel", rules_seed_for ("3|3"), 2,
                                            KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "ger-371", 605);
  rules_order (game, order);
  if (kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT)
    ACT (game, "end");
  ACT (game, "attack ger-19pz+ger-bn 0606");   /* 1:1, die 3: attack stalled */
  ACT (game, "end");
  if (kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT)
    ACT (game, "end");
  return game;
}

/* 5.5-1: each German phase is followed by a mechanized combat phase,
 * whichever order the player chose. */
static void
test_mech_phases (void)
{
  g_autoptr(KesselGame) move_fight = after_first_combat ("move-fight");
  g_autoptr(KesselGame) fight_move = after_first_combat ("fight-move");

  g_assert_cmpint (kessel_game_get_phase (move_fight), ==, KESSEL_PHASE_GERMAN_MECH_1);
  g_assert_cmpint (kessel_game_get_phase (fight_move), ==, KESSEL_PHASE_GERMAN_MECH_1);
  rules_run_to (move_fight, 2, KESSEL_PHASE_GERMAN_2);
  ACT (move_fight, "end");
  ACT (move_fight, "end");
  g_assert_cmpint (kessel_game_get_phase (move_fight), ==, KESSEL_PHASE_GERMAN_MECH_2);
}

/* 5.5-2: in the mechanized combat phase mechanized units attack again, even
 * those that attacked in the phase before. */
static void
test_mech_attack_again (void)
{
  g_autoptr(KesselGame) game = after_first_combat ("move-fight");

  ACT (game, "attack ger-19pz+ger-bn 0606");
  g_assert_cmpint (rules_last_die (game), ==, 3);
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 2);
}

/* 5.5-3: non-mechanized units never attack in the mechanized combat phase,
 * and standing with them does not stop the mechanized ones. */
static void
test_no_foot_attack_in_mech_phase (void)
{
  g_autoptr(KesselGame) game = after_first_combat ("move-fight");

  REFUSE (game, "attack ger-371 0606", "5.5");
  REFUSE (game, "attack ger-19pz+ger-371 0606", "5.5");
  g_assert_true (LEGAL (game, "attack ger-19pz 0606"));
}

/* 5.5-5: the option "mech-combat-right-after-combat" runs VII right after
 * the combat part of a Fight/Move phase VI. */
static void
test_mech_right_after_combat (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) plain = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_set_option (game, "mech-combat-right-after-combat", TRUE);
  rules_order (game, "fight-move");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_MECH_1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_2);

  rules_order (plain, "fight-move");
  ACT (plain, "end");
  g_assert_cmpint (kessel_game_get_phase (plain), ==, KESSEL_PHASE_GERMAN_1);
  g_assert_cmpint (kessel_game_get_segment (plain), ==, KESSEL_SEGMENT_MOVEMENT);
  ACT (plain, "end");
  g_assert_cmpint (kessel_game_get_phase (plain), ==, KESSEL_PHASE_GERMAN_MECH_1);
}

/* 4.1-1: 1 VP a Soviet-controlled town hex, in supply or not. */
static void
test_place_vp (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 1);   /* Gamma */
  kessel_game_set_control (game, H (game, 808), KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 2);
  g_assert_cmpint (kessel_game_get_vp (game), ==, 2);
}

/* 4.1-2: 4 VP a Soviet-controlled fortified locality; once taken it is a
 * town for combat only (ruling), so it still scores 4. */
static void
test_fortified_locality_vp (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 1);
  kessel_game_set_control (game, H (game, 1008), KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 1 + 4);
  g_assert_cmpint (kessel_game_get_vp (game), ==, 5);
}

/* 3.3-2: control is what counts for places: VP, reinforcements at Ternopol
 * and returning rifle corps. */
static void
test_control_matters (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);

  g_assert_true (LEGAL (game, "enter ger-9ss 0103"));
  kessel_game_set_control (game, H (game, 103), KESSEL_SIDE_SOVIET);
  REFUSE (game, "enter ger-9ss 0103", "10.1");
  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 2);   /* Gamma and now Ternopol */
  kessel_game_set_control (game, H (game, 103), KESSEL_SIDE_GERMAN);
  g_assert_cmpint (kessel_game_get_vp_places (game), ==, 1);
}

/* 4.1-4: 1 VP a Soviet corps leaving by a south exit hex, at most 4. */
static void
test_exits_capped (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  const char *const corps[] = { "sov-9m", "sov-6g", "sov-7g", "sov-60r", "sov-61r" };

  rules_clear (game);
  for (guint i = 0; i < G_N_ELEMENTS (corps); i++)
    rules_put (game, corps[i], 310 + 100 * (int) i);
  rules_put (game, "sov-art", 310);
  rules_put (game, "sov-sup", 505);
  REFUSE (game, "exit sov-sup", "4.1");
  for (guint i = 0; i < G_N_ELEMENTS (corps); i++)
    {
      g_autofree char *text = g_strconcat ("exit ", corps[i], NULL);
      ACT (game, text);
    }
  ACT (game, "exit sov-art");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-9m")), ==, KESSEL_PIECE_EXITED);
  g_assert_cmpint (kessel_game_get_corps_exited (game), ==, 5);
  g_assert_cmpint (kessel_game_get_vp_exits (game), ==, 4);
}

/* 4.1-3, 4.3: after the last turn each German place out of C&C scores 1;
 * the verdict follows the total. */
static void
test_end_of_game (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 3, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-6g", 807);
  rules_put (game, "sov-7g", 809);
  g_assert_false (kessel_game_hex_traces (game, H (game, 808), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_hex_traces (game, H (game, 1008), KESSEL_SIDE_GERMAN));
  ACT (game, "end");
  g_assert_true (kessel_game_is_over (game));
  g_assert_cmpint (kessel_game_get_vp_out_of_command (game), ==, 1);
  g_assert_cmpint (kessel_game_get_vp (game), ==, 2);   /* Gamma and Alpha out of C&C */
  g_assert_cmpint (kessel_game_get_verdict (game), ==, KESSEL_VERDICT_GERMAN);
}

/* 4.2-1: a German division destroyed out of C&C scores its full steps. */
static void
test_division_destroyed_out_of_command (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put_steps (game, "ger-16pz", 606, 1);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 607);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-16pz")));
  ACT (game, "attack sov-6g+sov-7g 0606");   /* 16 to 2: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_vp_destroyed (game), ==, 4);
}

/* A Soviet combat part of turn 2 on an empty board. */
static KesselGame *
soviet_combat (void)
{
  KesselGame *game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "fight-move");
  return game;
}

/* 4.2-2: battalions and garrisons never score when eliminated, out of C&C
 * or not. */
static void
test_battalion_scores_nothing (void)
{
  g_autoptr(KesselGame) game = soviet_combat ();

  rules_put (game, "ger-bn", 606);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 607);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-bn")));
  ACT (game, "attack sov-6g+sov-7g 0606");   /* automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_vp_destroyed (game), ==, 0);
}

/* 9.2-5: C&C decides whether a destroyed division scores: one destroyed in
 * C&C gives nothing. */
static void
test_division_destroyed_in_command (void)
{
  g_autoptr(KesselGame) game = soviet_combat ();

  rules_put_steps (game, "ger-16pz", 606, 1);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 706);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-16pz")));
  ACT (game, "attack sov-6g+sov-7g 0606");   /* 16 to 2: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_vp_destroyed (game), ==, 0);
}

/* 4.x: the VP track is a running total: a place taken in the middle of a
 * turn counts at once, and the administrative phase reports the track. */
static void
test_vp_running_total (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  g_assert_cmpint (kessel_game_get_vp (game), ==, 1);
  rules_order (game, "move-fight");
  rules_put (game, "sov-9m", 807);
  ACT (game, "move sov-9m 0808 0809");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 808)), ==, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_vp (game), ==, 2);
  rules_run_to (game, 3, KESSEL_PHASE_KG);
  g_assert_true (rules_log_contains (game, "the Soviet VP track stands at 2 (5.8)"));
}

/* 5.6-1: German reinforcements are placed in phase X, and in no other. */
static void
test_reinforcement_phase (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) earlier = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_PLACEMENT);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  REFUSE (earlier, "enter ger-9ss 0101", "10.1");
  ACT (game, "enter ger-9ss 0101");
  g_assert_cmpint (rules_hex_of (game, "ger-9ss"), ==, 101);
}

/* 10.1-4: reinforcements enter at Ternopol (German-controlled, with a C&C
 * line, even in an enemy zone) or at an edge entry hex that is free of enemy
 * units and zones; nowhere else. */
static void
test_reinforcements (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 202);   /* its zone covers 0102 and 0103 */
  REFUSE (game, "enter ger-9ss 0505", "10.1");
  REFUSE (game, "enter ger-9ss 0102", "10.1");
  REFUSE (game, "enter ger-16pz 0101", "10.1");
  ACT (game, "enter ger-9ss 0103");
  g_assert_cmpint (kessel_game_get_piece_steps (game, P (game, "ger-9ss")), ==, 8);
  kessel_game_set_control (game, H (game, 103), KESSEL_SIDE_SOVIET);
  REFUSE (game, "enter ger-bn2 0103", "10.1");
}

/* 11.1-1, 11.1-2: an eliminated rifle corps returns 1-3 turns later (half a
 * die, rounded up), reduced; 11.2-1, 5.7-1 in phase XI, in a town under Soviet
 * control (3.3-2), in supply and free of enemy zones. */
static void
test_rifle_corps_returns (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("12"), 1,
                                                      KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);
  int corps = P (game, "sov-60r");

  rules_clear (game);
  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  ACT (game, "attack ger-19pz+ger-16pz 0606");
  g_assert_cmpint (kessel_game_get_piece_status (game, corps), ==, KESSEL_PIECE_RETURNING);
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, corps), ==, 1 + (rules_last_die (game) + 1) / 2);
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, corps), ==, 2);
  ACT (game, "end");   /* no advance */
  rules_run_to (game, 2, KESSEL_PHASE_REPLACEMENT);
  REFUSE (game, "enter sov-60r 0808", "11.2");   /* German */
  REFUSE (game, "enter sov-60r 0505", "11.2");   /* not a town */
  rules_put (game, "ger-bn", 504);
  REFUSE (game, "enter sov-60r 0404", "11.2");   /* in a German zone */
  kessel_game_set_piece (game, P (game, "ger-bn"), KESSEL_HEX_NONE, 1);
  ACT (game, "enter sov-60r 0404");
  g_assert_cmpint (kessel_game_get_piece_steps (game, corps), ==, 1);
  g_assert_cmpint (rules_hex_of (game, "sov-60r"), ==, 404);
}

/* A game saved to XML loads back to the identical game. */
static void
test_save_and_load (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("rules.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 5);
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  place_all (game);
  ACT (game, "move sov-9m 0802 0702");
  ACT (game, "end");
  ACT (game, "end");
  xml = kessel_game_to_xml (game, &length);
  loaded = kessel_game_load_data (xml, length, "saved.kesselgame", scenario, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (game, loaded));
  g_assert_cmpint (kessel_game_get_n_actions (loaded), ==, kessel_game_get_n_actions (game));
}

/* 10.2-1: the KG markers become available in phase X of turn 2 and are first
 * placed in phase III of turn 3. */
static void
test_kg_available_from_turn_two (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);

  g_assert_false (kessel_game_kg_available (game));
  ACT (game, "end");   /* IX */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_REINFORCEMENT);
  g_assert_true (kessel_game_kg_available (game));
  REFUSE (game, "kg breith 0505", "5.3");
  ACT (game, "end");   /* X */
  g_assert_cmpint (kessel_game_get_turn (game), ==, 3);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_KG);
  ACT (game, "kg breith 0505");
  g_assert_cmpint (kessel_game_get_kg_hex (game, KESSEL_KG_BREITH), ==, H (game, 505));
}

/* On turn 1 and 2 the KG phase is passed over. */
static void
test_no_kg_phase_before_turn_three (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_ADMINISTRATIVE, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_turn (game), ==, 2);
  g_assert_cmpint (kessel_game_get_phase (game), !=, KESSEL_PHASE_KG);
  g_assert_false (kessel_game_kg_available (game));
}

/* 11.3-1: the Soviet side gets no reinforcements; a scenario giving one an
 * arrival turn is refused. Only rifle corps return (11.1): a tank corps
 * eliminated stays eliminated. */
static void
test_no_soviet_reinforcements (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("1"), 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselScenario) scenario = rules_load ("rules.kessel");
  g_autoptr(KesselScenario) broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  char *at;

  xml = kessel_scenario_to_xml (scenario, NULL);
  at = strstr (xml, "setup=\"1002\"");
  g_assert_nonnull (at);
  memcpy (at, "arrives=\"2\" ", strlen ("arrives=\"2\" "));   /* as long as the setup */
  broken = kessel_scenario_load_data (xml, strlen (xml), "soviet-arrival.kessel", &error);
  g_assert_null (broken);
  g_assert_nonnull (strstr (error->message, "11.3"));

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put_steps (game, "sov-6g", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 607);
  ACT (game, "attack ger-19pz+ger-16pz 0606");   /* 9 to 3, die 1: DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-6g")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 1);   /* no roll for a return */
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, P (game, "sov-6g")), ==, 0);
}

/* 4.2-3: C&C is judged when the division is eliminated, in the hex it could
 * not retreat out of: a division destroyed in a C&C source gives no VP. */
static void
test_command_judged_at_elimination (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  const char *blockers[] = { "sov-6g", "sov-7g", "sov-9m", "sov-60r", "sov-61r", "sov-sup" };
  int around[KESSEL_N_DIRECTIONS];
  int n = 0;

  kessel_grid_neighbours (kessel_map_get_grid (map), H (game, 110), around);
  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put_steps (game, "ger-16pz", 110, 2);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE)
      kessel_game_set_piece (game, P (game, blockers[n++]), around[d], 2);
  g_assert_cmpint (n, >=, 2);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-16pz")));
  ACT (game, "attack sov-6g+sov-7g 0110");   /* 16 to 2: automatic DL1+DR */
  g_assert_true (rules_log_contains (game, "cannot retreat"));
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (kessel_game_get_vp_destroyed (game), ==, 0);
}

/* 2-2: every roll of the game is one six-sided die. */
static void
test_six_sided_dice (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", 3, 1, KESSEL_PHASE_ADMINISTRATIVE,
                                                      KESSEL_WEATHER_THAW);
  KesselDice dice;
  int faces[7] = { 0 }, rolled = 0;

  kessel_dice_init (&dice, 7);
  for (int i = 0; i < 6000; i++)
    {
      int die = kessel_dice_roll (&dice);
      g_assert_cmpint (die, >=, 1);
      g_assert_cmpint (die, <=, 6);
      faces[die]++;
    }
  for (int face = 1; face <= 6; face++)
    g_assert_cmpint (faces[face], >, 0);

  /* The weather and the two pairs of air dice of turn 2. */
  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    {
      int die = kessel_game_get_log (game, i)->die;
      if (die == 0)
        continue;
      g_assert_cmpint (die, >=, 1);
      g_assert_cmpint (die, <=, 6);
      rolled++;
    }
  g_assert_cmpint (rolled, >=, 1);
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), >=, 5);
}

/* 3.1-2, 3.1-4: the places the scenario gives the Soviet player start
 * Soviet-controlled, every other town and fortified locality German; 3.1-3
 * the VP track starts at one VP a Soviet town. */
static void
test_initial_control (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("rules.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  KesselMap *map = kessel_scenario_get_map (scenario);
  int soviet = 0;

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      KesselSide expected = place->hex == H (game, 404) ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;

      g_assert_cmpint (kessel_game_get_control (game, place->hex), ==, expected);
      soviet += expected == KESSEL_SIDE_SOVIET;
    }
  g_assert_cmpint (soviet, ==, 1);
  g_assert_cmpint (kessel_game_get_vp (game), ==, soviet);
  g_assert_cmpint (kessel_game_get_vp (game), ==, kessel_scenario_get_start (scenario)->soviet_vp);
}

/* 3.2-2: a unit the rules fix to its hex (the 96th and 291st) is placed
 * there by the program and cannot be placed elsewhere. */
static void
test_fixed_setup_hexes (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("example-turn.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);

  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SETUP);
  g_assert_cmpint (rules_hex_of (game, "ger-96"), ==, 2310);
  REFUSE (game, "place ger-96 2311", "3.2");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_WAITING);
  g_assert_true (LEGAL (game, "place ger-16pz 2217"));
}

/* 3.2-4: a unit with an arrival turn instead of a hex is not set up. */
static void
test_reinforcements_not_set_up (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("rules.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 11);

  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-9ss")), ==, KESSEL_PIECE_WAITING);
  REFUSE (game, "place ger-9ss 0505", "3.2");
  place_all (game);   /* set-up ends without it */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-9ss")), ==, KESSEL_PIECE_WAITING);
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-bn2")), ==, KESSEL_PIECE_WAITING);
}

/* 4.0-1: only the Soviet player scores; after the last turn, 32 VP or more is
 * a Soviet victory, 28 to 31 a draw, 27 or less a German victory. */
static void
test_verdict_after_turn_eight (void)
{
  const int fortified[] = { 302, 502, 702, 902, 304, 504, 704, 904 };
  const int towns[] = { 306, 506, 706 };
  const struct { int fortified, towns, vp; KesselVerdict verdict; } cases[] = {
    { 8, 0, 32, KESSEL_VERDICT_SOVIET },
    { 7, 3, 31, KESSEL_VERDICT_DRAW },
    { 7, 0, 28, KESSEL_VERDICT_DRAW },
    { 6, 3, 27, KESSEL_VERDICT_GERMAN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KesselGame) game = rules_position ("eight-turns.kessel", 8, KESSEL_PHASE_GERMAN_MECH_2,
                                                   KESSEL_WEATHER_THAW);

      for (int f = 0; f < cases[i].fortified; f++)
        kessel_game_set_control (game, H (game, fortified[f]), KESSEL_SIDE_SOVIET);
      for (int t = 0; t < cases[i].towns; t++)
        kessel_game_set_control (game, H (game, towns[t]), KESSEL_SIDE_SOVIET);
      g_assert_false (kessel_game_is_over (game));
      ACT (game, "end");
      g_assert_true (kessel_game_is_over (game));
      g_assert_cmpint (kessel_game_get_vp (game), ==, cases[i].vp);
      g_assert_cmpint (kessel_game_get_verdict (game), ==, cases[i].verdict);
    }

}

/* 5.0-2: the game has eight turns: it goes on after turn 7, ends after turn
 * 8, and the weather table reaches turn 8. */
static void
test_eight_turns (void)
{
  g_autoptr(KesselGame) earlier = rules_position ("eight-turns.kessel", 7, KESSEL_PHASE_GERMAN_MECH_2,
                                                  KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) last = rules_position ("eight-turns.kessel", 8, KESSEL_PHASE_GERMAN_MECH_2,
                                               KESSEL_WEATHER_THAW);
  g_autoptr(KesselScenario) scenario = rules_shipped_scenario ();

  g_assert_cmpint (kessel_scenario_get_turns (scenario), ==, 8);
  ACT (earlier, "end");
  g_assert_false (kessel_game_is_over (earlier));
  g_assert_cmpint (kessel_game_get_turn (earlier), ==, 8);
  ACT (last, "end");
  g_assert_true (kessel_game_is_over (last));
  g_assert_cmpint (kessel_table_weather (8, 5), ==, KESSEL_WEATHER_THAW);
  g_assert_cmpint (kessel_table_weather (8, 6), ==, KESSEL_WEATHER_FROST);
}

/* 5.0-1: the twelve phases of a turn come in order I to XII: weather, air,
 * KG deployment (from turn 3), the two Soviet phases, the four German ones,
 * then reinforcements (5.6-1), replacements (5.7-1) and administration. */
static void
test_phase_order (void)
{
  static const char *const numerals[] = { "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII" };
  const KesselPhase expected[] = {
    KESSEL_PHASE_SOVIET_1, KESSEL_PHASE_SOVIET_2, KESSEL_PHASE_GERMAN_1, KESSEL_PHASE_GERMAN_MECH_1,
    KESSEL_PHASE_GERMAN_2, KESSEL_PHASE_GERMAN_MECH_2, KESSEL_PHASE_REINFORCEMENT, KESSEL_PHASE_REPLACEMENT,
    KESSEL_PHASE_KG,   /* of turn 3 */
  };
  /* A rifle corps eliminated on turn 1 with a die of 1 or 2 is due back on turn 2. */
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("12"), 1,
                                                      KESSEL_PHASE_GERMAN_MECH_2, KESSEL_WEATHER_THAW);
  KesselPhase seen[G_N_ELEMENTS (expected) + 4];
  gboolean logged[KESSEL_N_PHASES] = { FALSE };
  guint n = 0;
  int first;

  for (int phase = KESSEL_PHASE_WEATHER; phase <= KESSEL_PHASE_ADMINISTRATIVE; phase++)
    g_assert_cmpstr (kessel_phase_numeral (phase), ==, numerals[phase - KESSEL_PHASE_WEATHER]);

  rules_clear (game);
  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  ACT (game, "attack ger-19pz+ger-16pz 0606");
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, P (game, "sov-60r")), ==, 2);
  ACT (game, "end");   /* no advance */
  first = kessel_game_get_n_log (game);
  ACT (game, "end");   /* IX */
  for (int i = 0; i < 100 && !(kessel_game_get_turn (game) == 3 && kessel_game_get_phase (game) == KESSEL_PHASE_KG); i++)
    {
      if (n == 0 || seen[n - 1] != kessel_game_get_phase (game))
        {
          g_assert_cmpuint (n, <, G_N_ELEMENTS (seen));
          g_assert_cmpint (kessel_game_get_turn (game), ==, 2);
          seen[n++] = kessel_game_get_phase (game);
        }
      if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        ACT (game, "order move-fight");
      else
        ACT (game, "end");
    }
  seen[n++] = kessel_game_get_phase (game);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (seen[i], ==, expected[i]);

  /* The log runs through the turns and phases in order, the phases that need
   * no player (I, II, XII) included. */
  for (int i = first; i < kessel_game_get_n_log (game); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (game, i);
      const KesselLogEntry *previous = kessel_game_get_log (game, i - 1);

      g_assert_true (entry->turn > previous->turn
                     || (entry->turn == previous->turn && entry->phase >= previous->phase));
      if (entry->turn == 2)
        logged[entry->phase] = TRUE;
    }
  g_assert_true (logged[KESSEL_PHASE_WEATHER]);
  g_assert_true (logged[KESSEL_PHASE_AIR]);
  g_assert_true (logged[KESSEL_PHASE_ADMINISTRATIVE]);
}

/* 5.0-3: a Move/Fight phase has a movement part, then a combat part;
 * Fight/Move the other way round. */
static void
test_move_fight_parts (void)
{
  const struct { const char *order; KesselSegment first, second; } orders[] = {
    { "move-fight", KESSEL_SEGMENT_MOVEMENT, KESSEL_SEGMENT_COMBAT },
    { "fight-move", KESSEL_SEGMENT_COMBAT, KESSEL_SEGMENT_MOVEMENT },
  };
  const struct { KesselPhase phase, next; } phases[] = {
    { KESSEL_PHASE_SOVIET_1, KESSEL_PHASE_SOVIET_2 },
    { KESSEL_PHASE_GERMAN_1, KESSEL_PHASE_GERMAN_MECH_1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    for (guint j = 0; j < G_N_ELEMENTS (phases); j++)
      {
        g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, phases[j].phase, KESSEL_WEATHER_THAW);

        rules_order (game, orders[i].order);
        g_assert_cmpint (kessel_game_get_segment (game), ==, orders[i].first);
        ACT (game, "end");
        g_assert_cmpint (kessel_game_get_phase (game), ==, phases[j].phase);
        g_assert_cmpint (kessel_game_get_segment (game), ==, orders[i].second);
        ACT (game, "end");
        g_assert_cmpint (kessel_game_get_phase (game), ==, phases[j].next);
      }
}

/* 5.4-2: the German player chooses his order at the start of phase VI, on
 * turn 1 too. */
static void
test_german_order_turn_one (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_turn (game), ==, 1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_ORDER);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  g_assert_true (LEGAL (game, "order move-fight"));
  ACT (game, "order fight-move");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
}

/* 5.5-4: the mechanized combat phases have no movement. */
static void
test_no_movement_in_mech_phases (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_MECH_1, KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  REFUSE (game, "move ger-19pz 0508", "12.0");
  rules_run_to (game, 2, KESSEL_PHASE_GERMAN_MECH_2);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  REFUSE (game, "move ger-19pz 0508", "12.0");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_REINFORCEMENT);
}

/* 10.1-1: a reinforcement enters in phase X of its own turn, not before. */
static void
test_arrival_turn (void)
{
  g_autoptr(KesselGame) game = rules_position ("eight-turns.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);

  REFUSE (game, "enter ger-b 0101", "10.1");
  ACT (game, "enter ger-a 0101");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-b")), ==, KESSEL_PIECE_WAITING);
  rules_run_to (game, 3, KESSEL_PHASE_REINFORCEMENT);
  ACT (game, "enter ger-b 0102");
  g_assert_cmpint (rules_hex_of (game, "ger-b"), ==, 102);
}

/* 10.1-3: a reinforcement not placed in its phase X is forfeited, not
 * delayed, and the log says so. */
static void
test_forfeited (void)
{
  g_autoptr(KesselGame) late = rules_position ("eight-turns.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);

  ACT (late, "end");
  g_assert_cmpint (kessel_game_get_piece_status (late, P (late, "ger-a")), ==, KESSEL_PIECE_FORFEITED);
  rules_run_to (late, 3, KESSEL_PHASE_REINFORCEMENT);
  REFUSE (late, "enter ger-a 0101", "10.1");
  ACT (late, "enter ger-b 0101");
}

/* 10.1-2: entering costs no MP; the unit first moves in the next turn's
 * German phases, with its whole factor. */
static void
test_reinforcement_moves_next_turn (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_REINFORCEMENT, KESSEL_WEATHER_THAW);
  int ss = P (game, "ger-9ss");

  ACT (game, "enter ger-9ss 0101");
  REFUSE (game, "move ger-9ss 0201", "12.0");
  rules_run_to (game, 3, KESSEL_PHASE_GERMAN_1);
  rules_order (game, "move-fight");
  ACT (game, "move ger-9ss 0201");
  g_assert_cmpint (kessel_game_get_piece_mp (game, ss), ==,
                   kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, kessel_game_get_weather (game)) - 1);
}

/* 11.1-2: an eliminated rifle corps waits in the turn box half a die,
 * rounded up, turns ahead, reduced. */
static void
test_return_delay (void)
{
  for (int face = 1; face <= 6; face++)
    {
      g_autofree char *pattern = g_strdup_printf ("%d", face);
      g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for (pattern), 2,
                                                          KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
      int corps = P (game, "sov-60r");

      rules_clear (game);
      rules_order (game, "fight-move");
      rules_put_steps (game, "sov-60r", 606, 1);
      rules_put (game, "ger-19pz", 605);
      rules_put (game, "ger-16pz", 605);
      ACT (game, "attack ger-19pz+ger-16pz 0606");   /* automatic DL1+DR */
      g_assert_cmpint (rules_last_die (game), ==, face);
      g_assert_cmpint (kessel_game_get_piece_status (game, corps), ==, KESSEL_PIECE_RETURNING);
      g_assert_cmpint (kessel_game_get_piece_return_turn (game, corps), ==, 2 + (face <= 2 ? 1 : face <= 4 ? 2 : 3));
      g_assert_cmpint (kessel_game_get_piece_steps (game, corps), ==, 1);
    }
}

/* 11.2-1: one returning corps a hex in each phase XI; a corps not placed
 * waits for a later one. */
static void
test_one_return_per_hex (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("12|12"), 1,
                                                      KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "fight-move");
  rules_put_steps (game, "sov-60r", 606, 1);
  rules_put_steps (game, "sov-61r", 1006, 1);
  rules_put (game, "ger-19pz", 605);
  rules_put (game, "ger-16pz", 605);
  rules_put (game, "ger-371", 1005);
  rules_put (game, "ger-18ad", 1005);
  rules_put (game, "ger-509", 1005);
  ACT (game, "attack ger-19pz+ger-16pz 0606");             /* automatic DL1+DR */
  ACT (game, "end");                                       /* no advance */
  ACT (game, "attack ger-371+ger-18ad+ger-509 1006");     /* automatic DL1+DR */
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, P (game, "sov-60r")), ==, 2);
  g_assert_cmpint (kessel_game_get_piece_return_turn (game, P (game, "sov-61r")), ==, 2);
  rules_run_to (game, 2, KESSEL_PHASE_REPLACEMENT);
  ACT (game, "enter sov-60r 0404");
  REFUSE (game, "enter sov-61r 0404", "11.2");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-61r")), ==, KESSEL_PIECE_RETURNING);
  rules_run_to (game, 3, KESSEL_PHASE_REPLACEMENT);
  ACT (game, "enter sov-61r 0404");
  g_assert_cmpint (rules_hex_of (game, "sov-61r"), ==, 404);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/3.1-1/turn-one", test_turn_one);
  g_test_add_func ("/rules/5.2-1/turn-one-air", test_turn_one_air);
  g_test_add_func ("/rules/3.2-1/setup-order", test_setup_order);
  g_test_add_func ("/rules/3.2-5/soviet-first-on-turn-one", test_soviet_first_on_turn_one);
  g_test_add_func ("/rules/5.4-1/soviet-order-from-turn-two", test_soviet_order_from_turn_two);
  g_test_add_func ("/rules/3.0-1/map-sides", test_map_sides);
  g_test_add_func ("/rules/3.1-3/vp-start", test_vp_start);
  g_test_add_func ("/rules/3.1-4/places-start-german", test_places_start_german);
  g_test_add_func ("/rules/5.1-1/weather-rolled", test_weather_and_air);
  g_test_add_func ("/rules/5.2-2/air-superiority", test_air_superiority);
  g_test_add_func ("/rules/5.3-1/no-kg-phase-on-turns-one-and-two", test_no_kg_phase_early);
  g_test_add_func ("/rules/5.3-2/kg-deployment", test_kg_deployment);
  g_test_add_func ("/rules/5.8-1/administrative", test_administrative);
  g_test_add_func ("/rules/5.2-3/unused-cas-lost", test_unused_cas_lost);
  g_test_add_func ("/rules/5.7-1/replacement-phase", test_replacement_phase);
  g_test_add_func ("/rules/5.4-3/second-phase-order", test_second_phase_order);
  g_test_add_func ("/rules/5.5-1/mech-phases", test_mech_phases);
  g_test_add_func ("/rules/5.5-2/mech-attack-again", test_mech_attack_again);
  g_test_add_func ("/rules/5.5-3/no-foot-attack-in-mech-phase", test_no_foot_attack_in_mech_phase);
  g_test_add_func ("/rules/5.5-5/mech-combat-right-after-combat", test_mech_right_after_combat);
  g_test_add_func ("/rules/4.1-1/place-vp", test_place_vp);
  g_test_add_func ("/rules/4.1-2/fortified-locality-vp", test_fortified_locality_vp);
  g_test_add_func ("/rules/3.3-2/control-matters", test_control_matters);
  g_test_add_func ("/rules/4.1-4/exits-capped-at-four", test_exits_capped);
  g_test_add_func ("/rules/4.1-3/end-of-game", test_end_of_game);
  g_test_add_func ("/rules/4.2-1/division-destroyed-out-of-command", test_division_destroyed_out_of_command);
  g_test_add_func ("/rules/4.2-2/battalion-scores-nothing", test_battalion_scores_nothing);
  g_test_add_func ("/rules/9.2-5/division-destroyed-in-command", test_division_destroyed_in_command);
  g_test_add_func ("/rules/4.x/vp-running-total", test_vp_running_total);
  g_test_add_func ("/rules/5.6-1/reinforcement-phase", test_reinforcement_phase);
  g_test_add_func ("/rules/10.1-4/entry-hexes", test_reinforcements);
  g_test_add_func ("/rules/11.1-1/rifle-corps-returns", test_rifle_corps_returns);
  g_test_add_func ("/rules/game/save-and-load", test_save_and_load);
  g_test_add_func ("/rules/10.2-1/kg-available-from-turn-two", test_kg_available_from_turn_two);
  g_test_add_func ("/rules/10.2-1/no-kg-phase-before-turn-three", test_no_kg_phase_before_turn_three);
  g_test_add_func ("/rules/11.3-1/no-soviet-reinforcements", test_no_soviet_reinforcements);
  g_test_add_func ("/rules/4.2-3/command-judged-at-elimination", test_command_judged_at_elimination);
  g_test_add_func ("/rules/2-2/six-sided-dice", test_six_sided_dice);
  g_test_add_func ("/rules/3.1-2/initial-control", test_initial_control);
  g_test_add_func ("/rules/3.2-2/fixed-setup-hexes", test_fixed_setup_hexes);
  g_test_add_func ("/rules/3.2-4/reinforcements-not-set-up", test_reinforcements_not_set_up);
  g_test_add_func ("/rules/4.0-1/verdict-after-turn-eight", test_verdict_after_turn_eight);
  g_test_add_func ("/rules/5.0-2/eight-turns", test_eight_turns);
  g_test_add_func ("/rules/5.0-1/phase-order", test_phase_order);
  g_test_add_func ("/rules/5.0-3/move-fight-parts", test_move_fight_parts);
  g_test_add_func ("/rules/5.4-2/german-order-on-turn-one", test_german_order_turn_one);
  g_test_add_func ("/rules/5.5-4/no-movement-in-mech-phases", test_no_movement_in_mech_phases);
  g_test_add_func ("/rules/10.1-1/arrival-turn", test_arrival_turn);
  g_test_add_func ("/rules/10.1-3/forfeited", test_forfeited);
  g_test_add_func ("/rules/10.1-2/reinforcement-moves-next-turn", test_reinforcement_moves_next_turn);
  g_test_add_func ("/rules/11.1-2/return-delay", test_return_delay);
  g_test_add_func ("/rules/11.2-1/one-return-per-hex", test_one_return_per_hex);
  return g_test_run ();
}
