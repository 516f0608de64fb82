/* Fuzz target: the action parser and the rules' check of an action, on
 * positions from real games (the saved games of the game corpus, taken
 * every few actions). The first byte picks the position, the rest is the
 * action as text. An action that parses must print as text that parses to
 * the same action. */
#include "fuzz-common.h"

#include <string.h>

#define POSITION_EVERY 16

typedef struct {
  KesselGame *game;
  KesselSnapshot *snapshot;
} Position;

static GArray *positions;

static KesselScenario *
scenario_of (const char *xml, gsize length, const char *path)
{
  static KesselScenario *scenarios[2];

  if (scenarios[0] == NULL)
    {
      scenarios[0] = fuzz_shipped_scenario ("crossing-the-prut.kessel");
      scenarios[1] = fuzz_shipped_scenario ("first-panzer-army.kessel");
    }
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autoptr(KesselGame) game = kessel_game_load_data (xml, length, path, scenarios[i], NULL);
      if (game != NULL)
        return scenarios[i];
    }
  fuzz_fail ("%s: a saved game of the corpus does not load", path);
}

/* Replays a saved game, keeping a position every few actions. */
static void
add_positions (const char *path)
{
  g_autofree char *xml = NULL;
  gsize length = 0;
  g_autoptr(KesselGame) whole = NULL;
  KesselScenario *scenario;
  KesselGame *game;

  if (!g_file_get_contents (path, &xml, &length, NULL))
    fuzz_fail ("%s: cannot read", path);
  scenario = scenario_of (xml, length, path);
  whole = kessel_game_load_data (xml, length, path, scenario, NULL);
  game = kessel_game_new (scenario, kessel_game_get_seed (whole));
  for (int i = 0; i < kessel_game_get_n_actions (whole); i++)
    {
      if (i % POSITION_EVERY == 0)
        {
          Position position = { g_object_ref (game), kessel_game_snapshot (game) };
          g_array_append_val (positions, position);
        }
      if (!kessel_game_apply (game, kessel_game_get_action (whole, i), NULL))
        fuzz_fail ("%s: action %d does not replay", path, i);
    }
  g_object_unref (game);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autofree char *dir = g_build_filename (KESSEL_FUZZ_SOURCE_ROOT, "tests", "fuzz", "corpus", "game", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  positions = g_array_new (FALSE, FALSE, sizeof (Position));
  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".kesselgame"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        add_positions (path);
      }
  if (positions->len == 0)
    fuzz_fail ("%s: no saved games to take positions from", dir);
  return 0;
}

static void
check_printing (KesselGame *game, const KesselAction *action)
{
  g_autofree char *text = kessel_game_action_to_string (game, action);
  g_autofree char *again = NULL;
  KesselAction parsed;

  if (!kessel_game_action_from_string (game, text, &parsed, NULL))
    fuzz_fail ("the action printed as \"%s\" does not parse", text);
  again = kessel_game_action_to_string (game, &parsed);
  if (strcmp (text, again) != 0)
    fuzz_fail ("\"%s\" parses and prints as \"%s\"", text, again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  Position *position;
  KesselAction action;

  if (size < 1)
    return 0;
  position = &g_array_index (positions, Position, data[0] % positions->len);
  text = g_strndup ((const char *) data + 1, size - 1);
  kessel_game_restore (position->game, position->snapshot);
  if (!kessel_game_action_from_string (position->game, text, &action, NULL))
    return 0;
  check_printing (position->game, &action);
  (void) kessel_game_apply (position->game, &action, NULL);   /* the next input restores the position */
  return 0;
}
