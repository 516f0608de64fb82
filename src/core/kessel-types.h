/* kessel-types.h: the enumerations shared by the scenario model and the rules. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KESSEL_SIDE_NONE,
  KESSEL_SIDE_GERMAN,
  KESSEL_SIDE_SOVIET,
} KesselSide;

typedef enum {
  KESSEL_TERRAIN_CLEAR,
  KESSEL_TERRAIN_FOREST,
  KESSEL_TERRAIN_ROUGH,
  KESSEL_TERRAIN_MARSH,
  KESSEL_N_TERRAINS /*< skip >*/
} KesselTerrain;

typedef enum {
  KESSEL_PLACE_TOWN,
  KESSEL_PLACE_FORTIFIED_LOCALITY,
} KesselPlaceKind;

/* Roles a hex can play at the map edge (digest C.2), as bit flags. */
typedef enum {
  KESSEL_EDGE_SUPPLY_SOURCE  = 1 << 0, /* Soviet supply source (8.2) */
  KESSEL_EDGE_COMMAND_SOURCE = 1 << 1, /* German C&C source (9.2) */
  KESSEL_EDGE_ENTRY          = 1 << 2, /* German reinforcement entry (10.1) */
  KESSEL_EDGE_EXIT           = 1 << 3, /* Soviet corps exit (4.1) */
} KesselEdgeRole;

#define KESSEL_N_EDGE_ROLES 4

typedef enum {
  KESSEL_UNIT_INFANTRY,           /* infantry, rifle, jaeger */
  KESSEL_UNIT_MOTORIZED,          /* panzer grenadier, motorized rifle, mechanized */
  KESSEL_UNIT_ARMY_SUPPORT,       /* Soviet army motorized rifle support unit */
  KESSEL_UNIT_ARMOUR,             /* panzer, tank */
  KESSEL_UNIT_HEAVY_ARMOUR,       /* heavy (Tiger) panzer */
  KESSEL_UNIT_GARRISON,           /* static garrison */
  KESSEL_UNIT_ARTILLERY,          /* field artillery */
  KESSEL_UNIT_ASSAULT_GUN,
  KESSEL_UNIT_ROCKET_ARTILLERY,   /* multiple launch rocket artillery */
  KESSEL_N_UNIT_TYPES /*< skip >*/
} KesselUnitType;

typedef enum {
  KESSEL_SIZE_BATTALION,
  KESSEL_SIZE_REGIMENT,
  KESSEL_SIZE_BRIGADE,
  KESSEL_SIZE_DIVISION,
  KESSEL_SIZE_CORPS,
  KESSEL_SIZE_AD_HOC,       /* (XXX): ad hoc formation such as a garrison */
  KESSEL_SIZE_ARMY_SUPPORT, /* (XX): Soviet army support unit */
  KESSEL_N_SIZES /*< skip >*/
} KesselUnitSize;

typedef enum {
  KESSEL_MOBILITY_MECHANIZED,
  KESSEL_MOBILITY_NON_MECHANIZED,
  KESSEL_MOBILITY_STATIC,
  KESSEL_N_MOBILITIES /*< skip >*/
} KesselMobility;

/* Special abilities, as bit flags. */
typedef enum {
  KESSEL_ABILITY_RANGED_SUPPORT   = 1 << 0, /* 18th Artillery Division (13.1) */
  KESSEL_ABILITY_DOUBLE_IN_CLEAR  = 1 << 1, /* 3rd Guards Mortar Division (13.2) */
  KESSEL_ABILITY_RETURNS          = 1 << 2, /* Soviet rifle corps (11.0) */
} KesselAbility;

#define KESSEL_N_ABILITIES 3

typedef enum {
  KESSEL_WEATHER_THAW,
  KESSEL_WEATHER_FROST,
  KESSEL_WEATHER_STORM,
  KESSEL_N_WEATHERS /*< skip >*/
} KesselWeather;

/**
 * kessel_side_to_string:
 *
 * The word of a side in files: "german", "soviet" or "none".
 */
const char *kessel_side_to_string (KesselSide side);
/**
 * kessel_terrain_to_string:
 *
 * The word of a terrain in scenario files, lower case with hyphens.
 */
const char *kessel_terrain_to_string (KesselTerrain terrain);
/**
 * kessel_place_kind_to_string:
 *
 * The word of a kind of place in scenario files, lower case with hyphens.
 */
const char *kessel_place_kind_to_string (KesselPlaceKind kind);
/**
 * kessel_edge_role_to_string:
 *
 * The word of an edge role in scenario files, lower case with hyphens.
 */
const char *kessel_edge_role_to_string (KesselEdgeRole role);
/**
 * kessel_unit_type_to_string:
 *
 * The word of a unit type in scenario files, lower case with hyphens.
 */
const char *kessel_unit_type_to_string (KesselUnitType type);
/**
 * kessel_unit_size_to_string:
 *
 * The word of a unit size in scenario files, lower case with hyphens.
 */
const char *kessel_unit_size_to_string (KesselUnitSize size);
/**
 * kessel_mobility_to_string:
 *
 * The word of a mobility in scenario files, lower case with hyphens.
 */
const char *kessel_mobility_to_string (KesselMobility mobility);
/**
 * kessel_ability_to_string:
 *
 * The word of an ability in scenario files, lower case with hyphens.
 */
const char *kessel_ability_to_string (KesselAbility ability);
/**
 * kessel_weather_to_string:
 *
 * The word of a weather in files, lower case with hyphens.
 */
const char *kessel_weather_to_string (KesselWeather weather);

gboolean kessel_side_from_string (const char *text, KesselSide *side);
gboolean kessel_terrain_from_string (const char *text, KesselTerrain *terrain);
gboolean kessel_edge_role_from_string (const char *text, KesselEdgeRole *role);
gboolean kessel_unit_type_from_string (const char *text, KesselUnitType *type);
gboolean kessel_unit_size_from_string (const char *text, KesselUnitSize *size);
gboolean kessel_mobility_from_string (const char *text, KesselMobility *mobility);
gboolean kessel_ability_from_string (const char *text, KesselAbility *ability);
gboolean kessel_weather_from_string (const char *text, KesselWeather *weather);

/**
 * kessel_terrain_display_name:
 *
 * The name of a terrain for people, translated.
 */
const char *kessel_terrain_display_name (KesselTerrain terrain);
/**
 * kessel_unit_type_display_name:
 *
 * The name of a unit type for people, translated.
 */
const char *kessel_unit_type_display_name (KesselUnitType type);
/**
 * kessel_unit_size_display_name:
 *
 * The name of a unit size for people, translated.
 */
const char *kessel_unit_size_display_name (KesselUnitSize size);
/**
 * kessel_side_display_name:
 *
 * The name of a side for people, translated.
 */
const char *kessel_side_display_name (KesselSide side);
/**
 * kessel_side_enemy:
 *
 * The other side: Soviet for German and German for Soviet.
 */
KesselSide  kessel_side_enemy (KesselSide side);

G_END_DECLS
