/* kessel-order-of-battle.h: the units of each side in a list, to find any of
 * them: where each is or what became of it, its steps, its supply or C&C,
 * whether it moved or attacked. Under fog of war (6.3) the enemy's units on
 * the map out of sight are only counted. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_ORDER_OF_BATTLE (kessel_order_of_battle_get_type ())
G_DECLARE_FINAL_TYPE (KesselOrderOfBattle, kessel_order_of_battle, KESSEL, ORDER_OF_BATTLE, GtkBox)

GtkWidget *kessel_order_of_battle_new (void);
/* The game as viewer sees it; the list shows viewer's side first. */
void       kessel_order_of_battle_set_game (KesselOrderOfBattle *self,
                                            KesselGame          *game,
                                            KesselSide           viewer);
void       kessel_order_of_battle_set_side (KesselOrderOfBattle *self,
                                            KesselSide           side);
/* The pieces listed now, in order (hidden enemy units are not among them). */
GArray    *kessel_order_of_battle_get_pieces (KesselOrderOfBattle *self);
/* Selects piece's row, as a click on it would. */
gboolean   kessel_order_of_battle_select (KesselOrderOfBattle *self,
                                          int                  piece);

G_END_DECLS
