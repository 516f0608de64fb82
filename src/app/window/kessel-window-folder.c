/* kessel-window-folder.c: Game ▸ Shared Turn Folder…, a folder (such as a
 * synced cloud folder) that the window watches while a game by e-mail waits
 * for the opponent's turn, offering the turn as soon as its file appears. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-window-private.h"

/* The longest folder name kept. */
#define MAX_FOLDER 4096

char *
kessel_window_get_turn_folder (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return kessel_window_read_game_note (self, "turn-folder", MAX_FOLDER);
}

static void
offer_response (GtkDialog    *dialog,
                int           response,
                KesselWindow *self)
{
  g_autofree char *path = g_strdup (g_object_get_data (G_OBJECT (dialog), "path"));
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && kessel_window_ask_received_turn (self, path, &error) == NULL && error != NULL)
    kessel_window_show_error (self, _("The turn was not opened"), error->message);
}

/* Offers the file at path if it is the opponent's next turn of the game
 * in play; whether it was offered. */
static gboolean
offer_turn (KesselWindow *self,
            const char   *path)
{
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autofree char *base = NULL;
  GtkWidget *dialog;

  if (self->pbem == NULL || kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_SENT
      || !g_str_has_suffix (path, KESSEL_PBEM_FILE_SUFFIX) || g_strcmp0 (path, self->offered_turn) == 0)
    return FALSE;
  /* A file still being written, or another game's, is passed over. */
  header = kessel_pbem_peek (path, NULL);
  if (header == NULL || g_strcmp0 (header->game_id, kessel_pbem_get_game_id (self->pbem)) != 0
      || header->receiver != kessel_pbem_get_side (self->pbem)
      || header->last_turn <= kessel_pbem_get_turn_number (self->pbem))
    return FALSE;
  kessel_window_replace_string (&self->offered_turn, path);
  base = g_path_get_basename (path);
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Turn %d has come from the %s player"), header->last_turn,
                                   kessel_side_display_name (kessel_side_enemy (header->receiver)));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), _("%s is in the shared turn folder."), base);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Later"), GTK_RESPONSE_CLOSE,
                          _("_Open the Turn"), GTK_RESPONSE_ACCEPT, NULL);
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (offer_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* A turn that came while the folder was not watched is offered at once. */
static void
offer_waiting_turn (KesselWindow *self,
                    const char   *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  gboolean offered = FALSE;

  while (dir != NULL && !offered && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      offered = offer_turn (self, path);
    }
}

static void
folder_changed (GFileMonitor      *monitor,
                GFile             *file,
                GFile             *other,
                GFileMonitorEvent  event,
                KesselWindow      *self)
{
  /* Files written whole, or renamed into place, as turn files are. */
  GFile *written = event == G_FILE_MONITOR_EVENT_RENAMED ? other : file;
  g_autofree char *path = NULL;

  if (event != G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT && event != G_FILE_MONITOR_EVENT_MOVED_IN
      && event != G_FILE_MONITOR_EVENT_RENAMED)
    return;
  if (written != NULL && (path = g_file_get_path (written)) != NULL)
    offer_turn (self, path);
}

void
kessel_window_watch_turn_folder (KesselWindow *self)
{
  g_autofree char *folder = NULL;
  g_autoptr(GFile) directory = NULL;

  g_return_if_fail (KESSEL_IS_WINDOW (self));
  if (self->turn_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->turn_monitor, self);
      g_clear_object (&self->turn_monitor);
    }
  if ((folder = kessel_window_get_turn_folder (self)) == NULL)
    return;
  directory = g_file_new_for_path (folder);
  self->turn_monitor = g_file_monitor_directory (directory, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->turn_monitor != NULL)
    g_signal_connect (self->turn_monitor, "changed", G_CALLBACK (folder_changed), self);
  offer_waiting_turn (self, folder);
}

gboolean
kessel_window_set_turn_folder (KesselWindow  *self,
                               const char    *folder,
                               GError       **error)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if (!g_path_is_absolute (folder) || !g_file_test (folder, G_FILE_TEST_IS_DIR) || strchr (folder, '\n') != NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, _("%s is not a folder."), folder);
      return FALSE;
    }
  if (!kessel_window_write_game_note (self, "turn-folder", folder, error))
    return FALSE;
  kessel_window_watch_turn_folder (self);
  return TRUE;
}

static void
folder_chooser_response (GtkNativeDialog *chooser,
                         int              response,
                         KesselWindow    *self)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser)) : NULL;
  g_autofree char *path = file ? g_file_get_path (file) : NULL;
  g_autoptr(GError) error = NULL;

  g_clear_object (&self->chooser);
  if (response == GTK_RESPONSE_ACCEPT && (path == NULL || !kessel_window_set_turn_folder (self, path, &error)))
    kessel_window_show_error (self, _("The folder was not kept"), error ? error->message : _("Not a local file."));
}

void
kessel_window_turn_folder_activated (GSimpleAction *action,
                                     GVariant      *parameter,
                                     gpointer       user_data)
{
  KesselWindow *self = user_data;

  if (self->pbem == NULL || self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Shared Turn Folder"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Use This Folder"), _("_Cancel"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (folder_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}
