/* test-play-panel.c: the play panel in the window, as a new player meets
 * it: new choices come into view. Needs a display; without one every test
 * is skipped. */
#include "kessel-config.h"

#include <string.h>

#include "editor-driver.h"
#include "kessel-application.h"
#include "kessel-window.h"

static gboolean have_display;
static KesselApplication *app;

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

/* A new game of the shipped scenario between two humans without fog of war. */
static KesselWindow *
new_game_window (guint64 seed)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_new_game (window, seed);
  kessel_play_panel_set_fog_of_war (kessel_window_get_play_panel (window), FALSE);
  driver_settle ();
  return window;
}

/* The pointer goes to the hex's centre, in view, and clicks there: the map
 * finds the hex under the pointer and says it was activated, as its gesture
 * does on a press and release in one place. */
static void
click_hex (KesselWindow *window, int hex)
{
  KesselMapView *map = kessel_window_get_map_view (window);
  double x, y;

  kessel_map_view_scroll_to_hex (map, hex);
  g_assert_true (kessel_map_view_get_hex_center (map, hex, &x, &y));
  kessel_map_view_hover (map, x, y);
  g_assert_cmpint (kessel_map_view_get_hovered_hex (map), ==, hex);
  g_signal_emit_by_name (map, "hex-activated", kessel_map_view_hex_at (map, x, y), GDK_BUTTON_PRIMARY);
}

/* The first descendant of widget of type, widget itself included. */
static gpointer
find_widget (GtkWidget *widget, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      gpointer found = find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* New choices */

/* Whether widget is drawn whole inside the scrolled window around it. */
static gboolean
in_scroller (GtkWidget *widget)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  return gtk_widget_get_mapped (widget) && gtk_widget_compute_bounds (widget, scroller, &bounds)
         && bounds.origin.y >= 0
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 0.5;
}

/* Whether widget is in the scroller or not, as expected, once the window
 * has been laid out again after a scroll: waits a while for that. */
static gboolean
shown_in_scroller (GtkWidget *widget, gboolean expected)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

  while (in_scroller (widget) != expected && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  return in_scroller (widget);
}

/* The play panel's first button. */
static GtkWidget *
first_choice (KesselPlayPanel *panel)
{
  return find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON);
}

/* Plays random actions until the side to act could attack, in a part of
 * combat; returns such an attack's target, or KESSEL_HEX_NONE when the game
 * ends first. */
static int
play_at_random_to_attack (KesselGame *game, KesselDice *dice)
{
  for (int guard = 0; guard < 20000 && !kessel_game_is_over (game); guard++)
    {
      KesselAction action;

      if (kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
          && kessel_game_get_segment (game) == KESSEL_SEGMENT_COMBAT)
        {
          g_autoptr(GArray) legal = kessel_game_list_actions (game);

          for (guint i = 0; i < legal->len; i++)
            if (g_array_index (legal, KesselAction, i).type == KESSEL_ACTION_ATTACK)
              return g_array_index (legal, KesselAction, i).hex;
        }
      g_assert_true (kessel_game_random_action (game, dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  return KESSEL_HEX_NONE;
}

/* Attacks, each put together on the map with its odds read at the end of
 * the list of choices, scrolled down to them: when the attack is made and
 * the game waits for a choice (support for the defence, a loss, a
 * retreat), the list shows it from its top, with its first button in
 * sight. */
static void
test_new_prompt_in_view (void)
{
  KesselWindow *window;
  KesselPlayPanel *panel;
  KesselGame *game;
  GtkAdjustment *adjustment;
  KesselDice dice;
  int n_checked = 0;

  if (!need_display ())
    return;
  window = new_game_window (2);
  panel = kessel_window_get_play_panel (window);
  game = kessel_window_get_game (window);
  adjustment = gtk_scrolled_window_get_vadjustment (find_widget (GTK_WIDGET (panel), GTK_TYPE_SCROLLED_WINDOW));
  kessel_dice_init (&dice, 2);
  for (int attacks = 0; attacks < 40 && n_checked < 3; attacks++)
    {
      int target = play_at_random_to_attack (game, &dice);
      KesselAction draft;

      if (target == KESSEL_HEX_NONE)
        break;
      driver_settle ();
      click_hex (window, target);
      if (!kessel_play_panel_get_draft (panel, &draft) || !kessel_game_check (game, &draft, NULL))
        {
          kessel_play_panel_cancel (panel);
          g_assert_true (kessel_play_panel_end_part (panel));
          continue;
        }
      shown_in_scroller (first_choice (panel), TRUE);
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      g_assert_true (kessel_play_panel_attack (panel));
      driver_settle ();
      if (kessel_game_get_wait (game) == KESSEL_WAIT_PHASE || kessel_play_panel_get_n_choices (panel) == 0)
        continue;
      driver_screenshot (window, "play-panel-new-prompt");
      g_assert_true (shown_in_scroller (first_choice (panel), TRUE));
      n_checked++;
    }
  g_assert_cmpint (n_checked, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add_func ("/app/play-panel/new-prompt-in-view", test_new_prompt_in_view);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
