/* test-counter-mix.c: the editor's counter mix and reinforcement schedule,
 * with the shipped scenario, through their actions, their widgets and their
 * public functions. With KESSEL_SCREENSHOT_DIR set, pictures of the window
 * are written there. */
#include "editor-driver.h"
#include "kessel-config.h"

#include <string.h>

#include "kessel-schedule-view.h"
#include "kessel-counter-mix.h"

static gboolean have_display;

typedef struct {
  KesselEditHistory *history;
  GtkWindow *window;
  KesselCounterMix *list;
  KesselScheduleView *schedule;
} Fixture;

static void
settle (void)
{
  for (int i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

/* Runs the main loop for a while: the search entry waits before searching. */
static void
wait_ms (int milliseconds)
{
  gint64 end = g_get_monotonic_time () + milliseconds * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (5000);
    }
  settle ();
}

static KesselScenario *
scenario (Fixture *f)
{
  return kessel_edit_history_get_scenario (f->history);
}

static KesselUnit *
unit (Fixture *f, const char *id)
{
  return kessel_scenario_find_unit (scenario (f), id);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (g_getenv ("KESSEL_DATADIR"), "scenarios",
                                            "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) loaded = NULL;
  GtkWidget *box;

  if (!have_display)
    return;
  loaded = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);
  f->history = kessel_edit_history_new (loaded);
  f->list = KESSEL_COUNTER_MIX (kessel_counter_mix_new ());
  f->schedule = KESSEL_SCHEDULE_VIEW (kessel_schedule_view_new ());
  kessel_counter_mix_set_history (f->list, f->history);
  kessel_schedule_view_set_history (f->schedule, f->history);
  /* About the width of the editor's side panel. */
  gtk_widget_set_size_request (GTK_WIDGET (f->list), 400, -1);
  gtk_widget_set_size_request (GTK_WIDGET (f->schedule), 400, -1);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->list));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->schedule));
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 812, 940);
  gtk_window_set_child (f->window, box);
  gtk_window_present (f->window);
  settle ();
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  if (!have_display)
    return;
  gtk_window_destroy (f->window);
  settle ();
  g_clear_object (&f->history);
}

#define SKIP_WITHOUT_DISPLAY()                                  \
  G_STMT_START {                                                \
    if (!have_display)                                          \
      {                                                         \
        g_test_skip ("no display to open a window on");         \
        return;                                                 \
      }                                                         \
  } G_STMT_END

/* ---- Finding widgets ---- */

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
field (Fixture *f, const char *name)
{
  GtkWidget *widget = find_named (GTK_WIDGET (f->list), name);
  g_assert_nonnull (widget);
  return widget;
}

static GtkColumnView *
table (Fixture *f)
{
  return GTK_COLUMN_VIEW (field (f, "unit-table"));
}

static GListModel *
rows (Fixture *f)
{
  return G_LIST_MODEL (gtk_column_view_get_model (table (f)));
}

static char *
row_id (Fixture *f, guint position)
{
  g_autoptr(KesselUnit) item = g_list_model_get_item (rows (f), position);
  return g_strdup (kessel_unit_get_id (item));
}

/* The list's copy of a unit, as its row shows it. */
static KesselUnit *
row_unit (Fixture *f, const char *id)
{
  for (guint i = 0; i < g_list_model_get_n_items (rows (f)); i++)
    {
      g_autoptr(KesselUnit) item = g_list_model_get_item (rows (f), i);
      if (strcmp (kessel_unit_get_id (item), id) == 0)
        return item;   /* the model keeps its reference */
    }
  return NULL;
}

static const char *
selected_row_id (Fixture *f)
{
  KesselUnit *item = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (rows (f)));
  return item != NULL ? kessel_unit_get_id (item) : NULL;
}

static void
type_into (Fixture *f, const char *entry_name, const char *text)
{
  GtkWidget *entry = field (f, entry_name);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  settle ();
}

static void
spin_to (Fixture *f, const char *spin_name, int value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (field (f, spin_name)), value);
  settle ();
}

static GtkColumnViewColumn *
column_titled (Fixture *f, const char *title)
{
  GListModel *columns = gtk_column_view_get_columns (table (f));

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      if (strcmp (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_assert_not_reached ();
}

/* ---- The counter mix ---- */

static void
test_add (Fixture *f, gconstpointer data)
{
  int n;
  KesselUnit *added;

  SKIP_WITHOUT_DISPLAY ();
  n = kessel_scenario_get_n_units (scenario (f));
  g_assert_cmpuint (g_list_model_get_n_items (rows (f)), ==, n);

  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "german");
  settle ();
  g_assert_cmpint (kessel_scenario_get_n_units (scenario (f)), ==, n + 1);
  added = unit (f, "german-1");
  g_assert_nonnull (added);
  g_assert_cmpint (kessel_unit_get_side (added), ==, KESSEL_SIDE_GERMAN);
  g_assert_cmpint (kessel_unit_get_unit_type (added), ==, KESSEL_UNIT_INFANTRY);
  g_assert_cmpint (kessel_unit_get_size (added), ==, KESSEL_SIZE_DIVISION);
  g_assert_cmpint (kessel_unit_get_mobility (added), ==, KESSEL_MOBILITY_NON_MECHANIZED);
  g_assert_cmpint (kessel_unit_get_n_steps (added), ==, 1);
  g_assert_cmpint (kessel_unit_get_step (added, 0)->attack, ==, 1);
  g_assert_cmpint (kessel_unit_get_step (added, 0)->defence, ==, 1);
  g_assert_cmpint (kessel_unit_get_setup_hex (added), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_unit_get_arrival_turn (added), ==, 0);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Add German unit");
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, "german-1");
  g_assert_cmpstr (selected_row_id (f), ==, "german-1");
  g_assert_cmpuint (g_list_model_get_n_items (rows (f)), ==, n + 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "unit-id"))), ==, "german-1");

  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "soviet");
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "german");
  settle ();
  g_assert_cmpint (kessel_unit_get_side (unit (f, "soviet-1")), ==, KESSEL_SIDE_SOVIET);
  g_assert_nonnull (unit (f, "german-2"));
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, "german-2");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Add German unit");

  /* An unknown side adds nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "romanian");
  settle ();
  g_assert_cmpint (kessel_scenario_get_n_units (scenario (f)), ==, n + 3);
  driver_screenshot_widget (GTK_WIDGET (f->window), "counter-mix-added");
}

static void
test_duplicate (Fixture *f, gconstpointer data)
{
  KesselUnit *original, *copy;
  int n;

  SKIP_WITHOUT_DISPLAY ();
  n = kessel_scenario_get_n_units (scenario (f));
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  settle ();
  g_assert_cmpstr (selected_row_id (f), ==, "ger-16pz");
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.duplicate", NULL);
  settle ();

  g_assert_cmpint (kessel_scenario_get_n_units (scenario (f)), ==, n + 1);
  original = unit (f, "ger-16pz");
  copy = unit (f, "ger-16pz-2");
  g_assert_nonnull (copy);
  g_assert_cmpstr (kessel_unit_get_name (copy), ==, kessel_unit_get_name (original));
  g_assert_cmpstr (kessel_unit_get_label (copy), ==, "16 Pz");
  g_assert_cmpint (kessel_unit_get_unit_type (copy), ==, kessel_unit_get_unit_type (original));
  g_assert_cmpint (kessel_unit_get_n_steps (copy), ==, kessel_unit_get_n_steps (original));
  for (int i = 0; i < kessel_unit_get_n_steps (copy); i++)
    {
      g_assert_cmpint (kessel_unit_get_step (copy, i)->attack, ==, kessel_unit_get_step (original, i)->attack);
      g_assert_cmpint (kessel_unit_get_step (copy, i)->defence, ==, kessel_unit_get_step (original, i)->defence);
    }
  /* Not stacked on the original, and not sharing its substitute. */
  g_assert_cmpint (kessel_unit_get_setup_hex (original), !=, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_unit_get_setup_hex (copy), ==, KESSEL_HEX_NONE);
  g_assert_nonnull (kessel_unit_get_substitute (original));
  g_assert_null (kessel_unit_get_substitute (copy));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Duplicate 16 Pz");
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, "ger-16pz-2");
  g_assert_cmpstr (selected_row_id (f), ==, "ger-16pz-2");

  /* A second copy gets the next free id. */
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.duplicate", NULL);
  settle ();
  g_assert_nonnull (unit (f, "ger-16pz-3"));

  /* Nothing selected: the action is off and does nothing. */
  kessel_counter_mix_select_unit (f->list, NULL);
  settle ();
  g_assert_null (kessel_counter_mix_get_selected_id (f->list));
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.duplicate", NULL);
  settle ();
  g_assert_cmpint (kessel_scenario_get_n_units (scenario (f)), ==, n + 2);
}

static void
test_delete (Fixture *f, gconstpointer data)
{
  int n;
  guint position;
  g_autofree char *next_id = NULL;

  SKIP_WITHOUT_DISPLAY ();
  n = kessel_scenario_get_n_units (scenario (f));
  kessel_counter_mix_select_unit (f->list, "sov-8gm");
  settle ();
  position = gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows (f)));
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  next_id = row_id (f, position + 1);

  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.delete", NULL);
  settle ();
  g_assert_null (unit (f, "sov-8gm"));
  g_assert_null (row_unit (f, "sov-8gm"));
  g_assert_cmpint (kessel_scenario_get_n_units (scenario (f)), ==, n - 1);
  g_assert_cmpuint (g_list_model_get_n_items (rows (f)), ==, n - 1);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Delete 8 GM");
  /* The row below takes the selection. */
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, next_id);
  g_assert_cmpstr (selected_row_id (f), ==, next_id);

  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_nonnull (unit (f, "sov-8gm"));
  g_assert_nonnull (row_unit (f, "sov-8gm"));
  g_assert_cmpuint (g_list_model_get_n_items (rows (f)), ==, n);
}

static void
test_edit_name (Fixture *f, gconstpointer data)
{
  SKIP_WITHOUT_DISPLAY ();
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  settle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "unit-name"))), ==, "16th Panzer Division");

  /* Typing alone changes nothing: Enter commits. */
  gtk_editable_set_text (GTK_EDITABLE (field (f, "unit-name")), "16. Panzer-Division");
  settle ();
  g_assert_cmpstr (kessel_unit_get_name (unit (f, "ger-16pz")), ==, "16th Panzer Division");
  g_assert_false (kessel_edit_history_can_undo (f->history));
  g_signal_emit_by_name (field (f, "unit-name"), "activate");
  settle ();
  g_assert_cmpstr (kessel_unit_get_name (unit (f, "ger-16pz")), ==, "16. Panzer-Division");
  g_assert_cmpstr (kessel_unit_get_name (row_unit (f, "ger-16pz")), ==, "16. Panzer-Division");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Rename 16 Pz");

  /* Enter again, unchanged: no second edit. */
  g_signal_emit_by_name (field (f, "unit-name"), "activate");
  settle ();
  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_false (kessel_edit_history_can_undo (f->history));
  g_assert_cmpstr (kessel_unit_get_name (unit (f, "ger-16pz")), ==, "16th Panzer Division");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "unit-name"))), ==, "16th Panzer Division");

  /* Leaving the entry commits too. */
  gtk_widget_grab_focus (field (f, "unit-name"));
  settle ();
  gtk_editable_set_text (GTK_EDITABLE (field (f, "unit-name")), "16th Panzer");
  gtk_widget_grab_focus (field (f, "unit-label"));
  settle ();
  g_assert_cmpstr (kessel_unit_get_name (unit (f, "ger-16pz")), ==, "16th Panzer");

  /* A new id follows into the references to it, in the same edit. */
  g_assert_cmpstr (kessel_unit_get_substitute (unit (f, "ger-16pz")), ==, "ger-16pz-s1");
  kessel_counter_mix_select_unit (f->list, "ger-16pz-s1");
  type_into (f, "unit-id", "ger-16pz-b");
  g_assert_null (unit (f, "ger-16pz-s1"));
  g_assert_nonnull (unit (f, "ger-16pz-b"));
  g_assert_cmpstr (kessel_unit_get_substitute (unit (f, "ger-16pz")), ==, "ger-16pz-b");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Change id ger-16pz-s1 to ger-16pz-b");
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, "ger-16pz-b");
  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_cmpstr (kessel_unit_get_substitute (unit (f, "ger-16pz")), ==, "ger-16pz-s1");

  /* Side, type and substitute. */
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (f, "unit-type")), KESSEL_UNIT_HEAVY_ARMOUR);
  settle ();
  g_assert_cmpint (kessel_unit_get_unit_type (unit (f, "ger-16pz")), ==, KESSEL_UNIT_HEAVY_ARMOUR);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Change the type of 16 Pz");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (f, "unit-substitute")), 0);
  settle ();
  g_assert_null (kessel_unit_get_substitute (unit (f, "ger-16pz")));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Change the substitute of 16 Pz");
  driver_screenshot_widget (GTK_WIDGET (f->window), "counter-mix-form");
}

static void
test_edit_steps (Fixture *f, gconstpointer data)
{
  KesselUnit *edited;

  SKIP_WITHOUT_DISPLAY ();
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  settle ();
  edited = unit (f, "ger-16pz");
  g_assert_cmpint (kessel_unit_get_n_steps (edited), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (f, "unit-steps"))), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (f, "front-attack"))), ==,
                   kessel_unit_get_step (edited, 0)->attack);

  spin_to (f, "front-attack", 9);
  g_assert_cmpint (kessel_unit_get_step (unit (f, "ger-16pz"), 0)->attack, ==, 9);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Change the steps of 16 Pz");
  spin_to (f, "back-defence", 1);
  g_assert_cmpint (kessel_unit_get_step (unit (f, "ger-16pz"), 1)->defence, ==, 1);

  spin_to (f, "unit-steps", 1);
  g_assert_cmpint (kessel_unit_get_n_steps (unit (f, "ger-16pz")), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (field (f, "back-attack")));
  g_assert_cmpint (kessel_unit_get_n_steps (row_unit (f, "ger-16pz")), ==, 1);
  spin_to (f, "unit-steps", 2);
  g_assert_cmpint (kessel_unit_get_n_steps (unit (f, "ger-16pz")), ==, 2);
  g_assert_true (gtk_widget_get_sensitive (field (f, "back-attack")));

  /* Four edits; undoing them all gives the original factors back. */
  for (int i = 0; i < 4; i++)
    g_assert_true (kessel_edit_history_undo (f->history));
  g_assert_false (kessel_edit_history_can_undo (f->history));
  settle ();
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (field (f, "front-attack"))), ==,
                   kessel_unit_get_step (unit (f, "ger-16pz"), 0)->attack);
  g_assert_cmpint (kessel_unit_get_step (unit (f, "ger-16pz"), 0)->attack, !=, 9);

  /* Abilities: ranged support with its range. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (field (f, "ranged-support")), TRUE);
  settle ();
  g_assert_true (kessel_unit_has_ability (unit (f, "ger-16pz"), KESSEL_ABILITY_RANGED_SUPPORT));
  g_assert_cmpint (kessel_unit_get_support_range (unit (f, "ger-16pz")), ==, 2);
  spin_to (f, "support-range", 3);
  g_assert_cmpint (kessel_unit_get_support_range (unit (f, "ger-16pz")), ==, 3);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Change the abilities of 16 Pz");
}

static void
test_bad_hex_refused (Fixture *f, gconstpointer data)
{
  int hex;
  GtkWidget *error_label;

  SKIP_WITHOUT_DISPLAY ();
  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  settle ();
  hex = kessel_unit_get_setup_hex (unit (f, "ger-16pz"));
  error_label = field (f, "form-error");
  g_assert_false (gtk_widget_get_visible (error_label));

  type_into (f, "setup-hex", "9999");
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), ==, hex);
  g_assert_false (kessel_edit_history_can_undo (f->history));
  g_assert_true (gtk_widget_has_css_class (field (f, "setup-hex"), "error"));
  g_assert_true (gtk_widget_get_visible (error_label));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error_label)), "9999"));
  driver_screenshot_widget (GTK_WIDGET (f->window), "counter-mix-bad-hex");

  type_into (f, "setup-hex", "08x5");
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), ==, hex);
  g_assert_false (kessel_edit_history_can_undo (f->history));

  /* An id in use is refused the same way. */
  type_into (f, "unit-id", "ger-1ss");
  g_assert_nonnull (unit (f, "ger-16pz"));
  g_assert_true (gtk_widget_has_css_class (field (f, "unit-id"), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "setup-hex"), "error"));
  type_into (f, "unit-id", "no spaces");
  g_assert_null (unit (f, "no spaces"));
  g_assert_false (kessel_edit_history_can_undo (f->history));

  /* A good hex is taken, the error goes, and the unit no longer arrives. */
  type_into (f, "setup-hex", "0805");
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), ==,
                   kessel_grid_parse_hex (kessel_map_get_grid (kessel_scenario_get_map (scenario (f))), "0805"));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Set up 16 Pz at 0805");
  g_assert_false (gtk_widget_get_visible (error_label));
  g_assert_false (gtk_widget_has_css_class (field (f, "setup-hex"), "error"));
  g_assert_false (gtk_widget_has_css_class (field (f, "unit-id"), "error"));

  /* Empty: no setup hex. */
  type_into (f, "setup-hex", "");
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), ==, KESSEL_HEX_NONE);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Remove the setup hex of 16 Pz");

  /* A reinforcement given a hex no longer arrives. */
  kessel_counter_mix_select_unit (f->list, "ger-9ss");
  type_into (f, "setup-hex", "0101");
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 0);
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-9ss")), !=, KESSEL_HEX_NONE);
}

static gboolean
sorted_by_name (Fixture *f, int direction)
{
  for (guint i = 1; i < g_list_model_get_n_items (rows (f)); i++)
    {
      g_autoptr(KesselUnit) a = g_list_model_get_item (rows (f), i - 1);
      g_autoptr(KesselUnit) b = g_list_model_get_item (rows (f), i);
      g_autofree char *key_a = g_utf8_collate_key_for_filename (kessel_unit_get_name (a), -1);
      g_autofree char *key_b = g_utf8_collate_key_for_filename (kessel_unit_get_name (b), -1);
      if (strcmp (key_a, key_b) * direction > 0)
        return FALSE;
    }
  return TRUE;
}

static void
test_sort (Fixture *f, gconstpointer data)
{
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  guint n;

  SKIP_WITHOUT_DISPLAY ();
  first = row_id (f, 0);
  g_assert_cmpstr (first, ==, kessel_unit_get_id (kessel_scenario_get_unit (scenario (f), 0)));
  g_assert_false (sorted_by_name (f, 1));

  kessel_counter_mix_select_unit (f->list, "ger-16pz");
  gtk_column_view_sort_by_column (table (f), column_titled (f, "Name"), GTK_SORT_ASCENDING);
  settle ();
  g_assert_true (sorted_by_name (f, 1));
  g_assert_cmpstr (selected_row_id (f), ==, "ger-16pz");   /* the selection stays with the unit */
  driver_screenshot_widget (GTK_WIDGET (f->window), "counter-mix-sorted");

  gtk_column_view_sort_by_column (table (f), column_titled (f, "Name"), GTK_SORT_DESCENDING);
  settle ();
  g_assert_true (sorted_by_name (f, -1));

  /* By setup hex: units that set up come first, in hex order. */
  gtk_column_view_sort_by_column (table (f), column_titled (f, "Setup hex"), GTK_SORT_ASCENDING);
  settle ();
  n = g_list_model_get_n_items (rows (f));
  for (guint i = 1; i < n; i++)
    {
      g_autoptr(KesselUnit) a = g_list_model_get_item (rows (f), i - 1);
      g_autoptr(KesselUnit) b = g_list_model_get_item (rows (f), i);
      int hex_a = kessel_unit_get_setup_hex (a), hex_b = kessel_unit_get_setup_hex (b);
      g_assert_true (hex_b == KESSEL_HEX_NONE || (hex_a != KESSEL_HEX_NONE && hex_a <= hex_b));
    }
  last = row_id (f, n - 1);
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, last)), ==, KESSEL_HEX_NONE);

  /* An edited unit takes its place in the order chosen, still selected. */
  gtk_column_view_sort_by_column (table (f), column_titled (f, "Name"), GTK_SORT_ASCENDING);
  settle ();
  g_free (first);
  first = row_id (f, 0);
  g_assert_cmpstr (first, !=, "ger-16pz");
  type_into (f, "unit-name", "000 First by name");
  g_assert_true (sorted_by_name (f, 1));
  g_free (first);
  first = row_id (f, 0);
  g_assert_cmpstr (first, ==, "ger-16pz");
  g_assert_cmpstr (selected_row_id (f), ==, "ger-16pz");
}

static int
count_rows (Fixture *f)
{
  return (int) g_list_model_get_n_items (rows (f));
}

static void
search (Fixture *f, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (field (f, "unit-search")), text);
  wait_ms (400);
}

static void
remember_id (GtkWidget *widget, const char *id, char **out)
{
  g_free (*out);
  *out = g_strdup (id);
}

static void
test_filter (Fixture *f, gconstpointer data)
{
  int all, soviet = 0;
  g_autofree char *activated = NULL;

  SKIP_WITHOUT_DISPLAY ();
  all = count_rows (f);
  for (int i = 0; i < kessel_scenario_get_n_units (scenario (f)); i++)
    if (kessel_unit_get_side (kessel_scenario_get_unit (scenario (f), i)) == KESSEL_SIDE_SOVIET)
      soviet++;
  g_assert_cmpint (soviet, >, 0);

  search (f, "16 pz");
  g_assert_cmpint (count_rows (f), ==, 3);   /* 16 Pz and its two substitutes, by label */
  for (int i = 0; i < count_rows (f); i++)
    {
      g_autofree char *id = row_id (f, i);
      g_assert_true (g_str_has_prefix (id, "ger-16pz"));
    }
  driver_screenshot_widget (GTK_WIDGET (f->window), "counter-mix-filtered");

  /* By hex: the units set up at 1808. */
  search (f, "1808");
  g_assert_cmpint (count_rows (f), >=, 1);
  for (int i = 0; i < count_rows (f); i++)
    {
      g_autofree char *id = row_id (f, i);
      g_autofree char *hex = kessel_grid_format_hex (kessel_map_get_grid (kessel_scenario_get_map (scenario (f))),
                                                     kessel_unit_get_setup_hex (unit (f, id)));
      g_assert_cmpstr (hex, ==, "1808");
    }

  search (f, "");
  g_assert_cmpint (count_rows (f), ==, all);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (f, "side-filter")), 2);
  settle ();
  g_assert_cmpint (count_rows (f), ==, soviet);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (field (f, "side-filter")), 1);
  settle ();
  g_assert_cmpint (count_rows (f), ==, all - soviet);

  /* Selecting a hidden unit shows the whole list again. */
  kessel_counter_mix_select_unit (f->list, "sov-8gm");
  settle ();
  g_assert_cmpint (count_rows (f), ==, all);
  g_assert_cmpstr (selected_row_id (f), ==, "sov-8gm");

  /* Activating a row (double-click, Enter) names its unit. */
  g_signal_connect (f->list, "unit-activated", G_CALLBACK (remember_id), &activated);
  g_signal_emit_by_name (table (f), "activate",
                         gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (rows (f))));
  g_assert_cmpstr (activated, ==, "sov-8gm");
}

static void
test_follows_undo (Fixture *f, gconstpointer data)
{
  KesselScenario *before;
  int n;

  SKIP_WITHOUT_DISPLAY ();
  n = count_rows (f);
  kessel_counter_mix_select_unit (f->list, "ger-1ss");
  type_into (f, "unit-label", "LAH");
  g_assert_cmpstr (kessel_unit_get_label (row_unit (f, "ger-1ss")), ==, "LAH");
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Relabel 1 SS Pz as LAH");

  before = scenario (f);
  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_true (before != scenario (f));   /* a new scenario object */
  g_assert_cmpstr (kessel_unit_get_label (row_unit (f, "ger-1ss")), ==, "1 SS Pz");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field (f, "unit-label"))), ==, "1 SS Pz");
  g_assert_cmpstr (selected_row_id (f), ==, "ger-1ss");
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (f->list), ==, "ger-1ss");

  g_assert_true (kessel_edit_history_redo (f->history));
  settle ();
  g_assert_cmpstr (kessel_unit_get_label (row_unit (f, "ger-1ss")), ==, "LAH");

  /* An added unit goes with undo, and the form with it. */
  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "soviet");
  settle ();
  g_assert_cmpint (count_rows (f), ==, n + 1);
  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_cmpint (count_rows (f), ==, n);
  g_assert_null (row_unit (f, "soviet-1"));
  g_assert_null (kessel_counter_mix_get_selected_id (f->list));
  g_assert_false (gtk_widget_is_visible (field (f, "unit-name")));
  g_assert_true (kessel_edit_history_redo (f->history));
  settle ();
  g_assert_nonnull (row_unit (f, "soviet-1"));
}

/* ---- The schedule ---- */

static GtkWidget *
schedule_section (Fixture *f, int turn)
{
  const char *name = turn > 0 ? "turn-section" : "not-placed-section";
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (f->schedule));
  GtkWidget *sections = find_named (scrolled, "turn-section");

  g_assert_nonnull (sections);
  for (GtkWidget *child = gtk_widget_get_first_child (gtk_widget_get_parent (sections)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_name (child), name) == 0
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "turn")) == turn)
      return child;
  g_assert_not_reached ();
}

static gboolean
section_lists (Fixture *f, int turn, const char *id)
{
  return find_named (schedule_section (f, turn), id) != NULL;
}

static void
drop_on (GtkWidget *section, const char *text)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (section);
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, text);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (controller))
        g_signal_emit_by_name (controller, "drop", &value, 10.0, 10.0, &accepted);
    }
  g_value_unset (&value);
  g_assert_true (accepted);
  settle ();
}

/* Alt+Up or Alt+Down on a unit's row in the schedule. */
static void
press_on_row (Fixture *f, int turn, const char *id, guint keyval)
{
  GtkWidget *row = find_named (schedule_section (f, turn), id);
  g_autoptr(GListModel) controllers = NULL;
  gboolean handled = FALSE;

  g_assert_nonnull (row);
  controllers = gtk_widget_observe_controllers (row);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, GDK_ALT_MASK, &handled);
    }
  g_assert_true (handled);
  settle ();
}

static GtkAdjustment *
schedule_adjustment (Fixture *f)
{
  GtkWidget *scrolled = gtk_widget_get_first_child (GTK_WIDGET (f->schedule));
  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

static void
test_schedule_move (Fixture *f, gconstpointer data)
{
  double scrolled_to;
  g_autofree char *activated = NULL;

  SKIP_WITHOUT_DISPLAY ();
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 6);
  g_assert_true (section_lists (f, 6, "ger-9ss"));
  g_assert_false (section_lists (f, 3, "ger-9ss"));
  driver_screenshot_widget (GTK_WIDGET (f->window), "schedule");

  g_assert_true (kessel_schedule_view_move_unit (f->schedule, "ger-9ss", 3));
  settle ();
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 3);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Schedule 9 SS Pz for turn 3");
  g_assert_true (section_lists (f, 3, "ger-9ss"));
  g_assert_false (section_lists (f, 6, "ger-9ss"));
  /* The unit list shows the new turn too. */
  g_assert_cmpint (kessel_unit_get_arrival_turn (row_unit (f, "ger-9ss")), ==, 3);

  /* Moving to where it is, or to a turn the scenario has not, does nothing. */
  g_assert_false (kessel_schedule_view_move_unit (f->schedule, "ger-9ss", 3));
  g_assert_false (kessel_schedule_view_move_unit (f->schedule, "ger-9ss", 9));
  g_assert_false (kessel_schedule_view_move_unit (f->schedule, "no-such-unit", 2));
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Schedule 9 SS Pz for turn 3");

  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 6);
  g_assert_true (section_lists (f, 6, "ger-9ss"));

  /* Activating a row names its unit. */
  g_signal_connect (f->schedule, "unit-activated", G_CALLBACK (remember_id), &activated);
  gtk_widget_activate (find_named (schedule_section (f, 6), "ger-9ss"));
  g_assert_cmpstr (activated, ==, "ger-9ss");

  /* A unit that set up, dropped on a turn, arrives instead. */
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), !=, KESSEL_HEX_NONE);
  drop_on (schedule_section (f, 2), KESSEL_UNIT_DRAG_PREFIX "ger-16pz");
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-16pz")), ==, 2);
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-16pz")), ==, KESSEL_HEX_NONE);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Schedule 16 Pz for turn 2");
  g_assert_true (section_lists (f, 2, "ger-16pz"));

  /* A Soviet arrival is allowed, and marked. */
  g_assert_true (kessel_schedule_view_move_unit (f->schedule, "sov-8gm", 4));
  settle ();
  g_assert_true (section_lists (f, 4, "sov-8gm"));
  {
    GtkWidget *row = find_named (schedule_section (f, 4), "sov-8gm");
    gboolean marked = FALSE;
    for (GtkWidget *w = gtk_widget_get_first_child (gtk_widget_get_first_child (row)); w != NULL;
         w = gtk_widget_get_next_sibling (w))
      for (GtkWidget *label = gtk_widget_get_first_child (w); label != NULL; label = gtk_widget_get_next_sibling (label))
        marked |= gtk_widget_has_css_class (label, "error");
    g_assert_true (marked);
  }
  driver_screenshot_widget (GTK_WIDGET (f->window), "schedule-moved");

  /* With the keyboard: a turn earlier, a turn later, and from the last
   * turn to "Not placed"; the schedule keeps its scroll position. */
  gtk_adjustment_set_value (schedule_adjustment (f), 200);
  settle ();
  scrolled_to = gtk_adjustment_get_value (schedule_adjustment (f));
  g_assert_cmpfloat (scrolled_to, >, 0);
  press_on_row (f, 6, "ger-9ss", GDK_KEY_Up);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 5);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Schedule 9 SS Pz for turn 5");
  g_assert_cmpfloat (gtk_adjustment_get_value (schedule_adjustment (f)), ==, scrolled_to);
  press_on_row (f, 5, "ger-9ss", GDK_KEY_Down);
  press_on_row (f, 6, "ger-9ss", GDK_KEY_Down);
  press_on_row (f, 7, "ger-9ss", GDK_KEY_Down);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 8);
  press_on_row (f, 8, "ger-9ss", GDK_KEY_Down);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 0);
  g_assert_true (section_lists (f, 0, "ger-9ss"));
  press_on_row (f, 0, "ger-9ss", GDK_KEY_Up);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "ger-9ss")), ==, 8);
}

static void
test_schedule_not_placed (Fixture *f, gconstpointer data)
{
  SKIP_WITHOUT_DISPLAY ();
  /* Substitute counters are never listed as not placed. */
  g_assert_false (section_lists (f, 0, "ger-1ss-s1"));
  g_assert_false (section_lists (f, 0, "ger-16pz"));

  gtk_widget_activate_action (GTK_WIDGET (f->list), "units.add", "s", "german");
  settle ();
  g_assert_true (section_lists (f, 0, "german-1"));

  g_assert_true (kessel_schedule_view_move_unit (f->schedule, "german-1", 2));
  settle ();
  g_assert_false (section_lists (f, 0, "german-1"));
  g_assert_true (section_lists (f, 2, "german-1"));

  g_assert_true (kessel_schedule_view_move_unit (f->schedule, "german-1", 0));
  settle ();
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit (f, "german-1")), ==, 0);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Take New off the schedule");
  g_assert_true (section_lists (f, 0, "german-1"));

  /* Dropped on "Not placed", a unit that set up leaves the map. */
  drop_on (schedule_section (f, 0), KESSEL_UNIT_DRAG_PREFIX "ger-7pz");
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-7pz")), ==, KESSEL_HEX_NONE);
  g_assert_cmpstr (kessel_edit_history_get_undo_name (f->history), ==, "Take 7 Pz off the map");
  g_assert_true (section_lists (f, 0, "ger-7pz"));

  /* Undo brings the placement back, and the schedule follows. */
  g_assert_true (kessel_edit_history_undo (f->history));
  settle ();
  g_assert_false (section_lists (f, 0, "ger-7pz"));
  g_assert_cmpint (kessel_unit_get_setup_hex (unit (f, "ger-7pz")), !=, KESSEL_HEX_NONE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/editor/units/add", test_add);
  ADD ("/editor/units/duplicate", test_duplicate);
  ADD ("/editor/units/delete", test_delete);
  ADD ("/editor/units/edit-name", test_edit_name);
  ADD ("/editor/units/edit-steps", test_edit_steps);
  ADD ("/editor/units/bad-hex-refused", test_bad_hex_refused);
  ADD ("/editor/units/sort", test_sort);
  ADD ("/editor/units/filter", test_filter);
  ADD ("/editor/units/follows-undo", test_follows_undo);
  ADD ("/editor/schedule/move", test_schedule_move);
  ADD ("/editor/schedule/not-placed", test_schedule_not_placed);
#undef ADD
  return g_test_run ();
}
