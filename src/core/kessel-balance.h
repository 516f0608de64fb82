/* kessel-balance.h: the figures of many games of one scenario, for balance
 * analysis: what each game did (its record), and what they add up to (the
 * summary and, for two variants played on the same seeds, their paired
 * differences).
 *
 * A record is filled by observing the game after each of its actions
 * (kessel_balance_observe) through the game's public state: the VP at the end
 * of each turn, who holds each place, the corps exited and the divisions
 * destroyed out of C&C. Records are kept by game index, whatever order the
 * games are played in, and a summary counts the finished games in index
 * order, so the figures of a seed do not depend on how many threads played.
 * Different games may be observed from different threads at once; the count
 * of finished games may be read from any thread.
 */
#pragma once

#include <glib-object.h>

#include "kessel-game.h"
#include "kessel-statistics.h"

G_BEGIN_DECLS

typedef struct {
  int hex;
  char *name;
  KesselPlaceKind kind;
} KesselBalancePlace;

/* The figures of a summary; arrays are owned by it. */
typedef struct {
  int n_games;               /* asked for */
  int n_done;                /* finished, failed ones included */
  int n_failed;
  int n;                     /* counted: finished and not failed */
  int draw_from, soviet_wins_at;
  int n_turns;

  int verdicts[3];           /* German, draw, Soviet wins */
  KesselInterval verdict_rate[3];

  double vp_mean, vp_sd, vp_median;
  int vp_min, vp_max;        /* of the histogram */
  int *vp_histogram;         /* games ending on vp_min + i, i < vp_max - vp_min + 1 */
  int *final_vp;             /* each counted game's final VP, in index order */

  double *turn_median;       /* VP at the start (index 0) and at the end of each turn */
  double *turn_low;          /* 10% */
  double *turn_high;         /* 90% */

  int n_places;
  KesselBalancePlace *places;
  KesselInterval *place_changed;   /* share of games in which it changed hands */
  double *place_changes;           /* mean times it changed hands */
  double *place_soviet_end;        /* share of games it ended Soviet-held */

  double exits_mean;
  int exit_counts[8];              /* games by corps exited, the last counts that many or more */
  double divisions_mean;           /* destroyed out of C&C */
  double vp_destroyed_mean;
  double cpu_seconds_mean;         /* per game, of the thread that played it */

  KesselThresholds current;        /* the scenario's thresholds on these games */
  KesselThresholds even_width;     /* the same draw band width, moved to even the wins */
  KesselThresholds draw_share;     /* a draw band holding KESSEL_BALANCE_DRAW_SHARE */
} KesselBalanceSummary;

/* The draw share of the second suggestion. */
#define KESSEL_BALANCE_DRAW_SHARE 0.2

/* Paired differences of variant b less variant a, over the games both
 * finished; places matched by hex. */
typedef struct {
  int n;
  KesselInterval verdict_rate[3];
  KesselInterval vp_mean;
  int n_turns;
  KesselInterval *turn_mean;        /* mean VP at the start and at the end of each turn */
  int n_places;
  KesselBalancePlace *places;       /* those of a also in b */
  KesselInterval *place_changed;
  KesselInterval exits_mean;
  KesselInterval divisions_mean;
} KesselBalanceComparison;

/* What one game did, as a balance records it, to carry it from the machine
 * that played it to another (kessel-cli merge). The arrays hold n_turns + 1
 * and n_places entries (kessel_balance_get_n_turns, _get_n_places). */
typedef struct {
  gboolean ok;               /* over, and not failed */
  int vp;
  KesselVerdict verdict;
  const int *turn_vp;        /* at the start, then at the end of each turn */
  const guint8 *holder;      /* per place, the side that held it at the end */
  const int *changes;        /* per place, times it changed hands */
  int corps_exited;
  int divisions_destroyed;
  int vp_destroyed;
  double cpu_seconds;
} KesselBalanceRecord;

#define KESSEL_TYPE_BALANCE (kessel_balance_get_type ())
G_DECLARE_FINAL_TYPE (KesselBalance, kessel_balance, KESSEL, BALANCE, GObject)

/* Room for n_games games of scenario, game i with seed first_seed + i. */
KesselBalance *kessel_balance_new (KesselScenario *scenario, guint64 first_seed, int n_games);
KesselScenario *kessel_balance_get_scenario (KesselBalance *self);
int      kessel_balance_get_n_games (KesselBalance *self);
guint64  kessel_balance_get_seed (KesselBalance *self, int index);

/* Game index: call after each action of the game (and once before the
 * first), then kessel_balance_finish when it is over or failed. */
void     kessel_balance_observe (KesselBalance *self, int index, KesselGame *game);
void     kessel_balance_finish (KesselBalance *self, int index, KesselGame *game,
                                gboolean ok, double cpu_seconds);
gboolean kessel_balance_is_done (KesselBalance *self, int index);
gboolean kessel_balance_game_ok (KesselBalance *self, int index);
int      kessel_balance_get_final_vp (KesselBalance *self, int index);
KesselVerdict kessel_balance_get_verdict (KesselBalance *self, int index);
int      kessel_balance_get_n_done (KesselBalance *self);
int      kessel_balance_get_n_turns (KesselBalance *self);
int      kessel_balance_get_n_places (KesselBalance *self);
/* The record of game index, which is done; its arrays belong to the balance. */
void     kessel_balance_get_record (KesselBalance *self, int index, KesselBalanceRecord *record);
/* Game index as recorded elsewhere: the record is copied and the game done. */
void     kessel_balance_set_record (KesselBalance *self, int index, const KesselBalanceRecord *record);

KesselBalanceSummary    *kessel_balance_summarise (KesselBalance *self);
void                     kessel_balance_summary_free (KesselBalanceSummary *summary);
KesselBalanceComparison *kessel_balance_compare (KesselBalance *a, KesselBalance *b);
void                     kessel_balance_comparison_free (KesselBalanceComparison *comparison);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselBalanceSummary, kessel_balance_summary_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselBalanceComparison, kessel_balance_comparison_free)

G_END_DECLS
