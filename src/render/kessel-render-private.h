/* kessel-render-private.h: small drawing helpers the painters share. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Device pixels per user unit, so sizes can be judged as they will be seen. */
double kessel_render_device_scale (cairo_t *cr);

/* A rectangle with corners rounded to radius r, as a new sub-path. */
void   kessel_render_rounded_rect (cairo_t *cr, double x, double y, double w, double h, double r);

/* TRUE for success; otherwise FALSE with an error naming the file written. */
gboolean kessel_render_check_status (cairo_status_t status, const char *path, GError **error);

/* Draws page (0-based) of a document onto cr, its top-left corner at (0, 0). */
typedef void (*KesselRenderPageFunc) (cairo_t *cr, int page, gpointer data);

/* Writes n_pages pages of width by height points to a PDF file, with its
 * title (or none) in the file's metadata. */
gboolean kessel_render_write_pdf (const char *path, double width, double height, const char *title,
                                  int n_pages, KesselRenderPageFunc draw, gpointer data, GError **error);

G_END_DECLS
