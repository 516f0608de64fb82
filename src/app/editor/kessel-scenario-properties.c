/* kessel-scenario-properties.c: the editor's page for the scenario as a
 * whole: title, description, length, victory points, starting markers and
 * the optional rules it is played with. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-text.h"
#include "kessel-rules-options.h"
#include "kessel-scenario-properties.h"

#define MAX_TITLE_LENGTH 200   /* the file format's limit */

/* The fields of the victory point table, in the order of the rules. */
enum {
  VICTORY_TOWN,
  VICTORY_FORTIFIED,
  VICTORY_OUT_OF_COMMAND,
  VICTORY_CORPS_EXIT,
  VICTORY_CORPS_EXIT_CAP,
  VICTORY_SOVIET_WINS_AT,
  VICTORY_DRAW_FROM,
};

/* Each with the most the file format allows. */
static const struct {
  gsize offset;
  const char *label;
  const char *rule;
  int max;
} victory_fields[] = {
#define FIELD(name) G_STRUCT_OFFSET (KesselVictoryTable, name)
#define EACH KESSEL_SCENARIO_MAX_VP_EACH
#define TOTAL KESSEL_SCENARIO_MAX_VP
  [VICTORY_TOWN] = { FIELD (town), N_("Per Soviet t_own hex"), "4.1-1", EACH },
  [VICTORY_FORTIFIED] = { FIELD (fortified), N_("Per Soviet fortified _locality"), "4.1-2", EACH },
  [VICTORY_OUT_OF_COMMAND] = { FIELD (out_of_command), N_("Per German town or FL out of _C&C"), "4.1-3", EACH },
  [VICTORY_CORPS_EXIT] = { FIELD (corps_exit), N_("Per Soviet co_rps exited"), "4.1-4", EACH },
  [VICTORY_CORPS_EXIT_CAP] = { FIELD (corps_exit_cap), N_("Exit VP at _most"), "4.1-4", TOTAL },
  [VICTORY_SOVIET_WINS_AT] = { FIELD (soviet_wins_at), N_("Soviet _victory from"), "4.3", TOTAL },
  [VICTORY_DRAW_FROM] = { FIELD (draw_from), N_("Dr_aw from"), "4.3", TOTAL },
#undef TOTAL
#undef EACH
#undef FIELD
};

#define N_VICTORY_FIELDS G_N_ELEMENTS (victory_fields)

struct _KesselScenarioProperties
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  gulong changed_id;
  gboolean refreshing;         /* the widgets are being set from the scenario */
  gboolean title_dirty;        /* typed, not committed yet */
  gboolean description_dirty;

  GtkWidget *scrolled;
  GtkEntry *title_entry;
  GtkTextView *description_view;
  GtkSpinButton *turns_spin;
  GtkSpinButton *victory_spins[N_VICTORY_FIELDS];
  GtkDropDown *weather_dropdown;
  GtkSpinButton *soviet_vp_spin;
  GtkCheckButton **option_checks;   /* one per known rules option */
  guint n_options;
};

G_DEFINE_FINAL_TYPE (KesselScenarioProperties, kessel_scenario_properties, GTK_TYPE_WIDGET)

static KesselScenario *
scenario (KesselScenarioProperties *self)
{
  return kessel_edit_history_get_scenario (self->history);
}

/* Whether a change of a widget is the user's, to be committed. */
static gboolean
editing (KesselScenarioProperties *self)
{
  return self->history != NULL && !self->refreshing;
}

static char *
victory_edit_name (guint field, int value)
{
  switch (field)
    {
    /* Translators: this and the edit names that follow appear in the Edit
     * menu as "Undo Set VP per …"; %d is a number of victory points. */
    case VICTORY_TOWN: return g_strdup_printf (_("Set VP per Soviet town hex to %d"), value);
    case VICTORY_FORTIFIED: return g_strdup_printf (_("Set VP per Soviet fortified locality to %d"), value);
    case VICTORY_OUT_OF_COMMAND: return g_strdup_printf (_("Set VP per German town or FL out of C&C to %d"), value);
    case VICTORY_CORPS_EXIT: return g_strdup_printf (_("Set VP per Soviet corps exited to %d"), value);
    case VICTORY_CORPS_EXIT_CAP: return g_strdup_printf (_("Set the most VP for exits to %d"), value);
    case VICTORY_SOVIET_WINS_AT: return g_strdup_printf (_("Set Soviet victory from %d VP"), value);
    case VICTORY_DRAW_FROM: return g_strdup_printf (_("Set draw from %d VP"), value);
    default: g_return_val_if_reached (NULL);
    }
}

static int *
victory_field (KesselVictoryTable *victory, guint field)
{
  return G_STRUCT_MEMBER_P (victory, victory_fields[field].offset);
}

/* ---- From the widgets to the scenario ---- */

static void
commit_title (KesselScenarioProperties *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->title_entry));

  g_autofree char *stripped = g_strstrip (g_strdup (text));

  if (!editing (self) || !self->title_dirty)
    return;
  self->title_dirty = FALSE;
  /* Every scenario file has a title: an emptied field takes the old one back. */
  if (stripped[0] == '\0')
    {
      gtk_editable_set_text (GTK_EDITABLE (self->title_entry), kessel_scenario_get_title (scenario (self)));
      self->title_dirty = FALSE;
      return;
    }
  kessel_scenario_set_title (scenario (self), text);
  kessel_edit_history_commit (self->history, _("Change the title"));
}

static char *
description_text (KesselScenarioProperties *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->description_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
commit_description (KesselScenarioProperties *self)
{
  g_autofree char *text = NULL;

  if (!editing (self) || !self->description_dirty)
    return;
  self->description_dirty = FALSE;
  text = description_text (self);
  kessel_scenario_set_description (scenario (self), text);
  kessel_edit_history_commit (self->history, _("Change the description"));
}

static void
title_changed (GtkEditable *editable, KesselScenarioProperties *self)
{
  if (editing (self))
    self->title_dirty = TRUE;
}

static void
title_activated (GtkEntry *entry, KesselScenarioProperties *self)
{
  commit_title (self);
}

static void
title_focus_left (GtkEventControllerFocus *controller, KesselScenarioProperties *self)
{
  commit_title (self);
}

static void
description_changed (GtkTextBuffer *buffer, KesselScenarioProperties *self)
{
  if (editing (self))
    self->description_dirty = TRUE;
}

static void
description_focus_left (GtkEventControllerFocus *controller, KesselScenarioProperties *self)
{
  commit_description (self);
}

static void
turns_changed (GtkSpinButton *spin, KesselScenarioProperties *self)
{
  int turns = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *name = NULL;

  if (!editing (self))
    return;
  kessel_scenario_set_turns (scenario (self), turns);
  /* Translators: an edit in the Edit menu; %d is the number of turns the game lasts. */
  name = g_strdup_printf (_("Set turns to %d"), turns);
  kessel_edit_history_commit (self->history, name);
}

static void
victory_changed (GtkSpinButton *spin, KesselScenarioProperties *self)
{
  KesselVictoryTable victory;
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *name = NULL;
  guint field = 0;

  if (!editing (self))
    return;
  while (field < N_VICTORY_FIELDS && self->victory_spins[field] != spin)
    field++;
  g_return_if_fail (field < N_VICTORY_FIELDS);
  victory = *kessel_scenario_get_victory (scenario (self));
  *victory_field (&victory, field) = value;
  kessel_scenario_set_victory (scenario (self), &victory);
  name = victory_edit_name (field, value);
  kessel_edit_history_commit (self->history, name);
}

static void
weather_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselScenarioProperties *self)
{
  KesselStartMarkers start;
  g_autofree char *name = NULL;

  if (!editing (self) || gtk_drop_down_get_selected (dropdown) >= KESSEL_N_WEATHERS)
    return;
  start = *kessel_scenario_get_start (scenario (self));
  start.weather = gtk_drop_down_get_selected (dropdown);
  kessel_scenario_set_start (scenario (self), &start);
  /* Translators: an edit in the Edit menu; %s is a weather, such as "Thaw". */
  name = g_strdup_printf (_("Set the starting weather to %s"), kessel_game_text_weather_name (start.weather));
  kessel_edit_history_commit (self->history, name);
}

static void
soviet_vp_changed (GtkSpinButton *spin, KesselScenarioProperties *self)
{
  KesselStartMarkers start;
  g_autofree char *name = NULL;

  if (!editing (self))
    return;
  start = *kessel_scenario_get_start (scenario (self));
  start.soviet_vp = gtk_spin_button_get_value_as_int (spin);
  kessel_scenario_set_start (scenario (self), &start);
  /* Translators: an edit in the Edit menu; %d is a number of victory points. */
  name = g_strdup_printf (_("Set the starting Soviet VP to %d"), start.soviet_vp);
  kessel_edit_history_commit (self->history, name);
}

static void
option_toggled (GtkCheckButton *check, KesselScenarioProperties *self)
{
  const KesselRulesOption *known = kessel_rules_options (NULL);
  gboolean enabled = gtk_check_button_get_active (check);
  g_autofree char *name = NULL;
  guint i = 0;

  if (!editing (self))
    return;
  while (i < self->n_options && self->option_checks[i] != check)
    i++;
  g_return_if_fail (i < self->n_options);
  kessel_scenario_set_option (scenario (self), known[i].id, enabled);
  /* Translators: edits in the Edit menu; %s is what an optional rule does. */
  name = g_strdup_printf (enabled ? _("Enable option “%s”") : _("Disable option “%s”"), _(known[i].label));
  kessel_edit_history_commit (self->history, name);
}

/* ---- From the scenario to the widgets ---- */

static void
refresh_texts (KesselScenarioProperties *self, KesselScenario *s)
{
  g_autofree char *description = description_text (self);

  /* What is being typed stays until it is committed. */
  if (!self->title_dirty
      && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->title_entry)), kessel_scenario_get_title (s)) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->title_entry), kessel_scenario_get_title (s));
  if (!self->description_dirty && g_strcmp0 (description, kessel_scenario_get_description (s)) != 0)
    gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->description_view),
                              kessel_scenario_get_description (s), -1);
}

static void
refresh (KesselScenarioProperties *self)
{
  const KesselRulesOption *known = kessel_rules_options (NULL);
  KesselScenario *s;
  KesselVictoryTable victory;
  const KesselStartMarkers *start;

  gtk_widget_set_sensitive (self->scrolled, self->history != NULL);
  if (self->history == NULL)
    return;
  s = scenario (self);
  victory = *kessel_scenario_get_victory (s);
  start = kessel_scenario_get_start (s);
  self->refreshing = TRUE;
  refresh_texts (self, s);
  gtk_spin_button_set_value (self->turns_spin, kessel_scenario_get_turns (s));
  for (guint i = 0; i < N_VICTORY_FIELDS; i++)
    gtk_spin_button_set_value (self->victory_spins[i], *victory_field (&victory, i));
  gtk_drop_down_set_selected (self->weather_dropdown, start->weather);
  gtk_spin_button_set_value (self->soviet_vp_spin, start->soviet_vp);
  for (guint i = 0; i < self->n_options; i++)
    gtk_check_button_set_active (self->option_checks[i], kessel_scenario_option_enabled (s, known[i].id));
  self->refreshing = FALSE;
}

static void
history_changed (KesselEditHistory *history, KesselScenarioProperties *self)
{
  refresh (self);
}

/* ---- Building ---- */

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
grid_heading (const char *text)
{
  GtkWidget *label = heading (text);

  gtk_widget_set_margin_top (label, 12);
  return label;
}

static GtkWidget *
mnemonic_label (const char *text, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  return label;
}

/* A row of the grid: what it is, the rule case it follows, the control. */
static void
attach_row (GtkGrid *grid, int row, const char *label_text, const char *rule, GtkWidget *control)
{
  GtkWidget *label = mnemonic_label (label_text, control);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  if (rule != NULL)
    {
      GtkWidget *rule_label = gtk_label_new (rule);
      g_autofree char *description = g_strdup_printf (_("Rule %s"), rule);

      gtk_label_set_xalign (GTK_LABEL (rule_label), 0);
      gtk_widget_add_css_class (rule_label, "dim-label");
      gtk_grid_attach (grid, rule_label, 1, row, 1, 1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      description, -1);
    }
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_grid_attach (grid, control, 2, row, 1, 1);
}

static GtkSpinButton *
spin_new (const char *name, int min, int max)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_widget_set_name (spin, name);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 3);
  return GTK_SPIN_BUTTON (spin);
}

static GtkWidget *
build_texts (KesselScenarioProperties *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *frame = gtk_scrolled_window_new ();
  GtkEventController *focus;

  self->title_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (self->title_entry), "title");
  gtk_entry_set_max_length (self->title_entry, MAX_TITLE_LENGTH);
  g_signal_connect (self->title_entry, "changed", G_CALLBACK (title_changed), self);
  g_signal_connect (self->title_entry, "activate", G_CALLBACK (title_activated), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (title_focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->title_entry), focus);

  self->description_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_widget_set_name (GTK_WIDGET (self->description_view), "description");
  gtk_text_view_set_wrap_mode (self->description_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (self->description_view, FALSE);
  gtk_text_view_set_left_margin (self->description_view, 6);
  gtk_text_view_set_right_margin (self->description_view, 6);
  gtk_text_view_set_top_margin (self->description_view, 4);
  gtk_text_view_set_bottom_margin (self->description_view, 4);
  g_signal_connect (gtk_text_view_get_buffer (self->description_view), "changed",
                    G_CALLBACK (description_changed), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "leave", G_CALLBACK (description_focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->description_view), focus);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (frame), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (frame), TRUE);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (frame), 96);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (frame), GTK_WIDGET (self->description_view));

  gtk_box_append (GTK_BOX (box), mnemonic_label (_("_Title"), GTK_WIDGET (self->title_entry)));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->title_entry));
  gtk_box_append (GTK_BOX (box), mnemonic_label (_("_Description"), GTK_WIDGET (self->description_view)));
  gtk_box_append (GTK_BOX (box), frame);
  gtk_widget_set_margin_bottom (frame, 4);
  return box;
}

static GtkWidget *
weather_dropdown_new (void)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  for (KesselWeather weather = 0; weather < KESSEL_N_WEATHERS; weather++)
    gtk_string_list_append (names, kessel_game_text_weather_name (weather));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_widget_set_name (dropdown, "weather");
  return dropdown;
}

/* Turns, the victory points and the starting markers share one grid, so
 * that their controls line up. */
static GtkWidget *
build_numbers (KesselScenarioProperties *self)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  int row = 0;

  gtk_grid_set_column_spacing (grid, 8);
  gtk_grid_set_row_spacing (grid, 4);

  self->turns_spin = spin_new ("turns", 1, KESSEL_SCENARIO_MAX_TURNS);
  g_signal_connect (self->turns_spin, "value-changed", G_CALLBACK (turns_changed), self);
  attach_row (grid, row++, _("Number of t_urns"), NULL, GTK_WIDGET (self->turns_spin));

  gtk_grid_attach (grid, grid_heading (_("Victory points")), 0, row++, 3, 1);
  for (guint i = 0; i < N_VICTORY_FIELDS; i++)
    {
      g_autofree char *name = g_strdup_printf ("victory-%u", i);

      self->victory_spins[i] = spin_new (name, 0, victory_fields[i].max);
      g_signal_connect (self->victory_spins[i], "value-changed", G_CALLBACK (victory_changed), self);
      attach_row (grid, row++, _(victory_fields[i].label), victory_fields[i].rule,
                  GTK_WIDGET (self->victory_spins[i]));
    }

  gtk_grid_attach (grid, grid_heading (_("Markers at the start")), 0, row++, 3, 1);
  self->weather_dropdown = GTK_DROP_DOWN (weather_dropdown_new ());
  g_signal_connect (self->weather_dropdown, "notify::selected", G_CALLBACK (weather_changed), self);
  attach_row (grid, row++, _("_Weather"), "3.1-1", GTK_WIDGET (self->weather_dropdown));
  self->soviet_vp_spin = spin_new ("soviet-vp", 0, KESSEL_SCENARIO_MAX_VP);
  g_signal_connect (self->soviet_vp_spin, "value-changed", G_CALLBACK (soviet_vp_changed), self);
  attach_row (grid, row++, _("Soviet VP at the _start"), "3.1-3", GTK_WIDGET (self->soviet_vp_spin));
  return GTK_WIDGET (grid);
}

static GtkWidget *
build_options (KesselScenarioProperties *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  const KesselRulesOption *known = kessel_rules_options (&self->n_options);

  gtk_box_append (GTK_BOX (box), heading (_("Optional rules and rulings")));
  self->option_checks = g_new0 (GtkCheckButton *, self->n_options);
  for (guint i = 0; i < self->n_options; i++)
    {
      g_autofree char *text = g_strdup_printf ("%s (%s)", _(known[i].label), known[i].rule);
      GtkWidget *label = gtk_label_new (text);
      GtkWidget *check = gtk_check_button_new ();

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_check_button_set_child (GTK_CHECK_BUTTON (check), label);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
      gtk_widget_set_name (check, known[i].id);
      g_signal_connect (check, "toggled", G_CALLBACK (option_toggled), self);
      self->option_checks[i] = GTK_CHECK_BUTTON (check);
      gtk_box_append (GTK_BOX (box), check);
    }
  return box;
}

static void
build (KesselScenarioProperties *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_box_append (GTK_BOX (box), build_texts (self));
  gtk_box_append (GTK_BOX (box), build_numbers (self));
  gtk_box_append (GTK_BOX (box), build_options (self));

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), box);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
}

/* ---- The class ---- */

static void
disconnect_history (KesselScenarioProperties *self)
{
  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
}

static void
kessel_scenario_properties_dispose (GObject *object)
{
  KesselScenarioProperties *self = KESSEL_SCENARIO_PROPERTIES (object);

  disconnect_history (self);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS (kessel_scenario_properties_parent_class)->dispose (object);
}

static void
kessel_scenario_properties_finalize (GObject *object)
{
  KesselScenarioProperties *self = KESSEL_SCENARIO_PROPERTIES (object);

  g_free (self->option_checks);
  G_OBJECT_CLASS (kessel_scenario_properties_parent_class)->finalize (object);
}

static void
kessel_scenario_properties_class_init (KesselScenarioPropertiesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_scenario_properties_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_scenario_properties_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
kessel_scenario_properties_init (KesselScenarioProperties *self)
{
  build (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Scenario properties"), -1);
  refresh (self);
}

GtkWidget *
kessel_scenario_properties_new (void)
{
  return g_object_new (KESSEL_TYPE_SCENARIO_PROPERTIES, NULL);
}

void
kessel_scenario_properties_set_history (KesselScenarioProperties *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_SCENARIO_PROPERTIES (self));
  g_return_if_fail (history == NULL || KESSEL_IS_EDIT_HISTORY (history));
  if (history == self->history)
    return;
  disconnect_history (self);
  self->history = history != NULL ? g_object_ref (history) : NULL;
  if (history != NULL)
    self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (history_changed), self);
  self->title_dirty = FALSE;
  self->description_dirty = FALSE;
  refresh (self);
}

void
kessel_scenario_properties_commit_pending (KesselScenarioProperties *self)
{
  g_return_if_fail (KESSEL_IS_SCENARIO_PROPERTIES (self));
  commit_title (self);
  commit_description (self);
}
