/* kessel-minimap.c: the jump map in a corner of the map area.
 *
 * The small map is drawn by the same painter as the big one, once per
 * scenario and size, while the program is idle: the window's first frame
 * does not wait for it. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-map-painter.h"
#include "kessel-minimap.h"

struct _KesselMinimap
{
  GtkWidget parent_instance;

  KesselMapView *view;
  KesselScenario *scenario;     /* the one the texture shows */
  GdkTexture *texture;          /* NULL until drawn */
  int texture_width;
  guint render_id;
  guint map_changed_id;         /* drawing again once edits pause */
  guint n_drawn;
};

G_DEFINE_FINAL_TYPE (KesselMinimap, kessel_minimap, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MAP_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkAdjustment *
hadjustment (KesselMinimap *self)
{
  return gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->view));
}

static GtkAdjustment *
vadjustment (KesselMinimap *self)
{
  return gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view));
}

/* The map's height for its width, from its layout. */
static double
aspect_ratio (KesselMinimap *self)
{
  const KesselHexLayout *layout;

  if (self->view == NULL || kessel_map_view_get_scenario (self->view) == NULL)
    return 0.7;
  layout = kessel_map_view_get_layout (self->view);
  return kessel_hex_layout_height (layout) / kessel_hex_layout_width (layout);
}

static GdkTexture *
render_map (KesselScenario *scenario, int width, int scale)
{
  g_autoptr(KesselMapPainter) painter = kessel_map_painter_new (scenario);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  KesselHexLayout layout;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  double zoom, map_width, map_height;
  int height, stride;

  kessel_hex_layout_init (&layout, grid, 10);
  map_width = kessel_hex_layout_width (&layout);
  map_height = kessel_hex_layout_height (&layout);
  zoom = width / map_width;
  height = (int) ceil (map_height * zoom);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, zoom * scale, zoom * scale);
  kessel_map_painter_set_show_hex_numbers (painter, FALSE);
  kessel_map_painter_draw_terrain (painter, cr, &layout, 0, 0, map_width, map_height);
  kessel_map_painter_draw_features (painter, cr, &layout, 0, 0, map_width, map_height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * height * scale);
  cairo_surface_destroy (surface);
  /* GDK_MEMORY_DEFAULT is cairo's premultiplied ARGB32 in native byte order. */
  return gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes, stride);
}

static gboolean
render_idle (gpointer data)
{
  KesselMinimap *self = data;
  KesselScenario *scenario = self->view ? kessel_map_view_get_scenario (self->view) : NULL;

  self->render_id = 0;
  g_clear_object (&self->texture);
  g_set_object (&self->scenario, scenario);
  self->texture_width = gtk_widget_get_width (GTK_WIDGET (self));
  if (scenario != NULL && self->texture_width > 0)
    {
      self->texture = render_map (scenario, self->texture_width,
                                  gtk_widget_get_scale_factor (GTK_WIDGET (self)));
      self->n_drawn++;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
schedule_render (KesselMinimap *self)
{
  if (self->render_id == 0)
    self->render_id = g_idle_add_full (G_PRIORITY_LOW, render_idle, self, NULL);
}

static gboolean
map_changes_paused (gpointer data)
{
  KesselMinimap *self = data;

  self->map_changed_id = 0;
  schedule_render (self);
  return G_SOURCE_REMOVE;
}

/* An edit of the map is drawn again once the edits pause, not at every
 * step of a brush stroke. */
#define MAP_CHANGE_PAUSE_MS 300

static void
map_changed (KesselMinimap *self)
{
  g_clear_handle_id (&self->map_changed_id, g_source_remove);
  self->map_changed_id = g_timeout_add (MAP_CHANGE_PAUSE_MS, map_changes_paused, self);
}

guint
kessel_minimap_get_n_drawn (KesselMinimap *self)
{
  g_return_val_if_fail (KESSEL_IS_MINIMAP (self), 0);
  return self->n_drawn;
}

void
kessel_minimap_get_view_rect (KesselMinimap   *self,
                              graphene_rect_t *rect)
{
  GtkAdjustment *h, *v;

  g_return_if_fail (KESSEL_IS_MINIMAP (self) && rect != NULL);

  graphene_rect_init (rect, 0, 0, 1, 1);
  if (self->view == NULL)
    return;
  h = hadjustment (self);
  v = vadjustment (self);
  /* A map narrower than the view is shown whole: its page is its upper. */
  if (gtk_adjustment_get_upper (h) > 0)
    {
      rect->origin.x = gtk_adjustment_get_value (h) / gtk_adjustment_get_upper (h);
      rect->size.width = MIN (1.0, gtk_adjustment_get_page_size (h) / gtk_adjustment_get_upper (h));
    }
  if (gtk_adjustment_get_upper (v) > 0)
    {
      rect->origin.y = gtk_adjustment_get_value (v) / gtk_adjustment_get_upper (v);
      rect->size.height = MIN (1.0, gtk_adjustment_get_page_size (v) / gtk_adjustment_get_upper (v));
    }
}

static void
kessel_minimap_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  KesselMinimap *self = KESSEL_MINIMAP (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  graphene_rect_t view;
  GskRoundedRect outline;
  GdkRGBA dark = { 0.05, 0.05, 0.05, 0.9 }, light = { 1, 0.85, 0.1, 1 };
  KesselScenario *scenario = self->view ? kessel_map_view_get_scenario (self->view) : NULL;

  if (scenario != self->scenario || width != self->texture_width)
    schedule_render (self);
  if (self->texture != NULL && scenario == self->scenario)
    gtk_snapshot_append_texture (snapshot, self->texture, &bounds);
  else
    gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.92, 0.89, 0.76, 1 }, &bounds);

  kessel_minimap_get_view_rect (self, &view);
  graphene_rect_init (&view, view.origin.x * width, view.origin.y * height,
                      MAX (view.size.width * width, 4), MAX (view.size.height * height, 4));
  gsk_rounded_rect_init_from_rect (&outline, &view, 0);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 3, 3, 3, 3 },
                              (GdkRGBA[4]) { dark, dark, dark, dark });
  graphene_rect_inset (&view, 1, 1);
  gsk_rounded_rect_init_from_rect (&outline, &view, 0);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { light, light, light, light });
}

static void
kessel_minimap_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  KesselMinimap *self = KESSEL_MINIMAP (widget);
  double ratio = aspect_ratio (self);

  if (orientation == GTK_ORIENTATION_HORIZONTAL && for_size > 0)
    *minimum = *natural = (int) (for_size / ratio);
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = KESSEL_MINIMAP_MIN_WIDTH;
      *natural = KESSEL_MINIMAP_WIDTH;
    }
  else
    *minimum = *natural = (int) ((for_size > 0 ? for_size : KESSEL_MINIMAP_WIDTH) * ratio);
}

static GtkSizeRequestMode
kessel_minimap_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

void
kessel_minimap_size_for_room (KesselMinimap *self,
                              int            room_width,
                              int            room_height,
                              int           *width,
                              int           *height)
{
  int content = (int) MIN (room_width / 5.0, room_height / 5.0 / aspect_ratio (self));
  int natural;

  g_return_if_fail (KESSEL_IS_MINIMAP (self));
  content = CLAMP (content, KESSEL_MINIMAP_MIN_WIDTH, KESSEL_MINIMAP_WIDTH);
  /* The natural width is the full one with margins, border and padding. */
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  *width = content + natural - KESSEL_MINIMAP_WIDTH;
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, *width, NULL, height, NULL, NULL);
}

void
kessel_minimap_jump (KesselMinimap *self,
                     double         x,
                     double         y)
{
  GtkAdjustment *h, *v;
  int width, height;

  g_return_if_fail (KESSEL_IS_MINIMAP (self));

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->view == NULL || width <= 0 || height <= 0)
    return;
  h = hadjustment (self);
  v = vadjustment (self);
  gtk_adjustment_set_value (h, x / width * gtk_adjustment_get_upper (h) - gtk_adjustment_get_page_size (h) / 2);
  gtk_adjustment_set_value (v, y / height * gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v) / 2);
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            KesselMinimap  *self)
{
  kessel_minimap_jump (self, x, y);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             KesselMinimap  *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  kessel_minimap_jump (self, x + dx, y + dy);
}

/* With the whole map in view the overview has nothing to add, and would
 * only cover a corner of it; while the map is covered for a hand-over
 * there is nothing to look at. */
static void
view_changed (KesselMinimap *self)
{
  graphene_rect_t view;

  kessel_minimap_get_view_rect (self, &view);
  gtk_widget_set_child_visible (GTK_WIDGET (self), !kessel_map_view_is_covered (self->view)
                                && (view.size.width < 0.999 || view.size.height < 0.999));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
scenario_changed (KesselMinimap *self)
{
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

static void
disconnect_view (KesselMinimap *self)
{
  if (self->view == NULL)
    return;
  g_signal_handlers_disconnect_by_data (hadjustment (self), self);
  g_signal_handlers_disconnect_by_data (vadjustment (self), self);
  g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
}

KesselMapView *
kessel_minimap_get_map_view (KesselMinimap *self)
{
  g_return_val_if_fail (KESSEL_IS_MINIMAP (self), NULL);
  return self->view;
}

void
kessel_minimap_set_map_view (KesselMinimap *self,
                             KesselMapView *view)
{
  g_return_if_fail (KESSEL_IS_MINIMAP (self));
  g_return_if_fail (view == NULL || KESSEL_IS_MAP_VIEW (view));

  if (view == self->view)
    return;
  disconnect_view (self);
  if (view != NULL)
    {
      self->view = g_object_ref (view);
      /* The map view keeps its adjustments for its life. */
      g_signal_connect_swapped (hadjustment (self), "changed", G_CALLBACK (view_changed), self);
      g_signal_connect_swapped (hadjustment (self), "value-changed", G_CALLBACK (view_changed), self);
      g_signal_connect_swapped (vadjustment (self), "changed", G_CALLBACK (view_changed), self);
      g_signal_connect_swapped (vadjustment (self), "value-changed", G_CALLBACK (view_changed), self);
      g_signal_connect_swapped (view, "notify::scenario", G_CALLBACK (scenario_changed), self);
      g_signal_connect_swapped (view, "notify::covered", G_CALLBACK (view_changed), self);
      g_signal_connect_swapped (view, "map-changed", G_CALLBACK (map_changed), self);
      view_changed (self);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP_VIEW]);
}

static void
kessel_minimap_dispose (GObject *object)
{
  KesselMinimap *self = KESSEL_MINIMAP (object);

  disconnect_view (self);
  g_clear_handle_id (&self->render_id, g_source_remove);
  g_clear_handle_id (&self->map_changed_id, g_source_remove);
  g_clear_object (&self->texture);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (kessel_minimap_parent_class)->dispose (object);
}

static void
kessel_minimap_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  KesselMinimap *self = KESSEL_MINIMAP (object);

  if (prop_id == PROP_MAP_VIEW)
    g_value_set_object (value, self->view);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
kessel_minimap_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  KesselMinimap *self = KESSEL_MINIMAP (object);

  if (prop_id == PROP_MAP_VIEW)
    kessel_minimap_set_map_view (self, g_value_get_object (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
kessel_minimap_class_init (KesselMinimapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_minimap_dispose;
  object_class->get_property = kessel_minimap_get_property;
  object_class->set_property = kessel_minimap_set_property;
  widget_class->snapshot = kessel_minimap_snapshot;
  widget_class->measure = kessel_minimap_measure;
  widget_class->get_request_mode = kessel_minimap_get_request_mode;

  properties[PROP_MAP_VIEW] =
    g_param_spec_object ("map-view", NULL, NULL, KESSEL_TYPE_MAP_VIEW,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "minimap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
kessel_minimap_init (KesselMinimap *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), _("The whole map: click or drag to move the view"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Map overview"), -1);
}

GtkWidget *
kessel_minimap_new (void)
{
  return g_object_new (KESSEL_TYPE_MINIMAP, NULL);
}
