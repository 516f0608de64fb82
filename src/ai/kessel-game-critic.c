/* kessel-game-critic.c: failures counted by comparing each position of a game
 * with the one before it (kessel-game-critic.h). */
#include "kessel-game-critic.h"

#include <string.h>

/* What the critic remembers of a piece from one action to the next. */
typedef struct {
  KesselPieceStatus status;
  int hex;
  gboolean alone_in_combat;        /* Soviet artillery alone in its hex as the last combat was declared */
  gboolean cut_off;                /* a division found out of C&C */
  gboolean beside_exit_at_start;   /* a corps beside an exit as the movement part began */
  int idle_at_exit_turn;           /* the last turn it was counted idle beside an exit, or 0 */
  int german_turn_hex;             /* a reinforcement: where it began the German turn, or none */
  gboolean contact_at_turn_start;
  int idle_turns;                  /* German turns in a row ended where they began */
  gboolean idle_counted;
} PieceNotes;

typedef struct {
  int hex;
  gboolean held;                   /* Soviet units in it */
  gboolean given_up;               /* emptied by Soviet movement, not yet retaken or reoccupied */
} PlaceNotes;

struct _KesselGameCritic {
  GObject parent_instance;

  int counts[KESSEL_N_FAILURES];
  gboolean started;
  int divisions_destroyed_at_start;

  /* Where play stood after the last action seen. */
  int n_actions;
  int turn;
  KesselPhase phase;
  KesselSegment segment;
  KesselSide active_side;
  int n_pieces;
  PieceNotes *pieces;
  int n_places;
  PlaceNotes *places;

  /* The German turn under way. */
  gboolean cut_off_at_german_combat;
  gboolean german_attacked;
};

G_DEFINE_FINAL_TYPE (KesselGameCritic, kessel_game_critic, G_TYPE_OBJECT)

static const char *const failure_names[KESSEL_N_FAILURES] = {
  "places_given_up",
  "artillery_lost_alone",
  "overstack_losses",
  "corps_idle_at_exit",
  "divisions_destroyed_out_of_command",
  "divisions_cut_off",
  "reinforcements_idle",
  "turns_without_relief",
};

const char *
kessel_failure_to_string (KesselFailure failure)
{
  g_return_val_if_fail ((guint) failure < KESSEL_N_FAILURES, NULL);
  return failure_names[failure];
}

gboolean
kessel_failure_judges (KesselFailure failure, KesselSide side)
{
  g_return_val_if_fail ((guint) failure < KESSEL_N_FAILURES, FALSE);
  if (failure == KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND)
    return side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET;
  if (failure < KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND)
    return side == KESSEL_SIDE_SOVIET;
  return side == KESSEL_SIDE_GERMAN;
}

/* What the pieces and phases are, from the public state. */

static gboolean
is_division (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  return kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN && kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION
         && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC
         && kessel_unit_get_unit_type (unit) != KESSEL_UNIT_GARRISON;
}

static gboolean
is_corps (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  return kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET && kessel_unit_get_size (unit) == KESSEL_SIZE_CORPS;
}

static gboolean
is_soviet_artillery (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  return kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET && kessel_unit_is_artillery (unit);
}

static gboolean
is_reinforcement (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  return kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN && kessel_unit_get_arrival_turn (unit) > 0
         && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC;
}

static gboolean
on_map (KesselGame *game, int piece)
{
  return kessel_game_get_piece_status (game, piece) == KESSEL_PIECE_ON_MAP;
}

/* Eliminated, or a rifle corps eliminated and on the turn track (11.1). */
static gboolean
is_eliminated (KesselPieceStatus status)
{
  return status == KESSEL_PIECE_ELIMINATED || status == KESSEL_PIECE_RETURNING;
}

static gboolean
is_soviet_phase (KesselPhase phase)
{
  return phase == KESSEL_PHASE_SOVIET_1 || phase == KESSEL_PHASE_SOVIET_2;
}

static gboolean
is_german_turn_phase (KesselPhase phase)
{
  return phase >= KESSEL_PHASE_GERMAN_1 && phase <= KESSEL_PHASE_GERMAN_MECH_2;
}

static KesselMap *
map_of (KesselGame *game)
{
  return kessel_scenario_get_map (kessel_game_get_scenario (game));
}

static gboolean
soviet_next_to (KesselGame *game, int hex)
{
  int around[KESSEL_N_DIRECTIONS];

  kessel_grid_neighbours (kessel_map_get_grid (map_of (game)), hex, around);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE && kessel_game_get_hex_occupant (game, around[d]) == KESSEL_SIDE_SOVIET)
      return TRUE;
  return FALSE;
}

/* On an exit hex, or next to one no German unit holds. */
static gboolean
beside_free_exit (KesselGame *game, int hex)
{
  KesselMap *map = map_of (game);
  int around[KESSEL_N_DIRECTIONS];

  if (kessel_map_has_edge_role (map, hex, KESSEL_EDGE_EXIT))
    return TRUE;
  kessel_grid_neighbours (kessel_map_get_grid (map), hex, around);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE && kessel_map_has_edge_role (map, around[d], KESSEL_EDGE_EXIT)
        && kessel_game_get_hex_occupant (game, around[d]) != KESSEL_SIDE_GERMAN)
      return TRUE;
  return FALSE;
}

static gboolean
exit_vp_to_be_had (KesselGame *game)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (game));

  return victory->corps_exit > 0 && kessel_game_get_vp_exits (game) < victory->corps_exit_cap;
}

/* Divisions out of C&C (counting those not seen cut off before); whether
 * there are any. */
static gboolean
look_for_cut_off (KesselGameCritic *self, KesselGame *game)
{
  gboolean any = FALSE;

  for (int p = 0; p < self->n_pieces; p++)
    if (is_division (game, p) && on_map (game, p) && !kessel_game_piece_in_command (game, p))
      {
        any = TRUE;
        if (!self->pieces[p].cut_off)
          {
            self->pieces[p].cut_off = TRUE;
            self->counts[KESSEL_FAILURE_DIVISIONS_CUT_OFF]++;
          }
      }
  return any;
}

/* Corps beside the exit */

static void
note_corps_beside_exit (KesselGameCritic *self, KesselGame *game)
{
  for (int p = 0; p < self->n_pieces; p++)
    self->pieces[p].beside_exit_at_start = is_corps (game, p) && on_map (game, p)
                                           && beside_free_exit (game, kessel_game_get_piece_hex (game, p));
}

static void
count_corps_idle_at_exit (KesselGameCritic *self, KesselGame *game)
{
  gboolean open = exit_vp_to_be_had (game);

  for (int p = 0; p < self->n_pieces; p++)
    {
      PieceNotes *notes = &self->pieces[p];

      if (open && notes->beside_exit_at_start && on_map (game, p)
          && beside_free_exit (game, kessel_game_get_piece_hex (game, p)) && notes->idle_at_exit_turn != self->turn)
        {
          notes->idle_at_exit_turn = self->turn;
          self->counts[KESSEL_FAILURE_CORPS_IDLE_AT_EXIT]++;
        }
      notes->beside_exit_at_start = FALSE;
    }
}

/* The German turn */

static void
begin_german_turn (KesselGameCritic *self, KesselGame *game)
{
  self->cut_off_at_german_combat = FALSE;
  self->german_attacked = FALSE;
  for (int p = 0; p < self->n_pieces; p++)
    {
      PieceNotes *notes = &self->pieces[p];

      notes->german_turn_hex = KESSEL_HEX_NONE;
      if (!is_reinforcement (game, p) || !on_map (game, p))
        continue;
      notes->german_turn_hex = kessel_game_get_piece_hex (game, p);
      notes->contact_at_turn_start = soviet_next_to (game, notes->german_turn_hex);
    }
}

static void
note_idle_reinforcement (KesselGameCritic *self, KesselGame *game, int piece)
{
  PieceNotes *notes = &self->pieces[piece];

  if (!on_map (game, piece) || kessel_game_get_piece_hex (game, piece) != notes->german_turn_hex
      || notes->contact_at_turn_start)
    {
      notes->idle_turns = 0;
      return;
    }
  notes->idle_turns++;
  if (notes->idle_turns >= 2 && !notes->idle_counted)
    {
      notes->idle_counted = TRUE;
      self->counts[KESSEL_FAILURE_REINFORCEMENTS_IDLE]++;
    }
}

static void
end_german_turn (KesselGameCritic *self, KesselGame *game)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->pieces[p].german_turn_hex != KESSEL_HEX_NONE)
      note_idle_reinforcement (self, game, p);
  if (self->cut_off_at_german_combat && !self->german_attacked)
    self->counts[KESSEL_FAILURE_TURNS_WITHOUT_RELIEF]++;
}

/* Parts of phases */

static void
begin_part (KesselGameCritic *self, KesselGame *game)
{
  KesselPhase phase = kessel_game_get_phase (game);
  KesselSegment segment = kessel_game_get_segment (game);
  gboolean cut_off = look_for_cut_off (self, game);

  if (is_soviet_phase (phase) && segment == KESSEL_SEGMENT_MOVEMENT)
    note_corps_beside_exit (self, game);
  if (is_german_turn_phase (phase) && segment == KESSEL_SEGMENT_COMBAT && cut_off)
    self->cut_off_at_german_combat = TRUE;
}

/* Called before the position is remembered: self still holds the part
 * that was under way before the action. */
static void
note_part_change (KesselGameCritic *self, KesselGame *game)
{
  int turn = kessel_game_get_turn (game);
  KesselPhase phase = kessel_game_get_phase (game);
  gboolean new_turn = turn != self->turn;

  if (!new_turn && phase == self->phase && kessel_game_get_segment (game) == self->segment)
    return;
  if (is_soviet_phase (self->phase) && self->segment == KESSEL_SEGMENT_MOVEMENT)
    count_corps_idle_at_exit (self, game);
  if (is_german_turn_phase (self->phase) && (new_turn || !is_german_turn_phase (phase)))
    end_german_turn (self, game);
  if (is_german_turn_phase (phase) && (new_turn || !is_german_turn_phase (self->phase)))
    begin_german_turn (self, game);
  begin_part (self, game);
}

/* What one action did */

static gboolean
soviet_non_artillery_at (KesselGameCritic *self, KesselGame *game, int hex)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->pieces[p].status == KESSEL_PIECE_ON_MAP && self->pieces[p].hex == hex
        && kessel_game_get_piece_side (game, p) == KESSEL_SIDE_SOVIET && !is_soviet_artillery (game, p))
      return TRUE;
  return FALSE;
}

/* A combat declared: which Soviet artillery stands alone, as it was before
 * the attack. */
static void
note_combat_declared (KesselGameCritic *self, KesselGame *game)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (self->pieces[p].status == KESSEL_PIECE_ON_MAP && is_soviet_artillery (game, p))
      self->pieces[p].alone_in_combat = !soviet_non_artillery_at (self, game, self->pieces[p].hex);
}

static void
note_eliminations (KesselGameCritic *self, KesselGame *game, const KesselAction *action)
{
  for (int p = 0; p < self->n_pieces; p++)
    {
      if (self->pieces[p].status != KESSEL_PIECE_ON_MAP || !is_eliminated (kessel_game_get_piece_status (game, p))
          || kessel_game_get_piece_side (game, p) != KESSEL_SIDE_SOVIET)
        continue;
      if (action->type == KESSEL_ACTION_ELIMINATE)
        self->counts[KESSEL_FAILURE_OVERSTACK_LOSSES]++;
      else if (is_soviet_artillery (game, p) && self->pieces[p].alone_in_combat)
        self->counts[KESSEL_FAILURE_ARTILLERY_LOST_ALONE]++;
    }
}

/* Soviet units leaving a place of their own accord. */
static gboolean
leaves_by_choice (KesselGameCritic *self, const KesselAction *action)
{
  return self->active_side == KESSEL_SIDE_SOVIET
         && (action->type == KESSEL_ACTION_MOVE || action->type == KESSEL_ACTION_EXIT
             || action->type == KESSEL_ACTION_ADVANCE);
}

/* German units entering a place that no one defends. */
static gboolean
enters_without_fight (KesselGameCritic *self, const KesselAction *action)
{
  return self->active_side == KESSEL_SIDE_GERMAN
         && (action->type == KESSEL_ACTION_MOVE || action->type == KESSEL_ACTION_PROBE);
}

static void
note_places (KesselGameCritic *self, KesselGame *game, const KesselAction *action)
{
  for (int i = 0; i < self->n_places; i++)
    {
      PlaceNotes *place = &self->places[i];
      KesselSide control = kessel_game_get_control (game, place->hex);
      gboolean held = kessel_game_get_hex_occupant (game, place->hex) == KESSEL_SIDE_SOVIET;

      if (place->given_up && control == KESSEL_SIDE_GERMAN && enters_without_fight (self, action))
        self->counts[KESSEL_FAILURE_PLACES_GIVEN_UP]++;
      if (held || control != KESSEL_SIDE_SOVIET)
        place->given_up = FALSE;
      else if (place->held && leaves_by_choice (self, action))
        place->given_up = TRUE;
    }
}

static void
note_action (KesselGameCritic *self, KesselGame *game, const KesselAction *action)
{
  if (action->type == KESSEL_ACTION_ATTACK)
    note_combat_declared (self, game);
  if ((action->type == KESSEL_ACTION_ATTACK || action->type == KESSEL_ACTION_PROBE)
      && self->active_side == KESSEL_SIDE_GERMAN && is_german_turn_phase (self->phase))
    self->german_attacked = TRUE;
  note_eliminations (self, game, action);
  note_places (self, game, action);
  self->counts[KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND]
    = kessel_game_get_divisions_destroyed (game) - self->divisions_destroyed_at_start;
}

static void
remember_position (KesselGameCritic *self, KesselGame *game)
{
  self->n_actions = kessel_game_get_n_actions (game);
  self->turn = kessel_game_get_turn (game);
  self->phase = kessel_game_get_phase (game);
  self->segment = kessel_game_get_segment (game);
  self->active_side = kessel_game_get_active_side (game);
  for (int p = 0; p < self->n_pieces; p++)
    {
      self->pieces[p].status = kessel_game_get_piece_status (game, p);
      self->pieces[p].hex = kessel_game_get_piece_hex (game, p);
    }
  for (int i = 0; i < self->n_places; i++)
    {
      PlaceNotes *place = &self->places[i];
      place->held = kessel_game_get_hex_occupant (game, place->hex) == KESSEL_SIDE_SOVIET;
    }
}

/* The critic */

void
kessel_game_critic_start (KesselGameCritic *self, KesselGame *game)
{
  KesselMap *map;

  g_return_if_fail (KESSEL_IS_GAME_CRITIC (self));
  g_return_if_fail (KESSEL_IS_GAME (game));
  map = map_of (game);
  memset (self->counts, 0, sizeof self->counts);
  self->started = TRUE;
  self->divisions_destroyed_at_start = kessel_game_get_divisions_destroyed (game);
  self->n_pieces = kessel_game_get_n_pieces (game);
  g_free (self->pieces);
  self->pieces = g_new0 (PieceNotes, self->n_pieces);
  for (int p = 0; p < self->n_pieces; p++)
    self->pieces[p].german_turn_hex = KESSEL_HEX_NONE;
  self->n_places = kessel_map_get_n_places (map);
  g_free (self->places);
  self->places = g_new0 (PlaceNotes, self->n_places);
  for (int i = 0; i < self->n_places; i++)
    self->places[i].hex = kessel_map_get_place (map, i)->hex;
  remember_position (self, game);
  if (is_german_turn_phase (self->phase))
    begin_german_turn (self, game);
  begin_part (self, game);
}

void
kessel_game_critic_observe (KesselGameCritic *self, KesselGame *game)
{
  int n_actions;

  g_return_if_fail (KESSEL_IS_GAME_CRITIC (self));
  g_return_if_fail (KESSEL_IS_GAME (game));
  if (!self->started)
    {
      kessel_game_critic_start (self, game);
      return;
    }
  n_actions = kessel_game_get_n_actions (game);
  if (n_actions <= self->n_actions)
    return;
  note_action (self, game, kessel_game_get_action (game, n_actions - 1));
  if (is_soviet_phase (self->phase))
    look_for_cut_off (self, game);
  note_part_change (self, game);
  remember_position (self, game);
}

int
kessel_game_critic_get_count (KesselGameCritic *self, KesselFailure failure)
{
  g_return_val_if_fail (KESSEL_IS_GAME_CRITIC (self), 0);
  g_return_val_if_fail ((guint) failure < KESSEL_N_FAILURES, 0);
  return self->counts[failure];
}

KesselGameCritic *
kessel_game_critic_new (void)
{
  return g_object_new (KESSEL_TYPE_GAME_CRITIC, NULL);
}

static void
kessel_game_critic_finalize (GObject *object)
{
  KesselGameCritic *self = KESSEL_GAME_CRITIC (object);

  g_free (self->pieces);
  g_free (self->places);
  G_OBJECT_CLASS (kessel_game_critic_parent_class)->finalize (object);
}

static void
kessel_game_critic_class_init (KesselGameCriticClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_game_critic_finalize;
}

static void
kessel_game_critic_init (KesselGameCritic *self)
{
}
