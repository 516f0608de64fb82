/* test-render.c: hex geometry, counter drawing and map export. */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "kessel-counter-painter.h"
#include "kessel-hex-layout.h"
#include "kessel-map-painter.h"

#define SQRT3 1.7320508075688772

/* Fixtures */

/* A small map: forest, rough and marsh hexes, a minor and a major river,
 * a town in 0403 with nothing on it, a fortified locality in 0602, a map
 * name in 0304 and a few units, one of them a substitute that must not set up. */
static KesselScenario *
small_scenario (void)
{
  static const KesselStep two_steps[] = { { 6, 5 }, { 3, 3 } };
  KesselGrid grid;
  KesselScenario *scenario;
  KesselMap *map;
  KesselUnit *unit;
  int minor, major;

  g_assert_true (kessel_grid_init (&grid, 8, 6, TRUE));
  scenario = kessel_scenario_new (&grid);
  kessel_scenario_set_title (scenario, "Render test");
  map = kessel_scenario_get_map (scenario);

  kessel_map_set_terrain (map, kessel_grid_hex_from_number (&grid, 101), KESSEL_TERRAIN_FOREST);
  kessel_map_set_terrain (map, kessel_grid_hex_from_number (&grid, 201), KESSEL_TERRAIN_ROUGH);
  kessel_map_set_terrain (map, kessel_grid_hex_from_number (&grid, 301), KESSEL_TERRAIN_MARSH);
  minor = kessel_map_add_river (map, "Zbruch", FALSE);
  major = kessel_map_add_river (map, "Dnestr", TRUE);
  for (int column = 1; column <= 8; column++)
    {
      int hex = kessel_grid_hex_at (&grid, column, 5);
      kessel_map_set_river_at_side (map, kessel_grid_hexside (&grid, hex, KESSEL_DIRECTION_S), major);
    }
  kessel_map_set_river_at_side (map,
                                kessel_grid_hexside (&grid, kessel_grid_hex_from_number (&grid, 502),
                                                     KESSEL_DIRECTION_NE),
                                minor);
  kessel_map_set_place (map, kessel_grid_hex_from_number (&grid, 403), KESSEL_PLACE_TOWN, "Proskurov");
  kessel_map_set_place (map, kessel_grid_hex_from_number (&grid, 602),
                        KESSEL_PLACE_FORTIFIED_LOCALITY, "Tarnopol");
  kessel_map_set_label (map, kessel_grid_hex_from_number (&grid, 304), "Skala");
  kessel_map_set_edge_roles (map, kessel_grid_hex_from_number (&grid, 801),
                             KESSEL_EDGE_SUPPLY_SOURCE | KESSEL_EDGE_EXIT);
  kessel_map_set_closed_to_soviet (map, kessel_grid_hex_from_number (&grid, 105), TRUE);

  unit = kessel_unit_new ("g-16pz", KESSEL_SIDE_GERMAN);
  kessel_unit_set_label (unit, "16 Pz");
  kessel_unit_set_unit_type (unit, KESSEL_UNIT_ARMOUR);
  kessel_unit_set_size (unit, KESSEL_SIZE_DIVISION);
  kessel_unit_set_steps (unit, two_steps, 2);
  kessel_unit_set_substitute (unit, "g-16pz-b");
  kessel_unit_set_setup_hex (unit, kessel_grid_hex_from_number (&grid, 202));
  kessel_scenario_add_unit (scenario, unit);
  g_object_unref (unit);

  unit = kessel_unit_new ("g-16pz-b", KESSEL_SIDE_GERMAN);
  kessel_unit_set_label (unit, "16 Pz");
  kessel_unit_set_unit_type (unit, KESSEL_UNIT_ARMOUR);
  kessel_unit_set_size (unit, KESSEL_SIZE_DIVISION);
  kessel_unit_set_steps (unit, two_steps, 2);
  kessel_unit_set_setup_hex (unit, kessel_grid_hex_from_number (&grid, 202));
  kessel_scenario_add_unit (scenario, unit);
  g_object_unref (unit);

  unit = kessel_unit_new ("s-9mech", KESSEL_SIDE_SOVIET);
  kessel_unit_set_label (unit, "9 Mech");
  kessel_unit_set_unit_type (unit, KESSEL_UNIT_MOTORIZED);
  kessel_unit_set_size (unit, KESSEL_SIZE_CORPS);
  kessel_unit_set_steps (unit, two_steps, 2);
  kessel_unit_set_setup_hex (unit, kessel_grid_hex_from_number (&grid, 705));
  kessel_scenario_add_unit (scenario, unit);
  g_object_unref (unit);

  return scenario;
}

static KesselUnit *
make_unit (KesselSide side, KesselUnitType type, KesselUnitSize size, KesselMobility mobility)
{
  static const KesselStep steps[] = { { 4, 4 }, { 2, 2 } };
  KesselUnit *unit = kessel_unit_new ("u", side);

  kessel_unit_set_label (unit, "24 Pz");
  kessel_unit_set_unit_type (unit, type);
  kessel_unit_set_size (unit, size);
  kessel_unit_set_mobility (unit, mobility);
  kessel_unit_set_steps (unit, steps, 2);
  return unit;
}

static char *
temp_dir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("kessel-render-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static void
remove_temp (char *dir, char *path)
{
  g_remove (path);
  g_rmdir (dir);
  g_free (path);
  g_free (dir);
}

static guint32
pixel_at (cairo_surface_t *surface, int x, int y)
{
  const unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  return *(const guint32 *) (data + y * stride + x * 4);
}

/* Whether a rectangle holds a pixel as dark as the text of a name. */
static gboolean
has_dark_pixel (cairo_surface_t *surface, int x, int y, int width, int height)
{
  for (int j = y; j < y + height; j++)
    for (int i = x; i < x + width; i++)
      {
        guint32 p = pixel_at (surface, i, j);
        if (((p >> 16) & 0xff) < 0x40 && ((p >> 8) & 0xff) < 0x40 && (p & 0xff) < 0x40)
          return TRUE;
      }
  return FALSE;
}

static cairo_surface_t *
white_surface (int width, int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  return surface;
}

static int
count_changed (cairo_surface_t *surface, guint32 background)
{
  int changed = 0;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (pixel_at (surface, x, y) != background)
        changed++;
  return changed;
}

/* Layout */

static void
check_round_trip (const KesselGrid *grid, double radius)
{
  KesselHexLayout layout;
  double apothem = radius * SQRT3 / 2;
  int count = kessel_grid_hex_count (grid);

  kessel_hex_layout_init (&layout, grid, radius);
  for (int hex = 0; hex < count; hex++)
    {
      double cx, cy;

      kessel_hex_layout_center (&layout, hex, &cx, &cy);
      g_assert_cmpint (kessel_hex_layout_hex_at (&layout, cx, cy), ==, hex);
      for (int corner = 0; corner < 6; corner++)
        {
          double px, py;
          kessel_hex_layout_corner (&layout, hex, corner, &px, &py);
          /* Just inside each corner. */
          g_assert_cmpint (kessel_hex_layout_hex_at (&layout, cx + (px - cx) * 0.95,
                                                     cy + (py - cy) * 0.95), ==, hex);
          g_assert_cmpfloat (px, >=, layout.margin - 1e-9);
          g_assert_cmpfloat (py, >=, layout.margin - 1e-9);
          g_assert_cmpfloat (px, <=, kessel_hex_layout_width (&layout) - layout.margin + 1e-9);
          g_assert_cmpfloat (py, <=, kessel_hex_layout_height (&layout) - layout.margin + 1e-9);
        }
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          double x1, y1, x2, y2, mx, my, nx, ny;
          int other;

          kessel_hex_layout_side (&layout, hex, d, &x1, &y1, &x2, &y2);
          mx = (x1 + x2) / 2;
          my = (y1 + y2) / 2;
          g_assert_cmpfloat_with_epsilon (hypot (mx - cx, my - cy), apothem, 1e-9);
          nx = cx + (mx - cx) * 0.9;
          ny = cy + (my - cy) * 0.9;
          g_assert_cmpint (kessel_hex_layout_hexside_at (&layout, nx, ny), ==,
                           kessel_grid_hexside (grid, hex, d));
          /* Just across the side lies the neighbour, or nothing. */
          other = kessel_grid_neighbour (grid, hex, d);
          g_assert_cmpint (kessel_hex_layout_hex_at (&layout, cx + (mx - cx) * 1.1,
                                                     cy + (my - cy) * 1.1), ==, other);
        }
    }
  g_assert_cmpint (kessel_hex_layout_hex_at (&layout, 1, 1), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_hex_layout_hex_at (&layout, -50, 30), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_hex_layout_hex_at (&layout, kessel_hex_layout_width (&layout) + 5,
                                             30), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_hex_layout_hexside_at (&layout, 1, 1), ==, -1);
}

static void
test_layout_round_trip (void)
{
  KesselGrid grid;

  g_assert_true (kessel_grid_init (&grid, 47, 29, TRUE));
  check_round_trip (&grid, 30);
  g_assert_true (kessel_grid_init (&grid, 9, 7, FALSE));
  check_round_trip (&grid, 17.5);
  g_assert_true (kessel_grid_init (&grid, 1, 1, FALSE));
  check_round_trip (&grid, 10);
}

static void
test_layout_geometry (void)
{
  KesselGrid grid;
  KesselHexLayout layout;
  double x1, y1, x2, y2, cx, cy, h = SQRT3 * 20;
  int hex;

  g_assert_true (kessel_grid_init (&grid, 4, 3, TRUE));
  kessel_hex_layout_init (&layout, &grid, 20);
  g_assert_cmpfloat_with_epsilon (kessel_hex_layout_width (&layout), 2 * layout.margin + 40 + 3 * 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (kessel_hex_layout_height (&layout), 2 * layout.margin + 3 * h, 1e-9);

  /* Even columns sit half a hex lower. */
  kessel_hex_layout_center (&layout, kessel_grid_hex_at (&grid, 1, 1), &x1, &y1);
  kessel_hex_layout_center (&layout, kessel_grid_hex_at (&grid, 2, 1), &x2, &y2);
  g_assert_cmpfloat_with_epsilon (x2 - x1, 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (y2 - y1, h / 2, 1e-9);
  kessel_hex_layout_center (&layout, kessel_grid_hex_at (&grid, 1, 2), &x2, &y2);
  g_assert_cmpfloat_with_epsilon (y2 - y1, h, 1e-9);

  /* Corner 0 is east, corner 1 below it; the N side is the top edge. */
  hex = kessel_grid_hex_at (&grid, 2, 2);
  kessel_hex_layout_center (&layout, hex, &cx, &cy);
  kessel_hex_layout_corner (&layout, hex, 0, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x1, cx + 20, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, cy, 1e-9);
  kessel_hex_layout_corner (&layout, hex, 1, &x1, &y1);
  g_assert_cmpfloat (y1, >, cy);
  kessel_hex_layout_side (&layout, hex, KESSEL_DIRECTION_N, &x1, &y1, &x2, &y2);
  g_assert_cmpfloat_with_epsilon (y1, cy - h / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (y2, cy - h / 2, 1e-9);
  g_assert_cmpfloat (x1, <, x2);
}

static void
test_layout_rect (void)
{
  KesselGrid grid;
  KesselHexLayout layout;
  int c0, c1, r0, r1, hex;
  double cx, cy;

  g_assert_true (kessel_grid_init (&grid, 47, 29, TRUE));
  kessel_hex_layout_init (&layout, &grid, 25);

  kessel_hex_layout_hexes_in_rect (&layout, 0, 0, kessel_hex_layout_width (&layout),
                                   kessel_hex_layout_height (&layout), &c0, &c1, &r0, &r1);
  g_assert_cmpint (c0, ==, 1);
  g_assert_cmpint (c1, ==, 47);
  g_assert_cmpint (r0, ==, 1);
  g_assert_cmpint (r1, ==, 29);

  kessel_hex_layout_hexes_in_rect (&layout, -1000, -1000, 1e6, 1e6, &c0, &c1, &r0, &r1);
  g_assert_cmpint (c0, ==, 1);
  g_assert_cmpint (c1, ==, 47);
  g_assert_cmpint (r0, ==, 1);
  g_assert_cmpint (r1, ==, 29);

  /* A point's hex is always in the range of a tiny rectangle around it. */
  hex = kessel_grid_hex_from_number (&grid, 2214);
  kessel_hex_layout_center (&layout, hex, &cx, &cy);
  for (double dx = -24; dx <= 24; dx += 6)
    for (double dy = -21; dy <= 21; dy += 6)
      {
        int column, row;
        int at = kessel_hex_layout_hex_at (&layout, cx + dx, cy + dy);

        kessel_hex_layout_hexes_in_rect (&layout, cx + dx, cy + dy, 0.5, 0.5, &c0, &c1, &r0, &r1);
        g_assert_cmpint (at, !=, KESSEL_HEX_NONE);
        kessel_grid_column_row (&grid, at, &column, &row);
        g_assert_cmpint (column, >=, c0);
        g_assert_cmpint (column, <=, c1);
        g_assert_cmpint (row, >=, r0);
        g_assert_cmpint (row, <=, r1);
        g_assert_cmpint (c1 - c0, <=, 1);
        g_assert_cmpint (r1 - r0, <=, 1);
      }

  kessel_hex_layout_hexes_in_rect (&layout, kessel_hex_layout_width (&layout) + 100, 0, 50, 50,
                                   &c0, &c1, &r0, &r1);
  g_assert_cmpint (c0, >, c1);
  kessel_hex_layout_hexes_in_rect (&layout, 0, -500, 50, 50, &c0, &c1, &r0, &r1);
  g_assert_cmpint (r0, >, r1);
}

/* Counters */

static void
test_counter_colours (void)
{
  KesselUnit *units[5];
  double bg[5][3], fg[5][3];

  units[0] = make_unit (KESSEL_SIDE_GERMAN, KESSEL_UNIT_ARMOUR, KESSEL_SIZE_DIVISION,
                        KESSEL_MOBILITY_MECHANIZED);
  units[1] = make_unit (KESSEL_SIDE_GERMAN, KESSEL_UNIT_INFANTRY, KESSEL_SIZE_DIVISION,
                        KESSEL_MOBILITY_NON_MECHANIZED);
  units[2] = make_unit (KESSEL_SIDE_SOVIET, KESSEL_UNIT_ARMOUR, KESSEL_SIZE_CORPS,
                        KESSEL_MOBILITY_MECHANIZED);
  units[3] = make_unit (KESSEL_SIDE_SOVIET, KESSEL_UNIT_ARTILLERY, KESSEL_SIZE_DIVISION,
                        KESSEL_MOBILITY_MECHANIZED);
  units[4] = make_unit (KESSEL_SIDE_SOVIET, KESSEL_UNIT_INFANTRY, KESSEL_SIZE_CORPS,
                        KESSEL_MOBILITY_NON_MECHANIZED);
  for (int i = 0; i < 5; i++)
    kessel_counter_painter_colours (units[i], bg[i], fg[i]);

  for (int i = 0; i < 5; i++)
    for (int j = i + 1; j < 5; j++)
      g_assert_false (memcmp (bg[i], bg[j], sizeof bg[i]) == 0);
  /* White on the dark backgrounds, black on the light ones. */
  g_assert_cmpfloat (fg[0][0], ==, 1);
  g_assert_cmpfloat (fg[1][0], ==, 0);
  g_assert_cmpfloat (fg[2][0], ==, 1);
  g_assert_cmpfloat (fg[3][0], ==, 1);
  g_assert_cmpfloat (fg[4][0], ==, 0);
  /* Soviet mechanized red, its artillery brown: redder than green, darker. */
  g_assert_cmpfloat (bg[2][0], >, 2 * bg[2][1]);
  g_assert_cmpfloat (bg[3][0] + bg[3][1] + bg[3][2], <, bg[4][0] + bg[4][1] + bg[4][2]);

  for (int i = 0; i < 5; i++)
    g_object_unref (units[i]);
}

static void
test_counter_draw (void)
{
  cairo_surface_t *front = white_surface (80, 80);
  cairo_surface_t *back = white_surface (80, 80);
  cairo_t *cr;
  KesselUnit *unit = make_unit (KESSEL_SIDE_SOVIET, KESSEL_UNIT_INFANTRY, KESSEL_SIZE_CORPS,
                                KESSEL_MOBILITY_NON_MECHANIZED);
  guint32 white = pixel_at (front, 0, 0);
  int changed;

  cr = cairo_create (front);
  kessel_counter_painter_draw (cr, unit, 0, 0, 8, 8, 64);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cr = cairo_create (back);
  kessel_counter_painter_draw (cr, unit, 1, KESSEL_COUNTER_SUBSTITUTE | KESSEL_COUNTER_SELECTED,
                               8, 8, 64);
  cairo_destroy (cr);

  changed = count_changed (front, white);
  g_assert_cmpint (changed, >, 64 * 64 * 3 / 4);
  g_assert_cmpint (changed, <=, 66 * 66);
  /* Outside the counter nothing is drawn. */
  g_assert_cmpuint (pixel_at (front, 2, 2), ==, white);
  g_assert_cmpuint (pixel_at (front, 77, 77), ==, white);
  /* The reduced, selected substitute looks different, and its outline
   * reaches past the counter. */
  g_assert_cmpint (count_changed (back, white), >, changed);

  cairo_surface_destroy (front);
  cairo_surface_destroy (back);
  g_object_unref (unit);
}

/* Every combination at a small and a large size draws without error. */
static void
test_counter_all_kinds (void)
{
  cairo_surface_t *surface = white_surface (100, 100);
  cairo_t *cr = cairo_create (surface);

  for (int side = KESSEL_SIDE_NONE; side <= KESSEL_SIDE_SOVIET; side++)
    for (int type = 0; type < KESSEL_N_UNIT_TYPES; type++)
      for (int size = 0; size < KESSEL_N_SIZES; size++)
        for (int mobility = 0; mobility < KESSEL_N_MOBILITIES; mobility++)
          {
            KesselUnit *unit = make_unit (side, type, size, mobility);
            kessel_counter_painter_draw (cr, unit, mobility % 2, 0, 2, 2, 24);
            kessel_counter_painter_draw (cr, unit, 1, KESSEL_COUNTER_SELECTED, 10, 10, 80);
            g_object_unref (unit);
          }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_stack (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);
  KesselHexLayout layout;
  KesselStackEntry entries[3];
  cairo_surface_t *one, *three;
  cairo_t *cr;
  int hex = kessel_grid_hex_from_number (grid, 303);
  guint32 white;

  kessel_hex_layout_init (&layout, grid, 40);
  for (int i = 0; i < 3; i++)
    {
      entries[i].unit = kessel_scenario_get_unit (scenario, i);
      entries[i].step = i == 1;
      entries[i].substitute = i == 1;
    }
  one = white_surface (kessel_hex_layout_width (&layout), kessel_hex_layout_height (&layout));
  three = white_surface (kessel_hex_layout_width (&layout), kessel_hex_layout_height (&layout));
  white = pixel_at (one, 0, 0);
  cr = cairo_create (one);
  kessel_map_painter_draw_stack (painter, cr, &layout, hex, entries, 1);
  cairo_destroy (cr);
  cr = cairo_create (three);
  kessel_map_painter_draw_stack (painter, cr, &layout, hex, entries, 3);
  cairo_destroy (cr);

  /* A stack covers more than one counter; nothing is drawn off the hex. */
  g_assert_cmpint (count_changed (one, white), >, 40 * 40);
  g_assert_cmpint (count_changed (three, white), >, count_changed (one, white));
  g_assert_cmpuint (pixel_at (three, 0, 0), ==, white);

  cairo_surface_destroy (one);
  cairo_surface_destroy (three);
  g_object_unref (painter);
  g_object_unref (scenario);
}

/* Export */

static cairo_surface_t *
load_png (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

static void
test_export_png (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  KesselHexLayout layout;
  GError *error = NULL;
  char *dir = temp_dir ();
  char *path = g_build_filename (dir, "map.PNG", NULL);
  cairo_surface_t *surface;
  double tx, ty, cx, cy;
  guint32 town, plain;

  kessel_map_painter_set_show_edge_roles (painter, TRUE);
  g_assert_true (kessel_map_painter_export (painter, path, -1, 0, 30, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  kessel_hex_layout_init (&layout, grid, 30);
  surface = load_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==,
                   (int) ceil (kessel_hex_layout_width (&layout)));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==,
                   (int) ceil (kessel_hex_layout_height (&layout)));

  /* The town's hex shows its symbol, not the plain clear terrain of an
   * empty clear hex; the margin stays white. */
  kessel_hex_layout_center (&layout, kessel_grid_hex_from_number (grid, 403), &tx, &ty);
  kessel_hex_layout_center (&layout, kessel_grid_hex_from_number (grid, 503), &cx, &cy);
  town = pixel_at (surface, (int) tx, (int) ty);
  plain = pixel_at (surface, (int) cx, (int) cy);
  g_assert_cmpuint (town, !=, plain);
  g_assert_cmpuint (plain, !=, 0xffffffff);
  g_assert_cmpuint (pixel_at (surface, 1, 1), ==, 0xffffffff);
  /* A map name shows its ring and its name below it. */
  kessel_hex_layout_center (&layout, kessel_grid_hex_from_number (grid, 304), &tx, &ty);
  g_assert_cmpuint (pixel_at (surface, (int) tx, (int) ty), !=, plain);
  g_assert_true (has_dark_pixel (surface, (int) tx - 10, (int) (ty + 0.72 * 30) - 3, 20, 6));
  g_assert_false (has_dark_pixel (surface, (int) cx - 10, (int) (cy + 0.72 * 30) - 3, 20, 6));

  cairo_surface_destroy (surface);
  g_object_unref (painter);
  g_object_unref (scenario);
  remove_temp (dir, path);
}

static void
test_export_pdf (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  GError *error = NULL;
  char *dir = temp_dir ();
  char *path = g_build_filename (dir, "map.pdf", NULL);
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (kessel_map_painter_export (painter, path, -1, 0, 24, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));

  g_free (contents);
  g_object_unref (painter);
  g_object_unref (scenario);
  remove_temp (dir, path);
}

/* Vinnitsa covers three hexes: its name is written once, between them;
 * a town of one hex has its name below its symbol. */
static void
test_town_named_once (void)
{
  const char *root = g_getenv ("KESSEL_SOURCE_ROOT");
  g_autofree char *source = g_build_filename (root ? root : ".", "data", "scenarios",
                                              "first-panzer-army.kessel", NULL);
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const char *vinnitsa[] = { "4513", "4612", "4613" };
  KesselMap *map;
  const KesselGrid *grid;
  KesselHexLayout layout;
  double x, y, cx, cy, mean_x = 0, mean_y = 0;
  int named = 0, proskurov;

  scenario = kessel_scenario_load_file (source, &error);
  g_assert_no_error (error);
  map = kessel_scenario_get_map (scenario);
  grid = kessel_map_get_grid (map);
  kessel_hex_layout_init (&layout, grid, 30);
  for (guint i = 0; i < G_N_ELEMENTS (vinnitsa); i++)
    {
      int hex = kessel_grid_parse_hex (grid, vinnitsa[i]);

      kessel_hex_layout_center (&layout, hex, &cx, &cy);
      mean_x += cx / 3;
      mean_y += cy / 3;
      if (kessel_town_name_position (map, &layout, hex, &x, &y))
        named++;
    }
  g_assert_cmpint (named, ==, 1);
  g_assert_true (kessel_town_name_position (map, &layout, kessel_grid_parse_hex (grid, "4513"), &x, &y));
  g_assert_cmpfloat_with_epsilon (x, mean_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, mean_y, 1e-9);

  proskurov = kessel_grid_parse_hex (grid, "2607");
  kessel_hex_layout_center (&layout, proskurov, &cx, &cy);
  g_assert_true (kessel_town_name_position (map, &layout, proskurov, &x, &y));
  g_assert_cmpfloat (x, ==, cx);
  g_assert_cmpfloat (y, >, cy);
  g_assert_false (kessel_town_name_position (map, &layout, kessel_grid_parse_hex (grid, "2608"), &x, &y));
}

static void
test_export_crop (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  GError *error = NULL;
  char *dir = temp_dir ();
  char *whole_path = g_build_filename (dir, "whole.png", NULL);
  char *path = g_build_filename (dir, "crop.png", NULL);
  cairo_surface_t *whole, *crop;
  KesselHexLayout layout;
  int town = kessel_grid_hex_from_number (grid, 403);
  int width, height;
  double tx, ty;

  g_assert_true (kessel_map_painter_export (painter, whole_path, -1, 0, 30, &error));
  g_assert_true (kessel_map_painter_export (painter, path, town, 1, 30, &error));
  g_assert_no_error (error);
  whole = load_png (whole_path);
  crop = load_png (path);
  width = cairo_image_surface_get_width (crop);
  height = cairo_image_surface_get_height (crop);
  g_assert_cmpint (width, <, cairo_image_surface_get_width (whole));
  g_assert_cmpint (height, <, cairo_image_surface_get_height (whole));
  /* Three columns and three rows of hexes (5 r by 3 sqrt(3) r) with the
   * margin of 0.5 r around them. */
  g_assert_cmpint (width, ==, (int) ceil (5 * 30 + 30));
  g_assert_cmpint (height, ==, (int) ceil (3 * SQRT3 * 30 + 30));
  /* The town's symbol is in the middle of the crop, as on the whole map. */
  kessel_hex_layout_init (&layout, grid, 30);
  kessel_hex_layout_center (&layout, town, &tx, &ty);
  g_assert_cmpuint (pixel_at (crop, width / 2, height / 2), ==, pixel_at (whole, (int) tx, (int) ty));

  cairo_surface_destroy (whole);
  cairo_surface_destroy (crop);
  g_remove (whole_path);
  g_free (whole_path);
  g_object_unref (painter);
  g_object_unref (scenario);
  remove_temp (dir, path);
}

static void
test_export_errors (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  GError *error = NULL;
  char *dir = temp_dir ();
  char *path = g_build_filename (dir, "map.svg", NULL);

  g_assert_false (kessel_map_painter_export (painter, path, -1, 0, 30, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, ".png"));
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_false (kessel_map_painter_export (painter, "/nonexistent-dir/map.png", -1, 0, 30, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (kessel_map_painter_export (painter, "/nonexistent-dir/map.pdf", -1, 0, 30, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_object_unref (painter);
  g_object_unref (scenario);
  remove_temp (dir, path);
}

/* Drawing into a clip draws there and nowhere else. */
static void
test_clip (void)
{
  KesselScenario *scenario = small_scenario ();
  KesselMapPainter *painter = kessel_map_painter_new (scenario);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  KesselHexLayout layout;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint32 white;
  double width, height;

  kessel_hex_layout_init (&layout, grid, 20);
  width = kessel_hex_layout_width (&layout);
  height = kessel_hex_layout_height (&layout);
  surface = white_surface (width, height);
  white = pixel_at (surface, 0, 0);
  cr = cairo_create (surface);
  kessel_map_painter_draw_terrain (painter, cr, &layout, width / 2, 0, width / 2, height);
  cairo_destroy (cr);
  /* The west edge's hexes lie wholly outside the clip. */
  g_assert_cmpuint (pixel_at (surface, layout.margin + 20, layout.margin + 20), ==, white);
  g_assert_cmpuint (pixel_at (surface, width - layout.margin - 20, height / 2), !=, white);

  cairo_surface_destroy (surface);
  g_object_unref (painter);
  g_object_unref (scenario);
}

static void
test_scenario_file (void)
{
  const char *root = g_getenv ("KESSEL_SOURCE_ROOT");
  g_autofree char *source = g_build_filename (root ? root : ".", "data", "scenarios",
                                              "first-panzer-army.kessel", NULL);
  KesselScenario *scenario;
  KesselMapPainter *painter;
  GError *error = NULL;
  char *dir, *path;
  cairo_surface_t *surface;
  KesselHexLayout layout;

  scenario = kessel_scenario_load_file (source, &error);
  if (scenario == NULL)
    {
      g_test_skip (error ? error->message : "scenario did not load");
      g_clear_error (&error);
      return;
    }
  painter = kessel_map_painter_new (scenario);
  kessel_map_painter_set_show_edge_roles (painter, TRUE);
  dir = temp_dir ();
  path = g_build_filename (dir, "fpa.png", NULL);
  g_assert_true (kessel_map_painter_export (painter, path, -1, 0, 16, &error));
  g_assert_no_error (error);
  surface = load_png (path);
  kessel_hex_layout_init (&layout, kessel_map_get_grid (kessel_scenario_get_map (scenario)), 16);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==,
                   (int) ceil (kessel_hex_layout_width (&layout)));

  cairo_surface_destroy (surface);
  g_object_unref (painter);
  g_object_unref (scenario);
  remove_temp (dir, path);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/layout/round-trip", test_layout_round_trip);
  g_test_add_func ("/render/layout/geometry", test_layout_geometry);
  g_test_add_func ("/render/layout/rect", test_layout_rect);
  g_test_add_func ("/render/counter/colours", test_counter_colours);
  g_test_add_func ("/render/counter/draw", test_counter_draw);
  g_test_add_func ("/render/counter/all-kinds", test_counter_all_kinds);
  g_test_add_func ("/render/map/stack", test_stack);
  g_test_add_func ("/render/map/clip", test_clip);
  g_test_add_func ("/render/export/png", test_export_png);
  g_test_add_func ("/render/export/pdf", test_export_pdf);
  g_test_add_func ("/render/export/crop", test_export_crop);
  g_test_add_func ("/render/map/town-named-once", test_town_named_once);
  g_test_add_func ("/render/export/errors", test_export_errors);
  g_test_add_func ("/render/export/scenario-file", test_scenario_file);

  return g_test_run ();
}
