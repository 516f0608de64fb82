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
KesselRiver *kessel_river_copy (const KesselRiver *river);
void         kessel_river_free (KesselRiver *river);

#define KESSEL_TYPE_PLACE (kessel_place_get_type ())
GType        kessel_place_get_type (void) G_GNUC_CONST;
KesselPlace *kessel_place_copy (const KesselPlace *place);
void         kessel_place_free (KesselPlace *place);

#define KESSEL_TYPE_MAP (kessel_map_get_type ())
G_DECLARE_FINAL_TYPE (KesselMap, kessel_map, KESSEL, MAP, GObject)

KesselMap        *kessel_map_new (const KesselGrid *grid);
/* A deep copy, places and rivers in the same order. */
KesselMap        *kessel_map_copy (KesselMap *self);
const KesselGrid *kessel_map_get_grid (KesselMap *self);
int               kessel_map_get_hex_count (KesselMap *self);

KesselTerrain kessel_map_get_terrain (KesselMap *self, int hex);
void          kessel_map_set_terrain (KesselMap *self, int hex, KesselTerrain terrain);

int                kessel_map_get_n_rivers (KesselMap *self);
const KesselRiver *kessel_map_get_river (KesselMap *self, int river);
int                kessel_map_find_river (KesselMap *self, const char *name);
int                kessel_map_add_river (KesselMap *self, const char *name, gboolean major);
void               kessel_map_set_river (KesselMap *self, int river, const char *name, gboolean major);
int                kessel_map_get_river_at_side (KesselMap *self, KesselHexside side);
void               kessel_map_set_river_at_side (KesselMap *self, KesselHexside side, int river);
int                kessel_map_get_river_between (KesselMap *self, int a, int b);
GArray            *kessel_map_get_river_sides (KesselMap *self, int river);

int                kessel_map_get_n_places (KesselMap *self);
const KesselPlace *kessel_map_get_place (KesselMap *self, int index);
const KesselPlace *kessel_map_get_place_at (KesselMap *self, int hex);
gboolean           kessel_map_set_place (KesselMap *self, int hex, KesselPlaceKind kind, const char *name);
void               kessel_map_remove_place (KesselMap *self, int hex);

/* A name shown on the map with no effect on play, such as a village that is
 * worth no victory points. NULL when the hex has none; setting NULL or ""
 * removes it. */
const char *kessel_map_get_label (KesselMap *self, int hex);
void        kessel_map_set_label (KesselMap *self, int hex, const char *name);

guint    kessel_map_get_edge_roles (KesselMap *self, int hex);
void     kessel_map_set_edge_roles (KesselMap *self, int hex, guint roles);
gboolean kessel_map_has_edge_role (KesselMap *self, int hex, KesselEdgeRole role);

gboolean kessel_map_is_closed_to_soviet (KesselMap *self, int hex);
void     kessel_map_set_closed_to_soviet (KesselMap *self, int hex, gboolean closed);

KesselSide kessel_map_get_initial_control (KesselMap *self, int hex);
void       kessel_map_set_initial_control (KesselMap *self, int hex, KesselSide side);

gboolean kessel_map_equal (KesselMap *a, KesselMap *b);

G_END_DECLS
