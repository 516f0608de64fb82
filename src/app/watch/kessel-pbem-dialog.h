/* kessel-pbem-dialog.h: the dialogs of games by e-mail: a new game (the
 * side to play, who rolls the dice and the password, given twice), and the
 * password of the side that opens a received turn. */
#pragma once

#include <gtk/gtk.h>
#include "kessel-pbem.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PBEM_DIALOG (kessel_pbem_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KesselPbemDialog, kessel_pbem_dialog, KESSEL, PBEM_DIALOG, GtkWindow)

/* Asks for the side and its password of a new game by e-mail. */
KesselPbemDialog *kessel_pbem_dialog_new_game (GtkWindow *parent);
/* Asks side's password to open the received turn file named file_name;
 * joining a game with its first file, the password is chosen, given twice. */
KesselPbemDialog *kessel_pbem_dialog_new_password (GtkWindow *parent, KesselSide side, const char *file_name,
                                                   gboolean joining);
/* Asks side's password to watch the game under way in the turn file file_name. */
KesselPbemDialog *kessel_pbem_dialog_new_watch (GtkWindow *parent, KesselSide side, const char *file_name);

KesselSide  kessel_pbem_dialog_get_side (KesselPbemDialog *self);
/* Who rolls the dice of a new game: the mover's program, unless chosen otherwise. */
KesselPbemDice kessel_pbem_dialog_get_dice (KesselPbemDialog *self);
void        kessel_pbem_dialog_set_dice (KesselPbemDialog *self, KesselPbemDice dice);
const char *kessel_pbem_dialog_get_password (KesselPbemDialog *self);
void        kessel_pbem_dialog_set_password (KesselPbemDialog *self, const char *password);
/* Emits "done" and closes, if the password is given (twice alike for a new game). */
void        kessel_pbem_dialog_accept (KesselPbemDialog *self);

G_END_DECLS
