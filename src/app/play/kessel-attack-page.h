/* kessel-attack-page.h: the play panel's page for combat. A click on an
 * enemy hex puts an attack together from every unit next to it (or a
 * probe, 13.6), clicks on the attacking hexes take their units out or back
 * in, and the page shows the odds before the die is rolled, with the
 * attack's CAS and 18th AD support and the button that makes it. While a
 * declared combat is resolved it shows that combat's odds, die and result.
 * Unlike the other pages it stays below them, always in sight. It says
 * "draft-changed" when the attack put together changed and "attack" when
 * its button is pressed. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-map-view.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_ATTACK_PAGE (kessel_attack_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselAttackPage, kessel_attack_page, KESSEL, ATTACK_PAGE, GtkBox)

void        kessel_attack_page_set_map_view (KesselAttackPage *self,
                                             KesselMapView    *map_view);
void        kessel_attack_page_set_game (KesselAttackPage *self,
                                         KesselGame       *game);
/* With fog of war the defence of a hidden stack is not shown (6.3). */
void        kessel_attack_page_set_fog_of_war (KesselAttackPage *self,
                                               gboolean          fog);

/* A click or Enter on hex in combat; FALSE when it puts no attack together. */
gboolean    kessel_attack_page_activate_hex (KesselAttackPage *self,
                                             int               hex);
/* Lights the hexes that may be attacked, or those of the attack put together. */
void        kessel_attack_page_light (KesselAttackPage *self);
/* Lights the target and the attacking hexes of the combat being resolved. */
void        kessel_attack_page_light_current_combat (KesselAttackPage *self);
/* Shows the odds and options of the attack put together, or else the
 * combat being resolved, or nothing. */
void        kessel_attack_page_update (KesselAttackPage *self);
void        kessel_attack_page_hide (KesselAttackPage *self);
/* Hides the options and the button, leaving the odds as they are. */
void        kessel_attack_page_hide_options (KesselAttackPage *self);

/* Drops the attack put together. */
void        kessel_attack_page_drop_draft (KesselAttackPage *self);
/* Drops it and forgets its odds. */
void        kessel_attack_page_clear (KesselAttackPage *self);
/* A new attack starts with no CAS and no 18th AD support chosen. */
void        kessel_attack_page_reset_options (KesselAttackPage *self);
void        kessel_attack_page_set_support (KesselAttackPage *self,
                                            int               cas,
                                            gboolean          support);
gboolean    kessel_attack_page_get_draft (KesselAttackPage *self,
                                          KesselAction     *attack);
const char *kessel_attack_page_get_odds_text (KesselAttackPage *self);

G_END_DECLS
