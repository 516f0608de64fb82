/* kessel-thinking-bar.c: the computer's thinking indicator. */
#include "kessel-config.h"

#include "kessel-thinking-bar.h"

struct _KesselThinkingBar
{
  GtkBox parent_instance;

  KesselComputerOpponent *opponent;
  GtkSpinner *spinner;
  GtkLabel *label;
};

G_DEFINE_FINAL_TYPE (KesselThinkingBar, kessel_thinking_bar, GTK_TYPE_BOX)

/* Shown for the whole of the computer's turn, not only while a worker
 * thinks, so that it does not flicker between its actions. */
static void
update (KesselThinkingBar *self)
{
  g_autofree char *text = kessel_computer_opponent_describe (self->opponent);

  KesselSide side = kessel_computer_opponent_get_acting_side (self->opponent);

  gtk_label_set_text (self->label, text != NULL ? text : "");
  gtk_spinner_set_spinning (self->spinner, text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self), text != NULL);
  if (side == KESSEL_SIDE_GERMAN)
    gtk_widget_add_css_class (GTK_WIDGET (self), "thinking-bar-german");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "thinking-bar-german");
  if (side == KESSEL_SIDE_SOVIET)
    gtk_widget_add_css_class (GTK_WIDGET (self), "thinking-bar-soviet");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "thinking-bar-soviet");
}

static void
kessel_thinking_bar_dispose (GObject *object)
{
  KesselThinkingBar *self = KESSEL_THINKING_BAR (object);

  if (self->opponent != NULL)
    g_signal_handlers_disconnect_by_data (self->opponent, self);
  g_clear_object (&self->opponent);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_THINKING_BAR);
  G_OBJECT_CLASS (kessel_thinking_bar_parent_class)->dispose (object);
}

static void
kessel_thinking_bar_class_init (KesselThinkingBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_thinking_bar_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-thinking-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselThinkingBar, spinner);
  gtk_widget_class_bind_template_child (widget_class, KesselThinkingBar, label);
  /* Screen readers say when the computer starts and stops thinking. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
kessel_thinking_bar_init (KesselThinkingBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_thinking_bar_new (KesselComputerOpponent *opponent)
{
  KesselThinkingBar *self;

  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (opponent), NULL);
  self = g_object_new (KESSEL_TYPE_THINKING_BAR, NULL);
  self->opponent = g_object_ref (opponent);
  g_signal_connect_swapped (opponent, "notify::acting-side", G_CALLBACK (update), self);
  update (self);
  return GTK_WIDGET (self);
}

const char *
kessel_thinking_bar_get_text (KesselThinkingBar *self)
{
  g_return_val_if_fail (KESSEL_IS_THINKING_BAR (self), NULL);
  return gtk_label_get_text (self->label);
}
