/* kessel-counter-mix.c: the scenario editor's counter mix: the class, its
 * actions (add, duplicate, delete) and its public calls. The table is in
 * kessel-counter-mix-table.c, the form in kessel-counter-mix-form.c. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-mix-private.h"

G_DEFINE_FINAL_TYPE (KesselCounterMix, kessel_counter_mix, GTK_TYPE_WIDGET)

guint kessel_counter_mix_signals[N_SIGNALS];

/* ---- Actions ---- */

void
kessel_counter_mix_update_actions (KesselCounterMix *self)
{
  gboolean have_unit = kessel_counter_mix_selected_unit (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.add", self->history != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.duplicate", have_unit);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.delete", have_unit);
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
  kessel_counter_mix_bind_form_callbacks (widget_class);
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

GtkWidget *
kessel_counter_mix_new (void)
{
  return g_object_new (KESSEL_TYPE_COUNTER_MIX, NULL);
}

static void
history_changed (KesselEditHistory *history, KesselCounterMix *self)
{
  kessel_counter_mix_sync_table (self);
  kessel_counter_mix_fill_form (self);
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
