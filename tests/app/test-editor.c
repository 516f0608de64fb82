/* test-editor.c: the scenario editor in the window, driven through its own
 * actions and the map's strokes as a user's mouse makes them. With
 * KESSEL_SCREENSHOT_DIR set, a picture of the window is saved for each tool
 * in use. Needs a display; without one every test is skipped. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "editor-driver.h"
#include "kessel-application.h"
#include "kessel-new-scenario-dialog.h"
#include "kessel-problem-list.h"
#include "kessel-schedule-view.h"
#include "kessel-counter-mix.h"
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

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "app", "fixtures", name, NULL);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* A window showing the fixture, in the editor. */
static char *
replace_once (const char *text, const char *old, const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

static KesselWindow *
editor_window (const char *fixture_name)
{
  g_autofree char *path = fixture (fixture_name);

  return driver_editor_window (app, path);
}

static void
close_window (KesselWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
}

static const char *
undo_name (KesselWindow *window)
{
  return kessel_edit_history_get_undo_name (kessel_editor_get_history (driver_editor (window)));
}

static int
river_between (KesselWindow *window, const char *a, const char *b)
{
  return kessel_map_get_river_between (kessel_scenario_get_map (driver_scenario (window)),
                                       driver_hex (window, a), driver_hex (window, b));
}

static void
name_place_on_map (KesselWindow *window, const char *where, const char *name)
{
  KesselEditor *editor = driver_editor (window);
  GtkEditable *field = kessel_editor_get_place_name_field (editor);

  driver_click (window, where);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (kessel_editor_get_place_popover (editor))));
  gtk_editable_set_text (field, name);
  g_signal_emit_by_name (field, "activate");
  driver_settle ();
}

static char *
selected_unit (KesselWindow *window)
{
  KesselCounterMix *list = KESSEL_COUNTER_MIX (kessel_editor_get_counter_mix (driver_editor (window)));
  return g_strdup (kessel_counter_mix_get_selected_id (list));
}

static void
add_unit (KesselWindow *window, const char *side)
{
  gtk_widget_activate_action (kessel_editor_get_counter_mix (driver_editor (window)), "units.add", "s", side);
  driver_settle ();
}

static gboolean
drop_on_map (KesselWindow *window, const char *unit_id, const char *where)
{
  g_autofree char *text = g_strconcat (KESSEL_UNIT_DRAG_PREFIX, unit_id, NULL);
  gboolean taken = FALSE;

  g_signal_emit_by_name (kessel_window_get_map_view (window), "drop", text, driver_hex (window, where), &taken);
  driver_settle ();
  return taken;
}

/* The edits of the issue, each as a user makes it, then saved and
 * compared with the expected file; then every edit undone. */
static void
test_editor_edit_save_undo (void)
{
  g_autofree char *start = fixture ("editor-start.kessel");
  g_autofree char *expected_path = fixture ("editor-expected.kessel");
  g_autofree char *folder = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *new_unit = NULL;
  g_autofree char *scheduled = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselScenario *scenario;
  int river;

  if (!need_display ())
    return;
  folder = g_dir_make_tmp ("kessel-editor-XXXXXX", &error);
  g_assert_no_error (error);
  saved = g_build_filename (folder, "edited.kessel", NULL);
  undone = g_build_filename (folder, "undone.kessel", NULL);
  window = editor_window ("editor-start.kessel");

  /* Forest with the 7-hex brush, from 0303 to 0403. */
  driver_set_state (window, "tool", "terrain");
  driver_set_state (window, "terrain", "forest");
  driver_set_state (window, "brush-size", "2");
  driver_stroke (window, "0303", "0403");
  g_assert_cmpint (kessel_map_get_terrain (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0303")),
                   ==, KESSEL_TERRAIN_FOREST);
  g_assert_true (g_str_has_prefix (undo_name (window), "Paint Forest ("));
  driver_screenshot (window, "editor-01-terrain");

  /* A new river: one hexside added, then removed, then another kept. */
  driver_set_state (window, "tool", "river");
  river = kessel_editor_add_river (driver_editor (window), "Smotrich", FALSE);
  g_assert_cmpint (river, >=, 0);
  driver_click_side (window, "0501", "0502");
  g_assert_cmpint (river_between (window, "0501", "0502"), ==, river);
  g_assert_cmpstr (undo_name (window), ==, "Draw the Smotrich (1 hexside)");
  driver_click_side (window, "0501", "0502");
  g_assert_cmpint (river_between (window, "0501", "0502"), ==, KESSEL_RIVER_NONE);
  g_assert_cmpstr (undo_name (window), ==, "Erase the Smotrich (1 hexside)");
  driver_click_side (window, "0502", "0503");
  g_assert_cmpint (river_between (window, "0502", "0503"), ==, river);
  driver_screenshot (window, "editor-02-river");

  /* The town renamed in place, and a fortified locality added and named. */
  driver_set_state (window, "tool", "place");
  name_place_on_map (window, "0202", "Tarnopol");
  g_assert_cmpstr (kessel_map_get_place_at (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0202"))->name,
                   ==, "Tarnopol");
  driver_set_state (window, "place-kind", "fortified-locality");
  name_place_on_map (window, "0302", "Skalat");
  g_assert_cmpint (kessel_map_get_place_at (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0302"))->kind,
                   ==, KESSEL_PLACE_FORTIFIED_LOCALITY);
  driver_screenshot (window, "editor-03-towns");

  /* Edge roles, the closed area and control. */
  driver_set_state (window, "tool", "edge");
  driver_set_state (window, "edge-role", "exit");
  driver_click (window, "0604");
  g_assert_true (kessel_map_has_edge_role (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0604"),
                                           KESSEL_EDGE_EXIT));
  driver_screenshot (window, "editor-04-edges");
  driver_set_state (window, "tool", "closed");
  driver_set_state (window, "brush-size", "1");
  driver_click (window, "0103");
  g_assert_true (kessel_map_is_closed_to_soviet (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0103")));
  driver_screenshot (window, "editor-05-closed");
  driver_set_state (window, "tool", "control");
  driver_set_state (window, "control-side", "soviet");
  driver_stroke (window, "0505", "0604");
  g_assert_cmpint (kessel_map_get_initial_control (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0604")),
                   ==, KESSEL_SIDE_SOVIET);
  driver_screenshot (window, "editor-06-control");

  /* A unit created and dropped on the map; another created and scheduled. */
  driver_set_state (window, "tool", "select");
  add_unit (window, "soviet");
  new_unit = selected_unit (window);
  g_assert_nonnull (new_unit);
  g_assert_true (drop_on_map (window, new_unit, "0603"));
  g_assert_cmpint (kessel_unit_get_setup_hex (kessel_scenario_find_unit (driver_scenario (window), new_unit)),
                   ==, driver_hex (window, "0603"));
  add_unit (window, "german");
  scheduled = selected_unit (window);
  kessel_schedule_view_move_unit (KESSEL_SCHEDULE_VIEW (kessel_editor_get_schedule_view (driver_editor (window))),
                                  scheduled, 3);
  driver_settle ();
  g_assert_cmpint (kessel_unit_get_arrival_turn (kessel_scenario_find_unit (driver_scenario (window), scheduled)), ==, 3);
  driver_screenshot (window, "editor-07-units");

  g_assert_true (kessel_editor_is_modified (driver_editor (window)));
  g_assert_true (kessel_editor_save (driver_editor (window), saved, &error));
  g_assert_no_error (error);
  g_assert_false (kessel_editor_is_modified (driver_editor (window)));
  {
    g_autofree char *got = read_text (saved);
    g_autofree char *want = read_text (expected_path);
    g_assert_cmpstr (got, ==, want);
  }

  /* Every edit undone gives the file it started from, byte for byte. */
  while (kessel_edit_history_undo (kessel_editor_get_history (driver_editor (window))))
    ;
  scenario = driver_scenario (window);
  g_assert_true (kessel_editor_save (driver_editor (window), undone, &error));
  g_assert_no_error (error);
  {
    g_autofree char *got = read_text (undone);
    g_autofree char *want = read_text (start);
    g_assert_cmpstr (got, ==, want);
  }
  g_assert_nonnull (scenario);

  close_window (window);
  g_remove (saved);
  g_remove (undone);
  g_rmdir (folder);
}

/* The mode switch: the editor's panel and keys, and back to play as it was. */
static void
test_editor_switch_modes (void)
{
  GtkApplication *gtk_app = GTK_APPLICATION (app);
  KesselWindow *window;
  KesselScenario *play_scenario;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  play_scenario = kessel_window_get_scenario (window);
  g_assert_nonnull (play_scenario);
  g_assert_true (kessel_map_view_get_editing (kessel_window_get_map_view (window)));
  g_assert_true (kessel_scenario_equal (driver_scenario (window), play_scenario));
  g_assert_true (kessel_map_view_get_scenario (kessel_window_get_map_view (window)) == driver_scenario (window));
  driver_screenshot (window, "editor-00-open");

  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (FALSE));
  driver_settle ();
  g_assert_false (kessel_map_view_get_editing (kessel_window_get_map_view (window)));
  g_assert_true (kessel_map_view_get_scenario (kessel_window_get_map_view (window)) == play_scenario);
  {
    g_auto(GStrv) keys = gtk_application_get_accels_for_action (gtk_app, "win.editor");
    g_assert_cmpstr (keys[0], ==, "<Control>m");
  }
  close_window (window);
}

static guint
count_editors (GtkWidget *widget)
{
  guint n = KESSEL_IS_EDITOR (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_editors (child);
  return n;
}

/* A window that only plays never builds the editor's panels; the first
 * opening does, once. */
static void
test_editor_built_when_first_opened (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  if (!need_display ())
    return;
  path = fixture ("editor-start.kessel");
  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  g_assert_cmpuint (count_editors (GTK_WIDGET (window)), ==, 0);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "editor"));

  for (int i = 0; i < 2; i++)
    {
      g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
      driver_settle ();
      g_assert_true (kessel_editor_get_active (kessel_window_get_editor (window)));
      g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (FALSE));
      driver_settle ();
      g_assert_cmpuint (count_editors (GTK_WIDGET (window)), ==, 1);
    }
  close_window (window);
}

/* Edit ▸ Undo names the edit; undo and redo restore the map. */
static void
test_editor_undo_named_in_menu (void)
{
  KesselWindow *window;
  GMenu *section;
  g_autofree char *label = NULL;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  driver_set_state (window, "tool", "terrain");
  driver_set_state (window, "terrain", "marsh");
  driver_set_state (window, "brush-size", "2");
  driver_click (window, "0303");
  section = g_object_get_data (G_OBJECT (app), KESSEL_UNDO_SECTION);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (section), 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "_Undo Paint Marsh (7 hexes)");
  /* Control+Z is play's undo, which hands over to the editor's. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  driver_settle ();
  g_assert_cmpint (kessel_map_get_terrain (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0303")),
                   ==, KESSEL_TERRAIN_ROUGH);
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  driver_settle ();
  g_assert_cmpint (kessel_map_get_terrain (kessel_scenario_get_map (driver_scenario (window)), driver_hex (window, "0303")),
                   ==, KESSEL_TERRAIN_MARSH);
  g_assert_true (kessel_map_view_get_scenario (kessel_window_get_map_view (window)) == driver_scenario (window));
  close_window (window);
}

static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return GTK_WINDOW (window);
    }
  return NULL;
}

static void
close_dialogs (void)
{
  GtkWindow *dialog;

  while ((dialog = find_toplevel (GTK_TYPE_DIALOG)) != NULL)
    gtk_window_destroy (dialog);
  driver_settle ();
}

/* New: a blank map of the size asked for. */
static void
test_editor_new_blank (void)
{
  KesselWindow *window;
  GtkWindow *dialog;
  g_autoptr(KesselScenario) blank = NULL;
  KesselGrid grid;
  const KesselGrid *shown;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  g_action_group_activate_action (kessel_editor_get_actions (driver_editor (window)), "new", NULL);
  driver_settle ();
  dialog = find_toplevel (KESSEL_TYPE_NEW_SCENARIO_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (kessel_grid_init (&grid, 12, 9, FALSE));
  blank = kessel_scenario_new (&grid);
  g_signal_emit_by_name (dialog, "create", blank);
  gtk_window_destroy (dialog);
  driver_settle ();
  shown = kessel_map_get_grid (kessel_scenario_get_map (
    kessel_map_view_get_scenario (kessel_window_get_map_view (window))));
  g_assert_cmpint (shown->columns, ==, 12);
  g_assert_cmpint (shown->rows, ==, 9);
  g_assert_true (kessel_map_view_get_scenario (kessel_window_get_map_view (window)) == driver_scenario (window));
  driver_screenshot (window, "editor-08-new-blank");
  close_window (window);
}

/* Play this scenario: back to play with the edited map and the New Game dialog. */
static void
test_editor_play_this_scenario (void)
{
  KesselWindow *window;
  GtkWindow *dialog;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  driver_set_state (window, "tool", "terrain");
  driver_set_state (window, "terrain", "rough");
  driver_set_state (window, "brush-size", "1");
  driver_click (window, "0101");
  g_action_group_activate_action (kessel_editor_get_actions (driver_editor (window)), "play", NULL);
  driver_settle ();
  g_assert_false (kessel_editor_get_active (driver_editor (window)));
  g_assert_true (kessel_scenario_equal (kessel_window_get_scenario (window), driver_scenario (window)));
  g_assert_cmpint (kessel_map_get_terrain (kessel_scenario_get_map (kessel_window_get_scenario (window)),
                                           driver_hex (window, "0101")), ==, KESSEL_TERRAIN_ROUGH);
  dialog = find_toplevel (KESSEL_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  gtk_window_destroy (dialog);
  close_dialogs ();
  close_window (window);
}

/* Closing with unsaved edits asks first. */
static void
test_editor_close_asks (void)
{
  KesselWindow *window;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  driver_set_state (window, "tool", "closed");
  driver_click (window, "0303");
  g_assert_true (kessel_editor_is_modified (driver_editor (window)));
  gtk_window_close (GTK_WINDOW (window));
  driver_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_nonnull (find_toplevel (GTK_TYPE_MESSAGE_DIALOG));
  close_dialogs ();
  close_window (window);
}

/* A scenario with an error is saved when asked, still follows the schema,
 * opens again in the editor, and the game refuses it until fixed. */
static void
test_editor_save_with_errors (void)
{
  g_autofree char *folder = g_dir_make_tmp ("kessel-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "unfinished.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) refused = NULL;
  KesselWindow *window;
  KesselEditor *editor;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  editor = driver_editor (window);
  /* The Soviet side gets no reinforcements (11.3). */
  g_assert_true (kessel_schedule_view_move_unit (KESSEL_SCHEDULE_VIEW (kessel_editor_get_schedule_view (editor)),
                                                 "sov-9m", 2));
  driver_settle ();
  g_assert_cmpint (kessel_editor_count_errors (editor), >, 0);
  driver_screenshot (window, "editor-09-problem");
  g_assert_true (kessel_editor_save (editor, path, &error));
  g_assert_no_error (error);
  refused = kessel_scenario_load_file (path, &error);
  g_assert_null (refused);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (kessel_editor_open_file (editor, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kessel_editor_count_errors (editor), >, 0);
  close_dialogs ();
  close_window (window);
  g_remove (path);
  g_rmdir (folder);
}

/* A stock scenario is never written to: Save refuses its file, and Save
 * Scenario As proposes a file of the same name in the user's folder. */
static void
test_editor_stock_scenario_kept (void)
{
  g_autofree char *stock = kessel_application_find_default_scenario ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *proposed = NULL;
  g_autofree char *user_folder = kessel_application_get_user_scenario_folder ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselEditor *editor;

  if (!need_display ())
    return;
  g_assert_true (g_file_get_contents (stock, &before, NULL, NULL));
  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, stock, &error));
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
  driver_settle ();
  editor = driver_editor (window);
  g_assert_true (kessel_application_is_program_data (stock));
  g_assert_false (kessel_editor_save (editor, stock, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_true (g_file_get_contents (stock, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  proposed = kessel_editor_suggest_save_path (editor);
  g_assert_true (g_str_has_prefix (proposed, user_folder));
  g_assert_true (g_str_has_suffix (proposed, "first-panzer-army.kessel"));
  g_assert_false (kessel_application_is_program_data (proposed));
  close_window (window);
}

/* The editor's actions wait for the editor to have the map and a scenario,
 * whatever keys or menus reach them. */
static void
test_editor_actions_need_editor (void)
{
  g_autofree char *path = fixture ("editor-start.kessel");
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  GActionGroup *actions;

  if (!need_display ())
    return;
  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  actions = kessel_editor_get_actions (driver_editor (window));
  g_assert_false (g_action_group_get_action_enabled (actions, "play"));
  g_assert_false (g_action_group_get_action_enabled (actions, "save"));
  g_assert_false (g_action_group_get_action_enabled (actions, "tool"));
  g_action_group_activate_action (actions, "play", NULL);
  driver_settle ();
  g_assert_null (driver_scenario (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
  driver_settle ();
  g_assert_true (g_action_group_get_action_enabled (actions, "play"));
  g_assert_true (g_action_group_get_action_enabled (actions, "tool"));
  close_window (window);
}

/* Undo in the middle of a drag first finishes the stroke as an edit of its
 * own, so nothing painted is left outside the history. */
static void
test_editor_undo_during_stroke (void)
{
  KesselWindow *window;
  KesselMapTools *tools;
  KesselMap *map;
  double x, y;

  if (!need_display ())
    return;
  window = editor_window ("editor-start.kessel");
  tools = kessel_editor_get_tools (driver_editor (window));
  driver_set_state (window, "tool", "terrain");
  driver_set_state (window, "terrain", "marsh");
  driver_set_state (window, "brush-size", "1");
  driver_click (window, "0303");
  g_assert_true (kessel_map_view_get_hex_center (kessel_window_get_map_view (window),
                                                 driver_hex (window, "0101"), &x, &y));
  kessel_map_tools_stroke (tools, KESSEL_STROKE_BEGIN, x, y);
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  driver_settle ();
  map = kessel_scenario_get_map (driver_scenario (window));
  g_assert_cmpint (kessel_map_get_terrain (map, driver_hex (window, "0101")), ==, KESSEL_TERRAIN_CLEAR);
  g_assert_cmpint (kessel_map_get_terrain (map, driver_hex (window, "0303")), ==, KESSEL_TERRAIN_MARSH);
  g_assert_cmpstr (kessel_edit_history_get_redo_name (kessel_editor_get_history (driver_editor (window))),
                   ==, "Paint Marsh (1 hex)");
  /* The release after the undo changes nothing more. */
  kessel_map_tools_stroke (tools, KESSEL_STROKE_END, x, y);
  g_assert_cmpint (kessel_map_get_terrain (map, driver_hex (window, "0101")), ==, KESSEL_TERRAIN_CLEAR);
  close_window (window);
}

/* A file the reader had to leave parts of is not saved over: Save asks for
 * a new name. */
static void
test_editor_open_with_parts_left_out (void)
{
  g_autofree char *folder = g_dir_make_tmp ("kessel-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "off-map.kessel", NULL);
  g_autofree char *start = fixture ("editor-start.kessel");
  g_autofree char *text = read_text (start);
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselEditor *editor;

  if (!need_display ())
    return;
  /* The 16th Panzer Division's setup hex is not on the map. */
  broken = replace_once (text, "setup=\"0202\"", "setup=\"0909\"");
  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  window = editor_window ("editor-start.kessel");
  editor = driver_editor (window);
  g_assert_true (kessel_editor_open_file (editor, path, &error));
  g_assert_no_error (error);
  g_assert_null (kessel_scenario_get_file_name (kessel_editor_get_scenario (editor)));
  close_dialogs ();
  close_window (window);
  g_remove (path);
  g_rmdir (folder);
}

static GtkWidget *
find_css_name (GtkWidget *root, const char *name)
{
  if (g_str_equal (gtk_widget_get_css_name (root), name))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_css_name (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every tab of the editor's notebook is in sight, with no arrows to scroll
 * the tabs by. */
static void
assert_tabs_all_shown (KesselWindow *window, const char *name)
{
  GtkNotebook *notebook = GTK_NOTEBOOK (find_css_name (GTK_WIDGET (kessel_window_get_editor (window)), "notebook"));
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (notebook));

  driver_screenshot (window, name);
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *tab = gtk_notebook_get_tab_label (notebook, gtk_notebook_get_nth_page (notebook, i));

      g_assert_true (driver_inside (tab, header));
      g_assert_true (driver_inside (tab, GTK_WIDGET (window)));
    }
  for (GtkWidget *arrow = gtk_widget_get_first_child (header); arrow; arrow = gtk_widget_get_next_sibling (arrow))
    g_assert_false (g_str_equal (gtk_widget_get_css_name (arrow), "arrow") && gtk_widget_get_mapped (arrow));
}

/* In a window of 1024×700 and of 1920×1080 all the editor's tabs are in
 * sight, Problems with its count. */
static void
test_editor_tabs_fit (void)
{
  g_autofree char *start = fixture ("editor-start.kessel");
  g_autofree char *text = read_text (start);
  g_autofree char *folder = g_dir_make_tmp ("kessel-tabs-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "broken.kessel", NULL);
  g_autofree char *broken = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  if (!need_display ())
    return;
  broken = replace_once (text, "setup=\"0202\"", "setup=\"0909\"");
  g_assert_true (g_file_set_contents (path, broken, -1, NULL));
  window = editor_window ("editor-start.kessel");
  g_assert_true (kessel_editor_open_file (driver_editor (window), path, &error));
  g_assert_no_error (error);
  close_dialogs ();
  driver_resize (window, 1024, 700);
  assert_tabs_all_shown (window, "editor-1024x700");
  driver_resize (window, 1920, 1080);
  assert_tabs_all_shown (window, "editor-1920x1080");
  close_window (window);
  g_remove (path);
  g_rmdir (folder);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add_func ("/editor/window/switch-modes", test_editor_switch_modes);
  g_test_add_func ("/editor/window/built-when-first-opened", test_editor_built_when_first_opened);
  g_test_add_func ("/editor/window/edit-save-undo", test_editor_edit_save_undo);
  g_test_add_func ("/editor/window/undo-named-in-menu", test_editor_undo_named_in_menu);
  g_test_add_func ("/editor/window/new-blank", test_editor_new_blank);
  g_test_add_func ("/editor/window/play-this-scenario", test_editor_play_this_scenario);
  g_test_add_func ("/editor/window/close-asks", test_editor_close_asks);
  g_test_add_func ("/editor/window/save-with-errors", test_editor_save_with_errors);
  g_test_add_func ("/editor/window/stock-scenario-kept", test_editor_stock_scenario_kept);
  g_test_add_func ("/editor/window/actions-need-editor", test_editor_actions_need_editor);
  g_test_add_func ("/editor/window/undo-during-stroke", test_editor_undo_during_stroke);
  g_test_add_func ("/editor/window/open-with-parts-left-out", test_editor_open_with_parts_left_out);
  g_test_add_func ("/editor/window/tabs-fit", test_editor_tabs_fit);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
