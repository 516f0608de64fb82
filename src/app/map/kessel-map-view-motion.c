/* kessel-map-view-motion.c: moving the map view: its zoom levels, fitting
 * the whole map in, scrolling to hexes, its size and the adjustments that
 * scroll it. */
#include "kessel-config.h"

#include <math.h>

#include "kessel-map-view-private.h"

/* Level 1 is the whole map fitted to the view; 13 is its size in a
 * 1280×800 window, for when the view has no size yet. */
static const double level_radii[KESSEL_MAP_VIEW_N_ZOOM_LEVELS] = { 13, 26, 42 };
/* Zoom in and zoom out step through these, which include the fixed levels. */
static const double radius_steps[] = { 8, 10, 13, 16, 20, 26, 30, 35, 42, 50, 57, 64 };

/* Geometry */

/* Where the map's top-left corner is in the widget: centred when it is
 * smaller than the widget, else scrolled. Whole pixels keep the tiles sharp. */
void
kessel_map_view_get_origin (KesselMapView *self,
                            double        *x,
                            double        *y)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->map_width <= width)
    *x = (width - self->map_width) / 2;
  else
    *x = -round (gtk_adjustment_get_value (self->hadjustment));

  if (self->map_height <= height)
    *y = (height - self->map_height) / 2;
  else
    *y = -round (gtk_adjustment_get_value (self->vadjustment));
}

static void
configure_adjustment (GtkAdjustment *adjustment,
                      double         value,
                      int            viewport,
                      int            content)
{
  double upper = MAX (viewport, content);

  gtk_adjustment_configure (adjustment,
                            CLAMP (value, 0, upper - viewport),
                            0, upper,
                            viewport * 0.1, viewport * 0.9, viewport);
}

static void
configure_adjustments (KesselMapView *self,
                       double         x_value,
                       double         y_value)
{
  configure_adjustment (self->hadjustment, x_value,
                        gtk_widget_get_width (GTK_WIDGET (self)), self->map_width);
  configure_adjustment (self->vadjustment, y_value,
                        gtk_widget_get_height (GTK_WIDGET (self)), self->map_height);
}

void
kessel_map_view_center_map (KesselMapView *self)
{
  configure_adjustments (self,
                         (self->map_width - gtk_widget_get_width (GTK_WIDGET (self))) / 2.0,
                         (self->map_height - gtk_widget_get_height (GTK_WIDGET (self))) / 2.0);
}

/* Overview is the whole map at whatever size fits; the others are sizes. */
static int
level_for_radius (double radius)
{
  for (int i = 1; i < KESSEL_MAP_VIEW_N_ZOOM_LEVELS; i++)
    if (fabs (radius - level_radii[i]) < 0.01)
      return i + 1;
  return 0;
}

/* The overview waits for the widget's size; the zoom level it reports
 * changes at once. */
static void
set_fit_pending (KesselMapView *self, gboolean pending)
{
  int old_level = kessel_map_view_get_zoom_level (self);

  self->fit_pending = pending;
  if (kessel_map_view_get_zoom_level (self) != old_level)
    g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_ZOOM_LEVEL]);
}

/* Changes the hex radius keeping the map point under (x, y) where it is. */
void
kessel_map_view_zoom_at (KesselMapView *self,
                         double         radius,
                         double         x,
                         double         y)
{
  int old_level = kessel_map_view_get_zoom_level (self);
  double old_margin = self->scenario ? self->layout.margin : 0;
  double origin_x, origin_y, fx, fy;

  self->fit_pending = FALSE;
  radius = CLAMP (radius, KESSEL_MAP_VIEW_MIN_RADIUS, KESSEL_MAP_VIEW_MAX_RADIUS);
  if (fabs (radius - self->radius) < 0.001)
    return;
  self->whole_map = FALSE;

  /* The point in hex radii from the map's corner stays under (x, y). */
  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  fx = (x - origin_x - old_margin) / self->radius;
  fy = (y - origin_y - old_margin) / self->radius;

  self->radius = radius;
  kessel_map_view_update_layout (self);
  if (self->scenario != NULL)
    configure_adjustments (self,
                           self->layout.margin + fx * radius - x,
                           self->layout.margin + fy * radius - y);

  gtk_widget_queue_resize (GTK_WIDGET (self));
  kessel_map_view_update_hover (self);

  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_HEX_RADIUS]);
  if (level_for_radius (radius) != old_level)
    g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_ZOOM_LEVEL]);
}

static void
zoom_at_center (KesselMapView *self,
                double         radius)
{
  kessel_map_view_zoom_at (self, radius,
                           gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

/* Scrolling */

static void
adjustment_value_changed (KesselMapView *self)
{
  kessel_map_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kessel_map_view_set_adjustment (KesselMapView  *self,
                                GtkAdjustment **slot,
                                GtkAdjustment  *adjustment,
                                int             prop_id)
{
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  if (*slot == adjustment)
    return;

  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed, self);
      g_object_unref (*slot);
    }
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect_swapped (adjustment, "value-changed",
                            G_CALLBACK (adjustment_value_changed), self);

  configure_adjustments (self,
                         gtk_adjustment_get_value (self->hadjustment),
                         gtk_adjustment_get_value (self->vadjustment));
  g_object_notify (G_OBJECT (self), prop_id == PROP_HADJUSTMENT ? "hadjustment" : "vadjustment");
}

/* Lets go of the adjustments, as the widget is disposed. */
void
kessel_map_view_clear_adjustments (KesselMapView *self)
{
  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_value_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_value_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
}

/* Size */

void
kessel_map_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);

  *minimum = 0;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->map_width : self->map_height;
}

/* The largest hex radius at which the whole map fits in the widget. */
static double
whole_map_radius (KesselMapView *self)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (self->scenario));
  double radius = self->radius;
  KesselHexLayout layout;

  /* The size is nearly proportional to the radius, but for the margin. */
  for (int i = 0; i < 3; i++)
    {
      kessel_hex_layout_init (&layout, grid, radius);
      radius *= MIN (gtk_widget_get_width (GTK_WIDGET (self)) / kessel_hex_layout_width (&layout),
                     gtk_widget_get_height (GTK_WIDGET (self)) / kessel_hex_layout_height (&layout));
    }
  return floor (radius * 100) / 100;
}

static void
fit_map (KesselMapView *self)
{
  if (self->scenario == NULL)
    return;
  zoom_at_center (self, whole_map_radius (self));
  kessel_map_view_center_map (self);
  self->whole_map = TRUE;
  self->fit_width = gtk_widget_get_width (GTK_WIDGET (self));
  self->fit_height = gtk_widget_get_height (GTK_WIDGET (self));
  /* Told even when it was the overview before: the radius changed on the
   * way, and what was said then, with the overview not yet set, is stale. */
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_ZOOM_LEVEL]);
}

void
kessel_map_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);

  /* The overview keeps filling the view as the window changes size. */
  if (self->whole_map && (width != self->fit_width || height != self->fit_height))
    self->fit_pending = TRUE;
  if (self->fit_pending && width > 0 && height > 0)
    {
      /* Fitted at once, so that the first frame is not drawn at another
       * zoom; the map's new size is taken up after this allocation. */
      self->fit_pending = FALSE;
      fit_map (self);
    }
  if (self->center_pending && width > 0 && height > 0)
    {
      self->center_pending = FALSE;
      kessel_map_view_center_map (self);
    }
  else
    configure_adjustments (self,
                           gtk_adjustment_get_value (self->hadjustment),
                           gtk_adjustment_get_value (self->vadjustment));
  kessel_map_view_update_hover (self);
  /* Popovers pointing at hexes, such as the editor's name field. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));
}

/* Zoom */

double
kessel_map_view_zoom_level_radius (int level)
{
  g_return_val_if_fail (level >= 1 && level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS, level_radii[1]);
  return level_radii[level - 1];
}

int
kessel_map_view_get_zoom_level (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->whole_map || self->fit_pending ? 1 : level_for_radius (self->radius);
}

double
kessel_map_view_get_level_radius (KesselMapView *self,
                                  int            level)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  g_return_val_if_fail (level >= 1 && level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS, 0);

  if (level == 1 && self->scenario != NULL && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    return CLAMP (whole_map_radius (self), KESSEL_MAP_VIEW_MIN_RADIUS, KESSEL_MAP_VIEW_MAX_RADIUS);
  return level_radii[level - 1];
}

void
kessel_map_view_set_zoom_level (KesselMapView *self,
                                int            level)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  if (level == 1)
    kessel_map_view_show_whole_map (self);
  else if (level >= 1 && level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS)
    zoom_at_center (self, level_radii[level - 1]);
}

double
kessel_map_view_get_hex_radius (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->radius;
}

void
kessel_map_view_set_hex_radius (KesselMapView *self,
                                double         radius)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  zoom_at_center (self, radius);
}

void
kessel_map_view_zoom_in (KesselMapView *self)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (radius_steps); i++)
    if (radius_steps[i] > self->radius + 0.01)
      {
        zoom_at_center (self, radius_steps[i]);
        return;
      }
}

void
kessel_map_view_zoom_out (KesselMapView *self)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  if (self->whole_map)
    return;
  /* A map smaller than the view shows nothing more: the overview is the last step. */
  for (guint i = G_N_ELEMENTS (radius_steps); i > 0; i--)
    if (radius_steps[i - 1] < self->radius - 0.01)
      {
        if (radius_steps[i - 1] <= kessel_map_view_get_level_radius (self, 1))
          kessel_map_view_show_whole_map (self);
        else
          zoom_at_center (self, radius_steps[i - 1]);
        return;
      }
}

void
kessel_map_view_show_whole_map (KesselMapView *self)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  if (gtk_widget_get_width (GTK_WIDGET (self)) == 0)
    set_fit_pending (self, TRUE);
  else
    fit_map (self);
}

gboolean
kessel_map_view_shows_whole_map (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);
  return self->whole_map || self->fit_pending;
}

/* Hexes in view */

gboolean
kessel_map_view_get_hex_center (KesselMapView *self,
                                int            hex,
                                double        *x,
                                double        *y)
{
  double origin_x, origin_y, cx, cy;

  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);

  if (self->scenario == NULL || hex < 0
      || hex >= kessel_map_get_hex_count (kessel_scenario_get_map (self->scenario)))
    return FALSE;

  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  kessel_hex_layout_center (&self->layout, hex, &cx, &cy);
  *x = cx + origin_x;
  *y = cy + origin_y;
  return TRUE;
}

void
kessel_map_view_scroll_to_hex (KesselMapView *self,
                               int            hex)
{
  double cx, cy;

  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  if (self->scenario == NULL)
    return;
  kessel_hex_layout_center (&self->layout, hex, &cx, &cy);
  configure_adjustments (self,
                         cx - gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                         cy - gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
kessel_map_view_scroll_to_hexes (KesselMapView *self,
                                 const int     *hexes,
                                 int            n_hexes)
{
  double left = G_MAXDOUBLE, top = G_MAXDOUBLE, right = -G_MAXDOUBLE, bottom = -G_MAXDOUBLE;
  double width, height;

  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->scenario == NULL || n_hexes <= 0)
    return;
  set_fit_pending (self, FALSE);
  for (int i = 0; i < n_hexes; i++)
    {
      double x, y;

      kessel_hex_layout_center (&self->layout, hexes[i], &x, &y);
      left = MIN (left, x);
      right = MAX (right, x);
      top = MIN (top, y);
      bottom = MAX (bottom, y);
    }
  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  /* Centred; when they do not fit, from the top left of their hexes. */
  configure_adjustments (self,
                         right - left + 2 * self->radius > width ? left - self->radius : (left + right - width) / 2,
                         bottom - top + 2 * self->radius > height ? top - self->radius : (top + bottom - height) / 2);
  self->center_pending = FALSE;
}

/* A hex within two hexes of the edge is not quite in view: the stacks
 * around it would be cut off. */
/* Whether hex is in view with some room around it; FALSE off the map. */
static gboolean
hex_well_in_view (KesselMapView *self, int hex)
{
  double x, y, margin;

  if (!kessel_map_view_get_hex_center (self, hex, &x, &y))
    return FALSE;
  margin = MIN (2.0 * self->layout.radius,
                MIN (gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self))) / 4.0);
  return x >= margin && y >= margin && x <= gtk_widget_get_width (GTK_WIDGET (self)) - margin
         && y <= gtk_widget_get_height (GTK_WIDGET (self)) - margin;
}

void
kessel_map_view_bring_hex_into_view (KesselMapView *self,
                                     int            hex)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  if (hex >= 0 && !hex_well_in_view (self, hex))
    kessel_map_view_scroll_to_hex (self, hex);
}

void
kessel_map_view_bring_hexes_into_view (KesselMapView *self,
                                       const int     *hexes,
                                       int            n_hexes)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  for (int i = 0; i < n_hexes; i++)
    if (hex_well_in_view (self, hexes[i]))
      return;
  kessel_map_view_scroll_to_hexes (self, hexes, n_hexes);
}
