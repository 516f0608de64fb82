#include "kessel-scenario-properties.h"

struct _KesselScenarioProperties
{
  GtkWidget parent_instance;
  KesselEditHistory *history;
};

G_DEFINE_FINAL_TYPE (KesselScenarioProperties, kessel_scenario_properties, GTK_TYPE_WIDGET)

static void
kessel_scenario_properties_dispose (GObject *object)
{
  KesselScenarioProperties *self = KESSEL_SCENARIO_PROPERTIES (object);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_scenario_properties_parent_class)->dispose (object);
}

static void
kessel_scenario_properties_class_init (KesselScenarioPropertiesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_scenario_properties_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
kessel_scenario_properties_init (KesselScenarioProperties *self)
{
}

GtkWidget *
kessel_scenario_properties_new (void)
{
  return g_object_new (KESSEL_TYPE_SCENARIO_PROPERTIES, NULL);
}

void
kessel_scenario_properties_set_history (KesselScenarioProperties *self, KesselEditHistory *history)
{
  g_set_object (&self->history, history);
}
