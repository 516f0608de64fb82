/* kessel-net-session.c: the TLS connection of a network game, its HELLO
 * and password proof, and the frames that follow. */
#include "kessel-net-session.h"
#include "kessel-net-auth.h"
#include "kessel-pbem-secret.h"

#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sodium.h>
#include <string.h>

#define PROTOCOL_VERSION "1"
#define READ_CHUNK 65536
#define RECONNECT_MS 1000
#define REFUSE_PAUSE_MS 1000
/* A line that went dead without a word (a cable pulled, a computer asleep)
 * is found by TCP's keepalive after about this many seconds of silence,
 * plus three probes five seconds apart. */
#define KEEPALIVE_IDLE 20
#define KEEPALIVE_INTERVAL 5
#define KEEPALIVE_PROBES 3

struct _KesselNetSession {
  GObject parent_instance;

  gboolean host;
  char *address;                /* host: where to listen; join: where to connect */
  guint16 port;
  char *game_id;                /* NULL while a joining side does not know it */
  KesselSide side;
  char *password;
  GTlsCertificate *certificate;
  guint8 key[KESSEL_NET_KEY_SIZE];
  char *key_game_id;            /* the game the key was derived for */

  GSocketService *service;
  KesselNetState state;
  GError *error;
  guint reconnect_source;
  gboolean stopped;

  /* The present connection */
  GIOStream *stream;
  GCancellable *cancellable;
  KesselNetReader *reader;
  GQueue outgoing;              /* GBytes * */
  gboolean writing;
  gboolean closing;             /* a REFUSE is on its way; nothing more is read */
  GBytes *binding;
  guint8 nonce[KESSEL_NET_NONCE_SIZE];
  guint8 peer_nonce[KESSEL_NET_NONCE_SIZE];
  gboolean have_hello;
};

enum { STATE_CHANGED, MESSAGE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselNetSession, kessel_net_session, G_TYPE_OBJECT)

static void close_connection (KesselNetSession *self);

static void
kessel_net_session_dispose (GObject *object)
{
  kessel_net_session_stop (KESSEL_NET_SESSION (object));
  G_OBJECT_CLASS (kessel_net_session_parent_class)->dispose (object);
}

static void
kessel_net_session_finalize (GObject *object)
{
  KesselNetSession *self = KESSEL_NET_SESSION (object);

  sodium_memzero (self->key, sizeof self->key);
  if (self->password != NULL)
    sodium_memzero (self->password, strlen (self->password));
  g_free (self->password);
  g_free (self->address);
  g_free (self->game_id);
  g_free (self->key_game_id);
  g_clear_object (&self->certificate);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (kessel_net_session_parent_class)->finalize (object);
}

static void
kessel_net_session_class_init (KesselNetSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kessel_net_session_dispose;
  object_class->finalize = kessel_net_session_finalize;
  signals[STATE_CHANGED] = g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A KesselNetMessage * after the password is proved, to be read during
   * the emission only. */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
kessel_net_session_init (KesselNetSession *self)
{
  g_queue_init (&self->outgoing);
}

static KesselNetSession *
session_new (gboolean host, const char *address, guint16 port, const char *game_id, KesselSide side,
             const char *password)
{
  KesselNetSession *self = g_object_new (KESSEL_TYPE_NET_SESSION, NULL);

  self->host = host;
  self->address = g_strdup (address);
  self->port = port;
  self->game_id = g_strdup (game_id);
  self->side = side;
  self->password = g_strdup (password);
  return self;
}

KesselNetSession *
kessel_net_session_new_host (GTlsCertificate *certificate, const char *address, guint16 port, const char *game_id,
                             KesselSide side, const char *password)
{
  KesselNetSession *self = session_new (TRUE, address, port, game_id, side, password);

  self->certificate = g_object_ref (certificate);
  return self;
}

KesselNetSession *
kessel_net_session_new_join (const char *host, guint16 port, const char *game_id, KesselSide side,
                             const char *password)
{
  return session_new (FALSE, host, port, game_id, side, password);
}

/* State */

static void
set_state (KesselNetSession *self, KesselNetState state)
{
  self->state = state;
  g_signal_emit (self, signals[STATE_CHANGED], 0);
}

static void
set_error (KesselNetSession *self, GError *error)
{
  g_clear_error (&self->error);
  self->error = error;
}

static const char *
role_name (gboolean host)
{
  return host ? "host" : "join";
}

/* Async operations carry the session and the cancellable of their
 * connection, so that a callback of a closed connection does nothing. */
typedef struct {
  KesselNetSession *self;
  GCancellable *cancellable;
  GBytes *bytes;
} Pending;

static Pending *
pending_new (KesselNetSession *self)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->self = g_object_ref (self);
  pending->cancellable = g_object_ref (self->cancellable);
  return pending;
}

static void
pending_free (Pending *pending)
{
  g_object_unref (pending->self);
  g_object_unref (pending->cancellable);
  g_clear_pointer (&pending->bytes, g_bytes_unref);
  g_free (pending);
}

static gboolean
pending_stale (Pending *pending)
{
  return g_cancellable_is_cancelled (pending->cancellable);
}

/* Losing and remaking the line */

static gboolean
reconnect (gpointer data)
{
  KesselNetSession *self = data;

  self->reconnect_source = 0;
  kessel_net_session_start (self, NULL);
  return G_SOURCE_REMOVE;
}

/* The connection ended because of error (taken). The host waits for the
 * next; the joining side connects again, unless the error is final. */
static void
connection_lost (KesselNetSession *self, GError *error, gboolean final)
{
  if (self->stream == NULL)
    {
      g_clear_error (&error);
      return;
    }
  close_connection (self);
  set_error (self, error);
  if (final || self->stopped)
    set_state (self, KESSEL_NET_STATE_FAILED);
  else if (self->host)
    set_state (self, KESSEL_NET_STATE_WAITING);
  else
    {
      self->reconnect_source = g_timeout_add (RECONNECT_MS, reconnect, self);
      set_state (self, KESSEL_NET_STATE_DROPPED);
    }
}

static void
lost_with (KesselNetSession *self, const GError *cause)
{
  connection_lost (self, g_error_new (KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION, _("The connection was lost: %s"),
                                      cause ? cause->message : _("the other side closed it")),
                   FALSE);
}

static void
close_connection (KesselNetSession *self)
{
  if (self->stream == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->reader, kessel_net_reader_free);
  g_clear_pointer (&self->binding, g_bytes_unref);
  g_queue_clear_full (&self->outgoing, (GDestroyNotify) g_bytes_unref);
  self->writing = FALSE;
  self->closing = FALSE;
  self->have_hello = FALSE;
}

/* Writing */

static void write_next (KesselNetSession *self);

static void
written (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *pending = data;
  KesselNetSession *self = pending->self;
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error) || pending_stale (pending))
    {
      if (!pending_stale (pending))
        lost_with (self, error);
      pending_free (pending);
      return;
    }
  self->writing = FALSE;
  pending_free (pending);
  write_next (self);
}

static void
write_next (KesselNetSession *self)
{
  Pending *pending;
  gsize length;
  const void *data;

  if (self->writing || self->stream == NULL || g_queue_is_empty (&self->outgoing))
    return;
  pending = pending_new (self);
  pending->bytes = g_queue_pop_head (&self->outgoing);
  data = g_bytes_get_data (pending->bytes, &length);
  self->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream), data, length, G_PRIORITY_DEFAULT,
                                   self->cancellable, written, pending);
}

static void
queue_frame (KesselNetSession *self, GBytes *frame)
{
  g_queue_push_tail (&self->outgoing, g_bytes_ref (frame));
  write_next (self);
}

gboolean
kessel_net_session_send (KesselNetSession *self, GBytes *frame)
{
  g_return_val_if_fail (KESSEL_IS_NET_SESSION (self), FALSE);
  if (self->state != KESSEL_NET_STATE_READY)
    return FALSE;
  queue_frame (self, frame);
  return TRUE;
}

gboolean
kessel_net_session_is_sending (KesselNetSession *self)
{
  return self->writing || !g_queue_is_empty (&self->outgoing);
}

/* Refusing: the reason goes to the other side, and the connection closes
 * a moment later, so that a guesser gets one try a second. */

static gboolean
close_refused (gpointer data)
{
  Pending *pending = data;

  if (!pending_stale (pending))
    connection_lost (pending->self, g_error_copy (pending->self->error), FALSE);
  return G_SOURCE_REMOVE;
}

static void
refuse (KesselNetSession *self, const char *reason, GError *error)
{
  g_autoptr(GBytes) frame = kessel_net_frame_fields (KESSEL_NET_REFUSE, "reason", reason, NULL);

  set_error (self, error);
  queue_frame (self, frame);
  self->closing = TRUE;
  g_timeout_add_full (G_PRIORITY_DEFAULT, REFUSE_PAUSE_MS, close_refused, pending_new (self),
                      (GDestroyNotify) pending_free);
}

/* The password's proof */

static gboolean
ensure_key (KesselNetSession *self, GError **error)
{
  if (g_strcmp0 (self->key_game_id, self->game_id) == 0)
    return TRUE;
  if (!kessel_net_auth_derive_key (self->password, self->game_id, self->key, error))
    return FALSE;
  g_free (self->key_game_id);
  self->key_game_id = g_strdup (self->game_id);
  return TRUE;
}

static char *
proof_of (KesselNetSession *self, gboolean host)
{
  const guint8 *host_nonce = self->host ? self->nonce : self->peer_nonce;
  const guint8 *join_nonce = self->host ? self->peer_nonce : self->nonce;

  return kessel_net_auth_proof (self->key, role_name (host), self->binding, host_nonce, join_nonce);
}

static void
send_proof (KesselNetSession *self)
{
  g_autofree char *proof = proof_of (self, self->host);
  g_autoptr(GBytes) frame = kessel_net_frame_fields (KESSEL_NET_PROOF, "proof", proof, NULL);

  queue_frame (self, frame);
}

static void
become_ready (KesselNetSession *self)
{
  g_clear_error (&self->error);
  kessel_net_reader_set_authenticated (self->reader, TRUE);
  set_state (self, KESSEL_NET_STATE_READY);
}

static void
on_proof (KesselNetSession *self, const KesselNetMessage *message)
{
  g_autofree char *expected = NULL;

  if (!self->have_hello)
    {
      refuse (self, "protocol", g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL,
                                                     _("The other side sent its proof before its HELLO.")));
      return;
    }
  expected = proof_of (self, !self->host);
  if (!kessel_net_auth_proof_equal (expected, kessel_net_message_field (message, "proof")))
    {
      if (self->host)
        refuse (self, "password", g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD,
                                                       _("A connection was refused: it did not know the game's password.")));
      else
        connection_lost (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD,
                                                    _("The host did not prove the game's password: it is another program, or one in the middle of the line.")),
                         TRUE);
      return;
    }
  if (self->host)
    send_proof (self);
  become_ready (self);
}

/* The other side's HELLO against this side's game; a refusal's reason for
 * the other side, or NULL. */
static const char *
hello_mismatch (KesselNetSession *self, const KesselNetMessage *message, GError **error)
{
  const char *version = kessel_net_message_field (message, "version");
  const char *role = kessel_net_message_field (message, "role");
  const char *nonce = kessel_net_message_field (message, "nonce");
  const char *game = kessel_net_message_field (message, "game");
  const char *side_name = kessel_net_message_field (message, "side");
  KesselSide side;

  if (g_strcmp0 (version, PROTOCOL_VERSION) != 0)
    return g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_REFUSED,
                        _("The other side speaks another version of the protocol: update both programs.")), "version";
  if (g_strcmp0 (role, role_name (!self->host)) != 0 || nonce == NULL
      || !kessel_pbem_unhex (nonce, self->peer_nonce, KESSEL_NET_NONCE_SIZE))
    return g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL,
                        self->host ? _("The other side is not a joining player.")
                                   : _("The other side is not the host of a game.")), "protocol";
  if (side_name == NULL || !kessel_side_from_string (side_name, &side) || side != kessel_side_enemy (self->side))
    return g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME,
                        _("Both players want to play the %s side."), kessel_side_display_name (self->side)), "side";
  if ((game == NULL && !self->host) || (game != NULL && (strlen (game) != 32 || !g_str_is_ascii (game)))
      || (game != NULL && self->game_id != NULL && g_strcmp0 (game, self->game_id) != 0))
    return g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME,
                        _("The other side plays another game.")), "game";
  if (self->game_id == NULL)
    self->game_id = g_strdup (game);
  return NULL;
}

static void
on_hello (KesselNetSession *self, const KesselNetMessage *message)
{
  g_autoptr(GError) error = NULL;
  const char *reason = self->have_hello ? "protocol" : hello_mismatch (self, message, &error);

  if (reason != NULL)
    {
      if (error == NULL)
        error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL, _("The other side said HELLO twice."));
      if (self->host)
        refuse (self, reason, g_steal_pointer (&error));
      else
        connection_lost (self, g_steal_pointer (&error), TRUE);
      return;
    }
  self->have_hello = TRUE;
  if (!ensure_key (self, &error))
    {
      connection_lost (self, g_steal_pointer (&error), TRUE);
      return;
    }
  if (!self->host)
    send_proof (self);
}

/* The other side's REFUSE: the joining side stops, except when the host
 * is busy with another connection. */
static void
on_refuse (KesselNetSession *self, const KesselNetMessage *message)
{
  const char *reason = kessel_net_message_field (message, "reason");
  gboolean busy = g_strcmp0 (reason, "busy") == 0;
  GError *error;

  if (g_strcmp0 (reason, "password") == 0)
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD, _("The host refused the game's password."));
  else if (g_strcmp0 (reason, "side") == 0)
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, _("The other player plays the side you chose."));
  else if (g_strcmp0 (reason, "game") == 0)
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, _("The other side plays another game."));
  else if (busy)
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_REFUSED, _("The host is talking to another program."));
  else
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_REFUSED, _("The other side ended the connection."));
  connection_lost (self, error, !self->host && !busy && self->state != KESSEL_NET_STATE_READY);
}

static void
dispatch (KesselNetSession *self, KesselNetMessage *message)
{
  if (message->kind == KESSEL_NET_REFUSE)
    on_refuse (self, message);
  else if (message->kind == KESSEL_NET_HELLO)
    on_hello (self, message);
  else if (message->kind == KESSEL_NET_PROOF)
    on_proof (self, message);
  else
    g_signal_emit (self, signals[MESSAGE], 0, message);
}

/* Reading */

static void read_next (KesselNetSession *self);

static void
have_read (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *pending = data;
  KesselNetSession *self = pending->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);
  gsize length;
  const void *chunk;

  if (pending_stale (pending))
    goto done;
  if (bytes == NULL || g_bytes_get_size (bytes) == 0)
    {
      lost_with (self, error);
      goto done;
    }
  chunk = g_bytes_get_data (bytes, &length);
  kessel_net_reader_feed (self->reader, chunk, length);
  while (!pending_stale (pending) && !self->closing)
    {
      g_autoptr(KesselNetMessage) message = kessel_net_reader_next (self->reader, &error);

      if (message == NULL && error != NULL)
        {
          refuse (self, "protocol", g_steal_pointer (&error));
          goto done;
        }
      if (message == NULL)
        break;
      dispatch (self, message);
    }
  if (!pending_stale (pending) && !self->closing)
    read_next (self);
done:
  pending_free (pending);
}

static void
read_next (KesselNetSession *self)
{
  g_input_stream_read_bytes_async (g_io_stream_get_input_stream (self->stream), READ_CHUNK, G_PRIORITY_DEFAULT,
                                   self->cancellable, have_read, pending_new (self));
}

/* The TLS handshake, then HELLO */

static void
send_hello (KesselNetSession *self)
{
  g_autofree char *nonce = NULL;
  g_autoptr(GBytes) frame = NULL;

  kessel_net_auth_nonce (self->nonce);
  nonce = kessel_pbem_hex (self->nonce, sizeof self->nonce);
  frame = kessel_net_frame_fields (KESSEL_NET_HELLO, "version", PROTOCOL_VERSION, "role", role_name (self->host),
                                   "nonce", nonce, "side", kessel_side_to_string (self->side),
                                   self->game_id ? "game" : NULL, self->game_id, NULL);
  queue_frame (self, frame);
}

static void
handshaken (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *pending = data;
  KesselNetSession *self = pending->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) binding = g_byte_array_new ();

  if (pending_stale (pending))
    goto done;
  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error)
      || !g_tls_connection_get_channel_binding_data (G_TLS_CONNECTION (source), G_TLS_CHANNEL_BINDING_TLS_EXPORTER,
                                                     binding, &error))
    {
      lost_with (self, error);
      goto done;
    }
  self->binding = g_byte_array_free_to_bytes (g_steal_pointer (&binding));
  send_hello (self);
  read_next (self);
done:
  pending_free (pending);
}

static gboolean
accept_any_certificate (GTlsConnection *connection, GTlsCertificate *certificate, GTlsCertificateFlags errors,
                        gpointer data)
{
  /* Who is at the other end is proved by the password, not the certificate. */
  return TRUE;
}

static void
keep_alive (GSocketConnection *connection)
{
  GSocket *socket = g_socket_connection_get_socket (connection);

  g_socket_set_keepalive (socket, TRUE);
#ifdef TCP_KEEPIDLE
  g_socket_set_option (socket, IPPROTO_TCP, TCP_KEEPIDLE, KEEPALIVE_IDLE, NULL);
  g_socket_set_option (socket, IPPROTO_TCP, TCP_KEEPINTVL, KEEPALIVE_INTERVAL, NULL);
  g_socket_set_option (socket, IPPROTO_TCP, TCP_KEEPCNT, KEEPALIVE_PROBES, NULL);
#endif
}

/* Starts TLS over a new connection; FALSE with an error if TLS is missing. */
static gboolean
begin_connection (KesselNetSession *self, GSocketConnection *connection, GError **error)
{
  GIOStream *tls = self->host ? g_tls_server_connection_new (G_IO_STREAM (connection), self->certificate, error)
                              : g_tls_client_connection_new (G_IO_STREAM (connection), NULL, error);

  if (tls == NULL)
    return FALSE;
  keep_alive (connection);
  if (!self->host)
    g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_any_certificate), NULL);
  self->stream = tls;
  self->cancellable = g_cancellable_new ();
  self->reader = kessel_net_reader_new ();
  set_state (self, KESSEL_NET_STATE_PROVING);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, self->cancellable, handshaken,
                                    pending_new (self));
  return TRUE;
}

static void
no_tls (KesselNetSession *self, GError *error)
{
  set_error (self, g_error_new (KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                                _("TLS is not available (install glib-networking): %s"), error->message));
  g_error_free (error);
  set_state (self, KESSEL_NET_STATE_FAILED);
}

static gboolean
incoming (GSocketService *service, GSocketConnection *connection, GObject *source, gpointer data)
{
  KesselNetSession *self = data;
  GError *error = NULL;

  /* One opponent at a time. A new connection while the password is being
   * proved on another is closed at once; one while the game is talking
   * takes its place, for the opponent may be back on a new line while the
   * old one has not yet been found dead. It must still prove the password. */
  if (self->stream != NULL && self->state != KESSEL_NET_STATE_READY)
    return TRUE;
  if (self->stream != NULL)
    connection_lost (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                                                _("The opponent connected again on a new line.")), FALSE);
  if (!begin_connection (self, connection, &error))
    no_tls (self, error);
  return TRUE;
}

static void
connected (GObject *source, GAsyncResult *result, gpointer data)
{
  KesselNetSession *self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketConnection) connection = g_socket_client_connect_to_host_finish (G_SOCKET_CLIENT (source),
                                                                                     result, &error);
  GError *tls_error = NULL;

  if (self->stopped)
    ;
  else if (connection == NULL)
    {
      set_error (self, g_error_new (KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                                    _("The host cannot be reached: %s"), error->message));
      self->reconnect_source = g_timeout_add (RECONNECT_MS, reconnect, self);
      set_state (self, KESSEL_NET_STATE_DROPPED);
    }
  else if (!begin_connection (self, connection, &tls_error))
    no_tls (self, tls_error);
  g_object_unref (self);
}

static gboolean
start_listening (KesselNetSession *self, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  guint16 port;

  self->service = g_socket_service_new ();
  if (self->address == NULL)
    port = self->port ? (g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), self->port, NULL,
                                                          &local_error) ? self->port : 0)
                      : g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL, &local_error);
  else
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (self->address);
      g_autoptr(GSocketAddress) address = inet ? g_inet_socket_address_new (inet, self->port) : NULL;
      g_autoptr(GSocketAddress) bound = NULL;

      if (address == NULL)
        {
          g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                       _("“%s” is not an address of this computer's."), self->address);
          return FALSE;
        }
      port = g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), address, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, NULL, &bound, &local_error)
             ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)) : 0;
    }
  if (port == 0)
    {
      g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION, _("Port %u cannot be listened on: %s"),
                   self->port, local_error->message);
      g_clear_object (&self->service);
      return FALSE;
    }
  self->port = port;
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming), self);
  g_socket_service_start (self->service);
  return TRUE;
}

gboolean
kessel_net_session_start (KesselNetSession *self, GError **error)
{
  g_return_val_if_fail (KESSEL_IS_NET_SESSION (self), FALSE);
  self->stopped = FALSE;
  if (self->host)
    {
      if (self->service == NULL && (!ensure_key (self, error) || !start_listening (self, error)))
        return FALSE;
      set_state (self, KESSEL_NET_STATE_WAITING);
    }
  else
    {
      g_autoptr(GSocketClient) client = g_socket_client_new ();

      g_socket_client_set_timeout (client, 10);
      g_socket_client_connect_to_host_async (client, self->address, self->port, NULL, connected,
                                             g_object_ref (self));
      set_state (self, KESSEL_NET_STATE_CONNECTING);
    }
  return TRUE;
}

void
kessel_net_session_drop (KesselNetSession *self)
{
  connection_lost (self, g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                                              _("The connection was closed.")), FALSE);
}

void
kessel_net_session_stop (KesselNetSession *self)
{
  self->stopped = TRUE;
  g_clear_handle_id (&self->reconnect_source, g_source_remove);
  close_connection (self);
  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_clear_object (&self->service);
    }
}

KesselNetState kessel_net_session_get_state (KesselNetSession *self) { return self->state; }
const GError *kessel_net_session_get_error (KesselNetSession *self) { return self->error; }
const char *kessel_net_session_get_game_id (KesselNetSession *self) { return self->game_id; }
const char *kessel_net_session_get_address (KesselNetSession *self) { return self->address; }
guint16 kessel_net_session_get_port (KesselNetSession *self) { return self->port; }
gboolean kessel_net_session_is_host (KesselNetSession *self) { return self->host; }
