/* kessel-chat-pane.h: the Chat tab of a network game: the state of the
 * connection, the lines said so far, and an entry to say one more. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KESSEL_TYPE_CHAT_PANE (kessel_chat_pane_get_type ())
G_DECLARE_FINAL_TYPE (KesselChatPane, kessel_chat_pane, KESSEL, CHAT_PANE, GtkBox)

GtkWidget *kessel_chat_pane_new (void);
/* The connection's state in words, such as "Connection lost: reconnecting…". */
void       kessel_chat_pane_set_status (KesselChatPane *self, const char *status);
void       kessel_chat_pane_add_line (KesselChatPane *self, const char *speaker, const char *text);
void       kessel_chat_pane_clear (KesselChatPane *self);
/* The number of lines shown. */
guint      kessel_chat_pane_get_n_lines (KesselChatPane *self);
/* Says the entry's text: emits "send" with it and empties the entry. */
void       kessel_chat_pane_send (KesselChatPane *self);
void       kessel_chat_pane_set_entry_text (KesselChatPane *self, const char *text);

G_END_DECLS
