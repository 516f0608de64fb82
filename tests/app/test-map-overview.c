/* test-map-overview.c: the map overview in the map's corner, the overview
 * zoom fitting the whole map to the window, and the counter size. Needs a
 * display; without one every test is skipped. */
#include "kessel-config.h"

#include "editor-driver.h"
#include "kessel-minimap.h"
#include "kessel-view-options.h"

static KesselApplication *app;

static gboolean
need_display (void)
{
  if (app == NULL)
    g_test_skip ("no display to open a window on");
  return app != NULL;
}

static KesselWindow *
open_window (int width, int height)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  return window;
}

static KesselMinimap *
find_minimap (GtkWidget *root)
{
  if (KESSEL_IS_MINIMAP (root))
    return KESSEL_MINIMAP (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      KesselMinimap *found = find_minimap (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every hex of the map lies inside the view, and the map fills it across
 * or down. */
static void
assert_whole_map_fills_view (KesselMapView *view)
{
  const KesselHexLayout *layout = kessel_map_view_get_layout (view);
  int width = gtk_widget_get_width (GTK_WIDGET (view)), height = gtk_widget_get_height (GTK_WIDGET (view));
  int n = kessel_grid_hex_count (&layout->grid);

  g_assert_cmpint (kessel_map_view_get_zoom_level (view), ==, 1);
  for (int hex = 0; hex < n; hex++)
    {
      double x, y;
      g_assert_true (kessel_map_view_get_hex_center (view, hex, &x, &y));
      g_assert_cmpfloat (x - layout->radius, >=, 0);
      g_assert_cmpfloat (x + layout->radius, <=, width);
      g_assert_cmpfloat (y - layout->radius, >=, 0);
      g_assert_cmpfloat (y + layout->radius, <=, height);
    }
  g_test_message ("view %dx%d, map %.0fx%.0f at hex radius %.2f", width, height,
                  kessel_hex_layout_width (layout), kessel_hex_layout_height (layout), layout->radius);
  g_assert_true (kessel_hex_layout_width (layout) >= 0.97 * width
                 || kessel_hex_layout_height (layout) >= 0.97 * height);
}

static void
check_fit (int width, int height)
{
  KesselWindow *window;
  KesselMapView *view;

  if (!need_display ())
    return;
  window = open_window (width, height);
  view = kessel_window_get_map_view (window);

  /* A scenario opens on the whole map. */
  assert_whole_map_fills_view (view);
  /* Close zoom, then overview again, by the View menu's action. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 3);
  driver_settle ();
  g_assert_cmpint (kessel_map_view_get_zoom_level (view), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 1);
  driver_settle ();
  assert_whole_map_fills_view (view);
  /* Zooming out stops at the whole map. */
  kessel_map_view_zoom_out (view);
  driver_settle ();
  assert_whole_map_fills_view (view);
  driver_screenshot (window, width > 1500 ? "overview-1920x1080" : "overview-1024x700");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_fit_small (void)
{
  check_fit (1024, 700);
}

static void
test_fit_large (void)
{
  check_fit (1920, 1080);
}

static void
assert_rect_follows_view (KesselMinimap *minimap, KesselMapView *view)
{
  GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  graphene_rect_t rect;

  kessel_minimap_get_view_rect (minimap, &rect);
  g_assert_cmpfloat_with_epsilon (rect.origin.x, gtk_adjustment_get_value (h) / gtk_adjustment_get_upper (h), 1e-6);
  g_assert_cmpfloat_with_epsilon (rect.origin.y, gtk_adjustment_get_value (v) / gtk_adjustment_get_upper (v), 1e-6);
  g_assert_cmpfloat_with_epsilon (rect.size.width, gtk_adjustment_get_page_size (h) / gtk_adjustment_get_upper (h), 1e-6);
  g_assert_cmpfloat (rect.size.width, <, 1);
  g_assert_cmpfloat (rect.size.height, <, 1);
}

/* The minimap is whole on the map and takes no more than about a fifth of
 * its width and of its height, but is never smaller than its least width. */
static void
assert_minimap_small (KesselMinimap *minimap, KesselMapView *view)
{
  GtkWidget *map = gtk_widget_get_parent (GTK_WIDGET (view));
  int width = gtk_widget_get_width (GTK_WIDGET (minimap)), height = gtk_widget_get_height (GTK_WIDGET (minimap));

  g_assert_true (driver_inside (GTK_WIDGET (minimap), map));
  g_assert_cmpint (width, >=, KESSEL_MINIMAP_MIN_WIDTH);
  g_assert_cmpint (width, <=, MAX (KESSEL_MINIMAP_MIN_WIDTH, gtk_widget_get_width (map) / 5 + 1));
  g_assert_cmpint (height, <=, MAX (KESSEL_MINIMAP_MIN_WIDTH, gtk_widget_get_height (map) / 5 + 1));
}

/* Whether the minimap has drawn its map n times within a second. */
static gboolean
wait_for_drawn (KesselMinimap *minimap, guint n)
{
  gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

  while (kessel_minimap_get_n_drawn (minimap) < n && g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE);
  return kessel_minimap_get_n_drawn (minimap) >= n;
}

static void
test_minimap (void)
{
  KesselWindow *window;
  KesselMapView *view;
  KesselMinimap *minimap;
  graphene_rect_t before, after;
  int last, width, height;
  double x, y;

  if (!need_display ())
    return;
  window = open_window (1280, 800);
  view = kessel_window_get_map_view (window);
  minimap = find_minimap (GTK_WIDGET (window));
  g_assert_nonnull (minimap);
  g_assert_true (kessel_minimap_get_map_view (minimap) == view);

  /* With the whole map in view it keeps out of the way. */
  g_assert_false (gtk_widget_get_child_visible (GTK_WIDGET (minimap)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 3);
  driver_settle ();
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (minimap)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (minimap)));
  assert_minimap_small (minimap, view);
  width = gtk_widget_get_width (GTK_WIDGET (minimap));
  height = gtk_widget_get_height (GTK_WIDGET (minimap));
  g_assert_cmpint (height, >, 0);
  assert_rect_follows_view (minimap, view);

  /* The rectangle follows the view as it scrolls to the map's last hex. */
  kessel_minimap_get_view_rect (minimap, &before);
  last = kessel_grid_hex_count (&kessel_map_view_get_layout (view)->grid) - 1;
  kessel_map_view_scroll_to_hex (view, last);
  driver_settle ();
  kessel_minimap_get_view_rect (minimap, &after);
  g_assert_cmpfloat (after.origin.x, >, before.origin.x);
  g_assert_cmpfloat (after.origin.y, >, before.origin.y);
  assert_rect_follows_view (minimap, view);
  driver_screenshot (window, "minimap");
  driver_resize (window, 1024, 700);
  driver_screenshot (window, "minimap-1024x700");
  assert_minimap_small (minimap, view);
  driver_resize (window, 1920, 1080);
  assert_minimap_small (minimap, view);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (minimap)), ==, KESSEL_MINIMAP_WIDTH);
  driver_resize (window, 1280, 800);

  /* Under the hand-over's cover (6.3) the overview goes too. */
  kessel_map_view_set_cover (view, "Hand over");
  g_assert_false (gtk_widget_get_child_visible (GTK_WIDGET (minimap)));
  kessel_map_view_set_cover (view, NULL);
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (minimap)));

  /* A click in the minimap's top-left corner brings the map's first hex
   * into view. */
  kessel_minimap_jump (minimap, 2, 2);
  driver_settle ();
  kessel_minimap_get_view_rect (minimap, &after);
  g_assert_cmpfloat (after.origin.x, ==, 0);
  g_assert_cmpfloat (after.origin.y, ==, 0);
  g_assert_true (kessel_map_view_get_hex_center (view, 0, &x, &y));
  g_assert_cmpfloat (x, >, 0);
  g_assert_cmpfloat (y, >, 0);
  g_assert_cmpfloat (x, <, gtk_widget_get_width (GTK_WIDGET (view)));
  /* A click in its middle centres the view on the map's middle. */
  kessel_minimap_jump (minimap, width / 2.0, height / 2.0);
  driver_settle ();
  kessel_minimap_get_view_rect (minimap, &after);
  g_assert_cmpfloat_with_epsilon (after.origin.x + after.size.width / 2, 0.5, 0.01);
  g_assert_cmpfloat_with_epsilon (after.origin.y + after.size.height / 2, 0.5, 0.01);

  /* An edit of the map is drawn again once the edits pause, once. */
  {
    guint drawn;
    int hex = 0;

    g_assert_true (wait_for_drawn (minimap, 1));
    wait_for_drawn (minimap, G_MAXUINT);   /* until it has nothing left to draw */
    drawn = kessel_minimap_get_n_drawn (minimap);
    kessel_map_view_refresh_hexes (view, &hex, 1);
    kessel_map_view_refresh_hexes (view, &hex, 1);
    driver_settle ();
    g_assert_cmpuint (kessel_minimap_get_n_drawn (minimap), ==, drawn);
    g_assert_true (wait_for_drawn (minimap, drawn + 1));
    g_assert_false (wait_for_drawn (minimap, drawn + 2));
  }

  /* Hidden from the View menu. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-minimap", g_variant_new_boolean (FALSE));
  driver_settle ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (minimap)));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "show-minimap", g_variant_new_boolean (TRUE));
  driver_settle ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (minimap)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_counter_size (void)
{
  KesselWindow *window;
  KesselMapView *view;
  g_autoptr(GVariant) state = NULL;
  double radius;

  if (!need_display ())
    return;
  window = open_window (1280, 800);
  view = kessel_window_get_map_view (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 2);
  driver_settle ();
  radius = kessel_map_view_get_hex_radius (view);
  g_assert_cmpfloat (kessel_map_view_get_counter_scale (view), ==, 1.0);

  g_action_group_change_action_state (G_ACTION_GROUP (window), "counter-size", g_variant_new_string ("large"));
  driver_settle ();
  g_assert_cmpfloat (kessel_map_view_get_counter_scale (view), ==, kessel_view_options_counter_scale ("large"));
  g_assert_cmpfloat (kessel_map_view_get_counter_scale (view), >, 1.0);
  /* The map's zoom stays as it was. */
  g_assert_cmpfloat (kessel_map_view_get_hex_radius (view), ==, radius);
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "counter-size");
  g_assert_cmpstr (g_variant_get_string (state, NULL), ==, "large");
  driver_screenshot (window, "counters-large");
  gtk_window_destroy (GTK_WINDOW (window));

  /* Kept for the next window, as the settings keep it. */
  window = open_window (1280, 800);
  g_assert_cmpfloat (kessel_map_view_get_counter_scale (kessel_window_get_map_view (window)), ==,
                     kessel_view_options_counter_scale ("large"));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "counter-size", g_variant_new_string ("normal"));
  driver_settle ();
  g_assert_cmpfloat (kessel_map_view_get_counter_scale (kessel_window_get_map_view (window)), ==, 1.0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  app = driver_application_new ();

  g_test_add_func ("/app/map-overview/fit-1024x700", test_fit_small);
  g_test_add_func ("/app/map-overview/fit-1920x1080", test_fit_large);
  g_test_add_func ("/app/map-overview/minimap", test_minimap);
  g_test_add_func ("/app/map-overview/counter-size", test_counter_size);
  return g_test_run ();
}
