/* kessel-recent-menu.c: Game ▸ Open Recent. */
#include "kessel-config.h"

#include "kessel-recent-menu.h"

static gboolean
is_ours (GtkRecentInfo *info)
{
  const char *uri = gtk_recent_info_get_uri (info);

  return (g_str_has_suffix (uri, ".kesselgame") || g_str_has_suffix (uri, ".kessel"))
         && gtk_recent_info_is_local (info) && gtk_recent_info_exists (info);
}

static int
newest_first (gconstpointer a, gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified ((GtkRecentInfo *) a);
  GDateTime *tb = gtk_recent_info_get_modified ((GtkRecentInfo *) b);

  return g_date_time_compare (tb, ta);
}

static void
fill (GtkRecentManager *manager, GMenu *menu)
{
  GList *items = g_list_sort (gtk_recent_manager_get_items (manager), newest_first);
  int n = 0;

  g_menu_remove_all (menu);
  for (GList *l = items; l != NULL && n < KESSEL_RECENT_MENU_MAX_ITEMS; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = NULL;
      g_autoptr(GMenuItem) item = NULL;

      if (!is_ours (info))
        continue;
      path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      if (path == NULL)
        continue;
      {
        /* An underscore in a menu label marks a mnemonic: doubled, it shows. */
        g_auto(GStrv) parts = g_strsplit (gtk_recent_info_get_display_name (info), "_", -1);
        g_autofree char *label = g_strjoinv ("__", parts);
        item = g_menu_item_new (label, NULL);
      }
      g_menu_item_set_action_and_target_value (item, "app.open-recent", g_variant_new_string (path));
      g_menu_append_item (menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static void
open_recent_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  g_application_open (G_APPLICATION (app), &file, 1, "");
}

void
kessel_recent_menu_install (GtkApplication *app, GMenu *menu)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GSimpleAction *action = g_simple_action_new ("open-recent", G_VARIANT_TYPE_STRING);

  g_return_if_fail (GTK_IS_APPLICATION (app) && G_IS_MENU (menu));
  g_signal_connect (action, "activate", G_CALLBACK (open_recent_activated), app);
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (action));
  g_object_unref (action);
  g_signal_connect_object (manager, "changed", G_CALLBACK (fill), menu, 0);
  fill (manager, menu);
}

void
kessel_recent_menu_add (const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}
