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

/* Edits the scenario itself (a reference is taken), with no edits yet and
 * nothing unsaved. */
KesselEditHistory *kessel_edit_history_new (KesselScenario *scenario);

KesselScenario *kessel_edit_history_get_scenario (KesselEditHistory *self);

/* Records what changed since the last commit as one edit. Returns FALSE,
 * recording nothing, when the scenario is as it was. Emits "changed". */
gboolean    kessel_edit_history_commit (KesselEditHistory *self, const char *name);

gboolean    kessel_edit_history_can_undo (KesselEditHistory *self);
gboolean    kessel_edit_history_can_redo (KesselEditHistory *self);
/* Names of the edit that undo or redo would take back or do again, or NULL. */
const char *kessel_edit_history_get_undo_name (KesselEditHistory *self);
const char *kessel_edit_history_get_redo_name (KesselEditHistory *self);
gboolean    kessel_edit_history_undo (KesselEditHistory *self);
gboolean    kessel_edit_history_redo (KesselEditHistory *self);

/* Whether the scenario differs from the state last marked saved. */
gboolean    kessel_edit_history_is_modified (KesselEditHistory *self);
void        kessel_edit_history_mark_saved (KesselEditHistory *self);

G_END_DECLS
