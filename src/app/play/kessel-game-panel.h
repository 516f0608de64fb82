/* kessel-game-panel.h: the state of a game at a glance: turn track and
 * weather, phase sequence, the Soviet VP track, air superiority with its CAS
 * markers, the KG markers, and the verdict once the game is over. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_GAME_PANEL (kessel_game_panel_get_type ())
G_DECLARE_FINAL_TYPE (KesselGamePanel, kessel_game_panel, KESSEL, GAME_PANEL, GtkBox)

GtkWidget  *kessel_game_panel_new (void);
/* NULL shows no game. The panel holds a reference to the game and follows
 * its "changed" signal. */
void        kessel_game_panel_set_game (KesselGamePanel *self,
                                        KesselGame      *game);
KesselGame *kessel_game_panel_get_game (KesselGamePanel *self);

/* The words shown, for tests and for the window's status line. */
const char *kessel_game_panel_get_turn_text (KesselGamePanel *self);
const char *kessel_game_panel_get_phase_text (KesselGamePanel *self);
const char *kessel_game_panel_get_vp_text (KesselGamePanel *self);
/* Where the VP stand against the victory levels, or what they gave. */
const char *kessel_game_panel_get_standing_text (KesselGamePanel *self);
/* The description of the CAS markers, as a screen reader hears it. */
const char *kessel_game_panel_get_air_text (KesselGamePanel *self);
/* The verdict, or "" while the game goes on. */
const char *kessel_game_panel_get_verdict_text (KesselGamePanel *self);

G_END_DECLS
