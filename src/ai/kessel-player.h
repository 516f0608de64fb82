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
/**
 * kessel_player_error_quark:
 *
 * The error domain of players: a spec that names no player, an engine that
 * fails.
 */
GQuark kessel_player_error_quark (void);

KesselPlayer *kessel_player_new_from_spec (const char *spec, guint64 seed, GError **error);
KesselPlayer *kessel_player_new_for_game (const char *spec, guint64 game_seed, KesselSide side,
                                          GError **error);
/**
 * kessel_player_seed_for_game:
 *
 * The seed a player of @side is given in the game of seed @game_seed, by
 * kessel_player_new_for_game() and by kessel-cli play, match and balance alike,
 * so that a game between players is the same wherever it is played.
 */
guint64       kessel_player_seed_for_game (guint64 game_seed, KesselSide side);

gboolean kessel_player_choose (KesselPlayer *self, KesselGame *game, KesselAction *action);
const char *kessel_player_get_failure (KesselPlayer *self);
/**
 * kessel_player_take_outside_seconds:
 *
 * The CPU seconds the last choice spent outside the calling thread, in an
 * engine's own process. Reading them sets them back to 0, so each is counted
 * once.
 */
double   kessel_player_take_outside_seconds (KesselPlayer *self);
/**
 * kessel_player_stop:
 *
 * Asks the player to answer now with the best action it has found so far. It
 * may be called from any thread while another chooses.
 */
void     kessel_player_stop (KesselPlayer *self);
/**
 * kessel_player_stop_requested:
 *
 * For subclasses: whether kessel_player_stop() asked the choice under way to
 * end. A search checks it between steps.
 */
gboolean kessel_player_stop_requested (KesselPlayer *self);

/**
 * kessel_player_set_sees_all:
 *
 * Sets whether the player sees every unit, as with fog of war off. By default
 * it sees only what its side may see (6.3).
 */
void     kessel_player_set_sees_all (KesselPlayer *self, gboolean sees_all);
/**
 * kessel_player_get_sees_all:
 *
 * Whether the player sees every unit (see kessel_player_set_sees_all()).
 */
gboolean kessel_player_get_sees_all (KesselPlayer *self);

/**
 * kessel_player_get_seed:
 *
 * For subclasses: the seed the player was made with.
 */
guint64  kessel_player_get_seed (KesselPlayer *self);
/**
 * kessel_player_add_outside_seconds:
 *
 * For subclasses: adds CPU seconds spent thinking in another process, which
 * kessel_player_take_outside_seconds() hands out.
 */
void     kessel_player_add_outside_seconds (KesselPlayer *self, double seconds);
/**
 * kessel_player_next_seed:
 *
 * For subclasses: the next of the player's own random numbers, drawn from its
 * seed and the number of choices made so far, so that a choice does not depend
 * on the searches before it.
 */
guint64  kessel_player_next_seed (KesselPlayer *self);
gboolean kessel_player_random_choice (KesselPlayer *self, KesselGame *game, KesselAction *action);

/**
 * kessel_level_to_string:
 *
 * The name of a level of play in player specs and files: "easy", "normal" or
 * "hard".
 */
const char *kessel_level_to_string (KesselLevel level);
/**
 * kessel_level_display_name:
 *
 * The name of a level of play for people, translated.
 */
const char *kessel_level_display_name (KesselLevel level);

G_END_DECLS
