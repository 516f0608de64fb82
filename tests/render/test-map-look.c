/* test-map-look.c: the map's look: each terrain told apart at every zoom,
 * rivers wider downstream than at their sources, counters readable at the
 * normal zoom and sized apart from it, the same map drawn twice alike. */
#include <math.h>
#include <string.h>

#include "kessel-hex-layout.h"
#include "kessel-map-painter.h"
#include "kessel-river-course.h"

/* The map view's zoom levels: overview in a 1280×800 window, normal, close. */
static const double zoom_radii[] = { 13, 26, 42 };
#define NORMAL_RADIUS 26

/* A river counts its width in pixels across this many pixels of its side. */
#define RIVER_PROBE 0.3

/* 8×6 hexes: one column of each terrain (clear in 1, forest in 3, rough in
 * 5, marsh in 7); a minor river rising inside the map runs down the sides
 * between columns 1 and 2 into a major river along the bottom edge. */
static KesselScenario *
look_scenario (int *river, int *source_hex, int *mouth_hex)
{
  static const KesselTerrain columns[] = {
    KESSEL_TERRAIN_CLEAR, KESSEL_TERRAIN_CLEAR, KESSEL_TERRAIN_FOREST, KESSEL_TERRAIN_FOREST,
    KESSEL_TERRAIN_ROUGH, KESSEL_TERRAIN_ROUGH, KESSEL_TERRAIN_MARSH, KESSEL_TERRAIN_MARSH,
  };
  KesselGrid grid;
  KesselScenario *scenario;
  KesselMap *map;
  int major;

  g_assert_true (kessel_grid_init (&grid, 8, 14, FALSE));
  scenario = kessel_scenario_new (&grid);
  map = kessel_scenario_get_map (scenario);
  for (int column = 1; column <= 8; column++)
    for (int row = 1; row <= 14; row++)
      kessel_map_set_terrain (map, kessel_grid_hex_at (&grid, column, row), columns[column - 1]);

  *river = kessel_map_add_river (map, "Zbruch", FALSE);
  major = kessel_map_add_river (map, "Dnestr", TRUE);
  /* Down the NE and SE sides of column 1 from row 2 to row 14, where it
   * meets the major river. */
  for (int row = 2; row <= 14; row++)
    {
      int hex = kessel_grid_hex_at (&grid, 1, row);
      kessel_map_set_river_at_side (map, kessel_grid_hexside (&grid, hex, KESSEL_DIRECTION_NE), *river);
      kessel_map_set_river_at_side (map, kessel_grid_hexside (&grid, hex, KESSEL_DIRECTION_SE), *river);
    }
  for (int column = 1; column <= 8; column++)
    {
      int hex = kessel_grid_hex_at (&grid, column, 14);
      kessel_map_set_river_at_side (map, kessel_grid_hexside (&grid, hex, KESSEL_DIRECTION_S), major);
    }
  *source_hex = kessel_grid_hex_at (&grid, 1, 2);
  *mouth_hex = kessel_grid_hex_at (&grid, 1, 14);
  return scenario;
}

static cairo_surface_t *
draw_map (KesselMapPainter *painter, const KesselHexLayout *layout)
{
  double width = kessel_hex_layout_width (layout), height = kessel_hex_layout_height (layout);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, ceil (width), ceil (height));
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  kessel_map_painter_draw_terrain (painter, cr, layout, 0, 0, width, height);
  kessel_map_painter_draw_features (painter, cr, layout, 0, 0, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
pixel_rgb (cairo_surface_t *surface, int x, int y, double rgb[3])
{
  const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface)
                                          + y * cairo_image_surface_get_stride (surface));
  guint32 p = row[x];

  rgb[0] = (p >> 16) & 0xff;
  rgb[1] = (p >> 8) & 0xff;
  rgb[2] = p & 0xff;
}

/* The mean colour of the middle of a hex, as the eye takes it in at a glance. */
static void
hex_colour (cairo_surface_t *surface, const KesselHexLayout *layout, int hex, double rgb[3])
{
  double cx, cy, r = layout->radius * 0.6;
  int n = 0;

  kessel_hex_layout_center (layout, hex, &cx, &cy);
  rgb[0] = rgb[1] = rgb[2] = 0;
  for (int y = (int) (cy - r); y <= (int) (cy + r); y++)
    for (int x = (int) (cx - r); x <= (int) (cx + r); x++)
      {
        double p[3];
        if (hypot (x - cx, y - cy) > r)
          continue;
        pixel_rgb (surface, x, y, p);
        for (int i = 0; i < 3; i++)
          rgb[i] += p[i];
        n++;
      }
  for (int i = 0; i < 3; i++)
    rgb[i] /= n;
}

static void
test_terrain_told_apart (void)
{
  int river, source, mouth;
  g_autoptr(KesselScenario) scenario = look_scenario (&river, &source, &mouth);
  g_autoptr(KesselMapPainter) painter = kessel_map_painter_new (scenario);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));

  for (guint z = 0; z < G_N_ELEMENTS (zoom_radii); z++)
    {
      KesselHexLayout layout;
      cairo_surface_t *surface;
      double colours[KESSEL_N_TERRAINS][3];

      kessel_hex_layout_init (&layout, grid, zoom_radii[z]);
      surface = draw_map (painter, &layout);
      /* Column 2k+2, row 6: well away from the rivers. */
      for (int t = 0; t < KESSEL_N_TERRAINS; t++)
        hex_colour (surface, &layout, kessel_grid_hex_at (grid, 2 * t + 2, 6), colours[t]);
      for (int a = 0; a < KESSEL_N_TERRAINS; a++)
        for (int b = a + 1; b < KESSEL_N_TERRAINS; b++)
          {
            double distance = hypot (hypot (colours[a][0] - colours[b][0], colours[a][1] - colours[b][1]),
                                     colours[a][2] - colours[b][2]);
            if (g_test_verbose ())
              g_test_message ("radius %g: terrains %d and %d differ by %.0f", zoom_radii[z], a, b, distance);
            g_assert_cmpfloat (distance, >, 35);
          }
      cairo_surface_destroy (surface);
    }
}

static void
test_river_course (void)
{
  int river, source, mouth;
  g_autoptr(KesselScenario) scenario = look_scenario (&river, &source, &mouth);
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);
  g_autoptr(KesselRiverCourse) course = kessel_river_course_new (map);
  KesselHexside first = kessel_grid_hexside (grid, source, KESSEL_DIRECTION_NE);
  KesselHexside last = kessel_grid_hexside (grid, mouth, KESSEL_DIRECTION_SE);
  KesselHexside bottom = kessel_grid_hexside (grid, kessel_grid_hex_at (grid, 4, 14), KESSEL_DIRECTION_S);

  /* The minor river rises at its north end, 26 hexsides above its mouth. */
  g_assert_cmpint (kessel_river_course_distance (course, first), ==, 0);
  g_assert_cmpint (kessel_river_course_distance (course, last), ==, 25);
  g_assert_cmpfloat (kessel_river_course_width (course, first), <, 0.5);
  g_assert_cmpfloat (kessel_river_course_width (course, last), ==, 1.0);
  /* The major river runs from edge to edge: it rises off the map. */
  g_assert_cmpint (kessel_river_course_distance (course, bottom), ==, -1);
  g_assert_cmpfloat (kessel_river_course_width (course, bottom), ==, 1.0);
  g_assert_true (kessel_river_course_is_current (course, map));

  /* Another hexside of the river: the course is worked out again. */
  kessel_map_set_river_at_side (map, kessel_grid_hexside (grid, source, KESSEL_DIRECTION_N), river);
  g_assert_false (kessel_river_course_is_current (course, map));
}

/* Pixels as blue as river water along the normal through a side's middle. */
static int
river_width_at (cairo_surface_t *surface, const KesselHexLayout *layout, int hex, KesselDirection d)
{
  double x1, y1, x2, y2, mx, my, nx, ny, length;
  int width = 0;

  kessel_hex_layout_side (layout, hex, d, &x1, &y1, &x2, &y2);
  mx = (x1 + x2) / 2;
  my = (y1 + y2) / 2;
  length = hypot (x2 - x1, y2 - y1);
  nx = -(y2 - y1) / length;
  ny = (x2 - x1) / length;
  for (double t = -layout->radius * RIVER_PROBE; t <= layout->radius * RIVER_PROBE; t += 1)
    {
      double p[3];
      pixel_rgb (surface, (int) round (mx + nx * t), (int) round (my + ny * t), p);
      if (p[2] > p[0] + 60 && p[2] > p[1] + 20)
        width++;
    }
  return width;
}

static void
test_river_wider_downstream (void)
{
  int river, source, mouth;
  g_autoptr(KesselScenario) scenario = look_scenario (&river, &source, &mouth);
  g_autoptr(KesselMapPainter) painter = kessel_map_painter_new (scenario);
  KesselHexLayout layout;
  cairo_surface_t *surface;
  int upstream, downstream;

  kessel_hex_layout_init (&layout, kessel_map_get_grid (kessel_scenario_get_map (scenario)), 42);
  surface = draw_map (painter, &layout);
  upstream = river_width_at (surface, &layout, source, KESSEL_DIRECTION_NE);
  downstream = river_width_at (surface, &layout, mouth, KESSEL_DIRECTION_SE);
  g_test_message ("river %d px wide at its source, %d px at its mouth", upstream, downstream);
  g_assert_cmpint (upstream, >=, 1);
  g_assert_cmpint (downstream, >=, upstream + 2);
  cairo_surface_destroy (surface);
}

/* The bounding box of what draw_stack drew on white. */
static void
stack_extent (KesselMapPainter *painter, KesselUnit *unit, double radius, int *width, int *height)
{
  g_autoptr(KesselScenario) scenario = NULL;
  KesselGrid grid;
  KesselHexLayout layout;
  KesselStackEntry entry = { unit, 0, FALSE };
  cairo_surface_t *surface;
  cairo_t *cr;
  int x0 = G_MAXINT, x1 = -1, y0 = G_MAXINT, y1 = -1;

  g_assert_true (kessel_grid_init (&grid, 5, 5, FALSE));
  kessel_hex_layout_init (&layout, &grid, radius);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, kessel_hex_layout_width (&layout),
                                        kessel_hex_layout_height (&layout));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  kessel_map_painter_draw_stack (painter, cr, &layout, kessel_grid_hex_at (&grid, 3, 3), &entry, 1);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        double p[3];
        pixel_rgb (surface, x, y, p);
        /* The counter, not the faint shadow beside it. */
        if (p[0] + p[1] + p[2] < 3 * 150)
          {
            x0 = MIN (x0, x);
            x1 = MAX (x1, x);
            y0 = MIN (y0, y);
            y1 = MAX (y1, y);
          }
      }
  *width = x1 - x0 + 1;
  *height = y1 - y0 + 1;
  cairo_surface_destroy (surface);
}

static void
test_counter_size (void)
{
  int river, source, mouth, width, height, large_width;
  g_autoptr(KesselScenario) scenario = look_scenario (&river, &source, &mouth);
  g_autoptr(KesselMapPainter) painter = kessel_map_painter_new (scenario);
  g_autoptr(KesselUnit) unit = kessel_unit_new ("s-1", KESSEL_SIDE_SOVIET);
  static const KesselStep steps[] = { { 4, 4 } };

  kessel_unit_set_label (unit, "9 Mech");
  kessel_unit_set_unit_type (unit, KESSEL_UNIT_MOTORIZED);
  kessel_unit_set_size (unit, KESSEL_SIZE_CORPS);
  kessel_unit_set_steps (unit, steps, 1);

  /* Readable at the normal zoom: at least 32 px a side. */
  stack_extent (painter, unit, NORMAL_RADIUS, &width, &height);
  g_test_message ("counter at the normal zoom: %dx%d px", width, height);
  g_assert_cmpint (width, >=, 32);
  g_assert_cmpint (height, >=, 32);

  /* Larger at a larger counter scale, the map's zoom unchanged. */
  kessel_map_painter_set_counter_scale (painter, 1.6);
  g_assert_cmpfloat (kessel_map_painter_get_counter_scale (painter), ==, 1.6);
  stack_extent (painter, unit, NORMAL_RADIUS, &large_width, &height);
  g_assert_cmpint (large_width, >=, (int) (width * 1.5));
  g_assert_cmpfloat (kessel_map_painter_stack_reach (painter, &(KesselHexLayout) { .radius = NORMAL_RADIUS }),
                     >=, large_width / 2.0);

  /* Out of range: held to the limits. */
  kessel_map_painter_set_counter_scale (painter, 50);
  g_assert_cmpfloat (kessel_map_painter_get_counter_scale (painter), ==, KESSEL_COUNTER_SCALE_MAX);
}

/* Two drawings of one map are the same to the pixel: no random state. */
static void
test_deterministic (void)
{
  int river, source, mouth;
  g_autoptr(KesselScenario) scenario = look_scenario (&river, &source, &mouth);
  g_autoptr(KesselMapPainter) painter = kessel_map_painter_new (scenario);
  g_autoptr(KesselMapPainter) other = kessel_map_painter_new (scenario);
  KesselHexLayout layout;
  cairo_surface_t *a, *b;

  kessel_hex_layout_init (&layout, kessel_map_get_grid (kessel_scenario_get_map (scenario)), 30);
  a = draw_map (painter, &layout);
  b = draw_map (other, &layout);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                           cairo_image_surface_get_stride (a) * cairo_image_surface_get_height (a)), ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/look/terrain-told-apart", test_terrain_told_apart);
  g_test_add_func ("/render/look/river-course", test_river_course);
  g_test_add_func ("/render/look/river-wider-downstream", test_river_wider_downstream);
  g_test_add_func ("/render/look/counter-size", test_counter_size);
  g_test_add_func ("/render/look/deterministic", test_deterministic);
  return g_test_run ();
}
