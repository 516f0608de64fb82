#include "fuzz-common.h"

#include <stdio.h>
#include <stdlib.h>

KesselScenario *
fuzz_shipped_scenario (const char *name)
{
  g_autofree char *path = g_build_filename (KESSEL_FUZZ_SOURCE_ROOT, "data", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  if (scenario == NULL)
    fuzz_fail ("%s", error->message);
  return scenario;
}

void
fuzz_fail (const char *format, ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}
