/* kessel-evaluator.h: what a position is worth, in Soviet victory points.
 *
 * The value is the VP the Soviet player holds now plus what the position
 * promises or threatens: places either side is about to take, German places
 * and divisions cut off from C&C, losses in steps, units that stand exposed
 * to the enemy's next attacks, and the Soviet corps racing for the exit hexes.
 * The Soviet player wants it high, the German player low. Everything is read
 * through the public rules engine, so it sees only what the game it is given
 * shows (a side's view under fog of war).
 */
#pragma once

#include "kessel-evaluator-weights.h"
#include "kessel-game.h"

G_BEGIN_DECLS

typedef struct _KesselEvaluator KesselEvaluator;

/* Built once per scenario: the places, exits and distances it needs. */
KesselEvaluator *kessel_evaluator_new (KesselGame *game);
void             kessel_evaluator_free (KesselEvaluator *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselEvaluator, kessel_evaluator_free)

/* The side whose choices are being valued. Its own exposed stacks count in
 * full, since the enemy moves next; the enemy's count little, since they may
 * yet step away. */
void   kessel_evaluator_set_perspective (KesselEvaluator *self, KesselSide side);
/* How much each term counts (kessel-evaluator-weights.h); the defaults
 * unless told. */
void   kessel_evaluator_set_weights (KesselEvaluator *self, const KesselEvaluatorWeights *weights);
/* What the Soviet ring search says of the German divisions alone in the
 * open, per hex (kessel_reply_ring_threats()): where it knows, the German side
 * fears a ring there instead of guessing from the Soviet strength around.
 * NULL to guess everywhere; the array must outlive its use. */
void   kessel_evaluator_set_ring_threats (KesselEvaluator *self, const guint8 *threats);
/* The planner's full estimate. */
double kessel_evaluator_value (KesselEvaluator *self, KesselGame *game);
/* Only what is already won: VP now, places held, steps lost. The greedy
 * player's measure. */
double kessel_evaluator_material (KesselEvaluator *self, KesselGame *game);
/* value or material seen from side: higher is better for side. */
double kessel_evaluator_for_side (double soviet_value, KesselSide side);

/* The hexes next to hex on the map, packed at the front of out. */
const int *kessel_evaluator_neighbours (KesselEvaluator *self, int hex, int *n);
/* Hexes from hex to the nearest exit hex (4.1-4), G_MAXINT if none. */
int    kessel_evaluator_exit_distance (KesselEvaluator *self, int hex);

/* The chance that an attack at odds costs the defender a step (from the
 * Combat Results Table). */
double kessel_evaluator_defender_loss (KesselOdds odds);

G_END_DECLS
