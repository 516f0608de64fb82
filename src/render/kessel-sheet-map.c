/* kessel-sheet-map.c: the map drawn by the map painter, cut into pages.
 *
 * The parts overlap by a little more than a hex, so every hex is whole on
 * at least one page. The hex size is chosen between the least that keeps the
 * hex numbers readable and a size that still shows much of the map, as the
 * one needing the fewest pages. */
#include "kessel-config.h"
#include "kessel-sheet-map.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#define SQRT3 1.7320508075688772
#define RADIUS_STEP 0.5
/* Room on a part's page for its heading and the line below the map. */
#define PART_RESERVE 50.0
/* Room on the key page for the heading and the legend. */
#define KEY_RESERVE 130.0
/* Room for the section's heading above a map that fits on one page. */
#define HEADING_RESERVE 36.0

#define GERMAN_MARK 0x3c4147
#define SOVIET_MARK 0xc22a22
#define FRAME_COLOUR 0x1d3f8a

typedef struct {
  int hex;
  KesselSide side;
} Mark;

/* What every part of the map draws, shared by the parts. */
typedef struct {
  KesselMapPainter *painter;
  KesselGame *game;        /* NULL: units at their set-up hexes */
  GArray *marks;           /* of Mark, one a hex */
  GHashTable *stacks;      /* game only: hex + 1 to a GArray of KesselStackEntry, top first */
} MapData;

/* How the map is cut: parts across and down, each width by height points. */
typedef struct {
  double radius;
  int across, down;
  double width, height;
  double step_x, step_y;
  double origin_x, origin_y;   /* the first part's top-left corner, in layout units */
} PartPlan;

typedef struct {
  MapData *map;
  KesselHexLayout layout;
  double x, y;                 /* the part's top-left corner in layout units */
} PartDrawing;

typedef struct {
  MapData *map;
  KesselHexLayout layout;      /* of the key map */
  KesselHexLayout part_layout;
  PartPlan plan;
} KeyDrawing;

static void
set_source_rgb24 (cairo_t *cr, guint32 rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

/* Shared data */

static void
map_data_clear (gpointer data)
{
  MapData *map = data;

  g_clear_object (&map->painter);
  g_clear_object (&map->game);
  g_array_unref (map->marks);
  g_clear_pointer (&map->stacks, g_hash_table_unref);
}

static void
map_data_unref (gpointer map)
{
  g_rc_box_release_full (map, map_data_clear);
}

static GArray *
collect_marks (GArray *pieces)
{
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (Mark));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < pieces->len; i++)
    {
      const KesselSheetPiece *piece = &g_array_index (pieces, KesselSheetPiece, i);
      Mark mark = { piece->hex, kessel_unit_get_side (piece->unit) };

      if (piece->hex == KESSEL_HEX_NONE || g_hash_table_contains (seen, GINT_TO_POINTER (piece->hex + 1)))
        continue;
      g_hash_table_add (seen, GINT_TO_POINTER (piece->hex + 1));
      g_array_append_val (marks, mark);
    }
  return marks;
}

/* The stacks of a game in progress, as the game orders them. */
static GHashTable *
collect_stacks (KesselGame *game, GArray *pieces, GArray *marks)
{
  GHashTable *stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);

  for (guint i = 0; i < marks->len; i++)
    {
      int hex = g_array_index (marks, Mark, i).hex;
      g_autoptr(GArray) at = kessel_game_get_pieces_at (game, hex);
      GArray *entries = g_array_new (FALSE, FALSE, sizeof (KesselStackEntry));

      for (guint k = 0; k < at->len; k++)
        {
          KesselStackEntry entry = kessel_sheet_piece_entry (&g_array_index (pieces, KesselSheetPiece,
                                                                             g_array_index (at, int, k)));
          g_array_append_val (entries, entry);
        }
      g_hash_table_insert (stacks, GINT_TO_POINTER (hex + 1), entries);
    }
  return stacks;
}

static MapData *
map_data_new (const KesselSheetSource *source)
{
  MapData *map = g_rc_box_new0 (MapData);

  map->painter = kessel_map_painter_new (source->scenario);
  kessel_map_painter_set_show_hex_numbers (map->painter, TRUE);
  kessel_map_painter_set_show_edge_roles (map->painter, TRUE);
  map->marks = collect_marks (source->pieces);
  if (source->game != NULL)
    {
      map->game = g_object_ref (source->game);
      map->stacks = collect_stacks (source->game, source->pieces, map->marks);
    }
  return map;
}

/* Planning the parts */

static int
parts_needed (double total, double size, double overlap)
{
  if (total <= size)
    return 1;
  return (int) ceil ((total - size) / (size - overlap) - 1e-9) + 1;
}

static void
plan_axis (double total, double size, double overlap, int *count, double *step, double *origin)
{
  *count = parts_needed (total, size, overlap);
  *step = *count > 1 ? (total - size) / (*count - 1) : 0;
  /* A map smaller than the page sits in its middle. */
  *origin = *count > 1 ? 0 : (total - size) / 2;
}

static void
plan_for_radius (const KesselGrid *grid, double radius, double width, double height, PartPlan *plan)
{
  KesselHexLayout layout;

  kessel_hex_layout_init (&layout, grid, radius);
  plan->radius = radius;
  plan->width = width;
  plan->height = height;
  plan_axis (kessel_hex_layout_width (&layout), width, 2.5 * radius, &plan->across, &plan->step_x,
             &plan->origin_x);
  plan_axis (kessel_hex_layout_height (&layout), height, 2.2 * radius, &plan->down, &plan->step_y,
             &plan->origin_y);
}

static void
choose_plan (const KesselGrid *grid, double width, double height, PartPlan *best)
{
  plan_for_radius (grid, KESSEL_SHEET_MAP_MAX_RADIUS, width, height, best);
  for (double r = KESSEL_SHEET_MAP_MAX_RADIUS - RADIUS_STEP; r >= KESSEL_SHEET_MAP_MIN_RADIUS - 1e-9;
       r -= RADIUS_STEP)
    {
      PartPlan plan;

      plan_for_radius (grid, r, width, height, &plan);
      if (plan.across * plan.down < best->across * best->down)
        *best = plan;
    }
}

static void
part_origin (const PartPlan *plan, int part, double *x, double *y)
{
  *x = plan->origin_x + (part % plan->across) * plan->step_x;
  *y = plan->origin_y + (part / plan->across) * plan->step_y;
}

/* Drawing marks */

static void
hex_path (cairo_t *cr, const KesselHexLayout *layout, int hex, double scale)
{
  double cx, cy;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  for (int i = 0; i < 6; i++)
    {
      double px, py;

      kessel_hex_layout_corner (layout, hex, i, &px, &py);
      px = cx + (px - cx) * scale;
      py = cy + (py - cy) * scale;
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/* Whether any of a hex lies in the rectangle. */
static gboolean
hex_meets_rect (const KesselHexLayout *layout, int hex, double x, double y, double width, double height)
{
  double r = layout->radius, cx, cy;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  return cx + r > x && cx - r < x + width && cy + SQRT3 / 2 * r > y && cy - SQRT3 / 2 * r < y + height;
}

/* The marks of the hexes a part shows, so nothing outside it is drawn. */
static GArray *
visible_marks (GArray *marks, const KesselHexLayout *layout, double x, double y, double width,
               double height)
{
  GArray *visible = g_array_new (FALSE, FALSE, sizeof (Mark));

  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *mark = &g_array_index (marks, Mark, i);
      if (hex_meets_rect (layout, mark->hex, x, y, width, height))
        g_array_append_val (visible, *mark);
    }
  return visible;
}

static guint32
mark_colour (KesselSide side)
{
  return side == KESSEL_SIDE_SOVIET ? SOVIET_MARK : GERMAN_MARK;
}

static void
draw_rings (cairo_t *cr, const KesselHexLayout *layout, GArray *marks)
{
  cairo_save (cr);
  cairo_set_line_width (cr, layout->radius * 0.1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < marks->len; i++)
    {
      const Mark *mark = &g_array_index (marks, Mark, i);

      hex_path (cr, layout, mark->hex, 0.9);
      set_source_rgb24 (cr, mark_colour (mark->side));
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* Whether the hex above hex has a name written at its foot. */
static gboolean
named_above (KesselMap *map, const KesselHexLayout *layout, int hex)
{
  int above = kessel_grid_neighbour (&layout->grid, hex, KESSEL_DIRECTION_N);
  const KesselPlace *place = above >= 0 ? kessel_map_get_place_at (map, above) : NULL;

  return (place != NULL && place->name != NULL && *place->name != '\0')
         || (above >= 0 && kessel_map_get_label (map, above) != NULL);
}

/* The hex number in bold on a label at the top of the hex; lower, over the
 * top of its stack, when the hex above has its name there. */
static void
draw_tag (cairo_t *cr, PangoLayout *text, KesselMap *map, const KesselHexLayout *layout, const Mark *mark)
{
  g_autofree char *number = kessel_grid_format_hex (&layout->grid, mark->hex);
  double r = layout->radius, cx, cy, w, h;
  PangoRectangle ink, logical;

  pango_layout_set_text (text, number, -1);
  pango_layout_get_extents (text, &ink, &logical);
  w = (double) logical.width / PANGO_SCALE + 0.16 * r;
  h = (double) logical.height / PANGO_SCALE;
  kessel_hex_layout_center (layout, mark->hex, &cx, &cy);
  cy -= (named_above (map, layout, mark->hex) ? 0.64 : 0.8) * r;
  cairo_rectangle (cr, cx - w / 2, cy - h / 2, w, h);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  set_source_rgb24 (cr, mark_colour (mark->side));
  cairo_set_line_width (cr, 0.04 * r);
  cairo_stroke (cr);
  cairo_move_to (cr, cx - (double) (logical.x + logical.width / 2) / PANGO_SCALE,
                 cy - (double) (logical.y + logical.height / 2) / PANGO_SCALE);
  cairo_set_source_rgb (cr, 0, 0, 0);
  pango_cairo_show_layout (cr, text);
}

static void
draw_tags (cairo_t *cr, KesselMap *map, const KesselHexLayout *layout, GArray *marks)
{
  PangoLayout *text = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, layout->radius * 0.27 * PANGO_SCALE);
  pango_layout_set_font_description (text, font);
  for (guint i = 0; i < marks->len; i++)
    draw_tag (cr, text, map, layout, &g_array_index (marks, Mark, i));
  pango_font_description_free (font);
  g_object_unref (text);
}

static void
draw_units (MapData *map, cairo_t *cr, const KesselHexLayout *layout, GArray *marks, double x,
            double y, double width, double height)
{
  /* The painter takes in the hexes half a hex around its rectangle, for
   * stacks reaching in; these would only be cut off here. */
  double pad = layout->radius * 0.5;

  if (map->game == NULL)
    {
      kessel_map_painter_draw_setup (map->painter, cr, layout, x + pad, y + pad, width - 2 * pad,
                                     height - 2 * pad);
      return;
    }
  for (guint i = 0; i < marks->len; i++)
    {
      int hex = g_array_index (marks, Mark, i).hex;
      GArray *stack = g_hash_table_lookup (map->stacks, GINT_TO_POINTER (hex + 1));

      if (stack != NULL)
        kessel_map_painter_draw_stack (map->painter, cr, layout, hex,
                                       (const KesselStackEntry *) stack->data, stack->len);
    }
}

static void
draw_frame (cairo_t *cr, double width, double height)
{
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* A part */

static void
part_drawing_free (gpointer data)
{
  PartDrawing *part = data;

  map_data_unref (part->map);
  g_free (part);
}

static void
draw_part (cairo_t *cr, double width, double height, gpointer data)
{
  PartDrawing *part = data;
  MapData *map = part->map;
  g_autoptr(GArray) marks = visible_marks (map->marks, &part->layout, part->x, part->y, width, height);

  cairo_save (cr);
  cairo_translate (cr, -part->x, -part->y);
  kessel_map_painter_draw_terrain (map->painter, cr, &part->layout, part->x, part->y, width, height);
  /* Under rivers and place names, over the terrain. */
  draw_rings (cr, &part->layout, marks);
  kessel_map_painter_draw_features (map->painter, cr, &part->layout, part->x, part->y, width, height);
  draw_units (map, cr, &part->layout, marks, part->x, part->y, width, height);
  draw_tags (cr, kessel_scenario_get_map (kessel_map_painter_get_scenario (map->painter)), &part->layout, marks);
  cairo_restore (cr);
  draw_frame (cr, width, height);
}

/* The columns and rows whole on a part, for its heading. */
static void
whole_range (const KesselHexLayout *layout, double x, double y, double width, double height,
             int *first_column, int *last_column, int *first_row, int *last_row)
{
  double r = layout->radius, h = SQRT3 * r, eps = 1e-6;

  *first_column = *first_row = G_MAXINT;
  *last_column = *last_row = 0;
  for (int c = 1; c <= layout->grid.columns; c++)
    {
      double cx = layout->margin + r + (c - 1) * 1.5 * r;
      if (cx - r >= x - eps && cx + r <= x + width + eps)
        *first_column = MIN (*first_column, c), *last_column = MAX (*last_column, c);
    }
  for (int row = 1; row <= layout->grid.rows; row++)
    {
      double top = layout->margin + (row - 1) * h;
      /* Even columns sit half a hex lower, if they have this row at all. */
      gboolean even_row = layout->grid.columns >= 2 && kessel_grid_hex_at (&layout->grid, 2, row) != KESSEL_HEX_NONE;
      double bottom = top + (even_row ? 1.5 : 1.0) * h;

      if (top >= y - eps && bottom <= y + height + eps)
        *first_row = MIN (*first_row, row), *last_row = MAX (*last_row, row);
    }
}

static char *
part_heading (const PartPlan *plan, const KesselHexLayout *layout, int part, double x, double y)
{
  int c0, c1, r0, r1;

  whole_range (layout, x, y, plan->width, plan->height, &c0, &c1, &r0, &r1);
  if (c0 > c1 || r0 > r1)
    return g_strdup_printf (_("Map part %d of %d"), part + 1, plan->across * plan->down);
  /* Translators: a page of the map: which part, then the columns and rows
   * it shows whole. */
  return g_strdup_printf (_("Map part %d of %d: columns %02d–%02d, rows %02d–%02d"), part + 1,
                          plan->across * plan->down, c0, c1, r0, r1);
}

static void
add_part (KesselSheetDocument *document, MapData *map, const KesselGrid *grid, const PartPlan *plan,
          int part, const char *legend, guint flags)
{
  PartDrawing *drawing = g_new0 (PartDrawing, 1);
  g_autofree char *heading = NULL;
  KesselSheetBlock *block;
  double left = (kessel_sheet_document_get_body_width (document) - plan->width) / 2;

  drawing->map = g_rc_box_acquire (map);
  kessel_hex_layout_init (&drawing->layout, grid, plan->radius);
  part_origin (plan, part, &drawing->x, &drawing->y);
  heading = part_heading (plan, &drawing->layout, part, drawing->x, drawing->y);

  block = kessel_sheet_block_new (0);
  {
    g_autofree char *markup = g_markup_escape_text (heading, -1);
    g_autoptr(PangoLayout) layout = kessel_sheet_document_create_layout (document, KESSEL_SHEET_FONT_SUBHEADING,
                                                                         markup, plan->width, 1);
    kessel_sheet_block_add_layout (block, left, 0, layout);
  }
  kessel_sheet_block_add_drawing (block, left, 20, plan->width, plan->height, draw_part, drawing,
                                  part_drawing_free);
  {
    g_autoptr(PangoLayout) layout = kessel_sheet_document_create_layout (document, KESSEL_SHEET_FONT_SMALL,
                                                                         legend, plan->width, 2);
    kessel_sheet_block_add_layout (block, left, 24 + plan->height, layout);
  }
  kessel_sheet_block_set_height (block, plan->height + PART_RESERVE - 8);
  kessel_sheet_document_append (document, block, flags);
}

/* The key map */

static void
key_drawing_free (gpointer data)
{
  KeyDrawing *key = data;

  map_data_unref (key->map);
  g_free (key);
}

/* A point of a part's layout on the key map's. */
static void
to_key (const KeyDrawing *key, double x, double y, double *kx, double *ky)
{
  double scale = key->layout.radius / key->part_layout.radius;

  *kx = key->layout.margin + (x - key->part_layout.margin) * scale;
  *ky = key->layout.margin + (y - key->part_layout.margin) * scale;
}

static void
draw_key_dots (cairo_t *cr, const KeyDrawing *key)
{
  for (guint i = 0; i < key->map->marks->len; i++)
    {
      const Mark *mark = &g_array_index (key->map->marks, Mark, i);
      double cx, cy;

      kessel_hex_layout_center (&key->layout, mark->hex, &cx, &cy);
      cairo_arc (cr, cx, cy, key->layout.radius * 0.55, 0, 2 * G_PI);
      set_source_rgb24 (cr, mark_colour (mark->side));
      cairo_fill (cr);
    }
}

static void
draw_key_label (cairo_t *cr, PangoLayout *text, int number, double x, double y)
{
  g_autofree char *label = g_strdup_printf ("%d", number);
  PangoRectangle logical;

  pango_layout_set_text (text, label, -1);
  pango_layout_get_extents (text, NULL, &logical);
  cairo_move_to (cr, x - (double) logical.width / PANGO_SCALE / 2,
                 y - (double) logical.height / PANGO_SCALE / 2);
  pango_cairo_layout_path (cr, text);
  cairo_set_line_width (cr, 3);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke_preserve (cr);
  set_source_rgb24 (cr, FRAME_COLOUR);
  cairo_fill (cr);
}

static void
draw_key_parts (cairo_t *cr, const KeyDrawing *key)
{
  PangoLayout *text = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 16");
  int n = key->plan.across * key->plan.down;

  pango_layout_set_font_description (text, font);
  for (int part = 0; part < n; part++)
    {
      double x, y, x1, y1, x2, y2;

      part_origin (&key->plan, part, &x, &y);
      to_key (key, x, y, &x1, &y1);
      to_key (key, x + key->plan.width, y + key->plan.height, &x2, &y2);
      cairo_rectangle (cr, x1 + 1, y1 + 1, x2 - x1 - 2, y2 - y1 - 2);
      set_source_rgb24 (cr, FRAME_COLOUR);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      draw_key_label (cr, text, part + 1, (x1 + x2) / 2, (y1 + y2) / 2);
    }
  pango_font_description_free (font);
  g_object_unref (text);
}

static void
draw_key (cairo_t *cr, double width, double height, gpointer data)
{
  KeyDrawing *key = data;
  double map_width = kessel_hex_layout_width (&key->layout);
  double map_height = kessel_hex_layout_height (&key->layout);

  cairo_save (cr);
  cairo_translate (cr, (width - map_width) / 2, 0);
  kessel_map_painter_draw_terrain (key->map->painter, cr, &key->layout, 0, 0, map_width, map_height);
  kessel_map_painter_draw_features (key->map->painter, cr, &key->layout, 0, 0, map_width, map_height);
  draw_key_dots (cr, key);
  draw_key_parts (cr, key);
  cairo_restore (cr);
}

static double
key_radius (const KesselGrid *grid, double width, double height)
{
  KesselHexLayout unit;
  double scale;

  /* The layout grows in proportion to the radius but for its margin. */
  kessel_hex_layout_init (&unit, grid, 10);
  scale = MIN (width / kessel_hex_layout_width (&unit), height / kessel_hex_layout_height (&unit));
  return MAX (10 * scale, 0.5);
}

static void
add_key (KesselSheetDocument *document, MapData *map, const KesselGrid *grid, const PartPlan *plan)
{
  double width = kessel_sheet_document_get_body_width (document);
  double height = kessel_sheet_document_get_body_height (document) - KEY_RESERVE;
  KeyDrawing *key = g_new0 (KeyDrawing, 1);
  KesselSheetBlock *block;

  key->map = g_rc_box_acquire (map);
  key->plan = *plan;
  kessel_hex_layout_init (&key->part_layout, grid, plan->radius);
  kessel_hex_layout_init (&key->layout, grid, key_radius (grid, width, height));
  height = MIN (height, kessel_hex_layout_height (&key->layout));
  block = kessel_sheet_block_new (height);
  kessel_sheet_block_add_drawing (block, 0, 0, width, height, draw_key, key, key_drawing_free);
  kessel_sheet_document_append (document, block, 0);
}

static const char *
legend_text (const KesselSheetSource *source)
{
  if (source->game != NULL)
    return _("Rings mark the hexes with units: grey German, red Soviet. The number on a stack counts its units.");
  return _("Rings mark the set-up hexes: grey German, red Soviet. The number on a stack counts its units; "
           "the lists give every unit of a hex.");
}

static void
add_key_legend (KesselSheetDocument *document, const KesselSheetSource *source, const PartPlan *plan)
{
  g_autofree char *parts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "The map follows on %d page, as framed above; neighbouring parts overlap so that each hex is whole on one of them.",
                                                         "The map follows on %d pages, as framed above; neighbouring parts overlap so that each hex is whole on one of them.",
                                                         plan->across * plan->down),
                                            plan->across * plan->down);

  kessel_sheet_document_add_space (document, 6);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, parts, 0);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                       source->game ? _("Dots mark the hexes with units: grey German, red Soviet.")
                                                    : _("Dots mark the set-up hexes: grey German, red Soviet."), 0);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                       _("Along the map edges: red dots are Soviet supply sources, blue "
                                         "squares German C&amp;C sources, green arrows German entry hexes and "
                                         "orange arrows Soviet exit hexes. Red hatching: closed to Soviet units (12.5)."),
                                       0);
}

/* A map that fits on one page below the heading needs no key. */
static gboolean
add_single_page (KesselSheetDocument *document, const KesselSheetSource *source, MapData *map,
                 const KesselGrid *grid, const char *title)
{
  PartPlan plan;

  choose_plan (grid, kessel_sheet_document_get_body_width (document),
               kessel_sheet_document_get_body_height (document) - PART_RESERVE - HEADING_RESERVE, &plan);
  if (plan.across * plan.down > 1)
    return FALSE;
  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  add_part (document, map, grid, &plan, 0, legend_text (source), 0);
  return TRUE;
}

void
kessel_sheet_map_add (KesselSheetDocument *document, const KesselSheetSource *source, const char *title)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (source->scenario));
  MapData *map = map_data_new (source);
  PartPlan plan;

  if (add_single_page (document, source, map, grid, title))
    {
      map_data_unref (map);
      return;
    }
  choose_plan (grid, kessel_sheet_document_get_body_width (document),
               kessel_sheet_document_get_body_height (document) - PART_RESERVE, &plan);
  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  add_key (document, map, grid, &plan);
  add_key_legend (document, source, &plan);
  for (int part = 0; part < plan.across * plan.down; part++)
    add_part (document, map, grid, &plan, part, legend_text (source), KESSEL_SHEET_NEW_PAGE);
  map_data_unref (map);
}
