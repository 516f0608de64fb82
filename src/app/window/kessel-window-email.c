/* kessel-window-email.c: Game ▸ Send by E-mail…, the turn file written last
 * handed to the user's mail program with the opponent's address, which is
 * asked once and kept in the game's data folder. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-window-private.h"

/* The longest address kept: more than any mail system takes. */
#define MAX_ADDRESS 254

/* Whether text can be given to xdg-email as an address: one word with an
 * @, no option, no control character. */
static gboolean
is_address (const char *text)
{
  if (text == NULL || text[0] == '\0' || text[0] == '-' || strlen (text) > MAX_ADDRESS
      || strchr (text, '@') == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (g_ascii_isspace (*c) || g_ascii_iscntrl (*c))
      return FALSE;
  return TRUE;
}

char *
kessel_window_get_opponent_address (KesselWindow *self)
{
  g_autofree char *address = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  address = kessel_window_read_game_note (self, "opponent-address", MAX_ADDRESS);
  return is_address (address) ? g_steal_pointer (&address) : NULL;
}

gboolean
kessel_window_set_opponent_address (KesselWindow  *self,
                                    const char    *address,
                                    GError       **error)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if (!is_address (address))
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE,
                   _("An e-mail address is one word with an @, such as name@example.org."));
      return FALSE;
    }
  return kessel_window_write_game_note (self, "opponent-address", address, error);
}

gboolean
kessel_window_email_pbem_turn (KesselWindow  *self,
                               GError       **error)
{
  g_autofree char *program = g_find_program_in_path ("xdg-email");
  g_autofree char *address = NULL;
  g_autofree char *base = NULL;
  g_autofree char *subject = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if (self->pbem == NULL || self->pbem_sent_file == NULL)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER,
                   _("No turn file was written yet: save your turn first."));
      return FALSE;
    }
  if (program == NULL)
    {
      g_set_error (error, G_SPAWN_ERROR, G_SPAWN_ERROR_NOENT,
                   _("The program xdg-email, which opens your mail program, is not installed (Debian's package xdg-utils). Attach %s to an e-mail yourself."),
                   self->pbem_sent_file);
      return FALSE;
    }
  if ((address = kessel_window_get_opponent_address (self)) == NULL)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER, _("Your opponent's e-mail address is not known yet."));
      return FALSE;
    }
  base = g_path_get_basename (self->pbem_sent_file);
  /* Translators: the subject of the e-mail that carries a turn file. */
  subject = g_strdup_printf (_("Kessel: %s"), base);
  {
    const char *argv[] = { program, "--attach", self->pbem_sent_file, "--subject", subject, address, NULL };

    return g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, error);
  }
}

static void
address_response (GtkDialog    *dialog,
                  int           response,
                  KesselWindow *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT
      && (!kessel_window_set_opponent_address (self, gtk_editable_get_text (entry), &error)
          || !kessel_window_email_pbem_turn (self, &error)))
    kessel_window_show_error (self, _("The turn was not sent"), error->message);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Asks the opponent's address, once a game. */
static GtkWidget *
ask_address (KesselWindow *self)
{
  const char *opponent = kessel_side_display_name (kessel_side_enemy (kessel_pbem_get_side (self->pbem)));
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                              _("The %s player's e-mail address"), opponent);
  GtkWidget *entry = gtk_entry_new ();

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("It is kept with this game, so that each turn goes to it."));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_EMAIL);
  gtk_entry_set_max_length (GTK_ENTRY (entry), MAX_ADDRESS);
  gtk_box_append (GTK_BOX (gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog))), entry);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Send"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect (dialog, "response", G_CALLBACK (address_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_email_pbem_turn_activated (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autofree char *address = NULL;
  g_autofree char *program = g_find_program_in_path ("xdg-email");
  g_autoptr(GError) error = NULL;

  if (self->pbem == NULL)
    return;
  if (program != NULL && self->pbem_sent_file != NULL && (address = kessel_window_get_opponent_address (self)) == NULL)
    ask_address (self);
  else if (!kessel_window_email_pbem_turn (self, &error))
    kessel_window_show_error (self, _("The turn was not sent"), error->message);
}
