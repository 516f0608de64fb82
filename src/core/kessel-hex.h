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

/**
 * kessel_grid_init:
 *
 * Sets up a grid of @columns by @rows hexes, 1 to 99 of each. With
 * @short_even_columns set, the even columns hold one hex fewer, and @rows must
 * then be at least 2. FALSE, leaving @grid as it was, for sizes out of range.
 */
gboolean kessel_grid_init (KesselGrid *grid, int columns, int rows, gboolean short_even_columns);
KesselGrid *kessel_grid_new (int columns, int rows, gboolean short_even_columns);
/**
 * kessel_grid_hex_count:
 *
 * The number of hexes of the grid.
 */
int      kessel_grid_hex_count (const KesselGrid *grid);
/**
 * kessel_grid_rows_in_column:
 *
 * The number of hexes in @column (from 1), or 0 when it is off the grid.
 */
int      kessel_grid_rows_in_column (const KesselGrid *grid, int column);
/**
 * kessel_grid_hexside_count:
 *
 * An upper bound of the hexside ids of the grid (see #KesselHexside), for
 * arrays indexed by hexside.
 */
int      kessel_grid_hexside_count (const KesselGrid *grid);

/**
 * kessel_grid_hex_at:
 *
 * The hex at @column and @row (each from 1), or %KESSEL_HEX_NONE off the grid.
 */
int      kessel_grid_hex_at (const KesselGrid *grid, int column, int row);
void     kessel_grid_column_row (const KesselGrid *grid, int hex, int *column, int *row);
/**
 * kessel_grid_hex_from_number:
 *
 * The hex of a printed number XXYY given as a whole number (2118 for column 21,
 * row 18), or %KESSEL_HEX_NONE when there is no such hex.
 */
int      kessel_grid_hex_from_number (const KesselGrid *grid, int number);
/**
 * kessel_grid_hex_number:
 *
 * The printed number of a hex as a whole number, column * 100 + row.
 */
int      kessel_grid_hex_number (const KesselGrid *grid, int hex);
/**
 * kessel_grid_parse_hex:
 *
 * The hex of a printed number written as on the map: exactly four digits, such
 * as "0907". %KESSEL_HEX_NONE for any other text, or a hex off the grid.
 */
int      kessel_grid_parse_hex (const KesselGrid *grid, const char *text);
/**
 * kessel_grid_format_hex:
 *
 * The printed number of a hex as on the map: four digits, such as "0907".
 */
char    *kessel_grid_format_hex (const KesselGrid *grid, int hex);

/**
 * kessel_grid_neighbour:
 *
 * The hex next to @hex in @direction, or %KESSEL_HEX_NONE off the grid.
 */
int      kessel_grid_neighbour (const KesselGrid *grid, int hex, KesselDirection direction);
int      kessel_grid_neighbours (const KesselGrid *grid, int hex, int out[KESSEL_N_DIRECTIONS]);
/**
 * kessel_grid_direction_between:
 *
 * The direction from a hex to a neighbour, or %KESSEL_N_DIRECTIONS when the
 * hexes are not neighbours.
 */
KesselDirection kessel_grid_direction_between (const KesselGrid *grid, int from, int to);
/**
 * kessel_grid_adjacent:
 *
 * Whether two hexes are neighbours.
 */
gboolean kessel_grid_adjacent (const KesselGrid *grid, int a, int b);
/**
 * kessel_grid_distance:
 *
 * The number of hexes from @a to @b along the shortest line, not counting @a.
 */
int      kessel_grid_distance (const KesselGrid *grid, int a, int b);
/**
 * kessel_grid_is_edge:
 *
 * Whether a hex lies on the edge of the grid: it has fewer than six neighbours.
 */
gboolean kessel_grid_is_edge (const KesselGrid *grid, int hex);

/**
 * kessel_grid_hexside:
 *
 * The id of the side of @hex in @direction (see #KesselHexside).
 */
KesselHexside kessel_grid_hexside (const KesselGrid *grid, int hex, KesselDirection direction);
/**
 * kessel_grid_hexside_between:
 *
 * The id of the side between two neighbours, or -1 when they are not
 * neighbours.
 */
KesselHexside kessel_grid_hexside_between (const KesselGrid *grid, int a, int b);
void     kessel_grid_hexside_hexes (const KesselGrid *grid, KesselHexside side, int *a, int *b);

/**
 * kessel_direction_opposite:
 *
 * The direction opposite direction: south for north, and so on.
 */
KesselDirection kessel_direction_opposite (KesselDirection direction);

G_END_DECLS
