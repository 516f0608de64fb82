/* Fuzz target: the scenario reader with its checks of meaning, and the
 * round trip of what it accepts through the writer: the written file must
 * read back and write out the same. */
#include "fuzz-common.h"

#include <string.h>

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
round_trip (KesselScenario *scenario)
{
  gsize length = 0;
  g_autofree char *xml = kessel_scenario_to_xml (scenario, &length);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) copy = kessel_scenario_load_data (xml, length, "written.kessel", &error);
  g_autofree char *again = NULL;

  if (copy == NULL)
    fuzz_fail ("the written scenario does not read back: %s", error->message);
  again = kessel_scenario_to_xml (copy, NULL);
  if (strcmp (xml, again) != 0)
    fuzz_fail ("the scenario does not write out the same after a round trip");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_data ((const char *) data, size, "fuzz.kessel", &error);

  if (scenario == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.kessel:", 12) != 0)
        fuzz_fail ("a refused scenario without a message naming the file: %s", error ? error->message : "");
      return 0;
    }
  g_ptr_array_unref (kessel_scenario_check (scenario));
  round_trip (scenario);
  return 0;
}
