/* kessel-chat-pane.c: the chat of a network game beside the log. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-chat-pane.h"

struct _KesselChatPane
{
  GtkBox parent_instance;

  GtkLabel *status;
  GtkScrolledWindow *scroller;
  GtkListBox *lines;
  GtkEntry *entry;
  guint n_lines;
};

G_DEFINE_FINAL_TYPE (KesselChatPane, kessel_chat_pane, GTK_TYPE_BOX)

enum {
  SEND,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
kessel_chat_pane_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_CHAT_PANE);
  G_OBJECT_CLASS (kessel_chat_pane_parent_class)->dispose (object);
}

static void
kessel_chat_pane_class_init (KesselChatPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_chat_pane_dispose;
  /* The player said a line: the text. */
  signals[SEND] = g_signal_new ("send", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-chat-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselChatPane, status);
  gtk_widget_class_bind_template_child (widget_class, KesselChatPane, scroller);
  gtk_widget_class_bind_template_child (widget_class, KesselChatPane, lines);
  gtk_widget_class_bind_template_child (widget_class, KesselChatPane, entry);
  gtk_widget_class_bind_template_callback (widget_class, kessel_chat_pane_send);
}

static void
kessel_chat_pane_init (KesselChatPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_chat_pane_new (void)
{
  return g_object_new (KESSEL_TYPE_CHAT_PANE, NULL);
}

void
kessel_chat_pane_set_status (KesselChatPane *self, const char *status)
{
  gtk_label_set_text (self->status, status);
}

static gboolean
scroll_to_end (gpointer data)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (data));

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return G_SOURCE_REMOVE;
}

void
kessel_chat_pane_add_line (KesselChatPane *self, const char *speaker, const char *text)
{
  /* Translators: a line of chat: who said it, then what he said. */
  g_autofree char *line = g_strdup_printf (_("%s: %s"), speaker, text);
  GtkWidget *label = gtk_label_new (line);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_list_box_append (self->lines, label);
  self->n_lines++;
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_end, g_object_ref (self->scroller), g_object_unref);
}

void
kessel_chat_pane_clear (KesselChatPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lines))) != NULL)
    gtk_list_box_remove (self->lines, child);
  self->n_lines = 0;
}

guint
kessel_chat_pane_get_n_lines (KesselChatPane *self)
{
  return self->n_lines;
}

void
kessel_chat_pane_send (KesselChatPane *self)
{
  g_autofree char *text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));

  if (text[0] == '\0')
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  g_signal_emit (self, signals[SEND], 0, text);
}

void
kessel_chat_pane_set_entry_text (KesselChatPane *self, const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
}
