/* kessel-river-course.c: each river hexside's distance from its source.
 *
 * Corners are found from the hex layout at radius 1, where every corner
 * falls on a lattice of half radii across and half hex heights down. */
#include "kessel-config.h"
#include "kessel-river-course.h"

#include <math.h>

#include "kessel-hex-layout.h"

#define SQRT3 1.7320508075688772
/* Hexsides from its source at which a river reaches its full width. */
#define FULL_WIDTH_DISTANCE 14
#define SOURCE_WIDTH 0.3

struct _KesselRiverCourse
{
  guint fingerprint;
  int n_sides;
  int *distance;      /* per hexside; -1: no river, or no source on the map */
};

guint
kessel_river_course_fingerprint (KesselMap *map)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  int count = kessel_grid_hexside_count (grid);
  guint hash = 17;

  for (KesselHexside side = 0; side < count; side++)
    hash = hash * 31 + (guint) (kessel_map_get_river_at_side (map, side) + 1);
  return hash;
}

static gpointer
corner_key (double x, double y)
{
  return GINT_TO_POINTER ((int) lround (2 * x) * 4096 + (int) lround (2 * y / SQRT3) + 1);
}

/* The ends of a hexside, as corner keys. */
static void
side_corners (const KesselHexLayout *layout, KesselHexside side, gpointer *a, gpointer *b)
{
  int hex, other;
  KesselDirection direction;
  double x1, y1, x2, y2;

  kessel_grid_hexside_hexes (&layout->grid, side, &hex, &other);
  if (hex == KESSEL_HEX_NONE)
    hex = other, other = KESSEL_HEX_NONE;
  for (direction = 0; direction < KESSEL_N_DIRECTIONS; direction++)
    if (kessel_grid_hexside (&layout->grid, hex, direction) == side)
      break;
  kessel_hex_layout_side (layout, hex, direction, &x1, &y1, &x2, &y2);
  *a = corner_key (x1, y1);
  *b = corner_key (x2, y2);
}

/* Per corner, how many hexes of the map meet there. */
static GHashTable *
count_corner_hexes (const KesselHexLayout *layout)
{
  GHashTable *counts = g_hash_table_new (NULL, NULL);
  int n = kessel_grid_hex_count (&layout->grid);

  for (int hex = 0; hex < n; hex++)
    for (int corner = 0; corner < 6; corner++)
      {
        double x, y;
        gpointer key;

        kessel_hex_layout_corner (layout, hex, corner, &x, &y);
        key = corner_key (x, y);
        g_hash_table_insert (counts, key,
                             GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (counts, key)) + 1));
      }
  return counts;
}

/* Walks a river from its sources, breadth first along its hexsides. */
static void
measure_river (KesselRiverCourse *course, const KesselHexLayout *layout, GArray *sides,
               GHashTable *corner_hexes, GHashTable *river_corners, int river)
{
  g_autoptr(GHashTable) degree = g_hash_table_new (NULL, NULL);
  g_autoptr(GQueue) queue = g_queue_new ();
  g_autofree gpointer *ends = g_new (gpointer, 2 * sides->len);

  for (guint i = 0; i < sides->len; i++)
    {
      side_corners (layout, g_array_index (sides, KesselHexside, i), &ends[2 * i], &ends[2 * i + 1]);
      for (int e = 0; e < 2; e++)
        g_hash_table_insert (degree, ends[2 * i + e],
                             GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (degree, ends[2 * i + e])) + 1));
    }
  /* Sources: ends inside the map that meet no other river. */
  for (guint i = 0; i < 2 * sides->len; i++)
    if (GPOINTER_TO_INT (g_hash_table_lookup (degree, ends[i])) == 1
        && GPOINTER_TO_INT (g_hash_table_lookup (corner_hexes, ends[i])) == 3
        && GPOINTER_TO_INT (g_hash_table_lookup (river_corners, ends[i])) == river + 1)
      {
        course->distance[g_array_index (sides, KesselHexside, i / 2)] = 0;
        g_queue_push_tail (queue, GUINT_TO_POINTER (i / 2));
      }
  while (!g_queue_is_empty (queue))
    {
      guint i = GPOINTER_TO_UINT (g_queue_pop_head (queue));
      int d = course->distance[g_array_index (sides, KesselHexside, i)];

      for (guint j = 0; j < sides->len; j++)
        {
          KesselHexside next = g_array_index (sides, KesselHexside, j);
          if (course->distance[next] >= 0)
            continue;
          if (ends[2 * j] != ends[2 * i] && ends[2 * j] != ends[2 * i + 1]
              && ends[2 * j + 1] != ends[2 * i] && ends[2 * j + 1] != ends[2 * i + 1])
            continue;
          course->distance[next] = d + 1;
          g_queue_push_tail (queue, GUINT_TO_POINTER (j));
        }
    }
}

/* Per corner touched by a river: that river + 1, or -1 where several meet. */
static GHashTable *
corners_of_rivers (const KesselHexLayout *layout, KesselMap *map)
{
  GHashTable *owners = g_hash_table_new (NULL, NULL);

  for (KesselHexside side = 0; side < kessel_grid_hexside_count (&layout->grid); side++)
    {
      int river = kessel_map_get_river_at_side (map, side);
      gpointer ends[2];

      if (river == KESSEL_RIVER_NONE)
        continue;
      side_corners (layout, side, &ends[0], &ends[1]);
      for (int e = 0; e < 2; e++)
        {
          int owner = GPOINTER_TO_INT (g_hash_table_lookup (owners, ends[e]));
          g_hash_table_insert (owners, ends[e], GINT_TO_POINTER (owner == 0 || owner == river + 1 ? river + 1 : -1));
        }
    }
  return owners;
}

KesselRiverCourse *
kessel_river_course_new (KesselMap *map)
{
  KesselRiverCourse *course;
  KesselHexLayout layout;
  g_autoptr(GHashTable) corner_hexes = NULL;
  g_autoptr(GHashTable) river_corners = NULL;

  g_return_val_if_fail (KESSEL_IS_MAP (map), NULL);

  kessel_hex_layout_init (&layout, kessel_map_get_grid (map), 1.0);
  course = g_new0 (KesselRiverCourse, 1);
  course->fingerprint = kessel_river_course_fingerprint (map);
  course->n_sides = kessel_grid_hexside_count (&layout.grid);
  course->distance = g_new (int, course->n_sides);
  for (int i = 0; i < course->n_sides; i++)
    course->distance[i] = -1;
  if (kessel_map_get_n_rivers (map) == 0)
    return course;

  corner_hexes = count_corner_hexes (&layout);
  river_corners = corners_of_rivers (&layout, map);
  for (int river = 0; river < kessel_map_get_n_rivers (map); river++)
    {
      g_autoptr(GArray) sides = kessel_map_get_river_sides (map, river);
      measure_river (course, &layout, sides, corner_hexes, river_corners, river);
    }
  return course;
}

void
kessel_river_course_free (KesselRiverCourse *course)
{
  if (course == NULL)
    return;
  g_free (course->distance);
  g_free (course);
}

gboolean
kessel_river_course_is_current (const KesselRiverCourse *course, KesselMap *map)
{
  return course != NULL && course->n_sides == kessel_grid_hexside_count (kessel_map_get_grid (map))
         && course->fingerprint == kessel_river_course_fingerprint (map);
}

int
kessel_river_course_distance (const KesselRiverCourse *course, KesselHexside side)
{
  g_return_val_if_fail (course != NULL, -1);
  return side >= 0 && side < course->n_sides ? course->distance[side] : -1;
}

double
kessel_river_course_width (const KesselRiverCourse *course, KesselHexside side)
{
  int distance = kessel_river_course_distance (course, side);

  if (distance < 0)
    return 1.0;
  return SOURCE_WIDTH + (1 - SOURCE_WIDTH) * MIN (1.0, (double) distance / FULL_WIDTH_DISTANCE);
}
