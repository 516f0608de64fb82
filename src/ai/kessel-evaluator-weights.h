/* kessel-evaluator-weights.h: how much each part of the evaluator counts.
 *
 * The evaluator (kessel-evaluator.h) adds up terms set by hand: places about
 * to change hands, losses and divisions cut off, exposed stacks, corps near
 * the exits, divisions the enemy could ring or wear out. Each term is
 * multiplied by its weight here, 1 by default, and so are the threats the
 * side to value faces and makes. Other weights, tuned by play against a
 * fixed opponent (tools/tune-evaluator), are read from a key file:
 *
 *   [Evaluator]
 *   places=1.1
 *   isolation=0.8
 *
 * Keys left out keep their default; an unknown key or a value that is not a
 * number from 0 to 10 is an error.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KESSEL_WEIGHT_PLACES,         /* places either side is about to take */
  KESSEL_WEIGHT_FORCES,         /* steps lost, divisions cut off, units out of supply */
  KESSEL_WEIGHT_EXPOSURE,       /* stacks next to the enemy, lone artillery */
  KESSEL_WEIGHT_EXIT,           /* Soviet corps near the exit edge */
  KESSEL_WEIGHT_ISOLATION,      /* German divisions the Soviet side could ring */
  KESSEL_WEIGHT_FRAILTY,        /* worn German divisions in reach of Soviet strength */
  KESSEL_WEIGHT_OWN_THREATS,    /* threats the side to value faces */
  KESSEL_WEIGHT_ENEMY_THREATS,  /* threats it makes, which the enemy may yet parry */
  KESSEL_N_WEIGHTS
} KesselWeight;

typedef struct {
  double value[KESSEL_N_WEIGHTS];
} KesselEvaluatorWeights;

void        kessel_evaluator_weights_init (KesselEvaluatorWeights *weights);
const char *kessel_weight_to_string (KesselWeight weight);
gboolean    kessel_evaluator_weights_load (KesselEvaluatorWeights *weights, const char *path, GError **error);

G_END_DECLS
