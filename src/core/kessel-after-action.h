/* kessel-after-action.h: the figures of a game, turn by turn, for its
 * after-action report: victory points by category, steps lost, weather and
 * air, and each side's luckiest and unluckiest attack.
 *
 * They are worked out by replaying the game's actions (kessel-replay.h), so
 * a game under way has them up to its last action.
 *
 * Luck of an attack: a result is scored in steps from the attacker's side,
 * one for each step the defender loses, less one for each step the attacker
 * loses, and a half for a retreat. The expected score is the average over
 * the six faces of the die in the attack's final odds column. An attack's
 * luck is its result's score less the expected score: a side's best attack
 * is its luckiest, its worst the unluckiest. Automatic results and attacks
 * on artillery alone roll no die and have no luck. */
#pragma once

#include <glib.h>

#include "kessel-game.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

/* One combat as rolled. */
typedef struct {
  int turn;
  KesselPhase phase;
  KesselSide attacker;
  int hex;                  /* the defender's hex */
  KesselOdds odds;          /* final column */
  int die;                  /* 0 when none was rolled */
  KesselResult result;
  double score;             /* of the result, in steps for the attacker */
  double expected;          /* average score of the column */
  int log_index;            /* the log entry of the roll */
  int position;             /* replay position right after the roll */
} KesselAttackRecord;

/* Figures of one turn, after its last action. */
typedef struct {
  gboolean played;          /* the game reached this turn */
  int vp_places;
  int vp_exits;
  int vp_destroyed;         /* German divisions destroyed out of C&C */
  int vp_out_of_command;    /* places out of C&C at the end of the game */
  int vp;                   /* all of them: the Soviet VP track */
  int steps_lost[3];        /* by KesselSide */
  int weather;              /* a KesselWeather, or -1 */
  KesselSide air_side;      /* KESSEL_SIDE_NONE if no markers were placed */
  int cas;                  /* CAS markers of the side with air superiority */
} KesselTurnFigures;

typedef struct {
  int n_turns;              /* turns of the scenario */
  int last_turn;            /* the turn the game stands in (or ended in) */
  KesselVerdict verdict;
  KesselTurnFigures turns[KESSEL_SCENARIO_MAX_TURNS + 1];   /* by turn, from 1 */
  GArray *attacks;          /* KesselAttackRecord, in the order rolled */
  int best[3], worst[3];    /* by KesselSide: index in attacks, or -1 */
} KesselAfterAction;

KesselAfterAction *kessel_after_action_new (KesselGame *game, GError **error);
void               kessel_after_action_free (KesselAfterAction *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselAfterAction, kessel_after_action_free)

/* The score of a result for the attacker, as defined above. */
double kessel_after_action_result_score (KesselResult result);
/* Steps lost by side over the whole game. */
int    kessel_after_action_total_steps_lost (const KesselAfterAction *report, KesselSide side);

G_END_DECLS
