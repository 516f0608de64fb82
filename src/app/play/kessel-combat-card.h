/* kessel-combat-card.h: the result of the last combat, shown over the map
 * near the defender's hex without asking for a click: attackers and
 * defenders, the final odds, the die, the result and what came of each unit,
 * with the earlier results of the phase below. Under fog of war it names
 * only the units the viewing side may see (6.3). */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_COMBAT_CARD (kessel_combat_card_get_type ())
G_DECLARE_FINAL_TYPE (KesselCombatCard, kessel_combat_card, KESSEL, COMBAT_CARD, GtkBox)

GtkWidget *kessel_combat_card_new (void);
/* Shows the game's last combat if it finished since the card last looked,
 * and returns whether it did. viewer is the side whose eyes the card uses,
 * KESSEL_SIDE_NONE to name every unit. */
gboolean   kessel_combat_card_update (KesselCombatCard *self,
                                      KesselGame       *game,
                                      KesselSide        viewer);
/* Forgets the phase's results, as for another game. */
void       kessel_combat_card_reset (KesselCombatCard *self,
                                     KesselGame       *game);
void       kessel_combat_card_dismiss (KesselCombatCard *self);
/* The defender's hex of the combat shown, or -1. */
int        kessel_combat_card_get_hex (KesselCombatCard *self);
/* Seconds the card stays in view; 0 keeps it until dismissed. */
void       kessel_combat_card_set_timeout (KesselCombatCard *self,
                                           guint             seconds);
/* The words shown, for tests. */
char      *kessel_combat_card_get_text (KesselCombatCard *self);
/* The earlier results of the phase listed under the card. */
int        kessel_combat_card_get_n_earlier (KesselCombatCard *self);

G_END_DECLS
