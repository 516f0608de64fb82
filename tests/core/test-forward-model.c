/* The forward model of computer players: snapshots, quiet copies with their
 * own dice, forced dice and the fog-of-war view of one side. */
#include <glib.h>

#include "kessel-game.h"
#include "random-games.h"

#define PLAYER_SEED 77

/* Plays n random actions; FALSE if the game ended first. */
static gboolean
play_random (KesselGame *game, KesselDice *player, int n)
{
  for (int i = 0; i < n && !kessel_game_is_over (game); i++)
    {
      KesselAction action;
      g_autoptr(GError) error = NULL;
      g_assert_true (kessel_game_random_action (game, player, &action));
      g_assert_true (kessel_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
  return !kessel_game_is_over (game);
}

/* Restoring a snapshot gives back the very game, log and actions included,
 * and the game then goes on exactly as it would have. */
static void
test_snapshot_restores_everything (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 5);
  g_autoptr(KesselGame) twin = NULL;
  g_autoptr(KesselSnapshot) snapshot = NULL;
  KesselDice player, twin_player;
  int n_log, n_actions;

  kessel_dice_init (&player, PLAYER_SEED);
  g_assert_true (play_random (game, &player, 400));
  twin = kessel_game_copy (game);
  twin_player = player;
  snapshot = kessel_game_snapshot (game);
  n_log = kessel_game_get_n_log (game);
  n_actions = kessel_game_get_n_actions (game);

  play_random (game, &player, 300);
  kessel_game_restore (game, snapshot);
  g_assert_cmpint (kessel_game_get_n_log (game), ==, n_log);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, n_actions);
  g_assert_true (kessel_game_equal (game, twin));

  player = twin_player;
  play_random (game, &player, 300);
  play_random (twin, &twin_player, 300);
  g_assert_true (kessel_game_equal (game, twin));
}

/* A fork rolls its own dice and writes no log, and searching it leaves the
 * game it came from untouched. */
static void
test_fork_is_quiet_with_own_dice (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 5);
  g_autoptr(KesselGame) before = NULL;
  g_autoptr(KesselGame) fork_a = NULL;
  g_autoptr(KesselGame) fork_b = NULL;
  KesselDice player, player_a, player_b;

  kessel_dice_init (&player, PLAYER_SEED);
  g_assert_true (play_random (game, &player, 200));
  before = kessel_game_copy (game);
  fork_a = kessel_game_fork (game, 1);
  fork_b = kessel_game_fork (game, 2);
  g_assert_true (kessel_game_is_quiet (fork_a));
  g_assert_cmpint (kessel_game_get_n_log (fork_a), ==, 0);
  g_assert_cmpint (kessel_game_get_n_actions (fork_a), ==, 0);
  player_a = player_b = player;
  play_random (fork_a, &player_a, 2000);
  play_random (fork_b, &player_b, 2000);
  g_assert_cmpint (kessel_game_get_n_log (fork_a), ==, 0);
  g_assert_false (kessel_game_can_undo (fork_a));
  /* Different dice, so the two searches part ways. */
  g_assert_false (kessel_game_equal (fork_a, fork_b));
  g_assert_true (kessel_game_equal (game, before));
}

/* A forced die is the next one rolled, once. */
static void
test_forced_die (void)
{
  KesselDice dice;

  for (int face = 1; face <= 6; face++)
    {
      kessel_dice_init (&dice, 9);
      dice.forced = face;
      g_assert_cmpint (kessel_dice_roll (&dice), ==, face);
      g_assert_cmpint (dice.forced, ==, 0);
      g_assert_cmpint (dice.rolls, ==, 1);
    }
}

/* Two hidden Soviet units anywhere under top counters: swapping them changes
 * the game but not the German view of it. */
static void
test_view_hides_what_side_cannot_see (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_position (scenario, 3, 2, KESSEL_PHASE_GERMAN_1,
                                                         KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) swapped = NULL;
  g_autoptr(KesselGame) view = NULL;
  g_autoptr(KesselGame) swapped_view = NULL;
  int hidden[2], n = 0;

  for (int p = 0; p < kessel_game_get_n_pieces (game) && n < 2; p++)
    if (kessel_game_get_piece_side (game, p) == KESSEL_SIDE_SOVIET
        && kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP
        && !kessel_game_piece_visible_to (game, p, KESSEL_SIDE_GERMAN)
        && (n == 0 || kessel_game_get_piece_hex (game, p) != kessel_game_get_piece_hex (game, hidden[0]))
        && kessel_game_get_piece_steps (game, p) == kessel_game_get_piece_full_steps (game, p))
      hidden[n++] = p;
  g_assert_cmpint (n, ==, 2);

  swapped = kessel_game_copy (game);
  {
    int hex0 = kessel_game_get_piece_hex (game, hidden[0]);
    int hex1 = kessel_game_get_piece_hex (game, hidden[1]);
    g_autoptr(GArray) stack0 = kessel_game_get_pieces_at (game, hex0);
    g_autoptr(GArray) stack1 = kessel_game_get_pieces_at (game, hex1);
    int top0 = g_array_index (stack0, int, 0), top1 = g_array_index (stack1, int, 0);

    /* Each goes into the other's stack, and the tops are put back on top. */
    kessel_game_set_piece (swapped, hidden[0], hex1, kessel_game_get_piece_steps (game, hidden[0]));
    kessel_game_set_piece (swapped, hidden[1], hex0, kessel_game_get_piece_steps (game, hidden[1]));
    kessel_game_set_piece (swapped, top0, hex0, kessel_game_get_piece_steps (game, top0));
    kessel_game_set_piece (swapped, top1, hex1, kessel_game_get_piece_steps (game, top1));
  }
  g_assert_false (kessel_game_equal (game, swapped));
  g_assert_false (kessel_game_piece_visible_to (swapped, hidden[0], KESSEL_SIDE_GERMAN)
                  && kessel_game_piece_visible_to (swapped, hidden[1], KESSEL_SIDE_GERMAN));

  view = kessel_game_view (game, KESSEL_SIDE_GERMAN, 1);
  swapped_view = kessel_game_view (swapped, KESSEL_SIDE_GERMAN, 1);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      g_assert_cmpint (kessel_game_get_piece_hex (view, p), ==, kessel_game_get_piece_hex (swapped_view, p));
      g_assert_cmpint (kessel_game_get_piece_steps (view, p), ==, kessel_game_get_piece_steps (swapped_view, p));
    }
  /* The German units themselves are where they are. */
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    if (kessel_game_get_piece_side (game, p) == KESSEL_SIDE_GERMAN)
      g_assert_cmpint (kessel_game_get_piece_hex (view, p), ==, kessel_game_get_piece_hex (game, p));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/forward-model/snapshot-restores-everything", test_snapshot_restores_everything);
  g_test_add_func ("/forward-model/fork-is-quiet-with-own-dice", test_fork_is_quiet_with_own_dice);
  g_test_add_func ("/forward-model/forced-die", test_forced_die);
  g_test_add_func ("/forward-model/view-hides-what-side-cannot-see", test_view_hides_what_side_cannot_see);
  return g_test_run ();
}
