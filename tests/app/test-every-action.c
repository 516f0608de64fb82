/* test-every-action.c: every command the window offers, in every state a
 * player can bring it into (window-states.h). In each state each action of
 * the window, the application and the editor, with each of its parameter
 * values, and each item of the menu bar is given as a menu or a key gives
 * it. An enabled command must change what the player sees (or open a
 * window, which is then closed as with its Cancel); a disabled one must
 * change nothing. After a command that left the state, the state is made
 * again. Then the sequences players use most are played twice over: Save
 * after Save As, Save after Open, Undo after Save, New over an unsaved game,
 * Close over a thinking computer and Close over the question of New. Needs
 * a display; without one every test is skipped. Run it in the sanitized
 * build: a use after free there is a crash here. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "window-states.h"

static KesselApplication *app;
static char *scratch;

/* Enabled commands that may rightly change nothing a player sees in some
 * states, and why. */
static const struct {
  const char *command;
  const char *why;
} may_be_idle[] = {
  { "win.cancel", "Escape with nothing to cancel: it only gives the map the keyboard" },
  { "win.save-game", "a game unchanged since it was opened or saved is written again as it was" },
};

static gboolean
idle_allowed (const char *description)
{
  for (guint i = 0; i < G_N_ELEMENTS (may_be_idle); i++)
    if (g_str_equal (description, may_be_idle[i].command))
      return TRUE;
  return FALSE;
}

/* A closed dialog gives the window back the pointer and the keyboard a
 * moment later, on a busy display after settle() has returned: what the
 * pointer is over then shows in the hex panel. The next command is given
 * once the window has stopped changing, so that it is not blamed. */
static void
wait_until_quiet (KesselWindow *window)
{
  g_autofree char *last = window_fingerprint (window);
  int still = 0;

  /* Still for 150 ms, or two seconds at most. */
  for (int i = 0; i < 80 && still < 6; i++)
    {
      g_autofree char *now = NULL;

      run_for (25);
      now = window_fingerprint (window);
      if (g_str_equal (now, last))
        still++;
      else
        {
          still = 0;
          g_free (last);
          last = g_steal_pointer (&now);
        }
    }
}

/* The items of after that differ from those of before, each with the item
 * it replaced: the fingerprint's lines, and the texts of a window, which
 * are one long line, cut at each "|". The first dozen are enough to tell
 * what changed. */
static char *
items_changed (const char *before, const char *after)
{
  g_autofree char *before_items = g_strdelimit (g_strdup (before), "|", '\n');
  g_autofree char *after_items = g_strdelimit (g_strdup (after), "|", '\n');
  g_auto(GStrv) old_lines = g_strsplit (before_items, "\n", -1);
  g_auto(GStrv) new_lines = g_strsplit (after_items, "\n", -1);
  guint n_old = g_strv_length (old_lines), n_new = g_strv_length (new_lines);
  GString *out = g_string_new (NULL);
  guint n_shown = 0;

  for (guint i = 0; i < MAX (n_old, n_new) && n_shown < 12; i++)
    {
      const char *was = i < n_old ? old_lines[i] : "(none)";
      const char *is = i < n_new ? new_lines[i] : "(none)";

      if (g_str_equal (was, is))
        continue;
      g_string_append_printf (out, "  item %u: was \"%s\", now \"%s\"\n", i, was, is);
      n_shown++;
    }
  return g_string_free (out, FALSE);
}

static gboolean
need_display (void)
{
  if (app == NULL)
    g_test_skip ("no display to open a window on");
  return app != NULL;
}

static void
forget_window (gpointer data, GObject *gone)
{
  *(gpointer *) data = NULL;
}

/* Gives one command in the window; notes a fault in failures. Returns
 * whether the window is still in its state with nothing changed. */
static gboolean
check_command (KesselWindow *window, WindowState state, const Command *command, GString *failures)
{
  g_autoptr(GPtrArray) before_windows = toplevels_now ();
  g_autofree char *before = window_fingerprint (window);
  g_autofree char *after = NULL;
  g_autoptr(KesselGame) game_before = kessel_window_get_game (window) ? g_object_ref (kessel_window_get_game (window)) : NULL;
  int n_actions_before = game_before != NULL ? kessel_game_get_n_actions (game_before) : 0;
  g_autofree char *what = command_describe (command);
  gboolean enabled = command_enabled (window, command);
  gboolean may_idle = command->probe || command_chooses_state (window, command) || idle_allowed (what);
  gpointer alive = window;

  g_test_message ("%s: %s", state_name (state), what);
  g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
  command_activate (window, command);
  settle ();
  if (alive == NULL)
    return FALSE;   /* closed: Quit over a window with nothing to save */
  after = window_fingerprint (window);
  /* Stop shows the computer's move after a moment. */
  for (int i = 0; i < 200 && enabled && g_str_equal (what, "win.stop-computer") && g_str_equal (before, after); i++)
    {
      run_for (20);
      g_free (after);
      after = window_fingerprint (window);
    }
  if (close_new_windows (window, before_windows) > 0 && alive != NULL)
    wait_until_quiet (window);
  if (alive == NULL)
    return FALSE;
  g_object_weak_unref (G_OBJECT (window), forget_window, &alive);
  if (enabled && g_str_equal (before, after) && !may_idle)
    {
      g_auto(GStrv) lines = g_strsplit (before, "\n", 4);
      g_string_append_printf (failures, "%s: %s is enabled but did nothing (%s; %s)\n", state_name (state), what,
                              lines[1] ? lines[1] : "", lines[1] && lines[2] ? lines[2] : "");
    }
  if (!enabled && !g_str_equal (before, after))
    {
      g_autofree char *changes = items_changed (before, after);

      g_string_append_printf (failures, "%s: %s is disabled but changed the window:\n%s", state_name (state), what,
                              changes);
    }
  /* A command that changed only the view (zoom, overlays, the page shown)
   * leaves the state as it was for the next. */
  return state_holds (window, state) && game_before == kessel_window_get_game (window)
         && (game_before == NULL || kessel_game_get_n_actions (game_before) == n_actions_before);
}

static void
test_state (gconstpointer data)
{
  WindowState state = GPOINTER_TO_INT (data);
  g_autoptr(GString) failures = g_string_new (NULL);
  g_autoptr(GPtrArray) commands = NULL;
  KesselWindow *window;
  int n_enabled = 0, n_made_again = 0;

  if (!need_display ())
    return;
  window = state_enter (state);
  g_assert_true (state_holds (window, state));
  commands = commands_list (window);
  for (guint i = 0; i < commands->len; i++)
    {
      const Command *command = g_ptr_array_index (commands, i);

      gpointer alive = window;

      n_enabled += command_enabled (window, command);
      g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
      if (!check_command (window, state, command, failures))
        {
          /* A window the command closed is gone: it is not touched again. */
          if (alive != NULL)
            {
              g_object_weak_unref (G_OBJECT (window), forget_window, &alive);
              close_new_windows (window, NULL);
              gtk_window_destroy (GTK_WINDOW (window));
            }
          close_new_windows (NULL, NULL);
          window = state_enter (state);
          n_made_again++;
        }
      else
        g_object_weak_unref (G_OBJECT (window), forget_window, &alive);
    }
  g_test_message ("%s: %u commands, %d enabled, state made again %d times", state_name (state),
                  commands->len, n_enabled, n_made_again);
  close_new_windows (window, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  g_assert_cmpstr (failures->str, ==, "");
}

/* The sequences players use most */

static GtkFileChooser *
shown_chooser (void)
{
  g_autoptr(GPtrArray) windows = toplevels_now ();

  for (guint i = 0; i < windows->len; i++)
    if (GTK_IS_FILE_CHOOSER (g_ptr_array_index (windows, i))
        && gtk_widget_get_visible (g_ptr_array_index (windows, i)))
      return g_ptr_array_index (windows, i);
  return NULL;
}

/* The question over chooser whether to replace a file, or NULL. */
static GtkWindow *
replace_question (GtkWindow *chooser)
{
  g_autoptr(GPtrArray) windows = toplevels_now ();

  for (guint i = 0; i < windows->len; i++)
    if (GTK_IS_MESSAGE_DIALOG (g_ptr_array_index (windows, i))
        && gtk_window_get_transient_for (g_ptr_array_index (windows, i)) == chooser)
      return g_ptr_array_index (windows, i);
  return NULL;
}

/* Save Game As through its file chooser, as a player names the file. */
static void
save_as (KesselWindow *window, const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkFileChooser *chooser;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game-as", NULL);
  settle ();
  chooser = shown_chooser ();
  g_assert_nonnull (chooser);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The chooser looks at the folder before it answers, and asks before it
   * replaces a file. */
  for (int i = 0; i < 500 && shown_chooser () != NULL; i++)
    {
      GtkWindow *replace = replace_question (GTK_WINDOW (chooser));

      if (replace != NULL)
        gtk_dialog_response (GTK_DIALOG (replace), GTK_RESPONSE_ACCEPT);
      run_for (20);
    }
  g_assert_null (shown_chooser ());
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
play_one (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  g_autoptr(GArray) legal = kessel_game_list_actions (game);
  g_autofree char *text = kessel_game_action_to_string (game, &g_array_index (legal, KesselAction, 0));
  int before = kessel_game_get_n_actions (game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-action", "s", text);
  settle ();
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before + 1);
}

static void
assert_saved_is (KesselWindow *window, const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) saved = kessel_game_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (saved, kessel_window_get_game (window)));
  g_assert_false (kessel_window_is_game_dirty (window));
}

static void
test_save_after_save_as (void)
{
  g_autofree char *path = g_build_filename (scratch, "save-after-save-as.kesselgame", NULL);
  KesselWindow *window;

  if (!need_display ())
    return;
  window = state_enter (STATE_SETUP);
  for (int round = 0; round < 2; round++)
    {
      save_as (window, path);
      assert_saved_is (window, path);
      play_one (window);
      g_assert_true (kessel_window_is_game_dirty (window));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game", NULL);   /* Ctrl+S */
      settle ();
      assert_saved_is (window, path);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game", NULL);   /* and again */
      settle ();
      assert_saved_is (window, path);
      g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "save-after-save-as"));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_save_after_open (void)
{
  g_autofree char *path = g_build_filename (scratch, "save-after-open.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  if (!need_display ())
    return;
  window = state_enter (STATE_GERMAN_MOVEMENT);
  g_assert_true (kessel_window_save_game (window, path, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
  for (int round = 0; round < 2; round++)
    {
      window = kessel_window_new (app);
      gtk_window_present (GTK_WINDOW (window));
      g_assert_true (kessel_window_open_file (window, path, &error));
      g_assert_no_error (error);
      settle ();
      play_one (window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game", NULL);
      settle ();
      assert_saved_is (window, path);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game", NULL);
      settle ();
      assert_saved_is (window, path);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static void
test_undo_after_save (void)
{
  g_autofree char *path = g_build_filename (scratch, "undo-after-save.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  if (!need_display ())
    return;
  window = state_enter (STATE_SETUP);
  for (int round = 0; round < 2; round++)
    {
      int n;

      play_one (window);
      n = kessel_game_get_n_actions (kessel_window_get_game (window));
      g_assert_true (kessel_window_save_game (window, path, &error));
      g_assert_no_error (error);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      settle ();
      g_assert_cmpint (kessel_game_get_n_actions (kessel_window_get_game (window)), ==, n - 1);
      g_assert_true (kessel_window_is_game_dirty (window));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game", NULL);
      settle ();
      assert_saved_is (window, path);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
      settle ();
      g_assert_cmpint (kessel_game_get_n_actions (kessel_window_get_game (window)), ==, n);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A shown window transient for window and not in before (or NULL: any),
 * or NULL. */
static GtkWindow *
shown_dialog (KesselWindow *window, GPtrArray *before)
{
  g_autoptr(GPtrArray) windows = toplevels_now ();

  for (guint i = 0; i < windows->len; i++)
    {
      GtkWindow *other = g_ptr_array_index (windows, i);
      if ((gpointer) other != (gpointer) window && gtk_widget_get_visible (GTK_WIDGET (other))
          && gtk_window_get_transient_for (other) == GTK_WINDOW (window)
          && (before == NULL || !g_ptr_array_find (before, other, NULL)))
        return other;
    }
  return NULL;
}

static void
test_new_over_unsaved (void)
{
  KesselWindow *window;

  if (!need_display ())
    return;
  window = state_enter (STATE_SETUP);
  for (int round = 0; round < 2; round++)
    {
      KesselGame *game;
      GtkWindow *question;

      play_one (window);
      game = kessel_window_get_game (window);
      g_assert_true (kessel_window_is_game_dirty (window));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);   /* Ctrl+N */
      settle ();
      question = shown_dialog (window, NULL);
      g_assert_nonnull (question);
      g_assert_true (GTK_IS_MESSAGE_DIALOG (question));
      gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_CANCEL);
      settle ();
      g_assert_true (kessel_window_get_game (window) == game);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      settle ();
      close_new_windows (window, NULL);
      g_assert_true (kessel_window_get_game (window) == game);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_close_over_thinking (void)
{
  if (!need_display ())
    return;
  for (int round = 0; round < 2; round++)
    {
      KesselWindow *window = state_enter (STATE_COMPUTER_THINKING);
      gpointer alive = window;
      GtkWindow *question;

      g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
      gtk_window_close (GTK_WINDOW (window));
      settle ();
      question = shown_dialog (window, NULL);
      if (question != NULL)   /* a game not saved: Close Without Saving */
        {
          gtk_dialog_response (GTK_DIALOG (question), 1);
          settle ();
        }
      g_assert_null (alive);
    }
}

/* New Game over an unsaved game asks whether to give it up; the window is
 * closed (Quit, then Close Without Saving) before that question is
 * answered. The window goes, and its question with it: answered later, it
 * gave up the game of a window already closed and let the window go while
 * the question still pointed to it. */
static void
test_close_over_question (void)
{
  if (!need_display ())
    return;
  for (int round = 0; round < 2; round++)
    {
      KesselWindow *window = state_enter (STATE_SETUP);
      g_autoptr(GPtrArray) before = NULL;
      gpointer alive = window;
      gpointer give_up = NULL;
      GtkWindow *close_question;

      g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
      play_one (window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      settle ();
      give_up = shown_dialog (window, NULL);
      g_assert_nonnull (give_up);
      g_object_weak_ref (G_OBJECT (give_up), forget_window, &give_up);
      before = toplevels_now ();
      gtk_widget_activate_action (GTK_WIDGET (window), "app.quit", NULL);
      settle ();
      close_question = shown_dialog (window, before);
      g_assert_nonnull (close_question);
      gtk_dialog_response (GTK_DIALOG (close_question), 1);   /* Close Without Saving */
      settle ();
      g_assert_null (alive);
      g_assert_null (give_up);
    }
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = states_private_home ();
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (NULL);
  if (gtk_init_check ())
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
      states_init (app);
    }
  scratch = g_dir_make_tmp ("kessel-every-action-XXXXXX", &error);
  g_assert_no_error (error);

  for (int state = 0; state < N_STATES; state++)
    {
      g_autofree char *path = g_strdup_printf ("/every-action/%s", state_name (state));
      g_test_add_data_func (path, GINT_TO_POINTER (state), test_state);
    }
  g_test_add_func ("/every-action/sequence/save-after-save-as", test_save_after_save_as);
  g_test_add_func ("/every-action/sequence/save-after-open", test_save_after_open);
  g_test_add_func ("/every-action/sequence/undo-after-save", test_undo_after_save);
  g_test_add_func ("/every-action/sequence/new-over-unsaved", test_new_over_unsaved);
  g_test_add_func ("/every-action/sequence/close-over-thinking", test_close_over_thinking);
  g_test_add_func ("/every-action/sequence/close-over-question", test_close_over_question);
  status = g_test_run ();
  if (app != NULL)
    states_clear ();
  remove_tree (scratch);
  g_free (scratch);
  remove_tree (home);
  g_clear_object (&app);
  return status;
}
