/* kessel-editor.h: the scenario editor's side panel: the map tools, the
 * counter mix, the reinforcement schedule, the scenario's properties and
 * the problems found as you go, with the editor's files and undo history.
 * Its actions (new, open, save, tools ...) are in the group returned by
 * kessel_editor_get_actions, which the window inserts as "editor". */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"
#include "kessel-map-tools.h"
#include "kessel-map-view.h"

G_BEGIN_DECLS

#define KESSEL_SCENARIO_SUFFIX ".kessel"

#define KESSEL_TYPE_EDITOR (kessel_editor_get_type ())
G_DECLARE_FINAL_TYPE (KesselEditor, kessel_editor, KESSEL, EDITOR, GtkWidget)

GtkWidget         *kessel_editor_new (KesselMapView *view);
GActionGroup      *kessel_editor_get_actions (KesselEditor *self);

/* Starts editing a copy of the scenario (nothing unsaved). */
void               kessel_editor_edit (KesselEditor *self, KesselScenario *scenario);
KesselEditHistory *kessel_editor_get_history (KesselEditor *self);
KesselScenario    *kessel_editor_get_scenario (KesselEditor *self);
KesselMapTools    *kessel_editor_get_tools (KesselEditor *self);
gboolean           kessel_editor_is_modified (KesselEditor *self);
/* Makes text still being typed (such as the description) an edit. */
void               kessel_editor_commit_pending (KesselEditor *self);
/* The pages, for tests and the window. */
GtkWidget         *kessel_editor_get_counter_mix (KesselEditor *self);
GtkWidget         *kessel_editor_get_schedule_view (KesselEditor *self);
GtkWidget         *kessel_editor_get_problem_list (KesselEditor *self);
/* The name field shown on the map by a click of the town tool. */
GtkPopover        *kessel_editor_get_place_popover (KesselEditor *self);
GtkEditable       *kessel_editor_get_place_name_field (KesselEditor *self);

/* Shows the map and the panel for editing, or gives the map back. */
void               kessel_editor_set_active (KesselEditor *self, gboolean active);
gboolean           kessel_editor_get_active (KesselEditor *self);

/* Saving refuses nothing the schema accepts: a scenario with errors is
 * saved as it is (the Save action warns first), and the file must read
 * back as the same scenario before it replaces the old one. It refuses to
 * write among the program's own data, such as its stock scenarios. */
gboolean           kessel_editor_save (KesselEditor *self, const char *path, GError **error);
/* The file Save Scenario As proposes, in the user's scenario folder unless
 * the scenario has a file of the user's already. */
char              *kessel_editor_suggest_save_path (KesselEditor *self);
gboolean           kessel_editor_open_file (KesselEditor *self, const char *path, GError **error);

/* Gives a unit its setup hex, as dropping it on the map does. */
gboolean           kessel_editor_place_unit (KesselEditor *self, const char *unit_id, int hex);
/* Names the place in a hex, as the name field shown on the map does. */
void               kessel_editor_rename_place (KesselEditor *self, int hex, const char *name);
/* Adds a river and makes it the one the river tool draws. */
int                kessel_editor_add_river (KesselEditor *self, const char *name, gboolean major);
/* Asks before unsaved edits are thrown away; calls proceed (with data)
 * unless the user cancels. */
void               kessel_editor_confirm_discard (KesselEditor *self, GCallback proceed, gpointer data);
/* The problems page: refreshed now; how many errors it lists. */
int                kessel_editor_count_errors (KesselEditor *self);

G_END_DECLS
