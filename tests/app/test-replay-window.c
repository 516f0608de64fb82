/* test-replay-window.c: watching a game again in the window, and its
 * after-action report. The map shows the replay's position, nothing can be
 * played on it, a log entry leads to its moment, and "Back to the Game"
 * shows the game in play again. Needs a display; without one every test is
 * skipped. With KESSEL_SCREENSHOT_DIR set, pictures are written there. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "editor-driver.h"
#include "kessel-application.h"
#include "kessel-log-view.h"
#include "kessel-report-window.h"
#include "kessel-window.h"

#define SEED 1414
#define N_ACTIONS 600

static gboolean have_display;
static KesselApplication *app;

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

/* A game of two humans at one screen, played at random for a while, saved
 * and opened in a new window. */
static KesselWindow *
played_window_with (gboolean fog_of_war, int computer_seat)
{
  g_autofree char *scenario_path = kessel_application_find_default_scenario ();
  g_autofree char *dir = g_dir_make_tmp ("kessel-replay-game-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "played.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (scenario_path, &error);
  g_autoptr(KesselGame) game = kessel_game_new (scenario, SEED);
  KesselWindow *window = kessel_window_new (app);
  KesselDice dice;
  KesselAction action;

  g_assert_no_error (error);
  kessel_game_set_option (game, "fog-of-war", fog_of_war);
  kessel_seats_set (game, KESSEL_SIDE_GERMAN, computer_seat);
  kessel_seats_set (game, KESSEL_SIDE_SOVIET, computer_seat);
  kessel_dice_init (&dice, SEED);
  for (int i = 0; i < N_ACTIONS && !kessel_game_is_over (game); i++)
    {
      g_assert_true (kessel_game_random_action (game, &dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  g_assert_true (kessel_game_save_file (game, path, &error));
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
  driver_settle ();
  return window;
}

static KesselWindow *
played_window (void)
{
  return played_window_with (FALSE, KESSEL_SEAT_HUMAN);
}

static void
activate (KesselWindow *window, const char *action, GVariant *parameter)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), action));
  g_action_group_activate_action (G_ACTION_GROUP (window), action, parameter);
  driver_settle ();
}

static void
step (KesselWindow *window, const char *move)
{
  activate (window, "replay-step", g_variant_new_string (move));
}

static KesselReplay *
replay_of (KesselWindow *window)
{
  return kessel_replay_bar_get_replay (kessel_replay_mode_get_bar (kessel_window_get_replay_mode (window)));
}

static GtkWidget *
find_of_type (GtkWidget *root, GType type)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_of_type (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The map shows the replay's game, which stands where a replay of its own
 * stands after as many actions. */
static void
assert_map_shows (KesselWindow *window, int position)
{
  KesselGame *live = kessel_window_get_game (window);
  g_autoptr(KesselReplay) reference = kessel_replay_new (live, NULL);
  KesselReplay *replay = replay_of (window);

  g_assert_cmpint (kessel_replay_get_position (replay), ==, position);
  g_assert_true (kessel_map_view_get_game (kessel_window_get_map_view (window)) == kessel_replay_get_game (replay));
  kessel_replay_seek (reference, position);
  g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), kessel_replay_get_game (reference)));
}

/* In a window of 1024×700 the replay bar and its Back to the Game button
 * are whole on the map, not under the panels beside it. */
static void
assert_bar_fits (KesselWindow *window)
{
  GtkWidget *bar = GTK_WIDGET (kessel_replay_mode_get_bar (kessel_window_get_replay_mode (window)));
  GtkWidget *map = gtk_widget_get_parent (GTK_WIDGET (kessel_window_get_map_view (window)));
  GtkWidget *back = gtk_widget_get_last_child (bar);

  driver_resize (window, 1024, 700);
  driver_screenshot (window, "replay-1024x700");
  g_assert_true (GTK_IS_BUTTON (back));
  g_assert_true (driver_inside (bar, map));
  g_assert_true (driver_inside (back, map));
  driver_resize (window, 1280, 800);
}

static void
test_steps_and_back (void)
{
  KesselWindow *window;
  KesselGame *live;
  KesselReplay *replay;
  int n_actions, position;

  if (!need_display ())
    return;
  window = played_window ();
  live = kessel_window_get_game (window);
  n_actions = kessel_game_get_n_actions (live);
  activate (window, "watch-replay", NULL);
  replay = replay_of (window);
  g_assert_nonnull (replay);
  assert_map_shows (window, 0);
  /* The log follows the replay: at its end, then back at its top. */
  {
    GtkWidget *log_view = find_of_type (GTK_WIDGET (window), KESSEL_TYPE_LOG_VIEW);
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (find_of_type (log_view, GTK_TYPE_SCROLLED_WINDOW)));

    step (window, "end");
    driver_settle ();
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, gtk_adjustment_get_page_size (adjustment));
    step (window, "start");
    driver_settle ();
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), <, gtk_adjustment_get_page_size (adjustment));
    g_assert_false (kessel_log_view_get_follows_end (KESSEL_LOG_VIEW (log_view)));
  }
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "end-part"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  driver_screenshot (window, "replay-start");
  assert_bar_fits (window);

  step (window, "next-turn");
  position = kessel_replay_get_position (replay);
  g_assert_cmpint (kessel_replay_get_turn_at (replay, position), ==, 2);
  assert_map_shows (window, position);
  step (window, "next-phase");
  step (window, "next-phase");
  step (window, "next-action");
  assert_map_shows (window, kessel_replay_get_position (replay));
  driver_screenshot (window, "replay-turn-2");
  step (window, "previous-action");
  step (window, "previous-phase");
  assert_map_shows (window, kessel_replay_get_position (replay));
  step (window, "previous-turn");
  g_assert_cmpint (kessel_replay_get_position (replay), ==, position);

  /* Clicks on the map play nothing: on each unit of the side to act, then
   * on each hex around it. */
  for (int piece = 0; piece < kessel_game_get_n_pieces (live); piece++)
    if (kessel_game_get_piece_status (live, piece) == KESSEL_PIECE_ON_MAP
        && kessel_game_get_piece_side (live, piece) == kessel_game_get_active_side (live))
      {
        g_signal_emit_by_name (kessel_window_get_map_view (window), "hex-activated",
                               kessel_game_get_piece_hex (live, piece), GDK_BUTTON_PRIMARY);
        g_signal_emit_by_name (kessel_window_get_map_view (window), "hex-activated",
                               kessel_game_get_piece_hex (live, piece) + 1, GDK_BUTTON_PRIMARY);
      }
  driver_settle ();
  g_assert_cmpint (kessel_game_get_n_actions (live), ==, n_actions);

  /* A log entry of the last turn played leads to its moment. */
  {
    int entry = kessel_game_get_n_log (live) - 3;
    g_signal_emit_by_name (find_of_type (GTK_WIDGET (window), KESSEL_TYPE_LOG_VIEW), "entry-activated", entry);
    driver_settle ();
    assert_map_shows (window, kessel_replay_position_of_log (replay, entry));
    g_assert_cmpint (kessel_game_get_n_log (kessel_replay_get_game (replay)), >, entry);
    driver_screenshot (window, "replay-log-entry");
  }

  activate (window, "leave-replay", NULL);
  g_assert_false (kessel_replay_mode_is_active (kessel_window_get_replay_mode (window)));
  g_assert_true (kessel_map_view_get_game (kessel_window_get_map_view (window)) == live);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "end-part"));
  g_assert_cmpint (kessel_game_get_n_actions (live), ==, n_actions);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A saved game is watched in a window with no game in play, which shows
 * the scenario again afterwards. */
static void
test_saved_game_without_game_in_play (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *played, *window;
  KesselGame *game;
  GtkWidget *log_view;

  if (!need_display ())
    return;
  played = played_window ();
  game = kessel_window_get_game (played);
  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, path, &error));
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  log_view = find_of_type (GTK_WIDGET (window), KESSEL_TYPE_LOG_VIEW);
  g_assert_null (kessel_window_get_game (window));
  g_assert_false (gtk_widget_get_visible (log_view));
  g_assert_true (kessel_window_show_replay (window, game, 10));
  driver_settle ();
  g_assert_true (gtk_widget_get_visible (log_view));
  g_assert_true (kessel_log_view_get_game (KESSEL_LOG_VIEW (log_view)) == game);
  g_assert_cmpint (kessel_replay_get_position (replay_of (window)), ==, 10);
  /* Its after-action report is the watched game's. */
  {
    KesselReportWindow *report = NULL;

    activate (window, "after-action-report", NULL);
    for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
      if (KESSEL_IS_REPORT_WINDOW (l->data))
        report = l->data;
    g_assert_nonnull (report);
    g_assert_true (kessel_report_window_get_game (report) == game);
    gtk_window_destroy (GTK_WINDOW (report));
  }
  activate (window, "leave-replay", NULL);
  g_assert_false (gtk_widget_get_visible (log_view));
  g_assert_null (kessel_map_view_get_game (kessel_window_get_map_view (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (played));
}

/* Runs the main loop for a while, or until the game has more actions. */
static void
run_until_more_actions (KesselGame *game, int n_actions, double seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (kessel_game_get_n_actions (game) == n_actions && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

/* The computer at the table waits while a replay is watched, and carries on
 * after it. */
static void
test_computer_waits (void)
{
  KesselWindow *window;
  KesselGame *live;
  int n_actions;

  if (!need_display ())
    return;
  window = played_window_with (FALSE, KESSEL_LEVEL_EASY);
  live = kessel_window_get_game (window);
  kessel_computer_opponent_set_pace (kessel_window_get_computer (window), KESSEL_PACE_ALL_AT_ONCE);
  g_assert_true (kessel_window_show_replay (window, live, 0));
  n_actions = kessel_game_get_n_actions (live);
  run_until_more_actions (live, n_actions, 3.0);
  g_assert_cmpint (kessel_game_get_n_actions (live), ==, n_actions);
  activate (window, "leave-replay", NULL);
  run_until_more_actions (live, n_actions, 60.0);
  g_assert_cmpint (kessel_game_get_n_actions (live), >, n_actions);
  kessel_computer_opponent_set_game (kessel_window_get_computer (window), NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The keys of the replay are the application's. */
static void
test_keys (void)
{
  static const char *const keys[][2] = {
    { "win.replay-step::next-action", "<Alt>Right" }, { "win.replay-step::previous-phase", "<Alt>Page_Up" },
    { "win.replay-step::next-turn", "<Shift><Alt>Page_Down" }, { "win.replay-play", "<Alt>p" },
  };
  KesselWindow *window;

  if (!need_display ())
    return;
  window = played_window ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), keys[i][0]);
      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, keys[i][1]);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Under fog of war a game under way is watched as the side at the map sees
 * it, and the bar does not name the other side's actions. */
static void
test_fog_of_war (void)
{
  KesselWindow *window;
  KesselMapView *map_view;
  KesselGame *live;
  KesselSide viewer;
  KesselReplay *replay;
  const char *text;

  if (!need_display ())
    return;
  window = played_window_with (TRUE, KESSEL_SEAT_HUMAN);
  map_view = kessel_window_get_map_view (window);
  live = kessel_window_get_game (window);
  g_assert_true (kessel_game_get_option (live, "fog-of-war"));
  viewer = kessel_map_view_get_viewer (map_view);
  g_assert_cmpint (viewer, !=, KESSEL_SIDE_NONE);
  g_assert_true (kessel_window_show_replay (window, live, 0));
  g_assert_cmpint (kessel_map_view_get_viewer (map_view), ==, viewer);
  replay = replay_of (window);
  for (int k = 1; k <= kessel_replay_get_n_steps (replay); k += 7)
    {
      const KesselReplayStep *step = kessel_replay_get_step (replay, k - 1);
      g_autofree char *words = kessel_game_describe_action (kessel_replay_get_game (replay), &step->action);
      kessel_replay_seek (replay, k);
      text = kessel_replay_bar_get_text (kessel_replay_mode_get_bar (kessel_window_get_replay_mode (window)));
      if (step->side != viewer)
        g_assert_null (strstr (text, words));
      else
        g_assert_nonnull (strstr (text, words));
    }
  activate (window, "leave-replay", NULL);
  g_assert_cmpint (kessel_map_view_get_viewer (map_view), ==, viewer);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Play runs on by itself to the end at the speed set. */
static void
test_play (void)
{
  KesselWindow *window;
  KesselReplayBar *bar;
  gint64 deadline, start;
  int from;

  if (!need_display ())
    return;
  window = played_window ();
  from = kessel_game_get_n_actions (kessel_window_get_game (window)) - 40;
  g_assert_true (kessel_window_show_replay (window, kessel_window_get_game (window), from));
  bar = kessel_replay_mode_get_bar (kessel_window_get_replay_mode (window));
  g_assert_cmpint (kessel_replay_get_position (replay_of (window)), ==, from);
  kessel_replay_bar_set_interval (bar, 0.001);
  g_action_group_activate_action (G_ACTION_GROUP (window), "replay-play", NULL);
  g_assert_true (kessel_replay_bar_get_playing (bar));
  start = g_get_monotonic_time ();
  deadline = start + 30 * G_USEC_PER_SEC;
  while (kessel_replay_bar_get_playing (bar) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("40 actions played in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_false (kessel_replay_bar_get_playing (bar));
  g_assert_cmpint (kessel_replay_get_position (replay_of (window)), ==,
                   kessel_game_get_n_actions (kessel_window_get_game (window)));
  g_assert_nonnull (g_strstr_len (kessel_replay_bar_get_text (bar), -1, "Turn "));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_report_window (void)
{
  KesselWindow *window;
  KesselReportWindow *report;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pdf = NULL;
  g_autofree char *contents = NULL;

  if (!need_display ())
    return;
  window = played_window ();
  activate (window, "after-action-report", NULL);
  report = NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (KESSEL_IS_REPORT_WINDOW (l->data))
      report = l->data;
  g_assert_nonnull (report);
  driver_settle ();
  driver_screenshot_widget (GTK_WIDGET (report), "after-action-report");
  dir = g_dir_make_tmp ("kessel-report-XXXXXX", NULL);
  pdf = g_build_filename (dir, "report.pdf", NULL);
  g_assert_true (kessel_report_window_save_pdf (report, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_unlink (pdf);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (report));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("kessel-replay-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add_func ("/app/replay/steps-and-back", test_steps_and_back);
  g_test_add_func ("/app/replay/play", test_play);
  g_test_add_func ("/app/replay/keys", test_keys);
  g_test_add_func ("/app/replay/computer-waits", test_computer_waits);
  g_test_add_func ("/app/replay/saved-game-without-game-in-play", test_saved_game_without_game_in_play);
  g_test_add_func ("/app/replay/fog-of-war", test_fog_of_war);
  g_test_add_func ("/app/replay/report-window", test_report_window);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
