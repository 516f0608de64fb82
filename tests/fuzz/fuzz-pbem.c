/* Fuzz target: the check of a turn file of a game by e-mail, which reads
 * its turns, follows their links and both hash chains and replays every
 * action, on the shipped scenario. A refused file names itself. */
#include "fuzz-common.h"
#include "kessel-pbem.h"

#include <string.h>

static KesselScenario *scenario;

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  scenario = fuzz_shipped_scenario ("first-panzer-army.kessel");
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  if (kessel_pbem_verify_data ((const char *) data, size, "fuzz.kesselpbem", scenario, &summary, &error))
    {
      if (summary == NULL)
        fuzz_fail ("a file checked without a summary");
      return 0;
    }
  if (error == NULL || strncmp (error->message, "fuzz.kesselpbem", 15) != 0)
    fuzz_fail ("a refused turn file without a message naming the file: %s", error ? error->message : "");
  return 0;
}
