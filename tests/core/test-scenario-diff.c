/* What differs between two scenarios: nothing for a copy, each change named
 * once with both values, and at most KESSEL_SCENARIO_DIFF_MAX_LINES lines. */
#include <glib.h>
#include <string.h>

#include "kessel-scenario-diff.h"
#include "random-games.h"

/* Whether one of lines holds words. */
static gboolean
says (GPtrArray *lines, const char *words)
{
  for (guint i = 0; i < lines->len; i++)
    if (strstr (lines->pdata[i], words) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_changes_named (void)
{
  g_autoptr(KesselScenario) mine = random_games_scenario ();
  g_autoptr(KesselScenario) theirs = kessel_scenario_copy (mine);
  g_autoptr(GPtrArray) same = kessel_scenario_differences (theirs, mine);
  g_autoptr(GPtrArray) lines = NULL;
  KesselVictoryTable victory = *kessel_scenario_get_victory (theirs);
  const KesselStep strong[] = { { 40, 40 }, { 3, 4 } };
  KesselMap *map = kessel_scenario_get_map (theirs);

  g_assert_cmpuint (same->len, ==, 0);
  kessel_scenario_set_title (theirs, "First Panzer Army");   /* the same title */
  victory.soviet_wins_at = 99;
  kessel_scenario_set_victory (theirs, &victory);
  kessel_unit_set_steps (kessel_scenario_find_unit (theirs, "ger-16pz"), strong, G_N_ELEMENTS (strong));
  kessel_scenario_remove_unit (theirs, kessel_scenario_find_unit (theirs, "ger-17pz"));
  for (int hex = 0; hex < 3; hex++)
    kessel_map_set_terrain (map, hex, kessel_map_get_terrain (map, hex) == KESSEL_TERRAIN_CLEAR
                                      ? KESSEL_TERRAIN_FOREST : KESSEL_TERRAIN_CLEAR);
  lines = kessel_scenario_differences (theirs, mine);
  for (guint i = 0; i < lines->len; i++)
    g_test_message ("%s", (const char *) lines->pdata[i]);
  g_assert_cmpuint (lines->len, ==, 4);
  g_assert_true (says (lines, "wins at 99 VP here, at 32 VP in your copy"));
  g_assert_true (says (lines, "(ger-16pz): 40-40/3-4 here, 4-4/3-4 in your copy"));
  g_assert_true (says (lines, "(ger-17pz) of your copy is missing here"));
  g_assert_true (says (lines, "the terrain of 3 hexes differs"));
}

static void
test_lines_bounded (void)
{
  g_autoptr(KesselScenario) mine = random_games_scenario ();
  g_autoptr(KesselScenario) theirs = kessel_scenario_copy (mine);
  g_autoptr(GPtrArray) lines = NULL;
  int n_units = kessel_scenario_get_n_units (theirs);

  while (kessel_scenario_get_n_units (theirs) > 0)
    kessel_scenario_remove_unit (theirs, kessel_scenario_get_unit (theirs, 0));
  lines = kessel_scenario_differences (theirs, mine);
  g_assert_cmpuint (lines->len, ==, KESSEL_SCENARIO_DIFF_MAX_LINES);
  g_assert_true (g_str_has_prefix (lines->pdata[lines->len - 1], "… and "));
  g_assert_true (strstr (lines->pdata[lines->len - 1], "more differences") != NULL);
  g_assert_cmpint (n_units, >, KESSEL_SCENARIO_DIFF_MAX_LINES);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario-diff/changes-named", test_changes_named);
  g_test_add_func ("/scenario-diff/lines-bounded", test_lines_bounded);
  return g_test_run ();
}
