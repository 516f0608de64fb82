/* test-play-panel.c: the play panel in the window, as a new player meets
 * it: every hex lit for a move takes the move, new choices come into view,
 * and the map's keys still work after a click on the panel. Needs a
 * display; without one every test is skipped. */
#include "kessel-config.h"

#include <glib/gstdio.h>
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

/* Moves */

static int
hex_count (KesselGame *game)
{
  return kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));
}

static gboolean
in_movement (KesselGame *game)
{
  return kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
         && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT;
}

/* Plays random actions until the next part of movement begins, then makes
 * a few random moves in it. FALSE when the game ends first. */
static gboolean
play_at_random_into_movement (KesselGame *game, KesselDice *dice)
{
  KesselAction action;
  int guard;

  for (guard = 0; guard < 5000 && in_movement (game); guard++)
    {
      g_assert_true (kessel_game_random_action (game, dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  for (guard = 0; guard < 5000 && !in_movement (game) && !kessel_game_is_over (game); guard++)
    {
      g_assert_true (kessel_game_random_action (game, dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  for (int moves = 0; moves < 4 && in_movement (game); moves++)
    {
      g_assert_true (kessel_game_random_action (game, dice, &action));
      if (action.type == KESSEL_ACTION_MOVE)
        g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  return in_movement (game);
}

/* Clicks on hex until the n-th choice of its units is selected: 0 the
 * whole stack, then each unit alone. */
static gboolean
select_at (KesselWindow *window, int hex, int n)
{
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  kessel_play_panel_cancel (panel);
  for (int clicks = 0; clicks <= n; clicks++)
    click_hex (window, hex);
  return kessel_play_panel_get_n_selected (panel) > 0;
}

/* The hexes of side's stacks with units that can still move. */
static GArray *
stacks_that_can_move (KesselGame *game)
{
  GArray *stacks = g_array_new (FALSE, FALSE, sizeof (int));

  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    {
      int hex = kessel_game_get_piece_hex (game, piece);
      gboolean listed = FALSE;

      if (kessel_game_get_piece_side (game, piece) != kessel_game_get_active_side (game)
          || kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP
          || kessel_game_get_piece_mp (game, piece) <= 0)
        continue;
      for (guint i = 0; i < stacks->len; i++)
        listed |= g_array_index (stacks, int, i) == hex;
      if (!listed)
        g_array_append_val (stacks, hex);
    }
  return stacks;
}

/* After a click on lit hex to, the move was taken: one more action, a move
 * of the selected units, which stand at to, or short of it on the path when
 * a river's rolled cost was more than they had left (12.2-1). */
static void
check_move_taken (KesselGame *game, int before, const int *units, int n_units, int start, int to, gboolean roll)
{
  const KesselAction *move;
  int at = kessel_game_get_piece_hex (game, units[0]);

  g_assert_cmpint (kessel_game_get_n_actions (game), ==, before + 1);
  move = kessel_game_get_action (game, before);
  g_assert_cmpint (move->type, ==, KESSEL_ACTION_MOVE);
  g_assert_cmpint (move->n_units, ==, n_units);
  g_assert_cmpint (move->path[move->path_length - 1], ==, to);
  for (int u = 0; u < n_units; u++)
    g_assert_cmpint (kessel_game_get_piece_hex (game, units[u]), ==, at);
  if (at != to)
    {
      gboolean on_path = at == start;

      for (int i = 0; i < move->path_length; i++)
        on_path |= move->path[i] == at;
      g_assert_true (roll);
      g_assert_true (on_path);
    }
}

/* A click on an unlit hex next to a lit one, free of the side's units, is
 * refused with a message naming that hex, and the units stay selected. */
static void
check_refusals (KesselWindow *window, const KesselHexMark *marks, int stack)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  int n_selected = kessel_play_panel_get_n_selected (panel);

  for (int hex = 0; hex < hex_count (game); hex++)
    {
      int around[KESSEL_N_DIRECTIONS];
      gboolean next_to_lit = FALSE;
      g_autofree char *where = NULL;

      if (marks[hex].kind == KESSEL_MARK_REACH || hex == stack
          || kessel_game_get_hex_occupant (game, hex) == kessel_game_get_active_side (game))
        continue;
      kessel_grid_neighbours (grid, hex, around);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        next_to_lit |= around[d] != KESSEL_HEX_NONE && marks[around[d]].kind == KESSEL_MARK_REACH;
      if (!next_to_lit)
        continue;
      where = kessel_grid_format_hex (grid, hex);
      click_hex (window, hex);
      if (strstr (kessel_play_panel_get_message (panel), where) == NULL)
        g_error ("a click on %s was refused with: %s", where, kessel_play_panel_get_message (panel));
      g_assert_cmpint (kessel_play_panel_get_n_selected (panel), ==, n_selected);
    }
}

/* Clicks every hex lit for the units chosen at stack, each from the same
 * position, and the unlit hexes around them; returns how many lit hexes
 * were clicked. */
static int
click_every_lit_hex (KesselWindow *window, int stack, int choice)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  KesselMapView *map = kessel_window_get_map_view (window);
  g_autoptr(KesselSnapshot) snapshot = kessel_game_snapshot (game);
  g_autofree KesselHexMark *marks = NULL;
  int units[KESSEL_ACTION_MAX_UNITS], n_units, n_selected, n_clicked = 0;
  const int *selected;

  if (!select_at (window, stack, choice) || kessel_map_view_get_marks (map) == NULL)
    return 0;
  selected = kessel_play_panel_get_selection (panel, &n_units);
  memcpy (units, selected, sizeof units[0] * n_units);
  marks = g_memdup2 (kessel_map_view_get_marks (map), sizeof *marks * hex_count (game));
  check_refusals (window, marks, stack);
  for (int hex = 0; hex < hex_count (game); hex++)
    {
      int before = kessel_game_get_n_actions (game);

      if (marks[hex].kind != KESSEL_MARK_REACH)
        continue;
      g_assert_true (select_at (window, stack, choice));
      selected = kessel_play_panel_get_selection (panel, &n_selected);
      g_assert_cmpmem (selected, sizeof units[0] * n_selected, units, sizeof units[0] * n_units);
      click_hex (window, hex);
      if (kessel_game_get_n_actions (game) != before + 1)
        {
          const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
          g_autofree char *where = kessel_grid_format_hex (grid, hex);
          g_error ("a click on %s, lit %d%s for %d units of %s, was refused: %s", where, marks[hex].number,
                   marks[hex].roll ? "?" : "", n_units, kessel_unit_get_label (kessel_game_get_piece_unit (game, units[0])),
                   kessel_play_panel_get_message (panel));
        }
      check_move_taken (game, before, units, n_units, stack, hex, marks[hex].roll);
      kessel_game_restore (game, snapshot);
      n_clicked++;
    }
  kessel_play_panel_cancel (panel);
  return n_clicked;
}

/* Over positions of random play from a few seeds, each in a part of
 * movement: the whole of some stacks and some of their units alone are
 * selected by clicks, and a click on each hex lit for them takes the move
 * there, as the rules allow, as far as a river's roll lets it go; a click
 * just beyond them is refused naming the hex clicked. */
static void
test_lit_hexes_take_the_move (void)
{
  int n_clicked = 0;

  if (!need_display ())
    return;
  for (guint64 seed = 1; seed <= 2; seed++)
    {
      KesselWindow *window = new_game_window (seed);
      KesselGame *game = kessel_window_get_game (window);
      KesselDice dice;

      kessel_dice_init (&dice, seed);
      for (int part = 0; part < 2 && play_at_random_into_movement (game, &dice); part++)
        {
          g_autoptr(GArray) stacks = stacks_that_can_move (game);

          driver_settle ();
          for (guint i = 0; i < stacks->len && i < 4; i++)
            n_clicked += click_every_lit_hex (window, g_array_index (stacks, int, i), i % 3);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
  g_test_message ("%d lit hexes clicked", n_clicked);
  g_assert_cmpint (n_clicked, >, 100);
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

/* Clicks a button as a player does: it takes the focus, then is clicked. */
static void
click_button (GtkWidget *button)
{
  g_assert_nonnull (button);
  gtk_widget_grab_focus (button);
  g_signal_emit_by_name (button, "clicked");
  driver_settle ();
}

/* The German player's choice of support when the Soviet player attacks, in
 * a saved game between two humans at one screen, opened again: the German
 * player takes his seat and clicks a choice, and the panel puts the next
 * prompt in its place. */
static void
test_defence_support_click (void)
{
  g_autofree char *scenario_path = kessel_application_find_default_scenario ();
  g_autofree char *folder = NULL;
  g_autofree char *path = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselPlayPanel *panel;
  KesselDice dice;

  if (!need_display ())
    return;
  scenario = kessel_scenario_load_file (scenario_path, &error);
  g_assert_no_error (error);
  game = kessel_game_new (scenario, 4);
  kessel_dice_init (&dice, 4);
  for (int guard = 0; guard < 20000 && kessel_game_get_wait (game) != KESSEL_WAIT_DEFENCE; guard++)
    {
      KesselAction action;

      g_assert_true (kessel_game_random_action (game, &dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
    }
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_DEFENCE);
  folder = g_dir_make_tmp ("kessel-defence-XXXXXX", NULL);
  path = g_build_filename (folder, "defence.kesselgame", NULL);
  g_assert_true (kessel_game_save_file (game, path, &error));
  g_assert_no_error (error);

  window = kessel_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  driver_settle ();
  panel = kessel_window_get_play_panel (window);
  if (kessel_play_panel_is_waiting_for_handover (panel))
    click_button (first_choice (panel));
  g_assert_false (kessel_play_panel_is_waiting_for_handover (panel));
  g_assert_cmpint (kessel_game_get_wait (kessel_window_get_game (window)), ==, KESSEL_WAIT_DEFENCE);
  click_button (first_choice (panel));
  g_assert_cmpint (kessel_game_get_wait (kessel_window_get_game (window)), !=, KESSEL_WAIT_DEFENCE);
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
  g_remove (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add_func ("/app/play-panel/lit-hexes-take-the-move", test_lit_hexes_take_the_move);
  g_test_add_func ("/app/play-panel/new-prompt-in-view", test_new_prompt_in_view);
  g_test_add_func ("/app/play-panel/keys-after-panel-click", test_keys_after_panel_click);
  g_test_add_func ("/app/play-panel/defence-support-click", test_defence_support_click);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
