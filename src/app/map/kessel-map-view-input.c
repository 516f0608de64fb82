/* kessel-map-view-input.c: the map view's pointer and keys: hovering,
 * clicks, drags and strokes, the wheel's zoom, drops, and the keyboard's hex
 * cursor and shortcuts. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kessel-map-view-private.h"

#define WHEEL_ZOOM_STEP 1.15
/* Touchpads scroll in pixels; this many make one wheel notch. */
#define PIXELS_PER_WHEEL_NOTCH 20.0
/* A press that moves less than this many pixels is a click, not a drag. */
#define CLICK_SLOP 4.0

/* Pointer */

int
kessel_map_view_hex_at (KesselMapView *self,
                        double         x,
                        double         y)
{
  double origin_x, origin_y;

  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), KESSEL_HEX_NONE);

  if (self->scenario == NULL)
    return KESSEL_HEX_NONE;
  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  return kessel_hex_layout_hex_at (&self->layout, x - origin_x, y - origin_y);
}

KesselHexside
kessel_map_view_hexside_at (KesselMapView *self,
                            double         x,
                            double         y)
{
  double origin_x, origin_y;

  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), -1);
  if (self->scenario == NULL)
    return -1;
  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  return kessel_hex_layout_hexside_at (&self->layout, x - origin_x, y - origin_y);
}

void
kessel_map_view_update_hover (KesselMapView *self)
{
  int hex = KESSEL_HEX_NONE;

  if (self->pointer_inside)
    hex = kessel_map_view_hex_at (self, self->pointer_x, self->pointer_y);
  if (hex == self->hovered_hex)
    return;

  self->hovered_hex = hex;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, kessel_map_view_signals[HEX_HOVERED], 0, hex);
}

int
kessel_map_view_get_hovered_hex (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), KESSEL_HEX_NONE);
  return self->hovered_hex;
}

void
kessel_map_view_hover (KesselMapView *self,
                       double         x,
                       double         y)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  kessel_map_view_update_hover (self);
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        KesselMapView            *self)
{
  kessel_map_view_hover (self, x, y);
}

static void
leave (GtkEventControllerMotion *controller,
       KesselMapView            *self)
{
  self->pointer_inside = FALSE;
  kessel_map_view_update_hover (self);
}

static gboolean
scroll (GtkEventControllerScroll *controller,
        double                    dx,
        double                    dy,
        KesselMapView            *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double x, y;

  /* Shift, sideways and touchpad swipes sideways pan, as the scrolled window does. */
  if (dy == 0 || (state & GDK_SHIFT_MASK) || fabs (dx) > fabs (dy))
    return FALSE;

  if (gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE)
    dy /= PIXELS_PER_WHEEL_NOTCH;

  if (self->pointer_inside)
    {
      x = self->pointer_x;
      y = self->pointer_y;
    }
  else
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  if (dy > 0 && self->radius * pow (WHEEL_ZOOM_STEP, -dy) <= kessel_map_view_get_level_radius (self, 1))
    kessel_map_view_show_whole_map (self);
  else
    kessel_map_view_zoom_at (self, self->radius * pow (WHEEL_ZOOM_STEP, -dy), x, y);
  return TRUE;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            KesselMapView  *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));

  if (button == GDK_BUTTON_SECONDARY)
    {
      g_signal_emit (self, kessel_map_view_signals[HEX_ACTIVATED], 0, kessel_map_view_hex_at (self, x, y), button);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  self->drag_start_x = gtk_adjustment_get_value (self->hadjustment);
  self->drag_start_y = gtk_adjustment_get_value (self->vadjustment);
  self->drag_button = button;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->stroking = self->editing && button == GDK_BUTTON_PRIMARY;
  if (self->stroking)
    g_signal_emit (self, kessel_map_view_signals[STROKE], 0, KESSEL_STROKE_BEGIN, x, y);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             KesselMapView  *self)
{
  if (self->stroking)
    {
      double x, y;
      gtk_gesture_drag_get_start_point (gesture, &x, &y);
      g_signal_emit (self, kessel_map_view_signals[STROKE], 0, KESSEL_STROKE_MOVE, x + dx, y + dy);
      return;
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  gtk_adjustment_set_value (self->hadjustment, self->drag_start_x - dx);
  gtk_adjustment_set_value (self->vadjustment, self->drag_start_y - dy);
}

/* A press released where it began is a click on the hex there. */
static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          KesselMapView  *self)
{
  double x, y;

  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  if (self->stroking)
    {
      self->stroking = FALSE;
      gtk_gesture_drag_get_start_point (gesture, &x, &y);
      g_signal_emit (self, kessel_map_view_signals[STROKE], 0, KESSEL_STROKE_END, x + dx, y + dy);
      return;
    }
  if (fabs (dx) > CLICK_SLOP || fabs (dy) > CLICK_SLOP || self->drag_button != GDK_BUTTON_PRIMARY)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  g_signal_emit (self, kessel_map_view_signals[HEX_ACTIVATED], 0,
                 kessel_map_view_hex_at (self, x, y), self->drag_button);
}

static gboolean
text_dropped (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              KesselMapView *self)
{
  gboolean taken = FALSE;
  int hex = kessel_map_view_hex_at (self, x, y);

  if (hex == KESSEL_HEX_NONE || !G_VALUE_HOLDS_STRING (value))
    return FALSE;
  g_signal_emit (self, kessel_map_view_signals[DROP], 0, g_value_get_string (value), hex, &taken);
  return taken;
}

/* Keys */

static gboolean
zoom_level_binding (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  kessel_map_view_set_zoom_level (KESSEL_MAP_VIEW (widget), g_variant_get_int32 (args));
  return TRUE;
}

static gboolean
zoom_in_binding (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  kessel_map_view_zoom_in (KESSEL_MAP_VIEW (widget));
  return TRUE;
}

static gboolean
zoom_out_binding (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  kessel_map_view_zoom_out (KESSEL_MAP_VIEW (widget));
  return TRUE;
}

static gboolean
hex_numbers_binding (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   user_data)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);

  kessel_map_view_set_show_hex_numbers (self, !self->show_hex_numbers);
  return TRUE;
}

static void
pan_by (KesselMapView *self,
        double         dx,
        double         dy)
{
  gtk_adjustment_set_value (self->hadjustment, gtk_adjustment_get_value (self->hadjustment) + dx);
  gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment) + dy);
}

static gboolean
pan_binding (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);
  double step = 3 * self->radius;
  int dx, dy;

  g_variant_get (args, "(ii)", &dx, &dy);
  pan_by (self, dx * step, dy * step);
  return TRUE;
}

static gboolean
cursor_binding (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);
  int dx, dy, column, row, next;

  if (self->scenario == NULL)
    return FALSE;
  g_variant_get (args, "(ii)", &dx, &dy);
  if (self->cursor_hex == KESSEL_HEX_NONE)
    {
      kessel_map_view_set_cursor_hex (self, kessel_map_view_hex_at (self, gtk_widget_get_width (widget) / 2.0,
                                                                    gtk_widget_get_height (widget) / 2.0));
      return TRUE;
    }
  kessel_grid_column_row (&self->layout.grid, self->cursor_hex, &column, &row);
  next = kessel_grid_hex_at (&self->layout.grid, column + dx, row + dy);
  if (next != KESSEL_HEX_NONE)
    {
      kessel_map_view_set_cursor_hex (self, next);
      kessel_map_view_scroll_to_hex (self, next);
    }
  return TRUE;
}

static gboolean
activate_binding (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);

  if (self->cursor_hex == KESSEL_HEX_NONE)
    return FALSE;
  g_signal_emit (self, kessel_map_view_signals[HEX_ACTIVATED], 0, self->cursor_hex, (guint) GDK_BUTTON_PRIMARY);
  return TRUE;
}

void
kessel_map_view_add_key_bindings (GtkWidgetClass *widget_class)
{
  static const guint activate_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space };
  static const struct { guint key; int dx, dy; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_KP_Left, -1, 0 },
    { GDK_KEY_Right, 1, 0 }, { GDK_KEY_KP_Right, 1, 0 },
    { GDK_KEY_Up, 0, -1 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_Down, 0, 1 }, { GDK_KEY_KP_Down, 0, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      gtk_widget_class_add_binding (widget_class, arrows[i].key, 0, cursor_binding,
                                    "(ii)", arrows[i].dx, arrows[i].dy);
      gtk_widget_class_add_binding (widget_class, arrows[i].key, GDK_CONTROL_MASK, pan_binding,
                                    "(ii)", arrows[i].dx, arrows[i].dy);
    }
  for (guint i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding (widget_class, activate_keys[i], 0, activate_binding, NULL);
}

static void
add_key (GtkShortcutController *controller,
         guint                  keyval,
         GtkShortcutFunc        callback,
         GVariant              *args)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                            gtk_callback_action_new (callback, NULL, NULL));

  gtk_shortcut_set_arguments (shortcut, args);
  gtk_shortcut_controller_add_shortcut (controller, shortcut);
}

/* The keys of one character (the zoom levels, zoom in and out, the hex
 * numbers) are the window's: they work wherever the focus is, on a button
 * of the side panel just clicked say, unless the focused widget takes the
 * key, as a text field takes what is typed. The arrows, Enter and Space
 * keep to the map, for the buttons and lists have their own use of them. */
static GtkEventController *
single_keys_new (void)
{
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract };
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_MANAGED);
  for (int level = 1; level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS; level++)
    {
      add_key (shortcuts, GDK_KEY_0 + level, zoom_level_binding, g_variant_new_int32 (level));
      add_key (shortcuts, GDK_KEY_KP_0 + level, zoom_level_binding, g_variant_new_int32 (level));
    }
  for (guint i = 0; i < G_N_ELEMENTS (zoom_in_keys); i++)
    add_key (shortcuts, zoom_in_keys[i], zoom_in_binding, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (zoom_out_keys); i++)
    add_key (shortcuts, zoom_out_keys[i], zoom_out_binding, NULL);
  add_key (shortcuts, GDK_KEY_n, hex_numbers_binding, NULL);
  return controller;
}

/* The keyboard's hex cursor */

/* Screen readers learn where the keyboard's hex cursor is and what is there. */
static void
announce_cursor (KesselMapView *self)
{
  g_autofree char *number = NULL;
  g_autofree char *text = NULL;
  int units = 0;

  if (self->cursor_hex == KESSEL_HEX_NONE || self->scenario == NULL)
    return;
  number = kessel_grid_format_hex (&self->layout.grid, self->cursor_hex);
  if (self->game != NULL && self->cover_text == NULL)
    {
      g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, self->cursor_hex);
      units = (int) pieces->len;
    }
  /* Translators: the hex under the keyboard cursor: number, terrain, units in it. */
  text = g_strdup_printf (ngettext ("Hex %s, %s, %d unit", "Hex %s, %s, %d units", units),
                          number,
                          kessel_terrain_display_name (kessel_map_get_terrain (kessel_scenario_get_map (self->scenario),
                                                                               self->cursor_hex)),
                          units);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

int
kessel_map_view_get_cursor_hex (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), KESSEL_HEX_NONE);
  return self->cursor_hex;
}

void
kessel_map_view_set_cursor_hex (KesselMapView *self,
                                int            hex)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->cursor_hex == hex)
    return;
  self->cursor_hex = hex;
  announce_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, kessel_map_view_signals[HEX_HOVERED], 0, hex);
}

/* The pointer's gestures, the drop of text and the keys of one character. */
void
kessel_map_view_add_controllers (KesselMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkDropTarget *drop;
  GtkGesture *drag;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (motion), self);
  g_signal_connect (controller, "motion", G_CALLBACK (motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (scroll), self);
  gtk_widget_add_controller (widget, controller);

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (text_dropped), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));

  gtk_widget_add_controller (widget, single_keys_new ());

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));
}
