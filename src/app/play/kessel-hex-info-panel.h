/* kessel-hex-info-panel.h: what is in one hex of a scenario's map. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_HEX_INFO_PANEL (kessel_hex_info_panel_get_type ())
G_DECLARE_FINAL_TYPE (KesselHexInfoPanel, kessel_hex_info_panel, KESSEL, HEX_INFO_PANEL, GtkBox)

GtkWidget *kessel_hex_info_panel_new (void);
void       kessel_hex_info_panel_set_scenario (KesselHexInfoPanel *self,
                                               KesselScenario     *scenario);
/* In play: the pieces of game in the hex as viewer may see them (6.3;
 * KESSEL_SIDE_NONE sees all), and the hex's control now. NULL: the setup. */
void       kessel_hex_info_panel_set_game (KesselHexInfoPanel *self,
                                           KesselGame         *game,
                                           KesselSide          viewer);
/* KESSEL_HEX_NONE shows no hex. */
void       kessel_hex_info_panel_set_hex (KesselHexInfoPanel *self,
                                          int                 hex);
/* The counter of piece as it stands now, its front or its back, drawn
 * as on the map. */
GtkWidget *kessel_hex_info_panel_piece_counter_new (KesselGame *game,
                                                    int         piece);

G_END_DECLS
