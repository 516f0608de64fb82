/* kessel-pieces.c: positions, steps, hex control and the caches built on them
 * (rules 2.8, 3.3, 4.1, 4.2, 7.0, 11.1). */
#include "kessel-game-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
kessel_game_invalidate (KesselGame *self)
{
  self->caches_valid = FALSE;
  for (int side = 0; side < 3; side++)
    self->traces_valid[side] = FALSE;
}

/* 12.4: where the KG traffic bonus is in force. Any Soviet ZOC in a KG's
 * range cancels it (12.4-3), and Storm cancels them all (12.4-2). Needs the
 * Soviet zone counts current. */
static void
mark_kg_free (KesselGame *self, int hex)
{
  self->kg_free[hex] = 1;
  self->kg_free_hexes[self->n_kg_free++] = hex;
}

static void
update_kg_traffic (KesselGame *self)
{
  for (int i = 0; i < self->n_kg_free; i++)
    self->kg_free[self->kg_free_hexes[i]] = 0;
  self->n_kg_free = 0;
  for (int k = 0; k < KESSEL_N_KGS; k++)
    {
      int kg_hex = self->state.kg_hex[k];
      const int *around;

      self->kg_traffic[k] = kg_hex != KESSEL_HEX_NONE && self->state.weather != KESSEL_WEATHER_STORM;
      if (!self->kg_traffic[k])
        continue;
      around = &self->neighbours[kg_hex * KESSEL_N_DIRECTIONS];
      self->kg_traffic[k] = self->zoc[KESSEL_SIDE_SOVIET][kg_hex] == 0;
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE && self->zoc[KESSEL_SIDE_SOVIET][around[d]] != 0)
          self->kg_traffic[k] = FALSE;
      if (!self->kg_traffic[k])
        continue;
      mark_kg_free (self, kg_hex);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE)
          mark_kg_free (self, around[d]);
    }
}

/* The lists of pieces by hex, each in piece order. */
static void
list_pieces_by_hex (KesselGame *self)
{
  for (int hex = 0; hex < self->hex_count; hex++)
    self->first_at[hex] = -1;
  for (int p = self->n_pieces - 1; p >= 0; p--)
    if (self->state.pieces[p].status == KESSEL_PIECE_ON_MAP)
      {
        int hex = self->state.pieces[p].hex;
        self->next_at[p] = self->first_at[hex];
        self->first_at[hex] = p;
      }
}

static void
link_piece (KesselGame *self, int piece, int hex)
{
  int *link = &self->first_at[hex];

  while (*link >= 0 && *link < piece)
    link = &self->next_at[*link];
  self->next_at[piece] = *link;
  *link = piece;
}

static void
unlink_piece (KesselGame *self, int piece, int hex)
{
  int *link = &self->first_at[hex];

  while (*link != piece)
    link = &self->next_at[*link];
  *link = self->next_at[piece];
}

void
kessel_game_rebuild_caches (KesselGame *self)
{
  gboolean storm = self->state.weather == KESSEL_WEATHER_STORM;

  for (int side = 0; side < 3; side++)
    {
      memset (self->units_at[side], 0, sizeof (guint16) * self->hex_count);
      memset (self->zoc[side], 0, sizeof (guint16) * self->hex_count);
    }
  list_pieces_by_hex (self);
  /* The options the searches read in their inner loops; looked up here, as
   * a test may change its scenario's options before refreshing the caches. */
  self->flat_river_crossing = kessel_game_option (self, "flat-river-crossing");
  self->river_crossing_retry = kessel_game_option (self, "river-crossing-retry");
  self->trace_literal = kessel_game_option (self, "trace-literal");
  for (int p = 0; p < self->n_pieces; p++)
    {
      const KesselPieceState *piece = &self->state.pieces[p];
      KesselSide side = self->info[p].side;
      const int *around;

      if (piece->status != KESSEL_PIECE_ON_MAP)
        continue;
      self->units_at[side][piece->hex]++;
      if (storm)   /* 7.5: no zones of control at all in Storm */
        continue;
      self->zoc[side][piece->hex]++;
      around = &self->neighbours[piece->hex * KESSEL_N_DIRECTIONS];
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE)
          self->zoc[side][around[d]]++;
    }
  update_kg_traffic (self);
  self->caches_valid = TRUE;
}

gboolean
kessel_game_in_zoc_of (KesselGame *self, int hex, KesselSide side)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, FALSE);
  kessel_game_update_caches (self);
  return self->zoc[side][hex] > 0;
}

gboolean
kessel_game_in_enemy_zoc (KesselGame *self, int hex, KesselSide side)
{
  kessel_game_update_caches (self);
  return self->zoc[kessel_side_enemy (side)][hex] > 0;
}

gboolean
kessel_game_enemy_at (KesselGame *self, int hex, KesselSide side)
{
  kessel_game_update_caches (self);
  return self->units_at[kessel_side_enemy (side)][hex] > 0;
}

int
kessel_game_count_pieces_at (KesselGame *self, int hex, KesselSide side)
{
  kessel_game_update_caches (self);
  return self->units_at[side][hex];
}

KesselSide
kessel_game_get_hex_occupant (KesselGame *self, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, KESSEL_SIDE_NONE);
  kessel_game_update_caches (self);
  if (self->units_at[KESSEL_SIDE_GERMAN][hex] > 0)
    return KESSEL_SIDE_GERMAN;
  if (self->units_at[KESSEL_SIDE_SOVIET][hex] > 0)
    return KESSEL_SIDE_SOVIET;
  return KESSEL_SIDE_NONE;
}

KesselSide
kessel_game_get_control (KesselGame *self, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, KESSEL_SIDE_NONE);
  return self->state.control[hex];
}

/* 3.3-1: the last side to move through or occupy a hex controls it. */
static void
take_control (KesselGame *self, int hex, KesselSide side)
{
  const KesselPlace *place;

  if (self->state.control[hex] == side)
    return;
  self->state.control[hex] = side;
  kessel_game_changed (self, KESSEL_CHANGE_CONTROL);
  place = kessel_map_get_place_at (self->map, hex);
  if (place == NULL)
    return;
  if (side == KESSEL_SIDE_SOVIET && place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY)
    self->state.captured[hex] = TRUE;
  kessel_game_changed (self, KESSEL_CHANGE_VP);
}

static gboolean
any_kg_on_map (KesselGame *self)
{
  for (int k = 0; k < KESSEL_N_KGS; k++)
    if (self->state.kg_hex[k] != KESSEL_HEX_NONE)
      return TRUE;
  return FALSE;
}

/* Keeps the lists of pieces by hex and the counts of units and zones current
 * as piece leaves (delta -1) or enters (+1) hex, so that one move does not
 * rebuild them all. Only the enemy's supply or C&C can change: it is the
 * mover's units and zones that block the enemy's lines. */
static void
count_piece (KesselGame *self, int piece, int hex, int delta)
{
  KesselSide side = self->info[piece].side;
  const int *around = &self->neighbours[hex * KESSEL_N_DIRECTIONS];

  if (!self->caches_valid)
    return;
  if (delta > 0)
    link_piece (self, piece, hex);
  else
    unlink_piece (self, piece, hex);
  self->units_at[side][hex] += delta;
  if (self->state.weather != KESSEL_WEATHER_STORM)   /* 7.5 */
    {
      self->zoc[side][hex] += delta;
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE)
          self->zoc[side][around[d]] += delta;
    }
  if (side == KESSEL_SIDE_SOVIET && any_kg_on_map (self))
    update_kg_traffic (self);
  self->traces_valid[kessel_side_enemy (side)] = FALSE;
}

void
kessel_game_put_piece (KesselGame *self, int piece, int hex)
{
  KesselPieceState *state = &self->state.pieces[piece];

  if (state->status == KESSEL_PIECE_ON_MAP)
    count_piece (self, piece, state->hex, -1);
  state->hex = hex;
  state->status = KESSEL_PIECE_ON_MAP;
  state->stack_order = ++self->state.stack_counter;
  count_piece (self, piece, hex, +1);
  take_control (self, hex, self->info[piece].side);
  kessel_game_changed (self, KESSEL_CHANGE_PIECES | KESSEL_CHANGE_STATUS);
}

void
kessel_game_remove_piece (KesselGame *self, int piece, KesselPieceStatus status)
{
  KesselPieceState *state = &self->state.pieces[piece];

  if (state->status == KESSEL_PIECE_ON_MAP)
    count_piece (self, piece, state->hex, -1);
  state->hex = KESSEL_HEX_NONE;
  state->status = status;
  state->revealed = FALSE;
  kessel_game_changed (self, KESSEL_CHANGE_PIECES | KESSEL_CHANGE_STATUS);
}

gboolean
kessel_game_piece_is_mechanized (KesselGame *self, int piece)
{
  return self->info[piece].mobility == KESSEL_MOBILITY_MECHANIZED;
}

/* 4.2: a division destroyed out of C&C scores its full steps. */
static void
score_destroyed_division (KesselGame *self, int piece, int hex)
{
  const KesselPieceInfo *info = &self->info[piece];
  g_autofree char *label = NULL;

  if (info->side != KESSEL_SIDE_GERMAN || !info->division || info->garrison)
    return;
  if (hex == KESSEL_HEX_NONE || kessel_game_hex_traces (self, hex, KESSEL_SIDE_GERMAN))
    return;
  self->state.vp_destroyed += info->full_steps;
  self->state.divisions_destroyed++;
  label = kessel_game_piece_label (self, piece);
  kessel_game_log (self, KESSEL_SIDE_SOVIET, 0,
                   _("%s destroyed out of C&C: %d VP to the Soviet player (4.2)."),
                   label, info->full_steps);
  kessel_game_changed (self, KESSEL_CHANGE_VP);
}

/* 11.1: an eliminated rifle corps goes on the turn track, 1 to 3 turns ahead. */
static void
send_to_turn_track (KesselGame *self, int piece)
{
  const char *label = kessel_game_piece_name (self, piece);
  int die = kessel_game_roll (self);
  int delay = (die + 1) / 2;

  kessel_game_remove_piece (self, piece, KESSEL_PIECE_RETURNING);
  self->state.pieces[piece].steps = 1;
  self->state.pieces[piece].return_turn = self->state.turn + delay;
  if (self->state.pieces[piece].return_turn > kessel_scenario_get_turns (self->scenario))
    kessel_game_log (self, KESSEL_SIDE_SOVIET, die,
                     _("%s eliminated; die %d: it would return on turn %d, after the game (11.1)."),
                     label, die, self->state.pieces[piece].return_turn);
  else
    kessel_game_log (self, KESSEL_SIDE_SOVIET, die,
                     _("%s eliminated; die %d: it returns reduced on turn %d (11.1)."),
                     label, die, self->state.pieces[piece].return_turn);
}

void
kessel_game_lose_step (KesselGame *self, int piece)
{
  KesselPieceState *state = &self->state.pieces[piece];
  const char *label = kessel_game_piece_name (self, piece);
  int hex = state->hex;

  if (state->status != KESSEL_PIECE_ON_MAP)
    return;
  if (state->steps > 1)
    {
      state->steps--;
      kessel_game_log (self, self->info[piece].side, 0, _("%s loses a step (%d left)."),
                       label, state->steps);
      kessel_game_changed (self, KESSEL_CHANGE_PIECES);
      return;
    }
  state->steps = 0;
  score_destroyed_division (self, piece, hex);
  if (self->info[piece].rifle_corps)
    {
      send_to_turn_track (self, piece);
      return;
    }
  kessel_game_remove_piece (self, piece, KESSEL_PIECE_ELIMINATED);
  kessel_game_log (self, self->info[piece].side, 0, _("%s is eliminated."), label);
}

int
kessel_game_get_vp_places (KesselGame *self)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (self->scenario);
  int vp = 0;

  for (int i = 0; i < kessel_map_get_n_places (self->map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (self->map, i);
      if (self->state.control[place->hex] != KESSEL_SIDE_SOVIET)
        continue;
      /* 4.1-2: a captured fortified locality still scores as one. */
      vp += place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? victory->fortified : victory->town;
    }
  return vp;
}

int
kessel_game_get_vp_exits (KesselGame *self)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (self->scenario);
  return MIN (self->state.corps_exited * victory->corps_exit, victory->corps_exit_cap);
}

/**
 * kessel_game_get_vp:
 *
 * The Soviet victory points now: those of the places the Soviet side controls,
 * of the rifle corps exited, of the units destroyed and of the German divisions
 * destroyed out of command and control.
 *
 * Returns: the Soviet victory points now, as the VP track shows them
 */
int
kessel_game_get_vp (KesselGame *self)
{
  return kessel_game_get_vp_places (self) + kessel_game_get_vp_exits (self)
         + self->state.vp_destroyed + self->state.vp_out_of_command;
}

/* Attack factor a piece brings now: Soviet out of supply halves it (8.3-2). */
int
kessel_game_piece_attack_now (KesselGame *self, int piece)
{
  int attack = kessel_game_get_piece_attack (self, piece);

  if (self->info[piece].side == KESSEL_SIDE_SOVIET && !kessel_game_piece_in_supply (self, piece))
    return (attack + 1) / 2;
  return attack;
}

/* 6.3: a side sees all its own units, and of an enemy stack only the top
 * unit until it declares an attack on that stack. */
gboolean
kessel_game_piece_visible_to (KesselGame *self, int piece, KesselSide side)
{
  const KesselPieceState *state;
  guint top = 0;

  g_return_val_if_fail (piece >= 0 && piece < self->n_pieces, FALSE);
  state = &self->state.pieces[piece];
  if (self->info[piece].side == side || side == KESSEL_SIDE_NONE)
    return TRUE;
  if (state->status != KESSEL_PIECE_ON_MAP)
    return FALSE;
  if (state->revealed)
    return TRUE;
  for (int p = kessel_game_first_at (self, state->hex); p >= 0; p = self->next_at[p])
    top = MAX (top, self->state.pieces[p].stack_order);
  return state->stack_order == top;
}
