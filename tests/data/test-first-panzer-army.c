/* The shipped scenario data/scenarios/first-panzer-army.kessel: what the rules
 * fix (anchors, edge roles, the example turn's hexes, the 96th and 291st) and
 * what docs/map-reconstruction.md promises about the reconstruction (rivers
 * continuous along hexsides, the 12.5 area bounded by the Strypa and the
 * Dnestr, unit and step counts, setup and stacking). */
#include <string.h>

#include "kessel-scenario.h"

/* Counts documented in docs/map-reconstruction.md. */
#define GERMAN_UNITS 37
#define GERMAN_COUNTERS 70
#define GERMAN_STEPS 136
#define SOVIET_UNITS 31
#define SOVIET_COUNTERS 31
#define SOVIET_STEPS 51

static KesselScenario *scenario;

static KesselMap *
map (void)
{
  return kessel_scenario_get_map (scenario);
}

static const KesselGrid *
grid (void)
{
  return kessel_map_get_grid (map ());
}

static int
hex (int number)
{
  int h = kessel_grid_hex_from_number (grid (), number);

  g_assert_cmpint (h, !=, KESSEL_HEX_NONE);
  return h;
}

static int
number (int h)
{
  return kessel_grid_hex_number (grid (), h);
}

static KesselUnit *
unit (const char *id)
{
  KesselUnit *u = kessel_scenario_find_unit (scenario, id);

  if (u == NULL)
    g_error ("no unit %s", id);
  return u;
}

/* A unit as a player sees it: its first counter (not a substitute). */
static gboolean
is_first_counter (KesselUnit *u)
{
  return kessel_scenario_get_substituted (scenario, u) == NULL;
}

static void
test_loads (void)
{
  g_assert_nonnull (scenario);
  g_assert_cmpint (kessel_map_get_hex_count (map ()), ==, 1340);
  g_assert_cmpint (grid ()->columns, ==, 47);
  g_assert_cmpint (grid ()->rows, ==, 29);
  g_assert_true (grid ()->short_even_columns);
  g_assert_cmpint (kessel_scenario_get_turns (scenario), ==, 8);
  g_assert_cmpint (kessel_scenario_get_start (scenario)->weather, ==, KESSEL_WEATHER_THAW);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->town, ==, 1);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->fortified, ==, 4);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->soviet_wins_at, ==, 32);
  g_assert_cmpint (kessel_scenario_get_victory (scenario)->draw_from, ==, 28);
}

static void
test_anchors (void)
{
  const struct { int hex; const char *name; } anchors[] = {
    { 805, "Ternopol" }, { 2607, "Proskurov" }, { 2603, "Krasilov" }, { 4004, "Khmelnik" },
    { 4513, "Vinnitsa" }, { 4612, "Vinnitsa" }, { 4613, "Vinnitsa" },
  };
  int vinnitsa = 0;

  for (guint i = 0; i < G_N_ELEMENTS (anchors); i++)
    {
      const KesselPlace *place = kessel_map_get_place_at (map (), hex (anchors[i].hex));
      g_assert_nonnull (place);
      g_assert_cmpstr (place->name, ==, anchors[i].name);
    }
  /* Each anchor name is on its hexes only. */
  for (int i = 0; i < kessel_map_get_n_places (map ()); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map (), i);
      for (guint j = 0; j < G_N_ELEMENTS (anchors); j++)
        if (strcmp (place->name, anchors[j].name) == 0 && strcmp (place->name, "Vinnitsa") != 0)
          g_assert_cmpint (number (place->hex), ==, anchors[j].hex);
      if (strcmp (place->name, "Vinnitsa") == 0)
        {
          g_assert_cmpint (place->kind, ==, KESSEL_PLACE_TOWN);
          vinnitsa++;
        }
    }
  g_assert_cmpint (vinnitsa, ==, 3);
  g_assert_cmpint (kessel_map_get_place_at (map (), hex (2607))->kind, ==, KESSEL_PLACE_TOWN);
  g_assert_cmpint (kessel_map_get_place_at (map (), hex (2603))->kind, ==, KESSEL_PLACE_TOWN);
  g_assert_cmpint (kessel_map_get_place_at (map (), hex (4004))->kind, ==, KESSEL_PLACE_TOWN);
}

/* Two hexsides of one river meet when they share a corner: a corner is shared
 * by three mutually adjacent hexes, and two of its sides have one hex in
 * common and the other two adjacent. */
static gboolean
sides_meet (KesselHexside s, KesselHexside t)
{
  int a, b, c, d;

  kessel_grid_hexside_hexes (grid (), s, &a, &b);
  kessel_grid_hexside_hexes (grid (), t, &c, &d);
  if (a == c)
    return kessel_grid_adjacent (grid (), b, d);
  if (a == d)
    return kessel_grid_adjacent (grid (), b, c);
  if (b == c)
    return kessel_grid_adjacent (grid (), a, d);
  if (b == d)
    return kessel_grid_adjacent (grid (), a, c);
  return FALSE;
}

static gboolean
river_is_continuous (GArray *sides)
{
  guint n = sides->len;
  g_autofree gboolean *reached = g_new0 (gboolean, n);
  g_autoptr(GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  guint first = 0, count = 1;

  if (n == 0)
    return FALSE;
  reached[0] = TRUE;
  g_array_append_val (todo, first);
  while (todo->len > 0)
    {
      guint i = g_array_index (todo, guint, todo->len - 1);
      g_array_set_size (todo, todo->len - 1);
      for (guint j = 0; j < n; j++)
        if (!reached[j] && sides_meet (g_array_index (sides, KesselHexside, i),
                                       g_array_index (sides, KesselHexside, j)))
          {
            reached[j] = TRUE;
            count++;
            g_array_append_val (todo, j);
          }
    }
  return count == n;
}

static const struct { const char *name; gboolean major; int min_sides; } rivers[] = {
  { "Dnestr", TRUE, 60 }, { "Southern Bug", TRUE, 50 }, { "Prut", TRUE, 25 },
  { "Strypa", FALSE, 20 }, { "Seret", FALSE, 25 }, { "Zbruch", FALSE, 25 },
  { "Smotrych", FALSE, 20 }, { "Ushytsia", FALSE, 10 }, { "Studenytsia", FALSE, 8 },
  { "Ternava", FALSE, 8 }, { "Sluch", FALSE, 4 }, { "Murafa", FALSE, 10 },
  { "Riv", FALSE, 10 }, { "Nichlava", FALSE, 8 }, { "Dzhuryn", FALSE, 4 },
  { "Koropets", FALSE, 6 },
};

static void
test_rivers_continuous (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (rivers); i++)
    {
      int river = kessel_map_find_river (map (), rivers[i].name);
      g_autoptr(GArray) sides = NULL;

      g_test_message ("river %s", rivers[i].name);
      g_assert_cmpint (river, !=, KESSEL_RIVER_NONE);
      g_assert_cmpint (kessel_map_get_river (map (), river)->major, ==, rivers[i].major);
      sides = kessel_map_get_river_sides (map (), river);
      g_assert_cmpuint (sides->len, >=, rivers[i].min_sides);
      g_assert_true (river_is_continuous (sides));
    }
  /* Only the Dnestr, the Bug and the Prut get the +1 of 12.3. */
  for (int r = 0; r < kessel_map_get_n_rivers (map ()); r++)
    {
      const KesselRiver *river = kessel_map_get_river (map (), r);
      gboolean listed = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (rivers); i++)
        if (strcmp (rivers[i].name, river->name) == 0)
          listed = TRUE;
      g_assert_true (listed);
    }
}

/* A tributary ends on its main river: one of its sides meets one of the main
 * river's sides. */
static gboolean
rivers_meet (const char *a, const char *b)
{
  g_autoptr(GArray) sa = kessel_map_get_river_sides (map (), kessel_map_find_river (map (), a));
  g_autoptr(GArray) sb = kessel_map_get_river_sides (map (), kessel_map_find_river (map (), b));

  for (guint i = 0; i < sa->len; i++)
    for (guint j = 0; j < sb->len; j++)
      if (sides_meet (g_array_index (sa, KesselHexside, i), g_array_index (sb, KesselHexside, j)))
        return TRUE;
  return FALSE;
}

static void
test_tributaries_join (void)
{
  const char *into_dnestr[] = { "Strypa", "Seret", "Zbruch", "Smotrych", "Ternava",
                                "Studenytsia", "Ushytsia", "Murafa", "Nichlava", "Dzhuryn",
                                "Koropets" };

  for (guint i = 0; i < G_N_ELEMENTS (into_dnestr); i++)
    {
      g_test_message ("river %s", into_dnestr[i]);
      g_assert_true (rivers_meet (into_dnestr[i], "Dnestr"));
    }
}

/* The rule book's example turn (digest C.1). */
static const int example_hexes[] = {
  2218, 2119, 2117, 2121, 2019, 2020, 2018, 1919, 1920, 2118, 2120, 2219, 1918, 1819, 2017, 2122,
};

static void
test_example_turn (void)
{
  int smotrych = kessel_map_find_river (map (), "Smotrych");

  g_assert_cmpint (kessel_map_get_river_between (map (), hex (2218), hex (2119)), ==, smotrych);
  for (guint i = 0; i < G_N_ELEMENTS (example_hexes); i++)
    {
      int h = hex (example_hexes[i]);
      KesselTerrain t = kessel_map_get_terrain (map (), h);

      g_test_message ("hex %04d", example_hexes[i]);
      g_assert_null (kessel_map_get_place_at (map (), h));
      /* No terrain effect at all: the Tovtry ridge is broken here. */
      g_assert_cmpint (t, ==, KESSEL_TERRAIN_CLEAR);
      for (guint j = 0; j < G_N_ELEMENTS (example_hexes); j++)
        {
          int k = hex (example_hexes[j]);
          int a = MIN (example_hexes[i], example_hexes[j]);
          int b = MAX (example_hexes[i], example_hexes[j]);

          if (!kessel_grid_adjacent (grid (), h, k))
            continue;
          /* 2218-2119 is the example's river; 2118-2218 and 2218-2219 carry it
           * on (no move of the example crosses them). */
          if ((a == 2119 && b == 2218) || (a == 2118 && b == 2218) || (a == 2218 && b == 2219))
            continue;
          g_assert_cmpint (kessel_map_get_river_between (map (), h, k), ==, KESSEL_RIVER_NONE);
        }
    }
  /* 1918 is not adjacent to 2019 (16 Pz leaves the EZOC through it). */
  g_assert_false (kessel_grid_adjacent (grid (), hex (1918), hex (2019)));
}

static void
test_places (void)
{
  const char *names[] = {
    "Kamenets-Podolsky", "Khotyn", "Chernovtsy", "Chortkov", "Buchach", "Skalat", "Gusyatin",
    "Yarmolintsy", "Gorodok", "Dunaevtsy", "Zhmerinka", "Bar", "Mogilev-Podolsky",
    "Zaleshchiki", "Skala", "Borshchev", "Kopychintsy", "Terebovlya",
  };
  int n = kessel_map_get_n_places (map ());
  int soviet = 0, fortified = 0;

  g_assert_cmpint (n, >=, 20);
  for (int i = 0; i < n; i++)
    {
      const KesselPlace *place = kessel_map_get_place (map (), i);
      KesselSide control = kessel_map_get_initial_control (map (), place->hex);

      g_assert_nonnull (place->name);
      g_assert_cmpint (strlen (place->name), >, 0);
      g_assert_cmpint (place->hex, >=, 0);
      g_assert_cmpint (place->hex, <, kessel_map_get_hex_count (map ()));
      if (place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY)
        fortified++;
      /* 3.1: everything German but Krasilov and Khmelnik. */
      if (number (place->hex) == 2603 || number (place->hex) == 4004)
        {
          g_assert_cmpint (control, ==, KESSEL_SIDE_SOVIET);
          soviet++;
        }
      else
        g_assert_cmpint (control, ==, KESSEL_SIDE_GERMAN);
    }
  g_assert_cmpint (fortified, ==, 1);
  g_assert_cmpint (soviet * kessel_scenario_get_victory (scenario)->town, ==,
                   kessel_scenario_get_start (scenario)->soviet_vp);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gboolean found = FALSE;
      for (int j = 0; j < n; j++)
        if (strcmp (kessel_map_get_place (map (), j)->name, names[i]) == 0)
          found = TRUE;
      g_test_message ("place %s", names[i]);
      g_assert_true (found);
    }
  /* Ternopol is the fortified place of Hitler's order of 8 March 1944;
   * nothing confirms that the order named Zhmerinka. */
  g_assert_cmpint (kessel_map_get_place_at (map (), hex (805))->kind, ==, KESSEL_PLACE_FORTIFIED_LOCALITY);
  g_assert_cmpstr (kessel_map_get_place_at (map (), hex (4116))->name, ==, "Zhmerinka");
  g_assert_cmpint (kessel_map_get_place_at (map (), hex (4116))->kind, ==, KESSEL_PLACE_TOWN);
}

/* Names on the map worth nothing: real towns of the area, and
 * Starokonstantinov, Soviet since early March. */
static void
test_map_names (void)
{
  const struct { int hex; const char *name; } names[] = {
    { 620, "Gorodenka" }, { 624, "Sniatyn" }, { 1606, "Volochisk" }, { 1711, "Satanov" },
    { 1819, "Orinin" }, { 1923, "Zhvanets" }, { 3001, "Starokonstantinov" },
    { 3018, "Novaya Ushitsa" }, { 3206, "Medzhibozh" }, { 3508, "Letichev" },
  };
  int count = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      int h = hex (names[i].hex);

      g_test_message ("name %s", names[i].name);
      g_assert_cmpstr (kessel_map_get_label (map (), h), ==, names[i].name);
      g_assert_null (kessel_map_get_place_at (map (), h));
      g_assert_cmpint (kessel_map_get_initial_control (map (), h), ==, KESSEL_SIDE_NONE);
    }
  for (int h = 0; h < kessel_map_get_hex_count (map ()); h++)
    if (kessel_map_get_label (map (), h) != NULL)
      count++;
  g_assert_cmpint (count, ==, G_N_ELEMENTS (names));
  /* Volochisk and Satanov stand on the Zbruch's east bank. */
  g_assert_cmpint (kessel_map_get_river_between (map (), hex (1506), hex (1606)), ==,
                   kessel_map_find_river (map (), "Zbruch"));
  g_assert_cmpint (kessel_map_get_river_between (map (), hex (1610), hex (1711)), ==,
                   kessel_map_find_river (map (), "Zbruch"));
}

/* The historical outcome of docs/map-reconstruction.md section 7: by
 * mid-April the Germans held only Buchach, Podgaitsy and Zborov; the corps
 * exits count at the cap; no German town was out of C&C. It is a draw. */
static void
test_historical_outcome (void)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (scenario);
  const char *german[] = { "Buchach", "Podgaitsy", "Zborov" };
  int vp = victory->corps_exit_cap;

  for (int i = 0; i < kessel_map_get_n_places (map ()); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map (), i);
      gboolean held = TRUE;

      for (guint j = 0; j < G_N_ELEMENTS (german); j++)
        if (strcmp (place->name, german[j]) == 0)
          held = FALSE;
      if (held)
        vp += place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? victory->fortified : victory->town;
    }
  g_assert_cmpint (vp, ==, 31);
  g_assert_cmpint (vp, >=, victory->draw_from);
  g_assert_cmpint (vp, <, victory->soviet_wins_at);
}

/* Mogilev-Podolsky stands on the Dnestr's north bank: the river passes south
 * of its hex and not between it and its northern neighbours. */
static void
test_mogilev_podolsky (void)
{
  int dnestr = kessel_map_find_river (map (), "Dnestr");
  const int south[] = { 3526, 3626, 3726 };
  const int north[] = { 3525, 3624, 3725 };

  g_assert_cmpstr (kessel_map_get_place_at (map (), hex (3625))->name, ==, "Mogilev-Podolsky");
  for (guint i = 0; i < G_N_ELEMENTS (south); i++)
    {
      g_assert_cmpint (kessel_map_get_river_between (map (), hex (3625), hex (south[i])), ==, dnestr);
      g_assert_cmpint (kessel_map_get_river_between (map (), hex (3625), hex (north[i])), ==,
                       KESSEL_RIVER_NONE);
    }
}

/* The Tovtry is a narrow ridge: Skalat and Gusyatin stand on it, while the
 * hexes on either side of its line are not rough. */
static void
test_tovtry (void)
{
  const int ridge[] = { 1308, 1409, 1513, 1614, 1715 };
  const int beside[] = { 1310, 1511, 1714, 1716, 1916, 2319 };

  for (guint i = 0; i < G_N_ELEMENTS (ridge); i++)
    g_assert_cmpint (kessel_map_get_terrain (map (), hex (ridge[i])), ==, KESSEL_TERRAIN_ROUGH);
  for (guint i = 0; i < G_N_ELEMENTS (beside); i++)
    {
      g_test_message ("hex %04d", beside[i]);
      g_assert_cmpint (kessel_map_get_terrain (map (), hex (beside[i])), !=, KESSEL_TERRAIN_ROUGH);
    }
}

/* The upper Bug's marsh is its valley: every marsh hex north of Proskurov
 * lies on the river, and the 10th Guards Tank Corps starts on dry ground. */
static void
test_upper_bug_marsh (void)
{
  int bug = kessel_map_find_river (map (), "Southern Bug");
  int marsh = 0;

  for (int h = 0; h < kessel_map_get_hex_count (map ()); h++)
    {
      int n = number (h), nb[KESSEL_N_DIRECTIONS];
      gboolean on_river = FALSE;

      if (n / 100 < 16 || n / 100 > 21 || n % 100 > 8
          || kessel_map_get_terrain (map (), h) != KESSEL_TERRAIN_MARSH)
        continue;
      marsh++;
      kessel_grid_neighbours (grid (), h, nb);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (nb[d] != KESSEL_HEX_NONE && kessel_map_get_river_between (map (), h, nb[d]) == bug)
          on_river = TRUE;
      g_test_message ("hex %04d", n);
      g_assert_true (on_river);
    }
  g_assert_cmpint (marsh, >=, 1);
  g_assert_cmpint (marsh, <=, 4);
  g_assert_cmpint (kessel_map_get_terrain (map (), kessel_unit_get_setup_hex (unit ("sov-10gt"))), !=,
                   KESSEL_TERRAIN_MARSH);
}

static gboolean
crosses (int a, int b, int strypa, int dnestr)
{
  int r = kessel_map_get_river_between (map (), a, b);
  return r == strypa || r == dnestr;
}

static void
test_closed_area (void)
{
  int strypa = kessel_map_find_river (map (), "Strypa");
  int dnestr = kessel_map_find_river (map (), "Dnestr");
  int count = kessel_map_get_hex_count (map ());
  g_autofree gboolean *reached = g_new0 (gboolean, count);
  g_autoptr(GArray) todo = g_array_new (FALSE, FALSE, sizeof (int));
  int start = hex (101), closed = 0;

  for (int n = 101; n <= 113; n++)
    g_assert_true (kessel_map_is_closed_to_soviet (map (), hex (n)));
  /* The area is the part of the map reached from 0101 without crossing the
   * Strypa or the Dnestr: west of the one, north of the other. */
  reached[start] = TRUE;
  g_array_append_val (todo, start);
  while (todo->len > 0)
    {
      int h = g_array_index (todo, int, todo->len - 1);
      int nb[KESSEL_N_DIRECTIONS];

      g_array_set_size (todo, todo->len - 1);
      kessel_grid_neighbours (grid (), h, nb);
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        if (nb[d] != KESSEL_HEX_NONE && !reached[nb[d]] && !crosses (h, nb[d], strypa, dnestr))
          {
            reached[nb[d]] = TRUE;
            g_array_append_val (todo, nb[d]);
          }
    }
  for (int h = 0; h < count; h++)
    {
      g_test_message ("hex %04d", number (h));
      g_assert_cmpint (kessel_map_is_closed_to_soviet (map (), h), ==, reached[h]);
      if (reached[h])
        closed++;
    }
  /* A strip along the west edge, not half the map. */
  g_assert_cmpint (closed, >=, 20);
  g_assert_cmpint (closed, <=, 120);
  /* Ternopol and Buchach (on the Strypa's east bank) are outside it. */
  g_assert_false (kessel_map_is_closed_to_soviet (map (), hex (805)));
  for (int i = 0; i < kessel_map_get_n_places (map ()); i++)
    if (strcmp (kessel_map_get_place (map (), i)->name, "Buchach") == 0)
      g_assert_false (kessel_map_is_closed_to_soviet (map (), kessel_map_get_place (map (), i)->hex));
}

static void
test_edges (void)
{
  for (int h = 0; h < kessel_map_get_hex_count (map ()); h++)
    {
      int n = number (h), col = n / 100, row = n % 100;
      int last = kessel_grid_rows_in_column (grid (), col);
      gboolean supply = (row == 1 && col >= 11) || (col == 47 && row >= 2);
      gboolean command = col == 1 || (row == last && col >= 2 && col <= 46);
      /* 10.1: the west edge 0101-0113, and Ternopol 0805. */
      gboolean entry = (col == 1 && row <= 13) || n == 805;
      gboolean exit = row == last && col >= 7 && col <= 17;

      g_test_message ("hex %04d", n);
      g_assert_cmpint (kessel_map_has_edge_role (map (), h, KESSEL_EDGE_SUPPLY_SOURCE), ==, supply);
      g_assert_cmpint (kessel_map_has_edge_role (map (), h, KESSEL_EDGE_COMMAND_SOURCE), ==, command);
      g_assert_cmpint (kessel_map_has_edge_role (map (), h, KESSEL_EDGE_ENTRY), ==, entry);
      g_assert_cmpint (kessel_map_has_edge_role (map (), h, KESSEL_EDGE_EXIT), ==, exit);
    }
}

static int
attack (const char *id)
{
  return kessel_unit_get_step (unit (id), 0)->attack;
}

static void
test_units (void)
{
  int units[3] = { 0 }, counters[3] = { 0 }, steps[3] = { 0 };

  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    {
      KesselUnit *u = kessel_scenario_get_unit (scenario, i);
      KesselSide side = kessel_unit_get_side (u);
      int n = kessel_unit_get_n_steps (u);

      g_test_message ("unit %s", kessel_unit_get_id (u));
      counters[side]++;
      g_assert_true (n == 1 || n == 2);
      if (!is_first_counter (u))
        {
          g_assert_cmpint (kessel_unit_get_setup_hex (u), ==, KESSEL_HEX_NONE);
          g_assert_cmpint (kessel_unit_get_arrival_turn (u), ==, 0);
          continue;
        }
      units[side]++;
      steps[side] += kessel_scenario_get_total_steps (scenario, u);
      /* A setup hex or an arrival turn, never both (3.2, 10.1). */
      g_assert_true ((kessel_unit_get_setup_hex (u) != KESSEL_HEX_NONE) !=
                     (kessel_unit_get_arrival_turn (u) > 0));
      if (kessel_unit_get_arrival_turn (u) > 0)
        {
          g_assert_cmpint (side, ==, KESSEL_SIDE_GERMAN);
          g_assert_cmpint (kessel_unit_get_arrival_turn (u), <=, kessel_scenario_get_turns (scenario));
        }
      if (side == KESSEL_SIDE_GERMAN && kessel_unit_get_size (u) == KESSEL_SIZE_DIVISION)
        {
          int total = kessel_scenario_get_total_steps (scenario, u);
          /* 2.6: German divisions have 4, 6 or 8 steps on two-step counters. */
          g_assert_true (total == 4 || total == 6 || total == 8);
          for (KesselUnit *c = u; c != NULL;
               c = kessel_unit_get_substitute (c) ? unit (kessel_unit_get_substitute (c)) : NULL)
            g_assert_cmpint (kessel_unit_get_n_steps (c), ==, 2);
        }
      else
        g_assert_null (kessel_unit_get_substitute (u));
      if (side == KESSEL_SIDE_SOVIET)
        {
          /* Soviet units set up exactly (3.2). */
          g_assert_true (kessel_unit_get_setup_exact (u));
          g_assert_false (kessel_map_is_closed_to_soviet (map (), kessel_unit_get_setup_hex (u)));
          if (kessel_unit_get_unit_type (u) == KESSEL_UNIT_INFANTRY)
            {
              /* Rifle corps: two steps, reduced 1-1, they return (11.1). */
              g_assert_cmpint (kessel_unit_get_size (u), ==, KESSEL_SIZE_CORPS);
              g_assert_cmpint (n, ==, 2);
              g_assert_cmpint (kessel_unit_get_step (u, 1)->attack, ==, 1);
              g_assert_cmpint (kessel_unit_get_step (u, 1)->defence, ==, 1);
              g_assert_true (kessel_unit_has_ability (u, KESSEL_ABILITY_RETURNS));
            }
          else
            g_assert_false (kessel_unit_has_ability (u, KESSEL_ABILITY_RETURNS));
          if (kessel_unit_is_artillery (u))
            {
              g_assert_cmpint (n, ==, 1);
              g_assert_cmpint (kessel_unit_get_mobility (u), ==, KESSEL_MOBILITY_MECHANIZED);
            }
        }
      if (kessel_unit_get_unit_type (u) == KESSEL_UNIT_GARRISON)
        {
          g_assert_cmpint (kessel_unit_get_mobility (u), ==, KESSEL_MOBILITY_STATIC);
          g_assert_true (kessel_unit_get_setup_exact (u));
          g_assert_nonnull (kessel_map_get_place_at (map (), kessel_unit_get_setup_hex (u)));
        }
    }
  g_assert_cmpint (units[KESSEL_SIDE_GERMAN], ==, GERMAN_UNITS);
  g_assert_cmpint (counters[KESSEL_SIDE_GERMAN], ==, GERMAN_COUNTERS);
  g_assert_cmpint (steps[KESSEL_SIDE_GERMAN], ==, GERMAN_STEPS);
  g_assert_cmpint (units[KESSEL_SIDE_SOVIET], ==, SOVIET_UNITS);
  g_assert_cmpint (counters[KESSEL_SIDE_SOVIET], ==, SOVIET_COUNTERS);
  g_assert_cmpint (steps[KESSEL_SIDE_SOVIET], ==, SOVIET_STEPS);

  /* The rules' fixed setups (3.2) and the garrisons in their towns. */
  g_assert_cmpint (number (kessel_unit_get_setup_hex (unit ("ger-96"))), ==, 2908);
  g_assert_true (kessel_unit_get_setup_exact (unit ("ger-96")));
  g_assert_cmpint (number (kessel_unit_get_setup_hex (unit ("ger-291"))), ==, 2807);
  g_assert_true (kessel_unit_get_setup_exact (unit ("ger-291")));
  g_assert_cmpstr (kessel_map_get_place_at (map (), kessel_unit_get_setup_hex (unit ("ger-tg")))->name, ==, "Ternopol");
  g_assert_cmpstr (kessel_map_get_place_at (map (), kessel_unit_get_setup_hex (unit ("ger-kpg")))->name, ==, "Kamenets-Podolsky");
  g_assert_cmpstr (kessel_map_get_place_at (map (), kessel_unit_get_setup_hex (unit ("ger-khg")))->name, ==, "Khotyn");
  g_assert_cmpstr (kessel_map_get_place_at (map (), kessel_unit_get_setup_hex (unit ("ger-cg")))->name, ==, "Chernovtsy");

  /* 4.2 and the II SS Panzer Corps arriving late. */
  g_assert_cmpint (kessel_scenario_get_total_steps (scenario, unit ("ger-9ss")), ==, 8);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit ("ger-9ss")), >=, 6);
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit ("ger-10ss")), >=, 6);

  /* Special units. */
  g_assert_true (kessel_unit_has_ability (unit ("ger-18ad"), KESSEL_ABILITY_RANGED_SUPPORT));
  g_assert_cmpint (kessel_unit_get_support_range (unit ("ger-18ad")), ==, 2);
  g_assert_false (kessel_unit_is_artillery (unit ("ger-18ad")));
  g_assert_cmpint (kessel_unit_get_mobility (unit ("ger-18ad")), ==, KESSEL_MOBILITY_MECHANIZED);
  g_assert_true (kessel_unit_has_ability (unit ("sov-3gm"), KESSEL_ABILITY_DOUBLE_IN_CLEAR));
  g_assert_cmpint (kessel_unit_get_unit_type (unit ("sov-3gm")), ==, KESSEL_UNIT_ROCKET_ARTILLERY);
  g_assert_cmpint (kessel_unit_get_unit_type (unit ("ger-509")), ==, KESSEL_UNIT_HEAVY_ARMOUR);
  g_assert_cmpint (kessel_unit_get_size (unit ("ger-509")), ==, KESSEL_SIZE_BATTALION);

  /* The example turn's sums: 16 Pz + 371 + 509 attack with 8; 11 Pz + 208
   * add 5; 9 Mech defends with 9 to 12. */
  g_assert_cmpint (attack ("ger-16pz") + attack ("ger-371") + attack ("ger-509"), ==, 8);
  g_assert_cmpint (attack ("ger-11pz") + attack ("ger-208"), ==, 5);
  g_assert_cmpint (kessel_unit_get_step (unit ("sov-9m"), 0)->defence, >=, 9);
  g_assert_cmpint (kessel_unit_get_step (unit ("sov-9m"), 0)->defence, <=, 12);
  g_assert_nonnull (unit ("ger-19pz"));
  g_assert_nonnull (unit ("ger-168"));
  g_assert_nonnull (unit ("ger-100j"));
  g_assert_nonnull (unit ("ger-1ss"));
  g_assert_nonnull (unit ("sov-6gt"));
  g_assert_nonnull (unit ("sov-7gt"));

  /* Kampfgruppe Das Reich was a reinforced regiment: four steps. The
   * LSSAH starts like the other six-step panzer divisions. */
  g_assert_cmpint (kessel_scenario_get_total_steps (scenario, unit ("ger-2ss")), ==, 4);
  g_assert_cmpint (attack ("ger-2ss"), ==, 3);
  g_assert_cmpint (attack ("ger-1ss"), ==, attack ("ger-1pz"));
  /* The Ferdinands of s.Pz.Jg.Abt. 653 come with the relief; they are no
   * Tigers for 13.5. */
  g_assert_cmpint (kessel_unit_get_arrival_turn (unit ("ger-653")), >=, 6);
  g_assert_cmpint (kessel_unit_get_size (unit ("ger-653")), ==, KESSEL_SIZE_BATTALION);
  g_assert_cmpint (kessel_unit_get_unit_type (unit ("ger-653")), ==, KESSEL_UNIT_ASSAULT_GUN);
}

static void
test_setup_stacking (void)
{
  int count = kessel_map_get_hex_count (map ());

  for (int h = 0; h < count; h++)
    {
      g_autoptr(GPtrArray) here = kessel_scenario_get_units_set_up_at (scenario, h);
      int german = 0, soviet = 0, artillery = 0, other = 0;

      for (guint i = 0; i < here->len; i++)
        {
          KesselUnit *u = g_ptr_array_index (here, i);
          int steps = kessel_scenario_get_total_steps (scenario, u);

          if (kessel_unit_get_side (u) == KESSEL_SIDE_GERMAN)
            {
              german++;
              /* Garrisons have no stacking value (6.0). */
              if (kessel_unit_get_unit_type (u) != KESSEL_UNIT_GARRISON)
                other += steps;
            }
          else
            {
              soviet++;
              if (kessel_unit_is_artillery (u))
                artillery += steps;
              else
                other += steps;
            }
        }
      g_test_message ("hex %04d", number (h));
      g_assert_true (german == 0 || soviet == 0);
      if (german > 0)
        g_assert_cmpint (other, <=, 9);            /* 6.1 */
      if (soviet > 0)
        {
          /* 6.2; 3.2 would allow more at setup, this scenario needs none. */
          g_assert_cmpint (other, <=, 4);
          g_assert_cmpint (artillery, <=, 1);
          /* No Soviet unit starts in a German-controlled town (3.1). */
          g_assert_true (kessel_map_get_place_at (map (), h) == NULL ||
                         kessel_map_get_initial_control (map (), h) == KESSEL_SIDE_SOVIET);
        }
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  path = g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT") ? g_getenv ("KESSEL_SOURCE_ROOT") : ".",
                           "data", "scenarios", "first-panzer-army.kessel", NULL);
  scenario = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);

  g_test_add_func ("/data/first-panzer-army/loads", test_loads);
  g_test_add_func ("/data/first-panzer-army/anchors", test_anchors);
  g_test_add_func ("/data/first-panzer-army/rivers-continuous", test_rivers_continuous);
  g_test_add_func ("/data/first-panzer-army/tributaries-join", test_tributaries_join);
  g_test_add_func ("/data/first-panzer-army/example-turn", test_example_turn);
  g_test_add_func ("/data/first-panzer-army/places", test_places);
  g_test_add_func ("/data/first-panzer-army/map-names", test_map_names);
  g_test_add_func ("/data/first-panzer-army/historical-outcome", test_historical_outcome);
  g_test_add_func ("/data/first-panzer-army/mogilev-podolsky", test_mogilev_podolsky);
  g_test_add_func ("/data/first-panzer-army/upper-bug-marsh", test_upper_bug_marsh);
  g_test_add_func ("/data/first-panzer-army/tovtry", test_tovtry);
  g_test_add_func ("/data/first-panzer-army/closed-area", test_closed_area);
  g_test_add_func ("/data/first-panzer-army/edges", test_edges);
  g_test_add_func ("/data/first-panzer-army/units", test_units);
  g_test_add_func ("/data/first-panzer-army/setup-stacking", test_setup_stacking);
  status = g_test_run ();
  g_object_unref (scenario);
  return status;
}
