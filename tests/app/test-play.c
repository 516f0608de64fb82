/* test-play.c: a game played in the window through the play panel, as a
 * player would: set-up, a move, an attack with its odds, the results, the
 * end of phases, saving and loading. Needs a display; without one every test
 * is skipped. With KESSEL_SCREENSHOT_DIR set, pictures of the window are
 * written there at each step. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "kessel-after-action.h"
#include "kessel-application.h"
#include "kessel-log-item.h"
#include "kessel-game-panel.h"
#include "kessel-log-view.h"
#include "kessel-order-of-battle.h"
#include "kessel-report.h"
#include "kessel-trace-overlay.h"
#include "kessel-track-strip.h"
#include "kessel-unit-pane.h"
#include "kessel-window.h"
#include "known-gtk-warnings.h"

#define SEED 20260311

static gboolean have_display;
static KesselApplication *app;

static void
settle (void)
{
  for (int i = 0; i < 50 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
screenshot_widget (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width, height;

  if (dir == NULL)
    return;
  settle ();
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  /* A widget between two frames has nothing to show: wait for the next. */
  for (int attempt = 0; node == NULL && attempt < 200; attempt++)
    {
      g_clear_object (&snapshot);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_to_node (snapshot);
      if (node == NULL)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (10000);
        }
    }
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_strdup_printf ("%s/%s.png", dir, name);
  gdk_texture_save_to_png (texture, path);
}

#define screenshot(window, name) screenshot_widget (GTK_WIDGET (window), (name))

static KesselWindow *
new_game_window (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_new_game (window, SEED);
  settle ();
  return window;
}

static int
first_marked (KesselWindow *window, KesselMarkKind kind)
{
  const KesselHexMark *marks = kessel_map_view_get_marks (kessel_window_get_map_view (window));
  KesselGame *game = kessel_window_get_game (window);
  int n = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));

  for (int hex = 0; marks != NULL && hex < n; hex++)
    if (marks[hex].kind == kind)
      return hex;
  return KESSEL_HEX_NONE;
}

/* Set-up: each unit in turn goes on its first lit hex. */
static void
play_setup (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  int guard = 0;

  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SETUP);
  screenshot (window, "01-setup");
  while (kessel_game_get_phase (game) == KESSEL_PHASE_SETUP && guard++ < 300)
    {
      int hex = first_marked (window, KESSEL_MARK_LEGAL);
      if (hex == KESSEL_HEX_NONE)
        g_assert_true (kessel_play_panel_end_part (panel));
      else
        g_assert_true (kessel_play_panel_activate_hex (panel, hex));
    }
  g_assert_cmpint (kessel_game_get_phase (game), !=, KESSEL_PHASE_SETUP);
}

/* With fog of war the map is covered between the players' turns. */
static void
take_seat (KesselWindow *window)
{
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  if (kessel_play_panel_is_waiting_for_handover (panel))
    {
      g_assert_true (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
      kessel_play_panel_take_seat (panel);
    }
  g_assert_false (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
}

/* Answers what the game waits for after a combat, by the seated player:
 * the first lit hex of a retreat, no advance, or else the first choice. */
static void
answer_wait (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  int hex = first_marked (window, KESSEL_MARK_LEGAL);

  if (hex != KESSEL_HEX_NONE && kessel_game_get_wait (game) == KESSEL_WAIT_RETREAT)
    {
      screenshot (window, "05-retreat");
      g_assert_true (kessel_play_panel_activate_hex (panel, hex));
    }
  else if (kessel_game_get_wait (game) == KESSEL_WAIT_ADVANCE)
    g_assert_true (kessel_play_panel_end_part (panel));
  else
    g_assert_true (kessel_play_panel_press_choice (panel, 0));
}

/* Finishes whatever the game waits for after a combat: choices first, then the end. */
static void
resolve_waits (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);

  for (int guard = 0; kessel_game_get_wait (game) != KESSEL_WAIT_PHASE && guard < 50; guard++)
    {
      take_seat (window);
      answer_wait (window);
    }
  g_assert_cmpint (kessel_game_get_wait (game), ==, KESSEL_WAIT_PHASE);
}

/* A lit hex the selected units can reach that touches a German unit no
 * more than range hexes from near (any German unit if near is none); an
 * empty one only, if empty. */
static int
reach_next_to_enemy_near (KesselWindow *window, int near, int range, gboolean empty)
{
  KesselGame *game = kessel_window_get_game (window);
  const KesselHexMark *marks = kessel_map_view_get_marks (kessel_window_get_map_view (window));
  KesselScenario *scenario = kessel_game_get_scenario (game);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  int n = kessel_grid_hex_count (grid);

  for (int hex = 0; marks != NULL && hex < n; hex++)
    {
      int around[KESSEL_N_DIRECTIONS];

      if (marks[hex].kind != KESSEL_MARK_REACH
          || (empty && kessel_game_get_hex_occupant (game, hex) != KESSEL_SIDE_NONE))
        continue;
      kessel_grid_neighbours (grid, hex, around);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE
            && kessel_game_get_hex_occupant (game, around[d]) == KESSEL_SIDE_GERMAN
            && (near == KESSEL_HEX_NONE || kessel_grid_distance (grid, around[d], near) <= range))
          return hex;
    }
  return KESSEL_HEX_NONE;
}

static int
reach_next_to_enemy (KesselWindow *window)
{
  return reach_next_to_enemy_near (window, KESSEL_HEX_NONE, 0, FALSE);
}

/* Puts an attack together on each lit target until one is legal, and
 * leaves it drafted, its odds shown. */
static gboolean
draft_attack (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  int n = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  g_autofree KesselHexMark *marks = NULL;
  KesselAction draft;

  if (kessel_map_view_get_marks (kessel_window_get_map_view (window)) == NULL)
    return FALSE;
  marks = g_memdup2 (kessel_map_view_get_marks (kessel_window_get_map_view (window)), sizeof *marks * n);
  for (int hex = 0; hex < n; hex++)
    {
      if (marks[hex].kind != KESSEL_MARK_TARGET)
        continue;
      kessel_play_panel_cancel (panel);
      g_assert_true (kessel_play_panel_activate_hex (panel, hex));
      if (!kessel_play_panel_get_draft (panel, &draft) || !kessel_game_check (game, &draft, NULL))
        continue;
      kessel_map_view_scroll_to_hex (kessel_window_get_map_view (window), hex);
      return TRUE;
    }
  kessel_play_panel_cancel (panel);
  return FALSE;
}

/* Puts an attack together on each lit target until one is legal, and makes it. */
static gboolean
try_attacks (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  guint log_before = kessel_game_get_n_log (game);

  if (!draft_attack (window))
    return FALSE;
  g_assert_nonnull (strstr (kessel_play_panel_get_odds_text (panel), "Attack"));
  screenshot (window, "03-odds");
  g_assert_true (kessel_play_panel_attack (panel));
  g_assert_cmpuint (kessel_game_get_n_log (game), >, log_before);
  screenshot (window, "04-result");
  return TRUE;
}

static void
test_play_setup_move_attack (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselPlayPanel *panel;
  int from, to, piece, moves = 0;
  gboolean attacked = FALSE;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  game = kessel_window_get_game (window);
  panel = kessel_window_get_play_panel (window);
  play_setup (window);
  g_assert_true (kessel_play_panel_is_waiting_for_handover (panel));
  screenshot (window, "01b-hand-over");
  /* Nothing is played for the next player through the cover. */
  g_assert_false (kessel_play_panel_end_part (panel));
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  take_seat (window);

  /* Turn 1, phase IV: the Soviet player must move first (5.1). */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SOVIET_1);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  for (piece = 0; piece < kessel_game_get_n_pieces (game) && moves == 0; piece++)
    {
      if (kessel_game_get_piece_side (game, piece) != KESSEL_SIDE_SOVIET
          || kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP)
        continue;
      from = kessel_game_get_piece_hex (game, piece);
      if (!kessel_play_panel_activate_hex (panel, from))
        continue;
      to = reach_next_to_enemy (window);
      if (to == KESSEL_HEX_NONE)
        continue;
      kessel_play_panel_hover_hex (panel, to);
      screenshot (window, "02-movement");
      g_assert_true (kessel_play_panel_activate_hex (panel, to));
      g_assert_cmpint (kessel_game_get_piece_hex (game, piece), !=, from);
      kessel_map_view_set_cursor_hex (kessel_window_get_map_view (window), to);
      screenshot (window, "02b-hex-info");
      moves++;
    }
  g_assert_cmpint (moves, ==, 1);
  g_assert_true (kessel_play_panel_end_part (panel));

  /* Then on through the phases until a combat can be made: each lit target
   * in turn, its odds shown before the roll. */
  for (int part = 0; part < 60 && !attacked; part++)
    {
      take_seat (window);
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (panel, 0));
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_COMBAT)
        attacked = try_attacks (window);
      if (!attacked && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
          && kessel_game_get_segment (game) != KESSEL_SEGMENT_ORDER)
        {
          take_seat (window);
          g_assert_true (kessel_play_panel_end_part (panel));
        }
    }
  g_assert_true (attacked);
  /* Edit ▸ Undo, greyed out after the die, says why. */
  {
    GMenuModel *section = g_object_get_data (G_OBJECT (app), KESSEL_UNDO_SECTION);
    g_autofree char *label = NULL;

    g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));
    g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_nonnull (strstr (label, "die roll"));
  }
  resolve_waits (window);
  take_seat (window);
  screenshot (window, "06-next-phase");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Fog of war (6.3) at the hand-over */

/* Every word on screen: the mapped labels and tooltips, the window's title,
 * and every row of the log, shown or scrolled away. */
static void
collect_widget_texts (GtkWidget *widget, GString *texts)
{
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (tooltip != NULL)
    g_string_append_printf (texts, "%s\n", tooltip);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    collect_widget_texts (child, texts);
}

/* The first widget of type in widget's tree, itself included. */
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

static char *
screen_texts (KesselWindow *window)
{
  GString *texts = g_string_new (gtk_window_get_title (GTK_WINDOW (window)));
  KesselLogView *log = find_widget (GTK_WIDGET (window), KESSEL_TYPE_LOG_VIEW);
  GListModel *rows;

  settle ();
  collect_widget_texts (GTK_WIDGET (window), texts);
  g_assert_nonnull (log);
  rows = G_LIST_MODEL (kessel_log_view_get_model (log));
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(KesselLogItem) item = g_list_model_get_item (rows, i);
      if (!kessel_log_item_is_heading (item))
        g_string_append_printf (texts, "%s\n", kessel_log_item_get_text (item));
    }
  return g_string_free (texts, FALSE);
}

static gboolean
has_word (const char *texts, const char *word)
{
  g_autofree char *escaped = g_regex_escape_string (word, -1);
  g_autofree char *pattern = g_strdup_printf ("(?<!\\w)%s(?!\\w)", escaped);

  return g_regex_match_simple (pattern, texts, 0, 0);
}

/* Whether texts hold the unit's title or name as a word. */
static gboolean
names_as_word (const char *texts, KesselUnit *unit)
{
  return has_word (texts, kessel_unit_get_title (unit)) || has_word (texts, kessel_unit_get_name (unit));
}

/* Whether texts name the unit: by its name, or by its title where the log,
 * the panel and the card put a unit. A title of digits alone, such as "30",
 * counts only there, not as the number of "Attack 30" or "die 4". */
static gboolean
names_as_unit (const char *texts, KesselUnit *unit)
{
  const char *title = kessel_unit_get_title (unit);
  g_autofree char *escaped = g_regex_escape_string (title, -1);
  g_autofree char *pattern = g_strdup_printf ("(^|, | and |  |Remove )%s(,| and | (attacks?|loses|retreats|advances"
                                              "|takes|cannot|is|removed|probes?|moves?|cross|stops?|arrives|returns"
                                              "|leaves?|was)\\b|: )", escaped);

  if (strspn (title, "0123456789") != strlen (title))
    return names_as_word (texts, unit);
  return has_word (texts, kessel_unit_get_name (unit)) || g_regex_match_simple (pattern, texts, G_REGEX_MULTILINE, 0);
}

/* The unit of side that viewer may not see that texts name, or -1; a name
 * shared with a unit it sees does not count. *n_checked counts the units
 * looked for. */
static int
unseen_unit_named (KesselGame *game, const char *texts, KesselSide side, KesselSide viewer,
                   gboolean (*names) (const char *texts, KesselUnit *unit), int *n_checked)
{
  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (game, piece);
      const char *name = kessel_unit_get_title (unit);
      gboolean shared = FALSE;

      if (kessel_game_get_piece_side (game, piece) != side
          || kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP
          || kessel_game_piece_visible_to (game, piece, viewer))
        continue;
      for (int other = 0; other < kessel_game_get_n_pieces (game); other++)
        shared |= other != piece && g_str_equal (name, kessel_unit_get_title (kessel_game_get_piece_unit (game, other)))
                  && kessel_game_piece_visible_to (game, other, viewer);
      if (shared)
        continue;
      (*n_checked)++;
      if (names (texts, unit))
        return piece;
    }
  return -1;
}

/* Whether the units of side that viewer may not see stay off the screen,
 * each as names judges. */
static gboolean
screen_hides_unseen_units (KesselWindow *window, KesselSide side, KesselSide viewer,
                           gboolean (*names) (const char *texts, KesselUnit *unit))
{
  KesselGame *game = kessel_window_get_game (window);
  g_autofree char *texts = screen_texts (window);
  int n_checked = 0;
  int named = unseen_unit_named (game, texts, side, viewer, names, &n_checked);

  if (named >= 0)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (game, named);

      g_test_message ("%s (%s) is on screen:\n%s", kessel_unit_get_title (unit), kessel_unit_get_name (unit), texts);
      return FALSE;
    }
  g_assert_cmpint (n_checked, >, 0);
  return TRUE;
}

/* Whether the names of side's units that viewer may not see stay off the
 * screen; a name shared with a unit it sees does not count. */
static gboolean
hides_unseen_units (KesselWindow *window, KesselSide side, KesselSide viewer)
{
  return screen_hides_unseen_units (window, side, viewer, names_as_word);
}

/* A stack of side with a unit under its top one that the enemy may not see. */
static int
stack_with_unseen_units (KesselGame *game, KesselSide side)
{
  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    if (kessel_game_get_piece_side (game, piece) == side
        && kessel_game_get_piece_status (game, piece) == KESSEL_PIECE_ON_MAP
        && !kessel_game_piece_visible_to (game, piece, kessel_side_enemy (side)))
      return kessel_game_get_piece_hex (game, piece);
  return KESSEL_HEX_NONE;
}

/* Whether widget is drawn whole inside the window and inside every
 * scrolled window around it, with no scrolling needed to see it. */
static gboolean
in_view (GtkWidget *widget)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return FALSE;
  for (GtkWidget *frame = gtk_widget_get_parent (widget); frame != NULL; frame = gtk_widget_get_parent (frame))
    {
      if (!GTK_IS_SCROLLED_WINDOW (frame) && !GTK_IS_WINDOW (frame))
        continue;
      if (!gtk_widget_compute_bounds (widget, frame, &bounds))
        return FALSE;
      if (bounds.origin.x < 0 || bounds.origin.y < 0
          || bounds.origin.x + bounds.size.width > gtk_widget_get_width (frame) + 0.5
          || bounds.origin.y + bounds.size.height > gtk_widget_get_height (frame) + 0.5)
        return FALSE;
    }
  return TRUE;
}

/* The Soviet player moves a stack with the keyboard's cursor, leaves the
 * cursor on a stack, and ends
 * the phase. Behind the hand-over's cover, and after the German player takes
 * the seat, nothing on screen names a Soviet unit the Germans may not see:
 * not the hex panel, its tooltips, the log, the title; the map has no path,
 * marks, selection or cursor left; the Continue button is in view. */
static void
test_play_fog_of_war_hand_over (void)
{
  KesselWindow *window;
  KesselMapView *map;
  KesselPlayPanel *panel;
  KesselGame *game;
  int stack, to;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  map = kessel_window_get_map_view (window);
  panel = kessel_window_get_play_panel (window);
  game = kessel_window_get_game (window);
  play_setup (window);
  take_seat (window);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (map)));
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);

  stack = stack_with_unseen_units (game, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (stack, !=, KESSEL_HEX_NONE);
  kessel_map_view_set_cursor_hex (map, stack);
  g_assert_true (kessel_play_panel_activate_hex (panel, stack));
  to = first_marked (window, KESSEL_MARK_REACH);
  g_assert_cmpint (to, !=, KESSEL_HEX_NONE);
  kessel_map_view_set_cursor_hex (map, to);
  g_assert_true (kessel_play_panel_activate_hex (panel, to));
  /* The Soviet player sees his own units, in the panel and the log. */
  stack = stack_with_unseen_units (game, KESSEL_SIDE_SOVIET);
  kessel_map_view_set_cursor_hex (map, stack);
  g_assert_false (hides_unseen_units (window, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN));

  for (int part = 0; part < 10 && kessel_game_get_active_side (game) == KESSEL_SIDE_SOVIET; part++)
    {
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (panel, 0));
      else
        g_assert_true (kessel_play_panel_end_part (panel));
    }
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_GERMAN);
  g_assert_true (kessel_play_panel_is_waiting_for_handover (panel));
  g_assert_true (kessel_map_view_is_covered (map));
  screenshot (window, "10-fog-hand-over");

  g_assert_true (hides_unseen_units (window, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN));
  g_assert_null (kessel_map_view_get_marks (map));
  g_assert_cmpint (kessel_map_view_get_path_length (map), ==, 0);
  g_assert_cmpint (kessel_map_view_get_n_selected (map), ==, 0);
  g_assert_cmpint (kessel_map_view_get_cursor_hex (map), ==, KESSEL_HEX_NONE);
  g_assert_true (in_view (gtk_root_get_focus (GTK_ROOT (window))));
  g_assert_true (GTK_IS_BUTTON (gtk_root_get_focus (GTK_ROOT (window))));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (panel)));

  /* Enter on the focused Continue button takes the seat. */
  g_assert_true (gtk_widget_activate (gtk_root_get_focus (GTK_ROOT (window))));
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;   /* a button shows its press first */
       kessel_map_view_is_covered (map) && g_get_monotonic_time () < deadline;)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  g_assert_false (kessel_map_view_is_covered (map));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (map)));
  kessel_map_view_set_cursor_hex (map, stack_with_unseen_units (game, KESSEL_SIDE_SOVIET));
  screenshot (window, "11-fog-german-view");
  g_assert_true (hides_unseen_units (window, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Fog of war (6.3) in a Soviet attack */

/* The hex of the 18th Artillery Division, which may support a German
 * defence up to 2 hexes away (13.1). */
static int
ranged_support_hex (KesselGame *game)
{
  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    if (kessel_unit_has_ability (kessel_game_get_piece_unit (game, piece), KESSEL_ABILITY_RANGED_SUPPORT))
      return kessel_game_get_piece_hex (game, piece);
  return KESSEL_HEX_NONE;
}

/* Up to max Soviet stacks with units the German player may not see move
 * next to German units that the 18th Artillery Division may support;
 * returns how many did. */
static int
move_unseen_stacks_to_front (KesselWindow *window, int max)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  int support = ranged_support_hex (game), moved = 0;

  for (int piece = 0; piece < kessel_game_get_n_pieces (game) && moved < max; piece++)
    {
      int to;

      if (kessel_game_get_piece_side (game, piece) != KESSEL_SIDE_SOVIET
          || kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP
          || kessel_game_piece_visible_to (game, piece, KESSEL_SIDE_GERMAN)
          || !kessel_play_panel_activate_hex (panel, kessel_game_get_piece_hex (game, piece)))
        continue;
      to = reach_next_to_enemy_near (window, support, 2, TRUE);   /* no over-stacking, which reveals (6.0) */
      if (to != KESSEL_HEX_NONE && kessel_play_panel_activate_hex (panel, to)
          && kessel_game_get_piece_hex (game, piece) == to)
        moved++;
      kessel_play_panel_cancel (panel);
    }
  return moved;
}

/* A Soviet attack that brings in a unit the German player may not see yet,
 * put together on a lit target with the panel and made. */
static gboolean
attack_with_unseen_units (KesselWindow *window, KesselAction *attack)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  int n = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  g_autofree KesselHexMark *marks = NULL;

  if (kessel_map_view_get_marks (kessel_window_get_map_view (window)) == NULL)
    return FALSE;
  marks = g_memdup2 (kessel_map_view_get_marks (kessel_window_get_map_view (window)), sizeof *marks * n);
  for (int hex = 0; hex < n; hex++)
    {
      gboolean unseen = FALSE;

      if (marks[hex].kind != KESSEL_MARK_TARGET)
        continue;
      kessel_play_panel_cancel (panel);
      g_assert_true (kessel_play_panel_activate_hex (panel, hex));
      if (!kessel_play_panel_get_draft (panel, attack) || !kessel_game_check (game, attack, NULL))
        continue;
      for (int u = 0; u < attack->n_units; u++)
        unseen |= !kessel_game_piece_visible_to (game, attack->units[u], KESSEL_SIDE_GERMAN);
      if (!unseen)
        continue;
      g_assert_true (kessel_play_panel_attack (panel));
      return TRUE;
    }
  kessel_play_panel_cancel (panel);
  return FALSE;
}

/* 6.3-1 (docs/rulings.md): the attackers are revealed to the defender as
 * the attack is declared. Everything the German player reads, in the window
 * and the after-action report, names them alike, and names no Soviet unit
 * he may not see. */
static void
check_defender_texts (KesselWindow *window, const KesselAction *attack)
{
  KesselGame *game = kessel_window_get_game (window);
  g_autofree char *texts = screen_texts (window);
  g_autoptr(KesselAfterAction) report = kessel_after_action_new (game, NULL);
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *report_text = NULL;
  int n_checked = 0;

  g_assert_cmpint (kessel_map_view_get_viewer (kessel_window_get_map_view (window)), ==, KESSEL_SIDE_GERMAN);
  g_assert_true (screen_hides_unseen_units (window, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN, names_as_unit));
  g_assert_null (strstr (texts, "hidden Soviet unit"));
  for (int u = 0; u < attack->n_units; u++)
    {
      int piece = attack->units[u];
      const char *label = kessel_unit_get_label (kessel_game_get_piece_unit (game, piece));

      if (kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP)
        continue;
      g_assert_true (kessel_game_piece_visible_to (game, piece, KESSEL_SIDE_GERMAN));
      if (!has_word (texts, label))
        g_error ("the attacker %s is not named:\n%s", label, texts);
    }
  g_assert_nonnull (report);
  lines = kessel_report_attack_lines (game, report, KESSEL_SIDE_GERMAN);
  g_ptr_array_add (lines, NULL);
  report_text = g_strjoinv ("\n", (char **) lines->pdata);
  g_assert_cmpint (unseen_unit_named (game, report_text, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN, names_as_unit,
                                      &n_checked), ==, -1);
}

/* The Soviet player attacks with units the German player has not seen. At
 * each choice the attacks leave to the German player (defence support,
 * losses, retreats), and at his seat when his turn comes, what he reads
 * agrees with the ruling of 6.3-1. */
static void
test_play_fog_of_war_enemy_attack (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselPlayPanel *panel;
  KesselAction attacks[4];
  int n_attacks = 0, n_choices = 0;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  game = kessel_window_get_game (window);
  panel = kessel_window_get_play_panel (window);
  play_setup (window);
  take_seat (window);
  g_assert_cmpint (move_unseen_stacks_to_front (window, 4), >, 0);   /* phase IV moves first (5.1) */
  g_assert_true (kessel_play_panel_end_part (panel));
  resolve_waits (window);
  take_seat (window);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_COMBAT);
  g_assert_cmpint (kessel_game_get_active_side (game), ==, KESSEL_SIDE_SOVIET);

  while (n_attacks < (int) G_N_ELEMENTS (attacks) && attack_with_unseen_units (window, &attacks[n_attacks]))
    {
      for (int guard = 0; guard < 50 && kessel_game_get_wait (game) != KESSEL_WAIT_PHASE; guard++)
        {
          take_seat (window);
          if (kessel_game_get_active_side (game) == KESSEL_SIDE_GERMAN)
            {
              screenshot (window, "12-fog-defence");
              check_defender_texts (window, &attacks[n_attacks]);
              /* Nor is a result shown before the defence is settled. */
              if (kessel_game_get_wait (game) == KESSEL_WAIT_DEFENCE)
                g_assert_null (strstr (kessel_play_panel_get_odds_text (panel), "Result"));
              n_choices++;
            }
          answer_wait (window);
        }
      n_attacks++;
      take_seat (window);
    }
  g_test_message ("%d attacks, %d choices of the defender", n_attacks, n_choices);
  g_assert_cmpint (n_attacks, >, 0);
  g_assert_cmpint (n_choices, >=, n_attacks);

  /* On to the German player's phase, the Soviet units standing still. */
  for (int guard = 0; guard < 20 && kessel_game_get_active_side (game) != KESSEL_SIDE_GERMAN; guard++)
    {
      take_seat (window);
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (panel, 1));   /* Fight/Move: nothing moves before the end */
      else
        g_assert_true (kessel_play_panel_end_part (panel));
    }
  take_seat (window);
  screenshot (window, "13-fog-after-attacks");
  for (int i = 0; i < n_attacks; i++)
    check_defender_texts (window, &attacks[i]);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window laid out for play */

/* Plays on, ending parts and taking seats, until the side to act moves. */
static void
play_to_movement (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  for (int guard = 0; guard < 20 && !(kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
                                      && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT); guard++)
    {
      take_seat (window);
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (panel, 0));
      else if (kessel_game_get_segment (game) != KESSEL_SEGMENT_MOVEMENT)
        g_assert_true (kessel_play_panel_end_part (panel));
    }
  take_seat (window);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
}

/* Resizes window and waits for the display server's answer. */
static void
count_paint (GdkFrameClock *clock, int *paints)
{
  (*paints)++;
}

/* Until the window has been laid out and painted at its new size: on a
 * busy machine that may come a few frames after the size. */
static void
wait_for_layout (KesselWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  int paints = 0;
  gulong id;

  if (clock == NULL)
    return;
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint), &paints);
  gtk_widget_queue_resize (GTK_WIDGET (window));
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       paints < 2 && g_get_monotonic_time () < deadline;)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  g_signal_handler_disconnect (clock, id);
}

static void
resize_window (KesselWindow *window, int width, int height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       (gtk_widget_get_width (GTK_WIDGET (window)) != width || gtk_widget_get_height (GTK_WIDGET (window)) != height)
       && g_get_monotonic_time () < deadline;)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  wait_for_layout (window);
  settle ();
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* In the movement segment, the side to move moves a unit next to an enemy. */
static void
move_next_to_enemy (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    {
      int to;

      if (kessel_game_get_piece_side (game, piece) != kessel_game_get_active_side (game)
          || kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP
          || !kessel_play_panel_activate_hex (panel, kessel_game_get_piece_hex (game, piece)))
        continue;
      to = reach_next_to_enemy (window);
      if (to == KESSEL_HEX_NONE)
        continue;
      g_assert_true (kessel_play_panel_activate_hex (panel, to));
      return;
    }
  g_assert_not_reached ();
}

/* The row of a notebook's tabs. */
static GtkWidget *
notebook_tabs (GtkWidget *notebook)
{
  GtkWidget *header = gtk_widget_get_first_child (notebook);

  g_assert_cmpstr (gtk_widget_get_css_name (header), ==, "header");
  return header;
}

/* Plays on through the phases until an attack may be made, and puts it
 * together. */
static void
play_to_attack (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  gboolean drafted = FALSE;

  for (int part = 0; part < 60 && !drafted; part++)
    {
      take_seat (window);
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (panel, 0));
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_COMBAT)
        drafted = draft_attack (window);
      if (!drafted && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
          && kessel_game_get_segment (game) != KESSEL_SEGMENT_ORDER)
        {
          take_seat (window);
          g_assert_true (kessel_play_panel_end_part (panel));
        }
    }
  g_assert_true (drafted);
  settle ();
}

/* In a window of 1024×700, of 1920×1080 and of 3840×2160 (as far as the
 * display is large enough), what to do now and its End Movement button, the
 * tracks, the map and the log are all in sight at once, without scrolling
 * anything. */
static void
test_play_layout_fits (void)
{
  const int sizes[][2] = { { 1024, 700 }, { 1920, 1080 }, { 3840, 2160 } };
  KesselWindow *window;
  GtkWidget *end_button, *log;
  GdkRectangle screen;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  /* All through the set-up the tabs are in sight with the units to set up. */
  resize_window (window, 1024, 700);
  screenshot (window, "19-setup-1024x700");
  for (int guard = 0; kessel_game_get_phase (kessel_window_get_game (window)) == KESSEL_PHASE_SETUP && guard < 300;
       guard++)
    {
      GtkWidget *tabs = notebook_tabs (find_widget (GTK_WIDGET (window), GTK_TYPE_NOTEBOOK));
      int hex = first_marked (window, KESSEL_MARK_LEGAL);

      settle ();
      if (!in_view (tabs))
        screenshot (window, "19-setup-tabs-out-of-view");
      g_assert_true (in_view (tabs));
      if (hex == KESSEL_HEX_NONE)
        g_assert_true (kessel_play_panel_end_part (kessel_window_get_play_panel (window)));
      else
        g_assert_true (kessel_play_panel_activate_hex (kessel_window_get_play_panel (window), hex));
    }
  play_to_movement (window);
  end_button = find_named (GTK_WIDGET (kessel_window_get_play_panel (window)), "end-button");
  log = find_widget (GTK_WIDGET (window), KESSEL_TYPE_LOG_VIEW);
  g_assert_nonnull (end_button);
  gdk_monitor_get_geometry (gdk_display_get_monitor_at_surface (gtk_widget_get_display (GTK_WIDGET (window)),
                                                                gtk_native_get_surface (GTK_NATIVE (window))),
                            &screen);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *name = g_strdup_printf ("20-layout-%dx%d", sizes[i][0], sizes[i][1]);
      g_autofree char *tracks = NULL;
      g_autofree char *vp = g_strdup_printf (_("Soviet VP %d"), kessel_game_get_vp (kessel_window_get_game (window)));

      if (sizes[i][0] > screen.width || sizes[i][1] > screen.height)
        {
          g_test_message ("%d×%d is larger than the display (%d×%d): not tried", sizes[i][0], sizes[i][1],
                          screen.width, screen.height);
          continue;
        }
      resize_window (window, sizes[i][0], sizes[i][1]);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, sizes[i][0]);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, sizes[i][1]);
      screenshot (window, name);
      g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (end_button)), ==, _("_End Movement"));
      g_assert_true (in_view (end_button));
      g_assert_true (in_view (find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACK_STRIP)));
      tracks = kessel_track_strip_get_text (find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACK_STRIP));
      g_assert_nonnull (strstr (tracks, vp));
      if (i == 0)
        {
          /* A click on the strip opens the tracks in full. */
          GtkWidget *strip = find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACK_STRIP);
          GtkWidget *game_panel = find_widget (GTK_WIDGET (window), KESSEL_TYPE_GAME_PANEL);
          GListModel *list = gtk_widget_observe_controllers (strip);

          for (guint c = 0; c < g_list_model_get_n_items (list); c++)
            {
              g_autoptr(GObject) controller = g_list_model_get_item (list, c);
              if (GTK_IS_GESTURE_CLICK (controller))
                g_signal_emit_by_name (controller, "released", 1, 10.0, 10.0);
            }
          g_object_unref (list);
          settle ();
          g_assert_true (gtk_widget_get_mapped (game_panel));
        }
      g_assert_true (gtk_widget_get_mapped (log));
      g_assert_cmpint (gtk_widget_get_height (log), >=, 80);
      /* The map keeps most of the window. */
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (kessel_window_get_map_view (window))), >=, sizes[i][0] / 2);
    }
  /* An attack put together shows its odds whole, down to the line of the
   * die's results, above the CAS row. */
  resize_window (window, 1024, 700);
  move_next_to_enemy (window);
  play_to_attack (window);
  wait_for_layout (window);
  screenshot (window, "21-odds-1024x700");
  g_assert_true (in_view (find_named (GTK_WIDGET (kessel_window_get_play_panel (window)), "odds-label")));
  g_assert_true (in_view (find_named (GTK_WIDGET (kessel_window_get_play_panel (window)), "attack-button")));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
show_side_page (KesselWindow *window, GtkWidget *child)
{
  GtkNotebook *notebook = GTK_NOTEBOOK (gtk_widget_get_ancestor (child, GTK_TYPE_NOTEBOOK));
  GtkWidget *page = child;

  while (gtk_widget_get_parent (page) != NULL && gtk_notebook_page_num (notebook, page) < 0)
    page = gtk_widget_get_parent (page);
  gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, page));
  settle ();
}

/* A piece of side on the map at hex, or -1. */
static int
piece_on_map (KesselGame *game, KesselSide side, int hex)
{
  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    if (kessel_game_get_piece_side (game, piece) == side
        && kessel_game_get_piece_status (game, piece) == KESSEL_PIECE_ON_MAP
        && (hex == KESSEL_HEX_NONE || kessel_game_get_piece_hex (game, piece) == hex))
      return piece;
  return -1;
}

/* Under fog of war (6.3) the order of battle lists the enemy's units in
 * sight and only counts the others; the unit pane shows an enemy unit out of
 * sight as nothing but a unit. Neither names a hidden unit anywhere on
 * screen, and both are emptied at the hand-over. The player's own units are
 * shown in full, with their traced line on the map. */
static void
test_play_fog_of_war_unit_panes (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselOrderOfBattle *oob;
  KesselUnitPane *pane;
  KesselSide viewer, enemy;
  g_autoptr(GArray) listed = NULL;
  g_autofree char *texts = NULL;
  int hidden, own;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  resize_window (window, 1024, 700);
  game = kessel_window_get_game (window);
  play_setup (window);
  play_to_movement (window);
  viewer = kessel_map_view_get_viewer (kessel_window_get_map_view (window));
  enemy = kessel_side_enemy (viewer);
  oob = find_widget (GTK_WIDGET (window), KESSEL_TYPE_ORDER_OF_BATTLE);
  pane = find_widget (GTK_WIDGET (window), KESSEL_TYPE_UNIT_PANE);
  hidden = piece_on_map (game, enemy, stack_with_unseen_units (game, enemy));
  g_assert_cmpint (hidden, >=, 0);
  g_assert_false (kessel_game_piece_visible_to (game, hidden, viewer));

  g_action_group_activate_action (G_ACTION_GROUP (window), "order-of-battle", NULL);
  kessel_order_of_battle_set_side (oob, enemy);
  settle ();
  screenshot (window, "21-order-of-battle-enemy");
  listed = kessel_order_of_battle_get_pieces (oob);
  g_assert_cmpuint (listed->len, >, 0);
  for (guint i = 0; i < listed->len; i++)
    g_assert_true (kessel_unit_pane_reveals (game, g_array_index (listed, int, i), viewer));
  g_assert_false (kessel_order_of_battle_select (oob, hidden));
  g_assert_true (hides_unseen_units (window, enemy, viewer));

  kessel_unit_pane_set_piece (pane, hidden);
  show_side_page (window, GTK_WIDGET (pane));
  g_assert_true (hides_unseen_units (window, enemy, viewer));
  texts = screen_texts (window);
  g_assert_nonnull (strstr (texts, _("A unit not yet seen (6.3)")));

  /* The player's own unit, chosen in the list, in full, with its line. */
  own = piece_on_map (game, viewer, KESSEL_HEX_NONE);
  kessel_order_of_battle_set_side (oob, viewer);
  show_side_page (window, GTK_WIDGET (oob));
  g_assert_true (kessel_order_of_battle_select (oob, own));
  g_assert_cmpint (kessel_unit_pane_get_piece (pane), ==, own);
  show_side_page (window, GTK_WIDGET (pane));
  screenshot (window, "22-unit-pane");
  g_clear_pointer (&texts, g_free);
  texts = screen_texts (window);
  g_assert_nonnull (strstr (texts, kessel_unit_get_name (kessel_game_get_piece_unit (game, own))));
  g_assert_cmpint (kessel_trace_overlay_get_length (find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACE_OVERLAY)),
                   >=, 1);
  /* The hex panel's button of a unit, as a click on it would. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-unit", g_variant_new_int32 (hidden));
  settle ();
  g_assert_cmpint (kessel_unit_pane_get_piece (pane), ==, hidden);
  g_assert_cmpint (kessel_trace_overlay_get_length (find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACE_OVERLAY)),
                   ==, 0);
  g_assert_true (hides_unseen_units (window, enemy, viewer));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-unit", g_variant_new_int32 (own));

  /* A click on a stack of one's own selects its units, and the Unit tab
   * shows the first of them. */
  {
    int stack = stack_with_unseen_units (game, viewer), n_selected;
    const int *selected;

    g_signal_emit_by_name (kessel_window_get_map_view (window), "hex-activated", stack, GDK_BUTTON_PRIMARY);
    selected = kessel_play_panel_get_selection (kessel_window_get_play_panel (window), &n_selected);
    g_assert_cmpint (n_selected, >, 0);
    g_assert_cmpint (kessel_unit_pane_get_piece (pane), ==, selected[0]);
    kessel_play_panel_cancel (kessel_window_get_play_panel (window));
  }

  /* The hand-over empties the pane and the line. */
  for (int part = 0; part < 10 && !kessel_play_panel_is_waiting_for_handover (kessel_window_get_play_panel (window)); part++)
    {
      if (kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
        resolve_waits (window);
      else if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER)
        g_assert_true (kessel_play_panel_press_choice (kessel_window_get_play_panel (window), 0));
      else
        g_assert_true (kessel_play_panel_end_part (kessel_window_get_play_panel (window)));
    }
  g_assert_true (kessel_play_panel_is_waiting_for_handover (kessel_window_get_play_panel (window)));
  g_assert_cmpint (kessel_unit_pane_get_piece (pane), ==, -1);
  g_assert_cmpint (kessel_trace_overlay_get_length (find_widget (GTK_WIDGET (window), KESSEL_TYPE_TRACE_OVERLAY)),
                   ==, 0);
  show_side_page (window, GTK_WIDGET (oob));
  g_assert_true (hides_unseen_units (window, viewer, enemy));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click on a hex the selected units cannot reach keeps them selected and
 * says why, naming the rule: a hex far off, and an enemy's hex. */
static void
test_play_unreachable_hex_explained (void)
{
  KesselWindow *window;
  KesselPlayPanel *panel;
  KesselGame *game;
  const KesselHexMark *marks;
  int stack, far = KESSEL_HEX_NONE, enemy = KESSEL_HEX_NONE, n_hexes;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  panel = kessel_window_get_play_panel (window);
  game = kessel_window_get_game (window);
  play_setup (window);
  take_seat (window);
  stack = stack_with_unseen_units (game, KESSEL_SIDE_SOVIET);
  g_assert_true (kessel_play_panel_activate_hex (panel, stack));
  g_assert_cmpint (kessel_play_panel_get_n_selected (panel), >, 0);
  marks = kessel_map_view_get_marks (kessel_window_get_map_view (window));
  n_hexes = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  for (int hex = 0; hex < n_hexes; hex++)
    {
      KesselSide occupant = kessel_game_get_hex_occupant (game, hex);

      if (marks[hex].kind == KESSEL_MARK_REACH || hex == stack)
        continue;
      if (occupant == KESSEL_SIDE_GERMAN && enemy == KESSEL_HEX_NONE)
        enemy = hex;
      else if (occupant == KESSEL_SIDE_NONE && far == KESSEL_HEX_NONE)
        far = hex;
    }
  g_assert_cmpint (far, !=, KESSEL_HEX_NONE);
  g_assert_cmpint (enemy, !=, KESSEL_HEX_NONE);
  for (int i = 0; i < 2; i++)
    {
      int before = kessel_play_panel_get_n_selected (panel);
      const char *message;

      g_assert_false (kessel_play_panel_activate_hex (panel, i == 0 ? far : enemy));
      message = kessel_play_panel_get_message (panel);
      g_test_message ("%s", message);
      g_assert_true (g_ascii_isdigit (message[0]));
      g_assert_nonnull (strstr (message, ": "));
      g_assert_cmpint (kessel_play_panel_get_n_selected (panel), ==, before);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A saved game with fog of war opens behind the hand-over's cover: whoever
 * opens it may be either player. */
static void
test_play_fog_of_war_load (void)
{
  KesselWindow *window, *second;
  g_autofree char *dir = g_dir_make_tmp ("kessel-fog-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fog.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  KesselPlayPanel *panel;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  play_setup (window);
  take_seat (window);
  g_assert_true (kessel_window_save_game (window, path, &error));
  g_assert_no_error (error);

  second = kessel_window_new (app);
  gtk_window_present (GTK_WINDOW (second));
  g_assert_true (kessel_window_open_file (second, path, &error));
  g_assert_no_error (error);
  settle ();
  panel = kessel_window_get_play_panel (second);
  g_assert_true (kessel_play_panel_is_waiting_for_handover (panel));
  g_assert_true (kessel_map_view_is_covered (kessel_window_get_map_view (second)));
  g_assert_true (hides_unseen_units (second, KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN));
  g_assert_true (hides_unseen_units (second, KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET));
  take_seat (second);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (second));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_play_new_game_dialog (void)
{
  KesselWindow *window;
  KesselNewGameDialog *dialog;
  KesselGame *game;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  dialog = kessel_window_show_new_game_dialog (window);
  g_assert_nonnull (dialog);
  kessel_new_game_dialog_set_seed (dialog, 42);
  kessel_new_game_dialog_set_option (dialog, "flat-river-crossing", TRUE);
  screenshot (dialog, "00-new-game-dialog");
  kessel_new_game_dialog_start (dialog);
  settle ();
  game = kessel_window_get_game (window);
  g_assert_cmpuint (kessel_game_get_seed (game), ==, 42);
  g_assert_true (kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION));
  g_assert_true (kessel_game_get_option (game, "flat-river-crossing"));
  g_assert_false (kessel_scenario_option_enabled (kessel_game_get_scenario (game), "flat-river-crossing"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_play_save_and_load (void)
{
  KesselWindow *window, *second;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  play_setup (window);
  g_assert_true (kessel_window_is_game_dirty (window));
  {
    g_autofree char *name = kessel_window_suggest_game_name (window);
    g_assert_cmpstr (name, ==, "First Panzer Army.kesselgame");
  }
  dir = g_dir_make_tmp ("kessel-play-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.kesselgame", NULL);
  g_assert_true (kessel_window_save_game (window, path, &error));
  g_assert_no_error (error);
  g_assert_false (kessel_window_is_game_dirty (window));
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "game.kesselgame"));
  {
    g_autofree char *name = kessel_window_suggest_game_name (window);
    g_assert_cmpstr (name, ==, "game.kesselgame");
  }
  /* Another scenario's game is named after it. */
  {
    g_autofree char *prut = g_build_filename (g_getenv ("KESSEL_DATADIR"), "scenarios", "crossing-the-prut.kessel", NULL);
    g_autofree char *name = NULL;
    KesselWindow *other = kessel_window_new (app);

    g_assert_true (kessel_window_open_file (other, prut, &error));
    g_assert_no_error (error);
    kessel_window_new_game (other, SEED);
    name = kessel_window_suggest_game_name (other);
    g_assert_cmpstr (name, ==, "Crossing the Prut.kesselgame");
    gtk_window_destroy (GTK_WINDOW (other));
  }

  second = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (second, path, &error));
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (kessel_window_get_game (window), kessel_window_get_game (second)));

  /* Saved and opened games are offered again under Open Recent. */
  {
    g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
    gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

    /* The desktop's list is written asynchronously. */
    while (!gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri)
           && g_get_monotonic_time () < deadline)
      {
        g_main_context_iteration (NULL, FALSE);
        g_usleep (10000);
      }
    g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri));
    g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "open-recent"));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (second));
  g_unlink (path);
  g_rmdir (dir);
}

static GtkWindow *
find_dialog (KesselWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);
      if (GTK_IS_MESSAGE_DIALOG (other) && gtk_window_get_transient_for (other) == GTK_WINDOW (window))
        return other;
    }
  return NULL;
}

static GtkFileChooser *
shown_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (other) && gtk_widget_get_visible (GTK_WIDGET (other)))
        return GTK_FILE_CHOOSER (other);
    }
  return NULL;
}

/* The folder Save Game As opens in; the chooser is cancelled. */
static char *
save_as_folder (KesselWindow *window)
{
  GtkFileChooser *chooser;
  g_autoptr(GFile) folder = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-game-as", NULL);
  settle ();
  chooser = shown_chooser ();
  g_assert_nonnull (chooser);
  folder = gtk_file_chooser_get_current_folder (chooser);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  settle ();
  return folder != NULL ? g_file_get_path (folder) : NULL;
}

/* Save Game As opens in a Kessel folder of the user's documents, made if
 * missing, and once the game has a file, in that file's folder. */
static void
test_play_save_as_folder (void)
{
  KesselWindow *window;
  g_autofree char *games = g_build_filename (g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS), "Kessel", NULL);
  g_autofree char *first = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *second = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = g_object_ref_sink (new_game_window ());
  first = save_as_folder (window);
  g_assert_cmpstr (first, ==, games);
  g_assert_true (g_file_test (games, G_FILE_TEST_IS_DIR));

  dir = g_dir_make_tmp ("kessel-save-as-XXXXXX", NULL);
  path = g_build_filename (dir, "game.kesselgame", NULL);
  g_assert_true (kessel_window_save_game (window, path, &error));
  g_assert_no_error (error);
  second = save_as_folder (window);
  g_assert_cmpstr (second, ==, dir);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Closing with unsaved moves asks; Cancel keeps the window. */
static void
test_play_close_asks (void)
{
  KesselWindow *window;
  GtkWindow *dialog;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = g_object_ref_sink (new_game_window ());
  g_assert_true (kessel_window_is_game_dirty (window));
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  screenshot (dialog, "07-close-asks");
  gtk_dialog_response (GTK_DIALOG (dialog), 0 /* cancel */);
  settle ();

  /* A new game does not replace this one without asking either. */
  {
    KesselGame *before = kessel_window_get_game (window);
    g_action_group_activate_action (G_ACTION_GROUP (window), "new-game", NULL);
    settle ();
    dialog = find_dialog (window);
    g_assert_nonnull (dialog);
    gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
    settle ();
    g_assert_true (kessel_window_get_game (window) == before);
  }
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), 0 /* cancel */);
  settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  gtk_window_close (GTK_WINDOW (window));
  settle ();
  gtk_dialog_response (GTK_DIALOG (find_dialog (window)), 1 /* close without saving */);
  settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_object_unref (window);
}

/* Game ▸ Quit with moves not saved, and Close Without Saving: the window
 * goes while its dialog answers, and nothing is left pointing at it. */
static void
test_play_quit_without_saving (void)
{
  KesselWindow *window;
  GtkWindow *dialog;
  GObject *weak;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  weak = G_OBJECT (window);
  g_object_add_weak_pointer (weak, (gpointer *) &weak);
  play_setup (window);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  settle ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), 1 /* close without saving */);
  settle ();
  g_assert_null (weak);
}

/* An autosave left by a process that did not end cleanly is offered back. */
static void
test_play_autosave_offered (void)
{
  KesselWindow *window, *second;
  g_autofree char *path = kessel_window_get_autosave_path ();
  GtkWindow *dialog;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = new_game_window ();
  play_setup (window);   /* ends set-up: the phase changes, so the game is saved */
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  second = kessel_window_new (app);
  gtk_window_present (GTK_WINDOW (second));
  kessel_window_offer_autosave (second);
  settle ();
  dialog = find_dialog (second);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_YES);
  settle ();
  g_assert_nonnull (kessel_window_get_game (second));
  g_assert_true (kessel_game_equal (kessel_window_get_game (window), kessel_window_get_game (second)));
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (second));
  g_unlink (path);
}

static gboolean
same_units (const int *a, int n_a, const int *b, int n_b)
{
  if (n_a != n_b)
    return FALSE;
  for (int i = 0; i < n_a; i++)
    {
      gboolean found = FALSE;
      for (int j = 0; j < n_b && !found; j++)
        found = a[i] == b[j];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* Clicks on the stack until exactly the action's units are selected. */
static gboolean
click_select (KesselPlayPanel *panel, KesselGame *game, const KesselAction *action)
{
  int hex = kessel_game_get_piece_hex (game, action->units[0]);

  kessel_play_panel_cancel (panel);
  for (int clicks = 0; clicks < KESSEL_ACTION_MAX_UNITS + 2; clicks++)
    {
      int n;
      const int *selected;

      kessel_play_panel_activate_hex (panel, hex);
      selected = kessel_play_panel_get_selection (panel, &n);
      if (same_units (selected, n, action->units, action->n_units))
        return TRUE;
    }
  return FALSE;
}

/* Puts the attack together by clicks: the target, then the attacking hexes
 * whose units are to be left out or taken in. */
static gboolean
click_attack (KesselPlayPanel *panel, KesselGame *game, const KesselAction *action)
{
  KesselAction draft;

  kessel_play_panel_cancel (panel);
  kessel_play_panel_activate_hex (panel, action->hex);
  for (int round = 0; round < 3; round++)
    {
      if (!kessel_play_panel_get_draft (panel, &draft))
        return FALSE;
      if (same_units (draft.units, draft.n_units, action->units, action->n_units))
        break;
      for (int u = 0; u < draft.n_units; u++)
        {
          gboolean wanted = FALSE;
          for (int v = 0; v < action->n_units; v++)
            wanted |= draft.units[u] == action->units[v];
          if (!wanted)
            {
              kessel_play_panel_activate_hex (panel, kessel_game_get_piece_hex (game, draft.units[u]));
              break;
            }
        }
      if (kessel_play_panel_get_draft (panel, &draft)
          && !same_units (draft.units, draft.n_units, action->units, action->n_units))
        for (int v = 0; v < action->n_units; v++)
          {
            gboolean present = FALSE;
            for (int u = 0; u < draft.n_units; u++)
              present |= draft.units[u] == action->units[v];
            if (!present)
              {
                kessel_play_panel_activate_hex (panel, kessel_game_get_piece_hex (game, action->units[v]));
                break;
              }
          }
    }
  if (!kessel_play_panel_get_draft (panel, &draft)
      || !same_units (draft.units, draft.n_units, action->units, action->n_units))
    return FALSE;
  kessel_play_panel_set_attack_support (panel, action->cas, action->support >= 0);
  return kessel_play_panel_attack (panel);
}

/* Plays one action the way a player would, by clicks on the map and the
 * panel's buttons; FALSE when no clicks give exactly this action. */
static gboolean
play_by_clicks (KesselWindow *window, const KesselAction *action)
{
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);
  KesselGame *game = kessel_window_get_game (window);
  int before = kessel_game_get_n_actions (game);

  switch (action->type)
    {
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_ENTER:
    case KESSEL_ACTION_RETREAT:
      kessel_play_panel_select_subject (panel, action->units[0]);
      kessel_play_panel_activate_hex (panel, action->hex);
      break;
    case KESSEL_ACTION_KG:
      kessel_play_panel_select_subject (panel, -1 - action->value);
      kessel_play_panel_activate_hex (panel, action->hex);
      break;
    case KESSEL_ACTION_MOVE:
      if (click_select (panel, game, action))
        kessel_play_panel_activate_hex (panel, action->path[action->path_length - 1]);
      break;
    case KESSEL_ACTION_EXIT:
      if (click_select (panel, game, action))
        kessel_play_panel_leave_map (panel);
      break;
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_PROBE:
      click_attack (panel, game, action);
      break;
    case KESSEL_ACTION_END:
      kessel_play_panel_end_part (panel);
      break;
    case KESSEL_ACTION_ORDER:
    case KESSEL_ACTION_DEFEND:
    case KESSEL_ACTION_LOSS:
    case KESSEL_ACTION_ADVANCE:
    case KESSEL_ACTION_ELIMINATE:
    case KESSEL_N_ACTION_TYPES:
    default:
      kessel_play_panel_press_action (panel, action);
      break;
    }
  return kessel_game_get_n_actions (game) == before + 1
         && kessel_action_equal (kessel_game_get_action (game, before), action);
}

/* A whole game: kessel-cli plays it at random and saves it; the window plays
 * every one of the same actions by clicks on the map and the panel's buttons,
 * and ends with the same verdict and the same game. */
static void
test_play_whole_game_as_cli (void)
{
  g_autofree char *cli = g_test_build_filename (G_TEST_BUILT, "..", "src", "cli", "kessel-cli", NULL);
  g_autofree char *scenario_path = kessel_application_find_default_scenario ();
  g_autofree char *dir = g_dir_make_tmp ("kessel-whole-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "cli.kesselgame", NULL);
  g_autoptr(KesselGame) cli_game = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { cli, "play", scenario_path, "--seed", "5", "--save", saved, NULL };
  g_autoptr(GHashTable) kinds_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  KesselWindow *window;
  KesselGame *game;
  int status = 0;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  cli_game = kessel_game_load_file (saved, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_is_over (cli_game));

  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, scenario_path, &error));
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_new_game (window, 5);
  kessel_play_panel_set_fog_of_war (kessel_window_get_play_panel (window), FALSE);
  for (int i = 0; i < kessel_game_get_n_actions (cli_game); i++)
    {
      g_autofree char *text = kessel_game_action_to_string (cli_game, kessel_game_get_action (cli_game, i));
      KesselGame *now = kessel_window_get_game (window);
      g_autofree char *kind = g_strdup_printf ("09-kind-%s-%d-%d", kessel_phase_to_string (kessel_game_get_phase (now)),
                                               kessel_game_get_segment (now), kessel_game_get_wait (now));

      /* A picture of the first moment of each kind the game waits in. */
      if (g_hash_table_add (kinds_seen, g_strdup (kind)))
        screenshot (window, kind);
      if (!play_by_clicks (window, kessel_game_get_action (cli_game, i)))
        {
          g_autofree char *got = kessel_game_get_n_actions (now) > i
                                 ? kessel_game_action_to_string (now, kessel_game_get_action (now, i))
                                 : g_strdup ("nothing");
          g_error ("action %d \"%s\" could not be played by clicks (they gave %s)", i, text, got);
        }
      g_assert_cmpint (kessel_game_get_n_actions (kessel_window_get_game (window)), ==, i + 1);
    }
  settle ();
  game = kessel_window_get_game (window);
  screenshot (window, "08-game-over");
  g_assert_true (kessel_game_is_over (game));
  g_assert_cmpint (kessel_game_get_verdict (game), ==, kessel_game_get_verdict (cli_game));
  g_assert_cmpint (kessel_game_get_vp (game), ==, kessel_game_get_vp (cli_game));
  g_assert_true (kessel_game_equal (game, cli_game));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (saved);
  g_rmdir (dir);
}

/* The program is killed while a game is open; the next start offers the
 * game back, as it stood. */
static void
test_play_autosave_after_kill (void)
{
  g_autofree char *program = g_test_build_filename (G_TEST_BUILT, "..", "src", "app", "kessel", NULL);
  g_autofree char *autosave = kessel_window_get_autosave_path ();
  g_autofree char *dir = g_dir_make_tmp ("kessel-kill-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "mid-phase.kesselgame", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[] = { program, saved, NULL };
  KesselWindow *window;
  GtkWindow *dialog;
  GPid pid;
  gint64 deadline;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  /* A game in the middle of the Soviet player's first movement. */
  window = new_game_window ();
  play_setup (window);
  take_seat (window);
  g_assert_true (kessel_window_save_game (window, saved, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (autosave);

  /* The same XDG_DATA_HOME as this process, so the same autosave file. */
  g_assert_true (g_spawn_async (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD
                                | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (!g_file_test (autosave, G_FILE_TEST_IS_REGULAR) && g_get_monotonic_time () < deadline)
    g_usleep (50000);
  kill (pid, SIGKILL);
  g_spawn_close_pid (pid);
  g_assert_true (g_file_test (autosave, G_FILE_TEST_IS_REGULAR));

  window = kessel_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_offer_autosave (window);
  settle ();
  dialog = find_dialog (window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_YES);
  settle ();
  {
    g_autoptr(KesselGame) expected = kessel_game_load_file (saved, &error);
    g_assert_no_error (error);
    g_assert_nonnull (kessel_window_get_game (window));
    g_assert_true (kessel_game_equal (expected, kessel_window_get_game (window)));
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (autosave);
  g_unlink (saved);
  g_rmdir (dir);
}

/* 13.2-4: the odds shown before an attack cap the Soviet artillery in
 * defence, as the combat does: a 1-1 rifle corps with an artillery division
 * of defence 2, attacked by 8, shows 8 to 2, the capped factor and its rule. */
static void
test_play_odds_cap_artillery_in_defence (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "rules", "fixtures", "rules.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  GtkWidget *map_view, *panel;
  const KesselGrid *grid;
  const char *odds;
  KesselAction action;

  if (!have_display)
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  scenario = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);
  grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  game = kessel_game_new_position (scenario, 1, 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    kessel_game_set_piece (game, p, KESSEL_HEX_NONE, kessel_game_get_piece_full_steps (game, p));
  g_assert_true (kessel_game_action_from_string (game, "order fight-move", &action, NULL));
  g_assert_true (kessel_game_apply (game, &action, NULL));
  kessel_game_set_piece (game, kessel_game_find_piece (game, "sov-art"), kessel_grid_hex_from_number (grid, 606), 1);
  kessel_game_set_piece (game, kessel_game_find_piece (game, "sov-60r"), kessel_grid_hex_from_number (grid, 606), 1);
  kessel_game_set_piece (game, kessel_game_find_piece (game, "ger-16pz"), kessel_grid_hex_from_number (grid, 605), 4);
  kessel_game_set_piece (game, kessel_game_find_piece (game, "ger-509"), kessel_grid_hex_from_number (grid, 605), 1);
  kessel_game_set_piece (game, kessel_game_find_piece (game, "ger-bn"), kessel_grid_hex_from_number (grid, 605), 1);

  map_view = g_object_ref_sink (kessel_map_view_new ());
  panel = g_object_ref_sink (kessel_play_panel_new (KESSEL_MAP_VIEW (map_view)));
  kessel_play_panel_set_fog_of_war (KESSEL_PLAY_PANEL (panel), FALSE);
  kessel_play_panel_set_game (KESSEL_PLAY_PANEL (panel), game);
  if (kessel_play_panel_is_waiting_for_handover (KESSEL_PLAY_PANEL (panel)))
    kessel_play_panel_take_seat (KESSEL_PLAY_PANEL (panel));
  g_assert_true (kessel_play_panel_activate_hex (KESSEL_PLAY_PANEL (panel), kessel_grid_hex_from_number (grid, 606)));
  odds = kessel_play_panel_get_odds_text (KESSEL_PLAY_PANEL (panel));
  g_test_message ("%s", odds);
  g_assert_nonnull (strstr (odds, "Attack 8"));
  g_assert_nonnull (strstr (odds, "Defence 2"));
  g_assert_nonnull (strstr (odds, "(13.2)"));
  g_assert_nonnull (strstr (odds, "4:1"));
  kessel_play_panel_set_game (KESSEL_PLAY_PANEL (panel), NULL);
  g_object_unref (panel);
  g_object_unref (map_view);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_autofree char *data_home = NULL;
  g_autofree char *config_home = NULL;
  g_autofree char *user_dirs = NULL;
  g_autofree char *user_dirs_text = NULL;

  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (NULL);
  /* With KESSEL_LOCALEDIR and LANGUAGE set, the pictures are in that language. */
  if (g_getenv ("KESSEL_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KESSEL_LOCALEDIR"));
      textdomain (GETTEXT_PACKAGE);
    }
  /* The automatic save goes to the user's data folder: a private one here. */
  data_home = g_dir_make_tmp ("kessel-play-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  /* Saved games go to the user's documents: a private folder here too. */
  config_home = g_dir_make_tmp ("kessel-play-config-XXXXXX", NULL);
  user_dirs = g_build_filename (config_home, "user-dirs.dirs", NULL);
  user_dirs_text = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s/Documents\"\n", data_home);
  g_assert_true (g_file_set_contents (user_dirs, user_dirs_text, -1, NULL));
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
  have_display = gtk_init_check ();
  if (have_display)
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  g_test_add_func ("/app/play/setup-move-attack", test_play_setup_move_attack);
  g_test_add_func ("/app/play/odds-cap-artillery-in-defence", test_play_odds_cap_artillery_in_defence);
  g_test_add_func ("/app/play/save-and-load", test_play_save_and_load);

  g_test_add_func ("/app/play/fog-of-war-hand-over", test_play_fog_of_war_hand_over);
  g_test_add_func ("/app/play/fog-of-war-load", test_play_fog_of_war_load);
  g_test_add_func ("/app/play/fog-of-war-enemy-attack", test_play_fog_of_war_enemy_attack);
  g_test_add_func ("/app/play/unreachable-hex-explained", test_play_unreachable_hex_explained);
  g_test_add_func ("/app/play/layout-fits", test_play_layout_fits);
  g_test_add_func ("/app/play/fog-of-war-unit-panes", test_play_fog_of_war_unit_panes);
  g_test_add_func ("/app/play/new-game-dialog", test_play_new_game_dialog);
  g_test_add_func ("/app/play/close-asks", test_play_close_asks);
  g_test_add_func ("/app/play/save-as-folder", test_play_save_as_folder);
  g_test_add_func ("/app/play/quit-without-saving", test_play_quit_without_saving);
  g_test_add_func ("/app/play/autosave-offered", test_play_autosave_offered);
  g_test_add_func ("/app/play/autosave-after-kill", test_play_autosave_after_kill);
  g_test_add_func ("/app/play/whole-game-as-cli", test_play_whole_game_as_cli);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
