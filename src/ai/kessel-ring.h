/* kessel-ring.h: the Soviet side's rings, sets of moves that put a Soviet
 * unit on every open side of a German division in the open.
 *
 * A division ringed so can neither move nor retreat: it is cut off from C&C
 * (9.2), and every retreat an attack gives it costs a step instead
 * (13.9-DR-4), so it dies cut off and scores its full steps (4.2). The
 * planner moves one group at a time toward the best immediate gain, and no
 * single move of a ring gains much on its own; a ring is tried whole.
 */
#pragma once

#include "kessel-game.h"

G_BEGIN_DECLS

typedef struct {
  int target;           /* the German stack's hex */
  GArray *moves;        /* of KesselAction: one move to each open side */
} KesselRingPlan;

/* The full steps of the German divisions (not garrisons) at hex. */
int        kessel_ring_division_steps (KesselGame *view, int hex);
/* Whether every unit of move is artillery, which dies alone when attacked
 * (13.2) and so holds no side of a ring. */
gboolean   kessel_ring_is_artillery_move (KesselGame *view, const KesselAction *move);
/* Up to max_plans rings the Soviet side to move can close with the moves
 * in actions, the biggest divisions first: a GPtrArray of KesselRingPlan. */
GPtrArray *kessel_ring_plans (KesselGame *view, GArray *actions, int max_plans);
void       kessel_ring_plan_free (KesselRingPlan *plan);

/* Whether the Soviet side to move could ring the German stack at target
 * with the moves in actions, or has ringed it already. */
gboolean   kessel_ring_can_close (KesselGame *game, GArray *actions, int target);

G_END_DECLS
