/* kessel-statistics.c: intervals, quantiles and threshold suggestions. */
#include <math.h>
#include <stdlib.h>

#include "kessel-statistics.h"

#define CLOSE 1e-9

KesselInterval
kessel_wilson_interval (int successes, int n)
{
  KesselInterval interval = { 0.0, 0.0, 0.0 };
  double p, z2 = KESSEL_Z95 * KESSEL_Z95, denominator, centre, half;

  if (n <= 0)
    return interval;
  p = (double) successes / n;
  denominator = 1.0 + z2 / n;
  centre = (p + z2 / (2.0 * n)) / denominator;
  half = KESSEL_Z95 / denominator * sqrt (p * (1.0 - p) / n + z2 / (4.0 * n * (double) n));
  interval.estimate = p;
  interval.low = MAX (0.0, centre - half);
  interval.high = MIN (1.0, centre + half);
  return interval;
}

void
kessel_mean_sd (const double *values, int n, double *mean, double *sd)
{
  double sum = 0.0, squares = 0.0, m;

  for (int i = 0; i < n; i++)
    sum += values[i];
  m = n > 0 ? sum / n : 0.0;
  for (int i = 0; i < n; i++)
    squares += (values[i] - m) * (values[i] - m);
  *mean = m;
  *sd = n > 1 ? sqrt (squares / (n - 1)) : 0.0;
}

/* The tables for the smallest samples, where the expansion below is poor;
 * from 5 degrees of freedom on, the Cornish-Fisher expansion of t in powers
 * of 1/df (Abramowitz and Stegun 26.7.5), four terms. */
double
kessel_t95 (int df)
{
  static const double small[] = { 12.7062, 4.3027, 3.1824, 2.7764 };
  const double z = KESSEL_Z95, z2 = z * z;
  double z3, z5, z7, z9, v;

  if (df < 1)
    return z;
  if (df <= (int) G_N_ELEMENTS (small))
    return small[df - 1];
  z3 = z * z2;
  z5 = z3 * z2;
  z7 = z5 * z2;
  z9 = z7 * z2;
  v = df;
  return z + (z3 + z) / 4.0 / v
           + (5 * z5 + 16 * z3 + 3 * z) / 96.0 / (v * v)
           + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384.0 / (v * v * v)
           + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160.0 / (v * v * v * v);
}

KesselInterval
kessel_mean_interval_t (const double *values, int n)
{
  KesselInterval interval = { 0.0, 0.0, 0.0 };
  double sd, half;

  kessel_mean_sd (values, n, &interval.estimate, &sd);
  half = n > 1 ? kessel_t95 (n - 1) * sd / sqrt (n) : 0.0;
  interval.low = interval.estimate - half;
  interval.high = interval.estimate + half;
  return interval;
}

KesselInterval
kessel_paired_difference (const double *a, const double *b, int n)
{
  KesselInterval interval = { 0.0, 0.0, 0.0 };
  g_autofree double *difference = g_new (double, MAX (n, 1));
  double sd;

  for (int i = 0; i < n; i++)
    difference[i] = b[i] - a[i];
  kessel_mean_sd (difference, n, &interval.estimate, &sd);
  interval.low = interval.high = interval.estimate;
  if (n > 1)
    {
      interval.low -= KESSEL_Z95 * sd / sqrt (n);
      interval.high += KESSEL_Z95 * sd / sqrt (n);
    }
  return interval;
}

double
kessel_quantile (const double *sorted, int n, double q)
{
  double position;
  int below;

  if (n <= 0)
    return 0.0;
  position = CLAMP (q, 0.0, 1.0) * (n - 1);
  below = (int) floor (position);
  if (below >= n - 1)
    return sorted[n - 1];
  return sorted[below] + (position - below) * (sorted[below + 1] - sorted[below]);
}

KesselThresholds
kessel_thresholds_apply (const int *vp, int n, int draw_from, int soviet_wins_at)
{
  KesselThresholds thresholds = { draw_from, soviet_wins_at, 0.0, 0.0, 0.0 };
  int german = 0, soviet = 0;

  for (int i = 0; i < n; i++)
    {
      german += vp[i] < draw_from;
      soviet += vp[i] >= soviet_wins_at;
    }
  if (n > 0)
    {
      thresholds.german_share = (double) german / n;
      thresholds.soviet_share = (double) soviet / n;
      thresholds.draw_share = 1.0 - thresholds.german_share - thresholds.soviet_share;
    }
  return thresholds;
}

static void
vp_range (const int *vp, int n, int *low, int *high)
{
  *low = n > 0 ? vp[0] : 0;
  *high = *low;
  for (int i = 1; i < n; i++)
    {
      *low = MIN (*low, vp[i]);
      *high = MAX (*high, vp[i]);
    }
}

static int
compare_ints (const void *a, const void *b)
{
  return *(const int *) a - *(const int *) b;
}

static double
median_of (const int *vp, int n)
{
  g_autofree int *sorted = g_memdup2 (vp, sizeof (int) * MAX (n, 1));

  if (n == 0)
    return 0.0;
  qsort (sorted, n, sizeof (int), compare_ints);
  return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

KesselThresholds
kessel_thresholds_even_width (const int *vp, int n, int width)
{
  KesselThresholds best = { 0 };
  double best_gap = G_MAXDOUBLE, best_distance = G_MAXDOUBLE, median = median_of (vp, n);
  int low, high;

  width = MAX (width, 1);
  vp_range (vp, n, &low, &high);
  for (int draw_from = low - width; draw_from <= high + 1; draw_from++)
    {
      KesselThresholds t = kessel_thresholds_apply (vp, n, draw_from, draw_from + width);
      double gap = fabs (t.german_share - t.soviet_share);
      double distance = fabs (draw_from + (width - 1) / 2.0 - median);

      if (gap < best_gap - CLOSE || (gap < best_gap + CLOSE && distance < best_distance - CLOSE))
        {
          best = t;
          best_gap = gap;
          best_distance = distance;
        }
    }
  return best;
}

KesselThresholds
kessel_thresholds_draw_share (const int *vp, int n, double draw_share)
{
  KesselThresholds best = { 0 };
  double target = (1.0 - CLAMP (draw_share, 0.0, 1.0)) / 2.0;
  double best_miss = G_MAXDOUBLE, best_gap = G_MAXDOUBLE;
  int best_width = G_MAXINT, low, high;

  vp_range (vp, n, &low, &high);
  for (int draw_from = low; draw_from <= high + 1; draw_from++)
    for (int wins_at = draw_from + 1; wins_at <= high + 2; wins_at++)
      {
        KesselThresholds t = kessel_thresholds_apply (vp, n, draw_from, wins_at);
        double miss = fabs (t.german_share - target) + fabs (t.soviet_share - target);
        double gap = fabs (t.german_share - t.soviet_share);
        int width = wins_at - draw_from;

        if (miss < best_miss - CLOSE
            || (miss < best_miss + CLOSE && (gap < best_gap - CLOSE || (gap < best_gap + CLOSE && width < best_width))))
          {
            best = t;
            best_miss = miss;
            best_gap = gap;
            best_width = width;
          }
      }
  return best;
}
