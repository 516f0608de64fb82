/* Scenario files: loading, the errors a scenario author sees, the round trip
 * through the writer, and the atomic save. */
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "kessel-scenario.h"

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "core", "fixtures", name, NULL);
}

static char *
shipped_scenario_path (void)
{
  return g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios",
                           "first-panzer-army.kessel", NULL);
}

static KesselScenario *
load_fixture (const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static int
hex (KesselScenario *scenario, int number)
{
  return kessel_grid_hex_from_number (kessel_map_get_grid (kessel_scenario_get_map (scenario)), number);
}

static void
test_load_small (void)
{
  g_autoptr(KesselScenario) scenario = load_fixture ("small.kessel");
  KesselMap *map = kessel_scenario_get_map (scenario);
  KesselUnit *panzer = kessel_scenario_find_unit (scenario, "ger-16pz");
  KesselUnit *artillery = kessel_scenario_find_unit (scenario, "ger-18ad");
  const KesselPlace *place;
  int river;

  g_assert_cmpstr (kessel_scenario_get_title (scenario), ==, "Small test scenario");
  g_assert_cmpint (kessel_map_get_hex_count (map), ==, 27);
  g_assert_cmpint (kessel_map_get_terrain (map, hex (scenario, 201)), ==, KESSEL_TERRAIN_FOREST);
  g_assert_cmpint (kessel_map_get_terrain (map, hex (scenario, 303)), ==, KESSEL_TERRAIN_ROUGH);
  g_assert_cmpint (kessel_map_get_terrain (map, hex (scenario, 101)), ==, KESSEL_TERRAIN_CLEAR);

  river = kessel_map_get_river_between (map, hex (scenario, 403), hex (scenario, 303));
  g_assert_cmpint (river, !=, KESSEL_RIVER_NONE);
  g_assert_cmpstr (kessel_map_get_river (map, river)->name, ==, "Dnestr");
  g_assert_true (kessel_map_get_river (map, river)->major);
  g_assert_cmpint (kessel_map_get_river_between (map, hex (scenario, 303), hex (scenario, 302)), ==,
                   KESSEL_RIVER_NONE);

  place = kessel_map_get_place_at (map, hex (scenario, 404));
  g_assert_nonnull (place);
  g_assert_cmpint (place->kind, ==, KESSEL_PLACE_FORTIFIED_LOCALITY);
  g_assert_cmpstr (place->name, ==, "Proskurov");

  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 601), KESSEL_EDGE_SUPPLY_SOURCE));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 101), KESSEL_EDGE_ENTRY));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 101), KESSEL_EDGE_COMMAND_SOURCE));
  g_assert_true (kessel_map_is_closed_to_soviet (map, hex (scenario, 102)));
  g_assert_cmpint (kessel_map_get_initial_control (map, hex (scenario, 404)), ==, KESSEL_SIDE_SOVIET);

  g_assert_cmpint (kessel_scenario_get_total_steps (scenario, panzer), ==, 4);
  g_assert_cmpint (kessel_unit_get_step (panzer, 1)->attack, ==, 3);
  g_assert_true (kessel_scenario_get_substituted (scenario, kessel_scenario_find_unit (scenario, "ger-16pz-s1")) == panzer);
  g_assert_true (kessel_unit_has_ability (artillery, KESSEL_ABILITY_RANGED_SUPPORT));
  g_assert_cmpint (kessel_unit_get_support_range (artillery), ==, 2);
  g_assert_false (kessel_unit_is_artillery (artillery));
  g_assert_cmpint (kessel_unit_get_arrival_turn (artillery), ==, 2);
  g_assert_true (kessel_scenario_option_enabled (scenario, "flat-river-crossing"));
  g_assert_cmpint (kessel_scenario_get_turns (scenario), ==, 3);
}

/* Each broken fixture, the line its problem is on, and words of the message. */
typedef struct {
  const char *fixture;
  int line;
  const char *words;
  int code;
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "bad-not-well-formed.kessel", 4, "not well-formed XML", KESSEL_SCENARIO_ERROR_PARSE },
  { "bad-doctype.kessel", 2, "<!DOCTYPE>", KESSEL_SCENARIO_ERROR_PARSE },
  { "bad-schema.kessel", 9, "does not follow the scenario format", KESSEL_SCENARIO_ERROR_SCHEMA },
  { "bad-unit-off-map.kessel", 48, "the setup of unit sov-9m names hex 0906, which is not on the map", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-river-not-adjacent.kessel", 15, "they are not neighbours", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-substitute-loop.kessel", 36, "loops back to itself", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-substitute-missing.kessel", 36, "there is no such unit", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-duplicate-place.kessel", 23, "already holds Ternopol", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-duplicate-label.kessel", 24, "already has the map name Skala", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-duplicate-terrain.kessel", 10, "hex 0201 is given a terrain twice (first at line 8)", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-duplicate-unit.kessel", 48, "a second unit has the id \"ger-18ad\" (the first is at line 44)", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-arrival-after-end.kessel", 44, "arrives on turn 7, but the scenario has only 3 turns", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-hex-not-on-map.kessel", 31, "the area closed to Soviet units names hex 0205, which is not on the map", KESSEL_SCENARIO_ERROR_INVALID },
  { "bad-setup-and-arrival.kessel", 36, "both sets up on the map and arrives on turn 2", KESSEL_SCENARIO_ERROR_INVALID },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *test = data;
  g_autofree char *path = fixture_path (test->fixture);
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, test->line);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);

  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, test->code);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, test->words) == NULL)
    g_error ("expected \"%s...%s\", got \"%s\"", prefix, test->words, error->message);
}

static void
test_too_large (void)
{
  gsize length = KESSEL_SCENARIO_MAX_FILE_SIZE + 1;
  g_autofree char *data = g_malloc (length);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = NULL;

  memset (data, ' ', length);
  scenario = kessel_scenario_load_data (data, length, "huge.kessel", &error);
  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, "huge.kessel:1: "));
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file ("/nonexistent/x.kessel", &error);

  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO);
}

static void
assert_round_trip (KesselScenario *scenario)
{
  gsize length = 0, second_length = 0;
  g_autofree char *xml = kessel_scenario_to_xml (scenario, &length);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) copy = kessel_scenario_load_data (xml, length, "round-trip.kessel", &error);
  g_autofree char *second = NULL;

  g_assert_no_error (error);
  g_assert_true (kessel_scenario_equal (scenario, copy));
  second = kessel_scenario_to_xml (copy, &second_length);
  g_assert_cmpmem (xml, length, second, second_length);
}

static void
test_round_trip_small (void)
{
  g_autoptr(KesselScenario) scenario = load_fixture ("small.kessel");
  assert_round_trip (scenario);
}

static void
test_round_trip_shipped (void)
{
  g_autofree char *path = shipped_scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  assert_round_trip (scenario);
}

static void
test_round_trip_edited (void)
{
  g_autoptr(KesselScenario) scenario = load_fixture ("small.kessel");
  KesselMap *map = kessel_scenario_get_map (scenario);
  g_autoptr(KesselUnit) unit = kessel_unit_new ("sov-rifle", KESSEL_SIDE_SOVIET);
  KesselStep steps[] = { { 3, 3 }, { 1, 1 } };
  int bug = kessel_map_add_river (map, "Bug \"Southern\" & <co>", TRUE);

  kessel_map_set_terrain (map, hex (scenario, 101), KESSEL_TERRAIN_MARSH);
  kessel_map_set_river_at_side (map, kessel_grid_hexside_between (kessel_map_get_grid (map), hex (scenario, 501), hex (scenario, 502)), bug);
  kessel_map_set_place (map, hex (scenario, 103), KESSEL_PLACE_TOWN, "Gusyatin");
  kessel_map_remove_place (map, hex (scenario, 202));
  kessel_map_set_label (map, hex (scenario, 303), "Skala");
  kessel_map_set_label (map, hex (scenario, 103), "Husiatyn");   /* a town's hex may carry one too */
  kessel_unit_set_name (unit, "A rifle corps");
  kessel_unit_set_steps (unit, steps, 2);
  kessel_unit_set_abilities (unit, KESSEL_ABILITY_RETURNS);
  kessel_unit_set_setup_hex (unit, hex (scenario, 602));
  kessel_scenario_add_unit (scenario, unit);
  kessel_scenario_set_description (scenario, "Line one.\nLine two with <markup> & \"quotes\".");
  assert_round_trip (scenario);
}

static void
test_save_and_load (void)
{
  g_autoptr(KesselScenario) scenario = load_fixture ("small.kessel");
  g_autofree char *dir = g_dir_make_tmp ("kessel-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) copy = NULL;

  g_assert_true (kessel_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);
  copy = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_scenario_equal (scenario, copy));
  g_unlink (path);
  g_rmdir (dir);
}

#define OLD_CONTENT "the old file, which must survive a failed save\n"

/* Runs in a child whose file size limit makes every write past 200 bytes
 * fail, so the save cannot complete. */
static void
save_under_size_limit (const char *path)
{
  g_autoptr(KesselScenario) scenario = load_fixture ("small.kessel");
  g_autoptr(GError) error = NULL;
  struct rlimit limit = { 200, 200 };

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (kessel_scenario_save_file (scenario, path, &error));
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO);
  g_printerr ("%s\n", error->message);
}

static void
test_atomic_save_keeps_old_file (void)
{
  const char *child_path = g_getenv ("KESSEL_TEST_SAVE_PATH");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *content = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;
  int entries = 0;

  if (g_test_subprocess ())
    {
      save_under_size_limit (child_path);
      return;
    }
  dir = g_dir_make_tmp ("kessel-atomic-XXXXXX", NULL);
  path = g_build_filename (dir, "game.kessel", NULL);
  g_assert_true (g_file_set_contents (path, OLD_CONTENT, -1, NULL));
  g_setenv ("KESSEL_TEST_SAVE_PATH", path, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*cannot write the file*");

  g_assert_true (g_file_get_contents (path, &content, NULL, NULL));
  g_assert_cmpstr (content, ==, OLD_CONTENT);
  listing = g_dir_open (dir, 0, NULL);
  while ((entry = g_dir_read_name (listing)) != NULL)
    entries++;
  g_assert_cmpint (entries, ==, 1);  /* no temporary file left behind */
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_shipped_scenario_contents (void)
{
  g_autofree char *path = shipped_scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);
  KesselMap *map;
  const struct { int hex; const char *name; } anchors[] = {
    { 805, "Ternopol" }, { 2607, "Proskurov" }, { 2603, "Krasilov" }, { 4004, "Khmelnik" },
    { 4513, "Vinnitsa" }, { 4612, "Vinnitsa" }, { 4613, "Vinnitsa" },
  };

  g_assert_no_error (error);
  map = kessel_scenario_get_map (scenario);
  g_assert_cmpint (kessel_map_get_hex_count (map), ==, 1340);
  for (guint i = 0; i < G_N_ELEMENTS (anchors); i++)
    {
      const KesselPlace *place = kessel_map_get_place_at (map, hex (scenario, anchors[i].hex));
      g_assert_nonnull (place);
      g_assert_cmpstr (place->name, ==, anchors[i].name);
    }
  g_assert_cmpint (kessel_map_get_initial_control (map, hex (scenario, 2603)), ==, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_map_get_initial_control (map, hex (scenario, 4004)), ==, KESSEL_SIDE_SOVIET);
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 1101), KESSEL_EDGE_SUPPLY_SOURCE));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 4729), KESSEL_EDGE_SUPPLY_SOURCE));
  g_assert_false (kessel_map_has_edge_role (map, hex (scenario, 1001), KESSEL_EDGE_SUPPLY_SOURCE));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 4628), KESSEL_EDGE_COMMAND_SOURCE));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 113), KESSEL_EDGE_ENTRY));
  g_assert_false (kessel_map_has_edge_role (map, hex (scenario, 114), KESSEL_EDGE_ENTRY));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 729), KESSEL_EDGE_EXIT));
  g_assert_true (kessel_map_has_edge_role (map, hex (scenario, 1729), KESSEL_EDGE_EXIT));
  g_assert_cmpint (kessel_map_get_river_between (map, hex (scenario, 2218), hex (scenario, 2119)), !=,
                   KESSEL_RIVER_NONE);
  g_assert_cmpint (kessel_unit_get_setup_hex (kessel_scenario_find_unit (scenario, "ger-96")), ==, hex (scenario, 2908));
  g_assert_cmpint (kessel_unit_get_setup_hex (kessel_scenario_find_unit (scenario, "ger-291")), ==, hex (scenario, 2807));
  g_assert_cmpint (kessel_scenario_get_total_steps (scenario, kessel_scenario_find_unit (scenario, "ger-9ss")), ==, 8);
  g_assert_cmpint (kessel_scenario_get_start (scenario)->soviet_vp, ==, 2);
  g_assert_cmpstr (kessel_map_get_label (map, hex (scenario, 3001)), ==, "Starokonstantinov");
  g_assert_null (kessel_map_get_place_at (map, hex (scenario, 3001)));
}

/* The tiled scenario: each tile keeps the map around its hexes and the
 * counter mix, with ids of their own. */
static void
test_tiled (void)
{
  g_autofree char *path = shipped_scenario_path ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);
  g_autoptr(KesselScenario) tiled = NULL;
  KesselMap *map, *big;
  const KesselGrid *grid;
  int from = hex (scenario, 2218), to = hex (scenario, 2119);
  int n_units;

  g_assert_no_error (error);
  map = kessel_scenario_get_map (scenario);
  n_units = kessel_scenario_get_n_units (scenario);
  g_assert_null (kessel_scenario_new_tiled (scenario, 8, &error));
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_INVALID);

  tiled = kessel_scenario_new_tiled (scenario, 4, NULL);
  big = kessel_scenario_get_map (tiled);
  grid = kessel_map_get_grid (big);
  g_assert_cmpint (grid->columns, ==, 95);   /* 47, a column between, 47 */
  g_assert_cmpint (grid->rows, ==, 58);
  g_assert_cmpint (kessel_scenario_get_n_units (tiled), ==, 4 * n_units);
  /* 2218 of the last tile is 7047: 48 columns east, 29 rows south. */
  g_assert_cmpint (kessel_map_get_river_between (big, hex (tiled, 7047), hex (tiled, 6948)), ==,
                   kessel_map_get_river_between (map, from, to));
  g_assert_cmpint (kessel_map_get_terrain (big, hex (tiled, 7047)), ==, kessel_map_get_terrain (map, from));
  g_assert_cmpstr (kessel_map_get_place_at (big, hex (tiled, 5634))->name, ==, "Ternopol");
  g_assert_cmpstr (kessel_map_get_label (big, hex (tiled, 7830)), ==, "Starokonstantinov");   /* 3001 */
  g_assert_cmpint (kessel_unit_get_setup_hex (kessel_scenario_find_unit (tiled, "ger-96-t4")), ==,
                   hex (tiled, 7737));
  g_assert_cmpstr (kessel_unit_get_substitute (kessel_scenario_find_unit (tiled, "ger-9ss-t3")), ==,
                   "ger-9ss-s1-t3");
  g_assert_cmpint (kessel_scenario_get_total_steps (tiled, kessel_scenario_find_unit (tiled, "ger-9ss-t3")), ==, 8);
  g_assert_cmpint (kessel_scenario_get_victory (tiled)->soviet_wins_at, ==,
                   4 * kessel_scenario_get_victory (scenario)->soviet_wins_at);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario/load-small", test_load_small);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/scenario/refused/%s", broken_cases[i].fixture);
      g_test_add_data_func (name, &broken_cases[i], test_broken);
    }
  g_test_add_func ("/scenario/refused/too-large", test_too_large);
  g_test_add_func ("/scenario/refused/missing-file", test_missing_file);
  g_test_add_func ("/scenario/round-trip/small", test_round_trip_small);
  g_test_add_func ("/scenario/round-trip/shipped", test_round_trip_shipped);
  g_test_add_func ("/scenario/round-trip/edited", test_round_trip_edited);
  g_test_add_func ("/scenario/save-and-load", test_save_and_load);
  g_test_add_func ("/scenario/atomic-save-keeps-old-file", test_atomic_save_keeps_old_file);
  g_test_add_func ("/scenario/shipped-contents", test_shipped_scenario_contents);
  g_test_add_func ("/scenario/tiled", test_tiled);
  return g_test_run ();
}
