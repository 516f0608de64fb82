/* Fuzz target: the saved-game loader, which replays every action, on the
 * shipped scenarios; a game it accepts must write out and read back as the
 * same game, and answer the questions kessel-cli query asks. */
#define _GNU_SOURCE   /* memmem */
#include "fuzz-common.h"

#include <string.h>

static KesselScenario *scenarios[2];
static char *checksums[2];

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  scenarios[0] = fuzz_shipped_scenario ("crossing-the-prut.kessel");
  scenarios[1] = fuzz_shipped_scenario ("first-panzer-army.kessel");
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autofree char *xml = kessel_scenario_to_xml (scenarios[i], NULL);
      checksums[i] = g_compute_checksum_for_string (G_CHECKSUM_SHA256, xml, -1);
    }
  return 0;
}

static void
ask (KesselGame *game)
{
  g_autoptr(GArray) legal = kessel_game_list_actions (game);

  for (guint i = 0; i < legal->len && i < 8; i++)
    {
      const KesselAction *action = &g_array_index (legal, KesselAction, i);
      g_free (kessel_game_action_to_string (game, action));
      g_free (kessel_game_describe_action (game, action));
    }
}

static void
round_trip (KesselGame *game, KesselScenario *scenario)
{
  gsize length = 0;
  g_autofree char *xml = kessel_game_to_xml (game, &length);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) copy = kessel_game_load_data (xml, length, "written.kesselgame", scenario, &error);

  if (copy == NULL)
    fuzz_fail ("the written game does not read back: %s", error->message);
  if (!kessel_game_equal (game, copy))
    fuzz_fail ("the game read back is not the same game");
}

/* The scenario whose checksum the game names, so that each input is read
 * once; the first if it names neither. */
static KesselScenario *
scenario_named (const uint8_t *data, size_t size)
{
  for (guint i = 1; i < G_N_ELEMENTS (scenarios); i++)
    if (memmem (data, size, checksums[i], strlen (checksums[i])) != NULL)
      return scenarios[i];
  return scenarios[0];
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  KesselScenario *scenario = scenario_named (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) game = kessel_game_load_data ((const char *) data, size, "fuzz.kesselgame",
                                                      scenario, &error);

  if (game == NULL)
    {
      if (error == NULL || strncmp (error->message, "fuzz.kesselgame:", 16) != 0)
        fuzz_fail ("a refused game without a message naming the file: %s", error ? error->message : "");
      return 0;
    }
  ask (game);
  round_trip (game, scenario);
  return 0;
}
