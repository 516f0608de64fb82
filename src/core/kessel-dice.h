/* kessel-dice.h: six-sided dice (2.2).
 *
 * Dice are either seeded or unforeseeable. Seeded dice are splitmix64,
 * chosen because its whole state is one 64-bit number: a game is reproduced
 * from its seed, and undo restores the dice by copying that number back;
 * they serve analysis, tests and computer matches. Unforeseeable dice draw
 * each face from the system's entropy at the moment it is rolled and keep no
 * state from which a later face could be worked out; a game with such dice
 * replays from the faces it recorded. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  KESSEL_DICE_SEEDED,
  KESSEL_DICE_UNFORESEEABLE,
} KesselDiceSource;

typedef struct {
  guint64 state;
  guint rolls;      /* dice rolled so far */
  int forced;       /* if 1-6, the next roll shows it (searches of computer players) */
  KesselDiceSource source;
} KesselDice;

#define KESSEL_TYPE_DICE (kessel_dice_get_type ())
GType kessel_dice_get_type (void) G_GNUC_CONST;

/**
 * kessel_dice_init:
 *
 * Starts dice from a seed: the same seed always rolls the same faces.
 */
void kessel_dice_init (KesselDice *dice, guint64 seed);
KesselDice *kessel_dice_new (guint64 seed);
/**
 * kessel_dice_init_unforeseeable:
 *
 * Starts dice that draw each face from the system's entropy as it is rolled, so
 * that no one can foresee them.
 */
void kessel_dice_init_unforeseeable (KesselDice *dice);
/**
 * kessel_dice_roll:
 *
 * Rolls one die: a face from 1 to 6. A face forced for a search comes first.
 */
int  kessel_dice_roll (KesselDice *dice);
/**
 * kessel_dice_below:
 *
 * A uniform whole number from 0 to @bound - 1, for computer players; it is no
 * die roll, and it always comes from the seeded generator, even for
 * unforeseeable dice.
 */
guint kessel_dice_below (KesselDice *dice, guint bound);
/**
 * kessel_dice_entropy_face:
 *
 * A face from 1 to 6 drawn now from the system's entropy.
 */
int   kessel_dice_entropy_face (void);
void  kessel_dice_entropy_bytes (guint8 *buffer, gsize length);

/* The most dice one action may roll: weather, air with its ties, a combat. */
#define KESSEL_DICE_MAX_PER_ACTION 64

gboolean kessel_dice_parse_faces (const char *text, guint8 *faces, guint max, guint *n_faces);
char    *kessel_dice_faces_to_string (const guint8 *faces, guint n_faces);

G_END_DECLS
