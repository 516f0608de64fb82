/* test-pbem-window.c: a game by e-mail between two windows, each with a
 * data folder of its own as on two machines: the new game, the received
 * turn asked for with the map covered, actions played through the play
 * panel until a die ends the turn, the turn files written and opened in
 * turn. Needs a display; without one every test is skipped. With
 * KESSEL_SCREENSHOT_DIR set, pictures of both windows are written there. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "editor-driver.h"
#include "known-gtk-warnings.h"

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

static void
play_part (Player *player, KesselDice *choices)
{
  driver_play_pbem_part (player->window, choices);
}

static char *
program_scenario (const char *file_name)
{
  g_autofree char *shipped = kessel_application_find_default_scenario ();
  g_autofree char *folder = NULL;

  g_assert_nonnull (shipped);
  folder = g_path_get_dirname (shipped);
  return g_build_filename (folder, file_name, NULL);
}

static const char *
scenario_file_name (KesselWindow *window)
{
  return kessel_scenario_get_file_name (kessel_window_get_scenario (window));
}


/* The game under way in path is watched again by a player, from his side
 * and with his password; a wrong one shows nothing. */
static void
watch_under_way (Player *player, const char *path)
{
  KesselReplayMode *replay = kessel_window_get_replay_mode (player->window);
  KesselPbemDialog *dialog;
  GtkWindow *refusal;

  g_assert_false (kessel_replay_mode_is_active (replay));
  dialog = kessel_window_watch_turn_file (player->window, path);
  g_assert_nonnull (dialog);
  driver_screenshot_widget (GTK_WIDGET (dialog), "pbem-watch-password");
  kessel_pbem_dialog_set_password (dialog, "not his");
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();
  g_assert_false (kessel_replay_mode_is_active (replay));
  refusal = driver_find_dialog (player->window, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (refusal);
  gtk_window_destroy (refusal);

  dialog = kessel_window_watch_turn_file (player->window, path);
  kessel_pbem_dialog_set_password (dialog, player->password);
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();
  g_assert_true (kessel_replay_mode_is_active (replay));
  g_assert_cmpint (kessel_map_view_get_viewer (kessel_window_get_map_view (player->window)), ==,
                   kessel_pbem_get_side (kessel_window_get_pbem (player->window)));
  driver_screenshot (player->window, "pbem-watched-again");
  kessel_replay_mode_stop (replay);
  driver_settle ();
}

static KesselWindow *window_on (const char *scenario_file);

/* A game under way is not shown on a computer that plays no side of it. */
static void
stranger_cannot_watch (const char *root, const char *path)
{
  KesselWindow *stranger = window_on ("first-panzer-army.kessel");
  g_autofree char *no_data = g_build_filename (root, "stranger", NULL);
  GtkWindow *refusal;

  kessel_window_set_pbem_data_dir (stranger, no_data);
  g_assert_null (kessel_window_watch_turn_file (stranger, path));
  driver_settle ();
  refusal = driver_find_dialog (stranger, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (refusal);
  driver_screenshot_widget (GTK_WIDGET (refusal), "pbem-watch-refused");
  g_assert_false (kessel_replay_mode_is_active (kessel_window_get_replay_mode (stranger)));
  gtk_window_destroy (GTK_WINDOW (stranger));
  driver_settle ();
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
  /* Verified dice: a die ends the turn, and the opponent rolls it. */
  g_assert_true (kessel_pbem_set_dice (kessel_window_get_pbem (players[0].window), KESSEL_PBEM_DICE_VERIFIED));
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
  watch_under_way (&players[0], path);
  stranger_cannot_watch (root, path);
  g_assert_true (kessel_pbem_verify (path, kessel_window_get_scenario (players[0].window), &summary, &error));
  g_assert_no_error (error);
  g_test_message ("%s", summary);
  gtk_window_destroy (GTK_WINDOW (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();
}

/* Two programs, as on two machines */

#define TWO_PROGRAMS_TURNS 12

static char *turn_path (const char *root, int number)
{
  g_autofree char *name = g_strdup_printf ("turn-%03d.kesselpbem", number);
  return g_build_filename (root, name, NULL);
}

/* Opens the received file as from the command line or Game ▸ Open, and
 * gives the password when asked. */
static void
open_as_from_the_command_line (KesselWindow *window, const char *path, const char *password)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  KesselPbemDialog *dialog;

  g_assert_true (kessel_window_open (window, file));
  driver_settle ();
  dialog = (KesselPbemDialog *) driver_find_dialog (window, KESSEL_TYPE_PBEM_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
  kessel_pbem_dialog_set_password (dialog, password);
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();
}

/* One player's program, started for one turn as a player starts it: it
 * opens the opponent's file, shows his turn, plays its own part, writes its
 * file and quits. Its data folder is XDG_DATA_HOME, set by the test. The
 * Soviet player's program starts on another scenario, and finds the game's. */
static int
play_one_turn (int number, const char *root)
{
  KesselSide side = number % 2 == 1 ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET;
  const char *password = side == KESSEL_SIDE_GERMAN ? "Tarnopol" : "Zhukov";
  g_autofree char *start = program_scenario (side == KESSEL_SIDE_GERMAN ? "first-panzer-army.kessel"
                                                                        : "crossing-the-prut.kessel");
  g_autofree char *sent = turn_path (root, number);
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  KesselWindow *window;
  KesselPbem *pbem;
  KesselDice choices;

  app = driver_application_new ();
  g_assert_nonnull (app);
  window = kessel_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (kessel_window_open_file (window, start, &error));
  g_assert_no_error (error);
  driver_settle ();
  if (number == 1)
    g_assert_true (kessel_window_new_pbem_game (window, side, password, &error));
  else
    {
      g_autofree char *received = turn_path (root, number - 1);
      KesselReplayMode *replay = kessel_window_get_replay_mode (window);

      open_as_from_the_command_line (window, received, password);
      pbem = kessel_window_get_pbem (window);
      g_assert_nonnull (pbem);
      g_assert_cmpint (kessel_pbem_get_side (pbem), ==, side);
      base = g_path_get_basename (scenario_file_name (window));
      g_assert_cmpstr (base, ==, "first-panzer-army.kessel");
      g_assert_cmpint (kessel_replay_mode_is_active (replay), ==, kessel_pbem_get_received_start (pbem) >= 0);
      if (kessel_replay_mode_is_active (replay))
        {
          g_autofree char *name = g_strdup_printf ("two-programs-%02d-%s-sees-the-opponent", number,
                                                   kessel_side_to_string (side));
          driver_screenshot (window, name);
          kessel_replay_mode_stop (replay);
          driver_settle ();
        }
      if (kessel_window_get_game (window) != NULL)
        {
          kessel_dice_init (&choices, 1000 + number);
          driver_play_pbem_part (window, &choices);
        }
    }
  g_assert_no_error (error);
  g_assert_true (kessel_window_send_pbem_turn (window, sent, &error));
  g_assert_no_error (error);
  g_assert_false (kessel_window_is_game_dirty (window));
  gtk_window_close (GTK_WINDOW (window));   /* nothing to ask: the turn is written */
  driver_settle ();
  g_assert_null (driver_find_dialog (window, GTK_TYPE_MESSAGE_DIALOG));
  return 0;
}

static void
test_two_programs (void)
{
  g_autofree char *root = NULL;
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *last = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *scenario_path = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  g_assert_nonnull (self_path);
  root = g_dir_make_tmp ("kessel-two-programs-XXXXXX", NULL);
  for (int number = 1; number <= TWO_PROGRAMS_TURNS; number++)
    {
      const char *side = number % 2 == 1 ? "german" : "soviet";
      g_autofree char *data = g_build_filename (root, side, NULL);
      g_autofree char *number_text = g_strdup_printf ("%d", number);
      char *argv[] = { self_path, (char *) "--play-one-turn", number_text, root, NULL };
      g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", data, TRUE);
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, &error));
      g_assert_no_error (error);
    }
  /* Each program kept its own copies, in its own data folder. */
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *pbem = g_build_filename (root, i ? "soviet" : "german", "kessel", "pbem", NULL);
      g_assert_true (g_file_test (pbem, G_FILE_TEST_IS_DIR));
    }
  last = turn_path (root, TWO_PROGRAMS_TURNS);
  scenario_path = program_scenario ("first-panzer-army.kessel");
  scenario = kessel_scenario_load_file (scenario_path, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_pbem_verify (last, scenario, &summary, &error));
  g_assert_no_error (error);
  g_test_message ("%s", summary);
}

/* Opening files in the window */

/* A first turn file of a new game by the German player at window. */
static char *
first_turn (KesselWindow *window, const char *root, const char *folder)
{
  g_autoptr(GError) error = NULL;
  char *path = turn_path (root, 1);

  kessel_window_set_pbem_data_dir (window, folder);
  g_assert_true (kessel_window_new_pbem_game (window, KESSEL_SIDE_GERMAN, "Tarnopol", &error));
  g_assert_no_error (error);
  g_assert_true (kessel_window_send_pbem_turn (window, path, &error));
  g_assert_no_error (error);
  return path;
}

/* text with its one occurrence of from replaced by to. */
static char *
replace_once (const char *text, const char *from, const char *to)
{
  g_auto(GStrv) parts = g_strsplit (text, from, -1);

  g_assert_cmpint (g_strv_length (parts), ==, 2);
  return g_strjoinv (to, parts);
}

static KesselWindow *
window_on (const char *scenario_file)
{
  g_autofree char *path = program_scenario (scenario_file);
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  driver_settle ();
  return window;
}

/* A turn file opened while a hotseat game with moves not saved is in play
 * asks first, and a scenario that cannot be found is named. */
static void
test_opening_asks_and_finds (void)
{
  g_autofree char *root = NULL;
  g_autofree char *german_data = NULL;
  g_autofree char *soviet_data = NULL;
  g_autofree char *first = NULL;
  g_autofree char *lost = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *checksum = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  KesselWindow *german, *soviet;
  GtkWindow *question;
  KesselGame *hotseat;
  KesselDice choices;
  KesselAction action;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-opening-XXXXXX", NULL);
  german_data = g_build_filename (root, "german", NULL);
  soviet_data = g_build_filename (root, "soviet", NULL);
  german = window_on ("first-panzer-army.kessel");
  first = first_turn (german, root, german_data);

  /* The Soviet player is in a game of Crossing the Prut with a move not saved. */
  soviet = window_on ("crossing-the-prut.kessel");
  kessel_window_set_pbem_data_dir (soviet, soviet_data);
  kessel_window_new_game (soviet, 7);
  hotseat = kessel_window_get_game (soviet);
  g_assert_nonnull (hotseat);
  kessel_dice_init (&choices, 5);
  g_assert_true (kessel_game_random_action (hotseat, &choices, &action));
  g_assert_true (kessel_game_apply (hotseat, &action, &error));
  g_assert_no_error (error);
  g_assert_true (kessel_window_is_game_dirty (soviet));

  file = g_file_new_for_path (first);
  g_assert_false (kessel_window_open (soviet, file));
  driver_settle ();
  question = driver_find_dialog (soviet, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  g_assert_null (driver_find_dialog (soviet, KESSEL_TYPE_PBEM_DIALOG));
  g_assert_true (kessel_window_get_game (soviet) == hotseat);
  driver_screenshot_widget (GTK_WIDGET (question), "pbem-asks-before-replacing");
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  driver_settle ();
  /* Giving the game up waits for the turn to open: cancelled, nothing is lost. */
  gtk_window_destroy (driver_find_dialog (soviet, KESSEL_TYPE_PBEM_DIALOG));
  driver_settle ();
  g_assert_true (kessel_window_get_game (soviet) == hotseat);
  g_assert_true (kessel_window_is_game_dirty (soviet));
  g_assert_false (kessel_window_open (soviet, file));
  driver_settle ();
  gtk_dialog_response (GTK_DIALOG (driver_find_dialog (soviet, GTK_TYPE_MESSAGE_DIALOG)), GTK_RESPONSE_ACCEPT);
  driver_settle ();
  g_assert_nonnull (driver_find_dialog (soviet, KESSEL_TYPE_PBEM_DIALOG));
  kessel_pbem_dialog_set_password (KESSEL_PBEM_DIALOG (driver_find_dialog (soviet, KESSEL_TYPE_PBEM_DIALOG)), "Zhukov");
  kessel_pbem_dialog_accept (KESSEL_PBEM_DIALOG (driver_find_dialog (soviet, KESSEL_TYPE_PBEM_DIALOG)));
  driver_settle ();
  g_assert_nonnull (kessel_window_get_pbem (soviet));
  g_assert_true (g_str_has_suffix (scenario_file_name (soviet), "first-panzer-army.kessel"));

  /* A file naming a scenario found nowhere is refused, with the scenario's name. */
  g_assert_true (g_file_get_contents (first, &contents, NULL, NULL));
  checksum = kessel_scenario_checksum (kessel_window_get_scenario (soviet));
  edited = replace_once (contents, "file=\"first-panzer-army.kessel\"", "file=\"lost-front.kessel\"");
  g_free (contents);
  contents = replace_once (edited, checksum, "8888888888888888888888888888888888888888888888888888888888888888");
  lost = g_build_filename (root, "lost.kesselpbem", NULL);
  g_assert_true (g_file_set_contents (lost, contents, -1, NULL));
  g_assert_null (kessel_window_ask_received_turn (soviet, lost, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_SCENARIO);
  g_assert_nonnull (strstr (error->message, "lost-front.kessel"));
  g_assert_false (kessel_map_view_is_covered (kessel_window_get_map_view (soviet)));

  gtk_window_destroy (GTK_WINDOW (german));
  gtk_window_destroy (GTK_WINDOW (soviet));
  driver_settle ();
}

/* The button of dialog labelled label, or NULL. */
static GtkWidget *
button_labelled (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = button_labelled (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Answers the question on closing with Save Turn File…, naming path. */
static void
save_turn_from_question (GtkWindow *question, const char *path)
{
  GtkWidget *save = button_labelled (GTK_WIDGET (question), "Save Turn _File…");

  g_assert_nonnull (save);
  g_assert_true (gtk_widget_is_sensitive (save));
  g_signal_emit_by_name (save, "clicked");
  driver_settle ();
  driver_choose_file (path);
}

/* Closing with a part played but not written asks, and offers to write it. */
static void
test_close_with_turn_unsent (void)
{
  g_autofree char *root = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  g_autofree char *german_data = NULL;
  g_autofree char *soviet_data = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *german, *soviet;
  GtkWindow *question;
  KesselDice choices;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-close-XXXXXX", NULL);
  german_data = g_build_filename (root, "german", NULL);
  soviet_data = g_build_filename (root, "soviet", NULL);
  german = g_object_ref (window_on ("first-panzer-army.kessel"));
  soviet = window_on ("first-panzer-army.kessel");
  kessel_window_set_pbem_data_dir (soviet, soviet_data);
  first = first_turn (german, root, german_data);
  open_as_from_the_command_line (soviet, first, "Zhukov");
  /* A turn to send not yet written is asked about, though nothing was played. */
  g_assert_false (kessel_window_is_game_dirty (soviet));
  gtk_window_close (GTK_WINDOW (soviet));
  driver_settle ();
  question = driver_find_dialog (soviet, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  driver_settle ();
  second = turn_path (root, 2);
  g_assert_true (kessel_window_send_pbem_turn (soviet, second, &error));
  g_assert_no_error (error);
  open_as_from_the_command_line (german, second, "Tarnopol");
  kessel_replay_mode_stop (kessel_window_get_replay_mode (german));
  kessel_dice_init (&choices, 9);
  driver_play_pbem_part (german, &choices);
  g_assert_cmpint (kessel_pbem_get_status (kessel_window_get_pbem (german)), ==, KESSEL_PBEM_SEND);

  gtk_window_close (GTK_WINDOW (german));
  driver_settle ();
  question = driver_find_dialog (german, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  driver_screenshot_widget (GTK_WIDGET (question), "pbem-close-with-turn-unsent");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (german)));
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
  driver_settle ();

  /* Save Turn File… writes the turn as Game ▸ Save Turn File does, then
   * closes without asking again. */
  third = turn_path (root, 3);
  gtk_window_close (GTK_WINDOW (german));
  driver_settle ();
  question = driver_find_dialog (german, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  save_turn_from_question (question, third);
  g_assert_true (g_file_test (third, G_FILE_TEST_EXISTS));
  g_assert_cmpint (kessel_pbem_get_status (kessel_window_get_pbem (german)), ==, KESSEL_PBEM_SENT);
  g_assert_null (driver_find_dialog (german, GTK_TYPE_MESSAGE_DIALOG));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (german)));
  g_object_unref (german);
  gtk_window_destroy (GTK_WINDOW (soviet));
  driver_settle ();
}

/* When his part is done, the player is offered the turn file, and none of
 * the opponent's choices: the panel's one button writes the file. */
static void
test_part_done_offers_the_turn_file (void)
{
  g_autofree char *root = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  g_autofree char *german_data = NULL;
  g_autofree char *soviet_data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) folder = NULL;
  KesselWindow *german, *soviet;
  KesselPlayPanel *panel;
  GtkWindow *chooser;
  KesselDice choices;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-part-done-XXXXXX", NULL);
  german_data = g_build_filename (root, "german", NULL);
  soviet_data = g_build_filename (root, "soviet", NULL);
  german = window_on ("first-panzer-army.kessel");
  soviet = window_on ("first-panzer-army.kessel");
  kessel_window_set_pbem_data_dir (soviet, soviet_data);
  first = first_turn (german, root, german_data);
  open_as_from_the_command_line (soviet, first, "Zhukov");
  second = turn_path (root, 2);
  g_assert_true (kessel_window_send_pbem_turn (soviet, second, &error));
  g_assert_no_error (error);
  open_as_from_the_command_line (german, second, "Tarnopol");
  kessel_replay_mode_stop (kessel_window_get_replay_mode (german));
  driver_settle ();
  kessel_dice_init (&choices, 9);
  driver_play_pbem_part (german, &choices);
  g_assert_cmpint (kessel_pbem_get_status (kessel_window_get_pbem (german)), ==, KESSEL_PBEM_SEND);

  panel = kessel_window_get_play_panel (german);
  driver_screenshot (german, "pbem-part-done");
  g_assert_cmpint (kessel_play_panel_get_n_choices (panel), ==, 1);
  g_assert_nonnull (strstr (kessel_play_panel_get_instruction (panel), "Your part is done."));
  g_assert_true (kessel_play_panel_press_choice (panel, 0));
  driver_settle ();
  g_assert_cmpstr (kessel_play_panel_get_message (panel), ==, "");
  chooser = driver_find_dialog (german, GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_nonnull (chooser);
  folder = g_file_new_for_path (root);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "turn-003.kesselpbem");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  third = turn_path (root, 3);
  /* The chooser looks at the folder before it answers. */
  for (int i = 0; i < 500 && !g_file_test (third, G_FILE_TEST_EXISTS); i++)
    {
      g_usleep (10000);
      driver_settle ();
    }
  driver_settle ();
  g_assert_true (g_file_test (third, G_FILE_TEST_EXISTS));
  g_assert_cmpint (kessel_pbem_get_status (kessel_window_get_pbem (german)), ==, KESSEL_PBEM_SENT);
  g_assert_cmpint (kessel_play_panel_get_n_choices (panel), ==, 0);
  g_assert_nonnull (strstr (kessel_play_panel_get_instruction (panel), "Your turn is sent."));

  gtk_window_destroy (GTK_WINDOW (german));
  gtk_window_destroy (GTK_WINDOW (soviet));
  driver_settle ();
}

/* The button of bar whose label is label, or NULL. */
static GtkWidget *
find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The opponent's turn, shown first as a replay, is left as a player leaves
 * it: by the command Back to the Game, or by the replay bar's button. */
static void
test_back_to_the_game (void)
{
  g_autofree char *root = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  g_autofree char *fourth = NULL;
  g_autofree char *german_data = NULL;
  g_autofree char *soviet_data = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *german, *soviet;
  KesselReplayMode *replay;
  KesselDice choices;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-back-XXXXXX", NULL);
  german_data = g_build_filename (root, "german", NULL);
  soviet_data = g_build_filename (root, "soviet", NULL);
  german = window_on ("first-panzer-army.kessel");
  soviet = window_on ("first-panzer-army.kessel");
  kessel_window_set_pbem_data_dir (soviet, soviet_data);
  first = first_turn (german, root, german_data);
  open_as_from_the_command_line (soviet, first, "Zhukov");
  second = turn_path (root, 2);
  g_assert_true (kessel_window_send_pbem_turn (soviet, second, &error));
  g_assert_no_error (error);

  open_as_from_the_command_line (german, second, "Tarnopol");
  kessel_dice_init (&choices, 9);
  driver_play_pbem_part (german, &choices);
  third = turn_path (root, 3);
  g_assert_true (kessel_window_send_pbem_turn (german, third, &error));
  g_assert_no_error (error);

  open_as_from_the_command_line (soviet, third, "Zhukov");
  replay = kessel_window_get_replay_mode (soviet);
  g_assert_true (kessel_replay_mode_is_active (replay));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (soviet), "win.leave-replay", NULL));
  driver_settle ();
  g_assert_false (kessel_replay_mode_is_active (replay));
  driver_play_pbem_part (soviet, &choices);
  fourth = turn_path (root, 4);
  g_assert_true (kessel_window_send_pbem_turn (soviet, fourth, &error));
  g_assert_no_error (error);

  open_as_from_the_command_line (german, fourth, "Tarnopol");
  replay = kessel_window_get_replay_mode (german);
  g_assert_true (kessel_replay_mode_is_active (replay));
  g_signal_emit_by_name (find_button (GTK_WIDGET (kessel_replay_mode_get_bar (replay)), "_Back to the Game"), "clicked");
  driver_settle ();
  g_assert_false (kessel_replay_mode_is_active (replay));

  gtk_window_destroy (GTK_WINDOW (german));
  gtk_window_destroy (GTK_WINDOW (soviet));
  driver_settle ();
}

static void
count_done (KesselPbemDialog *dialog, int *done)
{
  (*done)++;
}

/* The n-th password entry under widget, or NULL. */
static GtkWidget *
password_entry (GtkWidget *widget, int *n)
{
  if (GTK_IS_PASSWORD_ENTRY (widget) && (*n)-- == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = password_entry (child, n);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Enter in either password entry of a new game's dialog accepts it. */
static void
test_enter_accepts_passwords (void)
{
  KesselWindow *window;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  window = window_on ("first-panzer-army.kessel");
  for (int i = 0; i < 2; i++)
    {
      KesselPbemDialog *dialog = kessel_pbem_dialog_new_game (GTK_WINDOW (window));
      int n = i;
      GtkWidget *entry;
      GtkWidget *text;
      int done = 0;
      gint64 deadline;

      g_signal_connect (dialog, "done", G_CALLBACK (count_done), &done);
      gtk_window_present (GTK_WINDOW (dialog));
      driver_settle ();
      kessel_pbem_dialog_set_password (dialog, "Tarnopol");
      entry = password_entry (GTK_WIDGET (dialog), &n);
      g_assert_nonnull (entry);
      text = gtk_widget_get_first_child (entry);
      g_assert_true (GTK_IS_TEXT (text));
      gtk_widget_grab_focus (text);
      g_signal_emit_by_name (text, "activate");   /* as Enter does */
      /* An activated button shows itself pressed for a moment first. */
      deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
      while (done == 0 && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (done, ==, 1);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
}

/* The turn file lost after its copy was kept, as a kill leaves it: opening
 * the received file again says it was answered and offers Save the Turn
 * File Again, which writes the turn the opponent then opens. */
static void
test_save_again (void)
{
  g_autofree char *root = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;
  Player players[2];
  GtkWindow *offer;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-again-XXXXXX", NULL);
  player_init (&players[0], root, "german", "Tarnopol");
  player_init (&players[1], root, "soviet", "Zhukov");
  g_assert_true (kessel_window_new_pbem_game (players[0].window, KESSEL_SIDE_GERMAN, players[0].password, &error));
  first = send (&players[0], root, 1);
  /* His own file is not his to open: he is told so before any password. */
  g_assert_null (kessel_window_ask_received_turn (players[0].window, first, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER);
  g_clear_error (&error);
  open_received (&players[1], first, players[1].password);
  second = send (&players[1], root, 2);
  g_assert_cmpint (g_remove (second), ==, 0);
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();

  /* The Soviet player's program starts again and opens what it answered. */
  player_init (&players[1], root, "soviet", "Zhukov");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (players[1].window), "save-pbem-turn-again"));
  open_as_from_the_command_line (players[1].window, first, players[1].password);
  offer = driver_find_dialog (players[1].window, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (offer);
  driver_screenshot_widget (GTK_WIDGET (offer), "pbem-answered-already");
  gtk_window_destroy (offer);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (players[1].window), "save-pbem-turn-again"));
  again = g_build_filename (root, "again.kesselpbem", NULL);
  g_assert_true (kessel_window_save_pbem_turn_again (players[1].window, again, &error));
  g_assert_no_error (error);
  open_received (&players[0], again, players[0].password);
  g_assert_nonnull (kessel_window_get_game (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();
}

/* A doctored copy of the shipped scenario, under its file name and title,
 * in folder: a 40-40 panzer division and a Soviet win at 99 VP. */
static char *
doctored_scenario (const char *folder)
{
  g_autofree char *shipped = kessel_application_find_default_scenario ();
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (shipped, NULL);
  KesselVictoryTable victory = *kessel_scenario_get_victory (scenario);
  KesselUnit *unit = kessel_scenario_find_unit (scenario, "ger-16pz");
  const KesselStep strong[] = { { 40, 40 }, { 3, 4 } };
  char *path = g_build_filename (folder, "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;

  victory.soviet_wins_at = 99;
  kessel_scenario_set_victory (scenario, &victory);
  kessel_unit_set_steps (unit, strong, G_N_ELEMENTS (strong));
  g_assert_true (kessel_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);
  return path;
}

/* A game made on a doctored scenario sent beside its first turn: the
 * joining player is shown what differs, and joins only if he accepts. */
static void
test_swapped_scenario (void)
{
  g_autofree char *root = NULL;
  g_autofree char *doctored = NULL;
  g_autofree char *first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  Player players[2];
  GtkWindow *question;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-doctored-XXXXXX", NULL);
  doctored = doctored_scenario (root);
  player_init (&players[0], root, "german", "Tarnopol");
  player_init (&players[1], root, "soviet", "Zhukov");
  g_assert_true (kessel_window_open_file (players[0].window, doctored, &error));
  g_assert_true (kessel_window_new_pbem_game (players[0].window, KESSEL_SIDE_GERMAN, players[0].password, &error));
  g_assert_no_error (error);
  first = send (&players[0], root, 1);
  file = g_file_new_for_path (first);

  for (int accept = 0; accept < 2; accept++)
    {
      g_assert_true (kessel_window_open (players[1].window, file));
      driver_settle ();
      g_assert_null (driver_find_dialog (players[1].window, KESSEL_TYPE_PBEM_DIALOG));
      question = driver_find_dialog (players[1].window, GTK_TYPE_MESSAGE_DIALOG);
      g_assert_nonnull (question);
      if (accept == 0)
        driver_screenshot_widget (GTK_WIDGET (question), "pbem-changed-scenario");
      gtk_dialog_response (GTK_DIALOG (question), accept ? GTK_RESPONSE_ACCEPT : GTK_RESPONSE_REJECT);
      driver_settle ();
      g_assert_null (driver_find_dialog (players[1].window, GTK_TYPE_MESSAGE_DIALOG));
      g_assert_true ((driver_find_dialog (players[1].window, KESSEL_TYPE_PBEM_DIALOG) != NULL) == accept);
    }
  kessel_pbem_dialog_set_password ((KesselPbemDialog *) driver_find_dialog (players[1].window, KESSEL_TYPE_PBEM_DIALOG),
                                   players[1].password);
  kessel_pbem_dialog_accept ((KesselPbemDialog *) driver_find_dialog (players[1].window, KESSEL_TYPE_PBEM_DIALOG));
  driver_settle ();
  g_assert_nonnull (kessel_window_get_pbem (players[1].window));
  g_assert_cmpint (kessel_scenario_get_victory (kessel_window_get_scenario (players[1].window))->soviet_wins_at, ==, 99);

  /* A scenario the joining player has no copy of is named as such. */
  {
    g_autofree char *other = g_build_filename (root, "kamenets-pocket.kessel", NULL);
    g_autofree char *contents = NULL;
    g_autofree char *turn = NULL;
    g_autoptr(GFile) other_turn = NULL;
    Player joiner;

    g_assert_true (g_file_get_contents (doctored, &contents, NULL, NULL));
    g_assert_true (g_file_set_contents (other, contents, -1, NULL));
    g_assert_true (kessel_window_open_file (players[0].window, other, &error));
    g_assert_true (kessel_window_new_pbem_game (players[0].window, KESSEL_SIDE_GERMAN, players[0].password, &error));
    g_assert_no_error (error);
    turn = send (&players[0], root, 101);
    other_turn = g_file_new_for_path (turn);
    player_init (&joiner, root, "soviet-2", "Zhukov");
    g_assert_true (kessel_window_open (joiner.window, other_turn));
    driver_settle ();
    question = driver_find_dialog (joiner.window, GTK_TYPE_MESSAGE_DIALOG);
    g_assert_nonnull (question);
    driver_screenshot_widget (GTK_WIDGET (question), "pbem-scenario-not-yours");
    gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_REJECT);
    driver_settle ();
    g_assert_null (driver_find_dialog (joiner.window, KESSEL_TYPE_PBEM_DIALOG));
    gtk_window_destroy (GTK_WINDOW (joiner.window));
    g_free (joiner.folder);
  }

  /* A title of a megabyte on a scenario found nowhere: the message that
   * names it stays short. */
  {
    g_autofree char *contents = NULL;
    g_autofree char *huge = g_strnfill (1024 * 1024, 'T');
    g_autofree char *long_title = NULL;
    g_auto(GStrv) parts = NULL;
    g_autofree char *edited = g_build_filename (root, "long-title.kesselpbem", NULL);

    g_assert_true (g_file_get_contents (first, &contents, NULL, NULL));
    parts = g_strsplit (contents, "title=\"First Panzer Army\" sha256=\"", 2);
    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    long_title = g_strdup_printf ("%stitle=\"%s\" sha256=\"0%s", parts[0], huge, parts[1] + 1);
    g_assert_true (g_file_set_contents (edited, long_title, -1, NULL));
    g_assert_null (kessel_window_ask_received_turn (players[1].window, edited, &error));
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_SCENARIO);
    g_assert_cmpuint (g_utf8_strlen (error->message, -1), <=, 400);
    g_clear_error (&error);
  }
  gtk_window_destroy (GTK_WINDOW (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();
}

static void
write_message (KesselWindow *window, const char *text)
{
  KesselChatPane *pane = kessel_window_get_messages_pane (window);

  g_assert_nonnull (pane);
  kessel_chat_pane_set_entry_text (pane, text);
  kessel_chat_pane_send (pane);
  driver_settle ();
}

/* Messages in the Messages tab go with the turn file: the opponent sees
 * them when he opens it, and a line written after the turn is made is
 * refused, not lost in silence. */
static void
test_messages (void)
{
  g_autofree char *root = NULL, *first = NULL, *second = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  Player players[2];

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-pbem-messages-XXXXXX", NULL);
  player_init (&players[0], root, "german", "Tarnopol");
  player_init (&players[1], root, "soviet", "Zhukov");
  g_assert_null (kessel_window_get_messages_pane (players[0].window));

  g_assert_true (kessel_window_new_pbem_game (players[0].window, KESSEL_SIDE_GERMAN, players[0].password, &error));
  g_assert_no_error (error);
  write_message (players[0].window, "Viel Glück.");
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_messages_pane (players[0].window)), ==, 1);
  first = send (&players[0], root, 1);
  write_message (players[0].window, "Too late for this turn.");
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_messages_pane (players[0].window)), ==, 2);

  open_received (&players[1], first, players[1].password);
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_messages_pane (players[1].window)), ==, 1);
  {
    GtkWidget *pane = GTK_WIDGET (kessel_window_get_messages_pane (players[1].window));
    GtkNotebook *tabs = GTK_NOTEBOOK (gtk_widget_get_ancestor (pane, GTK_TYPE_NOTEBOOK));

    gtk_notebook_set_current_page (tabs, gtk_notebook_page_num (tabs, pane));
  }
  write_message (players[1].window, "Spasibo. The Dnestr is ours.");
  driver_screenshot (players[1].window, "pbem-messages");
  second = send (&players[1], root, 2);

  open_received (&players[0], second, players[0].password);
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_messages_pane (players[0].window)), ==, 2);
  lines = kessel_pbem_read_chat (second, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpstr (((KesselPbemChatLine *) lines->pdata[0])->text, ==, "Viel Glück.");
  g_assert_cmpstr (((KesselPbemChatLine *) lines->pdata[1])->text, ==, "Spasibo. The Dnestr is ours.");

  gtk_window_destroy (GTK_WINDOW (players[0].window));
  gtk_window_destroy (GTK_WINDOW (players[1].window));
  driver_settle ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;

  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  if (argc == 4 && g_str_equal (argv[1], "--play-one-turn"))
    {
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      g_set_prgname ("test-pbem-window");   /* as g_test_init or g_application_run would */
      return play_one_turn (atoi (argv[2]), argv[3]);
    }
  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (NULL);
  data_home = g_dir_make_tmp ("kessel-pbem-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  app = driver_application_new ();
  g_test_add_func ("/app/pbem/exchange", test_exchange);
  g_test_add_func ("/app/pbem/messages", test_messages);
  g_test_add_func ("/app/pbem/two-programs", test_two_programs);
  g_test_add_func ("/app/pbem/opening-asks-and-finds-the-scenario", test_opening_asks_and_finds);
  g_test_add_func ("/app/pbem/close-with-turn-unsent", test_close_with_turn_unsent);
  g_test_add_func ("/app/pbem/part-done-offers-the-turn-file", test_part_done_offers_the_turn_file);
  g_test_add_func ("/app/pbem/back-to-the-game", test_back_to_the_game);
  g_test_add_func ("/app/pbem/enter-accepts-passwords", test_enter_accepts_passwords);
  g_test_add_func ("/app/pbem/save-again", test_save_again);
  g_test_add_func ("/app/pbem/swapped-scenario", test_swapped_scenario);
  return g_test_run ();
}
