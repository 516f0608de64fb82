/* kessel-phases.c: the turn sequence (5.0-5.8), set-up (3.2), KG deployment
 * (5.3), German reinforcements (10.1) and Soviet replacements (11.2). */
#include "kessel-game-private.h"

#include <glib/gi18n-lib.h>

static void finish_phase (KesselGame *self);
static void start_segment (KesselGame *self, KesselSegment segment);

static gboolean
is_action_phase (KesselPhase phase)
{
  return phase == KESSEL_PHASE_SOVIET_1 || phase == KESSEL_PHASE_SOVIET_2
         || phase == KESSEL_PHASE_GERMAN_1 || phase == KESSEL_PHASE_GERMAN_2;
}

static gboolean
is_second_phase (KesselPhase phase)
{
  return phase == KESSEL_PHASE_SOVIET_2 || phase == KESSEL_PHASE_GERMAN_2;
}

static KesselSide
phase_side (KesselPhase phase)
{
  return phase == KESSEL_PHASE_SOVIET_1 || phase == KESSEL_PHASE_SOVIET_2
           ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
}

/* Set-up (3.2) */

static void
place_exactly (KesselGame *self, int piece)
{
  int hex = kessel_unit_get_setup_hex (self->info[piece].unit);

  kessel_game_put_piece (self, piece, hex);
  self->state.pieces[piece].setup_hex = hex;
}

static gboolean
sets_up (KesselGame *self, int piece)
{
  return kessel_unit_get_setup_hex (self->info[piece].unit) != KESSEL_HEX_NONE
         && kessel_unit_get_arrival_turn (self->info[piece].unit) == 0;
}

static gboolean
placed_exactly (KesselGame *self, int piece)
{
  return self->info[piece].side == KESSEL_SIDE_SOVIET || self->info[piece].garrison
         || kessel_unit_get_setup_exact (self->info[piece].unit);
}

static void
begin_setup (KesselGame *self)
{
  int die;

  /* 1. The Soviet units, exactly on their hexes. */
  for (int p = 0; p < self->n_pieces; p++)
    if (self->info[p].side == KESSEL_SIDE_SOVIET && sets_up (self, p))
      place_exactly (self, p);
  kessel_game_log (self, KESSEL_SIDE_SOVIET, 0, _("The Soviet units set up on their hexes (3.2)."));
  /* 2. Turn 1 air superiority: the Soviet player's, 1d6 markers (5.2). */
  die = kessel_game_roll (self);
  self->state.air_side = KESSEL_SIDE_SOVIET;
  self->state.cas_total = die;
  self->state.cas_used = 0;
  kessel_game_log (self, KESSEL_SIDE_SOVIET, die,
                   _("Turn 1 air superiority is Soviet: die %d, %d CAS markers (5.2)."), die, die);
  /* 3. The garrisons and the units the rules fix exactly. */
  for (int p = 0; p < self->n_pieces; p++)
    if (self->info[p].side == KESSEL_SIDE_GERMAN && sets_up (self, p) && placed_exactly (self, p))
      place_exactly (self, p);
  kessel_game_log (self, KESSEL_SIDE_GERMAN, 0,
                   _("The German garrisons and fixed units set up; the German player places the rest in or next to their hexes (3.2)."));
  self->state.segment = KESSEL_SEGMENT_PLACEMENT;
  kessel_game_changed (self, KESSEL_CHANGE_ALL);
}

static gboolean
setup_left (KesselGame *self)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->info[p].side == KESSEL_SIDE_GERMAN && sets_up (self, p)
        && self->state.pieces[p].status == KESSEL_PIECE_WAITING)
      return TRUE;
  return FALSE;
}

static gboolean
check_place (KesselGame *self, const KesselAction *action, GError **error)
{
  int piece, printed;
  const char *label;

  if (action->n_units != 1 || action->hex == KESSEL_HEX_NONE)
    return kessel_game_refuse (error, NULL, N_("Name one unit and the hex to place it in."));
  piece = action->units[0];
  label = kessel_game_piece_name (self, piece);
  printed = kessel_unit_get_setup_hex (self->info[piece].unit);
  if (self->info[piece].side != KESSEL_SIDE_GERMAN || !sets_up (self, piece))
    return kessel_game_refuse (error, "3.2", N_("%s is not a German unit that sets up on the map."), label);
  if (placed_exactly (self, piece))
    return kessel_game_refuse (error, "3.2", N_("%s sets up exactly on its printed hex."), label);
  if (action->hex != printed && !kessel_grid_adjacent (self->grid, action->hex, printed))
    {
      g_autofree char *where = kessel_game_hex_label (self, printed);
      return kessel_game_refuse (error, "3.2", N_("%s sets up in %s or a hex next to it."), label, where);
    }
  if (kessel_game_enemy_at (self, action->hex, KESSEL_SIDE_GERMAN))
    return kessel_game_refuse (error, "6.0", N_("Opposing units may never share a hex."));
  if (!kessel_game_stack_fits (self, action->hex, KESSEL_SIDE_GERMAN, &piece, 1))
    return kessel_game_refuse (error, "6.1", N_("That would put more than 9 German steps in the hex."));
  return TRUE;
}

/* Turn sequence */

/* The weather as a word of the log. */
static const char *
weather_word (KesselWeather weather)
{
  switch (weather)
    {
    case KESSEL_WEATHER_THAW: return C_("weather", "thaw");
    case KESSEL_WEATHER_FROST: return C_("weather", "frost");
    case KESSEL_WEATHER_STORM: return C_("weather", "storm");
    case KESSEL_N_WEATHERS:
    default: return kessel_weather_to_string (weather);
    }
}

static void
roll_weather (KesselGame *self)
{
  int die = 0;

  if (self->state.turn <= 1)
    {
      self->state.weather = kessel_scenario_get_start (self->scenario)->weather;
      kessel_game_log (self, KESSEL_SIDE_NONE, 0, _("Turn 1 weather: %s (3.1)."),
                       weather_word (self->state.weather));
    }
  else
    {
      die = kessel_game_roll (self);
      self->state.weather = kessel_table_weather (self->state.turn, die);
      kessel_game_log (self, KESSEL_SIDE_SOVIET, die, _("Weather: die %d, %s (5.1)."), die,
                       weather_word (self->state.weather));
    }
  self->state.turn_weather[self->state.turn] = self->state.weather;
  kessel_game_changed (self, KESSEL_CHANGE_MARKERS);
}

static void
roll_air (KesselGame *self)
{
  int german, soviet;

  if (self->state.turn <= 1)
    return;   /* rolled at set-up */
  do
    {
      int g1 = kessel_game_roll (self), g2 = kessel_game_roll (self);
      int s1 = kessel_game_roll (self), s2 = kessel_game_roll (self);
      german = g1 + g2;
      soviet = s1 + s2;
      kessel_game_log (self, KESSEL_SIDE_NONE, 0, _("Air superiority: German %d+%d = %d, Soviet %d+%d = %d%s (5.2)."),
                       g1, g2, german, s1, s2, soviet, german == soviet ? _(", a tie: roll again") : "");
    }
  while (german == soviet);
  self->state.air_side = german > soviet ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET;
  self->state.cas_total = ABS (german - soviet);
  self->state.cas_used = 0;
  /* Translators: the side as a noun (its display name, "German" or
   * "Soviet"), the number of markers and ", grounded by the Storm (13.3)"
   * or nothing. */
  kessel_game_log (self, self->state.air_side, 0, _("%s air superiority: %d CAS markers%s."),
                   kessel_side_display_name (self->state.air_side), self->state.cas_total,
                   self->state.weather == KESSEL_WEATHER_STORM ? _(", grounded by the Storm (13.3)") : "");
  kessel_game_changed (self, KESSEL_CHANGE_MARKERS);
}

static KesselOrder
opposite (KesselOrder order)
{
  return order == KESSEL_ORDER_MOVE_FIGHT ? KESSEL_ORDER_FIGHT_MOVE : KESSEL_ORDER_MOVE_FIGHT;
}

/* Whether the phase's order is chosen by the player; if not, *order is set. */
static gboolean
order_is_chosen (KesselGame *self, KesselOrder *order)
{
  KesselPhase phase = self->state.phase;
  KesselSide side = phase_side (phase);

  if (phase == KESSEL_PHASE_SOVIET_1 && self->state.turn == 1)
    {
      *order = KESSEL_ORDER_MOVE_FIGHT;   /* 5.4-1 */
      return FALSE;
    }
  if (!is_second_phase (phase) || kessel_game_option (self, "second-phase-own-choice"))
    return TRUE;
  *order = kessel_game_option (self, "second-phase-same-order")
             ? self->state.first_order[side] : opposite (self->state.first_order[side]);
  return FALSE;
}

static void
begin_action_phase (KesselGame *self)
{
  KesselOrder order;

  self->state.segment_index = 0;
  if (order_is_chosen (self, &order))
    {
      self->state.segment = KESSEL_SEGMENT_ORDER;
      return;
    }
  self->state.order = order;
  kessel_game_log (self, phase_side (self->state.phase), 0, "%s: %s (5.4).",
                   kessel_phase_display_name (self->state.phase), kessel_order_display_name (order));
  self->state.segment_index = 1;
  start_segment (self, order == KESSEL_ORDER_MOVE_FIGHT ? KESSEL_SEGMENT_MOVEMENT : KESSEL_SEGMENT_COMBAT);
}

static gboolean
has_arrivals (KesselGame *self)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->state.pieces[p].status == KESSEL_PIECE_WAITING
        && kessel_unit_get_arrival_turn (self->info[p].unit) == self->state.turn)
      return TRUE;
  return FALSE;
}

static gboolean
has_returns (KesselGame *self)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->state.pieces[p].status == KESSEL_PIECE_RETURNING
        && self->state.pieces[p].return_turn <= self->state.turn)
      return TRUE;
  return FALSE;
}

static void
score_end_of_game (KesselGame *self)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (self->scenario);
  int vp;

  /* 4.1-3: German places out of C&C at the end of the last turn. */
  self->state.vp_out_of_command = 0;
  for (int i = 0; i < kessel_map_get_n_places (self->map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (self->map, i);
      if (self->state.control[place->hex] == KESSEL_SIDE_GERMAN
          && !kessel_game_hex_traces (self, place->hex, KESSEL_SIDE_GERMAN))
        self->state.vp_out_of_command += victory->out_of_command;
    }
  vp = kessel_game_get_vp (self);
  self->state.verdict = vp >= victory->soviet_wins_at ? KESSEL_VERDICT_SOVIET
                        : vp >= victory->draw_from ? KESSEL_VERDICT_DRAW
                        : KESSEL_VERDICT_GERMAN;
  kessel_game_log (self, KESSEL_SIDE_NONE, 0,
                   /* Translators: the last %s is the verdict, such as "Draw". */
                   _("The game ends: %d VP (places %d, exits %d, divisions destroyed %d, places out of C&C %d). %s (4.3)."),
                   vp, kessel_game_get_vp_places (self), kessel_game_get_vp_exits (self),
                   self->state.vp_destroyed, self->state.vp_out_of_command,
                   kessel_verdict_display_name (self->state.verdict));
}

static void
administrative (KesselGame *self)
{
  for (int k = 0; k < KESSEL_N_KGS; k++)
    self->state.kg_hex[k] = KESSEL_HEX_NONE;
  self->state.air_side = KESSEL_SIDE_NONE;
  self->state.cas_total = self->state.cas_used = 0;
  for (int p = 0; p < self->n_pieces; p++)
    self->state.pieces[p].revealed = FALSE;
  kessel_game_log (self, KESSEL_SIDE_NONE, 0, _("KG and CAS markers removed; the Soviet VP track stands at %d (5.8)."),
                   kessel_game_get_vp (self));
  kessel_game_changed (self, KESSEL_CHANGE_MARKERS | KESSEL_CHANGE_VP);
}

/* Enters phase, running the phases that need no player until one does. */
void
kessel_game_enter_phase (KesselGame *self, KesselPhase phase)
{
  KesselGameState *state = &self->state;

  for (;;)
    {
      state->phase = phase;
      state->segment = KESSEL_SEGMENT_NONE;
      state->segment_index = 0;
      state->wait = KESSEL_WAIT_PHASE;
      kessel_game_changed (self, KESSEL_CHANGE_PHASE);
      switch (phase)
        {
        case KESSEL_PHASE_SETUP:
          begin_setup (self);
          return;
        case KESSEL_PHASE_WEATHER:
          roll_weather (self);
          phase = KESSEL_PHASE_AIR;
          continue;
        case KESSEL_PHASE_AIR:
          roll_air (self);
          phase = KESSEL_PHASE_KG;
          continue;
        case KESSEL_PHASE_KG:
          if (!kessel_game_kg_available (self))
            {
              phase = KESSEL_PHASE_SOVIET_1;
              continue;
            }
          state->segment = KESSEL_SEGMENT_PLACEMENT;
          return;
        case KESSEL_PHASE_SOVIET_1:
        case KESSEL_PHASE_SOVIET_2:
        case KESSEL_PHASE_GERMAN_1:
        case KESSEL_PHASE_GERMAN_2:
          begin_action_phase (self);
          return;
        case KESSEL_PHASE_GERMAN_MECH_1:
        case KESSEL_PHASE_GERMAN_MECH_2:
          if (state->mech_interrupt)
            {
              state->mech_interrupt = FALSE;   /* already fought inside VI or VIII */
              phase = phase + 1;
              continue;
            }
          start_segment (self, KESSEL_SEGMENT_COMBAT);
          return;
        case KESSEL_PHASE_REINFORCEMENT:
          if (state->turn == 2)
            kessel_game_log (self, KESSEL_SIDE_GERMAN, 0, _("The three KG markers become available (10.2)."));
          if (!has_arrivals (self))
            {
              phase = KESSEL_PHASE_REPLACEMENT;
              continue;
            }
          state->segment = KESSEL_SEGMENT_PLACEMENT;
          return;
        case KESSEL_PHASE_REPLACEMENT:
          if (!has_returns (self))
            {
              phase = KESSEL_PHASE_ADMINISTRATIVE;
              continue;
            }
          memset (state->placed_hexes, 0, self->hex_count);
          state->segment = KESSEL_SEGMENT_PLACEMENT;
          return;
        case KESSEL_PHASE_ADMINISTRATIVE:
          administrative (self);
          if (state->turn >= kessel_scenario_get_turns (self->scenario))
            {
              score_end_of_game (self);
              phase = KESSEL_PHASE_GAME_OVER;
              continue;
            }
          state->turn++;
          phase = KESSEL_PHASE_WEATHER;
          continue;
        case KESSEL_PHASE_GAME_OVER:
        case KESSEL_N_PHASES:
        default:
          state->phase = KESSEL_PHASE_GAME_OVER;
          state->wait = KESSEL_WAIT_NOTHING;
          return;
        }
    }
}

static void
start_segment (KesselGame *self, KesselSegment segment)
{
  KesselSide side = phase_side (self->state.phase);

  self->state.segment = segment;
  self->state.wait = KESSEL_WAIT_PHASE;
  if (segment == KESSEL_SEGMENT_MOVEMENT)
    kessel_game_reset_movement (self);
  if (segment != KESSEL_SEGMENT_COMBAT)
    return;
  for (int p = 0; p < self->n_pieces; p++)
    {
      self->state.pieces[p].attacked = FALSE;
      if (side == KESSEL_SIDE_SOVIET)
        self->state.pieces[p].defence_support = FALSE;
    }
  for (int k = 0; k < KESSEL_N_KGS; k++)
    {
      if (side == KESSEL_SIDE_GERMAN)
        self->state.kg_attack_used[k] = FALSE;
      else
        self->state.kg_defence_used[k] = FALSE;
    }
}

static void
next_phase (KesselGame *self)
{
  KesselPhase phase = self->state.phase;

  if (phase == KESSEL_PHASE_SETUP)
    phase = KESSEL_PHASE_WEATHER;
  else if (phase == KESSEL_PHASE_GERMAN_MECH_1 && self->state.mech_interrupt)
    {
      /* Back to the movement part of VI (option mech-combat-right-after-combat). */
      self->state.phase = KESSEL_PHASE_GERMAN_1;
      self->state.segment_index = 2;
      start_segment (self, KESSEL_SEGMENT_MOVEMENT);
      return;
    }
  else if (phase == KESSEL_PHASE_GERMAN_MECH_2 && self->state.mech_interrupt)
    {
      self->state.phase = KESSEL_PHASE_GERMAN_2;
      self->state.segment_index = 2;
      start_segment (self, KESSEL_SEGMENT_MOVEMENT);
      return;
    }
  else
    phase = phase + 1;
  kessel_game_enter_phase (self, phase);
}

/* 3.2-3: a Soviet set-up may over-stack until the end of the Soviet
 * movement of turn 1, so the phases before it check German stacks only. */
static KesselSide
sides_to_check_stacking (KesselGame *self)
{
  if (self->state.turn == 1 && self->state.phase < KESSEL_PHASE_SOVIET_1)
    return KESSEL_SIDE_GERMAN;
  return KESSEL_SIDE_NONE;
}

static void
finish_phase (KesselGame *self)
{
  /* 6.0-1: stacking is checked at the end of every phase. */
  if (kessel_game_start_eliminations (self, sides_to_check_stacking (self), KESSEL_RESUME_FINISH_PHASE))
    return;
  next_phase (self);
}

static void
second_segment (KesselGame *self)
{
  KesselPhase phase = self->state.phase;

  self->state.segment_index = 2;
  if (self->state.order == KESSEL_ORDER_FIGHT_MOVE && phase_side (phase) == KESSEL_SIDE_GERMAN
      && kessel_game_option (self, "mech-combat-right-after-combat"))
    {
      /* 5.5-5: the mechanized combat phase right after the combat part. */
      self->state.mech_interrupt = TRUE;
      self->state.phase = phase + 1;
      start_segment (self, KESSEL_SEGMENT_COMBAT);
      kessel_game_changed (self, KESSEL_CHANGE_PHASE);
      return;
    }
  start_segment (self, self->state.order == KESSEL_ORDER_MOVE_FIGHT ? KESSEL_SEGMENT_COMBAT
                                                                  : KESSEL_SEGMENT_MOVEMENT);
}

void
kessel_game_resume (KesselGame *self, KesselResume resume)
{
  switch (resume)
    {
    case KESSEL_RESUME_NEXT_SEGMENT:
      second_segment (self);
      break;
    case KESSEL_RESUME_FINISH_PHASE:
      finish_phase (self);
      break;
    case KESSEL_RESUME_AFTER_COMBAT:
    case KESSEL_RESUME_NONE:
    default:
      self->state.wait = KESSEL_WAIT_PHASE;
      break;
    }
}

void
kessel_game_end_segment (KesselGame *self)
{
  KesselGameState *state = &self->state;

  if (is_action_phase (state->phase) && state->segment_index == 1)
    {
      /* 3.2-3: Soviet set-up over-stacking ends with the turn 1 movement. */
      if (state->turn == 1 && state->phase == KESSEL_PHASE_SOVIET_1
          && state->segment == KESSEL_SEGMENT_MOVEMENT
          && kessel_game_start_eliminations (self, KESSEL_SIDE_SOVIET, KESSEL_RESUME_NEXT_SEGMENT))
        return;
      second_segment (self);
      return;
    }
  finish_phase (self);
}

/* Reinforcements and replacements */

gboolean
kessel_game_entry_hex_ok (KesselGame *self, int piece, int hex, GError **error)
{
  KesselSide side = self->info[piece].side;
  const KesselPlace *place = kessel_map_get_place_at (self->map, hex);
  g_autofree char *where = error != NULL ? kessel_game_hex_label (self, hex) : NULL;

  if (kessel_game_enemy_at (self, hex, side))
    return kessel_game_refuse (error, "6.0", N_("Opposing units may never share a hex."));
  if (!kessel_game_stack_fits (self, hex, side, &piece, 1))
    return kessel_game_refuse (error, side == KESSEL_SIDE_GERMAN ? "6.1" : "6.2", N_("That would over-stack %s."), where);
  if (side == KESSEL_SIDE_SOVIET)
    {
      if (place == NULL || self->state.control[hex] != KESSEL_SIDE_SOVIET)
        return kessel_game_refuse (error, "11.2", N_("A returning corps is placed in a Soviet-controlled town or fortified locality."));
      if (kessel_game_in_enemy_zoc (self, hex, side))
        return kessel_game_refuse (error, "11.2", N_("A returning corps is not placed in an enemy zone of control."));
      if (!kessel_game_hex_traces (self, hex, side))
        return kessel_game_refuse (error, "11.2", N_("A returning corps is placed only where it is in supply."));
      if (self->state.placed_hexes[hex])
        return kessel_game_refuse (error, "11.2", N_("Only one returning corps is placed in each hex."));
      return TRUE;
    }
  if (!kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_ENTRY))
    return kessel_game_refuse (error, "10.1", N_("Reinforcements enter at Ternopol or on the west edge hexes 0101-0113."));
  if (place != NULL)
    {
      /* Ternopol: German-controlled and in C&C; it may be in an enemy ZOC. */
      if (self->state.control[hex] != KESSEL_SIDE_GERMAN || !kessel_game_hex_traces (self, hex, side))
        return kessel_game_refuse (error, "10.1", N_("Reinforcements enter at %s only while it is German-controlled and can trace C&C."), place->name);
      return TRUE;
    }
  if (kessel_game_in_enemy_zoc (self, hex, side))
    return kessel_game_refuse (error, "10.1", N_("An edge entry hex must be free of enemy units and enemy zones of control."));
  return TRUE;
}

static gboolean
check_enter (KesselGame *self, const KesselAction *action, GError **error)
{
  int piece;
  const KesselPieceState *state;

  if (action->n_units != 1 || action->hex == KESSEL_HEX_NONE)
    return kessel_game_refuse (error, NULL, N_("Name one unit and the hex it enters."));
  piece = action->units[0];
  state = &self->state.pieces[piece];
  if (self->state.phase == KESSEL_PHASE_REINFORCEMENT)
    {
      if (state->status != KESSEL_PIECE_WAITING
          || kessel_unit_get_arrival_turn (self->info[piece].unit) != self->state.turn)
        return kessel_game_refuse (error, "10.1", N_("Only the reinforcements of this turn enter now."));
    }
  else if (state->status != KESSEL_PIECE_RETURNING || state->return_turn > self->state.turn)
    return kessel_game_refuse (error, "11.2", N_("Only rifle corps due back by this turn return now."));
  return kessel_game_entry_hex_ok (self, piece, action->hex, error);
}

static void
apply_enter (KesselGame *self, const KesselAction *action)
{
  int piece = action->units[0];
  const char *label = kessel_game_piece_name (self, piece);
  g_autofree char *where = kessel_game_hex_label (self, action->hex);

  if (self->state.phase == KESSEL_PHASE_REPLACEMENT)
    {
      self->state.pieces[piece].steps = 1;
      self->state.placed_hexes[action->hex] = TRUE;
    }
  kessel_game_put_piece (self, piece, action->hex);
  kessel_game_log (self, self->info[piece].side, 0,
                   self->state.phase == KESSEL_PHASE_REPLACEMENT ? _("%s returns, reduced, at %s.")
                                                                 : _("%s arrives at %s."),
                   label, where);
}

static void
forfeit_arrivals (KesselGame *self)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->state.pieces[p].status == KESSEL_PIECE_WAITING
        && kessel_unit_get_arrival_turn (self->info[p].unit) == self->state.turn)
      {
        const char *label = kessel_game_piece_name (self, p);
        self->state.pieces[p].status = KESSEL_PIECE_FORFEITED;
        kessel_game_log (self, KESSEL_SIDE_GERMAN, 0, _("%s was not placed and is forfeited (10.1)."), label);
      }
}

/* Phase actions */

static gboolean
check_kg (KesselGame *self, const KesselAction *action, GError **error)
{
  if (action->value < 0 || action->value >= KESSEL_N_KGS)
    return kessel_game_refuse (error, NULL, N_("There is no such KG marker."));
  if (action->hex == KESSEL_HEX_NONE)
    return TRUE;   /* taken back off the map */
  for (int k = 0; k < KESSEL_N_KGS; k++)
    if (k != action->value && self->state.kg_hex[k] == action->hex)
      return kessel_game_refuse (error, "5.3", N_("Only one KG marker may be in a hex."));
  return TRUE;
}

gboolean
kessel_game_check_phase_action (KesselGame *self, const KesselAction *action, GError **error)
{
  KesselGameState *state = &self->state;

  switch (action->type)
    {
    case KESSEL_ACTION_END:
      if (state->phase == KESSEL_PHASE_SETUP && setup_left (self))
        return kessel_game_refuse (error, "3.2", N_("Every German unit must be set up first."));
      if (state->segment == KESSEL_SEGMENT_ORDER)
        return kessel_game_refuse (error, "5.4", N_("Choose Move/Fight or Fight/Move first."));
      return TRUE;
    case KESSEL_ACTION_PLACE:
      if (state->phase != KESSEL_PHASE_SETUP)
        return kessel_game_refuse (error, "3.2", N_("Units are placed only during set-up."));
      return check_place (self, action, error);
    case KESSEL_ACTION_ORDER:
      if (state->segment != KESSEL_SEGMENT_ORDER)
        return kessel_game_refuse (error, "5.4", N_("The order of this phase is not chosen now."));
      if (action->value != KESSEL_ORDER_MOVE_FIGHT && action->value != KESSEL_ORDER_FIGHT_MOVE)
        return kessel_game_refuse (error, NULL, N_("Choose Move/Fight or Fight/Move."));
      return TRUE;
    case KESSEL_ACTION_KG:
      if (state->phase != KESSEL_PHASE_KG)
        return kessel_game_refuse (error, "5.3", N_("KG markers are placed in the KG deployment phase, from turn 3."));
      return check_kg (self, action, error);
    case KESSEL_ACTION_ENTER:
      if (state->phase != KESSEL_PHASE_REINFORCEMENT && state->phase != KESSEL_PHASE_REPLACEMENT)
        return kessel_game_refuse (error, "10.1", N_("Units enter only in the reinforcement and replacement phases."));
      return check_enter (self, action, error);
    case KESSEL_ACTION_MOVE:
    case KESSEL_ACTION_EXIT:
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_DEFEND:
    case KESSEL_ACTION_PROBE:
    case KESSEL_ACTION_LOSS:
    case KESSEL_ACTION_RETREAT:
    case KESSEL_ACTION_ADVANCE:
    case KESSEL_ACTION_ELIMINATE:
    case KESSEL_N_ACTION_TYPES:
    default:
      return kessel_game_refuse (error, NULL, N_("That cannot be done now."));
    }
}

void
kessel_game_apply_phase_action (KesselGame *self, const KesselAction *action)
{
  KesselGameState *state = &self->state;

  switch (action->type)
    {
    case KESSEL_ACTION_PLACE:
      kessel_game_put_piece (self, action->units[0], action->hex);
      state->pieces[action->units[0]].setup_hex = action->hex;
      break;
    case KESSEL_ACTION_ORDER:
      state->order = action->value;
      if (!is_second_phase (state->phase))
        state->first_order[phase_side (state->phase)] = action->value;
      kessel_game_log (self, phase_side (state->phase), 0, "%s: %s (5.4).",
                       kessel_phase_display_name (state->phase), kessel_order_display_name (action->value));
      state->segment_index = 1;
      start_segment (self, action->value == KESSEL_ORDER_MOVE_FIGHT ? KESSEL_SEGMENT_MOVEMENT
                                                                    : KESSEL_SEGMENT_COMBAT);
      break;
    case KESSEL_ACTION_KG:
      state->kg_hex[action->value] = action->hex;
      if (action->hex == KESSEL_HEX_NONE)
        kessel_game_log (self, KESSEL_SIDE_GERMAN, 0, _("%s placed off the map (5.3)."),
                         kessel_kg_display_name (action->value));
      else
        {
          g_autofree char *where = kessel_game_hex_label (self, action->hex);
          kessel_game_log (self, KESSEL_SIDE_GERMAN, 0, _("%s placed in %s (5.3)."),
                           kessel_kg_display_name (action->value), where);
        }
      kessel_game_changed (self, KESSEL_CHANGE_MARKERS);
      break;
    case KESSEL_ACTION_ENTER:
      apply_enter (self, action);
      break;
    case KESSEL_ACTION_END:
      if (state->phase == KESSEL_PHASE_REINFORCEMENT)
        forfeit_arrivals (self);
      kessel_game_end_segment (self);
      break;
    case KESSEL_ACTION_MOVE:
    case KESSEL_ACTION_EXIT:
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_DEFEND:
    case KESSEL_ACTION_PROBE:
    case KESSEL_ACTION_LOSS:
    case KESSEL_ACTION_RETREAT:
    case KESSEL_ACTION_ADVANCE:
    case KESSEL_ACTION_ELIMINATE:
    case KESSEL_N_ACTION_TYPES:
    default:
      break;
    }
}
