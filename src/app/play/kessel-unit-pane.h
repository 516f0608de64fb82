/* kessel-unit-pane.h: everything about one unit in play: where it is, its
 * factors for each of its steps with its substitute counters, its supply or
 * C&C, and what it did this phase. Under fog of war (6.3) an enemy unit out
 * of sight shows nothing but that it is there. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_UNIT_PANE (kessel_unit_pane_get_type ())
G_DECLARE_FINAL_TYPE (KesselUnitPane, kessel_unit_pane, KESSEL, UNIT_PANE, GtkBox)

GtkWidget *kessel_unit_pane_new (void);
/* The game as viewer sees it; KESSEL_SIDE_NONE sees everything. */
void       kessel_unit_pane_set_game (KesselUnitPane *self,
                                      KesselGame     *game,
                                      KesselSide      viewer);
/* The piece shown, or -1 for none. */
void       kessel_unit_pane_set_piece (KesselUnitPane *self,
                                       int             piece);
int        kessel_unit_pane_get_piece (KesselUnitPane *self);

/* Whether viewer may know who piece is and how it stands: its own units,
 * the enemy's in sight, and those off the map, whose fate is announced. */
gboolean   kessel_unit_pane_reveals (KesselGame *game,
                                     int         piece,
                                     KesselSide  viewer);

G_END_DECLS
