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
/**
 * kessel_scenario_problem_copy:
 *
 * A copy of a problem of a scenario.
 */
KesselScenarioProblem *kessel_scenario_problem_copy (const KesselScenarioProblem *problem);
/**
 * kessel_scenario_problem_free:
 *
 * Frees a problem made by kessel_scenario_problem_copy().
 */
void kessel_scenario_problem_free (KesselScenarioProblem *problem);

GPtrArray *kessel_scenario_check (KesselScenario *scenario);
int        kessel_scenario_count_problems (GPtrArray *problems, KesselProblemSeverity severity);

KesselScenario *kessel_scenario_load_file_for_editing (const char *path, GPtrArray **dropped,
                                                       GError **error);

G_END_DECLS
