#include "kessel-random-player.h"

struct _KesselRandomPlayer {
  KesselPlayer parent_instance;
};

/**
 * KesselRandomPlayer:
 *
 * A player that picks any legal action at random, the baseline every other player is
 * measured against.
 */
G_DEFINE_TYPE (KesselRandomPlayer, kessel_random_player, KESSEL_TYPE_PLAYER)

static gboolean
random_choose (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  return kessel_player_random_choice (player, view, action);
}

static void
kessel_random_player_class_init (KesselRandomPlayerClass *klass)
{
  KESSEL_PLAYER_CLASS (klass)->choose = random_choose;
}

static void
kessel_random_player_init (KesselRandomPlayer *self)
{
}

KesselPlayer *
kessel_random_player_new (void)
{
  return g_object_new (KESSEL_TYPE_RANDOM_PLAYER, NULL);
}
