/* kessel-view-options.h: the View menu's counter size and map overview,
 * kept in the settings when they are installed. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-map-view.h"

G_BEGIN_DECLS

/* "small", "normal", "large" or "huge" as a counter scale; 1 for anything else. */
double kessel_view_options_counter_scale (const char *size);

/* Adds the stateful actions counter-size (s) and show-minimap (b) to
 * actions; settings may be NULL. */
void   kessel_view_options_add_actions (GActionMap    *actions,
                                        GSettings     *settings,
                                        KesselMapView *view,
                                        GtkWidget     *minimap);

G_END_DECLS
