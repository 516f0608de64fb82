/* kessel-counter-mix-private.h: the counter mix's state, shared by the files
 * of the one class (the class and its actions, the table, the form). Nothing
 * outside src/app/editor includes it. */
#pragma once

#include "kessel-counter-mix.h"

G_BEGIN_DECLS

#define MAX_ID_LENGTH 64        /* the file format's limit */

struct _KesselCounterMix
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  gulong changed_id;
  char *selected_id;
  gboolean syncing;           /* the list is being brought up to date */
  gboolean filling;           /* the form is being set from the unit */
  GtkWidget *error_widget;    /* the field marked with the error shown */
  guint scroll_source;
  KesselUnit *drag_unit;      /* the copy in the row being dragged */

  GtkWidget *box;
  GtkSearchEntry *search_entry;
  GtkDropDown *side_filter;
  GtkColumnView *column_view;
  GListStore *store;          /* copies of the units, in file order */
  KesselGrid store_grid;      /* the grid their setup hexes were written for */
  GtkCustomFilter *filter;
  GtkSingleSelection *selection;

  GtkWidget *placeholder;
  GtkWidget *form;
  GtkEntry *id_entry;
  GtkEntry *name_entry;
  GtkEntry *label_entry;
  GtkDropDown *side_dropdown;
  GtkDropDown *type_dropdown;
  GtkDropDown *size_dropdown;
  GtkDropDown *mobility_dropdown;
  GtkDropDown *substitute_dropdown;
  GtkStringList *substitutes;   /* "None", then ids */
  GtkSpinButton *steps_spin;
  GtkSpinButton *factor_spins[KESSEL_UNIT_MAX_STEPS][2];
  GtkWidget *previews[KESSEL_UNIT_MAX_STEPS];
  GtkCheckButton *ability_checks[KESSEL_N_ABILITIES];
  GtkSpinButton *range_spin;
  GtkEntry *hex_entry;
  GtkCheckButton *exact_check;
  GtkSpinButton *arrival_spin;
  GtkLabel *error_label;
};

enum { UNIT_ACTIVATED, N_SIGNALS };

/* Set once by class_init. */
extern guint kessel_counter_mix_signals[N_SIGNALS];

static inline KesselScenario *
kessel_counter_mix_scenario (KesselCounterMix *self)
{
  return self->history != NULL ? kessel_edit_history_get_scenario (self->history) : NULL;
}

static inline const KesselGrid *
kessel_counter_mix_grid (KesselCounterMix *self)
{
  KesselScenario *s = kessel_counter_mix_scenario (self);
  return s != NULL ? kessel_map_get_grid (kessel_scenario_get_map (s)) : NULL;
}

static inline KesselUnit *
kessel_counter_mix_selected_unit (KesselCounterMix *self)
{
  KesselScenario *s = kessel_counter_mix_scenario (self);
  return s != NULL && self->selected_id != NULL ? kessel_scenario_find_unit (s, self->selected_id) : NULL;
}

/* The class: kessel-counter-mix.c */
void        kessel_counter_mix_update_actions (KesselCounterMix *self);

/* The table: kessel-counter-mix-table.c */
void        kessel_counter_mix_bind_table_callbacks (GtkWidgetClass *widget_class);
void        kessel_counter_mix_set_up_table (KesselCounterMix *self);
void        kessel_counter_mix_sync_table (KesselCounterMix *self);
const char *kessel_counter_mix_mobility_name (KesselMobility mobility);

/* The form: kessel-counter-mix-form.c */
void        kessel_counter_mix_bind_form_callbacks (GtkWidgetClass *widget_class);
void        kessel_counter_mix_set_up_form (KesselCounterMix *self);
/* Shows the selected unit in the form, or the placeholder without one. */
void        kessel_counter_mix_fill_form (KesselCounterMix *self);
/* Commits the scenario's change as the named edit; FALSE when nothing changed. */
gboolean    kessel_counter_mix_commit (KesselCounterMix *self,
                                       const char       *name);

G_END_DECLS
