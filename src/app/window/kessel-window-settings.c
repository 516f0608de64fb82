/* kessel-window-settings.c: the window's state kept from one session to the
 * next: its size, the players' zoom, hex numbers and the computer's pace. */
#include "kessel-config.h"

#include <math.h>

#include "kessel-window-private.h"

/* The schema installed, or else the one compiled in an uninstalled build. */
static GSettingsSchema *
lookup_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchemaSource) build = NULL;
  GSettingsSchema *schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    build = g_settings_schema_source_new_from_directory (BUILD_DATADIR, source, FALSE, NULL);
  if (build != NULL)
    schema = g_settings_schema_source_lookup (build, APP_ID, FALSE);
  return schema;
}

/* Without the schema the program still runs, only forgetting its state. */
GSettings *
kessel_window_settings_new_if_installed (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();

  if (schema == NULL)
    {
      g_debug ("Settings schema %s not found; window state is not kept", APP_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

gboolean
kessel_window_has_setting (KesselWindow *self,
                           const char   *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (self->settings == NULL)
    return FALSE;
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  return g_settings_schema_has_key (schema, key);
}

static int
nearest_zoom_level (double radius)
{
  int best = 1;

  for (int level = 2; level <= KESSEL_MAP_VIEW_N_ZOOM_LEVELS; level++)
    if (fabs (log (radius / kessel_map_view_zoom_level_radius (level)))
        < fabs (log (radius / kessel_map_view_zoom_level_radius (best))))
      best = level;
  return best;
}

void
kessel_window_restore_state (KesselWindow *self)
{
  if (kessel_window_has_setting (self, "window-width") && kessel_window_has_setting (self, "window-height"))
    {
      int width = g_settings_get_int (self->settings, "window-width");
      int height = g_settings_get_int (self->settings, "window-height");

      if (width > 0 && height > 0)
        gtk_window_set_default_size (GTK_WINDOW (self), width, height);
    }
  if (kessel_window_has_setting (self, "window-maximized")
      && g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  if (kessel_window_has_setting (self, "zoom-level"))
    self->play_zoom_level = g_settings_get_int (self->settings, "zoom-level") + 1;
  kessel_map_view_set_zoom_level (self->map_view, self->play_zoom_level);
  if (kessel_window_has_setting (self, "show-hex-numbers"))
    kessel_map_view_set_show_hex_numbers (self->map_view,
                                          g_settings_get_boolean (self->settings, "show-hex-numbers"));
  if (kessel_window_has_setting (self, "computer-pace"))
    {
      g_autofree char *pace = g_settings_get_string (self->settings, "computer-pace");
      g_action_group_change_action_state (G_ACTION_GROUP (self), "computer-pace", g_variant_new_string (pace));
    }
}

void
kessel_window_save_state (KesselWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  /* Maximized, the size to come back to is the one it had before. */
  if (kessel_window_has_setting (self, "window-width") && kessel_window_has_setting (self, "window-height")
      && !gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  if (kessel_window_has_setting (self, "window-maximized"))
    g_settings_set_boolean (self->settings, "window-maximized",
                            gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!kessel_map_view_shows_whole_map (self->map_view))
    self->play_zoom_level = nearest_zoom_level (kessel_map_view_get_hex_radius (self->map_view));
  if (kessel_window_has_setting (self, "zoom-level"))
    g_settings_set_int (self->settings, "zoom-level", self->play_zoom_level - 1);
  if (kessel_window_has_setting (self, "show-hex-numbers"))
    g_settings_set_boolean (self->settings, "show-hex-numbers",
                            kessel_map_view_get_show_hex_numbers (self->map_view));
  if (kessel_window_has_setting (self, "computer-pace"))
    g_settings_set_string (self->settings, "computer-pace",
                           kessel_pace_to_string (kessel_computer_opponent_get_pace (self->computer)));
}
