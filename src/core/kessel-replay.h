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

/* Replays game's actions; the replay starts at the last position. Fails if
 * an action does not replay (naming it) or the last position is not the
 * game's. */
KesselReplay *kessel_replay_new (KesselGame *game, GError **error);

int  kessel_replay_get_n_steps (KesselReplay *self);
const KesselReplayStep *kessel_replay_get_step (KesselReplay *self, int index);

/* The game at the current position: the replay's own, changed in place
 * (with its "changed" signal) as the position moves. Never play on it. */
KesselGame *kessel_replay_get_game (KesselReplay *self);
int  kessel_replay_get_position (KesselReplay *self);
/* Moves to a position from 0 to the number of steps (clamped). */
void kessel_replay_seek (KesselReplay *self, int position);

/* Where play stood at a position. */
int         kessel_replay_get_turn_at (KesselReplay *self, int position);
KesselPhase kessel_replay_get_phase_at (KesselReplay *self, int position);

/* Targets of navigation from a position. "Next" is the first later
 * position in another phase (turn); "previous" the start of the phase
 * (turn) of the position, or of the one before if already there. */
int kessel_replay_next_phase (KesselReplay *self, int position);
int kessel_replay_previous_phase (KesselReplay *self, int position);
int kessel_replay_next_turn (KesselReplay *self, int position);
int kessel_replay_previous_turn (KesselReplay *self, int position);
/* The position right after the log entry was written. */
int kessel_replay_position_of_log (KesselReplay *self, int log_index);

G_END_DECLS
