/* kessel-standing-orders-dialog.c: the standing orders of a game by e-mail. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-standing-orders-dialog.h"

struct _KesselStandingOrdersDialog
{
  GtkWindow parent_instance;

  KesselStandingOrders orders;   /* what the dialog does not show is kept as given */
  GtkDropDown *losses;
  GtkCheckButton *spare_last_step;
  GtkWidget *retreat_label;
  GtkDropDown *retreat;
  GtkCheckButton *retreat_supply;
  GtkCheckButton *retreat_towns;
  GtkCheckButton *retreat_away;
  GtkWidget *defence_label;
  GtkDropDown *defence;
  GtkDropDown *defence_odds;
  GtkWidget *defence_cas_label;
  GtkSpinButton *defence_cas;
  GtkCheckButton *defence_artillery;
  GtkDropDown *eliminate;
  GtkWidget *returns_label;
  GtkDropDown *returns;
};

G_DEFINE_FINAL_TYPE (KesselStandingOrdersDialog, kessel_standing_orders_dialog, GTK_TYPE_WINDOW)

enum {
  DONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The rows of an order that decides nothing while it asks are inactive then. */
static void
update_sensitivity (KesselStandingOrdersDialog *self)
{
  gboolean retreats = gtk_drop_down_get_selected (self->retreat) != 0;
  guint defence = gtk_drop_down_get_selected (self->defence);
  gboolean supports = defence == KESSEL_DEFENCE_ORDER_AT_ODDS || defence == KESSEL_DEFENCE_ORDER_ALWAYS;

  gtk_widget_set_sensitive (GTK_WIDGET (self->spare_last_step), gtk_drop_down_get_selected (self->losses) != 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->retreat_supply), retreats);
  gtk_widget_set_sensitive (GTK_WIDGET (self->retreat_towns), retreats);
  gtk_widget_set_sensitive (GTK_WIDGET (self->retreat_away), retreats);
  gtk_widget_set_sensitive (GTK_WIDGET (self->defence_odds), defence == KESSEL_DEFENCE_ORDER_AT_ODDS);
  gtk_widget_set_sensitive (GTK_WIDGET (self->defence_cas), supports);
  gtk_widget_set_sensitive (GTK_WIDGET (self->defence_artillery), supports);
}

static void
restore_defaults (KesselStandingOrdersDialog *self)
{
  KesselStandingOrders defaults;

  kessel_standing_orders_init_defaults (&defaults);
  kessel_standing_orders_dialog_set_orders (self, &defaults);
}

static void
kessel_standing_orders_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_STANDING_ORDERS_DIALOG);
  G_OBJECT_CLASS (kessel_standing_orders_dialog_parent_class)->dispose (object);
}

static void
kessel_standing_orders_dialog_class_init (KesselStandingOrdersDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_standing_orders_dialog_dispose;
  /* The player chose these orders; the dialog closes after it. */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-standing-orders-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, losses);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, spare_last_step);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, retreat_label);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, retreat);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, retreat_supply);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, retreat_towns);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, retreat_away);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence_label);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence_odds);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence_cas_label);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence_cas);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, defence_artillery);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, eliminate);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, returns_label);
  gtk_widget_class_bind_template_child (widget_class, KesselStandingOrdersDialog, returns);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, update_sensitivity);
  gtk_widget_class_bind_template_callback (widget_class, restore_defaults);
  gtk_widget_class_bind_template_callback (widget_class, kessel_standing_orders_dialog_accept);
}

static void
kessel_standing_orders_dialog_init (KesselStandingOrdersDialog *self)
{
  g_autoptr(GtkStringList) odds = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (KesselOdds column = 0; column < KESSEL_N_ODDS; column++)
    gtk_string_list_append (odds, kessel_odds_to_string (column));
  gtk_drop_down_set_model (self->defence_odds, G_LIST_MODEL (odds));
}

/* Shows only the rows of orders the rules can ask of side. */
static void
show_rows_of (KesselStandingOrdersDialog *self, KesselSide side)
{
  GtkWidget *german[] = {
    self->retreat_label, GTK_WIDGET (self->retreat), GTK_WIDGET (self->retreat_supply),
    GTK_WIDGET (self->retreat_towns), GTK_WIDGET (self->retreat_away), self->defence_label,
    GTK_WIDGET (self->defence), GTK_WIDGET (self->defence_odds), self->defence_cas_label,
    GTK_WIDGET (self->defence_cas), GTK_WIDGET (self->defence_artillery),
  };

  /* 13.9: the German player chooses every retreat; 13.1: only he supports a defence. */
  for (guint i = 0; i < G_N_ELEMENTS (german); i++)
    gtk_widget_set_visible (german[i], side == KESSEL_SIDE_GERMAN);
  /* 11.2: only Soviet rifle corps return. */
  gtk_widget_set_visible (self->returns_label, side == KESSEL_SIDE_SOVIET);
  gtk_widget_set_visible (GTK_WIDGET (self->returns), side == KESSEL_SIDE_SOVIET);
}

KesselStandingOrdersDialog *
kessel_standing_orders_dialog_new (GtkWindow *parent, KesselSide side, const KesselStandingOrders *orders)
{
  KesselStandingOrdersDialog *self = g_object_new (KESSEL_TYPE_STANDING_ORDERS_DIALOG, "transient-for", parent,
                                                   "destroy-with-parent", TRUE, NULL);
  KesselStandingOrders asked;

  kessel_standing_orders_init_ask (&asked);
  kessel_standing_orders_dialog_set_orders (self, orders ? orders : &asked);
  show_rows_of (self, side);
  return self;
}

void
kessel_standing_orders_dialog_set_orders (KesselStandingOrdersDialog *self, const KesselStandingOrders *orders)
{
  g_return_if_fail (KESSEL_IS_STANDING_ORDERS_DIALOG (self));
  self->orders = *orders;
  gtk_drop_down_set_selected (self->losses, orders->losses);
  gtk_check_button_set_active (self->spare_last_step, orders->spare_last_step);
  gtk_drop_down_set_selected (self->retreat, orders->retreat ? 1 : 0);
  gtk_check_button_set_active (self->retreat_supply, orders->retreat_supply);
  gtk_check_button_set_active (self->retreat_towns, orders->retreat_towns);
  gtk_check_button_set_active (self->retreat_away, orders->retreat_away);
  gtk_drop_down_set_selected (self->defence, orders->defence);
  gtk_drop_down_set_selected (self->defence_odds, orders->defence_odds);
  gtk_spin_button_set_value (self->defence_cas, orders->defence_cas);
  gtk_check_button_set_active (self->defence_artillery, orders->defence_artillery);
  gtk_drop_down_set_selected (self->eliminate, orders->eliminate);
  gtk_drop_down_set_selected (self->returns, orders->returns);
  update_sensitivity (self);
}

void
kessel_standing_orders_dialog_get_orders (KesselStandingOrdersDialog *self, KesselStandingOrders *orders)
{
  g_return_if_fail (KESSEL_IS_STANDING_ORDERS_DIALOG (self));
  *orders = self->orders;
  orders->losses = gtk_drop_down_get_selected (self->losses);
  orders->spare_last_step = gtk_check_button_get_active (self->spare_last_step);
  orders->retreat = gtk_drop_down_get_selected (self->retreat) != 0;
  orders->retreat_supply = gtk_check_button_get_active (self->retreat_supply);
  orders->retreat_towns = gtk_check_button_get_active (self->retreat_towns);
  orders->retreat_away = gtk_check_button_get_active (self->retreat_away);
  orders->defence = gtk_drop_down_get_selected (self->defence);
  orders->defence_odds = gtk_drop_down_get_selected (self->defence_odds);
  orders->defence_cas = gtk_spin_button_get_value_as_int (self->defence_cas);
  orders->defence_artillery = gtk_check_button_get_active (self->defence_artillery);
  orders->eliminate = gtk_drop_down_get_selected (self->eliminate);
  orders->returns = gtk_drop_down_get_selected (self->returns);
}

void
kessel_standing_orders_dialog_accept (KesselStandingOrdersDialog *self)
{
  g_return_if_fail (KESSEL_IS_STANDING_ORDERS_DIALOG (self));
  g_signal_emit (self, signals[DONE], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
