/* kessel-net-game.c: the turns of a game by e-mail sent live over a
 * session, kept in the data folder, and sent again after a drop. */
#include "kessel-config.h"
#include "kessel-net-game.h"
#include "kessel-net-certificate.h"
#include "kessel-file.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TURN_FILE (32 * 1024 * 1024)
#define MAX_CHAT_FILE (4 * 1024 * 1024)
#define MAX_CHAT_LINES 10000

struct _KesselNetGame {
  GObject parent_instance;

  KesselNetSession *session;
  KesselScenario *scenario;     /* NULL until a joining side has the game's */
  KesselScenario *offered;      /* the scenario the host sent, not yet taken */
  char *file;
  char *data_dir;
  char *password;
  char *game_id;
  KesselSide side;
  KesselPbem *pbem;             /* NULL while this side waits for a turn */
  KesselGame *view;             /* the game a restarted side shows while it waits */
  int turns;                    /* turns of the chain this side holds */
  gboolean last_mine;           /* whether the last of them is this side's */
  int peer_turns;               /* -1 until the other side says */
  gboolean over_on_open;        /* the game was over when the turn received last was opened */
  gboolean final_sent;          /* this side's last turn only said that it saw the end */
  gboolean end_confirmed;       /* both sides know that both hold the last turn */
  gboolean accept_scenario;
  GBytes *held_turn;            /* the first turn, held while its scenario is to be accepted */
  GError *scenario_question;    /* what differs in that scenario */
  GPtrArray *chat;              /* KesselNetChatLine * */
  GError *error;
};

enum { CHANGED, CHAT, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselNetGame, kessel_net_game, G_TYPE_OBJECT)

static gboolean resume_from_copies (KesselNetGame *self, GError **error);

static void
chat_line_free (KesselNetChatLine *line)
{
  g_free (line->text);
  g_free (line);
}

static void
kessel_net_game_finalize (GObject *object)
{
  KesselNetGame *self = KESSEL_NET_GAME (object);

  if (self->session != NULL)
    {
      kessel_net_session_stop (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  g_clear_object (&self->session);
  g_clear_object (&self->scenario);
  g_clear_object (&self->offered);
  g_clear_object (&self->pbem);
  g_clear_object (&self->view);
  g_free (self->file);
  g_free (self->data_dir);
  g_free (self->password);
  g_free (self->game_id);
  g_ptr_array_unref (self->chat);
  g_clear_error (&self->error);
  g_clear_error (&self->scenario_question);
  g_clear_pointer (&self->held_turn, g_bytes_unref);
  G_OBJECT_CLASS (kessel_net_game_parent_class)->finalize (object);
}

static void
kessel_net_game_class_init (KesselNetGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_net_game_finalize;
  /* The game, its state or the connection changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
  /* A line of chat came or went: a KesselNetChatLine *. */
  signals[CHAT] = g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
kessel_net_game_init (KesselNetGame *self)
{
  self->peer_turns = -1;
  self->chat = g_ptr_array_new_with_free_func ((GDestroyNotify) chat_line_free);
}

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  if (error != NULL)
    *error = g_error_new_valist (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, format, args);
  va_end (args);
  return FALSE;
}

/* Files */

static gboolean
read_file (const char *path, gsize max_size, char **contents, gsize *length, GError **error)
{
  const KesselFileLimits limits = {
    max_size, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, KESSEL_NET_ERROR_GAME,
    _("the file is larger than the %d MiB it may have"),
  };
  return kessel_file_read (path, &limits, contents, length, error);
}

static gboolean
write_file (const char *path, const char *data, gsize length, GError **error)
{
  return kessel_file_replace (path, data, length, NULL, NULL, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, error);
}

/* The folder of this side's copies of the game by e-mail, as docs/pbem.md
 * describes it. */
static char *
pbem_folder (KesselNetGame *self)
{
  return g_build_filename (self->data_dir, "kessel", "pbem", self->game_id, kessel_side_to_string (self->side), NULL);
}

/* Where the network game keeps its scenario, chat and the turn arriving. */
static char *
net_path (KesselNetGame *self, const char *name)
{
  return g_build_filename (self->data_dir, "kessel", "net", self->game_id, kessel_side_to_string (self->side), name,
                           NULL);
}

static gboolean
make_net_folder (KesselNetGame *self, GError **error)
{
  g_autofree char *folder = net_path (self, NULL);

  if (g_mkdir_with_parents (folder, 0700) == 0)
    return TRUE;
  return fail (error, _("%s: the folder cannot be made: %s"), folder, g_strerror (errno));
}

static char *
copy_path (KesselNetGame *self, gboolean sent, int number)
{
  g_autofree char *folder = pbem_folder (self);
  g_autofree char *name = g_strdup_printf ("turn-%04d" KESSEL_PBEM_FILE_SUFFIX, number);

  return g_build_filename (folder, sent ? "sent" : "received", name, NULL);
}

/* The number of the newest copy in kind ("sent" or "received"); 0 if none. */
static int
newest_copy (KesselNetGame *self, const char *kind)
{
  g_autofree char *folder = pbem_folder (self);
  g_autofree char *path = g_build_filename (folder, kind, NULL);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  int newest = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      int number;
      char end[2];

      if (sscanf (name, "turn-%4d" KESSEL_PBEM_FILE_SUFFIX "%1s", &number, end) == 1
          && g_str_has_suffix (name, KESSEL_PBEM_FILE_SUFFIX) && number > newest)
        newest = number;
    }
  return newest;
}

static void
count_turns (KesselNetGame *self)
{
  int sent = newest_copy (self, "sent"), received = newest_copy (self, "received");

  self->turns = MAX (sent, received);
  self->last_mine = sent > received;
}

/* The chat */

static char *
chat_path (KesselNetGame *self)
{
  return net_path (self, "chat.txt");
}

static void
load_chat (KesselNetGame *self)
{
  g_autofree char *path = chat_path (self);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  gsize length;

  if (!g_file_test (path, G_FILE_TEST_EXISTS) || !read_file (path, MAX_CHAT_FILE, &contents, &length, NULL))
    return;
  lines = g_strsplit (contents, "\n", MAX_CHAT_LINES);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *tab = strchr (lines[i], '\t');
      KesselSide side;
      KesselNetChatLine *line;

      if (tab == NULL)
        continue;
      *tab = '\0';
      if (!kessel_side_from_string (lines[i], &side) || side == KESSEL_SIDE_NONE || !kessel_net_chat_text_valid (tab + 1))
        continue;
      line = g_new0 (KesselNetChatLine, 1);
      line->side = side;
      line->text = g_strdup (tab + 1);
      g_ptr_array_add (self->chat, line);
    }
}

/* Keeps a line of chat, in memory and in the data folder. */
static gboolean
add_chat (KesselNetGame *self, KesselSide side, const char *text, GError **error)
{
  g_autofree char *path = chat_path (self);
  g_autoptr(GString) contents = g_string_new (NULL);
  KesselNetChatLine *line = g_new0 (KesselNetChatLine, 1);

  line->side = side;
  line->text = g_strdup (text);
  g_ptr_array_add (self->chat, line);
  for (guint i = 0; i < self->chat->len; i++)
    {
      KesselNetChatLine *each = self->chat->pdata[i];
      g_string_append_printf (contents, "%s\t%s\n", kessel_side_to_string (each->side), each->text);
    }
  g_signal_emit (self, signals[CHAT], 0, line);
  return make_net_folder (self, error) && write_file (path, contents->str, contents->len, error);
}

/* How the game was last connected, for taking it up from its file */

static void
save_connection (KesselNetGame *self)
{
  g_autofree char *path = net_path (self, "connection");
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length;
  const char *address = kessel_net_session_get_address (self->session);

  g_key_file_set_string (file, "connection", "role", kessel_net_session_is_host (self->session) ? "host" : "join");
  g_key_file_set_string (file, "connection", "address", address ? address : "");
  g_key_file_set_integer (file, "connection", "port", kessel_net_session_get_port (self->session));
  data = g_key_file_to_data (file, &length, NULL);
  if (make_net_folder (self, NULL))
    write_file (path, data, length, NULL);
}

gboolean
kessel_net_game_peek_connection (const char *file, const char *data_dir, gboolean *host, char **address,
                                 guint16 *port)
{
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (file, NULL);
  KesselSide sides[] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

  for (guint i = 0; header != NULL && i < G_N_ELEMENTS (sides); i++)
    {
      g_autofree char *path = g_build_filename (data_dir, "kessel", "net", header->game_id,
                                                kessel_side_to_string (sides[i]), "connection", NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GKeyFile) keys = g_key_file_new ();
      g_autofree char *role = NULL;
      gsize length;
      int number;

      if (!g_file_test (path, G_FILE_TEST_EXISTS) || !read_file (path, 4096, &contents, &length, NULL)
          || !g_key_file_load_from_data (keys, contents, length, G_KEY_FILE_NONE, NULL))
        continue;
      role = g_key_file_get_string (keys, "connection", "role", NULL);
      number = g_key_file_get_integer (keys, "connection", "port", NULL);
      *host = g_strcmp0 (role, "host") == 0;
      *address = g_key_file_get_string (keys, "connection", "address", NULL);
      *port = (guint16) CLAMP (number, 1, 65535);
      return TRUE;
    }
  return FALSE;
}

/* Stopping with an error */

static void
stop_with (KesselNetGame *self, GError *error)
{
  g_clear_error (&self->error);
  self->error = error;
  kessel_net_session_stop (self->session);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Sending */

static void
send_frame (KesselNetGame *self, GBytes *frame)
{
  kessel_net_session_send (self->session, frame);
}

static void
send_state (KesselNetGame *self)
{
  g_autofree char *turns = g_strdup_printf ("%d", self->turns);
  g_autoptr(GBytes) frame = kessel_net_frame_fields (KESSEL_NET_STATE, "turns", turns, NULL);

  send_frame (self, frame);
}

static void
send_copy (KesselNetGame *self, KesselNetKind kind, const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) frame = NULL;
  gsize length;

  if (!read_file (path, MAX_TURN_FILE, &contents, &length, &error))
    {
      stop_with (self, g_steal_pointer (&error));
      return;
    }
  frame = kessel_net_frame_data (kind, contents, length);
  send_frame (self, frame);
}

static gboolean
mark_final (KesselNetGame *self, GError **error)
{
  g_autofree char *path = net_path (self, "final");

  return make_net_folder (self, error) && write_file (path, "sent\n", 5, error);
}

/* The lines this side wrote that no turn of the game holds yet go with
 * the turn being sent, so that the game's file keeps the whole chat. */
static void
attach_chat (KesselNetGame *self)
{
  g_autoptr(GPtrArray) recorded = kessel_pbem_get_chat (self->pbem);
  g_autoptr(GPtrArray) unrecorded = g_ptr_array_new ();
  guint mine = 0, passed = 0;

  for (guint i = 0; i < recorded->len; i++)
    mine += ((KesselPbemChatLine *) recorded->pdata[i])->side == self->side;
  for (guint i = 0; i < self->chat->len; i++)
    {
      KesselNetChatLine *line = self->chat->pdata[i];

      if (line->side != self->side)
        continue;
      if (passed < mine)
        passed++;
      else
        g_ptr_array_add (unrecorded, line->text);
    }
  if (unrecorded->len > KESSEL_PBEM_MAX_CHAT_LINES)
    g_ptr_array_remove_range (unrecorded, 0, unrecorded->len - KESSEL_PBEM_MAX_CHAT_LINES);
  kessel_pbem_set_chat (self->pbem, (const char *const *) unrecorded->pdata, unrecorded->len);
}

/* The turn this side just finished: written to the game's file and the
 * copies, then sent if the line is up (else when it is up again). */
static gboolean
send_turn (KesselNetGame *self, GError **error)
{
  g_autofree char *copy = NULL;

  /* Whether this turn only says that this side saw the end is kept before
   * it is sent, for a program started again after it. */
  if (self->over_on_open && !mark_final (self, error))
    return FALSE;
  attach_chat (self);
  if (!kessel_pbem_send (self->pbem, self->file, error))
    return FALSE;
  self->final_sent = self->over_on_open;
  count_turns (self);
  copy = copy_path (self, TRUE, self->turns);
  if (self->session != NULL && kessel_net_session_get_state (self->session) == KESSEL_NET_STATE_READY)
    send_copy (self, KESSEL_NET_TURN, copy);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* Opening a received turn */

/* Live, the opponent answers each choice the rules give him himself: his
 * side's turns carry orders that decide nothing. */
static void
ask_every_choice (KesselPbem *pbem)
{
  const KesselStandingOrders *orders = kessel_pbem_get_orders (pbem);
  KesselStandingOrders ask;

  kessel_standing_orders_init_ask (&ask);
  if (orders == NULL || !kessel_standing_orders_equal (orders, &ask))
    kessel_pbem_set_orders (pbem, &ask);
}

static void
set_pbem (KesselNetGame *self, KesselPbem *pbem)
{
  KesselGame *game = kessel_pbem_get_game (pbem);

  ask_every_choice (pbem);

  g_clear_object (&self->pbem);
  g_clear_object (&self->view);
  self->pbem = pbem;
  self->over_on_open = game != NULL && kessel_game_is_over (game);
}

/* The scenario a joining side takes for the game of header: his own
 * unchanged copy, or the one the host sent if he accepts it. */
static KesselScenario *
scenario_for (KesselNetGame *self, const KesselPbemHeader *header, GError **error)
{
  const char *own[] = { PKGDATADIR "/scenarios", SOURCE_DATADIR "/scenarios" };
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *list = NULL;
  gboolean have_copy;

  if (self->offered == NULL || !kessel_pbem_header_matches (header, self->offered))
    return fail (error, _("The host sent no scenario, or not the game's.")), NULL;
  lines = kessel_pbem_scenario_to_accept (header, self->offered, own, G_N_ELEMENTS (own), &have_copy);
  if (lines == NULL || self->accept_scenario)
    return g_object_ref (self->offered);
  g_ptr_array_add (lines, NULL);
  list = g_strjoinv ("\n  ", (char **) lines->pdata);
  if (have_copy)
    g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_SCENARIO,
                 _("The game's scenario differs from your copy of %s; accept it to join:\n  %s"),
                 header->scenario_file, list);
  else
    g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_SCENARIO,
                 _("The game is played on the scenario %s, which you do not have; accept it to join."),
                 header->scenario_file);
  return NULL;
}

static gboolean
keep_scenario (KesselNetGame *self, GError **error)
{
  g_autofree char *path = net_path (self, "scenario.kessel");
  g_autofree char *xml = NULL;
  gsize length;

  if (!make_net_folder (self, error))
    return FALSE;
  xml = kessel_scenario_to_xml (self->scenario, &length);
  return write_file (path, xml, length, error);
}

/* Checks the turn file that arrived, as a turn by e-mail is checked, and
 * makes it this side's game; FALSE with an error if it is refused. */
static gboolean
open_turn (KesselNetGame *self, const char *path, GError **error)
{
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (path, error);
  KesselPbem *pbem;

  if (header == NULL)
    return FALSE;
  if (g_strcmp0 (header->game_id, self->game_id) != 0 || header->receiver != self->side)
    return fail (error, _("The other side sent a turn of another game."));
  if (header->last_turn <= self->turns)
    return TRUE;   /* a turn this side holds already: it was sent again */
  if (header->last_turn != self->turns + 1)
    return fail (error, _("The other side sent turn %d, and this side holds %d turns."), header->last_turn,
                 self->turns);
  if (self->scenario == NULL
      && ((self->scenario = scenario_for (self, header, error)) == NULL || !keep_scenario (self, error)))
    return FALSE;
  if ((pbem = kessel_pbem_open (path, self->scenario, self->password, self->data_dir, error)) == NULL)
    return FALSE;
  if (kessel_pbem_get_dice (pbem) != KESSEL_PBEM_DICE_VERIFIED)
    {
      g_object_unref (pbem);
      return fail (error, _("The other side sent a game whose dice its own program rolls: a network game "
                            "must have dice verified by both programs."));
    }
  set_pbem (self, pbem);
  return TRUE;
}

static void
on_turn (KesselNetGame *self, GBytes *payload)
{
  g_autofree char *incoming = net_path (self, "incoming" KESSEL_PBEM_FILE_SUFFIX);
  g_autoptr(GError) error = NULL;
  int before = self->turns;
  gsize length;
  const char *data = g_bytes_get_data (payload, &length);

  if (!make_net_folder (self, &error) || !write_file (incoming, data, length, &error)
      || !open_turn (self, incoming, &error))
    {
      g_remove (incoming);
      if (g_error_matches (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_SCENARIO))
        {
          /* Held, with the line up, until the player accepts or refuses. */
          g_clear_pointer (&self->held_turn, g_bytes_unref);
          self->held_turn = g_bytes_ref (payload);
          g_clear_error (&self->scenario_question);
          self->scenario_question = g_steal_pointer (&error);
          g_signal_emit (self, signals[CHANGED], 0);
          return;
        }
      stop_with (self, g_steal_pointer (&error));
      return;
    }
  g_remove (incoming);
  count_turns (self);
  if (self->turns == before)
    return;
  /* The game's file shows the latest turn; the copies are the record. */
  if (!write_file (self->file, data, length, &error))
    {
      stop_with (self, g_steal_pointer (&error));
      return;
    }
  self->peer_turns = self->turns;
  send_state (self);
  g_signal_emit (self, signals[CHANGED], 0);
  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND && !send_turn (self, &error))
    stop_with (self, g_steal_pointer (&error));
}

static void
on_scenario (KesselNetGame *self, GBytes *payload)
{
  g_autoptr(GError) error = NULL;
  gsize length;
  const char *data = g_bytes_get_data (payload, &length);

  if (self->scenario != NULL || kessel_net_session_is_host (self->session))
    return;   /* the game's scenario is known already */
  g_clear_object (&self->offered);
  self->offered = kessel_scenario_load_data (data, length, "scenario.kessel", &error);
  if (self->offered == NULL)
    stop_with (self, g_error_new (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME,
                                  _("The host's scenario cannot be read: %s"), error->message));
}

/* Both sides hold the last turn and know it; kept in the data folder, so
 * that a program stopped after this takes nothing more up. */
static void
confirm_end (KesselNetGame *self)
{
  g_autofree char *path = net_path (self, "over");

  self->end_confirmed = TRUE;
  if (make_net_folder (self, NULL))
    write_file (path, "confirmed\n", 10, NULL);
}

static gboolean
end_was_confirmed (KesselNetGame *self)
{
  g_autofree char *path = net_path (self, "over");

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

/* The other side's count of turns: the one behind is sent what it misses. */
static void
on_state (KesselNetGame *self, const KesselNetMessage *message)
{
  const char *text = kessel_net_message_field (message, "turns");
  char *end = NULL;
  long turns = text ? strtol (text, &end, 10) : -1;

  if (text == NULL || *text == '\0' || *end != '\0' || turns < 0 || turns > KESSEL_PBEM_MAX_TURNS)
    {
      stop_with (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL,
                                            _("The other side broke the protocol: a STATE without a number of turns.")));
      return;
    }
  if (turns == self->turns - 1 && self->last_mine)
    {
      g_autofree char *copy = copy_path (self, TRUE, self->turns);
      g_autofree char *scenario = net_path (self, "scenario.kessel");

      if (turns == 0)
        send_copy (self, KESSEL_NET_SCENARIO, scenario);
      send_copy (self, KESSEL_NET_TURN, copy);
    }
  else if (turns != self->turns && turns != self->turns + 1)
    {
      stop_with (self, g_error_new (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME,
                                    _("The two sides' copies of the game do not fit: the other side holds %ld turns, and this side %d."),
                                    turns, self->turns));
      return;
    }
  /* The end: the side that received the last turn learns that its
   * receipt arrived; the side that sent it answers its receipt, once. */
  if (kessel_net_game_is_done (self) && turns == self->turns)
    confirm_end (self);
  self->peer_turns = (int) turns;
  if (self->last_mine && kessel_net_game_is_done (self) && !self->end_confirmed)
    {
      confirm_end (self);
      send_state (self);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_chat (KesselNetGame *self, const KesselNetMessage *message)
{
  const char *text = kessel_net_message_field (message, "text");
  g_autoptr(GError) error = NULL;

  if (!kessel_net_chat_text_valid (text))
    stop_with (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL,
                                          _("The other side broke the protocol: a line of chat that is empty, too long or holds control characters.")));
  else if (!add_chat (self, kessel_side_enemy (self->side), text, &error))
    g_warning ("the chat cannot be kept: %s", error->message);
}

static void
on_message (KesselNetSession *session, KesselNetMessage *message, KesselNetGame *self)
{
  if (self->error != NULL)
    return;
  if (self->game_id == NULL)
    self->game_id = g_strdup (kessel_net_session_get_game_id (session));
  switch (message->kind)
    {
    case KESSEL_NET_STATE:
      on_state (self, message);
      break;
    case KESSEL_NET_SCENARIO:
      on_scenario (self, message->payload);
      break;
    case KESSEL_NET_TURN:
      on_turn (self, message->payload);
      break;
    case KESSEL_NET_CHAT:
      on_chat (self, message);
      break;
    default:
      break;
    }
}

static void
on_session_state (KesselNetSession *session, KesselNetGame *self)
{
  if (self->game_id == NULL)
    self->game_id = g_strdup (kessel_net_session_get_game_id (session));
  if (kessel_net_session_get_state (session) == KESSEL_NET_STATE_READY)
    {
      g_autoptr(GError) error = NULL;

      save_connection (self);

      /* A joining side stopped before the game's file was first written
       * takes the game up from its copies. */
      if (self->turns == 0 && self->scenario == NULL && (count_turns (self), self->turns > 0)
          && !resume_from_copies (self, &error))
        {
          stop_with (self, g_steal_pointer (&error));
          return;
        }
      send_state (self);
    }
  else
    self->peer_turns = -1;
  g_signal_emit (self, signals[CHANGED], 0);
}

/* Making and resuming */

static KesselNetGame *
game_new (const KesselNetGameSetup *setup)
{
  KesselNetGame *self = g_object_new (KESSEL_TYPE_NET_GAME, NULL);

  self->file = g_strdup (setup->file);
  self->data_dir = g_strdup (setup->data_dir);
  self->password = g_strdup (setup->password);
  self->side = setup->side;
  return self;
}

static void
connect_session (KesselNetGame *self)
{
  g_signal_connect (self->session, "message", G_CALLBACK (on_message), self);
  g_signal_connect (self->session, "state-changed", G_CALLBACK (on_session_state), self);
}

/* The scenario of a resumed game: the copy kept when it began. */
static gboolean
load_kept_scenario (KesselNetGame *self, const KesselPbemHeader *header, GError **error)
{
  g_autofree char *path = net_path (self, "scenario.kessel");

  self->scenario = kessel_scenario_load_file (path, error);
  if (self->scenario == NULL)
    return FALSE;
  if (!kessel_pbem_header_matches (header, self->scenario))
    return fail (error, _("%s: the scenario is not the one the game is played on."), path);
  return TRUE;
}

/* The side this machine plays in the game of header. */
static gboolean
find_side (KesselNetGame *self, const KesselPbemHeader *header, GError **error)
{
  KesselSide sides[] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    if ((self->side == KESSEL_SIDE_NONE || self->side == sides[i])
        && kessel_pbem_plays_side (self->data_dir, header->game_id, sides[i]))
      {
        self->side = sides[i];
        return TRUE;
      }
  return fail (error, self->side == KESSEL_SIDE_NONE ? _("%s: you play no side of this game on this computer.")
                                                     : _("%s: you do not play the %s side of this game on this computer."),
               self->file, kessel_side_display_name (self->side));
}

/* The game's file shows the latest turn held; after a stop between a
 * copy and the file it may show the one before, and is written again. */
static gboolean
refresh_file (KesselNetGame *self, const char *latest, int number, GError **error)
{
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (self->file, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  if (header != NULL && header->last_turn == number)
    return TRUE;
  return read_file (latest, MAX_TURN_FILE, &contents, &length, error)
         && write_file (self->file, contents, length, error);
}

/* The game of the turn this side sent last, shown while it waits (a game
 * begins with the third turn, when the opening dice are rolled), and
 * whether that turn only said that this side saw the end. */
static gboolean
load_view (KesselNetGame *self, const char *latest, GError **error)
{
  g_autofree char *final = net_path (self, "final");

  self->final_sent = g_file_test (final, G_FILE_TEST_EXISTS);
  self->view = kessel_pbem_load_game (latest, self->scenario, error);
  return self->view != NULL;
}

/* Takes up the game from this side's copies: the turn received last is
 * opened again (the part played on it was not sent, and is played again),
 * or this side waits for the answer to the turn it sent last. */
static gboolean
resume_from_copies (KesselNetGame *self, GError **error)
{
  g_autofree char *latest = NULL;
  g_autoptr(KesselPbemHeader) header = NULL;

  if (!kessel_pbem_check_password (self->data_dir, self->game_id, self->side, self->password, error))
    return FALSE;
  load_chat (self);
  count_turns (self);
  if (self->turns == 0)
    return fail (error, _("%s: the copies of this game's turns are missing from the data folder."), self->file);
  latest = copy_path (self, self->last_mine, self->turns);
  if ((header = kessel_pbem_peek (latest, error)) == NULL || !load_kept_scenario (self, header, error)
      || !refresh_file (self, latest, self->turns, error))
    return FALSE;
  self->end_confirmed = end_was_confirmed (self);
  if (self->last_mine && self->end_confirmed)
    self->peer_turns = self->turns;
  if (self->last_mine)
    return self->turns <= 2 || load_view (self, latest, error);
  {
    KesselPbem *pbem = kessel_pbem_open (latest, self->scenario, self->password, self->data_dir, error);

    if (pbem == NULL)
      return FALSE;
    set_pbem (self, pbem);
    return kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_SEND || send_turn (self, error);
  }
}

/* Takes up the game kept in the game's file. */
static gboolean
resume (KesselNetGame *self, GError **error)
{
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (self->file, error);

  if (header == NULL)
    return FALSE;
  self->game_id = g_strdup (header->game_id);
  return find_side (self, header, error) && resume_from_copies (self, error);
}

KesselNetGame *
kessel_net_game_new_host (const KesselNetGameSetup *setup, KesselScenario *scenario, GError **error)
{
  g_autoptr(KesselNetGame) self = game_new (setup);
  g_autoptr(GTlsCertificate) certificate = kessel_net_certificate_load_or_make (setup->data_dir, error);

  if (certificate == NULL)
    return NULL;
  if (scenario == NULL)
    {
      if (!resume (self, error))
        return NULL;
    }
  else
    {
      if (g_file_test (setup->file, G_FILE_TEST_EXISTS))
        return fail (error, _("%s: the file exists; a new game needs a new file."), setup->file), NULL;
      self->scenario = g_object_ref (scenario);
      if ((self->pbem = kessel_pbem_new (scenario, setup->side, setup->password, setup->data_dir, error)) == NULL)
        return NULL;
      /* Live, a verified die costs a round trip of milliseconds: neither
       * player may roll the dice of a network game alone. */
      kessel_pbem_set_dice (self->pbem, KESSEL_PBEM_DICE_VERIFIED);
      ask_every_choice (self->pbem);
      self->game_id = g_strdup (kessel_pbem_get_game_id (self->pbem));
      if (!keep_scenario (self, error) || !send_turn (self, error))
        return NULL;
    }
  self->session = kessel_net_session_new_host (certificate, setup->address, setup->port, self->game_id, self->side,
                                               setup->password);
  connect_session (self);
  return g_steal_pointer (&self);
}

KesselNetGame *
kessel_net_game_new_join (const KesselNetGameSetup *setup, GError **error)
{
  g_autoptr(KesselNetGame) self = game_new (setup);

  if (g_file_test (setup->file, G_FILE_TEST_EXISTS) && !resume (self, error))
    return NULL;
  if (self->side == KESSEL_SIDE_NONE)
    return fail (error, _("Choose the side you play.")), NULL;
  self->session = kessel_net_session_new_join (setup->address, setup->port, self->game_id, self->side,
                                               setup->password);
  connect_session (self);
  return g_steal_pointer (&self);
}

void
kessel_net_game_set_accept_scenario (KesselNetGame *self, gboolean accept)
{
  self->accept_scenario = accept;
}

const GError *
kessel_net_game_get_scenario_question (KesselNetGame *self)
{
  return self->scenario_question;
}

void
kessel_net_game_answer_scenario (KesselNetGame *self, gboolean accept)
{
  g_autoptr(GBytes) turn = g_steal_pointer (&self->held_turn);

  g_return_if_fail (turn != NULL);
  g_clear_error (&self->scenario_question);
  if (!accept)
    {
      stop_with (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_SCENARIO,
                                            _("You refused the game's scenario.")));
      return;
    }
  self->accept_scenario = TRUE;
  on_turn (self, turn);
}

gboolean
kessel_net_game_start (KesselNetGame *self, GError **error)
{
  return kessel_net_session_start (self->session, error);
}

void
kessel_net_game_stop (KesselNetGame *self)
{
  kessel_net_session_stop (self->session);
}

/* Playing */

gboolean
kessel_net_game_play (KesselNetGame *self, const KesselAction *action, GError **error)
{
  g_return_val_if_fail (KESSEL_IS_NET_GAME (self), FALSE);
  if (!kessel_net_game_is_my_move (self))
    return fail (error, _("It is not your move."));
  if (!kessel_pbem_play (self->pbem, action, error))
    return FALSE;
  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND)
    return send_turn (self, error);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

gboolean
kessel_net_game_turn_played (KesselNetGame *self, GError **error)
{
  if (self->pbem == NULL || kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_SEND)
    {
      g_signal_emit (self, signals[CHANGED], 0);
      return TRUE;
    }
  return send_turn (self, error);
}

gboolean
kessel_net_game_chat (KesselNetGame *self, const char *text, GError **error)
{
  g_autoptr(GBytes) frame = NULL;

  if (!kessel_net_chat_text_valid (text))
    return fail (error, _("A line of chat has 1 to %d characters and no control characters."), KESSEL_NET_MAX_CHAT);
  if (kessel_net_session_get_state (self->session) != KESSEL_NET_STATE_READY)
    return fail (error, _("Your opponent is not connected: the line was not sent."));
  frame = kessel_net_frame_fields (KESSEL_NET_CHAT, "text", text, NULL);
  send_frame (self, frame);
  return add_chat (self, self->side, text, error);
}

GPtrArray *kessel_net_game_get_chat (KesselNetGame *self) { return self->chat; }
KesselPbem *kessel_net_game_get_pbem (KesselNetGame *self) { return self->pbem; }
KesselNetSession *kessel_net_game_get_session (KesselNetGame *self) { return self->session; }
KesselSide kessel_net_game_get_side (KesselNetGame *self) { return self->side; }
const char *kessel_net_game_get_game_id (KesselNetGame *self) { return self->game_id; }
int kessel_net_game_get_turns (KesselNetGame *self) { return self->turns; }
const GError *kessel_net_game_get_error (KesselNetGame *self) { return self->error; }

KesselGame *
kessel_net_game_get_game (KesselNetGame *self)
{
  return self->pbem ? kessel_pbem_get_game (self->pbem) : self->view;
}

gboolean
kessel_net_game_is_my_move (KesselNetGame *self)
{
  return self->error == NULL && self->pbem != NULL && kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_YOUR_MOVE;
}

gboolean
kessel_net_game_is_end_confirmed (KesselNetGame *self)
{
  return self->end_confirmed;
}

gboolean
kessel_net_game_is_done (KesselNetGame *self)
{
  if (self->last_mine)
    return self->final_sent && self->peer_turns == self->turns;
  return self->pbem != NULL && kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_OVER;
}
