/* kessel-game-panel-private.h: what the game panel (kessel-game-panel.c)
 * draws, in kessel-game-panel-drawings.c. */
#pragma once

#include "kessel-game-panel.h"

G_BEGIN_DECLS

/* A turn's weather on the turn track, blank until it is set; a weather of
 * -1 is none. */
GtkWidget *kessel_game_panel_weather_chip_new (void);
void       kessel_game_panel_set_chip_weather (GtkWidget *chip,
                                               int        weather);
/* A CAS marker in the colours of its side. */
GtkWidget *kessel_game_panel_cas_token_new (void);
void       kessel_game_panel_set_token_side (GtkWidget  *token,
                                             KesselSide  side);
/* The Soviet VP track of game, width wide, in the colour of area's text. */
void       kessel_game_panel_draw_vp_track (GtkWidget  *area,
                                            cairo_t    *cr,
                                            int         width,
                                            KesselGame *game);

G_END_DECLS
