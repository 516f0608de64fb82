/* Hex grid arithmetic: numbering, neighbours at both column parities and at
 * the edges, distance and hexsides (digest section C). */
#include "kessel-hex.h"

static KesselGrid
first_panzer_army_grid (void)
{
  KesselGrid grid;
  g_assert_true (kessel_grid_init (&grid, 47, 29, TRUE));
  return grid;
}

static int
hex (const KesselGrid *grid, int number)
{
  int index = kessel_grid_hex_from_number (grid, number);
  g_assert_cmpint (index, !=, KESSEL_HEX_NONE);
  return index;
}

static void
test_count (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  KesselGrid full;

  g_assert_cmpint (kessel_grid_hex_count (&grid), ==, 1340);
  g_assert_cmpint (kessel_grid_rows_in_column (&grid, 1), ==, 29);
  g_assert_cmpint (kessel_grid_rows_in_column (&grid, 2), ==, 28);
  g_assert_true (kessel_grid_init (&full, 10, 8, FALSE));
  g_assert_cmpint (kessel_grid_hex_count (&full), ==, 80);
  g_assert_false (kessel_grid_init (&full, 0, 8, FALSE));
  g_assert_false (kessel_grid_init (&full, 10, 100, FALSE));
}

static void
test_numbering (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  int count = kessel_grid_hex_count (&grid);

  for (int i = 0; i < count; i++)
    {
      int number = kessel_grid_hex_number (&grid, i);
      g_assert_cmpint (kessel_grid_hex_from_number (&grid, number), ==, i);
    }
  g_assert_cmpint (kessel_grid_hex_number (&grid, 0), ==, 101);
  g_assert_cmpint (kessel_grid_hex_number (&grid, count - 1), ==, 4729);
  g_assert_cmpint (kessel_grid_hex_from_number (&grid, 4629), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_hex_from_number (&grid, 4628), !=, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_hex_from_number (&grid, 4801), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_hex_from_number (&grid, 100), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_parse_hex (&grid, "0805"), ==, hex (&grid, 805));
  g_assert_cmpint (kessel_grid_parse_hex (&grid, "805"), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_parse_hex (&grid, "08055"), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_parse_hex (&grid, "08a5"), ==, KESSEL_HEX_NONE);
}

static void
assert_neighbours (const KesselGrid *grid, int centre, const int expected[KESSEL_N_DIRECTIONS])
{
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int found = kessel_grid_neighbour (grid, hex (grid, centre), d);
      int number = found == KESSEL_HEX_NONE ? 0 : kessel_grid_hex_number (grid, found);
      g_assert_cmpint (number, ==, expected[d]);
    }
}

static void
test_neighbours_odd_column (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  const int around_2119[] = { 2118, 2218, 2219, 2120, 2019, 2018 };
  assert_neighbours (&grid, 2119, around_2119);
}

static void
test_neighbours_even_column (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  const int around_2218[] = { 2217, 2318, 2319, 2219, 2119, 2118 };
  assert_neighbours (&grid, 2218, around_2218);
}

static void
test_neighbours_at_edges (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  const int around_0101[] = { 0, 0, 201, 102, 0, 0 };
  const int around_4729[] = { 4728, 0, 0, 0, 0, 4628 };
  const int around_4628[] = { 4627, 4728, 4729, 0, 4529, 4528 };
  int all[KESSEL_N_DIRECTIONS];

  assert_neighbours (&grid, 101, around_0101);
  assert_neighbours (&grid, 4729, around_4729);
  assert_neighbours (&grid, 4628, around_4628);
  g_assert_cmpint (kessel_grid_neighbours (&grid, hex (&grid, 2119), all), ==, 6);
  g_assert_true (kessel_grid_is_edge (&grid, hex (&grid, 101)));
  g_assert_false (kessel_grid_is_edge (&grid, hex (&grid, 2119)));
}

/* Adjacencies the rule book's example turn and rule 4.1 need (digest C.2). */
static void
test_rule_book_adjacencies (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  const int pairs[][2] = {
    { 2218, 2119 }, { 2119, 2018 }, { 2019, 1920 }, { 2118, 2017 }, { 1819, 1920 },
    { 4513, 4612 }, { 4513, 4613 }, { 4612, 4613 }, { 2121, 2122 }, { 2908, 2807 },
    { 2019, 1919 }, { 2019, 2119 }, { 2019, 2020 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_true (kessel_grid_adjacent (&grid, hex (&grid, pairs[i][0]), hex (&grid, pairs[i][1])));
  g_assert_false (kessel_grid_adjacent (&grid, hex (&grid, 1918), hex (&grid, 2019)));
  g_assert_cmpint (kessel_grid_distance (&grid, hex (&grid, 2219), hex (&grid, 2019)), ==, 2);
}

static void
test_distance (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  int count = kessel_grid_hex_count (&grid);
  int neighbours[KESSEL_N_DIRECTIONS];

  g_assert_cmpint (kessel_grid_distance (&grid, hex (&grid, 101), hex (&grid, 101)), ==, 0);
  g_assert_cmpint (kessel_grid_distance (&grid, hex (&grid, 101), hex (&grid, 129)), ==, 28);
  g_assert_cmpint (kessel_grid_distance (&grid, hex (&grid, 101), hex (&grid, 4701)), ==, 46);
  for (int i = 0; i < count; i++)
    {
      kessel_grid_neighbours (&grid, i, neighbours);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (neighbours[d] != KESSEL_HEX_NONE)
          g_assert_cmpint (kessel_grid_distance (&grid, i, neighbours[d]), ==, 1);
    }
}

static void
test_hexsides (void)
{
  KesselGrid grid = first_panzer_army_grid ();
  int count = kessel_grid_hex_count (&grid);
  g_autofree guint8 *seen = g_new0 (guint8, kessel_grid_hexside_count (&grid));

  for (int i = 0; i < count; i++)
    for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
      {
        int other = kessel_grid_neighbour (&grid, i, d);
        KesselHexside side = kessel_grid_hexside (&grid, i, d);
        int a, b;

        g_assert_cmpint (side, >=, 0);
        g_assert_cmpint (side, <, kessel_grid_hexside_count (&grid));
        seen[side]++;
        kessel_grid_hexside_hexes (&grid, side, &a, &b);
        if (other == KESSEL_HEX_NONE)
          {
            g_assert_cmpint (a, ==, i);
            g_assert_cmpint (b, ==, KESSEL_HEX_NONE);
            continue;
          }
        g_assert_cmpint (side, ==, kessel_grid_hexside (&grid, other, kessel_direction_opposite (d)));
        g_assert_cmpint (side, ==, kessel_grid_hexside_between (&grid, other, i));
        g_assert_true ((a == i && b == other) || (a == other && b == i));
      }
  /* each inner side is named from both hexes, each edge side from one */
  for (int s = 0; s < kessel_grid_hexside_count (&grid); s++)
    g_assert_cmpint (seen[s], <=, 2);
  g_assert_cmpint (kessel_grid_hexside_between (&grid, hex (&grid, 101), hex (&grid, 4729)), ==, -1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hex/count", test_count);
  g_test_add_func ("/hex/numbering", test_numbering);
  g_test_add_func ("/hex/neighbours/odd-column", test_neighbours_odd_column);
  g_test_add_func ("/hex/neighbours/even-column", test_neighbours_even_column);
  g_test_add_func ("/hex/neighbours/edges", test_neighbours_at_edges);
  g_test_add_func ("/hex/rule-book-adjacencies", test_rule_book_adjacencies);
  g_test_add_func ("/hex/distance", test_distance);
  g_test_add_func ("/hex/hexsides", test_hexsides);
  return g_test_run ();
}
