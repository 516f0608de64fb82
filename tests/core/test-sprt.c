/* test-sprt.c: the sequential test on paired differences and the Student t
 * interval it reports, against values worked out by hand and the tables. */
#include <math.h>

#include "kessel-sprt.h"

#define CLOSE 5e-4

static KesselSprtParameters
defaults (void)
{
  KesselSprtParameters parameters;

  kessel_sprt_parameters_init (&parameters);
  return parameters;
}

/* Two-sided 95% t from the tables: 12.7062 (1), 2.5706 (5), 2.3646 (7),
 * 2.2281 (10), 2.0423 (30), 1.9799 (120). */
static void
test_t95 (void)
{
  g_assert_cmpfloat_with_epsilon (kessel_t95 (1), 12.7062, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (4), 2.7764, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (5), 2.5706, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (7), 2.3646, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (10), 2.2281, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (30), 2.0423, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (120), 1.9799, CLOSE);
  g_assert_cmpfloat_with_epsilon (kessel_t95 (0), KESSEL_Z95, 1e-9);
}

/* 3 1 4 1 5 9 2 6: mean 3.875, variance 52.875 / 7, so sd 2.74838 and a
 * half-width of 2.3646 * 2.74838 / sqrt 8 = 2.2977. */
static void
test_mean_interval_t (void)
{
  const double values[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
  KesselInterval interval = kessel_mean_interval_t (values, 8);

  g_assert_cmpfloat_with_epsilon (interval.estimate, 3.875, 1e-9);
  g_assert_cmpfloat_with_epsilon (interval.low, 1.5773, CLOSE);
  g_assert_cmpfloat_with_epsilon (interval.high, 6.1727, CLOSE);
  interval = kessel_mean_interval_t (values, 1);
  g_assert_cmpfloat (interval.low, ==, 3.0);
  g_assert_cmpfloat (interval.high, ==, 3.0);
}

/* alpha = beta = 0.05: log(1/19) and log 19; alpha 0.01, beta 0.1:
 * log(0.1/0.99) and log 90. */
static void
test_bounds (void)
{
  KesselSprtParameters parameters = defaults ();

  g_assert_cmpfloat_with_epsilon (kessel_sprt_lower_bound (&parameters), -2.944439, 1e-6);
  g_assert_cmpfloat_with_epsilon (kessel_sprt_upper_bound (&parameters), 2.944439, 1e-6);
  parameters.alpha = 0.01;
  parameters.beta = 0.1;
  g_assert_cmpfloat_with_epsilon (kessel_sprt_lower_bound (&parameters), -2.292535, 1e-6);
  g_assert_cmpfloat_with_epsilon (kessel_sprt_upper_bound (&parameters), 4.499810, 1e-6);
}

/* The same eight differences against H0 0, H1 2: LLR = 8 * 2 / (52.875 / 7)
 * * (3.875 - 1) = 6.0898, above log 19: H1. */
static void
test_accepts_h1 (void)
{
  const double differences[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
  KesselSprtParameters parameters = defaults ();
  KesselSprtState state = kessel_sprt_test (&parameters, differences, 8);

  g_assert_cmpint (state.n, ==, 8);
  g_assert_cmpfloat_with_epsilon (state.llr, 6.0898, CLOSE);
  g_assert_cmpfloat_with_epsilon (state.sd, 2.74838, CLOSE);
  g_assert_cmpfloat_with_epsilon (state.mean.estimate, 3.875, 1e-9);
  g_assert_cmpfloat_with_epsilon (state.mean.low, 1.5773, CLOSE);
  g_assert_cmpint (state.decision, ==, KESSEL_SPRT_ACCEPT_H1);
}

/* Small differences about zero: variance 4/7, floored to 1, so LLR = 8 * 2
 * * (0 - 1) = -16: H0. */
static void
test_accepts_h0 (void)
{
  const double differences[] = { -1, 0, 1, 0, -1, 1, 0, 0 };
  KesselSprtParameters parameters = defaults ();
  KesselSprtState state = kessel_sprt_test (&parameters, differences, 8);

  g_assert_cmpfloat_with_epsilon (state.llr, -16.0, 1e-9);
  g_assert_cmpint (state.decision, ==, KESSEL_SPRT_ACCEPT_H0);
}

/* Players that always play alike: no variance at all. The floor gives
 * -2 n, so H0 at the eighth pair and not before, and nothing is divided by
 * zero. */
static void
test_identical_players (void)
{
  const double zeros[8] = { 0 };
  KesselSprtParameters parameters = defaults ();
  KesselSprtState seven = kessel_sprt_test (&parameters, zeros, 7);
  KesselSprtState eight = kessel_sprt_test (&parameters, zeros, 8);

  g_assert_true (isfinite (seven.llr));
  g_assert_cmpfloat_with_epsilon (seven.llr, -14.0, 1e-9);
  g_assert_cmpint (seven.decision, ==, KESSEL_SPRT_CONTINUE);
  g_assert_cmpint (eight.decision, ==, KESSEL_SPRT_ACCEPT_H0);
  g_assert_cmpfloat (eight.mean.low, ==, 0.0);
  g_assert_cmpfloat (eight.mean.high, ==, 0.0);
}

/* A mean on the midpoint of the hypotheses weighs nothing either way. */
static void
test_inconclusive (void)
{
  const double differences[] = { 0, 2, 0, 2, 0, 2, 0, 2 };
  KesselSprtParameters parameters = defaults ();
  KesselSprtState state = kessel_sprt_test (&parameters, differences, 8);

  g_assert_cmpfloat_with_epsilon (state.llr, 0.0, 1e-9);
  g_assert_cmpint (state.decision, ==, KESSEL_SPRT_CONTINUE);
  state = kessel_sprt_test (&parameters, differences, 0);
  g_assert_cmpfloat (state.llr, ==, 0.0);
  g_assert_cmpint (state.decision, ==, KESSEL_SPRT_CONTINUE);
}

/* Hypotheses below zero test for no regression: H0 "loses 2 VP", H1 "loses
 * nothing". Identical players then accept H1, at the minimum of pairs. */
static void
test_no_regression (void)
{
  const double zeros[8] = { 0 };
  KesselSprtParameters parameters = defaults ();
  KesselSprtState state;

  parameters.d0 = -2.0;
  parameters.d1 = 0.0;
  state = kessel_sprt_test (&parameters, zeros, 8);
  g_assert_cmpfloat_with_epsilon (state.llr, 16.0, 1e-9);
  g_assert_cmpint (state.decision, ==, KESSEL_SPRT_ACCEPT_H1);
}

static void
test_parameters_valid (void)
{
  KesselSprtParameters parameters = defaults ();

  g_assert_true (kessel_sprt_parameters_valid (&parameters));
  parameters.d1 = parameters.d0;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
  parameters = defaults ();
  parameters.alpha = 0.0;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
  parameters = defaults ();
  parameters.alpha = 0.6;
  parameters.beta = 0.5;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
  parameters = defaults ();
  parameters.beta = NAN;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
  parameters = defaults ();
  parameters.d1 = INFINITY;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
  parameters = defaults ();
  parameters.min_pairs = 1;
  g_assert_false (kessel_sprt_parameters_valid (&parameters));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/statistics/t95", test_t95);
  g_test_add_func ("/statistics/mean-interval-t", test_mean_interval_t);
  g_test_add_func ("/sprt/bounds", test_bounds);
  g_test_add_func ("/sprt/accepts-h1", test_accepts_h1);
  g_test_add_func ("/sprt/accepts-h0", test_accepts_h0);
  g_test_add_func ("/sprt/identical-players", test_identical_players);
  g_test_add_func ("/sprt/inconclusive", test_inconclusive);
  g_test_add_func ("/sprt/no-regression", test_no_regression);
  g_test_add_func ("/sprt/parameters-valid", test_parameters_valid);
  return g_test_run ();
}
