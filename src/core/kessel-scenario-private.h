/* kessel-scenario-private.h: what the scenario reader, writer and checks
 * share and nobody else needs. */
#pragma once

#include "kessel-scenario.h"
#include "kessel-scenario-check.h"

G_BEGIN_DECLS

#define KESSEL_SCENARIO_NAMESPACE "urn:x-kessel:scenario:1"

/* The problems found in a file, each "FILE:LINE: message", joined into one
 * GError so that callers can show them all. At most limit are kept. */
typedef struct {
  char *file_name;
  GPtrArray *messages;
  guint limit;
} KesselProblems;

void     kessel_problems_init (KesselProblems *problems, const char *file_name);
void     kessel_problems_clear (KesselProblems *problems);
void     kessel_problems_add (KesselProblems *problems, long line, const char *format, ...) G_GNUC_PRINTF (3, 4);
gboolean kessel_problems_any (const KesselProblems *problems);
void     kessel_problems_to_error (const KesselProblems *problems, GError **error, int code);

/* What a problem is about, which decides where it is listed and, for the
 * reader, which line of the file it names. */
typedef enum {
  KESSEL_PROBLEM_ABOUT_SCENARIO,   /* the rules, the victory table, the start markers */
  KESSEL_PROBLEM_ABOUT_MAP,
  KESSEL_PROBLEM_ABOUT_UNIT,
} KesselProblemSubject;

/* A problem as the checks make it: the public part first, so that it is
 * freed with kessel_scenario_problem_free like any other. */
typedef struct {
  KesselScenarioProblem problem;
  KesselProblemSubject subject;
  int unit_index;   /* the unit's place in the counter mix, or -1 */
  guint found;      /* the order the checks found it in */
} KesselCheckedProblem;

/* The problems of kessel_scenario_check in the order found, each a
 * KesselCheckedProblem. The problems the reader has always reported come
 * first, in the order it reported them. */
GPtrArray *kessel_scenario_check_in_found_order (KesselScenario *scenario);

G_END_DECLS
