/* kessel-game-watch.c: following a game's changes. */
#include "kessel-config.h"

#include "kessel-game-watch.h"

gboolean
kessel_game_watch (KesselGame **slot,
                   KesselGame  *game,
                   GCallback    changed,
                   gpointer     owner)
{
  if (*slot == game)
    return FALSE;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_data (*slot, owner);
  g_set_object (slot, game);
  if (game != NULL)
    g_signal_connect (game, "changed", changed, owner);
  return TRUE;
}
