/* kessel-render-private.c: small drawing helpers the painters share. */
#include "kessel-config.h"

#include "kessel-render-private.h"

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
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

gboolean
kessel_render_check_status (cairo_status_t status, const char *path, GError **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write “%s”: %s"), path,
               cairo_status_to_string (status));
  return FALSE;
}

gboolean
kessel_render_write_pdf (const char *path, double width, double height, const char *title, int n_pages,
                         KesselRenderPageFunc draw, gpointer data, GError **error)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (path, width, height);
  cairo_status_t status = cairo_surface_status (surface);
  cairo_t *cr;

  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (title != NULL && *title != '\0')
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Kessel " PACKAGE_VERSION);
      cr = cairo_create (surface);
      for (int page = 0; page < n_pages && cairo_status (cr) == CAIRO_STATUS_SUCCESS; page++)
        {
          draw (cr, page, data);
          cairo_show_page (cr);
        }
      status = cairo_status (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  return kessel_render_check_status (status, path, error);
}
