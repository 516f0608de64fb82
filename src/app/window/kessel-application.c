/* kessel-application.c: application actions, accelerators, the menu bar and
 * the command line. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-application.h"
#include "kessel-data-paths.h"
#include "kessel-map-view.h"
#include "kessel-recent-menu.h"
#include "kessel-rules-reference.h"
#include "kessel-window.h"

struct _KesselApplication
{
  GtkApplication parent_instance;

  int zoom_level;        /* from --zoom-level, 0 when not given */
};

G_DEFINE_FINAL_TYPE (KesselApplication, kessel_application, GTK_TYPE_APPLICATION)

static const GOptionEntry main_options[] = {
  { "zoom-level", 0, 0, G_OPTION_ARG_INT, NULL,
    N_("Start at zoom level 1 (overview), 2 (normal) or 3 (close)"), N_("LEVEL") },
  { NULL }
};

char *
kessel_application_find_default_scenario (void)
{
  return kessel_data_paths_find_default_scenario ();
}

gboolean
kessel_application_is_program_data (const char *path)
{
  return kessel_data_paths_is_program_data (path);
}

char *
kessel_application_get_user_scenario_folder (void)
{
  return kessel_data_paths_get_user_scenario_folder ();
}

/* Installed, the icon is in the icon theme; uninstalled, in the source data. */
static void
add_uninstalled_icons (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autofree char *icons = NULL;

  if (gtk_icon_theme_has_icon (theme, APP_ID))
    return;
  icons = kessel_data_paths_find ("icons");
  if (icons != NULL)
    gtk_icon_theme_add_search_path (theme, icons);
}

static KesselWindow *
create_window (KesselApplication *self)
{
  KesselWindow *window = kessel_window_new (self);
  KesselMapView *map_view = kessel_window_get_map_view (window);

  if (self->zoom_level != 0)
    kessel_map_view_set_zoom_level (map_view, self->zoom_level);

  return window;
}

static KesselWindow *
get_window (KesselApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return KESSEL_IS_WINDOW (window) ? KESSEL_WINDOW (window) : NULL;
}

static void
kessel_application_activate (GApplication *app)
{
  KesselApplication *self = KESSEL_APPLICATION (app);
  KesselWindow *window = get_window (self);

  if (window != NULL)
    {
      gtk_window_present (GTK_WINDOW (window));
      return;
    }

  /* Present first, so that an error dialog has its window under it. */
  window = create_window (self);
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_open_default_scenario (window);
  kessel_window_offer_autosave (window);
}

/* One scenario per window: of several files, the first is opened. */
static void
kessel_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  KesselApplication *self = KESSEL_APPLICATION (app);
  KesselWindow *window = get_window (self);
  gboolean fresh = window == NULL;

  if (fresh)
    window = create_window (self);
  gtk_window_present (GTK_WINDOW (window));
  if (!kessel_window_open (window, files[0]) && fresh)
    kessel_window_open_default_scenario (window);
}

static int
kessel_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  KesselApplication *self = KESSEL_APPLICATION (app);

  if (g_variant_dict_lookup (options, "zoom-level", "i", &self->zoom_level)
      && (self->zoom_level < 1 || self->zoom_level > KESSEL_MAP_VIEW_N_ZOOM_LEVELS))
    {
      g_printerr (_("The zoom level must be 1, 2 or 3.\n"));
      return EXIT_FAILURE;
    }

  return -1;
}

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  KesselApplication *self = user_data;
  KesselWindow *window = get_window (self);

  if (window == NULL)
    {
      g_application_activate (G_APPLICATION (self));
      window = get_window (self);
    }
  kessel_window_choose_file (window);
}

/* Closing rather than destroying lets each window save its state. */
static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GtkApplication *app = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (app));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  KesselApplication *self = user_data;
  const char *authors[] = { _("The Kessel developers"), NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", _("Kessel"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("First Panzer Army: the Kamenets-Podolsky pocket, "
                                       "March and April 1944"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         NULL);
}

static const GActionEntry app_actions[] = {
  { .name = "open", .activate = open_activated },
  { .name = "quit", .activate = quit_activated },
  { .name = "about", .activate = about_activated },
};

static void
set_accels (GtkApplication *app)
{
  static const struct {
    const char *action;
    const char *accels[4];
  } accels[] = {
    { "app.open", { "<Control>o", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
    { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.save-game", { "<Control>s", NULL } },
    { "win.save-game-as", { "<Shift><Control>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Shift><Control>z", "<Control>y", NULL } },
    { "win.end-part", { "<Control>e", NULL } },
    { "win.unit-info", { "<Control>i", NULL } },
    { "win.order-of-battle", { "<Control>b", NULL } },
    { "win.cancel", { "Escape", NULL } },
    { "win.attack", { "a", NULL } },
    { "win.next-unit(1)", { "period", NULL } },
    { "win.next-unit(-1)", { "comma", NULL } },
    { "win.show-zoc", { "z", NULL } },
    { "win.show-lines", { "l", NULL } },
    { "win.show-kg-ranges", { "k", NULL } },
    { "win.editor", { "<Control>m", NULL } },
    { "editor.play", { "F5", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (app, accels[i].action, accels[i].accels);
}

static void
load_style (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/org/kessel/Kessel/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
kessel_application_startup (GApplication *app)
{
  g_autoptr(GtkBuilder) builder = NULL;

  G_APPLICATION_CLASS (kessel_application_parent_class)->startup (app);

  g_set_application_name (_("Kessel"));
  gtk_window_set_default_icon_name (APP_ID);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  set_accels (GTK_APPLICATION (app));
  kessel_rules_reference_install (GTK_APPLICATION (app));

  load_style ();
  add_uninstalled_icons ();
  builder = gtk_builder_new_from_resource ("/org/kessel/Kessel/menus.ui");
  gtk_application_set_menubar (GTK_APPLICATION (app),
                               G_MENU_MODEL (gtk_builder_get_object (builder, "menubar")));
  kessel_recent_menu_install (GTK_APPLICATION (app), G_MENU (gtk_builder_get_object (builder, "recent-files")));
  /* Windows name the edit that Edit ▸ Undo takes back in this section. */
  g_object_set_data_full (G_OBJECT (app), KESSEL_UNDO_SECTION,
                          g_object_ref (gtk_builder_get_object (builder, "undo-section")), g_object_unref);
}

static void
kessel_application_class_init (KesselApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = kessel_application_activate;
  app_class->open = kessel_application_open;
  app_class->startup = kessel_application_startup;
  app_class->handle_local_options = kessel_application_handle_local_options;
}

static void
kessel_application_init (KesselApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), main_options);
}

KesselApplication *
kessel_application_new (void)
{
  return g_object_new (KESSEL_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/kessel/Kessel",
                       NULL);
}
