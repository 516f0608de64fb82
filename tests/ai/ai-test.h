/* Helpers shared by the computer players' tests. */
#pragma once

#include "kessel-player.h"

/* A scenario of data/scenarios, loaded or the test fails. */
KesselScenario *ai_test_scenario (const char *name);

/* The actions of the first n of a game of seed 5 between two players made
 * from spec (seeds 11 and 12), each searching on threads search copies at
 * once if it is a planner. */
GArray *ai_test_game (KesselScenario *scenario, const char *spec, guint threads, guint n);
