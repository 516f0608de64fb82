#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_SCENARIO_PROPERTIES (kessel_scenario_properties_get_type ())
G_DECLARE_FINAL_TYPE (KesselScenarioProperties, kessel_scenario_properties, KESSEL, SCENARIO_PROPERTIES, GtkWidget)

GtkWidget *kessel_scenario_properties_new (void);
void       kessel_scenario_properties_set_history (KesselScenarioProperties *self, KesselEditHistory *history);

G_END_DECLS
