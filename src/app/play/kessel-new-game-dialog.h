/* kessel-new-game-dialog.h: the choices of a new game: the scenario, who
 * plays each side (a human, or the computer at a level), the optional rules
 * and rulings, fog of war, and whether the dice are unforeseeable (the
 * default) or reproducible from a seed. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_NEW_GAME_DIALOG (kessel_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KesselNewGameDialog, kessel_new_game_dialog, KESSEL, NEW_GAME_DIALOG, GtkWindow)

/* Emits "start" when the players press Start; the dialog then closes. */
KesselNewGameDialog *kessel_new_game_dialog_new (GtkWindow      *parent,
                                                 KesselScenario *scenario);
/* The game as chosen: a new game of the scenario with its options set. */
KesselGame *kessel_new_game_dialog_create_game (KesselNewGameDialog *self);
/* Makes the dice reproducible from seed. */
void        kessel_new_game_dialog_set_seed (KesselNewGameDialog *self,
                                             guint64              seed);
void        kessel_new_game_dialog_set_option (KesselNewGameDialog *self,
                                               const char          *id,
                                               gboolean             enabled);
/* KESSEL_SEAT_HUMAN or a KesselLevel (kessel-computer-opponent.h). */
void        kessel_new_game_dialog_set_seat (KesselNewGameDialog *self,
                                             KesselSide           side,
                                             int                  seat);
/* As if Start were pressed. */
void        kessel_new_game_dialog_start (KesselNewGameDialog *self);

G_END_DECLS
