/* kessel-map.c: the scenario map, held in flat arrays over the hex index. */
#include "kessel-map.h"

#include <string.h>

struct _KesselMap
{
  GObject parent_instance;

  KesselGrid grid;
  int hex_count;
  guint8 *terrain;
  guint8 *edge_roles;
  guint8 *closed_to_soviet;
  guint8 *initial_control;
  gint16 *river_at_side;   /* river index per hexside, or KESSEL_RIVER_NONE */
  int *place_at;           /* index into places per hex, or -1 */
  char **labels;           /* per hex, or NULL */
  GPtrArray *rivers;       /* of KesselRiver */
  GPtrArray *places;       /* of KesselPlace, in the order they were set */
};

/**
 * KesselMap:
 *
 * The map of a scenario: terrain, rivers, places, labels, edge roles, the area closed to
 * Soviet units and the initial control of hexes. Hexes are indices of its grid.
 */
G_DEFINE_FINAL_TYPE (KesselMap, kessel_map, G_TYPE_OBJECT)

/**
 * KesselRiver:
 *
 * A river of the map, and whether it is a major one (+1 to the crossing roll, 12.3).
 */
G_DEFINE_BOXED_TYPE (KesselRiver, kessel_river, kessel_river_copy, kessel_river_free)

/**
 * KesselPlace:
 *
 * A town or fortified locality: its hex, kind and name.
 */
G_DEFINE_BOXED_TYPE (KesselPlace, kessel_place, kessel_place_copy, kessel_place_free)

KesselRiver *
kessel_river_copy (const KesselRiver *river)
{
  KesselRiver *copy = g_memdup2 (river, sizeof *river);

  copy->name = g_strdup (river->name);
  return copy;
}

void
kessel_river_free (KesselRiver *river)
{
  g_free (river->name);
  g_free (river);
}

KesselPlace *
kessel_place_copy (const KesselPlace *place)
{
  KesselPlace *copy = g_memdup2 (place, sizeof *place);

  copy->name = g_strdup (place->name);
  return copy;
}

void
kessel_place_free (KesselPlace *place)
{
  g_free (place->name);
  g_free (place);
}

static void
river_free (gpointer data)
{
  KesselRiver *river = data;
  g_free (river->name);
  g_free (river);
}

static void
place_free (gpointer data)
{
  KesselPlace *place = data;
  g_free (place->name);
  g_free (place);
}

static void
kessel_map_finalize (GObject *object)
{
  KesselMap *self = KESSEL_MAP (object);

  g_free (self->terrain);
  g_free (self->edge_roles);
  g_free (self->closed_to_soviet);
  g_free (self->initial_control);
  g_free (self->river_at_side);
  g_free (self->place_at);
  for (int i = 0; i < self->hex_count; i++)
    g_free (self->labels[i]);
  g_free (self->labels);
  g_ptr_array_unref (self->rivers);
  g_ptr_array_unref (self->places);

  G_OBJECT_CLASS (kessel_map_parent_class)->finalize (object);
}

static void
kessel_map_class_init (KesselMapClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_map_finalize;
}

static void
kessel_map_init (KesselMap *self)
{
  self->rivers = g_ptr_array_new_with_free_func (river_free);
  self->places = g_ptr_array_new_with_free_func (place_free);
}

KesselMap *
kessel_map_new (const KesselGrid *grid)
{
  KesselMap *self;
  int sides;

  g_return_val_if_fail (grid != NULL, NULL);

  self = g_object_new (KESSEL_TYPE_MAP, NULL);
  self->grid = *grid;
  self->hex_count = kessel_grid_hex_count (grid);
  sides = kessel_grid_hexside_count (grid);
  self->terrain = g_new0 (guint8, self->hex_count);
  self->edge_roles = g_new0 (guint8, self->hex_count);
  self->closed_to_soviet = g_new0 (guint8, self->hex_count);
  self->initial_control = g_new0 (guint8, self->hex_count);
  self->river_at_side = g_new (gint16, sides);
  for (int i = 0; i < sides; i++)
    self->river_at_side[i] = KESSEL_RIVER_NONE;
  self->place_at = g_new (int, self->hex_count);
  for (int i = 0; i < self->hex_count; i++)
    self->place_at[i] = -1;
  self->labels = g_new0 (char *, self->hex_count);
  return self;
}

/**
 * kessel_map_copy:
 *
 * A deep copy of the map, its places and rivers in the same order.
 *
 * Returns: (transfer full): the copy
 */
KesselMap *
kessel_map_copy (KesselMap *self)
{
  KesselMap *copy = kessel_map_new (&self->grid);
  int n = self->hex_count;

  memcpy (copy->terrain, self->terrain, n);
  memcpy (copy->edge_roles, self->edge_roles, n);
  memcpy (copy->closed_to_soviet, self->closed_to_soviet, n);
  memcpy (copy->initial_control, self->initial_control, n);
  memcpy (copy->river_at_side, self->river_at_side,
          sizeof (gint16) * kessel_grid_hexside_count (&self->grid));
  for (guint i = 0; i < self->rivers->len; i++)
    {
      const KesselRiver *river = g_ptr_array_index (self->rivers, i);
      kessel_map_add_river (copy, river->name, river->major);
    }
  for (guint i = 0; i < self->places->len; i++)
    {
      const KesselPlace *place = g_ptr_array_index (self->places, i);
      kessel_map_set_place (copy, place->hex, place->kind, place->name);
    }
  for (int i = 0; i < n; i++)
    copy->labels[i] = g_strdup (self->labels[i]);
  return copy;
}

const KesselGrid *
kessel_map_get_grid (KesselMap *self)
{
  return &self->grid;
}

int
kessel_map_get_hex_count (KesselMap *self)
{
  return self->hex_count;
}

#define CHECK_HEX(self, hex, value) \
  g_return_val_if_fail ((hex) >= 0 && (hex) < (self)->hex_count, value)
#define CHECK_HEX_VOID(self, hex) \
  g_return_if_fail ((hex) >= 0 && (hex) < (self)->hex_count)

KesselTerrain
kessel_map_get_terrain (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, KESSEL_TERRAIN_CLEAR);
  return self->terrain[hex];
}

void
kessel_map_set_terrain (KesselMap *self, int hex, KesselTerrain terrain)
{
  CHECK_HEX_VOID (self, hex);
  g_return_if_fail (terrain < KESSEL_N_TERRAINS);
  self->terrain[hex] = terrain;
}

int
kessel_map_get_n_rivers (KesselMap *self)
{
  return self->rivers->len;
}

const KesselRiver *
kessel_map_get_river (KesselMap *self, int river)
{
  g_return_val_if_fail (river >= 0 && river < (int) self->rivers->len, NULL);
  return g_ptr_array_index (self->rivers, river);
}

int
kessel_map_find_river (KesselMap *self, const char *name)
{
  for (guint i = 0; i < self->rivers->len; i++)
    {
      const KesselRiver *river = g_ptr_array_index (self->rivers, i);
      if (g_strcmp0 (river->name, name) == 0)
        return i;
    }
  return KESSEL_RIVER_NONE;
}

int
kessel_map_add_river (KesselMap *self, const char *name, gboolean major)
{
  KesselRiver *river;

  g_return_val_if_fail (name != NULL, KESSEL_RIVER_NONE);
  g_return_val_if_fail (self->rivers->len < G_MAXINT16, KESSEL_RIVER_NONE);
  river = g_new0 (KesselRiver, 1);
  river->name = g_strdup (name);
  river->major = major;
  g_ptr_array_add (self->rivers, river);
  return self->rivers->len - 1;
}

/* Renames a river or changes whether it is major (12.3). */
void
kessel_map_set_river (KesselMap *self, int river, const char *name, gboolean major)
{
  KesselRiver *info;

  g_return_if_fail (river >= 0 && river < (int) self->rivers->len);
  g_return_if_fail (name != NULL);
  info = g_ptr_array_index (self->rivers, river);
  g_free (info->name);
  info->name = g_strdup (name);
  info->major = major;
}

static gboolean
side_is_valid (KesselMap *self, KesselHexside side)
{
  return side >= 0 && side < kessel_grid_hexside_count (&self->grid);
}

int
kessel_map_get_river_at_side (KesselMap *self, KesselHexside side)
{
  g_return_val_if_fail (side_is_valid (self, side), KESSEL_RIVER_NONE);
  return self->river_at_side[side];
}

void
kessel_map_set_river_at_side (KesselMap *self, KesselHexside side, int river)
{
  g_return_if_fail (side_is_valid (self, side));
  g_return_if_fail (river == KESSEL_RIVER_NONE || (river >= 0 && river < (int) self->rivers->len));
  self->river_at_side[side] = river;
}

int
kessel_map_get_river_between (KesselMap *self, int a, int b)
{
  KesselHexside side = kessel_grid_hexside_between (&self->grid, a, b);
  return side < 0 ? KESSEL_RIVER_NONE : self->river_at_side[side];
}

/**
 * kessel_map_get_river_sides:
 *
 * The hexsides of one river, in hexside order. Free with g_array_unref.
 *
 * Returns: (transfer full) (element-type gint): the hexsides
 */
GArray *
kessel_map_get_river_sides (KesselMap *self, int river)
{
  GArray *sides = g_array_new (FALSE, FALSE, sizeof (KesselHexside));
  int count = kessel_grid_hexside_count (&self->grid);

  for (KesselHexside side = 0; side < count; side++)
    if (self->river_at_side[side] == river)
      g_array_append_val (sides, side);
  return sides;
}

int
kessel_map_get_n_places (KesselMap *self)
{
  return self->places->len;
}

const KesselPlace *
kessel_map_get_place (KesselMap *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < (int) self->places->len, NULL);
  return g_ptr_array_index (self->places, index);
}

/**
 * kessel_map_get_place_at:
 *
 * The place in a hex, if there is one.
 *
 * Returns: (nullable): the place in hex, or %NULL
 */
const KesselPlace *
kessel_map_get_place_at (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, NULL);
  return self->place_at[hex] < 0 ? NULL : g_ptr_array_index (self->places, self->place_at[hex]);
}

/* Sets or replaces the place in a hex. */
gboolean
kessel_map_set_place (KesselMap *self, int hex, KesselPlaceKind kind, const char *name)
{
  KesselPlace *place;

  CHECK_HEX (self, hex, FALSE);
  if (self->place_at[hex] >= 0)
    {
      place = g_ptr_array_index (self->places, self->place_at[hex]);
      g_free (place->name);
    }
  else
    {
      place = g_new0 (KesselPlace, 1);
      place->hex = hex;
      g_ptr_array_add (self->places, place);
      self->place_at[hex] = self->places->len - 1;
    }
  place->kind = kind;
  place->name = g_strdup (name ? name : "");
  return TRUE;
}

void
kessel_map_remove_place (KesselMap *self, int hex)
{
  int index;

  CHECK_HEX_VOID (self, hex);
  index = self->place_at[hex];
  if (index < 0)
    return;
  g_ptr_array_remove_index (self->places, index);
  self->place_at[hex] = -1;
  for (guint i = index; i < self->places->len; i++)
    {
      const KesselPlace *place = g_ptr_array_index (self->places, i);
      self->place_at[place->hex] = i;
    }
}

/**
 * kessel_map_get_label:
 *
 * A name shown on the map that has no effect on play, such as a village worth
 * no victory points; %NULL when the hex has none.
 *
 * Returns: (nullable): the label, or %NULL
 */
const char *
kessel_map_get_label (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, NULL);
  return self->labels[hex];
}

/**
 * kessel_map_set_label:
 * @name: (nullable): the label, or %NULL to remove it
 *
 * Sets the name shown in a hex without effect on play (see
 * kessel_map_get_label()); %NULL or "" removes it.
 */
void
kessel_map_set_label (KesselMap *self, int hex, const char *name)
{
  CHECK_HEX_VOID (self, hex);
  g_free (self->labels[hex]);
  self->labels[hex] = name && *name ? g_strdup (name) : NULL;
}

guint
kessel_map_get_edge_roles (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, 0);
  return self->edge_roles[hex];
}

void
kessel_map_set_edge_roles (KesselMap *self, int hex, guint roles)
{
  CHECK_HEX_VOID (self, hex);
  self->edge_roles[hex] = roles & ((1 << KESSEL_N_EDGE_ROLES) - 1);
}

gboolean
kessel_map_has_edge_role (KesselMap *self, int hex, KesselEdgeRole role)
{
  CHECK_HEX (self, hex, FALSE);
  return (self->edge_roles[hex] & role) != 0;
}

gboolean
kessel_map_is_closed_to_soviet (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, FALSE);
  return self->closed_to_soviet[hex];
}

void
kessel_map_set_closed_to_soviet (KesselMap *self, int hex, gboolean closed)
{
  CHECK_HEX_VOID (self, hex);
  self->closed_to_soviet[hex] = closed ? 1 : 0;
}

KesselSide
kessel_map_get_initial_control (KesselMap *self, int hex)
{
  CHECK_HEX (self, hex, KESSEL_SIDE_NONE);
  return self->initial_control[hex];
}

void
kessel_map_set_initial_control (KesselMap *self, int hex, KesselSide side)
{
  CHECK_HEX_VOID (self, hex);
  self->initial_control[hex] = side;
}

static gboolean
rivers_equal (KesselMap *a, KesselMap *b)
{
  if (a->rivers->len != b->rivers->len)
    return FALSE;
  for (guint i = 0; i < a->rivers->len; i++)
    {
      const KesselRiver *ra = g_ptr_array_index (a->rivers, i);
      const KesselRiver *rb = g_ptr_array_index (b->rivers, i);
      if (g_strcmp0 (ra->name, rb->name) != 0 || ra->major != rb->major)
        return FALSE;
    }
  return memcmp (a->river_at_side, b->river_at_side,
                 sizeof (gint16) * kessel_grid_hexside_count (&a->grid)) == 0;
}

static gboolean
places_equal (KesselMap *a, KesselMap *b)
{
  if (a->places->len != b->places->len)
    return FALSE;
  for (int hex = 0; hex < a->hex_count; hex++)
    {
      const KesselPlace *pa = kessel_map_get_place_at (a, hex);
      const KesselPlace *pb = kessel_map_get_place_at (b, hex);
      if ((pa == NULL) != (pb == NULL))
        return FALSE;
      if (pa && (pa->kind != pb->kind || g_strcmp0 (pa->name, pb->name) != 0))
        return FALSE;
      if (g_strcmp0 (a->labels[hex], b->labels[hex]) != 0)
        return FALSE;
    }
  return TRUE;
}

gboolean
kessel_map_equal (KesselMap *a, KesselMap *b)
{
  size_t n;

  if (a->grid.columns != b->grid.columns || a->grid.rows != b->grid.rows
      || a->grid.short_even_columns != b->grid.short_even_columns)
    return FALSE;
  n = a->hex_count;
  return memcmp (a->terrain, b->terrain, n) == 0
    && memcmp (a->edge_roles, b->edge_roles, n) == 0
    && memcmp (a->closed_to_soviet, b->closed_to_soviet, n) == 0
    && memcmp (a->initial_control, b->initial_control, n) == 0
    && rivers_equal (a, b)
    && places_equal (a, b);
}
