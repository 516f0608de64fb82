/* kessel-place-edit.c: towns, fortified localities and map names changed as
 * named edits. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-place-edit.h"

static const char *const choice_names[] = { "town", "fortified-locality", "map-name" };

gboolean
kessel_place_choice_from_string (const char *text, KesselPlaceChoice *choice)
{
  for (guint i = 0; i < G_N_ELEMENTS (choice_names); i++)
    if (g_strcmp0 (text, choice_names[i]) == 0)
      {
        *choice = i;
        return TRUE;
      }
  return FALSE;
}

KesselPlaceChoice
kessel_place_edit_get (KesselMap *map, int hex, const char **name)
{
  const KesselPlace *place = kessel_map_get_place_at (map, hex);
  const char *label = kessel_map_get_label (map, hex);
  const char *shown = "";
  KesselPlaceChoice choice = KESSEL_PLACE_CHOICE_NONE;

  if (place != NULL)
    {
      choice = place->kind == KESSEL_PLACE_TOWN ? KESSEL_PLACE_CHOICE_TOWN
                                                : KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY;
      shown = place->name;
    }
  else if (label != NULL)
    {
      choice = KESSEL_PLACE_CHOICE_MAP_NAME;
      shown = label;
    }
  if (name != NULL)
    *name = shown;
  return choice;
}

static void
put (KesselMap *map, int hex, KesselPlaceChoice choice, const char *name)
{
  switch (choice)
    {
    case KESSEL_PLACE_CHOICE_TOWN:
    case KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY:
      /* A map name shown in the hex gives way; one hidden under a place stays. */
      if (kessel_map_get_place_at (map, hex) == NULL)
        kessel_map_set_label (map, hex, NULL);
      kessel_map_set_place (map, hex, choice == KESSEL_PLACE_CHOICE_TOWN ? KESSEL_PLACE_TOWN
                                                                        : KESSEL_PLACE_FORTIFIED_LOCALITY,
                            name);
      break;
    case KESSEL_PLACE_CHOICE_MAP_NAME:
      kessel_map_remove_place (map, hex);
      kessel_map_set_label (map, hex, name);
      break;
    case KESSEL_PLACE_CHOICE_NONE:
      if (kessel_map_get_place_at (map, hex) != NULL)
        kessel_map_remove_place (map, hex);
      else
        kessel_map_set_label (map, hex, NULL);
      break;
    }
}

/* Edit names */

static char *
added_name (KesselPlaceChoice choice, const char *where)
{
  switch (choice)
    {
    case KESSEL_PLACE_CHOICE_TOWN: return g_strdup_printf (_("Add a town in %s"), where);
    case KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY: return g_strdup_printf (_("Add a fortified locality in %s"), where);
    default: return g_strdup_printf (_("Add a map name in %s"), where);
    }
}

static char *
removed_name (KesselPlaceChoice choice, const char *where)
{
  if (choice == KESSEL_PLACE_CHOICE_MAP_NAME)
    return g_strdup_printf (_("Remove the map name in %s"), where);
  return g_strdup_printf (_("Remove the place in %s"), where);
}

static char *
made_name (KesselPlaceChoice choice)
{
  switch (choice)
    {
    case KESSEL_PLACE_CHOICE_TOWN: return g_strdup (_("Make a place a town"));
    case KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY: return g_strdup (_("Make a place a fortified locality"));
    default: return g_strdup (_("Make a place a map name"));
    }
}

static char *
edit_name (KesselMap *map, int hex, KesselPlaceChoice before, KesselPlaceChoice after, const char *name)
{
  g_autofree char *where = kessel_grid_format_hex (kessel_map_get_grid (map), hex);

  if (before == KESSEL_PLACE_CHOICE_NONE)
    return added_name (after, where);
  if (after == KESSEL_PLACE_CHOICE_NONE)
    return removed_name (before, where);
  if (before != after)
    return made_name (after);
  /* Translators: the new name of a town, fortified locality or map name. */
  return g_strdup_printf (_("Name a place %s"), name);
}

gboolean
kessel_place_edit_set (KesselEditHistory *history, int hex, KesselPlaceChoice choice, const char *name)
{
  KesselMap *map = kessel_scenario_get_map (kessel_edit_history_get_scenario (history));
  g_autofree char *stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  KesselPlaceChoice before = kessel_place_edit_get (map, hex, NULL);
  g_autofree char *edit = NULL;

  g_return_val_if_fail (hex >= 0 && hex < kessel_map_get_hex_count (map), FALSE);
  put (map, hex, choice, stripped);
  edit = edit_name (map, hex, before, kessel_place_edit_get (map, hex, NULL), stripped);
  return kessel_edit_history_commit (history, edit);
}

gboolean
kessel_place_edit_remove (KesselEditHistory *history, int hex)
{
  KesselMap *map = kessel_scenario_get_map (kessel_edit_history_get_scenario (history));
  KesselPlaceChoice before;
  g_autofree char *where = NULL;
  g_autofree char *edit = NULL;

  g_return_val_if_fail (hex >= 0 && hex < kessel_map_get_hex_count (map), FALSE);
  before = kessel_place_edit_get (map, hex, NULL);
  if (before == KESSEL_PLACE_CHOICE_NONE)
    return FALSE;
  put (map, hex, KESSEL_PLACE_CHOICE_NONE, NULL);
  where = kessel_grid_format_hex (kessel_map_get_grid (map), hex);
  edit = removed_name (before, where);
  return kessel_edit_history_commit (history, edit);
}

static char *
moved_name (KesselPlaceChoice choice, const char *from, const char *to)
{
  /* Translators: two hex numbers, the place's old hex and its new one. */
  if (choice == KESSEL_PLACE_CHOICE_MAP_NAME)
    return g_strdup_printf (_("Move the map name in %s to %s"), from, to);
  return g_strdup_printf (_("Move the place in %s to %s"), from, to);
}

gboolean
kessel_place_edit_move (KesselEditHistory *history, int from, int to)
{
  KesselMap *map = kessel_scenario_get_map (kessel_edit_history_get_scenario (history));
  const KesselGrid *grid = kessel_map_get_grid (map);
  const char *name = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *from_name = NULL;
  g_autofree char *to_name = NULL;
  g_autofree char *edit = NULL;
  KesselPlaceChoice choice;

  g_return_val_if_fail (from >= 0 && from < kessel_map_get_hex_count (map), FALSE);
  g_return_val_if_fail (to >= 0 && to < kessel_map_get_hex_count (map), FALSE);
  choice = kessel_place_edit_get (map, from, &name);
  if (choice == KESSEL_PLACE_CHOICE_NONE || kessel_place_edit_get (map, to, NULL) != KESSEL_PLACE_CHOICE_NONE)
    return FALSE;
  moved = g_strdup (name);
  put (map, from, KESSEL_PLACE_CHOICE_NONE, NULL);
  put (map, to, choice, moved);
  from_name = kessel_grid_format_hex (grid, from);
  to_name = kessel_grid_format_hex (grid, to);
  edit = moved_name (choice, from_name, to_name);
  return kessel_edit_history_commit (history, edit);
}
