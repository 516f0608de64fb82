/* kessel-scenario-private.h: what the scenario reader, writer and checks
 * share and nobody else needs. */
#pragma once

#include "kessel-scenario.h"

G_BEGIN_DECLS

#define KESSEL_SCENARIO_NAMESPACE "urn:x-kessel:scenario:1"

/* The problems found in a file, each "FILE:LINE: message", joined into one
 * GError so that callers can show them all. */
typedef struct {
  char *file_name;
  GPtrArray *messages;
} KesselProblems;

void     kessel_problems_init (KesselProblems *problems, const char *file_name);
void     kessel_problems_clear (KesselProblems *problems);
void     kessel_problems_add (KesselProblems *problems, long line, const char *format, ...) G_GNUC_PRINTF (3, 4);
gboolean kessel_problems_any (const KesselProblems *problems);
void     kessel_problems_to_error (const KesselProblems *problems, GError **error, int code);

G_END_DECLS
