/* kessel-scenario-writer.c: writes a scenario file.
 *
 * The output is canonical: the same scenario always gives the same bytes,
 * so a file saved, loaded and saved again does not change. Saving is atomic:
 * the file is written beside its target, read back and compared with what
 * was meant to be saved, and only then renamed over the target.
 */
#include "kessel-scenario-check.h"
#include "kessel-scenario-private.h"
#include "kessel-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>
#include <string.h>
#include <unistd.h>

#define HEXES_PER_LINE 16

static void
set_attr (xmlNode *node, const char *name, const char *value)
{
  xmlNewProp (node, (const xmlChar *) name, (const xmlChar *) value);
}

static void
set_attr_int (xmlNode *node, const char *name, int value)
{
  char text[24];
  g_snprintf (text, sizeof text, "%d", value);
  set_attr (node, name, text);
}

static xmlNode *
add_child (xmlNode *parent, const char *name)
{
  return xmlNewChild (parent, NULL, (const xmlChar *) name, NULL);
}

static void
add_text_child (xmlNode *parent, const char *name, const char *text)
{
  xmlNode *node = add_child (parent, name);
  xmlNodeAddContent (node, (const xmlChar *) text);
}

/* A list of hexes as text, HEXES_PER_LINE to a line, indented to sit inside
 * an element at the given depth. */
static void
set_hex_list (xmlNode *node, const KesselGrid *grid, GArray *hexes, int depth)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *indent = g_strnfill (depth * 2, ' ');
  gboolean wrap = hexes->len > HEXES_PER_LINE;

  for (guint i = 0; i < hexes->len; i++)
    {
      int number = kessel_grid_hex_number (grid, g_array_index (hexes, int, i));
      if (wrap && i % HEXES_PER_LINE == 0)
        g_string_append_printf (text, "\n%s  ", indent);
      else if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append_printf (text, "%04d", number);
    }
  if (wrap)
    g_string_append_printf (text, "\n%s", indent);
  xmlNodeAddContent (node, (const xmlChar *) text->str);
}

typedef gboolean (*HexTest) (KesselMap *map, int hex, gpointer data);

static GArray *
collect_hexes (KesselMap *map, HexTest test, gpointer data)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int count = kessel_map_get_hex_count (map);

  for (int hex = 0; hex < count; hex++)
    if (test (map, hex, data))
      g_array_append_val (hexes, hex);
  return hexes;
}

static gboolean
has_terrain (KesselMap *map, int hex, gpointer data)
{
  return kessel_map_get_terrain (map, hex) == (KesselTerrain) GPOINTER_TO_INT (data);
}

static gboolean
has_role (KesselMap *map, int hex, gpointer data)
{
  return kessel_map_has_edge_role (map, hex, GPOINTER_TO_UINT (data));
}

static gboolean
is_closed (KesselMap *map, int hex, gpointer data)
{
  return kessel_map_is_closed_to_soviet (map, hex);
}

static gboolean
has_control (KesselMap *map, int hex, gpointer data)
{
  return kessel_map_get_initial_control (map, hex) == (KesselSide) GPOINTER_TO_INT (data);
}

static KesselTerrain
most_common_terrain (KesselMap *map)
{
  int counts[KESSEL_N_TERRAINS] = { 0 };
  KesselTerrain best = KESSEL_TERRAIN_CLEAR;

  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    counts[kessel_map_get_terrain (map, hex)]++;
  for (int t = 0; t < KESSEL_N_TERRAINS; t++)
    if (counts[t] > counts[best])
      best = t;
  return best;
}

static void
write_terrain (xmlNode *map_node, KesselMap *map)
{
  xmlNode *terrain_node = add_child (map_node, "terrain");
  KesselTerrain fallback = most_common_terrain (map);

  set_attr (terrain_node, "default", kessel_terrain_to_string (fallback));
  for (int t = 0; t < KESSEL_N_TERRAINS; t++)
    {
      g_autoptr(GArray) hexes = NULL;
      xmlNode *node;

      if ((KesselTerrain) t == fallback)
        continue;
      hexes = collect_hexes (map, has_terrain, GINT_TO_POINTER (t));
      if (hexes->len == 0)
        continue;
      node = add_child (terrain_node, "hexes");
      set_attr (node, "type", kessel_terrain_to_string (t));
      set_hex_list (node, kessel_map_get_grid (map), hexes, 3);
    }
}

static void
write_rivers (xmlNode *map_node, KesselMap *map)
{
  xmlNode *rivers_node = add_child (map_node, "rivers");
  const KesselGrid *grid = kessel_map_get_grid (map);

  for (int r = 0; r < kessel_map_get_n_rivers (map); r++)
    {
      const KesselRiver *river = kessel_map_get_river (map, r);
      g_autoptr(GArray) sides = kessel_map_get_river_sides (map, r);
      xmlNode *river_node = add_child (rivers_node, "river");

      set_attr (river_node, "name", river->name);
      if (river->major)
        set_attr (river_node, "major", "true");
      for (guint i = 0; i < sides->len; i++)
        {
          int a, b;
          char text[16];

          kessel_grid_hexside_hexes (grid, g_array_index (sides, KesselHexside, i), &a, &b);
          if (b == KESSEL_HEX_NONE)
            continue;  /* a side on the map's edge crosses to nowhere */
          g_snprintf (text, sizeof text, "%04d %04d",
                      kessel_grid_hex_number (grid, a), kessel_grid_hex_number (grid, b));
          set_attr (add_child (river_node, "side"), "hexes", text);
        }
    }
}

static void
write_places (xmlNode *map_node, KesselMap *map)
{
  xmlNode *places_node = add_child (map_node, "places");
  const KesselGrid *grid = kessel_map_get_grid (map);

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      g_autofree char *hex = kessel_grid_format_hex (grid, place->hex);
      xmlNode *node = add_child (places_node, kessel_place_kind_to_string (place->kind));

      set_attr (node, "hex", hex);
      set_attr (node, "name", place->name);
    }
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    if (kessel_map_get_label (map, hex) != NULL)
      {
        g_autofree char *number = kessel_grid_format_hex (grid, hex);
        xmlNode *node = add_child (places_node, "label");

        set_attr (node, "hex", number);
        set_attr (node, "name", kessel_map_get_label (map, hex));
      }
}

static void
write_hex_set (xmlNode *parent, KesselMap *map, const char *element, HexTest test,
               gpointer data, const char *attr_name, const char *attr_value, gboolean always)
{
  g_autoptr(GArray) hexes = collect_hexes (map, test, data);
  xmlNode *node;

  if (hexes->len == 0 && !always)
    return;
  node = add_child (parent, element);
  if (attr_name)
    set_attr (node, attr_name, attr_value);
  set_hex_list (node, kessel_map_get_grid (map), hexes, 2 + (strcmp (element, "role") == 0));
}

static void
write_map (xmlNode *root, KesselMap *map)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  xmlNode *map_node = add_child (root, "map");
  xmlNode *edges;

  set_attr_int (map_node, "columns", grid->columns);
  set_attr_int (map_node, "rows", grid->rows);
  set_attr (map_node, "short-even-columns", grid->short_even_columns ? "true" : "false");
  write_terrain (map_node, map);
  write_rivers (map_node, map);
  write_places (map_node, map);
  edges = add_child (map_node, "edges");
  for (int i = 0; i < KESSEL_N_EDGE_ROLES; i++)
    write_hex_set (edges, map, "role", has_role, GUINT_TO_POINTER (1u << i),
                   "name", kessel_edge_role_to_string (1u << i), FALSE);
  write_hex_set (map_node, map, "closed-to-soviet", is_closed, NULL, NULL, NULL, TRUE);
  write_hex_set (map_node, map, "control", has_control, GINT_TO_POINTER (KESSEL_SIDE_GERMAN),
                 "side", "german", FALSE);
  write_hex_set (map_node, map, "control", has_control, GINT_TO_POINTER (KESSEL_SIDE_SOVIET),
                 "side", "soviet", FALSE);
}

static void
write_unit (xmlNode *units_node, const KesselGrid *grid, KesselUnit *unit)
{
  xmlNode *node = add_child (units_node, "unit");
  guint abilities = kessel_unit_get_abilities (unit);

  set_attr (node, "id", kessel_unit_get_id (unit));
  set_attr (node, "side", kessel_side_to_string (kessel_unit_get_side (unit)));
  set_attr (node, "name", kessel_unit_get_name (unit));
  set_attr (node, "label", kessel_unit_get_label (unit));
  set_attr (node, "type", kessel_unit_type_to_string (kessel_unit_get_unit_type (unit)));
  set_attr (node, "size", kessel_unit_size_to_string (kessel_unit_get_size (unit)));
  set_attr (node, "mobility", kessel_mobility_to_string (kessel_unit_get_mobility (unit)));
  if (kessel_unit_get_setup_hex (unit) != KESSEL_HEX_NONE)
    {
      g_autofree char *hex = kessel_grid_format_hex (grid, kessel_unit_get_setup_hex (unit));
      set_attr (node, "setup", hex);
    }
  if (kessel_unit_get_setup_exact (unit))
    set_attr (node, "exact", "true");
  if (kessel_unit_get_arrival_turn (unit) > 0)
    set_attr_int (node, "arrives", kessel_unit_get_arrival_turn (unit));
  if (kessel_unit_get_substitute (unit))
    set_attr (node, "substitute", kessel_unit_get_substitute (unit));
  for (int i = 0; i < kessel_unit_get_n_steps (unit); i++)
    {
      const KesselStep *step = kessel_unit_get_step (unit, i);
      xmlNode *step_node = add_child (node, "step");
      set_attr_int (step_node, "attack", step->attack);
      set_attr_int (step_node, "defence", step->defence);
    }
  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    {
      xmlNode *ability_node;
      if (!(abilities & (1u << i)))
        continue;
      ability_node = add_child (node, "ability");
      set_attr (ability_node, "name", kessel_ability_to_string (1u << i));
      if ((1u << i) == KESSEL_ABILITY_RANGED_SUPPORT)
        set_attr_int (ability_node, "range", kessel_unit_get_support_range (unit));
    }
}

static void
write_rules (xmlNode *root, KesselScenario *self)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (self);
  const KesselStartMarkers *start = kessel_scenario_get_start (self);
  xmlNode *start_node = add_child (root, "start");
  xmlNode *rules = add_child (root, "rules");
  xmlNode *victory_node;

  set_attr (start_node, "weather", kessel_weather_to_string (start->weather));
  set_attr_int (start_node, "soviet-vp", start->soviet_vp);
  set_attr_int (rules, "turns", kessel_scenario_get_turns (self));
  victory_node = add_child (rules, "victory");
  set_attr_int (victory_node, "town", victory->town);
  set_attr_int (victory_node, "fortified-locality", victory->fortified);
  set_attr_int (victory_node, "out-of-command", victory->out_of_command);
  set_attr_int (victory_node, "corps-exit", victory->corps_exit);
  set_attr_int (victory_node, "corps-exit-cap", victory->corps_exit_cap);
  set_attr_int (victory_node, "soviet-wins-at", victory->soviet_wins_at);
  set_attr_int (victory_node, "draw-from", victory->draw_from);
  for (int i = 0; i < kessel_scenario_get_n_options (self); i++)
    {
      const KesselScenarioOption *option = kessel_scenario_get_option (self, i);
      xmlNode *node = add_child (rules, "option");
      set_attr (node, "id", option->id);
      set_attr (node, "enabled", option->enabled ? "true" : "false");
    }
}

static xmlDoc *
build_document (KesselScenario *self)
{
  KesselMap *map = kessel_scenario_get_map (self);
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *root = xmlNewDocNode (doc, NULL, (const xmlChar *) "scenario", NULL);
  xmlNode *units;

  xmlDocSetRootElement (doc, root);
  xmlSetNs (root, xmlNewNs (root, (const xmlChar *) KESSEL_SCENARIO_NAMESPACE, NULL));
  set_attr (root, "version", "1");
  add_text_child (root, "title", kessel_scenario_get_title (self));
  if (kessel_scenario_get_description (self)[0] != '\0')
    add_text_child (root, "description", kessel_scenario_get_description (self));
  write_map (root, map);
  units = add_child (root, "units");
  for (int i = 0; i < kessel_scenario_get_n_units (self); i++)
    write_unit (units, kessel_map_get_grid (map), kessel_scenario_get_unit (self, i));
  write_rules (root, self);
  return doc;
}

/**
 * kessel_scenario_to_xml:
 * @length: (out) (optional): bytes of the text
 *
 * The scenario as the text of a scenario file.
 *
 * Returns: (transfer full): the scenario file's text
 */
char *
kessel_scenario_to_xml (KesselScenario *self, gsize *length)
{
  xmlDoc *doc = build_document (self);
  xmlChar *buffer = NULL;
  int size = 0;
  char *text;

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  text = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  xmlFreeDoc (doc);
  if (length)
    *length = size;
  return text;
}

/* What is about to replace the target must load back as the same scenario:
 * by the strict reader, or for a scenario still being made, by the editor's
 * reader, which accepts errors of meaning but nothing it would have to
 * leave out. */
static gboolean
reads_back (const char *temp_path, const char *path, KesselScenario *self, gboolean for_editing,
            GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(KesselScenario) copy = for_editing
    ? kessel_scenario_load_file_for_editing (temp_path, &dropped, &local_error)
    : kessel_scenario_load_file (temp_path, &local_error);

  if (copy == NULL || (dropped != NULL && dropped->len > 0) || !kessel_scenario_equal (self, copy))
    {
      g_set_error (error, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO,
                   _("%s: not saved, because the written file did not read back as the same "
                     "scenario%s%s"), path, local_error ? ": " : "",
                   local_error ? local_error->message : "");
      return FALSE;
    }
  return TRUE;
}

static gboolean
reads_back_strictly (const char *temp_path, const char *path, gpointer data, GError **error)
{
  return reads_back (temp_path, path, data, FALSE, error);
}

static gboolean
reads_back_for_editing (const char *temp_path, const char *path, gpointer data, GError **error)
{
  return reads_back (temp_path, path, data, TRUE, error);
}

static gboolean
save (KesselScenario *self, const char *path, gboolean for_editing, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = kessel_scenario_to_xml (self, &length);
  return kessel_file_replace (path, data, length,
                              for_editing ? reads_back_for_editing : reads_back_strictly, self,
                              KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO, error);
}

gboolean
kessel_scenario_save_file_for_editing (KesselScenario *self, const char *path, GError **error)
{
  return save (self, path, TRUE, error);
}

/**
 * kessel_scenario_save_file:
 * @path: (type filename): where to write
 *
 * Writes the scenario to path, atomically, after reading the text back: a
 * scenario the reader would refuse is not saved.
 *
 * Returns: %TRUE once written atomically and read back as the same scenario; else %FALSE with
 *   @error, and the file as it was
 */
gboolean
kessel_scenario_save_file (KesselScenario *self, const char *path, GError **error)
{
  return save (self, path, FALSE, error);
}

char *
kessel_scenario_checksum (KesselScenario *self)
{
  g_autofree char *xml = kessel_scenario_to_xml (self, NULL);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, xml, -1);
}
