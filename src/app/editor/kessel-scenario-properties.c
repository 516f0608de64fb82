/* kessel-scenario-properties.c: the editor's page for the scenario as a
 * whole: title, description, length, victory points, starting markers and
 * the optional rules it is played with. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-text.h"
#include "kessel-rules-options.h"
#include "kessel-scenario-properties.h"

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

/* Where each is kept, and the most the file format allows. */
static const struct {
  gsize offset;
  int max;
} victory_fields[] = {
#define FIELD(name) G_STRUCT_OFFSET (KesselVictoryTable, name)
#define EACH KESSEL_SCENARIO_MAX_VP_EACH
#define TOTAL KESSEL_SCENARIO_MAX_VP
  [VICTORY_TOWN] = { FIELD (town), EACH },
  [VICTORY_FORTIFIED] = { FIELD (fortified), EACH },
  [VICTORY_OUT_OF_COMMAND] = { FIELD (out_of_command), EACH },
  [VICTORY_CORPS_EXIT] = { FIELD (corps_exit), EACH },
  [VICTORY_CORPS_EXIT_CAP] = { FIELD (corps_exit_cap), TOTAL },
  [VICTORY_SOVIET_WINS_AT] = { FIELD (soviet_wins_at), TOTAL },
  [VICTORY_DRAW_FROM] = { FIELD (draw_from), TOTAL },
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
  GtkBox *options_box;
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

/* Screen readers tell the rule case a control follows, which the label
 * before it shows, as "Rule 4.1-1". */
static void
describe_rule (GtkWidget *control)
{
  const char *rule = gtk_label_get_text (GTK_LABEL (gtk_widget_get_prev_sibling (control)));
  g_autofree char *description = g_strdup_printf (_("Rule %s"), rule);

  gtk_accessible_update_property (GTK_ACCESSIBLE (control), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static void
fill_weather_dropdown (GtkDropDown *dropdown)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (KesselWeather weather = 0; weather < KESSEL_N_WEATHERS; weather++)
    gtk_string_list_append (names, kessel_game_text_weather_name (weather));
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (names));
}

static void
set_up_numbers (KesselScenarioProperties *self)
{
  gtk_spin_button_set_range (self->turns_spin, 1, KESSEL_SCENARIO_MAX_TURNS);
  for (guint i = 0; i < N_VICTORY_FIELDS; i++)
    {
      gtk_spin_button_set_range (self->victory_spins[i], 0, victory_fields[i].max);
      describe_rule (GTK_WIDGET (self->victory_spins[i]));
    }
  fill_weather_dropdown (self->weather_dropdown);
  describe_rule (GTK_WIDGET (self->weather_dropdown));
  gtk_spin_button_set_range (self->soviet_vp_spin, 0, KESSEL_SCENARIO_MAX_VP);
  describe_rule (GTK_WIDGET (self->soviet_vp_spin));
}

static void
add_options (KesselScenarioProperties *self)
{
  const KesselRulesOption *known = kessel_rules_options (&self->n_options);

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
      gtk_box_append (self->options_box, check);
    }
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
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_SCENARIO_PROPERTIES);
  G_OBJECT_CLASS (kessel_scenario_properties_parent_class)->dispose (object);
}

static void
kessel_scenario_properties_finalize (GObject *object)
{
  KesselScenarioProperties *self = KESSEL_SCENARIO_PROPERTIES (object);

  g_free (self->option_checks);
  G_OBJECT_CLASS (kessel_scenario_properties_parent_class)->finalize (object);
}

#define BIND(name, field) \
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, G_STRUCT_OFFSET (KesselScenarioProperties, field))

static void
bind_template (GtkWidgetClass *widget_class)
{
  BIND ("scrolled", scrolled);
  BIND ("title_entry", title_entry);
  BIND ("description_view", description_view);
  BIND ("turns_spin", turns_spin);
  BIND ("victory_0", victory_spins[VICTORY_TOWN]);
  BIND ("victory_1", victory_spins[VICTORY_FORTIFIED]);
  BIND ("victory_2", victory_spins[VICTORY_OUT_OF_COMMAND]);
  BIND ("victory_3", victory_spins[VICTORY_CORPS_EXIT]);
  BIND ("victory_4", victory_spins[VICTORY_CORPS_EXIT_CAP]);
  BIND ("victory_5", victory_spins[VICTORY_SOVIET_WINS_AT]);
  BIND ("victory_6", victory_spins[VICTORY_DRAW_FROM]);
  BIND ("weather_dropdown", weather_dropdown);
  BIND ("soviet_vp_spin", soviet_vp_spin);
  BIND ("options_box", options_box);
  gtk_widget_class_bind_template_callback (widget_class, title_changed);
  gtk_widget_class_bind_template_callback (widget_class, title_activated);
  gtk_widget_class_bind_template_callback (widget_class, title_focus_left);
  gtk_widget_class_bind_template_callback (widget_class, description_changed);
  gtk_widget_class_bind_template_callback (widget_class, description_focus_left);
  gtk_widget_class_bind_template_callback (widget_class, turns_changed);
  gtk_widget_class_bind_template_callback (widget_class, victory_changed);
  gtk_widget_class_bind_template_callback (widget_class, weather_changed);
  gtk_widget_class_bind_template_callback (widget_class, soviet_vp_changed);
}

#undef BIND

static void
kessel_scenario_properties_class_init (KesselScenarioPropertiesClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_scenario_properties_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_scenario_properties_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-scenario-properties.ui");
  bind_template (widget_class);
}

static void
kessel_scenario_properties_init (KesselScenarioProperties *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  set_up_numbers (self);
  add_options (self);
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
