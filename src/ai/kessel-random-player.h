/* kessel-random-player.h: a player that picks any legal action at random,
 * the baseline every other player is measured against. */
#pragma once

#include "kessel-player.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_RANDOM_PLAYER (kessel_random_player_get_type ())
G_DECLARE_FINAL_TYPE (KesselRandomPlayer, kessel_random_player, KESSEL, RANDOM_PLAYER, KesselPlayer)

/**
 * kessel_random_player_new:
 *
 * A player that draws each action at random among the legal ones, as
 * kessel_game_random_action() does: first what to do, then how.
 */
KesselPlayer *kessel_random_player_new (void);

G_END_DECLS
