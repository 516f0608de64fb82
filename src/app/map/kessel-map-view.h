/* kessel-map-view.h: the map of a scenario with its counters, scrollable
 * and zoomable, reporting the hex under the pointer. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-hex-layout.h"
#include "kessel-overlay-painter.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

/* The fixed zoom levels are 1 (overview), 2 (normal) and 3 (close); between
 * them the zoom level reads 0. */
#define KESSEL_MAP_VIEW_N_ZOOM_LEVELS 3
#define KESSEL_MAP_VIEW_MIN_RADIUS 8.0
#define KESSEL_MAP_VIEW_MAX_RADIUS 64.0

#define KESSEL_TYPE_MAP_VIEW (kessel_map_view_get_type ())
G_DECLARE_FINAL_TYPE (KesselMapView, kessel_map_view, KESSEL, MAP_VIEW, GtkWidget)

GtkWidget      *kessel_map_view_new (void);

KesselScenario *kessel_map_view_get_scenario (KesselMapView *self);
void            kessel_map_view_set_scenario (KesselMapView  *self,
                                              KesselScenario *scenario);

/* The nominal hex radius of a level; overview's is for a 1280×800 window. */
double          kessel_map_view_zoom_level_radius (int level);
/* The radius a level has in this view: overview (1) fits the whole map. */
double          kessel_map_view_get_level_radius (KesselMapView *self,
                                                  int            level);
int             kessel_map_view_get_zoom_level (KesselMapView *self);
void            kessel_map_view_set_zoom_level (KesselMapView *self,
                                                int            level);
double          kessel_map_view_get_hex_radius (KesselMapView *self);
void            kessel_map_view_set_hex_radius (KesselMapView *self,
                                                double         radius);
void            kessel_map_view_zoom_in (KesselMapView *self);
void            kessel_map_view_zoom_out (KesselMapView *self);

gboolean        kessel_map_view_get_show_hex_numbers (KesselMapView *self);
void            kessel_map_view_set_show_hex_numbers (KesselMapView *self,
                                                      gboolean       show);

/* Counters this many times their size at the zoom (KESSEL_COUNTER_SCALE_MIN to _MAX). */
double          kessel_map_view_get_counter_scale (KesselMapView *self);
void            kessel_map_view_set_counter_scale (KesselMapView *self,
                                                   double         scale);

const KesselHexLayout *kessel_map_view_get_layout (KesselMapView *self);

/* Points are in widget coordinates. */
int             kessel_map_view_hex_at (KesselMapView *self,
                                        double         x,
                                        double         y);
gboolean        kessel_map_view_get_hex_center (KesselMapView *self,
                                                int            hex,
                                                double        *x,
                                                double        *y);
int             kessel_map_view_get_hovered_hex (KesselMapView *self);
/* Acts as if the pointer had moved to (x, y). */
void            kessel_map_view_hover (KesselMapView *self,
                                       double         x,
                                       double         y);
void            kessel_map_view_scroll_to_hex (KesselMapView *self,
                                               int            hex);
/* Zooms out or in until the whole map fits, now or once the widget has a size. */
void            kessel_map_view_show_whole_map (KesselMapView *self);
/* Whether the zoom is that of the whole map, not one the user chose. */
gboolean        kessel_map_view_shows_whole_map (KesselMapView *self);
/* Scrolls the middle of hexes into view, or their top left when they do not fit. */
void            kessel_map_view_scroll_to_hexes (KesselMapView *self,
                                                 const int     *hexes,
                                                 int            n_hexes);
/* Scrolls hex to the middle only if it is not well in view already. */
void            kessel_map_view_bring_hex_into_view (KesselMapView *self,
                                                     int            hex);
/* Scrolls hexes into view unless one of them is well in view already. */
void            kessel_map_view_bring_hexes_into_view (KesselMapView *self,
                                                       const int     *hexes,
                                                       int            n_hexes);

/* Play: the pieces of a game instead of the setup, as viewer sees them. */
KesselGame     *kessel_map_view_get_game (KesselMapView *self);
void            kessel_map_view_set_game (KesselMapView *self,
                                          KesselGame    *game);
KesselSide      kessel_map_view_get_viewer (KesselMapView *self);
void            kessel_map_view_set_viewer (KesselMapView *self,
                                            KesselSide     viewer);
void            kessel_map_view_set_selection (KesselMapView *self,
                                               const int     *pieces,
                                               int            n_pieces);
/* One mark per hex of the map, copied; NULL clears them. */
void            kessel_map_view_set_marks (KesselMapView       *self,
                                           const KesselHexMark *marks);
const KesselHexMark *kessel_map_view_get_marks (KesselMapView *self);
guint           kessel_map_view_get_overlays (KesselMapView *self);
void            kessel_map_view_set_overlays (KesselMapView *self,
                                              guint          overlays);
void            kessel_map_view_set_path (KesselMapView *self,
                                          const int     *hexes,
                                          int            n_hexes,
                                          int            mp_left,
                                          gboolean       rolled);
int             kessel_map_view_get_path_length (KesselMapView *self);
int             kessel_map_view_get_n_selected (KesselMapView *self);
int             kessel_map_view_get_cursor_hex (KesselMapView *self);
void            kessel_map_view_set_cursor_hex (KesselMapView *self,
                                                int            hex);

/* Hides the map behind text (NULL shows it again). */
void            kessel_map_view_set_cover (KesselMapView *self,
                                           const char    *text);
gboolean        kessel_map_view_is_covered (KesselMapView *self);

/* Editing: primary-button drags become strokes ("stroke" signal) and the
 * map shows edge roles and the area closed to Soviet units. */
typedef enum {
  KESSEL_STROKE_BEGIN,
  KESSEL_STROKE_MOVE,
  KESSEL_STROKE_END,
} KesselStrokePhase;

void            kessel_map_view_set_editing (KesselMapView *self,
                                             gboolean       editing);
gboolean        kessel_map_view_get_editing (KesselMapView *self);
/* The hexside nearest (x, y), or -1 off the map. */
KesselHexside   kessel_map_view_hexside_at (KesselMapView *self,
                                            double         x,
                                            double         y);
/* Another version of the shown map, as after an undo: the view stays put. */
void            kessel_map_view_replace_scenario (KesselMapView  *self,
                                                  KesselScenario *scenario);
/* Redraws what the scenario's map shows in and around the hexes after they
 * were changed in place; n_hexes < 0 redraws everything. */
void            kessel_map_view_refresh_hexes (KesselMapView *self,
                                               const int     *hexes,
                                               int            n_hexes);
/* Redraws the units at their setup hexes after the counter mix changed. */
void            kessel_map_view_refresh_units (KesselMapView *self);
void            kessel_map_view_set_show_control (KesselMapView *self,
                                                  gboolean       show);

/* For measurement: drop the drawn tiles, and count the frames drawn. */
void            kessel_map_view_invalidate_tiles (KesselMapView *self);
guint           kessel_map_view_get_n_frames (KesselMapView *self);
/* Whether every tile in view is drawn in full, not only sketched. */
gboolean        kessel_map_view_is_drawn (KesselMapView *self);
/* Microseconds the last frame spent drawing the map (its snapshot), without
 * what GTK then takes to render and show it. */
gint64          kessel_map_view_get_snapshot_time (KesselMapView *self);

G_END_DECLS
