/* test-editor-labels.c: map names (labels) in the scenario editor: added,
 * renamed, moved, turned into towns and back, removed, undone and redone,
 * saved and read again. The edits themselves are tested on a history alone;
 * the place tool and its popover in the window need a display, and are
 * skipped without one. With KESSEL_SCREENSHOT_DIR set, pictures of the
 * window are saved there. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "editor-driver.h"
#include "kessel-place-edit.h"
#include "kessel-place-popover.h"
#include "kessel-problem-list.h"
#include "kessel-scenario-check.h"
#include "kessel-window.h"

enum { POPOVER_TOWN, POPOVER_FORTIFIED, POPOVER_MAP_NAME };

static gboolean have_display;
static KesselApplication *app;

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "app", "fixtures", name, NULL);
}

static KesselScenario *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

/* The fixture with one more line in its places, as a new file. */
static char *
fixture_with_place (const char *folder, const char *line)
{
  g_autofree char *start = fixture_path ("editor-start.kessel");
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  char *path = g_build_filename (folder, "with-label.kessel", NULL);
  const char *at;

  g_assert_true (g_file_get_contents (start, &text, NULL, NULL));
  at = strstr (text, "    </places>");
  g_assert_nonnull (at);
  changed = g_strdup_printf ("%.*s      %s\n%s", (int) (at - text), text, line, at);
  g_assert_true (g_file_set_contents (path, changed, -1, NULL));
  return path;
}

static int
hex_of (KesselMap *map, const char *number)
{
  int hex = kessel_grid_parse_hex (kessel_map_get_grid (map), number);

  g_assert_cmpint (hex, !=, KESSEL_HEX_NONE);
  return hex;
}

static int
count_problems (KesselScenario *scenario)
{
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);
  return problems->len;
}

/* The edits on a history alone -------------------------------------------- */

typedef struct {
  KesselScenario *start;
  KesselEditHistory *history;
} Edits;

static void
edits_set_up (Edits *edits, gconstpointer data)
{
  g_autofree char *path = fixture_path ("editor-start.kessel");
  g_autoptr(KesselScenario) scenario = load (path);

  edits->start = kessel_scenario_copy (scenario);
  edits->history = kessel_edit_history_new (scenario);
}

static void
edits_tear_down (Edits *edits, gconstpointer data)
{
  g_clear_object (&edits->history);
  g_clear_object (&edits->start);
}

static KesselMap *
edits_map (Edits *edits)
{
  return kessel_scenario_get_map (kessel_edit_history_get_scenario (edits->history));
}

static int
edits_hex (Edits *edits, const char *number)
{
  return hex_of (edits_map (edits), number);
}

static const char *
undo_name (KesselEditHistory *history)
{
  return kessel_edit_history_get_undo_name (history);
}

static void
test_edit_add_rename_remove (Edits *edits, gconstpointer data)
{
  int hex = edits_hex (edits, "0303");

  /* No name, no map name: nothing is added. */
  g_assert_false (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, "  "));
  g_assert_false (kessel_edit_history_can_undo (edits->history));

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, " Skala "));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Skala");
  g_assert_null (kessel_map_get_place_at (edits_map (edits), hex));
  g_assert_cmpstr (undo_name (edits->history), ==, "Add a map name in 0303");
  g_assert_true (kessel_edit_history_is_modified (edits->history));

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, "Skala-Podilska"));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Skala-Podilska");
  g_assert_cmpstr (undo_name (edits->history), ==, "Name a place Skala-Podilska");
  /* The same name again is no edit. */
  g_assert_false (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, "Skala-Podilska"));

  /* Clearing the name removes it, as removing does. */
  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, ""));
  g_assert_null (kessel_map_get_label (edits_map (edits), hex));
  g_assert_cmpstr (undo_name (edits->history), ==, "Remove the map name in 0303");
  g_assert_true (kessel_edit_history_undo (edits->history));
  g_assert_true (kessel_place_edit_remove (edits->history, hex));
  g_assert_null (kessel_map_get_label (edits_map (edits), hex));
  g_assert_cmpstr (undo_name (edits->history), ==, "Remove the map name in 0303");
  g_assert_false (kessel_place_edit_remove (edits->history, hex));
}

static void
test_edit_convert (Edits *edits, gconstpointer data)
{
  int hex = edits_hex (edits, "0202");   /* the town of Ternopol, German at the start */
  int before = count_problems (edits->start);

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, "Ternopol"));
  g_assert_null (kessel_map_get_place_at (edits_map (edits), hex));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Ternopol");
  g_assert_cmpstr (undo_name (edits->history), ==, "Make a place a map name");
  /* One town fewer is no new problem, and the map name is none either. */
  g_assert_cmpint (count_problems (kessel_edit_history_get_scenario (edits->history)), ==, before);

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY, "Ternopol"));
  g_assert_null (kessel_map_get_label (edits_map (edits), hex));
  g_assert_cmpint (kessel_map_get_place_at (edits_map (edits), hex)->kind, ==, KESSEL_PLACE_FORTIFIED_LOCALITY);
  g_assert_cmpstr (kessel_map_get_place_at (edits_map (edits), hex)->name, ==, "Ternopol");
  g_assert_cmpstr (undo_name (edits->history), ==, "Make a place a fortified locality");

  /* Back to where it started, and forward again. */
  g_assert_true (kessel_edit_history_undo (edits->history));
  g_assert_true (kessel_edit_history_undo (edits->history));
  g_assert_true (kessel_map_equal (edits_map (edits), kessel_scenario_get_map (edits->start)));
  g_assert_false (kessel_edit_history_is_modified (edits->history));
  g_assert_true (kessel_edit_history_redo (edits->history));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Ternopol");
  g_assert_true (kessel_edit_history_redo (edits->history));
  g_assert_cmpint (kessel_map_get_place_at (edits_map (edits), hex)->kind, ==, KESSEL_PLACE_FORTIFIED_LOCALITY);
}

static void
test_edit_move (Edits *edits, gconstpointer data)
{
  int from = edits_hex (edits, "0303"), to = edits_hex (edits, "0304");

  g_assert_true (kessel_place_edit_set (edits->history, from, KESSEL_PLACE_CHOICE_MAP_NAME, "Orinin"));
  g_assert_true (kessel_place_edit_move (edits->history, from, to));
  g_assert_null (kessel_map_get_label (edits_map (edits), from));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), to), ==, "Orinin");
  g_assert_cmpstr (undo_name (edits->history), ==, "Move the map name in 0303 to 0304");
  /* Not onto a hex that shows something, nor from one that shows nothing. */
  g_assert_false (kessel_place_edit_move (edits->history, to, edits_hex (edits, "0202")));
  g_assert_false (kessel_place_edit_move (edits->history, from, edits_hex (edits, "0305")));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), to), ==, "Orinin");
  g_assert_cmpstr (kessel_map_get_place_at (edits_map (edits), edits_hex (edits, "0202"))->name, ==, "Ternopol");
}

/* A hex that holds a town and a map name both, as a file may give it: the
 * town is what is edited; the map name stays until the town is made one. */
static void
test_edit_place_over_label (Edits *edits, gconstpointer data)
{
  KesselMap *map = edits_map (edits);
  int hex = edits_hex (edits, "0202");
  const char *name = NULL;

  kessel_map_set_label (map, hex, "Tarnopol");
  kessel_edit_history_commit (edits->history, "a map name under a town");
  g_assert_cmpint (kessel_place_edit_get (edits_map (edits), hex, &name), ==, KESSEL_PLACE_CHOICE_TOWN);
  g_assert_cmpstr (name, ==, "Ternopol");

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY, "Ternopil"));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Tarnopol");
  g_assert_true (kessel_place_edit_remove (edits->history, hex));
  g_assert_cmpstr (undo_name (edits->history), ==, "Remove the place in 0202");
  g_assert_cmpint (kessel_place_edit_get (edits_map (edits), hex, &name), ==, KESSEL_PLACE_CHOICE_MAP_NAME);
  g_assert_cmpstr (name, ==, "Tarnopol");
  g_assert_true (kessel_edit_history_undo (edits->history));

  g_assert_true (kessel_place_edit_set (edits->history, hex, KESSEL_PLACE_CHOICE_MAP_NAME, "Ternopil"));
  g_assert_null (kessel_map_get_place_at (edits_map (edits), hex));
  g_assert_cmpstr (kessel_map_get_label (edits_map (edits), hex), ==, "Ternopil");
}

/* The place tool and its popover in the window ---------------------------- */

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

static KesselWindow *
editor_window (const char *path)
{
  KesselWindow *window = driver_editor_window (app, path);

  driver_set_state (window, "tool", "place");
  return window;
}

static KesselPlacePopover *
popover (KesselWindow *window)
{
  return KESSEL_PLACE_POPOVER (kessel_editor_get_place_popover (driver_editor (window)));
}

static gboolean
popover_open (KesselWindow *window)
{
  return gtk_widget_get_visible (GTK_WIDGET (popover (window)));
}

static guint
popover_kind (KesselWindow *window)
{
  return gtk_drop_down_get_selected (kessel_place_popover_get_kind_field (popover (window)));
}

static const char *
popover_name (KesselWindow *window)
{
  return gtk_editable_get_text (kessel_place_popover_get_name_field (popover (window)));
}

static KesselMap *
window_map (KesselWindow *window)
{
  return kessel_scenario_get_map (driver_scenario (window));
}

static const char *
label_at (KesselWindow *window, const char *number)
{
  return kessel_map_get_label (window_map (window), driver_hex (window, number));
}

static const KesselPlace *
place_at (KesselWindow *window, const char *number)
{
  return kessel_map_get_place_at (window_map (window), driver_hex (window, number));
}

static KesselEditHistory *
history (KesselWindow *window)
{
  return kessel_editor_get_history (driver_editor (window));
}

static void
type_name (KesselWindow *window, const char *name)
{
  driver_type (GTK_WIDGET (popover (window)), "place-name", name);
}

static void
close_window (KesselWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
}

static void
test_tool_add_and_rename (void)
{
  g_autofree char *path = fixture_path ("editor-start.kessel");
  KesselWindow *window;

  if (!need_display ())
    return;
  window = editor_window (path);
  driver_set_state (window, "place-kind", "map-name");

  /* A click asks for the name; nothing is added until it is given. */
  driver_click (window, "0303");
  g_assert_true (popover_open (window));
  g_assert_cmpuint (popover_kind (window), ==, POPOVER_MAP_NAME);
  g_assert_cmpstr (popover_name (window), ==, "");
  g_assert_null (label_at (window, "0303"));
  g_assert_false (kessel_editor_is_modified (driver_editor (window)));
  driver_screenshot (window, "labels-01-naming");
  type_name (window, "Skala");
  g_assert_false (popover_open (window));
  g_assert_cmpstr (label_at (window, "0303"), ==, "Skala");
  g_assert_null (place_at (window, "0303"));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Add a map name in 0303");
  g_assert_true (kessel_editor_is_modified (driver_editor (window)));

  /* Closed without a name: no map name, no edit. */
  driver_click (window, "0505");
  g_assert_true (popover_open (window));
  gtk_popover_popdown (GTK_POPOVER (popover (window)));
  driver_settle ();
  g_assert_null (label_at (window, "0505"));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Add a map name in 0303");

  /* A click on it opens it, whatever kind the tool adds. */
  driver_set_state (window, "place-kind", "town");
  driver_click (window, "0303");
  g_assert_true (popover_open (window));
  g_assert_cmpuint (popover_kind (window), ==, POPOVER_MAP_NAME);
  g_assert_cmpstr (popover_name (window), ==, "Skala");
  g_assert_null (place_at (window, "0303"));
  type_name (window, "Skala-Podilska");
  g_assert_cmpstr (label_at (window, "0303"), ==, "Skala-Podilska");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Name a place Skala-Podilska");
  driver_screenshot (window, "labels-02-named");

  /* The Edit menu's undo and redo. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  driver_settle ();
  g_assert_cmpstr (label_at (window, "0303"), ==, "Skala");
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  driver_settle ();
  g_assert_null (label_at (window, "0303"));
  g_assert_false (kessel_editor_is_modified (driver_editor (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (window), "redo", NULL);
  driver_settle ();
  g_assert_cmpstr (label_at (window, "0303"), ==, "Skala-Podilska");
  close_window (window);
}

/* The kind dropdown turns a town into a map name and back, and Remove takes
 * a map name away; undoing all of it gives the scenario it started from. */
static void
test_tool_convert_and_remove (void)
{
  g_autofree char *path = fixture_path ("editor-start.kessel");
  g_autoptr(KesselScenario) start = load (path);
  KesselWindow *window;
  GtkWidget *root;

  if (!need_display ())
    return;
  window = editor_window (path);
  root = GTK_WIDGET (popover (window));

  driver_click (window, "0202");
  g_assert_cmpuint (popover_kind (window), ==, POPOVER_TOWN);
  driver_choose (root, "place-kind", POPOVER_MAP_NAME);
  g_assert_null (place_at (window, "0202"));
  g_assert_cmpstr (label_at (window, "0202"), ==, "Ternopol");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Make a place a map name");
  g_assert_true (popover_open (window));
  driver_screenshot (window, "labels-03-converted");
  /* A name typed before the kind is changed goes with it, as one edit. */
  gtk_editable_set_text (kessel_place_popover_get_name_field (popover (window)), "Tarnopol");
  driver_choose (root, "place-kind", POPOVER_TOWN);
  g_assert_null (label_at (window, "0202"));
  g_assert_cmpint (place_at (window, "0202")->kind, ==, KESSEL_PLACE_TOWN);
  g_assert_cmpstr (place_at (window, "0202")->name, ==, "Tarnopol");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Make a place a town");
  driver_choose (root, "place-kind", POPOVER_MAP_NAME);
  g_signal_emit_by_name (driver_find (root, "place-remove"), "clicked");
  driver_settle ();
  g_assert_false (popover_open (window));
  g_assert_null (label_at (window, "0202"));
  g_assert_null (place_at (window, "0202"));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Remove the map name in 0202");

  while (kessel_edit_history_undo (history (window)))
    ;
  g_assert_true (kessel_map_equal (window_map (window), kessel_scenario_get_map (start)));
  g_assert_false (kessel_editor_is_modified (driver_editor (window)));
  while (kessel_edit_history_redo (history (window)))
    ;
  g_assert_null (label_at (window, "0202"));
  g_assert_null (place_at (window, "0202"));
  close_window (window);
}

/* A drag of the place tool moves a map name to an empty hex. */
static void
test_tool_move (void)
{
  g_autofree char *folder = g_dir_make_tmp ("kessel-labels-XXXXXX", NULL);
  g_autofree char *path = fixture_with_place (folder, "<label hex=\"0303\" name=\"Orinin\"/>");
  KesselWindow *window;

  if (!need_display ())
    return;
  window = editor_window (path);
  driver_stroke (window, "0303", "0504");
  g_assert_false (popover_open (window));
  g_assert_null (label_at (window, "0303"));
  g_assert_cmpstr (label_at (window, "0504"), ==, "Orinin");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (history (window)), ==, "Move the map name in 0303 to 0504");
  /* Not onto the town. */
  driver_stroke (window, "0504", "0202");
  g_assert_cmpstr (label_at (window, "0504"), ==, "Orinin");
  g_assert_cmpstr (place_at (window, "0202")->name, ==, "Ternopol");
  close_window (window);
  g_remove (path);
  g_rmdir (folder);
}

/* Map names made in the editor are saved and read back, and the problem
 * list finds nothing new in them. */
static void
test_tool_save_and_reload (void)
{
  g_autofree char *start_path = fixture_path ("editor-start.kessel");
  g_autofree char *folder = g_dir_make_tmp ("kessel-labels-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (folder, "labelled.kessel", NULL);
  g_autoptr(KesselScenario) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  KesselProblemList *problems;
  KesselWindow *window;
  KesselEditor *editor;
  int errors, warnings;

  if (!need_display ())
    return;
  window = editor_window (start_path);
  editor = driver_editor (window);
  problems = KESSEL_PROBLEM_LIST (kessel_editor_get_problem_list (editor));
  errors = kessel_editor_count_errors (editor);
  warnings = kessel_problem_list_get_n_warnings (problems);

  driver_set_state (window, "place-kind", "map-name");
  driver_click (window, "0303");
  type_name (window, "Skala");
  driver_click (window, "0105");
  type_name (window, "Zhvanets & \"Okopy\"");
  driver_click (window, "0404");   /* the fortified locality of Proskurov */
  driver_choose (GTK_WIDGET (popover (window)), "place-kind", POPOVER_MAP_NAME);
  gtk_popover_popdown (GTK_POPOVER (popover (window)));
  driver_settle ();
  driver_screenshot (window, "labels-04-three");
  g_assert_cmpint (kessel_editor_count_errors (editor), ==, errors);
  g_assert_cmpint (kessel_problem_list_get_n_warnings (problems), ==, warnings);

  g_assert_true (kessel_editor_save (editor, saved, &error));
  g_assert_no_error (error);
  g_assert_false (kessel_editor_is_modified (editor));
  reloaded = load (saved);
  g_assert_true (kessel_map_equal (kessel_scenario_get_map (reloaded), window_map (window)));
  {
    KesselMap *map = kessel_scenario_get_map (reloaded);
    g_assert_cmpstr (kessel_map_get_label (map, hex_of (map, "0303")), ==, "Skala");
    g_assert_cmpstr (kessel_map_get_label (map, hex_of (map, "0105")), ==, "Zhvanets & \"Okopy\"");
    g_assert_cmpstr (kessel_map_get_label (map, hex_of (map, "0404")), ==, "Proskurov");
    g_assert_null (kessel_map_get_place_at (map, hex_of (map, "0404")));
  }

  /* Opened again in the editor, they are there to edit. */
  g_assert_true (kessel_editor_open_file (editor, saved, &error));
  g_assert_no_error (error);
  driver_settle ();
  driver_click (window, "0105");
  g_assert_cmpuint (popover_kind (window), ==, POPOVER_MAP_NAME);
  g_assert_cmpstr (popover_name (window), ==, "Zhvanets & \"Okopy\"");
  gtk_popover_popdown (GTK_POPOVER (popover (window)));
  driver_settle ();
  g_assert_false (kessel_editor_is_modified (editor));
  close_window (window);
  g_remove (saved);
  g_rmdir (folder);
}

int
main (int argc, char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add ("/editor/labels/edit/add-rename-remove", Edits, NULL, edits_set_up,
              test_edit_add_rename_remove, edits_tear_down);
  g_test_add ("/editor/labels/edit/convert", Edits, NULL, edits_set_up, test_edit_convert, edits_tear_down);
  g_test_add ("/editor/labels/edit/move", Edits, NULL, edits_set_up, test_edit_move, edits_tear_down);
  g_test_add ("/editor/labels/edit/place-over-label", Edits, NULL, edits_set_up,
              test_edit_place_over_label, edits_tear_down);
  g_test_add_func ("/editor/labels/tool/add-and-rename", test_tool_add_and_rename);
  g_test_add_func ("/editor/labels/tool/convert-and-remove", test_tool_convert_and_remove);
  g_test_add_func ("/editor/labels/tool/move", test_tool_move);
  g_test_add_func ("/editor/labels/tool/save-and-reload", test_tool_save_and_reload);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
