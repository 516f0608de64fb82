/* kessel-replay-bar.c: buttons, speed and position of a replay. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-replay-bar.h"
#include "kessel-standing-orders.h"

struct _KesselReplayBar
{
  GtkBox parent_instance;

  KesselReplay *replay;
  KesselSide viewer;
  GtkWidget *buttons[KESSEL_N_REPLAY_MOVES];
  GtkToggleButton *play_button;
  GtkDropDown *speed;
  GtkLabel *label;
  char *text;
  double interval;
  guint timer_id;
};

enum { SIGNAL_BACK, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselReplayBar, kessel_replay_bar, GTK_TYPE_BOX)

static const char *const move_ids[KESSEL_N_REPLAY_MOVES] = {
  "start", "previous-turn", "previous-phase", "previous-action", "next-action", "next-phase", "next-turn", "end",
};

static const double speeds[] = { KESSEL_REPLAY_SLOW, KESSEL_REPLAY_NORMAL, KESSEL_REPLAY_FAST };

const char *
kessel_replay_move_to_string (KesselReplayMove move)
{
  g_return_val_if_fail (move < KESSEL_N_REPLAY_MOVES, NULL);
  return move_ids[move];
}

gboolean
kessel_replay_move_from_string (const char *text, KesselReplayMove *move)
{
  for (int m = 0; m < KESSEL_N_REPLAY_MOVES; m++)
    if (g_strcmp0 (text, move_ids[m]) == 0)
      {
        *move = m;
        return TRUE;
      }
  return FALSE;
}

static int
target_of (KesselReplay *replay, KesselReplayMove move)
{
  int k = kessel_replay_get_position (replay);

  switch (move)
    {
    case KESSEL_REPLAY_START: return 0;
    case KESSEL_REPLAY_PREVIOUS_TURN: return kessel_replay_previous_turn (replay, k);
    case KESSEL_REPLAY_PREVIOUS_PHASE: return kessel_replay_previous_phase (replay, k);
    case KESSEL_REPLAY_PREVIOUS_ACTION: return MAX (k - 1, 0);
    case KESSEL_REPLAY_NEXT_ACTION: return MIN (k + 1, kessel_replay_get_n_steps (replay));
    case KESSEL_REPLAY_NEXT_PHASE: return kessel_replay_next_phase (replay, k);
    case KESSEL_REPLAY_NEXT_TURN: return kessel_replay_next_turn (replay, k);
    case KESSEL_REPLAY_END:
    case KESSEL_N_REPLAY_MOVES:
    default: return kessel_replay_get_n_steps (replay);
    }
}

/* The last action's words, unless fog of war hides the other side's. */
static char *
describe_last_step (KesselReplayBar *self)
{
  int k = kessel_replay_get_position (self->replay);
  const KesselReplayStep *step;

  if (k == 0)
    return g_strdup (_("The start of the game"));
  step = kessel_replay_get_step (self->replay, k - 1);
  if (self->viewer != KESSEL_SIDE_NONE && step->side != self->viewer)
    /* Translators: under fog of war, an action of the other side, such as "A Soviet action". */
    return g_strdup_printf (_("A %s action"), kessel_side_display_name (step->side));
  if (step->action.by_order)
    return kessel_standing_orders_describe (kessel_replay_get_game (self->replay), &step->action);
  return kessel_game_describe_action (kessel_replay_get_game (self->replay), &step->action);
}

static void
update (KesselReplayBar *self)
{
  int k, n;
  g_autofree char *last = NULL;

  if (self->replay == NULL)
    return;
  k = kessel_replay_get_position (self->replay);
  n = kessel_replay_get_n_steps (self->replay);
  last = describe_last_step (self);
  g_free (self->text);
  /* Translators: where a replay stands: the turn, the phase, the number of
   * actions played of how many there are ("596/600"), and the last action in words. */
  self->text = g_strdup_printf (_("Turn %d · %s · %d/%d\n%s"),
                                kessel_replay_get_turn_at (self->replay, k),
                                kessel_phase_display_name (kessel_replay_get_phase_at (self->replay, k)), k, n, last);
  gtk_label_set_text (self->label, self->text);
  for (int m = 0; m < KESSEL_N_REPLAY_MOVES; m++)
    if (self->buttons[m] != NULL)
      gtk_widget_set_sensitive (self->buttons[m], target_of (self->replay, m) != k);
}

static void
stop_timer (KesselReplayBar *self)
{
  g_clear_handle_id (&self->timer_id, g_source_remove);
}

static gboolean
tick (gpointer data)
{
  KesselReplayBar *self = data;

  kessel_replay_bar_move (self, KESSEL_REPLAY_NEXT_ACTION);
  if (kessel_replay_get_position (self->replay) < kessel_replay_get_n_steps (self->replay))
    return G_SOURCE_CONTINUE;
  self->timer_id = 0;
  gtk_toggle_button_set_active (self->play_button, FALSE);
  return G_SOURCE_REMOVE;
}

static void
start_timer (KesselReplayBar *self)
{
  stop_timer (self);
  self->timer_id = g_timeout_add ((guint) (self->interval * 1000), tick, self);
}

static void
play_toggled (KesselReplayBar *self)
{
  gboolean playing = gtk_toggle_button_get_active (self->play_button);

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button), playing ? _("Pause") : C_("replay", "Play"));
  if (!playing || self->replay == NULL)
    {
      stop_timer (self);
      return;
    }
  if (kessel_replay_get_position (self->replay) == kessel_replay_get_n_steps (self->replay))
    kessel_replay_seek (self->replay, 0);
  start_timer (self);
}

static void
speed_changed (KesselReplayBar *self)
{
  guint chosen = gtk_drop_down_get_selected (self->speed);

  self->interval = speeds[MIN (chosen, G_N_ELEMENTS (speeds) - 1)];
  if (self->timer_id != 0)
    start_timer (self);
}

static void
move_clicked (GtkButton *button, KesselReplayBar *self)
{
  for (int m = 0; m < KESSEL_N_REPLAY_MOVES; m++)
    if (self->buttons[m] == GTK_WIDGET (button))
      kessel_replay_bar_move (self, m);
}

static void
back_clicked (KesselReplayBar *self)
{
  g_signal_emit (self, signals[SIGNAL_BACK], 0);
}

static void
kessel_replay_bar_dispose (GObject *object)
{
  KesselReplayBar *self = KESSEL_REPLAY_BAR (object);

  stop_timer (self);
  if (self->replay != NULL)
    g_signal_handlers_disconnect_by_data (self->replay, self);
  g_clear_object (&self->replay);
  g_clear_pointer (&self->text, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_REPLAY_BAR);
  G_OBJECT_CLASS (kessel_replay_bar_parent_class)->dispose (object);
}

#define BIND(name, field) \
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, G_STRUCT_OFFSET (KesselReplayBar, field))

static void
bind_template (GtkWidgetClass *widget_class)
{
  BIND ("start_button", buttons[KESSEL_REPLAY_START]);
  BIND ("previous_turn_button", buttons[KESSEL_REPLAY_PREVIOUS_TURN]);
  BIND ("previous_phase_button", buttons[KESSEL_REPLAY_PREVIOUS_PHASE]);
  BIND ("previous_action_button", buttons[KESSEL_REPLAY_PREVIOUS_ACTION]);
  BIND ("next_action_button", buttons[KESSEL_REPLAY_NEXT_ACTION]);
  BIND ("next_phase_button", buttons[KESSEL_REPLAY_NEXT_PHASE]);
  BIND ("next_turn_button", buttons[KESSEL_REPLAY_NEXT_TURN]);
  BIND ("play_button", play_button);
  BIND ("speed", speed);
  BIND ("label", label);
  gtk_widget_class_bind_template_callback (widget_class, move_clicked);
  gtk_widget_class_bind_template_callback (widget_class, play_toggled);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked);
}

#undef BIND

static void
kessel_replay_bar_class_init (KesselReplayBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_replay_bar_dispose;
  gtk_widget_class_set_css_name (widget_class, "kessel-replay-bar");
  /* The user asked to leave the replay. */
  signals[SIGNAL_BACK] = g_signal_new ("back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-replay-bar.ui");
  bind_template (widget_class);
}

static void
kessel_replay_bar_init (KesselReplayBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->interval = KESSEL_REPLAY_NORMAL;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button), C_("replay", "Play"));
}

GtkWidget *
kessel_replay_bar_new (void)
{
  return g_object_new (KESSEL_TYPE_REPLAY_BAR, NULL);
}

void
kessel_replay_bar_set_replay (KesselReplayBar *self, KesselReplay *replay, KesselSide viewer)
{
  g_return_if_fail (KESSEL_IS_REPLAY_BAR (self));
  kessel_replay_bar_set_playing (self, FALSE);
  if (self->replay != NULL)
    g_signal_handlers_disconnect_by_data (self->replay, self);
  g_set_object (&self->replay, replay);
  self->viewer = viewer;
  if (replay != NULL)
    g_signal_connect_swapped (replay, "notify::position", G_CALLBACK (update), self);
  update (self);
}

KesselReplay *
kessel_replay_bar_get_replay (KesselReplayBar *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_BAR (self), NULL);
  return self->replay;
}

void
kessel_replay_bar_move (KesselReplayBar *self, KesselReplayMove move)
{
  g_return_if_fail (KESSEL_IS_REPLAY_BAR (self));
  if (self->replay != NULL)
    kessel_replay_seek (self->replay, target_of (self->replay, move));
}

void
kessel_replay_bar_set_playing (KesselReplayBar *self, gboolean playing)
{
  g_return_if_fail (KESSEL_IS_REPLAY_BAR (self));
  gtk_toggle_button_set_active (self->play_button, playing);
}

gboolean
kessel_replay_bar_get_playing (KesselReplayBar *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_BAR (self), FALSE);
  return gtk_toggle_button_get_active (self->play_button);
}

void
kessel_replay_bar_set_interval (KesselReplayBar *self, double seconds)
{
  g_return_if_fail (KESSEL_IS_REPLAY_BAR (self));
  self->interval = MAX (seconds, 0.01);
  if (self->timer_id != 0)
    start_timer (self);
}

const char *
kessel_replay_bar_get_text (KesselReplayBar *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_BAR (self), NULL);
  return self->text;
}
