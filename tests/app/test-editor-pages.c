/* test-editor-pages.c: the editor's scenario properties, new-scenario dialog
 * and problem list, driven through their widgets as a user would. Needs a
 * display; without one every test is skipped. With KESSEL_SCREENSHOT_DIR
 * set, pictures of each widget are written there. */
#include "editor-driver.h"
#include "kessel-config.h"

#include <string.h>

#include "kessel-new-scenario-dialog.h"
#include "kessel-problem-list.h"
#include "kessel-rules-options.h"
#include "kessel-scenario-check.h"
#include "kessel-scenario-properties.h"

#define PANEL_WIDTH 380

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY()                                  \
  G_STMT_START {                                                \
    if (!have_display)                                          \
      {                                                         \
        g_test_skip ("no display to open a window on");         \
        return;                                                 \
      }                                                         \
  } G_STMT_END

static void
settle (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* A window as wide as the editor's side panel, holding the page. */
static GtkWindow *
panel_window (GtkWidget *page, int height)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, PANEL_WIDTH, height);
  gtk_window_set_child (window, page);
  gtk_window_present (window);
  settle ();
  return window;
}

static GtkWidget *
find_named (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
get_named (GtkWidget *root, const char *name)
{
  GtkWidget *widget = find_named (root, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

static KesselScenario *
small_scenario (void)
{
  KesselGrid grid;
  KesselScenario *scenario;

  g_assert_true (kessel_grid_init (&grid, 10, 8, FALSE));
  scenario = kessel_scenario_new (&grid);
  kessel_scenario_set_title (scenario, "Old title");
  kessel_scenario_set_description (scenario, "Old description.");
  return scenario;
}

typedef struct {
  KesselEditHistory *history;
  GtkWidget *page;
  GtkWindow *window;
} Properties;

static void
properties_open (Properties *p)
{
  g_autoptr(KesselScenario) scenario = small_scenario ();

  p->history = kessel_edit_history_new (scenario);
  p->page = kessel_scenario_properties_new ();
  kessel_scenario_properties_set_history (KESSEL_SCENARIO_PROPERTIES (p->page), p->history);
  p->window = panel_window (p->page, 1000);
}

static void
properties_close (Properties *p)
{
  gtk_window_destroy (p->window);
  g_clear_object (&p->history);
  settle ();
}

static KesselScenario *
current (Properties *p)
{
  return kessel_edit_history_get_scenario (p->history);
}

static GtkSpinButton *
spin (Properties *p, const char *name)
{
  return GTK_SPIN_BUTTON (get_named (p->page, name));
}

/* Undo takes the edit back, refreshing the page commits nothing: redo is
 * still there. */
static void
undo_and_check (Properties *p, const char *name)
{
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p->history), ==, name);
  g_assert_true (kessel_edit_history_undo (p->history));
  settle ();
  g_assert_true (kessel_edit_history_can_redo (p->history));
  g_assert_false (kessel_edit_history_can_undo (p->history));
}

static void
test_properties_title (void)
{
  Properties p;
  GtkEditable *entry;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  driver_screenshot_widget (GTK_WIDGET (p.window), "properties");
  entry = GTK_EDITABLE (get_named (p.page, "title"));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Old title");

  /* Typing alone changes nothing; Enter commits. */
  gtk_editable_set_text (entry, "Proskurov");
  g_assert_cmpstr (kessel_scenario_get_title (current (&p)), ==, "Old title");
  g_assert_false (kessel_edit_history_can_undo (p.history));
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (kessel_scenario_get_title (current (&p)), ==, "Proskurov");

  undo_and_check (&p, "Change the title");
  g_assert_cmpstr (kessel_scenario_get_title (current (&p)), ==, "Old title");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Old title");

  /* The focus leaving commits as well. */
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  gtk_editable_set_text (entry, "Kamenets");
  gtk_widget_grab_focus (get_named (p.page, "turns"));
  g_assert_cmpstr (kessel_scenario_get_title (current (&p)), ==, "Kamenets");
  properties_close (&p);
}

/* A scenario file must have a title: an emptied field is refused. */
static void
test_properties_empty_title_refused (void)
{
  Properties p;
  GtkEditable *entry;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  entry = GTK_EDITABLE (get_named (p.page, "title"));
  gtk_editable_set_text (entry, "   ");
  g_signal_emit_by_name (entry, "activate");
  g_assert_cmpstr (kessel_scenario_get_title (current (&p)), ==, "Old title");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Old title");
  g_assert_false (kessel_edit_history_can_undo (p.history));
  properties_close (&p);
}

static void
test_properties_description (void)
{
  Properties p;
  GtkTextView *view;
  GtkTextBuffer *buffer;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  view = GTK_TEXT_VIEW (get_named (p.page, "description"));
  buffer = gtk_text_view_get_buffer (view);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  gtk_text_buffer_set_text (buffer, "The pocket.\nA second line.", -1);
  g_assert_cmpstr (kessel_scenario_get_description (current (&p)), ==, "Old description.");
  gtk_widget_grab_focus (get_named (p.page, "title"));
  g_assert_cmpstr (kessel_scenario_get_description (current (&p)), ==, "The pocket.\nA second line.");
  driver_screenshot_widget (GTK_WIDGET (p.window), "properties-description");

  /* Typed but not yet left: committed on request, as before saving. */
  gtk_text_buffer_set_text (buffer, "Typed.", -1);
  g_assert_cmpstr (kessel_scenario_get_description (current (&p)), ==, "The pocket.\nA second line.");
  kessel_scenario_properties_commit_pending (KESSEL_SCENARIO_PROPERTIES (p.page));
  g_assert_cmpstr (kessel_scenario_get_description (current (&p)), ==, "Typed.");
  g_assert_true (kessel_edit_history_undo (p.history));

  undo_and_check (&p, "Change the description");
  g_assert_cmpstr (kessel_scenario_get_description (current (&p)), ==, "Old description.");
  {
    GtkTextIter start, end;
    g_autofree char *text = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_cmpstr (text, ==, "Old description.");
  }
  properties_close (&p);
}

static void
test_properties_turns (void)
{
  Properties p;
  GtkSpinButton *turns;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  turns = spin (&p, "turns");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (turns), ==, kessel_scenario_get_turns (current (&p)));
  gtk_spin_button_set_value (turns, 5);
  g_assert_cmpint (kessel_scenario_get_turns (current (&p)), ==, 5);
  /* Past the limit is held at the limit. */
  gtk_spin_button_set_value (turns, 500);
  g_assert_cmpint (kessel_scenario_get_turns (current (&p)), ==, KESSEL_SCENARIO_MAX_TURNS);
  g_assert_true (kessel_edit_history_undo (p.history));
  settle ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (turns), ==, 5);
  g_assert_true (kessel_edit_history_undo (p.history));
  g_assert_true (kessel_edit_history_redo (p.history));
  settle ();
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, "Set turns to 5");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (turns), ==, 5);
  properties_close (&p);
}

static void
test_properties_victory (void)
{
  const KesselVictoryTable expected = { 2, 5, 3, 1, 6, 40, 41 };
  Properties p;
  const KesselVictoryTable *victory;
  const int *values = (const int *) &expected;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  /* The spin buttons follow the table's order; draw-from above
   * soviet-wins-at is accepted here and left to the problem list. */
  for (int i = 0; i < 7; i++)
    {
      g_autofree char *name = g_strdup_printf ("victory-%d", i);
      gtk_spin_button_set_value (spin (&p, name), values[i]);
    }
  victory = kessel_scenario_get_victory (current (&p));
  g_assert_cmpmem (victory, sizeof *victory, &expected, sizeof expected);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, "Set draw from 41 VP");
  g_assert_true (kessel_edit_history_undo (p.history));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, "Set Soviet victory from 40 VP");
  settle ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (&p, "victory-6")), ==, 28);
  g_assert_cmpint (kessel_scenario_get_victory (current (&p))->draw_from, ==, 28);
  g_assert_cmpint (kessel_scenario_get_victory (current (&p))->soviet_wins_at, ==, 40);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (&p, "victory-5")), ==, 40);
  properties_close (&p);
}

static void
test_properties_start (void)
{
  Properties p;
  GtkDropDown *weather;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  weather = GTK_DROP_DOWN (get_named (p.page, "weather"));
  g_assert_cmpuint (gtk_drop_down_get_selected (weather), ==, KESSEL_WEATHER_THAW);
  gtk_drop_down_set_selected (weather, KESSEL_WEATHER_STORM);
  g_assert_cmpint (kessel_scenario_get_start (current (&p))->weather, ==, KESSEL_WEATHER_STORM);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, "Set the starting weather to Storm");

  gtk_spin_button_set_value (spin (&p, "soviet-vp"), 2);
  g_assert_cmpint (kessel_scenario_get_start (current (&p))->soviet_vp, ==, 2);
  g_assert_cmpint (kessel_scenario_get_start (current (&p))->weather, ==, KESSEL_WEATHER_STORM);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, "Set the starting Soviet VP to 2");

  g_assert_true (kessel_edit_history_undo (p.history));
  g_assert_true (kessel_edit_history_undo (p.history));
  settle ();
  g_assert_cmpuint (gtk_drop_down_get_selected (weather), ==, KESSEL_WEATHER_THAW);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (&p, "soviet-vp")), ==, 0);
  g_assert_true (kessel_edit_history_can_redo (p.history));
  properties_close (&p);
}

static void
test_properties_option (void)
{
  const KesselRulesOption *option = kessel_rules_option_find ("trace-literal");
  g_autofree char *enable = NULL;
  Properties p;
  GtkCheckButton *check;
  guint n_options;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_nonnull (option);
  kessel_rules_options (&n_options);
  properties_open (&p);
  for (guint i = 0; i < n_options; i++)
    g_assert_nonnull (find_named (p.page, kessel_rules_options (NULL)[i].id));
  check = GTK_CHECK_BUTTON (get_named (p.page, option->id));
  g_assert_false (gtk_check_button_get_active (check));

  gtk_check_button_set_active (check, TRUE);
  g_assert_true (kessel_scenario_option_enabled (current (&p), option->id));
  enable = g_strdup_printf ("Enable option “%s”", option->label);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (p.history), ==, enable);
  gtk_check_button_set_active (check, FALSE);
  g_assert_false (kessel_scenario_option_enabled (current (&p), option->id));
  g_assert_true (g_str_has_prefix (kessel_edit_history_get_undo_name (p.history), "Disable option"));

  g_assert_true (kessel_edit_history_undo (p.history));
  settle ();
  g_assert_true (gtk_check_button_get_active (check));
  g_assert_true (kessel_edit_history_undo (p.history));
  settle ();
  g_assert_false (gtk_check_button_get_active (check));
  g_assert_true (kessel_edit_history_can_redo (p.history));
  properties_close (&p);
}

/* Edits made elsewhere, undo and redo all show, and showing them commits nothing. */
static void
test_properties_follows_undo (void)
{
  Properties p;
  GtkEditable *entry;
  KesselStartMarkers start;

  SKIP_WITHOUT_DISPLAY ();
  properties_open (&p);
  entry = GTK_EDITABLE (get_named (p.page, "title"));

  kessel_scenario_set_title (current (&p), "Vinnitsa");
  kessel_scenario_set_turns (current (&p), 12);
  start = *kessel_scenario_get_start (current (&p));
  start.weather = KESSEL_WEATHER_FROST;
  kessel_scenario_set_start (current (&p), &start);
  kessel_scenario_set_option (current (&p), "odds-table-only", TRUE);
  g_assert_true (kessel_edit_history_commit (p.history, "Elsewhere"));
  settle ();
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Vinnitsa");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (&p, "turns")), ==, 12);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (get_named (p.page, "weather"))), ==,
                    KESSEL_WEATHER_FROST);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (p.page, "odds-table-only"))));

  undo_and_check (&p, "Elsewhere");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Old title");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin (&p, "turns")), ==, 8);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (get_named (p.page, "weather"))), ==,
                    KESSEL_WEATHER_THAW);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (get_named (p.page, "odds-table-only"))));

  /* The widgets edit the new scenario object after undo. */
  gtk_spin_button_set_value (spin (&p, "turns"), 4);
  g_assert_cmpint (kessel_scenario_get_turns (current (&p)), ==, 4);
  g_assert_false (kessel_edit_history_can_redo (p.history));

  /* Without a history the page is empty and commits nothing. */
  kessel_scenario_properties_set_history (KESSEL_SCENARIO_PROPERTIES (p.page), NULL);
  g_assert_false (gtk_widget_is_sensitive (get_named (p.page, "title")));
  properties_close (&p);
}

/* ---- New scenario dialog ---- */

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

static void
scenario_created (KesselNewScenarioDialog *dialog, KesselScenario *scenario, KesselScenario **out)
{
  g_assert_null (*out);
  *out = g_object_ref (scenario);
}

/* A click; activating a button by keyboard clicks it only after a delay. */
static void
press (GtkWidget *button)
{
  g_signal_emit_by_name (button, "clicked");
}

static KesselNewScenarioDialog *
open_new_scenario_dialog (gboolean *closed, KesselScenario **created)
{
  KesselNewScenarioDialog *dialog = kessel_new_scenario_dialog_new (NULL);

  *closed = FALSE;
  g_signal_connect_swapped (dialog, "destroy", G_CALLBACK (set_true), closed);
  g_signal_connect (dialog, "create", G_CALLBACK (scenario_created), created);
  gtk_window_present (GTK_WINDOW (dialog));
  settle ();
  return dialog;
}

static void
test_new_scenario_create (void)
{
  KesselNewScenarioDialog *dialog;
  g_autoptr(KesselScenario) created = NULL;
  const KesselGrid *grid;
  KesselMap *map;
  gboolean closed;

  SKIP_WITHOUT_DISPLAY ();
  dialog = open_new_scenario_dialog (&closed, &created);
  driver_screenshot_widget (GTK_WIDGET (dialog), "new-scenario-dialog");

  /* An empty title is refused. */
  gtk_editable_set_text (GTK_EDITABLE (get_named (GTK_WIDGET (dialog), "title")), "  ");
  press (get_named (GTK_WIDGET (dialog), "create"));
  g_assert_false (closed);
  g_assert_null (created);

  gtk_editable_set_text (GTK_EDITABLE (get_named (GTK_WIDGET (dialog), "title")), "Tarnopol");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (get_named (GTK_WIDGET (dialog), "columns")), 12);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (get_named (GTK_WIDGET (dialog), "rows")), 9);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (get_named (GTK_WIDGET (dialog), "short-even-columns")), TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (get_named (GTK_WIDGET (dialog), "terrain")), KESSEL_TERRAIN_FOREST);
  press (get_named (GTK_WIDGET (dialog), "create"));
  settle ();

  g_assert_true (closed);
  g_assert_nonnull (created);
  g_assert_cmpstr (kessel_scenario_get_title (created), ==, "Tarnopol");
  map = kessel_scenario_get_map (created);
  grid = kessel_map_get_grid (map);
  g_assert_cmpint (grid->columns, ==, 12);
  g_assert_cmpint (grid->rows, ==, 9);
  g_assert_true (grid->short_even_columns);
  g_assert_cmpint (kessel_map_get_hex_count (map), ==, 6 * 9 + 6 * 8);
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    g_assert_cmpint (kessel_map_get_terrain (map, hex), ==, KESSEL_TERRAIN_FOREST);
  g_assert_cmpint (kessel_scenario_get_n_units (created), ==, 0);
}

static void
test_new_scenario_cancel (void)
{
  KesselNewScenarioDialog *dialog;
  g_autoptr(KesselScenario) created = NULL;
  gboolean closed;

  SKIP_WITHOUT_DISPLAY ();
  dialog = open_new_scenario_dialog (&closed, &created);
  press (get_named (GTK_WIDGET (dialog), "cancel"));
  settle ();
  g_assert_true (closed);
  g_assert_null (created);

  /* Escape closes through the window's close action. */
  dialog = open_new_scenario_dialog (&closed, &created);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  settle ();
  g_assert_true (closed);
  g_assert_null (created);
}

/* ---- Problem list ---- */

#define FORT_HEX 13

typedef struct {
  int hex;
  char *unit_id;
  int count;
} Activated;

static void
problem_activated (KesselProblemList *list, int hex, const char *unit_id, Activated *out)
{
  out->hex = hex;
  g_free (out->unit_id);
  out->unit_id = g_strdup (unit_id);
  out->count++;
}

/* A town or fortified locality with no name is a problem; held by the
 * Germans at the start, it is the only one of the scenario. */
static KesselScenario *
scenario_with_nameless_fort (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMap *map = kessel_scenario_get_map (scenario);

  kessel_map_set_place (map, FORT_HEX, KESSEL_PLACE_FORTIFIED_LOCALITY, "");
  kessel_map_set_initial_control (map, FORT_HEX, KESSEL_SIDE_GERMAN);
  return scenario;
}

/* Besides, two units with one id: an error. */
static KesselScenario *
scenario_with_errors (void)
{
  KesselScenario *scenario = scenario_with_nameless_fort ();
  g_autoptr(KesselUnit) first = kessel_unit_new ("7G", KESSEL_SIDE_SOVIET);
  g_autoptr(KesselUnit) second = kessel_unit_new ("7G", KESSEL_SIDE_SOVIET);

  kessel_unit_set_setup_hex (first, 3);
  kessel_unit_set_setup_hex (second, 4);
  kessel_scenario_add_unit (scenario, first);
  kessel_scenario_add_unit (scenario, second);
  return scenario;
}

static void
log_problems (KesselScenario *scenario)
{
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);

  for (guint i = 0; i < problems->len; i++)
    {
      const KesselScenarioProblem *problem = g_ptr_array_index (problems, i);
      g_test_message ("%s: %s (rule %s, hex %d, unit %s)",
                      problem->severity == KESSEL_PROBLEM_ERROR ? "error" : "warning", problem->message,
                      problem->rule, problem->hex, problem->unit_id);
    }
}

static GtkListBox *
problem_rows (GtkWidget *list)
{
  return GTK_LIST_BOX (get_named (list, "problems"));
}

static int
count_rows (GtkListBox *rows)
{
  int n = 0;

  while (gtk_list_box_get_row_at_index (rows, n) != NULL)
    n++;
  return n;
}

/* Activates each row; whether one names the hex, or the unit. */
static gboolean
some_row_shows (GtkListBox *rows, KesselProblemList *list, int hex, const char *unit_id)
{
  Activated activated = { KESSEL_HEX_NONE, NULL, 0 };
  gulong id = g_signal_connect (list, "problem-activated", G_CALLBACK (problem_activated), &activated);
  gboolean found = FALSE;

  for (int i = 0; gtk_list_box_get_row_at_index (rows, i) != NULL; i++)
    {
      gtk_widget_activate (GTK_WIDGET (gtk_list_box_get_row_at_index (rows, i)));
      g_assert_cmpint (activated.count, ==, i + 1);
      if ((unit_id == NULL && activated.hex == hex) || (unit_id != NULL && g_strcmp0 (activated.unit_id, unit_id) == 0))
        found = TRUE;
    }
  g_signal_handler_disconnect (list, id);
  g_free (activated.unit_id);
  return found;
}

static const char *
summary (GtkWidget *list)
{
  return gtk_label_get_text (GTK_LABEL (get_named (list, "summary")));
}

static int
n_problems (KesselProblemList *list)
{
  return kessel_problem_list_get_n_errors (list) + kessel_problem_list_get_n_warnings (list);
}

static void
test_problems_lists_errors (void)
{
  g_autoptr(KesselScenario) scenario = scenario_with_errors ();
  g_autoptr(KesselEditHistory) history = kessel_edit_history_new (scenario);
  GtkWidget *list = kessel_problem_list_new ();
  GtkWindow *window;
  GtkListBox *rows;

  SKIP_WITHOUT_DISPLAY ();
  log_problems (scenario);
  window = panel_window (list, 360);
  g_assert_cmpstr (summary (list), ==, "No problems");
  kessel_problem_list_set_history (KESSEL_PROBLEM_LIST (list), history);
  settle ();
  driver_screenshot_widget (GTK_WIDGET (window), "problem-list");

  g_assert_cmpint (kessel_problem_list_get_n_errors (KESSEL_PROBLEM_LIST (list)), >=, 1);
  g_assert_true (g_str_has_prefix (summary (list), "1 error,") || strstr (summary (list), "errors") != NULL);
  rows = problem_rows (list);
  g_assert_cmpint (count_rows (rows), ==, n_problems (KESSEL_PROBLEM_LIST (list)));
  g_assert_true (some_row_shows (rows, KESSEL_PROBLEM_LIST (list), FORT_HEX, NULL));
  g_assert_true (some_row_shows (rows, KESSEL_PROBLEM_LIST (list), KESSEL_HEX_NONE, "7G"));
  gtk_window_destroy (window);
  settle ();
}

static void
test_problems_follows_edits (void)
{
  g_autoptr(KesselScenario) scenario = scenario_with_nameless_fort ();
  g_autoptr(KesselEditHistory) history = kessel_edit_history_new (scenario);
  KesselProblemList *list = KESSEL_PROBLEM_LIST (kessel_problem_list_new ());
  GtkWindow *window;
  KesselScenario *s;

  SKIP_WITHOUT_DISPLAY ();
  log_problems (scenario);
  window = panel_window (GTK_WIDGET (list), 360);
  kessel_problem_list_set_history (list, history);
  g_assert_cmpint (n_problems (list), ==, 1);
  g_assert_true (some_row_shows (problem_rows (GTK_WIDGET (list)), list, FORT_HEX, NULL));

  /* Edits are checked once the main loop is idle, a burst of them once. */
  s = kessel_edit_history_get_scenario (history);
  kessel_map_set_place (kessel_scenario_get_map (s), FORT_HEX, KESSEL_PLACE_FORTIFIED_LOCALITY, "Kamenets");
  g_assert_true (kessel_edit_history_commit (history, "Name the fortified locality"));
  kessel_scenario_set_turns (s, 9);
  g_assert_true (kessel_edit_history_commit (history, "Set turns to 9"));
  g_assert_cmpint (n_problems (list), ==, 1);
  settle ();
  g_assert_cmpint (n_problems (list), ==, 0);
  g_assert_cmpint (count_rows (problem_rows (GTK_WIDGET (list))), ==, 0);
  g_assert_cmpstr (summary (GTK_WIDGET (list)), ==, "No problems");
  driver_screenshot_widget (GTK_WIDGET (window), "problem-list-fixed");

  /* Undo brings it back. */
  g_assert_true (kessel_edit_history_undo (history));
  g_assert_true (kessel_edit_history_undo (history));
  kessel_problem_list_refresh_now (list);
  g_assert_cmpint (n_problems (list), ==, 1);
  g_assert_cmpint (count_rows (problem_rows (GTK_WIDGET (list))), ==, 1);
  g_assert_cmpstr (summary (GTK_WIDGET (list)), !=, "No problems");
  gtk_window_destroy (window);
  settle ();
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    {
      /* The application's style, for the screenshots. */
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (provider, "/org/kessel/Kessel/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }

  g_test_add_func ("/editor/properties/title", test_properties_title);
  g_test_add_func ("/editor/properties/empty-title-refused", test_properties_empty_title_refused);
  g_test_add_func ("/editor/properties/description", test_properties_description);
  g_test_add_func ("/editor/properties/turns", test_properties_turns);
  g_test_add_func ("/editor/properties/victory", test_properties_victory);
  g_test_add_func ("/editor/properties/start", test_properties_start);
  g_test_add_func ("/editor/properties/option", test_properties_option);
  g_test_add_func ("/editor/properties/follows-undo", test_properties_follows_undo);
  g_test_add_func ("/editor/new-scenario/create", test_new_scenario_create);
  g_test_add_func ("/editor/new-scenario/cancel", test_new_scenario_cancel);
  g_test_add_func ("/editor/problems/lists-errors", test_problems_lists_errors);
  g_test_add_func ("/editor/problems/follows-edits", test_problems_follows_edits);
  return g_test_run ();
}
