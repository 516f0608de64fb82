/* kessel-map-painter.h: draws a scenario's map and the units on it onto any
 * cairo surface: the screen, PNG, PDF and the printer. */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "kessel-game.h"
#include "kessel-scenario.h"
#include "kessel-hex-layout.h"

G_BEGIN_DECLS

/* One unit in a stack as drawn: the counter and its current step on it. */
typedef struct {
  KesselUnit *unit;       /* NULL for a counter the viewer may not see (6.3) */
  int step;
  gboolean substitute;
} KesselStackEntry;

#define KESSEL_TYPE_MAP_PAINTER (kessel_map_painter_get_type ())
G_DECLARE_FINAL_TYPE (KesselMapPainter, kessel_map_painter, KESSEL, MAP_PAINTER, GObject)

KesselMapPainter *kessel_map_painter_new (KesselScenario *scenario);
KesselScenario   *kessel_map_painter_get_scenario (KesselMapPainter *self);

void     kessel_map_painter_set_show_hex_numbers (KesselMapPainter *self, gboolean show);
gboolean kessel_map_painter_get_show_hex_numbers (KesselMapPainter *self);
void     kessel_map_painter_set_show_edge_roles (KesselMapPainter *self, gboolean show);
gboolean kessel_map_painter_get_show_edge_roles (KesselMapPainter *self);
/* Counters drawn this many times their size at the map's zoom. */
#define KESSEL_COUNTER_SCALE_MIN 0.6
#define KESSEL_COUNTER_SCALE_MAX 2.0
void     kessel_map_painter_set_counter_scale (KesselMapPainter *self, double scale);
double   kessel_map_painter_get_counter_scale (KesselMapPainter *self);
/* A counter's side in layout units. */
double   kessel_map_painter_counter_size (KesselMapPainter *self, const KesselHexLayout *layout);
/* How far from its hex's centre a stack may reach, in layout units. */
double   kessel_map_painter_stack_reach (KesselMapPainter *self, const KesselHexLayout *layout);
/* A flag of the side that controls each hex at the start (for the editor). */
void     kessel_map_painter_set_show_control (KesselMapPainter *self, gboolean show);

/* The layers, bottom to top. Each draws only what meets the clip rectangle
 * (x, y, width, height in layout units). */
void kessel_map_painter_draw_terrain (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                      double x, double y, double width, double height);
void kessel_map_painter_draw_features (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                       double x, double y, double width, double height);
/* A quick likeness of terrain and features: each terrain's tint and the
 * rivers, for a first frame while the full map is being drawn. */
void kessel_map_painter_draw_sketch (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                     double x, double y, double width, double height);
/* entries[0] is the top counter, drawn fully visible. */
void kessel_map_painter_draw_stack (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                    int hex, const KesselStackEntry *entries, int n_entries);
/* Every unit at its setup hex, in stacks. */
void kessel_map_painter_draw_setup (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                    double x, double y, double width, double height);
/* The pieces of a game where they stand, as viewer may see them (6.3;
 * KESSEL_SIDE_NONE sees everything). */
void kessel_map_painter_draw_game (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                   KesselGame *game, KesselSide viewer,
                                   double x, double y, double width, double height);
/* The stack in hex as viewer sees it, top first; returns the number of entries. */
int  kessel_map_painter_game_stack (KesselGame *game, int hex, KesselSide viewer,
                                    KesselStackEntry *entries, int max_entries);
/* All layers with the units at their setup hexes. */
void kessel_map_painter_draw_all (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                  double x, double y, double width, double height);

/* Writes the map (whole, or a radius around one hex when hex >= 0) to a PNG
 * or PDF file, chosen by the file name's extension. */
gboolean kessel_map_painter_export (KesselMapPainter *self, const char *path, int hex, int radius,
                                    double hex_radius, GError **error);

/* Where the name of the town at hex is written: below its symbol, or for
 * a town of several adjacent hexes once, in the middle of them, by its
 * first hex. FALSE if the hex has no named place or another hex of its town
 * carries the name. */
gboolean kessel_town_name_position (KesselMap *map, const KesselHexLayout *layout, int hex,
                                    double *x, double *y);

G_END_DECLS
