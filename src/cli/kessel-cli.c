/* kessel-cli.c: the rules core and the render layer without a display.
 *
 *   kessel-cli validate FILE...
 *   kessel-cli info FILE [--json]
 *   kessel-cli render FILE -o OUT.png|OUT.pdf [--hex XXYY --radius N] [--hex-radius PX]
 *   kessel-cli play FILE [--seed N] [--games N] [--german P] [--soviet P] [--actions LIST] [--save OUT] [--log] [--json]
 *   kessel-cli match FILE --german P --soviet P [--games N] [--seed S] [--jobs J] [--json]
 *                    [--sprt --baseline-german P|--baseline-soviet P [--sprt-bounds D0,D1] [--alpha A] [--beta B]]
 *   kessel-cli balance FILE [--games N] [--level L] [--german P --soviet P] [--seed S] [--jobs J] [--json] [-o REPORT.pdf] [--compare OTHER]
 *   kessel-cli match|balance ... --shard K/N [--shard-file FILE]
 *   kessel-cli merge SHARD-FILE... [--json] [-o REPORT.pdf] [--allow-missing]
 *   kessel-cli query SAVED-GAME QUESTION [ARGS] [--json]
 *   kessel-cli bench FILE [--games N] [--scale N]
 *   kessel-cli sheets FILE -o OUT.pdf [--paper a4|letter] [--landscape] [--reference] [--game SAVED]
 *   kessel-cli report SAVED-GAME|TURN-FILE [-o OUT.pdf] [--side german|soviet] [--scenario S]
 *   kessel-cli net host|join FILE ...
 *   kessel-cli pbem new|open|verify|again ...
 *   kessel-cli engine [--level L | --player P]
 */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-commands.h"
#include "kessel-map-painter.h"
#include "kessel-scenario.h"
#include "kessel-scenario-check.h"

typedef int (*CommandFunc) (int argc, char **argv);

typedef struct {
  const char *name;
  const char *arguments;
  const char *summary;
  CommandFunc run;
} Command;

static int command_validate (int argc, char **argv);
static int command_info (int argc, char **argv);
static int command_render (int argc, char **argv);

static const Command commands[] = {
  { "validate", "FILE...", N_("Check scenario files; report each problem as FILE:LINE: message"), command_validate },
  { "info", "FILE [--json]", N_("Describe a scenario: title, turns, map, places and units"), command_info },
  { "render", "FILE -o OUT.png|OUT.pdf [--hex XXYY --radius N]", N_("Draw the map with the units at their setup hexes"), command_render },
  { "play", "FILE [--seed N] [--games N] [--german P] [--soviet P] [--actions LIST] [--save OUT] [--log] [--json]", N_("Play a game: players for each side (human, random, greedy, ai:easy|normal|hard; random by default), or a scripted list"), kessel_cli_play },
  { "match", "FILE --german P --soviet P [--games N] [--seed S] [--jobs J] [--json] [--shard K/N] [--sprt --baseline-german P|--baseline-soviet P [--sprt-bounds D0,D1] [--alpha A] [--beta B]]", N_("Play many games between two computer players in parallel: results with 95 per cent intervals, VP and thinking time; with --sprt, test a changed player against the old one in the same seat until the evidence decides"), kessel_cli_match },
  { "balance", "FILE [--games N] [--level L] [--german P --soviet P] [--seed S] [--jobs J] [--json] [-o REPORT.pdf] [--compare OTHER] [--shard K/N]", N_("How even a scenario is in games of the computer against itself: verdicts with 95 per cent intervals, VP by turn, places, and thresholds that would make it even"), kessel_cli_balance },
  { "merge", "SHARD-FILE... [--json] [-o REPORT.pdf] [--allow-missing]", N_("The figures of a run of match or balance split with --shard K/N across machines, from the shard files of its parts: the same as the whole run on one machine"), kessel_cli_merge },
  { "query", "SAVED-GAME QUESTION [ARGS] [--json]", N_("Answer about a saved game: state, actions, reachable UNIT, zoc, supply, odds ACTION, view SIDE, places, log"), kessel_cli_query },
  { "bench", "FILE [--games N] [--scale N]", N_("Time reachable hexes, supply and C&C, and whole random games"), kessel_cli_bench },
  { "sheets", "FILE -o OUT.pdf [--paper a4|letter] [--landscape] [--reference] [--game SAVED-GAME]", N_("Write the setup sheets (or a saved game's positions) as a PDF for play at the table"), kessel_cli_sheets },
  { "report", "SAVED-GAME|TURN-FILE [-o OUT.pdf] [--side german|soviet] [--scenario S]", N_("A saved game's after-action report, or a finished game by e-mail's: VP, losses, weather and air by turn, and each side's best and worst attacks; with -o as a PDF with charts"), kessel_cli_report },
  { "engine", "[--level easy|normal|hard | --player P]", N_("A computer player speaking the engine protocol on standard input and output (docs/engine-protocol.md)"), kessel_cli_engine },
  { "net", "host FILE [--scenario S] | join FILE --address HOST --port N; --side SIDE --password-file F [--player P] [--port N] [--data-dir D]", N_("Play live over the network with a computer player at this end: host a new game on a scenario, join one, or take up the game kept in FILE after a cut"), kessel_cli_net },
  { "pbem", "new SCENARIO --side SIDE --password-file F -o OUT | open FILE --password-file F -o OUT [--player P] [--message TEXT] | verify FILE | again FILE -o OUT", N_("Play by e-mail: start a game, open a received turn and answer it, check a turn file's whole chain, or write the last turn sent again"), kessel_cli_pbem },
};

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n", _("Usage: kessel-cli COMMAND [OPTIONS]"));
  fprintf (stream, "\n%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %s %s\n      %s\n", commands[i].name, commands[i].arguments, _(commands[i].summary));
}

/* Parses the options of a command, leaving its other arguments in argv. */
gboolean
kessel_cli_parse_options (const char *name, const GOptionEntry *entries, int *argc, char ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *program = g_strdup_printf ("kessel-cli %s", name);

  g_set_prgname (program);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "kessel-cli %s: %s\n", name, error->message);
      return FALSE;
    }
  return TRUE;
}

/* The warnings of a scenario that loaded: FILE:LINE: when the problem is
 * about a unit read from a line, else FILE:. */
static void
print_warnings (KesselScenario *scenario, const char *path)
{
  g_autoptr(GPtrArray) problems = kessel_scenario_check (scenario);

  for (guint i = 0; i < problems->len; i++)
    {
      const KesselScenarioProblem *problem = g_ptr_array_index (problems, i);
      KesselUnit *unit = problem->unit_id ? kessel_scenario_find_unit (scenario, problem->unit_id) : NULL;
      int line = unit ? kessel_unit_get_source_line (unit) : 0;
      g_autofree char *message = problem->rule
                                   /* Translators: a problem's message, then the rule case it follows from. */
                                   ? g_strdup_printf (_("%s (rule %s)"), problem->message, problem->rule)
                                   : g_strdup (problem->message);

      if (problem->severity != KESSEL_PROBLEM_WARNING)
        continue;
      if (line > 0)
        fprintf (stderr, _("%s:%d: warning: %s\n"), path, line, message);
      else
        fprintf (stderr, _("%s: warning: %s\n"), path, message);
    }
}

static int
command_validate (int argc, char **argv)
{
  const GOptionEntry entries[] = { { NULL } };
  int status = 0;

  if (!kessel_cli_parse_options ("validate", entries, &argc, &argv))
    return 2;
  if (argc < 2)
    {
      fprintf (stderr, "%s\n", _("kessel-cli validate: name at least one scenario file"));
      return 2;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (argv[i], &error);

      if (scenario == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
        }
      else
        {
          print_warnings (scenario, argv[i]);
          printf (_("%s: valid\n"), argv[i]);
        }
    }
  return status;
}

typedef struct {
  int towns;
  int fortified;
  int units[3];        /* by side: first counters only */
  int steps[3];        /* by side: all steps of those units */
  int reinforcements;
  int setup;
} ScenarioCounts;

static void
count_scenario (KesselScenario *scenario, ScenarioCounts *counts)
{
  KesselMap *map = kessel_scenario_get_map (scenario);

  memset (counts, 0, sizeof *counts);
  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      if (kessel_map_get_place (map, i)->kind == KESSEL_PLACE_TOWN)
        counts->towns++;
      else
        counts->fortified++;
    }
  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (scenario, i);
      KesselSide side = kessel_unit_get_side (unit);

      if (kessel_scenario_get_substituted (scenario, unit) != NULL)
        continue;
      counts->units[side]++;
      counts->steps[side] += kessel_scenario_get_total_steps (scenario, unit);
      if (kessel_unit_get_arrival_turn (unit) > 0)
        counts->reinforcements++;
      if (kessel_unit_get_setup_hex (unit) != KESSEL_HEX_NONE)
        counts->setup++;
    }
}

void
kessel_cli_print_json_string (const char *text)
{
  putchar ('"');
  for (const unsigned char *p = (const unsigned char *) text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        printf ("\\%c", *p);
      else if (*p < 0x20)
        printf ("\\u%04x", *p);
      else
        putchar (*p);
    }
  putchar ('"');
}

static void
print_places_json (KesselMap *map, KesselPlaceKind kind)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  gboolean first = TRUE;

  putchar ('[');
  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      if (place->kind != kind)
        continue;
      printf ("%s{\"hex\": \"%04d\", \"name\": ", first ? "" : ", ",
              kessel_grid_hex_number (grid, place->hex));
      kessel_cli_print_json_string (place->name);
      putchar ('}');
      first = FALSE;
    }
  putchar (']');
}

static void
print_labels_json (KesselMap *map)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  gboolean first = TRUE;

  putchar ('[');
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    {
      const char *label = kessel_map_get_label (map, hex);
      if (label == NULL)
        continue;
      printf ("%s{\"hex\": \"%04d\", \"name\": ", first ? "" : ", ", kessel_grid_hex_number (grid, hex));
      kessel_cli_print_json_string (label);
      putchar ('}');
      first = FALSE;
    }
  putchar (']');
}

static void
print_reinforcements_json (KesselScenario *scenario)
{
  gboolean first = TRUE;

  putchar ('[');
  for (int turn = 1; turn <= kessel_scenario_get_turns (scenario); turn++)
    {
      g_autoptr(GPtrArray) arrivals = kessel_scenario_get_arrivals (scenario, turn);
      for (guint i = 0; i < arrivals->len; i++)
        {
          printf ("%s{\"turn\": %d, \"unit\": ", first ? "" : ", ", turn);
          kessel_cli_print_json_string (kessel_unit_get_id (g_ptr_array_index (arrivals, i)));
          putchar ('}');
          first = FALSE;
        }
    }
  putchar (']');
}

static void
print_info_json (KesselScenario *scenario, const ScenarioCounts *counts)
{
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);

  printf ("{\"title\": ");
  kessel_cli_print_json_string (kessel_scenario_get_title (scenario));
  printf (", \"turns\": %d, \"columns\": %d, \"rows\": %d, \"short_even_columns\": %s, \"hexes\": %d",
          kessel_scenario_get_turns (scenario), grid->columns, grid->rows,
          grid->short_even_columns ? "true" : "false", kessel_grid_hex_count (grid));
  printf (", \"rivers\": %d, \"towns\": ", kessel_map_get_n_rivers (map));
  print_places_json (map, KESSEL_PLACE_TOWN);
  printf (", \"fortified_localities\": ");
  print_places_json (map, KESSEL_PLACE_FORTIFIED_LOCALITY);
  printf (", \"labels\": ");
  print_labels_json (map);
  printf (", \"units\": {\"german\": %d, \"soviet\": %d}", counts->units[KESSEL_SIDE_GERMAN],
          counts->units[KESSEL_SIDE_SOVIET]);
  printf (", \"steps\": {\"german\": %d, \"soviet\": %d}", counts->steps[KESSEL_SIDE_GERMAN],
          counts->steps[KESSEL_SIDE_SOVIET]);
  printf (", \"counters\": %d, \"reinforcements\": ", kessel_scenario_get_n_units (scenario));
  print_reinforcements_json (scenario);
  printf ("}\n");
}

static void
print_places_text (KesselMap *map, KesselPlaceKind kind, const char *heading)
{
  const KesselGrid *grid = kessel_map_get_grid (map);

  printf ("%s\n", heading);
  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      if (place->kind == kind)
        printf ("  %04d  %s\n", kessel_grid_hex_number (grid, place->hex), place->name);
    }
}

static void
print_info_text (KesselScenario *scenario, const ScenarioCounts *counts)
{
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);

  printf (_("Title: %s\n"), kessel_scenario_get_title (scenario));
  printf (_("Turns: %d\n"), kessel_scenario_get_turns (scenario));
  printf (_("Map: %d columns, %d rows, %d hexes, %d rivers\n"), grid->columns, grid->rows,
          kessel_grid_hex_count (grid), kessel_map_get_n_rivers (map));
  print_places_text (map, KESSEL_PLACE_TOWN, _("Towns:"));
  print_places_text (map, KESSEL_PLACE_FORTIFIED_LOCALITY, _("Fortified localities:"));
  printf ("%s\n", _("Map names:"));
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    if (kessel_map_get_label (map, hex) != NULL)
      printf ("  %04d  %s\n", kessel_grid_hex_number (grid, hex), kessel_map_get_label (map, hex));
  printf (_("Units: %d German (%d steps), %d Soviet (%d steps), on %d counters\n"),
          counts->units[KESSEL_SIDE_GERMAN], counts->steps[KESSEL_SIDE_GERMAN],
          counts->units[KESSEL_SIDE_SOVIET], counts->steps[KESSEL_SIDE_SOVIET],
          kessel_scenario_get_n_units (scenario));
  printf ("%s\n", _("Reinforcements:"));
  for (int turn = 1; turn <= kessel_scenario_get_turns (scenario); turn++)
    {
      g_autoptr(GPtrArray) arrivals = kessel_scenario_get_arrivals (scenario, turn);
      for (guint i = 0; i < arrivals->len; i++)
        printf (_("  turn %d: %s\n"), turn, kessel_unit_get_name (g_ptr_array_index (arrivals, i)));
    }
}

static int
command_info (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  ScenarioCounts counts;

  if (!kessel_cli_parse_options ("info", entries, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      fprintf (stderr, "%s\n", _("kessel-cli info: name one scenario file"));
      return 2;
    }
  scenario = kessel_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  count_scenario (scenario, &counts);
  if (json)
    print_info_json (scenario, &counts);
  else
    print_info_text (scenario, &counts);
  return 0;
}

static int
command_render (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *hex_text = NULL;
  int radius = 3;
  double hex_radius = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write to OUT.png or OUT.pdf"), "OUT" },
    { "hex", 0, 0, G_OPTION_ARG_STRING, &hex_text, N_("Draw only around this hex"), "XXYY" },
    { "radius", 0, 0, G_OPTION_ARG_INT, &radius, N_("Hexes around --hex to draw (default 3)"), "N" },
    { "hex-radius", 0, 0, G_OPTION_ARG_DOUBLE, &hex_radius, N_("Size of a hex, centre to corner"), "PX" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselMapPainter) painter = NULL;
  int hex = KESSEL_HEX_NONE;

  if (!kessel_cli_parse_options ("render", entries, &argc, &argv))
    return 2;
  if (argc != 2 || output == NULL)
    {
      fprintf (stderr, "%s\n", _("kessel-cli render: name one scenario file and -o OUT.png or OUT.pdf"));
      return 2;
    }
  scenario = kessel_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  if (hex_text != NULL)
    {
      hex = kessel_grid_parse_hex (kessel_map_get_grid (kessel_scenario_get_map (scenario)), hex_text);
      if (hex == KESSEL_HEX_NONE || radius < 0)
        {
          fprintf (stderr, _("kessel-cli render: %s is not a hex of this map\n"), hex_text);
          return 2;
        }
    }
  if (hex_radius <= 0)
    hex_radius = hex == KESSEL_HEX_NONE ? 30 : 48;
  painter = kessel_map_painter_new (scenario);
  if (!kessel_map_painter_export (painter, output, hex, radius, hex_radius, &error))
    {
      fprintf (stderr, "kessel-cli render: %s\n", error->message);
      return 1;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  const char *localedir;

  setlocale (LC_ALL, "");
  /* Uninstalled, $KESSEL_LOCALEDIR points at the build tree's translations. */
  localedir = g_getenv ("KESSEL_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);
  fprintf (stderr, _("kessel-cli: unknown command \"%s\"\n\n"), argv[1]);
  print_usage (stderr);
  return 2;
}
