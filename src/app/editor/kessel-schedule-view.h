/* kessel-schedule-view.h: the scenario editor's reinforcement schedule: the
 * units arriving on each turn, where they enter, and the units neither set
 * up nor scheduled. Units are dragged between turns, or dropped on a turn
 * from the counter mix (as KESSEL_UNIT_DRAG_PREFIX strings). */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_SCHEDULE_VIEW (kessel_schedule_view_get_type ())
G_DECLARE_FINAL_TYPE (KesselScheduleView, kessel_schedule_view, KESSEL, SCHEDULE_VIEW, GtkWidget)

/* Signal "unit-activated" (id): a unit's row was double-clicked or Enter
 * pressed on it. */

GtkWidget *kessel_schedule_view_new (void);
void       kessel_schedule_view_set_history (KesselScheduleView *self, KesselEditHistory *history);

/* What a drop does: the unit arrives on the turn (1 to the scenario's turns)
 * and no longer sets up, or with turn 0 neither sets up nor arrives. Commits
 * one named edit; returns FALSE when nothing changed or the unit or turn is
 * unknown. */
gboolean   kessel_schedule_view_move_unit (KesselScheduleView *self, const char *id, int turn);

G_END_DECLS
