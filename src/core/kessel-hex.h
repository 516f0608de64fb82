/* kessel-hex.h: the hex grid of a scenario map.
 *
 * Columns run west to east (01..columns), rows north to south (01..rows).
 * Hexes are flat-topped in vertical columns; even-numbered columns sit half a
 * hex lower than odd ones. When even columns are "short" they hold one hex
 * fewer, because their last hex would be a half-hex at the bottom edge.
 *
 * A hex is an index into flat arrays (0..count-1, column-major); its printed
 * number XXYY is for people and files.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define KESSEL_HEX_NONE (-1)
#define KESSEL_GRID_MAX_COLUMNS 99
#define KESSEL_GRID_MAX_ROWS 99

typedef enum {
  KESSEL_DIRECTION_N,
  KESSEL_DIRECTION_NE,
  KESSEL_DIRECTION_SE,
  KESSEL_DIRECTION_S,
  KESSEL_DIRECTION_SW,
  KESSEL_DIRECTION_NW,
  KESSEL_N_DIRECTIONS /*< skip >*/
} KesselDirection;

typedef struct {
  int columns;
  int rows;
  gboolean short_even_columns;
} KesselGrid;

/* A hexside has one id whichever of its two hexes names it: the N, NE and SE
 * sides of hex h are h * 3 + 0, 1, 2, and the S, SW and NW sides are the N, NE
 * and SE sides of the neighbour across them. A side on the map's edge, whose
 * other hex does not exist, gets an id past 3 * count so it is still unique. */
typedef int KesselHexside;

#define KESSEL_TYPE_GRID (kessel_grid_get_type ())
GType kessel_grid_get_type (void) G_GNUC_CONST;

gboolean kessel_grid_init (KesselGrid *grid, int columns, int rows, gboolean short_even_columns);
KesselGrid *kessel_grid_new (int columns, int rows, gboolean short_even_columns);
int      kessel_grid_hex_count (const KesselGrid *grid);
int      kessel_grid_rows_in_column (const KesselGrid *grid, int column);
int      kessel_grid_hexside_count (const KesselGrid *grid);

int      kessel_grid_hex_at (const KesselGrid *grid, int column, int row);
void     kessel_grid_column_row (const KesselGrid *grid, int hex, int *column, int *row);
int      kessel_grid_hex_from_number (const KesselGrid *grid, int number);
int      kessel_grid_hex_number (const KesselGrid *grid, int hex);
int      kessel_grid_parse_hex (const KesselGrid *grid, const char *text);
char    *kessel_grid_format_hex (const KesselGrid *grid, int hex);

int      kessel_grid_neighbour (const KesselGrid *grid, int hex, KesselDirection direction);
int      kessel_grid_neighbours (const KesselGrid *grid, int hex, int out[KESSEL_N_DIRECTIONS]);
KesselDirection kessel_grid_direction_between (const KesselGrid *grid, int from, int to);
gboolean kessel_grid_adjacent (const KesselGrid *grid, int a, int b);
int      kessel_grid_distance (const KesselGrid *grid, int a, int b);
gboolean kessel_grid_is_edge (const KesselGrid *grid, int hex);

KesselHexside kessel_grid_hexside (const KesselGrid *grid, int hex, KesselDirection direction);
KesselHexside kessel_grid_hexside_between (const KesselGrid *grid, int a, int b);
void     kessel_grid_hexside_hexes (const KesselGrid *grid, KesselHexside side, int *a, int *b);

KesselDirection kessel_direction_opposite (KesselDirection direction);

G_END_DECLS
