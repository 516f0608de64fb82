/* kessel-dice.h: seeded six-sided dice (2.2).
 *
 * The generator is splitmix64, chosen because its whole state is one 64-bit
 * number: a game is reproduced from its seed, and undo restores the dice by
 * copying that number back. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 state;
  guint rolls;      /* dice rolled so far */
  int forced;       /* if 1-6, the next roll shows it (searches of computer players) */
} KesselDice;

void kessel_dice_init (KesselDice *dice, guint64 seed);
int  kessel_dice_roll (KesselDice *dice);
/* A uniform integer in [0, bound), for computer players; not a die roll. */
guint kessel_dice_below (KesselDice *dice, guint bound);

G_END_DECLS
