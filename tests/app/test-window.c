/* test-window.c: the main window with the shipped scenario. Needs a display;
 * without one every test is skipped. */
#include "kessel-config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kessel-application.h"
#include "kessel-window.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#define FRAME_TIMEOUT_US (10 * G_USEC_PER_SEC)

static gboolean have_display;
static KesselApplication *app;

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates the main context until the map view has drawn another frame. */
static void
wait_for_frame (KesselWindow *window)
{
  KesselMapView *view = kessel_window_get_map_view (window);
  guint frames = kessel_map_view_get_n_frames (view);
  gint64 deadline = g_get_monotonic_time () + FRAME_TIMEOUT_US;
  guint wake_id = g_timeout_add (20, keep_waking, NULL);

  gtk_widget_queue_draw (GTK_WIDGET (view));
  while (kessel_map_view_get_n_frames (view) == frames && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);

  g_assert_cmpuint (kessel_map_view_get_n_frames (view), >, frames);
}

/* A window on the shipped scenario, at the size it restored. */
static KesselWindow *
open_window_as_saved (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  g_assert_nonnull (path);
  window = kessel_window_new (app);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (window);
  return window;
}

static KesselWindow *
open_window (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  g_assert_nonnull (path);
  window = kessel_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (window);
  return window;
}

static int
hex_0805 (KesselWindow *window)
{
  KesselScenario *scenario = kessel_window_get_scenario (window);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  int hex = kessel_grid_hex_from_number (grid, 805);

  g_assert_cmpint (hex, !=, KESSEL_HEX_NONE);
  return hex;
}

static void
test_window_scenario (void)
{
  KesselWindow *window;
  KesselScenario *scenario;

  if (!need_display ())
    return;

  window = open_window ();
  scenario = kessel_window_get_scenario (window);
  g_assert_nonnull (scenario);
  g_assert_true (kessel_map_view_get_scenario (kessel_window_get_map_view (window)) == scenario);
  g_assert_cmpstr (kessel_scenario_get_title (scenario), !=, "");
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)),
                            kessel_scenario_get_title (scenario)));
  g_assert_cmpint (kessel_map_get_hex_count (kessel_scenario_get_map (scenario)), ==, 1340);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
record_hex (KesselMapView *view,
            int            hex,
            int           *hovered)
{
  *hovered = hex;
}

static void
test_window_hover_at_each_zoom_level (void)
{
  KesselWindow *window;
  KesselMapView *view;
  double previous_radius = 0;
  int hex, hovered = -2;

  if (!need_display ())
    return;

  window = open_window ();
  view = kessel_window_get_map_view (window);
  hex = hex_0805 (window);
  g_signal_connect (view, "hex-hovered", G_CALLBACK (record_hex), &hovered);

  for (int level = 1; level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS; level++)
    {
      g_autoptr(GVariant) state = NULL;
      double x, y, radius;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", level);
      radius = kessel_map_view_get_hex_radius (view);
      g_assert_cmpfloat (radius, ==, kessel_map_view_get_level_radius (view, level));
      g_assert_cmpfloat (radius, >, previous_radius);
      g_assert_cmpfloat (kessel_map_view_get_layout (view)->radius, ==, radius);
      g_assert_cmpint (kessel_map_view_get_zoom_level (view), ==, level);
      state = g_action_group_get_action_state (G_ACTION_GROUP (window), "zoom-level");
      g_assert_cmpint (g_variant_get_int32 (state), ==, level);
      previous_radius = radius;

      kessel_map_view_scroll_to_hex (view, hex);
      wait_for_frame (window);

      g_assert_true (kessel_map_view_get_hex_center (view, hex, &x, &y));
      g_assert_cmpfloat (x, >=, 0);
      g_assert_cmpfloat (x, <, gtk_widget_get_width (GTK_WIDGET (view)));
      g_assert_cmpfloat (y, >=, 0);
      g_assert_cmpfloat (y, <, gtk_widget_get_height (GTK_WIDGET (view)));
      g_assert_cmpint (kessel_map_view_hex_at (view, x, y), ==, hex);
      g_assert_cmpint (kessel_map_view_hex_at (view, x + radius / 2, y - radius / 2), ==, hex);

      kessel_map_view_hover (view, x, y);
      g_assert_cmpint (hovered, ==, hex);
      g_assert_cmpint (kessel_map_view_get_hovered_hex (view), ==, hex);

      kessel_map_view_hover (view, -10000, -10000);
      g_assert_cmpint (hovered, ==, KESSEL_HEX_NONE);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_zoom_actions (void)
{
  KesselWindow *window;
  KesselMapView *view;
  double radius;
  gboolean shown;
  g_autoptr(GVariant) state = NULL;

  if (!need_display ())
    return;

  window = open_window ();
  view = kessel_window_get_map_view (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 2);
  radius = kessel_map_view_get_hex_radius (view);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpfloat (kessel_map_view_get_hex_radius (view), >, radius);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-out", NULL);
  g_assert_cmpfloat (kessel_map_view_get_hex_radius (view), ==, radius);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-out", NULL);
  g_assert_cmpfloat (kessel_map_view_get_hex_radius (view), <, radius);
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "zoom-level");
  g_assert_cmpint (g_variant_get_int32 (state), ==, kessel_map_view_get_zoom_level (view));

  shown = kessel_map_view_get_show_hex_numbers (view);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-hex-numbers", NULL);
  g_assert_cmpint (kessel_map_view_get_show_hex_numbers (view), ==, !shown);
  g_clear_pointer (&state, g_variant_unref);
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-hex-numbers");
  g_assert_cmpint (g_variant_get_boolean (state), ==, !shown);
  wait_for_frame (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-hex-numbers", NULL);
  g_assert_cmpint (kessel_map_view_get_show_hex_numbers (view), ==, shown);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_render_not_blank (void)
{
  KesselWindow *window;
  GtkWidget *view;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  int width, height;

  if (!need_display ())
    return;

  window = open_window ();
  view = GTK_WIDGET (kessel_window_get_map_view (window));
  width = gtk_widget_get_width (view);
  height = gtk_widget_get_height (view);
  g_assert_cmpint (width, >, 100);
  g_assert_cmpint (height, >, 100);

  paintable = gtk_widget_paintable_new (view);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_nonnull (texture);

  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (texture, pixels, width * 4);
  for (int i = 0; i < width * height; i++)
    g_hash_table_add (colours, GUINT_TO_POINTER (((guint32 *) pixels)[i]));
  /* Terrain, rivers, names and counters make many colours; a blank view one. */
  g_assert_cmpuint (g_hash_table_size (colours), >, 16);

  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
write_temp_file (const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("kessel-test-XXXXXX.kessel", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

static void
test_window_open_bad_file (void)
{
  KesselWindow *window;
  KesselScenario *scenario;
  g_autofree char *title = NULL;
  g_autofree char *path = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GError) error = NULL;

  if (!need_display ())
    return;

  window = open_window ();
  scenario = kessel_window_get_scenario (window);
  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));

  path = write_temp_file ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<scenario xmlns=\"urn:x-kessel:scenario:1\" version=\"1\">\n"
                          "  <title>Broken</title>\n"
                          "  <map columns=\"47\" rows=\"29\"\n");
  g_assert_false (kessel_window_open_file (window, path, &error));
  g_assert_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_PARSE);
  base = g_path_get_basename (path);
  g_assert_nonnull (strstr (error->message, base));
  g_clear_error (&error);

  g_assert_true (kessel_window_get_scenario (window) == scenario);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);

  missing = g_strconcat (path, ".missing", NULL);
  g_assert_false (kessel_window_open_file (window, missing, &error));
  g_assert_nonnull (error);
  g_assert_true (kessel_window_get_scenario (window) == scenario);

  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The error shown transient for window, its title and explanation kept. */
static gboolean
take_error (KesselWindow *window, char **text, char **secondary)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (other) && gtk_window_get_transient_for (other) == GTK_WINDOW (window))
        {
          g_object_get (other, "text", text, "secondary-text", secondary, NULL);
          gtk_window_destroy (other);
          return TRUE;
        }
    }
  return FALSE;
}

/* A file not found is reported as the kind of file it is, with its name
 * and why it could not be read. */
static void
test_window_open_missing_file (void)
{
  static const struct {
    const char *suffix;
    const char *title;
  } kinds[] = {
    { ".kesselpbem", "Could not open the turn file" },
    { ".kesselgame", "Could not open the saved game" },
    { ".kessel", "Could not open the scenario" },
  };
  KesselWindow *window;

  if (!need_display ())
    return;

  window = open_window ();
  for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *base = g_strconcat ("no-such-file", kinds[i].suffix, NULL);
      g_autofree char *path = g_build_filename (g_get_tmp_dir (), "kessel-missing", base, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autofree char *text = NULL;
      g_autofree char *secondary = NULL;

      kessel_window_open (window, file);
      g_assert_true (take_error (window, &text, &secondary));
      g_assert_cmpstr (text, ==, kinds[i].title);
      g_assert_nonnull (strstr (secondary, base));
      g_assert_nonnull (strstr (secondary, g_strerror (ENOENT)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_window_state_saved (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  KesselWindow *window;

  if (!need_display ())
    return;
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("settings schema not installed");
      return;
    }

  window = open_window ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 3);
  gtk_window_close (GTK_WINDOW (window));

  /* A scenario opens on the whole map; a game, at the players' zoom. */
  window = open_window ();
  g_assert_cmpint (kessel_map_view_get_zoom_level (kessel_window_get_map_view (window)), ==, 1);
  kessel_window_new_game (window, 1);
  g_assert_cmpint (kessel_map_view_get_zoom_level (kessel_window_get_map_view (window)), ==, 3);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-level", "i", 2);
  gtk_window_close (GTK_WINDOW (window));
}

/* Resizes window from outside, as a window manager does for a player. */
static void
resize_as_a_player_would (KesselWindow *window, int width, int height)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  gint64 deadline = g_get_monotonic_time () + FRAME_TIMEOUT_US;

#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_SURFACE (surface))
    XResizeWindow (gdk_x11_display_get_xdisplay (gdk_surface_get_display (surface)),
                   gdk_x11_surface_get_xid (surface), width, height);
  else
#endif
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  while ((gtk_widget_get_width (GTK_WIDGET (window)) != width
          || gtk_widget_get_height (GTK_WIDGET (window)) != height)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
}

/* The window opens at the size it was closed at, or maximized. */
static void
test_window_size_remembered (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  KesselWindow *window;
  int width, height;

  if (!need_display ())
    return;
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_test_skip ("settings schema not installed");
      return;
    }
  settings = g_settings_new (APP_ID);

  window = open_window_as_saved ();
  resize_as_a_player_would (window, 1000, 700);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1000);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  window = open_window_as_saved ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, 1000);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, 700);
  gtk_window_close (GTK_WINDOW (window));
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* Run from the build tree, where the schema is not installed, the program
 * still remembers the window's size. */
static void
test_window_size_remembered_uninstalled (void)
{
  KesselWindow *window;

  if (!need_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");
  window = open_window_as_saved ();
  resize_as_a_player_would (window, 900, 600);
  gtk_window_close (GTK_WINDOW (window));
  window = open_window_as_saved ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, 900);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, 600);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The key each item of menu shows, counted in seen; duplicates are noted. */
static void
count_menu_keys (GMenuModel *menu, GHashTable *seen, GString *twice)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;
      g_autofree char *accel = NULL;
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      GMenuModel *child;

      while (g_menu_link_iter_get_next (links, NULL, &child))
        {
          count_menu_keys (child, seen, twice);
          g_object_unref (child);
        }
      if (!g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        continue;
      if (!g_menu_model_get_item_attribute (menu, i, "accel", "s", &accel))
        {
          g_autofree char *detailed = g_action_print_detailed_name (action, target);
          g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), detailed);

          accel = accels[0] != NULL ? g_strdup (accels[0]) : NULL;
        }
      if (accel != NULL && !g_hash_table_add (seen, g_steal_pointer (&accel)))
        g_string_append_printf (twice, "%s ", action);
    }
}

/* No key is shown in two menus: while editing, Control+N, O and S act on
 * the scenario, and only the Game menu shows them. */
static void
test_menu_keys_shown_once (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) twice = g_string_new (NULL);

  if (!need_display ())
    return;
  count_menu_keys (gtk_application_get_menubar (GTK_APPLICATION (app)), seen, twice);
  g_assert_cmpstr (twice->str, ==, "");
  g_assert_true (g_hash_table_contains (seen, "<Control>s"));
}

static void
test_application_actions (void)
{
  g_auto(GStrv) accels = NULL;

  if (!need_display ())
    return;

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "open"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "quit"));
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "about"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.open");
  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>o"));
  g_assert_nonnull (gtk_application_get_menubar (GTK_APPLICATION (app)));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }

  g_test_add_func ("/app/application/actions", test_application_actions);
  g_test_add_func ("/app/application/menu-keys-shown-once", test_menu_keys_shown_once);
  g_test_add_func ("/app/window/scenario", test_window_scenario);
  g_test_add_func ("/app/window/hover-at-each-zoom-level", test_window_hover_at_each_zoom_level);
  g_test_add_func ("/app/window/zoom-actions", test_window_zoom_actions);
  g_test_add_func ("/app/window/render-not-blank", test_window_render_not_blank);
  g_test_add_func ("/app/window/open-bad-file", test_window_open_bad_file);
  g_test_add_func ("/app/window/open-missing-file", test_window_open_missing_file);
  g_test_add_func ("/app/window/state-saved", test_window_state_saved);
  g_test_add_func ("/app/window/size-remembered", test_window_size_remembered);
  g_test_add_func ("/app/window/size-remembered-uninstalled", test_window_size_remembered_uninstalled);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
