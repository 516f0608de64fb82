/* kessel-setup-page.h: the play panel's page for the set-up (3.2): the
 * units still to place, a button that puts them all on their printed
 * hexes, and the units placed, which may still be moved. A click on a unit
 * says "subject-chosen" with its piece; the button says "place-printed". */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_SETUP_PAGE (kessel_setup_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselSetupPage, kessel_setup_page, KESSEL, SETUP_PAGE, GtkBox)

GtkWidget *kessel_setup_page_new (void);
/* Lists the pieces to_place and placed; current is the one whose hexes are
 * lit; printed_open, whether a unit to place may go on its printed hex. */
void       kessel_setup_page_show (KesselSetupPage *self,
                                   KesselGame      *game,
                                   const GArray    *to_place,
                                   const GArray    *placed,
                                   int              current,
                                   gboolean         printed_open);

G_END_DECLS
