/* kessel-minimap.h: the whole map in small, with the part the map view
 * shows outlined; a click or drag on it moves the view there. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-map-view.h"

G_BEGIN_DECLS

/* Its width on a large map, and the least it shrinks to on a small one. */
#define KESSEL_MINIMAP_WIDTH 220
#define KESSEL_MINIMAP_MIN_WIDTH 120

#define KESSEL_TYPE_MINIMAP (kessel_minimap_get_type ())
G_DECLARE_FINAL_TYPE (KesselMinimap, kessel_minimap, KESSEL, MINIMAP, GtkWidget)

GtkWidget     *kessel_minimap_new (void);
KesselMapView *kessel_minimap_get_map_view (KesselMinimap *self);
void           kessel_minimap_set_map_view (KesselMinimap *self,
                                            KesselMapView *view);
/* How many times it has drawn its map, for tests. */
guint          kessel_minimap_get_n_drawn (KesselMinimap *self);
/* The part of the map in view as shares (0 to 1) of the whole map's size. */
void           kessel_minimap_get_view_rect (KesselMinimap   *self,
                                             graphene_rect_t *rect);
/* Its size, margins included, in the corner of a map area of room_width ×
 * room_height: no more than a fifth of it either way, within its least and
 * its full width. */
void           kessel_minimap_size_for_room (KesselMinimap *self,
                                             int            room_width,
                                             int            room_height,
                                             int           *width,
                                             int           *height);
/* Centres the map view on the point at (x, y) in the minimap's coordinates. */
void           kessel_minimap_jump (KesselMinimap *self,
                                    double         x,
                                    double         y);

G_END_DECLS
