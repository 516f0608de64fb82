/* test-report.c: the after-action report's charts, lines and PDF, for a
 * random game of the shipped scenario, and kessel-cli report (named by
 * KESSEL_CLI) on it saved, read back with pdftotext where it is installed.
 * With KESSEL_SCREENSHOT_DIR set, the charts are also written there as PNG
 * files for looking at. */
#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kessel-report-charts.h"
#include "kessel-report.h"

#define CHART_WIDTH 400

static KesselGame *
random_game (int max_actions)
{
  g_autofree char *path = g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios",
                                           "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);
  KesselGame *game;
  KesselDice dice;
  KesselAction action;

  g_assert_no_error (error);
  game = kessel_game_new (scenario, 22);
  kessel_dice_init (&dice, 22);
  while (max_actions-- != 0 && !kessel_game_is_over (game) && kessel_game_random_action (game, &dice, &action))
    g_assert_true (kessel_game_apply (game, &action, NULL));
  return game;
}

/* Whether some pixel has the colour of a side's bars, as drawn at 0.9. */
static gboolean
shows_colour (cairo_surface_t *surface, double r, double g, double b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface), height = cairo_image_surface_get_height (surface);
  guint8 want[3] = { (guint8) ((0.9 * r + 0.1) * 255), (guint8) ((0.9 * g + 0.1) * 255), (guint8) ((0.9 * b + 0.1) * 255) };

  for (int y = 0; y < height; y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        const guint8 *p = data + y * stride + 4 * x;   /* B, G, R, A */
        if (ABS (p[2] - want[0]) <= 3 && ABS (p[1] - want[1]) <= 3 && ABS (p[0] - want[2]) <= 3)
          return TRUE;
      }
  return FALSE;
}

static void
test_charts (void)
{
  g_autoptr(KesselGame) game = random_game (-1);
  g_autoptr(KesselAfterAction) report = kessel_after_action_new (game, NULL);
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (game));
  double height = kessel_report_chart_height (CHART_WIDTH);

  for (KesselReportChart chart = 0; chart < KESSEL_N_REPORT_CHARTS; chart++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, CHART_WIDTH, (int) height);
      cairo_t *cr = cairo_create (surface);
      const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");

      kessel_report_chart_draw (cr, CHART_WIDTH, height, chart, report, victory);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_flush (surface);
      /* Soviet VP and Soviet losses, air and attacks are in red in every chart. */
      g_assert_true (shows_colour (surface, 0.74, 0.20, 0.16));
      if (dir != NULL)
        {
          g_autofree char *name = g_strdup_printf ("report-chart-%d.png", chart);
          g_autofree char *file = g_build_filename (dir, name, NULL);
          cairo_surface_write_to_png (surface, file);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static void
test_lines (void)
{
  g_autoptr(KesselGame) game = random_game (-1);
  g_autoptr(KesselAfterAction) report = kessel_after_action_new (game, NULL);
  g_autoptr(GPtrArray) turns = kessel_report_turn_lines (report);
  g_autoptr(GPtrArray) attacks = kessel_report_attack_lines (game, report, KESSEL_SIDE_GERMAN);
  g_autoptr(GPtrArray) summary = kessel_report_summary_lines (game, report);

  g_assert_cmpint (turns->len, ==, report->n_turns);
  g_assert_cmpint (attacks->len, ==, 4);   /* best and worst of each side */
  g_assert_nonnull (strstr (g_ptr_array_index (summary, 0), "The game is over after turn"));
  g_assert_nonnull (strstr (g_ptr_array_index (attacks, 0), "German best attack: turn "));
}

static void
test_pdf (void)
{
  g_autoptr(KesselGame) game = random_game (400);
  g_autoptr(KesselAfterAction) report = kessel_after_action_new (game, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kessel-report-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (kessel_report_write_pdf (game, report, KESSEL_SIDE_NONE, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_cmpuint (length, >, 10000);
  g_unlink (pdf);
  g_rmdir (dir);
  g_assert_false (kessel_report_write_pdf (game, report, KESSEL_SIDE_NONE, "/nonexistent-dir/report.pdf", &error));
  g_assert_nonnull (error);
}

/* The output of a command, which must succeed. */
static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
test_cli (void)
{
  const char *cli = g_getenv ("KESSEL_CLI");
  g_autoptr(KesselGame) game = random_game (-1);
  g_autofree char *dir = g_dir_make_tmp ("kessel-report-XXXXXX", NULL);
  g_autofree char *saved = g_build_filename (dir, "game.kesselgame", NULL);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *printed = NULL;
  g_autofree char *pdf_text = NULL;
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  if (cli == NULL)
    {
      g_test_skip ("KESSEL_CLI does not name kessel-cli");
      return;
    }
  g_assert_true (kessel_game_save_file (game, saved, NULL));
  printed = run ((const char *[]) { cli, "report", saved, NULL });
  g_assert_nonnull (strstr (printed, "The game is over after turn"));
  g_assert_nonnull (strstr (printed, "\nTurn 8: "));
  g_assert_nonnull (strstr (printed, "Soviet best attack: turn "));
  g_free (run ((const char *[]) { cli, "report", saved, "-o", pdf, NULL }));
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  if (pdftotext != NULL)
    {
      pdf_text = run ((const char *[]) { "pdftotext", "-enc", "UTF-8", pdf, "-", NULL });
      g_assert_nonnull (strstr (pdf_text, "After-action report: First Panzer Army"));
      g_assert_nonnull (strstr (pdf_text, "Soviet VP at the end of each turn"));
    }
  g_unlink (pdf);
  g_unlink (saved);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/report/charts", test_charts);
  g_test_add_func ("/render/report/lines", test_lines);
  g_test_add_func ("/render/report/pdf", test_pdf);
  g_test_add_func ("/render/report/cli", test_cli);
  return g_test_run ();
}
