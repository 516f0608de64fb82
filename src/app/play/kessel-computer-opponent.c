/* kessel-computer-opponent.c: the computer at the table.
 *
 * One thought at a time: when the side to act has a computer seat, a worker
 * thread asks its player for an action on a quiet fork of the game, which
 * nothing else touches; the real game, which is not thread-safe and emits
 * signals, stays on the main thread. A thought whose game has been replaced
 * or changed meanwhile is dropped when it comes back (its generation is
 * old). No new thought starts before the last one is back, so a player is
 * never used by two threads at once. */
#include "kessel-config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "kessel-computer-opponent.h"
#include "kessel-planner.h"

#define SEAT_OPTION_FORMAT "computer-%s"
#define LEVEL_OPTION_FORMAT "computer-%s-%s"

struct _KesselComputerOpponent
{
  GObject parent_instance;

  KesselGame *game;
  gulong changed_id;
  KesselPlayer *players[3];      /* by KesselSide; NULL where a human sits */
  int seats[3];
  KesselPace pace;
  gboolean paused;
  KesselSide acting;             /* the computer's side to act, or none */

  guint generation;              /* a thought of another generation is dropped */
  GTask *task;                   /* the thought under way, until it is back */
  KesselPlayer *thinker;         /* its player */
  gboolean hurry;                /* Stop was pressed: show the next action at once */

  gboolean pending;              /* an action chosen, waiting for the pace */
  KesselAction action;
  guint pace_id;
  guint schedule_id;
  gboolean applying;             /* the game changes by the computer's hand */

  int mark;                      /* the number of actions after the computer's last */
  gint64 shown_at;               /* when it was applied */
};

G_DEFINE_FINAL_TYPE (KesselComputerOpponent, kessel_computer_opponent, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_BUSY,
  PROP_ACTING_SIDE,
  PROP_THINKING,
  N_PROPS
};
static GParamSpec *props[N_PROPS];

enum {
  ACTION_APPLIED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

typedef struct {
  KesselPlayer *player;
  KesselGame *position;          /* the worker's own copy */
  guint generation;
  KesselAction action;
} Thought;

/* Seats */

static char *
seat_option (KesselSide side)
{
  return g_strdup_printf (SEAT_OPTION_FORMAT, kessel_side_to_string (side));
}

static char *
level_option (KesselSide side, KesselLevel level)
{
  return g_strdup_printf (LEVEL_OPTION_FORMAT, kessel_side_to_string (side), kessel_level_to_string (level));
}

int
kessel_seats_get (KesselGame *game,
                  KesselSide  side)
{
  g_autofree char *seat = NULL;

  g_return_val_if_fail (KESSEL_IS_GAME (game), KESSEL_SEAT_HUMAN);
  if (side != KESSEL_SIDE_GERMAN && side != KESSEL_SIDE_SOVIET)
    return KESSEL_SEAT_HUMAN;
  seat = seat_option (side);
  if (!kessel_game_get_option (game, seat))
    return KESSEL_SEAT_HUMAN;
  for (KesselLevel level = KESSEL_LEVEL_EASY; level < KESSEL_N_LEVELS; level++)
    {
      g_autofree char *id = level_option (side, level);
      if (level != KESSEL_LEVEL_NORMAL && kessel_game_get_option (game, id))
        return level;
    }
  return KESSEL_LEVEL_NORMAL;
}

/* Only what differs from a human seat and the Normal level is written. */
gboolean
kessel_seats_set (KesselGame *game,
                  KesselSide  side,
                  int         seat)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (KESSEL_IS_GAME (game), FALSE);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, FALSE);
  g_return_val_if_fail (seat >= KESSEL_SEAT_HUMAN && seat < KESSEL_N_LEVELS, FALSE);
  if (kessel_game_get_n_actions (game) > 0)
    return FALSE;
  id = seat_option (side);
  if (seat == KESSEL_SEAT_HUMAN)
    return kessel_seats_get (game, side) == KESSEL_SEAT_HUMAN || kessel_game_set_option (game, id, FALSE);
  kessel_game_set_option (game, id, TRUE);
  for (KesselLevel level = KESSEL_LEVEL_EASY; level < KESSEL_N_LEVELS; level++)
    {
      g_autofree char *level_id = level_option (side, level);
      if (level != KESSEL_LEVEL_NORMAL && ((int) level == seat || kessel_game_get_option (game, level_id)))
        kessel_game_set_option (game, level_id, (int) level == seat);
    }
  return TRUE;
}

/* Pace */

static const char *const pace_ids[KESSEL_N_PACES] = { "all", "fast", "normal", "slow" };
static const guint pace_delays[KESSEL_N_PACES] = { 0, 250, 700, 1500 };   /* ms */

const char *
kessel_pace_to_string (KesselPace pace)
{
  return pace < KESSEL_N_PACES ? pace_ids[pace] : pace_ids[KESSEL_PACE_NORMAL];
}

KesselPace
kessel_pace_from_string (const char *text)
{
  for (KesselPace pace = 0; pace < KESSEL_N_PACES; pace++)
    if (g_strcmp0 (text, pace_ids[pace]) == 0)
      return pace;
  return KESSEL_PACE_NORMAL;
}

guint
kessel_pace_get_delay (KesselPace pace)
{
  return pace < KESSEL_N_PACES ? pace_delays[pace] : pace_delays[KESSEL_PACE_NORMAL];
}

/* State */

static KesselPlayer *
player_to_act (KesselComputerOpponent *self)
{
  KesselSide side;

  if (self->game == NULL || kessel_game_is_over (self->game))
    return NULL;
  side = kessel_game_get_active_side (self->game);
  return side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET ? self->players[side] : NULL;
}

static void
update_acting (KesselComputerOpponent *self)
{
  KesselSide acting = player_to_act (self) != NULL ? kessel_game_get_active_side (self->game) : KESSEL_SIDE_NONE;
  gboolean was_busy = self->acting != KESSEL_SIDE_NONE;

  if (acting == self->acting)
    return;
  self->acting = acting;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ACTING_SIDE]);
  if (was_busy != (acting != KESSEL_SIDE_NONE))
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

/* What is under way is given up: a thought is dropped when it comes back,
 * an action waiting for the pace is forgotten. */
static void
drop_plans (KesselComputerOpponent *self)
{
  self->generation++;
  self->pending = FALSE;
  self->hurry = FALSE;
  g_clear_handle_id (&self->pace_id, g_source_remove);
}

/* Thinking */

static void
thought_free (Thought *thought)
{
  g_clear_object (&thought->player);
  g_clear_object (&thought->position);
  g_free (thought);
}

static void
think_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  Thought *thought = task_data;

  g_task_return_boolean (task, kessel_player_choose (thought->player, thought->position, &thought->action));
}

static void schedule (KesselComputerOpponent *self);
static void wait_for_pace (KesselComputerOpponent *self);

static void
thought_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  KesselComputerOpponent *self = KESSEL_COMPUTER_OPPONENT (source);
  Thought *thought = g_task_get_task_data (G_TASK (result));
  gboolean chosen = g_task_propagate_boolean (G_TASK (result), NULL);
  gboolean current = thought->generation == self->generation && self->game != NULL;
  KesselAction action = thought->action;

  g_clear_object (&self->task);   /* the thought goes with it */
  g_clear_object (&self->thinker);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_THINKING]);
  if (!current)
    {
      schedule (self);   /* the game changed meanwhile: think again */
      return;
    }
  if (!chosen)
    {
      g_warning ("The computer found no action to play");
      return;
    }
  self->action = action;
  self->pending = TRUE;
  wait_for_pace (self);
}

/* The dice of the computer's thinking: a seeded game's seed, else fresh
 * entropy, so that nothing about them can be learnt from the game. */
static guint64
thinking_seed (KesselGame *game)
{
  guint64 seed;

  if (kessel_game_is_seeded (game))
    return kessel_game_get_seed (game);
  kessel_dice_entropy_bytes ((guint8 *) &seed, sizeof seed);
  return seed;
}

static void
think (KesselComputerOpponent *self)
{
  KesselPlayer *player = player_to_act (self);
  Thought *thought;

  if (player == NULL || self->paused || self->pending || self->task != NULL)
    return;
  thought = g_new0 (Thought, 1);
  thought->player = g_object_ref (player);
  thought->position = kessel_game_fork (self->game, thinking_seed (self->game));
  thought->generation = self->generation;
  self->thinker = g_object_ref (player);
  self->task = g_task_new (self, NULL, thought_done, NULL);
  g_task_set_source_tag (self->task, think);
  g_task_set_task_data (self->task, thought, (GDestroyNotify) thought_free);
  g_task_run_in_thread (self->task, think_in_thread);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_THINKING]);
}

static gboolean
schedule_cb (gpointer data)
{
  KesselComputerOpponent *self = data;

  self->schedule_id = 0;
  think (self);
  return G_SOURCE_REMOVE;
}

/* After the game's change is complete, not in the middle of its signal; at
 * the default priority, since the spinner's frames would starve an idle. */
static void
schedule (KesselComputerOpponent *self)
{
  if (self->schedule_id == 0 && player_to_act (self) != NULL)
    self->schedule_id = g_idle_add_full (G_PRIORITY_DEFAULT, schedule_cb, self, NULL);
}

/* Applying */

static void
show_pending (KesselComputerOpponent *self)
{
  g_autoptr(GError) error = NULL;
  KesselAction action = self->action;
  int from = action.n_units > 0 ? kessel_game_get_piece_hex (self->game, action.units[0]) : KESSEL_HEX_NONE;
  int before = kessel_game_get_n_actions (self->game);

  self->pending = FALSE;
  self->hurry = FALSE;
  /* Set before the game's signal, so that nobody offers to undo it. */
  self->mark = before + 1;
  self->applying = TRUE;
  if (!kessel_game_apply (self->game, &action, &error))
    {
      g_autofree char *text = kessel_game_action_to_string (self->game, &action);
      self->applying = FALSE;
      self->mark = before;
      g_warning ("The computer's action \"%s\" was refused: %s", text, error->message);
      return;
    }
  self->applying = FALSE;
  self->mark = kessel_game_get_n_actions (self->game);
  self->shown_at = g_get_monotonic_time ();
  g_signal_emit (self, signals[ACTION_APPLIED], 0, &action, from);
}

static gboolean
pace_done (gpointer data)
{
  KesselComputerOpponent *self = data;

  self->pace_id = 0;
  show_pending (self);
  return G_SOURCE_REMOVE;
}

/* Each action stays in view for the pace's delay before the next one; the
 * set-up, which nobody should watch under fog of war anyway, goes at once,
 * and so does an answer to a human's action. */
static void
wait_for_pace (KesselComputerOpponent *self)
{
  gint64 delay = kessel_pace_get_delay (self->pace) * (gint64) 1000;
  gint64 left = self->shown_at + delay - g_get_monotonic_time ();

  if (self->hurry || kessel_game_get_phase (self->game) == KESSEL_PHASE_SETUP
      || kessel_game_get_n_actions (self->game) != self->mark || left <= 0)
    show_pending (self);
  else
    self->pace_id = g_timeout_add ((guint) (left / 1000) + 1, pace_done, self);
}

static void
game_changed (KesselGame             *game,
              guint                   changes,
              KesselComputerOpponent *self)
{
  if (!self->applying)
    drop_plans (self);   /* a human's action or an undo: the plans are for another position */
  self->mark = MIN (self->mark, kessel_game_get_n_actions (game));
  update_acting (self);
  schedule (self);
}

/* GObject */

static void
clear_players (KesselComputerOpponent *self)
{
  for (int side = 0; side < 3; side++)
    {
      g_clear_object (&self->players[side]);
      self->seats[side] = KESSEL_SEAT_HUMAN;
    }
}

static void
kessel_computer_opponent_dispose (GObject *object)
{
  KesselComputerOpponent *self = KESSEL_COMPUTER_OPPONENT (object);

  kessel_computer_opponent_set_game (self, NULL);
  g_clear_handle_id (&self->schedule_id, g_source_remove);
  G_OBJECT_CLASS (kessel_computer_opponent_parent_class)->dispose (object);
}

static void
kessel_computer_opponent_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  KesselComputerOpponent *self = KESSEL_COMPUTER_OPPONENT (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->acting != KESSEL_SIDE_NONE);
      break;
    case PROP_ACTING_SIDE:
      g_value_set_int (value, self->acting);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->task != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kessel_computer_opponent_class_init (KesselComputerOpponentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kessel_computer_opponent_dispose;
  object_class->get_property = kessel_computer_opponent_get_property;

  props[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_ACTING_SIDE] = g_param_spec_int ("acting-side", NULL, NULL, KESSEL_SIDE_NONE, KESSEL_SIDE_SOVIET,
                                               KESSEL_SIDE_NONE,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_THINKING] = g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                                               G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  /* After each action of the computer: the action and the hex its first
   * unit stood in before, or KESSEL_HEX_NONE. */
  signals[ACTION_APPLIED] = g_signal_new ("action-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_INT);
}

static void
kessel_computer_opponent_init (KesselComputerOpponent *self)
{
  self->pace = KESSEL_PACE_NORMAL;
  self->acting = KESSEL_SIDE_NONE;
  clear_players (self);
}

/* Public */

KesselComputerOpponent *
kessel_computer_opponent_new (void)
{
  return g_object_new (KESSEL_TYPE_COMPUTER_OPPONENT, NULL);
}

/* The players' seeds follow a seeded game's, one per side, as kessel-cli's
 * do; with unforeseeable dice they are unforeseeable too. */
static guint64
player_seed (KesselGame *game, KesselSide side)
{
  return thinking_seed (game) * G_GUINT64_CONSTANT (0x2545F4914F6CDD1D) + (guint64) side;
}

static void
seat_players (KesselComputerOpponent *self)
{
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      int seat = kessel_seats_get (self->game, side);
      g_autofree char *spec = NULL;
      g_autoptr(KesselPlayer) player = NULL;
      g_autoptr(GError) error = NULL;

      if (seat == KESSEL_SEAT_HUMAN)
        continue;
      spec = g_strdup_printf ("ai:%s", kessel_level_to_string (seat));
      player = kessel_player_new_from_spec (spec, player_seed (self->game, side), &error);
      g_assert_no_error (error);
      /* The same choices on any number of cores, sooner on more. */
      if (KESSEL_IS_PLANNER (player))
        kessel_planner_set_threads (KESSEL_PLANNER (player), g_get_num_processors ());
      kessel_computer_opponent_set_player (self, side, player, seat);
    }
}

void
kessel_computer_opponent_set_game (KesselComputerOpponent *self,
                                   KesselGame             *game)
{
  g_return_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self));
  g_return_if_fail (game == NULL || KESSEL_IS_GAME (game));

  /* The players are replaced, so the old ones may be told to stop at once. */
  if (self->thinker != NULL)
    kessel_player_stop (self->thinker);
  drop_plans (self);
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  clear_players (self);
  self->mark = game != NULL ? kessel_game_get_n_actions (game) : 0;
  self->shown_at = 0;
  if (game != NULL)
    {
      self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
      seat_players (self);
    }
  update_acting (self);
  schedule (self);
}

KesselGame *
kessel_computer_opponent_get_game (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), NULL);
  return self->game;
}

void
kessel_computer_opponent_set_player (KesselComputerOpponent *self,
                                     KesselSide              side,
                                     KesselPlayer           *player,
                                     KesselLevel             level)
{
  g_return_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self));
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  g_return_if_fail (player == NULL || KESSEL_IS_PLAYER (player));

  if (self->thinker != NULL && self->thinker == self->players[side])
    {
      kessel_player_stop (self->thinker);
      drop_plans (self);
    }
  g_set_object (&self->players[side], player);
  self->seats[side] = player != NULL ? (int) level : KESSEL_SEAT_HUMAN;
  if (player != NULL && self->game != NULL)
    kessel_player_set_sees_all (player, !kessel_game_get_option (self->game, KESSEL_FOG_OF_WAR_OPTION));
  update_acting (self);
  schedule (self);
}

KesselPlayer *
kessel_computer_opponent_get_player (KesselComputerOpponent *self,
                                     KesselSide              side)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), NULL);
  g_return_val_if_fail (side >= 0 && side < 3, NULL);
  return self->players[side];
}

int
kessel_computer_opponent_get_seat (KesselComputerOpponent *self,
                                   KesselSide              side)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), KESSEL_SEAT_HUMAN);
  g_return_val_if_fail (side >= 0 && side < 3, KESSEL_SEAT_HUMAN);
  return self->seats[side];
}

int
kessel_computer_opponent_get_n_humans (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), 2);
  return (self->players[KESSEL_SIDE_GERMAN] == NULL) + (self->players[KESSEL_SIDE_SOVIET] == NULL);
}

void
kessel_computer_opponent_set_paused (KesselComputerOpponent *self,
                                     gboolean                paused)
{
  g_return_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self));
  if (self->paused == !!paused)
    return;
  self->paused = !!paused;
  /* The player is kept, so it is not told to stop: its thought runs out and
   * is dropped. */
  if (paused)
    drop_plans (self);
  else
    schedule (self);
}

void
kessel_computer_opponent_set_pace (KesselComputerOpponent *self,
                                   KesselPace              pace)
{
  g_return_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self));
  g_return_if_fail (pace < KESSEL_N_PACES);
  self->pace = pace;
  if (self->pace_id != 0)
    {
      g_clear_handle_id (&self->pace_id, g_source_remove);
      wait_for_pace (self);
    }
}

KesselPace
kessel_computer_opponent_get_pace (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), KESSEL_PACE_NORMAL);
  return self->pace;
}

gboolean
kessel_computer_opponent_is_busy (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), FALSE);
  return self->acting != KESSEL_SIDE_NONE;
}

KesselSide
kessel_computer_opponent_get_acting_side (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), KESSEL_SIDE_NONE);
  return self->acting;
}

gboolean
kessel_computer_opponent_is_thinking (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), FALSE);
  return self->task != NULL;
}

void
kessel_computer_opponent_stop (KesselComputerOpponent *self)
{
  g_return_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self));
  if (self->acting == KESSEL_SIDE_NONE)
    return;
  self->hurry = TRUE;
  if (self->thinker != NULL)
    kessel_player_stop (self->thinker);
  if (self->pace_id != 0)
    {
      g_clear_handle_id (&self->pace_id, g_source_remove);
      show_pending (self);
    }
}

gboolean
kessel_computer_opponent_allows_undo (KesselComputerOpponent *self)
{
  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), FALSE);
  if (self->game == NULL || kessel_computer_opponent_get_n_humans (self) == 2)
    return TRUE;
  return self->acting == KESSEL_SIDE_NONE && kessel_game_get_n_actions (self->game) > self->mark;
}

char *
kessel_computer_opponent_describe (KesselComputerOpponent *self)
{
  KesselSide side = self->acting;

  g_return_val_if_fail (KESSEL_IS_COMPUTER_OPPONENT (self), NULL);
  if (side == KESSEL_SIDE_NONE)
    return NULL;
  /* Translators: the side the computer plays and its level, such as
   * "The computer (Soviet, Normal) is thinking…". */
  return g_strdup_printf (_("The computer (%s, %s) is thinking…"), kessel_side_display_name (side),
                          kessel_level_display_name (self->seats[side]));
}
