/* kessel-exec-player.h: a player in another program.
 *
 * The player "exec:COMMAND" starts COMMAND (split as a shell would, but run
 * without one) when it is first asked to choose, and speaks the engine
 * protocol with it over its standard input and output
 * (docs/engine-protocol.md): the scenario, the player's seed, the game's
 * opening dice, then each action played with the dice it rolled, then "go".
 * Later choices send only the actions since the last; a game that no longer
 * continues the one sent (another game, or an undo) is sent again from its
 * start.
 *
 * The engine is given the whole game, as a saved game holds it: a fair
 * engine, as kessel-cli engine is, looks at it only as its side may.
 *
 * Everything the engine writes is hostile: a line over the protocol's
 * limit, an answer out of turn, an action the game does not list, silence
 * past the time limit or an engine that ends all fail the choice with a
 * reason (kessel_player_get_failure), and the engine is stopped.
 *
 * The time limit of one answer is 600 s, or KESSEL_EXEC_TIMEOUT seconds.
 */
#pragma once

#include "kessel-player.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_EXEC_PLAYER (kessel_exec_player_get_type ())
G_DECLARE_FINAL_TYPE (KesselExecPlayer, kessel_exec_player, KESSEL, EXEC_PLAYER, KesselPlayer)

/* NULL with an error when command cannot be split into a program and its
 * arguments; the program itself is started only when first needed. */
KesselPlayer *kessel_exec_player_new (const char *command, GError **error);

G_END_DECLS
