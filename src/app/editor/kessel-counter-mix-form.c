/* kessel-counter-mix-form.c: the counter mix's form: the fields of the
 * selected unit, what may be typed in them, and committing each change.
 *
 * The form edits the selected unit in the scenario itself, one named edit
 * per change. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-mix-private.h"
#include "kessel-counter-painter.h"

#define MAX_LABEL_LENGTH 16     /* the file format's limits */
#define MAX_NAME_LENGTH 200
#define MAX_FACTOR 99
#define MAX_SUPPORT_RANGE 9

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

void
kessel_counter_mix_bind_form_callbacks (GtkWidgetClass *widget_class)
{
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
