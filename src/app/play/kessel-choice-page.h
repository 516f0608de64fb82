/* kessel-choice-page.h: the play panel's page for what the game asks
 * outside movement, combat and the set-up: a button for each unit or
 * marker with hexes to choose on the map (placements, retreats), then one
 * for each other legal action (the order of a phase, defence support,
 * losses, advances, over-stacking). A click on a unit says
 * "subject-chosen" with its subject; a click on an action says
 * "action-chosen" with the action. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_CHOICE_PAGE (kessel_choice_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselChoicePage, kessel_choice_page, KESSEL, CHOICE_PAGE, GtkBox)

GtkWidget *kessel_choice_page_new (void);
/* Lists subjects, current the one whose hexes are lit, then the actions of
 * legal that are not made on the map. */
void       kessel_choice_page_show (KesselChoicePage *self,
                                    KesselGame       *game,
                                    GArray           *legal,
                                    const int        *subjects,
                                    int               n_subjects,
                                    int               current);
/* Presses the button of action, if one is shown. */
gboolean   kessel_choice_page_press_action (KesselChoicePage   *self,
                                            const KesselAction *action);

G_END_DECLS
