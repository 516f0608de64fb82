/* kessel-unit-list.h: the scenario editor's counter mix: a sortable,
 * filterable table of every unit, and a form editing the selected one. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

/* A unit dragged from the list (or the schedule) is a string: this prefix,
 * then the unit's id. */
#define KESSEL_UNIT_DRAG_PREFIX "kessel-unit:"

#define KESSEL_TYPE_UNIT_LIST (kessel_unit_list_get_type ())
G_DECLARE_FINAL_TYPE (KesselUnitList, kessel_unit_list, KESSEL, UNIT_LIST, GtkWidget)

/* Actions, for buttons, keys and tests:
 *   units.add (s)     a new unit of the side "german" or "soviet"
 *   units.duplicate   a copy of the selected unit
 *   units.delete      the selected unit
 * Signal "unit-activated" (id): a row was double-clicked or Enter pressed. */

GtkWidget  *kessel_unit_list_new (void);
void        kessel_unit_list_set_history (KesselUnitList *self, KesselEditHistory *history);

/* Selects the unit and scrolls to it; NULL or an unknown id selects nothing.
 * A search or side filter hiding the unit is cleared. */
void        kessel_unit_list_select_unit (KesselUnitList *self, const char *id);
const char *kessel_unit_list_get_selected_id (KesselUnitList *self);
/* Commits the text of the form's field being typed in, as Enter would. */
void        kessel_unit_list_commit_pending (KesselUnitList *self);

G_END_DECLS
