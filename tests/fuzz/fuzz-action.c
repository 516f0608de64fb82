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

/* The shipped scenario a saved game of the corpus plays, by the file it
 * names. */
static KesselScenario *
scenario_of (const char *xml)
{
  static KesselScenario *prut, *army;

  if (prut == NULL)
    {
      prut = fuzz_shipped_scenario ("crossing-the-prut.kessel");
      army = fuzz_shipped_scenario ("first-panzer-army.kessel");
    }
  return strstr (xml, "crossing-the-prut.kessel") != NULL ? prut : army;
}

/* Replays the actions of a saved game as far as they go, keeping a position
 * every few actions. The game is read as text, not loaded, so that a
 * change of the shipped scenario only shortens the replay. */
static void
add_positions (const char *path)
{
  g_autofree char *xml = NULL;
  g_autoptr(GRegex) seed_pattern = g_regex_new ("<seed>\\s*([0-9]+)\\s*</seed>", 0, 0, NULL);
  g_autoptr(GRegex) action_pattern = g_regex_new ("<action>([^<]*)</action>", 0, 0, NULL);
  g_autoptr(GMatchInfo) seed = NULL;
  g_autoptr(GMatchInfo) action = NULL;
  g_autofree char *seed_text = NULL;
  g_autoptr(KesselGame) game = NULL;

  if (!g_file_get_contents (path, &xml, NULL, NULL))
    fuzz_fail ("%s: not a saved game", path);
  if (strstr (xml, ">recorded</dice>") != NULL)
    return;   /* its dice are in its actions, not in a seed: the seeded games give the positions */
  if (!g_regex_match (seed_pattern, xml, 0, &seed))
    fuzz_fail ("%s: not a saved game", path);
  seed_text = g_match_info_fetch (seed, 1);
  game = kessel_game_new (scenario_of (xml), g_ascii_strtoull (seed_text, NULL, 10));
  g_regex_match (action_pattern, xml, 0, &action);
  for (int i = 0; g_match_info_matches (action); i++, g_match_info_next (action, NULL))
    {
      g_autofree char *text = NULL;
      KesselAction parsed;

      if (i % POSITION_EVERY == 0)
        {
          Position position = { g_object_ref (game), kessel_game_snapshot (game) };
          g_array_append_val (positions, position);
        }
      text = g_match_info_fetch (action, 1);
      if (!kessel_game_action_from_string (game, text, &parsed, NULL) || !kessel_game_apply (game, &parsed, NULL))
        break;
    }
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
