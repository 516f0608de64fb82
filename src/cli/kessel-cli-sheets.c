/* kessel-cli-sheets.c: kessel-cli sheets, the setup sheets as a PDF file.
 *
 *   kessel-cli sheets SCENARIO -o OUT.pdf [--paper a4|letter] [--landscape]
 *                     [--reference] [--game SAVED-GAME]
 *   kessel-cli sheets --game SAVED-GAME -o OUT.pdf [...]
 */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kessel-cli-commands.h"
#include "kessel-setup-sheets.h"

typedef struct {
  char *output;
  char *paper;
  gboolean landscape;
  gboolean reference;
  char *game;
} SheetsOptions;

static void
sheets_options_clear (SheetsOptions *options)
{
  g_free (options->output);
  g_free (options->paper);
  g_free (options->game);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SheetsOptions, sheets_options_clear)

/* A saved game played on the scenario given, or on the one it names. */
static KesselGame *
load_game (const char *path, KesselScenario *scenario, GError **error)
{
  if (scenario == NULL)
    return kessel_game_load_file (path, error);
  return kessel_game_load_file_with_scenario (path, scenario, error);
}

static KesselSetupSheets *
load_sheets (const char *scenario_path, const char *game_path, GError **error)
{
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  KesselSetupSheets *sheets;

  if (scenario_path != NULL && (scenario = kessel_scenario_load_file (scenario_path, error)) == NULL)
    return NULL;
  if (game_path != NULL && (game = load_game (game_path, scenario, error)) == NULL)
    return NULL;
  sheets = kessel_setup_sheets_new (game ? kessel_game_get_scenario (game) : scenario);
  kessel_setup_sheets_set_game (sheets, game);
  return sheets;
}

static gboolean
check_arguments (int argc, const SheetsOptions *options, KesselPaper *paper)
{
  if (options->output == NULL || argc > 2 || (argc < 2 && options->game == NULL))
    {
      fprintf (stderr, "%s\n", _("kessel-cli sheets: name a scenario file (or --game SAVED-GAME) and -o OUT.pdf"));
      return FALSE;
    }
  if (!kessel_paper_from_string (options->paper ? options->paper : "a4", paper))
    {
      fprintf (stderr, _("kessel-cli sheets: unknown paper “%s”: use a4 or letter\n"), options->paper);
      return FALSE;
    }
  return TRUE;
}

int
kessel_cli_sheets (int argc, char **argv)
{
  g_auto(SheetsOptions) options = { 0 };
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options.output, N_("Write the sheets to OUT.pdf"), "OUT" },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &options.paper, N_("Paper size: a4 (default) or letter"), "SIZE" },
    { "landscape", 0, 0, G_OPTION_ARG_NONE, &options.landscape, N_("Lay the pages out across"), NULL },
    { "reference", 0, 0, G_OPTION_ARG_NONE, &options.reference, N_("Add the quick-reference card"), NULL },
    { "game", 0, 0, G_OPTION_ARG_FILENAME, &options.game,
      N_("Show the units where they stand in this saved game"), "SAVED-GAME" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselSetupSheets) sheets = NULL;
  KesselPaper paper;

  if (!kessel_cli_parse_options ("sheets", entries, &argc, &argv))
    return 2;
  if (!check_arguments (argc, &options, &paper))
    return 2;
  sheets = load_sheets (argc == 2 ? argv[1] : NULL, options.game, &error);
  if (sheets == NULL)
    {
      fprintf (stderr, "kessel-cli sheets: %s\n", error->message);
      return 1;
    }
  kessel_setup_sheets_set_paper (sheets, paper);
  kessel_setup_sheets_set_landscape (sheets, options.landscape);
  kessel_setup_sheets_set_include_reference (sheets, options.reference);
  if (!kessel_setup_sheets_write_pdf (sheets, options.output, &error))
    {
      fprintf (stderr, "kessel-cli sheets: %s\n", error->message);
      return 1;
    }
  return 0;
}
