/* kessel-hex-layout.h: where hexes fall on a drawing surface.
 *
 * Flat-topped hexes in vertical columns, even columns half a hex lower. The
 * layout maps hexes to points (in surface units, origin at the map's top-left
 * corner including a margin) and points back to hexes. */
#pragma once

#include <glib.h>

#include "kessel-hex.h"

G_BEGIN_DECLS

typedef struct {
  KesselGrid grid;
  double radius;   /* centre to corner */
  double margin;   /* blank border around the map */
} KesselHexLayout;

void     kessel_hex_layout_init (KesselHexLayout *layout, const KesselGrid *grid, double radius);
double   kessel_hex_layout_width (const KesselHexLayout *layout);
double   kessel_hex_layout_height (const KesselHexLayout *layout);
void     kessel_hex_layout_center (const KesselHexLayout *layout, int hex, double *x, double *y);
/* Corner i (0..5) of a hex, starting at the east corner and turning clockwise
 * on screen (y grows downward). */
void     kessel_hex_layout_corner (const KesselHexLayout *layout, int hex, int corner, double *x, double *y);
/* The two ends of a hex's side in a direction. */
void     kessel_hex_layout_side (const KesselHexLayout *layout, int hex, KesselDirection direction,
                                 double *x1, double *y1, double *x2, double *y2);
int      kessel_hex_layout_hex_at (const KesselHexLayout *layout, double x, double y);
/* The hexside nearest a point inside the map, or -1. */
KesselHexside kessel_hex_layout_hexside_at (const KesselHexLayout *layout, double x, double y);
/* Hexes whose bounding box meets a rectangle, for drawing only what is seen.
 * The ranges are inclusive and within the grid; an empty one has first > last.
 * In short even columns the last row may not exist (check with
 * kessel_grid_hex_at). */
void     kessel_hex_layout_hexes_in_rect (const KesselHexLayout *layout, double x, double y,
                                          double width, double height,
                                          int *first_column, int *last_column,
                                          int *first_row, int *last_row);

G_END_DECLS
