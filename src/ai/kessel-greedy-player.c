#include "kessel-greedy-player.h"

#include "kessel-lookahead.h"

#define GAIN_EPSILON 1e-6

struct _KesselGreedyPlayer {
  KesselPlayer parent_instance;
  KesselEvaluator *evaluator;
  KesselScenario *scenario;     /* the evaluator's */
};

/**
 * KesselGreedyPlayer:
 *
 * A player that takes the legal action with the best immediate expected value in VP and
 * steps.
 */
G_DEFINE_TYPE (KesselGreedyPlayer, kessel_greedy_player, KESSEL_TYPE_PLAYER)

static KesselEvaluator *
evaluator_for (KesselGreedyPlayer *self, KesselGame *view)
{
  if (self->scenario != kessel_game_get_scenario (view))
    {
      g_clear_pointer (&self->evaluator, kessel_evaluator_free);
      self->evaluator = kessel_evaluator_new (view);
      self->scenario = kessel_game_get_scenario (view);
    }
  return self->evaluator;
}

static gboolean
greedy_choose (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  KesselGreedyPlayer *self = KESSEL_GREEDY_PLAYER (player);
  g_autoptr(GArray) actions = kessel_game_list_actions (view);
  KesselLookahead look;
  double root, best = -G_MAXDOUBLE;
  int chosen = -1;

  if (actions->len == 0)
    return FALSE;
  kessel_lookahead_init (&look, view, evaluator_for (self, view), kessel_evaluator_material);
  root = kessel_lookahead_root_value (&look);
  for (guint i = 0; i < actions->len && !kessel_player_stop_requested (player); i++)
    {
      double value = kessel_lookahead_try (&look, &g_array_index (actions, KesselAction, i));
      if (value > best)
        {
          best = value;
          chosen = (int) i;
        }
    }
  kessel_lookahead_clear (&look);
  if (chosen >= 0 && best > root + GAIN_EPSILON)
    {
      *action = g_array_index (actions, KesselAction, chosen);
      return TRUE;
    }
  return kessel_player_random_choice (player, view, action);
}

static void
kessel_greedy_player_finalize (GObject *object)
{
  KesselGreedyPlayer *self = KESSEL_GREEDY_PLAYER (object);

  g_clear_pointer (&self->evaluator, kessel_evaluator_free);
  G_OBJECT_CLASS (kessel_greedy_player_parent_class)->finalize (object);
}

static void
kessel_greedy_player_class_init (KesselGreedyPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_greedy_player_finalize;
  KESSEL_PLAYER_CLASS (klass)->choose = greedy_choose;
}

static void
kessel_greedy_player_init (KesselGreedyPlayer *self)
{
}

KesselPlayer *
kessel_greedy_player_new (void)
{
  return g_object_new (KESSEL_TYPE_GREEDY_PLAYER, NULL);
}
