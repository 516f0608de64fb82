/* Replays: the position after every step is the game's position after that
 * step, whichever way the replay got there. */
#include <glib.h>

#include "kessel-game.h"
#include "kessel-replay.h"
#include "random-games.h"

#define N_GAMES 4
#define N_SAMPLES 40

static void
test_every_step (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();

  for (guint64 seed = 1; seed <= N_GAMES; seed++)
    {
      g_autoptr(KesselGame) game = random_game (scenario, seed, -1);
      g_autoptr(GError) error = NULL;
      g_autoptr(KesselReplay) replay = kessel_replay_new (game, &error);
      g_autoptr(KesselGame) again = NULL;
      KesselDice player;
      int n;

      g_assert_no_error (error);
      n = kessel_replay_get_n_steps (replay);
      g_assert_cmpint (n, ==, kessel_game_get_n_actions (game));
      g_assert_cmpint (kessel_replay_get_position (replay), ==, n);
      g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), game));

      /* The same game once more, compared with the replay after each step. */
      again = random_game_start (scenario, seed, &player);
      kessel_replay_seek (replay, 0);
      g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), again));
      for (int k = 1; random_game_step (again, &player); k++)
        {
          kessel_replay_seek (replay, k);
          g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), again));
          g_assert_cmpint (kessel_replay_get_turn_at (replay, k), ==, kessel_game_get_turn (again));
          g_assert_cmpint (kessel_replay_get_phase_at (replay, k), ==, kessel_game_get_phase (again));
        }
    }
}

/* Jumps back and forth land on the positions the game passed through. */
static void
test_random_access (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (14);
  guint64 seed = 3;
  g_autoptr(KesselGame) game = random_game (scenario, seed, -1);
  gint64 start = g_get_monotonic_time ();
  g_autoptr(KesselReplay) replay = kessel_replay_new (game, NULL);
  gint64 built = g_get_monotonic_time ();
  int n = kessel_replay_get_n_steps (replay);
  gint64 seeking = 0;
  g_autoptr(GPtrArray) positions = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(KesselGame) again = NULL;
  KesselDice player;

  again = random_game_start (scenario, seed, &player);
  g_ptr_array_add (positions, kessel_game_copy (again));
  while (random_game_step (again, &player))
    g_ptr_array_add (positions, kessel_game_copy (again));
  g_assert_cmpint ((int) positions->len, ==, n + 1);
  for (int i = 0; i < N_SAMPLES; i++)
    {
      int k = g_rand_int_range (rand, 0, n + 1);
      gint64 before = g_get_monotonic_time ();
      kessel_replay_seek (replay, k);
      seeking += g_get_monotonic_time () - before;
      g_assert_cmpint (kessel_replay_get_position (replay), ==, k);
      g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), g_ptr_array_index (positions, k)));
    }
  g_test_message ("%d steps replayed in %.1f ms; a jump took %.2f ms on average",
                  n, (built - start) / 1000.0, seeking / 1000.0 / N_SAMPLES);
}

/* Phases and turns: next and previous move to the boundaries, and the
 * log entries of a step lead to the position after it. */
static void
test_navigation (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = random_game (scenario, 2, -1);
  g_autoptr(KesselReplay) replay = kessel_replay_new (game, NULL);
  int n = kessel_replay_get_n_steps (replay), turns = 0, k = 0;

  while (k < n)
    {
      int next = kessel_replay_next_turn (replay, k);
      g_assert_cmpint (next, >, k);
      g_assert_true (next == n || kessel_replay_get_turn_at (replay, next) != kessel_replay_get_turn_at (replay, k));
      g_assert_cmpint (kessel_replay_get_turn_at (replay, next - 1), ==, kessel_replay_get_turn_at (replay, k));
      if (next < n)
        g_assert_cmpint (kessel_replay_previous_turn (replay, next), ==, k);
      k = next;
      turns++;
    }
  g_assert_cmpint (turns, >=, kessel_game_get_turn (game));
  for (k = kessel_replay_next_phase (replay, 0); k < n; k = kessel_replay_next_phase (replay, k))
    {
      int start = kessel_replay_previous_phase (replay, k);
      g_assert_cmpint (kessel_replay_previous_phase (replay, k + 1), ==, k);
      g_assert_cmpint (kessel_replay_next_phase (replay, start), ==, k);
    }
  for (int i = 0; i < n; i++)
    {
      const KesselReplayStep *step = kessel_replay_get_step (replay, i);
      for (int e = step->first_log; e < step->first_log + step->n_log; e++)
        g_assert_cmpint (kessel_replay_position_of_log (replay, e), ==, i + 1);
    }
}

/* A game that did not begin as a new game does not replay from the start:
 * the replay says so rather than show another game. */
static void
test_refuses_another_start (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_position (scenario, 5, 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_FROST);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselReplay) replay = NULL;
  KesselDice player;

  kessel_dice_init (&player, 5);
  for (int i = 0; i < 20; i++)
    random_game_step (game, &player);
  replay = kessel_replay_new (game, &error);
  g_assert_null (replay);
  g_assert_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/replay/same-position-after-every-step", test_every_step);
  g_test_add_func ("/replay/random-access", test_random_access);
  g_test_add_func ("/replay/navigation", test_navigation);
  g_test_add_func ("/replay/refuses-another-start", test_refuses_another_start);
  return g_test_run ();
}
