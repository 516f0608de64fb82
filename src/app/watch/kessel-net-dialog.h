/* kessel-net-dialog.h: the dialog of Game ▸ Host a Network Game… and Join a
 * Network Game…: the side, the host's name or address, the port and the
 * game's password; and the password alone when a network game is taken up
 * again from its file. */
#pragma once

#include <gtk/gtk.h>
#include "kessel-types.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_NET_DIALOG (kessel_net_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KesselNetDialog, kessel_net_dialog, KESSEL, NET_DIALOG, GtkWindow)

/* Hosting asks the side, the port and the password; joining the side, the
 * host's name or address, the port and the password. */
KesselNetDialog *kessel_net_dialog_new (GtkWindow *parent, gboolean host);
/* Taking up the network game of file_name: the address (joining side),
 * the port and the password. */
KesselNetDialog *kessel_net_dialog_new_resume (GtkWindow *parent, gboolean host, const char *file_name,
                                               const char *address, guint16 port);

KesselSide  kessel_net_dialog_get_side (KesselNetDialog *self);
const char *kessel_net_dialog_get_address (KesselNetDialog *self);
guint16     kessel_net_dialog_get_port (KesselNetDialog *self);
const char *kessel_net_dialog_get_password (KesselNetDialog *self);
void        kessel_net_dialog_set_side (KesselNetDialog *self, KesselSide side);
void        kessel_net_dialog_set_address (KesselNetDialog *self, const char *address);
void        kessel_net_dialog_set_port (KesselNetDialog *self, guint16 port);
void        kessel_net_dialog_set_password (KesselNetDialog *self, const char *password);
/* The file the new game is to be kept in (shown to the player), or NULL. */
void        kessel_net_dialog_set_file (KesselNetDialog *self, const char *path);
const char *kessel_net_dialog_get_file (KesselNetDialog *self);
/* Emits "done" and closes, if a password (and, joining, an address) is given. */
void        kessel_net_dialog_accept (KesselNetDialog *self);

G_END_DECLS
