/* map-drawing.c: the processor time the map painter takes to draw a whole
 * scenario's map once at a given hex radius, without any window: its
 * terrain layer, and its features (rivers, places, names) without and with
 * hex numbers. The best of nine drawings of each is printed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kessel-map-painter.h"

#define N_DRAWINGS 9

static double
cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselMapPainter) painter = NULL;
  KesselHexLayout layout;
  cairo_surface_t *surface;
  double best[3] = { G_MAXDOUBLE, G_MAXDOUBLE, G_MAXDOUBLE };
  int width, height;

  if (argc != 3)
    {
      fprintf (stderr, "usage: map-drawing SCENARIO HEX-RADIUS\n");
      return 2;
    }
  scenario = kessel_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  painter = kessel_map_painter_new (scenario);
  kessel_hex_layout_init (&layout, kessel_map_get_grid (kessel_scenario_get_map (scenario)), atof (argv[2]));
  width = (int) kessel_hex_layout_width (&layout);
  height = (int) kessel_hex_layout_height (&layout);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  for (int i = 0; i < N_DRAWINGS; i++)
    {
      cairo_t *cr = cairo_create (surface);
      double t0 = cpu_ms (), t1, t2;

      kessel_map_painter_draw_terrain (painter, cr, &layout, 0, 0, width, height);
      t1 = cpu_ms ();
      kessel_map_painter_set_show_hex_numbers (painter, FALSE);
      kessel_map_painter_draw_features (painter, cr, &layout, 0, 0, width, height);
      t2 = cpu_ms ();
      kessel_map_painter_set_show_hex_numbers (painter, TRUE);
      kessel_map_painter_draw_features (painter, cr, &layout, 0, 0, width, height);
      best[0] = MIN (best[0], t1 - t0);
      best[1] = MIN (best[1], t2 - t1);
      best[2] = MIN (best[2], cpu_ms () - t2);
      cairo_destroy (cr);
    }
  printf ("hex radius %s (%dx%d): terrain %.1f ms, features %.1f ms, features with hex numbers %.1f ms,"
          " all %.1f ms\n", argv[2], width, height, best[0], best[1], best[2], best[0] + best[2]);
  cairo_surface_destroy (surface);
  return 0;
}
