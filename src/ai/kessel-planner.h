/* kessel-planner.h: the computer opponent.
 *
 * For each decision it works on its side's view of the game (fog of war) and
 * a search copy of it:
 *   - movement: every group that may move (each unit and each whole stack)
 *     with its legal destinations, narrowed by tactics (take or hold a place,
 *     close on the enemy, keep supply or C&C, race for the exits) to the most
 *     promising few, each then tried and valued (kessel-evaluator.h);
 *   - combat: every legal attack and probe at useful odds, valued over the
 *     faces of the die from the Combat Results Table;
 *   - losses, retreats, advances, support, placements: every legal choice
 *     tried and valued.
 * It takes the best action if it gains anything and otherwise ends the part
 * of the phase. The value counts the enemy's reply through the threats it
 * measures (exposed stacks, places within the enemy's reach).
 *
 * Levels differ only in how many candidates it may try per decision.
 */
#pragma once

#include "kessel-evaluator-weights.h"
#include "kessel-player.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PLANNER (kessel_planner_get_type ())
G_DECLARE_FINAL_TYPE (KesselPlanner, kessel_planner, KESSEL, PLANNER, KesselPlayer)

KesselPlayer *kessel_planner_new (KesselLevel level);
KesselLevel   kessel_planner_get_level (KesselPlanner *self);
void          kessel_planner_set_threads (KesselPlanner *self, guint threads);
void          kessel_planner_set_weights (KesselPlanner *self, const KesselEvaluatorWeights *weights);

G_END_DECLS
