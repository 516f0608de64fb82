#include "kessel-game-private.h"
#include "kessel-boxed-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/**
 * KesselGame:
 *
 * A game of a scenario in progress, made from the scenario and a seed. It lists the
 * legal actions of the side to act, checks a proposed one, refusing it with an error
 * whose message starts with the rule case, and applies it, emitting "changed". The
 * scenario, the seed and the list of actions reproduce a game exactly. A piece is a unit
 * as it stands in play, named by its index.
 */
G_DEFINE_TYPE (KesselGame, kessel_game, G_TYPE_OBJECT)

/**
 * KesselLogEntry:
 *
 * One entry of the log: the turn, phase and side it happened in, the words, the die
 * rolled for it (or 0), and what the other side reads under fog of war when the words
 * hide something.
 */
G_DEFINE_BOXED_TYPE (KesselLogEntry, kessel_log_entry, kessel_log_entry_copy, kessel_log_entry_free)

/**
 * KesselCombatOdds:
 *
 * The odds of a proposed combat, worked out before any die is rolled: the factors
 * counted, the column shifts with their rules, the final column and the row of the
 * Combat Results Table by die. Bindings read its arrays of structures with
 * kessel_combat_odds_get_attacker(), kessel_combat_odds_get_defender() and
 * kessel_combat_odds_get_shift().
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselCombatOdds, kessel_combat_odds)
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselShift, kessel_shift)
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselContribution, kessel_contribution)
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselCombatFate, kessel_combat_fate)

/**
 * kessel_combat_odds_get_attacker:
 * @index: from 0 to @odds's n_attackers - 1
 *
 * What an attacking piece counts for in the odds. Bindings, which cannot read
 * arrays of structures inside a structure, read the entries of the odds' arrays
 * through this and the functions beside it.
 *
 * Returns: (transfer none): what an attacking piece counts for
 */
const KesselContribution *
kessel_combat_odds_get_attacker (const KesselCombatOdds *odds, int index)
{
  g_return_val_if_fail (index >= 0 && index < odds->n_attackers, NULL);
  return &odds->attackers[index];
}

/**
 * kessel_combat_odds_get_defender:
 * @index: from 0 to @odds's n_defenders - 1
 *
 * What a defending piece counts for in the odds; see
 * kessel_combat_odds_get_attacker().
 *
 * Returns: (transfer none): what a defending piece counts for
 */
const KesselContribution *
kessel_combat_odds_get_defender (const KesselCombatOdds *odds, int index)
{
  g_return_val_if_fail (index >= 0 && index < odds->n_defenders, NULL);
  return &odds->defenders[index];
}

/**
 * kessel_combat_odds_get_shift:
 * @index: from 0 to @odds's n_shifts - 1
 *
 * A column shift of the odds and the rule that gives it; see
 * kessel_combat_odds_get_attacker().
 *
 * Returns: (transfer none): a column shift and the rule that gives it
 */
const KesselShift *
kessel_combat_odds_get_shift (const KesselCombatOdds *odds, int index)
{
  g_return_val_if_fail (index >= 0 && index < odds->n_shifts, NULL);
  return &odds->shifts[index];
}

/**
 * KesselCombatReport:
 *
 * A combat from its declaration to the end of its advance: the attack, its odds, the die
 * and result, and what each unit came to. Bindings read its arrays of
 * structures with kessel_combat_report_get_attacker() and
 * kessel_combat_report_get_defender().
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselCombatReport, kessel_combat_report)

/**
 * kessel_combat_report_get_attacker:
 * @index: from 0 to @report's n_attackers - 1
 *
 * What an attacking piece came to in the combat, for bindings; see
 * kessel_combat_odds_get_attacker().
 *
 * Returns: (transfer none): what an attacking piece came to
 */
const KesselCombatFate *
kessel_combat_report_get_attacker (const KesselCombatReport *report, int index)
{
  g_return_val_if_fail (index >= 0 && index < report->n_attackers, NULL);
  return &report->attackers[index];
}

/**
 * kessel_combat_report_get_defender:
 * @index: from 0 to @report's n_defenders - 1
 *
 * What a defending piece came to in the combat, for bindings; see
 * kessel_combat_odds_get_attacker().
 *
 * Returns: (transfer none): what a defending piece came to
 */
const KesselCombatFate *
kessel_combat_report_get_defender (const KesselCombatReport *report, int index)
{
  g_return_val_if_fail (index >= 0 && index < report->n_defenders, NULL);
  return &report->defenders[index];
}

/**
 * KesselSnapshot:
 *
 * The whole state of play of a game, taken with kessel_game_snapshot() and put back with
 * kessel_game_restore(), which also takes back the log entries and actions that came
 * after it. It fits only the game it was taken from and its copies.
 */
G_DEFINE_BOXED_TYPE (KesselSnapshot, kessel_snapshot, kessel_snapshot_copy, kessel_snapshot_free)

KesselLogEntry *
kessel_log_entry_copy (const KesselLogEntry *entry)
{
  KesselLogEntry *copy = g_memdup2 (entry, sizeof *entry);

  copy->text = g_strdup (entry->text);
  copy->hidden_text = g_strdup (entry->hidden_text);
  return copy;
}

void
kessel_log_entry_free (KesselLogEntry *entry)
{
  g_free (entry->text);
  g_free (entry->hidden_text);
  g_free (entry);
}

G_DEFINE_QUARK (kessel-game-error-quark, kessel_game_error)

enum {
  SIGNAL_CHANGED,
  SIGNAL_LOGGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
state_free_arrays (KesselGameState *state)
{
  g_clear_pointer (&state->pieces, g_free);
  g_clear_pointer (&state->control, g_free);
  g_clear_pointer (&state->placed_hexes, g_free);
  g_clear_pointer (&state->captured, g_free);
}

/* Copies from's arrays into to's, which are already the right size. */
static void
state_copy_arrays (KesselGameState *to, const KesselGameState *from, int n_pieces, int hex_count)
{
  memcpy (to->pieces, from->pieces, sizeof from->pieces[0] * n_pieces);
  memcpy (to->control, from->control, hex_count);
  memcpy (to->placed_hexes, from->placed_hexes, hex_count);
  memcpy (to->captured, from->captured, hex_count);
}

/* to takes from's values but for the arrays, which it keeps as they are. */
static void
state_assign_header (KesselGameState *to, const KesselGameState *from)
{
  KesselGameState arrays = *to;

  *to = *from;
  to->pieces = arrays.pieces;
  to->control = arrays.control;
  to->placed_hexes = arrays.placed_hexes;
  to->captured = arrays.captured;
}

/* to takes from's values, keeping its own arrays. */
static void
state_assign (KesselGameState *to, const KesselGameState *from, int n_pieces, int hex_count)
{
  state_assign_header (to, from);
  state_copy_arrays (to, from, n_pieces, hex_count);
}

static void
state_alloc_arrays (KesselGameState *state, int n_pieces, int hex_count)
{
  state->pieces = g_new0 (KesselPieceState, n_pieces);
  state->control = g_new0 (guint8, hex_count);
  state->placed_hexes = g_new0 (guint8, hex_count);
  state->captured = g_new0 (guint8, hex_count);
}

static void
fixed_unref (KesselGameFixed *fixed)
{
  if (fixed == NULL || !g_atomic_int_dec_and_test (&fixed->ref_count))
    return;
  g_free (fixed->info);
  g_free (fixed->neighbours);
  g_free (fixed->river_at);
  g_free (fixed->closed);
  g_free (fixed->place);
  g_free (fixed->entry);
  g_free (fixed->column);
  for (int i = 0; i < 3; i++)
    g_free (fixed->source[i]);
  for (int i = 0; i < 2; i++)
    g_free (fixed->terrain_cost[i]);
  g_free (fixed->crossing);
  g_free (fixed->hexside);
  g_free (fixed->exit);
  g_free (fixed);
}

/* Snapshots */

static gsize
snapshot_size (int n_pieces, int hex_count)
{
  return sizeof (KesselSnapshot) + sizeof (KesselPieceState) * (gsize) n_pieces + 3 * (gsize) hex_count;
}

/* Points the state's arrays at the snapshot's own data. */
static void
snapshot_point_arrays (KesselSnapshot *snapshot)
{
  KesselGameState *state = &snapshot->state;
  guint8 *data = snapshot->data;

  state->pieces = (KesselPieceState *) data;
  data += sizeof (KesselPieceState) * (gsize) snapshot->n_pieces;
  state->control = data;
  state->placed_hexes = data + snapshot->hex_count;
  state->captured = data + 2 * snapshot->hex_count;
}

KesselSnapshot *
kessel_game_snapshot (KesselGame *self)
{
  KesselSnapshot *snapshot;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  snapshot = g_malloc (snapshot_size (self->n_pieces, self->hex_count));   /* all written next */
  snapshot->n_pieces = self->n_pieces;
  snapshot->hex_count = self->hex_count;
  kessel_game_save_snapshot (self, snapshot);
  return snapshot;
}

KesselSnapshot *
kessel_snapshot_copy (const KesselSnapshot *snapshot)
{
  KesselSnapshot *copy = g_memdup2 (snapshot, snapshot_size (snapshot->n_pieces, snapshot->hex_count));

  snapshot_point_arrays (copy);
  return copy;
}

/* How many undo steps have ever been on the stack below its top, counting
 * those dropped from the bottom, so that a position stays right after a drop. */
static guint
undo_position (KesselGame *self)
{
  return self->undo_dropped + self->undo->len;
}

void
kessel_game_save_snapshot (KesselGame *self, KesselSnapshot *snapshot)
{
  KesselGameState *state = &snapshot->state;

  g_return_if_fail (snapshot->n_pieces == self->n_pieces && snapshot->hex_count == self->hex_count);
  *state = self->state;
  snapshot_point_arrays (snapshot);
  state_copy_arrays (state, &self->state, self->n_pieces, self->hex_count);
  snapshot->log_length = self->log->len;
  snapshot->actions_length = self->actions->len;
  snapshot->undo_length = undo_position (self);
}

/* The log and the actions as they were, the undo steps taken since dropped
 * (undo steps dropped since stay lost). undo_length is an undo_position. */
static void
truncate_history (KesselGame *self, guint log_length, guint actions_length, guint undo_length)
{
  undo_length = undo_length > self->undo_dropped ? undo_length - self->undo_dropped : 0;
  if (log_length < self->log->len)
    g_array_set_size (self->log, log_length);
  if (actions_length < self->actions->len)
    g_array_set_size (self->actions, actions_length);
  if (undo_length < self->undo->len)
    g_ptr_array_set_size (self->undo, undo_length);
  if (actions_length < self->roll_ends->len)
    g_array_set_size (self->roll_ends, actions_length);
  if (self->state.dice.rolls < self->faces->len)
    g_array_set_size (self->faces, self->state.dice.rolls);
  kessel_game_invalidate (self);
}

/* Back to the snapshot, with the log and the actions as they were then. */
static void
restore_state (KesselGame *self, const KesselSnapshot *snapshot)
{
  state_assign (&self->state, &snapshot->state, self->n_pieces, self->hex_count);
  truncate_history (self, snapshot->log_length, snapshot->actions_length, snapshot->undo_length);
}

/* Undo steps */

/* What undo goes back to: a snapshot taken before the action or, for an
 * action that changes only its own units and hexes (a move, a placement or
 * an entry, a KG marker), just those and the state but for its arrays. That
 * is a few kB, where a snapshot grows with the map and the armies. */
typedef struct {
  KesselSnapshot *whole;        /* NULL when only the action's own are kept */
  KesselGameState header;       /* its arrays are not used */
  guint log_length;
  guint actions_length;
  guint undo_length;
  int n_units;
  int units[KESSEL_ACTION_MAX_UNITS];
  KesselPieceState unit_states[KESSEL_ACTION_MAX_UNITS];
  int n_hexes;
  int hexes[KESSEL_ACTION_MAX_PATH];
  guint8 control[KESSEL_ACTION_MAX_PATH];
  guint8 captured[KESSEL_ACTION_MAX_PATH];
  guint8 placed[KESSEL_ACTION_MAX_PATH];
} UndoStep;

/* Whether an action changes only its own units, the hexes it enters and
 * the state but for its arrays. */
static gboolean
changes_only_its_own (KesselActionType type)
{
  return type == KESSEL_ACTION_MOVE || type == KESSEL_ACTION_PLACE || type == KESSEL_ACTION_ENTER
         || type == KESSEL_ACTION_KG;
}

/* The hexes an action enters, whose control it may change. */
static int
hexes_entered (const KesselAction *action, const int **hexes)
{
  switch (action->type)
    {
    case KESSEL_ACTION_MOVE:
      *hexes = action->path;
      return action->path_length;
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_ENTER:
      *hexes = &action->hex;
      return 1;
    default:
      *hexes = NULL;
      return 0;
    }
}

/* Taken before a checked action is applied. */
static UndoStep *
undo_step_new (KesselGame *self, const KesselAction *action)
{
  UndoStep *step = g_new (UndoStep, 1);
  const int *hexes;

  step->whole = changes_only_its_own (action->type) ? NULL : kessel_game_snapshot (self);
  if (step->whole != NULL)
    return step;   /* such as an order, which starts a part of the phase for every unit */
  step->header = self->state;
  step->log_length = self->log->len;
  step->actions_length = self->actions->len;
  step->undo_length = undo_position (self);
  step->n_units = action->n_units;
  for (int i = 0; i < action->n_units; i++)
    {
      step->units[i] = action->units[i];
      step->unit_states[i] = self->state.pieces[action->units[i]];
    }
  step->n_hexes = hexes_entered (action, &hexes);
  for (int i = 0; i < step->n_hexes; i++)
    {
      step->hexes[i] = hexes[i];
      step->control[i] = self->state.control[hexes[i]];
      step->captured[i] = self->state.captured[hexes[i]];
      step->placed[i] = self->state.placed_hexes[hexes[i]];
    }
  return step;
}

static void
undo_step_restore (KesselGame *self, const UndoStep *step)
{
  if (step->whole != NULL)
    {
      restore_state (self, step->whole);
      return;
    }
  state_assign_header (&self->state, &step->header);
  for (int i = 0; i < step->n_units; i++)
    self->state.pieces[step->units[i]] = step->unit_states[i];
  for (int i = 0; i < step->n_hexes; i++)
    {
      self->state.control[step->hexes[i]] = step->control[i];
      self->state.captured[step->hexes[i]] = step->captured[i];
      self->state.placed_hexes[step->hexes[i]] = step->placed[i];
    }
  truncate_history (self, step->log_length, step->actions_length, step->undo_length);
}

static void
undo_step_free (UndoStep *step)
{
  g_clear_pointer (&step->whole, kessel_snapshot_free);
  g_free (step);
}

void
kessel_snapshot_free (KesselSnapshot *snapshot)
{
  g_free (snapshot);
}

static void
log_entry_clear (gpointer data)
{
  KesselLogEntry *entry = data;

  g_free (entry->text);
  g_free (entry->hidden_text);
}

static void
kessel_game_finalize (GObject *object)
{
  KesselGame *self = KESSEL_GAME (object);

  state_free_arrays (&self->state);
  fixed_unref (self->fixed);
  for (int side = 0; side < 3; side++)
    {
      g_free (self->units_at[side]);
      g_free (self->zoc[side]);
      g_free (self->traces[side]);
      g_free (self->lines[side]);
      g_free (self->trace_parent[side]);
    }
  g_free (self->queue);
  g_free (self->marks);
  g_free (self->kg_free);
  g_free (self->reach);
  g_free (self->reached);
  g_free (self->reach_bits);
  g_free (self->bucket_entries);
  g_free (self->first_at);
  g_free (self->next_at);
  g_array_unref (self->log);
  g_array_unref (self->actions);
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_ptr_array_unref (self->undo);
  g_array_unref (self->redo);
  g_array_unref (self->faces);
  g_array_unref (self->roll_ends);
  g_clear_pointer (&self->replayed_faces, g_byte_array_unref);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (kessel_game_parent_class)->finalize (object);
}

static void
kessel_game_class_init (KesselGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kessel_game_finalize;

  /* Emitted after an action, undo or redo with the KesselChange flags of what moved. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Emitted for each new log entry, with its index. */
  signals[SIGNAL_LOGGED] = g_signal_new ("logged", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
kessel_game_init (KesselGame *self)
{
  self->log = g_array_new (FALSE, TRUE, sizeof (KesselLogEntry));
  g_array_set_clear_func (self->log, log_entry_clear);
  self->actions = g_array_new (FALSE, FALSE, sizeof (KesselAction));
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) undo_step_free);
  self->redo = g_array_new (FALSE, FALSE, sizeof (KesselAction));
  self->faces = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->roll_ends = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
describe_piece (KesselGame *self, KesselPieceInfo *info, KesselUnit *unit)
{
  KesselUnit *counter = unit;
  int n = 0;

  info->unit = unit;
  while (counter != NULL && n < KESSEL_MAX_CHAIN_STEPS)
    {
      for (int i = 0; i < kessel_unit_get_n_steps (counter) && n < KESSEL_MAX_CHAIN_STEPS; i++)
        {
          info->counters[n] = counter;
          info->factors[n] = *kessel_unit_get_step (counter, i);
          n++;
        }
      counter = kessel_unit_get_substitute (counter)
                  ? kessel_scenario_find_unit (self->scenario, kessel_unit_get_substitute (counter))
                  : NULL;
    }
  info->full_steps = n;
  info->side = kessel_unit_get_side (unit);
  info->mobility = kessel_unit_get_mobility (unit);
  info->division = kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION;
  info->corps = kessel_unit_get_size (unit) == KESSEL_SIZE_CORPS;
  info->rifle_corps = kessel_unit_has_ability (unit, KESSEL_ABILITY_RETURNS);
  info->artillery = kessel_unit_is_artillery (unit);
  info->army_support = kessel_unit_get_size (unit) == KESSEL_SIZE_ARMY_SUPPORT
                       || kessel_unit_get_unit_type (unit) == KESSEL_UNIT_ARMY_SUPPORT;
  info->garrison = info->mobility == KESSEL_MOBILITY_STATIC
                   || kessel_unit_get_unit_type (unit) == KESSEL_UNIT_GARRISON;
  info->tiger = kessel_unit_get_unit_type (unit) == KESSEL_UNIT_HEAVY_ARMOUR;
  info->doubles_in_clear = kessel_unit_has_ability (unit, KESSEL_ABILITY_DOUBLE_IN_CLEAR);
  if (kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT))
    info->support_range = MAX (1, kessel_unit_get_support_range (unit));
}

/* Per-hex facts of the map the searches read in their inner loops. */
static void
build_masks (KesselGame *self)
{
  for (int i = 0; i < 3; i++)
    self->source[i] = g_new0 (guint8, self->hex_count);
  for (int i = 0; i < 2; i++)
    self->terrain_cost[i] = g_new0 (guint8, self->hex_count);
  self->closed = g_new0 (guint8, self->hex_count);
  self->place = g_new0 (guint8, self->hex_count);
  self->entry = g_new0 (guint8, self->hex_count);
  self->exit = g_new0 (guint8, self->hex_count);
  self->column = g_new0 (guint8, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      KesselTerrain terrain = kessel_map_get_terrain (self->map, hex);
      int column, row;

      self->source[KESSEL_SIDE_SOVIET][hex] = kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_SUPPLY_SOURCE);
      self->source[KESSEL_SIDE_GERMAN][hex] = kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_COMMAND_SOURCE);
      self->closed[hex] = kessel_map_is_closed_to_soviet (self->map, hex);
      self->place[hex] = kessel_map_get_place_at (self->map, hex) != NULL;
      self->entry[hex] = kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_ENTRY);
      self->exit[hex] = kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_EXIT);
      kessel_grid_column_row (self->grid, hex, &column, &row);
      self->column[hex] = (guint8) column;
      self->terrain_cost[0][hex] = kessel_table_terrain_cost (terrain, KESSEL_MOBILITY_NON_MECHANIZED);
      self->terrain_cost[1][hex] = kessel_table_terrain_cost (terrain, KESSEL_MOBILITY_MECHANIZED);
    }
}

static KesselCrossing
crossing_of (KesselGame *self, int hex, int other, int river)
{
  if (river == KESSEL_RIVER_NONE || self->place[hex] || self->place[other])
    return KESSEL_CROSSING_FREE;   /* a town or fortified locality bridges it (12.3) */
  return kessel_map_get_river (self->map, river)->major ? KESSEL_CROSSING_MAJOR : KESSEL_CROSSING_MINOR;
}

static void
build_adjacency (KesselGame *self)
{
  self->neighbours = g_new (int, self->hex_count * KESSEL_N_DIRECTIONS);
  self->river_at = g_new (int, self->hex_count * KESSEL_N_DIRECTIONS);
  self->crossing = g_new (guint8, self->hex_count * KESSEL_N_DIRECTIONS);
  self->hexside = g_new (int, self->hex_count * KESSEL_N_DIRECTIONS);
  for (int hex = 0; hex < self->hex_count; hex++)
    for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
      {
        int other = kessel_grid_neighbour (self->grid, hex, d);
        int i = hex * KESSEL_N_DIRECTIONS + d;

        self->neighbours[i] = other;
        self->hexside[i] = kessel_grid_hexside (self->grid, hex, d);
        self->river_at[i] = other == KESSEL_HEX_NONE ? KESSEL_RIVER_NONE
                                                     : kessel_map_get_river_at_side (self->map, self->hexside[i]);
        self->crossing[i] = crossing_of (self, hex, other, self->river_at[i]);
      }
}

/* The fixed tables, built once per scenario and shared by copies. */
static void
build_fixed (KesselGame *self)
{
  int n_units = kessel_scenario_get_n_units (self->scenario);
  KesselGameFixed *fixed = g_new0 (KesselGameFixed, 1);

  self->info = g_new0 (KesselPieceInfo, n_units);
  for (int i = 0; i < n_units; i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (self->scenario, i);
      if (kessel_scenario_get_substituted (self->scenario, unit) == NULL)
        describe_piece (self, &self->info[self->n_pieces++], unit);
    }

  build_masks (self);
  build_adjacency (self);

  fixed->ref_count = 1;
  fixed->n_pieces = self->n_pieces;
  fixed->info = self->info;
  fixed->neighbours = self->neighbours;
  fixed->river_at = self->river_at;
  for (int i = 0; i < 3; i++)
    fixed->source[i] = self->source[i];
  fixed->closed = self->closed;
  fixed->place = self->place;
  fixed->entry = self->entry;
  fixed->column = self->column;
  for (int i = 0; i < 2; i++)
    fixed->terrain_cost[i] = self->terrain_cost[i];
  fixed->crossing = self->crossing;
  fixed->hexside = self->hexside;
  fixed->exit = self->exit;
  self->fixed = fixed;
}

static void
share_fixed (KesselGame *self, KesselGameFixed *fixed)
{
  g_atomic_int_inc (&fixed->ref_count);
  self->fixed = fixed;
  self->n_pieces = fixed->n_pieces;
  self->info = fixed->info;
  self->neighbours = fixed->neighbours;
  self->river_at = fixed->river_at;
  for (int i = 0; i < 3; i++)
    self->source[i] = fixed->source[i];
  self->closed = fixed->closed;
  self->place = fixed->place;
  self->entry = fixed->entry;
  self->column = fixed->column;
  for (int i = 0; i < 2; i++)
    self->terrain_cost[i] = fixed->terrain_cost[i];
  self->crossing = fixed->crossing;
  self->hexside = fixed->hexside;
  self->exit = fixed->exit;
}

/* Scratch space and caches: each game its own. */
static void
alloc_scratch (KesselGame *self)
{
  self->queue = g_new (int, self->hex_count * 2);
  self->marks = g_new0 (guint8, self->hex_count);
  self->kg_free = g_new0 (guint8, self->hex_count);
  self->first_at = g_new (int, self->hex_count);
  self->next_at = g_new (int, MAX (self->n_pieces, 1));
  self->reach_start = KESSEL_HEX_NONE;   /* the reachable search's space comes with the first search */
  for (int side = 0; side < 3; side++)
    {
      self->units_at[side] = g_new0 (guint16, self->hex_count);
      self->zoc[side] = g_new0 (guint16, self->hex_count);
      self->traces[side] = g_new0 (guint8, self->hex_count);
      self->trace_parent[side] = g_new (int, self->hex_count);
    }
}

/* A game with no state yet: its tables shared from fixed, or built. */
static KesselGame *
game_new_bare (KesselScenario *scenario, guint64 seed, KesselGameFixed *fixed)
{
  KesselGame *self = g_object_new (KESSEL_TYPE_GAME, NULL);

  self->scenario = g_object_ref (scenario);
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->map = kessel_scenario_get_map (scenario);
  self->grid = kessel_map_get_grid (self->map);
  self->hex_count = kessel_grid_hex_count (self->grid);
  self->seed = seed;
  if (fixed != NULL)
    share_fixed (self, fixed);
  else
    build_fixed (self);
  alloc_scratch (self);
  state_alloc_arrays (&self->state, self->n_pieces, self->hex_count);
  return self;
}

static KesselGame *
game_new_empty (KesselScenario *scenario, guint64 seed)
{
  KesselGame *self = game_new_bare (scenario, seed, NULL);
  KesselGameState *state = &self->state;

  state->turn = 1;
  state->phase = KESSEL_PHASE_SETUP;
  state->weather = kessel_scenario_get_start (scenario)->weather;
  for (int t = 0; t <= KESSEL_SCENARIO_MAX_TURNS; t++)
    state->turn_weather[t] = (KesselWeather) -1;
  for (int k = 0; k < KESSEL_N_KGS; k++)
    state->kg_hex[k] = KESSEL_HEX_NONE;
  state->elimination_hex = KESSEL_HEX_NONE;
  for (int p = 0; p < self->n_pieces; p++)
    {
      state->pieces[p].hex = KESSEL_HEX_NONE;
      state->pieces[p].setup_hex = KESSEL_HEX_NONE;
      state->pieces[p].steps = self->info[p].full_steps;
      state->pieces[p].mp = -1;
      state->pieces[p].status = KESSEL_PIECE_WAITING;
    }
  for (int hex = 0; hex < self->hex_count; hex++)
    state->control[hex] = kessel_map_get_initial_control (self->map, hex);
  kessel_dice_init (&state->dice, seed);
  return self;
}

/**
 * kessel_game_new:
 * @scenario: the scenario, which the game keeps
 * @seed: the seed of its dice
 *
 * A game of the scenario whose dice are seeded: the scenario, the seed and the actions
 * reproduce it.
 *
 * Returns: (transfer full): a game at the start of set-up
 */
KesselGame *
kessel_game_new (KesselScenario *scenario, guint64 seed)
{
  KesselGame *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = game_new_empty (scenario, seed);
  kessel_game_enter_phase (self, KESSEL_PHASE_SETUP);
  self->opening_rolls = self->state.dice.rolls;
  self->pending_changes = 0;
  return self;
}

/**
 * kessel_game_new_with_die_source: (skip)
 *
 * An unforeseeable game whose dice come from @source, from the first die rolled
 * as the game is made, until kessel_game_set_die_source() gives them back.
 */
KesselGame *
kessel_game_new_with_die_source (KesselScenario *scenario, KesselDieSource source, gpointer data)
{
  KesselGame *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = game_new_empty (scenario, 0);
  kessel_dice_init_unforeseeable (&self->state.dice);
  kessel_game_set_die_source (self, source, data);
  kessel_game_enter_phase (self, KESSEL_PHASE_SETUP);
  self->opening_rolls = self->state.dice.rolls;
  self->pending_changes = 0;
  return self;
}

KesselGame *
kessel_game_new_unforeseeable (KesselScenario *scenario)
{
  return kessel_game_new_with_die_source (scenario, NULL, NULL);
}

KesselGame *
kessel_game_new_position (KesselScenario *scenario, guint64 seed, int turn,
                          KesselPhase phase, KesselWeather weather)
{
  KesselGame *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = game_new_empty (scenario, seed);
  for (int p = 0; p < self->n_pieces; p++)
    {
      int hex = kessel_unit_get_setup_hex (self->info[p].unit);
      if (hex != KESSEL_HEX_NONE && kessel_unit_get_arrival_turn (self->info[p].unit) == 0)
        {
          kessel_game_put_piece (self, p, hex);
          self->state.pieces[p].setup_hex = hex;
        }
    }
  self->state.turn = CLAMP (turn, 1, kessel_scenario_get_turns (scenario));
  self->state.weather = weather;
  self->state.turn_weather[self->state.turn] = weather;
  kessel_game_invalidate (self);
  for (int p = 0; p < self->n_pieces; p++)
    if (self->state.pieces[p].status == KESSEL_PIECE_WAITING
        && kessel_unit_get_arrival_turn (self->info[p].unit) != 0
        && kessel_unit_get_arrival_turn (self->info[p].unit) < self->state.turn)
      self->state.pieces[p].status = KESSEL_PIECE_FORFEITED;
  /* Weather and air are rolled on entry; a position starts past them. */
  if (phase <= KESSEL_PHASE_AIR)
    phase = KESSEL_PHASE_KG;
  kessel_game_enter_phase (self, phase);
  self->pending_changes = 0;
  return self;
}

static void
copy_options (KesselGame *to, KesselGame *from)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, from->options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (to->options, g_strdup (key), value);
}

/* A copy of the state of play and the options, sharing the tables. */
static KesselGame *
copy_position (KesselGame *self)
{
  KesselGame *copy = game_new_bare (self->scenario, self->seed, self->fixed);

  state_assign (&copy->state, &self->state, self->n_pieces, self->hex_count);
  copy_options (copy, self);
  return copy;
}

/* A replay of a game without a seed rolls the faces the game recorded, in
 * order; past them, fresh ones. */
static int
replayed_face (gpointer data, guint roll)
{
  GByteArray *faces = data;

  return roll < faces->len ? faces->data[roll] : kessel_dice_entropy_face ();
}

/**
 * kessel_game_new_start:
 *
 * The game as it stood before its first action: the same scenario, seed,
 * options and whatever else decides its dice, so that applying the game's
 * actions to it gives the same game again, as replays do. The start of a game
 * with unforeseeable dice rolls the faces the game recorded.
 *
 * Returns: (transfer full): the game at its start
 */
KesselGame *
kessel_game_new_start (KesselGame *self)
{
  KesselGame *start;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  if (kessel_game_is_seeded (self))
    start = kessel_game_new (self->scenario, self->seed);
  else
    {
      GByteArray *faces = g_byte_array_new ();

      g_byte_array_append (faces, (const guint8 *) self->faces->data, self->faces->len);
      start = kessel_game_new_with_die_source (self->scenario, replayed_face, faces);
      start->replayed_faces = faces;
    }
  copy_options (start, self);
  kessel_game_invalidate (start);
  return start;
}

/**
 * kessel_game_copy:
 *
 * A whole copy of the game, with its log, actions and options. The copy shares
 * the tables the game works out from its scenario.
 *
 * Returns: (transfer full): the copy
 */
KesselGame *
kessel_game_copy (KesselGame *self)
{
  KesselGame *copy;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  copy = copy_position (self);
  for (guint i = 0; i < self->log->len; i++)
    {
      KesselLogEntry entry = g_array_index (self->log, KesselLogEntry, i);
      entry.text = g_strdup (entry.text);
      entry.hidden_text = g_strdup (entry.hidden_text);
      g_array_append_val (copy->log, entry);
    }
  g_array_append_vals (copy->actions, self->actions->data, self->actions->len);
  g_array_append_vals (copy->faces, self->faces->data, self->faces->len);
  g_array_append_vals (copy->roll_ends, self->roll_ends->data, self->roll_ends->len);
  copy->opening_rolls = self->opening_rolls;
  return copy;
}

/**
 * kessel_game_fork:
 *
 * A quiet copy for search: no log text, no undo, no record of the actions
 * before it, and dice of its own drawn from @dice_seed, so that searching it
 * tells nothing of the dice of the game it came from.
 *
 * Returns: (transfer full): the quiet copy
 */
KesselGame *
kessel_game_fork (KesselGame *self, guint64 dice_seed)
{
  KesselGame *copy;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  copy = copy_position (self);
  copy->quiet = TRUE;
  copy->seed = dice_seed;
  kessel_dice_init (&copy->state.dice, dice_seed);
  return copy;
}

gboolean
kessel_game_is_quiet (KesselGame *self)
{
  return self->quiet;
}

void
kessel_game_force_die (KesselGame *self, int face)
{
  g_return_if_fail (face >= 1 && face <= 6);
  self->state.dice.forced = face;
}

/**
 * kessel_game_get_scenario:
 *
 * The scenario the game plays, which it shares with the caller.
 *
 * Returns: (transfer none): the scenario
 */
KesselScenario *
kessel_game_get_scenario (KesselGame *self)
{
  return self->scenario;
}

guint64
kessel_game_get_seed (KesselGame *self)
{
  return self->seed;
}

/**
 * kessel_game_get_opening_dice:
 * @n_faces: (out): how many
 *
 * The faces rolled as the game was made, before any action.
 *
 * Returns: (transfer none) (array length=n_faces) (nullable): the faces
 */
const guint8 *
kessel_game_get_opening_dice (KesselGame *self, guint *n_faces)
{
  *n_faces = 0;
  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  if (self->quiet || self->faces->len < self->opening_rolls || self->opening_rolls == 0)
    return NULL;
  *n_faces = self->opening_rolls;
  return (const guint8 *) self->faces->data;
}

gboolean
kessel_game_is_seeded (KesselGame *self)
{
  return self->state.dice.source == KESSEL_DICE_SEEDED;
}

/**
 * kessel_game_set_die_source: (skip)
 *
 * Where the faces of the next rolls come from instead of the game's dice: a
 * saved game's record, or the dice both players of a game by e-mail make
 * together. The source is given the number of dice rolled in the game before
 * each roll; %NULL gives the dice back.
 */
void
kessel_game_set_die_source (KesselGame *self, KesselDieSource source, gpointer data)
{
  g_return_if_fail (KESSEL_IS_GAME (self));
  self->die_source = source;
  self->die_source_data = data;
}

/**
 * kessel_game_get_action_dice:
 * @n_faces: (out): how many
 *
 * The faces action @index rolled, in order; none for an action that rolled no
 * die, and none in a quiet game.
 *
 * Returns: (transfer none) (array length=n_faces) (nullable): the faces
 */
const guint8 *
kessel_game_get_action_dice (KesselGame *self, int index, guint *n_faces)
{
  guint start, end;

  *n_faces = 0;
  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  if (index < 0 || (guint) index >= self->roll_ends->len)
    return NULL;
  start = index > 0 ? g_array_index (self->roll_ends, guint, index - 1) : self->opening_rolls;
  end = g_array_index (self->roll_ends, guint, index);
  if (end <= start || end > self->faces->len)
    return NULL;
  *n_faces = end - start;
  return &g_array_index (self->faces, guint8, start);
}

gboolean
kessel_game_option (KesselGame *self, const char *id)
{
  gpointer value;

  if (g_hash_table_lookup_extended (self->options, id, NULL, &value))
    return GPOINTER_TO_INT (value) - 1;
  return kessel_scenario_option_enabled (self->scenario, id);
}

gboolean
kessel_game_get_option (KesselGame *self, const char *id)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  return kessel_game_option (self, id);
}

gboolean
kessel_game_set_option (KesselGame *self, const char *id, gboolean enabled)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  if (self->actions->len > 0)
    return FALSE;   /* the rules of a game are chosen before it starts */
  g_hash_table_insert (self->options, g_strdup (id), GINT_TO_POINTER (!!enabled + 1));
  kessel_game_invalidate (self);
  return TRUE;
}

/* The state */

int kessel_game_get_turn (KesselGame *self) { return self->state.turn; }
KesselPhase kessel_game_get_phase (KesselGame *self) { return self->state.phase; }
KesselSegment kessel_game_get_segment (KesselGame *self) { return self->state.segment; }
KesselWait kessel_game_get_wait (KesselGame *self) { return self->state.wait; }
KesselOrder kessel_game_get_order (KesselGame *self) { return self->state.order; }
gboolean kessel_game_is_over (KesselGame *self) { return self->state.phase == KESSEL_PHASE_GAME_OVER; }
KesselVerdict kessel_game_get_verdict (KesselGame *self) { return self->state.verdict; }
KesselWeather kessel_game_get_weather (KesselGame *self) { return self->state.weather; }
KesselSide kessel_game_get_air_superiority (KesselGame *self) { return self->state.air_side; }
int kessel_game_get_cas_total (KesselGame *self) { return self->state.cas_total; }
int kessel_game_get_cas_left (KesselGame *self) { return self->state.cas_total - self->state.cas_used; }
int kessel_game_get_n_pieces (KesselGame *self) { return self->n_pieces; }
int kessel_game_get_corps_exited (KesselGame *self) { return self->state.corps_exited; }
int kessel_game_get_vp_destroyed (KesselGame *self) { return self->state.vp_destroyed; }
int kessel_game_get_divisions_destroyed (KesselGame *self) { return self->state.divisions_destroyed; }
int kessel_game_get_vp_out_of_command (KesselGame *self) { return self->state.vp_out_of_command; }
guint kessel_game_get_dice_rolled (KesselGame *self) { return self->state.dice.rolls; }

int
kessel_game_get_turn_weather (KesselGame *self, int turn)
{
  if (turn < 1 || turn > KESSEL_SCENARIO_MAX_TURNS)
    return -1;
  return (int) self->state.turn_weather[turn];
}

int
kessel_game_get_kg_hex (KesselGame *self, KesselKg kg)
{
  g_return_val_if_fail (kg < KESSEL_N_KGS, KESSEL_HEX_NONE);
  return self->state.kg_hex[kg];
}

gboolean
kessel_game_kg_available (KesselGame *self)
{
  /* 10.2: available from the reinforcement phase of turn 2, deployed from turn 3. */
  return self->state.turn >= 3
         || (self->state.turn == 2 && self->state.phase >= KESSEL_PHASE_REINFORCEMENT);
}

/**
 * kessel_game_get_active_side:
 *
 * The side that acts now.
 *
 * Returns: the side to act now; %KESSEL_SIDE_NONE in the phases no side plays (weather, air,
 *   administration) and at the end
 */
KesselSide
kessel_game_get_active_side (KesselGame *self)
{
  const KesselGameState *state = &self->state;

  switch (state->wait)
    {
    case KESSEL_WAIT_DEFENCE:
      return KESSEL_SIDE_GERMAN;
    case KESSEL_WAIT_ATTACKER_LOSS:
    case KESSEL_WAIT_ADVANCE:
      return state->combat.attack.n_units > 0
               ? self->info[state->combat.attack.units[0]].side : KESSEL_SIDE_NONE;
    case KESSEL_WAIT_DEFENDER_LOSS:
      return state->combat.n_defenders > 0
               ? self->info[state->combat.defenders[0]].side : KESSEL_SIDE_NONE;
    case KESSEL_WAIT_RETREAT:
      return KESSEL_SIDE_GERMAN;   /* 13.9: the German player always chooses */
    case KESSEL_WAIT_ELIMINATION:
      return kessel_side_enemy (kessel_game_get_hex_occupant (self, state->elimination_hex));
    case KESSEL_WAIT_NOTHING:
      return KESSEL_SIDE_NONE;
    case KESSEL_WAIT_PHASE:
    default:
      break;
    }
  switch (state->phase)
    {
    case KESSEL_PHASE_SETUP:
    case KESSEL_PHASE_KG:
    case KESSEL_PHASE_GERMAN_1:
    case KESSEL_PHASE_GERMAN_MECH_1:
    case KESSEL_PHASE_GERMAN_2:
    case KESSEL_PHASE_GERMAN_MECH_2:
    case KESSEL_PHASE_REINFORCEMENT:
      return KESSEL_SIDE_GERMAN;
    case KESSEL_PHASE_SOVIET_1:
    case KESSEL_PHASE_SOVIET_2:
    case KESSEL_PHASE_REPLACEMENT:
      return KESSEL_SIDE_SOVIET;
    case KESSEL_PHASE_WEATHER:
    case KESSEL_PHASE_AIR:
    case KESSEL_PHASE_ADMINISTRATIVE:
    case KESSEL_PHASE_GAME_OVER:
    case KESSEL_N_PHASES:
    default:
      return KESSEL_SIDE_NONE;
    }
}

int
kessel_game_get_overstacking (KesselGame *self, int hex)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), 0);
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, 0);
  kessel_game_update_caches (self);
  if (!kessel_game_overstacked (self, hex))
    return 0;
  return kessel_game_units_to_eliminate (self, hex, -1);
}

/* Pieces */

int
kessel_game_find_piece (KesselGame *self, const char *unit_id)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (g_strcmp0 (kessel_unit_get_id (self->info[p].unit), unit_id) == 0)
      return p;
  return -1;
}

#define CHECK_PIECE(piece, value) \
  g_return_val_if_fail ((piece) >= 0 && (piece) < self->n_pieces, value)

/**
 * kessel_game_get_piece_unit:
 *
 * The unit of a piece: its first counter.
 *
 * Returns: (transfer none): the first counter of the piece
 */
KesselUnit *
kessel_game_get_piece_unit (KesselGame *self, int piece)
{
  CHECK_PIECE (piece, NULL);
  return self->info[piece].unit;
}

static int
steps_lost (KesselGame *self, int piece)
{
  int lost = self->info[piece].full_steps - self->state.pieces[piece].steps;
  return CLAMP (lost, 0, MAX (0, self->info[piece].full_steps - 1));
}

/**
 * kessel_game_get_piece_counter:
 *
 * The counter a piece shows now: its first one, or a substitute (2.8).
 *
 * Returns: (transfer none): the counter showing
 */
KesselUnit *
kessel_game_get_piece_counter (KesselGame *self, int piece)
{
  CHECK_PIECE (piece, NULL);
  return self->info[piece].counters[steps_lost (self, piece)];
}

KesselSide kessel_game_get_piece_side (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return self->info[piece].side; }
KesselPieceStatus kessel_game_get_piece_status (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return self->state.pieces[piece].status; }
int kessel_game_get_piece_hex (KesselGame *self, int piece) { CHECK_PIECE (piece, KESSEL_HEX_NONE); return self->state.pieces[piece].hex; }
int kessel_game_get_piece_steps (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return self->state.pieces[piece].steps; }
int kessel_game_get_piece_full_steps (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return self->info[piece].full_steps; }
int kessel_game_get_piece_mp (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return kessel_game_mp_left (self, piece); }
int kessel_game_get_piece_return_turn (KesselGame *self, int piece) { CHECK_PIECE (piece, 0); return self->state.pieces[piece].return_turn; }
gboolean kessel_game_piece_has_attacked (KesselGame *self, int piece) { CHECK_PIECE (piece, FALSE); return self->state.pieces[piece].attacked; }

int
kessel_game_get_piece_attack (KesselGame *self, int piece)
{
  CHECK_PIECE (piece, 0);
  return self->info[piece].factors[steps_lost (self, piece)].attack;
}

int
kessel_game_get_piece_defence (KesselGame *self, int piece)
{
  CHECK_PIECE (piece, 0);
  return self->info[piece].factors[steps_lost (self, piece)].defence;
}

static int
compare_stack_order (gconstpointer a, gconstpointer b, gpointer data)
{
  KesselGame *self = data;
  guint oa = self->state.pieces[*(const int *) a].stack_order;
  guint ob = self->state.pieces[*(const int *) b].stack_order;
  return oa < ob ? 1 : oa > ob ? -1 : 0;
}

/**
 * kessel_game_get_pieces_at:
 *
 * The pieces in a hex, the top of the stack first.
 *
 * Returns: (transfer full) (element-type gint): the pieces
 */
GArray *
kessel_game_get_pieces_at (KesselGame *self, int hex)
{
  GArray *pieces = g_array_new (FALSE, FALSE, sizeof (int));

  if (hex < 0 || hex >= self->hex_count)
    return pieces;
  for (int p = kessel_game_first_at (self, hex); p >= 0; p = self->next_at[p])
    g_array_append_val (pieces, p);
  g_array_sort_with_data (pieces, compare_stack_order, self);
  return pieces;
}

/* The log */

int
kessel_game_roll (KesselGame *self)
{
  int face;

  if (self->die_source != NULL && self->state.dice.forced == 0)
    {
      face = self->die_source (self->die_source_data, self->state.dice.rolls++);
      face = CLAMP (face, 1, 6);
    }
  else
    face = kessel_dice_roll (&self->state.dice);
  if (!self->quiet)
    {
      guint8 byte = (guint8) face;
      g_array_append_val (self->faces, byte);
    }
  return face;
}

static void
append_log (KesselGame *self, KesselSide side, int die, char *hidden_text, const char *format, va_list args)
{
  KesselLogEntry entry = { self->state.turn, self->state.phase, side, NULL, die, hidden_text };

  entry.text = g_strdup_vprintf (format, args);
  g_array_append_val (self->log, entry);
  g_signal_emit (self, signals[SIGNAL_LOGGED], 0, (int) self->log->len - 1);
}

void
kessel_game_log (KesselGame *self, KesselSide side, int die, const char *format, ...)
{
  va_list args;

  if (self->quiet)
    return;
  va_start (args, format);
  append_log (self, side, die, NULL, format, args);
  va_end (args);
}

void
kessel_game_log_hidden (KesselGame *self, KesselSide side, int die, const char *hidden_text,
                        const char *format, ...)
{
  va_list args;

  if (self->quiet)
    return;
  va_start (args, format);
  append_log (self, side, die, g_strdup (hidden_text), format, args);
  va_end (args);
}

/* 6.3: how the other side names units it cannot tell apart. */
const char *
kessel_game_unseen_units_label (KesselSide side, int n_units)
{
  if (side == KESSEL_SIDE_SOVIET)
    return n_units == 1 ? _("A Soviet unit") : _("Soviet units");
  return n_units == 1 ? _("A German unit") : _("German units");
}

int
kessel_game_get_n_log (KesselGame *self)
{
  return (int) self->log->len;
}

const KesselLogEntry *
kessel_game_get_log (KesselGame *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < (int) self->log->len, NULL);
  return &g_array_index (self->log, KesselLogEntry, index);
}

void
kessel_game_changed (KesselGame *self, KesselChange change)
{
  self->pending_changes |= change;
  /* Pieces keep the caches current as they move (kessel_game_put_piece);
   * weather and KG markers change zones and traffic everywhere. */
  if (change & KESSEL_CHANGE_MARKERS)
    kessel_game_invalidate (self);
}

static void
emit_changes (KesselGame *self)
{
  KesselChange changes = self->pending_changes;

  self->pending_changes = 0;
  if (changes != 0)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0, (guint) changes);
}

/* Words */

char *
kessel_game_hex_label (KesselGame *self, int hex)
{
  return kessel_grid_format_hex (self->grid, hex);
}

const char *
kessel_game_piece_name (KesselGame *self, int piece)
{
  return kessel_unit_get_title (self->info[piece].unit);
}

char *
kessel_game_piece_label (KesselGame *self, int piece)
{
  return g_strdup (kessel_game_piece_name (self, piece));
}

char *
kessel_game_pieces_label (KesselGame *self, const int *pieces, int n)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    {
      const char *label = kessel_game_piece_name (self, pieces[i]);
      if (i > 0)
        /* Translators: joins the last two units of a list, as in "1SS, 7Pz and 16Pz". */
        g_string_append (text, i == n - 1 ? _(" and ") : ", ");
      g_string_append (text, label);
    }
  return g_string_free (text, FALSE);
}

/* format is the English text, marked with N_(): it is translated here, only
 * when the refusal is wanted, so that the many checks made with no error
 * (listing the legal actions) cost no catalogue look-up. */
gboolean
kessel_game_refuse (GError **error, const char *rule, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  message = g_strdup_vprintf (_(format), args);
  va_end (args);
  if (rule != NULL)
    g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL, "%s: %s", rule, message);
  else
    g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_NOT_NOW, "%s", message);
  return FALSE;
}

/* Actions */

static gboolean
piece_list_ok (KesselGame *self, const KesselAction *action, GError **error)
{
  for (int i = 0; i < action->n_units; i++)
    {
      if (action->units[i] < 0 || action->units[i] >= self->n_pieces)
        return kessel_game_refuse (error, NULL, N_("There is no such unit."));
      for (int j = 0; j < i; j++)
        if (action->units[j] == action->units[i])
          return kessel_game_refuse (error, NULL, N_("A unit is named twice."));
    }
  if (action->support >= self->n_pieces)
    return kessel_game_refuse (error, NULL, N_("There is no such unit."));
  if (action->hex != KESSEL_HEX_NONE && (action->hex < 0 || action->hex >= self->hex_count))
    return kessel_game_refuse (error, NULL, N_("That hex is not on the map."));
  for (int i = 0; i < action->path_length; i++)
    if (action->path[i] < 0 || action->path[i] >= self->hex_count)
      return kessel_game_refuse (error, NULL, N_("That hex is not on the map."));
  return TRUE;
}

static gboolean
wait_allows (KesselWait wait, KesselActionType type)
{
  switch (wait)
    {
    case KESSEL_WAIT_DEFENCE:
      return type == KESSEL_ACTION_DEFEND;
    case KESSEL_WAIT_ATTACKER_LOSS:
    case KESSEL_WAIT_DEFENDER_LOSS:
      return type == KESSEL_ACTION_LOSS;
    case KESSEL_WAIT_RETREAT:
      return type == KESSEL_ACTION_RETREAT;
    case KESSEL_WAIT_ADVANCE:
      return type == KESSEL_ACTION_ADVANCE || type == KESSEL_ACTION_END;
    case KESSEL_WAIT_ELIMINATION:
      return type == KESSEL_ACTION_ELIMINATE;
    case KESSEL_WAIT_PHASE:
      return type != KESSEL_ACTION_DEFEND && type != KESSEL_ACTION_LOSS
             && type != KESSEL_ACTION_RETREAT && type != KESSEL_ACTION_ADVANCE
             && type != KESSEL_ACTION_ELIMINATE;
    case KESSEL_WAIT_NOTHING:
    default:
      return FALSE;
    }
}

/**
 * kessel_game_check:
 * @action: the action proposed
 *
 * Checks whether action may be applied now, without applying it. A refusal says
 * why, starting with the rule case.
 *
 * Returns: %TRUE if the side to act may take it now; else %FALSE with @error naming the rule case
 */
gboolean
kessel_game_check (KesselGame *self, const KesselAction *action, GError **error)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (kessel_game_is_over (self))
    return kessel_game_refuse (error, NULL, N_("The game is over."));
  if (action->type >= KESSEL_N_ACTION_TYPES)
    return kessel_game_refuse (error, NULL, N_("Unknown action."));
  if (!piece_list_ok (self, action, error))
    return FALSE;
  if (!wait_allows (self->state.wait, action->type))
    return kessel_game_refuse (error, NULL, self->state.wait == KESSEL_WAIT_PHASE
                                 ? N_("That cannot be done now: the game waits for the phase's own actions.")
                                 : N_("That cannot be done now: the game waits for a combat to be finished."));
  kessel_game_update_caches (self);
  switch (action->type)
    {
    case KESSEL_ACTION_DEFEND:
      return kessel_game_check_defend (self, action, error);
    case KESSEL_ACTION_LOSS:
      return kessel_game_check_loss (self, action, error);
    case KESSEL_ACTION_RETREAT:
      return kessel_game_check_retreat (self, action, error);
    case KESSEL_ACTION_ADVANCE:
      return kessel_game_check_advance (self, action, error);
    case KESSEL_ACTION_ELIMINATE:
      return kessel_game_check_eliminate (self, action, error);
    case KESSEL_ACTION_END:
      if (self->state.wait == KESSEL_WAIT_ADVANCE)
        return TRUE;
      return kessel_game_check_phase_action (self, action, error);
    case KESSEL_ACTION_MOVE:
      if (self->state.segment != KESSEL_SEGMENT_MOVEMENT)
        return kessel_game_refuse (error, "12.0", N_("Units move only in their side's movement phases."));
      return kessel_game_check_move (self, action, error);
    case KESSEL_ACTION_EXIT:
      if (self->state.segment != KESSEL_SEGMENT_MOVEMENT)
        return kessel_game_refuse (error, "4.1", N_("Units leave the map only while moving."));
      return kessel_game_check_exit (self, action, error);
    case KESSEL_ACTION_ATTACK:
      if (self->state.segment != KESSEL_SEGMENT_COMBAT)
        return kessel_game_refuse (error, "13.0", N_("Attacks are made only in combat phases."));
      return kessel_game_check_attack (self, action, error);
    case KESSEL_ACTION_PROBE:
      if (self->state.segment != KESSEL_SEGMENT_COMBAT)
        return kessel_game_refuse (error, "13.6", N_("Probing attacks are made only in combat phases."));
      return kessel_game_check_probe (self, action, error);
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_ORDER:
    case KESSEL_ACTION_KG:
    case KESSEL_ACTION_ENTER:
    case KESSEL_N_ACTION_TYPES:
    default:
      return kessel_game_check_phase_action (self, action, error);
    }
}

static gboolean
action_is_undoable (KesselActionType type)
{
  return type == KESSEL_ACTION_PLACE || type == KESSEL_ACTION_MOVE
         || type == KESSEL_ACTION_KG || type == KESSEL_ACTION_ENTER
         || type == KESSEL_ACTION_ORDER;
}

static void
apply_checked (KesselGame *self, const KesselAction *action)
{
  switch (action->type)
    {
    case KESSEL_ACTION_DEFEND:
      kessel_game_apply_defend (self, action);
      break;
    case KESSEL_ACTION_LOSS:
      kessel_game_apply_loss (self, action);
      break;
    case KESSEL_ACTION_RETREAT:
      kessel_game_apply_retreat (self, action);
      break;
    case KESSEL_ACTION_ADVANCE:
      kessel_game_apply_advance (self, action);
      break;
    case KESSEL_ACTION_ELIMINATE:
      kessel_game_apply_eliminate (self, action);
      break;
    case KESSEL_ACTION_MOVE:
      kessel_game_apply_move (self, action);
      break;
    case KESSEL_ACTION_EXIT:
      kessel_game_apply_exit (self, action);
      break;
    case KESSEL_ACTION_ATTACK:
      kessel_game_apply_attack (self, action);
      break;
    case KESSEL_ACTION_PROBE:
      kessel_game_apply_probe (self, action);
      break;
    case KESSEL_ACTION_END:
      if (self->state.wait == KESSEL_WAIT_ADVANCE)
        kessel_game_finish_advance (self);
      else
        kessel_game_apply_phase_action (self, action);
      break;
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_ORDER:
    case KESSEL_ACTION_KG:
    case KESSEL_ACTION_ENTER:
    case KESSEL_N_ACTION_TYPES:
    default:
      kessel_game_apply_phase_action (self, action);
      break;
    }
}

/* The log says which actions the acting side's standing orders chose. */
static void
log_by_order (KesselGame *self, const KesselAction *action)
{
  g_autofree char *what = NULL;
  KesselSide side = kessel_game_get_active_side (self);

  if (self->quiet || !action->by_order)
    return;
  what = kessel_game_describe_action (self, action);
  /* Translators: the side, then an action such as "16 Pz retreats to 2313". */
  kessel_game_log (self, side, 0, _("By the %s standing orders: %s."), kessel_side_display_name (side), what);
}

static gboolean
apply_action (KesselGame *self, const KesselAction *action, gboolean keep_redo, GError **error)
{
  UndoStep *before = NULL;
  guint rolls;

  if (!kessel_game_check (self, action, error))
    return FALSE;

  if (!self->quiet && action_is_undoable (action->type))
    before = undo_step_new (self, action);
  rolls = self->state.dice.rolls;
  g_array_append_val (self->actions, *action);
  log_by_order (self, action);
  apply_checked (self, action);
  if (!self->quiet)
    g_array_append_val (self->roll_ends, self->state.dice.rolls);

  /* Undo stands on the snapshot taken before: kept only while every action
   * since the last irreversible one revealed nothing and rolled no die. */
  if (before != NULL && self->state.dice.rolls == rolls)
    {
      g_ptr_array_add (self->undo, before);
      if (self->undo->len > KESSEL_GAME_MAX_UNDO)
        {
          g_ptr_array_remove_index (self->undo, 0);   /* a long undo stack costs memory, not play */
          self->undo_dropped++;
        }
    }
  else
    {
      g_clear_pointer (&before, undo_step_free);
      g_ptr_array_set_size (self->undo, 0);
    }
  if (!keep_redo)
    g_array_set_size (self->redo, 0);
  kessel_game_changed (self, KESSEL_CHANGE_PHASE);
  emit_changes (self);
  return TRUE;
}

/**
 * kessel_game_apply:
 * @action: the action to take
 *
 * Applies a legal action of the side to act, rolling any dice it needs, and
 * emits "changed". A refused action changes nothing; the error starts with the
 * rule case.
 *
 * Returns: %TRUE once applied, emitting "changed" and "logged"; else %FALSE with @error naming the
 *   rule case, and the game as it was
 */
gboolean
kessel_game_apply (KesselGame *self, const KesselAction *action, GError **error)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  return apply_action (self, action, FALSE, error);
}

int
kessel_game_get_n_actions (KesselGame *self)
{
  return (int) self->actions->len;
}

const KesselAction *
kessel_game_get_action (KesselGame *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < (int) self->actions->len, NULL);
  return &g_array_index (self->actions, KesselAction, index);
}

/**
 * kessel_game_list_actions:
 *
 * The legal actions of the side to act. In movement these are the moves of each unit
 * alone and of each whole stack. The computer players choose among them
 * (kessel_game_random_action() and src/ai), so their games rest on this list
 * staying as it is.
 *
 * Returns: (transfer container) (element-type KesselAction): the legal actions
 */
GArray *
kessel_game_list_actions (KesselGame *self)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KesselAction));

  g_return_val_if_fail (KESSEL_IS_GAME (self), out);
  if (!kessel_game_is_over (self))
    kessel_game_list_into (self, out);
  return out;
}

/* Undo and redo */

gboolean
kessel_game_can_undo (KesselGame *self)
{
  return self->undo->len > 0;
}

gboolean
kessel_game_can_redo (KesselGame *self)
{
  return self->redo->len > 0;
}

/**
 * kessel_game_undo:
 *
 * Takes back the last action, if it revealed nothing and rolled no die.
 *
 * Returns: %TRUE if the last action was taken back; %FALSE with @error when it revealed something
 *   or rolled a die
 */
gboolean
kessel_game_undo (KesselGame *self, GError **error)
{
  UndoStep *before;
  KesselAction last;

  if (self->undo->len == 0)
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_UNDO,
                   _("Nothing can be undone: the last action rolled a die, revealed units or ended a phase."));
      return FALSE;
    }
  before = g_ptr_array_steal_index (self->undo, self->undo->len - 1);
  last = g_array_index (self->actions, KesselAction, self->actions->len - 1);
  g_array_append_val (self->redo, last);
  undo_step_restore (self, before);   /* takes the action and its log entries back */
  undo_step_free (before);
  kessel_game_changed (self, KESSEL_CHANGE_ALL);
  emit_changes (self);
  return TRUE;
}

void
kessel_game_restore (KesselGame *self, const KesselSnapshot *snapshot)
{
  g_return_if_fail (KESSEL_IS_GAME (self));
  g_return_if_fail (snapshot->n_pieces == self->n_pieces && snapshot->hex_count == self->hex_count);
  restore_state (self, snapshot);
  g_array_set_size (self->redo, 0);
  kessel_game_changed (self, KESSEL_CHANGE_ALL);
  emit_changes (self);
}

gboolean
kessel_game_redo (KesselGame *self, GError **error)
{
  KesselAction action;

  if (self->redo->len == 0)
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_UNDO, _("Nothing to redo."));
      return FALSE;
    }
  action = g_array_index (self->redo, KesselAction, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  return apply_action (self, &action, TRUE, error);
}

/* Names */

static const char *const phase_ids[KESSEL_N_PHASES] = {
  "setup", "weather", "air", "kg", "soviet-1", "soviet-2", "german-1", "german-mech-1",
  "german-2", "german-mech-2", "reinforcement", "replacement", "administrative", "game-over",
};

static const char *const phase_names[KESSEL_N_PHASES] = {
  N_("Set-up"), N_("Weather"), N_("Mutual air"), N_("German KG deployment"), N_("Soviet 1st phase"),
  N_("Soviet 2nd phase"), N_("German 1st phase"), N_("German 1st mechanized combat"),
  N_("German 2nd phase"), N_("German 2nd mechanized combat"), N_("German reinforcement"),
  N_("Soviet replacement"), N_("Administrative"), N_("Game over"),
};

static const char *const phase_numerals[KESSEL_N_PHASES] = {
  "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "",
};

const char *kessel_phase_to_string (KesselPhase phase) { return phase < KESSEL_N_PHASES ? phase_ids[phase] : "?"; }
const char *kessel_phase_display_name (KesselPhase phase) { return phase < KESSEL_N_PHASES ? _(phase_names[phase]) : "?"; }
const char *kessel_phase_numeral (KesselPhase phase) { return phase < KESSEL_N_PHASES ? phase_numerals[phase] : ""; }

const char *
kessel_verdict_to_string (KesselVerdict verdict)
{
  switch (verdict)
    {
    case KESSEL_VERDICT_GERMAN: return "german";
    case KESSEL_VERDICT_SOVIET: return "soviet";
    case KESSEL_VERDICT_DRAW: return "draw";
    case KESSEL_VERDICT_NONE:
    default: return "none";
    }
}

const char *
kessel_verdict_display_name (KesselVerdict verdict)
{
  switch (verdict)
    {
    case KESSEL_VERDICT_SOVIET:
      return _("Soviet victory");
    case KESSEL_VERDICT_DRAW:
      return _("Draw");
    case KESSEL_VERDICT_GERMAN:
      return _("German victory");
    case KESSEL_VERDICT_NONE:
    default:
      return _("Undecided");
    }
}

/* Positions for tests */

void
kessel_game_set_air (KesselGame *self, KesselSide side, int markers)
{
  self->state.air_side = side;
  self->state.cas_total = MAX (0, markers);
  self->state.cas_used = 0;
  kessel_game_changed (self, KESSEL_CHANGE_MARKERS);
}

void
kessel_game_set_kg (KesselGame *self, KesselKg kg, int hex)
{
  g_return_if_fail (kg < KESSEL_N_KGS);
  self->state.kg_hex[kg] = hex;
  kessel_game_changed (self, KESSEL_CHANGE_MARKERS);
}

void
kessel_game_set_control (KesselGame *self, int hex, KesselSide side)
{
  g_return_if_fail (hex >= 0 && hex < self->hex_count);
  self->state.control[hex] = side;
  kessel_game_changed (self, KESSEL_CHANGE_CONTROL | KESSEL_CHANGE_VP);
}

void
kessel_game_set_piece (KesselGame *self, int piece, int hex, int steps)
{
  g_return_if_fail (piece >= 0 && piece < self->n_pieces);
  self->state.pieces[piece].steps = CLAMP (steps, 1, self->info[piece].full_steps);
  if (hex == KESSEL_HEX_NONE)
    kessel_game_remove_piece (self, piece, KESSEL_PIECE_WAITING);
  else
    kessel_game_put_piece (self, piece, hex);
  kessel_game_invalidate (self);   /* options may have changed too */
  kessel_game_changed (self, KESSEL_CHANGE_PIECES);
}

void
kessel_game_set_order (KesselGame *self, KesselOrder order)
{
  self->state.order = order;
}
