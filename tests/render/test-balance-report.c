/* test-balance-report.c: the charts and the PDF report of a balance
 * analysis, from a few random games of Crossing the Prut recorded as the
 * self-play records them. With KESSEL_SCREENSHOT_DIR set, the charts are
 * also written there as PNG files for looking at. */
#include <cairo.h>
#include <glib/gstdio.h>

#include "kessel-balance-charts.h"
#include "kessel-balance-report.h"

#define GAMES 4

static KesselScenario *
crossing_the_prut (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", "crossing-the-prut.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static KesselBalance *
random_games (KesselScenario *scenario)
{
  KesselBalance *balance = kessel_balance_new (scenario, 1, GAMES);

  for (int g = 0; g < GAMES; g++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, kessel_balance_get_seed (balance, g));
      KesselDice dice;
      KesselAction action;

      kessel_dice_init (&dice, 100 + g);
      kessel_balance_observe (balance, g, game);
      while (!kessel_game_is_over (game) && kessel_game_random_action (game, &dice, &action))
        {
          g_assert_true (kessel_game_apply (game, &action, NULL));
          kessel_balance_observe (balance, g, game);
        }
      kessel_balance_finish (balance, g, game, TRUE, 0.0);
    }
  return balance;
}

/* Counts the pixels that are not white. */
static int
inked_pixels (cairo_surface_t *surface)
{
  const guint32 *data = (const guint32 *) cairo_image_surface_get_data (surface);
  int n = cairo_image_surface_get_width (surface) * cairo_image_surface_get_height (surface), inked = 0;

  cairo_surface_flush (surface);
  for (int i = 0; i < n; i++)
    inked += (data[i] & 0xffffff) != 0xffffff;
  return inked;
}

static void
test_charts_draw (void)
{
  g_autoptr(KesselScenario) scenario = crossing_the_prut ();
  g_autoptr(KesselBalance) balance = random_games (scenario);
  g_autoptr(KesselBalanceSummary) summary = kessel_balance_summarise (balance);
  void (*charts[]) (cairo_t *, double, double, const KesselBalanceSummary *) = {
    kessel_balance_chart_histogram, kessel_balance_chart_places
  };

  g_assert_cmpint (summary->n, ==, GAMES);
  for (guint c = 0; c < G_N_ELEMENTS (charts) + 2; c++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 300, 160);
      cairo_t *cr = cairo_create (surface);
      const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");

      if (c < G_N_ELEMENTS (charts))
        charts[c] (cr, 300, 160, summary);
      else if (c == G_N_ELEMENTS (charts))
        kessel_balance_chart_verdicts (cr, 300, 160, summary, summary);
      else
        kessel_balance_chart_turns (cr, 300, 160, summary, NULL);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (inked_pixels (surface), >, 500);
      if (dir != NULL)
        {
          g_autofree char *name = g_strdup_printf ("balance-chart-%u.png", c);
          g_autofree char *file = g_build_filename (dir, name, NULL);
          cairo_surface_write_to_png (surface, file);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static void
test_pdf (void)
{
  g_autoptr(KesselScenario) scenario = crossing_the_prut ();
  g_autoptr(KesselBalance) a = random_games (scenario);
  g_autoptr(KesselBalance) b = random_games (scenario);
  g_autoptr(KesselBalanceSummary) sa = kessel_balance_summarise (a);
  g_autoptr(KesselBalanceSummary) sb = kessel_balance_summarise (b);
  g_autoptr(KesselBalanceComparison) difference = kessel_balance_compare (a, b);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kessel-balance-XXXXXX", &error);
  g_autofree char *pdf = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  KesselBalanceReport report = { .title = "Crossing the Prut", .players = "random against random",
                                 .first_seed = 1, .summary = sa, .other = sb, .other_title = "copy",
                                 .comparison = difference };

  g_assert_no_error (error);
  g_assert_true (kessel_balance_report_write_pdf (&report, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_cmpuint (length, >, 5000);
  g_unlink (pdf);
  g_rmdir (dir);

  g_assert_false (kessel_balance_report_write_pdf (&report, "/nonexistent-dir/report.pdf", &error));
  g_assert_nonnull (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/balance/charts-draw", test_charts_draw);
  g_test_add_func ("/render/balance/pdf", test_pdf);
  return g_test_run ();
}
