/* kessel-replay-bar.h: the controls of a replay over the map: stepping by
 * action, phase and turn, play and pause at a chosen speed, where the
 * replay stands, and the way back to the game (its "back" signal). It
 * moves the replay; the window shows the replay's game on the map. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-replay.h"

G_BEGIN_DECLS

/* The moves of the bar's buttons, and their names for the window's
 * "replay-step" action. */
typedef enum {
  KESSEL_REPLAY_START,
  KESSEL_REPLAY_PREVIOUS_TURN,
  KESSEL_REPLAY_PREVIOUS_PHASE,
  KESSEL_REPLAY_PREVIOUS_ACTION,
  KESSEL_REPLAY_NEXT_ACTION,
  KESSEL_REPLAY_NEXT_PHASE,
  KESSEL_REPLAY_NEXT_TURN,
  KESSEL_REPLAY_END,
  KESSEL_N_REPLAY_MOVES
} KesselReplayMove;

const char *kessel_replay_move_to_string (KesselReplayMove move);
gboolean    kessel_replay_move_from_string (const char *text, KesselReplayMove *move);

#define KESSEL_TYPE_REPLAY_BAR (kessel_replay_bar_get_type ())
G_DECLARE_FINAL_TYPE (KesselReplayBar, kessel_replay_bar, KESSEL, REPLAY_BAR, GtkBox)

/* Seconds between actions when playing. */
#define KESSEL_REPLAY_SLOW 1.5
#define KESSEL_REPLAY_NORMAL 0.7
#define KESSEL_REPLAY_FAST 0.25

GtkWidget    *kessel_replay_bar_new (void);
/* NULL stops. viewer: whose actions may be named under fog of war
 * (KESSEL_SIDE_NONE: all). */
void          kessel_replay_bar_set_replay (KesselReplayBar *self,
                                            KesselReplay    *replay,
                                            KesselSide       viewer);
KesselReplay *kessel_replay_bar_get_replay (KesselReplayBar *self);
void          kessel_replay_bar_move (KesselReplayBar  *self,
                                      KesselReplayMove  move);
/* Playing moves on by one action every interval until the end. */
void          kessel_replay_bar_set_playing (KesselReplayBar *self,
                                             gboolean         playing);
gboolean      kessel_replay_bar_get_playing (KesselReplayBar *self);
void          kessel_replay_bar_set_interval (KesselReplayBar *self,
                                              double           seconds);
/* What the bar says of where the replay stands. */
const char   *kessel_replay_bar_get_text (KesselReplayBar *self);

G_END_DECLS
