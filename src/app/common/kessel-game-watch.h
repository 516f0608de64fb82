/* kessel-game-watch.h: the panels that show a game follow its "changed"
 * signal; this swaps the game one follows, and with NULL lets it go. */
#pragma once

#include "kessel-game.h"

G_BEGIN_DECLS

/* Puts game in *slot, keeping a reference, and connects changed to its
 * "changed" signal with owner as data, after disconnecting owner's handlers
 * from the game there before. Returns whether the game was another. */
gboolean kessel_game_watch (KesselGame **slot,
                            KesselGame  *game,
                            GCallback    changed,
                            gpointer     owner);

G_END_DECLS
