/* kessel-sheet-pieces.c: the units of a scenario or a game for the sheets. */
#include "kessel-sheet-pieces.h"

GPtrArray *
kessel_sheet_pieces_chain (KesselScenario *scenario, KesselUnit *unit)
{
  GPtrArray *chain = g_ptr_array_new ();
  int n_units = kessel_scenario_get_n_units (scenario);

  /* A looping chain is refused when loading; stop anyway. */
  while (unit != NULL && (int) chain->len <= n_units)
    {
      const char *next = kessel_unit_get_substitute (unit);

      g_ptr_array_add (chain, unit);
      unit = next && *next ? kessel_scenario_find_unit (scenario, next) : NULL;
    }
  return chain;
}

static void
piece_from_setup (KesselScenario *scenario, KesselUnit *unit, KesselSheetPiece *piece)
{
  piece->unit = piece->counter = unit;
  piece->hex = kessel_unit_get_setup_hex (unit);
  piece->steps = piece->full_steps = kessel_scenario_get_total_steps (scenario, unit);
  piece->turn = kessel_unit_get_arrival_turn (unit);
  piece->status = piece->hex != KESSEL_HEX_NONE ? KESSEL_PIECE_ON_MAP : KESSEL_PIECE_WAITING;
}

/* Which side of the counter in play is up, from the steps lost so far. */
static int
step_on_counter (KesselScenario *scenario, const KesselSheetPiece *piece)
{
  g_autoptr(GPtrArray) chain = kessel_sheet_pieces_chain (scenario, piece->unit);
  int lost = piece->full_steps - piece->steps;

  for (guint i = 0; i < chain->len; i++)
    {
      KesselUnit *counter = g_ptr_array_index (chain, i);

      if (counter == piece->counter)
        return CLAMP (lost, 0, MAX (kessel_unit_get_n_steps (counter) - 1, 0));
      lost -= kessel_unit_get_n_steps (counter);
    }
  return 0;
}

static void
piece_from_game (KesselGame *game, int index, KesselSheetPiece *piece)
{
  KesselScenario *scenario = kessel_game_get_scenario (game);

  piece->unit = kessel_game_get_piece_unit (game, index);
  piece->counter = kessel_game_get_piece_counter (game, index);
  piece->status = kessel_game_get_piece_status (game, index);
  piece->hex = piece->status == KESSEL_PIECE_ON_MAP ? kessel_game_get_piece_hex (game, index)
                                                    : KESSEL_HEX_NONE;
  piece->steps = kessel_game_get_piece_steps (game, index);
  piece->full_steps = kessel_game_get_piece_full_steps (game, index);
  if (piece->status == KESSEL_PIECE_RETURNING)
    piece->turn = kessel_game_get_piece_return_turn (game, index);
  else
    piece->turn = kessel_unit_get_arrival_turn (piece->unit);
  piece->step = step_on_counter (scenario, piece);
}

GArray *
kessel_sheet_pieces_collect (KesselScenario *scenario, KesselGame *game)
{
  GArray *pieces = g_array_new (FALSE, TRUE, sizeof (KesselSheetPiece));

  if (game != NULL)
    {
      g_array_set_size (pieces, kessel_game_get_n_pieces (game));
      for (guint i = 0; i < pieces->len; i++)
        piece_from_game (game, i, &g_array_index (pieces, KesselSheetPiece, i));
      return pieces;
    }
  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (scenario, i);
      KesselSheetPiece piece = { 0 };

      if (kessel_scenario_get_substituted (scenario, unit) != NULL)
        continue;
      piece_from_setup (scenario, unit, &piece);
      g_array_append_val (pieces, piece);
    }
  return pieces;
}

typedef struct {
  KesselSheetPiece piece;
  int number;       /* printed hex number */
  int order;        /* position in the list before sorting */
} SortEntry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const SortEntry *x = a, *y = b;

  if (x->number != y->number)
    return x->number < y->number ? -1 : 1;
  return x->order - y->order;
}

GArray *
kessel_sheet_pieces_on_map (GArray *pieces, KesselScenario *scenario, KesselSide side)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (SortEntry));
  GArray *result = g_array_new (FALSE, TRUE, sizeof (KesselSheetPiece));

  for (guint i = 0; i < pieces->len; i++)
    {
      const KesselSheetPiece *piece = &g_array_index (pieces, KesselSheetPiece, i);
      SortEntry entry = { *piece, 0, i };

      if (piece->hex == KESSEL_HEX_NONE || kessel_unit_get_side (piece->unit) != side)
        continue;
      entry.number = kessel_grid_hex_number (grid, piece->hex);
      g_array_append_val (entries, entry);
    }
  g_array_sort (entries, compare_entries);
  for (guint i = 0; i < entries->len; i++)
    g_array_append_val (result, g_array_index (entries, SortEntry, i).piece);
  g_array_unref (entries);
  return result;
}

KesselStackEntry
kessel_sheet_piece_entry (const KesselSheetPiece *piece)
{
  KesselStackEntry entry = { 0 };

  entry.unit = piece->counter;
  entry.step = piece->step;
  entry.substitute = piece->counter != piece->unit;
  return entry;
}
