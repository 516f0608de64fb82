/* kessel-render-private.c: small drawing helpers the painters share. */
#include "kessel-render-private.h"

#include <math.h>

double
kessel_render_device_scale (cairo_t *cr)
{
  double dx = 1, dy = 0;
  cairo_user_to_device_distance (cr, &dx, &dy);
  return MAX (hypot (dx, dy), 1e-6);
}

void
kessel_render_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}
