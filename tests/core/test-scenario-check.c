/* The checks of a scenario in memory: each check on a fixture made for it
 * (tests/core/fixtures/check-*.kessel), the checks moved from the reader, the
 * checks only an edited scenario can fail, and reading a file for editing. */
#include <string.h>

#include "kessel-scenario-check.h"

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "core", "fixtures", name, NULL);
}

/* A fixture read for editing, which keeps its errors; nothing may have been
 * left out of it. */
static KesselScenario *
load_for_editing (const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file_for_editing (path, &dropped, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_nonnull (dropped);
  if (dropped->len > 0)
    g_error ("%s: unexpectedly left out: %s", name, (char *) g_ptr_array_index (dropped, 0));
  return scenario;
}

static int
hex_index (KesselScenario *scenario, int number)
{
  if (number == 0)
    return KESSEL_HEX_NONE;
  return kessel_grid_hex_from_number (kessel_map_get_grid (kessel_scenario_get_map (scenario)), number);
}

/* What a check must report. */
typedef struct {
  KesselProblemSeverity severity;
  const char *rule;      /* or NULL */
  int hex;               /* printed XXYY, or 0 for none */
  const char *unit_id;   /* or NULL */
  const char *words;     /* part of the message */
} Expected;

static void
assert_problem (KesselScenario *scenario, const KesselScenarioProblem *problem, const Expected *expected)
{
  if (strstr (problem->message, expected->words) == NULL)
    g_error ("expected a message with \"%s\", got \"%s\"", expected->words, problem->message);
  g_assert_cmpint (problem->severity, ==, expected->severity);
  g_assert_cmpstr (problem->rule, ==, expected->rule);
  g_assert_cmpint (problem->hex, ==, hex_index (scenario, expected->hex));
  g_assert_cmpstr (problem->unit_id, ==, expected->unit_id);
}

/* Each check on its fixture: all it reports, in order, and for an error the
 * line the reader refuses the file at. */
typedef struct {
  const char *test;
  const char *fixture;
  Expected expected[3];
  int refused_line;
} CheckCase;

static const CheckCase check_cases[] = {
  { "clean", "check-clean.kessel", { { 0 } }, 0 },
  { "no-setup", "check-no-setup.kessel",
    { { KESSEL_PROBLEM_WARNING, "3.2", 0, "ger-lost",
        "unit ger-lost neither sets up on the map nor arrives as a reinforcement" } }, 0 },
  { "over-stacked", "check-over-stacked.kessel",
    { { KESSEL_PROBLEM_WARNING, "6.1", 103, "ger-b5",
        "hex 0103 has 10 German steps set up in it, more than the 9 steps a hex may hold" } }, 0 },
  { "over-stacked-exact", "check-over-stacked-exact.kessel",
    { { KESSEL_PROBLEM_ERROR, "6.1", 103, "ger-b5",
        "hex 0103 must hold 10 German steps from the start, more than the 9 steps a hex may hold" } }, 36 },
  { "no-room", "check-no-room.kessel",
    { { KESSEL_PROBLEM_ERROR, "3.2", 101, "ger-b1",
        "unit ger-b1 cannot set up: 0101 and the hexes next to it have no room left for all its steps" },
      { KESSEL_PROBLEM_WARNING, "6.1", 101, "ger-b5", "hex 0101 has 40 German steps set up in it" } }, 21 },
  { "soviet-over-stacked", "check-soviet-over-stacked.kessel",
    { { KESSEL_PROBLEM_WARNING, "6.2", 402, "sov-t3",
        "hex 0402 has 6 Soviet non-artillery steps set up in it, more than the 4 a hex may hold" } }, 0 },
  { "opposing-setup", "check-opposing-setup.kessel",
    { { KESSEL_PROBLEM_ERROR, "6.0", 402, "ger-a", "opposing units never share a hex" } }, 20 },
  /* A river rises inside the map: one end inland is its source. */
  { "river-source", "check-river-source.kessel", { { 0 } }, 0 },
  { "river-end", "check-river-end.kessel",
    { { KESSEL_PROBLEM_WARNING, NULL, 203, NULL,
        "the Brook ends at the north-west corner of hex 0203, which is neither on the map edge nor on another river" },
      { KESSEL_PROBLEM_WARNING, NULL, 203, NULL,
        "the Brook ends at the north-east corner of hex 0203, which is neither on the map edge nor on another river" } }, 0 },
  { "river-no-sides", "check-river-no-sides.kessel",
    { { KESSEL_PROBLEM_WARNING, NULL, 0, NULL, "the river Dry runs along no hexside" } }, 0 },
  { "place-without-name", "check-place-without-name.kessel",
    { { KESSEL_PROBLEM_WARNING, NULL, 203, NULL, "the town in hex 0203 has no name" } }, 0 },
  { "label-under-town", "check-label-under-town.kessel",
    { { KESSEL_PROBLEM_WARNING, NULL, 202, NULL,
        "the map name “Beta” in hex 0202 is hidden by the town or fortified locality there" } }, 0 },
  { "no-initial-control", "check-no-control.kessel",
    { { KESSEL_PROBLEM_WARNING, "3.1", 203, NULL, "neither side controls at the start" } }, 0 },
  { "edge-role-inland", "check-edge-role-inland.kessel",
    { { KESSEL_PROBLEM_WARNING, "8.2", 302, NULL,
        "hex 0302 is a Soviet supply source, but it is not on the map edge" } }, 0 },
  { "no-sources", "check-no-sources.kessel",
    { { KESSEL_PROBLEM_WARNING, "8.2", 0, NULL, "no hex is a Soviet supply source" },
      { KESSEL_PROBLEM_WARNING, "9.2", 0, NULL, "no hex is a German C&C source" },
      { KESSEL_PROBLEM_WARNING, "10.1", 0, NULL, "no hex is an entry hex" } }, 0 },
  { "closed-to-soviet", "check-closed-to-soviet.kessel",
    { { KESSEL_PROBLEM_ERROR, "12.5", 402, "sov-a",
        "unit sov-a is Soviet and sets up in 0402, in the area closed to Soviet units" } }, 23 },
  { "start-vp", "check-start-vp.kessel",
    { { KESSEL_PROBLEM_WARNING, "3.1", 0, NULL, "the Soviet VP marker starts at 3" } }, 0 },
  { "draw-above-win", "check-draw-above-win.kessel",
    { { KESSEL_PROBLEM_ERROR, "4.3", 0, NULL,
        "the draw starts at 30 VP, above the 28 VP of a Soviet victory" } }, 29 },
  { "unit-steps", "check-unit-steps.kessel",
    { { KESSEL_PROBLEM_WARNING, "2.6", 0, "ger-sg", "has 4 steps with its substitute counters" },
      { KESSEL_PROBLEM_WARNING, "2.6", 0, "ger-odd", "is a German division of 3 steps" } }, 0 },
  { "step-factors", "check-step-factors.kessel",
    { { KESSEL_PROBLEM_WARNING, "2.6", 0, "ger-a-s1", "is stronger than the last step of ger-a" },
      { KESSEL_PROBLEM_WARNING, "2.6", 0, "sov-b", "is stronger on step 2 than on step 1" } }, 0 },
  { "garrison-arrives", "check-garrison-arrives.kessel",
    { { KESSEL_PROBLEM_WARNING, "2.7", 0, "ger-g", "arrives as a reinforcement" } }, 0 },
  { "ability-side", "check-ability-side.kessel",
    { { KESSEL_PROBLEM_WARNING, "11.1", 0, "ger-r", "only Soviet rifle corps return" },
      { KESSEL_PROBLEM_WARNING, "13.1", 0, "sov-art", "gives ranged support" } }, 0 },
};

static void
assert_refused_at (const char *fixture, int line, const char *words)
{
  g_autofree char *path = fixture_path (fixture);
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);

  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_INVALID);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, words) == NULL)
    g_error ("expected \"%s...%s\", got \"%s\"", prefix, words, error->message);
}

static void
test_check (gconstpointer data)
{
  const CheckCase *test = data;
  g_autoptr(KesselScenario) scenario = load_for_editing (test->fixture);
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);
  guint expected = 0;

  while (expected < G_N_ELEMENTS (test->expected) && test->expected[expected].words != NULL)
    expected++;
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", ((KesselScenarioProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, expected);
  for (guint i = 0; i < expected; i++)
    assert_problem (scenario, g_ptr_array_index (problems, i), &test->expected[i]);
  if (test->refused_line > 0)
    assert_refused_at (test->fixture, test->refused_line, test->expected[0].words);
}

/* The checks the reader made before, found by the check with their texts. */
typedef struct {
  const char *fixture;
  const char *rule;
  const char *unit_id;
  const char *message;
} MovedCase;

static const MovedCase moved_cases[] = {
  { "bad-setup-and-arrival.kessel", "3.2", "ger-16pz",
    "unit ger-16pz both sets up on the map and arrives on turn 2; give it one or the other" },
  { "bad-arrival-after-end.kessel", "10.1", "ger-18ad",
    "unit ger-18ad arrives on turn 7, but the scenario has only 3 turns" },
  { "bad-substitute-loop.kessel", "2.6", "ger-16pz",
    "unit ger-16pz has a substitute chain that loops back to itself" },
  { "bad-substitute-missing.kessel", "2.6", "ger-16pz",
    "unit ger-16pz names \"ger-16pz-s9\" as its substitute counter, but there is no such unit" },
};

static void
test_moved (gconstpointer data)
{
  const MovedCase *test = data;
  g_autoptr(KesselScenario) scenario = load_for_editing (test->fixture);
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);

  for (guint i = 0; i < problems->len; i++)
    {
      const KesselScenarioProblem *problem = g_ptr_array_index (problems, i);
      if (strcmp (problem->message, test->message) == 0)
        {
          g_assert_cmpint (problem->severity, ==, KESSEL_PROBLEM_ERROR);
          g_assert_cmpstr (problem->rule, ==, test->rule);
          g_assert_cmpstr (problem->unit_id, ==, test->unit_id);
          return;
        }
    }
  g_error ("%s: no problem \"%s\"", test->fixture, test->message);
}

/* Checks only an edited scenario can fail: the schema keeps them out of files. */

static KesselScenarioProblem *
only_error (GPtrArray *problems)
{
  g_assert_cmpint (kessel_scenario_count_problems (problems, KESSEL_PROBLEM_ERROR), ==, 1);
  return g_ptr_array_index (problems, 0);
}

static void
test_duplicate_id (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("check-clean.kessel");
  g_autoptr(KesselUnit) copy = kessel_unit_copy (kessel_scenario_find_unit (scenario, "ger-a"));
  g_autoptr(GPtrArray) problems = NULL;
  KesselScenarioProblem *problem;

  kessel_unit_set_setup_hex (copy, hex_index (scenario, 102));
  kessel_scenario_add_unit (scenario, copy);
  problems = kessel_scenario_check (scenario);
  problem = only_error (problems);
  g_assert_cmpstr (problem->message, ==, "unit ger-a has the same id as an earlier unit; ids must be unique");
  g_assert_cmpstr (problem->unit_id, ==, "ger-a");
}

static void
test_empty_id (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("check-clean.kessel");
  g_autoptr(KesselUnit) unit = kessel_unit_copy (kessel_scenario_find_unit (scenario, "ger-a"));
  g_autoptr(GPtrArray) problems = NULL;
  KesselScenarioProblem *problem;

  kessel_unit_set_id (unit, "");
  kessel_unit_set_setup_hex (unit, hex_index (scenario, 102));
  kessel_scenario_add_unit (scenario, unit);
  problems = kessel_scenario_check (scenario);
  problem = only_error (problems);
  g_assert_cmpstr (problem->message, ==, "a unit has no id; every unit needs one of its own");
  g_assert_cmpstr (problem->unit_id, ==, "");
}

static void
test_no_steps (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("check-clean.kessel");
  g_autoptr(GPtrArray) problems = NULL;
  KesselScenarioProblem *problem;

  kessel_unit_set_steps (kessel_scenario_find_unit (scenario, "sov-a"), NULL, 0);
  problems = kessel_scenario_check (scenario);
  problem = only_error (problems);
  g_assert_cmpstr (problem->message, ==, "unit sov-a has no steps; a counter has at least a front");
  g_assert_cmpstr (problem->rule, ==, "2.6");
  g_assert_cmpstr (problem->unit_id, ==, "sov-a");
}

static void
test_no_side (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("check-clean.kessel");
  g_autoptr(GPtrArray) problems = NULL;

  kessel_unit_set_side (kessel_scenario_find_unit (scenario, "ger-a"), KESSEL_SIDE_NONE);
  problems = kessel_scenario_check (scenario);
  g_assert_cmpstr (only_error (problems)->message, ==, "unit ger-a belongs to neither side");
}

/* Errors before warnings; in each, the scenario, then the map by hex, then
 * the units in counter-mix order. */
static void
test_order (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("check-clean.kessel");
  KesselMap *map = kessel_scenario_get_map (scenario);
  g_autoptr(KesselUnit) lost = kessel_unit_copy (kessel_scenario_find_unit (scenario, "ger-a"));
  g_autoptr(GPtrArray) problems = NULL;
  KesselVictoryTable victory = *kessel_scenario_get_victory (scenario);
  const char *expected[] = {
    "the draw starts",                      /* error, scenario */
    "hex 0402 is the setup hex",            /* error, map */
    "unit sov-a is Soviet and sets up",     /* error, unit */
    "the Soviet VP marker",                 /* warning, scenario */
    "hex 0302 is a Soviet supply source",   /* warning, map */
    "hex 0303 is a Soviet supply source",
    "unit ger-lost neither sets up",        /* warning, unit */
  };

  victory.draw_from = victory.soviet_wins_at + 1;
  kessel_scenario_set_victory (scenario, &victory);
  kessel_unit_set_id (lost, "ger-lost");
  kessel_unit_set_setup_hex (lost, KESSEL_HEX_NONE);
  kessel_scenario_add_unit (scenario, lost);
  kessel_map_set_edge_roles (map, hex_index (scenario, 303), KESSEL_EDGE_SUPPLY_SOURCE);
  kessel_map_set_edge_roles (map, hex_index (scenario, 302), KESSEL_EDGE_SUPPLY_SOURCE);
  kessel_map_set_initial_control (map, hex_index (scenario, 202), KESSEL_SIDE_SOVIET);
  kessel_map_set_closed_to_soviet (map, hex_index (scenario, 402), TRUE);
  kessel_unit_set_setup_exact (kessel_scenario_find_unit (scenario, "ger-a"), TRUE);
  kessel_unit_set_setup_hex (kessel_scenario_find_unit (scenario, "ger-a"), hex_index (scenario, 402));

  problems = kessel_scenario_check (scenario);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", ((KesselScenarioProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_true (g_str_has_prefix (((KesselScenarioProblem *) g_ptr_array_index (problems, i))->message,
                                     expected[i]));
  g_assert_cmpint (kessel_scenario_count_problems (problems, KESSEL_PROBLEM_ERROR), ==, 3);
  g_assert_cmpint (kessel_scenario_count_problems (problems, KESSEL_PROBLEM_WARNING), ==, 4);
}

/* No shipped scenario may have an error, or it would not load; their
 * warnings are listed for whoever looks at the test log. */
static void
test_shipped (void)
{
  g_autofree char *folder = g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios", NULL);
  g_autoptr(GDir) listing = g_dir_open (folder, 0, NULL);
  const char *entry;
  int checked = 0;

  g_assert_nonnull (listing);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, entry, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(KesselScenario) scenario = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      if (!g_str_has_suffix (entry, ".kessel"))
        continue;
      scenario = kessel_scenario_load_file (path, &error);
      g_assert_no_error (error);
      problems = kessel_scenario_check (scenario);
      for (guint i = 0; i < problems->len; i++)
        {
          const KesselScenarioProblem *problem = g_ptr_array_index (problems, i);
          g_test_message ("%s: %s: %s%s%s%s", entry,
                          problem->severity == KESSEL_PROBLEM_ERROR ? "error" : "warning",
                          problem->message, problem->rule ? " (rule " : "",
                          problem->rule ? problem->rule : "", problem->rule ? ")" : "");
        }
      g_assert_cmpint (kessel_scenario_count_problems (problems, KESSEL_PROBLEM_ERROR), ==, 0);
      checked++;
    }
  g_assert_cmpint (checked, >, 0);
}

/* Reading for editing ------------------------------------------------------ */

static void
test_edit_keeps_meaning_error (void)
{
  g_autoptr(KesselScenario) scenario = load_for_editing ("bad-setup-and-arrival.kessel");
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);
  const KesselScenarioProblem *problem;

  g_assert_cmpint (kessel_scenario_count_problems (problems, KESSEL_PROBLEM_ERROR), ==, 1);
  problem = g_ptr_array_index (problems, 0);
  g_assert_cmpstr (problem->unit_id, ==, "ger-16pz");
  g_assert_nonnull (strstr (problem->message, "both sets up on the map and arrives on turn 2"));
  g_assert_nonnull (kessel_scenario_find_unit (scenario, "ger-16pz"));
}

static void
assert_dropped (const char *fixture, int line, const char *words)
{
  g_autofree char *path = fixture_path (fixture);
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, line);
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file_for_editing (path, &dropped, &error);
  const char *first;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpstr (kessel_scenario_get_file_name (scenario), ==, path);
  g_assert_cmpuint (dropped->len, ==, 1);
  first = g_ptr_array_index (dropped, 0);
  if (!g_str_has_prefix (first, prefix) || strstr (first, words) == NULL)
    g_error ("expected \"%s...%s\", got \"%s\"", prefix, words, first);
}

static void
test_edit_hex_off_map (void)
{
  assert_dropped ("bad-hex-not-on-map.kessel", 31,
                  "the area closed to Soviet units names hex 0205, which is not on the map");
}

static void
test_edit_duplicate_unit (void)
{
  assert_dropped ("bad-duplicate-unit.kessel", 48, "a second unit has the id \"ger-18ad\"");
}

static void
assert_edit_refused (const char *fixture, int line, int code)
{
  g_autofree char *path = fixture_path (fixture);
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, line);
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file_for_editing (path, &dropped, &error);

  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, code);
  g_assert_true (g_str_has_prefix (error->message, prefix));
  g_assert_nonnull (dropped);
  g_assert_cmpuint (dropped->len, ==, 0);
}

static void
test_edit_not_well_formed (void)
{
  assert_edit_refused ("bad-not-well-formed.kessel", 4, KESSEL_SCENARIO_ERROR_PARSE);
}

static void
test_edit_schema (void)
{
  assert_edit_refused ("bad-schema.kessel", 9, KESSEL_SCENARIO_ERROR_SCHEMA);
}

static void
test_edit_missing_file (void)
{
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file_for_editing ("/nonexistent/x.kessel",
                                                                               &dropped, &error);

  g_assert_null (scenario);
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (check_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/scenario/check/%s", check_cases[i].test);
      g_test_add_data_func (name, &check_cases[i], test_check);
    }
  for (guint i = 0; i < G_N_ELEMENTS (moved_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/scenario/check/moved/%s", moved_cases[i].fixture);
      g_test_add_data_func (name, &moved_cases[i], test_moved);
    }
  g_test_add_func ("/scenario/check/duplicate-id", test_duplicate_id);
  g_test_add_func ("/scenario/check/empty-id", test_empty_id);
  g_test_add_func ("/scenario/check/no-steps", test_no_steps);
  g_test_add_func ("/scenario/check/no-side", test_no_side);
  g_test_add_func ("/scenario/check/order", test_order);
  g_test_add_func ("/scenario/check/shipped-scenarios-have-no-errors", test_shipped);
  g_test_add_func ("/scenario/check/edit/keeps-meaning-error", test_edit_keeps_meaning_error);
  g_test_add_func ("/scenario/check/edit/hex-off-map", test_edit_hex_off_map);
  g_test_add_func ("/scenario/check/edit/duplicate-unit", test_edit_duplicate_unit);
  g_test_add_func ("/scenario/check/edit/not-well-formed", test_edit_not_well_formed);
  g_test_add_func ("/scenario/check/edit/schema", test_edit_schema);
  g_test_add_func ("/scenario/check/edit/missing-file", test_edit_missing_file);
  return g_test_run ();
}
