/* kessel-window-bench.c: the desktop program, measured. It starts Kessel's
 * application as `kessel` does, and hands its first window to a
 * KesselBenchmark, which times start-up, redraws, pans, play and the
 * editor's brush at 1920×1080, prints the figures and quits.
 *
 *   kessel-window-bench [--zoom-level LEVEL]
 *
 * It reaches the window only through its public interface. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "kessel-application.h"
#include "kessel-benchmark.h"

typedef struct {
  gint64 start_time;
  KesselBenchmark *benchmark;
} Bench;

static void
benchmark_finished (KesselBenchmark *benchmark,
                    GApplication    *app)
{
  g_application_quit (app);
}

/* The first window is measured, the same whatever was saved last time:
 * normal zoom (unless --zoom-level says otherwise, which the application
 * applies after this), hex numbers shown, 1920×1080. */
static void
window_added (GtkApplication *app,
              GtkWindow      *window,
              Bench          *bench)
{
  KesselMapView *map_view;

  if (bench->benchmark != NULL || !KESSEL_IS_WINDOW (window))
    return;
  map_view = kessel_window_get_map_view (KESSEL_WINDOW (window));
  kessel_map_view_set_zoom_level (map_view, 2);
  kessel_map_view_set_show_hex_numbers (map_view, TRUE);
  gtk_window_unmaximize (window);
  gtk_window_set_default_size (window, 1920, 1080);
  bench->benchmark = kessel_benchmark_new (map_view, bench->start_time);
  kessel_benchmark_set_play_panel (bench->benchmark, kessel_window_get_play_panel (KESSEL_WINDOW (window)));
  kessel_benchmark_set_window (bench->benchmark, KESSEL_WINDOW (window));
  g_signal_connect_object (bench->benchmark, "finished", G_CALLBACK (benchmark_finished), app, 0);
}

int
main (int   argc,
      char *argv[])
{
  Bench bench = { g_get_monotonic_time (), NULL };
  g_autoptr(KesselApplication) app = NULL;
  const char *localedir;
  int status;

  setlocale (LC_ALL, "");
  localedir = g_getenv ("KESSEL_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = kessel_application_new ();
  /* A measurement runs in this process, not in a Kessel already open. */
  g_application_set_flags (G_APPLICATION (app), g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "window-added", G_CALLBACK (window_added), &bench);
  status = g_application_run (G_APPLICATION (app), argc, argv);
  g_clear_object (&bench.benchmark);
  return status;
}
