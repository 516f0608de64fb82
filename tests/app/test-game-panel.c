/* test-game-panel.c: the game panel and the log view following games of the
 * shipped scenario played by random legal actions. Needs a display; without
 * one every test is skipped. */
#include "kessel-config.h"

#include <string.h>

#include "kessel-application.h"
#include "kessel-game-panel.h"
#include "kessel-game-text.h"
#include "kessel-log-item.h"
#include "kessel-log-view.h"

#define SEED 4711
#define PLAYER_SEED 99
#define LONG_PLAY_ACTIONS 2000

static gboolean have_display;
static KesselScenario *scenario;

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
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates for about ms milliseconds, so that frames are laid out and drawn. */
static void
run_frames (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  guint wake_id = g_timeout_add (10, keep_waking, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  settle ();
}

static GtkWindow *
window_with (GtkWidget *child,
             int        width,
             int        height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  run_frames (100);
  return window;
}

static KesselGame *
new_game (guint64 seed)
{
  return kessel_game_new (scenario, seed);
}

/* Applies one random legal action; FALSE once the game is over. */
static gboolean
play_one (KesselGame *game,
          KesselDice *player)
{
  KesselAction action;
  g_autoptr(GError) error = NULL;

  if (kessel_game_is_over (game))
    return FALSE;
  g_assert_true (kessel_game_random_action (game, player, &action));
  g_assert_true (kessel_game_apply (game, &action, &error));
  g_assert_no_error (error);
  return TRUE;
}

/* Widgets */

static void
collect_with_class (GtkWidget  *root,
                    const char *css_class,
                    GPtrArray  *found)
{
  if (gtk_widget_has_css_class (root, css_class))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_with_class (child, css_class, found);
}

static GPtrArray *
with_class (GtkWidget  *root,
            const char *css_class)
{
  GPtrArray *found = g_ptr_array_new ();

  collect_with_class (root, css_class, found);
  return found;
}

static guint
count_with_class (GtkWidget  *root,
                  const char *css_class)
{
  g_autoptr(GPtrArray) found = with_class (root, css_class);
  guint visible = 0;

  for (guint i = 0; i < found->len; i++)
    visible += gtk_widget_get_visible (found->pdata[i]);
  return visible;
}

/* The text of the only widget with css_class, a label or a box led by one. */
static const char *
only_label_text (GtkWidget  *root,
                 const char *css_class)
{
  g_autoptr(GPtrArray) found = with_class (root, css_class);
  GtkWidget *widget;

  g_assert_cmpuint (found->len, ==, 1);
  widget = found->pdata[0];
  if (!GTK_IS_LABEL (widget))
    widget = gtk_widget_get_first_child (widget);
  g_assert_true (GTK_IS_LABEL (widget));
  return gtk_label_get_text (GTK_LABEL (widget));
}

static gboolean
has_visible_label (GtkWidget  *root,
                   const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_is_visible (root)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_visible_label (child, text))
      return TRUE;
  return FALSE;
}

/* The game panel */

static void
assert_panel_shows (KesselGamePanel *panel,
                    KesselGame      *game)
{
  GtkWidget *root = GTK_WIDGET (panel);
  int turns = kessel_scenario_get_turns (scenario);
  KesselPhase phase = kessel_game_get_phase (game);
  g_autofree char *turn_text = g_strdup_printf ("%d of %d", kessel_game_get_turn (game), turns);
  g_autofree char *vp_text = g_strdup_printf ("%d VP", kessel_game_get_vp (game));
  g_autofree char *cas = g_strdup_printf ("%d CAS markers, %d committed, %d left",
                                          kessel_game_get_cas_total (game),
                                          kessel_game_get_cas_total (game) - kessel_game_get_cas_left (game),
                                          kessel_game_get_cas_left (game));

  if (phase != KESSEL_PHASE_SETUP)
    g_assert_cmpstr (kessel_game_panel_get_turn_text (panel), ==, turn_text);
  g_assert_cmpstr (kessel_game_panel_get_vp_text (panel), ==, vp_text);

  if (phase > KESSEL_PHASE_SETUP && phase < KESSEL_PHASE_GAME_OVER)
    {
      g_autofree char *current = g_strdup_printf ("%d", kessel_game_get_turn (game));
      const char *shown = kessel_game_panel_get_phase_text (panel);

      g_assert_nonnull (strstr (shown, kessel_phase_numeral (phase)));
      g_assert_nonnull (strstr (shown, kessel_game_text_phase_name (phase)));
      g_assert_cmpstr (only_label_text (root, "game-panel-turn-current"), ==, current);
      g_assert_cmpstr (only_label_text (root, "game-panel-phase-current"), ==, kessel_phase_numeral (phase));
    }

  g_assert_cmpuint (count_with_class (root, "game-panel-turn"), ==, turns);
  g_assert_cmpuint (count_with_class (root, "game-panel-cas-token"), ==, kessel_game_get_cas_total (game));
  g_assert_cmpuint (count_with_class (root, "game-panel-cas-used"), ==,
                    kessel_game_get_cas_total (game) - kessel_game_get_cas_left (game));
  if (kessel_game_get_air_superiority (game) != KESSEL_SIDE_NONE)
    {
      g_assert_nonnull (strstr (kessel_game_panel_get_air_text (panel), cas));
      g_assert_nonnull (strstr (kessel_game_panel_get_air_text (panel),
                                kessel_side_display_name (kessel_game_get_air_superiority (game))));
    }
}

/* The tooltip of a turn's box names its weather and the corps coming back. */
static void
assert_turn_track (KesselGamePanel *panel,
                   KesselGame      *game)
{
  g_autoptr(GPtrArray) cells = with_class (GTK_WIDGET (panel), "game-panel-turn");
  int now = kessel_game_get_turn (game);

  for (guint i = 0; i < cells->len; i++)
    {
      int turn = (int) i + 1;
      int weather = kessel_game_get_turn_weather (game, turn);
      const char *tooltip = gtk_widget_get_tooltip_text (cells->pdata[i]);

      if (weather >= 0)
        g_assert_nonnull (strstr (tooltip, kessel_game_text_weather_name (weather)));
      for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
        if (kessel_game_get_piece_status (game, p) == KESSEL_PIECE_RETURNING
            && MAX (kessel_game_get_piece_return_turn (game, p), now) == turn)
          g_assert_nonnull (strstr (tooltip, kessel_unit_get_name (kessel_game_get_piece_unit (game, p))));
    }
}

/* The window's side column is about 300 pixels wide. */
static void
assert_fits_side_column (GtkWidget *widget)
{
  int minimum, height;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 280);
  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, 300, &height, NULL, NULL, NULL);
  g_test_message ("%s at 300 pixels wide: %d high", G_OBJECT_TYPE_NAME (widget), height);
}

static void
test_panel_without_game (void)
{
  KesselGamePanel *panel;
  GtkWindow *window;
  KesselGame *game;

  if (!need_display ())
    return;

  panel = KESSEL_GAME_PANEL (kessel_game_panel_new ());
  window = window_with (GTK_WIDGET (panel), 320, 800);
  g_assert_null (kessel_game_panel_get_game (panel));
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "No game in progress."));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-turn"), ==, 0);

  game = new_game (SEED);
  kessel_game_panel_set_game (panel, game);
  g_assert_true (kessel_game_panel_get_game (panel) == game);
  g_assert_false (has_visible_label (GTK_WIDGET (panel), "No game in progress."));
  g_assert_cmpstr (kessel_game_panel_get_phase_text (panel), ==, "Set-up (3.2)");
  kessel_game_panel_set_game (panel, NULL);
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "No game in progress."));
  g_object_unref (game);

  gtk_window_destroy (window);
}

/* Every action of the first four turns, checked as the player would see it. */
static void
test_panel_follows_play (void)
{
  g_autoptr(KesselGame) game = new_game (SEED);
  KesselGamePanel *panel;
  GtkWindow *window;
  KesselDice player;
  gboolean saw_committed = FALSE, saw_storm_or_frost = FALSE;

  if (!need_display ())
    return;

  panel = KESSEL_GAME_PANEL (kessel_game_panel_new ());
  window = window_with (GTK_WIDGET (panel), 320, 1000);
  kessel_game_panel_set_game (panel, game);
  kessel_dice_init (&player, PLAYER_SEED);
  assert_panel_shows (panel, game);

  while (kessel_game_get_turn (game) < 5)
    {
      g_assert_true (play_one (game, &player));
      assert_panel_shows (panel, game);
      saw_committed |= kessel_game_get_cas_left (game) < kessel_game_get_cas_total (game);
      saw_storm_or_frost |= kessel_game_get_weather (game) != KESSEL_WEATHER_THAW;
    }
  assert_turn_track (panel, game);
  g_assert_cmpstr (kessel_game_panel_get_turn_text (panel), ==, "5 of 8");
  /* The random players commit CAS markers and the weather turns, so both
   * kinds of marker were shown above. */
  g_assert_true (saw_committed);
  g_assert_true (saw_storm_or_frost);
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-turn-played"), ==, 4);
  run_frames (50);
  assert_fits_side_column (GTK_WIDGET (panel));

  gtk_window_destroy (window);
}

static void
test_panel_game_over (void)
{
  g_autoptr(KesselGame) game = new_game (SEED + 1);
  KesselGamePanel *panel;
  GtkWindow *window;
  KesselDice player;
  int returns_seen = 0;

  if (!need_display ())
    return;

  panel = KESSEL_GAME_PANEL (kessel_game_panel_new ());
  window = window_with (GTK_WIDGET (panel), 320, 1000);
  kessel_game_panel_set_game (panel, game);
  kessel_dice_init (&player, PLAYER_SEED);
  g_assert_cmpstr (kessel_game_panel_get_verdict_text (panel), ==, "");

  while (play_one (game, &player))
    if (kessel_game_get_phase (game) == KESSEL_PHASE_ADMINISTRATIVE
        || kessel_game_get_phase (game) == KESSEL_PHASE_REPLACEMENT)
      {
        assert_turn_track (panel, game);
        returns_seen += count_with_class (GTK_WIDGET (panel), "game-panel-return") > 0;
      }

  assert_panel_shows (panel, game);
  assert_turn_track (panel, game);
  g_assert_cmpint (kessel_game_get_verdict (game), !=, KESSEL_VERDICT_NONE);
  g_assert_cmpstr (kessel_game_panel_get_verdict_text (panel), ==,
                   kessel_game_text_verdict_name (kessel_game_get_verdict (game)));
  g_assert_cmpstr (kessel_game_panel_get_phase_text (panel), ==, "Game over");
  /* What the VP gave, not what more they would need. */
  g_assert_nonnull (strstr (kessel_game_panel_get_standing_text (panel),
                            kessel_game_text_verdict_name (kessel_game_get_verdict (game))));
  g_assert_null (strstr (kessel_game_panel_get_standing_text (panel), "more VP"));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-turn-current"), ==, 0);
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-turn-played"), ==,
                    kessel_scenario_get_turns (scenario));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-phase-done"), ==, 12);
  g_assert_cmpint (returns_seen, >, 0);
  run_frames (50);

  gtk_window_destroy (window);
}

static int
hex_number (int number)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));

  return kessel_grid_hex_from_number (grid, number);
}

static void
test_panel_kg_and_air (void)
{
  KesselGamePanel *panel;
  GtkWindow *window;
  KesselGame *game;

  if (!need_display ())
    return;

  panel = KESSEL_GAME_PANEL (kessel_game_panel_new ());
  window = window_with (GTK_WIDGET (panel), 320, 1000);

  game = kessel_game_new_position (scenario, SEED, 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_FROST);
  kessel_game_panel_set_game (panel, game);
  g_assert_false (kessel_game_kg_available (game));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-kg-name"), ==, 3);
  g_assert_false (has_visible_label (GTK_WIDGET (panel), "Breith"));
  g_object_unref (game);

  /* Breith far behind the German lines keeps its bonus; in a Storm none does. */
  game = kessel_game_new_position (scenario, SEED, 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_FROST);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, hex_number (2219));
  kessel_game_set_air (game, KESSEL_SIDE_GERMAN, 4);
  kessel_game_panel_set_game (panel, game);
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "Breith"));
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "2219"));
  g_assert_true (has_visible_label (GTK_WIDGET (panel),
                                    kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH)
                                      ? "traffic bonus (12.4)"
                                      : "no bonus: Soviet ZOC (12.4-3)"));
  /* Past phase III, the markers not placed wait for the next turn. */
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "not placed"));
  g_assert_false (has_visible_label (GTK_WIDGET (panel), "available"));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-cas-token"), ==, 4);
  g_assert_cmpstr (kessel_game_panel_get_air_text (panel), ==,
                   "German air superiority: 4 CAS markers, 0 committed, 4 left.");
  g_object_unref (game);

  game = kessel_game_new_position (scenario, SEED, 3, KESSEL_PHASE_KG, KESSEL_WEATHER_THAW);
  kessel_game_panel_set_game (panel, game);
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "available"));
  g_object_unref (game);

  game = kessel_game_new_position (scenario, SEED, 3, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_STORM);
  kessel_game_set_kg (game, KESSEL_KG_GOLNICK, hex_number (2219));
  kessel_game_panel_set_game (panel, game);
  g_assert_false (kessel_game_kg_traffic_active (game, KESSEL_KG_GOLNICK));
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "no bonus: Storm (12.4-2)"));
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-cas-token"), ==, 0);
  kessel_game_set_air (game, KESSEL_SIDE_SOVIET, 3);
  kessel_game_panel_set_game (panel, NULL);
  kessel_game_panel_set_game (panel, game);
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-cas-token"), ==, 3);
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-cas-grounded"), ==, 3);
  g_assert_cmpuint (count_with_class (GTK_WIDGET (panel), "game-panel-cas-used"), ==, 0);
  g_assert_true (has_visible_label (GTK_WIDGET (panel), "3 CAS markers, grounded by the Storm (13.3)."));
  kessel_game_panel_set_game (panel, NULL);
  g_object_unref (game);

  gtk_window_destroy (window);
}

/* The log view */

static guint
expected_headings (KesselGame *game)
{
  guint headings = 0;

  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (game, i);
      const KesselLogEntry *before = i > 0 ? kessel_game_get_log (game, i - 1) : NULL;

      headings += before == NULL || before->turn != entry->turn || before->phase != entry->phase;
    }
  return headings;
}

static guint
n_rows (KesselLogView *view)
{
  return g_list_model_get_n_items (G_LIST_MODEL (kessel_log_view_get_model (view)));
}

static void
assert_rows_count (KesselLogView *view,
                   KesselGame    *game)
{
  g_assert_cmpuint (n_rows (view), ==, kessel_game_get_n_log (game) + expected_headings (game));
}

/* Row by row: each heading names the turn and phase of the entries after it,
 * and the entries are the log's, in order, with their dice. */
static void
assert_rows_match (KesselLogView *view,
                   KesselGame    *game)
{
  GListModel *model = G_LIST_MODEL (kessel_log_view_get_model (view));
  int entry = 0;

  assert_rows_count (view, game);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(KesselLogItem) item = g_list_model_get_item (model, i);

      if (kessel_log_item_is_heading (item))
        {
          const KesselLogEntry *next = kessel_game_get_log (game, entry);
          g_autofree char *heading = kessel_game_text_phase_heading (next->turn, next->phase);

          g_assert_cmpstr (kessel_log_item_get_text (item), ==, heading);
        }
      else
        {
          const KesselLogEntry *log = kessel_game_get_log (game, entry++);

          g_assert_cmpstr (kessel_log_item_get_text (item), ==, log->text);
          g_assert_cmpint (kessel_log_item_get_die (item), ==, log->die);
          g_assert_cmpint (kessel_log_item_get_side (item), ==, log->side);
        }
    }
  g_assert_cmpint (entry, ==, kessel_game_get_n_log (game));
}

static void
test_log_rows (void)
{
  g_autoptr(KesselGame) game = new_game (SEED);
  KesselLogView *view;
  GtkWindow *window;
  KesselDice player;

  if (!need_display ())
    return;

  view = KESSEL_LOG_VIEW (kessel_log_view_new ());
  window = window_with (GTK_WIDGET (view), 320, 600);
  kessel_log_view_set_game (view, game);
  assert_rows_match (view, game);
  g_assert_cmpuint (n_rows (view), >, 0);

  kessel_dice_init (&player, PLAYER_SEED);
  for (int i = 0; i < 150; i++)
    {
      play_one (game, &player);
      assert_rows_count (view, game);
    }
  assert_rows_match (view, game);
  run_frames (50);
  assert_fits_side_column (GTK_WIDGET (view));

  kessel_log_view_set_game (view, NULL);
  g_assert_cmpuint (n_rows (view), ==, 0);
  gtk_window_destroy (window);
}

static gboolean
is_move (const KesselAction *action)
{
  return action->type == KESSEL_ACTION_MOVE;
}

static void
test_log_undo (void)
{
  g_autoptr(KesselGame) game = new_game (SEED);
  KesselLogView *view;
  GtkWindow *window;
  KesselDice player;
  int undone = 0;

  if (!need_display ())
    return;

  view = KESSEL_LOG_VIEW (kessel_log_view_new ());
  window = window_with (GTK_WIDGET (view), 320, 600);
  kessel_log_view_set_game (view, game);
  kessel_dice_init (&player, PLAYER_SEED);

  while (undone < 5 && !kessel_game_is_over (game))
    {
      KesselAction action;
      g_autoptr(GError) error = NULL;
      guint before;

      g_assert_true (kessel_game_random_action (game, &player, &action));
      before = n_rows (view);
      g_assert_true (kessel_game_apply (game, &action, &error));
      if (!is_move (&action) || !kessel_game_can_undo (game))
        continue;

      g_assert_cmpuint (n_rows (view), >, before);
      g_assert_true (kessel_game_undo (game, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (n_rows (view), ==, before);
      assert_rows_match (view, game);
      run_frames (20);
      undone++;
    }
  g_assert_cmpint (undone, ==, 5);

  gtk_window_destroy (window);
}

static gboolean
adjustment_at_end (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - 4;
}

static GtkAdjustment *
log_adjustment (KesselLogView *view)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view));

  g_assert_true (GTK_IS_SCROLLED_WINDOW (child));
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (child));
}

/* Whether a row showing text lies within the visible part of the list. A
 * row the list keeps for reuse may hold old text, unmapped and of no
 * height: it is not in sight. */
static gboolean
row_in_sight (GtkWidget  *list,
              GtkWidget  *root,
              const char *text)
{
  graphene_rect_t bounds;

  if (GTK_IS_LABEL (root) && gtk_widget_has_css_class (root, "log-view-text")
      && gtk_widget_get_mapped (root)
      && gtk_widget_get_child_visible (gtk_widget_get_parent (gtk_widget_get_parent (root)))
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0
      && gtk_widget_compute_bounds (root, list, &bounds))
    return bounds.size.height > 0 && bounds.origin.y >= 0
           && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list) + 1;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (row_in_sight (list, child, text))
      return TRUE;
  return FALSE;
}

static gboolean
entry_in_sight (KesselLogView *view,
                KesselGame    *game,
                int            index)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (view));
  GtkWidget *list = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));

  return row_in_sight (list, list, kessel_game_get_log (game, index)->text);
}

static void
test_log_follows_end (void)
{
  g_autoptr(KesselGame) game = new_game (SEED);
  KesselLogView *view;
  GtkWindow *window;
  GtkAdjustment *adjustment;
  KesselDice player;
  double held;

  if (!need_display ())
    return;

  view = KESSEL_LOG_VIEW (kessel_log_view_new ());
  window = window_with (GTK_WIDGET (view), 320, 400);
  adjustment = log_adjustment (view);
  kessel_log_view_set_game (view, game);
  kessel_dice_init (&player, PLAYER_SEED);

  for (int i = 0; i < 200; i++)
    {
      play_one (game, &player);
      if (i % 20 == 0)
        run_frames (20);
    }
  run_frames (150);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >, gtk_adjustment_get_page_size (adjustment));
  g_assert_true (kessel_log_view_get_follows_end (view));
  g_assert_true (adjustment_at_end (adjustment));
  g_assert_true (entry_in_sight (view, game, kessel_game_get_n_log (game) - 1));
  g_assert_false (entry_in_sight (view, game, 0));

  /* The reader scrolls back: new entries leave the view where it is. */
  gtk_adjustment_set_value (adjustment, 0);
  g_assert_false (kessel_log_view_get_follows_end (view));
  for (int i = 0; i < 50; i++)
    play_one (game, &player);
  run_frames (100);
  held = gtk_adjustment_get_value (adjustment);
  g_assert_false (adjustment_at_end (adjustment));
  g_assert_cmpfloat (held, <, gtk_adjustment_get_page_size (adjustment));
  /* The list keeps a row in the middle in place as it measures the others,
   * so the very first may slide a little out of sight. */
  g_assert_true (entry_in_sight (view, game, 1) || entry_in_sight (view, game, 2));
  g_assert_false (entry_in_sight (view, game, kessel_game_get_n_log (game) - 1));

  /* Back at the end, it follows again. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                        - gtk_adjustment_get_page_size (adjustment));
  g_assert_true (kessel_log_view_get_follows_end (view));
  for (int i = 0; i < 50; i++)
    play_one (game, &player);
  run_frames (150);
  g_assert_true (adjustment_at_end (adjustment));
  g_assert_true (entry_in_sight (view, game, kessel_game_get_n_log (game) - 1));

  gtk_window_destroy (window);
}

/* 2,000 random actions over as many games as it takes, with an undo now and
 * then, shown in a window: the rows stay the log's. */
static void
test_log_long_play (void)
{
  KesselLogView *view;
  KesselGamePanel *panel;
  GtkWidget *box;
  GtkWindow *window;
  KesselDice player;
  KesselGame *game = NULL;
  gint64 start = g_get_monotonic_time ();
  guint games = 0, longest = 0;

  if (!need_display ())
    return;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  panel = KESSEL_GAME_PANEL (kessel_game_panel_new ());
  view = KESSEL_LOG_VIEW (kessel_log_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (view), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (panel));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (view));
  window = window_with (box, 320, 1000);
  kessel_dice_init (&player, PLAYER_SEED);

  for (int i = 0; i < LONG_PLAY_ACTIONS; i++)
    {
      if (game == NULL || kessel_game_is_over (game))
        {
          if (game != NULL)
            assert_rows_match (view, game);
          g_clear_object (&game);
          game = new_game (SEED + 100 + games++);
          kessel_game_panel_set_game (panel, game);
          kessel_log_view_set_game (view, game);
        }
      play_one (game, &player);
      if (i % 7 == 3 && kessel_game_can_undo (game))
        g_assert_true (kessel_game_undo (game, NULL));
      assert_rows_count (view, game);
      longest = MAX (longest, n_rows (view));
      if (i % 250 == 0)
        {
          assert_rows_match (view, game);
          assert_panel_shows (panel, game);
          run_frames (20);
        }
    }
  assert_rows_match (view, game);
  assert_panel_shows (panel, game);
  run_frames (100);
  g_assert_true (adjustment_at_end (log_adjustment (view)));
  g_assert_true (entry_in_sight (view, game, kessel_game_get_n_log (game) - 1));
  g_assert_cmpuint (games, >=, 2);
  g_assert_cmpuint (longest, >, 500);
  g_test_message ("%d actions over %u games in %.1f s, at most %u rows",
                  LONG_PLAY_ACTIONS, games, (g_get_monotonic_time () - start) / 1e6, longest);

  g_object_unref (game);
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();

  path = kessel_application_find_default_scenario ();
  g_assert_nonnull (path);
  scenario = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/app/game-panel/without-game", test_panel_without_game);
  g_test_add_func ("/app/game-panel/follows-play", test_panel_follows_play);
  g_test_add_func ("/app/game-panel/game-over", test_panel_game_over);
  g_test_add_func ("/app/game-panel/kg-and-air", test_panel_kg_and_air);
  g_test_add_func ("/app/log-view/rows", test_log_rows);
  g_test_add_func ("/app/log-view/undo", test_log_undo);
  g_test_add_func ("/app/log-view/follows-end", test_log_follows_end);
  g_test_add_func ("/app/log-view/long-play", test_log_long_play);

  status = g_test_run ();
  g_clear_object (&scenario);
  return status;
}
