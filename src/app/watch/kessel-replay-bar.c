/* kessel-replay-bar.c: buttons, speed and position of a replay. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-replay-bar.h"

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
  kessel_replay_bar_move (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "move")));
}

static GtkWidget *
add_button (KesselReplayBar *self, const char *icon, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_box_append (GTK_BOX (self), button);
  return button;
}

static void
add_move (KesselReplayBar *self, KesselReplayMove move, const char *icon, const char *tooltip)
{
  GtkWidget *button = add_button (self, icon, tooltip);

  g_object_set_data (G_OBJECT (button), "move", GINT_TO_POINTER (move));
  g_signal_connect (button, "clicked", G_CALLBACK (move_clicked), self);
  self->buttons[move] = button;
}

static void
back_clicked (KesselReplayBar *self)
{
  g_signal_emit (self, signals[SIGNAL_BACK], 0);
}

static void
add_speed (KesselReplayBar *self)
{
  const char *names[] = { _("Slow"), _("Normal"), _("Fast"), NULL };

  self->speed = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (names));
  gtk_drop_down_set_selected (self->speed, 1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->speed), _("Speed of play"));
  g_signal_connect_swapped (self->speed, "notify::selected", G_CALLBACK (speed_changed), self);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->speed));
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
  G_OBJECT_CLASS (kessel_replay_bar_parent_class)->dispose (object);
}

static void
kessel_replay_bar_class_init (KesselReplayBarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_replay_bar_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "kessel-replay-bar");
  /* The user asked to leave the replay. */
  signals[SIGNAL_BACK] = g_signal_new ("back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 0);
}

static void
kessel_replay_bar_init (KesselReplayBar *self)
{
  GtkWidget *back;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self), 2);
  gtk_widget_add_css_class (GTK_WIDGET (self), "osd");
  gtk_widget_add_css_class (GTK_WIDGET (self), "toolbar");
  self->interval = KESSEL_REPLAY_NORMAL;
  add_move (self, KESSEL_REPLAY_START, "media-skip-backward-symbolic", _("The start of the game"));
  add_move (self, KESSEL_REPLAY_PREVIOUS_TURN, "media-seek-backward-symbolic", _("Previous turn"));
  add_move (self, KESSEL_REPLAY_PREVIOUS_PHASE, "go-first-symbolic", _("Previous phase"));
  add_move (self, KESSEL_REPLAY_PREVIOUS_ACTION, "go-previous-symbolic", _("Previous action"));
  self->play_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button), C_("replay", "Play"));
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (play_toggled), self);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->play_button));
  add_move (self, KESSEL_REPLAY_NEXT_ACTION, "go-next-symbolic", _("Next action"));
  add_move (self, KESSEL_REPLAY_NEXT_PHASE, "go-last-symbolic", _("Next phase"));
  add_move (self, KESSEL_REPLAY_NEXT_TURN, "media-seek-forward-symbolic", _("Next turn"));
  add_speed (self);
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0);
  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->label, 10);
  gtk_label_set_max_width_chars (self->label, 34);
  gtk_widget_set_margin_start (GTK_WIDGET (self->label), 6);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->label));
  back = gtk_button_new_with_mnemonic (_("_Back to the Game"));
  gtk_widget_add_css_class (back, "suggested-action");
  g_signal_connect_swapped (back, "clicked", G_CALLBACK (back_clicked), self);
  gtk_box_append (GTK_BOX (self), back);
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
