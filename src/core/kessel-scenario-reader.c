/* kessel-scenario-reader.c: reads a scenario file.
 *
 * Three stages, each stopping the load if it finds a problem: the XML must
 * be well formed (no DTD, no network, no entity expansion, a bounded size),
 * it must follow the RELAX NG schema, and it must make sense (hexes on the
 * map, rivers on real hexsides, and no error of kessel_scenario_check).
 * Every problem names the file and the line.
 *
 * Read for editing, a file that follows the schema is kept even when it
 * makes no sense: what the reader had to leave out is listed, and the
 * editor runs the checks itself.
 */
#include "kessel-scenario-private.h"
#include "kessel-file.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <string.h>

#define MAX_PROBLEMS 25
#define MAX_DROPPED 1000   /* what is left out of a file read for editing */
#define MAX_MESSAGE 400    /* characters of one problem's message */

typedef enum {
  READ_TO_PLAY,   /* any problem refuses the file */
  READ_TO_EDIT,   /* only a file that is not a scenario by the schema is refused */
} ReadMode;

typedef struct {
  KesselProblems *problems;
  KesselScenario *scenario;
  KesselMap *map;
  const KesselGrid *grid;
  long *terrain_line;   /* per hex: line that set its terrain, 0 if none */
  long *control_line;   /* per hex: line that set its control, 0 if none */
  long map_line;
  long victory_line;
  guint rules_position;  /* how many problems were found before the rules */
} Reader;

/* Problems ------------------------------------------------------------- */

void
kessel_problems_init (KesselProblems *problems, const char *file_name)
{
  problems->file_name = g_strdup (file_name ? file_name : _("(scenario)"));
  problems->messages = g_ptr_array_new_with_free_func (g_free);
  problems->limit = MAX_PROBLEMS;
}

void
kessel_problems_clear (KesselProblems *problems)
{
  g_clear_pointer (&problems->file_name, g_free);
  g_clear_pointer (&problems->messages, g_ptr_array_unref);
}

void
kessel_problems_add (KesselProblems *problems, long line, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (problems->messages->len >= problems->limit)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (strlen (message) > MAX_MESSAGE)
    {
      char *cut = kessel_text_cut (message, MAX_MESSAGE);
      g_free (message);
      message = cut;
    }
  g_ptr_array_add (problems->messages,
                   g_strdup_printf ("%s:%ld: %s", problems->file_name, line, message));
}

gboolean
kessel_problems_any (const KesselProblems *problems)
{
  return problems->messages->len > 0;
}

void
kessel_problems_to_error (const KesselProblems *problems, GError **error, int code)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < problems->messages->len; i++)
    {
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, g_ptr_array_index (problems->messages, i));
    }
  if (problems->messages->len >= problems->limit)
    g_string_append_printf (text, "\n%s: %s", problems->file_name, _("(more problems not listed)"));
  g_set_error_literal (error, KESSEL_SCENARIO_ERROR, code, text->str);
}

/* Small helpers over libxml2 -------------------------------------------- */

static char *
attr (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

static long
line_of (xmlNode *node)
{
  return xmlGetLineNo (node);
}

/* A whole number from min to max, with the white space around it the
 * schema allows; else the problem is reported and fallback returned. */
static int
attr_int (KesselProblems *problems, xmlNode *node, const char *name, int min, int max, int fallback)
{
  g_autofree char *value = attr (node, name);
  gint64 number;

  if (value == NULL)
    return fallback;
  if (!g_ascii_string_to_signed (g_strstrip (value), 10, min, max, &number, NULL))
    {
      g_autofree char *shown = kessel_text_cut (value, KESSEL_MESSAGE_MAX_QUOTE);
      kessel_problems_add (problems, line_of (node),
                           /* Translators: an attribute's name, its element's, the value, the range. */
                           _("%s of <%s> is \"%s\", but must be a whole number from %d to %d"),
                           name, (const char *) node->name, shown, min, max);
      return fallback;
    }
  return (int) number;
}

static gboolean
attr_bool (xmlNode *node, const char *name)
{
  g_autofree char *value = attr (node, name);
  return value != NULL && (strcmp (value, "true") == 0 || strcmp (value, "1") == 0);
}

static char *
node_text (xmlNode *node)
{
  xmlChar *content = xmlNodeGetContent (node);
  char *copy = g_strdup ((const char *) content);
  xmlFree (content);
  return copy;
}

static gboolean
is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

static xmlNode *
child (xmlNode *parent, const char *name)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    if (is_element (node, name))
      return node;
  return NULL;
}

/* Hexes ------------------------------------------------------------------ */

static void
describe_grid (const KesselGrid *grid, char *buffer, gsize size)
{
  if (grid->short_even_columns)
    g_snprintf (buffer, size, _("%d columns, %d rows in odd columns and %d in even ones"),
                grid->columns, grid->rows, grid->rows - 1);
  else
    g_snprintf (buffer, size, _("%d columns of %d rows"), grid->columns, grid->rows);
}

/* Returns the hex index, or KESSEL_HEX_NONE after reporting why. */
static int
read_hex (Reader *reader, xmlNode *node, const char *text, const char *what)
{
  int hex = kessel_grid_parse_hex (reader->grid, text);
  char grid_text[96];

  if (hex == KESSEL_HEX_NONE)
    {
      describe_grid (reader->grid, grid_text, sizeof grid_text);
      kessel_problems_add (reader->problems, line_of (node),
                           /* Translators: the first %s is a part of the file, such as
                            * "the terrain list"; the last, the size of the map. */
                           _("%s names hex %s, which is not on the map (%s)"), what, text, grid_text);
    }
  return hex;
}

/* Calls visit for each hex of a white-space separated list in the node's text. */
static void
read_hex_list (Reader *reader, xmlNode *node, const char *what,
               void (*visit) (Reader *, xmlNode *, int, gpointer), gpointer data)
{
  g_autofree char *text = node_text (node);
  g_auto(GStrv) tokens = g_strsplit_set (text, " \t\r\n", -1);

  for (int i = 0; tokens[i]; i++)
    {
      int hex;
      if (tokens[i][0] == '\0')
        continue;
      hex = read_hex (reader, node, tokens[i], what);
      if (hex != KESSEL_HEX_NONE)
        visit (reader, node, hex, data);
    }
}

static char *
hex_name (Reader *reader, int hex)
{
  return kessel_grid_format_hex (reader->grid, hex);
}

/* The map ------------------------------------------------------------------ */

static void
set_terrain (Reader *reader, xmlNode *node, int hex, gpointer data)
{
  KesselTerrain terrain = GPOINTER_TO_INT (data);

  if (reader->terrain_line[hex] != 0)
    {
      g_autofree char *name = hex_name (reader, hex);
      kessel_problems_add (reader->problems, line_of (node),
                           _("hex %s is given a terrain twice (first at line %ld)"),
                           name, reader->terrain_line[hex]);
      return;
    }
  reader->terrain_line[hex] = line_of (node);
  kessel_map_set_terrain (reader->map, hex, terrain);
}

static void
read_terrain (Reader *reader, xmlNode *terrain_node)
{
  g_autofree char *fallback_name = attr (terrain_node, "default");
  KesselTerrain fallback = KESSEL_TERRAIN_CLEAR;
  int count = kessel_map_get_hex_count (reader->map);

  kessel_terrain_from_string (fallback_name, &fallback);
  for (int hex = 0; hex < count; hex++)
    kessel_map_set_terrain (reader->map, hex, fallback);

  for (xmlNode *node = terrain_node->children; node; node = node->next)
    {
      g_autofree char *type_name = NULL;
      KesselTerrain terrain;

      if (!is_element (node, "hexes"))
        continue;
      type_name = attr (node, "type");
      if (!kessel_terrain_from_string (type_name, &terrain))
        continue;
      read_hex_list (reader, node, _("the terrain list"), set_terrain, GINT_TO_POINTER (terrain));
    }
}

static void
read_river_side (Reader *reader, xmlNode *node, int river)
{
  g_autofree char *text = attr (node, "hexes");
  g_auto(GStrv) pair = g_strsplit_set (text ? text : "", " \t\r\n", -1);
  const KesselRiver *info = kessel_map_get_river (reader->map, river);
  const char *first = NULL, *second = NULL;
  int a, b, existing;
  KesselHexside side;

  for (int i = 0; pair[i]; i++)
    {
      if (pair[i][0] == '\0')
        continue;
      if (first == NULL)
        first = pair[i];
      else if (second == NULL)
        second = pair[i];
    }
  if (second == NULL)
    return;  /* the schema requires two hexes */
  a = read_hex (reader, node, first, _("a river side"));
  b = read_hex (reader, node, second, _("a river side"));
  if (a == KESSEL_HEX_NONE || b == KESSEL_HEX_NONE)
    return;
  side = kessel_grid_hexside_between (reader->grid, a, b);
  if (side < 0)
    {
      kessel_problems_add (reader->problems, line_of (node),
                           _("the %s cannot run between %s and %s: they are not neighbours, "
                             "so they share no hexside"), info->name, first, second);
      return;
    }
  existing = kessel_map_get_river_at_side (reader->map, side);
  if (existing != KESSEL_RIVER_NONE)
    {
      kessel_problems_add (reader->problems, line_of (node),
                           _("the hexside between %s and %s already carries the %s"),
                           first, second, kessel_map_get_river (reader->map, existing)->name);
      return;
    }
  kessel_map_set_river_at_side (reader->map, side, river);
}

static void
read_rivers (Reader *reader, xmlNode *rivers_node)
{
  for (xmlNode *node = rivers_node->children; node; node = node->next)
    {
      g_autofree char *name = NULL;
      int river;

      if (!is_element (node, "river"))
        continue;
      name = attr (node, "name");
      if (kessel_map_find_river (reader->map, name) != KESSEL_RIVER_NONE)
        {
          kessel_problems_add (reader->problems, line_of (node),
                               _("there is already a river named \"%s\"; list each river once "
                                 "with all its hexsides"), name);
          continue;
        }
      river = kessel_map_add_river (reader->map, name, attr_bool (node, "major"));
      if (river == KESSEL_RIVER_NONE)
        {
          kessel_problems_add (reader->problems, line_of (node),
                               _("a map has at most %d rivers"), KESSEL_SCENARIO_MAX_RIVERS);
          break;
        }
      for (xmlNode *side = node->children; side; side = side->next)
        if (is_element (side, "side"))
          read_river_side (reader, side, river);
    }
}

/* A name with no effect on play; it may share a hex with a place. */
static void
read_label (Reader *reader, xmlNode *node)
{
  g_autofree char *hex_text = attr (node, "hex");
  g_autofree char *name = attr (node, "name");
  int hex = read_hex (reader, node, hex_text, _("this map name"));

  if (hex == KESSEL_HEX_NONE)
    return;
  if (kessel_map_get_label (reader->map, hex) != NULL)
    {
      kessel_problems_add (reader->problems, line_of (node),
                           _("hex %s already has the map name %s; a hex has at most one"),
                           hex_text, kessel_map_get_label (reader->map, hex));
      return;
    }
  kessel_map_set_label (reader->map, hex, name);
}

static void
read_places (Reader *reader, xmlNode *places_node)
{
  for (xmlNode *node = places_node->children; node; node = node->next)
    {
      g_autofree char *hex_text = NULL;
      g_autofree char *name = NULL;
      const KesselPlace *existing;
      KesselPlaceKind kind;
      int hex;

      if (is_element (node, "label"))
        {
          read_label (reader, node);
          continue;
        }
      if (is_element (node, "town"))
        kind = KESSEL_PLACE_TOWN;
      else if (is_element (node, "fortified-locality"))
        kind = KESSEL_PLACE_FORTIFIED_LOCALITY;
      else
        continue;
      hex_text = attr (node, "hex");
      name = attr (node, "name");
      hex = read_hex (reader, node, hex_text, _("this town or fortified locality"));
      if (hex == KESSEL_HEX_NONE)
        continue;
      existing = kessel_map_get_place_at (reader->map, hex);
      if (existing != NULL)
        {
          kessel_problems_add (reader->problems, line_of (node),
                               _("hex %s already holds %s; a hex has at most one town or "
                                 "fortified locality"), hex_text, existing->name);
          continue;
        }
      kessel_map_set_place (reader->map, hex, kind, name);
    }
}

static void
add_edge_role (Reader *reader, xmlNode *node, int hex, gpointer data)
{
  guint role = GPOINTER_TO_UINT (data);
  guint roles = kessel_map_get_edge_roles (reader->map, hex);

  if (roles & role)
    {
      g_autofree char *name = hex_name (reader, hex);
      kessel_problems_add (reader->problems, line_of (node),
                           /* Translators: the last %s is a role's name in the file, such as "entry". */
                           _("hex %s is listed twice as %s"), name, kessel_edge_role_to_string (role));
      return;
    }
  kessel_map_set_edge_roles (reader->map, hex, roles | role);
}

static void
read_edges (Reader *reader, xmlNode *edges_node)
{
  for (xmlNode *node = edges_node->children; node; node = node->next)
    {
      g_autofree char *name = NULL;
      KesselEdgeRole role;

      if (!is_element (node, "role"))
        continue;
      name = attr (node, "name");
      if (kessel_edge_role_from_string (name, &role))
        read_hex_list (reader, node, _("the edge role list"), add_edge_role, GUINT_TO_POINTER (role));
    }
}

static void
close_to_soviet (Reader *reader, xmlNode *node, int hex, gpointer data)
{
  kessel_map_set_closed_to_soviet (reader->map, hex, TRUE);
}

static void
set_control (Reader *reader, xmlNode *node, int hex, gpointer data)
{
  if (reader->control_line[hex] != 0)
    {
      g_autofree char *name = hex_name (reader, hex);
      kessel_problems_add (reader->problems, line_of (node),
                           _("hex %s is given an initial control twice (first at line %ld)"),
                           name, reader->control_line[hex]);
      return;
    }
  reader->control_line[hex] = line_of (node);
  kessel_map_set_initial_control (reader->map, hex, GPOINTER_TO_INT (data));
}

static gboolean
read_grid (Reader *reader, xmlNode *map_node, KesselGrid *grid)
{
  int columns = attr_int (reader->problems, map_node, "columns", 1, KESSEL_GRID_MAX_COLUMNS, 0);
  int rows = attr_int (reader->problems, map_node, "rows", 1, KESSEL_GRID_MAX_ROWS, 0);

  if (!kessel_grid_init (grid, columns, rows, attr_bool (map_node, "short-even-columns")))
    {
      kessel_problems_add (reader->problems, line_of (map_node),
                           _("a map of %d columns and %d rows is not possible"), columns, rows);
      return FALSE;
    }
  return TRUE;
}

static void
read_map (Reader *reader, xmlNode *map_node)
{
  xmlNode *node;

  read_terrain (reader, child (map_node, "terrain"));
  read_rivers (reader, child (map_node, "rivers"));
  read_places (reader, child (map_node, "places"));
  read_edges (reader, child (map_node, "edges"));
  read_hex_list (reader, child (map_node, "closed-to-soviet"), _("the area closed to Soviet units"),
                 close_to_soviet, NULL);
  for (node = map_node->children; node; node = node->next)
    {
      g_autofree char *side_name = NULL;
      KesselSide side;

      if (!is_element (node, "control"))
        continue;
      side_name = attr (node, "side");
      if (kessel_side_from_string (side_name, &side))
        read_hex_list (reader, node, _("the initial control list"), set_control, GINT_TO_POINTER (side));
    }
}

/* Units ------------------------------------------------------------------- */

static guint
read_abilities (Reader *reader, xmlNode *unit_node, KesselUnit *unit)
{
  guint abilities = 0;

  for (xmlNode *node = unit_node->children; node; node = node->next)
    {
      g_autofree char *name = NULL;
      KesselAbility ability;

      if (!is_element (node, "ability"))
        continue;
      name = attr (node, "name");
      if (!kessel_ability_from_string (name, &ability))
        continue;
      if (abilities & ability)
        kessel_problems_add (reader->problems, line_of (node),
                             _("unit %s has the ability %s twice"), kessel_unit_get_id (unit), name);
      abilities |= ability;
      if (ability == KESSEL_ABILITY_RANGED_SUPPORT)
        kessel_unit_set_support_range (unit, attr_int (reader->problems, node, "range", 1,
                                                       KESSEL_SCENARIO_MAX_RANGE, 0));
    }
  return abilities;
}

static void
read_steps (Reader *reader, xmlNode *unit_node, KesselUnit *unit)
{
  KesselStep steps[KESSEL_UNIT_MAX_STEPS];
  int n_steps = 0;

  for (xmlNode *node = unit_node->children; node; node = node->next)
    {
      if (!is_element (node, "step"))
        continue;
      if (n_steps == KESSEL_UNIT_MAX_STEPS)
        {
          kessel_problems_add (reader->problems, line_of (node),
                               _("unit %s has more than %d steps; a counter has a front and "
                                 "at most a back, and larger units continue on a substitute "
                                 "counter"), kessel_unit_get_id (unit), KESSEL_UNIT_MAX_STEPS);
          break;
        }
      steps[n_steps].attack = attr_int (reader->problems, node, "attack", 0, KESSEL_SCENARIO_MAX_FACTOR, 0);
      steps[n_steps].defence = attr_int (reader->problems, node, "defence", 0, KESSEL_SCENARIO_MAX_FACTOR, 0);
      n_steps++;
    }
  kessel_unit_set_steps (unit, steps, n_steps);
}

static void
read_unit_class (KesselUnit *unit, xmlNode *node)
{
  g_autofree char *type_name = attr (node, "type");
  g_autofree char *size_name = attr (node, "size");
  g_autofree char *mobility_name = attr (node, "mobility");
  KesselUnitType type;
  KesselUnitSize size;
  KesselMobility mobility;

  if (kessel_unit_type_from_string (type_name, &type))
    kessel_unit_set_unit_type (unit, type);
  if (kessel_unit_size_from_string (size_name, &size))
    kessel_unit_set_size (unit, size);
  if (kessel_mobility_from_string (mobility_name, &mobility))
    kessel_unit_set_mobility (unit, mobility);
}

static KesselUnit *
read_unit (Reader *reader, xmlNode *node)
{
  g_autofree char *id = attr (node, "id");
  g_autofree char *side_name = attr (node, "side");
  g_autofree char *name = attr (node, "name");
  g_autofree char *label = attr (node, "label");
  g_autofree char *setup = attr (node, "setup");
  g_autofree char *substitute = attr (node, "substitute");
  KesselSide side = KESSEL_SIDE_NONE;
  KesselUnit *unit;

  kessel_side_from_string (side_name, &side);
  unit = kessel_unit_new (id, side);
  kessel_unit_set_name (unit, name);
  kessel_unit_set_label (unit, label);
  kessel_unit_set_source_line (unit, line_of (node));
  read_unit_class (unit, node);
  kessel_unit_set_abilities (unit, read_abilities (reader, node, unit));
  read_steps (reader, node, unit);
  kessel_unit_set_substitute (unit, substitute);
  if (setup != NULL)
    {
      g_autofree char *what = g_strdup_printf (_("the setup of unit %s"), id);
      kessel_unit_set_setup_hex (unit, read_hex (reader, node, setup, what));
    }
  /* exact without a readable setup hex is reported once, above */
  kessel_unit_set_setup_exact (unit, attr_bool (node, "exact") && (setup == NULL || kessel_unit_get_setup_hex (unit) != KESSEL_HEX_NONE));
  kessel_unit_set_arrival_turn (unit, attr_int (reader->problems, node, "arrives", 1,
                                                 KESSEL_SCENARIO_MAX_TURNS, 0));
  return unit;
}

static void
read_units (Reader *reader, xmlNode *units_node)
{
  g_autoptr(GHashTable) first_line = g_hash_table_new (g_str_hash, g_str_equal);

  for (xmlNode *node = units_node->children; node; node = node->next)
    {
      g_autoptr(KesselUnit) unit = NULL;
      const char *id;

      if (!is_element (node, "unit"))
        continue;
      unit = read_unit (reader, node);
      id = kessel_unit_get_id (unit);
      if (g_hash_table_contains (first_line, id))
        {
          kessel_problems_add (reader->problems, line_of (node),
                               _("a second unit has the id \"%s\" (the first is at line %d); "
                                 "ids must be unique"), id,
                               GPOINTER_TO_INT (g_hash_table_lookup (first_line, id)));
          continue;
        }
      kessel_scenario_add_unit (reader->scenario, unit);
      g_hash_table_insert (first_line, (gpointer) kessel_unit_get_id (unit),
                           GINT_TO_POINTER ((int) line_of (node)));
    }
}

/* Start markers and rules ---------------------------------------------------- */

static void
read_start (Reader *reader, xmlNode *node)
{
  g_autofree char *weather = attr (node, "weather");
  KesselStartMarkers start = { KESSEL_WEATHER_THAW,
                                attr_int (reader->problems, node, "soviet-vp", 0, KESSEL_SCENARIO_MAX_VP, 0) };

  kessel_weather_from_string (weather, &start.weather);
  kessel_scenario_set_start (reader->scenario, &start);
}

static void
read_rules (Reader *reader, xmlNode *rules_node)
{
  xmlNode *victory_node = child (rules_node, "victory");
  KesselProblems *problems = reader->problems;
  const int vp = KESSEL_SCENARIO_MAX_VP, each = KESSEL_SCENARIO_MAX_VP_EACH;
  KesselVictoryTable victory = {
    attr_int (problems, victory_node, "town", 0, each, 0),
    attr_int (problems, victory_node, "fortified-locality", 0, each, 0),
    attr_int (problems, victory_node, "out-of-command", 0, each, 0),
    attr_int (problems, victory_node, "corps-exit", 0, each, 0),
    attr_int (problems, victory_node, "corps-exit-cap", 0, vp, 0),
    attr_int (problems, victory_node, "soviet-wins-at", 0, vp, 0),
    attr_int (problems, victory_node, "draw-from", 0, vp, 0),
  };
  g_autoptr(GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  kessel_scenario_set_turns (reader->scenario,
                             attr_int (problems, rules_node, "turns", 1, KESSEL_SCENARIO_MAX_TURNS, 1));
  reader->victory_line = line_of (victory_node);
  kessel_scenario_set_victory (reader->scenario, &victory);

  for (xmlNode *node = rules_node->children; node; node = node->next)
    {
      g_autofree char *id = NULL;

      if (!is_element (node, "option"))
        continue;
      id = attr (node, "id");
      if (!g_hash_table_add (options, g_strdup (id)))
        kessel_problems_add (reader->problems, line_of (node),
                             _("the option \"%s\" is set twice"), id);
      kessel_scenario_set_option (reader->scenario, id, attr_bool (node, "enabled"));
    }
}

/* The checks of meaning ------------------------------------------------- */

/* The line a problem of kessel_scenario_check is reported at: the unit's
 * own for a unit, else the part of the file it is about. */
static long
problem_line (Reader *reader, const KesselCheckedProblem *checked)
{
  if (checked->unit_index >= 0)
    return kessel_unit_get_source_line (kessel_scenario_get_unit (reader->scenario, checked->unit_index));
  if (checked->subject == KESSEL_PROBLEM_ABOUT_SCENARIO)
    return reader->victory_line;
  return reader->map_line;
}

/* Problems of the rules are listed where the reader read the rules, among
 * the problems of reading, as they always were. */
static void
report_check_errors (Reader *reader)
{
  g_autoptr(GPtrArray) problems = kessel_scenario_check_in_found_order (reader->scenario);
  GPtrArray *messages = reader->problems->messages;
  guint rules_at = reader->rules_position;

  for (guint i = 0; i < problems->len; i++)
    {
      const KesselCheckedProblem *checked = g_ptr_array_index (problems, i);
      guint before = messages->len;

      if (checked->problem.severity != KESSEL_PROBLEM_ERROR)
        continue;
      kessel_problems_add (reader->problems, problem_line (reader, checked), "%s",
                           checked->problem.message);
      if (checked->subject == KESSEL_PROBLEM_ABOUT_SCENARIO && messages->len > before)
        g_ptr_array_insert (messages, (int) rules_at++,
                            g_ptr_array_steal_index (messages, messages->len - 1));
    }
}

/* Stages -------------------------------------------------------------------- */

static xmlRelaxNGPtr
compiled_schema (void)
{
  static gsize initialised = 0;
  static xmlRelaxNGPtr schema = NULL;

  if (g_once_init_enter (&initialised))
    {
      g_autoptr(GBytes) bytes = kessel_scenario_get_schema ();
      gsize size = 0;
      const char *text = g_bytes_get_data (bytes, &size);
      xmlRelaxNGParserCtxtPtr parser = xmlRelaxNGNewMemParserCtxt (text, (int) size);

      schema = xmlRelaxNGParse (parser);
      xmlRelaxNGFreeParserCtxt (parser);
      g_once_init_leave (&initialised, 1);
    }
  return schema;
}

/* The element as written, with its attributes, so an author sees which
 * value the schema refused: <hexes type="swamp">. */
static char *
describe_element (xmlNode *node)
{
  GString *text = g_string_new ("<");

  g_string_append (text, (const char *) node->name);
  for (xmlAttr *attribute = node->properties; attribute; attribute = attribute->next)
    {
      xmlChar *value = xmlNodeListGetString (node->doc, attribute->children, 1);
      g_autofree char *shown = kessel_text_cut ((const char *) value, KESSEL_MESSAGE_MAX_QUOTE);
      g_string_append_printf (text, " %s=\"%s\"", attribute->name, shown);
      xmlFree (value);
    }
  g_string_append_c (text, '>');
  return g_string_free (text, FALSE);
}

/* The line of a schema error: libxml2 gives none (0) for some, such as
 * errors about an attribute, so the line of the element then. */
static long
schema_error_line (const xmlError *error, xmlNode *node)
{
  if (error->line > 0)
    return error->line;
  if (node != NULL && node->type == XML_ATTRIBUTE_NODE)
    node = node->parent;
  return node != NULL && xmlGetLineNo (node) > 0 ? xmlGetLineNo (node) : 1;
}

static void
collect_schema_error (void *data, xmlErrorPtr error)
{
  KesselProblems *problems = data;
  xmlNode *node = error->node;
  g_autofree char *reason = g_strstrip (g_strdup (error->message ? error->message : _("invalid")));
  g_autofree char *message = kessel_text_cut (reason, 2 * KESSEL_MESSAGE_MAX_QUOTE);
  g_autofree char *element = NULL;

  if (node != NULL && node->type == XML_ELEMENT_NODE)
    element = describe_element (node);
  /* Translators: libxml2's message (in English), then " in " and the element
   * as written, such as <hexes type="swamp">, or nothing. */
  kessel_problems_add (problems, schema_error_line (error, node),
                       _("this does not follow the scenario format: %s%s%s"),
                       message, element ? _(" in ") : "", element ? element : "");
}

static gboolean
follows_schema (xmlDoc *doc, KesselProblems *problems)
{
  xmlRelaxNGPtr schema = compiled_schema ();
  xmlRelaxNGValidCtxtPtr validator;
  int result;

  g_return_val_if_fail (schema != NULL, FALSE);
  validator = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (validator, collect_schema_error, problems);
  result = xmlRelaxNGValidateDoc (validator, doc);
  xmlRelaxNGFreeValidCtxt (validator);
  if (result != 0 && !kessel_problems_any (problems))
    kessel_problems_add (problems, 1, _("this does not follow the scenario format"));
  return result == 0;
}

/* How many of one element a scenario may hold. */
typedef struct {
  const char *element;
  int limit;
  int count;
} Bound;

/* How many words the text right inside node has. */
static gsize
count_words (xmlNode *node)
{
  gsize words = 0;

  for (xmlNode *text = node->children; text; text = text->next)
    {
      gboolean in_word = FALSE;

      if (text->type != XML_TEXT_NODE || text->content == NULL)
        continue;
      for (const xmlChar *c = text->content; *c; c++)
        {
          gboolean space = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
          words += !space && !in_word;
          in_word = !space;
        }
    }
  return words;
}

/* The lists of hexes name each hex of the largest map at most once for its
 * terrain, once for each edge role, once for the closed area and once for
 * its control: beyond that a file only makes the schema take time. */
#define MAX_HEX_NAMES (8 * KESSEL_GRID_MAX_COLUMNS * KESSEL_GRID_MAX_ROWS)

static gboolean
hex_lists_within_bounds (xmlNode *node, gsize *hex_names, KesselProblems *problems)
{
  static const char *const lists[] = { "hexes", "role", "closed-to-soviet", "control" };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    if (strcmp ((const char *) node->name, lists[i]) == 0)
      {
        *hex_names += count_words (node);
        if (*hex_names <= MAX_HEX_NAMES)
          return TRUE;
        kessel_problems_add (problems, line_of (node),
                             _("the lists of hexes name more than %d hexes in all, the most a "
                               "scenario may have"), MAX_HEX_NAMES);
        return FALSE;
      }
  return TRUE;
}

static gboolean
count_elements (xmlNode *parent, Bound *bounds, int n_bounds, gsize *hex_names,
                KesselProblems *problems)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (!hex_lists_within_bounds (node, hex_names, problems))
        return FALSE;
      for (int i = 0; i < n_bounds; i++)
        if (strcmp ((const char *) node->name, bounds[i].element) == 0 && ++bounds[i].count > bounds[i].limit)
          {
            kessel_problems_add (problems, line_of (node),
                                 /* Translators: the limit, then an element's name such as "unit". */
                                 _("a scenario may hold at most %d <%s> elements"),
                                 bounds[i].limit, bounds[i].element);
            return FALSE;
          }
      if (!count_elements (node, bounds, n_bounds, hex_names, problems))
        return FALSE;
    }
  return TRUE;
}

/* The counts are checked before the schema, whose work grows with them. */
static gboolean
within_bounds (xmlDoc *doc, KesselProblems *problems)
{
  Bound bounds[] = {
    { "unit", KESSEL_SCENARIO_MAX_UNITS, 0 },
    { "river", KESSEL_SCENARIO_MAX_RIVERS, 0 },
    { "option", KESSEL_SCENARIO_MAX_OPTIONS, 0 },
  };

  gsize hex_names = 0;

  return count_elements ((xmlNode *) doc, bounds, G_N_ELEMENTS (bounds), &hex_names, problems);
}

static xmlDoc *
parse_xml (const char *data, gsize length, KesselProblems *problems)
{
  g_autofree char *message = NULL;
  long line = 1;
  xmlDoc *doc = kessel_xml_read (data, length, problems->file_name, &line, &message);

  if (doc == NULL)
    kessel_problems_add (problems, line, "%s", message);
  return doc;
}

static KesselScenario *
build_scenario (xmlDoc *doc, KesselProblems *problems, ReadMode mode)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *map_node = child (root, "map");
  xmlNode *description = child (root, "description");
  g_autofree char *title = node_text (child (root, "title"));
  Reader reader = { .problems = problems };
  KesselGrid grid;
  int count;

  reader.map_line = line_of (map_node);
  if (!read_grid (&reader, map_node, &grid))
    return NULL;
  reader.scenario = kessel_scenario_new (&grid);
  reader.map = kessel_scenario_get_map (reader.scenario);
  reader.grid = kessel_map_get_grid (reader.map);
  count = kessel_grid_hex_count (&grid);
  reader.terrain_line = g_new0 (long, count);
  reader.control_line = g_new0 (long, count);

  kessel_scenario_set_title (reader.scenario, title);
  if (description)
    {
      g_autofree char *text = node_text (description);
      kessel_scenario_set_description (reader.scenario, text);
    }
  read_map (&reader, map_node);
  reader.rules_position = problems->messages->len;
  read_rules (&reader, child (root, "rules"));
  read_start (&reader, child (root, "start"));
  read_units (&reader, child (root, "units"));
  if (mode == READ_TO_PLAY)
    report_check_errors (&reader);

  g_free (reader.terrain_line);
  g_free (reader.control_line);
  return reader.scenario;
}

/* The stages after parsing; returns the error code of the last one reached. */
static int
read_document (xmlDoc *doc, KesselProblems *problems, ReadMode mode, KesselScenario **scenario)
{
  if (!within_bounds (doc, problems))
    return KESSEL_SCENARIO_ERROR_TOO_LARGE;
  if (!follows_schema (doc, problems))
    return KESSEL_SCENARIO_ERROR_SCHEMA;
  if (mode == READ_TO_EDIT)
    problems->limit = MAX_DROPPED;
  *scenario = build_scenario (doc, problems, mode);
  return KESSEL_SCENARIO_ERROR_INVALID;
}

/* Reads a scenario. To play, any problem refuses it; to edit, only one that
 * stops it being read as a scenario, and the others go into dropped. */
static KesselScenario *
load_data (const char *data, gsize length, const char *file_name, ReadMode mode,
           GPtrArray **dropped, GError **error)
{
  KesselProblems problems;
  KesselScenario *scenario = NULL;
  xmlDoc *doc;
  int code = KESSEL_SCENARIO_ERROR_PARSE;

  kessel_problems_init (&problems, file_name);
  if (length > KESSEL_SCENARIO_MAX_FILE_SIZE || length > G_MAXINT)
    {
      kessel_problems_add (&problems, 1, _("the file is %lld bytes, more than the "
                                           "%d MiB a scenario may have"), (long long) length,
                           KESSEL_SCENARIO_MAX_FILE_SIZE / (1024 * 1024));
      kessel_problems_to_error (&problems, error, KESSEL_SCENARIO_ERROR_TOO_LARGE);
      kessel_problems_clear (&problems);
      return NULL;
    }
  doc = parse_xml (data, length, &problems);
  if (doc != NULL)
    {
      code = read_document (doc, &problems, mode, &scenario);
      xmlFreeDoc (doc);
    }
  if (mode == READ_TO_EDIT && scenario != NULL)
    {
      if (problems.messages->len >= problems.limit)
        g_ptr_array_add (problems.messages, g_strdup_printf ("%s: %s", problems.file_name,
                                                             _("(more problems not listed)")));
      if (dropped)
        {
          g_clear_pointer (dropped, g_ptr_array_unref);
          *dropped = g_steal_pointer (&problems.messages);
        }
    }
  else if (kessel_problems_any (&problems))
    {
      kessel_problems_to_error (&problems, error, code);
      g_clear_object (&scenario);
    }
  if (scenario != NULL)
    kessel_scenario_set_file_name (scenario, file_name);
  kessel_problems_clear (&problems);
  return scenario;
}

/**
 * kessel_scenario_load_data:
 * @data: (array length=length) (element-type guint8): the contents of a scenario file
 * @length: bytes of @data
 * @file_name: the name to give in messages
 *
 * Reads a scenario from the text of a file; @file_name names it in messages,
 * which give the line of each problem.
 *
 * Returns: (transfer full): the scenario, or %NULL with @error set
 */
KesselScenario *
kessel_scenario_load_data (const char *data, gsize length, const char *file_name, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  return load_data (data, length, file_name, READ_TO_PLAY, NULL, error);
}

static gboolean
read_bounded_file (const char *path, char **contents, gsize *length, GError **error)
{
  const KesselFileLimits limits = {
    KESSEL_SCENARIO_MAX_FILE_SIZE, KESSEL_SCENARIO_ERROR, KESSEL_SCENARIO_ERROR_IO,
    KESSEL_SCENARIO_ERROR_TOO_LARGE, _("the file is larger than the %d MiB a scenario may have"),
  };

  return kessel_file_read (path, &limits, contents, length, error);
}

/**
 * kessel_scenario_load_file:
 * @path: (type filename): the file
 *
 * Reads a scenario file, refusing one that is not well-formed, does not follow the
 * schema or has errors of meaning, with the file, line and reason.
 *
 * Returns: (transfer full): the scenario, or %NULL with @error set
 */
KesselScenario *
kessel_scenario_load_file (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  if (!read_bounded_file (path, &contents, &length, error))
    return NULL;
  return kessel_scenario_load_data (contents, length, path, error);
}

/**
 * kessel_scenario_load_file_for_editing:
 * @path: (type filename): the file
 * @dropped: (out) (optional) (transfer container) (element-type utf8): what the reader left out
 *
 * Reads a scenario as kessel_scenario_load_file() does, but for editing: a file
 * that parses and follows the schema is read even when its meaning is wrong, so
 * that it can be repaired. What the reader had to leave out, such as a hex off
 * the map or a terrain given twice, goes into @dropped as "FILE:LINE: message"
 * strings; the errors that remain in the scenario are those of
 * kessel_scenario_check(). @dropped is set even when the file is refused, and is
 * then empty.
 *
 * Returns: (transfer full): the scenario, or %NULL with @error set
 */
KesselScenario *
kessel_scenario_load_file_for_editing (const char *path, GPtrArray **dropped, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (dropped)
    *dropped = g_ptr_array_new_with_free_func (g_free);
  g_return_val_if_fail (path != NULL, NULL);
  if (!read_bounded_file (path, &contents, &length, error))
    return NULL;
  return load_data (contents, length, path, READ_TO_EDIT, dropped, error);
}
