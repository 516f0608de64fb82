#define _GNU_SOURCE   /* getrandom, O_CLOEXEC */
#include "kessel-dice.h"
#include "kessel-boxed-private.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

void
kessel_dice_init (KesselDice *dice, guint64 seed)
{
  dice->state = seed;
  dice->rolls = 0;
  dice->forced = 0;
  dice->source = KESSEL_DICE_SEEDED;
}

/**
 * KesselDice:
 *
 * Six-sided dice, seeded (splitmix64, whose whole state is one 64-bit number) or drawn
 * from the system's entropy. Computer players keep their own.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselDice, kessel_dice)

/**
 * kessel_dice_new: (constructor)
 * @seed: the seed
 *
 * Seeded dice on the heap, for bindings.
 *
 * Returns: (transfer full): seeded dice
 */
KesselDice *
kessel_dice_new (guint64 seed)
{
  KesselDice *dice = g_new (KesselDice, 1);

  kessel_dice_init (dice, seed);
  return dice;
}

void
kessel_dice_init_unforeseeable (KesselDice *dice)
{
  kessel_dice_init (dice, 0);
  dice->source = KESSEL_DICE_UNFORESEEABLE;
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

static gboolean
read_urandom (guint8 *buffer, gsize length)
{
  int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  gsize done = 0;

  if (fd < 0)
    return FALSE;
  while (done < length)
    {
      ssize_t n = read (fd, buffer + done, length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize) n;
    }
  close (fd);
  return done == length;
}

/**
 * kessel_dice_entropy_bytes:
 * @buffer: (out caller-allocates) (array length=length): where the bytes go
 * @length: how many
 *
 * Fills @buffer with bytes from the system's entropy.
 */
void
kessel_dice_entropy_bytes (guint8 *buffer, gsize length)
{
  gsize done = 0;

  while (done < length)
    {
      ssize_t n = getrandom (buffer + done, length - done, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      done += (gsize) n;
    }
  if (done == length || read_urandom (buffer + done, length - done))
    return;
  /* No entropy from the kernel at all: an unforeseeable die cannot be made,
   * and a guessable one must not pass for it. */
  g_error ("the system gives no random numbers (getrandom and /dev/urandom both failed)");
}

int
kessel_dice_entropy_face (void)
{
  for (;;)
    {
      guint8 byte;

      kessel_dice_entropy_bytes (&byte, 1);
      if (byte < 252)   /* 252 = 6 * 42: the bytes above would favour the low faces */
        return 1 + byte % 6;
    }
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
  if (dice->source == KESSEL_DICE_UNFORESEEABLE)
    return kessel_dice_entropy_face ();
  return 1 + (int) kessel_dice_below (dice, 6);
}

/**
 * kessel_dice_parse_faces: (skip)
 *
 * Reads faces as files write them, such as "5 3 1": up to @max faces from 1 to
 * 6, separated by spaces. Anything else is refused.
 */
gboolean
kessel_dice_parse_faces (const char *text, guint8 *faces, guint max, guint *n_faces)
{
  *n_faces = 0;
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == ' ')
        continue;
      if (*c < '1' || *c > '6' || (c[1] != '\0' && c[1] != ' ') || *n_faces >= max)
        return FALSE;
      faces[(*n_faces)++] = (guint8) (*c - '0');
    }
  return TRUE;
}

/**
 * kessel_dice_faces_to_string:
 * @faces: (array length=n_faces): faces 1-6
 * @n_faces: how many
 *
 * Writes faces as files hold them: numbers from 1 to 6 separated by spaces.
 *
 * Returns: (transfer full): the faces separated by spaces
 */
char *
kessel_dice_faces_to_string (const guint8 *faces, guint n_faces)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n_faces; i++)
    g_string_append_printf (text, i > 0 ? " %u" : "%u", faces[i]);
  return g_string_free (text, FALSE);
}
