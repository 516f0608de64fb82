/* kessel-lookahead.h: trying an action on a search copy and valuing what
 * follows, dice included.
 *
 * An action that rolls a die is tried once for each face that gives a
 * different outcome, each weighted by its chance (a combat's six faces come
 * from the Combat Results Table row of its odds), so no value rests on a
 * sampled die. The losses, retreats and advances a combat calls for are
 * settled by a quick default policy before the position is valued.
 */
#pragma once

#include "kessel-evaluator.h"

G_BEGIN_DECLS

typedef double (*KesselValueFunc) (KesselEvaluator *evaluator, KesselGame *game);

typedef struct {
  KesselGame *game;             /* a quiet search copy (kessel_game_view) */
  KesselSnapshot *root;         /* the position the tries start from */
  KesselEvaluator *evaluator;
  KesselValueFunc value;
  KesselSide side;              /* whose values are maximised */
} KesselLookahead;

void   kessel_lookahead_init (KesselLookahead *self, KesselGame *game, KesselEvaluator *evaluator,
                              KesselValueFunc value);
void   kessel_lookahead_clear (KesselLookahead *self);
/* The value of the root position for side. */
double kessel_lookahead_root_value (KesselLookahead *self);
/* The expected value for side after action, or -G_MAXDOUBLE if illegal. The
 * game is back at the root afterwards. */
double kessel_lookahead_try (KesselLookahead *self, const KesselAction *action);
/* The value for side after the actions in turn, each settled, or
 * -G_MAXDOUBLE if one is illegal when its turn comes. Dice, if any, are
 * the search copy's own. The game is back at the root afterwards. */
double kessel_lookahead_try_sequence (KesselLookahead *self, const KesselAction *actions, guint n);
/* Plays the default choices of combat waits until the game waits for a
 * phase's own action again. */
void   kessel_lookahead_settle (KesselGame *game);
/* The default choice for a combat wait, or FALSE if the game waits for a phase. */
gboolean kessel_lookahead_default_choice (KesselGame *game, KesselAction *action);

G_END_DECLS
