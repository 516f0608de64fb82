/* kessel-new-scenario-dialog.c: the New Scenario dialog. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-new-scenario-dialog.h"

#define DEFAULT_COLUMNS 20
#define DEFAULT_ROWS 15
#define MAX_TITLE_LENGTH 200   /* the file format's limit */

struct _KesselNewScenarioDialog
{
  GtkWindow parent_instance;

  GtkEntry *title_entry;
  GtkSpinButton *columns_spin;
  GtkSpinButton *rows_spin;
  GtkCheckButton *short_check;
  GtkDropDown *terrain_dropdown;
};

G_DEFINE_FINAL_TYPE (KesselNewScenarioDialog, kessel_new_scenario_dialog, GTK_TYPE_WINDOW)

enum {
  CREATE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static KesselScenario *
build_scenario (KesselNewScenarioDialog *self)
{
  KesselGrid grid;
  KesselScenario *scenario;
  KesselMap *map;
  KesselTerrain terrain = gtk_drop_down_get_selected (self->terrain_dropdown);
  g_autofree char *title = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_entry)));

  if (!kessel_grid_init (&grid, gtk_spin_button_get_value_as_int (self->columns_spin),
                         gtk_spin_button_get_value_as_int (self->rows_spin),
                         gtk_check_button_get_active (self->short_check)))
    return NULL;
  scenario = kessel_scenario_new (&grid);
  kessel_scenario_set_title (scenario, g_strstrip (title));
  map = kessel_scenario_get_map (scenario);
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    kessel_map_set_terrain (map, hex, terrain);
  return scenario;
}

static gboolean
title_valid (KesselNewScenarioDialog *self)
{
  g_autofree char *title = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->title_entry)));

  return g_strstrip (title)[0] != '\0';
}

static void
create (KesselNewScenarioDialog *self)
{
  g_autoptr(KesselScenario) scenario = NULL;
  gboolean valid = title_valid (self);

  gtk_accessible_update_state (GTK_ACCESSIBLE (self->title_entry), GTK_ACCESSIBLE_STATE_INVALID,
                               valid ? GTK_ACCESSIBLE_INVALID_FALSE : GTK_ACCESSIBLE_INVALID_TRUE, -1);
  if (!valid)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->title_entry), "error");
      gtk_widget_grab_focus (GTK_WIDGET (self->title_entry));
      return;
    }
  /* The spin buttons take a value typed but not yet entered. */
  gtk_spin_button_update (self->columns_spin);
  gtk_spin_button_update (self->rows_spin);
  scenario = build_scenario (self);
  g_return_if_fail (scenario != NULL);
  g_signal_emit (self, signals[CREATE], 0, scenario);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
create_clicked (GtkButton *button, KesselNewScenarioDialog *self)
{
  create (self);
}

static void
cancel_clicked (GtkButton *button, KesselNewScenarioDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
title_changed (GtkEditable *editable, KesselNewScenarioDialog *self)
{
  gtk_widget_remove_css_class (GTK_WIDGET (self->title_entry), "error");
}

/* A short even column needs at least two rows to keep a hex. */
static void
short_toggled (GtkCheckButton *check, KesselNewScenarioDialog *self)
{
  GtkAdjustment *rows = gtk_spin_button_get_adjustment (self->rows_spin);

  gtk_adjustment_set_lower (rows, gtk_check_button_get_active (check) ? 2 : 1);
}

static GtkWidget *
mnemonic_label (const char *text, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  return label;
}

static GtkSpinButton *
spin_new (const char *name, int max, int value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (1, max, 1);

  gtk_widget_set_name (spin, name);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  /* Enter in the field presses Create, as in the title. */
  gtk_text_set_activates_default (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (spin))), TRUE);
  return GTK_SPIN_BUTTON (spin);
}

static GtkWidget *
terrain_dropdown_new (void)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (KesselTerrain terrain = 0; terrain < KESSEL_N_TERRAINS; terrain++)
    gtk_string_list_append (names, kessel_terrain_display_name (terrain));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_widget_set_name (dropdown, "terrain");
  gtk_widget_set_halign (dropdown, GTK_ALIGN_START);
  return dropdown;
}

static GtkWidget *
build_short_check (KesselNewScenarioDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *explanation = gtk_label_new (
    _("Even-numbered columns sit half a hex lower than odd ones. When they are short, "
      "each holds one hex fewer, so the map’s bottom edge has no half hexes."));

  self->short_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Even columns are short")));
  gtk_widget_set_name (GTK_WIDGET (self->short_check), "short-even-columns");
  g_signal_connect (self->short_check, "toggled", G_CALLBACK (short_toggled), self);
  gtk_label_set_wrap (GTK_LABEL (explanation), TRUE);
  /* As wide as it may grow, so that the window is measured with its real height. */
  gtk_label_set_width_chars (GTK_LABEL (explanation), 50);
  gtk_label_set_max_width_chars (GTK_LABEL (explanation), 50);
  gtk_label_set_xalign (GTK_LABEL (explanation), 0);
  gtk_widget_add_css_class (explanation, "dim-label");
  gtk_widget_set_margin_start (explanation, 28);   /* under the check button's text */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->short_check), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  explanation, NULL, -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->short_check));
  gtk_box_append (GTK_BOX (box), explanation);
  return box;
}

static GtkWidget *
build_fields (KesselNewScenarioDialog *self)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_grid_set_column_spacing (grid, 12);
  gtk_grid_set_row_spacing (grid, 8);

  self->title_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (self->title_entry), "title");
  gtk_entry_set_max_length (self->title_entry, MAX_TITLE_LENGTH);
  gtk_entry_set_activates_default (self->title_entry, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), _("New Scenario"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->title_entry), TRUE);
  g_signal_connect (self->title_entry, "changed", G_CALLBACK (title_changed), self);
  self->columns_spin = spin_new ("columns", KESSEL_GRID_MAX_COLUMNS, DEFAULT_COLUMNS);
  self->rows_spin = spin_new ("rows", KESSEL_GRID_MAX_ROWS, DEFAULT_ROWS);
  self->terrain_dropdown = GTK_DROP_DOWN (terrain_dropdown_new ());

  gtk_grid_attach (grid, mnemonic_label (_("_Title"), GTK_WIDGET (self->title_entry)), 0, 0, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (self->title_entry), 1, 0, 1, 1);
  gtk_grid_attach (grid, mnemonic_label (_("Colu_mns"), GTK_WIDGET (self->columns_spin)), 0, 1, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (self->columns_spin), 1, 1, 1, 1);
  gtk_grid_attach (grid, mnemonic_label (_("R_ows"), GTK_WIDGET (self->rows_spin)), 0, 2, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (self->rows_spin), 1, 2, 1, 1);
  gtk_grid_attach (grid, build_short_check (self), 0, 3, 2, 1);
  gtk_grid_attach (grid, mnemonic_label (_("_Fill with"), GTK_WIDGET (self->terrain_dropdown)), 0, 4, 1, 1);
  gtk_grid_attach (grid, GTK_WIDGET (self->terrain_dropdown), 1, 4, 1, 1);
  return GTK_WIDGET (grid);
}

static GtkWidget *
build_buttons (KesselNewScenarioDialog *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *create = gtk_button_new_with_mnemonic (_("C_reate"));

  gtk_widget_set_halign (row, GTK_ALIGN_END);
  gtk_widget_set_name (cancel, "cancel");
  gtk_widget_set_name (create, "create");
  gtk_widget_add_css_class (create, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  g_signal_connect (create, "clicked", G_CALLBACK (create_clicked), self);
  gtk_box_append (GTK_BOX (row), cancel);
  gtk_box_append (GTK_BOX (row), create);
  gtk_window_set_default_widget (GTK_WINDOW (self), create);
  return row;
}

static void
build (KesselNewScenarioDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), build_fields (self));
  gtk_box_append (GTK_BOX (box), build_buttons (self));
  gtk_window_set_child (GTK_WINDOW (self), box);
}

static void
kessel_new_scenario_dialog_class_init (KesselNewScenarioDialogClass *klass)
{
  /* Emitted when Create is pressed, with the new scenario; the dialog then
   * closes. Take a reference to keep the scenario. */
  signals[CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, KESSEL_TYPE_SCENARIO);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kessel_new_scenario_dialog_init (KesselNewScenarioDialog *self)
{
  gtk_window_set_title (GTK_WINDOW (self), _("New Scenario"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
  build (self);
}

KesselNewScenarioDialog *
kessel_new_scenario_dialog_new (GtkWindow *parent)
{
  return g_object_new (KESSEL_TYPE_NEW_SCENARIO_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, NULL);
}
