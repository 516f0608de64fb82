/* kessel-render-private.h: small drawing helpers the painters share. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Device pixels per user unit, so sizes can be judged as they will be seen. */
double kessel_render_device_scale (cairo_t *cr);

/* A rectangle with corners rounded to radius r, as a new sub-path. */
void   kessel_render_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r);

G_END_DECLS
