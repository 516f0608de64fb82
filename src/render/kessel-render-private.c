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
