/* kessel-map-painter.c: the map and its counters on a cairo surface.
 *
 * Every layer walks only the hexes whose bounding box meets the clip
 * rectangle, padded by what may spill over from a neighbour (river lines,
 * names, counters), so redrawing a window onto a large map stays cheap. */
#include "kessel-config.h"
#include "kessel-map-painter.h"
#include "kessel-render-private.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "kessel-counter-painter.h"
#include "kessel-river-course.h"

#define SQRT3 1.7320508075688772

/* Hex numbers and town names are not drawn when a hex is smaller than this
 * many device pixels across (centre to corner): they could not be read. */
#define MIN_NUMBER_RADIUS 14.0
#define MIN_NAME_RADIUS 10.0
#define MIN_TEXTURE_RADIUS 6.0
#define MIN_GRID_RADIUS 5.0
#define MIN_NAME_PIXELS 8.0
/* How far, in device pixels, a town's name may reach from its hex centre. */
#define NAME_REACH 80.0

/* Largest PNG written: a side and the pixel count (256 MB as ARGB32). */
#define PNG_MAX_SIDE 16384.0
#define PNG_MAX_PIXELS (64.0 * 1024 * 1024)
/* Largest PDF page side in points (200 inches), the most readers accept. */
#define PDF_MAX_SIDE 14400.0

/* A counter's side in hex radii at counter scale 1: at the normal zoom
 * (radius 26) the counters are 32 px across. */
#define COUNTER_SIZE 1.25

/* Counters in a stack drawn before the rest hide under them. */
#define MAX_VISIBLE_LAYERS 4

struct _KesselMapPainter
{
  GObject parent_instance;

  KesselScenario *scenario;
  gboolean show_hex_numbers;
  gboolean show_edge_roles;
  gboolean show_control;
  double counter_scale;
  KesselRiverCourse *river_course;  /* worked out again when the rivers change */
};

G_DEFINE_FINAL_TYPE (KesselMapPainter, kessel_map_painter, G_TYPE_OBJECT)

/* Outward unit normals of the sides, in KesselDirection order (y down). */
static const double side_normals[KESSEL_N_DIRECTIONS][2] = {
  { 0, -1 }, { 0.5 * SQRT3, -0.5 }, { 0.5 * SQRT3, 0.5 },
  { 0, 1 }, { -0.5 * SQRT3, 0.5 }, { -0.5 * SQRT3, -0.5 },
};

static void
kessel_map_painter_dispose (GObject *object)
{
  KesselMapPainter *self = KESSEL_MAP_PAINTER (object);

  g_clear_object (&self->scenario);
  g_clear_pointer (&self->river_course, kessel_river_course_free);
  G_OBJECT_CLASS (kessel_map_painter_parent_class)->dispose (object);
}

static void
kessel_map_painter_class_init (KesselMapPainterClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_map_painter_dispose;
}

static void
kessel_map_painter_init (KesselMapPainter *self)
{
  self->show_hex_numbers = TRUE;
  self->counter_scale = 1.0;
}

KesselMapPainter *
kessel_map_painter_new (KesselScenario *scenario)
{
  KesselMapPainter *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = g_object_new (KESSEL_TYPE_MAP_PAINTER, NULL);
  self->scenario = g_object_ref (scenario);
  return self;
}

KesselScenario *
kessel_map_painter_get_scenario (KesselMapPainter *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self), NULL);
  return self->scenario;
}

void
kessel_map_painter_set_show_hex_numbers (KesselMapPainter *self, gboolean show)
{
  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  self->show_hex_numbers = !!show;
}

gboolean
kessel_map_painter_get_show_hex_numbers (KesselMapPainter *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self), FALSE);
  return self->show_hex_numbers;
}

void
kessel_map_painter_set_show_edge_roles (KesselMapPainter *self, gboolean show)
{
  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  self->show_edge_roles = !!show;
}

gboolean
kessel_map_painter_get_show_edge_roles (KesselMapPainter *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self), FALSE);
  return self->show_edge_roles;
}

void
kessel_map_painter_set_counter_scale (KesselMapPainter *self, double scale)
{
  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  self->counter_scale = CLAMP (scale, KESSEL_COUNTER_SCALE_MIN, KESSEL_COUNTER_SCALE_MAX);
}

double
kessel_map_painter_get_counter_scale (KesselMapPainter *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self), 1.0);
  return self->counter_scale;
}

double
kessel_map_painter_counter_size (KesselMapPainter *self, const KesselHexLayout *layout)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self) && layout != NULL, 0);
  return layout->radius * COUNTER_SIZE * self->counter_scale;
}

void
kessel_map_painter_set_show_control (KesselMapPainter *self, gboolean show)
{
  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  self->show_control = !!show;
}

/* Helpers */

static KesselMap *
painter_map (KesselMapPainter *self)
{
  return kessel_scenario_get_map (self->scenario);
}

static void
set_source_hex (cairo_t *cr, guint32 rgb, double alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

/* The hexes meeting the rectangle grown by pad on every side. */
static GArray *
hexes_in_clip (const KesselHexLayout *layout, double x, double y, double width, double height,
               double pad)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int c0, c1, r0, r1;

  kessel_hex_layout_hexes_in_rect (layout, x - pad, y - pad, width + 2 * pad, height + 2 * pad,
                                   &c0, &c1, &r0, &r1);
  for (int c = c0; c <= c1; c++)
    for (int r = r0; r <= r1; r++)
      {
        int hex = kessel_grid_hex_at (&layout->grid, c, r);
        if (hex != KESSEL_HEX_NONE)
          g_array_append_val (hexes, hex);
      }
  return hexes;
}

static void
hex_path (cairo_t *cr, const KesselHexLayout *layout, int hex)
{
  for (int i = 0; i < 6; i++)
    {
      double px, py;
      kessel_hex_layout_corner (layout, hex, i, &px, &py);
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/* A reusable Pango layout for many short texts in one style. */
typedef struct {
  PangoLayout *layout;
  double px;
} TextStyle;

static void
text_style_init (TextStyle *style, cairo_t *cr, const char *font_name, double px)
{
  PangoFontDescription *font = pango_font_description_from_string (font_name);

  pango_font_description_set_absolute_size (font, px * PANGO_SCALE);
  style->layout = pango_cairo_create_layout (cr);
  style->px = px;
  pango_layout_set_font_description (style->layout, font);
  pango_font_description_free (font);
}

static void
text_style_clear (TextStyle *style)
{
  g_clear_object (&style->layout);
}

/* Sets text centred on x with the middle of its capitals at y, as a path. */
static void
text_path (TextStyle *style, cairo_t *cr, const char *text, double x, double y)
{
  PangoRectangle logical;
  double baseline;

  pango_layout_set_text (style->layout, text, -1);
  pango_layout_get_extents (style->layout, NULL, &logical);
  baseline = (double) pango_layout_get_baseline (style->layout) / PANGO_SCALE;
  cairo_move_to (cr, x - (logical.x + logical.width / 2.0) / PANGO_SCALE,
                 y + 0.36 * style->px - baseline);
  pango_cairo_layout_path (cr, style->layout);
}

/* Text with a pale halo so it reads on any terrain. */
static void
show_halo_text (TextStyle *style, cairo_t *cr, const char *text, double x, double y)
{
  cairo_new_path (cr);
  text_path (style, cr, text, x, y);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, style->px * 0.3);
  cairo_set_source_rgba (cr, 1, 1, 0.96, 0.85);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.08, 0.08, 0.08);
  cairo_fill (cr);
}

/* Terrain
 *
 * Drawn in the manner of a printed map: flat tints per terrain, then in
 * batches across all hexes of a kind (one fill per batch keeps it fast)
 * the relief of rough ground lit from the north-west, the crowns of
 * forest, the water and reeds of marsh, and the dark walls of the river
 * canyons cut into rough ground. Every mark's place comes from a hash of
 * its hex, so the screen, the files and the tests draw the same map. */

static const guint32 terrain_colours[KESSEL_N_TERRAINS] = {
  0xece4c0, /* clear: farmland in winter wheat */
  0x86ad6a, /* forest */
  0xc9a777, /* rough */
  0x9fcbc8, /* marsh */
};

/* A number in [0, 1) fixed for a hex and a purpose. */
static double
hex_noise (int hex, guint salt)
{
  guint32 h = (guint32) hex * 0x9e3779b1u ^ (salt + 1) * 0x85ebca77u;

  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  h *= 0x297a2d39u;
  h ^= h >> 15;
  return (h & 0xffffff) / (double) 0x1000000;
}

/* Where marks go in a hex, as fractions of the radius from its centre: clear
 * of the hex number at the top and of the hexsides. */
static const double crown_spots[][2] = {
  { -0.42, -0.22 }, { 0.02, -0.34 }, { 0.44, -0.20 }, { -0.60, 0.12 }, { -0.20, 0.06 },
  { 0.22, 0.02 }, { 0.60, 0.14 }, { -0.38, 0.42 }, { 0.02, 0.40 }, { 0.40, 0.44 },
};
static const double hill_spots[][2] = {
  { -0.36, -0.08 }, { 0.30, -0.12 }, { -0.02, 0.24 }, { -0.44, 0.46 }, { 0.42, 0.42 },
};
static const double reed_spots[][2] = {
  { -0.40, -0.26 }, { 0.30, -0.30 }, { -0.10, 0.02 }, { 0.48, 0.10 }, { -0.52, 0.28 }, { 0.14, 0.42 },
};

typedef enum {
  LAYER_FIELDS_LIGHT,
  LAYER_FIELDS_DARK,
  LAYER_CROWN_SHADOW,
  LAYER_CROWN,
  LAYER_CROWN_LIGHT,
  LAYER_RELIEF_LIT,
  LAYER_RELIEF_SHADE,
  LAYER_HILL_LIT,
  LAYER_HILL_SHADE,
  LAYER_CANYON,
  LAYER_WATER,
  LAYER_REEDS,
  N_LAYERS
} TerrainLayer;

/* Each layer is gathered as one path on a recording surface of its own and
 * then filled or stroked once. */
typedef struct {
  cairo_surface_t *surface;
  cairo_t *cr;
} LayerPath;

/* An octagon: as round as a tree's crown need be, and far cheaper to fill
 * by the thousand than an arc. */
static void
circle (cairo_t *cr, double x, double y, double r)
{
  static const double unit[8][2] = {
    { 1, 0 }, { 0.7071, 0.7071 }, { 0, 1 }, { -0.7071, 0.7071 },
    { -1, 0 }, { -0.7071, -0.7071 }, { 0, -1 }, { 0.7071, -0.7071 },
  };

  cairo_move_to (cr, x + r, y);
  for (int i = 1; i < 8; i++)
    cairo_line_to (cr, x + unit[i][0] * r, y + unit[i][1] * r);
  cairo_close_path (cr);
}

static void
add_forest (cairo_t **layers, const KesselHexLayout *layout, int hex, double cx, double cy, guint stride)
{
  double r = layout->radius;

  for (guint i = 0; i < G_N_ELEMENTS (crown_spots); i += stride)
    {
      double jx = (hex_noise (hex, 2 * i) - 0.5) * 0.14 * r;
      double jy = (hex_noise (hex, 2 * i + 1) - 0.5) * 0.12 * r;
      double x = cx + crown_spots[i][0] * r + jx, y = cy + crown_spots[i][1] * r + jy;
      double size = r * (0.12 + 0.05 * hex_noise (hex, 40 + i));

      if (stride > 1)
        size *= 1.3;   /* fewer and larger crowns where they are small */
      circle (layers[LAYER_CROWN_SHADOW], x + 0.35 * size, y + 0.4 * size, size);
      circle (layers[LAYER_CROWN], x, y, size);
      if (stride == 1)
        circle (layers[LAYER_CROWN_LIGHT], x - 0.3 * size, y - 0.32 * size, 0.45 * size);
    }
}

/* A hill: its north-west face in the light, its south-east face in shade. */
static void
add_hill (cairo_t **layers, double x, double y, double w, double h)
{
  cairo_t *lit = layers[LAYER_HILL_LIT], *shade = layers[LAYER_HILL_SHADE];

  cairo_move_to (lit, x - w, y + 0.3 * h);
  cairo_curve_to (lit, x - 0.6 * w, y - 0.2 * h, x - 0.25 * w, y - h, x, y - h);
  cairo_curve_to (lit, x - 0.1 * w, y - 0.4 * h, x - 0.1 * w, y, x + 0.1 * w, y + 0.3 * h);
  cairo_close_path (lit);

  cairo_move_to (shade, x, y - h);
  cairo_curve_to (shade, x + 0.35 * w, y - h, x + 0.7 * w, y - 0.1 * h, x + w, y + 0.3 * h);
  cairo_line_to (shade, x + 0.1 * w, y + 0.3 * h);
  cairo_curve_to (shade, x - 0.1 * w, y, x - 0.1 * w, y - 0.4 * h, x, y - h);
  cairo_close_path (shade);
}

static void
add_rough (cairo_t **layers, const KesselHexLayout *layout, int hex, double cx, double cy, guint stride)
{
  double r = layout->radius;

  for (guint i = 0; i < G_N_ELEMENTS (hill_spots); i += stride)
    {
      double x = cx + hill_spots[i][0] * r + (hex_noise (hex, 10 + i) - 0.5) * 0.12 * r;
      double y = cy + hill_spots[i][1] * r + (hex_noise (hex, 20 + i) - 0.5) * 0.1 * r;
      double w = r * (0.16 + 0.08 * hex_noise (hex, 30 + i));

      add_hill (layers, x, y, w, w * 0.9);
    }
}

static void
add_marsh (cairo_t **layers, const KesselHexLayout *layout, int hex, double cx, double cy, guint stride)
{
  double r = layout->radius;

  for (guint i = 0; i < G_N_ELEMENTS (reed_spots); i += stride)
    {
      double x = cx + reed_spots[i][0] * r, y = cy + reed_spots[i][1] * r;
      double w = r * (0.14 + 0.06 * hex_noise (hex, 50 + i));
      cairo_t *reeds = layers[LAYER_REEDS];

      cairo_move_to (layers[LAYER_WATER], x - w, y + 0.06 * r);
      cairo_line_to (layers[LAYER_WATER], x + w, y + 0.06 * r);
      for (int k = -1; k <= 1; k++)
        {
          cairo_move_to (reeds, x + k * 0.35 * w, y);
          cairo_line_to (reeds, x + k * 0.55 * w, y - (k == 0 ? 0.2 : 0.14) * r);
        }
    }
}

/* Farmland: a few hexes a shade lighter or darker, like fields on a print. */
static void
add_fields (cairo_t **layers, const KesselHexLayout *layout, int hex)
{
  double tone = hex_noise (hex, 60);

  if (tone < 0.3)
    hex_path (layers[LAYER_FIELDS_DARK], layout, hex);
  else if (tone > 0.7)
    hex_path (layers[LAYER_FIELDS_LIGHT], layout, hex);
}

/* The wall of a river canyon: a dark band inside a rough hex along each of
 * its sides that a river runs on. */
static void
add_canyon (cairo_t **layers, KesselMap *map, const KesselHexLayout *layout, int hex,
            double cx, double cy)
{
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      double x1, y1, x2, y2, depth = 0.42;
      cairo_t *cr = layers[LAYER_CANYON];

      if (kessel_map_get_river_at_side (map, kessel_grid_hexside (&layout->grid, hex, d)) == KESSEL_RIVER_NONE)
        continue;
      kessel_hex_layout_side (layout, hex, d, &x1, &y1, &x2, &y2);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_line_to (cr, x2 + (cx - x2) * depth, y2 + (cy - y2) * depth);
      cairo_line_to (cr, x1 + (cx - x1) * depth, y1 + (cy - y1) * depth);
      cairo_close_path (cr);
    }
}

/* Rough ground shaded as relief, lit from the north-west: the hex's
 * north-west part lighter, its south-east part darker. */
static void
add_relief (cairo_t **layers, const KesselHexLayout *layout, int hex, double cx, double cy)
{
  double x[6], y[6];

  for (int i = 0; i < 6; i++)
    kessel_hex_layout_corner (layout, hex, i, &x[i], &y[i]);
  /* Corners 3, 4 and 5 are the west, north-west and north-east ones. */
  cairo_move_to (layers[LAYER_RELIEF_LIT], x[3], y[3]);
  cairo_line_to (layers[LAYER_RELIEF_LIT], x[4], y[4]);
  cairo_line_to (layers[LAYER_RELIEF_LIT], x[5], y[5]);
  cairo_line_to (layers[LAYER_RELIEF_LIT], (x[5] + x[0]) / 2, (y[5] + y[0]) / 2);
  cairo_line_to (layers[LAYER_RELIEF_LIT], cx, cy);
  cairo_close_path (layers[LAYER_RELIEF_LIT]);
  cairo_move_to (layers[LAYER_RELIEF_SHADE], x[0], y[0]);
  cairo_line_to (layers[LAYER_RELIEF_SHADE], x[1], y[1]);
  cairo_line_to (layers[LAYER_RELIEF_SHADE], x[2], y[2]);
  cairo_line_to (layers[LAYER_RELIEF_SHADE], (x[2] + x[3]) / 2, (y[2] + y[3]) / 2);
  cairo_line_to (layers[LAYER_RELIEF_SHADE], cx, cy);
  cairo_close_path (layers[LAYER_RELIEF_SHADE]);
}

static void
fill_layer (cairo_t *cr, cairo_t *layer, guint32 rgb, double alpha)
{
  cairo_path_t *path = cairo_copy_path (layer);

  cairo_new_path (cr);
  cairo_append_path (cr, path);
  cairo_path_destroy (path);
  set_source_hex (cr, rgb, alpha);
  cairo_fill (cr);
}

static void
stroke_layer (cairo_t *cr, cairo_t *layer, guint32 rgb, double alpha, double width)
{
  cairo_path_t *path = cairo_copy_path (layer);

  cairo_new_path (cr);
  cairo_append_path (cr, path);
  cairo_path_destroy (path);
  set_source_hex (cr, rgb, alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* Below this radius in device pixels every other mark is left out: they
 * could not be told apart anyway, and the overview draws faster. */
#define SPARSE_MARKS_RADIUS 16.0

static void
draw_terrain_marks (cairo_t *cr, KesselMap *map, const KesselHexLayout *layout, GArray *hexes)
{
  guint stride = layout->radius * kessel_render_device_scale (cr) < SPARSE_MARKS_RADIUS ? 2 : 1;
  cairo_surface_t *scratch = cairo_recording_surface_create (CAIRO_CONTENT_ALPHA, NULL);
  cairo_t *layers[N_LAYERS];
  cairo_matrix_t matrix;
  double r = layout->radius;

  /* The layers build their paths in the same user space as cr. */
  cairo_get_matrix (cr, &matrix);
  for (int i = 0; i < N_LAYERS; i++)
    {
      layers[i] = cairo_create (scratch);
      cairo_set_matrix (layers[i], &matrix);
    }
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      double cx, cy;

      kessel_hex_layout_center (layout, hex, &cx, &cy);
      switch (kessel_map_get_terrain (map, hex))
        {
        case KESSEL_TERRAIN_CLEAR:
          add_fields (layers, layout, hex);
          break;
        case KESSEL_TERRAIN_FOREST:
          add_forest (layers, layout, hex, cx, cy, stride);
          break;
        case KESSEL_TERRAIN_ROUGH:
          add_relief (layers, layout, hex, cx, cy);
          add_canyon (layers, map, layout, hex, cx, cy);
          add_rough (layers, layout, hex, cx, cy, stride);
          break;
        case KESSEL_TERRAIN_MARSH:
          add_marsh (layers, layout, hex, cx, cy, stride);
          break;
        default:
          break;
        }
    }
  fill_layer (cr, layers[LAYER_FIELDS_LIGHT], 0xffffff, 0.2);
  fill_layer (cr, layers[LAYER_FIELDS_DARK], 0xa08850, 0.10);
  fill_layer (cr, layers[LAYER_RELIEF_LIT], 0xfff6dc, 0.30);
  fill_layer (cr, layers[LAYER_RELIEF_SHADE], 0x5a3a14, 0.18);
  fill_layer (cr, layers[LAYER_CANYON], 0x4a2c10, 0.30);
  fill_layer (cr, layers[LAYER_HILL_LIT], 0xfff4d8, 0.75);
  fill_layer (cr, layers[LAYER_HILL_SHADE], 0x6e4a22, 0.80);
  fill_layer (cr, layers[LAYER_CROWN_SHADOW], 0x1f3a17, 0.55);
  fill_layer (cr, layers[LAYER_CROWN], 0x3f7a32, 1);
  fill_layer (cr, layers[LAYER_CROWN_LIGHT], 0x8fc06a, 0.85);
  stroke_layer (cr, layers[LAYER_WATER], 0x2f78a8, 0.9, MAX (0.045 * r, 0.6));
  stroke_layer (cr, layers[LAYER_REEDS], 0x35623a, 0.9, MAX (0.03 * r, 0.5));
  for (int i = 0; i < N_LAYERS; i++)
    cairo_destroy (layers[i]);
  cairo_surface_destroy (scratch);
}

/* Each terrain's flat tint, one fill per terrain. */
static void
fill_terrain_tints (cairo_t *cr, KesselMap *map, const KesselHexLayout *layout, GArray *hexes)
{
  for (KesselTerrain terrain = 0; terrain < KESSEL_N_TERRAINS; terrain++)
    {
      for (guint i = 0; i < hexes->len; i++)
        if (kessel_map_get_terrain (map, g_array_index (hexes, int, i)) == terrain)
          hex_path (cr, layout, g_array_index (hexes, int, i));
      set_source_hex (cr, terrain_colours[terrain], 1);
      cairo_fill (cr);
    }
}

void
kessel_map_painter_draw_terrain (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                 double x, double y, double width, double height)
{
  KesselMap *map;
  GArray *hexes;
  double scale;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (cr != NULL && layout != NULL);

  map = painter_map (self);
  hexes = hexes_in_clip (layout, x, y, width, height, 0);
  scale = kessel_render_device_scale (cr);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  fill_terrain_tints (cr, map, layout, hexes);
  if (layout->radius * scale >= MIN_TEXTURE_RADIUS)
    draw_terrain_marks (cr, map, layout, hexes);

  /* On a map this small the hexsides would be a grey veil. */
  if (layout->radius * scale >= MIN_GRID_RADIUS)
    for (guint i = 0; i < hexes->len; i++)
      hex_path (cr, layout, g_array_index (hexes, int, i));
  set_source_hex (cr, 0x4a4632, 0.6);
  cairo_set_line_width (cr, MAX (layout->radius * 0.022, 0.6 / scale));
  cairo_stroke (cr);
  cairo_restore (cr);
  g_array_unref (hexes);
}

/* Features */

static void
draw_closed_hatch (cairo_t *cr, const KesselHexLayout *layout, int hex)
{
  double r = layout->radius, cx, cy;
  double step = r * 0.28;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  cairo_save (cr);
  hex_path (cr, layout, hex);
  cairo_clip (cr);
  /* Lines of slope +1 in page coordinates, anchored to the page so the
   * hatch runs on unbroken from hex to hex. */
  for (double k = floor ((cx + cy - 2 * r) / step) * step; k <= cx + cy + 2 * r; k += step)
    {
      cairo_move_to (cr, k - (cy - r), cy - r);
      cairo_line_to (cr, k - (cy + r), cy + r);
    }
  set_source_hex (cr, 0xb02020, 0.35);
  cairo_set_line_width (cr, r * 0.045);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Full widths in hex radii: a major river's water and its dark banks, a minor river. */
#define MAJOR_WATER_WIDTH 0.20
#define MAJOR_BANK_WIDTH 0.30
#define MINOR_WIDTH 0.12
/* Rivers are stroked in this many widths, from their sources' to their full width. */
#define N_RIVER_WIDTHS 8

typedef struct {
  cairo_t *major[N_RIVER_WIDTHS];
  cairo_t *minor[N_RIVER_WIDTHS];
  double share[N_RIVER_WIDTHS];
} RiverPaths;

/* Adds the river hexsides of a hex to the paths of their kind and width:
 * its N, NE and SE sides, and its other sides too when they lie on the map
 * edge, where no neighbour would draw them. */
static void
add_river_sides (RiverPaths *paths, KesselMap *map, const KesselHexLayout *layout, int hex,
                 const KesselRiverCourse *course)
{
  const KesselGrid *grid = &layout->grid;

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      KesselHexside side;
      int river, width;
      double x1, y1, x2, y2;
      cairo_t *cr;

      if (d > KESSEL_DIRECTION_SE && kessel_grid_neighbour (grid, hex, d) != KESSEL_HEX_NONE)
        continue;
      side = kessel_grid_hexside (grid, hex, d);
      river = kessel_map_get_river_at_side (map, side);
      if (river == KESSEL_RIVER_NONE)
        continue;
      width = (int) lround ((N_RIVER_WIDTHS - 1) * kessel_river_course_width (course, side));
      width = CLAMP (width, 0, N_RIVER_WIDTHS - 1);
      cr = kessel_map_get_river (map, river)->major ? paths->major[width] : paths->minor[width];
      kessel_hex_layout_side (layout, hex, d, &x1, &y1, &x2, &y2);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
    }
}

/* Rivers narrow toward their sources: each hexside is as wide as its
 * distance downstream makes it. */
static void
draw_rivers (KesselMapPainter *self, cairo_t *cr, KesselMap *map, const KesselHexLayout *layout, GArray *hexes)
{
  cairo_surface_t *scratch = cairo_recording_surface_create (CAIRO_CONTENT_ALPHA, NULL);
  RiverPaths paths;
  cairo_matrix_t matrix;
  double r = layout->radius;

  if (!kessel_river_course_is_current (self->river_course, map))
    {
      kessel_river_course_free (self->river_course);
      self->river_course = kessel_river_course_new (map);
    }
  cairo_get_matrix (cr, &matrix);
  for (int w = 0; w < N_RIVER_WIDTHS; w++)
    {
      paths.major[w] = cairo_create (scratch);
      paths.minor[w] = cairo_create (scratch);
      cairo_set_matrix (paths.major[w], &matrix);
      cairo_set_matrix (paths.minor[w], &matrix);
      paths.share[w] = (double) MAX (w, 1) / (N_RIVER_WIDTHS - 1);
    }
  for (guint i = 0; i < hexes->len; i++)
    add_river_sides (&paths, map, layout, g_array_index (hexes, int, i), self->river_course);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int w = 0; w < N_RIVER_WIDTHS; w++)
    stroke_layer (cr, paths.major[w], 0x123f7a, 1, r * MAJOR_BANK_WIDTH * paths.share[w]);
  for (int w = 0; w < N_RIVER_WIDTHS; w++)
    {
      stroke_layer (cr, paths.major[w], 0x3f86d6, 1, r * MAJOR_WATER_WIDTH * paths.share[w]);
      stroke_layer (cr, paths.minor[w], 0x2a6cc0, 1, r * MINOR_WIDTH * paths.share[w]);
    }
  cairo_restore (cr);
  for (int w = 0; w < N_RIVER_WIDTHS; w++)
    {
      cairo_destroy (paths.major[w]);
      cairo_destroy (paths.minor[w]);
    }
  cairo_surface_destroy (scratch);
}

/* The ten digits of a font, shaped once, for the many hex numbers: a
 * number is then four glyphs, without shaping text for each hex. */
typedef struct {
  cairo_scaled_font_t *font;
  cairo_glyph_t digits[10];     /* x holds the advance */
} DigitGlyphs;

static gboolean
digit_glyphs_init (DigitGlyphs *glyphs, TextStyle *style)
{
  PangoLayoutLine *line;
  PangoGlyphItem *run;

  pango_layout_set_text (style->layout, "0123456789", -1);
  line = pango_layout_get_line_readonly (style->layout, 0);
  if (line == NULL || line->runs == NULL || line->runs->next != NULL)
    return FALSE;
  run = line->runs->data;
  if (run->glyphs->num_glyphs != 10 || !PANGO_IS_CAIRO_FONT (run->item->analysis.font))
    return FALSE;
  glyphs->font = pango_cairo_font_get_scaled_font (PANGO_CAIRO_FONT (run->item->analysis.font));
  if (glyphs->font == NULL)
    return FALSE;
  for (int i = 0; i < 10; i++)
    {
      glyphs->digits[i].index = run->glyphs->glyphs[i].glyph;
      glyphs->digits[i].x = (double) run->glyphs->glyphs[i].geometry.width / PANGO_SCALE;
      glyphs->digits[i].y = 0;
    }
  return TRUE;
}

/* Sets text of digits centred on x with the middle of its capitals at y. */
static void
show_digits (const DigitGlyphs *glyphs, cairo_t *cr, const char *text, double x, double y, double px)
{
  cairo_glyph_t line[8];
  double width = 0;
  int n = 0;

  for (; text[n] != '\0' && n < (int) G_N_ELEMENTS (line); n++)
    width += glyphs->digits[text[n] - '0'].x;
  x -= width / 2;
  for (int i = 0; i < n; i++)
    {
      line[i].index = glyphs->digits[text[i] - '0'].index;
      line[i].x = x;
      line[i].y = y + 0.36 * px;
      x += glyphs->digits[text[i] - '0'].x;
    }
  cairo_show_glyphs (cr, line, n);
}

static void
draw_hex_numbers (cairo_t *cr, const KesselHexLayout *layout, GArray *hexes)
{
  TextStyle style;
  DigitGlyphs glyphs;
  gboolean fast;
  double r = layout->radius, px = r * 0.27;   /* 7 px at the normal zoom */

  text_style_init (&style, cr, "Sans", px);
  fast = digit_glyphs_init (&glyphs, &style);
  cairo_save (cr);
  cairo_set_source_rgba (cr, 0.15, 0.15, 0.12, 0.75);
  if (fast)
    cairo_set_scaled_font (cr, glyphs.font);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      char number[8];
      double cx, cy;

      g_snprintf (number, sizeof number, "%04d", kessel_grid_hex_number (&layout->grid, hex));
      kessel_hex_layout_center (layout, hex, &cx, &cy);
      if (fast)
        show_digits (&glyphs, cr, number, cx, cy - 0.66 * r, px);
      else
        text_path (&style, cr, number, cx, cy - 0.66 * r);
    }
  if (!fast)
    cairo_fill (cr);
  cairo_restore (cr);
  text_style_clear (&style);
}

static void
arrow (cairo_t *cr, double x, double y, double ux, double uy, double length)
{
  double hx = x + ux * length / 2, hy = y + uy * length / 2;
  double tx = x - ux * length / 2, ty = y - uy * length / 2;
  double head = length * 0.45;

  cairo_move_to (cr, tx, ty);
  cairo_line_to (cr, hx - ux * head * 0.5, hy - uy * head * 0.5);
  cairo_stroke (cr);
  cairo_move_to (cr, hx, hy);
  cairo_line_to (cr, hx - ux * head - uy * head * 0.6, hy - uy * head + ux * head * 0.6);
  cairo_line_to (cr, hx - ux * head + uy * head * 0.6, hy - uy * head - ux * head * 0.6);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* The unit vector from a hex's centre towards the map edge it lies on. */
static void
outward_direction (const KesselGrid *grid, int hex, double *ux, double *uy)
{
  double sx = 0, sy = 0, length;

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (kessel_grid_neighbour (grid, hex, d) == KESSEL_HEX_NONE)
      {
        sx += side_normals[d][0];
        sy += side_normals[d][1];
      }
  length = hypot (sx, sy);
  if (length < 1e-6)
    {
      sx = 0;
      sy = 1;
      length = 1;
    }
  *ux = sx / length;
  *uy = sy / length;
}

static void
draw_role_mark (cairo_t *cr, KesselEdgeRole role, double x, double y, double ux, double uy,
                double r)
{
  switch (role)
    {
    case KESSEL_EDGE_SUPPLY_SOURCE:
      cairo_arc (cr, x, y, r * 0.11, 0, 2 * G_PI);
      set_source_hex (cr, 0xd42020, 1);
      cairo_fill_preserve (cr);
      set_source_hex (cr, 0x400000, 1);
      cairo_stroke (cr);
      break;
    case KESSEL_EDGE_COMMAND_SOURCE:
      cairo_rectangle (cr, x - r * 0.1, y - r * 0.1, r * 0.2, r * 0.2);
      set_source_hex (cr, 0x58708f, 1);
      cairo_fill_preserve (cr);
      set_source_hex (cr, 0x1e2a3a, 1);
      cairo_stroke (cr);
      break;
    case KESSEL_EDGE_ENTRY:
      set_source_hex (cr, 0x1f9a2f, 1);
      arrow (cr, x, y, -ux, -uy, r * 0.34);
      break;
    case KESSEL_EDGE_EXIT:
      set_source_hex (cr, 0xf07800, 1);
      arrow (cr, x, y, ux, uy, r * 0.34);
      break;
    default:
      break;
    }
}

/* The roles of a hex as marks in a row along the edge, just inside it. */
static void
draw_edge_roles (cairo_t *cr, const KesselHexLayout *layout, int hex, guint roles)
{
  double r = layout->radius, cx, cy, ux, uy;
  int n = 0, i = 0;

  for (int bit = 0; bit < KESSEL_N_EDGE_ROLES; bit++)
    if (roles & (1u << bit))
      n++;
  kessel_hex_layout_center (layout, hex, &cx, &cy);
  outward_direction (&layout->grid, hex, &ux, &uy);
  cairo_set_line_width (cr, r * 0.06);
  for (int bit = 0; bit < KESSEL_N_EDGE_ROLES; bit++)
    {
      double along;
      if (!(roles & (1u << bit)))
        continue;
      along = (i - (n - 1) / 2.0) * r * 0.36;
      /* On the north edge, keep clear of the hex number in the middle. */
      if (uy < -0.7)
        along = n == 1 ? r * 0.42 : (i % 2 ? 1 : -1) * r * (0.42 + 0.3 * (i / 2));
      draw_role_mark (cr, 1u << bit, cx + ux * 0.5 * r - uy * along,
                      cy + uy * 0.5 * r + ux * along, ux, uy, r);
      i++;
    }
}

/* A star fort: five pointed bastions. */
static void
bastion_path (cairo_t *cr, double x, double y, double r)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double d = i % 2 ? r * 0.58 : r;
      if (i == 0)
        cairo_move_to (cr, x + d * cos (a), y + d * sin (a));
      else
        cairo_line_to (cr, x + d * cos (a), y + d * sin (a));
    }
  cairo_close_path (cr);
}

/* The blocks of a built-up area, as fractions of the radius: x, y, width, height. */
static const double town_blocks[][4] = {
  { -0.20, -0.20, 0.17, 0.13 }, { 0.00, -0.24, 0.14, 0.17 }, { 0.17, -0.14, 0.13, 0.12 },
  { -0.28, -0.03, 0.14, 0.14 }, { -0.10, -0.08, 0.18, 0.18 }, { 0.12, 0.01, 0.15, 0.13 },
  { -0.16, 0.14, 0.13, 0.11 }, { 0.04, 0.16, 0.15, 0.10 }, { 0.24, 0.12, 0.09, 0.10 },
};

/* A town as a built-up area: a cluster of blocks on a pale ground, laid out
 * differently in each town. */
static void
town_path (cairo_t *cr, int hex, double x, double y, double r)
{
  for (guint i = 0; i < G_N_ELEMENTS (town_blocks); i++)
    {
      double jx = (hex_noise (hex, 70 + i) - 0.5) * 0.06 * r;
      double jy = (hex_noise (hex, 80 + i) - 0.5) * 0.06 * r;

      if (i >= 6 && hex_noise (hex, 90 + i) < 0.4)
        continue;
      cairo_rectangle (cr, x + town_blocks[i][0] * r + jx, y + town_blocks[i][1] * r + jy,
                       town_blocks[i][2] * r, town_blocks[i][3] * r);
    }
}

static void
draw_place_symbol (cairo_t *cr, const KesselPlace *place, int hex, double x, double y, double r)
{
  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  if (place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY)
    {
      bastion_path (cr, x, y, r * 0.5);
      set_source_hex (cr, 0xf2e6cf, 0.9);
      cairo_fill_preserve (cr);
      set_source_hex (cr, 0x7a1010, 1);
      cairo_set_line_width (cr, r * 0.06);
      cairo_stroke (cr);
    }
  else
    {
      cairo_arc (cr, x, y, r * 0.42, 0, 2 * G_PI);
      set_source_hex (cr, 0xd9c9b0, 0.75);
      cairo_fill (cr);
    }
  town_path (cr, hex, x, y, r * (place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? 0.8 : 1.0));
  set_source_hex (cr, 0xa23b2a, 1);
  cairo_fill_preserve (cr);
  set_source_hex (cr, 0x3a1710, 1);
  cairo_set_line_width (cr, MAX (r * 0.02, 0.4));
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A map name worth nothing: a small open ring, so it is not taken for a town. */
static void
draw_label_symbol (cairo_t *cr, double x, double y, double r)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r * 0.09, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_fill_preserve (cr);
  set_source_hex (cr, 0x202020, 1);
  cairo_set_line_width (cr, r * 0.04);
  cairo_stroke (cr);
}

#define MAX_TOWN_HEXES 16

static gboolean
same_town (KesselMap *map, int hex, const char *name)
{
  const KesselPlace *place = hex >= 0 ? kessel_map_get_place_at (map, hex) : NULL;

  return place != NULL && g_strcmp0 (place->name, name) == 0;
}

gboolean
kessel_town_name_position (KesselMap *map, const KesselHexLayout *layout, int hex, double *x, double *y)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  const KesselPlace *place = kessel_map_get_place_at (map, hex);
  int town[MAX_TOWN_HEXES] = { hex };
  int n = 1;

  if (place == NULL || place->name == NULL || *place->name == '\0')
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      int around[KESSEL_N_DIRECTIONS];
      int n_around = kessel_grid_neighbours (grid, town[i], around);

      for (int j = 0; j < n_around && n < MAX_TOWN_HEXES; j++)
        {
          gboolean known = FALSE;

          for (int k = 0; k < n; k++)
            known = known || town[k] == around[j];
          if (!known && same_town (map, around[j], place->name))
            town[n++] = around[j];
        }
    }
  *x = *y = 0;
  for (int i = 0; i < n; i++)
    {
      double cx, cy;

      if (town[i] < hex)
        return FALSE;
      kessel_hex_layout_center (layout, town[i], &cx, &cy);
      *x += cx / n;
      *y += cy / n;
    }
  /* below where a counter of the hex ends, so a garrison hides no name;
   * between the hexes of a larger town */
  if (n == 1)
    *y += 0.72 * layout->radius;
  return TRUE;
}

static void
draw_places (cairo_t *cr, KesselMap *map, const KesselHexLayout *layout, GArray *hexes)
{
  double r = layout->radius, scale = kessel_render_device_scale (cr);
  gboolean named = r * scale >= MIN_NAME_RADIUS;
  TextStyle style = { NULL, 0 }, label_style = { NULL, 0 };

  /* On a small overview the names may outgrow their hexes: better than
   * unreadable. */
  if (named)
    {
      text_style_init (&style, cr, "Serif Bold", MAX (r * 0.25, MIN_NAME_PIXELS / scale));
      text_style_init (&label_style, cr, "Serif Italic", MAX (r * 0.21, MIN_NAME_PIXELS / scale));
    }
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      const KesselPlace *place = kessel_map_get_place_at (map, hex);
      const char *label = kessel_map_get_label (map, hex);
      double cx, cy;

      if (place == NULL && label == NULL)
        continue;
      kessel_hex_layout_center (layout, hex, &cx, &cy);
      /* below where a counter of the hex ends, so a garrison hides no name */
      if (place == NULL)
        {
          draw_label_symbol (cr, cx, cy, r);
          if (named)
            show_halo_text (&label_style, cr, label, cx, cy + 0.72 * r);
          continue;
        }
      draw_place_symbol (cr, place, hex, cx, cy, r);
      if (named && kessel_town_name_position (map, layout, hex, &cx, &cy))
        show_halo_text (&style, cr, place->name, cx, cy);
    }
  text_style_clear (&style);
  text_style_clear (&label_style);
}

/* A pennant in the hex's upper left: field grey for German, red for Soviet. */
static void
draw_control_flag (cairo_t *cr, const KesselHexLayout *layout, int hex, KesselSide side)
{
  double r = layout->radius, cx, cy, x, y;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  x = cx - 0.45 * r;
  y = cy - 0.62 * r;
  cairo_move_to (cr, x, y + 0.42 * r);
  cairo_line_to (cr, x, y);
  cairo_line_to (cr, x + 0.34 * r, y + 0.1 * r);
  cairo_line_to (cr, x, y + 0.2 * r);
  cairo_close_path (cr);
  set_source_hex (cr, side == KESSEL_SIDE_GERMAN ? 0x4a5548 : 0xc0201c, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, r * 0.03);
  cairo_stroke (cr);
}

void
kessel_map_painter_draw_features (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                  double x, double y, double width, double height)
{
  KesselMap *map;
  GArray *hexes;
  double scale;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (cr != NULL && layout != NULL);

  map = painter_map (self);
  scale = kessel_render_device_scale (cr);
  /* A river on a neighbour's side or a long name may reach into the clip. */
  hexes = hexes_in_clip (layout, x, y, width, height, MAX (layout->radius, NAME_REACH / scale));

  cairo_save (cr);
  if (self->show_edge_roles)
    for (guint i = 0; i < hexes->len; i++)
      {
        int hex = g_array_index (hexes, int, i);
        if (kessel_map_is_closed_to_soviet (map, hex))
          draw_closed_hatch (cr, layout, hex);
      }
  draw_rivers (self, cr, map, layout, hexes);
  if (self->show_hex_numbers && layout->radius * scale >= MIN_NUMBER_RADIUS)
    draw_hex_numbers (cr, layout, hexes);
  if (self->show_edge_roles)
    for (guint i = 0; i < hexes->len; i++)
      {
        int hex = g_array_index (hexes, int, i);
        guint roles = kessel_map_get_edge_roles (map, hex);
        if (roles)
          draw_edge_roles (cr, layout, hex, roles);
      }
  draw_places (cr, map, layout, hexes);
  if (self->show_control)
    for (guint i = 0; i < hexes->len; i++)
      {
        int hex = g_array_index (hexes, int, i);
        KesselSide side = kessel_map_get_initial_control (map, hex);
        if (side != KESSEL_SIDE_NONE)
          draw_control_flag (cr, layout, hex, side);
      }
  cairo_restore (cr);
  g_array_unref (hexes);
}

void
kessel_map_painter_draw_sketch (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                                double x, double y, double width, double height)
{
  KesselMap *map;
  GArray *hexes;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (cr != NULL && layout != NULL);

  map = painter_map (self);
  hexes = hexes_in_clip (layout, x, y, width, height, layout->radius);
  cairo_save (cr);
  fill_terrain_tints (cr, map, layout, hexes);
  draw_rivers (self, cr, map, layout, hexes);
  cairo_restore (cr);
  g_array_unref (hexes);
}

/* Stacks */

/* The outline of a counter, for its shadow. */
static void
rounded_square (cairo_t *cr, double x, double y, double size)
{
  kessel_render_rounded_rect (cr, x, y, size, size, size * 0.08);
}

static void
draw_badge (cairo_t *cr, int count, double x, double y, double size)
{
  char text[16];
  TextStyle style;
  double radius = size * 0.15;

  g_snprintf (text, sizeof text, "%d", count);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  set_source_hex (cr, 0x1a1a1a, 1);
  cairo_fill_preserve (cr);
  set_source_hex (cr, 0xffffff, 1);
  cairo_set_line_width (cr, size * 0.025);
  cairo_stroke (cr);
  text_style_init (&style, cr, "Sans Bold", radius * (count > 9 ? 1.0 : 1.35));
  cairo_new_path (cr);
  text_path (&style, cr, text, x, y);
  cairo_fill (cr);
  text_style_clear (&style);
}

void
kessel_map_painter_draw_stack (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                               int hex, const KesselStackEntry *entries, int n_entries)
{
  double cx, cy, size, offset, spread, top_x, top_y;
  int layers;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (cr != NULL && layout != NULL);
  if (n_entries <= 0 || entries == NULL || hex < 0
      || hex >= kessel_grid_hex_count (&layout->grid))
    return;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  size = kessel_map_painter_counter_size (self, layout);
  offset = MAX (size * 0.07, 1.5 / kessel_render_device_scale (cr));
  layers = MIN (n_entries, MAX_VISIBLE_LAYERS);
  spread = (layers - 1) * offset;
  top_x = cx - size / 2 - spread / 2;
  top_y = cy - size / 2 - spread / 2;

  cairo_save (cr);
  for (int k = layers - 1; k >= 0; k--)
    {
      const KesselStackEntry *entry = &entries[k];
      double px = top_x + k * offset, py = top_y + k * offset;

      rounded_square (cr, px + size * 0.05, py + size * 0.05, size);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
      cairo_fill (cr);
      if (entry->unit == NULL)
        continue;
      kessel_counter_painter_draw (cr, entry->unit, entry->step,
                                   entry->substitute ? KESSEL_COUNTER_SUBSTITUTE : 0,
                                   px, py, size);
    }
  if (n_entries > 1)
    draw_badge (cr, n_entries, top_x + size * 0.97, top_y + size * 0.03, size);
  cairo_restore (cr);
}

double
kessel_map_painter_stack_reach (KesselMapPainter *self, const KesselHexLayout *layout)
{
  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self) && layout != NULL, 0);
  /* Half a counter, three offsets, the shadow and the badge. */
  return kessel_map_painter_counter_size (self, layout) * 0.95;
}

/* How far a stack may reach past its hex's bounding box. */
static double
stack_reach (KesselMapPainter *self, const KesselHexLayout *layout)
{
  return MAX (layout->radius * 0.5, kessel_map_painter_stack_reach (self, layout) - layout->radius * 0.85);
}

/* Setup */

/* Ids of counters that only come into play as substitutes. */
static GHashTable *
substitute_ids (KesselScenario *scenario)
{
  GHashTable *ids = g_hash_table_new (g_str_hash, g_str_equal);
  int n = kessel_scenario_get_n_units (scenario);

  for (int i = 0; i < n; i++)
    {
      const char *id = kessel_unit_get_substitute (kessel_scenario_get_unit (scenario, i));
      if (id && *id)
        g_hash_table_add (ids, (gpointer) id);
    }
  return ids;
}

/* Units setting up in the given hexes, grouped by hex in file order. */
static GHashTable *
setup_stacks (KesselScenario *scenario, GArray *hexes)
{
  GHashTable *wanted = g_hash_table_new (NULL, NULL);
  GHashTable *stacks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  GHashTable *substitutes = substitute_ids (scenario);
  int n = kessel_scenario_get_n_units (scenario);

  for (guint i = 0; i < hexes->len; i++)
    g_hash_table_add (wanted, GINT_TO_POINTER (g_array_index (hexes, int, i) + 1));
  for (int i = 0; i < n; i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (scenario, i);
      int hex = kessel_unit_get_setup_hex (unit);
      gpointer key = GINT_TO_POINTER (hex + 1);
      KesselStackEntry entry = { unit, 0, FALSE };
      GArray *stack;

      if (hex < 0 || !g_hash_table_contains (wanted, key)
          || g_hash_table_contains (substitutes, kessel_unit_get_id (unit)))
        continue;
      stack = g_hash_table_lookup (stacks, key);
      if (stack == NULL)
        {
          stack = g_array_new (FALSE, FALSE, sizeof (KesselStackEntry));
          g_hash_table_insert (stacks, key, stack);
        }
      g_array_append_val (stack, entry);
    }
  g_hash_table_unref (substitutes);
  g_hash_table_unref (wanted);
  return stacks;
}

void
kessel_map_painter_draw_setup (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                               double x, double y, double width, double height)
{
  GArray *hexes;
  GHashTable *stacks;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (cr != NULL && layout != NULL);

  hexes = hexes_in_clip (layout, x, y, width, height, stack_reach (self, layout));
  stacks = setup_stacks (self->scenario, hexes);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      GArray *stack = g_hash_table_lookup (stacks, GINT_TO_POINTER (hex + 1));
      if (stack)
        kessel_map_painter_draw_stack (self, cr, layout, hex,
                                       (const KesselStackEntry *) stack->data, stack->len);
    }
  g_hash_table_unref (stacks);
  g_array_unref (hexes);
}

/* Game */

/* The step of the counter now showing, 0 for its front: the piece's steps
 * less those on the substitute counters still behind it (2.8). */
static int
counter_step (KesselGame *game, int piece, KesselUnit *counter)
{
  KesselScenario *scenario = kessel_game_get_scenario (game);
  int n_steps = kessel_unit_get_n_steps (counter);
  int behind = 0;
  const char *next_id = kessel_unit_get_substitute (counter);

  while (next_id != NULL)
    {
      KesselUnit *next = kessel_scenario_find_unit (scenario, next_id);
      if (next == NULL)
        break;
      behind += kessel_unit_get_n_steps (next);
      next_id = kessel_unit_get_substitute (next);
    }
  return CLAMP (n_steps - (kessel_game_get_piece_steps (game, piece) - behind), 0, n_steps - 1);
}

int
kessel_map_painter_game_stack (KesselGame *game, int hex, KesselSide viewer,
                               KesselStackEntry *entries, int max_entries)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (game, hex);
  int n = 0;

  for (guint i = 0; i < pieces->len && n < max_entries; i++)
    {
      int piece = g_array_index (pieces, int, i);
      KesselUnit *counter = kessel_game_get_piece_counter (game, piece);
      KesselStackEntry entry = { NULL, 0, FALSE };

      if (viewer == KESSEL_SIDE_NONE || kessel_game_piece_visible_to (game, piece, viewer))
        {
          entry.unit = counter;
          entry.step = counter_step (game, piece, counter);
          entry.substitute = counter != kessel_game_get_piece_unit (game, piece);
        }
      entries[n++] = entry;
    }
  return n;
}

void
kessel_map_painter_draw_game (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                              KesselGame *game, KesselSide viewer,
                              double x, double y, double width, double height)
{
  GArray *hexes;

  g_return_if_fail (KESSEL_IS_MAP_PAINTER (self));
  g_return_if_fail (KESSEL_IS_GAME (game) && cr != NULL && layout != NULL);

  hexes = hexes_in_clip (layout, x, y, width, height, stack_reach (self, layout));
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      KesselStackEntry entries[32];
      int n;

      if (kessel_game_get_hex_occupant (game, hex) == KESSEL_SIDE_NONE)
        continue;
      n = kessel_map_painter_game_stack (game, hex, viewer, entries, G_N_ELEMENTS (entries));
      kessel_map_painter_draw_stack (self, cr, layout, hex, entries, n);
    }
  g_array_unref (hexes);
}

void
kessel_map_painter_draw_all (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
                             double x, double y, double width, double height)
{
  kessel_map_painter_draw_terrain (self, cr, layout, x, y, width, height);
  kessel_map_painter_draw_features (self, cr, layout, x, y, width, height);
  kessel_map_painter_draw_setup (self, cr, layout, x, y, width, height);
}

/* Export */

typedef enum {
  EXPORT_PNG,
  EXPORT_PDF,
} ExportFormat;

static gboolean
export_format (const char *path, ExportFormat *format, GError **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = EXPORT_PDF;
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export to “%s”: the file name must end in .png or .pdf"), path);
      return FALSE;
    }
  return TRUE;
}

/* The part of the layout to export: all of it, or the hexes within radius
 * of hex with a margin around them. */
static void
export_bounds (const KesselHexLayout *layout, int hex, int radius,
               double *x, double *y, double *width, double *height)
{
  double r = layout->radius, h = SQRT3 * r;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  int count = kessel_grid_hex_count (&layout->grid);

  *x = 0;
  *y = 0;
  *width = kessel_hex_layout_width (layout);
  *height = kessel_hex_layout_height (layout);
  if (hex < 0)
    return;
  for (int other = 0; other < count; other++)
    {
      double cx, cy;
      if (kessel_grid_distance (&layout->grid, hex, other) > radius)
        continue;
      kessel_hex_layout_center (layout, other, &cx, &cy);
      x0 = MIN (x0, cx - r);
      x1 = MAX (x1, cx + r);
      y0 = MIN (y0, cy - h / 2);
      y1 = MAX (y1, cy + h / 2);
    }
  x0 = MAX (x0 - layout->margin, 0);
  y0 = MAX (y0 - layout->margin, 0);
  x1 = MIN (x1 + layout->margin, *width);
  y1 = MIN (y1 + layout->margin, *height);
  *x = x0;
  *y = y0;
  *width = x1 - x0;
  *height = y1 - y0;
}

static void
render_region (KesselMapPainter *self, cairo_t *cr, const KesselHexLayout *layout,
               double x, double y, double width, double height)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, -x, -y);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);
  kessel_map_painter_draw_all (self, cr, layout, x, y, width, height);
  cairo_restore (cr);
}

static gboolean
export_png (KesselMapPainter *self, const KesselHexLayout *layout, const char *path,
            double x, double y, double width, double height, GError **error)
{
  double scale = MIN (1.0, PNG_MAX_SIDE / MAX (width, height));
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  scale = MIN (scale, sqrt (PNG_MAX_PIXELS / (width * height)));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  render_region (self, cr, layout, x, y, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
  return kessel_render_check_status (status, path, error);
}

typedef struct {
  KesselMapPainter *painter;
  const KesselHexLayout *layout;
  double x, y, width, height, scale;
} PdfRegion;

static void
draw_pdf_region (cairo_t *cr, int page, gpointer data)
{
  const PdfRegion *region = data;

  cairo_scale (cr, region->scale, region->scale);
  render_region (region->painter, cr, region->layout, region->x, region->y, region->width, region->height);
}

static gboolean
export_pdf (KesselMapPainter *self, const KesselHexLayout *layout, const char *path,
            double x, double y, double width, double height, GError **error)
{
  PdfRegion region = { self, layout, x, y, width, height, MIN (1.0, PDF_MAX_SIDE / MAX (width, height)) };

  return kessel_render_write_pdf (path, width * region.scale, height * region.scale,
                                  kessel_scenario_get_title (self->scenario), 1, draw_pdf_region, &region, error);
}

gboolean
kessel_map_painter_export (KesselMapPainter *self, const char *path, int hex, int radius,
                           double hex_radius, GError **error)
{
  KesselHexLayout layout;
  const KesselGrid *grid;
  ExportFormat format;
  double x, y, width, height;

  g_return_val_if_fail (KESSEL_IS_MAP_PAINTER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!export_format (path, &format, error))
    return FALSE;
  grid = kessel_map_get_grid (painter_map (self));
  if (!(hex_radius > 0 && hex_radius <= 1000))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export to “%s”: a hex radius of %g is out of range"), path, hex_radius);
      return FALSE;
    }
  if (hex >= kessel_grid_hex_count (grid) || (hex >= 0 && radius < 0))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Cannot export to “%s”: no such hex or radius"), path);
      return FALSE;
    }

  kessel_hex_layout_init (&layout, grid, hex_radius);
  export_bounds (&layout, hex, radius, &x, &y, &width, &height);
  if (format == EXPORT_PNG)
    return export_png (self, &layout, path, x, y, width, height, error);
  return export_pdf (self, &layout, path, x, y, width, height, error);
}
