/* kessel-trace-overlay.h: a line over the map from a unit to the source of
 * its supply or C&C (8.3, 9.2), or a ring round a unit that traces none.
 * It lies on the map in its overlay and lets every click through. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-map-view.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_TRACE_OVERLAY (kessel_trace_overlay_get_type ())
G_DECLARE_FINAL_TYPE (KesselTraceOverlay, kessel_trace_overlay, KESSEL, TRACE_OVERLAY, GtkWidget)

GtkWidget *kessel_trace_overlay_new (KesselMapView *map_view);
/* The line's hexes, the unit's first; one hex alone draws a ring: no line.
 * NULL or none clears it. */
void       kessel_trace_overlay_set_line (KesselTraceOverlay *self,
                                          const int          *hexes,
                                          int                 n_hexes);
int        kessel_trace_overlay_get_length (KesselTraceOverlay *self);

G_END_DECLS
