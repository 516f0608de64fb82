/* test-balance-page.c: the editor's Balance page driven through its
 * widgets: a run of a few games of Crossing the Prut at Easy compared with
 * the saved version, a suggestion applied and undone, the report saved, and
 * a long run of First Panzer Army stopped. Needs a display; without one
 * every test is skipped. With KESSEL_SCREENSHOT_DIR set, pictures of the
 * page are written there. */
#include "editor-driver.h"
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kessel-balance-page.h"

#define PANEL_WIDTH 380

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY()                                  \
  G_STMT_START {                                                \
    if (!have_display)                                          \
      {                                                         \
        g_test_skip ("no display to open a window on");         \
        return;                                                 \
      }                                                         \
  } G_STMT_END

typedef struct {
  KesselEditHistory *history;
  GtkWidget *page;
  GtkWindow *window;
} Page;

static void
page_open (Page *p, const char *scenario_name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", scenario_name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  p->history = kessel_edit_history_new (scenario);
  p->page = kessel_balance_page_new ();
  kessel_balance_page_set_history (KESSEL_BALANCE_PAGE (p->page), p->history);
  p->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (p->window, PANEL_WIDTH, 1400);
  gtk_window_set_child (p->window, p->page);
  gtk_window_present (p->window);
  driver_settle ();
}

static void
page_close (Page *p)
{
  gtk_window_destroy (p->window);
  g_clear_object (&p->history);
  driver_settle ();
}

static void
click (Page *p, const char *name)
{
  GtkWidget *button = driver_find (p->page, name);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  driver_settle ();
}

static const char *
progress_text (Page *p)
{
  return gtk_progress_bar_get_text (GTK_PROGRESS_BAR (driver_find (p->page, "balance-progress")));
}

static void
wait_for_end (Page *p, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!g_str_has_prefix (progress_text (p), "Done") && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  driver_settle ();
}

static const char *
label_text (Page *p, const char *name)
{
  return gtk_label_get_text (GTK_LABEL (driver_find (p->page, name)));
}

static void
test_runs_compares_and_applies (void)
{
  Page p;
  KesselScenario *scenario;
  KesselVictoryTable before;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pdf = NULL;

  SKIP_WITHOUT_DISPLAY ();
  page_open (&p, "crossing-the-prut.kessel");
  /* An edit since the file was saved: a draw band far above what the
   * computer reaches in this scenario, so every game is a German victory. */
  scenario = kessel_edit_history_get_scenario (p.history);
  before = *kessel_scenario_get_victory (scenario);
  before.draw_from = 7;
  before.soviet_wins_at = 9;
  kessel_scenario_set_victory (scenario, &before);
  kessel_edit_history_commit (p.history, "Draw band 7–8");
  driver_set_spin (p.page, "balance-games", 3);
  driver_choose (p.page, "balance-level", 0);
  driver_check (p.page, "balance-compare", TRUE);
  click (&p, "balance-run");
  wait_for_end (&p, 60);
  g_assert_false (kessel_balance_page_is_running (KESSEL_BALANCE_PAGE (p.page)));
  g_assert_cmpstr (progress_text (&p), ==, "Done: 6 games played");
  g_assert_nonnull (strstr (label_text (&p, "balance-figures"), "Games counted: 3 of 3 (0 failed)"));
  /* The saved version plays the same games; only their verdicts differ. */
  g_assert_nonnull (strstr (label_text (&p, "balance-figures"), "German victory: 3 (100.0%"));
  g_assert_nonnull (strstr (label_text (&p, "balance-differences"), "Paired games (same seeds on both): 3"));
  g_assert_nonnull (strstr (label_text (&p, "balance-differences"),
                            "Mean final Soviet VP: +0.00 VP (95% interval +0.00 to +0.00)"));
  g_assert_nonnull (strstr (label_text (&p, "balance-differences"),
                            "German victory: +100.00 points (95% interval +100.00 to +100.00)"));
  driver_screenshot_widget (GTK_WIDGET (p.window), "balance-page-done");

  click (&p, "balance-apply-even");
  scenario = kessel_edit_history_get_scenario (p.history);
  g_assert_true (kessel_edit_history_can_undo (p.history));
  g_assert_true (g_str_has_prefix (kessel_edit_history_get_undo_name (p.history), "Draw band "));
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->soviet_wins_at - kessel_scenario_get_victory (scenario)->draw_from,
                   ==, before.soviet_wins_at - before.draw_from);
  g_assert_false (gtk_widget_get_sensitive (driver_find (p.page, "balance-apply-even")));
  driver_screenshot_widget (GTK_WIDGET (p.window), "balance-page-applied");
  g_assert_true (kessel_edit_history_undo (p.history));
  driver_settle ();
  g_assert_true (gtk_widget_get_sensitive (driver_find (p.page, "balance-apply-even")));
  scenario = kessel_edit_history_get_scenario (p.history);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->draw_from, ==, before.draw_from);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->soviet_wins_at, ==, before.soviet_wins_at);

  dir = g_dir_make_tmp ("kessel-balance-XXXXXX", &error);
  pdf = g_build_filename (dir, "report.pdf", NULL);
  g_assert_true (kessel_balance_page_write_report (KESSEL_BALANCE_PAGE (p.page), pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_unlink (pdf);
  g_rmdir (dir);
  page_close (&p);
}

static void
test_stops (void)
{
  Page p;
  gint64 end;

  SKIP_WITHOUT_DISPLAY ();
  page_open (&p, "first-panzer-army.kessel");
  driver_set_spin (p.page, "balance-games", 50);
  driver_choose (p.page, "balance-level", 0);
  click (&p, "balance-run");
  g_assert_true (kessel_balance_page_is_running (KESSEL_BALANCE_PAGE (p.page)));
  g_assert_false (gtk_widget_get_sensitive (driver_find (p.page, "balance-run")));
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  driver_screenshot_widget (GTK_WIDGET (p.window), "balance-page-running");
  click (&p, "balance-stop");
  g_assert_false (kessel_balance_page_is_running (KESSEL_BALANCE_PAGE (p.page)));
  g_assert_cmpint (kessel_balance_page_get_n_done (KESSEL_BALANCE_PAGE (p.page)), <, 50);
  g_assert_true (g_str_has_prefix (progress_text (&p), "Stopped after "));
  g_assert_true (gtk_widget_get_sensitive (driver_find (p.page, "balance-run")));
  driver_screenshot_widget (GTK_WIDGET (p.window), "balance-page-stopped");
  page_close (&p);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  g_test_add_func ("/editor/balance/runs-compares-and-applies", test_runs_compares_and_applies);
  g_test_add_func ("/editor/balance/stops", test_stops);
  return g_test_run ();
}
