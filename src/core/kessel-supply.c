/* kessel-supply.c: Soviet supply (8.0) and German command & communications (9.2).
 *
 * Both are one flood fill from the side's source hexes over hexes free of enemy
 * units and enemy zones of control (7.4). How the unit's own hex and the source
 * hex may touch an enemy ZOC is the ruling of 8.4-1 and 9.2-3, in
 * docs/rulings.md: by default the unit's own hex may be in an enemy ZOC and no
 * other hex of the line may; the option "trace-literal" reads the line from the
 * unit instead, so the unit's hex must be free and a Soviet source may be in one.
 *
 * Whether one hex traces is answered without the whole fill: a free hex is on
 * a line when the free hexes connected to it hold a source, and a search from
 * it stops at the first source or hex known to be on a line. What it learns is
 * kept in lines[] until a unit moves. The whole fill, with the line from each
 * hex to its source, is made only for kessel_game_trace_path. */
#include "kessel-game-private.h"

#include <string.h>

/* One trace: traces[] is 2 on a line, 1 at its end only, 0 elsewhere;
 * parent[] is set where traces[] is not 0. */
typedef struct {
  KesselGame *self;
  KesselSide side;
  gboolean literal;
  const guint16 *enemy_units;
  const guint16 *enemy_zoc;
  guint8 *traces;
  int *parent;
  int *queue;                  /* hexes on a line, in the order reached */
  int tail;
  int *ends;                   /* hexes at the end of a line only, found beside it */
  int n_ends;
} Trace;

/* What lines[] knows of a free hex. */
enum { LINE_UNKNOWN, LINE_ON, LINE_OFF, LINE_SEEN };

static void
trace_init (Trace *t, KesselGame *self, KesselSide side)
{
  KesselSide enemy = kessel_side_enemy (side);

  *t = (Trace) {
    .self = self, .side = side, .literal = self->trace_literal,
    .enemy_units = self->units_at[enemy], .enemy_zoc = self->zoc[enemy],
    .queue = self->queue,
  };
}

static inline gboolean
is_free (const Trace *t, int hex)
{
  return t->enemy_units[hex] == 0 && t->enemy_zoc[hex] == 0;
}

static void
start_line (Trace *t, int hex, int parent)
{
  t->traces[hex] = 2;
  t->parent[hex] = parent;
  t->queue[t->tail++] = hex;
}

/* The lines start at the sources free of enemy units. */
static void
seed_sources (Trace *t)
{
  KesselGame *self = t->self;
  const guint8 *source = self->source[t->side];

  for (int hex = 0; hex < self->hex_count; hex++)
    {
      if (!source[hex] || t->enemy_units[hex] != 0)
        continue;
      if (is_free (t, hex) && !t->traces[hex])
        start_line (t, hex, KESSEL_HEX_NONE);
      else if (t->literal && t->side == KESSEL_SIDE_SOVIET)
        {
          /* Traced into the source in an enemy ZOC, from a free neighbour. */
          for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
            {
              int next = self->neighbours[hex * KESSEL_N_DIRECTIONS + d];
              if (next != KESSEL_HEX_NONE && is_free (t, next) && !t->traces[next])
                start_line (t, next, hex);
            }
        }
      if (!is_free (t, hex))
        {
          /* 8.4-2, 9.2-4: a unit in a source hex traces even in an enemy ZOC. */
          t->traces[hex] = 1;
          t->parent[hex] = KESSEL_HEX_NONE;
        }
    }
}

/* The flood fill over free hexes; the hexes beside it that are not free,
 * free of enemy units, are where a line may end (the ruling of 8.4-1). */
static void
flood (Trace *t)
{
  const int *neighbours = t->self->neighbours;

  for (int head = 0; head < t->tail; head++)
    {
      int hex = t->queue[head];
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          int next = neighbours[hex * KESSEL_N_DIRECTIONS + d];
          if (next == KESSEL_HEX_NONE || t->traces[next])
            continue;
          if (is_free (t, next))
            start_line (t, next, hex);
          else if (!t->literal && t->enemy_units[next] == 0)
            {
              t->traces[next] = 1;
              t->ends[t->n_ends++] = next;
            }
        }
    }
}

/* A line's end traces through its first neighbour on a line. */
static void
link_ends (Trace *t)
{
  const int *neighbours = t->self->neighbours;

  for (int i = 0; i < t->n_ends; i++)
    {
      const int *around = &neighbours[t->ends[i] * KESSEL_N_DIRECTIONS];
      int d = 0;

      while (around[d] == KESSEL_HEX_NONE || t->traces[around[d]] != 2)
        d++;   /* one is: the end was found beside a line */
      t->parent[t->ends[i]] = around[d];
    }
}

/* After a unit moved, nothing known of side's lines stands. */
static void
refresh (KesselGame *self, KesselSide side)
{
  kessel_game_update_caches (self);
  if (self->traces_valid[side])
    return;
  if (self->lines[side] == NULL)
    self->lines[side] = g_new (guint8, self->hex_count);
  memset (self->lines[side], LINE_UNKNOWN, (gsize) self->hex_count);
  self->traces_whole[side] = FALSE;
  self->traces_valid[side] = TRUE;
}

/* The whole trace of side. The work is in the hexes on the lines and beside
 * them, not in the rest of the map. */
void
kessel_game_compute_traces (KesselGame *self, KesselSide side)
{
  Trace t;

  refresh (self, side);
  if (self->traces_whole[side])
    return;
  trace_init (&t, self, side);
  t.traces = self->traces[side];
  t.parent = self->trace_parent[side];
  t.ends = self->queue + self->hex_count;
  memset (t.traces, 0, (gsize) self->hex_count);
  seed_sources (&t);
  flood (&t);
  link_ends (&t);
  self->traces_whole[side] = TRUE;
}

/* Single hexes */

/* Whether a free hex starts a line: a source, or in the literal reading a
 * Soviet line may start next to a source in an enemy ZOC. */
static gboolean
starts_line (const Trace *t, int hex)
{
  KesselGame *self = t->self;
  const guint8 *source = self->source[t->side];

  if (source[hex])
    return TRUE;
  if (!t->literal || t->side != KESSEL_SIDE_SOVIET)
    return FALSE;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[hex * KESSEL_N_DIRECTIONS + d];
      if (next != KESSEL_HEX_NONE && source[next] && t->enemy_units[next] == 0)
        return TRUE;
    }
  return FALSE;
}

/* Whether the free hex is on a line: a search of the free hexes connected to
 * it until one starts a line or is known to be on one. All the hexes it saw
 * are then on a line; if there is none, none of them is. */
static gboolean
on_line (Trace *t, int hex)
{
  guint8 *lines = t->self->lines[t->side];
  const int *neighbours = t->self->neighbours;
  gboolean found;
  int tail = 0;

  if (lines[hex] != LINE_UNKNOWN)
    return lines[hex] == LINE_ON;
  lines[hex] = LINE_SEEN;
  t->queue[tail++] = hex;
  found = starts_line (t, hex);
  for (int head = 0; head < tail && !found; head++)
    for (int d = 0; d < KESSEL_N_DIRECTIONS && !found; d++)
      {
        int next = neighbours[t->queue[head] * KESSEL_N_DIRECTIONS + d];
        if (next == KESSEL_HEX_NONE || !is_free (t, next) || lines[next] == LINE_SEEN)
          continue;
        found = lines[next] == LINE_ON || starts_line (t, next);
        lines[next] = LINE_SEEN;
        t->queue[tail++] = next;
      }
  for (int i = 0; i < tail; i++)
    lines[t->queue[i]] = found ? LINE_ON : LINE_OFF;
  return found;
}

/* 8.4, 9.2 for one hex, as the whole trace would have it. */
static gboolean
hex_traces (KesselGame *self, int hex, KesselSide side)
{
  Trace t;

  refresh (self, side);
  if (self->traces_whole[side])
    return self->traces[side][hex] != 0;
  trace_init (&t, self, side);
  if (t.enemy_units[hex] != 0)
    return FALSE;
  if (is_free (&t, hex))
    return on_line (&t, hex);
  if (self->source[side][hex])
    return TRUE;   /* 8.4-2, 9.2-4: a unit in a source hex traces even in an enemy ZOC */
  if (t.literal)
    return FALSE;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[hex * KESSEL_N_DIRECTIONS + d];
      if (next != KESSEL_HEX_NONE && is_free (&t, next) && on_line (&t, next))
        return TRUE;   /* the end of a line */
    }
  return FALSE;
}

gboolean
kessel_game_hex_traces (KesselGame *self, int hex, KesselSide side)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, FALSE);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, FALSE);
  return hex_traces (self, hex, side);
}

/**
 * kessel_game_trace_path:
 *
 * The line of supply or command and control that a unit of @side in @hex would
 * trace now, from @hex to its source.
 *
 * Returns: (transfer full) (element-type gint) (nullable): the hexes of the line, or %NULL
 */
GArray *
kessel_game_trace_path (KesselGame *self, int hex, KesselSide side)
{
  GArray *path;

  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, NULL);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, NULL);
  kessel_game_compute_traces (self, side);
  if (self->traces[side][hex] == 0)
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
