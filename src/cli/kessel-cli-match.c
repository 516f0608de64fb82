/* kessel-cli-match.c: games between players (kessel-player.h), one at a time
 * with kessel-cli play, or many in parallel with kessel-cli match. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-commands.h"
#include "kessel-cli-progress.h"
#include "kessel-cli-shard.h"
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

/* The part of play the game waits for, as the prompt names it. */
static const char *
part_waited_for (KesselGame *game)
{
  switch (kessel_game_get_wait (game))
    {
    case KESSEL_WAIT_DEFENCE:
      return _("defence support");
    case KESSEL_WAIT_ATTACKER_LOSS:
      return _("the attacker's loss");
    case KESSEL_WAIT_DEFENDER_LOSS:
      return _("the defender's loss");
    case KESSEL_WAIT_RETREAT:
      return _("retreat");
    case KESSEL_WAIT_ADVANCE:
      return _("advance after combat");
    case KESSEL_WAIT_ELIMINATION:
      return _("over-stacking");
    case KESSEL_WAIT_PHASE:
    case KESSEL_WAIT_NOTHING:
    default:
      break;
    }
  switch (kessel_game_get_segment (game))
    {
    case KESSEL_SEGMENT_PLACEMENT:
      return _("placement");
    case KESSEL_SEGMENT_ORDER:
      return _("order of the phase");
    case KESSEL_SEGMENT_MOVEMENT:
      return _("movement");
    case KESSEL_SEGMENT_COMBAT:
      return _("combat");
    case KESSEL_SEGMENT_NONE:
    default:
      return _("phase");
    }
}

/* The engine closes an advance after combat by itself once no unit is left
 * that may advance, as after the one unit eligible has advanced; the
 * player to act is then back in the combat part, where "end" ends it. */
static gboolean
advance_closed_by_itself (KesselGame *game)
{
  int n = kessel_game_get_n_actions (game);
  const KesselAction *last = n > 0 ? kessel_game_get_action (game, n - 1) : NULL;

  return last != NULL && last->type == KESSEL_ACTION_ADVANCE
         && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
         && kessel_game_get_piece_side (game, last->units[0]) == kessel_game_get_active_side (game);
}

/* What the game waits for, where "end" may not do what a player expects. */
static void
explain_wait (KesselGame *game)
{
  if (advance_closed_by_itself (game))
    printf ("%s\n", _("No other unit may advance, so the advance after combat is over: "
                      "\"end\" now ends the combat part."));
  else if (kessel_game_get_wait (game) == KESSEL_WAIT_ADVANCE)
    printf ("%s\n", _("The hex attacked is empty: \"advance UNIT\" moves a unit that attacked into it; "
                      "\"end\" advances no further and goes back to the combat part."));
}

/* An action typed at the terminal for a human seat; FALSE at end of input. */
gboolean
kessel_cli_read_human_action (KesselGame *game, KesselAction *action, gpointer data)
{
  char line[4096];

  explain_wait (game);
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *side = g_strdup (kessel_side_to_string (kessel_game_get_active_side (game)));

      /* Translators: the turn, the phase, the part of it under way (such as
       * "movement" or "advance after combat") and the side to act. */
      printf (_("Turn %d, %s, %s: %s to act (\"?\" lists the legal actions): "), kessel_game_get_turn (game),
              kessel_phase_display_name (kessel_game_get_phase (game)), part_waited_for (game), side);
      fflush (stdout);
      if (fgets (line, sizeof line, stdin) == NULL)
        return FALSE;
      g_strstrip (line);
      if (strcmp (line, "?") == 0)
        {
          kessel_cli_print_actions (game, "  ", FALSE);
          continue;
        }
      if (kessel_game_action_from_string (game, line, action, &error) && kessel_game_check (game, action, &error))
        return TRUE;
      printf ("%s\n", error->message);
    }
}

/* match */

typedef KesselCliMatch Match;

static void
note_thinking (int variant, int index, KesselGame *game, const KesselChoiceMade *choice, gpointer data)
{
  kessel_cli_failures_observe (((Match *) data)->failures, index, game);
  kessel_cli_thinking_note_choice (((Match *) data)->thinking, index, choice);
}

static void
note_end (int variant, int index, KesselGame *game, const GError *error, gboolean stopped, int n_actions,
          gpointer data)
{
  kessel_cli_thinking_note_end (((Match *) data)->thinking, index, error, n_actions);
}

/* One entry per game, in seed order, so that a game can be replayed by its seed. */
static void
print_results_json (const Match *match)
{
  KesselBalance *balance = match->balance;
  const char *separator = "";

  printf (", \"results\": [");
  for (int g = 0; g < kessel_balance_get_n_games (balance); g++)
    {
      int vp = kessel_balance_get_final_vp (balance, g);

      if (!kessel_balance_is_done (balance, g))
        continue;
      printf ("%s{\"seed\": %" G_GUINT64_FORMAT ", \"ok\": %s, \"vp\": %d, \"verdict\": \"%s\", \"actions\": %d, ",
              separator, kessel_balance_get_seed (balance, g),
              kessel_balance_game_ok (balance, g) ? "true" : "false", vp,
              kessel_verdict_to_string (kessel_balance_get_verdict (balance, g)),
              kessel_cli_thinking_get_actions (match->thinking, g));
      kessel_cli_failures_print_game_json (match->failures, g);
      printf ("}");
      separator = ", ";
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
            kessel_verdict_to_string (verdict_order[i]), summary->verdicts[i], summary->verdict_rate[i].estimate, summary->verdict_rate[i].low,
            summary->verdict_rate[i].high);
  printf ("}");
}

void
kessel_cli_print_players_json (const char *german, const char *soviet)
{
  printf ("{\"players\": {\"german\": ");
  kessel_cli_print_json_string (german);
  printf (", \"soviet\": ");
  kessel_cli_print_json_string (soviet);
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
print_summary (const Match *match, const KesselBalanceSummary *summary, gboolean json)
{
  KesselCliThinkingSummary thinking[3] = { { 0 } };

  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    kessel_cli_thinking_summarise (match->thinking, summary->n_games, side, &thinking[side]);
  if (json)
    {
      kessel_cli_print_players_json (match->german, match->soviet);
      printf (", \"games\": %d, \"failed\": %d, ", summary->n_done, summary->n_failed);
      kessel_cli_print_verdicts_json (summary);
      printf (", \"vp_mean\": %.3f, \"vp_sd\": %.3f, ", summary->vp_mean, summary->vp_sd);
      kessel_cli_failures_print_means_json (match->failures, match->balance);
      printf (", \"thinking\": {\"german\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}, "
              "\"soviet\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}}",
              thinking[1].phases, thinking[1].median, thinking[1].longest,
              thinking[2].phases, thinking[2].median, thinking[2].longest);
      print_results_json (match);
      printf ("}\n");
      return;
    }
  printf (_("%s (German) against %s (Soviet), %d games:\n"), match->german, match->soviet, summary->n_done);
  kessel_cli_print_verdicts (summary);
  printf (_("  final Soviet VP: mean %.2f, standard deviation %.2f\n"), summary->vp_mean, summary->vp_sd);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    if (thinking[side].phases > 0)
      printf (_("  %s thinking per phase: median %.3f s, longest %.3f s (%d phases, CPU time)\n"),
              side == KESSEL_SIDE_GERMAN ? _("German") : _("Soviet"), thinking[side].median,
              thinking[side].longest, thinking[side].phases);
  kessel_cli_failures_print_means (match->failures, match->balance);
  if (summary->n_failed > 0)
    printf (_("  %d games failed\n"), summary->n_failed);
}

int
kessel_cli_match_print (const KesselCliMatch *match, gboolean json)
{
  g_autoptr(KesselBalanceSummary) summary = kessel_balance_summarise (match->balance);
  int n_games = kessel_balance_get_n_games (match->balance);

  print_summary (match, summary, json);
  kessel_cli_thinking_print_errors (match->thinking, match->balance, n_games, NULL);
  return summary->n_failed > 0 ? 1 : 0;
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

/* The options of a sequential test given without --sprt. */
static gboolean
stray_sprt_options (const KesselCliSprtOptions *sprt)
{
  if (sprt->baseline_german == NULL && sprt->baseline_soviet == NULL && sprt->bounds == NULL
      && sprt->alpha == NULL && sprt->beta == NULL)
    return FALSE;
  fprintf (stderr, "kessel-cli match: %s\n",
           _("--baseline-german, --baseline-soviet, --sprt-bounds, --alpha and --beta go with --sprt"));
  return TRUE;
}

/* Where the games of a match go: printed, or written as shard k of n. */
typedef struct {
  int k, n;                  /* 0 and 0: not a shard */
  const char *file;
  gboolean json;
} MatchOutput;

static gboolean
check_shard_options (const char *shard, gboolean sprt, gboolean json, const char *file)
{
  if (shard != NULL && sprt)
    fprintf (stderr, "kessel-cli match: %s\n",
             _("--shard does not go with --sprt: a sequential test stops at the first pair that decides, "
               "which no shard can know; run it on one machine, with --jobs for its cores"));
  else if (shard != NULL && json)
    fprintf (stderr, "kessel-cli match: %s\n", _("--shard writes a shard file; give --json to kessel-cli merge"));
  else if (shard == NULL && file != NULL)
    fprintf (stderr, "kessel-cli match: %s\n", _("--shard-file goes with --shard"));
  else
    return TRUE;
  return FALSE;
}

/* Plays the games of the match, or of its shard, and gives their figures. */
static int
play_match (Match *match, const KesselCliRunSpec *spec, const MatchOutput *output, int jobs)
{
  g_autoptr(KesselSelfPlay) self_play = NULL;
  g_autoptr(KesselCliThinking) thinking = NULL;
  g_autoptr(KesselCliFailures) failures = NULL;
  int first = 0, count = spec->games;

  if (output->k > 0)
    kessel_cli_shard_block (spec->games, output->k, output->n, &first, &count);
  self_play = kessel_cli_new_self_play ("match", spec->scenarios, 1, match->german, match->soviet,
                                        spec->seed + first, count);
  if (self_play == NULL)
    return 2;
  match->balance = kessel_self_play_get_balance (self_play, 0);
  match->thinking = thinking = kessel_cli_thinking_new (count);
  match->failures = failures = kessel_cli_failures_new (count);
  kessel_self_play_set_hooks (self_play, note_thinking, note_end, match);
  kessel_self_play_start (self_play, jobs);
  kessel_cli_wait_with_progress (self_play);
  if (output->k > 0)
    {
      g_autofree char *file = output->file ? g_strdup (output->file)
                                           : kessel_cli_shard_default_file ("match", output->k, output->n);

      kessel_cli_thinking_print_errors (thinking, match->balance, count, NULL);
      return kessel_cli_shard_write (file, spec, output->k, output->n, self_play, thinking, failures);
    }
  return kessel_cli_match_print (match, output->json);
}

int
kessel_cli_match (int argc, char **argv)
{
  gint64 seed = 1;
  int games = 100, jobs = 0;
  gboolean json = FALSE, sprt = FALSE;
  g_autofree char *german = NULL;
  g_autofree char *soviet = NULL;
  g_autofree char *baseline_german = NULL;
  g_autofree char *baseline_soviet = NULL;
  g_autofree char *bounds = NULL;
  g_autofree char *alpha = NULL;
  g_autofree char *beta = NULL;
  g_autofree char *shard = NULL;
  g_autofree char *shard_file = NULL;
  const GOptionEntry entries[] = {
    { "german", 0, 0, G_OPTION_ARG_STRING, &german, N_("The German player: random, greedy, ai:LEVEL, ai:LEVEL:WEIGHTS-FILE or exec:COMMAND (default ai:normal)"), "PLAYER" },
    { "soviet", 0, 0, G_OPTION_ARG_STRING, &soviet, N_("The Soviet player (default ai:normal)"), "PLAYER" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Games to play, seeds S, S+1, ... (default 100)"), "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game (default 1)"), "S" },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, N_("Games played at once (default: one per core)"), "J" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the summary as JSON"), NULL },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard, N_("Play only shard K of N of the games and write them to a shard file for kessel-cli merge"), "K/N" },
    { "shard-file", 0, 0, G_OPTION_ARG_FILENAME, &shard_file, N_("With --shard: the file to write (default match-shard-K-of-N.json)"), "FILE" },
    { "sprt", 0, 0, G_OPTION_ARG_NONE, &sprt, N_("Test whether a changed player is stronger than the old one in the same seat: pairs of games on the same seeds until the evidence decides; --games is then the most pairs"), NULL },
    { "baseline-german", 0, 0, G_OPTION_ARG_STRING, &baseline_german, N_("With --sprt: the old German player, to test --german against"), "PLAYER" },
    { "baseline-soviet", 0, 0, G_OPTION_ARG_STRING, &baseline_soviet, N_("With --sprt: the old Soviet player, to test --soviet against"), "PLAYER" },
    { "sprt-bounds", 0, 0, G_OPTION_ARG_STRING, &bounds, N_("With --sprt: the gain in VP a game under H0 and under H1 (default 0,2)"), "D0,D1" },
    { "alpha", 0, 0, G_OPTION_ARG_STRING, &alpha, N_("With --sprt: the risk of accepting H1 when H0 holds (default 0.05)"), "A" },
    { "beta", 0, 0, G_OPTION_ARG_STRING, &beta, N_("With --sprt: the risk of accepting H0 when H1 holds (default 0.05)"), "B" },
    { NULL }
  };
  KesselCliSprtOptions sprt_options = { 0 };
  g_autoptr(KesselScenario) scenario = NULL;
  KesselCliRunSpec spec = { .kind = KESSEL_CLI_RUN_MATCH };
  MatchOutput output = { 0 };
  Match match = { 0 };

  if (!kessel_cli_parse_options ("match", entries, &argc, &argv))
    return 2;
  if (argc != 2 || games < 1 || seed < 0)
    {
      fprintf (stderr, "%s\n", _("kessel-cli match: name one scenario file"));
      return 2;
    }
  if (!check_shard_options (shard, sprt, json, shard_file)
      || (shard != NULL && !kessel_cli_shard_parse ("match", shard, games, &output.k, &output.n)))
    return 2;
  sprt_options = (KesselCliSprtOptions) { german, soviet, baseline_german, baseline_soviet, bounds, alpha, beta,
                                          seed, games, jobs, json };
  if (sprt)
    return kessel_cli_sprt (argv[1], &sprt_options);
  if (stray_sprt_options (&sprt_options))
    return 2;
  match.german = german ? german : "ai:normal";
  match.soviet = soviet ? soviet : "ai:normal";
  scenario = kessel_cli_load_scenario ("match", argv[1]);
  if (scenario == NULL)
    return 1;
  spec = (KesselCliRunSpec) { KESSEL_CLI_RUN_MATCH, match.german, match.soviet, seed, games, 1, { argv[1] }, { scenario } };
  output.json = json;
  output.file = shard_file;
  return play_match (&match, &spec, &output, jobs);
}
