/* test-game-critic.c: the failures a KesselGameCritic counts, each on a small
 * position of the rule-case map (tests/rules/fixtures/rules.kessel) played
 * through a few actions: the count goes up when the failure happens, and not
 * for the cases next to it that its definition leaves out. Then a short
 * random game, counted as it is played and again from its record. */
#include "kessel-game-critic.h"
#include "kessel-self-play.h"
#include "rules-test.h"

/* A game and the critic that watches it. */
typedef struct {
  KesselGame *game;
  KesselGameCritic *critic;
} Watch;

static Watch
watch (KesselGame *game)
{
  Watch watch = { game, kessel_game_critic_new () };

  kessel_game_critic_start (watch.critic, game);
  return watch;
}

static void
watch_end (Watch *watch)
{
  g_clear_object (&watch->critic);
  g_clear_object (&watch->game);
}

static void
watch_act_at (Watch *watch, const char *text, const char *file, int line)
{
  rules_act_at (watch->game, text, file, line);
  kessel_game_critic_observe (watch->critic, watch->game);
}

#define WACT(watch, text) watch_act_at ((watch), (text), __FILE__, __LINE__)

static int
count (Watch *watch, KesselFailure failure)
{
  return kessel_game_critic_get_count (watch->critic, failure);
}

static gboolean
reached (KesselGame *game, int turn, KesselPhase phase)
{
  if (phase == KESSEL_PHASE_GAME_OVER)
    return kessel_game_is_over (game);
  return kessel_game_get_turn (game) == turn && kessel_game_get_phase (game) == phase
         && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE;
}

/* As rules_run_to, the critic watching: ends parts of phases (choosing
 * Move/Fight where asked) until phase of turn starts, or the game ends. */
static void
watch_run_to (Watch *watch, int turn, KesselPhase phase)
{
  for (int i = 0; i < 500; i++)
    {
      if (reached (watch->game, turn, phase))
        return;
      g_assert_false (kessel_game_is_over (watch->game));
      if (kessel_game_get_segment (watch->game) == KESSEL_SEGMENT_ORDER
          && kessel_game_get_wait (watch->game) == KESSEL_WAIT_PHASE)
        WACT (watch, "order move-fight");
      else
        WACT (watch, "end");
    }
  g_error ("turn %d, phase %s never came", turn, kessel_phase_to_string (phase));
}

static KesselGame *
empty_board (KesselPhase phase, const char *order)
{
  KesselGame *game = rules_position ("rules.kessel", 2, phase, KESSEL_WEATHER_THAW);

  rules_clear (game);
  if (order != NULL)
    rules_order (game, order);
  return game;
}

/* 1. A town the Soviet side held and walked out of, which a German unit
 * then walks into, is given up; a Soviet place never held, or one emptied
 * by combat, is not. */
static void
test_place_given_up (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put (game, "sov-9m", 404);       /* Gamma, a Soviet town */
  rules_put (game, "sov-art", 808);      /* Alpha, Soviet now */
  rules_put (game, "ger-19pz", 406);
  rules_put (game, "ger-16pz", 807);
  rules_put (game, "ger-bn", 1007);
  kessel_game_set_control (game, H (game, 1008), KESSEL_SIDE_SOVIET);   /* Beta: never held */
  w = watch (g_object_ref (game));

  WACT (&w, "move sov-9m 0403");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 0);   /* not retaken yet */
  watch_run_to (&w, 2, KESSEL_PHASE_GERMAN_1);
  WACT (&w, "order fight-move");
  WACT (&w, "attack ger-16pz 0808");    /* artillery alone: eliminated */
  WACT (&w, "end");                     /* no advance */
  WACT (&w, "end");                     /* to the movement part */
  WACT (&w, "move ger-16pz 0808");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 808)), ==, KESSEL_SIDE_GERMAN);
  WACT (&w, "move ger-bn 1008");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 1008)), ==, KESSEL_SIDE_GERMAN);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 0);
  WACT (&w, "move ger-19pz 0405 0404");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 404)), ==, KESSEL_SIDE_GERMAN);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 1);
  watch_end (&w);
}

/* 1. A place given up counts again each time it is retaken: the German
 * side walks out again, the Soviet side back in and out, the German side in. */
static void
test_place_given_up_twice (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put (game, "sov-9m", 404);
  rules_put (game, "ger-19pz", 406);
  w = watch (g_object_ref (game));
  WACT (&w, "move sov-9m 0403");
  watch_run_to (&w, 2, KESSEL_PHASE_GERMAN_1);
  WACT (&w, "order move-fight");
  WACT (&w, "move ger-19pz 0405 0404");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 1);
  watch_run_to (&w, 2, KESSEL_PHASE_GERMAN_2);
  WACT (&w, "end");                     /* VIII is Fight/Move */
  WACT (&w, "move ger-19pz 0405");
  watch_run_to (&w, 3, KESSEL_PHASE_SOVIET_1);
  WACT (&w, "order move-fight");
  WACT (&w, "move sov-9m 0404");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 404)), ==, KESSEL_SIDE_SOVIET);
  WACT (&w, "end");
  WACT (&w, "end");
  WACT (&w, "end");                     /* V is Fight/Move */
  WACT (&w, "move sov-9m 0403");
  watch_run_to (&w, 3, KESSEL_PHASE_GERMAN_1);
  WACT (&w, "order move-fight");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 1);
  WACT (&w, "move ger-19pz 0404");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 2);
  watch_end (&w);
}

/* 1. A German unit retreating into a town the Soviet side walked out of
 * does not take it back without a fight. */
static void
test_place_retreated_into (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put (game, "sov-9m", 404);
  rules_put_steps (game, "ger-9ss", 505, 2);
  rules_put (game, "sov-6g", 604);
  rules_put (game, "sov-7g", 605);
  w = watch (g_object_ref (game));
  WACT (&w, "move sov-9m 0403");
  WACT (&w, "end");
  WACT (&w, "attack sov-6g+sov-7g 0505");   /* 16 to 2: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_RETREAT);
  WACT (&w, "retreat ger-9ss 0404");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 404)), ==, KESSEL_SIDE_GERMAN);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_PLACES_GIVEN_UP), ==, 0);
  watch_end (&w);
}

/* 2. Soviet artillery attacked alone counts; artillery taking the loss of
 * a stack with a rifle corps in it does not. */
static void
test_artillery_lost_alone (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_GERMAN_1, "fight-move");
  Watch w;

  rules_put (game, "sov-art", 606);
  rules_put (game, "ger-bn", 605);
  rules_put (game, "sov-art2", 906);
  rules_put_steps (game, "sov-60r", 906, 1);
  rules_put (game, "ger-9ss", 905);
  rules_put (game, "ger-19pz", 907);
  rules_put (game, "ger-16pz", 907);
  rules_put (game, "ger-509", 907);
  w = watch (g_object_ref (game));

  WACT (&w, "attack ger-9ss+ger-19pz+ger-16pz+ger-509 0906");   /* 18 to 2: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENDER_LOSS);
  WACT (&w, "loss sov-art2");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-art2")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_ARTILLERY_LOST_ALONE), ==, 0);
  WACT (&w, "retreat sov-60r 1005");
  WACT (&w, "end");                     /* no advance */

  WACT (&w, "attack ger-bn 0606");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "sov-art")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_ARTILLERY_LOST_ALONE), ==, 1);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_OVERSTACK_LOSSES), ==, 0);
  watch_end (&w);
}

/* 3. A unit removed from an over-stacked hex is an over-stacking loss, even
 * artillery with no other unit in its hex; it is no artillery lost alone. */
static void
test_overstack_losses (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put (game, "sov-art", 1005);
  rules_put (game, "sov-art2", 1006);
  w = watch (g_object_ref (game));
  WACT (&w, "end");
  WACT (&w, "end");
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_2);
  WACT (&w, "end");                     /* V is Fight/Move: its combat part first */
  WACT (&w, "move sov-art2 1005");
  WACT (&w, "end");
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_ELIMINATION);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_OVERSTACK_LOSSES), ==, 0);
  WACT (&w, "eliminate sov-art2");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_OVERSTACK_LOSSES), ==, 1);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_ARTILLERY_LOST_ALONE), ==, 0);
  watch_end (&w);
}

/* 4. A corps that began and ended a Soviet movement part beside an exit
 * counts once a turn; one that exits, arrives there during the part, stands
 * far away or beside an exit the Germans hold does not. */
static void
test_corps_idle_at_exit (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put (game, "sov-9m", 509);       /* beside 0510 */
  rules_put (game, "sov-7g", 709);
  rules_put (game, "sov-6g", 607);
  rules_put (game, "sov-60r", 1005);
  rules_put (game, "sov-61r", 309);      /* beside 0310 only, which ... */
  rules_put (game, "ger-bn", 310);       /* ... a German unit holds */
  w = watch (g_object_ref (game));

  WACT (&w, "move sov-7g 0710");
  WACT (&w, "exit sov-7g");
  WACT (&w, "move sov-6g 0608 0609");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_CORPS_IDLE_AT_EXIT), ==, 0);
  WACT (&w, "end");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_CORPS_IDLE_AT_EXIT), ==, 1);   /* 9 M */
  WACT (&w, "end");
  WACT (&w, "end");                     /* V: combat, then movement */
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  WACT (&w, "end");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_CORPS_IDLE_AT_EXIT), ==, 2);   /* 6 G; 9 M once a turn */
  watch_run_to (&w, 3, KESSEL_PHASE_SOVIET_1);
  WACT (&w, "order move-fight");
  WACT (&w, "end");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_CORPS_IDLE_AT_EXIT), ==, 4);
  watch_end (&w);
}

/* 4. Once the exits have scored their cap, no corps is idle beside one. */
static void
test_corps_at_exit_after_cap (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  const char *leaving[] = { "sov-6g", "sov-7g", "sov-60r", "sov-61r" };
  const int exits[] = { 310, 410, 610, 710 };
  Watch w;

  rules_put (game, "sov-9m", 509);
  for (int i = 0; i < 4; i++)
    rules_put (game, leaving[i], exits[i]);
  w = watch (g_object_ref (game));
  for (int i = 0; i < 4; i++)
    {
      g_autofree char *text = g_strdup_printf ("exit %s", leaving[i]);
      WACT (&w, text);
    }
  g_assert_cmpint (kessel_game_get_vp_exits (game), ==, 4);
  WACT (&w, "end");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_CORPS_IDLE_AT_EXIT), ==, 0);
  watch_end (&w);
}

/* 5-7. A division cut off by a Soviet move counts once, however long it
 * stays cut off; destroyed so, it is a division destroyed out of C&C. */
static void
test_division_cut_off_and_destroyed (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "move-fight");
  Watch w;

  rules_put_steps (game, "ger-16pz", 606, 1);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 608);
  g_assert_true (kessel_game_piece_in_command (game, P (game, "ger-16pz")));
  w = watch (g_object_ref (game));
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_CUT_OFF), ==, 0);

  WACT (&w, "move sov-7g 0607");
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-16pz")));
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_CUT_OFF), ==, 1);
  WACT (&w, "end");
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_CUT_OFF), ==, 1);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND), ==, 0);
  WACT (&w, "attack sov-6g+sov-7g 0606");   /* 16 to 2: automatic DL1+DR */
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND), ==, 1);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_CUT_OFF), ==, 1);
  watch_end (&w);
}

/* 5-7. A division destroyed in C&C, and a battalion cut off, count for
 * nothing. */
static void
test_destroyed_in_command (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_SOVIET_1, "fight-move");
  Watch w;

  rules_put_steps (game, "ger-16pz", 606, 1);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", 706);
  rules_put (game, "ger-bn", 1005);
  rules_put (game, "sov-9m", 1004);
  rules_put (game, "sov-61r", 1006);
  g_assert_false (kessel_game_piece_in_command (game, P (game, "ger-bn")));
  w = watch (g_object_ref (game));
  WACT (&w, "attack sov-6g+sov-7g 0606");
  g_assert_cmpint (kessel_game_get_piece_status (game, P (game, "ger-16pz")), ==, KESSEL_PIECE_ELIMINATED);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND), ==, 0);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_DIVISIONS_CUT_OFF), ==, 0);
  watch_end (&w);
}

/* 8. A reinforcement that ends two German turns where it began them counts
 * once; one next to a Soviet unit, or one that moved in either turn, does
 * not, nor does a unit that set up on the map. */
static void
test_reinforcements_idle (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_GERMAN_1, NULL);
  Watch w;

  rules_put (game, "ger-bn2", 102);      /* arrived on turn 1, say */
  rules_put (game, "ger-9ss", 505);
  rules_put (game, "sov-9m", 605);       /* next to 9 SS */
  rules_put (game, "ger-19pz", 809);
  w = watch (g_object_ref (game));

  watch_run_to (&w, 3, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_REINFORCEMENTS_IDLE), ==, 0);   /* one turn so far */
  watch_run_to (&w, 3, KESSEL_PHASE_GAME_OVER);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_REINFORCEMENTS_IDLE), ==, 1);   /* Bn 2 */
  watch_end (&w);
}

static void
test_reinforcement_that_moved (void)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_GERMAN_1, "move-fight");
  Watch w;

  rules_put (game, "ger-bn2", 102);
  rules_put (game, "sov-9m", 1002);
  w = watch (g_object_ref (game));
  WACT (&w, "move ger-bn2 0202");
  watch_run_to (&w, 3, KESSEL_PHASE_GAME_OVER);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_REINFORCEMENTS_IDLE), ==, 0);
  watch_end (&w);
}

/* 9. A German turn with a division cut off at the start of its combat part
 * and no attack in the whole turn counts; a probe is an attack, and a turn
 * with every division in C&C does not count. */
static int
turns_without_relief (gboolean cut_off, const char *attack)
{
  g_autoptr(KesselGame) game = empty_board (KESSEL_PHASE_GERMAN_1, "move-fight");
  Watch w;
  int turns;

  rules_put (game, "ger-16pz", 606);
  rules_put (game, "sov-6g", 605);
  rules_put (game, "sov-7g", cut_off ? 607 : 1002);
  rules_put (game, "ger-19pz", 405);
  w = watch (g_object_ref (game));
  g_assert_cmpint (kessel_game_piece_in_command (game, P (game, "ger-16pz")), ==, !cut_off);
  WACT (&w, "end");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  if (attack != NULL)
    WACT (&w, attack);
  watch_run_to (&w, 2, KESSEL_PHASE_GERMAN_MECH_2);
  g_assert_cmpint (count (&w, KESSEL_FAILURE_TURNS_WITHOUT_RELIEF), ==, 0);   /* the turn is not over */
  watch_run_to (&w, 3, KESSEL_PHASE_SOVIET_1);
  turns = count (&w, KESSEL_FAILURE_TURNS_WITHOUT_RELIEF);
  watch_end (&w);
  return turns;
}

static void
test_turns_without_relief (void)
{
  g_assert_cmpint (turns_without_relief (TRUE, NULL), ==, 1);
  g_assert_cmpint (turns_without_relief (TRUE, "probe ger-19pz 0506"), ==, 0);
  g_assert_cmpint (turns_without_relief (FALSE, NULL), ==, 0);
}

/* A short random game counted as it is played equals the same game counted
 * from its record; the counts stay within what the game holds. */
static void
feed_from_record (KesselGame *game, KesselGameCritic *critic)
{
  g_autoptr(KesselGame) replay = kessel_game_new_start (game);

  kessel_game_critic_start (critic, replay);
  for (int i = 0; i < kessel_game_get_n_actions (game); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (kessel_game_apply (replay, kessel_game_get_action (game, i), &error));
      g_assert_no_error (error);
      kessel_game_critic_observe (critic, replay);
    }
}

static void
observe_choice (KesselGame *game, const KesselChoiceMade *choice, gpointer data)
{
  kessel_game_critic_observe (data, game);
}

static void
test_random_game (void)
{
  g_autoptr(KesselScenario) scenario = rules_load ("rules.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 5);
  g_autoptr(KesselGameCritic) live = kessel_game_critic_new ();
  g_autoptr(KesselGameCritic) recorded = kessel_game_critic_new ();
  g_autoptr(GError) error = NULL;
  KesselPlayer *players[3];

  g_assert_true (kessel_self_play_make_players ("random", "random", 5, players, &error));
  kessel_game_critic_start (live, game);
  g_assert_true (kessel_self_play_game (game, players, NULL, observe_choice, live, NULL, NULL, &error));
  g_assert_no_error (error);
  kessel_self_play_free_players (players);
  feed_from_record (game, recorded);
  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    {
      g_assert_cmpint (kessel_game_critic_get_count (live, f), ==, kessel_game_critic_get_count (recorded, f));
      g_assert_cmpint (kessel_game_critic_get_count (live, f), >=, 0);
    }
  g_assert_cmpint (kessel_game_critic_get_count (live, KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND), ==,
                   kessel_game_get_divisions_destroyed (game));
  g_assert_cmpint (kessel_game_critic_get_count (live, KESSEL_FAILURE_DIVISIONS_CUT_OFF), <=, 5);
  g_assert_cmpint (kessel_game_critic_get_count (live, KESSEL_FAILURE_REINFORCEMENTS_IDLE), <=, 2);
}

static void
test_names (void)
{
  g_assert_cmpstr (kessel_failure_to_string (KESSEL_FAILURE_PLACES_GIVEN_UP), ==, "places_given_up");
  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    {
      gboolean german = kessel_failure_judges (f, KESSEL_SIDE_GERMAN);
      gboolean soviet = kessel_failure_judges (f, KESSEL_SIDE_SOVIET);

      g_assert_nonnull (kessel_failure_to_string (f));
      g_assert_true (german || soviet);
      g_assert_cmpint (german && soviet, ==, f == KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-critic/names", test_names);
  g_test_add_func ("/game-critic/places-given-up", test_place_given_up);
  g_test_add_func ("/game-critic/places-given-up/once-a-retake", test_place_given_up_twice);
  g_test_add_func ("/game-critic/places-given-up/retreat", test_place_retreated_into);
  g_test_add_func ("/game-critic/artillery-lost-alone", test_artillery_lost_alone);
  g_test_add_func ("/game-critic/overstack-losses", test_overstack_losses);
  g_test_add_func ("/game-critic/corps-idle-at-exit", test_corps_idle_at_exit);
  g_test_add_func ("/game-critic/corps-idle-at-exit/after-cap", test_corps_at_exit_after_cap);
  g_test_add_func ("/game-critic/divisions-cut-off-and-destroyed", test_division_cut_off_and_destroyed);
  g_test_add_func ("/game-critic/divisions-destroyed-in-command", test_destroyed_in_command);
  g_test_add_func ("/game-critic/reinforcements-idle", test_reinforcements_idle);
  g_test_add_func ("/game-critic/reinforcements-idle/moved", test_reinforcement_that_moved);
  g_test_add_func ("/game-critic/turns-without-relief", test_turns_without_relief);
  g_test_add_func ("/game-critic/random-game", test_random_game);
  return g_test_run ();
}
