/* kessel-map.h: the map of a scenario: terrain, rivers, places, labels, edge roles,
 * the area closed to Soviet units and the initial control of hexes. */
#pragma once

#include <glib-object.h>

#include "kessel-hex.h"
#include "kessel-types.h"

G_BEGIN_DECLS

#define KESSEL_RIVER_NONE (-1)

typedef struct {
  char *name;
  gboolean major;   /* Dnestr, Bug and Prut: +1 to the crossing roll (12.3) */
} KesselRiver;

typedef struct {
  int hex;
  KesselPlaceKind kind;
  char *name;
} KesselPlace;

#define KESSEL_TYPE_RIVER (kessel_river_get_type ())
GType        kessel_river_get_type (void) G_GNUC_CONST;
/**
 * kessel_river_copy:
 *
 * A copy of a river with its own name.
 */
KesselRiver *kessel_river_copy (const KesselRiver *river);
/**
 * kessel_river_free:
 *
 * Frees a river made by kessel_river_copy().
 */
void         kessel_river_free (KesselRiver *river);

#define KESSEL_TYPE_PLACE (kessel_place_get_type ())
GType        kessel_place_get_type (void) G_GNUC_CONST;
/**
 * kessel_place_copy:
 *
 * A copy of a place with its own name.
 */
KesselPlace *kessel_place_copy (const KesselPlace *place);
/**
 * kessel_place_free:
 *
 * Frees a place made by kessel_place_copy().
 */
void         kessel_place_free (KesselPlace *place);

#define KESSEL_TYPE_MAP (kessel_map_get_type ())
G_DECLARE_FINAL_TYPE (KesselMap, kessel_map, KESSEL, MAP, GObject)

/**
 * kessel_map_new:
 *
 * An empty map on @grid: clear terrain, no rivers, places or labels, no edge
 * roles, no closed area and no control.
 */
KesselMap        *kessel_map_new (const KesselGrid *grid);
KesselMap        *kessel_map_copy (KesselMap *self);
/**
 * kessel_map_get_grid:
 *
 * The grid of the map.
 */
const KesselGrid *kessel_map_get_grid (KesselMap *self);
/**
 * kessel_map_get_hex_count:
 *
 * The number of hexes of the map.
 */
int               kessel_map_get_hex_count (KesselMap *self);

/**
 * kessel_map_get_terrain:
 *
 * The terrain of a hex.
 */
KesselTerrain kessel_map_get_terrain (KesselMap *self, int hex);
/**
 * kessel_map_set_terrain:
 *
 * Sets the terrain of a hex.
 */
void          kessel_map_set_terrain (KesselMap *self, int hex, KesselTerrain terrain);

/**
 * kessel_map_get_n_rivers:
 *
 * The number of rivers of the map.
 */
int                kessel_map_get_n_rivers (KesselMap *self);
/**
 * kessel_map_get_river:
 *
 * A river of the map, by its index from 0.
 */
const KesselRiver *kessel_map_get_river (KesselMap *self, int river);
/**
 * kessel_map_find_river:
 *
 * The index of the river of this name, or %KESSEL_RIVER_NONE.
 */
int                kessel_map_find_river (KesselMap *self, const char *name);
/**
 * kessel_map_add_river:
 *
 * Adds a river without hexsides; returns its index. A major river adds 1 to the
 * roll of a crossing (12.3).
 */
int                kessel_map_add_river (KesselMap *self, const char *name, gboolean major);
/**
 * kessel_map_set_river:
 *
 * Renames a river and says whether it is major.
 */
void               kessel_map_set_river (KesselMap *self, int river, const char *name, gboolean major);
/**
 * kessel_map_get_river_at_side:
 *
 * The river along a hexside, or %KESSEL_RIVER_NONE.
 */
int                kessel_map_get_river_at_side (KesselMap *self, KesselHexside side);
/**
 * kessel_map_set_river_at_side:
 *
 * Puts a river along a hexside, or takes it away with %KESSEL_RIVER_NONE.
 */
void               kessel_map_set_river_at_side (KesselMap *self, KesselHexside side, int river);
/**
 * kessel_map_get_river_between:
 *
 * The river between two neighbouring hexes, or %KESSEL_RIVER_NONE, also when
 * they are not neighbours.
 */
int                kessel_map_get_river_between (KesselMap *self, int a, int b);
GArray            *kessel_map_get_river_sides (KesselMap *self, int river);

/**
 * kessel_map_get_n_places:
 *
 * The number of places of the map: towns and fortified localities.
 */
int                kessel_map_get_n_places (KesselMap *self);
/**
 * kessel_map_get_place:
 *
 * A place of the map, by its index from 0.
 */
const KesselPlace *kessel_map_get_place (KesselMap *self, int index);
const KesselPlace *kessel_map_get_place_at (KesselMap *self, int hex);
/**
 * kessel_map_set_place:
 *
 * Makes @hex a place of @kind with @name, or changes the place already there.
 * FALSE when @hex is off the map.
 */
gboolean           kessel_map_set_place (KesselMap *self, int hex, KesselPlaceKind kind, const char *name);
/**
 * kessel_map_remove_place:
 *
 * Takes away the place in a hex, if there is one.
 */
void               kessel_map_remove_place (KesselMap *self, int hex);

const char *kessel_map_get_label (KesselMap *self, int hex);
void        kessel_map_set_label (KesselMap *self, int hex, const char *name);

/**
 * kessel_map_get_edge_roles:
 *
 * The roles of a map-edge hex, one bit for each #KesselEdgeRole.
 */
guint    kessel_map_get_edge_roles (KesselMap *self, int hex);
/**
 * kessel_map_set_edge_roles:
 *
 * Sets the roles of a map-edge hex, one bit for each #KesselEdgeRole.
 */
void     kessel_map_set_edge_roles (KesselMap *self, int hex, guint roles);
/**
 * kessel_map_has_edge_role:
 *
 * Whether a hex has an edge role.
 */
gboolean kessel_map_has_edge_role (KesselMap *self, int hex, KesselEdgeRole role);

/**
 * kessel_map_is_closed_to_soviet:
 *
 * Whether a hex lies in the area closed to Soviet units.
 */
gboolean kessel_map_is_closed_to_soviet (KesselMap *self, int hex);
/**
 * kessel_map_set_closed_to_soviet:
 *
 * Puts a hex in the area closed to Soviet units, or takes it out.
 */
void     kessel_map_set_closed_to_soviet (KesselMap *self, int hex, gboolean closed);

/**
 * kessel_map_get_initial_control:
 *
 * The side that controls a hex when play starts, or %KESSEL_SIDE_NONE.
 */
KesselSide kessel_map_get_initial_control (KesselMap *self, int hex);
/**
 * kessel_map_set_initial_control:
 *
 * Sets the side that controls a hex when play starts.
 */
void       kessel_map_set_initial_control (KesselMap *self, int hex, KesselSide side);

/**
 * kessel_map_equal:
 *
 * Whether two maps are the same: grid, terrain, rivers, places, labels, edge
 * roles, closed area and control.
 */
gboolean kessel_map_equal (KesselMap *a, KesselMap *b);

G_END_DECLS
