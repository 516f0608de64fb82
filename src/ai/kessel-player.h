/* kessel-player.h: a computer player of either side.
 *
 * A player is asked for one action at a time: kessel_player_choose looks at
 * the game only through its side's view (kessel_game_view), so it knows no
 * more than a human in its seat, and returns a legal action. It never
 * changes the game it is given.
 *
 * Kinds, named by a short spec in files, menus and on the command line:
 *   random      any legal action, drawn at random (kessel_game_random_action)
 *   greedy      the action with the best immediate value, one at a time
 *   ai:easy, ai:normal, ai:hard
 *               the planner (kessel-planner.h); levels differ only in how
 *               much it may search, never in what it knows or in its dice
 *   exec:COMMAND
 *               an engine in another program, spoken to through the engine
 *               protocol (kessel-exec-player.h, docs/engine-protocol.md)
 *
 * A player is deterministic: for the same seed, game and budget it makes the
 * same choices. It may be run in a worker thread, on a game no other thread
 * changes meanwhile; kessel_player_stop may be called from any thread and
 * makes a player that is thinking answer at once with its best so far. A
 * Stop holds only for the choice under way: each choice starts afresh.
 */
#pragma once

#include <glib-object.h>
#include "kessel-game.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_LEVEL_EASY,
  KESSEL_LEVEL_NORMAL,
  KESSEL_LEVEL_HARD,
  KESSEL_N_LEVELS /*< skip >*/
} KesselLevel;

#define KESSEL_TYPE_PLAYER (kessel_player_get_type ())
G_DECLARE_DERIVABLE_TYPE (KesselPlayer, kessel_player, KESSEL, PLAYER, GObject)

struct _KesselPlayerClass {
  GObjectClass parent_class;

  /* Chooses for the side to act in game, the side's view: a quiet copy the
   * player may change freely. Returns FALSE only if there is no legal action. */
  gboolean (*choose) (KesselPlayer *self, KesselGame *game, KesselAction *action);
  /* Instead of choose, for a player that is given the whole game and makes
   * its side's view elsewhere (an engine in another program). It must not
   * change game; on failure it says why. */
  gboolean (*choose_in_game) (KesselPlayer *self, KesselGame *game, KesselAction *action, GError **error);
};

#define KESSEL_PLAYER_ERROR (kessel_player_error_quark ())
GQuark kessel_player_error_quark (void);

/* "random", "greedy", "ai:easy", "ai:normal", "ai:hard" ("ai" is Normal)
 * or "exec:COMMAND". */
KesselPlayer *kessel_player_new_from_spec (const char *spec, guint64 seed, GError **error);
KesselPlayer *kessel_player_new_for_game (const char *spec, guint64 game_seed, KesselSide side,
                                          GError **error);
guint64       kessel_player_seed_for_game (guint64 game_seed, KesselSide side);

gboolean kessel_player_choose (KesselPlayer *self, KesselGame *game, KesselAction *action);
/* Why the last choice failed, when the player can say (an engine that
 * ended or answered nonsense), or NULL. */
const char *kessel_player_get_failure (KesselPlayer *self);
/* CPU seconds the last choice spent outside the calling thread (in an
 * engine's own process), read once. */
double   kessel_player_take_outside_seconds (KesselPlayer *self);
/* Answer now with the best action found so far (thread-safe). */
void     kessel_player_stop (KesselPlayer *self);
gboolean kessel_player_stop_requested (KesselPlayer *self);

/* Whether the player sees every unit (fog of war off); by default it sees
 * only what its side may (6.3). */
void     kessel_player_set_sees_all (KesselPlayer *self, gboolean sees_all);
gboolean kessel_player_get_sees_all (KesselPlayer *self);

/* For subclasses: the seed the player was made with. */
guint64  kessel_player_get_seed (KesselPlayer *self);
/* For subclasses: CPU seconds spent thinking in another process. */
void     kessel_player_add_outside_seconds (KesselPlayer *self, double seconds);
/* For subclasses: the player's own random numbers, from its seed and the
 * number of choices made, so a choice does not depend on earlier searches. */
guint64  kessel_player_next_seed (KesselPlayer *self);
/* For subclasses: a legal action of game drawn at random with the player's
 * own random numbers (kessel_game_random_action). */
gboolean kessel_player_random_choice (KesselPlayer *self, KesselGame *game, KesselAction *action);

const char *kessel_level_to_string (KesselLevel level);
const char *kessel_level_display_name (KesselLevel level);

G_END_DECLS
