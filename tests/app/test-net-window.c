/* test-net-window.c: network play between two windows on localhost, each
 * with a data folder of its own as on two machines: hosting and joining,
 * a game turn played through the play panels with the opponent's turns
 * arriving, chat both ways, a joining window closed mid-turn and a new one
 * taking the game up from its file with nothing lost or doubled, a joining
 * program killed mid-turn and started again, and a wrong password refused.
 * Needs a display; without one every test is skipped. With
 * KESSEL_SCREENSHOT_DIR set, pictures are written there. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "editor-driver.h"
#include "known-gtk-warnings.h"

#define PASSWORD "Kamenets-Podolsky"
#define WAIT_SECONDS 60
/* Set in the environment of the joining program of /app/net/killed-mid-turn. */
#define JOINING_PROGRAM_ENV "KESSEL_TEST_NET_JOINING_PROGRAM"
#define PAUSE_AFTER_ACTIONS 6

static KesselApplication *app;

/* text with the first find replaced by replacement. */
static char *
replace_first (const char *text, const char *find, const char *replacement)
{
  const char *at = strstr (text, find);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, replacement, at + strlen (find));
}

static KesselWindow *
window_on_prut (const char *data_dir)
{
  g_autofree char *shipped = kessel_application_find_default_scenario ();
  g_autofree char *folder = g_path_get_dirname (shipped);
  g_autofree char *path = g_build_filename (folder, "crossing-the-prut.kessel", NULL);
  KesselWindow *window = kessel_window_new (app);
  g_autoptr(GError) error = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  kessel_window_set_pbem_data_dir (window, data_dir);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  return window;
}

typedef gboolean (*Condition) (gpointer data);

/* Runs the main loop until condition holds; fails after WAIT_SECONDS. */
static void
wait_for (Condition condition, gpointer data, const char *what)
{
  gint64 end = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("waited too long for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
ready (gpointer data)
{
  KesselNetGame *game = kessel_window_get_net_game (data);
  return game != NULL && kessel_net_session_get_state (kessel_net_game_get_session (game)) == KESSEL_NET_STATE_READY;
}

static gboolean
failed (gpointer data)
{
  KesselNetGame *game = kessel_window_get_net_game (data);
  return kessel_net_session_get_state (kessel_net_game_get_session (game)) == KESSEL_NET_STATE_FAILED;
}

static gboolean
waiting (gpointer data)
{
  KesselNetGame *game = kessel_window_get_net_game (data);
  return kessel_net_session_get_state (kessel_net_game_get_session (game)) == KESSEL_NET_STATE_WAITING;
}

typedef struct {
  KesselWindow *windows[2];
} Pair;

static gboolean
someone_to_move (gpointer data)
{
  Pair *pair = data;

  for (guint i = 0; i < 2; i++)
    if (kessel_net_game_is_my_move (kessel_window_get_net_game (pair->windows[i])))
      return TRUE;
  return FALSE;
}

static gboolean
both_done (Pair *pair)
{
  return kessel_net_game_is_done (kessel_window_get_net_game (pair->windows[0]))
         && kessel_net_game_is_done (kessel_window_get_net_game (pair->windows[1]));
}

static gboolean
someone_to_move_or_over (gpointer data)
{
  return someone_to_move (data) || both_done (data);
}

/* Plays one random legal action through the play panel of whichever
 * window is to move; returns the game turn of that window's game, or 0
 * once the game is over on both sides. */
static int
play_one (Pair *pair, KesselDice *choices)
{
  wait_for (someone_to_move_or_over, pair, "a side to move");
  if (both_done (pair))
    return 0;
  for (guint i = 0; i < 2; i++)
    {
      KesselWindow *window = pair->windows[i];
      KesselGame *game = kessel_window_get_game (window);
      KesselAction action;
      g_autofree char *text = NULL;

      if (!kessel_net_game_is_my_move (kessel_window_get_net_game (window)))
        continue;
      g_assert_true (game == kessel_net_game_get_game (kessel_window_get_net_game (window)));
      g_assert_true (kessel_game_random_action (game, choices, &action));
      text = kessel_game_action_to_string (game, &action);
      g_assert_true (kessel_play_panel_play_text (kessel_window_get_play_panel (window), text));
      return kessel_game_get_turn (game);
    }
  g_assert_not_reached ();
}

static gboolean
joiner_to_move (gpointer data)
{
  Pair *pair = data;

  return kessel_net_game_is_my_move (kessel_window_get_net_game (pair->windows[1]));
}

static gboolean
same_turns (gpointer data)
{
  Pair *pair = data;
  KesselNetGame *a = kessel_window_get_net_game (pair->windows[0]);
  KesselNetGame *b = kessel_window_get_net_game (pair->windows[1]);

  return kessel_net_game_get_turns (a) == kessel_net_game_get_turns (b) && someone_to_move (pair);
}

static gboolean
same_turns_or_over (gpointer data)
{
  return same_turns (data) || both_done (data);
}

/* Both sides' files are the same once both hold the same turns. */
static void
assert_same_games (Pair *pair, const char *file_a, const char *file_b)
{
  g_autofree char *a = NULL, *b = NULL;
  gsize length_a, length_b;

  wait_for (same_turns_or_over, pair, "both sides to hold the same turns");
  g_assert_true (g_file_get_contents (file_a, &a, &length_a, NULL));
  g_assert_true (g_file_get_contents (file_b, &b, &length_b, NULL));
  g_assert_cmpmem (a, length_a, b, length_b);
}

static gboolean
chat_arrived (gpointer data)
{
  return kessel_chat_pane_get_n_lines (kessel_window_get_chat_pane (data)) > 0;
}

/* The two sides' data folders and game files, as on two machines. */
typedef struct {
  char *root;
  char *host_data, *join_data;
  char *host_file, *join_file;
} Places;

static void
places_init (Places *places, const char *name_template)
{
  places->root = g_dir_make_tmp (name_template, NULL);
  g_assert_nonnull (places->root);
  places->host_data = g_build_filename (places->root, "german", NULL);
  places->join_data = g_build_filename (places->root, "soviet", NULL);
  places->host_file = g_build_filename (places->root, "german.kesselpbem", NULL);
  places->join_file = g_build_filename (places->root, "soviet.kesselpbem", NULL);
}

static void
places_clear (Places *places)
{
  g_free (places->root);
  g_free (places->host_data);
  g_free (places->join_data);
  g_free (places->host_file);
  g_free (places->join_file);
}

static void
test_game_turn (void)
{
  g_autoptr(GError) error = NULL;
  KesselWindow *host, *joiner;
  KesselNetDialog *dialog;
  Places places;
  KesselDice choices;
  Pair pair;
  guint16 port;
  int before_cut;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  places_init (&places, "kessel-net-window-XXXXXX");

  host = window_on_prut (places.host_data);
  dialog = kessel_window_ask_network_game (host, TRUE);
  g_assert_true (g_str_has_suffix (kessel_net_dialog_get_file (dialog), KESSEL_PBEM_FILE_SUFFIX));
  driver_settle ();
  driver_screenshot_widget (GTK_WIDGET (dialog), "net-host-dialog");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (kessel_window_host_network_game (host, places.host_file, KESSEL_SIDE_GERMAN, 0, PASSWORD, &error));
  g_assert_no_error (error);
  port = kessel_net_session_get_port (kessel_net_game_get_session (kessel_window_get_net_game (host)));
  driver_settle ();
  driver_screenshot (host, "net-host-waiting");

  /* A wrong password is refused, and the host goes on waiting. */
  joiner = window_on_prut (places.join_data);
  g_assert_true (kessel_window_join_network_game (joiner, places.join_file, KESSEL_SIDE_SOVIET, "127.0.0.1", port,
                                                  "not the password", &error));
  wait_for (failed, joiner, "the wrong password to be refused");
  g_assert_error (kessel_net_session_get_error (kessel_net_game_get_session (kessel_window_get_net_game (joiner))),
                  KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD);
  g_assert_false (g_file_test (places.join_file, G_FILE_TEST_EXISTS));
  wait_for (waiting, host, "the host to wait again");

  dialog = kessel_window_ask_network_game (joiner, FALSE);
  kessel_net_dialog_set_side (dialog, KESSEL_SIDE_SOVIET);
  kessel_net_dialog_set_address (dialog, "127.0.0.1");
  kessel_net_dialog_set_port (dialog, port);
  kessel_net_dialog_set_password (dialog, PASSWORD);
  driver_settle ();
  driver_screenshot_widget (GTK_WIDGET (dialog), "net-join-dialog");
  kessel_window_set_pbem_data_dir (joiner, places.join_data);
  /* The dialog keeps its game in the documents folder: the test names its own file. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (kessel_window_join_network_game (joiner, places.join_file, KESSEL_SIDE_SOVIET, "127.0.0.1", port,
                                                  PASSWORD, &error));
  g_assert_no_error (error);
  wait_for (ready, joiner, "the joining window to connect");

  /* Chat both ways; each side keeps both lines. */
  kessel_chat_pane_set_entry_text (kessel_window_get_chat_pane (joiner), "Zdravstvuyte!");
  kessel_chat_pane_send (kessel_window_get_chat_pane (joiner));
  wait_for (chat_arrived, host, "the chat line at the host");
  kessel_chat_pane_set_entry_text (kessel_window_get_chat_pane (host), "Guten Tag.");
  kessel_chat_pane_send (kessel_window_get_chat_pane (host));
  g_assert_cmpuint (kessel_net_game_get_chat (kessel_window_get_net_game (host))->len, ==, 2);

  /* The whole first game turn and into the second, through the play panels. */
  pair.windows[0] = host;
  pair.windows[1] = joiner;
  kessel_dice_init (&choices, 11);
  while (play_one (&pair, &choices) == 1)
    ;
  wait_for (chat_arrived, joiner, "the chat line at the joining side");
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_chat_pane (joiner)), ==, 2);
  driver_screenshot (host, "net-host-playing");
  driver_screenshot (joiner, "net-join-chat");
  assert_same_games (&pair, places.host_file, places.join_file);

  /* The joining window is closed mid-turn, as a program killed. */
  before_cut = kessel_net_game_get_turns (kessel_window_get_net_game (joiner));
  for (int i = 0; i < 3; i++)
    play_one (&pair, &choices);
  gtk_window_destroy (GTK_WINDOW (joiner));
  driver_settle ();
  wait_for (waiting, host, "the host to see the line drop");
  driver_screenshot (host, "net-host-dropped");

  /* A new one opens the game's file and connects again. */
  joiner = window_on_prut (places.join_data);
  dialog = kessel_window_ask_resume_network_game (joiner, places.join_file);
  g_assert_nonnull (dialog);
  kessel_net_dialog_set_password (dialog, PASSWORD);
  driver_screenshot_widget (GTK_WIDGET (dialog), "net-resume-dialog");
  kessel_net_dialog_accept (dialog);
  wait_for (ready, joiner, "the new window to connect");
  g_assert_cmpint (kessel_net_game_get_turns (kessel_window_get_net_game (joiner)), >=, before_cut);
  g_assert_cmpuint (kessel_chat_pane_get_n_lines (kessel_window_get_chat_pane (joiner)), ==, 2);
  pair.windows[1] = joiner;
  for (int i = 0; i < 6; i++)
    play_one (&pair, &choices);
  driver_screenshot (joiner, "net-join-resumed");
  assert_same_games (&pair, places.host_file, places.join_file);
  g_assert_nonnull (kessel_window_get_game (host));
  g_assert_cmpint (kessel_game_get_n_actions (kessel_window_get_game (host)), >, 0);

  /* The host's program is stopped while it waits for an answer; started
   * again, it shows the game so far as a replay until the answer comes. */
  while (!joiner_to_move (&pair))
    g_assert_cmpint (play_one (&pair, &choices), >, 0);   /* the game lasts longer than this */
  gtk_window_destroy (GTK_WINDOW (host));
  driver_settle ();
  host = window_on_prut (places.host_data);
  g_assert_true (kessel_window_resume_network_game (host, places.host_file, NULL, 0, PASSWORD, &error));
  g_assert_no_error (error);
  g_assert_null (kessel_net_game_get_pbem (kessel_window_get_net_game (host)));
  g_assert_true (kessel_replay_mode_is_active (kessel_window_get_replay_mode (host)));
  driver_screenshot (host, "net-host-restarted-waiting");
  /* Back to the Game shows the game so far, as this side sees it. */
  g_action_group_activate_action (G_ACTION_GROUP (host), "leave-replay", NULL);
  driver_settle ();
  g_assert_false (kessel_replay_mode_is_active (kessel_window_get_replay_mode (host)));
  g_assert_true (kessel_map_view_get_game (kessel_window_get_map_view (host))
                 == kessel_net_game_get_game (kessel_window_get_net_game (host)));
  g_assert_cmpint (kessel_map_view_get_viewer (kessel_window_get_map_view (host)), ==, KESSEL_SIDE_GERMAN);
  driver_screenshot (host, "net-host-restarted-back");
  pair.windows[0] = host;
  wait_for (ready, joiner, "the joining window to connect to the new host");
  for (int i = 0; i < 20; i++)
    play_one (&pair, &choices);
  assert_same_games (&pair, places.host_file, places.join_file);
  g_assert_false (kessel_replay_mode_is_active (kessel_window_get_replay_mode (host)));

  gtk_window_destroy (GTK_WINDOW (host));
  gtk_window_destroy (GTK_WINDOW (joiner));
  driver_settle ();
  places_clear (&places);
}

/* Plays one random legal action through window's play panel if its side
 * is to move; TRUE if it did. */
static gboolean
play_if_to_move (KesselWindow *window, KesselDice *choices)
{
  KesselNetGame *net = kessel_window_get_net_game (window);
  KesselGame *game = kessel_window_get_game (window);
  KesselAction action;
  g_autofree char *text = NULL;

  if (!kessel_net_game_is_my_move (net) || kessel_net_game_is_done (net))
    return FALSE;
  g_assert_true (kessel_game_random_action (game, choices, &action));
  text = kessel_game_action_to_string (game, &action);
  g_assert_true (kessel_play_panel_play_text (kessel_window_get_play_panel (window), text));
  return TRUE;
}

/* The joining program of /app/net/killed-mid-turn, a process of its own.
 * spec holds its data folder, game file, the host's port and a progress
 * file, one a line. It joins and plays random actions through its play
 * panel; after PAUSE_AFTER_ACTIONS of them, at a moment when it has played
 * actions of its turn not yet sent, it writes to the progress file how many
 * actions the game had when its turn began and how many it has now, and
 * waits, connected, to be killed. */
static int
run_joining_program (const char *spec)
{
  g_auto(GStrv) lines = g_strsplit (spec, "\n", 0);
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselDice choices;
  int played = 0, agreed = -1;

  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  app = driver_application_new ();
  g_assert_nonnull (app);
  window = window_on_prut (lines[0]);
  g_assert_true (kessel_window_join_network_game (window, lines[1], KESSEL_SIDE_SOVIET, "127.0.0.1",
                                                  (guint16) g_ascii_strtoull (lines[2], NULL, 10), PASSWORD,
                                                  &error));
  g_assert_no_error (error);
  kessel_dice_init (&choices, 23);
  for (;;)
    {
      KesselNetGame *net = kessel_window_get_net_game (window);

      g_main_context_iteration (NULL, FALSE);
      if (!kessel_net_game_is_my_move (net))
        {
          agreed = -1;
          g_usleep (1000);
          continue;
        }
      if (agreed < 0)
        agreed = kessel_game_get_n_actions (kessel_net_game_get_game (net));
      g_assert_true (play_if_to_move (window, &choices));
      played++;
      if (played >= PAUSE_AFTER_ACTIONS && kessel_net_game_is_my_move (net)
          && kessel_game_get_n_actions (kessel_net_game_get_game (net)) > agreed)
        break;
    }
  {
    g_autofree char *progress = g_strdup_printf ("%d %d\n", agreed,
                                                 kessel_game_get_n_actions (kessel_window_get_game (window)));
    g_autofree char *partial = g_strconcat (lines[3], ".part", NULL);

    g_assert_true (g_file_set_contents (partial, progress, -1, NULL));
    g_assert_cmpint (g_rename (partial, lines[3]), ==, 0);
  }
  for (;;)
    g_main_context_iteration (NULL, TRUE);
  return 0;   /* not reached: the test kills this program */
}

/* The joining side is a program of its own, killed mid-turn with actions
 * played but not sent; a new window takes the game up from its file. The
 * unsent actions are gone, everything agreed is there once, and the game
 * goes on the same on both sides. */
static void
test_killed_mid_turn (void)
{
  g_autofree char *progress = NULL, *spec = NULL, *self_path = NULL, *counts = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) program = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *host, *joiner;
  KesselDice choices;
  Pair pair;
  guint16 port;
  gint64 end;
  int agreed, played;
  Places places;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  places_init (&places, "kessel-net-killed-XXXXXX");
  progress = g_build_filename (places.root, "progress", NULL);

  host = window_on_prut (places.host_data);
  g_assert_true (kessel_window_host_network_game (host, places.host_file, KESSEL_SIDE_GERMAN, 0, PASSWORD, &error));
  g_assert_no_error (error);
  port = kessel_net_session_get_port (kessel_net_game_get_session (kessel_window_get_net_game (host)));

  spec = g_strdup_printf ("%s\n%s\n%u\n%s", places.join_data, places.join_file, port, progress);
  self_path = g_file_read_link ("/proc/self/exe", &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_setenv (launcher, JOINING_PROGRAM_ENV, spec, TRUE);
  program = g_subprocess_launcher_spawn (launcher, &error, self_path, NULL);
  g_assert_no_error (error);

  /* The host plays its side until the joining program stops mid-turn. */
  kessel_dice_init (&choices, 29);
  end = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  while (!g_file_test (progress, G_FILE_TEST_EXISTS))
    {
      g_assert_nonnull (g_subprocess_get_identifier (program));   /* it has not ended by itself */
      if (!play_if_to_move (host, &choices))
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
      if (g_get_monotonic_time () > end)
        g_error ("waited too long for the joining program to stop mid-turn");
    }
  g_assert_true (g_file_get_contents (progress, &counts, NULL, NULL));
  g_assert_cmpint (sscanf (counts, "%d %d", &agreed, &played), ==, 2);
  g_assert_cmpint (played, >, agreed);

  g_subprocess_force_exit (program);
  g_assert_true (g_subprocess_wait (program, NULL, &error));
  g_assert_true (g_subprocess_get_if_signaled (program));
  g_assert_cmpint (g_subprocess_get_term_sig (program), ==, SIGKILL);
  wait_for (waiting, host, "the host to see the line drop");
  /* The host has all it sent; the turn it handed over opened the joining
   * side's game at agreed actions, for opening a turn may add the dice. */
  g_assert_cmpint (kessel_game_get_n_actions (kessel_net_game_get_game (kessel_window_get_net_game (host))), <=,
                   agreed);

  /* Started again: the unsent actions are gone, the agreed ones there once. */
  joiner = window_on_prut (places.join_data);
  g_assert_true (kessel_window_resume_network_game (joiner, places.join_file, "127.0.0.1", port, PASSWORD, &error));
  g_assert_no_error (error);
  wait_for (ready, joiner, "the joining window to connect");
  g_assert_cmpint (kessel_game_get_n_actions (kessel_net_game_get_game (kessel_window_get_net_game (joiner))), ==,
                   agreed);
  driver_screenshot (joiner, "net-join-killed-resumed");

  pair.windows[0] = host;
  pair.windows[1] = joiner;
  for (int i = 0; i < 20 && play_one (&pair, &choices) > 0; i++)
    ;
  assert_same_games (&pair, places.host_file, places.join_file);
  g_assert_cmpint (kessel_game_get_n_actions (kessel_net_game_get_game (kessel_window_get_net_game (joiner))), >,
                   agreed);

  gtk_window_destroy (GTK_WINDOW (host));
  gtk_window_destroy (GTK_WINDOW (joiner));
  driver_settle ();
  places_clear (&places);
}

static gboolean
scenario_asked (gpointer data)
{
  return driver_find_dialog (data, GTK_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
game_begun (gpointer data)
{
  return kessel_net_game_get_turns (kessel_window_get_net_game (data)) >= 2;
}

/* A game on a changed copy of the scenario: the joining window shows what
 * differs; Refuse stops the game, Accept the Scenario joins it. */
static void
test_changed_scenario (void)
{
  g_autofree char *root = NULL, *changed = NULL, *xml = NULL, *edited = NULL, *host_file = NULL;
  g_autofree char *join_file = NULL, *join_data = NULL, *shipped = kessel_application_find_default_scenario ();
  g_autofree char *folder = g_path_get_dirname (shipped);
  g_autofree char *prut = g_build_filename (folder, "crossing-the-prut.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselWindow *host, *joiner;
  GtkWindow *question;
  guint16 port;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  root = g_dir_make_tmp ("kessel-net-changed-XXXXXX", NULL);
  changed = g_build_filename (root, "crossing-the-prut.kessel", NULL);
  g_assert_true (g_file_get_contents (prut, &xml, NULL, NULL));
  edited = replace_first (xml, "<title>Crossing the Prut</title>", "<title>The Prut, changed</title>");
  g_assert_true (g_file_set_contents (changed, edited, -1, NULL));
  host_file = g_build_filename (root, "german.kesselpbem", NULL);
  join_file = g_build_filename (root, "soviet.kesselpbem", NULL);
  join_data = g_build_filename (root, "soviet", NULL);

  host = window_on_prut (root);
  g_assert_true (kessel_window_open_file (host, changed, &error));
  g_assert_true (kessel_window_host_network_game (host, host_file, KESSEL_SIDE_GERMAN, 0, PASSWORD, &error));
  g_assert_no_error (error);
  port = kessel_net_session_get_port (kessel_net_game_get_session (kessel_window_get_net_game (host)));

  for (int answer = 0; answer < 2; answer++)
    {
      joiner = window_on_prut (join_data);
      g_assert_true (kessel_window_join_network_game (joiner, join_file, KESSEL_SIDE_SOVIET, "127.0.0.1", port,
                                                      PASSWORD, &error));
      wait_for (scenario_asked, joiner, "the question about the scenario");
      question = driver_find_dialog (joiner, GTK_TYPE_MESSAGE_DIALOG);
      driver_screenshot_widget (GTK_WIDGET (question), "net-changed-scenario");
      gtk_dialog_response (GTK_DIALOG (question), answer ? GTK_RESPONSE_ACCEPT : GTK_RESPONSE_REJECT);
      driver_settle ();
      if (answer == 0)
        {
          g_assert_error (kessel_net_game_get_error (kessel_window_get_net_game (joiner)), KESSEL_NET_ERROR,
                          KESSEL_NET_ERROR_SCENARIO);
          g_assert_false (g_file_test (join_file, G_FILE_TEST_EXISTS));
          gtk_window_destroy (GTK_WINDOW (joiner));
          wait_for (waiting, host, "the host to wait again");
        }
      else
        wait_for (game_begun, joiner, "the game to begin");
    }
  gtk_window_destroy (GTK_WINDOW (host));
  gtk_window_destroy (GTK_WINDOW (joiner));
  driver_settle ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;

  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (NULL);
  data_home = g_dir_make_tmp ("kessel-net-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  if (g_getenv (JOINING_PROGRAM_ENV) != NULL)
    return run_joining_program (g_getenv (JOINING_PROGRAM_ENV));
  app = driver_application_new ();
  g_test_add_func ("/app/net/game-turn", test_game_turn);
  g_test_add_func ("/app/net/killed-mid-turn", test_killed_mid_turn);
  g_test_add_func ("/app/net/changed-scenario", test_changed_scenario);
  return g_test_run ();
}
