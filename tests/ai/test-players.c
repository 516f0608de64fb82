/* The computer players: legal and repeatable in every kind of decision, right
 * in small tactical positions, fair under fog of war, and clearly better
 * than random play. */
#include <glib.h>

#include "../rules/rules-test.h"
#include "ai-test.h"
#include "kessel-evaluator.h"
#include "kessel-planner.h"
#include "kessel-player.h"
#include "kessel-reply.h"

#define PLAYER_SEED 11

static KesselPlayer *
player_new (const char *spec, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  KesselPlayer *player = kessel_player_new_from_spec (spec, seed, &error);

  g_assert_no_error (error);
  return player;
}

static void
choose (KesselPlayer *player, KesselGame *game, KesselAction *action)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kessel_player_choose (player, game, action));
  if (!kessel_game_check (game, action, &error))
    g_error ("the player chose an illegal action: %s", error->message);
}

/* Searching on several cores changes how long a choice takes, never the
 * choice: the same game with one thread and with three. */
static void
test_same_choices_on_more_cores (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(GArray) one = ai_test_game (scenario, "ai:easy", 1, 200);
  g_autoptr(GArray) three = ai_test_game (scenario, "ai:easy", 3, 200);

  g_assert_cmpuint (one->len, ==, three->len);
  for (guint i = 0; i < one->len; i++)
    g_assert_true (kessel_action_equal (&g_array_index (one, KesselAction, i),
                                        &g_array_index (three, KesselAction, i)));
}

/* Hard, with the widest search, chooses the same for the same seed, on one
 * core as on three. */
static void
test_hard_repeatable (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  KesselAction first[3];

  ACT (game, "order move-fight");
  for (guint threads = 1; threads <= 3; threads++)
    {
      g_autoptr(KesselPlayer) player = player_new ("ai:hard", PLAYER_SEED);

      kessel_planner_set_threads (KESSEL_PLANNER (player), threads);
      choose (player, game, &first[threads - 1]);
    }
  g_assert_true (kessel_action_equal (&first[0], &first[1]));
  g_assert_true (kessel_action_equal (&first[0], &first[2]));
}

/* Through a random game: at every combat wait and every few actions
 * besides, two players with one seed choose the same legal action. */
static void
test_legal_and_repeatable (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 4);
  KesselDice dice;
  int asked = 0;
  int seen_wait[KESSEL_WAIT_NOTHING] = { 0 };

  kessel_dice_init (&dice, 99);
  for (int n = 0; !kessel_game_is_over (game) && asked < 40; n++)
    {
      KesselAction action;
      KesselWait wait = kessel_game_get_wait (game);

      if ((wait != KESSEL_WAIT_PHASE && seen_wait[wait] < 3) || n % 60 == 0)
        {
          g_autoptr(KesselPlayer) first = player_new ("ai:easy", PLAYER_SEED);
          g_autoptr(KesselPlayer) second = player_new ("ai:easy", PLAYER_SEED);
          KesselAction other;

          choose (first, game, &action);
          choose (second, game, &other);
          g_assert_true (kessel_action_equal (&action, &other));
          seen_wait[wait]++;
          asked++;
        }
      g_assert_true (kessel_game_random_action (game, &dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  for (int w = 0; w < KESSEL_WAIT_NOTHING; w++)
    g_test_message ("wait %d: %d decisions", w, seen_wait[w]);
  g_assert_cmpint (seen_wait[KESSEL_WAIT_PHASE], >, 0);
  g_assert_cmpint (seen_wait[KESSEL_WAIT_DEFENCE], >, 0);
  g_assert_cmpint (seen_wait[KESSEL_WAIT_RETREAT], >, 0);
}

/* Three hexes next to hex, on the map. */
static int
neighbours_of (KesselGame *game, int hex, int out[KESSEL_N_DIRECTIONS])
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  int around[KESSEL_N_DIRECTIONS], n = 0;

  kessel_grid_neighbours (grid, hex, around);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE)
      out[n++] = around[d];
  return n;
}

/* A Soviet corps next to a lone battalion and to a strong stack attacks the
 * battalion (beyond 7:1), not the stack (1:2). */
static void
test_best_odds_attack (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);
  int around[KESSEL_N_DIRECTIONS];
  KesselAction action;

  rules_clear (game);
  rules_put (game, "sov-6g", 1005);
  neighbours_of (game, H (game, 1005), around);
  kessel_game_set_piece (game, P (game, "ger-bn"), around[0], 1);
  kessel_game_set_piece (game, P (game, "ger-16pz"), around[1], 2);
  kessel_game_set_piece (game, P (game, "ger-19pz"), around[1], 2);
  kessel_game_set_piece (game, P (game, "ger-371"), around[1], 2);
  ACT (game, "order move-fight");
  ACT (game, "end");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);

  choose (player, game, &action);
  g_assert_cmpint (action.type, ==, KESSEL_ACTION_ATTACK);
  g_assert_cmpint (action.hex, ==, around[0]);
}

/* The only German unit in a town with a Soviet corps next door stays there
 * through the German movement, while the fortified locality nearby is
 * garrisoned. */
static void
test_keeps_town_held (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);

  rules_clear (game);
  rules_put (game, "ger-371", 808);
  rules_put (game, "ger-tg", 1008);   /* the fortified locality is held already */
  kessel_game_set_control (game, H (game, 404), KESSEL_SIDE_GERMAN);   /* no town to retake */
  rules_put (game, "sov-9m", 908);
  ACT (game, "order move-fight");
  for (int i = 0; i < 20 && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT; i++)
    {
      KesselAction action;
      choose (player, game, &action);
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  g_assert_cmpint (kessel_game_get_segment (game), !=, KESSEL_SEGMENT_MOVEMENT);
  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 808);
}

/* Driven back, a German division retreats where it keeps its C&C, and out
 * of the Soviet zones or into a place, where no attack can drive it out
 * again (13.9-DR-5): not into the ring closing round it. */
static void
test_retreat_out_of_encirclement (void)
{
  guint64 seed = rules_seed_for ("2");   /* 2:1, die 2: DR */
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", seed, 2, KESSEL_PHASE_SOVIET_1,
                                                      KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);
  g_autoptr(GArray) actions = NULL;
  KesselAction action;
  gboolean free_choice = FALSE;

  rules_clear (game);
  rules_put_steps (game, "ger-16pz", 505, 2);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 504);
  rules_put (game, "sov-9m", 606);
  ACT (game, "order move-fight");
  ACT (game, "end");
  ACT (game, "attack sov-6g 0505");
  while (kessel_game_get_wait (game) == KESSEL_WAIT_DEFENCE)
    ACT (game, "defend");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);

  actions = kessel_game_list_actions (game);
  for (guint i = 0; i < actions->len; i++)
    {
      int hex = g_array_index (actions, KesselAction, i).hex;
      free_choice |= kessel_game_hex_traces (game, hex, KESSEL_SIDE_GERMAN)
                     && !kessel_game_in_zoc_of (game, hex, KESSEL_SIDE_SOVIET);
    }
  g_assert_true (free_choice);
  choose (player, game, &action);
  g_assert_cmpint (action.type, ==, KESSEL_ACTION_RETREAT);
  g_assert_true (kessel_game_hex_traces (game, action.hex, KESSEL_SIDE_GERMAN));
  g_assert_true (!kessel_game_in_zoc_of (game, action.hex, KESSEL_SIDE_SOVIET)
                 || kessel_map_get_place_at (kessel_scenario_get_map (kessel_game_get_scenario (game)), action.hex) != NULL);
}

/* Plays the movement of the side to move with the computer, to the end of
 * the segment. */
static void
play_movement (KesselPlayer *player, KesselGame *game)
{
  for (int i = 0; i < 30 && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT; i++)
    {
      KesselAction action;
      choose (player, game, &action);
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  g_assert_cmpint (kessel_game_get_segment (game), !=, KESSEL_SEGMENT_MOVEMENT);
}

/* Every place Soviet and held, so that none draws the units away. */
static void
hold_places (KesselGame *game)
{
  const int places[] = { 103, 808, 1008 };

  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    kessel_game_set_control (game, H (game, places[i]), KESSEL_SIDE_SOVIET);
  rules_put (game, "sov-61r", 404);
  rules_put (game, "sov-60r", 808);
  rules_put (game, "sov-sup", 1008);
}

/* The Soviet side's value of a town it took, with German armour ten hexes
 * off: walking its garrison out costs most of the town's VP, since a
 * mechanized division moves twelve hexes and walks into an empty place
 * without a fight (13.6). Valued at a quarter of the town, the garrisons
 * walked out some eleven times a game and the German walked back in. */
static void
test_empty_town_counts_as_lost (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselEvaluator *evaluator;
  double held, empty;

  rules_clear (game);
  kessel_game_set_control (game, H (game, 808), KESSEL_SIDE_SOVIET);
  kessel_game_set_control (game, H (game, 404), KESSEL_SIDE_SOVIET);
  rules_put (game, "sov-61r", 404);
  rules_put (game, "ger-16pz", 101);
  rules_put (game, "sov-9m", 808);
  evaluator = kessel_evaluator_new (game);
  kessel_evaluator_set_perspective (evaluator, KESSEL_SIDE_SOVIET);
  held = kessel_evaluator_value (evaluator, game);
  rules_put (game, "sov-9m", 909);
  empty = kessel_evaluator_value (evaluator, game);
  g_assert_cmpfloat (held - empty, >=, 0.6);
  kessel_evaluator_free (evaluator);
}

/* A German division worn down to one step, in C&C two hexes from Soviet
 * corps: its next loss may come after a ring, and then it is worth its four
 * steps to the Soviet side (4.2). The German side pulls it back out of their
 * reach rather than leave it at the front. */
static void
test_worn_division_pulls_back (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);
  const char *corps[] = { "sov-9m", "sov-6g", "sov-7g" };
  const int places[] = { 103, 808, 1008 };
  int hex, nearest = G_MAXINT;

  rules_clear (game);
  for (guint i = 0; i < G_N_ELEMENTS (places); i++)
    kessel_game_set_control (game, H (game, places[i]), KESSEL_SIDE_GERMAN);
  rules_put (game, "ger-tg", 808);
  rules_put (game, "ger-16pz", 1008);
  rules_put (game, "ger-371", 506);
  rules_put_steps (game, "ger-19pz", 505, 1);
  rules_put (game, "sov-9m", 707);
  rules_put (game, "sov-6g", 708);
  rules_put (game, "sov-7g", 607);
  ACT (game, "order move-fight");
  play_movement (player, game);
  hex = kessel_game_get_piece_hex (game, P (game, "ger-19pz"));
  for (guint i = 0; i < G_N_ELEMENTS (corps); i++)
    nearest = MIN (nearest, kessel_grid_distance (kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game))),
                                                  hex, kessel_game_get_piece_hex (game, P (game, corps[i]))));
  g_test_message ("19 Pz at %d, %d hexes from the nearest corps", rules_hex_of (game, "ger-19pz"), nearest);
  g_assert_cmpint (nearest, >, 3);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
}

/* Soviet artillery alone next to German armour dies without a roll when
 * attacked (13.2): the Soviet side counts it as lost already, all its steps,
 * not as a fifth of them, which let corps walk off and leave it. */
static void
test_lone_artillery_counts_as_lost (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselEvaluator *evaluator;
  double far, next_door;
  int steps;

  rules_clear (game);
  hold_places (game);
  rules_put (game, "ger-19pz", 1010);
  rules_put (game, "sov-art", 101);
  evaluator = kessel_evaluator_new (game);
  kessel_evaluator_set_perspective (evaluator, KESSEL_SIDE_SOVIET);
  far = kessel_evaluator_value (evaluator, game);
  rules_put (game, "sov-art", 1009);
  next_door = kessel_evaluator_value (evaluator, game);
  steps = kessel_game_get_piece_steps (game, P (game, "sov-art"));
  g_assert_cmpfloat (far - next_door, >=, 0.8 * steps);
  kessel_evaluator_free (evaluator);
}

/* A worn German division in the open with a tank corps on one side: the
 * other corps closes the ring on the far side, cutting it off from C&C
 * (9.2), so that its destruction is worth its steps in VP (4.2). */
static void
test_closes_ring (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);

  rules_clear (game);
  rules_put_steps (game, "ger-371", 606, 1);
  rules_put (game, "sov-6g", 707);
  rules_put (game, "sov-7g", 503);
  hold_places (game);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-371")));
  ACT (game, "order move-fight");
  play_movement (player, game);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-371")));
}

/* Whether the German stack at hex can be ringed: in the open, not on a C&C
 * source hex, and with no German stack next to it. */
static gboolean
ringable (KesselGame *game, int hex)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  int around[KESSEL_N_DIRECTIONS], n = neighbours_of (game, hex, around);

  if (kessel_map_get_place_at (map, hex) != NULL || kessel_map_has_edge_role (map, hex, KESSEL_EDGE_COMMAND_SOURCE))
    return FALSE;
  for (int i = 0; i < n; i++)
    if (kessel_game_get_hex_occupant (game, around[i]) == KESSEL_SIDE_GERMAN)
      return FALSE;
  return TRUE;
}

/* 19 Pz alone in the open on the map's edge at 1010, other German units
 * at 808 and 1008, and three Soviet corps in a row from first_corps
 * eastward. */
static void
ringed_corner_position (KesselGame *game, int first_corps)
{
  rules_clear (game);
  rules_put (game, "ger-19pz", 1010);
  rules_put (game, "ger-371", 808);
  rules_put (game, "ger-tg", 1008);
  kessel_game_set_control (game, H (game, 404), KESSEL_SIDE_GERMAN);
  rules_put (game, "sov-9m", first_corps);
  rules_put (game, "sov-6g", first_corps + 100);
  rules_put (game, "sov-7g", first_corps + 200);
}

/* The German side's movement of this phase, played by spec. */
static void
move_german (KesselGame *game, const char *spec)
{
  g_autoptr(KesselPlayer) player = player_new (spec, PLAYER_SEED);

  ACT (game, "order move-fight");
  play_movement (player, game);
  g_test_message ("%s: 19 Pz at %d", spec, rules_hex_of (game, "ger-19pz"));
}

/* A German division alone in the open by the map's edge, with three Soviet
 * corps three hexes away that could take its three open sides: the German
 * side does not leave it where one Soviet move rings it, to die cut off
 * (4.2). */
static void
test_not_left_to_be_ringed (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  ringed_corner_position (game, 1007);
  g_assert_true (ringable (game, H (game, 1010)));
  move_german (game, "ai:easy");
  g_assert_false (ringable (game, kessel_game_get_piece_hex (game, P (game, "ger-19pz"))));
}

/* The German side asks the Soviet ring search about its own position: the
 * division three corps can ring in the Soviet movement to come is
 * threatened, one with no Soviet unit in reach is safe, and one with a
 * German stack next to it, which no ring can close round, is not asked
 * about. */
static void
test_ring_threats (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autofree guint8 *threats = NULL;

  rules_clear (game);
  rules_put (game, "ger-19pz", 1010);
  rules_put (game, "ger-371", 303);
  rules_put (game, "ger-bn", 304);
  rules_put (game, "ger-16pz", 606);
  kessel_game_set_control (game, H (game, 404), KESSEL_SIDE_GERMAN);
  rules_put (game, "sov-9m", 1007);
  rules_put (game, "sov-6g", 1107);
  rules_put (game, "sov-7g", 1207);
  g_assert_true (ringable (game, H (game, 1010)));
  threats = kessel_reply_ring_threats (game, 1);
  g_assert_cmpint (threats[H (game, 1010)], ==, KESSEL_RING_THREATENED);
  g_assert_cmpint (threats[H (game, 606)], ==, KESSEL_RING_SAFE);
  g_assert_cmpint (threats[H (game, 303)], ==, KESSEL_RING_UNKNOWN);
  g_assert_cmpint (threats[H (game, 505)], ==, KESSEL_RING_UNKNOWN);
  /* The game asked about is left as it was. */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_1);
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 1007);
}

/* Three corps four hexes from a German division on the map's edge can
 * ring it in one move (the position of /ai/tactics/rings-division). The
 * evaluator's guess looks for Soviet strength three hexes out and sees
 * none (Easy, which only guesses, leaves the division there); a German that
 * asks the Soviet ring search about its position (Normal) sees the ring
 * coming and moves it. */
static void
test_ring_seen_coming (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  ringed_corner_position (game, 1006);
  move_german (game, "ai:normal");
  g_assert_false (ringable (game, kessel_game_get_piece_hex (game, P (game, "ger-19pz"))));
}

/* A German division in the open on the map's edge, with three Soviet corps
 * a move away: they take its three open sides together, so that it can
 * neither move nor retreat, is cut off (9.2), and every retreat an attack
 * gives it costs a step (13.9-DR-4). No one of those moves gains much
 * alone. */
static void
test_rings_division (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);
  int around[KESSEL_N_DIRECTIONS], n;

  rules_clear (game);
  rules_put (game, "ger-19pz", 1010);
  rules_put (game, "sov-9m", 1006);
  rules_put (game, "sov-6g", 1106);
  rules_put (game, "sov-7g", 1206);
  hold_places (game);
  ACT (game, "order move-fight");
  play_movement (player, game);
  n = neighbours_of (game, H (game, 1010), around);
  for (int i = 0; i < n; i++)
    g_assert_cmpint (kessel_game_get_hex_occupant (game, around[i]), ==, KESSEL_SIDE_SOVIET);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-19pz")));
}

/* Artillery is not left alone next to the enemy, where it would die
 * without a roll (13.2): it stays out of the enemy zone or with the corps. */
static void
test_artillery_not_left_alone (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselPlayer) player = player_new ("ai:easy", PLAYER_SEED);
  int art;

  rules_clear (game);
  rules_put (game, "ger-19pz", 1010);
  rules_put (game, "sov-6g", 707);
  rules_put (game, "sov-art", 904);
  hold_places (game);
  ACT (game, "order move-fight");
  play_movement (player, game);
  art = kessel_game_get_piece_hex (game, P (game, "sov-art"));
  g_assert_true (!kessel_game_in_zoc_of (game, art, KESSEL_SIDE_GERMAN)
                 || art == kessel_game_get_piece_hex (game, P (game, "sov-6g")));
}

/* A German reinforcement not placed in its phase is lost (10.1). Through a
 * whole game against random Soviets, the computer brings every one on: it
 * once weighed placing one against ending the phase, and the waiting unit
 * counted for nothing, so most were lost. */
static void
test_reinforcements_brought_on (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  g_autoptr(KesselPlayer) german = player_new ("ai:easy", PLAYER_SEED);
  guint reinforcements = 0;
  KesselDice dice;

  kessel_dice_init (&dice, PLAYER_SEED);
  while (!kessel_game_is_over (game))
    {
      KesselAction action;

      if (kessel_game_get_active_side (game) == KESSEL_SIDE_GERMAN)
        choose (german, game, &action);
      else
        g_assert_true (kessel_game_random_action (game, &dice, &action));
      reinforcements += action.type == KESSEL_ACTION_ENTER
                        && kessel_game_get_phase (game) == KESSEL_PHASE_REINFORCEMENT;
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    g_assert_cmpint (kessel_game_get_piece_status (game, p), !=, KESSEL_PIECE_FORFEITED);
  g_assert_cmpuint (reinforcements, >, 0);
  g_test_message ("%u reinforcements brought on", reinforcements);
}

/* Two games alike in all the Germans can see, but with two hidden Soviet
 * units swapped between stacks: the German computer decides alike. */
static void
test_fair_under_fog (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(KesselGame) game = kessel_game_new_position (scenario, 3, 2, KESSEL_PHASE_GERMAN_1,
                                                         KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) swapped = NULL;
  g_autoptr(KesselPlayer) first = player_new ("ai:easy", PLAYER_SEED);
  g_autoptr(KesselPlayer) second = player_new ("ai:easy", PLAYER_SEED);
  KesselAction action, other;
  int hidden[2], tops[2], n = 0;

  ACT (game, "order move-fight");
  for (int p = 0; p < kessel_game_get_n_pieces (game) && n < 2; p++)
    if (kessel_game_get_piece_side (game, p) == KESSEL_SIDE_SOVIET
        && kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP
        && !kessel_game_piece_visible_to (game, p, KESSEL_SIDE_GERMAN)
        && (n == 0 || kessel_game_get_piece_hex (game, p) != kessel_game_get_piece_hex (game, hidden[0]))
        && kessel_game_get_piece_unit (game, p) != NULL)
      {
        g_autoptr(GArray) stack = kessel_game_get_pieces_at (game, kessel_game_get_piece_hex (game, p));
        tops[n] = g_array_index (stack, int, 0);
        hidden[n++] = p;
      }
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (kessel_unit_get_size (kessel_game_get_piece_unit (game, hidden[0])), !=,
                   KESSEL_N_SIZES);

  swapped = kessel_game_copy (game);
  for (int i = 0; i < 2; i++)
    kessel_game_set_piece (swapped, hidden[i], kessel_game_get_piece_hex (game, hidden[1 - i]),
                           kessel_game_get_piece_steps (game, hidden[i]));
  for (int i = 0; i < 2; i++)
    kessel_game_set_piece (swapped, tops[i], kessel_game_get_piece_hex (game, tops[i]),
                           kessel_game_get_piece_steps (game, tops[i]));
  g_assert_false (kessel_game_equal (game, swapped));

  choose (first, game, &action);
  choose (second, swapped, &other);
  g_assert_true (kessel_action_equal (&action, &other));
}

/* A short match on the learning scenario: the computer as the Soviet player
 * wins far more often against random Germans than random Soviets do. */
static void
test_beats_random (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  int wins[2] = { 0, 0 };
  const char *specs[2] = { "random", "ai:easy" };
  const int games = 20;

  for (int s = 0; s < 2; s++)
    for (int g = 0; g < games; g++)
      {
        g_autoptr(KesselGame) game = kessel_game_new (scenario, (guint64) g + 1);
        g_autoptr(KesselPlayer) german = player_new ("random", (guint64) g * 2 + 1);
        g_autoptr(KesselPlayer) soviet = player_new (specs[s], (guint64) g * 2 + 2);

        while (!kessel_game_is_over (game))
          {
            KesselPlayer *player = kessel_game_get_active_side (game) == KESSEL_SIDE_SOVIET ? soviet : german;
            KesselAction action;
            choose (player, game, &action);
            g_assert_true (kessel_game_apply (game, &action, NULL));
          }
        wins[s] += kessel_game_get_verdict (game) == KESSEL_VERDICT_SOVIET;
      }
  g_test_message ("Soviet wins against random Germans: random %d, ai:easy %d of %d", wins[0], wins[1], games);
  g_assert_cmpint (wins[1], >=, games * 3 / 4);
  g_assert_cmpint (wins[1], >=, wins[0] + games / 2);
}

/* The random player never stops where a legal action exists: over every
 * scenario of the tests that loads, many seeds each, to the end of the
 * game. In a crowded set-up it once stopped when no unit still to place
 * fitted, though moving one placed already was legal. */
static void
test_random_never_stuck (void)
{
  const char *folders[][2] = { { "..", "data/scenarios" }, { "render", "fixtures" }, { "core", "fixtures" },
                               { "rules", "fixtures" }, { "app", "fixtures" } };
  int n_games = 0;

  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, folders[f][0], folders[f][1], NULL);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);
          g_autoptr(KesselScenario) scenario = NULL;

          if (!g_str_has_suffix (name, ".kessel") || (scenario = kessel_scenario_load_file (path, NULL)) == NULL)
            continue;
          for (guint64 seed = 1; seed <= 12; seed++, n_games++)
            {
              g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
              g_autoptr(KesselPlayer) player = player_new ("random", seed);

              for (int step = 0; step < 20000 && !kessel_game_is_over (game); step++)
                {
                  g_autoptr(GArray) legal = kessel_game_list_actions (game);
                  KesselAction action;

                  if (!kessel_player_choose (player, game, &action))
                    {
                      if (legal->len > 0)
                        g_error ("%s, seed %" G_GUINT64_FORMAT ": the random player found nothing in turn %d "
                                 "while %u actions are legal", name, seed, kessel_game_get_turn (game), legal->len);
                      break;
                    }
                  g_assert_true (kessel_game_apply (game, &action, NULL));
                }
            }
        }
    }
  g_test_message ("%d random games", n_games);
  g_assert_cmpint (n_games, >, 12);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/legal-and-repeatable-in-every-wait", test_legal_and_repeatable);
  g_test_add_func ("/ai/tactics/best-odds-attack", test_best_odds_attack);
  g_test_add_func ("/ai/tactics/keeps-town-held", test_keeps_town_held);
  g_test_add_func ("/ai/tactics/retreat-out-of-encirclement", test_retreat_out_of_encirclement);
  g_test_add_func ("/ai/tactics/empty-town-counts-as-lost", test_empty_town_counts_as_lost);
  g_test_add_func ("/ai/tactics/closes-ring", test_closes_ring);
  g_test_add_func ("/ai/tactics/rings-division", test_rings_division);
  g_test_add_func ("/ai/tactics/not-left-to-be-ringed", test_not_left_to_be_ringed);
  g_test_add_func ("/ai/tactics/ring-seen-coming", test_ring_seen_coming);
  g_test_add_func ("/ai/ring-threats", test_ring_threats);
  g_test_add_func ("/ai/tactics/artillery-not-left-alone", test_artillery_not_left_alone);
  g_test_add_func ("/ai/tactics/worn-division-pulls-back", test_worn_division_pulls_back);
  g_test_add_func ("/ai/tactics/lone-artillery-counts-as-lost", test_lone_artillery_counts_as_lost);
  g_test_add_func ("/ai/tactics/reinforcements-brought-on", test_reinforcements_brought_on);
  g_test_add_func ("/ai/same-choices-on-more-cores", test_same_choices_on_more_cores);
  g_test_add_func ("/ai/hard-repeatable", test_hard_repeatable);
  g_test_add_func ("/ai/fair-under-fog-of-war", test_fair_under_fog);
  g_test_add_func ("/ai/beats-random", test_beats_random);
  g_test_add_func ("/ai/random-never-stuck", test_random_never_stuck);
  return g_test_run ();
}
