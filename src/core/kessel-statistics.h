/* kessel-statistics.h: the statistics of many games: intervals for rates and
 * differences, quantiles, and victory thresholds that split a distribution of
 * final VP evenly. Plain functions of numbers, for balance analysis. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* z of a two-sided 95% interval. */
#define KESSEL_Z95 1.959964

/* An estimate and its 95% interval. */
typedef struct {
  double estimate;
  double low;
  double high;
} KesselInterval;

/* The Wilson score interval of successes out of n (n > 0). */
KesselInterval kessel_wilson_interval (int successes, int n);

/* The mean of b[i] - a[i] with the normal 95% interval of a mean of paired
 * differences (mean +- z * sd / sqrt n); for n < 2 the interval is the
 * estimate itself. */
KesselInterval kessel_paired_difference (const double *a, const double *b, int n);

/* The mean and the sample standard deviation. */
void   kessel_mean_sd (const double *values, int n, double *mean, double *sd);

/* Student's t of a two-sided 95% interval with df degrees of freedom
 * (df >= 1), within 0.0005 of the tables; KESSEL_Z95 for df < 1. */
double kessel_t95 (int df);

/* The mean of values with its Student t 95% interval (mean +- t * sd /
 * sqrt n, n - 1 degrees of freedom): honest for the handful of values a
 * sequential test may stop at. For n < 2 the interval is the mean itself. */
KesselInterval kessel_mean_interval_t (const double *values, int n);

/* The q-quantile (0..1) of sorted values, interpolated between the two
 * nearest order statistics (the usual "type 7" definition); 0 when n is 0. */
double kessel_quantile (const double *sorted, int n, double q);

/* Victory thresholds for final Soviet VP: German victory below draw_from, a
 * draw from draw_from to soviet_wins_at - 1, Soviet victory from
 * soviet_wins_at. */
typedef struct {
  int draw_from;
  int soviet_wins_at;
  double german_share;     /* of the games given, under these thresholds */
  double draw_share;
  double soviet_share;
} KesselThresholds;

/* The thresholds with a draw band width VP wide (width >= 1) that make the
 * German and Soviet shares of the games as nearly equal as they can be; of
 * equally even ones, the one nearest the median. */
KesselThresholds kessel_thresholds_even_width (const int *vp, int n, int width);

/* The thresholds under which the draw band holds as nearly draw_share of the
 * games as the whole numbers allow and the other games fall evenly on both
 * sides: each side's share as near (1 - draw_share) / 2 as it can be, then
 * the shares as even as they can be, then the narrower band. */
KesselThresholds kessel_thresholds_draw_share (const int *vp, int n, double draw_share);

/* The shares of the games under given thresholds. */
KesselThresholds kessel_thresholds_apply (const int *vp, int n, int draw_from, int soviet_wins_at);

G_END_DECLS
