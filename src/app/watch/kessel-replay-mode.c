/* kessel-replay-mode.c: the map and the log lent to a replay, and given back. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-replay-mode.h"

struct _KesselReplayMode
{
  GObject parent_instance;

  GtkApplicationWindow *window;      /* not owned: the mode lives as long as it */
  KesselMapView *map_view;
  KesselLogView *log_view;
  KesselComputerOpponent *computer;
  KesselReplayBar *bar;

  KesselReplay *replay;              /* while active */
  KesselGame *watched;               /* the whole game it replays */
  KesselGame *map_game;              /* what the map and the log showed before */
  KesselGame *log_game;
  KesselSide map_viewer;
  KesselSide viewer;                 /* whose eyes the replay is watched with */
};

enum { PROP_0, PROP_ACTIVE, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (KesselReplayMode, kessel_replay_mode, G_TYPE_OBJECT)

static void
kessel_replay_mode_dispose (GObject *object)
{
  KesselReplayMode *self = KESSEL_REPLAY_MODE (object);

  g_clear_object (&self->replay);
  g_clear_object (&self->watched);
  g_clear_object (&self->map_game);
  g_clear_object (&self->log_game);
  G_OBJECT_CLASS (kessel_replay_mode_parent_class)->dispose (object);
}

static void
kessel_replay_mode_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  switch (id)
    {
    case PROP_ACTIVE: g_value_set_boolean (value, KESSEL_REPLAY_MODE (object)->replay != NULL); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kessel_replay_mode_class_init (KesselReplayModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kessel_replay_mode_dispose;
  object_class->get_property = kessel_replay_mode_get_property;
  properties[PROP_ACTIVE] = g_param_spec_boolean ("active", NULL, NULL, FALSE,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kessel_replay_mode_init (KesselReplayMode *self)
{
}

/* Actions */

static GSimpleAction *
lookup (KesselReplayMode *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->window), name));
}

static void
step_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KesselReplayMode *self = data;
  KesselReplayMove move;

  if (kessel_replay_move_from_string (g_variant_get_string (parameter, NULL), &move))
    kessel_replay_bar_move (self->bar, move);
}

static void
play_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KesselReplayMode *self = data;

  kessel_replay_bar_set_playing (self->bar, !kessel_replay_bar_get_playing (self->bar));
}

static void
leave_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  kessel_replay_mode_stop (data);
}

static const GActionEntry replay_actions[] = {
  { .name = "replay-step", .parameter_type = "s", .activate = step_activated },
  { .name = "replay-play", .activate = play_activated },
  { .name = "leave-replay", .activate = leave_activated },
};

static void
set_accels (GtkApplication *application)
{
  static const struct { const char *action; const char *accel; } keys[] = {
    { "win.replay-step::start", "<Alt>Home" },
    { "win.replay-step::previous-turn", "<Alt><Shift>Page_Up" },
    { "win.replay-step::previous-phase", "<Alt>Page_Up" },
    { "win.replay-step::previous-action", "<Alt>Left" },
    { "win.replay-step::next-action", "<Alt>Right" },
    { "win.replay-step::next-phase", "<Alt>Page_Down" },
    { "win.replay-step::next-turn", "<Alt><Shift>Page_Down" },
    { "win.replay-step::end", "<Alt>End" },
    { "win.replay-play", "<Alt>p" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *accels[] = { keys[i].accel, NULL };
      gtk_application_set_accels_for_action (application, keys[i].action, accels);
    }
}

static void
application_set (GtkWindow *window)
{
  if (gtk_window_get_application (window) != NULL)
    set_accels (gtk_window_get_application (window));
}

static void
sync_actions (KesselReplayMode *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (replay_actions); i++)
    g_simple_action_set_enabled (lookup (self, replay_actions[i].name), self->replay != NULL);
}

/* Following the replay */

/* The last action's hex and its last log entry, brought into view as it
 * is played. */
static void
position_changed (KesselReplayMode *self)
{
  int k = kessel_replay_get_position (self->replay);
  const KesselReplayStep *step = k > 0 ? kessel_replay_get_step (self->replay, k - 1) : NULL;

  if (step != NULL && step->n_log > 0)
    kessel_log_view_scroll_to_entry (self->log_view, step->first_log + step->n_log - 1);
  else if (step == NULL)
    kessel_log_view_scroll_to_entry (self->log_view, 0);
  if (step != NULL && step->action.hex >= 0
      && (self->viewer == KESSEL_SIDE_NONE || step->side == self->viewer))
    kessel_map_view_bring_hex_into_view (self->map_view, step->action.hex);
}

static void
entry_activated (KesselReplayMode *self, int entry)
{
  if (self->replay != NULL)
    kessel_replay_seek (self->replay, kessel_replay_position_of_log (self->replay, entry));
}

KesselReplayMode *
kessel_replay_mode_new (GtkApplicationWindow *window, GtkOverlay *map_overlay, KesselMapView *map_view,
                        KesselLogView *log_view, KesselComputerOpponent *computer)
{
  KesselReplayMode *self = g_object_new (KESSEL_TYPE_REPLAY_MODE, NULL);

  self->window = window;
  self->map_view = map_view;
  self->log_view = log_view;
  self->computer = computer;
  self->bar = KESSEL_REPLAY_BAR (kessel_replay_bar_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->bar), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (self->bar), GTK_ALIGN_END);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->bar), 12);
  gtk_widget_set_visible (GTK_WIDGET (self->bar), FALSE);
  gtk_overlay_add_overlay (map_overlay, GTK_WIDGET (self->bar));
  g_signal_connect_object (self->bar, "back", G_CALLBACK (kessel_replay_mode_stop), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (log_view, "entry-activated", G_CALLBACK (entry_activated), self, G_CONNECT_SWAPPED);
  g_action_map_add_action_entries (G_ACTION_MAP (window), replay_actions, G_N_ELEMENTS (replay_actions), self);
  sync_actions (self);
  if (gtk_window_get_application (GTK_WINDOW (window)) != NULL)
    set_accels (gtk_window_get_application (GTK_WINDOW (window)));
  else
    g_signal_connect (window, "notify::application", G_CALLBACK (application_set), NULL);
  return self;
}

gboolean
kessel_replay_mode_start (KesselReplayMode *self, KesselGame *game, int from_action, KesselSide viewer,
                          GError **error)
{
  g_autoptr(KesselReplay) replay = NULL;

  g_return_val_if_fail (KESSEL_IS_REPLAY_MODE (self), FALSE);
  g_return_val_if_fail (KESSEL_IS_GAME (game), FALSE);
  replay = kessel_replay_new (game, error);
  if (replay == NULL)
    return FALSE;
  kessel_replay_mode_stop (self);
  self->replay = g_steal_pointer (&replay);
  g_set_object (&self->watched, game);
  g_set_object (&self->map_game, kessel_map_view_get_game (self->map_view));
  g_set_object (&self->log_game, kessel_log_view_get_game (self->log_view));
  self->map_viewer = kessel_map_view_get_viewer (self->map_view);
  self->viewer = viewer;
  kessel_computer_opponent_set_paused (self->computer, TRUE);
  kessel_replay_seek (self->replay, from_action);
  kessel_map_view_set_game (self->map_view, kessel_replay_get_game (self->replay));
  kessel_map_view_set_viewer (self->map_view, viewer);
  kessel_log_view_set_game (self->log_view, game);
  kessel_replay_bar_set_replay (self->bar, self->replay, viewer);
  g_signal_connect_object (self->replay, "notify::position", G_CALLBACK (position_changed), self, G_CONNECT_SWAPPED);
  position_changed (self);   /* the moment it starts at, in view */
  gtk_widget_set_visible (GTK_WIDGET (self->bar), TRUE);
  sync_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  return TRUE;
}

void
kessel_replay_mode_stop (KesselReplayMode *self)
{
  g_autoptr(KesselReplay) replay = NULL;

  g_return_if_fail (KESSEL_IS_REPLAY_MODE (self));
  if (self->replay == NULL)
    return;
  /* No longer active while the game in play comes back into view: what
   * the window shows then is that game, not the replay's. */
  replay = g_steal_pointer (&self->replay);
  kessel_replay_bar_set_replay (self->bar, NULL, KESSEL_SIDE_NONE);
  gtk_widget_set_visible (GTK_WIDGET (self->bar), FALSE);
  kessel_map_view_set_game (self->map_view, self->map_game);
  kessel_map_view_set_viewer (self->map_view, self->map_viewer);
  kessel_log_view_set_game (self->log_view, self->log_game);
  g_clear_object (&self->map_game);
  g_clear_object (&self->log_game);
  g_clear_object (&self->watched);
  kessel_computer_opponent_set_paused (self->computer, FALSE);
  sync_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
kessel_replay_mode_is_active (KesselReplayMode *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_MODE (self), FALSE);
  return self->replay != NULL;
}

KesselGame *
kessel_replay_mode_get_watched (KesselReplayMode *self, KesselSide *viewer)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_MODE (self), NULL);
  if (viewer != NULL)
    *viewer = self->viewer;
  return self->watched;
}

KesselReplayBar *
kessel_replay_mode_get_bar (KesselReplayMode *self)
{
  g_return_val_if_fail (KESSEL_IS_REPLAY_MODE (self), NULL);
  return self->bar;
}
