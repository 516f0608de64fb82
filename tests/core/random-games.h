/* random-games.h: the shipped scenario and random games on it, played the
 * same way again for the same seed. */
#pragma once

#include "kessel-game.h"

KesselScenario *random_games_scenario (void);
/* A new game and the dice of its random player; fog of war is on for odd
 * seeds, so that whatever replays the game has to carry its options over. */
KesselGame     *random_game_start (KesselScenario *scenario, guint64 seed, KesselDice *player);
/* One random action applied; FALSE once the game is over. */
gboolean        random_game_step (KesselGame *game, KesselDice *player);
/* A random game stopped after max_actions (played out when negative). */
KesselGame     *random_game (KesselScenario *scenario, guint64 seed, int max_actions);
