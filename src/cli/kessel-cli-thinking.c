/* kessel-cli-thinking.c: thinking time and actions of each game of a match. */
#include "kessel-cli-thinking.h"

#include <stdio.h>

typedef struct {
  GArray *per_phase[3];      /* per side: CPU seconds spent choosing, one entry per phase */
  int phase_key[3];
  int actions;
  char *error;
} GameThinking;

struct _KesselCliThinking
{
  int n_games;
  GameThinking *games;
};

KesselCliThinking *
kessel_cli_thinking_new (int n_games)
{
  KesselCliThinking *thinking = g_new0 (KesselCliThinking, 1);

  thinking->n_games = MAX (n_games, 0);
  thinking->games = g_new0 (GameThinking, MAX (thinking->n_games, 1));
  for (int g = 0; g < thinking->n_games; g++)
    for (int side = 0; side < 3; side++)
      {
        thinking->games[g].per_phase[side] = g_array_new (FALSE, FALSE, sizeof (double));
        thinking->games[g].phase_key[side] = -1;
      }
  return thinking;
}

void
kessel_cli_thinking_free (KesselCliThinking *thinking)
{
  if (thinking == NULL)
    return;
  for (int g = 0; g < thinking->n_games; g++)
    {
      g_free (thinking->games[g].error);
      for (int side = 0; side < 3; side++)
        g_array_unref (thinking->games[g].per_phase[side]);
    }
  g_free (thinking->games);
  g_free (thinking);
}

void
kessel_cli_thinking_note_choice (KesselCliThinking *thinking, int index, const KesselChoiceMade *choice)
{
  GameThinking *game;
  int phase_key = choice->turn * KESSEL_N_PHASES + (int) choice->phase;
  KesselSide side = choice->side;
  double seconds = choice->seconds;

  g_return_if_fail (index >= 0 && index < thinking->n_games);
  if (side != KESSEL_SIDE_GERMAN && side != KESSEL_SIDE_SOVIET)
    return;
  game = &thinking->games[index];
  if (game->phase_key[side] != phase_key)
    {
      game->phase_key[side] = phase_key;
      g_array_append_val (game->per_phase[side], seconds);
    }
  else
    g_array_index (game->per_phase[side], double, game->per_phase[side]->len - 1) += seconds;
}

void
kessel_cli_thinking_note_end (KesselCliThinking *thinking, int index, const GError *error, int n_actions)
{
  kessel_cli_thinking_set_end (thinking, index, error != NULL ? error->message : NULL, n_actions);
}

void
kessel_cli_thinking_set_end (KesselCliThinking *thinking, int index, const char *error, int n_actions)
{
  g_return_if_fail (index >= 0 && index < thinking->n_games);
  thinking->games[index].actions = n_actions;
  if (error != NULL)
    {
      g_free (thinking->games[index].error);
      thinking->games[index].error = g_strdup (error);
    }
}

const GArray *
kessel_cli_thinking_get_phases (KesselCliThinking *thinking, int index, KesselSide side)
{
  g_return_val_if_fail (index >= 0 && index < thinking->n_games, NULL);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, NULL);
  return thinking->games[index].per_phase[side];
}

void
kessel_cli_thinking_add_phase (KesselCliThinking *thinking, int index, KesselSide side, double seconds)
{
  g_return_if_fail (index >= 0 && index < thinking->n_games);
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  g_array_append_val (thinking->games[index].per_phase[side], seconds);
}

int
kessel_cli_thinking_get_actions (KesselCliThinking *thinking, int index)
{
  g_return_val_if_fail (index >= 0 && index < thinking->n_games, 0);
  return thinking->games[index].actions;
}

const char *
kessel_cli_thinking_get_error (KesselCliThinking *thinking, int index)
{
  g_return_val_if_fail (index >= 0 && index < thinking->n_games, NULL);
  return thinking->games[index].error;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

void
kessel_cli_thinking_summarise (KesselCliThinking *thinking, int n_games, KesselSide side,
                               KesselCliThinkingSummary *summary)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));

  *summary = (KesselCliThinkingSummary) { 0 };
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  for (int g = 0; g < MIN (n_games, thinking->n_games); g++)
    g_array_append_vals (all, thinking->games[g].per_phase[side]->data, thinking->games[g].per_phase[side]->len);
  g_array_sort (all, compare_doubles);
  summary->phases = (int) all->len;
  if (all->len > 0)
    {
      summary->median = g_array_index (all, double, all->len / 2);
      summary->longest = g_array_index (all, double, all->len - 1);
    }
}

void
kessel_cli_thinking_print_errors (KesselCliThinking *thinking, KesselBalance *balance, int n_games,
                                  const char *player)
{
  for (int g = 0; g < MIN (n_games, thinking->n_games); g++)
    if (thinking->games[g].error != NULL)
      fprintf (stderr, "kessel-cli match: seed %" G_GUINT64_FORMAT "%s%s%s: %s\n",
               kessel_balance_get_seed (balance, g), player ? " (" : "", player ? player : "", player ? ")" : "",
               thinking->games[g].error);
}
