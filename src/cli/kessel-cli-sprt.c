/* kessel-cli-sprt.c: kessel-cli match --sprt, a sequential test of a changed
 * player (the candidate) against the old one (the baseline) in the same
 * seat, both against the same opponent (kessel-sprt.h).
 *
 * Pair g is seed first + g played twice from one pool of workers: variant 0
 * with the candidate, variant 1 with the baseline, on the same dice and the
 * same players' seeds. Games finish in any order; the test takes pairs only
 * from the front, in seed order, as they complete, and stops at the first
 * pair at which it decides. Where it stops and what it says therefore depend
 * on the seeds and the players alone, not on the number of jobs or the
 * timing of the threads. The games still under way are then stopped and left
 * out.
 */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "kessel-cli-commands.h"
#include "kessel-cli-thinking.h"
#include "kessel-sprt.h"

enum { CANDIDATE, BASELINE, N_ARMS };
#define BOTH_ARMS ((1 << CANDIDATE) | (1 << BASELINE))

static const char *const arm_ids[N_ARMS] = { "candidate", "baseline" };

/* What is tested, from the options. */
typedef struct {
  KesselSide seat;
  const char *players[N_ARMS];
  const char *opponent;
  KesselSprtParameters parameters;
} Test;

typedef struct {
  const KesselCliSprtOptions *options;
  const Test *test;
  KesselSelfPlay *self_play;
  KesselBalance *arms[N_ARMS];
  KesselCliThinking *thinking[N_ARMS];
  GMutex lock;               /* guards what follows */
  guint8 *finished;          /* per pair: a bit per arm whose game ended or failed */
  int n_taken;               /* pairs at the front taken into the test */
  int n_failed;              /* of them, pairs with a failed game */
  GArray *differences;       /* of the others, in seed order */
  KesselSprtState state;
} Sprt;

/* The options */

static gboolean
parse_number (const char *text, double *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end = NULL;

  *value = g_ascii_strtod (copy, &end);
  return end != copy && *end == '\0' && isfinite (*value);
}

static gboolean
parse_bounds (const char *text, double *d0, double *d1)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);

  return g_strv_length (parts) == 2 && parse_number (parts[0], d0) && parse_number (parts[1], d1);
}

static gboolean
usage_error (const char *message)
{
  fprintf (stderr, "kessel-cli match: %s\n", message);
  return FALSE;
}

static gboolean
choose_seat (const KesselCliSprtOptions *options, Test *test)
{
  const char *german = options->german ? options->german : "ai:normal";
  const char *soviet = options->soviet ? options->soviet : "ai:normal";

  if ((options->baseline_german != NULL) == (options->baseline_soviet != NULL))
    return usage_error (_("--sprt needs exactly one baseline: --baseline-german or --baseline-soviet"));
  test->seat = options->baseline_soviet ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  test->players[CANDIDATE] = test->seat == KESSEL_SIDE_SOVIET ? soviet : german;
  test->players[BASELINE] = test->seat == KESSEL_SIDE_SOVIET ? options->baseline_soviet : options->baseline_german;
  test->opponent = test->seat == KESSEL_SIDE_SOVIET ? german : soviet;
  return TRUE;
}

static gboolean
read_test (const KesselCliSprtOptions *options, Test *test)
{
  KesselSprtParameters *parameters = &test->parameters;

  if (!choose_seat (options, test))
    return FALSE;
  kessel_sprt_parameters_init (parameters);
  if (options->bounds != NULL && !parse_bounds (options->bounds, &parameters->d0, &parameters->d1))
    return usage_error (_("--sprt-bounds takes two numbers, D0,D1"));
  if (options->alpha != NULL && !parse_number (options->alpha, &parameters->alpha))
    return usage_error (_("--alpha takes a number"));
  if (options->beta != NULL && !parse_number (options->beta, &parameters->beta))
    return usage_error (_("--beta takes a number"));
  if (parameters->d0 >= parameters->d1)
    return usage_error (_("--sprt-bounds: D0 must be less than D1"));
  if (!kessel_sprt_parameters_valid (parameters))
    return usage_error (_("--alpha and --beta must lie between 0 and 1, and their sum below 1"));
  return TRUE;
}

/* The games, in the playing threads */

static gboolean
pair_ok (Sprt *sprt, int index)
{
  return kessel_balance_game_ok (sprt->arms[CANDIDATE], index) && kessel_balance_game_ok (sprt->arms[BASELINE], index);
}

/* In the tested side's favour: Soviet VP gained, or Soviet VP kept down. */
static double
pair_difference (Sprt *sprt, int index)
{
  int candidate = kessel_balance_get_final_vp (sprt->arms[CANDIDATE], index);
  int baseline = kessel_balance_get_final_vp (sprt->arms[BASELINE], index);

  return sprt->test->seat == KESSEL_SIDE_SOVIET ? candidate - baseline : baseline - candidate;
}

static void
take_pair (Sprt *sprt, int index)
{
  double difference;

  if (!pair_ok (sprt, index))
    {
      sprt->n_failed++;
      return;
    }
  difference = pair_difference (sprt, index);
  g_array_append_val (sprt->differences, difference);
  sprt->state = kessel_sprt_test (&sprt->test->parameters, (const double *) sprt->differences->data,
                                  (int) sprt->differences->len);
}

/* Takes the pairs complete at the front while the test is undecided, and
 * stops the workers when it decides. Called with the lock held. */
static void
take_complete_pairs (Sprt *sprt)
{
  while (sprt->state.decision == KESSEL_SPRT_CONTINUE && sprt->n_taken < sprt->options->max_pairs
         && sprt->finished[sprt->n_taken] == BOTH_ARMS)
    {
      take_pair (sprt, sprt->n_taken++);
      if (sprt->state.decision != KESSEL_SPRT_CONTINUE)
        kessel_self_play_stop (sprt->self_play);
    }
}

static void
note_choice (int variant, int index, KesselGame *game, const KesselChoiceMade *choice, gpointer data)
{
  kessel_cli_thinking_note_choice (((Sprt *) data)->thinking[variant], index, choice);
}

static void
note_end (int variant, int index, KesselGame *game, const GError *error, gboolean stopped, int n_actions,
          gpointer data)
{
  Sprt *sprt = data;

  if (stopped)
    return;
  kessel_cli_thinking_note_end (sprt->thinking[variant], index, error, n_actions);
  g_mutex_lock (&sprt->lock);
  sprt->finished[index] |= 1 << variant;
  take_complete_pairs (sprt);
  g_mutex_unlock (&sprt->lock);
}

/* While the games are played, the pairs taken and the LLR, on a terminal. */
static void
wait_with_progress (Sprt *sprt)
{
  gboolean show = isatty (fileno (stderr));

  while (kessel_self_play_is_running (sprt->self_play))
    {
      if (show)
        {
          int n_taken;
          KesselSprtState state;

          g_mutex_lock (&sprt->lock);
          n_taken = sprt->n_taken;
          state = sprt->state;
          g_mutex_unlock (&sprt->lock);
          fprintf (stderr, "\r");
          fprintf (stderr, _("%d / %d pairs, LLR %.2f (%.2f to %.2f)"), n_taken, sprt->options->max_pairs,
                   state.llr, state.lower, state.upper);
          fprintf (stderr, "   ");
        }
      g_usleep (G_USEC_PER_SEC / 10);
    }
  if (show)
    fprintf (stderr, "\r%*s\r", 72, "");
  kessel_self_play_wait (sprt->self_play);
}

/* The figures */

typedef struct {
  double vp_mean;
  double vp_sd;
  int verdicts[3];           /* German, draw, Soviet victories */
} ArmFigures;

static int
verdict_slot (KesselVerdict verdict)
{
  switch (verdict)
    {
    case KESSEL_VERDICT_GERMAN: return 0;
    case KESSEL_VERDICT_DRAW: return 1;
    case KESSEL_VERDICT_SOVIET: return 2;
    default: return -1;
    }
}

/* Over the pairs counted in the test. */
static void
arm_figures (Sprt *sprt, int arm, ArmFigures *figures)
{
  g_autoptr(GArray) vp = g_array_new (FALSE, FALSE, sizeof (double));

  *figures = (ArmFigures) { 0 };
  for (int g = 0; g < sprt->n_taken; g++)
    if (pair_ok (sprt, g))
      {
        double value = kessel_balance_get_final_vp (sprt->arms[arm], g);
        int slot = verdict_slot (kessel_balance_get_verdict (sprt->arms[arm], g));

        g_array_append_val (vp, value);
        if (slot >= 0)
          figures->verdicts[slot]++;
      }
  kessel_mean_sd ((const double *) vp->data, (int) vp->len, &figures->vp_mean, &figures->vp_sd);
}

static const char *
decision_id (KesselSprtDecision decision)
{
  switch (decision)
    {
    case KESSEL_SPRT_ACCEPT_H1: return "h1";
    case KESSEL_SPRT_ACCEPT_H0: return "h0";
    default: return "inconclusive";
    }
}

static const char *
decision_text (KesselSprtDecision decision)
{
  switch (decision)
    {
    case KESSEL_SPRT_ACCEPT_H1: return _("H1 accepted: better");
    case KESSEL_SPRT_ACCEPT_H0: return _("H0 accepted: no better");
    default: return _("inconclusive: out of games");
    }
}

static void
print_game_json (Sprt *sprt, int arm, int index)
{
  KesselBalance *balance = sprt->arms[arm];

  printf ("\"%s\": {\"ok\": %s, \"vp\": %d, \"verdict\": \"%s\"}", arm_ids[arm],
          kessel_balance_game_ok (balance, index) ? "true" : "false", kessel_balance_get_final_vp (balance, index),
          kessel_verdict_to_string (kessel_balance_get_verdict (balance, index)));
}

static void
print_results_json (Sprt *sprt)
{
  printf (", \"results\": [");
  for (int g = 0; g < sprt->n_taken; g++)
    {
      printf ("%s{\"seed\": %" G_GUINT64_FORMAT ", ", g > 0 ? ", " : "",
              kessel_balance_get_seed (sprt->arms[CANDIDATE], g));
      print_game_json (sprt, CANDIDATE, g);
      printf (", ");
      print_game_json (sprt, BASELINE, g);
      if (pair_ok (sprt, g))
        printf (", \"difference\": %g}", pair_difference (sprt, g));
      else
        printf (", \"difference\": null}");
    }
  printf ("]");
}

static void
print_test_json (Sprt *sprt)
{
  const Test *test = sprt->test;

  printf ("{\"sprt\": {\"seat\": \"%s\", \"candidate\": ", test->seat == KESSEL_SIDE_SOVIET ? "soviet" : "german");
  kessel_cli_print_json_string (test->players[CANDIDATE]);
  printf (", \"baseline\": ");
  kessel_cli_print_json_string (test->players[BASELINE]);
  printf (", \"opponent\": ");
  kessel_cli_print_json_string (test->opponent);
  printf (", \"d0\": %g, \"d1\": %g, \"alpha\": %g, \"beta\": %g, \"min_pairs\": %d, \"seed\": %" G_GINT64_FORMAT
          ", \"max_pairs\": %d}",
          test->parameters.d0, test->parameters.d1, test->parameters.alpha, test->parameters.beta,
          test->parameters.min_pairs, sprt->options->seed, sprt->options->max_pairs);
}

static void
print_json (Sprt *sprt, const ArmFigures figures[N_ARMS])
{
  const KesselSprtState *state = &sprt->state;

  print_test_json (sprt);
  printf (", \"pairs\": %d, \"counted\": %d, \"failed\": %d", sprt->n_taken, sprt->n_taken - sprt->n_failed,
          sprt->n_failed);
  printf (", \"difference\": {\"mean\": %.4f, \"low\": %.4f, \"high\": %.4f, \"sd\": %.4f, \"interval\": \"t\"}",
          state->mean.estimate, state->mean.low, state->mean.high, state->sd);
  printf (", \"llr\": %.4f, \"llr_lower\": %.4f, \"llr_upper\": %.4f, \"verdict\": \"%s\"", state->llr,
          state->lower, state->upper, decision_id (state->decision));
  printf (", \"arms\": {");
  for (int arm = 0; arm < N_ARMS; arm++)
    printf ("%s\"%s\": {\"vp_mean\": %.3f, \"vp_sd\": %.3f, \"verdicts\": {\"german\": %d, \"draw\": %d, "
            "\"soviet\": %d}}", arm > 0 ? ", " : "", arm_ids[arm], figures[arm].vp_mean, figures[arm].vp_sd,
            figures[arm].verdicts[0], figures[arm].verdicts[1], figures[arm].verdicts[2]);
  printf ("}");
  print_results_json (sprt);
  /* Last, so that a comparison of runs can cut it off: it alone varies. */
  printf (", \"thinking\": {");
  for (int arm = 0; arm < N_ARMS; arm++)
    {
      KesselCliThinkingSummary thinking;

      kessel_cli_thinking_summarise (sprt->thinking[arm], sprt->n_taken, sprt->test->seat, &thinking);
      printf ("%s\"%s\": {\"phases\": %d, \"median_s\": %.4f, \"max_s\": %.4f}", arm > 0 ? ", " : "",
              arm_ids[arm], thinking.phases, thinking.median, thinking.longest);
    }
  printf ("}}\n");
}

static void
print_arm_text (Sprt *sprt, int arm, const ArmFigures *figures)
{
  KesselCliThinkingSummary thinking;
  const char *side = sprt->test->seat == KESSEL_SIDE_SOVIET ? _("Soviet") : _("German");

  printf (arm == CANDIDATE ? _("  candidate %s: final Soviet VP mean %.2f (sd %.2f); verdicts: German %d, draw %d, Soviet %d\n")
                           : _("  baseline %s: final Soviet VP mean %.2f (sd %.2f); verdicts: German %d, draw %d, Soviet %d\n"),
          sprt->test->players[arm], figures->vp_mean, figures->vp_sd, figures->verdicts[0], figures->verdicts[1],
          figures->verdicts[2]);
  kessel_cli_thinking_summarise (sprt->thinking[arm], sprt->n_taken, sprt->test->seat, &thinking);
  if (thinking.phases > 0)
    {
      printf ("  ");
      printf (_("  %s thinking per phase: median %.3f s, longest %.3f s (%d phases, CPU time)\n"), side,
              thinking.median, thinking.longest, thinking.phases);
    }
}

static void
print_text (Sprt *sprt, const ArmFigures figures[N_ARMS])
{
  const Test *test = sprt->test;
  const KesselSprtState *state = &sprt->state;
  g_autofree char *seed = g_strdup_printf ("%" G_GINT64_FORMAT, sprt->options->seed);

  printf (test->seat == KESSEL_SIDE_SOVIET
            ? _("Sequential test of %s against %s as the Soviet player, against %s, from seed %s:\n")
            : _("Sequential test of %s against %s as the German player, against %s, from seed %s:\n"),
          test->players[CANDIDATE], test->players[BASELINE], test->opponent, seed);
  printf (_("  H0: the candidate gains %g VP a game or less; H1: %g VP a game or more (alpha %g, beta %g)\n"), test->parameters.d0,
          test->parameters.d1, test->parameters.alpha, test->parameters.beta);
  printf (_("  pairs played: %d of at most %d\n"), sprt->n_taken, sprt->options->max_pairs);
  if (sprt->n_failed > 0)
    printf (_("  pairs left out because a game failed: %d\n"), sprt->n_failed);
  printf (_("  mean gain: %+.2f VP a game (95%% t interval %+.2f to %+.2f, sd %.2f)\n"), state->mean.estimate,
          state->mean.low, state->mean.high, state->sd);
  printf (_("  LLR: %.2f (H0 at %.2f or below, H1 at %.2f or above)\n"), state->llr, state->lower, state->upper);
  for (int arm = 0; arm < N_ARMS; arm++)
    print_arm_text (sprt, arm, &figures[arm]);
  printf (_("Verdict: %s\n"), decision_text (state->decision));
}

/* The test */

static KesselSelfPlay *
new_self_play (KesselScenario *scenario, const KesselCliSprtOptions *options, const Test *test)
{
  KesselScenario *variants[N_ARMS] = { scenario, scenario };
  const char *german[N_ARMS], *soviet[N_ARMS];
  g_autoptr(KesselSelfPlay) self_play = NULL;
  g_autoptr(GError) error = NULL;

  for (int arm = 0; arm < N_ARMS; arm++)
    {
      german[arm] = test->seat == KESSEL_SIDE_GERMAN ? test->players[arm] : test->opponent;
      soviet[arm] = test->seat == KESSEL_SIDE_SOVIET ? test->players[arm] : test->opponent;
    }
  self_play = kessel_self_play_new (variants, N_ARMS, german[CANDIDATE], soviet[CANDIDATE],
                                    (guint64) options->seed, options->max_pairs, &error);
  if (self_play == NULL
      || !kessel_self_play_set_players (self_play, BASELINE, german[BASELINE], soviet[BASELINE], &error))
    {
      fprintf (stderr, "kessel-cli match: %s\n", error->message);
      return NULL;
    }
  return g_steal_pointer (&self_play);
}

static int
run (Sprt *sprt)
{
  ArmFigures figures[N_ARMS];

  for (int arm = 0; arm < N_ARMS; arm++)
    {
      sprt->arms[arm] = kessel_self_play_get_balance (sprt->self_play, arm);
      sprt->thinking[arm] = kessel_cli_thinking_new (sprt->options->max_pairs);
    }
  sprt->finished = g_new0 (guint8, sprt->options->max_pairs);
  sprt->differences = g_array_new (FALSE, FALSE, sizeof (double));
  sprt->state = kessel_sprt_test (&sprt->test->parameters, NULL, 0);
  kessel_self_play_set_hooks (sprt->self_play, note_choice, note_end, sprt);
  kessel_self_play_start (sprt->self_play, sprt->options->jobs);
  wait_with_progress (sprt);

  for (int arm = 0; arm < N_ARMS; arm++)
    arm_figures (sprt, arm, &figures[arm]);
  if (sprt->options->json)
    print_json (sprt, figures);
  else
    print_text (sprt, figures);
  for (int arm = 0; arm < N_ARMS; arm++)
    {
      kessel_cli_thinking_print_errors (sprt->thinking[arm], sprt->arms[arm], sprt->n_taken,
                                        sprt->test->players[arm]);
      kessel_cli_thinking_free (sprt->thinking[arm]);
    }
  g_free (sprt->finished);
  g_array_unref (sprt->differences);
  return sprt->n_failed > 0 ? 1 : 0;
}

int
kessel_cli_sprt (const char *path, const KesselCliSprtOptions *options)
{
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselSelfPlay) self_play = NULL;
  Test test = { 0 };
  Sprt sprt = { .options = options, .test = &test };
  int status;

  if (!read_test (options, &test))
    return 2;
  if ((scenario = kessel_cli_load_scenario ("match", path)) == NULL)
    return 1;
  if ((self_play = new_self_play (scenario, options, &test)) == NULL)
    return 2;
  sprt.self_play = self_play;
  g_mutex_init (&sprt.lock);
  status = run (&sprt);
  g_mutex_clear (&sprt.lock);
  return status;
}
