/* kessel-new-scenario-dialog.h: asks for the title, the map size and the
 * terrain of a new, blank scenario. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-scenario.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_NEW_SCENARIO_DIALOG (kessel_new_scenario_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KesselNewScenarioDialog, kessel_new_scenario_dialog, KESSEL, NEW_SCENARIO_DIALOG, GtkWindow)

/* Emits "create" (KesselScenario *scenario) when the user accepts, then
 * closes; Cancel and Escape close it without. */
KesselNewScenarioDialog *kessel_new_scenario_dialog_new (GtkWindow *parent);

G_END_DECLS
