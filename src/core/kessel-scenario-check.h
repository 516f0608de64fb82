/* kessel-scenario-check.h: what is wrong with a scenario in memory, each
 * problem naming the hex or unit to show, for the editor's problem list and
 * for the reader, which refuses a file with errors. */
#pragma once

#include <glib-object.h>

#include "kessel-scenario.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_PROBLEM_ERROR,    /* the scenario cannot be played as it is; files with it are refused */
  KESSEL_PROBLEM_WARNING,  /* playable, but most likely a mistake */
} KesselProblemSeverity;

typedef struct {
  KesselProblemSeverity severity;
  char *message;   /* one sentence for people, translated */
  char *rule;      /* the rule case it follows from, such as "3.2", or NULL */
  int hex;         /* the hex to show, or KESSEL_HEX_NONE */
  char *unit_id;   /* the unit to show, or NULL */
} KesselScenarioProblem;

#define KESSEL_TYPE_SCENARIO_PROBLEM (kessel_scenario_problem_get_type ())
GType kessel_scenario_problem_get_type (void) G_GNUC_CONST;
KesselScenarioProblem *kessel_scenario_problem_copy (const KesselScenarioProblem *problem);
void kessel_scenario_problem_free (KesselScenarioProblem *problem);

/* Every problem, errors first, each group in map and counter-mix order.
 * An array of KesselScenarioProblem that frees them; never NULL. */
GPtrArray *kessel_scenario_check (KesselScenario *scenario);
int        kessel_scenario_count_problems (GPtrArray *problems, KesselProblemSeverity severity);

/* Like kessel_scenario_load_file, for editing: a file that parses and follows
 * the schema is read even when its meaning is wrong, so that it can be
 * repaired. What the reader had to leave out (a hex off the map, a terrain
 * given twice ...) is returned in dropped as "FILE:LINE: message" strings;
 * the errors that remain in the scenario are found by kessel_scenario_check.
 * dropped is set to an array (free with g_ptr_array_unref) even when the
 * file is refused; it is then empty. */
KesselScenario *kessel_scenario_load_file_for_editing (const char *path, GPtrArray **dropped,
                                                       GError **error);

G_END_DECLS
