/* kessel-window-replay.c: watching a game again over the map (the game in
 * play, a saved game or a turn file), and the after-action report. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-report-window.h"
#include "kessel-window-private.h"

#define MINIMAP_MARGIN 16

/* The replay bar runs along the bottom of the map: the minimap stands above it. */
static void
lift_minimap_over_replay_bar (KesselWindow *self,
                              gboolean      replaying)
{
  GtkWidget *bar = GTK_WIDGET (kessel_replay_mode_get_bar (self->replay_mode));
  int bar_height = 0;

  if (replaying)
    gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, -1, NULL, &bar_height, NULL, NULL);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->minimap),
                                MINIMAP_MARGIN + (replaying ? bar_height + gtk_widget_get_margin_bottom (bar) : 0));
}

/* The panels beside the map show the replay's moment while it is watched. */
void
kessel_window_replay_mode_changed (KesselWindow *self)
{
  gboolean replaying = kessel_replay_mode_is_active (self->replay_mode);
  KesselGame *shown = kessel_window_shown_game (self);

  kessel_game_panel_set_game (self->game_panel, shown);
  kessel_track_strip_set_game (self->track_strip, shown);
  kessel_window_follow_map_viewer (self);
  gtk_widget_set_visible (GTK_WIDGET (self->game_panel), shown != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->log_view), shown != NULL);
  kessel_combat_card_dismiss (self->combat_card);
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_panel), !replaying);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "editor"), !replaying);
  lift_minimap_over_replay_bar (self, replaying);
  kessel_window_sync_play_actions (self);
}

/* A game over shows everything; one under way what the side at the map may see. */
static KesselSide
replay_viewer (KesselWindow *self, KesselGame *game)
{
  if (kessel_game_is_over (game) || !kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION))
    return KESSEL_SIDE_NONE;
  if (game == self->game)
    return kessel_map_view_get_viewer (self->map_view);
  return kessel_game_get_active_side (game);
}

gboolean
kessel_window_show_replay (KesselWindow *self,
                           KesselGame   *game,
                           int           from_action)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (KESSEL_IS_GAME (game), FALSE);
  if (kessel_window_is_editing (self))
    return FALSE;
  if (!kessel_replay_mode_start (self->replay_mode, game, from_action, replay_viewer (self, game), &error))
    {
      kessel_window_show_error (self, _("Could not replay the game"), error->message);
      return FALSE;
    }
  return TRUE;
}

static void
show_replay_as (KesselWindow *self,
                KesselGame   *game,
                KesselSide    viewer)
{
  g_autoptr(GError) error = NULL;

  if (!kessel_window_is_editing (self) && !kessel_replay_mode_start (self->replay_mode, game, 0, viewer, &error))
    kessel_window_show_error (self, _("Could not replay the game"), error->message);
}

KesselReplayMode *
kessel_window_get_replay_mode (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->replay_mode;
}

void
kessel_window_watch_replay_activated (GSimpleAction *action,
                                      GVariant      *parameter,
                                      gpointer       user_data)
{
  KesselWindow *self = user_data;

  if (self->game != NULL)
    kessel_window_show_replay (self, self->game, 0);
}

static void
replay_chooser_response (GtkNativeDialog *chooser,
                         int              response,
                         KesselWindow    *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  path = file != NULL ? g_file_get_path (file) : NULL;
  g_clear_object (&self->chooser);
  if (path == NULL)
    return;
  if (g_str_has_suffix (path, KESSEL_PBEM_FILE_SUFFIX))
    {
      kessel_window_watch_turn_file (self, path);
      return;
    }
  game = kessel_game_load_file (path, &error);
  if (game == NULL)
    kessel_window_show_error (self, _("Could not open the game"), error->message);
  else
    kessel_window_show_replay (self, game, 0);
}

void
kessel_window_watch_replay_file_activated (GSimpleAction *action,
                                           GVariant      *parameter,
                                           gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Watch a Saved Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Watch"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Kessel saved games and turn files"));
  gtk_file_filter_add_pattern (filter, "*" SAVED_GAME_SUFFIX);
  gtk_file_filter_add_pattern (filter, "*" KESSEL_PBEM_FILE_SUFFIX);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  g_signal_connect (self->chooser, "response", G_CALLBACK (replay_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
watch_password_given (KesselPbemDialog *dialog,
                      KesselWindow     *self)
{
  KesselGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  const char *game_id = g_object_get_data (G_OBJECT (dialog), "game-id");
  KesselSide side = kessel_pbem_dialog_get_side (dialog);
  g_autoptr(GError) error = NULL;

  if (!kessel_pbem_check_password (kessel_window_pbem_data_dir (self), game_id, side,
                                   kessel_pbem_dialog_get_password (dialog), &error))
    kessel_window_show_error (self, _("Could not open the game"), error->message);
  else
    show_replay_as (self, game, side);
}

/* The side of a game by e-mail played on this machine, the receiver of
 * its file first; KESSEL_SIDE_NONE if neither. */
static KesselSide
side_played_here (KesselWindow *self, const KesselPbemHeader *header)
{
  KesselSide sides[] = { header->receiver, kessel_side_enemy (header->receiver) };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    if (kessel_pbem_plays_side (kessel_window_pbem_data_dir (self), header->game_id, sides[i]))
      return sides[i];
  return KESSEL_SIDE_NONE;
}

KesselPbemDialog *
kessel_window_watch_turn_file (KesselWindow *self,
                               const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autofree char *base = NULL;
  KesselPbemDialog *dialog;
  KesselSide side;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if ((header = kessel_pbem_peek (path, &error)) == NULL
      || (scenario = kessel_window_find_game_scenario (self, path, header, &error)) == NULL
      || (game = kessel_pbem_load_game (path, scenario, &error)) == NULL)
    {
      kessel_window_show_error (self, _("Could not open the game"), error->message);
      return NULL;
    }
  if (kessel_game_is_over (game) || !kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION))
    {
      show_replay_as (self, game, KESSEL_SIDE_NONE);
      return NULL;
    }
  /* Under fog of war, a game under way is watched by one of its players, from his side. */
  side = side_played_here (self, header);
  if (side == KESSEL_SIDE_NONE)
    {
      kessel_window_show_error (self, _("Could not open the game"),
                                _("This game by e-mail is under way and hides units: only its players may watch it, each from his side, and no side of it is played on this computer."));
      return NULL;
    }
  base = g_path_get_basename (path);
  dialog = kessel_pbem_dialog_new_watch (GTK_WINDOW (self), side, base);
  g_object_set_data_full (G_OBJECT (dialog), "game", g_steal_pointer (&game), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "game-id", g_strdup (header->game_id), g_free);
  g_signal_connect_object (dialog, "done", G_CALLBACK (watch_password_given), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_after_action_report_activated (GSimpleAction *action,
                                             GVariant      *parameter,
                                             gpointer       user_data)
{
  KesselWindow *self = user_data;
  KesselReportWindow *report;
  g_autoptr(GError) error = NULL;
  KesselSide viewer = KESSEL_SIDE_NONE;
  /* The game watched again, or else the game in play. */
  KesselGame *game = kessel_replay_mode_get_watched (self->replay_mode, &viewer);

  if (game == NULL && (game = self->game) != NULL)
    viewer = replay_viewer (self, game);
  if (game == NULL)
    return;
  report = kessel_report_window_new (GTK_WINDOW (self), game, viewer, &error);
  if (report == NULL)
    kessel_window_show_error (self, _("Could not make the after-action report"), error->message);
  else
    gtk_window_present (GTK_WINDOW (report));
}
