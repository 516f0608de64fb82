/* kessel-hex.c: hex grid arithmetic (see kessel-hex.h for the layout). */
#include "kessel-hex.h"
#include "kessel-boxed-private.h"

#include <stdlib.h>

static const int odd_column_offsets[KESSEL_N_DIRECTIONS][2] = {
  { 0, -1 }, { 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 }, { -1, -1 }
};
static const int even_column_offsets[KESSEL_N_DIRECTIONS][2] = {
  { 0, -1 }, { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }
};

gboolean
kessel_grid_init (KesselGrid *grid, int columns, int rows, gboolean short_even_columns)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  if (columns < 1 || columns > KESSEL_GRID_MAX_COLUMNS)
    return FALSE;
  if (rows < 1 || rows > KESSEL_GRID_MAX_ROWS || (short_even_columns && rows < 2))
    return FALSE;
  grid->columns = columns;
  grid->rows = rows;
  grid->short_even_columns = short_even_columns;
  return TRUE;
}

int
kessel_grid_rows_in_column (const KesselGrid *grid, int column)
{
  if (column < 1 || column > grid->columns)
    return 0;
  if (column % 2 == 0 && grid->short_even_columns)
    return grid->rows - 1;
  return grid->rows;
}

/* Hexes before column c (1-based), counted column by column. */
static int
hexes_before_column (const KesselGrid *grid, int column)
{
  int previous = column - 1;
  int even_before = previous / 2;
  int count = previous * grid->rows;
  if (grid->short_even_columns)
    count -= even_before;
  return count;
}

/**
 * KesselGrid:
 *
 * The hex grid of a map: columns west to east and rows north to south, flat-topped hexes
 * in vertical columns. A hex is an index (column-major); kessel_grid_format_hex() gives
 * its printed number XXYY.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselGrid, kessel_grid)

/**
 * kessel_grid_new: (constructor)
 * @columns: columns, 1 to %KESSEL_GRID_MAX_COLUMNS
 * @rows: rows, 1 to %KESSEL_GRID_MAX_ROWS
 * @short_even_columns: whether even columns hold one hex fewer
 *
 * A grid on the heap, for bindings.
 *
 * Returns: (transfer full) (nullable): the grid, or %NULL when the size is out of bounds
 */
KesselGrid *
kessel_grid_new (int columns, int rows, gboolean short_even_columns)
{
  KesselGrid grid;

  if (!kessel_grid_init (&grid, columns, rows, short_even_columns))
    return NULL;
  return g_memdup2 (&grid, sizeof grid);
}

int
kessel_grid_hex_count (const KesselGrid *grid)
{
  return hexes_before_column (grid, grid->columns + 1);
}

int
kessel_grid_hexside_count (const KesselGrid *grid)
{
  return kessel_grid_hex_count (grid) * 6;
}

int
kessel_grid_hex_at (const KesselGrid *grid, int column, int row)
{
  if (row < 1 || row > kessel_grid_rows_in_column (grid, column))
    return KESSEL_HEX_NONE;
  return hexes_before_column (grid, column) + row - 1;
}

/**
 * kessel_grid_column_row:
 * @column: (out): its column, from 1
 * @row: (out): its row, from 1
 *
 * The column and row of a hex, each from 1.
 */
void
kessel_grid_column_row (const KesselGrid *grid, int hex, int *column, int *row)
{
  int per_pair = grid->short_even_columns ? 2 * grid->rows - 1 : 2 * grid->rows;
  int pair = hex / per_pair;
  int within = hex % per_pair;
  int c = pair * 2 + 1;

  if (within >= grid->rows)
    {
      within -= grid->rows;
      c++;
    }
  if (column)
    *column = c;
  if (row)
    *row = within + 1;
}

int
kessel_grid_hex_from_number (const KesselGrid *grid, int number)
{
  if (number < 0 || number > 9999)
    return KESSEL_HEX_NONE;
  return kessel_grid_hex_at (grid, number / 100, number % 100);
}

int
kessel_grid_hex_number (const KesselGrid *grid, int hex)
{
  int column, row;
  kessel_grid_column_row (grid, hex, &column, &row);
  return column * 100 + row;
}

/* Accepts exactly four digits, as printed on the map. */
int
kessel_grid_parse_hex (const KesselGrid *grid, const char *text)
{
  int number = 0;
  if (text == NULL)
    return KESSEL_HEX_NONE;
  for (int i = 0; i < 4; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return KESSEL_HEX_NONE;
      number = number * 10 + (text[i] - '0');
    }
  if (text[4] != '\0')
    return KESSEL_HEX_NONE;
  return kessel_grid_hex_from_number (grid, number);
}

char *
kessel_grid_format_hex (const KesselGrid *grid, int hex)
{
  int number = kessel_grid_hex_number (grid, hex);
  char text[5] = { 0 };

  if (number < 0 || number > 9999)
    return g_strdup_printf ("%04d", number);
  /* Four digits as "%04d" gives, without printf: the log names many hexes. */
  for (int i = 3; i >= 0; i--, number /= 10)
    text[i] = (char) ('0' + number % 10);
  return g_strdup (text);
}

int
kessel_grid_neighbour (const KesselGrid *grid, int hex, KesselDirection direction)
{
  int column, row;
  const int (*offsets)[2];

  kessel_grid_column_row (grid, hex, &column, &row);
  offsets = column % 2 == 1 ? odd_column_offsets : even_column_offsets;
  return kessel_grid_hex_at (grid, column + offsets[direction][0], row + offsets[direction][1]);
}

/**
 * kessel_grid_neighbours:
 * @out: (out caller-allocates) (array fixed-size=6): the neighbour in each direction,
 *   KESSEL_HEX_NONE off the map
 *
 * The hexes next to hex, one in each direction, and how many of them are on the
 * grid.
 *
 * Returns: the number of neighbours on the map
 */
int
kessel_grid_neighbours (const KesselGrid *grid, int hex, int out[KESSEL_N_DIRECTIONS])
{
  int found = 0;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      out[d] = kessel_grid_neighbour (grid, hex, d);
      if (out[d] != KESSEL_HEX_NONE)
        found++;
    }
  return found;
}

KesselDirection
kessel_grid_direction_between (const KesselGrid *grid, int from, int to)
{
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (kessel_grid_neighbour (grid, from, d) == to)
      return d;
  return KESSEL_N_DIRECTIONS;
}

gboolean
kessel_grid_adjacent (const KesselGrid *grid, int a, int b)
{
  return kessel_grid_direction_between (grid, a, b) != KESSEL_N_DIRECTIONS;
}

static void
to_cube (const KesselGrid *grid, int hex, int *x, int *y, int *z)
{
  int column, row, q, r;
  kessel_grid_column_row (grid, hex, &column, &row);
  q = column - 1;
  r = row - 1;
  *x = q;
  *z = r - (q - (q & 1)) / 2;
  *y = -*x - *z;
}

int
kessel_grid_distance (const KesselGrid *grid, int a, int b)
{
  int ax, ay, az, bx, by, bz;
  to_cube (grid, a, &ax, &ay, &az);
  to_cube (grid, b, &bx, &by, &bz);
  return MAX (abs (ax - bx), MAX (abs (ay - by), abs (az - bz)));
}

gboolean
kessel_grid_is_edge (const KesselGrid *grid, int hex)
{
  int neighbours[KESSEL_N_DIRECTIONS];
  return kessel_grid_neighbours (grid, hex, neighbours) < KESSEL_N_DIRECTIONS;
}

KesselDirection
kessel_direction_opposite (KesselDirection direction)
{
  return (direction + 3) % KESSEL_N_DIRECTIONS;
}

KesselHexside
kessel_grid_hexside (const KesselGrid *grid, int hex, KesselDirection direction)
{
  int other;
  if (direction <= KESSEL_DIRECTION_SE)
    return hex * 3 + (int) direction;
  other = kessel_grid_neighbour (grid, hex, direction);
  if (other != KESSEL_HEX_NONE)
    return other * 3 + (int) kessel_direction_opposite (direction);
  return kessel_grid_hex_count (grid) * 3 + hex * 3 + (int) direction - 3;
}

KesselHexside
kessel_grid_hexside_between (const KesselGrid *grid, int a, int b)
{
  KesselDirection d = kessel_grid_direction_between (grid, a, b);
  if (d == KESSEL_N_DIRECTIONS)
    return -1;
  return kessel_grid_hexside (grid, a, d);
}

/**
 * kessel_grid_hexside_hexes:
 * @a: (out): one hex of the side
 * @b: (out): the other, KESSEL_HEX_NONE off the map
 *
 * The two hexes of a hexside; @b is %KESSEL_HEX_NONE for a side on the edge of
 * the grid.
 */
void
kessel_grid_hexside_hexes (const KesselGrid *grid, KesselHexside side, int *a, int *b)
{
  int count = kessel_grid_hex_count (grid);
  int first, other;

  if (side < count * 3)
    {
      first = side / 3;
      other = kessel_grid_neighbour (grid, first, side % 3);
    }
  else
    {
      first = (side - count * 3) / 3;
      other = KESSEL_HEX_NONE;
    }
  if (a)
    *a = first;
  if (b)
    *b = other;
}
