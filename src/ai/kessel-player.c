#include "kessel-config.h"
#include "kessel-player.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "kessel-exec-player.h"
#include "kessel-greedy-player.h"
#include "kessel-planner.h"
#include "kessel-random-player.h"

typedef struct {
  guint64 seed;
  guint64 choices;
  gboolean sees_all;
  gint stop;          /* atomic */
  char *failure;
  double outside_seconds;
} KesselPlayerPrivate;

/**
 * KesselPlayer:
 *
 * A computer player of either side. It is asked for one action at a time, looks at the
 * game only through its side's view, and is deterministic: for the same seed and game it
 * makes the same choices.
 */
G_DEFINE_TYPE_WITH_PRIVATE (KesselPlayer, kessel_player, G_TYPE_OBJECT)
G_DEFINE_QUARK (kessel-player-error-quark, kessel_player_error)

static void
kessel_player_finalize (GObject *object)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (KESSEL_PLAYER (object));

  g_free (priv->failure);
  G_OBJECT_CLASS (kessel_player_parent_class)->finalize (object);
}

static void
kessel_player_class_init (KesselPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_player_finalize;
}

static void
kessel_player_init (KesselPlayer *self)
{
}

static const char *const level_ids[KESSEL_N_LEVELS] = { "easy", "normal", "hard" };
static const char *const level_names[KESSEL_N_LEVELS] = { N_("Easy"), N_("Normal"), N_("Hard") };

const char *
kessel_level_to_string (KesselLevel level)
{
  return level < KESSEL_N_LEVELS ? level_ids[level] : "?";
}

const char *
kessel_level_display_name (KesselLevel level)
{
  return level < KESSEL_N_LEVELS ? _(level_names[level]) : "?";
}

static gboolean
parse_level (const char *text, KesselLevel *level)
{
  for (int l = 0; l < KESSEL_N_LEVELS; l++)
    if (g_ascii_strcasecmp (text, level_ids[l]) == 0)
      {
        *level = (KesselLevel) l;
        return TRUE;
      }
  return FALSE;
}

/* "ai:LEVEL:FILE": a planner with the evaluator weights of FILE. */
static KesselPlayer *
planner_with_weights (const char *spec, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (spec + 3, ":", 2);   /* LEVEL and FILE */
  KesselEvaluatorWeights weights;
  KesselLevel level;
  KesselPlayer *player;

  if (!parse_level (parts[0], &level))
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("Unknown level \"%s\" in \"%s\": use easy, normal or hard."),
                   parts[0], spec);
      return NULL;
    }
  kessel_evaluator_weights_init (&weights);
  if (!kessel_evaluator_weights_load (&weights, parts[1], error))
    return NULL;
  player = kessel_planner_new (level);
  kessel_planner_set_weights (KESSEL_PLANNER (player), &weights);
  return player;
}

/**
 * kessel_player_new_from_spec:
 * @spec: "random", "greedy", "ai:easy", "ai:normal", "ai:hard" ("ai" is Normal),
 *   "ai:LEVEL:FILE" (a computer player with the evaluator weights of FILE) or
 *   "exec:COMMAND"
 * @seed: the player's own seed
 *
 * A player of the kind the spec names.
 *
 * Returns: (transfer full): the player, or %NULL with @error set
 */
KesselPlayer *
kessel_player_new_from_spec (const char *spec, guint64 seed, GError **error)
{
  KesselPlayer *player = NULL;
  KesselLevel level = KESSEL_LEVEL_NORMAL;

  g_return_val_if_fail (spec != NULL, NULL);
  if (g_ascii_strcasecmp (spec, "random") == 0)
    player = kessel_random_player_new ();
  else if (g_ascii_strcasecmp (spec, "greedy") == 0)
    player = kessel_greedy_player_new ();
  else if (g_ascii_strcasecmp (spec, "ai") == 0)
    player = kessel_planner_new (level);
  else if (g_ascii_strncasecmp (spec, "ai:", 3) == 0 && strchr (spec + 3, ':') != NULL)
    {
      player = planner_with_weights (spec, error);
      if (player == NULL)
        return NULL;
    }
  else if (g_ascii_strncasecmp (spec, "ai:", 3) == 0 && parse_level (spec + 3, &level))
    player = kessel_planner_new (level);
  else if (g_ascii_strncasecmp (spec, "exec:", 5) == 0)
    {
      player = kessel_exec_player_new (spec + 5, error);
      if (player == NULL)
        return NULL;
    }
  if (player == NULL)
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0,
                   _("Unknown player \"%s\": use random, greedy, ai:easy, ai:normal, ai:hard or exec:COMMAND."), spec);
      return NULL;
    }
  ((KesselPlayerPrivate *) kessel_player_get_instance_private (player))->seed = seed;
  return player;
}

/* A player's seed from the game's: the same game gives the same players
 * whichever thread plays it. */
guint64
kessel_player_seed_for_game (guint64 game_seed, KesselSide side)
{
  return game_seed * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D) + (guint64) side;
}

/**
 * kessel_player_new_for_game:
 * @spec: "random", "greedy", "ai:easy", "ai:normal", "ai:hard" or "exec:COMMAND"
 * @game_seed: the seed of the game it plays in
 * @side: the side it plays
 *
 * The player of @side in the game of @game_seed, with the seed kessel-cli play, match
 * and balance give it, so that a script plays the same game.
 *
 * Returns: (transfer full): the player, or %NULL with @error set
 */
KesselPlayer *
kessel_player_new_for_game (const char *spec, guint64 game_seed, KesselSide side, GError **error)
{
  return kessel_player_new_from_spec (spec, kessel_player_seed_for_game (game_seed, side), error);
}

guint64
kessel_player_next_seed (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);
  KesselDice mix;

  kessel_dice_init (&mix, priv->seed ^ (priv->choices++ * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)));
  return ((guint64) kessel_dice_below (&mix, G_MAXUINT32) << 32) | kessel_dice_below (&mix, G_MAXUINT32);
}

/* A choice made on the view may name a hidden unit the view put in another
 * stack (an over-stacking elimination, say). The player could not tell the
 * hidden units apart, so any legal one of the same kind is as good. */
static gboolean
replace_unseen_choice (KesselPlayer *self, KesselGame *game, KesselAction *action)
{
  g_autoptr(GArray) actions = kessel_game_list_actions (game);

  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, KesselAction, i).type == action->type
        && kessel_game_get_wait (game) != KESSEL_WAIT_PHASE)
      {
        *action = g_array_index (actions, KesselAction, i);
        return TRUE;
      }
  return kessel_player_random_choice (self, game, action);
}

/**
 * kessel_player_random_choice:
 * @action: (out caller-allocates): the action drawn
 *
 * For subclasses: draws a legal action of @game at random with the player's own
 * random numbers, as kessel_game_random_action() draws it.
 */
gboolean
kessel_player_random_choice (KesselPlayer *self, KesselGame *game, KesselAction *action)
{
  KesselDice dice;

  kessel_dice_init (&dice, kessel_player_next_seed (self));
  return kessel_game_random_action (game, &dice, action);
}

static gboolean
choose_in_game (KesselPlayer *self, KesselGame *game, KesselAction *action)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);
  g_autoptr(GError) error = NULL;

  if (KESSEL_PLAYER_GET_CLASS (self)->choose_in_game (self, game, action, &error)
      && kessel_game_check (game, action, &error))
    return TRUE;
  priv->failure = g_strdup (error != NULL ? error->message : "no action");
  return FALSE;
}

/**
 * kessel_player_get_failure:
 *
 * Why the last choice failed, when the player can say (an engine that ended or
 * answered nonsense), or %NULL.
 *
 * Returns: (nullable): why the last choice failed, or %NULL
 */
const char *
kessel_player_get_failure (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  return priv->failure;
}

double
kessel_player_take_outside_seconds (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);
  double seconds = priv->outside_seconds;

  priv->outside_seconds = 0;
  return seconds;
}

void
kessel_player_add_outside_seconds (KesselPlayer *self, double seconds)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  priv->outside_seconds += seconds;
}

guint64
kessel_player_get_seed (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  return priv->seed;
}

/**
 * kessel_player_choose:
 * @game: the game, which the player does not change
 * @action: (out caller-allocates): the action chosen for the side to act
 *
 * A legal action for the side to act, chosen on that side's view of @game
 * (kessel_game_view()), so the player knows no more than a human in its seat.
 *
 * Returns: %FALSE only if there is no legal action
 */
gboolean
kessel_player_choose (KesselPlayer *self, KesselGame *game, KesselAction *action)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);
  KesselSide side;
  g_autoptr(KesselGame) view = NULL;
  gboolean chosen;

  g_return_val_if_fail (KESSEL_IS_PLAYER (self), FALSE);
  g_return_val_if_fail (KESSEL_IS_GAME (game), FALSE);
  if (kessel_game_is_over (game))
    return FALSE;
  g_clear_pointer (&priv->failure, g_free);
  if (KESSEL_PLAYER_GET_CLASS (self)->choose_in_game != NULL)
    return choose_in_game (self, game, action);
  side = kessel_game_get_active_side (game);
  g_atomic_int_set (&priv->stop, 0);   /* a Stop meant for an earlier choice */
  view = kessel_game_view (game, priv->sees_all ? KESSEL_SIDE_NONE : side, kessel_player_next_seed (self));
  chosen = KESSEL_PLAYER_GET_CLASS (self)->choose (self, view, action);
  g_atomic_int_set (&priv->stop, 0);
  if (!chosen || !kessel_game_check (game, action, NULL))
    chosen = replace_unseen_choice (self, game, action);
  return chosen;
}

void
kessel_player_stop (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  g_atomic_int_set (&priv->stop, 1);
}

gboolean
kessel_player_stop_requested (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  return g_atomic_int_get (&priv->stop) != 0;
}

void
kessel_player_set_sees_all (KesselPlayer *self, gboolean sees_all)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  priv->sees_all = sees_all;
}

gboolean
kessel_player_get_sees_all (KesselPlayer *self)
{
  KesselPlayerPrivate *priv = kessel_player_get_instance_private (self);

  return priv->sees_all;
}
