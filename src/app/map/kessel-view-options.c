/* kessel-view-options.c: counter size and the map overview's visibility.
 *
 * With the settings schema installed the actions are the settings' own, so
 * the menu, the settings and the widgets follow each other; without it
 * they are plain actions that set the widgets. */
#include "kessel-config.h"
#include "kessel-view-options.h"

static const struct {
  const char *name;
  double scale;
} counter_sizes[] = {
  { "small", 0.8 },
  { "normal", 1.0 },
  { "large", 1.3 },
  { "huge", 1.6 },
};

double
kessel_view_options_counter_scale (const char *size)
{
  for (guint i = 0; size != NULL && i < G_N_ELEMENTS (counter_sizes); i++)
    if (g_str_equal (size, counter_sizes[i].name))
      return counter_sizes[i].scale;
  return 1.0;
}

static gboolean
scale_from_setting (GValue   *value,
                    GVariant *variant,
                    gpointer  data)
{
  g_value_set_double (value, kessel_view_options_counter_scale (g_variant_get_string (variant, NULL)));
  return TRUE;
}

static gboolean
has_key (GSettings  *settings,
         const char *key)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  if (settings == NULL)
    return FALSE;
  g_object_get (settings, "settings-schema", &schema, NULL);
  return g_settings_schema_has_key (schema, key);
}

static void
counter_size_changed (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       view)
{
  kessel_map_view_set_counter_scale (view, kessel_view_options_counter_scale (g_variant_get_string (value, NULL)));
  g_simple_action_set_state (action, value);
}

static void
show_minimap_changed (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       minimap)
{
  gtk_widget_set_visible (minimap, g_variant_get_boolean (value));
  g_simple_action_set_state (action, value);
}

static void
add_plain_action (GActionMap         *actions,
                  const char         *name,
                  GVariant           *state,
                  GCallback           changed,
                  gpointer            target)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new_stateful (name, g_variant_get_type (state), state);

  g_signal_connect_object (action, "change-state", changed, target, 0);
  g_action_map_add_action (actions, G_ACTION (action));
}

void
kessel_view_options_add_actions (GActionMap    *actions,
                                 GSettings     *settings,
                                 KesselMapView *view,
                                 GtkWidget     *minimap)
{
  g_return_if_fail (G_IS_ACTION_MAP (actions) && KESSEL_IS_MAP_VIEW (view) && GTK_IS_WIDGET (minimap));

  if (has_key (settings, "counter-size"))
    {
      g_autoptr(GAction) action = g_settings_create_action (settings, "counter-size");
      g_action_map_add_action (actions, action);
      g_settings_bind_with_mapping (settings, "counter-size", view, "counter-scale", G_SETTINGS_BIND_GET,
                                    scale_from_setting, NULL, NULL, NULL);
    }
  else
    add_plain_action (actions, "counter-size", g_variant_new_string ("normal"),
                      G_CALLBACK (counter_size_changed), view);

  if (has_key (settings, "show-minimap"))
    {
      g_autoptr(GAction) action = g_settings_create_action (settings, "show-minimap");
      g_action_map_add_action (actions, action);
      g_settings_bind (settings, "show-minimap", minimap, "visible", G_SETTINGS_BIND_GET);
    }
  else
    add_plain_action (actions, "show-minimap", g_variant_new_boolean (TRUE),
                      G_CALLBACK (show_minimap_changed), minimap);
}
