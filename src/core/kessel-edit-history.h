/* kessel-edit-history.h: a scenario being edited, and the named edits made
 * to it, to undo and redo.
 *
 * Editors change the scenario in place and then commit the change under a
 * name ("Paint Forest (12 hexes)"). The history keeps a copy of the scenario
 * after each edit rather than the inverse of each operation: a copy restores
 * everything a file holds exactly, whatever the edit touched, and a scenario
 * of the full map costs tens of kilobytes. Undo and redo replace the
 * scenario object with a fresh copy, so holders of the scenario listen to
 * "changed" and fetch it again.
 */
#pragma once

#include <glib-object.h>

#include "kessel-scenario.h"

G_BEGIN_DECLS

/* Edits kept before the oldest is forgotten. */
#define KESSEL_EDIT_HISTORY_LIMIT 500

#define KESSEL_TYPE_EDIT_HISTORY (kessel_edit_history_get_type ())
G_DECLARE_FINAL_TYPE (KesselEditHistory, kessel_edit_history, KESSEL, EDIT_HISTORY, GObject)

/**
 * kessel_edit_history_new:
 *
 * An edit history of @scenario, which it edits in place and keeps a reference
 * to; there are no edits yet and nothing unsaved.
 */
KesselEditHistory *kessel_edit_history_new (KesselScenario *scenario);

KesselScenario *kessel_edit_history_get_scenario (KesselEditHistory *self);

/**
 * kessel_edit_history_commit:
 *
 * Records what changed in the scenario since the last commit as one edit with a
 * name for the Undo menu, and emits "changed". When the scenario is as it was,
 * nothing is recorded.
 */
gboolean    kessel_edit_history_commit (KesselEditHistory *self, const char *name);

/**
 * kessel_edit_history_can_undo:
 *
 * Whether there is an edit to take back.
 */
gboolean    kessel_edit_history_can_undo (KesselEditHistory *self);
/**
 * kessel_edit_history_can_redo:
 *
 * Whether there is an edit taken back that may be done again.
 */
gboolean    kessel_edit_history_can_redo (KesselEditHistory *self);
/**
 * kessel_edit_history_get_undo_name:
 *
 * The name of the edit that kessel_edit_history_undo() would take back, or
 * %NULL when there is none.
 */
const char *kessel_edit_history_get_undo_name (KesselEditHistory *self);
/**
 * kessel_edit_history_get_redo_name:
 *
 * The name of the edit that kessel_edit_history_redo() would do again, or %NULL
 * when there is none.
 */
const char *kessel_edit_history_get_redo_name (KesselEditHistory *self);
/**
 * kessel_edit_history_undo:
 *
 * Takes back the last edit, putting the scenario as it was before it; FALSE
 * when there is none.
 */
gboolean    kessel_edit_history_undo (KesselEditHistory *self);
/**
 * kessel_edit_history_redo:
 *
 * Does again the last edit taken back; FALSE when there is none.
 */
gboolean    kessel_edit_history_redo (KesselEditHistory *self);

/**
 * kessel_edit_history_is_modified:
 *
 * Whether the scenario differs from what it was when last marked saved.
 */
gboolean    kessel_edit_history_is_modified (KesselEditHistory *self);
/**
 * kessel_edit_history_mark_saved:
 *
 * Marks the scenario as it is now as saved.
 */
void        kessel_edit_history_mark_saved (KesselEditHistory *self);

G_END_DECLS
