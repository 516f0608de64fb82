/* kessel-cli-progress.c: the progress line of match and balance. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <unistd.h>

#include "kessel-cli-progress.h"

/* German, draw and Soviet victories among the games done so far. */
static void
count_verdicts (KesselBalance *balance, int counts[3])
{
  counts[0] = counts[1] = counts[2] = 0;
  for (int g = 0; g < kessel_balance_get_n_games (balance); g++)
    if (kessel_balance_game_ok (balance, g))
      switch (kessel_balance_get_verdict (balance, g))
        {
        case KESSEL_VERDICT_GERMAN: counts[0]++; break;
        case KESSEL_VERDICT_DRAW: counts[1]++; break;
        case KESSEL_VERDICT_SOVIET: counts[2]++; break;
        case KESSEL_VERDICT_NONE:
        default: break;
        }
}

/* "45 s", "12 min" or "3 h 20 min". */
static char *
format_duration (double seconds)
{
  int whole = (int) (seconds + 0.5);

  if (whole < 60)
    return g_strdup_printf (_("%d s"), whole);
  if (whole < 3600)
    return g_strdup_printf (_("%d min"), (whole + 30) / 60);
  return g_strdup_printf (_("%d h %d min"), whole / 3600, (whole % 3600 + 30) / 60);
}

static char *
progress_line (KesselSelfPlay *self_play, int total, double elapsed)
{
  int done = kessel_self_play_get_n_done (self_play);
  int verdicts[3];
  g_autofree char *left = NULL;

  count_verdicts (kessel_self_play_get_balance (self_play, 0), verdicts);
  if (done == 0)
    /* Translators: games done, games in all, and the verdicts so far. */
    return g_strdup_printf (_("%d / %d games; German %d, draw %d, Soviet %d"), done, total, verdicts[0],
                            verdicts[1], verdicts[2]);
  left = format_duration (elapsed * (total - done) / done);
  /* Translators: games done, games in all, the verdicts so far and the time left. */
  return g_strdup_printf (_("%d / %d games; German %d, draw %d, Soviet %d; about %s left"), done, total,
                          verdicts[0], verdicts[1], verdicts[2], left);
}

void
kessel_cli_wait_with_progress (KesselSelfPlay *self_play)
{
  gboolean show = isatty (fileno (stderr));
  int total = 0, width = 0;
  gint64 start = g_get_monotonic_time ();
  g_autofree char *shown = NULL;

  for (int v = 0; v < kessel_self_play_get_n_variants (self_play); v++)
    total += kessel_balance_get_n_games (kessel_self_play_get_balance (self_play, v));

  while (show && kessel_self_play_is_running (self_play))
    {
      char *line = progress_line (self_play, total, (g_get_monotonic_time () - start) / 1e6);
      int length = (int) g_utf8_strlen (line, -1);

      if (g_strcmp0 (line, shown) != 0)
        fprintf (stderr, "\r%s%*s", line, MAX (width - length, 0), "");
      width = MAX (width, length);
      g_free (shown);
      shown = line;
      g_usleep (G_USEC_PER_SEC / 10);
    }
  if (show)
    fprintf (stderr, "\r%*s\r", width, "");
  kessel_self_play_wait (self_play);
}
