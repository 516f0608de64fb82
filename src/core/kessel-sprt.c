/* kessel-sprt.c: the sequential test on paired differences. */
#include <math.h>

#include "kessel-sprt.h"

void
kessel_sprt_parameters_init (KesselSprtParameters *parameters)
{
  parameters->d0 = KESSEL_SPRT_DEFAULT_D0;
  parameters->d1 = KESSEL_SPRT_DEFAULT_D1;
  parameters->alpha = KESSEL_SPRT_DEFAULT_ALPHA;
  parameters->beta = KESSEL_SPRT_DEFAULT_BETA;
  parameters->min_pairs = KESSEL_SPRT_MIN_PAIRS;
  parameters->variance_floor = KESSEL_SPRT_VARIANCE_FLOOR;
}

static gboolean
is_rate (double p)
{
  return isfinite (p) && p > 0.0 && p < 1.0;
}

gboolean
kessel_sprt_parameters_valid (const KesselSprtParameters *parameters)
{
  return isfinite (parameters->d0) && isfinite (parameters->d1) && parameters->d0 < parameters->d1
         && is_rate (parameters->alpha) && is_rate (parameters->beta)
         && parameters->alpha + parameters->beta < 1.0
         && parameters->min_pairs >= 2
         && isfinite (parameters->variance_floor) && parameters->variance_floor > 0.0;
}

double
kessel_sprt_lower_bound (const KesselSprtParameters *parameters)
{
  return log (parameters->beta / (1.0 - parameters->alpha));
}

double
kessel_sprt_upper_bound (const KesselSprtParameters *parameters)
{
  return log ((1.0 - parameters->beta) / parameters->alpha);
}

double
kessel_sprt_llr (const KesselSprtParameters *parameters, int n, double mean, double variance)
{
  double midpoint = (parameters->d0 + parameters->d1) / 2.0;

  if (n < 1)
    return 0.0;
  variance = MAX (variance, parameters->variance_floor);
  return n * (parameters->d1 - parameters->d0) / variance * (mean - midpoint);
}

KesselSprtState
kessel_sprt_test (const KesselSprtParameters *parameters, const double *differences, int n)
{
  KesselSprtState state = { 0 };
  double mean;

  g_return_val_if_fail (kessel_sprt_parameters_valid (parameters), state);
  n = MAX (n, 0);
  state.n = n;
  state.mean = kessel_mean_interval_t (differences, n);
  kessel_mean_sd (differences, n, &mean, &state.sd);
  state.llr = kessel_sprt_llr (parameters, n, mean, state.sd * state.sd);
  state.lower = kessel_sprt_lower_bound (parameters);
  state.upper = kessel_sprt_upper_bound (parameters);
  state.decision = KESSEL_SPRT_CONTINUE;
  if (n >= parameters->min_pairs)
    {
      if (state.llr >= state.upper)
        state.decision = KESSEL_SPRT_ACCEPT_H1;
      else if (state.llr <= state.lower)
        state.decision = KESSEL_SPRT_ACCEPT_H0;
    }
  return state;
}
