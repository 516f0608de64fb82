/* kessel-cli-balance.c: kessel-cli balance, how even a scenario is in games
 * of the computer against itself, and what thresholds would make it even.
 *
 *   kessel-cli balance FILE [--games N] [--level L] [--german P --soviet P]
 *                      [--seed S] [--jobs J] [--json] [-o REPORT.pdf]
 *                      [--compare OTHER-FILE] [--shard K/N [--shard-file FILE]]
 */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kessel-balance-report.h"
#include "kessel-cli-commands.h"
#include "kessel-cli-progress.h"
#include "kessel-cli-shard.h"

typedef struct {
  int games;
  gint64 seed;
  int jobs;
  gboolean json;
  char *level;
  char *german;
  char *soviet;
  char *output;
  char *compare;
  char *shard;              /* "K/N" */
  char *shard_file;
  int k, n;                 /* the shard, or 0 and 0 */
} BalanceOptions;

static void
print_lines (const char *heading, GPtrArray *lines)
{
  if (heading != NULL)
    printf ("%s\n", heading);
  for (guint i = 0; i < lines->len; i++)
    printf ("  %s\n", (const char *) g_ptr_array_index (lines, i));
  g_ptr_array_unref (lines);
}

static void
print_histogram (const KesselBalanceSummary *s)
{
  int top = 1;

  printf ("%s\n", _("Final Soviet VP (G German victory, D draw, S Soviet victory):"));
  for (int vp = s->vp_min; vp <= s->vp_max; vp++)
    top = MAX (top, s->vp_histogram[vp - s->vp_min]);
  for (int vp = s->vp_min; vp <= s->vp_max; vp++)
    {
      int count = s->vp_histogram[vp - s->vp_min];
      int width = (count * 50 + top - 1) / top;
      char mark = vp >= s->soviet_wins_at ? 'S' : vp >= s->draw_from ? 'D' : 'G';
      printf ("  %3d %c %4d %.*s\n", vp, mark, count, width, "##################################################");
    }
}

static void
print_text (const char *title, const KesselBalanceSummary *s)
{
  printf ("%s\n", title);
  print_lines (NULL, kessel_balance_report_summary_lines (s));
  print_lines (_("Suggested thresholds:"), kessel_balance_report_suggestion_lines (s));
  print_histogram (s);
  print_lines (_("Soviet VP by turn:"), kessel_balance_report_turn_lines (s));
  print_lines (_("Places:"), kessel_balance_report_place_lines (s));
}

static void
print_interval_json (const char *name, KesselInterval interval)
{
  printf ("\"%s\": {\"estimate\": %.4f, \"low\": %.4f, \"high\": %.4f}", name, interval.estimate, interval.low,
          interval.high);
}

static void
print_thresholds_json (const char *name, const KesselThresholds *t)
{
  printf ("\"%s\": {\"draw_from\": %d, \"soviet_wins_at\": %d, \"german\": %.4f, \"draw\": %.4f, \"soviet\": %.4f}",
          name, t->draw_from, t->soviet_wins_at, t->german_share, t->draw_share, t->soviet_share);
}

static void
print_summary_json (const KesselBalanceSummary *s)
{
  printf ("{\"games\": %d, \"counted\": %d, \"failed\": %d, ", s->n_games, s->n, s->n_failed);
  kessel_cli_print_verdicts_json (s);
  printf (", \"vp\": {\"mean\": %.3f, \"sd\": %.3f, \"median\": %.1f, \"final\": [", s->vp_mean, s->vp_sd, s->vp_median);
  for (int i = 0; i < s->n; i++)
    printf ("%s%d", i ? ", " : "", s->final_vp[i]);
  printf ("]}, \"turns\": [");
  for (int t = 0; t <= s->n_turns; t++)
    printf ("%s{\"turn\": %d, \"median\": %.2f, \"p10\": %.2f, \"p90\": %.2f}", t ? ", " : "", t, s->turn_median[t],
            s->turn_low[t], s->turn_high[t]);
  printf ("], \"places\": [");
  for (int p = 0; p < s->n_places; p++)
    {
      printf ("%s{\"name\": \"%s\", \"hex\": %d, ", p ? ", " : "", s->places[p].name ? s->places[p].name : "",
              s->places[p].hex);
      print_interval_json ("changed", s->place_changed[p]);
      printf (", \"changes_mean\": %.3f, \"soviet_at_end\": %.4f}", s->place_changes[p], s->place_soviet_end[p]);
    }
  printf ("], \"exits_mean\": %.3f, \"divisions_destroyed_mean\": %.3f, \"vp_destroyed_mean\": %.3f, "
          "\"cpu_seconds_per_game\": %.3f, \"thresholds\": {",
          s->exits_mean, s->divisions_mean, s->vp_destroyed_mean, s->cpu_seconds_mean);
  print_thresholds_json ("current", &s->current);
  printf (", ");
  print_thresholds_json ("even_width", &s->even_width);
  printf (", ");
  print_thresholds_json ("draw_share", &s->draw_share);
  printf ("}}");
}

static void
print_comparison_json (const KesselBalanceComparison *c)
{
  static const char *const ids[3] = { "german", "draw", "soviet" };

  printf ("{\"paired_games\": %d", c->n);
  for (int v = 0; v < 3; v++)
    {
      printf (", ");
      print_interval_json (ids[v], c->verdict_rate[v]);
    }
  printf (", ");
  print_interval_json ("vp_mean", c->vp_mean);
  printf (", \"turns\": [");
  for (int t = 0; t <= c->n_turns; t++)
    printf ("%s{\"estimate\": %.4f, \"low\": %.4f, \"high\": %.4f}", t ? ", " : "", c->turn_mean[t].estimate,
            c->turn_mean[t].low, c->turn_mean[t].high);
  printf ("], ");
  print_interval_json ("exits_mean", c->exits_mean);
  printf (", ");
  print_interval_json ("divisions_destroyed_mean", c->divisions_mean);
  printf (", \"places\": [");
  for (int p = 0; p < c->n_places; p++)
    printf ("%s{\"name\": \"%s\", \"hex\": %d, \"estimate\": %.4f, \"low\": %.4f, \"high\": %.4f}", p ? ", " : "",
            c->places[p].name ? c->places[p].name : "", c->places[p].hex, c->place_changed[p].estimate,
            c->place_changed[p].low, c->place_changed[p].high);
  printf ("]}");
}

int
kessel_cli_balance_report (const KesselCliBalanceRun *run)
{
  g_autoptr(KesselBalanceSummary) a = kessel_balance_summarise (run->balances[0]);
  g_autoptr(KesselBalanceSummary) b = NULL;
  g_autoptr(KesselBalanceComparison) c = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *players = g_strdup_printf (_("%s (German) against %s (Soviet)"), run->german, run->soviet);
  KesselBalanceReport pdf = { .title = kessel_scenario_get_title (run->scenario), .players = players,
                              .first_seed = (guint64) run->seed, .summary = a };

  if (run->n_variants > 1)
    {
      b = kessel_balance_summarise (run->balances[1]);
      c = kessel_balance_compare (run->balances[0], run->balances[1]);
      pdf.other = b;
      pdf.other_title = run->paths[1];
      pdf.comparison = c;
      pdf.title = run->paths[0];
    }
  if (run->json)
    {
      kessel_cli_print_players_json (run->german, run->soviet);
      printf (", \"seed\": %" G_GINT64_FORMAT ", \"scenario\": ", run->seed);
      print_summary_json (a);
      if (b != NULL)
        {
          printf (", \"other\": ");
          print_summary_json (b);
          printf (", \"difference\": ");
          print_comparison_json (c);
        }
      printf ("}\n");
    }
  else
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GINT64_FORMAT, run->seed);
      g_autofree char *title = g_strdup_printf (_("Balance of %s: %s, %d games from seed %s"),
                                                run->paths[0], players, run->games, seed);
      print_text (title, a);
      if (b != NULL)
        {
          g_autofree char *other = g_strdup_printf (_("Balance of %s on the same seeds:"), run->paths[1]);
          g_autofree char *change = g_strdup_printf (_("Change from %s to %s:"), run->paths[0], run->paths[1]);
          print_text (other, b);
          print_lines (change, kessel_balance_report_comparison_lines (c));
        }
    }
  if (run->output != NULL && !kessel_balance_report_write_pdf (&pdf, run->output, &error))
    {
      fprintf (stderr, "kessel-cli balance: %s\n", error->message);
      return 1;
    }
  return a->n_failed > 0 || (b != NULL && b->n_failed > 0) ? 1 : 0;
}

static void
clear_options (BalanceOptions *options)
{
  g_free (options->level);
  g_free (options->german);
  g_free (options->soviet);
  g_free (options->output);
  g_free (options->compare);
  g_free (options->shard);
  g_free (options->shard_file);
}

static gboolean
check_shard_options (BalanceOptions *options)
{
  if (options->shard == NULL)
    {
      if (options->shard_file == NULL)
        return TRUE;
      fprintf (stderr, "kessel-cli balance: %s\n", _("--shard-file goes with --shard"));
      return FALSE;
    }
  if (options->json || options->output != NULL)
    {
      fprintf (stderr, "kessel-cli balance: %s\n",
               _("--shard writes a shard file; give --json and --output to kessel-cli merge"));
      return FALSE;
    }
  return kessel_cli_shard_parse ("balance", options->shard, options->games, &options->k, &options->n);
}

static gboolean
parse (BalanceOptions *options, int *argc, char ***argv)
{
  const GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &options->games, N_("Games to play, seeds S, S+1, ... (default 20)"), "N" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &options->level, N_("Level of the computer on both sides: easy, normal or hard (default normal)"), "L" },
    { "german", 0, 0, G_OPTION_ARG_STRING, &options->german, N_("The German player instead: random, greedy or ai:LEVEL"), "PLAYER" },
    { "soviet", 0, 0, G_OPTION_ARG_STRING, &options->soviet, N_("The Soviet player instead"), "PLAYER" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &options->seed, N_("Seed of the first game (default 1)"), "S" },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &options->jobs, N_("Games played at once (default: one per core)"), "J" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &options->json, N_("Print the figures as JSON"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output, N_("Write a report with charts to REPORT.pdf"), "REPORT" },
    { "compare", 0, 0, G_OPTION_ARG_FILENAME, &options->compare, N_("Also play a changed copy of the scenario on the same seeds and report the differences"), "OTHER" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &options->shard, N_("Play only shard K of N of the games and write them to a shard file for kessel-cli merge"), "K/N" },
    { "shard-file", 0, 0, G_OPTION_ARG_FILENAME, &options->shard_file, N_("With --shard: the file to write (default balance-shard-K-of-N.json)"), "FILE" },
    { NULL }
  };
  g_autofree char *computer = NULL;

  if (!kessel_cli_parse_options ("balance", entries, argc, argv))
    return FALSE;
  if (*argc != 2 || options->games < 1 || options->seed < 0)
    {
      fprintf (stderr, "%s\n", _("kessel-cli balance: name one scenario file"));
      return FALSE;
    }
  computer = g_strconcat ("ai:", options->level ? options->level : "normal", NULL);
  if (options->german == NULL)
    options->german = g_strdup (computer);
  if (options->soviet == NULL)
    options->soviet = g_strdup (computer);
  return check_shard_options (options);
}

/* Plays the games of the run, or of its shard, and gives their figures. */
static int
play (const BalanceOptions *options, const KesselCliRunSpec *spec)
{
  g_autoptr(KesselSelfPlay) self_play = NULL;
  KesselCliBalanceRun run = { spec->german, spec->soviet, spec->seed, spec->games, spec->n_variants,
                              { spec->paths[0], spec->paths[1] }, spec->scenarios[0], { NULL, NULL },
                              options->json, options->output };
  int first = 0, count = spec->games;

  if (options->k > 0)
    kessel_cli_shard_block (spec->games, options->k, options->n, &first, &count);
  self_play = kessel_cli_new_self_play ("balance", spec->scenarios, spec->n_variants, spec->german, spec->soviet,
                                        spec->seed + first, count);
  if (self_play == NULL)
    return 2;
  kessel_self_play_start (self_play, options->jobs);
  kessel_cli_wait_with_progress (self_play);
  if (options->k > 0)
    {
      g_autofree char *file = options->shard_file ? g_strdup (options->shard_file)
                                                  : kessel_cli_shard_default_file ("balance", options->k, options->n);

      return kessel_cli_shard_write (file, spec, options->k, options->n, self_play, NULL, NULL);
    }
  for (int v = 0; v < spec->n_variants; v++)
    run.balances[v] = kessel_self_play_get_balance (self_play, v);
  return kessel_cli_balance_report (&run);
}

int
kessel_cli_balance (int argc, char **argv)
{
  BalanceOptions options = { .games = 20, .seed = 1 };
  KesselCliRunSpec spec = { .kind = KESSEL_CLI_RUN_BALANCE };
  int status = 1;

  if (!parse (&options, &argc, &argv))
    {
      clear_options (&options);
      return 2;
    }
  spec = (KesselCliRunSpec) { .kind = KESSEL_CLI_RUN_BALANCE, .german = options.german, .soviet = options.soviet,
                              .seed = options.seed, .games = options.games,
                              .n_variants = options.compare != NULL ? 2 : 1, .paths = { argv[1], options.compare } };
  for (int v = 0; v < spec.n_variants; v++)
    if ((spec.scenarios[v] = kessel_cli_load_scenario ("balance", spec.paths[v])) == NULL)
      goto out;
  status = play (&options, &spec);
out:
  for (int v = 0; v < 2; v++)
    g_clear_object (&spec.scenarios[v]);
  clear_options (&options);
  return status;
}
