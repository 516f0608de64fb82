/* kessel-cli-failures.h: the failures counted in each game of a match
 * (kessel-game-critic.h), and how kessel-cli prints them. */
#pragma once

#include "kessel-balance.h"
#include "kessel-game-critic.h"

G_BEGIN_DECLS

/* One critic per game of a match. Each game's critic is fed only by the
 * thread playing that game. */
typedef struct _KesselCliFailures KesselCliFailures;

KesselCliFailures *kessel_cli_failures_new (int n_games);
void               kessel_cli_failures_free (KesselCliFailures *self);
/* After each action applied to game number index. */
void               kessel_cli_failures_observe (KesselCliFailures *self, int index, KesselGame *game);

int                kessel_cli_failures_get_count (KesselCliFailures *self, int index, KesselFailure failure);
/* Game index as counted elsewhere: counts by failure. */
void               kessel_cli_failures_set_counts (KesselCliFailures *self, int index,
                                                   const int counts[KESSEL_N_FAILURES]);

/* "failures": {"german": {...}, "soviet": {...}}: the counts of one game. */
void kessel_cli_failures_print_game_json (KesselCliFailures *self, int index);
/* The same with each count's mean over the games that ended well. */
void kessel_cli_failures_print_means_json (KesselCliFailures *self, KesselBalance *balance);
/* The means, for people. */
void kessel_cli_failures_print_means (KesselCliFailures *self, KesselBalance *balance);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselCliFailures, kessel_cli_failures_free)

G_END_DECLS
