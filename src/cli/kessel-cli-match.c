/* kessel-cli-match.c: games between players (kessel-player.h), one at a time
 * with kessel-cli play, or many in parallel with kessel-cli match. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-commands.h"
#include "kessel-cli-failures.h"
#include "kessel-self-play.h"
#include "kessel-statistics.h"

KesselScenario *
kessel_cli_load_scenario (const char *command, const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  if (scenario == NULL)
    fprintf (stderr, "kessel-cli %s: %s\n", command, error->message);
  return scenario;
}

/* An action typed at the terminal for a human seat; FALSE at end of input. */
gboolean
kessel_cli_read_human_action (KesselGame *game, KesselAction *action, gpointer data)
{
  char line[4096];

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *side = g_strdup (kessel_side_to_string (kessel_game_get_active_side (game)));

      printf (_("Turn %d, %s, %s to act (\"?\" lists the legal actions): "), kessel_game_get_turn (game),
              kessel_phase_display_name (kessel_game_get_phase (game)), side);
      fflush (stdout);
      if (fgets (line, sizeof line, stdin) == NULL)
        return FALSE;
      g_strstrip (line);
      if (strcmp (line, "?") == 0)
        {
          g_autoptr(GArray) actions = kessel_game_list_actions (game);
          for (guint i = 0; i < actions->len; i++)
            {
              g_autofree char *text = kessel_game_action_to_string (game, &g_array_index (actions, KesselAction, i));
              printf ("  %s\n", text);
            }
          continue;
        }
      if (kessel_game_action_from_string (game, line, action, &error) && kessel_game_check (game, action, &error))
        return TRUE;
      printf ("%s\n", error->message);
    }
}

/* match */

typedef struct {
  GArray *per_phase[3];     /* per side: CPU seconds spent choosing, one entry per phase */
  int phase_key[3];
  int actions;
  char *error;
} GameThinking;

typedef struct {
  const char *german;
  const char *soviet;
  KesselBalance *balance;
  GameThinking *games;
  KesselCliFailures *failures;
} Match;

static void
note_thinking (int variant, int index, KesselGame *game, const KesselChoiceMade *choice, gpointer data)
{
  GameThinking *thinking = &((Match *) data)->games[index];
  int phase_key = choice->turn * KESSEL_N_PHASES + (int) choice->phase;
  KesselSide side = choice->side;
  double seconds = choice->seconds;

  kessel_cli_failures_observe (((Match *) data)->failures, index, game);
  if (side != KESSEL_SIDE_GERMAN && side != KESSEL_SIDE_SOVIET)
    return;
  if (thinking->phase_key[side] != phase_key)
    {
      thinking->phase_key[side] = phase_key;
      g_array_append_val (thinking->per_phase[side], seconds);
    }
  else
    g_array_index (thinking->per_phase[side], double, thinking->per_phase[side]->len - 1) += seconds;
}

static void
note_end (int variant, int index, KesselGame *game, const GError *error, gboolean stopped, int n_actions,
          gpointer data)
{
  GameThinking *thinking = &((Match *) data)->games[index];

  thinking->actions = n_actions;
  if (error != NULL)
    thinking->error = g_strdup (error->message);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

typedef struct {
  double think_median[3], think_max[3];
  int think_phases[3];
} MatchThinking;

static void
summarise_thinking (const Match *match, MatchThinking *summary)
{
  int n_games = kessel_balance_get_n_games (match->balance);

  memset (summary, 0, sizeof *summary);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
      for (int g = 0; g < n_games; g++)
        g_array_append_vals (all, match->games[g].per_phase[side]->data, match->games[g].per_phase[side]->len);
      g_array_sort (all, compare_doubles);
      summary->think_phases[side] = (int) all->len;
      if (all->len > 0)
        {
          summary->think_median[side] = g_array_index (all, double, all->len / 2);
          summary->think_max[side] = g_array_index (all, double, all->len - 1);
        }
    }
}

const char *
kessel_cli_verdict_id (KesselVerdict verdict)
{
  switch (verdict)
    {
    case KESSEL_VERDICT_GERMAN: return "german";
    case KESSEL_VERDICT_SOVIET: return "soviet";
    case KESSEL_VERDICT_DRAW: return "draw";
    default: return "none";
    }
}

/* One entry per game, in seed order, so that a game can be replayed by its seed. */
static void
print_results_json (const Match *match)
{
  KesselBalance *balance = match->balance;

  printf (", \"results\": [");
  for (int g = 0; g < kessel_balance_get_n_games (balance); g++)
    {
      int vp = kessel_balance_get_final_vp (balance, g);
      printf ("%s{\"seed\": %" G_GUINT64_FORMAT ", \"ok\": %s, \"vp\": %d, \"verdict\": \"%s\", \"actions\": %d, ",
              g > 0 ? ", " : "", kessel_balance_get_seed (balance, g),
              kessel_balance_game_ok (balance, g) ? "true" : "false", vp,
              kessel_cli_verdict_id (kessel_balance_get_verdict (balance, g)),
              match->games[g].actions);
      kessel_cli_failures_print_game_json (match->failures, g);
      printf ("}");
    }
  printf ("]");
}

/* The three verdicts in the order German, draw, Soviet. */
static const KesselVerdict verdict_order[3] = { KESSEL_VERDICT_GERMAN, KESSEL_VERDICT_DRAW, KESSEL_VERDICT_SOVIET };

void
kessel_cli_print_verdicts_json (const KesselBalanceSummary *summary)
{
  printf ("\"verdicts\": {");
  for (int i = 0; i < 3; i++)
    printf ("%s\"%s\": {\"count\": %d, \"rate\": %.4f, \"low\": %.4f, \"high\": %.4f}", i > 0 ? ", " : "",
            kessel_cli_verdict_id (verdict_order[i]), summary->verdicts[i], summary->verdict_rate[i].estimate, summary->verdict_rate[i].low,
            summary->verdict_rate[i].high);
  printf ("}");
}

void
kessel_cli_print_verdicts (const KesselBalanceSummary *summary)
{
  for (int i = 0; i < 3; i++)
    printf ("  %-16s %5d  %5.1f%%  (95%% %5.1f%% - %5.1f%%)\n", kessel_verdict_display_name (verdict_order[i]),
            summary->verdicts[i], 100 * summary->verdict_rate[i].estimate, 100 * summary->verdict_rate[i].low,
            100 * summary->verdict_rate[i].high);
}

static void
print_summary (const Match *match, const KesselBalanceSummary *summary, const MatchThinking *thinking,
               gboolean json)
{
  if (json)
    {
      printf ("{\"players\": {\"german\": \"%s\", \"soviet\": \"%s\"}, \"games\": %d, \"failed\": %d, ",
              match->german, match->soviet, summary->n_games, summary->n_failed);
      kessel_cli_print_verdicts_json (summary);
      printf (", \"vp_mean\": %.3f, \"vp_sd\": %.3f, ", summary->vp_mean, summary->vp_sd);
      kessel_cli_failures_print_means_json (match->failures, match->balance);
      printf (", \"thinking\": {\"german\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}, "
              "\"soviet\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}}",
              thinking->think_phases[1], thinking->think_median[1], thinking->think_max[1],
              thinking->think_phases[2], thinking->think_median[2], thinking->think_max[2]);
      print_results_json (match);
      printf ("}\n");
      return;
    }
  printf (_("%s (German) against %s (Soviet), %d games:\n"), match->german, match->soviet, summary->n_games);
  kessel_cli_print_verdicts (summary);
  printf (_("  final Soviet VP: mean %.2f, standard deviation %.2f\n"), summary->vp_mean, summary->vp_sd);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    if (thinking->think_phases[side] > 0)
      printf (_("  %s thinking per phase: median %.3f s, longest %.3f s (%d phases, CPU time)\n"),
              side == KESSEL_SIDE_GERMAN ? _("German") : _("Soviet"), thinking->think_median[side],
              thinking->think_max[side], thinking->think_phases[side]);
  kessel_cli_failures_print_means (match->failures, match->balance);
  if (summary->n_failed > 0)
    printf (_("  %d games failed\n"), summary->n_failed);
}

KesselSelfPlay *
kessel_cli_new_self_play (const char *command, KesselScenario *const *scenarios, int n_variants,
                          const char *german, const char *soviet, gint64 seed, int games)
{
  g_autoptr(GError) error = NULL;
  KesselSelfPlay *self_play = kessel_self_play_new (scenarios, n_variants, german, soviet, (guint64) seed,
                                                    games, &error);

  if (self_play == NULL)
    fprintf (stderr, "kessel-cli %s: %s\n", command, error->message);
  return self_play;
}

static void
report_failures (KesselBalance *balance, GameThinking *games)
{
  for (int g = 0; g < kessel_balance_get_n_games (balance); g++)
    if (games[g].error != NULL)
      fprintf (stderr, "kessel-cli match: seed %" G_GUINT64_FORMAT ": %s\n", kessel_balance_get_seed (balance, g),
               games[g].error);
}

int
kessel_cli_match (int argc, char **argv)
{
  gint64 seed = 1;
  int games = 100, jobs = 0;
  gboolean json = FALSE;
  g_autofree char *german = NULL;
  g_autofree char *soviet = NULL;
  const GOptionEntry entries[] = {
    { "german", 0, 0, G_OPTION_ARG_STRING, &german, N_("The German player: random, greedy or ai:LEVEL (default ai:normal)"), "PLAYER" },
    { "soviet", 0, 0, G_OPTION_ARG_STRING, &soviet, N_("The Soviet player (default ai:normal)"), "PLAYER" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to play, seeds S, S+1, ... (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), "S" },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, N_("Games played at once (default: one per core)"), "J" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the summary as JSON"), NULL },
    { NULL }
  };
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselSelfPlay) self_play = NULL;
  g_autoptr(KesselBalanceSummary) summary = NULL;
  MatchThinking thinking;
  g_autoptr(KesselCliFailures) failures = NULL;
  Match match = { 0 };

  if (!kessel_cli_parse_options ("match", entries, &argc, &argv))
    return 2;
  if (argc != 2 || games < 1 || seed < 0)
    {
      fprintf (stderr, "%s\n", _("kessel-cli match: name one scenario file"));
      return 2;
    }
  match.german = german ? german : "ai:normal";
  match.soviet = soviet ? soviet : "ai:normal";
  scenario = kessel_cli_load_scenario ("match", argv[1]);
  if (scenario == NULL)
    return 1;
  self_play = kessel_cli_new_self_play ("match", &scenario, 1, match.german, match.soviet, seed, games);
  if (self_play == NULL)
    return 2;
  match.balance = kessel_self_play_get_balance (self_play, 0);
  match.games = g_new0 (GameThinking, games);
  for (int g = 0; g < games; g++)
    for (int side = 0; side < 3; side++)
      {
        match.games[g].per_phase[side] = g_array_new (FALSE, FALSE, sizeof (double));
        match.games[g].phase_key[side] = -1;
      }
  failures = kessel_cli_failures_new (games);
  match.failures = failures;
  kessel_self_play_set_hooks (self_play, note_thinking, note_end, &match);
  kessel_self_play_start (self_play, jobs);
  kessel_self_play_wait (self_play);

  summary = kessel_balance_summarise (match.balance);
  summarise_thinking (&match, &thinking);
  print_summary (&match, summary, &thinking, json);
  report_failures (match.balance, match.games);
  for (int g = 0; g < games; g++)
    {
      g_free (match.games[g].error);
      for (int side = 0; side < 3; side++)
        g_array_unref (match.games[g].per_phase[side]);
    }
  g_free (match.games);
  return summary->n_failed > 0 ? 1 : 0;
}
