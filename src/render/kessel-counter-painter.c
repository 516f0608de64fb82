/* kessel-counter-painter.c: one counter, drawn like the printed 5/8" piece.
 *
 * From top to bottom: the size marking, the unit-type symbol box, the label
 * and the attack-defence factors. Small counters drop the label and give
 * the room to the factors, which matter most at a glance. */
#include "kessel-counter-painter.h"
#include "kessel-render-private.h"

#include <math.h>
#include <pango/pangocairo.h>

/* Below this size (in device pixels) a label cannot be read anyway. */
#define COMPACT_SIZE 40.0

/* Positions as fractions of the counter's side. */
typedef struct {
  double band_h;                   /* the reduced step's band across the top */
  double size_y, size_px;          /* size marking; size_px 0: none */
  double box_x, box_y, box_w, box_h;
  double label_y, label_px;        /* label_px 0: no label */
  double factors_y, factors_px;
} CounterLayout;

static const CounterLayout full_layout = {
  0.235,
  0.12, 0.145,
  0.25, 0.205, 0.50, 0.28,
  0.585, 0.16,
  0.815, 0.275,
};

/* Too small for the size marking and label to be read. */
static const CounterLayout compact_layout = {
  0.15,
  0.0, 0.0,
  0.19, 0.19, 0.62, 0.33,
  0.0, 0.0,
  0.755, 0.37,
};

static void
set_rgb (double out[3], guint32 rgb)
{
  out[0] = ((rgb >> 16) & 0xff) / 255.0;
  out[1] = ((rgb >> 8) & 0xff) / 255.0;
  out[2] = (rgb & 0xff) / 255.0;
}

static gboolean
is_gun (KesselUnit *unit)
{
  KesselUnitType type = kessel_unit_get_unit_type (unit);
  return type == KESSEL_UNIT_ARTILLERY || type == KESSEL_UNIT_ROCKET_ARTILLERY;
}

void
kessel_counter_painter_colours (KesselUnit *unit, double background[3], double text[3])
{
  guint32 bg = 0xf4f1e8, fg = 0x000000;
  gboolean mechanized;

  g_return_if_fail (KESSEL_IS_UNIT (unit));

  mechanized = kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_MECHANIZED;
  switch (kessel_unit_get_side (unit))
    {
    case KESSEL_SIDE_GERMAN:
      if (mechanized)
        bg = 0x8a8d8f, fg = 0xffffff;
      else
        bg = 0xa7ad8f, fg = 0x000000;
      break;
    case KESSEL_SIDE_SOVIET:
      if (mechanized && is_gun (unit))
        bg = 0x7a4b2a, fg = 0xffffff;
      else if (mechanized)
        bg = 0xc22a22, fg = 0xffffff;
      else
        bg = 0xd8b98a, fg = 0x000000;
      break;
    case KESSEL_SIDE_NONE:
    default:
      break;
    }
  if (background)
    set_rgb (background, bg);
  if (text)
    set_rgb (text, fg);
}

/* Draws text centred on x with the middle of its capitals on y, narrowed
 * and then shrunk to max_width if need be. */
static void
draw_text (cairo_t *cr, const char *text, double x, double y, double px,
           double max_width, gboolean condensed)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  PangoRectangle logical;
  double width, baseline;

  if (condensed)
    pango_font_description_set_stretch (font, PANGO_STRETCH_CONDENSED);
  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  width = (double) logical.width / PANGO_SCALE;
  if (width > max_width && !condensed)
    {
      pango_font_description_set_stretch (font, PANGO_STRETCH_CONDENSED);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_extents (layout, NULL, &logical);
      width = (double) logical.width / PANGO_SCALE;
    }
  if (width > max_width && width > 0)
    {
      px *= max_width / width;
      pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_extents (layout, NULL, &logical);
      width = (double) logical.width / PANGO_SCALE;
    }
  baseline = (double) pango_layout_get_baseline (layout) / PANGO_SCALE;
  /* Capitals and digits of a sans face stand about 0.72 em high. */
  cairo_move_to (cr, x - width / 2 - (double) logical.x / PANGO_SCALE,
                 y + 0.36 * px - baseline);
  pango_cairo_show_layout (cr, layout);
  cairo_new_path (cr);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
oval (cairo_t *cr, double cx, double cy, double w, double h)
{
  kessel_render_rounded_rect (cr, cx - w / 2, cy - h / 2, w, h, h / 2);
}

static void
cross (cairo_t *cr, double x, double y, double w, double h)
{
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x + w, y + h);
  cairo_move_to (cr, x + w, y);
  cairo_line_to (cr, x, y + h);
}

/* The NATO symbol inside the box (x, y, w, h); lines already set up. */
static void
draw_symbol (cairo_t *cr, KesselUnitType type, double x, double y, double w, double h)
{
  double cx = x + w / 2, cy = y + h / 2;

  switch (type)
    {
    case KESSEL_UNIT_INFANTRY:
      cross (cr, x, y, w, h);
      cairo_stroke (cr);
      break;
    case KESSEL_UNIT_MOTORIZED:
      cross (cr, x, y, w, h);
      oval (cr, cx, cy, w * 0.66, h * 0.58);
      cairo_stroke (cr);
      break;
    case KESSEL_UNIT_ARMY_SUPPORT:
      /* Infantry on wheels. */
      cross (cr, x, y, w * 1.0, h * 0.72);
      cairo_stroke (cr);
      cairo_arc (cr, cx - w * 0.17, y + h * 0.83, h * 0.1, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx + w * 0.17, y + h * 0.83, h * 0.1, 0, 2 * G_PI);
      cairo_stroke (cr);
      break;
    case KESSEL_UNIT_ARMOUR:
      oval (cr, cx, cy, w * 0.7, h * 0.56);
      cairo_stroke (cr);
      break;
    case KESSEL_UNIT_HEAVY_ARMOUR:
      oval (cr, cx, cy, w * 0.74, h * 0.62);
      cairo_stroke (cr);
      oval (cr, cx, cy, w * 0.46, h * 0.26);
      cairo_fill (cr);
      break;
    case KESSEL_UNIT_GARRISON:
      /* Infantry standing on a base: static. */
      cross (cr, x, y, w, h * 0.72);
      cairo_stroke (cr);
      cairo_rectangle (cr, x, y + h * 0.72, w, h * 0.28);
      cairo_fill (cr);
      break;
    case KESSEL_UNIT_ARTILLERY:
      cairo_arc (cr, cx, cy, h * 0.17, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case KESSEL_UNIT_ROCKET_ARTILLERY:
      cairo_arc (cr, cx, y + h * 0.66, h * 0.14, 0, 2 * G_PI);
      cairo_fill (cr);
      cairo_move_to (cr, cx - w * 0.16, y + h * 0.40);
      cairo_line_to (cr, cx, y + h * 0.16);
      cairo_line_to (cr, cx + w * 0.16, y + h * 0.40);
      cairo_stroke (cr);
      break;
    case KESSEL_UNIT_ASSAULT_GUN:
      oval (cr, cx, cy, w * 0.7, h * 0.56);
      cairo_move_to (cr, x, y + h);
      cairo_line_to (cr, x + w, y);
      cairo_stroke (cr);
      break;
    case KESSEL_N_UNIT_TYPES:
    default:
      break;
    }
}

static const char *
size_marking (KesselUnitSize size)
{
  static const char *const marks[KESSEL_N_SIZES] = {
    "II", "III", "X", "XX", "XXX", "(XXX)", "(XX)",
  };
  return size < KESSEL_N_SIZES ? marks[size] : "";
}

static char *
factors_text (KesselUnit *unit, int step)
{
  int n_steps = kessel_unit_get_n_steps (unit);
  const KesselStep *factors;

  if (n_steps == 0)
    return NULL;
  factors = kessel_unit_get_step (unit, CLAMP (step, 0, n_steps - 1));
  return g_strdup_printf ("%d-%d%s", factors->attack, factors->defence,
                          kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT) ? "*" : "");
}

static const char *
label_text (KesselUnit *unit)
{
  const char *label = kessel_unit_get_label (unit);
  if (label == NULL || *label == '\0')
    label = kessel_unit_get_id (unit);
  return label ? label : "";
}

/* The die-cut piece with a little light from the top left. */
static void
draw_body (cairo_t *cr, const double bg[3], double s, double corner)
{
  cairo_pattern_t *shade;

  kessel_render_rounded_rect (cr, 0, 0, s, s, corner);
  cairo_set_source_rgb (cr, bg[0], bg[1], bg[2]);
  cairo_fill_preserve (cr);
  shade = cairo_pattern_create_linear (0, 0, s, s);
  cairo_pattern_add_color_stop_rgba (shade, 0, 1, 1, 1, 0.18);
  cairo_pattern_add_color_stop_rgba (shade, 0.5, 1, 1, 1, 0);
  cairo_pattern_add_color_stop_rgba (shade, 1, 0, 0, 0, 0.14);
  cairo_set_source (cr, shade);
  cairo_fill (cr);
  cairo_pattern_destroy (shade);
}

/* A band across the top in the text colour, so a reduced counter stands out
 * in a stack; the size marking is then drawn on it in the background colour. */
static void
draw_reduced_band (cairo_t *cr, const double fg[3], double s, double corner, double bottom)
{
  cairo_save (cr);
  kessel_render_rounded_rect (cr, 0, 0, s, s, corner);
  cairo_clip (cr);
  cairo_rectangle (cr, 0, 0, s, bottom);
  cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_outline (cairo_t *cr, double s, double corner, double pixel, gboolean selected)
{
  if (selected)
    {
      double w = MAX (3 * pixel, s * 0.07);
      kessel_render_rounded_rect (cr, -w / 2, -w / 2, s + w, s + w, corner + w / 2);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, w + 2 * pixel);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 1.0, 0.85, 0.1);
      cairo_set_line_width (cr, w);
      cairo_stroke (cr);
      return;
    }
  kessel_render_rounded_rect (cr, 0, 0, s, s, corner);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.65);
  cairo_set_line_width (cr, MAX (pixel, s * 0.02));
  cairo_stroke (cr);
}

void
kessel_counter_painter_draw (cairo_t *cr, KesselUnit *unit, int step, guint flags,
                             double x, double y, double size)
{
  double bg[3], fg[3];
  double pixel, corner, lw;
  const CounterLayout *l;
  const double *mark_colour = fg;
  gboolean reduced = step > 0;
  char *factors;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (KESSEL_IS_UNIT (unit));
  if (size <= 0)
    return;

  kessel_counter_painter_colours (unit, bg, fg);
  pixel = 1 / kessel_render_device_scale (cr);
  l = size / pixel < COMPACT_SIZE ? &compact_layout : &full_layout;
  corner = size * 0.08;
  lw = MAX (pixel, size * 0.03);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  draw_body (cr, bg, size, corner);
  if (reduced)
    {
      draw_reduced_band (cr, fg, size, corner, size * l->band_h);
      mark_colour = bg;
    }

  cairo_set_source_rgb (cr, mark_colour[0], mark_colour[1], mark_colour[2]);
  if (l->size_px > 0)
    draw_text (cr, size_marking (kessel_unit_get_size (unit)), size / 2, size * l->size_y,
               size * l->size_px, size * 0.6, FALSE);
  if (flags & KESSEL_COUNTER_SUBSTITUTE)
    {
      double dot = MAX (size * 0.05, 1.5 * pixel);
      cairo_arc (cr, size * 0.04 + dot, size * 0.04 + dot, dot, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  cairo_set_source_rgb (cr, fg[0], fg[1], fg[2]);
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle (cr, size * l->box_x, size * l->box_y, size * l->box_w, size * l->box_h);
  cairo_stroke (cr);
  draw_symbol (cr, kessel_unit_get_unit_type (unit), size * l->box_x, size * l->box_y,
               size * l->box_w, size * l->box_h);

  if (l->label_px > 0)
    draw_text (cr, label_text (unit), size / 2, size * l->label_y, size * l->label_px,
               size * 0.92, TRUE);
  factors = factors_text (unit, step);
  if (factors)
    draw_text (cr, factors, size / 2, size * l->factors_y, size * l->factors_px, size * 0.9, FALSE);
  g_free (factors);

  draw_outline (cr, size, corner, pixel, (flags & KESSEL_COUNTER_SELECTED) != 0);
  cairo_restore (cr);
}
