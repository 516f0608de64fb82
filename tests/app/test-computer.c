/* test-computer.c: games against the computer in the window. The human side
 * is played through the window's actions (win.play-action with the action
 * as text), the computer's through its worker thread, at Easy. A player made
 * here that thinks until it is stopped tests Stop and what happens when the
 * window closes, a new game starts or a game is opened while it thinks.
 * Needs a display; without one every test is skipped. With
 * KESSEL_SCREENSHOT_DIR set, pictures of the window are written there. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kessel-application.h"
#include "kessel-window.h"

#define SEED 20260311
#define WAIT_US (300 * G_USEC_PER_SEC)   /* a guard; the sanitized build is slow */

static gboolean have_display;
static KesselApplication *app;

/* A player that thinks until it is told to stop, then plays the first legal
 * action. */

#define TEST_TYPE_SLOW_PLAYER (test_slow_player_get_type ())
G_DECLARE_FINAL_TYPE (TestSlowPlayer, test_slow_player, TEST, SLOW_PLAYER, KesselPlayer)

struct _TestSlowPlayer
{
  KesselPlayer parent_instance;
  gint started;    /* atomic: choices begun */
  gint finished;   /* atomic: choices made */
};

G_DEFINE_FINAL_TYPE (TestSlowPlayer, test_slow_player, KESSEL_TYPE_PLAYER)

static gboolean
slow_choose (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  TestSlowPlayer *self = TEST_SLOW_PLAYER (player);
  g_autoptr(GArray) actions = kessel_game_list_actions (view);
  gint64 give_up = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  g_atomic_int_inc (&self->started);
  while (!kessel_player_stop_requested (player) && g_get_monotonic_time () < give_up)
    g_usleep (2000);
  g_atomic_int_inc (&self->finished);
  if (actions->len == 0)
    return FALSE;
  *action = g_array_index (actions, KesselAction, 0);
  return TRUE;
}

static void
test_slow_player_class_init (TestSlowPlayerClass *klass)
{
  KESSEL_PLAYER_CLASS (klass)->choose = slow_choose;
}

static void
test_slow_player_init (TestSlowPlayer *self)
{
}

/* Helpers */

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

static void
settle (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until done (data) says so, or fails after a while. */
static void
run_until (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;
  guint wake_id = g_timeout_add (20, keep_waking, NULL);

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  if (!done (data))
    g_error ("waited in vain for %s", what);
}

static void
run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;
  guint wake_id = g_timeout_add (10, keep_waking, NULL);

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
}

static void
screenshot (gpointer widget_pointer, const char *name)
{
  GtkWidget *widget = widget_pointer;
  const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width, height;

  if (dir == NULL)
    return;
  run_for (200);   /* a frame drawn after the last change */
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_to_node (snapshot);
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_strdup_printf ("%s/computer-%s.png", dir, name);
  gdk_texture_save_to_png (texture, path);
}

static KesselWindow *
open_window (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

static void
set_pace (KesselWindow *window, const char *pace)
{
  g_action_group_change_action_state (G_ACTION_GROUP (window), "computer-pace", g_variant_new_string (pace));
}

/* A new game through the New Game dialog, with these seats. */
static KesselWindow *
new_game_against (int german, int soviet)
{
  KesselWindow *window = open_window ();
  KesselNewGameDialog *dialog = kessel_window_show_new_game_dialog (window);

  g_assert_nonnull (dialog);
  kessel_new_game_dialog_set_seed (dialog, SEED);
  kessel_new_game_dialog_set_seat (dialog, KESSEL_SIDE_GERMAN, german);
  kessel_new_game_dialog_set_seat (dialog, KESSEL_SIDE_SOVIET, soviet);
  kessel_new_game_dialog_start (dialog);
  settle ();
  g_assert_nonnull (kessel_window_get_game (window));
  return window;
}

static KesselGame *
game_of (KesselWindow *window)
{
  return kessel_window_get_game (window);
}

static gboolean
computer_busy (KesselWindow *window)
{
  return kessel_computer_opponent_is_busy (kessel_window_get_computer (window));
}

static gboolean
human_to_act (gpointer window)
{
  return !computer_busy (window) || kessel_game_is_over (game_of (window));
}

/* Plays one action for the human through win.play-action: in set-up the
 * next unit not yet placed, in movement one move of the phase, and
 * otherwise the end of the part or the first choice offered. */
static void
play_human_action (KesselWindow *window, gboolean *moved)
{
  KesselGame *game = game_of (window);
  g_autoptr(GArray) actions = kessel_game_list_actions (game);
  const KesselAction *chosen = NULL, *end = NULL;
  int before = kessel_game_get_n_actions (game);
  g_autofree char *text = NULL;

  for (guint i = 0; i < actions->len && chosen == NULL; i++)
    {
      const KesselAction *action = &g_array_index (actions, KesselAction, i);

      if (action->type == KESSEL_ACTION_END)
        end = action;
      else if (action->type == KESSEL_ACTION_PLACE
               && kessel_game_get_phase (game) == KESSEL_PHASE_SETUP
               && kessel_game_get_piece_status (game, action->units[0]) != KESSEL_PIECE_ON_MAP)
        chosen = action;
      else if (action->type == KESSEL_ACTION_MOVE && !*moved)
        {
          chosen = action;
          *moved = TRUE;
        }
    }
  if (chosen == NULL)
    chosen = end != NULL ? end : &g_array_index (actions, KesselAction, 0);
  text = kessel_game_action_to_string (game, chosen);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-action", g_variant_new_string (text));
  if (kessel_game_get_n_actions (game) != before + 1)
    g_error ("the human's \"%s\" was not played: %s", text,
             kessel_play_panel_get_instruction (kessel_window_get_play_panel (window)));
}

/* A move that rolls no die and reveals nothing, tried on copies first. */
static void
play_undoable_move (KesselWindow *window)
{
  KesselGame *game = game_of (window);
  g_autoptr(GArray) actions = kessel_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    {
      const KesselAction *action = &g_array_index (actions, KesselAction, i);
      g_autoptr(KesselGame) copy = NULL;
      g_autofree char *text = NULL;

      if (action->type != KESSEL_ACTION_MOVE)
        continue;
      copy = kessel_game_copy (game);
      if (!kessel_game_apply (copy, action, NULL) || !kessel_game_can_undo (copy))
        continue;
      text = kessel_game_action_to_string (game, action);
      g_action_group_activate_action (G_ACTION_GROUP (window), "play-action", g_variant_new_string (text));
      return;
    }
  g_error ("no move that may be undone");
}

static void
play_setup (KesselWindow *window)
{
  gboolean moved = TRUE;

  while (kessel_game_get_phase (game_of (window)) == KESSEL_PHASE_SETUP && !computer_busy (window))
    play_human_action (window, &moved);
}

static gboolean
thinking (gpointer window)
{
  return kessel_computer_opponent_is_thinking (kessel_window_get_computer (window));
}

/* Counts the computer's actions. */
typedef struct {
  int n;
  gint64 last_at;
  gint64 shortest_gap;   /* between two actions after the set-up */
  int after_last;        /* the game's number of actions after the last */
} Tally;

static void
count_action (KesselComputerOpponent *computer, const KesselAction *action, int from, Tally *tally)
{
  KesselGame *game = kessel_computer_opponent_get_game (computer);
  gint64 now = g_get_monotonic_time ();

  if (tally->n > 0 && kessel_game_get_phase (game) != KESSEL_PHASE_SETUP)
    tally->shortest_gap = MIN (tally->shortest_gap, now - tally->last_at);
  tally->last_at = now;
  tally->n++;
  tally->after_last = kessel_game_get_n_actions (game);
}

/* Tests */

/* The dialog offers a human or the computer at each level for each side; the
 * seats are kept in the game's options. */
static void
test_computer_dialog_seats (void)
{
  KesselWindow *window;
  KesselNewGameDialog *dialog;
  KesselGame *game;
  KesselComputerOpponent *computer;

  if (!need_display ())
    return;
  window = open_window ();
  dialog = kessel_window_show_new_game_dialog (window);
  kessel_new_game_dialog_set_seed (dialog, 7);
  screenshot (dialog, "00-new-game-dialog");
  /* By default the computer plays the Soviet side at Normal. */
  kessel_new_game_dialog_start (dialog);
  settle ();
  game = game_of (window);
  computer = kessel_window_get_computer (window);
  g_assert_cmpint (kessel_seats_get (game, KESSEL_SIDE_GERMAN), ==, KESSEL_SEAT_HUMAN);
  g_assert_cmpint (kessel_seats_get (game, KESSEL_SIDE_SOVIET), ==, KESSEL_LEVEL_NORMAL);
  g_assert_true (kessel_game_get_option (game, "computer-soviet"));
  g_assert_cmpint (kessel_computer_opponent_get_seat (computer, KESSEL_SIDE_SOVIET), ==, KESSEL_LEVEL_NORMAL);
  g_assert_null (kessel_computer_opponent_get_player (computer, KESSEL_SIDE_GERMAN));
  g_assert_nonnull (kessel_computer_opponent_get_player (computer, KESSEL_SIDE_SOVIET));
  /* Fog of war binds the computer as it binds a human. */
  g_assert_false (kessel_player_get_sees_all (kessel_computer_opponent_get_player (computer, KESSEL_SIDE_SOVIET)));
  gtk_window_destroy (GTK_WINDOW (window));

  window = new_game_against (KESSEL_LEVEL_HARD, KESSEL_SEAT_HUMAN);
  game = game_of (window);
  g_assert_cmpint (kessel_seats_get (game, KESSEL_SIDE_GERMAN), ==, KESSEL_LEVEL_HARD);
  g_assert_cmpint (kessel_seats_get (game, KESSEL_SIDE_SOVIET), ==, KESSEL_SEAT_HUMAN);
  g_assert_false (kessel_game_get_option (game, "computer-soviet"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A whole turn against the computer: the human sets up and plays the German
 * side through the window's actions; the computer plays the Soviet phases on
 * its own, its actions applied to the game and written in the log, with no
 * hand-over cover and the map showing the German side's view. */
static void
test_computer_whole_turn (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselPlayPanel *panel;
  Tally tally = { 0, 0, G_MAXINT64, 0 };
  gboolean refused_checked = FALSE;
  int soviet_log = 0;

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  set_pace (window, "all");
  game = game_of (window);
  panel = kessel_window_get_play_panel (window);
  g_signal_connect (kessel_window_get_computer (window), "action-applied", G_CALLBACK (count_action), &tally);
  play_setup (window);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);

  /* The computer's turn: the bar says who thinks; the players' clicks and
   * keys are refused. */
  g_assert_true (computer_busy (window));
  g_assert_false (kessel_play_panel_is_waiting_for_handover (panel));
  g_assert_false (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
  g_assert_cmpint (kessel_map_view_get_viewer (kessel_window_get_map_view (window)), ==, KESSEL_SIDE_GERMAN);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "end-part"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "stop-computer"));
  screenshot (window, "01-thinking");

  for (int guard = 0; guard < 2000 && kessel_game_get_turn (game) < 2; guard++)
    {
      gboolean moved = FALSE;
      KesselPhase phase;

      run_until (human_to_act, window, "the computer to finish its turn");
      if (kessel_game_is_over (game) || kessel_game_get_turn (game) >= 2)
        break;
      g_assert_false (kessel_play_panel_is_waiting_for_handover (panel));
      g_assert_false (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
      /* The human plays until the computer is to act again. */
      phase = kessel_game_get_phase (game);
      while (!computer_busy (window) && kessel_game_get_turn (game) < 2 && !kessel_game_is_over (game))
        {
          if (kessel_game_get_phase (game) != phase)
            {
              phase = kessel_game_get_phase (game);
              moved = FALSE;
            }
          play_human_action (window, &moved);
        }
      if (computer_busy (window) && !refused_checked)
        {
          int before = kessel_game_get_n_actions (game);
          g_action_group_activate_action (G_ACTION_GROUP (window), "play-action", g_variant_new_string ("end"));
          g_assert_cmpint (kessel_game_get_n_actions (game), ==, before);
          g_assert_false (kessel_play_panel_end_part (panel));
          refused_checked = TRUE;
        }
    }
  g_assert_cmpint (kessel_game_get_turn (game), ==, 2);
  g_assert_true (refused_checked);
  /* The computer moved and fought in its phases, and the log says so. */
  g_assert_cmpint (tally.n, >, 10);
  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (game, i);
      if (entry->turn == 1 && (entry->phase == KESSEL_PHASE_SOVIET_1 || entry->phase == KESSEL_PHASE_SOVIET_2))
        soviet_log++;
    }
  g_assert_cmpint (soviet_log, >=, 10);
  run_until (human_to_act, window, "the computer to finish its turn");
  screenshot (window, "02-turn-2");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* At a pace other than all at once, each action stays in view for its delay
 * and the map brings its hex into view. */
static void
test_computer_pace (void)
{
  KesselWindow *window;
  KesselMapView *map;
  Tally tally = { 0, 0, G_MAXINT64, 0 };
  gint64 start;

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  map = kessel_window_get_map_view (window);
  kessel_map_view_set_zoom_level (map, 3);
  set_pace (window, "fast");
  g_signal_connect (kessel_window_get_computer (window), "action-applied", G_CALLBACK (count_action), &tally);
  play_setup (window);
  start = g_get_monotonic_time ();
  for (int shown = 0; shown < 4; shown++)
    {
      KesselGame *game = game_of (window);
      const KesselAction *last;
      int hex;
      double x, y;

      while (tally.n <= shown)
        g_main_context_iteration (NULL, TRUE);
      last = kessel_game_get_action (game, kessel_game_get_n_actions (game) - 1);
      hex = last->type == KESSEL_ACTION_MOVE ? last->path[last->path_length - 1] : KESSEL_HEX_NONE;
      if (hex != KESSEL_HEX_NONE)
        {
          g_assert_true (kessel_map_view_get_hex_center (map, hex, &x, &y));
          g_assert_cmpfloat (x, >=, 0);
          g_assert_cmpfloat (y, >=, 0);
          g_assert_cmpfloat (x, <=, gtk_widget_get_width (GTK_WIDGET (map)));
          g_assert_cmpfloat (y, <=, gtk_widget_get_height (GTK_WIDGET (map)));
        }
      if (shown == 1)
        screenshot (window, "03-move-shown");
    }
  g_assert_cmpint (tally.n, >=, 4);
  g_assert_cmpint (tally.shortest_gap, >=, (kessel_pace_get_delay (KESSEL_PACE_FAST) - 20) * 1000);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 3 * (kessel_pace_get_delay (KESSEL_PACE_FAST) - 20) * 1000);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A window with the human's set-up done and the computer's slow player
 * thinking over its first action. */
static KesselWindow *
window_thinking (TestSlowPlayer **slow_out)
{
  KesselWindow *window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  TestSlowPlayer *slow = g_object_new (TEST_TYPE_SLOW_PLAYER, NULL);

  set_pace (window, "all");
  kessel_computer_opponent_set_player (kessel_window_get_computer (window), KESSEL_SIDE_SOVIET,
                                       KESSEL_PLAYER (slow), KESSEL_LEVEL_EASY);
  play_setup (window);
  run_until (thinking, window, "the computer to think");
  while (g_atomic_int_get (&slow->started) == 0)
    g_usleep (1000);
  *slow_out = slow;
  return window;
}

/* Stop makes the computer play at once what it has; the window answers
 * meanwhile. */
static void
test_computer_stop (void)
{
  KesselWindow *window;
  TestSlowPlayer *slow;
  KesselGame *game;
  int before;

  if (!need_display ())
    return;
  window = window_thinking (&slow);
  game = game_of (window);
  before = kessel_game_get_n_actions (game);
  run_for (300);
  g_assert_true (thinking (window));
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before);
  screenshot (window, "04-stop");
  g_action_group_activate_action (G_ACTION_GROUP (window), "stop-computer", NULL);
  {
    gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
    while (kessel_game_get_n_actions (game) == before && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before + 1);
  g_assert_cmpint (g_atomic_int_get (&slow->finished), >=, 1);
  /* It thinks over its next action again; closing now is safe too. */
  run_until (thinking, window, "the computer to think again");
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (slow);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The window closes while the computer thinks: the thought is stopped and
 * dropped, nothing is applied to the game, and the computer is freed once
 * its worker is back. */
static void
test_computer_close_while_thinking (void)
{
  KesselWindow *window;
  TestSlowPlayer *slow;
  g_autoptr(KesselGame) game = NULL;
  KesselComputerOpponent *computer;
  int before;

  if (!need_display ())
    return;
  window = window_thinking (&slow);
  game = g_object_ref (game_of (window));
  computer = kessel_window_get_computer (window);
  g_object_add_weak_pointer (G_OBJECT (computer), (gpointer *) &computer);
  before = kessel_game_get_n_actions (game);
  gtk_window_destroy (GTK_WINDOW (window));
  run_until (is_null, &computer, "the computer to be freed");
  g_assert_cmpint (g_atomic_int_get (&slow->finished), ==, 1);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before);
  g_object_unref (slow);
}

static gboolean
slow_finished (gpointer data)
{
  return g_atomic_int_get (&((TestSlowPlayer *) data)->finished) > 0;
}

/* A new game, or a game opened, while the computer thinks: the thought
 * comes back for a game no longer shown and is dropped. */
static void
test_computer_replaced_while_thinking (void)
{
  KesselWindow *window;
  TestSlowPlayer *slow;
  g_autoptr(KesselGame) old_game = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kessel-computer-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "against.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  int before;

  if (!need_display ())
    return;

  /* A new game. */
  window = window_thinking (&slow);
  old_game = g_object_ref (game_of (window));
  before = kessel_game_get_n_actions (old_game);
  kessel_window_new_game (window, SEED + 1);
  g_assert_false (computer_busy (window));
  run_until (slow_finished, slow, "the thought to come back");
  settle ();
  run_for (100);
  g_assert_cmpint (kessel_game_get_n_actions (old_game), ==, before);
  g_assert_cmpint (kessel_game_get_n_actions (game_of (window)), ==, 0);
  g_assert_true (kessel_window_save_game (window, saved, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (slow);
  g_clear_object (&old_game);

  /* A saved game opened. */
  window = window_thinking (&slow);
  old_game = g_object_ref (game_of (window));
  before = kessel_game_get_n_actions (old_game);
  g_assert_true (kessel_window_open_file (window, saved, &error));
  g_assert_no_error (error);
  g_assert_true (game_of (window) != old_game);
  run_until (slow_finished, slow, "the thought to come back");
  settle ();
  run_for (100);
  g_assert_cmpint (kessel_game_get_n_actions (old_game), ==, before);
  g_assert_cmpint (kessel_game_get_n_actions (game_of (window)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (slow);
  g_unlink (saved);
  g_rmdir (dir);
}

static gboolean
more_actions (gpointer data)
{
  gpointer *pair = data;
  return kessel_game_get_n_actions (game_of (pair[0])) > GPOINTER_TO_INT (pair[1]);
}

/* A game against the computer is saved with its seats; opened again, the
 * computer carries on where it was. */
static void
test_computer_save_and_load (void)
{
  KesselWindow *window, *second;
  g_autofree char *dir = g_dir_make_tmp ("kessel-computer-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "against.kesselgame", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  KesselComputerOpponent *computer;
  gpointer pair[2];

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  set_pace (window, "all");
  play_setup (window);
  /* Saved in the computer's turn, after a few of its actions. */
  pair[0] = window;
  pair[1] = GINT_TO_POINTER (kessel_game_get_n_actions (game_of (window)) + 3);
  run_until (more_actions, pair, "the computer's first actions");
  g_assert_true (computer_busy (window));
  g_assert_true (kessel_window_save_game (window, saved, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (saved, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"computer-soviet\""));
  g_assert_nonnull (strstr (text, "\"computer-soviet-easy\""));
  gtk_window_destroy (GTK_WINDOW (window));

  second = open_window ();
  set_pace (second, "all");
  g_assert_true (kessel_window_open_file (second, saved, &error));
  g_assert_no_error (error);
  computer = kessel_window_get_computer (second);
  g_assert_cmpint (kessel_computer_opponent_get_seat (computer, KESSEL_SIDE_SOVIET), ==, KESSEL_LEVEL_EASY);
  g_assert_cmpint (kessel_computer_opponent_get_seat (computer, KESSEL_SIDE_GERMAN), ==, KESSEL_SEAT_HUMAN);
  g_assert_true (computer_busy (second));
  pair[0] = second;
  pair[1] = GINT_TO_POINTER (kessel_game_get_n_actions (game_of (second)));
  run_until (more_actions, pair, "the computer to carry on");
  gtk_window_destroy (GTK_WINDOW (second));
  g_unlink (saved);
  g_rmdir (dir);
}

/* Undo takes back the human's own actions only, never the computer's. */
static void
test_computer_undo_own_only (void)
{
  KesselWindow *window;
  KesselGame *game;
  gboolean moved = TRUE;
  Tally tally = { 0, 0, G_MAXINT64, 0 };
  int before;

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  set_pace (window, "all");
  game = game_of (window);
  g_signal_connect (kessel_window_get_computer (window), "action-applied", G_CALLBACK (count_action), &tally);
  play_setup (window);
  run_until (human_to_act, window, "the computer to finish its turn");
  /* The computer's last action may not be taken back. */
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  /* On to the human's first movement. */
  while (kessel_game_get_phase (game) != KESSEL_PHASE_GERMAN_1
         || kessel_game_get_segment (game) != KESSEL_SEGMENT_MOVEMENT
         || kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
    {
      play_human_action (window, &moved);
      run_until (human_to_act, window, "the computer to finish its turn");
    }
  before = kessel_game_get_n_actions (game);
  play_undoable_move (window);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before + 1);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before);
  /* Undo goes back through the human's actions, never into the computer's. */
  while (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"))
    g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  g_assert_false (computer_busy (window));
  g_assert_cmpint (kessel_game_get_n_actions (game), >=, tally.after_last);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
soviet_phase (KesselGame *game)
{
  return kessel_game_get_phase (game) == KESSEL_PHASE_SOVIET_1 || kessel_game_get_phase (game) == KESSEL_PHASE_SOVIET_2;
}

/* A retreat prompt selects its unit and lights its hexes as it opens: one
 * click on a lit hex retreats the unit. */
static void
check_retreat_prompt (KesselWindow *window, const GArray *legal)
{
  KesselMapView *map = kessel_window_get_map_view (window);
  const KesselHexMark *marks = kessel_map_view_get_marks (map);
  const KesselAction *first = &g_array_index (legal, KesselAction, 0);
  int piece = first->units[0];

  g_assert_nonnull (marks);
  for (guint i = 0; i < legal->len; i++)
    g_assert_cmpint (marks[g_array_index (legal, KesselAction, i).hex].kind, ==, KESSEL_MARK_LEGAL);
  g_assert_cmpint (kessel_map_view_get_n_selected (map), ==, 1);
  g_assert_true (kessel_play_panel_activate_hex (kessel_window_get_play_panel (window), first->hex));
  g_assert_cmpint (kessel_game_get_piece_hex (game_of (window), piece), ==, first->hex);
}

/* A defence support prompt counts its air markers right, and shows no
 * result before the die. */
static void
check_defence_prompt (KesselWindow *window, const GArray *legal)
{
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  g_assert_cmpint (kessel_play_panel_get_n_choices (panel), ==, legal->len);
  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = kessel_game_describe_action (game_of (window), &g_array_index (legal, KesselAction, i));

      g_test_message ("defence choice: %s", text);
      g_assert_null (strstr (text, " 0 air marker"));
      g_assert_null (strstr (text, " 1 air markers"));
    }
  g_assert_null (strstr (kessel_play_panel_get_odds_text (panel), "Result"));
  g_assert_true (kessel_play_panel_press_choice (panel, 0));
}

/* The computer's attacks in the first two turns at a pace a player can
 * follow: the German player is stopped only where he has a choice, each
 * prompt offering two options at least, and each prompt answered with one
 * click. */
static void
test_computer_prompts_in_attacks (void)
{
  KesselWindow *window;
  KesselGame *game;
  int n_prompts = 0, n_retreats = 0, n_defences = 0;

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY);
  set_pace (window, "fast");
  game = game_of (window);
  play_setup (window);
  for (int guard = 0; guard < 2000 && kessel_game_get_turn (game) < 3; guard++)
    {
      g_autoptr(GArray) legal = NULL;
      gboolean moved = TRUE;   /* the German units stand still */

      run_until (human_to_act, window, "the computer to stop for the human");
      if (kessel_game_is_over (game) || kessel_game_get_turn (game) >= 3)
        break;
      if (!soviet_phase (game) || kessel_game_get_wait (game) == KESSEL_WAIT_PHASE)
        {
          play_human_action (window, &moved);
          continue;
        }
      legal = kessel_game_list_actions (game);
      n_prompts++;
      screenshot (window, "06-prompt");
      g_test_message ("prompt %d: waits for %d, %u choices", n_prompts, kessel_game_get_wait (game), legal->len);
      g_assert_cmpuint (legal->len, >=, 2);
      if (kessel_game_get_wait (game) == KESSEL_WAIT_RETREAT)
        {
          check_retreat_prompt (window, legal);
          n_retreats++;
        }
      else if (kessel_game_get_wait (game) == KESSEL_WAIT_DEFENCE)
        {
          check_defence_prompt (window, legal);
          n_defences++;
        }
      else
        g_assert_true (kessel_play_panel_press_choice (kessel_window_get_play_panel (window), 0));
    }
  g_test_message ("%d prompts in the computer's attacks: %d for defence support, %d retreats",
                  n_prompts, n_defences, n_retreats);
  g_assert_cmpint (kessel_game_get_turn (game), ==, 3);
  g_assert_cmpint (n_retreats, >, 0);
  g_assert_cmpint (n_defences, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The German set-up, the Soviet phases and the first German one are done. */
static gboolean
reached_german_mechanized (gpointer window)
{
  KesselGame *game = game_of (window);

  return kessel_game_get_turn (game) >= 2 || kessel_game_get_phase (game) >= KESSEL_PHASE_GERMAN_MECH_1
         || kessel_game_is_over (game);
}

static void
note_bar_text (KesselComputerOpponent *computer, GParamSpec *pspec, GHashTable *texts)
{
  g_autofree char *text = kessel_computer_opponent_describe (computer);

  if (text != NULL)
    g_hash_table_add (texts, g_steal_pointer (&text));
}

/* The computer against itself can be watched: it plays both sides, with
 * nothing hidden and no hand-over, and the bar names the side thinking. It
 * is watched until the first German phase is done. */
static void
test_computer_against_itself (void)
{
  KesselWindow *window;
  KesselMapView *map;
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (!need_display ())
    return;
  window = new_game_against (KESSEL_LEVEL_EASY, KESSEL_LEVEL_EASY);
  map = kessel_window_get_map_view (window);
  set_pace (window, "all");
  g_signal_connect (kessel_window_get_computer (window), "notify::acting-side", G_CALLBACK (note_bar_text), texts);
  g_assert_true (computer_busy (window));
  g_assert_cmpint (kessel_map_view_get_viewer (map), ==, KESSEL_SIDE_NONE);
  run_until (reached_german_mechanized, window, "the computer to play both sides");
  g_assert_false (kessel_play_panel_is_waiting_for_handover (kessel_window_get_play_panel (window)));
  g_assert_false (kessel_map_view_is_covered (map));
  g_assert_cmpint (kessel_map_view_get_viewer (map), ==, KESSEL_SIDE_NONE);
  g_assert_true (g_hash_table_contains (texts, "The computer (German, Easy) is thinking…"));
  g_assert_true (g_hash_table_contains (texts, "The computer (Soviet, Easy) is thinking…"));
  screenshot (window, "05-against-itself");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("kessel-computer-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  have_display = gtk_init_check ();
  if (have_display)
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  g_test_add_func ("/app/computer/dialog-seats", test_computer_dialog_seats);
  g_test_add_func ("/app/computer/whole-turn", test_computer_whole_turn);
  g_test_add_func ("/app/computer/pace", test_computer_pace);
  g_test_add_func ("/app/computer/stop", test_computer_stop);
  g_test_add_func ("/app/computer/close-while-thinking", test_computer_close_while_thinking);
  g_test_add_func ("/app/computer/replaced-while-thinking", test_computer_replaced_while_thinking);
  g_test_add_func ("/app/computer/save-and-load", test_computer_save_and_load);
  g_test_add_func ("/app/computer/undo-own-only", test_computer_undo_own_only);
  g_test_add_func ("/app/computer/against-itself", test_computer_against_itself);
  g_test_add_func ("/app/computer/prompts-in-attacks", test_computer_prompts_in_attacks);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
