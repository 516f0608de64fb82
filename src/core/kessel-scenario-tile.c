/* kessel-scenario-tile.c: a scenario several times as large, built from one,
 * to measure how play grows with the map and the armies. */
#include "kessel-scenario.h"

#include <glib/gi18n-lib.h>

typedef struct {
  KesselScenario *from;
  KesselScenario *to;
  const KesselGrid *grid;      /* the tile's */
  const KesselGrid *big;       /* the whole map's */
  int column_step;             /* columns from a tile to the next, even */
  int n;                       /* tiles */
} Tiling;

/* Tiles across and down for n tiles in the grid's limits, as square as can
 * be; FALSE when n tiles do not fit. */
static gboolean
choose_layout (const KesselGrid *grid, int n, int column_step, int *across, int *down)
{
  gboolean found = FALSE;

  for (int a = 1; a <= n; a++)
    {
      int d = n / a;

      if (a * d != n || (a - 1) * column_step + grid->columns > KESSEL_GRID_MAX_COLUMNS
          || d * grid->rows > KESSEL_GRID_MAX_ROWS)
        continue;
      if (!found || ABS (a - d) < ABS (*across - *down))
        {
          *across = a;
          *down = d;
          found = TRUE;
        }
    }
  return found;
}

/* The hex of the whole map that is hex of tile (across, down). */
static int
tile_hex (const Tiling *t, int hex, int across, int down)
{
  int column, row;

  kessel_grid_column_row (t->grid, hex, &column, &row);
  return kessel_grid_hex_at (t->big, column + across * t->column_step, row + down * t->grid->rows);
}

static void
copy_rivers_of_hex (const Tiling *t, int hex, int to_hex)
{
  KesselMap *from = kessel_scenario_get_map (t->from);
  KesselMap *to = kessel_scenario_get_map (t->to);

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int river = kessel_map_get_river_at_side (from, kessel_grid_hexside (t->grid, hex, d));
      if (river != KESSEL_RIVER_NONE)
        kessel_map_set_river_at_side (to, kessel_grid_hexside (t->big, to_hex, d), river);
    }
}

static void
copy_map_tile (const Tiling *t, int across, int down)
{
  KesselMap *from = kessel_scenario_get_map (t->from);
  KesselMap *to = kessel_scenario_get_map (t->to);

  for (int hex = 0; hex < kessel_grid_hex_count (t->grid); hex++)
    {
      int to_hex = tile_hex (t, hex, across, down);
      const KesselPlace *place = kessel_map_get_place_at (from, hex);

      kessel_map_set_terrain (to, to_hex, kessel_map_get_terrain (from, hex));
      kessel_map_set_edge_roles (to, to_hex, kessel_map_get_edge_roles (from, hex));
      kessel_map_set_closed_to_soviet (to, to_hex, kessel_map_is_closed_to_soviet (from, hex));
      kessel_map_set_initial_control (to, to_hex, kessel_map_get_initial_control (from, hex));
      if (place != NULL)
        kessel_map_set_place (to, to_hex, place->kind, place->name);
      kessel_map_set_label (to, to_hex, kessel_map_get_label (from, hex));
      copy_rivers_of_hex (t, hex, to_hex);
    }
}

/* The id of a unit in tile number tile: the first tile keeps the ids. */
static char *
tile_id (const char *id, int tile)
{
  return tile == 0 ? g_strdup (id) : g_strdup_printf ("%s-t%d", id, tile + 1);
}

static void
copy_units_tile (const Tiling *t, int across, int down, int tile)
{
  for (int i = 0; i < kessel_scenario_get_n_units (t->from); i++)
    {
      KesselUnit *unit = kessel_unit_copy (kessel_scenario_get_unit (t->from, i));
      g_autofree char *id = tile_id (kessel_unit_get_id (unit), tile);
      const char *substitute = kessel_unit_get_substitute (unit);
      int setup = kessel_unit_get_setup_hex (unit);

      kessel_unit_set_id (unit, id);
      if (substitute != NULL)
        {
          g_autofree char *substitute_id = tile_id (substitute, tile);
          kessel_unit_set_substitute (unit, substitute_id);
        }
      if (setup != KESSEL_HEX_NONE)
        kessel_unit_set_setup_hex (unit, tile_hex (t, setup, across, down));
      kessel_scenario_add_unit (t->to, unit);
      g_object_unref (unit);
    }
}

/* What counts up with the map: the victory thresholds and the Soviet VP
 * marker's start. */
static void
copy_markers (const Tiling *t)
{
  KesselVictoryTable victory = *kessel_scenario_get_victory (t->from);
  KesselStartMarkers start = *kessel_scenario_get_start (t->from);

  victory.corps_exit_cap *= t->n;
  victory.soviet_wins_at *= t->n;
  victory.draw_from *= t->n;
  start.soviet_vp *= t->n;
  kessel_scenario_set_victory (t->to, &victory);
  kessel_scenario_set_start (t->to, &start);
  kessel_scenario_set_turns (t->to, kessel_scenario_get_turns (t->from));
  for (int i = 0; i < kessel_scenario_get_n_options (t->from); i++)
    {
      const KesselScenarioOption *option = kessel_scenario_get_option (t->from, i);
      kessel_scenario_set_option (t->to, option->id, option->enabled);
    }
}

/**
 * kessel_scenario_new_tiled:
 *
 * A scenario @n times as large, to measure how play grows with the map and the
 * armies. The map is tiled @n times, each tile shifted by an even number of
 * columns so that its hexes keep their neighbours, with the map's terrain,
 * rivers, places, edge roles and control and a copy of the counter mix, whose
 * ids end in "-t2" in the second tile and so on. The victory thresholds and the
 * start of the Soviet VP marker are multiplied by @n; turns, rules options, KG
 * and air markers stay as they are. It fails when @n tiles do not fit in the
 * largest grid.
 *
 * Returns: (transfer full): the larger scenario, or %NULL with @error set
 */
KesselScenario *
kessel_scenario_new_tiled (KesselScenario *self, int n, GError **error)
{
  KesselMap *map;
  KesselGrid big;
  Tiling t = { .from = self, .n = n };
  int across = 0, down = 0;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (self), NULL);
  map = kessel_scenario_get_map (self);
  t.grid = kessel_map_get_grid (map);
  t.column_step = t.grid->columns + t.grid->columns % 2;   /* keeps each column's parity */
  if (n < 1 || !choose_layout (t.grid, n, t.column_step, &across, &down))
    {
      g_set_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_INVALID,
                   _("%d copies of a map of %d by %d hexes do not fit in %d by %d hexes"),
                   n, t.grid->columns, t.grid->rows, KESSEL_GRID_MAX_COLUMNS, KESSEL_GRID_MAX_ROWS);
      return NULL;
    }
  kessel_grid_init (&big, (across - 1) * t.column_step + t.grid->columns, down * t.grid->rows,
                    t.grid->short_even_columns);
  t.big = &big;
  t.to = kessel_scenario_new (&big);
  kessel_scenario_set_title (t.to, kessel_scenario_get_title (self));
  for (int i = 0; i < kessel_map_get_n_rivers (map); i++)
    kessel_map_add_river (kessel_scenario_get_map (t.to), kessel_map_get_river (map, i)->name,
                          kessel_map_get_river (map, i)->major);
  for (int tile = 0; tile < n; tile++)
    {
      copy_map_tile (&t, tile % across, tile / across);
      copy_units_tile (&t, tile % across, tile / across, tile);
    }
  copy_markers (&t);
  return t.to;
}
