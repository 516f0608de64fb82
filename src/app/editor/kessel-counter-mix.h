/* kessel-counter-mix.h: the scenario editor's counter mix: a sortable,
 * filterable table of every unit, and a form editing the selected one. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

/* A unit dragged from the list (or the schedule) is a string: this prefix,
 * then the unit's id. */
#define KESSEL_UNIT_DRAG_PREFIX "kessel-unit:"

#define KESSEL_TYPE_COUNTER_MIX (kessel_counter_mix_get_type ())
G_DECLARE_FINAL_TYPE (KesselCounterMix, kessel_counter_mix, KESSEL, COUNTER_MIX, GtkWidget)

/* Actions, for buttons, keys and tests:
 *   units.add (s)     a new unit of the side "german" or "soviet"
 *   units.duplicate   a copy of the selected unit
 *   units.delete      the selected unit
 * Signal "unit-activated" (id): a row was double-clicked or Enter pressed. */

GtkWidget  *kessel_counter_mix_new (void);
void        kessel_counter_mix_set_history (KesselCounterMix *self, KesselEditHistory *history);

/* Selects the unit and scrolls to it; NULL or an unknown id selects nothing.
 * A search or side filter hiding the unit is cleared. */
void        kessel_counter_mix_select_unit (KesselCounterMix *self, const char *id);
const char *kessel_counter_mix_get_selected_id (KesselCounterMix *self);
/* Commits the text of the form's field being typed in, as Enter would. */
void        kessel_counter_mix_commit_pending (KesselCounterMix *self);

G_END_DECLS
