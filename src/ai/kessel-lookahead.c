#include "kessel-lookahead.h"

#define MAX_SETTLE_ACTIONS 64

void
kessel_lookahead_init (KesselLookahead *self, KesselGame *game, KesselEvaluator *evaluator,
                       KesselValueFunc value)
{
  self->game = game;
  self->root = kessel_game_snapshot (game);
  self->evaluator = evaluator;
  self->value = value;
  self->side = kessel_game_get_active_side (game);
  kessel_evaluator_set_perspective (evaluator, self->side);
}

void
kessel_lookahead_clear (KesselLookahead *self)
{
  g_clear_pointer (&self->root, kessel_snapshot_free);
}

static double
value_now (KesselLookahead *self)
{
  return kessel_evaluator_for_side (self->value (self->evaluator, self->game), self->side);
}

double
kessel_lookahead_root_value (KesselLookahead *self)
{
  kessel_game_restore (self->game, self->root);
  return value_now (self);
}

/* Losses from the biggest unit, so none is lost whole; retreats away from
 * the enemy's zone where possible; no support committed to a defence. */
static gboolean
better_default (KesselGame *game, const KesselAction *a, const KesselAction *b)
{
  switch (a->type)
    {
    case KESSEL_ACTION_LOSS:
      return kessel_game_get_piece_steps (game, a->units[0]) > kessel_game_get_piece_steps (game, b->units[0]);
    case KESSEL_ACTION_RETREAT:
      {
        KesselSide enemy = kessel_side_enemy (kessel_game_get_piece_side (game, a->units[0]));
        return !kessel_game_in_zoc_of (game, a->hex, enemy) && kessel_game_in_zoc_of (game, b->hex, enemy);
      }
    default:
      return FALSE;
    }
}

/* After a combat the attacker advances only into a place. */
static gboolean
advance_choice (KesselGame *game, GArray *actions, KesselAction *action)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  KesselAction attack;
  gboolean into_place = kessel_game_get_current_combat (game, &attack, NULL, NULL, NULL)
                        && kessel_map_get_place_at (map, attack.hex) != NULL;

  for (guint i = 0; i < actions->len; i++)
    {
      const KesselAction *a = &g_array_index (actions, KesselAction, i);
      if ((a->type == KESSEL_ACTION_ADVANCE) == into_place)
        {
          *action = *a;
          return TRUE;
        }
    }
  *action = g_array_index (actions, KesselAction, 0);
  return TRUE;
}

gboolean
kessel_lookahead_default_choice (KesselGame *game, KesselAction *action)
{
  g_autoptr(GArray) actions = NULL;
  KesselWait wait = kessel_game_get_wait (game);
  int best = 0;

  if (wait == KESSEL_WAIT_PHASE || wait == KESSEL_WAIT_NOTHING)
    return FALSE;
  actions = kessel_game_list_actions (game);
  if (actions->len == 0)
    return FALSE;
  if (wait == KESSEL_WAIT_ADVANCE)
    return advance_choice (game, actions, action);
  for (guint i = 1; i < actions->len; i++)
    if (better_default (game, &g_array_index (actions, KesselAction, i),
                        &g_array_index (actions, KesselAction, best)))
      best = (int) i;
  *action = g_array_index (actions, KesselAction, best);
  return TRUE;
}

void
kessel_lookahead_settle (KesselGame *game)
{
  KesselAction action;

  for (int i = 0; i < MAX_SETTLE_ACTIONS && kessel_lookahead_default_choice (game, &action); i++)
    if (!kessel_game_apply (game, &action, NULL))
      break;
}

/* The value after action with the next die forced to face (0: not forced). */
static double
try_face (KesselLookahead *self, const KesselAction *action, int face, gboolean *rolled)
{
  guint rolls;
  double value;

  kessel_game_restore (self->game, self->root);
  if (face > 0)
    kessel_game_force_die (self->game, face);
  rolls = kessel_game_get_dice_rolled (self->game);
  if (!kessel_game_apply (self->game, action, NULL))
    return -G_MAXDOUBLE;
  if (rolled != NULL)
    *rolled = kessel_game_get_dice_rolled (self->game) != rolls;
  kessel_lookahead_settle (self->game);
  value = value_now (self);
  return value;
}

/* The faces of a combat that give different results, with their counts. */
static int
distinct_faces (KesselLookahead *self, const KesselAction *action, int faces[6], int counts[6])
{
  KesselCombatOdds odds;
  int n = 0;

  if (!kessel_game_get_odds (self->game, action, &odds, NULL))
    return 0;
  for (int die = 1; die <= 6; die++)
    {
      int i;
      for (i = 0; i < n && odds.results[faces[i] - 1] != odds.results[die - 1]; i++)
        ;
      if (i == n)
        {
          faces[n] = die;
          counts[n++] = 0;
        }
      counts[i]++;
    }
  return n;
}

double
kessel_lookahead_try (KesselLookahead *self, const KesselAction *action)
{
  int faces[6], counts[6], n = 0;
  double total = 0.0;
  gboolean rolled = FALSE;

  kessel_game_restore (self->game, self->root);
  if (action->type == KESSEL_ACTION_ATTACK)
    n = distinct_faces (self, action, faces, counts);
  if (n == 0)
    {
      double first = try_face (self, action, 1, &rolled);
      if (first == -G_MAXDOUBLE || !rolled)
        {
          kessel_game_restore (self->game, self->root);
          return first;
        }
      for (int die = 1; die <= 6; die++)
        {
          faces[n] = die;
          counts[n++] = 1;
        }
    }
  for (int i = 0; i < n; i++)
    {
      double value = try_face (self, action, faces[i], NULL);
      if (value == -G_MAXDOUBLE)
        {
          kessel_game_restore (self->game, self->root);
          return value;
        }
      total += value * counts[i] / 6.0;
    }
  kessel_game_restore (self->game, self->root);
  return total;
}

double
kessel_lookahead_try_sequence (KesselLookahead *self, const KesselAction *actions, guint n)
{
  double value = -G_MAXDOUBLE;
  guint i;

  kessel_game_restore (self->game, self->root);
  for (i = 0; i < n && kessel_game_apply (self->game, &actions[i], NULL); i++)
    kessel_lookahead_settle (self->game);
  if (i == n)
    value = value_now (self);
  kessel_game_restore (self->game, self->root);
  return value;
}
