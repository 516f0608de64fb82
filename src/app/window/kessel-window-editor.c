/* kessel-window-editor.c: the switch between play and the scenario editor,
 * which share the map: what each leaves and finds, and which actions stand
 * still meanwhile. */
#include "kessel-config.h"

#include "kessel-window-private.h"

static KesselEditor *ensure_editor (KesselWindow *self);

gboolean
kessel_window_is_editing (KesselWindow *self)
{
  return self->editor != NULL && kessel_editor_get_active (self->editor);
}

/* While editing, the keys of play's new, save and undo act on the scenario. */
gboolean
kessel_window_editor_takes (KesselWindow *self,
                            const char   *editor_action)
{
  if (!kessel_window_is_editing (self))
    return FALSE;
  g_action_group_activate_action (kessel_editor_get_actions (self->editor), editor_action, NULL);
  return TRUE;
}

/* Play's actions stand still while the editor has the map. New, save and
 * undo keep their keys and act on the scenario being edited instead. */
static const char *const play_only_actions[] = {
  "end-part", "cancel", "attack", "next-unit", "play-action", "show-zoc", "show-lines", "show-kg-ranges",
  "stop-computer", "watch-replay", "watch-replay-file", "after-action-report",
};
static const char *const shared_actions[] = {
  "new-game", "save-game", "save-game-as", "undo", "redo",
};

static void
editor_changed (KesselWindow *self)
{
  /* A yes to closing without saving held for the edits made until then. */
  self->editor_discarded = FALSE;
  kessel_window_update_title (self);
  kessel_window_update_undo_menu (self);
}

static gboolean
shows_same_scenario (KesselScenario *edited, KesselScenario *played)
{
  return edited != NULL && kessel_scenario_equal (edited, played)
         && g_strcmp0 (kessel_scenario_get_file_name (edited), kessel_scenario_get_file_name (played)) == 0;
}

static void
leave_play (KesselWindow *self)
{
  g_set_object (&self->play_scenario, kessel_map_view_get_scenario (self->map_view));
  kessel_computer_opponent_set_paused (self->computer, TRUE);   /* the game waits while the map is edited */
  kessel_play_panel_set_game (self->play_panel, NULL);
  /* The scenario of play, unless the editor holds unsaved edits, or that
   * scenario already, with its undo history. */
  if (self->play_scenario != NULL && !kessel_editor_is_modified (self->editor)
      && !shows_same_scenario (kessel_editor_get_scenario (self->editor), self->play_scenario))
    kessel_editor_edit (self->editor, self->play_scenario);
}

static void
return_to_play (KesselWindow *self)
{
  g_autoptr(KesselScenario) scenario = g_steal_pointer (&self->play_scenario);

  kessel_map_view_set_scenario (self->map_view, scenario);
  kessel_hex_info_panel_set_scenario (self->info_panel, scenario);
  kessel_play_panel_set_game (self->play_panel, self->game);
  kessel_computer_opponent_set_paused (self->computer, FALSE);
}

void
kessel_window_set_editing (KesselWindow *self, gboolean editing)
{
  if (kessel_window_is_editing (self) == !!editing)
    return;
  if (editing)
    {
      ensure_editor (self);
      leave_play (self);
    }
  kessel_editor_set_active (self->editor, editing);
  if (!editing)
    return_to_play (self);
  gtk_stack_set_visible_child_name (self->side_stack, editing ? "edit" : "play");
  for (guint i = 0; i < G_N_ELEMENTS (play_only_actions); i++)
    g_simple_action_set_enabled (kessel_window_lookup_action (self, play_only_actions[i]), !editing);
  for (guint i = 0; i < G_N_ELEMENTS (shared_actions); i++)
    g_simple_action_set_enabled (kessel_window_lookup_action (self, shared_actions[i]), editing);
  if (!editing)
    kessel_window_sync_play_actions (self);
  g_simple_action_set_state (kessel_window_lookup_action (self, "editor"), g_variant_new_boolean (editing));
  kessel_window_update_title (self);
  kessel_window_update_undo_menu (self);
  if (editing && kessel_editor_get_history (self->editor) == NULL)
    g_action_group_activate_action (kessel_editor_get_actions (self->editor), "new", NULL);
}

void
kessel_window_editor_toggled (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  kessel_window_set_editing (user_data, g_variant_get_boolean (state));
}

/* Play this scenario: back to play, with the editor's scenario and the New
 * Game dialog, once a game in play with unsaved moves is given up. */
static void
play_scenario (KesselWindow *self, KesselScenario *scenario)
{
  kessel_window_set_editing (self, FALSE);
  if (kessel_window_ask_before_replacing (self, NULL))
    {
      g_set_object (&self->pending_play, scenario);
      return;
    }
  kessel_window_set_game (self, NULL, NULL);
  kessel_window_show_scenario (self, scenario);
  kessel_window_show_new_game_dialog (self);
}

/* The editor is built the first time it is wanted: most sessions only
 * play, and its panels would double the widgets the window starts with. */
static KesselEditor *
ensure_editor (KesselWindow *self)
{
  if (self->editor != NULL)
    return self->editor;
  self->editor = KESSEL_EDITOR (kessel_editor_new (self->map_view));
  gtk_stack_add_named (self->side_stack, GTK_WIDGET (self->editor), "edit");
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", kessel_editor_get_actions (self->editor));
  g_signal_connect_swapped (self->editor, "changed", G_CALLBACK (editor_changed), self);
  g_signal_connect_swapped (self->editor, "play-scenario", G_CALLBACK (play_scenario), self);
  return self->editor;
}

KesselEditor *
kessel_window_get_editor (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return ensure_editor (self);
}
