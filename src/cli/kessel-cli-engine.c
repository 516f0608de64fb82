/* kessel-cli-engine.c: kessel-cli engine, a computer player that speaks the
 * engine protocol on its standard input and output
 * (kessel-engine-session.h, docs/engine-protocol.md). */
#include "kessel-config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kessel-cli-commands.h"
#include "kessel-engine-session.h"

typedef struct {
  KesselEngineSession *session;
  GByteArray *input;            /* read and not yet taken */
  gboolean skipping;            /* the rest of a line too long to take */
  gboolean quit;
} EngineInput;

static gboolean
write_all (const char *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (STDOUT_FILENO, data, length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Takes the scenario bytes wanted, then whole lines, from the input. */
static void
take_input (EngineInput *in, GString *reply)
{
  for (;;)
    {
      gsize wanted = kessel_engine_session_get_bytes_wanted (in->session);
      guint8 *end;
      gsize length;

      if (wanted > 0)
        {
          gsize taken = kessel_engine_session_feed_bytes (in->session, (const char *) in->input->data,
                                                          in->input->len, reply);
          g_byte_array_remove_range (in->input, 0, (guint) taken);
          if (kessel_engine_session_get_bytes_wanted (in->session) > 0)
            return;
          continue;
        }
      end = memchr (in->input->data, '\n', in->input->len);
      if (end == NULL)
        break;
      length = (gsize) (end - in->input->data);
      if (!in->skipping && !kessel_engine_session_handle_line (in->session, (const char *) in->input->data, length, reply))
        in->quit = TRUE;
      in->skipping = FALSE;
      g_byte_array_remove_range (in->input, 0, (guint) length + 1);
      if (in->quit)
        return;
    }
  if (in->input->len > KESSEL_ENGINE_MAX_LINE)
    {
      if (!in->skipping)
        kessel_engine_session_handle_line (in->session, (const char *) in->input->data, in->input->len, reply);
      in->skipping = TRUE;
      g_byte_array_set_size (in->input, 0);
    }
}

int
kessel_cli_engine (int argc, char **argv)
{
  g_autofree char *level = NULL;
  g_autofree char *player = NULL;
  const GOptionEntry entries[] = {
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, N_("The computer player's level: easy, normal or hard (default normal)"), "LEVEL" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player, N_("The player instead: random, greedy or ai:LEVEL"), "PLAYER" },
    { NULL }
  };
  g_autoptr(KesselEngineSession) session = NULL;
  g_autoptr(GByteArray) input = g_byte_array_new ();
  g_autofree char *spec = NULL;
  g_autoptr(GError) error = NULL;
  EngineInput in = { NULL, input, FALSE, FALSE };

  if (!kessel_cli_parse_options ("engine", entries, &argc, &argv))
    return 2;
  if (argc != 1 || (level != NULL && player != NULL))
    {
      fprintf (stderr, "%s\n", _("kessel-cli engine: give a --level or a --player, and no other argument"));
      return 2;
    }
  spec = player != NULL ? g_strdup (player) : g_strdup_printf ("ai:%s", level != NULL ? level : "normal");
  session = kessel_engine_session_new (spec, &error);
  if (session == NULL)
    {
      fprintf (stderr, "kessel-cli engine: %s\n", error->message);
      return 2;
    }
  in.session = session;
  while (!in.quit)
    {
      guint8 buffer[65536];
      g_autoptr(GString) reply = g_string_new (NULL);
      ssize_t n = read (STDIN_FILENO, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_byte_array_append (input, buffer, (guint) n);
      take_input (&in, reply);
      if (!write_all (reply->str, reply->len))
        break;
    }
  return 0;
}
