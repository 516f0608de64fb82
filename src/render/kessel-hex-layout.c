/* kessel-hex-layout.c: hex geometry on a drawing surface.
 *
 * With radius r (centre to corner) and h = sqrt(3) r (flat side to flat
 * side), column c (1-based) has its centres at x = margin + r + (c - 1) 1.5r
 * and row y of an odd column at margin + h / 2 + (y - 1) h; even columns sit
 * h / 2 lower. */
#include "kessel-hex-layout.h"

#include <math.h>

#define SQRT3 1.7320508075688772

static double
row_height (const KesselHexLayout *layout)
{
  return SQRT3 * layout->radius;
}

static double
column_x (const KesselHexLayout *layout, int column)
{
  return layout->margin + layout->radius + (column - 1) * 1.5 * layout->radius;
}

static double
row_y (const KesselHexLayout *layout, int column, int row)
{
  double h = row_height (layout);
  double y = layout->margin + h / 2 + (row - 1) * h;
  return column % 2 == 0 ? y + h / 2 : y;
}

void
kessel_hex_layout_init (KesselHexLayout *layout, const KesselGrid *grid, double radius)
{
  g_return_if_fail (layout != NULL && grid != NULL);
  g_return_if_fail (radius > 0);

  layout->grid = *grid;
  layout->radius = radius;
  layout->margin = MAX (2.0, radius / 2);
}

double
kessel_hex_layout_width (const KesselHexLayout *layout)
{
  double r = layout->radius;
  return 2 * layout->margin + 2 * r + (layout->grid.columns - 1) * 1.5 * r;
}

double
kessel_hex_layout_height (const KesselHexLayout *layout)
{
  double h = row_height (layout);
  double height = 2 * layout->margin + layout->grid.rows * h;

  /* Full even columns reach half a hex below the odd ones. */
  if (layout->grid.columns >= 2 && !layout->grid.short_even_columns)
    height += h / 2;
  return height;
}

void
kessel_hex_layout_center (const KesselHexLayout *layout, int hex, double *x, double *y)
{
  int column, row;

  kessel_grid_column_row (&layout->grid, hex, &column, &row);
  if (x)
    *x = column_x (layout, column);
  if (y)
    *y = row_y (layout, column, row);
}

void
kessel_hex_layout_corner (const KesselHexLayout *layout, int hex, int corner, double *x, double *y)
{
  static const double cos60[6] = { 1, 0.5, -0.5, -1, -0.5, 0.5 };
  static const double sin60[6] = { 0, 0.5 * SQRT3, 0.5 * SQRT3, 0, -0.5 * SQRT3, -0.5 * SQRT3 };
  double cx, cy;
  int i = ((corner % 6) + 6) % 6;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  if (x)
    *x = cx + layout->radius * cos60[i];
  if (y)
    *y = cy + layout->radius * sin60[i];
}

/* The N side runs from corner 4 (top left) to corner 5 (top right); each
 * following direction turns one corner further. */
void
kessel_hex_layout_side (const KesselHexLayout *layout, int hex, KesselDirection direction,
                        double *x1, double *y1, double *x2, double *y2)
{
  kessel_hex_layout_corner (layout, hex, direction + 4, x1, y1);
  kessel_hex_layout_corner (layout, hex, direction + 5, x2, y2);
}

/* Hex cells are the Voronoi cells of their centres, so the hex under a point
 * is the nearest lattice centre; it may lie off the grid. */
static void
nearest_cell (const KesselHexLayout *layout, double x, double y, int *column, int *row)
{
  double best = G_MAXDOUBLE;
  double h = row_height (layout);
  int guess = (int) floor ((x - layout->margin - layout->radius) / (1.5 * layout->radius)) + 1;

  *column = guess;
  *row = 1;
  for (int c = guess - 1; c <= guess + 1; c++)
    {
      double top = row_y (layout, c, 1);
      int r = (int) floor ((y - top) / h + 0.5) + 1;
      double dx = x - column_x (layout, c);
      double dy = y - row_y (layout, c, r);
      double d = dx * dx + dy * dy;

      if (d < best)
        {
          best = d;
          *column = c;
          *row = r;
        }
    }
}

int
kessel_hex_layout_hex_at (const KesselHexLayout *layout, double x, double y)
{
  int column, row;

  nearest_cell (layout, x, y, &column, &row);
  return kessel_grid_hex_at (&layout->grid, column, row);
}

/* The nearest side of a regular hexagon to a point inside it is the one whose
 * outward normal points most nearly towards the point. */
KesselHexside
kessel_hex_layout_hexside_at (const KesselHexLayout *layout, double x, double y)
{
  static const double normals[KESSEL_N_DIRECTIONS][2] = {
    { 0, -1 }, { 0.5 * SQRT3, -0.5 }, { 0.5 * SQRT3, 0.5 },
    { 0, 1 }, { -0.5 * SQRT3, 0.5 }, { -0.5 * SQRT3, -0.5 },
  };
  int hex = kessel_hex_layout_hex_at (layout, x, y);
  double cx, cy, best = -G_MAXDOUBLE;
  KesselDirection nearest = KESSEL_DIRECTION_N;

  if (hex == KESSEL_HEX_NONE)
    return -1;
  kessel_hex_layout_center (layout, hex, &cx, &cy);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      double dot = (x - cx) * normals[d][0] + (y - cy) * normals[d][1];
      if (dot > best)
        {
          best = dot;
          nearest = d;
        }
    }
  return kessel_grid_hexside (&layout->grid, hex, nearest);
}

/* A column spans centre +- r across; a row, counting both column parities,
 * spans from the top of its odd hex to the bottom of its even hex. An empty
 * result has first > last. */
void
kessel_hex_layout_hexes_in_rect (const KesselHexLayout *layout, double x, double y,
                                 double width, double height,
                                 int *first_column, int *last_column,
                                 int *first_row, int *last_row)
{
  double r = layout->radius;
  double h = row_height (layout);
  double m = layout->margin;
  double c0 = ceil ((x - m - 2 * r) / (1.5 * r)) + 1;
  double c1 = floor ((x + width - m) / (1.5 * r)) + 1;
  double r0 = ceil ((y - m - 1.5 * h) / h) + 1;
  double r1 = floor ((y + height - m) / h) + 1;

  *first_column = (int) CLAMP (c0, 1, layout->grid.columns + 1);
  *last_column = (int) CLAMP (c1, 0, layout->grid.columns);
  *first_row = (int) CLAMP (r0, 1, layout->grid.rows + 1);
  *last_row = (int) CLAMP (r1, 0, layout->grid.rows);
}
