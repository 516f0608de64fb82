/* kessel-standing-orders-dialog.h: Game ▸ Standing Orders…, the choices a
 * player of a game by e-mail makes in advance for what the rules ask of his
 * side while his opponent moves. */
#pragma once

#include <gtk/gtk.h>
#include "kessel-standing-orders.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_STANDING_ORDERS_DIALOG (kessel_standing_orders_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KesselStandingOrdersDialog, kessel_standing_orders_dialog, KESSEL, STANDING_ORDERS_DIALOG,
                      GtkWindow)

/* Shows orders (NULL: every choice asked) of side, whose rows only are shown. */
KesselStandingOrdersDialog *kessel_standing_orders_dialog_new (GtkWindow *parent, KesselSide side,
                                                               const KesselStandingOrders *orders);

void kessel_standing_orders_dialog_get_orders (KesselStandingOrdersDialog *self, KesselStandingOrders *orders);
void kessel_standing_orders_dialog_set_orders (KesselStandingOrdersDialog *self, const KesselStandingOrders *orders);
/* Emits "done" with the orders shown, and closes. */
void kessel_standing_orders_dialog_accept (KesselStandingOrdersDialog *self);

G_END_DECLS
