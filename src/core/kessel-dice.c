#include "kessel-dice.h"

void
kessel_dice_init (KesselDice *dice, guint64 seed)
{
  dice->state = seed;
  dice->rolls = 0;
  dice->forced = 0;
}

static guint64
next_value (KesselDice *dice)
{
  guint64 z = (dice->state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

guint
kessel_dice_below (KesselDice *dice, guint bound)
{
  g_return_val_if_fail (bound > 0, 0);
  /* Multiply-shift keeps the result unbiased enough for any bound we use
   * (the error is below 2^-32) without a division. */
  return (guint) (((next_value (dice) >> 32) * (guint64) bound) >> 32);
}

int
kessel_dice_roll (KesselDice *dice)
{
  dice->rolls++;
  if (dice->forced >= 1 && dice->forced <= 6)
    {
      int face = dice->forced;
      dice->forced = 0;
      return face;
    }
  return 1 + (int) kessel_dice_below (dice, 6);
}
