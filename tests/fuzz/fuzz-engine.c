/* Fuzz target: the engine protocol as an engine reads it
 * (kessel-engine-session.h). The input is what a client sends: lines, and
 * after "scenario N" N bytes of a scenario. "@PRUT@" in it stands for the
 * path of the shipped Crossing the Prut, so that inputs can reach a game.
 * Every line must get exactly one answer (besides info lines), however
 * hostile; "player" lines are left out, so that no input makes the engine
 * think at length. */
#include "fuzz-common.h"

#include <string.h>

#include "kessel-engine-session.h"

static char *prut_path;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  prut_path = g_build_filename (KESSEL_FUZZ_SOURCE_ROOT, "data", "scenarios", "crossing-the-prut.kessel", NULL);
  return 0;
}

/* The answers in reply that are not info lines; "legal N" is one answer
 * with the N lines that follow it. */
static int
count_answers (const char *reply)
{
  int answers = 0;
  g_auto(GStrv) lines = g_strsplit (reply, "\n", -1);

  for (int i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      if (g_str_has_prefix (lines[i], "info "))
        continue;
      answers++;
      if (g_str_has_prefix (lines[i], "legal "))
        for (guint64 n = g_ascii_strtoull (lines[i] + 6, NULL, 10); n > 0 && lines[i + 1] != NULL; n--)
          i++;
    }
  return answers;
}

static void
take_line (KesselEngineSession *session, const char *line, gsize length)
{
  g_autoptr(GString) reply = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new_len (line, (gssize) length);
  gboolean blank = TRUE;

  if (g_str_has_prefix (text->str, "player"))
    return;
  g_string_replace (text, "@PRUT@", prut_path, 0);
  for (gsize i = 0; i < text->len; i++)
    blank &= g_ascii_isspace (text->str[i]);
  kessel_engine_session_handle_line (session, text->str, text->len, reply);
  if (kessel_engine_session_get_bytes_wanted (session) > 0)
    return;   /* the answer to "scenario N" comes after its bytes */
  if (count_answers (reply->str) != (blank ? 0 : 1))
    fuzz_fail ("the line \"%.60s\" got the answer \"%.200s\"", text->str, reply->str);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(KesselEngineSession) session = kessel_engine_session_new ("random", NULL);
  const char *at = (const char *) data, *end = at + size;

  while (at < end)
    {
      gsize wanted = kessel_engine_session_get_bytes_wanted (session);
      const char *newline;

      if (wanted > 0)
        {
          g_autoptr(GString) reply = g_string_new (NULL);
          at += kessel_engine_session_feed_bytes (session, at, (gsize) (end - at), reply);
          if (kessel_engine_session_get_bytes_wanted (session) == 0 && count_answers (reply->str) != 1)
            fuzz_fail ("a scenario sent inline got the answer \"%.200s\"", reply->str);
          continue;
        }
      newline = memchr (at, '\n', (size_t) (end - at));
      if (newline == NULL)
        newline = end;
      take_line (session, at, (gsize) (newline - at));
      at = newline + 1;
    }
  return 0;
}
