/* kessel-editor.c: the editor's side panel and actions. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-editor-private.h"
#include "kessel-place-popover.h"

enum { PLAY_SCENARIO, CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselEditor, kessel_editor, GTK_TYPE_WIDGET)

#define PANEL_WIDTH 540

enum { PAGE_MAP, PAGE_UNITS, PAGE_SCHEDULE, PAGE_SCENARIO, PAGE_PROBLEMS, PAGE_BALANCE };

/* Helpers */

static GSimpleAction *
lookup (KesselEditor *self, const char *name)
{
  return G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), name));
}

GtkWindow *
kessel_editor_parent_window (KesselEditor *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}

void
kessel_editor_show_message (KesselEditor *self, GtkMessageType type, const char *primary, const char *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (kessel_editor_parent_window (self),
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              type, GTK_BUTTONS_CLOSE, "%s", primary);

  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

KesselScenario *
kessel_editor_get_scenario (KesselEditor *self)
{
  return self->history != NULL ? kessel_edit_history_get_scenario (self->history) : NULL;
}

static KesselMap *
edited_map (KesselEditor *self)
{
  return kessel_scenario_get_map (kessel_editor_get_scenario (self));
}

static char *
hex_name (KesselEditor *self, int hex)
{
  return kessel_grid_format_hex (kessel_map_get_grid (edited_map (self)), hex);
}

static void
show_hex (KesselEditor *self, int hex)
{
  if (hex == KESSEL_HEX_NONE)
    return;
  kessel_map_view_scroll_to_hex (self->view, hex);
  kessel_map_view_set_cursor_hex (self->view, hex);
}

/* Text typed but not yet committed (a description being written while the
 * map is clicked) becomes an edit before anything else happens. */
static void
commit_pending (KesselEditor *self)
{
  if (self->history == NULL)
    return;
  kessel_map_tools_finish_stroke (self->tools);
  kessel_scenario_properties_commit_pending (self->properties);
  kessel_counter_mix_commit_pending (self->counter_mix);
  /* Closing the name field on the map commits the name typed in it. */
  if (self->place_popover != NULL && gtk_widget_get_visible (GTK_WIDGET (self->place_popover)))
    gtk_popover_popdown (self->place_popover);
}

void
kessel_editor_commit_pending (KesselEditor *self)
{
  commit_pending (self);
}

/* Following the history */

static gboolean
same_names (GtkStringList *list, const char **names, int n)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (list)) != (guint) n)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), names[i]) != 0)
      return FALSE;
  return TRUE;
}

/* The river names are replaced only when they changed: the dropdown then
 * makes its rows again. */
static void
sync_rivers (KesselEditor *self)
{
  KesselMap *map = edited_map (self);
  int n = kessel_map_get_n_rivers (map);
  int river = kessel_map_tools_get_river (self->tools);
  const char **names = g_new0 (const char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = kessel_map_get_river (map, i)->name;
  if (!same_names (self->river_names, names, n))
    gtk_string_list_splice (self->river_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->river_names)),
                            names);
  g_free (names);
  if (river >= n)
    river = n - 1;
  if (river < 0 && n > 0)
    river = 0;
  kessel_map_tools_set_river (self->tools, river);
  gtk_drop_down_set_selected (self->river_choice, river < 0 ? GTK_INVALID_LIST_POSITION : (guint) river);
  gtk_widget_set_sensitive (GTK_WIDGET (self->river_major), river >= 0);
  gtk_check_button_set_active (self->river_major, river >= 0 && kessel_map_get_river (map, river)->major);
}

static void
sync_problems_tab (KesselEditor *self)
{
  int errors = kessel_problem_list_get_n_errors (self->problems);
  int warnings = kessel_problem_list_get_n_warnings (self->problems);
  g_autofree char *text = NULL;
  g_autofree char *count = NULL;

  if (errors + warnings == 0)
    text = g_strdup (_("Problems"));
  else
    /* Translators: the tab of the problem list, with the number of problems. */
    text = g_strdup_printf (_("Problems (%d)"), errors + warnings);
  count = errors + warnings > 0 ? g_strdup_printf ("%d", errors + warnings) : NULL;
  gtk_label_set_text (self->problems_count, count);
  gtk_widget_set_visible (GTK_WIDGET (self->problems_count), count != NULL);
  gtk_widget_set_tooltip_text (self->problems_tab, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->problems_tab), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
}

/* After the problem list's own check, which runs when the main loop is idle. */
static gboolean
sync_problems_tab_later (gpointer data)
{
  KesselEditor *self = data;

  self->problems_tab_id = 0;
  sync_problems_tab (self);
  return G_SOURCE_REMOVE;
}

/* The editor's actions work only while it has the map; most also need a
 * scenario to work on. */
static void
sync_actions (KesselEditor *self)
{
  static const char *const need_scenario[] = {
    "tool", "terrain", "brush-size", "brush-smaller", "brush-larger", "place-kind",
    "edge-role", "control-side", "save", "save-as", "play",
  };
  gboolean editing = self->active && self->history != NULL;

  g_simple_action_set_enabled (lookup (self, "new"), self->active);
  g_simple_action_set_enabled (lookup (self, "open"), self->active);
  for (guint i = 0; i < G_N_ELEMENTS (need_scenario); i++)
    g_simple_action_set_enabled (lookup (self, need_scenario[i]), editing);
  g_simple_action_set_enabled (lookup (self, "undo"), editing && kessel_edit_history_can_undo (self->history));
  g_simple_action_set_enabled (lookup (self, "redo"), editing && kessel_edit_history_can_redo (self->history));
}

static void
history_changed (KesselEditor *self)
{
  KesselScenario *scenario = kessel_editor_get_scenario (self);

  self->syncing = TRUE;
  if (self->active)
    {
      if (kessel_map_view_get_scenario (self->view) != scenario)
        kessel_map_view_replace_scenario (self->view, scenario);
      else
        kessel_map_view_refresh_units (self->view);
    }
  sync_rivers (self);
  sync_actions (self);
  self->syncing = FALSE;
  if (self->problems_tab_id == 0)
    self->problems_tab_id = g_idle_add_full (G_PRIORITY_LOW, sync_problems_tab_later, self, NULL);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
kessel_editor_set_history (KesselEditor *self, KesselEditHistory *history)
{
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_set_object (&self->history, history);
  g_signal_connect_swapped (history, "changed", G_CALLBACK (history_changed), self);
  kessel_map_tools_set_history (self->tools, history);
  kessel_place_popover_set_history (KESSEL_PLACE_POPOVER (self->place_popover), history);
  kessel_counter_mix_set_history (self->counter_mix, history);
  kessel_schedule_view_set_history (self->schedule, history);
  kessel_scenario_properties_set_history (self->properties, history);
  kessel_problem_list_set_history (self->problems, history);
  kessel_balance_page_set_history (self->balance, history);
  if (self->active)
    kessel_map_view_set_scenario (self->view, kessel_editor_get_scenario (self));
  history_changed (self);
}

void
kessel_editor_edit (KesselEditor *self, KesselScenario *scenario)
{
  g_autoptr(KesselScenario) copy = kessel_scenario_copy (scenario);
  g_autoptr(KesselEditHistory) history = kessel_edit_history_new (copy);

  kessel_edit_history_mark_saved (history);
  kessel_editor_set_history (self, history);
}

KesselEditHistory *kessel_editor_get_history (KesselEditor *self) { return self->history; }
GtkWidget *kessel_editor_get_counter_mix (KesselEditor *self) { return GTK_WIDGET (self->counter_mix); }
GtkWidget *kessel_editor_get_schedule_view (KesselEditor *self) { return GTK_WIDGET (self->schedule); }
GtkWidget *kessel_editor_get_problem_list (KesselEditor *self) { return GTK_WIDGET (self->problems); }
GtkPopover *kessel_editor_get_place_popover (KesselEditor *self) { return self->place_popover; }
GtkEditable *
kessel_editor_get_place_name_field (KesselEditor *self)
{
  return kessel_place_popover_get_name_field (KESSEL_PLACE_POPOVER (self->place_popover));
}
KesselMapTools *kessel_editor_get_tools (KesselEditor *self) { return self->tools; }
GActionGroup *kessel_editor_get_actions (KesselEditor *self) { return G_ACTION_GROUP (self->actions); }
gboolean kessel_editor_get_active (KesselEditor *self) { return self->active; }

gboolean
kessel_editor_is_modified (KesselEditor *self)
{
  return self->history != NULL && kessel_edit_history_is_modified (self->history);
}

int
kessel_editor_count_errors (KesselEditor *self)
{
  kessel_problem_list_refresh_now (self->problems);
  sync_problems_tab (self);
  return kessel_problem_list_get_n_errors (self->problems);
}

/* Edits from the map */

gboolean
kessel_editor_place_unit (KesselEditor *self, const char *unit_id, int hex)
{
  KesselUnit *unit = kessel_scenario_find_unit (kessel_editor_get_scenario (self), unit_id);
  g_autofree char *where = NULL;
  g_autofree char *name = NULL;

  if (unit == NULL || hex == KESSEL_HEX_NONE)
    return FALSE;
  kessel_unit_set_setup_hex (unit, hex);
  kessel_unit_set_arrival_turn (unit, 0);
  where = hex_name (self, hex);
  /* Translators: a unit's counter label, then a hex number. */
  name = g_strdup_printf (_("Set up %s in %s"), kessel_unit_get_title (unit), where);
  kessel_edit_history_commit (self->history, name);
  kessel_counter_mix_select_unit (self->counter_mix, unit_id);
  return TRUE;
}

static gboolean
view_drop (KesselMapView *view, const char *text, int hex, KesselEditor *self)
{
  if (!self->active || !g_str_has_prefix (text, KESSEL_UNIT_DRAG_PREFIX))
    return FALSE;
  return kessel_editor_place_unit (self, text + strlen (KESSEL_UNIT_DRAG_PREFIX), hex);
}

void
kessel_editor_rename_place (KesselEditor *self, int hex, const char *name)
{
  KesselPlaceChoice choice = kessel_place_edit_get (edited_map (self), hex, NULL);

  if (choice != KESSEL_PLACE_CHOICE_NONE && kessel_place_edit_set (self->history, hex, choice, name))
    kessel_map_view_refresh_hexes (self->view, &hex, 1);
}

static void
place_clicked (KesselMapTools *tools, int hex, KesselEditor *self)
{
  kessel_place_popover_open (KESSEL_PLACE_POPOVER (self->place_popover), hex,
                             kessel_map_tools_get_place_choice (tools));
}

/* The select tool shows a hex's units in the counter mix. */
static void
hex_picked (KesselMapTools *tools, int hex, KesselEditor *self)
{
  g_autoptr(GPtrArray) units = kessel_scenario_get_units_set_up_at (kessel_editor_get_scenario (self), hex);

  kessel_map_view_set_cursor_hex (self->view, hex);
  if (units->len == 0)
    return;
  kessel_counter_mix_select_unit (self->counter_mix, kessel_unit_get_id (g_ptr_array_index (units, 0)));
  gtk_notebook_set_current_page (self->notebook, PAGE_UNITS);
}

static void
unit_activated (KesselEditor *self, const char *id)
{
  KesselUnit *unit = kessel_scenario_find_unit (kessel_editor_get_scenario (self), id);

  if (unit != NULL)
    show_hex (self, kessel_unit_get_setup_hex (unit));
}

static void
problem_activated (KesselEditor *self, int hex, const char *unit_id)
{
  if (unit_id != NULL)
    {
      kessel_counter_mix_select_unit (self->counter_mix, unit_id);
      gtk_notebook_set_current_page (self->notebook, PAGE_UNITS);
      if (hex == KESSEL_HEX_NONE)
        unit_activated (self, unit_id);
    }
  show_hex (self, hex);
}

/* Tool options */

static void
river_selected (KesselEditor *self)
{
  guint selected = gtk_drop_down_get_selected (self->river_choice);
  KesselMap *map;

  if (self->syncing || self->history == NULL)
    return;
  map = edited_map (self);
  if (selected == GTK_INVALID_LIST_POSITION || (int) selected >= kessel_map_get_n_rivers (map))
    return;
  kessel_map_tools_set_river (self->tools, selected);
  self->syncing = TRUE;
  gtk_check_button_set_active (self->river_major, kessel_map_get_river (map, selected)->major);
  self->syncing = FALSE;
}

static void
river_major_toggled (KesselEditor *self)
{
  int river = kessel_map_tools_get_river (self->tools);
  gboolean major = gtk_check_button_get_active (self->river_major);
  KesselMap *map;
  g_autofree char *name = NULL;
  g_autofree char *edit = NULL;

  if (self->syncing || river < 0)
    return;
  map = edited_map (self);
  name = g_strdup (kessel_map_get_river (map, river)->name);
  kessel_map_set_river (map, river, name, major);
  kessel_map_view_refresh_hexes (self->view, NULL, -1);
  edit = g_strdup_printf (major ? _("Make the %s a major river") : _("Make the %s a minor river"), name);
  kessel_edit_history_commit (self->history, edit);
}

int
kessel_editor_add_river (KesselEditor *self, const char *name, gboolean major)
{
  KesselMap *map;
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  g_autofree char *edit = NULL;
  int river;

  if (self->history == NULL || stripped[0] == '\0')
    return KESSEL_RIVER_NONE;
  map = edited_map (self);
  river = kessel_map_find_river (map, stripped);
  if (river == KESSEL_RIVER_NONE)
    {
      river = kessel_map_add_river (map, stripped, major);
      edit = g_strdup_printf (_("Add the river %s"), stripped);
      kessel_map_tools_set_river (self->tools, river);
      kessel_edit_history_commit (self->history, edit);
      return river;
    }
  kessel_map_tools_set_river (self->tools, river);
  sync_rivers (self);
  return river;
}

static void
new_river_activated (KesselEditor *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->new_river_name));

  if (kessel_editor_add_river (self, name, FALSE) != KESSEL_RIVER_NONE)
    gtk_editable_set_text (GTK_EDITABLE (self->new_river_name), "");
}

/* Actions: tool settings */

static void
tool_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  KesselEditor *self = data;
  const char *name = g_variant_get_string (state, NULL);
  KesselTool tool;

  if (!kessel_tool_from_string (name, &tool))
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_tool (self->tools, tool);
  gtk_stack_set_visible_child_name (self->tool_options, name);
  gtk_notebook_set_current_page (self->notebook, PAGE_MAP);
  kessel_map_view_set_show_control (self->view, tool == KESSEL_TOOL_CONTROL);
}

static void
terrain_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  KesselEditor *self = data;
  KesselTerrain terrain;

  if (!kessel_terrain_from_string (g_variant_get_string (state, NULL), &terrain))
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_terrain (self->tools, terrain);
}

/* Smaller and Larger only while there is a smaller or larger brush. */
static void
sync_brush_steps (KesselEditor *self, int size)
{
  GActionMap *actions = G_ACTION_MAP (self->actions);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (actions, "brush-smaller")), size > 1);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (actions, "brush-larger")),
                               size < KESSEL_MAX_BRUSH_SIZE);
}

static void
brush_size_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  KesselEditor *self = data;
  int size = atoi (g_variant_get_string (state, NULL));

  if (size < 1 || size > KESSEL_MAX_BRUSH_SIZE)
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_brush_size (self->tools, size);
  sync_brush_steps (self, size);
}

static void
change_brush_by (KesselEditor *self, int step)
{
  int size = CLAMP (kessel_map_tools_get_brush_size (self->tools) + step, 1, KESSEL_MAX_BRUSH_SIZE);
  g_autofree char *text = g_strdup_printf ("%d", size);

  g_action_group_change_action_state (G_ACTION_GROUP (self->actions), "brush-size", g_variant_new_string (text));
}

static void
brush_smaller_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  change_brush_by (data, -1);
}

static void
brush_larger_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  change_brush_by (data, 1);
}

static void
place_kind_action_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  KesselPlaceChoice choice;

  if (!kessel_place_choice_from_string (g_variant_get_string (state, NULL), &choice))
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_place_choice (KESSEL_EDITOR (data)->tools, choice);
}

static void
edge_role_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  KesselEdgeRole role;

  if (!kessel_edge_role_from_string (g_variant_get_string (state, NULL), &role))
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_edge_role (KESSEL_EDITOR (data)->tools, role);
}

static void
control_side_changed (GSimpleAction *action, GVariant *state, gpointer data)
{
  const char *name = g_variant_get_string (state, NULL);
  KesselSide side = KESSEL_SIDE_NONE;

  if (!g_str_equal (name, "none") && !kessel_side_from_string (name, &side))
    return;
  g_simple_action_set_state (action, state);
  kessel_map_tools_set_control_side (KESSEL_EDITOR (data)->tools, side);
}

static void
undo_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  commit_pending (data);
  kessel_edit_history_undo (KESSEL_EDITOR (data)->history);
}

static void
redo_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  commit_pending (data);
  kessel_edit_history_redo (KESSEL_EDITOR (data)->history);
}

static void
play_activated (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  KesselEditor *self = data;
  g_autoptr(KesselScenario) copy = NULL;
  int errors;

  if (self->history == NULL)
    return;
  commit_pending (self);
  errors = kessel_editor_count_errors (self);
  if (errors > 0)
    {
      gtk_notebook_set_current_page (self->notebook, PAGE_PROBLEMS);
      kessel_editor_show_message (self, GTK_MESSAGE_INFO, _("The scenario cannot be played yet"),
                                  _("Fix the errors listed under Problems first."));
      return;
    }
  copy = kessel_scenario_copy (kessel_editor_get_scenario (self));
  g_signal_emit (self, signals[PLAY_SCENARIO], 0, copy);
}

static const GActionEntry editor_actions[] = {
  { .name = "tool", .parameter_type = "s", .state = "'select'", .change_state = tool_changed },
  { .name = "terrain", .parameter_type = "s", .state = "'forest'", .change_state = terrain_changed },
  { .name = "brush-size", .parameter_type = "s", .state = "'1'", .change_state = brush_size_changed },
  { .name = "brush-smaller", .activate = brush_smaller_activated },
  { .name = "brush-larger", .activate = brush_larger_activated },
  { .name = "place-kind", .parameter_type = "s", .state = "'town'", .change_state = place_kind_action_changed },
  { .name = "edge-role", .parameter_type = "s", .state = "'entry'", .change_state = edge_role_changed },
  { .name = "control-side", .parameter_type = "s", .state = "'german'", .change_state = control_side_changed },
  { .name = "undo", .activate = undo_activated },
  { .name = "redo", .activate = redo_activated },
  { .name = "new", .activate = kessel_editor_activate_new },
  { .name = "open", .activate = kessel_editor_activate_open },
  { .name = "save", .activate = kessel_editor_activate_save },
  { .name = "save-as", .activate = kessel_editor_activate_save_as },
  { .name = "play", .activate = play_activated },
};

void
kessel_editor_set_active (KesselEditor *self, gboolean active)
{
  if (self->active == !!active)
    return;
  if (!active)
    commit_pending (self);
  self->active = !!active;
  kessel_map_view_set_editing (self->view, active);
  kessel_map_view_set_show_control (self->view,
                                    active && kessel_map_tools_get_tool (self->tools) == KESSEL_TOOL_CONTROL);
  if (active && self->history != NULL)
    kessel_map_view_set_scenario (self->view, kessel_editor_get_scenario (self));
  if (!active && self->place_popover != NULL)
    gtk_popover_popdown (self->place_popover);
  sync_actions (self);
}

/* GObject */

static void
kessel_editor_dispose (GObject *object)
{
  KesselEditor *self = KESSEL_EDITOR (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_handle_id (&self->problems_tab_id, g_source_remove);
  if (self->place_popover != NULL)
    {
      if (gtk_widget_get_parent (GTK_WIDGET (self->place_popover)) != NULL)
        gtk_widget_unparent (GTK_WIDGET (self->place_popover));
      g_clear_object (&self->place_popover);
    }
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  if (self->tools != NULL)
    g_signal_handlers_disconnect_by_data (self->tools, self);
  g_clear_object (&self->history);
  g_clear_object (&self->tools);
  g_clear_object (&self->view);
  g_clear_object (&self->actions);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_EDITOR);
  G_OBJECT_CLASS (kessel_editor_parent_class)->dispose (object);
}

/* The panel asks for no more width than it needs at least (or PANEL_WIDTH),
 * so that the map beside it gets the rest of the window whatever the
 * natural width of long hints and the counter mix's columns. */
static void
kessel_editor_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  KesselEditor *self = KESSEL_EDITOR (widget);

  gtk_widget_measure (GTK_WIDGET (self->notebook), orientation, for_size, minimum, natural, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *natural = MAX (*minimum, PANEL_WIDTH);
}

static void
kessel_editor_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  gtk_widget_allocate (GTK_WIDGET (KESSEL_EDITOR (widget)->notebook), width, height, baseline, NULL);
}

static void
kessel_editor_class_init (KesselEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_editor_dispose;
  widget_class->measure = kessel_editor_measure;
  widget_class->size_allocate = kessel_editor_size_allocate;

  /* Play this scenario: a copy of what is in the editor. */
  signals[PLAY_SCENARIO] = g_signal_new ("play-scenario", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, KESSEL_TYPE_SCENARIO);
  /* After each edit, undo, redo, save and open: for titles and menus. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (KESSEL_TYPE_COUNTER_MIX);
  g_type_ensure (KESSEL_TYPE_SCHEDULE_VIEW);
  g_type_ensure (KESSEL_TYPE_SCENARIO_PROPERTIES);
  g_type_ensure (KESSEL_TYPE_PROBLEM_LIST);
  g_type_ensure (KESSEL_TYPE_BALANCE_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, notebook);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, tool_options);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, river_choice);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, river_names);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, river_major);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, new_river_name);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, problems_tab);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, problems_count);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, counter_mix);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, schedule);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, properties);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, problems);
  gtk_widget_class_bind_template_child (widget_class, KesselEditor, balance);
  gtk_widget_class_bind_template_callback (widget_class, unit_activated);
  gtk_widget_class_bind_template_callback (widget_class, problem_activated);
  gtk_widget_class_bind_template_callback (widget_class, river_selected);
  gtk_widget_class_bind_template_callback (widget_class, river_major_toggled);
  gtk_widget_class_bind_template_callback (widget_class, new_river_activated);
}

static void
kessel_editor_init (KesselEditor *self)
{
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), editor_actions,
                                   G_N_ELEMENTS (editor_actions), self);
  sync_brush_steps (self, 1);
  gtk_widget_init_template (GTK_WIDGET (self));
  sync_actions (self);
}

/* The tools' single keys, for the map and the panel. They act in the bubble
 * phase, after a text field had the chance to take the letter typed. */
static GtkEventController *
tool_keys_new (void)
{
  static const struct { guint key; const char *action; const char *tool; } keys[] = {
    { GDK_KEY_s, "editor.tool", "select" }, { GDK_KEY_t, "editor.tool", "terrain" },
    { GDK_KEY_r, "editor.tool", "river" }, { GDK_KEY_o, "editor.tool", "place" },
    { GDK_KEY_e, "editor.tool", "edge" }, { GDK_KEY_x, "editor.tool", "closed" },
    { GDK_KEY_c, "editor.tool", "control" },
    { GDK_KEY_bracketleft, "editor.brush-smaller", NULL },
    { GDK_KEY_bracketright, "editor.brush-larger", NULL },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].key, 0),
                                                gtk_named_action_new (keys[i].action));
      if (keys[i].tool != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_string (keys[i].tool));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  return controller;
}

GtkWidget *
kessel_editor_new (KesselMapView *view)
{
  KesselEditor *self = g_object_new (KESSEL_TYPE_EDITOR, NULL);

  self->view = g_object_ref (view);
  self->tools = kessel_map_tools_new (view);
  self->place_popover = GTK_POPOVER (kessel_place_popover_new (view));
  g_signal_connect (view, "drop", G_CALLBACK (view_drop), self);
  g_signal_connect (self->tools, "place-clicked", G_CALLBACK (place_clicked), self);
  g_signal_connect (self->tools, "hex-picked", G_CALLBACK (hex_picked), self);
  /* The whole panel, where the actions are found; the window adds them too. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "editor", G_ACTION_GROUP (self->actions));
  gtk_widget_add_controller (GTK_WIDGET (view), tool_keys_new ());
  gtk_widget_add_controller (GTK_WIDGET (self), tool_keys_new ());
  return GTK_WIDGET (self);
}
