/* kessel-exec-player.c: a player in another program, through the engine
 * protocol. */
#define _GNU_SOURCE     /* F_DUPFD_CLOEXEC, SOCK_CLOEXEC, MSG_NOSIGNAL */
#include "kessel-config.h"
#include "kessel-exec-player.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "kessel-dice.h"
#include "kessel-engine-session.h"
#include "kessel-file.h"

#define DEFAULT_TIMEOUT_SECONDS 600

/* An action the engine has, with the faces it rolled. */
typedef struct {
  KesselAction action;
  guint8 faces[KESSEL_DICE_MAX_PER_ACTION];
  guint n_faces;
} SentAction;

struct _KesselExecPlayer {
  KesselPlayer parent_instance;

  char **argv;
  GSubprocess *process;
  int fd;                       /* our end of the engine's socket, or -1 */
  GByteArray *input;            /* read and not yet taken as lines */
  double timeout;

  KesselScenario *scenario;     /* what the engine was sent, or NULL */
  char *opening;                /* the opening faces sent with newgame */
  GArray *sent;                 /* SentAction, the engine's game so far */
};

G_DEFINE_FINAL_TYPE (KesselExecPlayer, kessel_exec_player, KESSEL_TYPE_PLAYER)

static void
forget_game (KesselExecPlayer *self)
{
  g_clear_object (&self->scenario);
  g_clear_pointer (&self->opening, g_free);
  g_array_set_size (self->sent, 0);
}

static void
stop_engine (KesselExecPlayer *self)
{
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  if (self->process != NULL)
    {
      g_subprocess_force_exit (self->process);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_clear_object (&self->process);
  g_byte_array_set_size (self->input, 0);
  forget_game (self);
}

static void
kessel_exec_player_finalize (GObject *object)
{
  KesselExecPlayer *self = KESSEL_EXEC_PLAYER (object);

  stop_engine (self);
  g_strfreev (self->argv);
  g_byte_array_unref (self->input);
  g_array_unref (self->sent);
  G_OBJECT_CLASS (kessel_exec_player_parent_class)->finalize (object);
}

static gboolean choose_in_game (KesselPlayer *player, KesselGame *game, KesselAction *action, GError **error);

static void
kessel_exec_player_class_init (KesselExecPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_exec_player_finalize;
  KESSEL_PLAYER_CLASS (klass)->choose_in_game = choose_in_game;
}

static void
kessel_exec_player_init (KesselExecPlayer *self)
{
  const char *timeout = g_getenv ("KESSEL_EXEC_TIMEOUT");

  self->fd = -1;
  self->input = g_byte_array_new ();
  self->sent = g_array_new (FALSE, FALSE, sizeof (SentAction));
  self->timeout = timeout != NULL && g_ascii_strtod (timeout, NULL) > 0 ? g_ascii_strtod (timeout, NULL)
                                                                         : DEFAULT_TIMEOUT_SECONDS;
}

KesselPlayer *
kessel_exec_player_new (const char *command, GError **error)
{
  g_auto(GStrv) argv = NULL;
  KesselExecPlayer *self;

  if (!g_shell_parse_argv (command, NULL, &argv, NULL))
    {
      g_autofree char *shown = kessel_text_cut (command, KESSEL_MESSAGE_MAX_QUOTE);
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("\"exec:%s\" names no program to run"), shown);
      return NULL;
    }
  self = g_object_new (KESSEL_TYPE_EXEC_PLAYER, NULL);
  self->argv = g_steal_pointer (&argv);
  return KESSEL_PLAYER (self);
}

/* The engine's process */

static gboolean
start_engine (KesselExecPlayer *self, GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  int pair[2];

  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "socketpair: %s", g_strerror (errno));
      return FALSE;
    }
  g_subprocess_launcher_take_stdin_fd (launcher, pair[1]);
  g_subprocess_launcher_take_stdout_fd (launcher, fcntl (pair[1], F_DUPFD_CLOEXEC, 3));
  self->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) self->argv, error);
  if (self->process == NULL)
    {
      close (pair[0]);
      return FALSE;
    }
  self->fd = pair[0];
  fcntl (self->fd, F_SETFL, fcntl (self->fd, F_GETFL) | O_NONBLOCK);
  return TRUE;
}

/* Talking */

typedef struct {
  GString *request;
  gsize written;
  GPtrArray *answers;           /* the lines that are not info */
  guint wanted;
} Exchange;

static gboolean
engine_error (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
engine_error (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("The engine failed: %s"), message);
  return FALSE;
}

static void
note_info (KesselExecPlayer *self, const char *line)
{
  double seconds;
  char *end;

  if (!g_str_has_prefix (line, "info seconds "))
    return;
  seconds = g_ascii_strtod (line + strlen ("info seconds "), &end);
  if (*end == '\0' && seconds >= 0 && seconds < 1e6)
    kessel_player_add_outside_seconds (KESSEL_PLAYER (self), seconds);
}

/* Takes the whole lines read so far. */
static gboolean
take_lines (KesselExecPlayer *self, Exchange *exchange, GError **error)
{
  guint8 *end;

  /* An empty GByteArray may have no data at all, and memchr must not be
   * given NULL even for no bytes. */
  while (exchange->answers->len < exchange->wanted && self->input->len > 0
         && (end = memchr (self->input->data, '\n', self->input->len)) != NULL)
    {
      gsize length = (gsize) (end - self->input->data);
      g_autofree char *line = g_strndup ((const char *) self->input->data, length);

      g_byte_array_remove_range (self->input, 0, (guint) length + 1);
      if (length > 0 && line[length - 1] == '\r')
        line[--length] = '\0';
      if (strlen (line) != length || !g_utf8_validate (line, -1, NULL))
        return engine_error (error, "it wrote a line that is not UTF-8 text");
      if (g_str_has_prefix (line, "info "))
        note_info (self, line);
      else
        g_ptr_array_add (exchange->answers, g_steal_pointer (&line));
    }
  if (self->input->len > KESSEL_ENGINE_MAX_LINE)
    return engine_error (error, "it wrote a line of more than %d bytes", KESSEL_ENGINE_MAX_LINE);
  return TRUE;
}

static gboolean
write_some (KesselExecPlayer *self, Exchange *exchange, GError **error)
{
  ssize_t n = send (self->fd, exchange->request->str + exchange->written,
                    exchange->request->len - exchange->written, MSG_NOSIGNAL | MSG_DONTWAIT);

  if (n >= 0)
    exchange->written += (gsize) n;
  else if (errno == EPIPE || errno == ECONNRESET)
    exchange->written = exchange->request->len;   /* what it wrote before it ended is still read */
  else if (errno != EAGAIN && errno != EINTR)
    return engine_error (error, "%s", g_strerror (errno));
  return TRUE;
}

static gboolean
read_some (KesselExecPlayer *self, Exchange *exchange, GError **error)
{
  guint8 buffer[16384];
  ssize_t n = recv (self->fd, buffer, sizeof buffer, MSG_DONTWAIT);

  if (n == 0 || (n < 0 && errno == ECONNRESET))
    return engine_error (error, "it ended");
  if (n < 0)
    return errno == EAGAIN || errno == EINTR || engine_error (error, "%s", g_strerror (errno));
  g_byte_array_append (self->input, buffer, (guint) n);
  return take_lines (self, exchange, error);
}

/* Sends request and reads the wanted answers, all within the time limit. */
static gboolean
exchange_lines (KesselExecPlayer *self, Exchange *exchange, GError **error)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) (self->timeout * G_USEC_PER_SEC);

  if (!take_lines (self, exchange, error))
    return FALSE;
  while (exchange->written < exchange->request->len || exchange->answers->len < exchange->wanted)
    {
      struct pollfd poll_fd = { self->fd, POLLIN, 0 };
      gint64 left = deadline - g_get_monotonic_time ();

      if (exchange->written < exchange->request->len)
        poll_fd.events |= POLLOUT;
      if (left <= 0)
        return engine_error (error, "it gave no answer within %.0f s", self->timeout);
      if (poll (&poll_fd, 1, (int) MIN (left / 1000 + 1, G_MAXINT)) < 0 && errno != EINTR)
        return engine_error (error, "%s", g_strerror (errno));
      if ((poll_fd.revents & POLLOUT) && !write_some (self, exchange, error))
        return FALSE;
      if ((poll_fd.revents & (POLLIN | POLLHUP | POLLERR)) && !read_some (self, exchange, error))
        return FALSE;
    }
  return TRUE;
}

/* Commands to send at once, and the bytes that carry them. */
typedef struct {
  GString *bytes;
  GPtrArray *commands;          /* each command's line, for messages */
} Request;

static void
request_init (Request *request)
{
  request->bytes = g_string_new (NULL);
  request->commands = g_ptr_array_new_with_free_func (g_free);
}

static void
request_clear (Request *request)
{
  g_string_free (request->bytes, TRUE);
  g_ptr_array_unref (request->commands);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Request, request_clear)

static void request_add (Request *request, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
request_add (Request *request, const char *format, ...)
{
  va_list args;
  char *line;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_string_append_printf (request->bytes, "%s\n", line);
  g_ptr_array_add (request->commands, line);
}

/* Sends the commands and checks that each got an answer starting with the
 * word expected ("ok" for most); the answers are kept when asked for. */
static gboolean
send_request (KesselExecPlayer *self, Request *request, const char *expected, GPtrArray **answers,
              GError **error)
{
  Exchange exchange = { request->bytes, 0, g_ptr_array_new_with_free_func (g_free), request->commands->len };
  gsize n = strlen (expected);
  gboolean ok = exchange_lines (self, &exchange, error);

  for (guint i = 0; ok && i < exchange.answers->len; i++)
    {
      const char *answer = g_ptr_array_index (exchange.answers, i);

      if (strncmp (answer, expected, n) == 0 && (answer[n] == '\0' || answer[n] == ' '))
        continue;
      g_autofree char *command = kessel_text_cut (g_ptr_array_index (request->commands, i), KESSEL_MESSAGE_MAX_QUOTE);
      g_autofree char *shown = kessel_text_cut (answer, 200);
      ok = engine_error (error, "it answered \"%s\" to \"%s\"", shown, command);
    }
  if (ok && answers != NULL)
    *answers = g_ptr_array_ref (exchange.answers);
  g_ptr_array_unref (exchange.answers);
  return ok;
}

/* Keeping the engine's game the same as ours */

static char *
faces_text (const guint8 *faces, guint n_faces)
{
  return n_faces > 0 ? g_strdelimit (kessel_dice_faces_to_string (faces, n_faces), " ", ',') : g_strdup ("-");
}

/* Action index of game and the faces it rolled, as sent. */
static SentAction
sent_action (KesselGame *game, int index)
{
  SentAction sent = { *kessel_game_get_action (game, index), { 0 }, 0 };
  const guint8 *faces = kessel_game_get_action_dice (game, index, &sent.n_faces);

  sent.n_faces = MIN (sent.n_faces, KESSEL_DICE_MAX_PER_ACTION);
  if (sent.n_faces > 0)
    memcpy (sent.faces, faces, sent.n_faces);
  return sent;
}

static char *
opening_faces (KesselGame *game)
{
  guint n_faces;
  const guint8 *faces = kessel_game_get_opening_dice (game, &n_faces);

  return faces_text (faces, n_faces);
}

/* Whether game still continues what the engine has. */
static gboolean
continues_sent (KesselExecPlayer *self, KesselGame *game)
{
  g_autofree char *opening = NULL;

  if (self->scenario != kessel_game_get_scenario (game) || kessel_game_get_n_actions (game) < (int) self->sent->len)
    return FALSE;
  opening = opening_faces (game);
  if (g_strcmp0 (opening, self->opening) != 0)
    return FALSE;
  for (guint i = 0; i < self->sent->len; i++)
    {
      SentAction now = sent_action (game, (int) i);
      const SentAction *sent = &g_array_index (self->sent, SentAction, i);
      if (!kessel_action_equal (&now.action, &sent->action) || now.n_faces != sent->n_faces
          || memcmp (now.faces, sent->faces, now.n_faces) != 0)
        return FALSE;
    }
  return TRUE;
}

static gboolean
say_hello (KesselExecPlayer *self, GError **error)
{
  g_auto(Request) request;

  request_init (&request);
  request_add (&request, "hello %d", KESSEL_ENGINE_PROTOCOL_VERSION);
  return send_request (self, &request, "hello", NULL, error);
}

static void
add_options (Request *request, KesselGame *game)
{
  KesselScenario *scenario = kessel_game_get_scenario (game);

  for (int i = 0; i < kessel_scenario_get_n_options (scenario); i++)
    {
      const char *id = kessel_scenario_get_option (scenario, i)->id;
      request_add (request, "option %s %s", id, kessel_game_get_option (game, id) ? "yes" : "no");
    }
  request_add (request, "option %s %s", KESSEL_FOG_OF_WAR_OPTION,
               kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION) ? "yes" : "no");
}

/* The scenario, inline, and a new game with the player's seed. */
static gboolean
send_new_game (KesselExecPlayer *self, KesselGame *game, GError **error)
{
  KesselPlayer *player = KESSEL_PLAYER (self);
  KesselScenario *scenario = kessel_game_get_scenario (game);
  g_autofree char *opening = opening_faces (game);
  gsize length = 0;
  g_autofree char *xml = kessel_scenario_to_xml (scenario, &length);
  g_auto(Request) request;

  forget_game (self);
  request_init (&request);
  /* The scenario's bytes follow its line; its one answer comes after them. */
  request_add (&request, "scenario %" G_GSIZE_FORMAT, length);
  g_string_append_len (request.bytes, xml, (gssize) length);
  request_add (&request, "seed %" G_GUINT64_FORMAT, kessel_player_get_seed (player));
  request_add (&request, "sees-all %s", kessel_player_get_sees_all (player) ? "yes" : "no");
  request_add (&request, "newgame %s", opening);
  add_options (&request, game);
  if (!send_request (self, &request, "ok", NULL, error))
    return FALSE;
  self->scenario = g_object_ref (scenario);
  self->opening = g_steal_pointer (&opening);
  return TRUE;
}

/* The actions of game the engine does not have yet. */
static gboolean
send_actions (KesselExecPlayer *self, KesselGame *game, GError **error)
{
  int n_actions = kessel_game_get_n_actions (game);
  g_auto(Request) request;

  request_init (&request);
  for (int i = (int) self->sent->len; i < n_actions; i++)
    {
      SentAction sent = sent_action (game, i);
      g_autofree char *text = kessel_game_action_to_string (game, &sent.action);
      g_autofree char *faces = faces_text (sent.faces, sent.n_faces);

      request_add (&request, "play %s %s", faces, text);
      g_array_append_val (self->sent, sent);
    }
  if (request.commands->len == 0)
    return TRUE;
  return send_request (self, &request, "ok", NULL, error);
}

static gboolean
ask_action (KesselExecPlayer *self, KesselGame *game, KesselAction *action, GError **error)
{
  g_autoptr(GPtrArray) answers = NULL;
  g_autoptr(GError) local_error = NULL;
  g_auto(Request) request;
  const char *text;

  request_init (&request);
  request_add (&request, "go");
  if (!send_request (self, &request, "action", &answers, error))
    return FALSE;
  text = (const char *) g_ptr_array_index (answers, 0) + strlen ("action");
  text += *text == ' ';
  if (kessel_game_action_from_string (game, text, action, &local_error)
      && kessel_game_check (game, action, &local_error))
    return TRUE;
  g_autofree char *shown = kessel_text_cut (text, 200);
  return engine_error (error, "it chose \"%s\", which cannot be played: %s", shown, local_error->message);
}

static gboolean
sync_and_ask (KesselExecPlayer *self, KesselGame *game, KesselAction *action, GError **error)
{
  if (self->process == NULL && !(start_engine (self, error) && say_hello (self, error)))
    return FALSE;
  if (!continues_sent (self, game) && !send_new_game (self, game, error))
    return FALSE;
  return send_actions (self, game, error) && ask_action (self, game, action, error);
}

static gboolean
choose_in_game (KesselPlayer *player, KesselGame *game, KesselAction *action, GError **error)
{
  KesselExecPlayer *self = KESSEL_EXEC_PLAYER (player);

  if (sync_and_ask (self, game, action, error))
    return TRUE;
  stop_engine (self);
  return FALSE;
}
