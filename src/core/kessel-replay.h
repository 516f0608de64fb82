/* kessel-replay.h: a game watched again, action by action.
 *
 * A replay plays the actions of a game once more into a game of its own,
 * from the game's start (kessel_game_new_start), and notes for each step (one
 * applied action) when it was taken and which log entries it wrote. It can
 * then show the position after any number of steps: "position" k is the
 * game after its first k actions, 0 the start. Moving back restores the
 * nearest snapshot kept along the way and plays forward from there. */
#pragma once

#include <glib-object.h>

#include "kessel-game.h"

G_BEGIN_DECLS

/* Snapshots are kept this many steps apart. */
#define KESSEL_REPLAY_SNAPSHOT_INTERVAL 32

/* One applied action and when it was taken. */
typedef struct {
  KesselAction action;
  int turn;
  KesselPhase phase;
  KesselSide side;        /* the side that acted */
  int first_log;          /* the first log entry it wrote */
  int n_log;              /* how many it wrote */
} KesselReplayStep;

#define KESSEL_TYPE_REPLAY_STEP (kessel_replay_step_get_type ())
GType             kessel_replay_step_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_REPLAY (kessel_replay_get_type ())
G_DECLARE_FINAL_TYPE (KesselReplay, kessel_replay, KESSEL, REPLAY, GObject)

/**
 * kessel_replay_new:
 *
 * A replay of the actions of @game, standing at the last position. It fails,
 * naming the action, if an action does not play again, or if the last position
 * is not the game's.
 */
KesselReplay *kessel_replay_new (KesselGame *game, GError **error);

/**
 * kessel_replay_get_n_steps:
 *
 * The number of steps of the replay: the actions of the game.
 */
int  kessel_replay_get_n_steps (KesselReplay *self);
/**
 * kessel_replay_get_step:
 *
 * A step of the replay, by its index from 0: the action and where play stood
 * when it was applied.
 */
const KesselReplayStep *kessel_replay_get_step (KesselReplay *self, int index);

KesselGame *kessel_replay_get_game (KesselReplay *self);
/**
 * kessel_replay_get_position:
 *
 * The current position: the number of actions applied, from 0 to the number of
 * steps.
 */
int  kessel_replay_get_position (KesselReplay *self);
/**
 * kessel_replay_seek:
 *
 * Moves to a position from 0 to the number of steps; a position out of range is
 * brought within it.
 */
void kessel_replay_seek (KesselReplay *self, int position);

/**
 * kessel_replay_get_turn_at:
 *
 * The turn play stood in at a position.
 */
int         kessel_replay_get_turn_at (KesselReplay *self, int position);
/**
 * kessel_replay_get_phase_at:
 *
 * The phase play stood in at a position.
 */
KesselPhase kessel_replay_get_phase_at (KesselReplay *self, int position);

/**
 * kessel_replay_next_phase:
 *
 * The first position after @position in another phase: where Next Phase goes.
 */
int kessel_replay_next_phase (KesselReplay *self, int position);
/**
 * kessel_replay_previous_phase:
 *
 * The start of the phase of @position, or the start of the phase before it
 * when @position already is one: where Previous Phase goes.
 */
int kessel_replay_previous_phase (KesselReplay *self, int position);
/**
 * kessel_replay_next_turn:
 *
 * The first position after @position in another turn: where Next Turn goes.
 */
int kessel_replay_next_turn (KesselReplay *self, int position);
/**
 * kessel_replay_previous_turn:
 *
 * The start of the turn of @position, or the start of the turn before it when
 * @position already is one: where Previous Turn goes.
 */
int kessel_replay_previous_turn (KesselReplay *self, int position);
/**
 * kessel_replay_position_of_log:
 *
 * The position right after the log entry was written.
 */
int kessel_replay_position_of_log (KesselReplay *self, int log_index);

G_END_DECLS
