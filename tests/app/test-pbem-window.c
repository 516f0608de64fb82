/* test-pbem-window.c: a game by e-mail between two windows, each with a
 * data folder of its own as on two machines: the new game, the received
 * turn asked for with the map covered, actions played through the play
 * panel until a die ends the turn, the turn files written and opened in
 * turn. Needs a display; without one every test is skipped. With
 * KESSEL_SCREENSHOT_DIR set, pictures of both windows are written there. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "editor-driver.h"

static KesselApplication *app;

/* A player: his window, data folder and password. */
typedef struct {
  KesselWindow *window;
  char *folder;
  const char *password;
  int opened;             /* "pbem-turn-opened" emissions */
  int last_start;
} Player;

static void
turn_opened (KesselWindow *window, int start, Player *player)
{
  player->opened++;
  player->last_start = start;
}

static void
player_init (Player *player, const char *root, const char *name, const char *password)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;

  memset (player, 0, sizeof *player);
  player->window = kessel_window_new (app);
  player->folder = g_build_filename (root, name, NULL);
  player->password = password;
  gtk_window_set_default_size (GTK_WINDOW (player->window), 1400, 900);
  g_assert_true (kessel_window_open_file (player->window, path, &error));
  g_assert_no_error (error);
  kessel_window_set_pbem_data_dir (player->window, player->folder);
  g_signal_connect (player->window, "pbem-turn-opened", G_CALLBACK (turn_opened), player);
  gtk_window_present (GTK_WINDOW (player->window));
  driver_settle ();
}

static char *
send (Player *player, const char *root, int number)
{
  g_autofree char *name = g_strdup_printf ("turn-%03d.kesselpbem", number);
  char *path = g_build_filename (root, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (player->window), "send-pbem-turn"));
  g_assert_true (kessel_window_send_pbem_turn (player->window, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kessel_pbem_get_status (kessel_window_get_pbem (player->window)), ==, KESSEL_PBEM_SENT);
  driver_settle ();
  return path;
}

/* Opens path as a player would: the map covered, the password asked. */
static void
open_received (Player *player, const char *path, const char *password)
{
  g_autoptr(GError) error = NULL;
  KesselPbemDialog *dialog = kessel_window_ask_received_turn (player->window, path, &error);
  KesselMapView *map = kessel_window_get_map_view (player->window);
  int opened = player->opened;

  g_assert_no_error (error);
  g_assert_nonnull (dialog);
  driver_settle ();
  g_assert_true (kessel_map_view_is_covered (map));
  if (player->opened == 1)
    driver_screenshot (player->window, "pbem-covered-for-password");
  kessel_pbem_dialog_set_password (dialog, password);
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();
  if (g_strcmp0 (password, player->password) != 0)
    return;
  g_assert_cmpint (player->opened, ==, opened + 1);
  /* The opponent's turn is shown first as a replay, from his first action. */
  if (player->last_start >= 0)
    {
      KesselReplayMode *replay = kessel_window_get_replay_mode (player->window);

      g_assert_true (kessel_replay_mode_is_active (replay));
      if (player->opened == 3)
        driver_screenshot (player->window, "pbem-replay-of-opponent");
      kessel_replay_mode_stop (replay);
      driver_settle ();
    }
}

/* Plays random legal actions through the play panel until the turn is done. */
static void
play_part (Player *player, KesselDice *choices)
{
  KesselPbem *pbem = kessel_window_get_pbem (player->window);

  while (kessel_pbem_get_status (pbem) == KESSEL_PBEM_YOUR_MOVE)
    {
      KesselGame *game = kessel_window_get_game (player->window);
      KesselAction action;
      g_autofree char *text = NULL;
      int before = kessel_game_get_n_actions (game);

      g_assert_true (kessel_game_random_action (game, choices, &action));
      text = kessel_game_action_to_string (game, &action);
      g_assert_true (kessel_play_panel_play_text (kessel_window_get_play_panel (player->window), text));
      g_assert_true (kessel_game_get_n_actions (game) == before + 1 || kessel_pbem_get_pending (pbem) != NULL);
      driver_settle ();
    }
}

static void
test_exchange (void)
{
  g_autofree char *root = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  Player players[2];
  KesselDice choices;
  int pending_turns = 0;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-window-XXXXXX", NULL);
  player_init (&players[0], root, "german", "Tarnopol");
  player_init (&players[1], root, "soviet", "Zhukov");
  kessel_dice_init (&choices, 44);

  g_assert_true (kessel_window_new_pbem_game (players[0].window, KESSEL_SIDE_GERMAN, players[0].password, &error));
  g_assert_no_error (error);
  g_assert_null (kessel_window_get_game (players[0].window));
  path = send (&players[0], root, 1);
  driver_screenshot (players[0].window, "pbem-01-german-sent");

  /* A wrong password opens nothing; the right one joins the game. */
  open_received (&players[1], path, "Zhukov");
  g_assert_nonnull (kessel_window_get_pbem (players[1].window));
  g_free (path);
  path = send (&players[1], root, 2);

  for (int number = 3; number <= 14; number++)
    {
      Player *player = &players[(number - 1) % 2];
      Player *other = &players[number % 2];
      KesselPbem *pbem;
      g_autofree char *name = NULL;

      if (number == 5)
        {
          KesselPbem *before = kessel_window_get_pbem (player->window);
          open_received (player, path, "wrong");
          g_assert_true (kessel_window_get_pbem (player->window) == before);
        }
      open_received (player, path, player->password);
      pbem = kessel_window_get_pbem (player->window);
      g_assert_nonnull (kessel_window_get_game (player->window));
      g_assert_false (kessel_map_view_is_covered (kessel_window_get_map_view (player->window)));
      g_assert_cmpint (kessel_map_view_get_viewer (kessel_window_get_map_view (player->window)), ==,
                       kessel_pbem_get_side (pbem));
      g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (player->window), "save-game"));
      g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (player->window), "undo"));
      name = g_strdup_printf ("pbem-%02d-%s-opened", number, kessel_side_to_string (kessel_pbem_get_side (pbem)));
      driver_screenshot (player->window, name);
      play_part (player, &choices);
      if (kessel_pbem_get_pending (pbem) != NULL)
        {
          g_autofree char *done = g_strdup_printf ("pbem-%02d-pending", number);
          pending_turns++;
          driver_screenshot (player->window, done);
        }
      g_free (path);
      path = send (player, root, number);
      (void) other;
    }
  g_assert_cmpint (pending_turns, >, 0);
  g_assert_cmpint (players[0].opened + players[1].opened, ==, 13);
  g_assert_true (kessel_pbem_verify (path, kessel_window_get_scenario (players[0].window), &summary, &error));
  g_assert_no_error (error);
  g_test_message ("%s", summary);
  gtk_window_destroy (GTK_WINDOW (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;

  g_test_init (&argc, &argv, NULL);
  g_setenv ("KESSEL_PBEM_KDF_ITERATIONS", "10", TRUE);
  data_home = g_dir_make_tmp ("kessel-pbem-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  app = driver_application_new ();
  g_test_add_func ("/app/pbem/exchange", test_exchange);
  return g_test_run ();
}
