/* kessel-window-net.c: network games in the window: hosting, joining and
 * taking one up again, the opponent's turns as they arrive, the state of
 * the line and the chat beside the log. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-chat-pane.h"
#include "kessel-net-dialog.h"
#include "kessel-window-private.h"

KesselNetGame *
kessel_window_get_net_game (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->net_game;
}

KesselChatPane *
kessel_window_get_chat_pane (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->chat_pane;
}

/* The connection's state in words, for the chat tab and the play panel. */
static char *
state_words (KesselWindow *self)
{
  KesselNetSession *session = kessel_net_game_get_session (self->net_game);
  const GError *error = kessel_net_game_get_error (self->net_game);
  const GError *lost = kessel_net_session_get_error (session);
  const char *opponent = kessel_side_display_name (kessel_side_enemy (kessel_net_game_get_side (self->net_game)));

  if (error != NULL)
    return g_strdup_printf (_("The network game stopped: %s"), error->message);
  switch (kessel_net_session_get_state (session))
    {
    case KESSEL_NET_STATE_WAITING:
      return lost ? g_strdup_printf (_("Connection lost: waiting for the %s player to connect again on port %u. (%s)"),
                                     opponent, kessel_net_session_get_port (session), lost->message)
                  : g_strdup_printf (_("Waiting for the %s player to connect on port %u…"), opponent,
                                     kessel_net_session_get_port (session));
    case KESSEL_NET_STATE_CONNECTING:
    case KESSEL_NET_STATE_PROVING:
      return g_strdup (_("Connecting…"));
    case KESSEL_NET_STATE_READY:
      return g_strdup_printf (_("Connected to the %s player."), opponent);
    case KESSEL_NET_STATE_DROPPED:
      return g_strdup_printf (_("Connection lost: reconnecting… (%s)"), lost ? lost->message : "");
    case KESSEL_NET_STATE_FAILED:
      return g_strdup_printf (_("The connection failed: %s"), lost ? lost->message : "");
    default:
      return g_strdup ("");
    }
}

static void
stop_net_game (KesselWindow *self)
{
  if (self->net_game == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->net_game, self);
  kessel_net_game_stop (self->net_game);
  g_clear_object (&self->net_game);
  self->net_pbem = NULL;
  kessel_play_panel_set_wait_note (self->play_panel, NULL);
  if (!gtk_widget_in_destruction (GTK_WIDGET (self)))
    kessel_window_sync_play_actions (self);
  if (self->chat_pane != NULL)
    {
      gtk_notebook_remove_page (self->side_notebook,
                                gtk_notebook_page_num (self->side_notebook, GTK_WIDGET (self->chat_pane)));
      self->chat_pane = NULL;
    }
}

/* Shows the net game's present game by e-mail, which is a new one after
 * every turn received. */
static void
show_turn (KesselWindow *self, KesselPbem *pbem)
{
  KesselGame *view = kessel_net_game_get_game (self->net_game);

  self->net_pbem = pbem;
  g_set_object (&self->pbem, pbem);
  kessel_window_set_game (self, pbem ? kessel_pbem_get_game (pbem) : NULL, NULL);
  self->game_dirty = FALSE;   /* the copies and the game's file keep every turn */
  kessel_window_update_title (self);
  kessel_window_sync_play_actions (self);
  /* Started again while waiting for the opponent's answer: the game so far
   * is shown as a replay at its end, as this side sees it, until it comes. */
  if (pbem == NULL && view != NULL && !kessel_window_is_editing (self))
    {
      /* The map and the log take the game so far, seen by this side, first:
       * the replay starts without changing them, and Back to the Game
       * returns to them. Nothing can be played on them, for the window
       * has no game. */
      kessel_map_view_set_game (self->map_view, view);
      kessel_map_view_set_viewer (self->map_view, kessel_net_game_get_side (self->net_game));
      kessel_log_view_set_game (self->log_view, view);
      gtk_widget_set_visible (GTK_WIDGET (self->log_view), TRUE);
      kessel_replay_mode_start (self->replay_mode, view, kessel_game_get_n_actions (view),
                                kessel_net_game_get_side (self->net_game), NULL);
    }
}

static void
scenario_answered (GtkDialog *dialog, int response, KesselWindow *self)
{
  self->scenario_question = NULL;
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (self->net_game != NULL && kessel_net_game_get_scenario_question (self->net_game) != NULL)
    kessel_net_game_answer_scenario (self->net_game, response == GTK_RESPONSE_ACCEPT);
}

/* The game's scenario is not the player's own copy: what differs, with
 * Refuse and Accept, as for a game by e-mail. */
static void
ask_to_accept_scenario (KesselWindow *self, const GError *question)
{
  g_autofree char *text = g_strdup_printf ("%s\n\n%s", question->message,
                                           _("Join the game only if you agreed with your opponent to play on it."));
  GtkWidget *dialog;

  if (self->scenario_question != NULL)
    return;
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE, "%s",
                                   _("This game is played on a changed scenario"));
  self->scenario_question = dialog;
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Refuse"), GTK_RESPONSE_REJECT,
                          _("_Accept the Scenario"), GTK_RESPONSE_ACCEPT, NULL);
  g_signal_connect_object (dialog, "response", G_CALLBACK (scenario_answered), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
net_changed (KesselNetGame *game, KesselWindow *self)
{
  g_autofree char *words = NULL;
  KesselPbem *pbem = kessel_net_game_get_pbem (game);

  /* Another game was opened meanwhile: this one is left. */
  if (self->net_pbem != NULL && self->pbem != self->net_pbem)
    {
      stop_net_game (self);
      return;
    }
  if (kessel_net_game_get_scenario_question (game) != NULL)
    {
      ask_to_accept_scenario (self, kessel_net_game_get_scenario_question (game));
      return;
    }
  words = state_words (self);
  kessel_chat_pane_set_status (self->chat_pane, words);
  kessel_play_panel_set_wait_note (self->play_panel, words);
  if (pbem != self->net_pbem)
    show_turn (self, pbem);
}

static const char *
speaker (KesselWindow *self, KesselSide side)
{
  return side == kessel_net_game_get_side (self->net_game) ? _("You") : kessel_side_display_name (side);
}

static void
net_chat (KesselNetGame *game, KesselNetChatLine *line, KesselWindow *self)
{
  kessel_chat_pane_add_line (self->chat_pane, speaker (self, line->side), line->text);
}

static void
chat_sent (KesselChatPane *pane, const char *text, KesselWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!kessel_net_game_chat (self->net_game, text, &error))
    kessel_chat_pane_add_line (pane, _("Not sent"), error->message);
}

static void
add_chat_tab (KesselWindow *self)
{
  GPtrArray *lines = kessel_net_game_get_chat (self->net_game);

  self->chat_pane = KESSEL_CHAT_PANE (kessel_chat_pane_new ());
  gtk_notebook_append_page (self->side_notebook, GTK_WIDGET (self->chat_pane), gtk_label_new (_("Chat")));
  for (guint i = 0; i < lines->len; i++)
    {
      KesselNetChatLine *line = lines->pdata[i];
      kessel_chat_pane_add_line (self->chat_pane, speaker (self, line->side), line->text);
    }
  g_signal_connect (self->chat_pane, "send", G_CALLBACK (chat_sent), self);
}

/* Plays game in the window from now on. */
static gboolean
play_net_game (KesselWindow *self, KesselNetGame *game, GError **error)
{
  stop_net_game (self);
  kessel_window_set_editing (self, FALSE);
  self->net_game = g_object_ref (game);
  add_chat_tab (self);
  g_signal_connect (game, "changed", G_CALLBACK (net_changed), self);
  g_signal_connect (game, "chat", G_CALLBACK (net_chat), self);
  show_turn (self, kessel_net_game_get_pbem (game));
  if (!kessel_net_game_start (game, error))
    {
      stop_net_game (self);
      return FALSE;
    }
  net_changed (game, self);
  gtk_notebook_set_current_page (self->side_notebook,
                                 gtk_notebook_page_num (self->side_notebook, GTK_WIDGET (self->chat_pane)));
  return TRUE;
}

/* The password by the one rule of passwords, or NULL with the reason. */
static char *
checked_password (const char *password, GError **error)
{
  return kessel_pbem_password_normalize (password, strlen (password), error);
}

gboolean
kessel_window_host_network_game (KesselWindow  *self,
                                 const char    *file,
                                 KesselSide     side,
                                 guint16        port,
                                 const char    *password,
                                 GError       **error)
{
  g_autofree char *normalized = checked_password (password, error);
  KesselNetGameSetup setup = { file, kessel_window_pbem_data_dir (self), normalized, side, NULL, port };
  KesselScenario *scenario = kessel_window_get_scenario (self);
  g_autoptr(KesselNetGame) game = NULL;

  if (normalized == NULL)
    return FALSE;
  if (scenario == NULL)
    {
      g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, _("Open the game's scenario first."));
      return FALSE;
    }
  game = kessel_net_game_new_host (&setup, scenario, error);
  return game != NULL && play_net_game (self, game, error);
}

gboolean
kessel_window_join_network_game (KesselWindow  *self,
                                 const char    *file,
                                 KesselSide     side,
                                 const char    *address,
                                 guint16        port,
                                 const char    *password,
                                 GError       **error)
{
  g_autofree char *normalized = checked_password (password, error);
  KesselNetGameSetup setup = { file, kessel_window_pbem_data_dir (self), normalized, side, address, port };
  g_autoptr(KesselNetGame) game = NULL;

  if (normalized == NULL)
    return FALSE;
  game = kessel_net_game_new_join (&setup, error);
  return game != NULL && play_net_game (self, game, error);
}

gboolean
kessel_window_resume_network_game (KesselWindow  *self,
                                   const char    *file,
                                   const char    *address,
                                   guint16        port,
                                   const char    *password,
                                   GError       **error)
{
  g_autofree char *normalized = checked_password (password, error);
  KesselNetGameSetup setup = { file, kessel_window_pbem_data_dir (self), normalized, KESSEL_SIDE_NONE, address,
                               port };
  g_autofree char *stored_address = NULL;
  g_autoptr(KesselNetGame) game = NULL;
  gboolean host;
  guint16 stored_port;

  if (normalized == NULL)
    return FALSE;
  if (!kessel_net_game_peek_connection (file, setup.data_dir, &host, &stored_address, &stored_port))
    {
      g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME,
                   _("%s is not a network game played on this computer."), file);
      return FALSE;
    }
  if (host)
    setup.address = NULL;
  if (port == 0)
    setup.port = stored_port;
  game = host ? kessel_net_game_new_host (&setup, NULL, error) : kessel_net_game_new_join (&setup, error);
  return game != NULL && play_net_game (self, game, error);
}

gboolean
kessel_window_is_network_file (KesselWindow *self,
                               const char   *path)
{
  g_autofree char *address = NULL;
  gboolean host;
  guint16 port;

  return kessel_net_game_peek_connection (path, kessel_window_pbem_data_dir (self), &host, &address, &port);
}

/* The file a new network game is kept in: in the user's documents. */
static char *
new_game_file (void)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d %H.%M.%S");
  /* Translators: the file name of a new network game; %s is the date and time. */
  g_autofree char *name = g_strdup_printf (_("Kessel network game %s"), stamp);
  g_autofree char *file = g_strconcat (name, KESSEL_PBEM_FILE_SUFFIX, NULL);

  return g_build_filename (documents ? documents : g_get_home_dir (), file, NULL);
}

static void
show_net_error (KesselWindow *self, GError *error)
{
  kessel_window_show_error (self, _("Could not start the network game"), error->message);
}

static void
host_given (KesselNetDialog *dialog, KesselWindow *self)
{
  const char *file = kessel_net_dialog_get_file (dialog);
  g_autoptr(GError) error = NULL;

  if (!kessel_window_host_network_game (self, file, kessel_net_dialog_get_side (dialog),
                                        kessel_net_dialog_get_port (dialog), kessel_net_dialog_get_password (dialog),
                                        &error))
    show_net_error (self, error);
}

static void
join_given (KesselNetDialog *dialog, KesselWindow *self)
{
  const char *file = kessel_net_dialog_get_file (dialog);
  g_autofree char *address = g_strstrip (g_strdup (kessel_net_dialog_get_address (dialog)));
  g_autoptr(GError) error = NULL;

  if (!kessel_window_join_network_game (self, file, kessel_net_dialog_get_side (dialog), address,
                                        kessel_net_dialog_get_port (dialog), kessel_net_dialog_get_password (dialog),
                                        &error))
    show_net_error (self, error);
}

static void
resume_given (KesselNetDialog *dialog, KesselWindow *self)
{
  const char *file = g_object_get_data (G_OBJECT (dialog), "file");
  g_autofree char *address = g_strstrip (g_strdup (kessel_net_dialog_get_address (dialog)));
  g_autoptr(GError) error = NULL;

  if (!kessel_window_resume_network_game (self, file, address, kessel_net_dialog_get_port (dialog),
                                          kessel_net_dialog_get_password (dialog), &error))
    show_net_error (self, error);
}

KesselNetDialog *
kessel_window_ask_network_game (KesselWindow *self,
                                gboolean      host)
{
  KesselNetDialog *dialog = kessel_net_dialog_new (GTK_WINDOW (self), host);
  g_autofree char *file = new_game_file ();

  kessel_net_dialog_set_file (dialog, file);
  g_signal_connect_object (dialog, "done", G_CALLBACK (host ? host_given : join_given), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

KesselNetDialog *
kessel_window_ask_resume_network_game (KesselWindow *self,
                                       const char   *path)
{
  g_autofree char *address = NULL;
  g_autofree char *base = g_path_get_basename (path);
  KesselNetDialog *dialog;
  gboolean host = FALSE;
  guint16 port = 0;

  if (!kessel_net_game_peek_connection (path, kessel_window_pbem_data_dir (self), &host, &address, &port))
    return NULL;
  dialog = kessel_net_dialog_new_resume (GTK_WINDOW (self), host, base, address, port);
  g_object_set_data_full (G_OBJECT (dialog), "file", g_strdup (path), g_free);
  g_signal_connect_object (dialog, "done", G_CALLBACK (resume_given), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_host_network_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  kessel_window_ask_network_game (KESSEL_WINDOW (user_data), TRUE);
}

void
kessel_window_join_network_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  kessel_window_ask_network_game (KESSEL_WINDOW (user_data), FALSE);
}

/* The play panel played an action of a game by e-mail: in a network game
 * a turn done goes at once. */
void
kessel_window_pbem_action_played_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KesselWindow *self = KESSEL_WINDOW (user_data);
  g_autoptr(GError) error = NULL;

  if (self->net_game != NULL && self->pbem == self->net_pbem
      && !kessel_net_game_turn_played (self->net_game, &error))
    kessel_window_show_error (self, _("Could not send the turn"), error->message);
}

void
kessel_window_dispose_net (KesselWindow *self)
{
  stop_net_game (self);
}
