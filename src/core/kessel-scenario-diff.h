/* kessel-scenario-diff.h: what differs between two scenarios, said so that
 * a player can judge a scenario he did not make before he plays on it. */
#pragma once

#include "kessel-scenario.h"

G_BEGIN_DECLS

/* The most lines kessel_scenario_differences gives; a last line says how
 * many more were left out. */
#define KESSEL_SCENARIO_DIFF_MAX_LINES 24

/* Lines (char *, translated) saying how theirs differs from mine: the
 * title, the turns, the victory points and thresholds, every unit changed,
 * added or missing, the map's size, terrain, places and rivers, and the
 * rules options. Empty when they are equal in all of these. */
GPtrArray *kessel_scenario_differences (KesselScenario *theirs, KesselScenario *mine);

G_END_DECLS
