/* editor-driver.c: the editor's tests' hands on the mouse and keyboard. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "editor-driver.h"

KesselApplication *
driver_application_new (void)
{
  g_autoptr(GError) error = NULL;
  KesselApplication *app;

  /* With KESSEL_LOCALEDIR and LANGUAGE set, the pictures are in that language. */
  if (g_getenv ("KESSEL_LOCALEDIR") != NULL)
    {
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("KESSEL_LOCALEDIR"));
      textdomain (GETTEXT_PACKAGE);
    }
  if (!gtk_init_check ())
    return NULL;
  app = kessel_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

/* A copy of a file of the source tree, in a folder of this process's own,
 * under the same name: whatever a window saves over it, the tree's file
 * stays as it is for the next test. */
static char *
copy_of_source_file (const char *path)
{
  static char *folder;
  const char *root = g_getenv ("KESSEL_SOURCE_ROOT");
  g_autofree char *text = NULL;
  g_autofree char *name = g_path_get_basename (path);
  gsize length;
  char *copy;

  if (root == NULL || !g_str_has_prefix (path, root) || g_str_has_prefix (path, g_get_tmp_dir ()))
    return g_strdup (path);
  if (folder == NULL)
    folder = g_dir_make_tmp ("kessel-fixtures-XXXXXX", NULL);
  copy = g_build_filename (folder, name, NULL);
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_true (g_file_set_contents (copy, text, length, NULL));
  return copy;
}

KesselWindow *
driver_editor_window (KesselApplication *app, const char *source_path)
{
  g_autofree char *path = copy_of_source_file (source_path);
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
  driver_settle ();
  g_assert_true (kessel_editor_get_active (kessel_window_get_editor (window)));
  return window;
}

void
driver_settle (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

GtkWindow *
driver_find_dialog (KesselWindow *window, GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (other, type) && gtk_window_get_transient_for (other) == GTK_WINDOW (window))
        return other;
    }
  return NULL;
}

GtkFileChooser *
driver_shown_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) other = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (other) && gtk_widget_get_visible (GTK_WIDGET (other)))
        return GTK_FILE_CHOOSER (other);
    }
  return NULL;
}

void
driver_choose_file (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  GtkFileChooser *chooser = driver_shown_chooser ();

  g_assert_nonnull (chooser);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, NULL));
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The chooser looks at the folder before it answers. */
  for (int i = 0; i < 500 && driver_shown_chooser () != NULL; i++)
    {
      driver_settle ();
      g_usleep (20000);
    }
  g_assert_null (driver_shown_chooser ());
  driver_settle ();
}

void
driver_play_pbem_part (KesselWindow *window, KesselDice *choices)
{
  KesselPbem *pbem = kessel_window_get_pbem (window);

  while (kessel_pbem_get_status (pbem) == KESSEL_PBEM_YOUR_MOVE)
    {
      KesselGame *game = kessel_window_get_game (window);
      KesselAction action;
      g_autofree char *text = NULL;
      int before = kessel_game_get_n_actions (game);

      g_assert_true (kessel_game_random_action (game, choices, &action));
      text = kessel_game_action_to_string (game, &action);
      g_assert_true (kessel_play_panel_play_text (kessel_window_get_play_panel (window), text));
      /* The opponent's standing orders may answer at once. */
      g_assert_true (kessel_game_get_n_actions (game) >= before + 1 || kessel_pbem_get_pending (pbem) != NULL);
      driver_settle ();
    }
}

void
driver_resize (KesselWindow *window, int width, int height)
{
  GtkWidget *widget = GTK_WIDGET (window);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  for (gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
       (gtk_widget_get_width (widget) != width || gtk_widget_get_height (widget) != height)
       && g_get_monotonic_time () < deadline;)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  driver_settle ();
  g_assert_cmpint (gtk_widget_get_width (widget), ==, width);
  g_assert_cmpint (gtk_widget_get_height (widget), ==, height);
}

gboolean
driver_inside (GtkWidget *widget, GtkWidget *ancestor)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, ancestor, &bounds))
    return FALSE;
  return bounds.origin.x >= 0 && bounds.origin.y >= 0
         && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (ancestor) + 0.5
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (ancestor) + 0.5;
}

static GskRenderNode *
window_picture (GtkWidget *widget, GdkPaintable *paintable)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_to_node (snapshot);
}

void
driver_screenshot (KesselWindow *window, const char *name)
{
  driver_screenshot_widget (GTK_WIDGET (window), name);
}

void
driver_screenshot_widget (GtkWidget *widget, const char *name)
{
  const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;
  driver_settle ();
  paintable = gtk_widget_paintable_new (widget);
  /* Until the window has drawn itself once more, it gives no picture. */
  for (int tries = 0; node == NULL && tries < 100; tries++)
    {
      node = window_picture (widget, paintable);
      if (node == NULL)
        {
          g_usleep (20000);
          driver_settle ();
        }
    }
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  path = g_strdup_printf ("%s/%s.png", dir, name);
  gdk_texture_save_to_png (texture, path);
}

KesselEditor *
driver_editor (KesselWindow *window)
{
  return kessel_window_get_editor (window);
}

KesselScenario *
driver_scenario (KesselWindow *window)
{
  return kessel_editor_get_scenario (driver_editor (window));
}

int
driver_hex (KesselWindow *window, const char *number)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (driver_scenario (window)));
  int hex = kessel_grid_parse_hex (grid, number);

  g_assert_cmpint (hex, !=, KESSEL_HEX_NONE);
  return hex;
}

void
driver_set_state (KesselWindow *window, const char *action, const char *value)
{
  g_action_group_change_action_state (kessel_editor_get_actions (driver_editor (window)), action,
                                      g_variant_new_string (value));
}

static void
centre (KesselWindow *window, const char *number, double *x, double *y)
{
  g_assert_true (kessel_map_view_get_hex_center (kessel_window_get_map_view (window),
                                                 driver_hex (window, number), x, y));
}

void
driver_stroke (KesselWindow *window, const char *from, const char *to)
{
  KesselMapTools *tools = kessel_editor_get_tools (driver_editor (window));
  double x1, y1, x2, y2;

  centre (window, from, &x1, &y1);
  centre (window, to, &x2, &y2);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_BEGIN, x1, y1);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_MOVE, (x1 + x2) / 2, (y1 + y2) / 2);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_END, x2, y2);
  driver_settle ();
}

void
driver_click (KesselWindow *window, const char *hex)
{
  driver_stroke (window, hex, hex);
}

void
driver_click_side (KesselWindow *window, const char *a, const char *b)
{
  KesselMapTools *tools = kessel_editor_get_tools (driver_editor (window));
  double x1, y1, x2, y2;

  centre (window, a, &x1, &y1);
  centre (window, b, &x2, &y2);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_BEGIN, (x1 + x2) / 2, (y1 + y2) / 2);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_END, (x1 + x2) / 2, (y1 + y2) / 2);
  driver_settle ();
}

GtkWidget *
driver_find (GtkWidget *root, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = driver_find (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_or_fail (GtkWidget *root, const char *name)
{
  GtkWidget *widget = driver_find (root, name);

  if (widget == NULL)
    g_error ("no widget named %s", name);
  return widget;
}

void
driver_type (GtkWidget *root, const char *name, const char *text)
{
  GtkWidget *entry = find_or_fail (root, name);

  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  driver_settle ();
}

void
driver_set_spin (GtkWidget *root, const char *name, double value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (find_or_fail (root, name)), value);
  driver_settle ();
}

void
driver_choose (GtkWidget *root, const char *name, guint position)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (find_or_fail (root, name)), position);
  driver_settle ();
}

void
driver_check (GtkWidget *root, const char *name, gboolean active)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_or_fail (root, name)), active);
  driver_settle ();
}

void
driver_show_page (KesselWindow *window, int page)
{
  GtkWidget *notebook = gtk_widget_get_first_child (GTK_WIDGET (driver_editor (window)));

  gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), page);
  driver_settle ();
}
