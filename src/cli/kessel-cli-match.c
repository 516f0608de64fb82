/* kessel-cli-match.c: games between players (kessel-player.h), one at a time
 * with kessel-cli play, or many in parallel with kessel-cli match. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kessel-cli-commands.h"
#include "kessel-player.h"

#define MAX_ACTIONS_PER_GAME 200000
#define WILSON_Z 1.96

KesselScenario *
kessel_cli_load_scenario (const char *command, const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  if (scenario == NULL)
    fprintf (stderr, "kessel-cli %s: %s\n", command, error->message);
  return scenario;
}

/* A player's seed from the game's: the same game gives the same players
 * whichever thread plays it. */
static guint64
player_seed (guint64 game_seed, KesselSide side)
{
  return game_seed * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D) + (guint64) side;
}

static double
thread_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (double) now.tv_sec + now.tv_nsec / 1e9;
}

/* An action typed at the terminal for a human seat; FALSE at end of input. */
static gboolean
read_human_action (KesselGame *game, KesselAction *action)
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

static void
note_thinking (KesselGameThinking *thinking, KesselGame *game, KesselSide side, double seconds)
{
  int phase_key = kessel_game_get_turn (game) * KESSEL_N_PHASES + (int) kessel_game_get_phase (game);

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

gboolean
kessel_cli_play_players (KesselGame *game, KesselPlayer *players[3], KesselGameThinking *thinking,
                         int *n_actions, GError **error)
{
  int count = 0;

  while (!kessel_game_is_over (game) && count < MAX_ACTIONS_PER_GAME)
    {
      KesselSide side = kessel_game_get_active_side (game);
      KesselPlayer *player = players[side == KESSEL_SIDE_SOVIET ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN];
      KesselAction action;
      double start = thread_seconds ();

      if (player == NULL ? !read_human_action (game, &action) : !kessel_player_choose (player, game, &action))
        {
          g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                       "no action on turn %d, %s", kessel_game_get_turn (game),
                       kessel_phase_display_name (kessel_game_get_phase (game)));
          return FALSE;
        }
      if (thinking != NULL && player != NULL)
        note_thinking (thinking, game, side, thread_seconds () - start);
      if (!kessel_game_apply (game, &action, error))
        return FALSE;
      count++;
    }
  if (n_actions != NULL)
    *n_actions = count;
  if (!kessel_game_is_over (game))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                   "the game did not end within %d actions", MAX_ACTIONS_PER_GAME);
      return FALSE;
    }
  return TRUE;
}

/* Players from their specs; "human" leaves the seat to the terminal. */
gboolean
kessel_cli_make_players (const char *german, const char *soviet, guint64 game_seed,
                         KesselPlayer *players[3], GError **error)
{
  const char *specs[3] = { NULL, german, soviet };

  players[0] = NULL;
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      players[side] = NULL;
      if (g_ascii_strcasecmp (specs[side], "human") == 0)
        continue;
      players[side] = kessel_player_new_from_spec (specs[side], player_seed (game_seed, side), error);
      if (players[side] == NULL)
        {
          g_clear_object (&players[KESSEL_SIDE_GERMAN]);
          return FALSE;
        }
    }
  return TRUE;
}

void
kessel_cli_free_players (KesselPlayer *players[3])
{
  for (int side = 0; side < 3; side++)
    g_clear_object (&players[side]);
}

/* match */

typedef struct {
  guint64 seed;
  gboolean ok;
  char *error;
  int vp;
  KesselVerdict verdict;
  int actions;
  GArray *thinking[3];      /* seconds per phase of each side */
} GameResult;

typedef struct {
  KesselScenario *scenario;
  const char *german;
  const char *soviet;
  GameResult *results;
  int n_games;
  gint next;                /* atomic: the next game to play */
} Match;

static void
play_one (Match *match, GameResult *result)
{
  g_autoptr(KesselGame) game = kessel_game_new (match->scenario, result->seed);
  g_autoptr(GError) error = NULL;
  KesselPlayer *players[3];
  KesselGameThinking thinking;

  for (int side = 0; side < 3; side++)
    {
      thinking.per_phase[side] = g_array_new (FALSE, FALSE, sizeof (double));
      thinking.phase_key[side] = -1;
    }
  if (kessel_cli_make_players (match->german, match->soviet, result->seed, players, &error))
    {
      result->ok = kessel_cli_play_players (game, players, &thinking, &result->actions, &error);
      kessel_cli_free_players (players);
    }
  if (error != NULL)
    result->error = g_strdup (error->message);
  result->vp = kessel_game_get_vp (game);
  result->verdict = kessel_game_get_verdict (game);
  for (int side = 0; side < 3; side++)
    result->thinking[side] = thinking.per_phase[side];
}

static gpointer
match_worker (gpointer data)
{
  Match *match = data;
  int index;

  while ((index = g_atomic_int_add (&match->next, 1)) < match->n_games)
    play_one (match, &match->results[index]);
  return NULL;
}

static void
wilson (int wins, int n, double *low, double *high)
{
  double p = n > 0 ? (double) wins / n : 0.0, z2 = WILSON_Z * WILSON_Z;
  double denominator = 1.0 + z2 / n;
  double centre = (p + z2 / (2.0 * n)) / denominator;
  double half = WILSON_Z / denominator * sqrt (p * (1.0 - p) / n + z2 / (4.0 * n * (double) n));

  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

typedef struct {
  int count[4];             /* by KesselVerdict */
  int failed;
  double vp_mean, vp_sd;
  double think_median[3], think_max[3];
  int think_phases[3];
} MatchSummary;

static void
summarise (const Match *match, MatchSummary *summary)
{
  double sum = 0.0, sum2 = 0.0;
  int n = 0;

  memset (summary, 0, sizeof *summary);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
      for (int g = 0; g < match->n_games; g++)
        g_array_append_vals (all, match->results[g].thinking[side]->data, match->results[g].thinking[side]->len);
      g_array_sort (all, compare_doubles);
      summary->think_phases[side] = (int) all->len;
      if (all->len > 0)
        {
          summary->think_median[side] = g_array_index (all, double, all->len / 2);
          summary->think_max[side] = g_array_index (all, double, all->len - 1);
        }
    }
  for (int g = 0; g < match->n_games; g++)
    {
      const GameResult *result = &match->results[g];
      if (!result->ok)
        {
          summary->failed++;
          continue;
        }
      summary->count[result->verdict]++;
      sum += result->vp;
      sum2 += (double) result->vp * result->vp;
      n++;
    }
  if (n > 0)
    {
      summary->vp_mean = sum / n;
      summary->vp_sd = n > 1 ? sqrt (MAX (0.0, (sum2 - sum * sum / n) / (n - 1))) : 0.0;
    }
}

static const char *
verdict_id (KesselVerdict verdict)
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
  printf (", \"results\": [");
  for (int g = 0; g < match->n_games; g++)
    {
      const GameResult *result = &match->results[g];
      printf ("%s{\"seed\": %" G_GUINT64_FORMAT ", \"ok\": %s, \"vp\": %d, \"verdict\": \"%s\", \"actions\": %d}",
              g > 0 ? ", " : "", result->seed, result->ok ? "true" : "false", result->vp,
              verdict_id (result->verdict), result->actions);
    }
  printf ("]");
}

static void
print_summary (const Match *match, const MatchSummary *summary, gboolean json)
{
  static const KesselVerdict order[3] = { KESSEL_VERDICT_GERMAN, KESSEL_VERDICT_DRAW, KESSEL_VERDICT_SOVIET };
  static const char *const ids[3] = { "german", "draw", "soviet" };
  int n = match->n_games - summary->failed;

  if (json)
    {
      printf ("{\"players\": {\"german\": \"%s\", \"soviet\": \"%s\"}, \"games\": %d, \"failed\": %d, "
              "\"verdicts\": {", match->german, match->soviet, match->n_games, summary->failed);
      for (int i = 0; i < 3; i++)
        {
          double low, high;
          wilson (summary->count[order[i]], MAX (1, n), &low, &high);
          printf ("%s\"%s\": {\"count\": %d, \"rate\": %.4f, \"low\": %.4f, \"high\": %.4f}", i > 0 ? ", " : "", ids[i],
                  summary->count[order[i]], n ? (double) summary->count[order[i]] / n : 0.0, low, high);
        }
      printf ("}, \"vp_mean\": %.3f, \"vp_sd\": %.3f", summary->vp_mean, summary->vp_sd);
      printf (", \"thinking\": {\"german\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}, "
              "\"soviet\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}}",
              summary->think_phases[1], summary->think_median[1], summary->think_max[1],
              summary->think_phases[2], summary->think_median[2], summary->think_max[2]);
      print_results_json (match);
      printf ("}\n");
      return;
    }
  printf (_("%s (German) against %s (Soviet), %d games:\n"), match->german, match->soviet, match->n_games);
  for (int i = 0; i < 3; i++)
    {
      double low, high;
      wilson (summary->count[order[i]], MAX (1, n), &low, &high);
      printf ("  %-16s %5d  %5.1f%%  (95%% %5.1f%% - %5.1f%%)\n", kessel_verdict_display_name (order[i]),
              summary->count[order[i]], n ? 100.0 * summary->count[order[i]] / n : 0.0, 100 * low, 100 * high);
    }
  printf (_("  final Soviet VP: mean %.2f, standard deviation %.2f\n"), summary->vp_mean, summary->vp_sd);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    if (summary->think_phases[side] > 0)
      printf (_("  %s thinking per phase: median %.3f s, longest %.3f s (%d phases, CPU time)\n"),
              side == KESSEL_SIDE_GERMAN ? _("German") : _("Soviet"), summary->think_median[side],
              summary->think_max[side], summary->think_phases[side]);
  if (summary->failed > 0)
    printf (_("  %d games failed\n"), summary->failed);
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
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  KesselPlayer *check[3];
  MatchSummary summary;
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
  if (g_ascii_strcasecmp (match.german, "human") == 0 || g_ascii_strcasecmp (match.soviet, "human") == 0
      || !kessel_cli_make_players (match.german, match.soviet, 0, check, &error))
    {
      fprintf (stderr, "kessel-cli match: %s\n", error ? error->message : _("a match is between computer players"));
      return 2;
    }
  kessel_cli_free_players (check);
  scenario = kessel_cli_load_scenario ("match", argv[1]);
  if (scenario == NULL)
    return 1;
  match.scenario = scenario;
  match.n_games = games;
  match.results = g_new0 (GameResult, games);
  for (int g = 0; g < games; g++)
    match.results[g].seed = (guint64) seed + (guint64) g;
  if (jobs < 1)
    jobs = (int) g_get_num_processors ();
  for (int j = 0; j < MIN (jobs, games); j++)
    g_ptr_array_add (threads, g_thread_new ("match", match_worker, &match));
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));

  summarise (&match, &summary);
  print_summary (&match, &summary, json);
  for (int g = 0; g < games; g++)
    {
      if (match.results[g].error != NULL)
        fprintf (stderr, "kessel-cli match: seed %" G_GUINT64_FORMAT ": %s\n", match.results[g].seed,
                 match.results[g].error);
      g_free (match.results[g].error);
      for (int side = 0; side < 3; side++)
        g_array_unref (match.results[g].thinking[side]);
    }
  g_free (match.results);
  return summary.failed > 0 ? 1 : 0;
}
