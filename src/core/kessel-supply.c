/* kessel-supply.c: Soviet supply (8.0) and German command & communications (9.2).
 *
 * Both are one flood fill from the side's source hexes over hexes free of enemy
 * units and enemy zones of control (7.4). How the unit's own hex and the source
 * hex may touch an enemy ZOC is the ruling of 8.4-1 and 9.2-3, in
 * docs/rulings.md: by default the unit's own hex may be in an enemy ZOC and no
 * other hex of the line may; the option "trace-literal" reads the line from the
 * unit instead, so the unit's hex must be free and a Soviet source may be in one. */
#include "kessel-game-private.h"

void
kessel_game_compute_traces (KesselGame *self, KesselSide side)
{
  KesselSide enemy = kessel_side_enemy (side);
  const guint16 *enemy_units, *enemy_zoc;
  guint8 *traces = self->traces[side];
  int *parent = self->trace_parent[side];
  int *queue = self->queue;
  const guint8 *source = self->source[side];
  gboolean literal;
  int head = 0, tail = 0;

  kessel_game_update_caches (self);
  if (self->traces_valid[side])
    return;
  literal = self->trace_literal;
  enemy_units = self->units_at[enemy];
  enemy_zoc = self->zoc[enemy];

#define FREE(h) (enemy_units[h] == 0 && enemy_zoc[h] == 0)

  for (int hex = 0; hex < self->hex_count; hex++)
    {
      traces[hex] = 0;
      parent[hex] = KESSEL_HEX_NONE;
    }
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      if (!source[hex] || enemy_units[hex] != 0)
        continue;
      if (FREE (hex) && !traces[hex])
        {
          traces[hex] = 2;   /* 2: on a line; 1: at its end only */
          queue[tail++] = hex;
        }
      else if (literal && side == KESSEL_SIDE_SOVIET)
        {
          /* Traced into the source in an enemy ZOC, from a free neighbour. */
          for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
            {
              int next = self->neighbours[hex * 6 + d];
              if (next != KESSEL_HEX_NONE && FREE (next) && !traces[next])
                {
                  traces[next] = 2;
                  parent[next] = hex;
                  queue[tail++] = next;
                }
            }
        }
    }
  while (head < tail)
    {
      int hex = queue[head++];
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          int next = self->neighbours[hex * 6 + d];
          if (next == KESSEL_HEX_NONE || traces[next] || !FREE (next))
            continue;
          traces[next] = 2;
          parent[next] = hex;
          queue[tail++] = next;
        }
    }
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      if (traces[hex] || enemy_units[hex] != 0)
        continue;
      /* 8.4-2, 9.2-4: a unit in a source hex traces even in an enemy ZOC. */
      if (source[hex])
        {
          traces[hex] = 1;
          continue;
        }
      if (literal)
        continue;
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          int next = self->neighbours[hex * 6 + d];
          if (next != KESSEL_HEX_NONE && traces[next] == 2)
            {
              traces[hex] = 1;
              parent[hex] = next;
              break;
            }
        }
    }
#undef FREE
  self->traces_valid[side] = TRUE;
}

gboolean
kessel_game_hex_traces (KesselGame *self, int hex, KesselSide side)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, FALSE);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, FALSE);
  kessel_game_compute_traces (self, side);
  return self->traces[side][hex] != 0;
}

GArray *
kessel_game_trace_path (KesselGame *self, int hex, KesselSide side)
{
  GArray *path;

  if (!kessel_game_hex_traces (self, hex, side))
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (int));
  for (int h = hex; h != KESSEL_HEX_NONE && (int) path->len <= self->hex_count;
       h = self->trace_parent[side][h])
    g_array_append_val (path, h);
  return path;
}

gboolean
kessel_game_piece_in_supply (KesselGame *self, int piece)
{
  const KesselPieceState *state;

  g_return_val_if_fail (piece >= 0 && piece < self->n_pieces, FALSE);
  state = &self->state.pieces[piece];
  if (self->info[piece].side != KESSEL_SIDE_SOVIET)
    return TRUE;   /* 9.1: German units are always in supply */
  if (state->status != KESSEL_PIECE_ON_MAP)
    return FALSE;
  return kessel_game_hex_traces (self, state->hex, KESSEL_SIDE_SOVIET);
}

gboolean
kessel_game_piece_in_command (KesselGame *self, int piece)
{
  const KesselPieceState *state;

  g_return_val_if_fail (piece >= 0 && piece < self->n_pieces, FALSE);
  state = &self->state.pieces[piece];
  if (self->info[piece].side != KESSEL_SIDE_GERMAN)
    return TRUE;
  if (state->status != KESSEL_PIECE_ON_MAP)
    return FALSE;
  return kessel_game_hex_traces (self, state->hex, KESSEL_SIDE_GERMAN);
}
