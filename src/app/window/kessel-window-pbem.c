/* kessel-window-pbem.c: games by e-mail in the window: a new one, the turn
 * files sent and received, and the passwords asked with the map covered. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-data-paths.h"
#include "kessel-file.h"
#include "kessel-window-private.h"

const char *
kessel_window_pbem_data_dir (KesselWindow *self)
{
  return self->pbem_data_dir ? self->pbem_data_dir : g_get_user_data_dir ();
}

void
kessel_window_set_pbem_data_dir (KesselWindow *self,
                                 const char   *data_dir)
{
  g_return_if_fail (KESSEL_IS_WINDOW (self));
  kessel_window_replace_string (&self->pbem_data_dir, data_dir);
}

KesselPbem *
kessel_window_get_pbem (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->pbem;
}

/* The file of a note kept with the game by e-mail in play, in its data folder. */
static char *
game_note_path (KesselWindow *self,
                const char   *name)
{
  return g_build_filename (kessel_window_pbem_data_dir (self), "kessel", "pbem",
                           kessel_pbem_get_game_id (self->pbem), name, NULL);
}

char *
kessel_window_read_game_note (KesselWindow *self,
                              const char   *name,
                              gsize         max_size)
{
  const KesselFileLimits limits = {
    max_size + 1, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, KESSEL_PBEM_ERROR_FILE,
    _("the file is larger than a note of the game may be"),
  };
  g_autofree char *path = NULL;
  char *contents = NULL;
  gsize length;

  if (self->pbem == NULL)
    return NULL;
  path = game_note_path (self, name);
  if (!g_file_test (path, G_FILE_TEST_EXISTS) || !kessel_file_read (path, &limits, &contents, &length, NULL))
    return NULL;
  return g_strchomp (contents);
}

gboolean
kessel_window_write_game_note (KesselWindow  *self,
                               const char    *name,
                               const char    *text,
                               GError       **error)
{
  g_autofree char *path = NULL;
  g_autofree char *line = NULL;

  if (self->pbem == NULL)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER, _("No game by e-mail is in play."));
      return FALSE;
    }
  path = game_note_path (self, name);
  line = g_strdup_printf ("%s\n", text);
  return kessel_file_replace (path, line, strlen (line), NULL, NULL, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, error);
}

/* Shows pbem's game (none before its opening dice), played at this screen by its side. */
static void
play_by_email (KesselWindow *self,
               KesselPbem   *pbem)
{
  g_set_object (&self->pbem, pbem);
  kessel_window_set_game (self, kessel_pbem_get_game (pbem), NULL);
  self->game_dirty = FALSE;
  kessel_window_update_title (self);
  kessel_window_sync_play_actions (self);
  kessel_window_watch_turn_folder (self);
}

/* The scenario shown, which a new game by e-mail is played on. */
static KesselScenario *
pbem_scenario (KesselWindow  *self,
               GError       **error)
{
  KesselScenario *scenario = kessel_window_get_scenario (self);

  if (scenario == NULL)
    g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_SCENARIO, _("Open the game's scenario first."));
  return scenario;
}

/* The unchanged scenario a received game is played on: the one shown, or
 * the file it names among the program's scenarios, the user's, or beside
 * the turn file. */
/* The folders of the player's own scenarios: the program's and his. */
static void
own_scenario_folders (char **program_folder,
                      char **user_folder)
{
  g_autofree char *shipped = kessel_data_paths_find_default_scenario ();

  *program_folder = shipped ? g_path_get_dirname (shipped) : NULL;
  *user_folder = kessel_data_paths_get_user_scenario_folder ();
}

KesselScenario *
kessel_window_find_game_scenario (KesselWindow            *self,
                                  const char              *turn_path,
                                  const KesselPbemHeader  *header,
                                  GError                 **error)
{
  KesselScenario *shown = kessel_window_get_scenario (self);
  g_autofree char *program_folder = NULL;
  g_autofree char *user_folder = NULL;
  g_autofree char *turn_folder = g_path_get_dirname (turn_path);
  const char *folders[3];
  KesselScenario *found;

  own_scenario_folders (&program_folder, &user_folder);
  folders[0] = program_folder;
  folders[1] = user_folder;
  folders[2] = turn_folder;

  if (shown != NULL && kessel_pbem_header_matches (header, shown))
    return g_object_ref (shown);
  found = kessel_pbem_find_scenario (header, folders, G_N_ELEMENTS (folders), NULL);
  if (found == NULL)
    {
      g_autofree char *title = kessel_text_cut (header->scenario_title, KESSEL_MESSAGE_MAX_QUOTE);
      g_autofree char *file = kessel_text_cut (header->scenario_file, KESSEL_MESSAGE_MAX_QUOTE);

      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_SCENARIO,
                   _("This game is played on the scenario “%s” (%s), and no unchanged copy of it was found. Open that scenario with Game ▸ Open, then open the turn again."),
                   title, file);
    }
  return found;
}

static void
remember_turn_file (KesselWindow *self,
                    const char   *path)
{
  kessel_window_replace_string (&self->pbem_turn_file, path);
  kessel_window_sync_play_actions (self);
}

gboolean
kessel_window_new_pbem_game (KesselWindow  *self,
                             KesselSide     side,
                             const char    *password,
                             GError       **error)
{
  KesselScenario *scenario;
  g_autoptr(KesselPbem) pbem = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if ((scenario = pbem_scenario (self, error)) == NULL)
    return FALSE;
  pbem = kessel_pbem_new (scenario, side, password, kessel_window_pbem_data_dir (self), error);
  if (pbem == NULL)
    return FALSE;
  play_by_email (self, pbem);
  return TRUE;
}

gboolean
kessel_window_open_pbem_turn (KesselWindow  *self,
                              const char    *path,
                              const char    *password,
                              GError       **error)
{
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if ((header = kessel_pbem_peek (path, error)) == NULL
      || (scenario = kessel_window_find_game_scenario (self, path, header, error)) == NULL)
    return FALSE;
  pbem = kessel_pbem_open (path, scenario, password, kessel_window_pbem_data_dir (self), &local_error);
  /* Answered before: the answer can be written again. */
  if (pbem != NULL || g_error_matches (local_error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ANSWERED))
    remember_turn_file (self, path);
  if (pbem == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  kessel_window_set_editing (self, FALSE);
  if (scenario != kessel_window_get_scenario (self))
    {
      kessel_window_set_game (self, NULL, NULL);
      kessel_window_show_scenario (self, scenario);
    }
  play_by_email (self, pbem);
  /* What the opponent did is shown first, as a replay from his first action. */
  if (self->game != NULL && kessel_pbem_get_received_start (pbem) >= 0)
    kessel_window_show_replay (self, self->game, kessel_pbem_get_received_start (pbem));
  g_signal_emit_by_name (self, "pbem-turn-opened", kessel_pbem_get_received_start (pbem));
  return TRUE;
}

gboolean
kessel_window_send_pbem_turn (KesselWindow  *self,
                              const char    *path,
                              GError       **error)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if (self->pbem == NULL)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER, _("No game by e-mail is in play."));
      return FALSE;
    }
  if (!kessel_pbem_send (self->pbem, path, error))
    return FALSE;
  kessel_window_replace_string (&self->pbem_sent_file, path);
  remember_turn_file (self, path);
  self->game_dirty = FALSE;   /* the turn file and its copy keep every move */
  kessel_window_update_title (self);
  kessel_play_panel_set_pbem (self->play_panel, self->pbem);
  kessel_window_sync_play_actions (self);
  return TRUE;
}

static void
sent_response (GtkDialog    *dialog,
               int           response,
               KesselWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    g_action_group_activate_action (G_ACTION_GROUP (self), "email-pbem-turn", NULL);
}

static void
show_sent (KesselWindow *self,
           const char   *path)
{
  g_autofree char *base = g_path_get_basename (path);
  const char *opponent = kessel_side_display_name (kessel_side_enemy (kessel_pbem_get_side (self->pbem)));
  g_autofree char *primary = g_strdup_printf (_("Send %s to the %s player"), base, opponent);
  g_autofree char *secondary = g_strdup_printf (_("Attach the file to an e-mail to your opponent, or let Send by E-mail do it. When the answer comes, open it with Game ▸ Open Received Turn. The file is in %s."),
                                                path);
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_INFO, GTK_BUTTONS_NONE, "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), C_("button", "_Close"), GTK_RESPONSE_CLOSE,
                          _("Send by _E-mail…"), GTK_RESPONSE_ACCEPT, NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (sent_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The local file chosen, or NULL; the chooser is done with. */
static char *
chosen_path (KesselWindow    *self,
             GtkNativeDialog *chooser,
             int              response,
             gboolean        *accepted)
{
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser)) : NULL;

  *accepted = response == GTK_RESPONSE_ACCEPT;
  g_clear_object (&self->chooser);
  return file ? g_file_get_path (file) : NULL;
}

/* Asks where to write a turn file, offering name; response gets the answer. */
static void
choose_turn_file (KesselWindow *self,
                  const char   *title,
                  const char   *name,
                  GCallback     response)
{
  g_autofree char *shared = kessel_window_get_turn_folder (self);

  self->chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"), _("_Cancel"));
  /* A shared turn folder is where the opponent's program looks. */
  if (shared != NULL)
    {
      g_autoptr(GFile) folder = g_file_new_for_path (shared);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", response, self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
send_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       KesselWindow    *self)
{
  gboolean accepted;
  g_autofree char *path = chosen_path (self, chooser, response, &accepted);
  g_autoptr(GError) error = NULL;

  if (accepted && (path == NULL || !kessel_window_send_pbem_turn (self, path, &error)))
    kessel_window_show_error (self, _("The turn was not written"), error ? error->message : _("Not a local file."));
  else if (accepted && self->close_after_save)
    gtk_window_close (GTK_WINDOW (self));   /* asked for on closing */
  else if (accepted)
    show_sent (self, path);
  self->close_after_save = FALSE;
}

void
kessel_window_send_pbem_turn_activated (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autofree char *name = NULL;

  if (self->pbem == NULL || self->chooser != NULL)
    return;
  if (kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_SEND)
    {
      kessel_window_show_error (self, _("No turn to send"),
                                kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_YOUR_MOVE
                                ? _("Your part is not done yet: play it to its end, and the program asks for the turn file.")
                                : _("Your turn is written already. A copy of every file you sent is kept in your data folder, under kessel/pbem."));
      return;
    }
  name = kessel_pbem_file_name (self->pbem);
  choose_turn_file (self, _("Save the Turn File"), name, G_CALLBACK (send_chooser_response));
}

/* Asks where to write the first turn, once the orders are shown. */
static void
first_orders_closed (KesselWindow *self)
{
  if (self->pbem != NULL && kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND)
    g_action_group_activate_action (G_ACTION_GROUP (self), "send-pbem-turn", NULL);
}

static void
new_pbem_chosen (KesselPbemDialog *dialog,
                 KesselWindow     *self)
{
  g_autoptr(GError) error = NULL;
  KesselStandingOrdersDialog *orders;

  if (!kessel_window_new_pbem_game (self, kessel_pbem_dialog_get_side (dialog),
                                    kessel_pbem_dialog_get_password (dialog), &error))
    {
      kessel_window_show_error (self, _("Could not start the game by e-mail"), error->message);
      return;
    }
  kessel_pbem_set_dice (self->pbem, kessel_pbem_dialog_get_dice (dialog));
  /* The orders go with the first turn: the player sees them before it is written. */
  orders = kessel_window_show_standing_orders (self);
  g_signal_connect_object (orders, "destroy", G_CALLBACK (first_orders_closed), self, G_CONNECT_SWAPPED);
}

static void
orders_chosen (KesselStandingOrdersDialog *dialog,
               KesselWindow               *self)
{
  KesselStandingOrders orders;

  if (self->pbem == NULL)
    return;
  kessel_standing_orders_dialog_get_orders (dialog, &orders);
  kessel_pbem_set_orders (self->pbem, &orders);
}

KesselStandingOrdersDialog *
kessel_window_show_standing_orders (KesselWindow *self)
{
  KesselStandingOrdersDialog *dialog;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if (self->pbem == NULL)
    return NULL;
  dialog = kessel_standing_orders_dialog_new (GTK_WINDOW (self), kessel_pbem_get_side (self->pbem),
                                              kessel_pbem_get_orders (self->pbem));
  g_signal_connect_object (dialog, "done", G_CALLBACK (orders_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_standing_orders_activated (GSimpleAction *action,
                                         GVariant      *parameter,
                                         gpointer       user_data)
{
  kessel_window_show_standing_orders (user_data);
}

KesselPbemDialog *
kessel_window_show_new_pbem_dialog (KesselWindow *self)
{
  KesselPbemDialog *dialog;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  dialog = kessel_pbem_dialog_new_game (GTK_WINDOW (self));
  g_signal_connect_object (dialog, "done", G_CALLBACK (new_pbem_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_new_pbem_game_activated (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       user_data)
{
  if (!kessel_window_ask_before_replacing (user_data, NULL))
    kessel_window_show_new_pbem_dialog (user_data);
}

gboolean
kessel_window_save_pbem_turn_again (KesselWindow  *self,
                                    const char    *path,
                                    GError       **error)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  if (self->pbem_turn_file == NULL)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER, _("No game by e-mail was opened or sent."));
      return FALSE;
    }
  return kessel_pbem_save_again (self->pbem_turn_file, kessel_window_pbem_data_dir (self), path, NULL, error);
}

static void
again_chooser_response (GtkNativeDialog *chooser,
                        int              response,
                        KesselWindow    *self)
{
  gboolean accepted;
  g_autofree char *path = chosen_path (self, chooser, response, &accepted);
  g_autoptr(GError) error = NULL;

  if (accepted && (path == NULL || !kessel_window_save_pbem_turn_again (self, path, &error)))
    kessel_window_show_error (self, _("The turn was not written"), error ? error->message : _("Not a local file."));
  else if (accepted)
    {
      kessel_window_replace_string (&self->pbem_sent_file, path);
      kessel_window_sync_play_actions (self);
      show_sent (self, path);
    }
}

void
kessel_window_save_pbem_turn_again_activated (GSimpleAction *action,
                                              GVariant      *parameter,
                                              gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autofree char *name = NULL;

  if (self->pbem_turn_file == NULL || self->chooser != NULL)
    return;
  header = kessel_pbem_peek (self->pbem_turn_file, NULL);
  name = g_strdup_printf ("kessel-%.8s-turn-again" KESSEL_PBEM_FILE_SUFFIX, header ? header->game_id : "");
  choose_turn_file (self, _("Save the Turn File Again"), name, G_CALLBACK (again_chooser_response));
}

static void
answered_response (GtkDialog    *dialog,
                   int           response,
                   KesselWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    g_action_group_activate_action (G_ACTION_GROUP (self), "save-pbem-turn-again", NULL);
}

/* A file answered before: its answer may not have reached the opponent. */
static void
offer_save_again (KesselWindow *self,
                  const char   *message)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_INFO, GTK_BUTTONS_NONE, "%s",
                                              _("You answered this turn already"));

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", message);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), C_("button", "_Close"), GTK_RESPONSE_CLOSE,
                          _("Save the Turn File A_gain…"), GTK_RESPONSE_ACCEPT, NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (answered_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
received_password_given (KesselPbemDialog *dialog,
                         KesselWindow     *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");
  g_autoptr(GError) error = NULL;

  if (kessel_window_open_pbem_turn (self, path, kessel_pbem_dialog_get_password (dialog), &error))
    {
      /* A player joining the game sees the orders his first turn sends. */
      if (kessel_pbem_get_turn_number (self->pbem) == 2)
        kessel_window_show_standing_orders (self);
      return;
    }
  if (g_error_matches (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ANSWERED))
    offer_save_again (self, error->message);
  else
    kessel_window_show_error (self, _("The turn was not opened"), error->message);
}

static void
received_dialog_closed (KesselWindow *self)
{
  /* Uncovered for the game now shown, or for what was shown before. */
  kessel_map_view_set_cover (self->map_view, NULL);
  if (self->game != NULL)
    kessel_play_panel_set_pbem (self->play_panel, self->pbem);
}

/* Asks the password of the player the turn at path is for. */
static KesselPbemDialog *
ask_password (KesselWindow           *self,
              const char             *path,
              const KesselPbemHeader *header)
{
  KesselPbemDialog *dialog;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *heading = NULL;

  /* Nothing of the game is in sight until the right player gives the password. */
  heading = g_strdup_printf (_("A turn for the %s player"), kessel_side_display_name (header->receiver));
  kessel_map_view_set_cover (self->map_view, heading);
  dialog = kessel_pbem_dialog_new_password (GTK_WINDOW (self), header->receiver, base, header->last_turn == 1);
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect_object (dialog, "done", G_CALLBACK (received_password_given), self, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (received_dialog_closed), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
scenario_response (GtkDialog    *dialog,
                   int           response,
                   KesselWindow *self)
{
  const char *path = g_object_get_data (G_OBJECT (dialog), "path");
  g_autoptr(KesselPbemHeader) header = response == GTK_RESPONSE_ACCEPT ? kessel_pbem_peek (path, NULL) : NULL;

  if (header != NULL)
    ask_password (self, path, header);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Shows what differs between the game's scenario and the player's copy
 * (or that he has none), with Accept and Refuse. */
static void
ask_to_accept_scenario (KesselWindow           *self,
                        const char             *path,
                        const KesselPbemHeader *header,
                        GPtrArray              *lines,
                        gboolean                have_copy)
{
  g_autofree char *title = kessel_text_cut (header->scenario_title, KESSEL_MESSAGE_MAX_QUOTE);
  g_autofree char *file = kessel_text_cut (header->scenario_file, KESSEL_MESSAGE_MAX_QUOTE);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *dialog;

  if (have_copy)
    g_string_append_printf (text, _("The game's scenario “%s” (%s) came with the turn file and differs from your copy of it:"),
                            title, file);
  else
    g_string_append_printf (text, _("The game is played on the scenario “%s” (%s), which you do not have: it came with the turn file."),
                            title, file);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "\n• %s", (const char *) lines->pdata[i]);
  g_string_append_printf (text, "\n\n%s", _("Join the game only if you agreed with your opponent to play on it."));
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE, "%s",
                                   have_copy ? _("This game is played on a changed scenario")
                                             : _("This game is played on a scenario you do not have"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text->str);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Refuse"), GTK_RESPONSE_REJECT,
                          _("_Accept the Scenario"), GTK_RESPONSE_ACCEPT, NULL);
  g_object_set_data_full (G_OBJECT (dialog), "path", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (scenario_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* What a player joining the game must accept about its scenario, or NULL. */
static GPtrArray *
scenario_to_accept (KesselWindow           *self,
                    const KesselPbemHeader *header,
                    KesselScenario         *scenario,
                    gboolean               *have_copy)
{
  g_autofree char *program_folder = NULL;
  g_autofree char *user_folder = NULL;
  const char *folders[2];

  KesselScenario *shown = kessel_window_get_scenario (self);

  if (kessel_pbem_plays_side (kessel_window_pbem_data_dir (self), header->game_id, header->receiver))
    return NULL;   /* accepted when he joined */
  if (shown != NULL && kessel_pbem_header_matches (header, shown))
    return NULL;   /* the one he opened himself */
  own_scenario_folders (&program_folder, &user_folder);
  folders[0] = program_folder;
  folders[1] = user_folder;
  return kessel_pbem_scenario_to_accept (header, scenario, folders, G_N_ELEMENTS (folders), have_copy);
}

KesselPbemDialog *
kessel_window_ask_received_turn (KesselWindow  *self,
                                 const char    *path,
                                 GError       **error)
{
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  gboolean have_copy;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if ((header = kessel_pbem_peek (path, error)) == NULL
      || !kessel_pbem_check_receiver (kessel_window_pbem_data_dir (self), header->game_id, header->receiver, path, error)
      || (scenario = kessel_window_find_game_scenario (self, path, header, error)) == NULL)
    return NULL;
  if ((lines = scenario_to_accept (self, header, scenario, &have_copy)) != NULL)
    {
      ask_to_accept_scenario (self, path, header, lines, have_copy);
      return NULL;
    }
  return ask_password (self, path, header);
}

static void
open_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       KesselWindow    *self)
{
  gboolean accepted;
  g_autofree char *path = chosen_path (self, chooser, response, &accepted);
  g_autoptr(GFile) file = NULL;

  if (!accepted)
    return;
  if (path == NULL)
    {
      kessel_window_show_error (self, _("The turn was not opened"), _("Not a local file."));
      return;
    }
  file = g_file_new_for_path (path);
  kessel_window_open (self, file);
}

void
kessel_window_open_pbem_turn_activated (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  gtk_file_filter_set_name (filter, _("Turn files"));
  gtk_file_filter_add_suffix (filter, "kesselpbem");
  self->chooser = gtk_file_chooser_native_new (_("Open Received Turn"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}
