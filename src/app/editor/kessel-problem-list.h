/* kessel-problem-list.h: the editor's problem list. It checks the scenario
 * (kessel_scenario_check) once after each burst of edits, sums the problems
 * up and lists them; activating one emits "problem-activated" (int hex,
 * const char *unit_id) with the hex or the unit to show. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PROBLEM_LIST (kessel_problem_list_get_type ())
G_DECLARE_FINAL_TYPE (KesselProblemList, kessel_problem_list, KESSEL, PROBLEM_LIST, GtkWidget)

GtkWidget *kessel_problem_list_new (void);
/* The history whose scenario is checked, or NULL; checks it at once. */
void       kessel_problem_list_set_history (KesselProblemList *self, KesselEditHistory *history);
/* Checks the scenario now rather than when the main loop is idle, as before
 * saving it. */
void       kessel_problem_list_refresh_now (KesselProblemList *self);
/* Of the problems found by the last check. */
int        kessel_problem_list_get_n_errors (KesselProblemList *self);
int        kessel_problem_list_get_n_warnings (KesselProblemList *self);

G_END_DECLS
