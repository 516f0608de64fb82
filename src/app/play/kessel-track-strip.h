/* kessel-track-strip.h: the tracks of a game at a glance, in one row that
 * stays in sight: turn and phase, weather, victory points, air superiority
 * and CAS, and the KG markers. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_TRACK_STRIP (kessel_track_strip_get_type ())
G_DECLARE_FINAL_TYPE (KesselTrackStrip, kessel_track_strip, KESSEL, TRACK_STRIP, GtkBox)

GtkWidget  *kessel_track_strip_new (void);
void        kessel_track_strip_set_game (KesselTrackStrip *self,
                                         KesselGame       *game);
/* The texts shown, one line each, for tests. */
char       *kessel_track_strip_get_text (KesselTrackStrip *self);

G_END_DECLS
