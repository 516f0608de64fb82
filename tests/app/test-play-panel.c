/* test-play-panel.c: the play panel in the window, as a new player meets
 * it: new choices come into view, and the map's keys still work after a
 * click on the panel. Needs a display; without one every test is skipped. */
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

/* Keys */

/* The shortcut for keyval without modifiers among those that controller
 * handles for the whole window, not only where the focus is; or NULL. */
static GtkShortcut *
window_shortcut (GtkEventController *controller, guint keyval)
{
  GListModel *shortcuts;

  if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
      || gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)) == GTK_SHORTCUT_SCOPE_LOCAL)
    return NULL;
  shortcuts = G_LIST_MODEL (controller);
  for (guint i = 0; i < g_list_model_get_n_items (shortcuts); i++)
    {
      g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (shortcuts, i);
      GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

      if (GTK_IS_KEYVAL_TRIGGER (trigger) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
          && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
        return shortcut;
    }
  return NULL;
}

/* Whether a widget from focus up to the window, not included, has a
 * shortcut of its own for keyval, which would take the key first. */
static gboolean
taken_on_the_way (GtkWidget *focus, guint keyval)
{
  for (GtkWidget *widget = focus; !GTK_IS_ROOT (widget); widget = gtk_widget_get_parent (widget))
    {
      GListModel *controllers = gtk_widget_observe_controllers (widget);
      gboolean taken = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (controllers) && !taken; i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
          GListModel *shortcuts;

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller)
              || gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)) != GTK_SHORTCUT_SCOPE_LOCAL)
            continue;
          shortcuts = G_LIST_MODEL (controller);
          for (guint k = 0; k < g_list_model_get_n_items (shortcuts) && !taken; k++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (shortcuts, k);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

              taken = GTK_IS_KEYVAL_TRIGGER (trigger)
                      && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval
                      && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0;
            }
        }
      g_object_unref (controllers);
      if (taken)
        return TRUE;
    }
  return FALSE;
}

/* Presses keyval as the window does for a key that the focused widget did
 * not take: no widget from the focus up takes it, and the map's shortcut
 * for it is looked for among the map's shortcuts that the window handles,
 * and run on the map. FALSE if there is none. */
static gboolean
press_window_key (KesselMapView *map, guint keyval)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (map));
  gboolean pressed = FALSE;

  g_assert_false (taken_on_the_way (gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (map))), keyval));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !pressed; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      GtkShortcut *shortcut = window_shortcut (controller, keyval);

      pressed = shortcut != NULL
                && gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                                 GTK_WIDGET (map), gtk_shortcut_get_arguments (shortcut));
    }
  g_object_unref (controllers);
  return pressed;
}

/* A click on a button of the side panel leaves the focus on it. The map's
 * keys of one character, 1, 2 and 3 for the zoom levels, + and - to zoom,
 * N for the hex numbers, must still work, as Z, A, the period and the comma
 * do, which are the application's and so the window's wherever the focus
 * is. GTK 4 has no way for a test to send a key through the window, so
 * what makes them work is checked: the focused button takes none of these
 * keys, each is a shortcut that the window handles whatever has the focus
 * (not one of the map's own, which only work while the map has the focus),
 * and each does its work on the map. A text field still gets the letters
 * typed into it: the window handles a key only when the focused widget
 * did not. */
static void
test_keys_after_panel_click (void)
{
  static const char *const application_keys[] = { "z", "a", "period", "comma" };
  KesselWindow *window;
  KesselMapView *map;
  GtkWidget *button;
  int level;
  gboolean numbers;

  if (!need_display ())
    return;
  window = new_game_window (3);
  map = kessel_window_get_map_view (window);
  button = first_choice (kessel_window_get_play_panel (window));
  g_assert_nonnull (button);
  gtk_widget_grab_focus (button);
  driver_settle ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (map)));

  for (level = 1; level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS; level++)
    {
      g_assert_true (press_window_key (map, GDK_KEY_0 + level));
      g_assert_cmpint (kessel_map_view_get_zoom_level (map), ==, level);
      g_assert_true (press_window_key (map, GDK_KEY_KP_0 + level));
    }
  level = kessel_map_view_get_zoom_level (map);
  g_assert_true (press_window_key (map, GDK_KEY_minus));
  g_assert_cmpint (kessel_map_view_get_zoom_level (map), <, level);
  g_assert_true (press_window_key (map, GDK_KEY_plus));
  g_assert_true (press_window_key (map, GDK_KEY_equal));
  numbers = kessel_map_view_get_show_hex_numbers (map);
  g_assert_true (press_window_key (map, GDK_KEY_n));
  g_assert_true (kessel_map_view_get_show_hex_numbers (map) != numbers);
  for (guint i = 0; i < G_N_ELEMENTS (application_keys); i++)
    {
      g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), application_keys[i]);
      g_assert_cmpuint (g_strv_length (actions), ==, 1);
    }
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == button);
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
  g_test_add_func ("/app/play-panel/keys-after-panel-click", test_keys_after_panel_click);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
