/* kessel-replay.c: a game's actions played again, with snapshots along the way. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>

#include "kessel-replay.h"
#include "kessel-boxed-private.h"

struct _KesselReplay
{
  GObject parent_instance;

  KesselGame *game;          /* the position shown */
  GArray *steps;             /* KesselReplayStep */
  int *turn_at;              /* by position, n_steps + 1 long */
  KesselPhase *phase_at;
  int *log_at;               /* log length at each position */
  GPtrArray *snapshots;      /* KesselSnapshot every KESSEL_REPLAY_SNAPSHOT_INTERVAL positions */
  int position;
};

enum { PROP_0, PROP_POSITION, N_PROPS };
static GParamSpec *properties[N_PROPS];

/**
 * KesselReplay:
 *
 * A game watched again, action by action: it plays the game's actions once more into a
 * game of its own and can show the position after any number of them.
 */
G_DEFINE_FINAL_TYPE (KesselReplay, kessel_replay, G_TYPE_OBJECT)

/**
 * KesselReplayStep:
 *
 * One applied action of a replay, when it was taken and which log entries it wrote.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselReplayStep, kessel_replay_step)

static void
kessel_replay_finalize (GObject *object)
{
  KesselReplay *self = KESSEL_REPLAY (object);

  g_clear_object (&self->game);
  g_array_unref (self->steps);
  g_ptr_array_unref (self->snapshots);
  g_free (self->turn_at);
  g_free (self->phase_at);
  g_free (self->log_at);
  G_OBJECT_CLASS (kessel_replay_parent_class)->finalize (object);
}

static void
kessel_replay_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KesselReplay *self = KESSEL_REPLAY (object);

  switch (id)
    {
    case PROP_POSITION: g_value_set_int (value, self->position); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kessel_replay_class_init (KesselReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = kessel_replay_finalize;
  object_class->get_property = kessel_replay_get_property;
  properties[PROP_POSITION] = g_param_spec_int ("position", NULL, NULL, 0, G_MAXINT, 0,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kessel_replay_init (KesselReplay *self)
{
  self->steps = g_array_new (FALSE, TRUE, sizeof (KesselReplayStep));
  self->snapshots = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_snapshot_free);
}

static void
note_position (KesselReplay *self, int position)
{
  self->turn_at[position] = kessel_game_get_turn (self->game);
  self->phase_at[position] = kessel_game_get_phase (self->game);
  self->log_at[position] = kessel_game_get_n_log (self->game);
  if (position % KESSEL_REPLAY_SNAPSHOT_INTERVAL == 0)
    g_ptr_array_add (self->snapshots, kessel_game_snapshot (self->game));
}

static gboolean
record_step (KesselReplay *self, const KesselAction *action, int index, GError **error)
{
  KesselReplayStep step = {
    .action = *action,
    .turn = kessel_game_get_turn (self->game),
    .phase = kessel_game_get_phase (self->game),
    .side = kessel_game_get_active_side (self->game),
    .first_log = kessel_game_get_n_log (self->game),
  };
  g_autoptr(GError) local_error = NULL;

  if (!kessel_game_apply (self->game, action, &local_error))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE,
                   _("Action %d of the game cannot be replayed: %s"), index + 1, local_error->message);
      return FALSE;
    }
  step.n_log = kessel_game_get_n_log (self->game) - step.first_log;
  g_array_append_val (self->steps, step);
  note_position (self, index + 1);
  return TRUE;
}

KesselReplay *
kessel_replay_new (KesselGame *game, GError **error)
{
  g_autoptr(KesselReplay) self = NULL;
  int n;

  g_return_val_if_fail (KESSEL_IS_GAME (game), NULL);
  self = g_object_new (KESSEL_TYPE_REPLAY, NULL);
  n = kessel_game_get_n_actions (game);
  self->game = kessel_game_new_start (game);
  self->turn_at = g_new (int, n + 1);
  self->phase_at = g_new (KesselPhase, n + 1);
  self->log_at = g_new (int, n + 1);
  note_position (self, 0);
  for (int i = 0; i < n; i++)
    if (!record_step (self, kessel_game_get_action (game, i), i, error))
      return NULL;
  self->position = n;
  /* The same actions from another start (other dice) would tell another game. */
  if (!kessel_game_equal (self->game, game))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE,
                   _("The game's actions played again do not reach the position it stands in."));
      return NULL;
    }
  return g_steal_pointer (&self);
}

int
kessel_replay_get_n_steps (KesselReplay *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return (int) self->steps->len;
}

const KesselReplayStep *
kessel_replay_get_step (KesselReplay *self, int index)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), NULL);
  g_return_val_if_fail (index >= 0 && index < (int) self->steps->len, NULL);
  return &g_array_index (self->steps, KesselReplayStep, index);
}

/**
 * kessel_replay_get_game:
 *
 * The game at the current position: the replay's own game, changed in place as
 * the position moves, with its "changed" signal. Never play on it.
 *
 * Returns: (transfer none): the game at the current position
 */
KesselGame *
kessel_replay_get_game (KesselReplay *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), NULL);
  return self->game;
}

int
kessel_replay_get_position (KesselReplay *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return self->position;
}

static int
clamp_position (KesselReplay *self, int position)
{
  return CLAMP (position, 0, (int) self->steps->len);
}

/* Plays forward from where the game stands; the actions replayed before,
 * so none can fail. */
static void
play_to (KesselReplay *self, int position)
{
  for (int i = self->position; i < position; i++)
    {
      g_autoptr(GError) error = NULL;
      if (!kessel_game_apply (self->game, &kessel_replay_get_step (self, i)->action, &error))
        g_critical ("replayed action %d failed the second time: %s", i + 1, error->message);
    }
  self->position = position;
}

void
kessel_replay_seek (KesselReplay *self, int position)
{
  g_return_if_fail (KESSEL_IS_REPLAY (self));
  position = clamp_position (self, position);
  if (position == self->position)
    return;
  if (position < self->position)
    {
      int snapshot = position / KESSEL_REPLAY_SNAPSHOT_INTERVAL;
      kessel_game_restore (self->game, g_ptr_array_index (self->snapshots, snapshot));
      self->position = snapshot * KESSEL_REPLAY_SNAPSHOT_INTERVAL;
    }
  play_to (self, position);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

int
kessel_replay_get_turn_at (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return self->turn_at[clamp_position (self, position)];
}

KesselPhase
kessel_replay_get_phase_at (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), KESSEL_PHASE_SETUP);
  return self->phase_at[clamp_position (self, position)];
}

static gboolean
same_period (KesselReplay *self, int a, int b, gboolean by_turn)
{
  return self->turn_at[a] == self->turn_at[b] && (by_turn || self->phase_at[a] == self->phase_at[b]);
}

static int
next_period (KesselReplay *self, int position, gboolean by_turn)
{
  int n = (int) self->steps->len, k = clamp_position (self, position);

  while (k < n && same_period (self, k, position, by_turn))
    k++;
  return k;
}

static int
start_of_period (KesselReplay *self, int position, gboolean by_turn)
{
  while (position > 0 && same_period (self, position - 1, position, by_turn))
    position--;
  return position;
}

static int
previous_period (KesselReplay *self, int position, gboolean by_turn)
{
  int start;

  position = clamp_position (self, position);
  start = start_of_period (self, position, by_turn);
  if (start < position || start == 0)
    return start;
  return start_of_period (self, start - 1, by_turn);
}

int
kessel_replay_next_phase (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return next_period (self, position, FALSE);
}

int
kessel_replay_previous_phase (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return previous_period (self, position, FALSE);
}

int
kessel_replay_next_turn (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return next_period (self, position, TRUE);
}

int
kessel_replay_previous_turn (KesselReplay *self, int position)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  return previous_period (self, position, TRUE);
}

int
kessel_replay_position_of_log (KesselReplay *self, int log_index)
{
  int n;

  g_return_val_if_fail (KESSEL_IS_REPLAY (self), 0);
  n = (int) self->steps->len;
  for (int k = 0; k <= n; k++)
    if (self->log_at[k] > log_index)
      return k;
  return n;
}
