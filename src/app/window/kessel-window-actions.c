/* kessel-window-actions.c: the window's actions: the one table of them all,
 * the handlers of the map's and of play's commands, and which of them may
 * be used now. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-window-private.h"

/* The map */

static void
zoom_in_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  KesselWindow *self = user_data;

  kessel_map_view_zoom_in (self->map_view);
}

static void
zoom_out_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  KesselWindow *self = user_data;

  kessel_map_view_zoom_out (self->map_view);
}

/* The map view notifies, and the action's state follows it. */
static void
zoom_level_changed (GSimpleAction *action,
                    GVariant      *value,
                    gpointer       user_data)
{
  KesselWindow *self = user_data;

  kessel_map_view_set_zoom_level (self->map_view, g_variant_get_int32 (value));
}

static void
show_hex_numbers_changed (GSimpleAction *action,
                          GVariant      *value,
                          gpointer       user_data)
{
  KesselWindow *self = user_data;

  kessel_map_view_set_show_hex_numbers (self->map_view, g_variant_get_boolean (value));
}

static guint
overlay_of_action (const char *name)
{
  if (g_str_equal (name, "show-zoc"))
    return KESSEL_OVERLAY_ZOC_GERMAN | KESSEL_OVERLAY_ZOC_SOVIET;
  if (g_str_equal (name, "show-lines"))
    return KESSEL_OVERLAY_LINES;
  return KESSEL_OVERLAY_KG_RANGES;
}

static void
overlay_changed (GSimpleAction *action,
                 GVariant      *state,
                 gpointer       user_data)
{
  KesselWindow *self = user_data;
  guint overlay = overlay_of_action (g_action_get_name (G_ACTION (action)));
  guint overlays = kessel_map_view_get_overlays (self->map_view);

  overlays = g_variant_get_boolean (state) ? overlays | overlay : overlays & ~overlay;
  kessel_map_view_set_overlays (self->map_view, overlays);
  g_simple_action_set_state (action, state);
}

/* The keyboard shortcuts window is built when first asked for, not with
 * every window as GtkApplication would from gtk/help-overlay.ui. Setting it
 * as the window's help overlay keeps this action, which GTK would otherwise
 * add for it. */
static void
show_help_overlay_activated (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  GtkApplicationWindow *window = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource ("/org/kessel/Kessel/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

GSimpleAction *
kessel_window_lookup_action (KesselWindow *self,
                             const char   *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), name));
}

void
kessel_window_sync_zoom_actions (KesselWindow *self)
{
  double radius = kessel_map_view_get_hex_radius (self->map_view);
  gboolean map_shown = kessel_map_view_get_scenario (self->map_view) != NULL;

  g_simple_action_set_state (kessel_window_lookup_action (self, "zoom-level"),
                             g_variant_new_int32 (kessel_map_view_get_zoom_level (self->map_view)));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "zoom-level"), map_shown);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "zoom-in"),
                               map_shown && radius < KESSEL_MAP_VIEW_MAX_RADIUS);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "zoom-out"),
                               map_shown && radius > KESSEL_MAP_VIEW_MIN_RADIUS
                               && !kessel_map_view_shows_whole_map (self->map_view));
}

void
kessel_window_sync_hex_numbers_action (KesselWindow *self)
{
  g_simple_action_set_state (kessel_window_lookup_action (self, "show-hex-numbers"),
                             g_variant_new_boolean (kessel_map_view_get_show_hex_numbers (self->map_view)));
}

/* Play */

static void
undo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (kessel_window_editor_takes (self, "undo"))
    return;
  kessel_play_panel_show_message (self->play_panel, NULL);
  if (self->game != NULL && !kessel_game_undo (self->game, &error))
    kessel_play_panel_show_message (self->play_panel, error->message);
}

static void
redo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (kessel_window_editor_takes (self, "redo"))
    return;
  kessel_play_panel_show_message (self->play_panel, NULL);
  if (self->game != NULL && !kessel_game_redo (self->game, &error))
    kessel_play_panel_show_message (self->play_panel, error->message);
}

static void
end_part_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  kessel_play_panel_end_part (KESSEL_WINDOW (user_data)->play_panel);
}

/* Escape drops what is selected and gives the keys back to the map. */
static void
cancel_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  KesselWindow *self = user_data;

  kessel_play_panel_cancel (self->play_panel);
  kessel_window_give_map_focus (self);
}

static void
attack_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  kessel_play_panel_attack (KESSEL_WINDOW (user_data)->play_panel);
}

static void
next_unit_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  kessel_play_panel_select_next (KESSEL_WINDOW (user_data)->play_panel, g_variant_get_int32 (parameter));
}

static void
play_action_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  kessel_play_panel_play_text (KESSEL_WINDOW (user_data)->play_panel, g_variant_get_string (parameter, NULL));
}

static void
stop_computer_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       user_data)
{
  kessel_computer_opponent_stop (KESSEL_WINDOW (user_data)->computer);
}

static void
computer_pace_changed (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  KesselWindow *self = user_data;
  KesselPace pace = kessel_pace_from_string (g_variant_get_string (state, NULL));

  kessel_computer_opponent_set_pace (self->computer, pace);
  g_simple_action_set_state (action, g_variant_new_string (kessel_pace_to_string (pace)));
}

/* Which actions may be used now */

/* While a replay is watched nothing may be played, and the editor waits. */
static void
hold_play_for_replay (KesselWindow *self)
{
  static const char *const held[] = {
    "save-game", "save-game-as", "undo", "redo", "end-part", "cancel", "attack", "next-unit", "play-action",
    "stop-computer", "editor", "watch-replay",
  };

  for (guint i = 0; i < G_N_ELEMENTS (held); i++)
    g_simple_action_set_enabled (kessel_window_lookup_action (self, held[i]), FALSE);
}

/* Whether the player at the screen may give the commands of play now: not
 * while the computer or the opponent by e-mail is to act, nor behind the
 * hand-over's cover. */
static gboolean
human_may_act (KesselWindow *self)
{
  return self->game != NULL && !kessel_game_is_over (self->game)
         && !kessel_computer_opponent_is_busy (self->computer)
         && !kessel_play_panel_is_waiting_for_handover (self->play_panel)
         && (self->pbem == NULL || kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_YOUR_MOVE);
}

/* In play, why Edit ▸ Undo is greyed out, or NULL when it is not. */
static char *
play_undo_label (KesselWindow *self)
{
  if (self->game == NULL || kessel_game_get_n_actions (self->game) == 0
      || g_action_get_enabled (G_ACTION (kessel_window_lookup_action (self, "undo"))))
    return NULL;
  if (!kessel_computer_opponent_allows_undo (self->computer))
    return g_strdup (_("_Undo (not the computer's actions)"));
  return g_strdup (_("_Undo (not after a die roll, units revealed or a phase's end)"));
}

/* Edit ▸ Undo names the edit it takes back while editing, and says in
 * play why it cannot take back the last action. */
void
kessel_window_update_undo_menu (KesselWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GMenu *section = app != NULL ? g_object_get_data (G_OBJECT (app), KESSEL_UNDO_SECTION) : NULL;
  KesselEditHistory *history = self->editor != NULL ? kessel_editor_get_history (self->editor) : NULL;
  g_autofree char *undo = NULL;
  g_autofree char *redo = NULL;
  gboolean editing = kessel_window_is_editing (self);

  if (editing)
    {
      g_simple_action_set_enabled (kessel_window_lookup_action (self, "undo"),
                                   history && kessel_edit_history_can_undo (history));
      g_simple_action_set_enabled (kessel_window_lookup_action (self, "redo"),
                                   history && kessel_edit_history_can_redo (history));
    }
  if (section == NULL)
    return;
  if (editing && history != NULL && kessel_edit_history_get_undo_name (history) != NULL)
    /* Translators: Edit ▸ Undo with the name of the edit, such as "Undo Paint Forest (12 hexes)". */
    undo = g_strdup_printf (_("_Undo %s"), kessel_edit_history_get_undo_name (history));
  if (editing && history != NULL && kessel_edit_history_get_redo_name (history) != NULL)
    redo = g_strdup_printf (_("_Redo %s"), kessel_edit_history_get_redo_name (history));
  if (!editing)
    undo = play_undo_label (self);
  g_menu_remove_all (section);
  g_menu_append (section, undo ? undo : _("_Undo"), "win.undo");
  g_menu_append (section, redo ? redo : _("_Redo"), "win.redo");
}

/* In the computer's turn the players wait; they may take back only their
 * own actions. */
void
kessel_window_sync_play_actions (KesselWindow *self)
{
  gboolean playing = self->game != NULL;
  gboolean computer = kessel_computer_opponent_is_busy (self->computer);
  gboolean own = kessel_computer_opponent_allows_undo (self->computer) && self->pbem == NULL;
  /* A game by e-mail lives in its turn files: a saved game of it would
   * show the opponent's hidden units, and its turn is taken back by not
   * sending it. */
  gboolean savable = playing && self->pbem == NULL;

  g_simple_action_set_enabled (kessel_window_lookup_action (self, "save-game"), savable);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "save-game-as"), savable);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "undo"),
                               playing && own && kessel_game_can_undo (self->game));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "redo"),
                               playing && own && !computer && kessel_game_can_redo (self->game));
  /* Sending says why when the turn is not done; the panel offers it when it is. */
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "send-pbem-turn"), self->pbem != NULL);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "pbem-action-played"), self->net_game != NULL);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "save-pbem-turn-again"),
                               self->pbem_turn_file != NULL);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "email-pbem-turn"),
                               self->pbem != NULL && self->pbem_sent_file != NULL);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "turn-folder"), self->pbem != NULL);
  /* Orders go with the turn being made: until it is sent. */
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "standing-orders"),
                               self->pbem != NULL && kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_SENT
                               && kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_OVER);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "end-part"), human_may_act (self));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "stop-computer"), playing && computer);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "new-game"),
                               kessel_window_get_scenario (self) != NULL);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "watch-replay"), playing);
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "unit-info"),
                               playing && !kessel_map_view_is_covered (self->map_view));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "show-unit"),
                               playing && !kessel_map_view_is_covered (self->map_view));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "attack"), human_may_act (self));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "next-unit"), human_may_act (self));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "play-action"), human_may_act (self));
  g_simple_action_set_enabled (kessel_window_lookup_action (self, "after-action-report"),
                               playing || kessel_replay_mode_is_active (self->replay_mode));
  if (kessel_replay_mode_is_active (self->replay_mode))
    hold_play_for_replay (self);
  kessel_window_update_undo_menu (self);
}

/* Every action of the window, in the order they are added. The handlers
 * not in this file are in the file of their part of the window. */
static const GActionEntry actions[] = {
  { .name = "editor", .state = "false", .change_state = kessel_window_editor_toggled },
  { .name = "show-help-overlay", .activate = show_help_overlay_activated },
  { .name = "zoom-in", .activate = zoom_in_activated },
  { .name = "zoom-out", .activate = zoom_out_activated },
  { .name = "zoom-level", .parameter_type = "i", .state = "2", .change_state = zoom_level_changed },
  { .name = "show-hex-numbers", .state = "false", .change_state = show_hex_numbers_changed },
  { .name = "watch-replay", .activate = kessel_window_watch_replay_activated },
  { .name = "watch-replay-file", .activate = kessel_window_watch_replay_file_activated },
  { .name = "after-action-report", .activate = kessel_window_after_action_report_activated },
  { .name = "new-game", .activate = kessel_window_new_game_activated },
  { .name = "new-pbem-game", .activate = kessel_window_new_pbem_game_activated },
  { .name = "open-pbem-turn", .activate = kessel_window_open_pbem_turn_activated },
  { .name = "send-pbem-turn", .activate = kessel_window_send_pbem_turn_activated },
  { .name = "save-pbem-turn-again", .activate = kessel_window_save_pbem_turn_again_activated },
  { .name = "host-network-game", .activate = kessel_window_host_network_game_activated },
  { .name = "join-network-game", .activate = kessel_window_join_network_game_activated },
  { .name = "pbem-action-played", .activate = kessel_window_pbem_action_played_activated },
  { .name = "email-pbem-turn", .activate = kessel_window_email_pbem_turn_activated },
  { .name = "standing-orders", .activate = kessel_window_standing_orders_activated },
  { .name = "turn-folder", .activate = kessel_window_turn_folder_activated },
  { .name = "save-game", .activate = kessel_window_save_game_activated },
  { .name = "save-game-as", .activate = kessel_window_save_game_as_activated },
  { .name = "undo", .activate = undo_activated },
  { .name = "redo", .activate = redo_activated },
  { .name = "end-part", .activate = end_part_activated },
  { .name = "cancel", .activate = cancel_activated },
  { .name = "attack", .activate = attack_activated },
  { .name = "next-unit", .parameter_type = "i", .activate = next_unit_activated },
  { .name = "play-action", .parameter_type = "s", .activate = play_action_activated },
  { .name = "stop-computer", .activate = stop_computer_activated },
  { .name = "unit-info", .activate = kessel_window_unit_info_activated },
  { .name = "show-unit", .parameter_type = "i", .activate = kessel_window_show_unit_activated },
  { .name = "order-of-battle", .activate = kessel_window_order_of_battle_activated },
  { .name = "computer-pace", .parameter_type = "s", .state = "'normal'", .change_state = computer_pace_changed },
  { .name = "show-zoc", .state = "false", .change_state = overlay_changed },
  { .name = "show-lines", .state = "false", .change_state = overlay_changed },
  { .name = "show-kg-ranges", .state = "false", .change_state = overlay_changed },
};

void
kessel_window_add_actions (KesselWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), actions, G_N_ELEMENTS (actions), self);
  kessel_window_sync_play_actions (self);
}
