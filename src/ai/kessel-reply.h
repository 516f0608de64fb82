/* kessel-reply.h: what the other side could do in its next movement,
 * asked of the game itself.
 *
 * The evaluator guesses the enemy's reply from the strength around a hex.
 * A reply is asked here instead: the game is played on from a search copy
 * of the view, with the default choices of both sides, up to the enemy's
 * next movement, and the rules engine's own legal moves say what the enemy
 * could do from there. The copy's dice are its own, so what it says of the
 * phases in between (the weather above all) is one roll of them.
 */
#pragma once

#include "kessel-game.h"

G_BEGIN_DECLS

/* What the German side learns by asking the Soviet ring search about its
 * own position, per hex. */
typedef enum {
  KESSEL_RING_UNKNOWN,  /* no lone German division stood there */
  KESSEL_RING_SAFE,     /* a lone division there cannot be ringed next */
  KESSEL_RING_THREATENED,
} KesselRingThreat;

/* For each German division alone in the open (no German unit next to it,
 * not in a place or a C&C source hex), whether the Soviet side could ring
 * it in its next movement were the German side to stand as it does. An
 * array as long as the map, of KesselRingThreat; all unknown if no Soviet
 * movement comes. view is left as it was. */
guint8 *kessel_reply_ring_threats (KesselGame *view, guint64 dice_seed);

G_END_DECLS
