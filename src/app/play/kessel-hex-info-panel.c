/* kessel-hex-info-panel.c: the side panel describing the hovered hex. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-counter-painter.h"
#include "kessel-game-watch.h"
#include "kessel-hex-info-panel.h"

#define COUNTER_SIZE 48

struct _KesselHexInfoPanel
{
  GtkBox parent_instance;

  KesselScenario *scenario;
  KesselGame *game;              /* in play: the pieces where they stand */
  KesselSide viewer;             /* whose eyes they are seen with (6.3) */
  int hex;

  GtkWidget *placeholder_label;
  GtkWidget *details_box;
  GtkLabel *hex_label;
  GtkLabel *terrain_label;
  GtkWidget *place_key;
  GtkWidget *place_label;
  GtkWidget *rivers_key;
  GtkWidget *rivers_label;
  GtkWidget *edge_key;
  GtkWidget *edge_label;
  GtkWidget *closed_key;
  GtkWidget *closed_label;
  GtkLabel *control_label;
  GtkWidget *units_heading;
  GtkWidget *units_box;
};

G_DEFINE_FINAL_TYPE (KesselHexInfoPanel, kessel_hex_info_panel, GTK_TYPE_BOX)

static const char *
direction_name (KesselDirection direction)
{
  switch (direction)
    {
    case KESSEL_DIRECTION_N: return C_("hexside", "N");
    case KESSEL_DIRECTION_NE: return C_("hexside", "NE");
    case KESSEL_DIRECTION_SE: return C_("hexside", "SE");
    case KESSEL_DIRECTION_S: return C_("hexside", "S");
    case KESSEL_DIRECTION_SW: return C_("hexside", "SW");
    case KESSEL_DIRECTION_NW: return C_("hexside", "NW");
    default: return "?";
    }
}

static const char *
edge_role_name (KesselEdgeRole role)
{
  switch (role)
    {
    case KESSEL_EDGE_SUPPLY_SOURCE: return _("Soviet supply source (8.2)");
    case KESSEL_EDGE_COMMAND_SOURCE: return _("German command source (9.2)");
    case KESSEL_EDGE_ENTRY: return _("German reinforcement entry (10.1)");
    case KESSEL_EDGE_EXIT: return _("Soviet corps exit (4.1)");
    default: return "?";
    }
}

/* Shows a key and its value, or hides both when there is no value. */
static void
set_row (GtkWidget  *key,
         GtkWidget  *value,
         const char *text)
{
  gtk_widget_set_visible (key, text != NULL);
  gtk_widget_set_visible (value, text != NULL);
  if (text != NULL)
    gtk_label_set_text (GTK_LABEL (value), text);
}

/* One line per river on the hex's sides: "Dnestr (major): S, SW". */
static char *
describe_rivers (KesselMap *map,
                 int        hex)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  int river_at[KESSEL_N_DIRECTIONS];
  g_autoptr(GString) text = g_string_new (NULL);

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    river_at[d] = kessel_map_get_river_at_side (map, kessel_grid_hexside (grid, hex, d));

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      const KesselRiver *river;
      gboolean seen = FALSE;

      for (int e = 0; e < d; e++)
        seen |= river_at[e] == river_at[d];
      if (river_at[d] == KESSEL_RIVER_NONE || seen)
        continue;

      river = kessel_map_get_river (map, river_at[d]);
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (river->major)
        /* Translators: a major river adds 1 to the crossing roll. */
        g_string_append_printf (text, _("%s (major):"), river->name);
      else
        g_string_append_printf (text, _("%s:"), river->name);
      for (int e = d; e < KESSEL_N_DIRECTIONS; e++)
        if (river_at[e] == river_at[d])
          g_string_append_printf (text, e == d ? " %s" : ", %s", direction_name (e));
    }

  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static char *
describe_edge_roles (KesselMap *map,
                     int        hex)
{
  guint roles = kessel_map_get_edge_roles (map, hex);
  g_autoptr(GString) text = g_string_new (NULL);

  for (int i = 0; i < KESSEL_N_EDGE_ROLES; i++)
    if (roles & (1u << i))
      {
        if (text->len > 0)
          g_string_append_c (text, '\n');
        g_string_append (text, edge_role_name (1u << i));
      }

  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static void
draw_counter (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  KesselUnit *unit = data;
  int step = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "step"));

  kessel_counter_painter_draw (cr, unit, step, 0, 1, 1, MIN (width, height) - 2);
}

static GtkWidget *
counter_picture_new (KesselUnit *unit, int step)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), COUNTER_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), COUNTER_SIZE);
  gtk_widget_set_valign (area, GTK_ALIGN_START);
  g_object_set_data (G_OBJECT (area), "step", GINT_TO_POINTER (step));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_counter,
                                  g_object_ref (unit), g_object_unref);
  return area;
}

/* "16th Panzer Division — 4-4 (of 6 steps)", then what kind of unit it is. */
static char *
describe_unit (KesselScenario *scenario,
               KesselUnit     *unit)
{
  const KesselStep *front = kessel_unit_get_step (unit, 0);
  int total = kessel_scenario_get_total_steps (scenario, unit);
  g_autofree char *steps = g_strdup_printf (ngettext ("(of %d step)", "(of %d steps)", total), total);
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: unit name, front attack-defence factors, "(of N steps)". */
  g_string_append_printf (text, _("%s — %d-%d %s"),
                          kessel_unit_get_name (unit), front->attack, front->defence, steps);
  g_string_append_c (text, '\n');
  /* Translators: side, unit type and unit size, as in "German · Armour · Division". */
  g_string_append_printf (text, _("%s · %s · %s"),
                          kessel_side_display_name (kessel_unit_get_side (unit)),
                          kessel_unit_type_display_name (kessel_unit_get_unit_type (unit)),
                          kessel_unit_size_display_name (kessel_unit_get_size (unit)));
  if (kessel_unit_get_n_steps (unit) > 1)
    {
      const KesselStep *back = kessel_unit_get_step (unit, 1);

      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("Reduced side %d-%d"), back->attack, back->defence);
    }
  if (!kessel_unit_get_setup_exact (unit))
    {
      g_string_append_c (text, '\n');
      g_string_append (text, _("Sets up in or adjacent to this hex"));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkWidget *
unit_row_new (KesselScenario *scenario,
              KesselUnit     *unit)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  g_autofree char *text = describe_unit (scenario, unit);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), counter_picture_new (unit, 0));
  gtk_box_append (GTK_BOX (row), label);
  return row;
}

/* In play: the piece as it stands, "16th Panzer Division — 3-4, 3 of 4 steps",
 * then supply or C&C, MP left and whether it has attacked. */
static char *
describe_piece (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);
  KesselSide side = kessel_game_get_piece_side (game, piece);
  g_autoptr(GString) text = g_string_new (NULL);

  int full = kessel_game_get_piece_full_steps (game, piece);
  int attack = kessel_game_get_piece_attack (game, piece), defence = kessel_game_get_piece_defence (game, piece);

  if (full == 1)
    /* Translators: unit name, attack-defence factors of a unit of one step. */
    g_string_append_printf (text, _("%s — %d-%d, one step"), kessel_unit_get_name (unit), attack, defence);
  else
    /* Translators: unit name, attack-defence factors now, steps left and in all. */
    g_string_append_printf (text, ngettext ("%s — %d-%d, %d of %d step", "%s — %d-%d, %d of %d steps", full),
                            kessel_unit_get_name (unit), attack, defence, kessel_game_get_piece_steps (game, piece), full);
  g_string_append_c (text, '\n');
  if (side == KESSEL_SIDE_SOVIET)
    g_string_append (text, kessel_game_piece_in_supply (game, piece) ? _("In supply") : _("Out of supply (8.3)"));
  else
    g_string_append (text, kessel_game_piece_in_command (game, piece) ? _("In C&C") : _("Out of C&C (9.2)"));
  if (kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC)
    g_string_append_printf (text, _(" · %d MP left"), kessel_game_get_piece_mp (game, piece));
  if (kessel_game_piece_has_attacked (game, piece))
    g_string_append (text, _(" · has attacked"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A unit seen is a button that opens it in the window's unit pane. */
static GtkWidget *
unit_button_new (GtkWidget *row, int piece)
{
  GtkWidget *button = gtk_button_new ();

  gtk_button_set_child (GTK_BUTTON (button), row);
  gtk_widget_add_css_class (button, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.show-unit");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_int32 (piece));
  gtk_widget_set_tooltip_text (button, _("Show this unit in the Unit tab"));
  return button;
}

static GtkWidget *
piece_row_new (KesselHexInfoPanel *self, int piece)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  g_autofree char *text = NULL;
  GtkWidget *label;

  if (self->viewer != KESSEL_SIDE_NONE && !kessel_game_piece_visible_to (self->game, piece, self->viewer))
    text = g_strdup (_("A unit not yet seen (6.3)"));
  else
    {
      gtk_box_append (GTK_BOX (row), kessel_hex_info_panel_piece_counter_new (self->game, piece));
      text = describe_piece (self->game, piece);
    }
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  return gtk_widget_get_first_child (row) != label ? unit_button_new (row, piece) : row;
}

static void
show_pieces (KesselHexInfoPanel *self)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, self->hex);

  for (guint i = 0; i < pieces->len; i++)
    gtk_box_append (GTK_BOX (self->units_box), piece_row_new (self, g_array_index (pieces, int, i)));
  gtk_label_set_text (GTK_LABEL (self->units_heading), _("Units here"));
  gtk_widget_set_visible (self->units_heading, pieces->len > 0);
}

static void
show_units (KesselHexInfoPanel *self)
{
  g_autoptr(GPtrArray) units = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->units_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->units_box), child);
  if (self->game != NULL)
    {
      show_pieces (self);
      return;
    }
  units = kessel_scenario_get_units_set_up_at (self->scenario, self->hex);
  gtk_label_set_text (GTK_LABEL (self->units_heading), _("Set up here"));

  for (guint i = 0; i < units->len; i++)
    gtk_box_append (GTK_BOX (self->units_box), unit_row_new (self->scenario, units->pdata[i]));
  gtk_widget_set_visible (self->units_heading, units->len > 0);
}

static void
show_place (KesselHexInfoPanel *self,
            KesselMap          *map)
{
  const KesselPlace *place = kessel_map_get_place_at (map, self->hex);
  const char *label = kessel_map_get_label (map, self->hex);

  if (place != NULL)
    gtk_label_set_text (GTK_LABEL (self->place_key),
                        place->kind == KESSEL_PLACE_TOWN ? _("Town") : _("Fortified locality"));
  else if (label != NULL)
    /* Translators: a place named on the map that is worth no victory points. */
    gtk_label_set_text (GTK_LABEL (self->place_key), _("Map name"));
  set_row (self->place_key, self->place_label, place != NULL ? place->name : label);
}

static void
update (KesselHexInfoPanel *self)
{
  KesselMap *map;
  g_autofree char *number = NULL;
  g_autofree char *title = NULL;
  g_autofree char *rivers = NULL;
  g_autofree char *edges = NULL;
  KesselSide control;
  gboolean shown = self->scenario != NULL && self->hex >= 0
                   && self->hex < kessel_map_get_hex_count (kessel_scenario_get_map (self->scenario));

  gtk_widget_set_visible (self->placeholder_label, !shown);
  gtk_widget_set_visible (self->details_box, shown);
  if (!shown)
    return;

  map = kessel_scenario_get_map (self->scenario);
  number = kessel_grid_format_hex (kessel_map_get_grid (map), self->hex);
  title = g_strdup_printf (_("Hex %s"), number);
  gtk_label_set_text (self->hex_label, title);
  gtk_label_set_text (self->terrain_label,
                      kessel_terrain_display_name (kessel_map_get_terrain (map, self->hex)));
  show_place (self, map);

  rivers = describe_rivers (map, self->hex);
  set_row (self->rivers_key, self->rivers_label, rivers);
  edges = describe_edge_roles (map, self->hex);
  set_row (self->edge_key, self->edge_label, edges);
  gtk_widget_set_visible (self->closed_key, kessel_map_is_closed_to_soviet (map, self->hex));
  gtk_widget_set_visible (self->closed_label, kessel_map_is_closed_to_soviet (map, self->hex));
  control = self->game != NULL ? kessel_game_get_control (self->game, self->hex)
                               : kessel_map_get_initial_control (map, self->hex);
  gtk_label_set_text (self->control_label,
                      control == KESSEL_SIDE_NONE ? _("Neither side") : kessel_side_display_name (control));
  show_units (self);
}

static void
kessel_hex_info_panel_dispose (GObject *object)
{
  KesselHexInfoPanel *self = KESSEL_HEX_INFO_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_HEX_INFO_PANEL);
  g_clear_object (&self->scenario);
  kessel_game_watch (&self->game, NULL, NULL, self);
  G_OBJECT_CLASS (kessel_hex_info_panel_parent_class)->dispose (object);
}

static void
kessel_hex_info_panel_class_init (KesselHexInfoPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_hex_info_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/kessel/Kessel/kessel-hex-info-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, placeholder_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, details_box);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, hex_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, terrain_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, place_key);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, place_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, rivers_key);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, rivers_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, edge_key);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, edge_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, closed_key);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, closed_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, control_label);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, units_heading);
  gtk_widget_class_bind_template_child (widget_class, KesselHexInfoPanel, units_box);
}

static void
kessel_hex_info_panel_init (KesselHexInfoPanel *self)
{
  self->hex = KESSEL_HEX_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_hex_info_panel_new (void)
{
  return g_object_new (KESSEL_TYPE_HEX_INFO_PANEL, NULL);
}

void
kessel_hex_info_panel_set_scenario (KesselHexInfoPanel *self,
                                    KesselScenario     *scenario)
{
  g_return_if_fail (KESSEL_IS_HEX_INFO_PANEL (self));

  g_set_object (&self->scenario, scenario);
  self->hex = KESSEL_HEX_NONE;
  update (self);
}

void
kessel_hex_info_panel_set_hex (KesselHexInfoPanel *self,
                               int                 hex)
{
  g_return_if_fail (KESSEL_IS_HEX_INFO_PANEL (self));

  if (hex == self->hex)
    return;
  self->hex = hex;
  update (self);
}

static void
game_changed (KesselGame *game, guint changes, KesselHexInfoPanel *self)
{
  update (self);
}

void
kessel_hex_info_panel_set_game (KesselHexInfoPanel *self,
                                KesselGame         *game,
                                KesselSide          viewer)
{
  g_return_if_fail (KESSEL_IS_HEX_INFO_PANEL (self));
  if (self->game == game && self->viewer == viewer)
    return;
  self->viewer = viewer;
  gtk_label_set_text (GTK_LABEL (self->placeholder_label),
                      game != NULL ? _("Point at a hex to see its terrain and the units in it.")
                                   : _("Point at a hex to see its terrain and the units set up there."));
  kessel_game_watch (&self->game, game, G_CALLBACK (game_changed), self);
  update (self);
}

GtkWidget *
kessel_hex_info_panel_piece_counter_new (KesselGame *game,
                                         int         piece)
{
  KesselUnit *counter = kessel_game_get_piece_counter (game, piece);
  int behind = kessel_game_get_piece_full_steps (game, piece) - kessel_game_get_piece_steps (game, piece);

  return counter_picture_new (counter, CLAMP (behind, 0, kessel_unit_get_n_steps (counter) - 1));
}
