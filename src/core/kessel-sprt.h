/* kessel-sprt.h: a sequential probability ratio test on the mean of paired
 * differences, to tell whether a change to a player makes it stronger.
 *
 * Each difference is what one pair of games gained for the changed player:
 * the same seed played once by the changed player and once by the old one.
 * The test weighs two hypotheses on the mean gain a game, H0: d0 and H1: d1
 * (d0 < d1), as pairs come in, and stops as soon as the evidence for one of
 * them is strong enough for the error rates asked for: alpha, the chance of
 * accepting H1 when H0 holds, and beta, that of accepting H0 when H1 holds.
 *
 * The model is normal with the variance estimated from the data (a
 * generalised SPRT): for n differences of mean m and variance s^2,
 *
 *   LLR = n (d1 - d0) / s^2 * (m - (d0 + d1) / 2)
 *
 * which is the log-likelihood ratio of N(d1, s^2) to N(d0, s^2) over the
 * sample, exact for a known variance. s^2 is the sample variance (n - 1),
 * with a floor: two players that always play alike give no variance at all,
 * and must then accept H0 rather than divide by zero. The test accepts H1
 * when the LLR reaches log((1 - beta) / alpha), H0 when it falls to
 * log(beta / (1 - alpha)), and neither before min_pairs pairs.
 *
 * Plain functions of numbers; the caller decides which pairs count, and must
 * feed them in a fixed order for the stopping point to be repeatable.
 */
#pragma once

#include <glib.h>

#include "kessel-statistics.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_SPRT_CONTINUE,
  KESSEL_SPRT_ACCEPT_H0,     /* the change gains no more than d0 */
  KESSEL_SPRT_ACCEPT_H1,     /* it gains d1 */
} KesselSprtDecision;

typedef struct {
  double d0;                 /* the mean gain a pair under H0 */
  double d1;                 /* under H1; d0 < d1 */
  double alpha;              /* error rates, each in (0, 1), alpha + beta < 1 */
  double beta;
  int min_pairs;             /* no decision before this many pairs (>= 2) */
  double variance_floor;     /* the smallest variance the LLR uses (> 0) */
} KesselSprtParameters;

/* The defaults: H0 0, H1 2 (VP a game), alpha = beta = 0.05, 8 pairs at
 * least, and a variance of at least 1 (VP are whole numbers: a spread below
 * a point a game is below what a score can show). */
#define KESSEL_SPRT_DEFAULT_D0 0.0
#define KESSEL_SPRT_DEFAULT_D1 2.0
#define KESSEL_SPRT_DEFAULT_ALPHA 0.05
#define KESSEL_SPRT_DEFAULT_BETA 0.05
#define KESSEL_SPRT_MIN_PAIRS 8
#define KESSEL_SPRT_VARIANCE_FLOOR 1.0

/* Where a test stands after n pairs. */
typedef struct {
  int n;
  KesselInterval mean;       /* the mean difference, Student t 95% interval */
  double sd;                 /* sample standard deviation of the differences */
  double llr;
  double lower;              /* log(beta / (1 - alpha)): H0 at or below */
  double upper;              /* log((1 - beta) / alpha): H1 at or above */
  KesselSprtDecision decision;
} KesselSprtState;

void     kessel_sprt_parameters_init (KesselSprtParameters *parameters);
/* Whether the parameters make a test: the conditions noted above, all finite. */
gboolean kessel_sprt_parameters_valid (const KesselSprtParameters *parameters);

double   kessel_sprt_lower_bound (const KesselSprtParameters *parameters);
double   kessel_sprt_upper_bound (const KesselSprtParameters *parameters);
/* The LLR of n differences of the given mean and sample variance (floored
 * here); 0 for n < 1. */
double   kessel_sprt_llr (const KesselSprtParameters *parameters, int n, double mean, double variance);

/* The test over the first n differences. */
KesselSprtState kessel_sprt_test (const KesselSprtParameters *parameters, const double *differences, int n);

G_END_DECLS
