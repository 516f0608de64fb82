/* kessel-window-messages.c: the Messages tab of a game by e-mail: the lines
 * the players wrote each other, which travel in the turn files, and an
 * entry for lines to go with the turn being made. A network game has its
 * Chat tab instead (kessel-window-net.c). */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-window-private.h"

KesselChatPane *
kessel_window_get_messages_pane (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->messages_pane;
}

static gboolean
writing_turn (KesselPbem *pbem)
{
  KesselPbemStatus status = kessel_pbem_get_status (pbem);

  return status == KESSEL_PBEM_YOUR_MOVE || status == KESSEL_PBEM_SEND;
}

static void
message_written (KesselChatPane *pane, const char *text, KesselWindow *self)
{
  g_autofree char *rule = NULL;

  if (self->pbem == NULL || !writing_turn (self->pbem))
    {
      kessel_chat_pane_add_line (pane, _("Not sent"),
                                 _("Your turn file is made: write again when your opponent's next turn comes."));
      return;
    }
  if (!kessel_pbem_chat_text_valid (text))
    {
      rule = g_strdup_printf (_("A message line has 1 to %d characters."), KESSEL_PBEM_MAX_CHAT_CHARS);
      kessel_chat_pane_add_line (pane, _("Not sent"), rule);
      return;
    }
  if (!kessel_pbem_add_chat (self->pbem, text))
    {
      kessel_chat_pane_add_line (pane, _("Not sent"), _("This turn holds as many lines as a turn may."));
      return;
    }
  kessel_chat_pane_add_line (pane, _("You"), text);
}

static void
remove_tab (KesselWindow *self)
{
  if (self->messages_pane == NULL)
    return;
  gtk_notebook_remove_page (self->side_notebook,
                            gtk_notebook_page_num (self->side_notebook, GTK_WIDGET (self->messages_pane)));
  self->messages_pane = NULL;
}

/* The lines of the game's turns, the player's own as "You". */
static void
show_lines (KesselWindow *self)
{
  g_autoptr(GPtrArray) lines = kessel_pbem_get_chat (self->pbem);
  KesselSide side = kessel_pbem_get_side (self->pbem);

  kessel_chat_pane_clear (self->messages_pane);
  for (guint i = 0; i < lines->len; i++)
    {
      const KesselPbemChatLine *line = lines->pdata[i];

      kessel_chat_pane_add_line (self->messages_pane,
                                 line->side == side ? _("You") : kessel_side_display_name (line->side), line->text);
    }
  kessel_chat_pane_set_status (self->messages_pane,
                               _("What you write here goes to your opponent with your turn file."));
}

/* The tab follows the game by e-mail in play: there while there is one,
 * filled again for each turn opened or made. */
void
kessel_window_sync_messages (KesselWindow *self)
{
  gboolean wanted = self->pbem != NULL && self->pbem != self->net_pbem;

  if (!wanted)
    {
      remove_tab (self);
      g_clear_object (&self->messages_pbem);
      return;
    }
  if (self->messages_pbem == self->pbem && self->messages_pane != NULL)
    return;
  g_set_object (&self->messages_pbem, self->pbem);
  if (self->messages_pane == NULL)
    {
      self->messages_pane = KESSEL_CHAT_PANE (kessel_chat_pane_new ());
      gtk_notebook_append_page (self->side_notebook, GTK_WIDGET (self->messages_pane), gtk_label_new (_("Messages")));
      g_signal_connect (self->messages_pane, "send", G_CALLBACK (message_written), self);
    }
  show_lines (self);
}

void
kessel_window_dispose_messages (KesselWindow *self)
{
  if (self->messages_pane != NULL && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    remove_tab (self);
  self->messages_pane = NULL;
  g_clear_object (&self->messages_pbem);
}
