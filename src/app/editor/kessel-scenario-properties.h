/* kessel-scenario-properties.h: the editor's page for the scenario as a
 * whole: title, description, number of turns, the victory points of 4.1 and
 * 4.3, the markers of 3.1 and the optional rules and rulings. Each change is
 * committed to the edit history as one named edit; texts are committed when
 * Enter is pressed or the focus leaves them. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_SCENARIO_PROPERTIES (kessel_scenario_properties_get_type ())
G_DECLARE_FINAL_TYPE (KesselScenarioProperties, kessel_scenario_properties, KESSEL, SCENARIO_PROPERTIES, GtkWidget)

GtkWidget *kessel_scenario_properties_new (void);
/* The history whose scenario the page shows and edits; NULL leaves the
 * page insensitive. */
void       kessel_scenario_properties_set_history (KesselScenarioProperties *self, KesselEditHistory *history);
/* Commits a title or description still being typed, as before saving,
 * undoing or leaving the editor. */
void       kessel_scenario_properties_commit_pending (KesselScenarioProperties *self);

G_END_DECLS
