/* kessel-movement-page.h: the play panel's page for movement. A click on a
 * stack selects its units that can move and lights the hexes they reach
 * with the MP left; a click on a lit hex moves them there by the path
 * shown. The page lists the units selected and offers to take them off
 * the map where the rules allow. It says "play" with an action for the
 * panel to make (the handler returns whether the rules allowed it),
 * "message" with a refusal to show (NULL clears it) and
 * "selection-changed" when other units are selected. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-map-view.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_MOVEMENT_PAGE (kessel_movement_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselMovementPage, kessel_movement_page, KESSEL, MOVEMENT_PAGE, GtkBox)

GtkWidget  *kessel_movement_page_new (void);
void        kessel_movement_page_set_map_view (KesselMovementPage *self,
                                               KesselMapView      *map_view);
void        kessel_movement_page_set_game (KesselMovementPage *self,
                                           KesselGame         *game);

/* A click or Enter on hex: selects the units there, moves the selection
 * there, or says why it cannot go there. */
gboolean    kessel_movement_page_activate_hex (KesselMovementPage *self,
                                               int                 hex);
/* Shows the path to hex if the selection reaches it; KESSEL_HEX_NONE shows none. */
void        kessel_movement_page_hover_hex (KesselMovementPage *self,
                                            int                 hex);
/* Selects the next stack of the side to act that can still move. */
void        kessel_movement_page_select_next (KesselMovementPage *self,
                                              int                 direction);
/* Sends the selected units off the map, if the rules allow. */
gboolean    kessel_movement_page_leave_map (KesselMovementPage *self);
/* Lights the hexes the selection reaches and lists it. */
void        kessel_movement_page_update (KesselMovementPage *self);

/* Drops the selection, as after a move. */
void        kessel_movement_page_clear (KesselMovementPage *self);
/* Drops the selection outside movement, keeping the hex it was at. */
void        kessel_movement_page_unselect (KesselMovementPage *self);
/* Selects units without lighting where they go, as a retreating unit. */
void        kessel_movement_page_set_selection (KesselMovementPage *self,
                                                const int          *units,
                                                int                 n_units);
const int  *kessel_movement_page_get_selection (KesselMovementPage *self,
                                                int                *n_selected);

G_END_DECLS
