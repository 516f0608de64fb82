/* kessel-cli-report.c: kessel-cli report, a saved game's after-action report.
 *
 *   kessel-cli report SAVED-GAME|TURN-FILE [-o OUT.pdf] [--side german|soviet] [--scenario S]
 *
 * Without -o the report's lines are printed; with it the report and its
 * charts are written as a PDF. --side reads the log with that side's eyes
 * under fog of war. A turn file of a game by e-mail is reported once the
 * game is over, or when it is played without fog of war. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kessel-after-action.h"
#include "kessel-cli-commands.h"
#include "kessel-pbem.h"
#include "kessel-report.h"

static gboolean
parse_side (const char *text, KesselSide *side)
{
  *side = KESSEL_SIDE_NONE;
  if (text == NULL)
    return TRUE;
  if (g_ascii_strcasecmp (text, "german") == 0)
    *side = KESSEL_SIDE_GERMAN;
  else if (g_ascii_strcasecmp (text, "soviet") == 0)
    *side = KESSEL_SIDE_SOVIET;
  return *side != KESSEL_SIDE_NONE;
}

static void
print_lines (GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    printf ("%s\n", (const char *) g_ptr_array_index (lines, i));
  g_ptr_array_unref (lines);
}

static void
print_report (KesselGame *game, const KesselAfterAction *report, KesselSide viewer)
{
  print_lines (kessel_report_summary_lines (game, report));
  print_lines (kessel_report_turn_lines (report));
  print_lines (kessel_report_attack_lines (game, report, viewer));
}

/* The game of a turn file of a game by e-mail. One under way with fog of
 * war is refused: the file holds both sides' moves, and its report belongs
 * to its players, in the window. */
static KesselGame *
load_turn_file (const char *path, const char *scenario_path)
{
  g_autoptr(KesselScenario) scenario = kessel_cli_turn_scenario ("report", path, scenario_path);
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (scenario == NULL)
    return NULL;
  game = kessel_pbem_load_game (path, scenario, &error);
  if (game == NULL)
    {
      fprintf (stderr, "kessel-cli report: %s\n", error->message);
      return NULL;
    }
  if (!kessel_game_is_over (game) && kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION))
    {
      fprintf (stderr, _("kessel-cli report: %s: the game is under way and hides each side's units from the other; "
                         "its players see its report in the window\n"), path);
      return NULL;
    }
  return g_steal_pointer (&game);
}

int
kessel_cli_report (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *side_name = NULL;
  g_autofree char *scenario_path = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the report to OUT.pdf"), "OUT" },
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, N_("Read the log as this side sees it: german or soviet"), "SIDE" },
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME, &scenario_path, N_("The scenario file a turn file's game is played on"), "FILE" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(KesselAfterAction) report = NULL;
  KesselSide viewer;

  if (!kessel_cli_parse_options ("report", entries, &argc, &argv))
    return 2;
  if (argc != 2 || !parse_side (side_name, &viewer))
    {
      fprintf (stderr, "%s\n", _("kessel-cli report: name one saved game, and german or soviet for --side"));
      return 2;
    }
  if (g_str_has_suffix (argv[1], KESSEL_PBEM_FILE_SUFFIX))
    {
      if ((game = load_turn_file (argv[1], scenario_path)) == NULL)
        return 1;
    }
  else
    game = kessel_game_load_file (argv[1], &error);
  if (game != NULL)
    report = kessel_after_action_new (game, &error);
  if (report == NULL)
    {
      if (error != NULL)
        fprintf (stderr, "kessel-cli report: %s\n", error->message);
      return 1;
    }
  if (output == NULL)
    {
      print_report (game, report, viewer);
      return 0;
    }
  if (!kessel_report_write_pdf (game, report, viewer, output, &error))
    {
      fprintf (stderr, "kessel-cli report: %s\n", error->message);
      return 1;
    }
  return 0;
}
