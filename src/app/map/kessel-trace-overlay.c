/* kessel-trace-overlay.c: the traced line over the map. */
#include "kessel-config.h"

#include "kessel-trace-overlay.h"

struct _KesselTraceOverlay
{
  GtkWidget parent_instance;

  KesselMapView *map_view;       /* not owned: the overlay lies on it */
  GArray *hexes;
};

G_DEFINE_FINAL_TYPE (KesselTraceOverlay, kessel_trace_overlay, GTK_TYPE_WIDGET)

/* A hex's centre in the overlay's own coordinates. */
static gboolean
hex_point (KesselTraceOverlay *self, int hex, double *x, double *y)
{
  double map_x, map_y;

  return kessel_map_view_get_hex_center (self->map_view, hex, &map_x, &map_y)
         && gtk_widget_translate_coordinates (GTK_WIDGET (self->map_view), GTK_WIDGET (self), map_x, map_y, x, y);
}

static void
kessel_trace_overlay_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KesselTraceOverlay *self = KESSEL_TRACE_OVERLAY (widget);
  double radius, x, y;
  cairo_t *cr;

  if (self->map_view == NULL || self->hexes->len == 0)
    return;
  radius = kessel_map_view_get_hex_radius (self->map_view);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                                 gtk_widget_get_height (widget)));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, MAX (2.0, radius / 6));
  if (self->hexes->len == 1 && hex_point (self, g_array_index (self->hexes, int, 0), &x, &y))
    {
      cairo_arc (cr, x, y, radius * 0.85, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.85, 0.05, 0.05, 0.9);
    }
  else
    {
      for (guint i = 0; i < self->hexes->len; i++)
        if (hex_point (self, g_array_index (self->hexes, int, i), &x, &y))
          cairo_line_to (cr, x, y);
      cairo_set_source_rgba (cr, 0.95, 0.75, 0.1, 0.85);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
kessel_trace_overlay_finalize (GObject *object)
{
  g_array_unref (KESSEL_TRACE_OVERLAY (object)->hexes);
  G_OBJECT_CLASS (kessel_trace_overlay_parent_class)->finalize (object);
}

static void
kessel_trace_overlay_class_init (KesselTraceOverlayClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_trace_overlay_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = kessel_trace_overlay_snapshot;
}

static void
kessel_trace_overlay_init (KesselTraceOverlay *self)
{
  self->hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
}

GtkWidget *
kessel_trace_overlay_new (KesselMapView *map_view)
{
  KesselTraceOverlay *self = g_object_new (KESSEL_TYPE_TRACE_OVERLAY, NULL);

  self->map_view = map_view;
  /* The line follows the map as it scrolls and zooms. */
  g_signal_connect_object (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (map_view)), "value-changed",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (map_view)), "value-changed",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (map_view, "notify::hex-radius", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

void
kessel_trace_overlay_set_line (KesselTraceOverlay *self,
                               const int          *hexes,
                               int                 n_hexes)
{
  g_return_if_fail (KESSEL_IS_TRACE_OVERLAY (self));
  g_array_set_size (self->hexes, 0);
  if (hexes != NULL && n_hexes > 0)
    g_array_append_vals (self->hexes, hexes, n_hexes);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
kessel_trace_overlay_get_length (KesselTraceOverlay *self)
{
  g_return_val_if_fail (KESSEL_IS_TRACE_OVERLAY (self), 0);
  return self->hexes->len;
}
