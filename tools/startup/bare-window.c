/* bare-window.c: the yardstick for Kessel's start-up. An empty GTK 4 window
 * (1920x1080 as `kessel --benchmark` opens, or WIDTH HEIGHT from the command
 * line) that prints the time from the start of main() to the end of its
 * first painted frame, as `kessel --benchmark` prints
 * startup_to_first_frame_ms, and stays open until killed. */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

static gint64 start_time;
static int width = 1920, height = 1080;

static void
after_paint (GdkFrameClock *clock,
             gpointer       data)
{
  printf ("startup_to_first_frame_ms: %.1f\n", (g_get_monotonic_time () - start_time) / 1000.0);
  printf ("first_frame_unix_us: %" G_GINT64_FORMAT "\n", g_get_real_time ());
  fflush (stdout);
  g_signal_handlers_disconnect_by_func (clock, after_paint, data);
}

static void
realized (GtkWidget *window)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint), NULL);
}

static void
activate (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_signal_connect (window, "realize", G_CALLBACK (realized), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr(GtkApplication) app = NULL;

  start_time = g_get_monotonic_time ();
  if (argc == 3)
    {
      width = atoi (argv[1]);
      height = atoi (argv[2]);
      argc = 1;
    }
  app = gtk_application_new ("org.kessel.BareWindow", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
