/* kessel-map-view-private.h: the map view's state, shared by the files of
 * the one class (its state, drawing, input, and moving the view). Nothing
 * outside src/app/map includes it. */
#pragma once

#include "kessel-map-painter.h"
#include "kessel-map-view.h"

G_BEGIN_DECLS

/* A square of the drawn map, kept for the zoom level. */
typedef struct Tile Tile;

struct _KesselMapView
{
  GtkWidget parent_instance;

  KesselScenario *scenario;
  KesselMapPainter *painter;
  KesselHexLayout layout;       /* meaningful only with a scenario */
  double radius;
  int map_width;                /* the layout's size, rounded up */
  int map_height;
  gboolean show_hex_numbers;
  double counter_scale;         /* counters' size apart from the zoom */
  gboolean center_pending;      /* centre the map once the widget has a size */
  gboolean fit_pending;         /* fit the whole map in once the widget has a size */
  gboolean whole_map;           /* zoomed to fit the whole map: overview */
  int fit_width;                /* the widget's size when the map was fitted */
  int fit_height;
  gboolean sketch_pending;      /* the next frame may show a sketch of missing tiles */
  guint rivers_fingerprint;     /* of the rivers the tiles were drawn with */

  Tile *tiles;                  /* n_tile_columns * n_tile_rows, row by row */
  int n_tile_columns;
  int n_tile_rows;
  int tile_scale;
  guint prefetch_id;

  GtkAdjustment *hadjustment;
  GtkAdjustment *vadjustment;
  guint hscroll_policy : 1;
  guint vscroll_policy : 1;

  double pointer_x;
  double pointer_y;
  gboolean pointer_inside;
  int hovered_hex;

  double drag_start_x;          /* adjustment values when a drag began */
  double drag_start_y;
  guint drag_button;

  guint n_frames;
  gint64 snapshot_us;           /* how long the last snapshot took */

  /* Play */
  KesselGame *game;             /* NULL: the units stand on their setup hexes */
  gulong game_changed_id;
  KesselSide viewer;            /* whose eyes the counters are drawn for (6.3) */
  int selected[KESSEL_ACTION_MAX_UNITS];
  int n_selected;
  KesselHexMark *marks;         /* hex_count long, or NULL */
  guint overlays;               /* KesselOverlays */
  int *path;
  int path_length;
  int path_mp_left;
  gboolean path_rolled;
  int cursor_hex;               /* the keyboard's hex cursor, or -1 */
  char *cover_text;             /* the map is hidden behind this while set */

  /* Editing */
  gboolean editing;             /* primary-button drags are strokes, not pans */
  gboolean stroking;
  gboolean show_control;
};

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_ZOOM_LEVEL,
  PROP_HEX_RADIUS,
  PROP_SHOW_HEX_NUMBERS,
  PROP_COUNTER_SCALE,
  PROP_VIEWER,
  PROP_COVERED,
  N_PROPS,

  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  HEX_HOVERED,
  HEX_ACTIVATED,
  STROKE,
  DROP,
  MAP_CHANGED,
  N_SIGNALS
};

/* Set once by class_init. */
extern GParamSpec *kessel_map_view_properties[N_PROPS];
extern guint kessel_map_view_signals[N_SIGNALS];

/* Drawing: kessel-map-view-draw.c */
void kessel_map_view_snapshot (GtkWidget   *widget,
                               GtkSnapshot *snapshot);
/* Lays the map out at the view's radius, with no tiles drawn yet. */
void kessel_map_view_update_layout (KesselMapView *self);
void kessel_map_view_free_tiles (KesselMapView *self);
/* Drops the counters (TRUE) or the marks of every tile, to be drawn again. */
void kessel_map_view_invalidate_layer (KesselMapView *self,
                                       gboolean       counters);

/* Pointer and keys: kessel-map-view-input.c */
void kessel_map_view_add_key_bindings (GtkWidgetClass *widget_class);
void kessel_map_view_add_controllers (KesselMapView *self);
/* Finds the hex under the pointer again, as after the map moved under it. */
void kessel_map_view_update_hover (KesselMapView *self);

/* Moving the view: kessel-map-view-motion.c */
void kessel_map_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline);
void kessel_map_view_size_allocate (GtkWidget *widget,
                                    int        width,
                                    int        height,
                                    int        baseline);
void kessel_map_view_get_origin (KesselMapView *self,
                                 double        *x,
                                 double        *y);
void kessel_map_view_center_map (KesselMapView *self);
void kessel_map_view_zoom_at (KesselMapView *self,
                              double         radius,
                              double         x,
                              double         y);
void kessel_map_view_set_adjustment (KesselMapView  *self,
                                     GtkAdjustment **slot,
                                     GtkAdjustment  *adjustment,
                                     int             prop_id);
void kessel_map_view_clear_adjustments (KesselMapView *self);

G_END_DECLS
