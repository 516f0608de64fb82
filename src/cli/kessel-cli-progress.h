/* kessel-cli-progress.h: how far the games of match and balance have come,
 * shown on a terminal while they are played. */
#pragma once

#include "kessel-self-play.h"

/* Waits for the self-play's workers to end. While they play, and only when
 * standard error is a terminal, it shows there the games done of all the
 * variants, the verdicts so far of the first variant's games, and the time
 * left, estimated from the time the games done took. */
void kessel_cli_wait_with_progress (KesselSelfPlay *self_play);
