/* kessel-window.h: the main window: the map, and beside it the scenario
 * and the hex under the pointer. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-application.h"
#include "kessel-map-view.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_WINDOW (kessel_window_get_type ())
G_DECLARE_FINAL_TYPE (KesselWindow, kessel_window, KESSEL, WINDOW, GtkApplicationWindow)

KesselWindow   *kessel_window_new (KesselApplication *application);

KesselMapView  *kessel_window_get_map_view (KesselWindow *self);
KesselScenario *kessel_window_get_scenario (KesselWindow *self);

/* Loads a scenario and shows it; on failure the current one stays. */
gboolean        kessel_window_open_file (KesselWindow  *self,
                                         const char    *path,
                                         GError       **error);
/* The same, telling the user in a dialog when it fails. */
gboolean        kessel_window_open (KesselWindow *self,
                                    GFile        *file);
void            kessel_window_open_default_scenario (KesselWindow *self);
/* Asks for a scenario file and opens it. */
void            kessel_window_choose_file (KesselWindow *self);

G_END_DECLS
