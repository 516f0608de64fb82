/* test-self-play.c: games of computer players in worker threads, as balance
 * analysis plays them: the same figures with any number of threads, and the
 * same games for two identical variants on common random numbers, and the
 * same figures from records carried to another balance. Tiny
 * counts of the small Crossing the Prut scenario, random Germans against
 * greedy Soviets. */
#include "ai-test.h"
#include "kessel-self-play.h"

#define GAMES 3

static KesselSelfPlay *
play (KesselScenario **scenarios, int n_variants, int jobs)
{
  g_autoptr(GError) error = NULL;
  KesselSelfPlay *self_play = kessel_self_play_new (scenarios, n_variants, "random", "greedy", 7, GAMES, &error);

  g_assert_no_error (error);
  kessel_self_play_start (self_play, jobs);
  kessel_self_play_wait (self_play);
  g_assert_cmpint (kessel_self_play_get_n_done (self_play), ==, GAMES * n_variants);
  return self_play;
}

static void
assert_same_summary (const KesselBalanceSummary *a, const KesselBalanceSummary *b)
{
  g_assert_cmpint (a->n, ==, GAMES);
  g_assert_cmpint (b->n, ==, a->n);
  g_assert_cmpmem (a->final_vp, sizeof (int) * a->n, b->final_vp, sizeof (int) * b->n);
  g_assert_cmpmem (a->verdicts, sizeof a->verdicts, b->verdicts, sizeof b->verdicts);
  g_assert_cmpmem (a->turn_median, sizeof (double) * (a->n_turns + 1), b->turn_median, sizeof (double) * (b->n_turns + 1));
  g_assert_cmpmem (a->turn_low, sizeof (double) * (a->n_turns + 1), b->turn_low, sizeof (double) * (b->n_turns + 1));
  g_assert_cmpint (a->n_places, ==, b->n_places);
  g_assert_cmpmem (a->place_changes, sizeof (double) * a->n_places, b->place_changes, sizeof (double) * b->n_places);
  g_assert_cmpmem (a->exit_counts, sizeof a->exit_counts, b->exit_counts, sizeof b->exit_counts);
  g_assert_cmpfloat (a->divisions_mean, ==, b->divisions_mean);
  g_assert_cmpint (a->even_width.draw_from, ==, b->even_width.draw_from);
  g_assert_cmpint (a->draw_share.soviet_wins_at, ==, b->draw_share.soviet_wins_at);
}

static void
test_same_with_any_jobs (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  g_autoptr(KesselSelfPlay) one = play (&scenario, 1, 1);
  g_autoptr(KesselSelfPlay) two = play (&scenario, 1, 2);
  g_autoptr(KesselBalanceSummary) a = kessel_balance_summarise (kessel_self_play_get_balance (one, 0));
  g_autoptr(KesselBalanceSummary) b = kessel_balance_summarise (kessel_self_play_get_balance (two, 0));

  assert_same_summary (a, b);
  /* The games changed something worth recording. */
  g_assert_cmpfloat (a->turn_high[a->n_turns], >, 0.0);
}

/* Records copied one by one into another balance, as kessel-cli merge reads
 * them from shard files, give the same figures; a game not copied is left
 * out of them. */
static void
test_records_carried (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  g_autoptr(KesselSelfPlay) self_play = play (&scenario, 1, 2);
  KesselBalance *played = kessel_self_play_get_balance (self_play, 0);
  g_autoptr(KesselBalance) carried = kessel_balance_new (scenario, 7, GAMES);
  g_autoptr(KesselBalance) partial = kessel_balance_new (scenario, 7, GAMES);
  g_autoptr(KesselBalanceSummary) a = NULL;
  g_autoptr(KesselBalanceSummary) b = NULL;
  g_autoptr(KesselBalanceSummary) c = NULL;

  for (int g = 0; g < GAMES; g++)
    {
      KesselBalanceRecord record;

      kessel_balance_get_record (played, g, &record);
      kessel_balance_set_record (carried, g, &record);
      if (g > 0)
        kessel_balance_set_record (partial, g, &record);
    }
  a = kessel_balance_summarise (played);
  b = kessel_balance_summarise (carried);
  assert_same_summary (a, b);
  g_assert_cmpmem (a->place_soviet_end, sizeof (double) * a->n_places, b->place_soviet_end,
                   sizeof (double) * b->n_places);
  g_assert_cmpfloat (a->vp_destroyed_mean, ==, b->vp_destroyed_mean);
  g_assert_cmpfloat (a->cpu_seconds_mean, ==, b->cpu_seconds_mean);
  g_assert_cmpfloat (a->cpu_seconds_mean, >, 0.0);
  c = kessel_balance_summarise (partial);
  g_assert_cmpint (c->n_done, ==, GAMES - 1);
  g_assert_cmpint (c->n, ==, GAMES - 1);
  g_assert_cmpint (c->final_vp[0], ==, a->final_vp[1]);
}

static void
test_common_random_numbers (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  g_autoptr(KesselScenario) copy = kessel_scenario_copy (scenario);
  KesselScenario *variants[2] = { scenario, copy };
  g_autoptr(KesselSelfPlay) self_play = play (variants, 2, 2);
  KesselBalance *a = kessel_self_play_get_balance (self_play, 0), *b = kessel_self_play_get_balance (self_play, 1);
  g_autoptr(KesselBalanceSummary) sa = kessel_balance_summarise (a);
  g_autoptr(KesselBalanceSummary) sb = kessel_balance_summarise (b);
  g_autoptr(KesselBalanceComparison) difference = kessel_balance_compare (a, b);

  assert_same_summary (sa, sb);
  g_assert_cmpint (difference->n, ==, GAMES);
  for (int v = 0; v < 3; v++)
    g_assert_cmpfloat (difference->verdict_rate[v].high - difference->verdict_rate[v].low, ==, 0.0);
  g_assert_cmpfloat (difference->vp_mean.estimate, ==, 0.0);
  g_assert_cmpfloat (difference->vp_mean.high, ==, 0.0);
}

/* A changed variant on the same seeds: thresholds 5 VP lower. */
static void
test_compare_changed_variant (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  g_autoptr(KesselScenario) harder = kessel_scenario_copy (scenario);
  KesselVictoryTable victory = *kessel_scenario_get_victory (scenario);
  KesselScenario *variants[2] = { scenario, harder };
  g_autoptr(KesselSelfPlay) self_play = NULL;
  g_autoptr(KesselBalanceComparison) difference = NULL;

  victory.draw_from -= 5;
  victory.soviet_wins_at -= 5;
  kessel_scenario_set_victory (harder, &victory);
  self_play = play (variants, 2, 2);
  difference = kessel_balance_compare (kessel_self_play_get_balance (self_play, 0),
                                       kessel_self_play_get_balance (self_play, 1));
  /* The same games, judged by lower thresholds: the VP do not move, the
   * German victories can only become draws or Soviet victories. */
  g_assert_cmpfloat (difference->vp_mean.estimate, ==, 0.0);
  g_assert_cmpfloat (difference->verdict_rate[0].estimate, <=, 0.0);
}

/* Variants that differ in their players: each plays the games a self-play
 * of its own players alone would, on the same seeds. */
static void
test_players_per_variant (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("crossing-the-prut.kessel");
  KesselScenario *variants[2] = { scenario, scenario };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselSelfPlay) both = kessel_self_play_new (variants, 2, "random", "greedy", 7, GAMES, &error);
  g_autoptr(KesselSelfPlay) alone = kessel_self_play_new (&scenario, 1, "random", "random", 7, GAMES, &error);
  g_autoptr(KesselBalanceSummary) greedy = NULL;
  g_autoptr(KesselBalanceSummary) random = NULL;
  g_autoptr(KesselBalanceSummary) random_alone = NULL;

  g_assert_no_error (error);
  g_assert_false (kessel_self_play_set_players (both, 1, "random", "human", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (kessel_self_play_set_players (both, 1, "random", "random", &error));
  g_assert_no_error (error);
  kessel_self_play_start (both, 2);
  kessel_self_play_start (alone, 1);
  kessel_self_play_wait (both);
  kessel_self_play_wait (alone);
  greedy = kessel_balance_summarise (kessel_self_play_get_balance (both, 0));
  random = kessel_balance_summarise (kessel_self_play_get_balance (both, 1));
  random_alone = kessel_balance_summarise (kessel_self_play_get_balance (alone, 0));
  assert_same_summary (random, random_alone);
  /* Greedy Soviets take more than random ones on these seeds. */
  g_assert_cmpfloat (greedy->vp_mean, >, random->vp_mean);
}

static void
test_stop (void)
{
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselSelfPlay) self_play = kessel_self_play_new (&scenario, 1, "ai:easy", "ai:easy", 1, 50, &error);

  g_assert_no_error (error);
  kessel_self_play_start (self_play, 2);
  g_usleep (G_USEC_PER_SEC / 5);
  kessel_self_play_stop (self_play);
  kessel_self_play_wait (self_play);
  g_assert_false (kessel_self_play_is_running (self_play));
  g_assert_cmpint (kessel_self_play_get_n_done (self_play), <, 50);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/self-play/same-with-any-jobs", test_same_with_any_jobs);
  g_test_add_func ("/ai/self-play/common-random-numbers", test_common_random_numbers);
  g_test_add_func ("/ai/self-play/records-carried", test_records_carried);
  g_test_add_func ("/ai/self-play/compare-changed-variant", test_compare_changed_variant);
  g_test_add_func ("/ai/self-play/players-per-variant", test_players_per_variant);
  g_test_add_func ("/ai/self-play/stop", test_stop);
  return g_test_run ();
}
