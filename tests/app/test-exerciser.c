/* test-exerciser.c: a player who presses anything. From a seed, it brings a
 * window into a state of window-states.h and gives it a few thousand random
 * steps: an enabled command of its menus and keys, a click on a hex of the
 * map (most often one lit for the selection, or one of the side's units), or
 * a press of a button of the side panels. Questions are answered at random,
 * other windows closed. After each step the window must stand (a window
 * closed by a step is replaced by a new one), nothing
 * critical may have been printed (every warning is fatal), and the game in
 * play must be what its saved actions replay to.
 *
 * Each seed is a test of its own (/exerciser/seed-N): seeds 1 to 3, or to
 * KESSEL_EXERCISER_SEEDS (the sanitized build, five times slower, plays
 * one). A failure prints the
 * seed and the last steps taken; the same seed takes the same steps again:
 *
 *   KESSEL_EXERCISER_SEED=N KESSEL_EXERCISER_STEPS=M test-exerciser
 *
 * Needs a display; without one every test is skipped. */
#include "kessel-config.h"

#include <stdlib.h>
#include <string.h>

#include "window-states.h"

#define DEFAULT_STEPS 1000
#define TRAIL 12

static KesselApplication *app;
static char *trail[TRAIL];
static guint n_steps_taken;    /* notes in the trail */
static guint current_step;     /* the exerciser's own steps */
static guint64 current_seed;

static void
note_step (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
note_step (const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_free (trail[n_steps_taken % TRAIL]);
  trail[n_steps_taken % TRAIL] = g_strdup_printf ("%u: %s", current_step, text);
  n_steps_taken++;
}

static void
print_trail (void)
{
  g_printerr ("\nexerciser seed %" G_GUINT64_FORMAT " failed at step %u; the last steps:\n", current_seed, current_step);
  for (guint i = n_steps_taken > TRAIL ? n_steps_taken - TRAIL : 0; i < n_steps_taken; i++)
    g_printerr ("  %s\n", trail[i % TRAIL]);
  g_printerr ("again: KESSEL_EXERCISER_SEED=%" G_GUINT64_FORMAT " KESSEL_EXERCISER_STEPS=%u %s\n",
              current_seed, current_step + 1, g_get_prgname ());
}


static void
forget_window (gpointer data, GObject *gone)
{
  *(gpointer *) data = NULL;
}

/* Steps */

static void
give_command (KesselWindow *window, GRand *rand)
{
  g_autoptr(GPtrArray) commands = commands_list (window);
  g_autoptr(GPtrArray) enabled = g_ptr_array_new ();

  for (guint i = 0; i < commands->len; i++)
    {
      Command *command = g_ptr_array_index (commands, i);
      /* Quit and the chooser of a file to open end or leave the window:
       * they are given now and then only. */
      gboolean rare = g_str_equal (command->name, "app.quit");

      if (command_enabled (window, command) && (!rare || g_rand_int_range (rand, 0, 20) == 0))
        g_ptr_array_add (enabled, command);
    }
  if (enabled->len > 0)
    {
      Command *command = g_ptr_array_index (enabled, g_rand_int_range (rand, 0, enabled->len));
      g_autofree char *what = command_describe (command);

      note_step ("command %s", what);
      command_activate (window, command);
    }
}

static int
pick_hex (KesselWindow *window, GRand *rand)
{
  KesselMapView *view = kessel_window_get_map_view (window);
  KesselScenario *scenario = kessel_map_view_get_scenario (view);
  int n_hexes = kessel_map_get_hex_count (kessel_scenario_get_map (scenario));
  const KesselHexMark *marks = kessel_map_view_get_marks (view);
  KesselGame *game = kessel_window_get_game (window);
  g_autoptr(GArray) lit = g_array_new (FALSE, FALSE, sizeof (int));
  int choice = g_rand_int_range (rand, 0, 3);

  for (int hex = 0; hex < n_hexes; hex++)
    {
      gboolean wanted = choice == 0 ? marks != NULL && marks[hex].kind != KESSEL_MARK_NONE
                                    : game != NULL && kessel_game_get_hex_occupant (game, hex) == kessel_game_get_active_side (game);
      if (choice < 2 && wanted)
        g_array_append_val (lit, hex);
    }
  if (lit->len > 0)
    return g_array_index (lit, int, g_rand_int_range (rand, 0, lit->len));
  return g_rand_int_range (rand, 0, n_hexes);
}

static void
click_hex (KesselWindow *window, GRand *rand)
{
  KesselMapView *view = kessel_window_get_map_view (window);
  KesselEditor *editor = kessel_window_get_editor (window);
  int hex = pick_hex (window, rand);
  guint button = g_rand_int_range (rand, 0, 5) == 0 ? 3 : 1;
  double x, y;

  kessel_map_view_scroll_to_hex (view, hex);
  settle ();
  if (!kessel_map_view_get_hex_center (view, hex, &x, &y))
    return;
  kessel_map_view_hover (view, x, y);
  note_step ("click %d with button %u", hex, button);
  if (kessel_editor_get_active (editor))
    {
      kessel_map_tools_stroke (kessel_editor_get_tools (editor), KESSEL_STROKE_BEGIN, x, y);
      kessel_map_tools_stroke (kessel_editor_get_tools (editor), KESSEL_STROKE_END, x, y);
    }
  else
    g_signal_emit_by_name (view, "hex-activated", kessel_map_view_hex_at (view, x, y), button);
}

static void
collect_buttons (GtkWidget *widget, GPtrArray *buttons)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_is_sensitive (widget))
    return;
  if (GTK_IS_BUTTON (widget) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)))
    g_ptr_array_add (buttons, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_buttons (child, buttons);
}

static void
press_button (KesselWindow *window, GRand *rand)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *button;
  const char *label;

  collect_buttons (GTK_WIDGET (window), buttons);
  if (buttons->len == 0)
    return;
  button = g_ptr_array_index (buttons, g_rand_int_range (rand, 0, buttons->len));
  label = GTK_IS_BUTTON (button) ? gtk_button_get_label (GTK_BUTTON (button)) : NULL;
  note_step ("press %s \"%s\"", gtk_widget_get_name (button), label ? label : "");
  gtk_widget_activate (button);
}

/* Answers a question with one of its buttons; closes other windows. */
static void
answer_windows (KesselWindow *window, GRand *rand)
{
  g_autoptr(GPtrArray) windows = toplevels_now ();

  for (guint i = 0; i < windows->len; i++)
    {
      GtkWidget *other = g_ptr_array_index (windows, i);
      g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

      if ((gpointer) other == (gpointer) window || !gtk_widget_get_visible (other))
        continue;
      if (GTK_IS_MESSAGE_DIALOG (other))
        collect_buttons (other, buttons);
      if (buttons->len > 0)
        {
          GtkWidget *button = g_ptr_array_index (buttons, g_rand_int_range (rand, 0, buttons->len));
          note_step ("answer %s", gtk_button_get_label (GTK_BUTTON (button)) ?: "");
          gtk_widget_activate (button);
        }
      else
        {
          note_step ("close %s", G_OBJECT_TYPE_NAME (other));
          close_new_windows (window, NULL);
        }
      settle ();
      return;
    }
}

static const WindowState starts[] = {
  STATE_NO_GAME, STATE_SETUP, STATE_GERMAN_MOVEMENT, STATE_SOVIET_COMBAT, STATE_DEFENCE_PROMPT,
  STATE_RETREAT_PROMPT, STATE_HANDOVER, STATE_COMPUTER_STOPPED, STATE_EDITOR_UNSAVED,
};

static KesselWindow *
start_window (GRand *rand)
{
  WindowState state = starts[g_rand_int_range (rand, 0, G_N_ELEMENTS (starts))];

  note_step ("start in state %s", state_name (state));
  return state_enter (state);
}

static void
exercise (guint64 seed, guint steps)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  KesselWindow *window;
  gpointer alive;

  current_seed = seed;
  n_steps_taken = 0;
  current_step = 0;
  g_printerr ("exerciser seed %" G_GUINT64_FORMAT ", %u steps\n", seed, steps);
  window = start_window (rand);
  alive = window;
  g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
  for (current_step = 0; current_step < steps; current_step++)
    {
      int kind = g_rand_int_range (rand, 0, 10);

      if (kind < 5)
        give_command (window, rand);
      else if (kind < 8)
        click_hex (window, rand);
      else
        press_button (window, rand);
      settle ();
      if (alive != NULL)
        answer_windows (window, rand);
      /* A window closing is hidden first, and goes when idle. */
      for (int i = 0; i < 50 && alive != NULL && !gtk_widget_get_visible (GTK_WIDGET (window)); i++)
        run_for (20);
      if (alive != NULL && !gtk_widget_get_visible (GTK_WIDGET (window)))
        {
          g_object_weak_unref (G_OBJECT (window), forget_window, &alive);
          close_new_windows (window, NULL);
          gtk_window_destroy (GTK_WINDOW (window));
          alive = NULL;
        }
      if (alive == NULL)   /* closed by Quit or a Close answered */
        {
          close_new_windows (NULL, NULL);
          window = start_window (rand);
          alive = window;
          g_object_weak_ref (G_OBJECT (window), forget_window, &alive);
          continue;
        }
      if (!game_consistent (window))
        {
          print_trail ();
          g_error ("the game is not what its actions replay to");
        }
    }
  g_object_weak_unref (G_OBJECT (window), forget_window, &alive);
  /* The windows over it first, as a player closes them. */
  close_new_windows (window, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static void
test_seed (gconstpointer data)
{
  const char *steps_text = g_getenv ("KESSEL_EXERCISER_STEPS");
  guint steps = steps_text != NULL ? (guint) g_ascii_strtoull (steps_text, NULL, 10) : DEFAULT_STEPS;

  if (app == NULL)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  exercise (GPOINTER_TO_UINT (data), steps);
}

int
main (int argc, char *argv[])
{
  g_autofree char *home = states_private_home ();
  const char *seed_text = g_getenv ("KESSEL_EXERCISER_SEED");
  const char *seeds_text = g_getenv ("KESSEL_EXERCISER_SEEDS");
  guint n_seeds = seeds_text != NULL ? (guint) g_ascii_strtoull (seeds_text, NULL, 10) : 3;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (print_trail);
  if (gtk_init_check ())
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
      states_init (app);
    }
  if (seed_text != NULL)
    {
      guint seed = (guint) g_ascii_strtoull (seed_text, NULL, 10);
      g_autofree char *path = g_strdup_printf ("/exerciser/seed-%u", seed);
      g_test_add_data_func (path, GUINT_TO_POINTER (seed), test_seed);
    }
  else
    for (guint seed = 1; seed <= n_seeds; seed++)
      {
        g_autofree char *path = g_strdup_printf ("/exerciser/seed-%u", seed);
        g_test_add_data_func (path, GUINT_TO_POINTER (seed), test_seed);
      }
  status = g_test_run ();
  if (app != NULL)
    states_clear ();
  g_clear_object (&app);
  for (int i = 0; i < TRAIL; i++)
    g_free (trail[i]);
  remove_tree (home);
  return status;
}
