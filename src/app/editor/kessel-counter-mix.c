/* kessel-counter-mix.c: the scenario editor's counter mix: the class, its
 * actions and its public calls. The table is in kessel-counter-mix-table.c.
 *
 * The form below the table edits the selected unit in the scenario itself,
 * one named edit per change. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-mix-private.h"
#include "kessel-counter-painter.h"

#define MAX_LABEL_LENGTH 16     /* the file format's limits */
#define MAX_NAME_LENGTH 200
#define MAX_FACTOR 99
#define MAX_SUPPORT_RANGE 9

G_DEFINE_FINAL_TYPE (KesselCounterMix, kessel_counter_mix, GTK_TYPE_WIDGET)

guint kessel_counter_mix_signals[N_SIGNALS];

/* ---- The model ---- */

/* Whether a change of a form widget is the user's, to be committed. */
static gboolean
editing (KesselCounterMix *self)
{
  return self->history != NULL && !self->filling;
}

static gboolean
id_is_valid (const char *id)
{
  gsize length = strlen (id);

  if (length == 0 || length > MAX_ID_LENGTH)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (id[i]) && strchr ("_.-", id[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* "german-1", "german-2", … or "ger-16pz-2", "ger-16pz-3", …: the first free. */
static char *
unused_id (KesselScenario *s, const char *stem, int first)
{
  for (int n = first;; n++)
    {
      char *id = g_strdup_printf ("%s-%d", stem, n);

      if (strlen (id) <= MAX_ID_LENGTH && kessel_scenario_find_unit (s, id) == NULL)
        return id;
      g_free (id);
      if (strlen (stem) + 12 > MAX_ID_LENGTH)
        stem = "unit";
    }
}

gboolean
kessel_counter_mix_commit (KesselCounterMix *self, const char *name)
{
  if (kessel_edit_history_commit (self->history, name))
    return TRUE;
  kessel_counter_mix_fill_form (self);   /* nothing changed: show the unit as it is */
  return FALSE;
}

/* ---- Errors ---- */

static void
clear_error (KesselCounterMix *self)
{
  if (self->error_widget != NULL)
    {
      gtk_widget_remove_css_class (self->error_widget, "error");
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->error_widget), GTK_ACCESSIBLE_STATE_INVALID);
      self->error_widget = NULL;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static void
show_error (KesselCounterMix *self, GtkWidget *widget, const char *message)
{
  clear_error (self);
  self->error_widget = widget;
  gtk_widget_add_css_class (widget, "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  message, -1);
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

/* ---- Actions ---- */

void
kessel_counter_mix_update_actions (KesselCounterMix *self)
{
  gboolean have_unit = kessel_counter_mix_selected_unit (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.add", self->history != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.duplicate", have_unit);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.delete", have_unit);
}

static void
add_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselCounterMix *self = KESSEL_COUNTER_MIX (widget);
  KesselScenario *s = kessel_counter_mix_scenario (self);
  const KesselStep step = { 1, 1 };
  KesselSide side;
  g_autoptr(KesselUnit) unit = NULL;
  g_autofree char *id = NULL;

  if (s == NULL || !kessel_side_from_string (g_variant_get_string (parameter, NULL), &side)
      || side == KESSEL_SIDE_NONE)
    return;
  id = unused_id (s, kessel_side_to_string (side), 1);
  unit = kessel_unit_new (id, side);
  kessel_unit_set_name (unit, side == KESSEL_SIDE_GERMAN ? _("New German unit") : _("New Soviet unit"));
  kessel_unit_set_label (unit, _("New"));
  kessel_unit_set_steps (unit, &step, 1);
  kessel_scenario_add_unit (s, unit);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  kessel_counter_mix_commit (self, side == KESSEL_SIDE_GERMAN ? _("Add German unit") : _("Add Soviet unit"));
  kessel_counter_mix_select_unit (self, id);
}

/* The copy keeps everything but where the unit sets up and its substitute:
 * two counters on one hex, or two counters replaced by one substitute, are
 * seldom what a copy is made for. A reinforcement's copy arrives with it. */
static void
duplicate_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselCounterMix *self = KESSEL_COUNTER_MIX (widget);
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  g_autoptr(KesselUnit) copy = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  if (unit == NULL)
    return;
  id = unused_id (kessel_counter_mix_scenario (self), kessel_unit_get_id (unit), 2);
  copy = kessel_unit_copy (unit);
  kessel_unit_set_id (copy, id);
  kessel_unit_set_setup_hex (copy, KESSEL_HEX_NONE);
  kessel_unit_set_setup_exact (copy, FALSE);
  kessel_unit_set_substitute (copy, NULL);
  kessel_unit_set_source_line (copy, 0);
  kessel_scenario_add_unit (kessel_counter_mix_scenario (self), copy);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Duplicate %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
  kessel_counter_mix_select_unit (self, id);
}

/* Other units' references to the deleted one stay: the problem list shows them. */
static void
delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselCounterMix *self = KESSEL_COUNTER_MIX (widget);
  KesselUnit *selected = kessel_counter_mix_selected_unit (self);
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(KesselUnit) unit = NULL;
  g_autofree char *name = NULL;
  guint n;

  if (selected == NULL)
    return;
  unit = g_object_ref (selected);
  kessel_scenario_remove_unit (kessel_counter_mix_scenario (self), unit);
  g_clear_pointer (&self->selected_id, g_free);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Delete %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
  /* The row that took the deleted one's place is selected next. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  if (position != GTK_INVALID_LIST_POSITION && n > 0)
    {
      g_autoptr(KesselUnit) next = g_list_model_get_item (G_LIST_MODEL (self->selection), MIN (position, n - 1));
      kessel_counter_mix_select_unit (self, kessel_unit_get_id (next));
    }
}

/* ---- The form: from the widgets to the unit ---- */

static char *
stripped_text (GtkEntry *entry)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

/* A new id for the unit, and for every substitute reference to it. */
static void
commit_id (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  KesselScenario *s = kessel_counter_mix_scenario (self);
  g_autofree char *id = stripped_text (self->id_entry);
  g_autofree char *old_id = NULL;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (id, kessel_unit_get_id (unit)) == 0)
    {
      kessel_counter_mix_fill_form (self);
      return;
    }
  if (!id_is_valid (id))
    {
      show_error (self, GTK_WIDGET (self->id_entry),
                  _("An id is 1 to 64 letters, digits, dots, hyphens or underscores."));
      return;
    }
  if (kessel_scenario_find_unit (s, id) != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Another unit already has the id %s."), id);
      show_error (self, GTK_WIDGET (self->id_entry), message);
      return;
    }
  old_id = g_strdup (kessel_unit_get_id (unit));
  for (int i = 0; i < kessel_scenario_get_n_units (s); i++)
    {
      KesselUnit *other = kessel_scenario_get_unit (s, i);
      if (g_strcmp0 (kessel_unit_get_substitute (other), old_id) == 0)
        kessel_unit_set_substitute (other, id);
    }
  kessel_unit_set_id (unit, id);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  /* Translators: an edit in the Edit menu; the old and the new id of a unit. */
  name = g_strdup_printf (_("Change id %s to %s"), old_id, id);
  kessel_counter_mix_commit (self, name);
}

static void
commit_name (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  g_autofree char *text = stripped_text (self->name_entry);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (text, kessel_unit_get_name (unit)) == 0)
    {
      kessel_counter_mix_fill_form (self);
      return;
    }
  if (*text == '\0')
    {
      show_error (self, GTK_WIDGET (self->name_entry), _("A unit needs a name."));
      return;
    }
  kessel_unit_set_name (unit, text);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Rename %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
commit_label (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  g_autofree char *text = stripped_text (self->label_entry);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (text, kessel_unit_get_label (unit)) == 0)
    {
      kessel_counter_mix_fill_form (self);
      return;
    }
  /* Translators: an edit in the Edit menu; the old and the new counter label. */
  name = g_strdup_printf (_("Relabel %s as %s"), kessel_unit_get_title (unit), *text != '\0' ? text : kessel_unit_get_id (unit));
  kessel_unit_set_label (unit, text);
  kessel_counter_mix_commit (self, name);
}

static void
commit_hex (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  g_autofree char *text = stripped_text (self->hex_entry);
  g_autofree char *name = NULL;
  int hex = KESSEL_HEX_NONE;

  if (!editing (self) || unit == NULL)
    return;
  if (*text != '\0')
    {
      hex = kessel_grid_parse_hex (kessel_counter_mix_grid (self), text);
      if (hex == KESSEL_HEX_NONE)
        {
          /* Translators: %s is what was typed for a hex number. */
          g_autofree char *message = g_strdup_printf (_("There is no hex %s on this map: give its four digits, such as 0805, or nothing."), text);
          show_error (self, GTK_WIDGET (self->hex_entry), message);
          return;
        }
    }
  if (hex == kessel_unit_get_setup_hex (unit))
    {
      kessel_counter_mix_fill_form (self);
      return;
    }
  kessel_unit_set_setup_hex (unit, hex);
  if (hex != KESSEL_HEX_NONE)
    {
      g_autofree char *where = kessel_grid_format_hex (kessel_counter_mix_grid (self), hex);
      kessel_unit_set_arrival_turn (unit, 0);   /* a unit sets up or arrives, not both */
      /* Translators: an edit in the Edit menu; a counter label and a hex number. */
      name = g_strdup_printf (_("Set up %s at %s"), kessel_unit_get_title (unit), where);
    }
  else
    {
      kessel_unit_set_setup_exact (unit, FALSE);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Remove the setup hex of %s"), kessel_unit_get_title (unit));
    }
  kessel_counter_mix_commit (self, name);
}

static void
entry_activated (GtkEntry *entry, KesselCounterMix *self)
{
  if (entry == self->id_entry)
    commit_id (self);
  else if (entry == self->name_entry)
    commit_name (self);
  else if (entry == self->label_entry)
    commit_label (self);
  else if (entry == self->hex_entry)
    commit_hex (self);
}

static void
entry_focus_left (GtkEventControllerFocus *controller, KesselCounterMix *self)
{
  entry_activated (GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller))), self);
}

void
kessel_counter_mix_commit_pending (KesselCounterMix *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkEntry *entries[] = { self->id_entry, self->name_entry, self->label_entry, self->hex_entry };

  g_return_if_fail (KESSEL_IS_COUNTER_MIX (self));
  for (guint i = 0; focus != NULL && i < G_N_ELEMENTS (entries); i++)
    if (focus == GTK_WIDGET (entries[i]) || gtk_widget_is_ancestor (focus, GTK_WIDGET (entries[i])))
      entry_activated (entries[i], self);
}

static void
side_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  KesselSide side = gtk_drop_down_get_selected (dropdown) == 1 ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_side (unit, side);
  name = side == KESSEL_SIDE_SOVIET
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    ? g_strdup_printf (_("Make %s Soviet"), kessel_unit_get_title (unit))
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    : g_strdup_printf (_("Make %s German"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
kind_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (dropdown == self->type_dropdown)
    {
      kessel_unit_set_unit_type (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the type of %s"), kessel_unit_get_title (unit));
    }
  else if (dropdown == self->size_dropdown)
    {
      kessel_unit_set_size (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the size of %s"), kessel_unit_get_title (unit));
    }
  else
    {
      kessel_unit_set_mobility (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the mobility of %s"), kessel_unit_get_title (unit));
    }
  kessel_counter_mix_commit (self, name);
}

static void
substitute_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  kessel_unit_set_substitute (unit, selected == 0 ? NULL : gtk_string_list_get_string (self->substitutes, selected));
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the substitute of %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
steps_changed (GtkSpinButton *spin, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  KesselStep steps[KESSEL_UNIT_MAX_STEPS];
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  for (int i = 0; i < KESSEL_UNIT_MAX_STEPS; i++)
    {
      steps[i].attack = gtk_spin_button_get_value_as_int (self->factor_spins[i][0]);
      steps[i].defence = gtk_spin_button_get_value_as_int (self->factor_spins[i][1]);
    }
  kessel_unit_set_steps (unit, steps, gtk_spin_button_get_value_as_int (self->steps_spin));
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the steps of %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
abilities_changed (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  guint abilities = 0;
  int range = 0;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    if (gtk_check_button_get_active (self->ability_checks[i]))
      abilities |= 1u << i;
  if (abilities & KESSEL_ABILITY_RANGED_SUPPORT)
    range = gtk_spin_button_get_value_as_int (self->range_spin);
  kessel_unit_set_abilities (unit, abilities);
  kessel_unit_set_support_range (unit, range);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the abilities of %s"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
ability_toggled (GtkCheckButton *check, KesselCounterMix *self)
{
  abilities_changed (self);
}

static void
range_changed (GtkSpinButton *spin, KesselCounterMix *self)
{
  abilities_changed (self);
}

static void
exact_toggled (GtkCheckButton *check, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  gboolean exact = gtk_check_button_get_active (check);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_setup_exact (unit, exact);
  name = exact
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    ? g_strdup_printf (_("Set up %s exactly on its hex"), kessel_unit_get_title (unit))
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    : g_strdup_printf (_("Set up %s in or next to its hex"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

static void
arrival_changed (GtkSpinButton *spin, KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  int turn = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_arrival_turn (unit, turn);
  if (turn > 0)
    {
      kessel_unit_set_setup_hex (unit, KESSEL_HEX_NONE);   /* a unit sets up or arrives, not both */
      kessel_unit_set_setup_exact (unit, FALSE);
      /* Translators: an edit in the Edit menu; a counter label and a turn number. */
      name = g_strdup_printf (_("Schedule %s for turn %d"), kessel_unit_get_title (unit), turn);
    }
  else
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    name = g_strdup_printf (_("Take %s off the schedule"), kessel_unit_get_title (unit));
  kessel_counter_mix_commit (self, name);
}

/* ---- The form: from the unit to the widgets ---- */

static void
set_entry_text (GtkEntry *entry, const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* Whether the list holds the strings of the NULL-terminated array. */
static gboolean
same_strings (GtkStringList *list, GPtrArray *strings)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  if (n + 1 != strings->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), g_ptr_array_index (strings, i)) != 0)
      return FALSE;
  return TRUE;
}

/* "None", then the other units of the side, and the present substitute
 * whatever it is, so the dropdown can show it. */
static void
fill_substitutes (KesselCounterMix *self, KesselUnit *unit)
{
  KesselScenario *s = kessel_counter_mix_scenario (self);
  const char *current = kessel_unit_get_substitute (unit);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  guint selected = 0;

  g_ptr_array_add (ids, (gpointer) C_("substitute", "None"));
  for (int i = 0; i < kessel_scenario_get_n_units (s); i++)
    {
      KesselUnit *other = kessel_scenario_get_unit (s, i);
      const char *id = kessel_unit_get_id (other);

      if (other == unit || (kessel_unit_get_side (other) != kessel_unit_get_side (unit)
                            && g_strcmp0 (id, current) != 0))
        continue;
      if (g_strcmp0 (id, current) == 0)
        selected = ids->len;
      g_ptr_array_add (ids, (gpointer) id);
    }
  if (current != NULL && selected == 0)
    {
      selected = ids->len;
      g_ptr_array_add (ids, (gpointer) current);   /* a unit that does not exist */
    }
  g_ptr_array_add (ids, NULL);
  /* Replacing the choices while the dropdown reports a choice made confuses
   * it: they are only replaced when they differ. */
  if (!same_strings (self->substitutes, ids))
    gtk_string_list_splice (self->substitutes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->substitutes)),
                            (const char *const *) ids->pdata);
  if (gtk_drop_down_get_selected (self->substitute_dropdown) != selected)
    gtk_drop_down_set_selected (self->substitute_dropdown, selected);
}

static void
fill_steps (KesselCounterMix *self, KesselUnit *unit)
{
  int n = kessel_unit_get_n_steps (unit);

  gtk_spin_button_set_value (self->steps_spin, MAX (n, 1));
  for (int i = 0; i < KESSEL_UNIT_MAX_STEPS; i++)
    {
      /* A missing back shows the front's factors, ready to be lowered. */
      const KesselStep *step = n > 0 ? kessel_unit_get_step (unit, MIN (i, n - 1)) : NULL;

      gtk_spin_button_set_value (self->factor_spins[i][0], step != NULL ? step->attack : 1);
      gtk_spin_button_set_value (self->factor_spins[i][1], step != NULL ? step->defence : 1);
      gtk_widget_set_sensitive (GTK_WIDGET (self->factor_spins[i][0]), i < MAX (n, 1));
      gtk_widget_set_sensitive (GTK_WIDGET (self->factor_spins[i][1]), i < MAX (n, 1));
      gtk_widget_set_opacity (self->previews[i], i < n ? 1.0 : 0.3);
      gtk_widget_queue_draw (self->previews[i]);
    }
}

static void
fill_abilities (KesselCounterMix *self, KesselUnit *unit)
{
  gboolean ranged = kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT);

  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    gtk_check_button_set_active (self->ability_checks[i], kessel_unit_has_ability (unit, 1u << i));
  gtk_spin_button_set_value (self->range_spin, ranged ? kessel_unit_get_support_range (unit) : 2);
  gtk_widget_set_sensitive (GTK_WIDGET (self->range_spin), ranged);
}

static void
fill_placement (KesselCounterMix *self, KesselUnit *unit)
{
  int hex = kessel_unit_get_setup_hex (unit);
  int turn = kessel_unit_get_arrival_turn (unit);
  const KesselGrid *grid = kessel_counter_mix_grid (self);
  g_autofree char *where = hex != KESSEL_HEX_NONE ? kessel_grid_format_hex (grid, hex) : NULL;

  set_entry_text (self->hex_entry, where != NULL ? where : "");
  gtk_check_button_set_active (self->exact_check, kessel_unit_get_setup_exact (unit));
  gtk_widget_set_sensitive (GTK_WIDGET (self->exact_check), hex != KESSEL_HEX_NONE);
  gtk_spin_button_set_range (self->arrival_spin, 0,
                             MAX (kessel_scenario_get_turns (kessel_counter_mix_scenario (self)), turn));
  gtk_spin_button_set_value (self->arrival_spin, turn);
}

void
kessel_counter_mix_fill_form (KesselCounterMix *self)
{
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);

  clear_error (self);
  gtk_widget_set_visible (self->form, unit != NULL);
  gtk_widget_set_visible (self->placeholder, unit == NULL);
  if (unit == NULL)
    return;
  self->filling = TRUE;
  set_entry_text (self->id_entry, kessel_unit_get_id (unit));
  set_entry_text (self->name_entry, kessel_unit_get_name (unit));
  set_entry_text (self->label_entry, kessel_unit_get_label (unit));
  gtk_drop_down_set_selected (self->side_dropdown, kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET ? 1 : 0);
  gtk_drop_down_set_selected (self->type_dropdown, kessel_unit_get_unit_type (unit));
  gtk_drop_down_set_selected (self->size_dropdown, kessel_unit_get_size (unit));
  gtk_drop_down_set_selected (self->mobility_dropdown, kessel_unit_get_mobility (unit));
  fill_substitutes (self, unit);
  fill_steps (self, unit);
  fill_abilities (self, unit);
  fill_placement (self, unit);
  self->filling = FALSE;
}

/* ---- Building the form ---- */

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KesselCounterMix *self = data;
  KesselUnit *unit = kessel_counter_mix_selected_unit (self);
  int step = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "step"));
  guint flags = 0;

  if (unit == NULL)
    return;
  if (kessel_scenario_get_substituted (kessel_counter_mix_scenario (self), unit) != NULL)
    flags |= KESSEL_COUNTER_SUBSTITUTE;
  kessel_counter_painter_draw (cr, unit, step, flags, 1, 1, MIN (width, height) - 2);
}

static GListModel *
names_model (const char *(*display_name) (int), int count)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int i = 0; i < count; i++)
    gtk_string_list_append (list, display_name (i));
  return G_LIST_MODEL (list);
}

static const char *type_name (int i) { return kessel_unit_type_display_name (i); }
static const char *size_name (int i) { return kessel_unit_size_display_name (i); }
static const char *mobility_name_at (int i) { return kessel_counter_mix_mobility_name (i); }

/* The limits of the fields, from the file format and the rules. */
static void
set_limits (KesselCounterMix *self)
{
  gtk_entry_set_max_length (self->id_entry, MAX_ID_LENGTH);
  gtk_entry_set_max_length (self->label_entry, MAX_LABEL_LENGTH);
  gtk_entry_set_max_length (self->name_entry, MAX_NAME_LENGTH);
  gtk_spin_button_set_range (self->steps_spin, 1, KESSEL_UNIT_MAX_STEPS);
  for (int step = 0; step < KESSEL_UNIT_MAX_STEPS; step++)
    for (int i = 0; i < 2; i++)
      gtk_spin_button_set_range (self->factor_spins[step][i], 0, MAX_FACTOR);
  gtk_spin_button_set_range (self->range_spin, 1, MAX_SUPPORT_RANGE);
  gtk_spin_button_set_range (self->arrival_spin, 0, KESSEL_SCENARIO_MAX_TURNS);
}

static void
set_models (KesselCounterMix *self)
{
  g_autoptr(GListModel) sides = G_LIST_MODEL (gtk_string_list_new ((const char *[]) {
    kessel_side_display_name (KESSEL_SIDE_GERMAN), kessel_side_display_name (KESSEL_SIDE_SOVIET), NULL }));
  g_autoptr(GListModel) types = names_model (type_name, KESSEL_N_UNIT_TYPES);
  g_autoptr(GListModel) sizes = names_model (size_name, KESSEL_N_SIZES);
  g_autoptr(GListModel) mobilities = names_model (mobility_name_at, KESSEL_N_MOBILITIES);

  gtk_drop_down_set_model (self->side_dropdown, sides);
  gtk_drop_down_set_model (self->type_dropdown, types);
  gtk_drop_down_set_model (self->size_dropdown, sizes);
  gtk_drop_down_set_model (self->mobility_dropdown, mobilities);
  self->substitutes = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->substitute_dropdown, G_LIST_MODEL (self->substitutes));
  gtk_drop_down_set_expression (self->substitute_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
}

static void
set_up_previews (KesselCounterMix *self)
{
  for (int step = 0; step < KESSEL_UNIT_MAX_STEPS; step++)
    {
      g_object_set_data (G_OBJECT (self->previews[step]), "step", GINT_TO_POINTER (step));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->previews[step]), draw_preview, self, NULL);
    }
}

/* The fields' handlers take nothing from them while they are set up. */
void
kessel_counter_mix_set_up_form (KesselCounterMix *self)
{
  self->filling = TRUE;
  set_limits (self);
  set_models (self);
  self->filling = FALSE;
  set_up_previews (self);
  kessel_counter_mix_fill_form (self);
}

/* ---- The class ---- */

static void
kessel_counter_mix_dispose (GObject *object)
{
  KesselCounterMix *self = KESSEL_COUNTER_MIX (object);

  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
  /* The table lets go of its rows as it goes: the form is no more. */
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_COUNTER_MIX);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_object (&self->drag_unit);
  g_clear_object (&self->store);
  g_clear_object (&self->filter);
  g_clear_object (&self->selection);
  g_clear_object (&self->substitutes);
  G_OBJECT_CLASS (kessel_counter_mix_parent_class)->dispose (object);
}

static void
kessel_counter_mix_finalize (GObject *object)
{
  KesselCounterMix *self = KESSEL_COUNTER_MIX (object);

  g_free (self->selected_id);
  G_OBJECT_CLASS (kessel_counter_mix_parent_class)->finalize (object);
}

#define BIND(name, field) \
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, G_STRUCT_OFFSET (KesselCounterMix, field))

static void
bind_template_children (GtkWidgetClass *widget_class)
{
  BIND ("box", box);
  BIND ("search_entry", search_entry);
  BIND ("side_filter", side_filter);
  BIND ("column_view", column_view);
  BIND ("placeholder", placeholder);
  BIND ("form", form);
  BIND ("id_entry", id_entry);
  BIND ("name_entry", name_entry);
  BIND ("label_entry", label_entry);
  BIND ("side_dropdown", side_dropdown);
  BIND ("type_dropdown", type_dropdown);
  BIND ("size_dropdown", size_dropdown);
  BIND ("mobility_dropdown", mobility_dropdown);
  BIND ("substitute_dropdown", substitute_dropdown);
  BIND ("steps_spin", steps_spin);
  BIND ("front_attack_spin", factor_spins[0][0]);
  BIND ("front_defence_spin", factor_spins[0][1]);
  BIND ("back_attack_spin", factor_spins[1][0]);
  BIND ("back_defence_spin", factor_spins[1][1]);
  BIND ("front_preview", previews[0]);
  BIND ("back_preview", previews[1]);
  BIND ("ranged_check", ability_checks[0]);
  BIND ("doubled_check", ability_checks[1]);
  BIND ("returns_check", ability_checks[2]);
  BIND ("range_spin", range_spin);
  BIND ("hex_entry", hex_entry);
  BIND ("exact_check", exact_check);
  BIND ("arrival_spin", arrival_spin);
  BIND ("error_label", error_label);
}

#undef BIND

static void
kessel_counter_mix_class_init (KesselCounterMixClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_counter_mix_dispose;
  object_class->finalize = kessel_counter_mix_finalize;

  /* A row was activated: double-click or Enter. The editor shows the unit's
   * setup hex on the map. */
  kessel_counter_mix_signals[UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "units.add", "s", add_action);
  gtk_widget_class_install_action (widget_class, "units.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "units.delete", NULL, delete_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-counter-mix.ui");
  bind_template_children (widget_class);
  kessel_counter_mix_bind_table_callbacks (widget_class);
  gtk_widget_class_bind_template_callback (widget_class, entry_activated);
  gtk_widget_class_bind_template_callback (widget_class, entry_focus_left);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed);
  gtk_widget_class_bind_template_callback (widget_class, side_changed);
  gtk_widget_class_bind_template_callback (widget_class, substitute_changed);
  gtk_widget_class_bind_template_callback (widget_class, steps_changed);
  gtk_widget_class_bind_template_callback (widget_class, ability_toggled);
  gtk_widget_class_bind_template_callback (widget_class, range_changed);
  gtk_widget_class_bind_template_callback (widget_class, exact_toggled);
  gtk_widget_class_bind_template_callback (widget_class, arrival_changed);
}

static void
kessel_counter_mix_init (KesselCounterMix *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  kessel_counter_mix_set_up_table (self);
  kessel_counter_mix_set_up_form (self);
  kessel_counter_mix_update_actions (self);
}

/* ---- Public ---- */

static void
history_changed (KesselEditHistory *history, KesselCounterMix *self)
{
  kessel_counter_mix_sync_table (self);
  kessel_counter_mix_fill_form (self);
}

GtkWidget *
kessel_counter_mix_new (void)
{
  return g_object_new (KESSEL_TYPE_COUNTER_MIX, NULL);
}

void
kessel_counter_mix_set_history (KesselCounterMix *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_COUNTER_MIX (self));

  if (self->history == history)
    return;
  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_set_object (&self->history, history);
  if (history != NULL)
    self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (history_changed), self);
  history_changed (history, self);
}

const char *
kessel_counter_mix_get_selected_id (KesselCounterMix *self)
{
  g_return_val_if_fail (KESSEL_IS_COUNTER_MIX (self), NULL);
  return kessel_counter_mix_selected_unit (self) != NULL ? self->selected_id : NULL;
}
