/* kessel-new-scenario-dialog.c: the New Scenario dialog. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-new-scenario-dialog.h"

#define DEFAULT_COLUMNS 20
#define DEFAULT_ROWS 15

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

static void
set_up_spin (GtkSpinButton *spin, int max, int value)
{
  gtk_spin_button_set_range (spin, 1, max);
  gtk_spin_button_set_value (spin, value);
  /* Enter in the field presses Create, as in the title. */
  gtk_text_set_activates_default (GTK_TEXT (gtk_editable_get_delegate (GTK_EDITABLE (spin))), TRUE);
}

static void
fill_terrain_dropdown (GtkDropDown *dropdown)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (KesselTerrain terrain = 0; terrain < KESSEL_N_TERRAINS; terrain++)
    gtk_string_list_append (names, kessel_terrain_display_name (terrain));
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (names));
}

static void
kessel_new_scenario_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_NEW_SCENARIO_DIALOG);
  G_OBJECT_CLASS (kessel_new_scenario_dialog_parent_class)->dispose (object);
}

static void
kessel_new_scenario_dialog_class_init (KesselNewScenarioDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_new_scenario_dialog_dispose;
  /* Emitted when Create is pressed, with the new scenario; the dialog then
   * closes. Take a reference to keep the scenario. */
  signals[CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, KESSEL_TYPE_SCENARIO);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-new-scenario-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselNewScenarioDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, KesselNewScenarioDialog, columns_spin);
  gtk_widget_class_bind_template_child (widget_class, KesselNewScenarioDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, KesselNewScenarioDialog, short_check);
  gtk_widget_class_bind_template_child (widget_class, KesselNewScenarioDialog, terrain_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, title_changed);
  gtk_widget_class_bind_template_callback (widget_class, short_toggled);
  gtk_widget_class_bind_template_callback (widget_class, create);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
}

static void
kessel_new_scenario_dialog_init (KesselNewScenarioDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  set_up_spin (self->columns_spin, KESSEL_GRID_MAX_COLUMNS, DEFAULT_COLUMNS);
  set_up_spin (self->rows_spin, KESSEL_GRID_MAX_ROWS, DEFAULT_ROWS);
  fill_terrain_dropdown (self->terrain_dropdown);
}

KesselNewScenarioDialog *
kessel_new_scenario_dialog_new (GtkWindow *parent)
{
  return g_object_new (KESSEL_TYPE_NEW_SCENARIO_DIALOG, "transient-for", parent, "modal", TRUE,
                       "destroy-with-parent", TRUE, NULL);
}
