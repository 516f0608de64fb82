/* kessel-overlay-painter.c: what play draws over the map. */
#include "kessel-config.h"

#include <math.h>

#include "kessel-overlay-painter.h"

static void
hex_path (cairo_t *cr, const KesselHexLayout *layout, int hex, double shrink)
{
  double cx, cy;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  cairo_new_sub_path (cr);
  for (int corner = 0; corner < 6; corner++)
    {
      double x, y;
      kessel_hex_layout_corner (layout, hex, corner, &x, &y);
      cairo_line_to (cr, cx + (x - cx) * shrink, cy + (y - cy) * shrink);
    }
  cairo_close_path (cr);
}

static gboolean
hex_in_clip (const KesselHexLayout *layout, int hex, double x, double y, double width, double height)
{
  double cx, cy, r = layout->radius * 1.6;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  return cx + r >= x && cx - r <= x + width && cy + r >= y && cy - r <= y + height;
}

static void
draw_number (cairo_t *cr, const KesselHexLayout *layout, int hex, int number, gboolean roll)
{
  char text[16];
  cairo_text_extents_t extents;
  double cx, cy, size = MAX (8.0, layout->radius * 0.42);

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  g_snprintf (text, sizeof text, roll ? "%d?" : "%d", number);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  /* In the middle of its own hex: near an edge it was read as the next hex's. */
  cairo_move_to (cr, cx - extents.width / 2 - extents.x_bearing, cy - extents.height / 2 - extents.y_bearing);
  cairo_text_path (cr, text);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, size / 4);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.05, 0.2, 0.45);
  cairo_fill (cr);
}

static void
mark_colour (cairo_t *cr, KesselMarkKind kind)
{
  switch (kind)
    {
    case KESSEL_MARK_REACH:
      cairo_set_source_rgba (cr, 0.25, 0.55, 1.0, 0.28);
      break;
    case KESSEL_MARK_LEGAL:
      cairo_set_source_rgba (cr, 0.2, 0.8, 0.3, 0.35);
      break;
    case KESSEL_MARK_TARGET:
      cairo_set_source_rgba (cr, 0.9, 0.15, 0.1, 0.35);
      break;
    case KESSEL_MARK_ATTACKER:
      cairo_set_source_rgba (cr, 1.0, 0.6, 0.0, 0.35);
      break;
    case KESSEL_MARK_NONE:
    default:
      cairo_set_source_rgba (cr, 0, 0, 0, 0);
      break;
    }
}

void
kessel_overlay_draw_marks (cairo_t *cr, const KesselHexLayout *layout, const KesselHexMark *marks,
                           double x, double y, double width, double height)
{
  int n = kessel_grid_hex_count (&layout->grid);

  if (marks == NULL)
    return;
  cairo_save (cr);
  for (int hex = 0; hex < n; hex++)
    {
      if (marks[hex].kind == KESSEL_MARK_NONE || !hex_in_clip (layout, hex, x, y, width, height))
        continue;
      hex_path (cr, layout, hex, 0.96);
      mark_colour (cr, marks[hex].kind);
      cairo_fill (cr);
      if (marks[hex].number >= 0)
        draw_number (cr, layout, hex, marks[hex].number, marks[hex].roll);
    }
  cairo_restore (cr);
}

static void
draw_zoc (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game, KesselSide side,
          double x, double y, double width, double height)
{
  int n = kessel_grid_hex_count (&layout->grid);

  cairo_save (cr);
  for (int hex = 0; hex < n; hex++)
    if (hex_in_clip (layout, hex, x, y, width, height) && kessel_game_in_zoc_of (game, hex, side))
      hex_path (cr, layout, hex, 0.9);
  if (side == KESSEL_SIDE_GERMAN)
    cairo_set_source_rgba (cr, 0.15, 0.25, 0.55, 0.7);
  else
    cairo_set_source_rgba (cr, 0.7, 0.1, 0.05, 0.7);
  cairo_set_line_width (cr, MAX (1.0, layout->radius / 10));
  {
    double dash[] = { layout->radius / 5, layout->radius / 7 };
    cairo_set_dash (cr, dash, 2, 0);
  }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_line_of (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game, int hex, KesselSide side)
{
  g_autoptr(GArray) path = kessel_game_trace_path (game, hex, side);
  double cx, cy;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  if (path == NULL)
    {
      /* No line: a red ring around the unit. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, layout->radius * 0.8, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0.85, 0.05, 0.05, 0.9);
      cairo_set_line_width (cr, MAX (1.5, layout->radius / 8));
      cairo_stroke (cr);
      return;
    }
  for (guint i = 0; i < path->len; i++)
    {
      kessel_hex_layout_center (layout, g_array_index (path, int, i), &cx, &cy);
      cairo_line_to (cr, cx, cy);
    }
  if (side == KESSEL_SIDE_GERMAN)
    cairo_set_source_rgba (cr, 0.2, 0.35, 0.75, 0.6);
  else
    cairo_set_source_rgba (cr, 0.75, 0.2, 0.1, 0.6);
  cairo_set_line_width (cr, MAX (1.0, layout->radius / 12));
  cairo_stroke (cr);
}

static void
draw_lines (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game,
            double x, double y, double width, double height)
{
  int n = kessel_grid_hex_count (&layout->grid);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int hex = 0; hex < n; hex++)
    {
      KesselSide side = kessel_game_get_hex_occupant (game, hex);
      if (side != KESSEL_SIDE_NONE && hex_in_clip (layout, hex, x, y, width, height))
        draw_line_of (cr, layout, game, hex, side);
    }
  cairo_restore (cr);
}

static void
draw_kg_ranges (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game)
{
  cairo_save (cr);
  for (int kg = 0; kg < KESSEL_N_KGS; kg++)
    {
      int center = kessel_game_get_kg_hex (game, kg);
      int around[KESSEL_N_DIRECTIONS];

      if (center == KESSEL_HEX_NONE)
        continue;
      kessel_grid_neighbours (&layout->grid, center, around);
      hex_path (cr, layout, center, 1.0);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (around[d] != KESSEL_HEX_NONE)
          hex_path (cr, layout, around[d], 1.0);
      if (kessel_game_kg_traffic_active (game, kg))
        cairo_set_source_rgba (cr, 0.95, 0.85, 0.2, 0.3);
      else
        cairo_set_source_rgba (cr, 0.6, 0.6, 0.6, 0.25);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

void
kessel_overlay_draw_game (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game,
                          guint overlays, double x, double y, double width, double height)
{
  g_return_if_fail (KESSEL_IS_GAME (game));
  if (overlays & KESSEL_OVERLAY_KG_RANGES)
    draw_kg_ranges (cr, layout, game);
  if (overlays & KESSEL_OVERLAY_ZOC_GERMAN)
    draw_zoc (cr, layout, game, KESSEL_SIDE_GERMAN, x, y, width, height);
  if (overlays & KESSEL_OVERLAY_ZOC_SOVIET)
    draw_zoc (cr, layout, game, KESSEL_SIDE_SOVIET, x, y, width, height);
  if (overlays & KESSEL_OVERLAY_LINES)
    draw_lines (cr, layout, game, x, y, width, height);
}

void
kessel_overlay_draw_path (cairo_t *cr, const KesselHexLayout *layout, const int *hexes, int n_hexes,
                          int mp_left, gboolean rolled)
{
  double cx, cy;

  if (n_hexes < 2)
    return;
  cairo_save (cr);
  for (int i = 0; i < n_hexes; i++)
    {
      kessel_hex_layout_center (layout, hexes[i], &cx, &cy);
      cairo_line_to (cr, cx, cy);
    }
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  cairo_set_line_width (cr, MAX (3.0, layout->radius / 4.5));
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1.0, 0.85, 0.15);
  cairo_set_line_width (cr, MAX (1.5, layout->radius / 9));
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, MAX (3.0, layout->radius / 5), 0, 2 * G_PI);
  cairo_fill (cr);
  draw_number (cr, layout, hexes[n_hexes - 1], mp_left, rolled);
  cairo_restore (cr);
}

void
kessel_overlay_draw_outline (cairo_t *cr, const KesselHexLayout *layout, int hex,
                             double red, double green, double blue, gboolean dashed)
{
  cairo_save (cr);
  hex_path (cr, layout, hex, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
  cairo_set_line_width (cr, MAX (3.0, layout->radius / 6));
  cairo_stroke_preserve (cr);
  if (dashed)
    {
      double dash[] = { layout->radius / 4, layout->radius / 6 };
      cairo_set_dash (cr, dash, 2, 0);
    }
  cairo_set_source_rgb (cr, red, green, blue);
  cairo_set_line_width (cr, MAX (1.5, layout->radius / 12));
  cairo_stroke (cr);
  cairo_restore (cr);
}
