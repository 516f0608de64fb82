/* kessel-greedy-player.h: a baseline player that takes the legal action with
 * the best immediate expected value in VP and steps, one action at a time,
 * and plays at random where no action gains anything. */
#pragma once

#include "kessel-player.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_GREEDY_PLAYER (kessel_greedy_player_get_type ())
G_DECLARE_FINAL_TYPE (KesselGreedyPlayer, kessel_greedy_player, KESSEL, GREEDY_PLAYER, KesselPlayer)

/**
 * kessel_greedy_player_new:
 *
 * A player that takes, of the legal actions, the one that looks best at once by
 * a quick count of the position, without looking ahead.
 */
KesselPlayer *kessel_greedy_player_new (void);

G_END_DECLS
