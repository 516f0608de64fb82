/* kessel-map-tools.c: strokes on the map become edits.
 *
 * A stroke changes the scenario in place as the pointer moves, redrawing
 * only the hexes it touched, and is committed as one named edit when the
 * button is released. Tools that switch something on or off (a river
 * hexside, an edge role, the closed area) decide at the first hex whether
 * the whole stroke adds or removes. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kessel-map-tools.h"

/* A release this close to the press is a click. */
#define CLICK_SLOP 4.0

struct _KesselMapTools
{
  GObject parent_instance;

  KesselMapView *view;
  KesselEditHistory *history;
  gulong stroke_id;

  KesselTool tool;
  KesselTerrain terrain;
  int brush_size;
  int river;
  KesselPlaceChoice place_choice;
  KesselEdgeRole edge_role;
  KesselSide control_side;

  /* The stroke under way */
  gboolean stroking;
  gboolean adding;              /* for the tools that switch on or off */
  double start_x, start_y;
  double last_x, last_y;
  GHashTable *touched;          /* hexes (or hexsides) changed, as keys + 1 */
  GArray *step_hexes;           /* hexes to redraw after this step */
};

enum { PLACE_CLICKED, HEX_PICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselMapTools, kessel_map_tools, G_TYPE_OBJECT)

static const char *const tool_names[KESSEL_N_TOOLS] = {
  "select", "terrain", "river", "place", "edge", "closed", "control",
};

gboolean
kessel_tool_from_string (const char *text, KesselTool *tool)
{
  for (int i = 0; i < KESSEL_N_TOOLS; i++)
    if (g_strcmp0 (text, tool_names[i]) == 0)
      {
        *tool = i;
        return TRUE;
      }
  return FALSE;
}

const char *
kessel_edge_role_display_name (KesselEdgeRole role)
{
  switch (role)
    {
    case KESSEL_EDGE_SUPPLY_SOURCE: return _("Soviet supply source");
    case KESSEL_EDGE_COMMAND_SOURCE: return _("German C&C source");
    case KESSEL_EDGE_ENTRY: return _("German entry hex");
    case KESSEL_EDGE_EXIT: return _("Soviet exit hex");
    default: return "?";
    }
}

static void
kessel_map_tools_dispose (GObject *object)
{
  KesselMapTools *self = KESSEL_MAP_TOOLS (object);

  g_clear_signal_handler (&self->stroke_id, self->view);
  g_clear_object (&self->view);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_map_tools_parent_class)->dispose (object);
}

static void
kessel_map_tools_finalize (GObject *object)
{
  KesselMapTools *self = KESSEL_MAP_TOOLS (object);

  g_hash_table_unref (self->touched);
  g_array_unref (self->step_hexes);
  G_OBJECT_CLASS (kessel_map_tools_parent_class)->finalize (object);
}

static void
kessel_map_tools_class_init (KesselMapToolsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_map_tools_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_map_tools_finalize;

  /* A click of the place tool on a hex, after a town or fortified locality
   * was added there if it showed nothing: the editor asks for its name in
   * place. */
  signals[PLACE_CLICKED] = g_signal_new ("place-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* A click of the select tool. */
  signals[HEX_PICKED] = g_signal_new ("hex-picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
kessel_map_tools_init (KesselMapTools *self)
{
  self->tool = KESSEL_TOOL_SELECT;
  self->terrain = KESSEL_TERRAIN_FOREST;
  self->brush_size = 1;
  self->river = KESSEL_RIVER_NONE;
  self->edge_role = KESSEL_EDGE_ENTRY;
  self->control_side = KESSEL_SIDE_GERMAN;
  self->touched = g_hash_table_new (NULL, NULL);
  self->step_hexes = g_array_new (FALSE, FALSE, sizeof (int));
}

static void end_stroke (KesselMapTools *self);

static void
view_stroke (KesselMapView *view, int phase, double x, double y, KesselMapTools *self)
{
  kessel_map_tools_stroke (self, phase, x, y);
}

KesselMapTools *
kessel_map_tools_new (KesselMapView *view)
{
  KesselMapTools *self = g_object_new (KESSEL_TYPE_MAP_TOOLS, NULL);

  self->view = g_object_ref (view);
  self->stroke_id = g_signal_connect (view, "stroke", G_CALLBACK (view_stroke), self);
  return self;
}

void
kessel_map_tools_set_history (KesselMapTools *self, KesselEditHistory *history)
{
  kessel_map_tools_finish_stroke (self);
  g_set_object (&self->history, history);
}

KesselTool kessel_map_tools_get_tool (KesselMapTools *self) { return self->tool; }

/* A stroke under way is finished under the tool that began it. */
void
kessel_map_tools_set_tool (KesselMapTools *self, KesselTool tool)
{
  kessel_map_tools_finish_stroke (self);
  self->tool = tool;
}
void kessel_map_tools_set_terrain (KesselMapTools *self, KesselTerrain terrain) { self->terrain = terrain; }
int kessel_map_tools_get_brush_size (KesselMapTools *self) { return self->brush_size; }
void kessel_map_tools_set_river (KesselMapTools *self, int river) { self->river = river; }
int kessel_map_tools_get_river (KesselMapTools *self) { return self->river; }
void kessel_map_tools_set_place_choice (KesselMapTools *self, KesselPlaceChoice choice) { self->place_choice = choice; }
KesselPlaceChoice kessel_map_tools_get_place_choice (KesselMapTools *self) { return self->place_choice; }
void kessel_map_tools_set_edge_role (KesselMapTools *self, KesselEdgeRole role) { self->edge_role = role; }
void kessel_map_tools_set_control_side (KesselMapTools *self, KesselSide side) { self->control_side = side; }

void
kessel_map_tools_set_brush_size (KesselMapTools *self, int size)
{
  self->brush_size = CLAMP (size, 1, KESSEL_MAX_BRUSH_SIZE);
}

/* Helpers */

static KesselMap *
edited_map (KesselMapTools *self)
{
  return kessel_scenario_get_map (kessel_edit_history_get_scenario (self->history));
}

static gboolean
touch (KesselMapTools *self, int key)
{
  if (g_hash_table_contains (self->touched, GINT_TO_POINTER (key + 1)))
    return FALSE;
  g_hash_table_add (self->touched, GINT_TO_POINTER (key + 1));
  return TRUE;
}

static void
redraw_later (KesselMapTools *self, int hex)
{
  g_array_append_val (self->step_hexes, hex);
}

/* The hexes of the brush around a centre: rings out to brush_size - 1. */
static GArray *
brush_hexes (KesselMapTools *self, int center)
{
  const KesselGrid *grid = kessel_map_get_grid (edited_map (self));
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int reach = self->brush_size - 1;

  if (reach == 0)
    {
      g_array_append_val (hexes, center);
      return hexes;
    }
  for (int hex = 0; hex < kessel_grid_hex_count (grid); hex++)
    if (kessel_grid_distance (grid, center, hex) <= reach)
      g_array_append_val (hexes, hex);
  return hexes;
}

/* The painting tools, one hex at a time */

static void
paint_hex (KesselMapTools *self, int hex)
{
  KesselMap *map = edited_map (self);

  switch (self->tool)
    {
    case KESSEL_TOOL_TERRAIN:
      if (kessel_map_get_terrain (map, hex) == self->terrain)
        return;
      kessel_map_set_terrain (map, hex, self->terrain);
      break;
    case KESSEL_TOOL_CLOSED:
      if (kessel_map_is_closed_to_soviet (map, hex) == self->adding)
        return;
      kessel_map_set_closed_to_soviet (map, hex, self->adding);
      break;
    case KESSEL_TOOL_CONTROL:
      if (kessel_map_get_initial_control (map, hex) == self->control_side)
        return;
      kessel_map_set_initial_control (map, hex, self->control_side);
      break;
    case KESSEL_TOOL_EDGE:
      {
        guint roles = kessel_map_get_edge_roles (map, hex);
        guint changed = self->adding ? roles | self->edge_role : roles & ~self->edge_role;
        if (changed == roles)
          return;
        kessel_map_set_edge_roles (map, hex, changed);
      }
      break;
    default:
      return;
    }
  touch (self, hex);
  redraw_later (self, hex);
}

static void
paint_brush (KesselMapTools *self, int center)
{
  g_autoptr(GArray) hexes = NULL;

  /* Edge roles mark single hexes: a wide brush would mark inland ones. */
  if (self->tool == KESSEL_TOOL_EDGE)
    {
      paint_hex (self, center);
      return;
    }
  hexes = brush_hexes (self, center);
  for (guint i = 0; i < hexes->len; i++)
    paint_hex (self, g_array_index (hexes, int, i));
}

static void
draw_river_side (KesselMapTools *self, KesselHexside side)
{
  KesselMap *map = edited_map (self);
  int want = self->adding ? self->river : KESSEL_RIVER_NONE;
  int a, b;

  if (side < 0 || kessel_map_get_river_at_side (map, side) == want)
    return;
  /* Erasing takes away only the river being drawn. */
  if (!self->adding && kessel_map_get_river_at_side (map, side) != self->river)
    return;
  kessel_map_set_river_at_side (map, side, want);
  touch (self, side);
  kessel_grid_hexside_hexes (kessel_map_get_grid (map), side, &a, &b);
  if (a != KESSEL_HEX_NONE)
    redraw_later (self, a);
  if (b != KESSEL_HEX_NONE)
    redraw_later (self, b);
}

/* Whether the stroke adds or removes, from what is where it starts. */
static void
choose_mode (KesselMapTools *self, double x, double y)
{
  KesselMap *map = edited_map (self);
  int hex = kessel_map_view_hex_at (self->view, x, y);
  KesselHexside side;

  self->adding = TRUE;
  switch (self->tool)
    {
    case KESSEL_TOOL_RIVER:
      side = kessel_map_view_hexside_at (self->view, x, y);
      self->adding = side < 0 || kessel_map_get_river_at_side (map, side) != self->river;
      break;
    case KESSEL_TOOL_CLOSED:
      self->adding = hex == KESSEL_HEX_NONE || !kessel_map_is_closed_to_soviet (map, hex);
      break;
    case KESSEL_TOOL_EDGE:
      self->adding = hex == KESSEL_HEX_NONE || !kessel_map_has_edge_role (map, hex, self->edge_role);
      break;
    default:
      break;
    }
}

static void
apply_at_point (KesselMapTools *self, double x, double y)
{
  int hex;

  if (self->tool == KESSEL_TOOL_RIVER)
    {
      if (self->river != KESSEL_RIVER_NONE)
        draw_river_side (self, kessel_map_view_hexside_at (self->view, x, y));
      return;
    }
  hex = kessel_map_view_hex_at (self->view, x, y);
  if (hex != KESSEL_HEX_NONE)
    paint_brush (self, hex);
}

/* Samples the segment from the last point every half hex, so that a fast
 * drag leaves no gaps. */
static void
apply_along (KesselMapTools *self, double x, double y)
{
  double step = MAX (2.0, 0.4 * kessel_map_view_get_hex_radius (self->view));
  double length = hypot (x - self->last_x, y - self->last_y);
  int n = (int) ceil (length / step);

  for (int i = 1; i <= n; i++)
    apply_at_point (self, self->last_x + (x - self->last_x) * i / n,
                    self->last_y + (y - self->last_y) * i / n);
  self->last_x = x;
  self->last_y = y;
}

static void
redraw_step (KesselMapTools *self)
{
  if (self->step_hexes->len == 0)
    return;
  kessel_map_view_refresh_hexes (self->view, (const int *) self->step_hexes->data, self->step_hexes->len);
  g_array_set_size (self->step_hexes, 0);
}

/* Edit names */

static char *
control_edit_name (KesselMapTools *self, int n)
{
  if (self->control_side == KESSEL_SIDE_GERMAN)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Give %d hex to German control",
                                         "Give %d hexes to German control", n), n);
  if (self->control_side == KESSEL_SIDE_SOVIET)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Give %d hex to Soviet control",
                                         "Give %d hexes to Soviet control", n), n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Clear the control of %d hex",
                                       "Clear the control of %d hexes", n), n);
}

static char *
stroke_edit_name (KesselMapTools *self)
{
  int n = g_hash_table_size (self->touched);
  KesselMap *map = edited_map (self);

  switch (self->tool)
    {
    case KESSEL_TOOL_TERRAIN:
      /* Translators: %s is a terrain, such as Forest; the edit as named in
       * the Edit menu's Undo item. */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Paint %s (%d hex)", "Paint %s (%d hexes)", n),
                              kessel_terrain_display_name (self->terrain), n);
    case KESSEL_TOOL_RIVER:
      {
        const char *river = self->river >= 0 && self->river < kessel_map_get_n_rivers (map)
                            ? kessel_map_get_river (map, self->river)->name : "?";
        if (self->adding)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Draw the %s (%d hexside)",
                                               "Draw the %s (%d hexsides)", n), river, n);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Erase the %s (%d hexside)",
                                             "Erase the %s (%d hexsides)", n), river, n);
      }
    case KESSEL_TOOL_CLOSED:
      if (self->adding)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Close %d hex to Soviet units",
                                             "Close %d hexes to Soviet units", n), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Open %d hex to Soviet units",
                                           "Open %d hexes to Soviet units", n), n);
    case KESSEL_TOOL_EDGE:
      /* Translators: %s is a role such as "German entry hex". */
      if (self->adding)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Mark %d hex: %s", "Mark %d hexes: %s", n),
                                n, kessel_edge_role_display_name (self->edge_role));
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Unmark %d hex: %s", "Unmark %d hexes: %s", n),
                              n, kessel_edge_role_display_name (self->edge_role));
    case KESSEL_TOOL_CONTROL:
      return control_edit_name (self, n);
    default:
      return g_strdup (_("Edit the map"));
    }
}

/* Clicks */

/* A town or fortified locality is added at once and then named; a map name
 * is added once it has a name. */
static void
click_place (KesselMapTools *self, int hex)
{
  if (kessel_place_edit_get (edited_map (self), hex, NULL) == KESSEL_PLACE_CHOICE_NONE
      && kessel_place_edit_set (self->history, hex, self->place_choice, ""))
    kessel_map_view_refresh_hexes (self->view, &hex, 1);
  g_signal_emit (self, signals[PLACE_CLICKED], 0, hex);
}

static gboolean
is_click_tool (KesselTool tool)
{
  return tool == KESSEL_TOOL_SELECT || tool == KESSEL_TOOL_PLACE;
}

/* A drag of the place tool from a place to a hex that shows nothing. */
static void
drag_place (KesselMapTools *self, int from, int to)
{
  int hexes[2] = { from, to };

  if (from == KESSEL_HEX_NONE || to == KESSEL_HEX_NONE || !kessel_place_edit_move (self->history, from, to))
    return;
  kessel_map_view_refresh_hexes (self->view, hexes, 2);
}

static void
click (KesselMapTools *self, int hex)
{
  if (hex == KESSEL_HEX_NONE)
    return;
  if (self->tool == KESSEL_TOOL_PLACE)
    click_place (self, hex);
  else
    g_signal_emit (self, signals[HEX_PICKED], 0, hex);
}

/* Strokes */

static void
end_stroke (KesselMapTools *self)
{
  g_autofree char *name = NULL;

  self->stroking = FALSE;
  if (g_hash_table_size (self->touched) == 0)
    return;
  name = stroke_edit_name (self);
  g_hash_table_remove_all (self->touched);
  kessel_edit_history_commit (self->history, name);
}

void
kessel_map_tools_stroke (KesselMapTools *self, KesselStrokePhase phase, double x, double y)
{
  if (self->history == NULL)
    return;
  if (is_click_tool (self->tool))
    {
      if (phase == KESSEL_STROKE_BEGIN)
        {
          self->start_x = x;
          self->start_y = y;
        }
      else if (phase == KESSEL_STROKE_END && hypot (x - self->start_x, y - self->start_y) <= CLICK_SLOP)
        click (self, kessel_map_view_hex_at (self->view, x, y));
      else if (phase == KESSEL_STROKE_END && self->tool == KESSEL_TOOL_PLACE)
        drag_place (self, kessel_map_view_hex_at (self->view, self->start_x, self->start_y),
                    kessel_map_view_hex_at (self->view, x, y));
      return;
    }
  if (phase == KESSEL_STROKE_BEGIN)
    {
      self->stroking = TRUE;
      g_hash_table_remove_all (self->touched);
      choose_mode (self, x, y);
      self->last_x = x;
      self->last_y = y;
      apply_at_point (self, x, y);
    }
  else if (self->stroking)
    apply_along (self, x, y);
  redraw_step (self);
  if (phase == KESSEL_STROKE_END && self->stroking)
    end_stroke (self);
}

void
kessel_map_tools_finish_stroke (KesselMapTools *self)
{
  if (self->stroking && self->history != NULL)
    end_stroke (self);
  self->stroking = FALSE;
}

void
kessel_map_tools_apply_to_hex (KesselMapTools *self, int hex)
{
  double x, y;

  if (self->history == NULL || hex == KESSEL_HEX_NONE)
    return;
  if (is_click_tool (self->tool) || self->tool == KESSEL_TOOL_RIVER
      || !kessel_map_view_get_hex_center (self->view, hex, &x, &y))
    {
      click (self, hex);
      return;
    }
  kessel_map_tools_stroke (self, KESSEL_STROKE_BEGIN, x, y);
  kessel_map_tools_stroke (self, KESSEL_STROKE_END, x, y);
}
