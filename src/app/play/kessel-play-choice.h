/* kessel-play-choice.h: what the play panel and its pages share about a
 * choice: the button that offers it, and the subject of a choice made on
 * the map, the unit or KG marker whose legal hexes are lit (a piece, or
 * -1 - KG). */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

/* A button of a page, its words wrapped from the left; current marks the
 * one chosen. */
GtkWidget *kessel_play_choice_button_new (const char *text,
                                          gboolean    current);
/* The same look for a button of a page's template, once it has its label. */
void       kessel_play_choice_prepare_button (GtkButton *button,
                                              gboolean   current);

/* Whether action is made by a click on a hex lit for its subject. */
gboolean   kessel_play_choice_has_hex (const KesselAction *action);
int        kessel_play_choice_subject_of (const KesselAction *action);
gboolean   kessel_play_choice_is_placed (KesselGame *game,
                                         int         subject);
/* The button of a subject, which holds it as the object data "subject". */
GtkWidget *kessel_play_choice_subject_button_new (KesselGame *game,
                                                  int         subject,
                                                  gboolean    current);

G_END_DECLS
