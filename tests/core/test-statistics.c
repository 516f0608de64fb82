/* test-statistics.c: the statistics of balance analysis against values
 * worked out by hand or published. */
#include "kessel-statistics.h"

#define CLOSE 5e-4

static void
assert_interval (KesselInterval interval, double estimate, double low, double high)
{
  g_assert_cmpfloat_with_epsilon (interval.estimate, estimate, CLOSE);
  g_assert_cmpfloat_with_epsilon (interval.low, low, CLOSE);
  g_assert_cmpfloat_with_epsilon (interval.high, high, CLOSE);
}

/* 5 of 10 is the textbook case (0.2366-0.7634); 272 of 300 and 20 of 40 are
 * the figures docs/ai.md gives for its matches. */
static void
test_wilson (void)
{
  assert_interval (kessel_wilson_interval (5, 10), 0.5, 0.2366, 0.7634);
  assert_interval (kessel_wilson_interval (0, 10), 0.0, 0.0, 0.2775);
  assert_interval (kessel_wilson_interval (8, 10), 0.8, 0.4902, 0.9433);
  assert_interval (kessel_wilson_interval (272, 300), 272 / 300.0, 0.8684, 0.9346);
  assert_interval (kessel_wilson_interval (20, 40), 0.5, 0.3520, 0.6480);
  assert_interval (kessel_wilson_interval (0, 0), 0.0, 0.0, 0.0);
}

static void
test_quantile (void)
{
  const double sorted[] = { 1, 2, 3, 4 };

  g_assert_cmpfloat_with_epsilon (kessel_quantile (sorted, 4, 0.1), 1.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (kessel_quantile (sorted, 4, 0.5), 2.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (kessel_quantile (sorted, 4, 0.9), 3.7, 1e-9);
  g_assert_cmpfloat_with_epsilon (kessel_quantile (sorted, 4, 1.0), 4.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (kessel_quantile (sorted, 1, 0.9), 1.0, 1e-9);
}

/* Differences 1, 2, 0, 2: mean 1.25, sd sqrt(2.75 / 3), half-width
 * 1.96 sd / 2. */
static void
test_paired_difference (void)
{
  const double a[] = { 1, 2, 3, 4 }, b[] = { 2, 4, 3, 6 };

  assert_interval (kessel_paired_difference (a, b, 4), 1.25, 0.3118, 2.1882);
  assert_interval (kessel_paired_difference (a, a, 4), 0.0, 0.0, 0.0);
}

/* Final VP 1 to 20, once each. A draw band 4 wide is even at 9-12: 8 games
 * below, 8 from 13 up. */
static void
test_even_width (void)
{
  int vp[20];
  KesselThresholds t;

  for (int i = 0; i < 20; i++)
    vp[i] = i + 1;
  t = kessel_thresholds_even_width (vp, 20, 4);
  g_assert_cmpint (t.draw_from, ==, 9);
  g_assert_cmpint (t.soviet_wins_at, ==, 13);
  g_assert_cmpfloat_with_epsilon (t.german_share, 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.draw_share, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.soviet_share, 0.4, 1e-9);
}

/* Final VP 1 to 100, once each: a draw band holding 20% is 41-60. */
static void
test_draw_share (void)
{
  int vp[100];
  KesselThresholds t;

  for (int i = 0; i < 100; i++)
    vp[i] = i + 1;
  t = kessel_thresholds_draw_share (vp, 100, 0.2);
  g_assert_cmpint (t.draw_from, ==, 41);
  g_assert_cmpint (t.soviet_wins_at, ==, 61);
  g_assert_cmpfloat_with_epsilon (t.german_share, 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.soviet_share, 0.4, 1e-9);
}

/* The shipped thresholds (draw 28-31) on a handful of games. */
static void
test_apply (void)
{
  const int vp[] = { 20, 27, 28, 31, 32, 40 };
  KesselThresholds t = kessel_thresholds_apply (vp, 6, 28, 32);

  g_assert_cmpfloat_with_epsilon (t.german_share, 2 / 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.draw_share, 2 / 6.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (t.soviet_share, 2 / 6.0, 1e-9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/statistics/wilson", test_wilson);
  g_test_add_func ("/statistics/quantile", test_quantile);
  g_test_add_func ("/statistics/paired-difference", test_paired_difference);
  g_test_add_func ("/statistics/thresholds/even-width", test_even_width);
  g_test_add_func ("/statistics/thresholds/draw-share", test_draw_share);
  g_test_add_func ("/statistics/thresholds/apply", test_apply);
  return g_test_run ();
}
