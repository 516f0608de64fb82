/* kessel-types.c: names of the model's enumerations, for files and for people. */
#include "kessel-config.h"
#include "kessel-types.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const side_names[] = { "none", "german", "soviet" };
static const char *const terrain_names[] = { "clear", "forest", "rough", "marsh" };
static const char *const edge_role_names[] = { "supply-source", "command-source", "entry", "exit" };
static const char *const unit_type_names[] = {
  "infantry", "motorized", "army-support", "armour", "heavy-armour",
  "garrison", "artillery", "assault-gun", "rocket-artillery"
};
static const char *const size_names[] = {
  "battalion", "regiment", "brigade", "division", "corps", "ad-hoc", "army-support"
};
static const char *const mobility_names[] = { "mechanized", "non-mechanized", "static" };
static const char *const ability_names[] = { "ranged-support", "double-in-clear", "returns" };
static const char *const weather_names[] = { "thaw", "frost", "storm" };

static int
lookup (const char *const *names, int count, const char *text)
{
  if (text == NULL)
    return -1;
  for (int i = 0; i < count; i++)
    if (strcmp (names[i], text) == 0)
      return i;
  return -1;
}

static int
flag_index (guint flag)
{
  return flag == 0 ? -1 : g_bit_nth_lsf (flag, -1);
}

#define NAME_OR_NULL(names, i) \
  (((i) >= 0 && (i) < (int) G_N_ELEMENTS (names)) ? (names)[(i)] : NULL)

const char *kessel_side_to_string (KesselSide side) { return NAME_OR_NULL (side_names, (int) side); }
const char *kessel_terrain_to_string (KesselTerrain terrain) { return NAME_OR_NULL (terrain_names, (int) terrain); }
const char *kessel_unit_type_to_string (KesselUnitType type) { return NAME_OR_NULL (unit_type_names, (int) type); }
const char *kessel_unit_size_to_string (KesselUnitSize size) { return NAME_OR_NULL (size_names, (int) size); }
const char *kessel_mobility_to_string (KesselMobility mobility) { return NAME_OR_NULL (mobility_names, (int) mobility); }
const char *kessel_weather_to_string (KesselWeather weather) { return NAME_OR_NULL (weather_names, (int) weather); }
const char *kessel_edge_role_to_string (KesselEdgeRole role) { return NAME_OR_NULL (edge_role_names, flag_index (role)); }
const char *kessel_ability_to_string (KesselAbility ability) { return NAME_OR_NULL (ability_names, flag_index (ability)); }

const char *
kessel_place_kind_to_string (KesselPlaceKind kind)
{
  return kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? "fortified-locality" : "town";
}

#define FROM_STRING(names, type, text, out)                         \
  G_STMT_START {                                                    \
    int i = lookup (names, G_N_ELEMENTS (names), text);             \
    if (i < 0)                                                      \
      return FALSE;                                                 \
    *(out) = (type) i;                                              \
    return TRUE;                                                    \
  } G_STMT_END

/**
 * kessel_side_from_string:
 * @text: a name as in files
 * @side: (out): the side named
 *
 * Reads the word of a side as kessel_side_to_string() writes it; FALSE for a
 * word it does not know.
 */
gboolean kessel_side_from_string (const char *t, KesselSide *o) { FROM_STRING (side_names, KesselSide, t, o); }
/**
 * kessel_terrain_from_string:
 * @text: a name as in files
 * @terrain: (out): the terrain named
 *
 * Reads the word of a terrain as kessel_terrain_to_string() writes it; FALSE
 * for a word it does not know.
 */
gboolean kessel_terrain_from_string (const char *t, KesselTerrain *o) { FROM_STRING (terrain_names, KesselTerrain, t, o); }
/**
 * kessel_unit_type_from_string:
 * @text: a name as in files
 * @type: (out): the type named
 *
 * Reads the word of a unit type as kessel_unit_type_to_string() writes it;
 * FALSE for a word it does not know.
 */
gboolean kessel_unit_type_from_string (const char *t, KesselUnitType *o) { FROM_STRING (unit_type_names, KesselUnitType, t, o); }
/**
 * kessel_unit_size_from_string:
 * @text: a name as in files
 * @size: (out): the size named
 *
 * Reads the word of a unit size as kessel_unit_size_to_string() writes it;
 * FALSE for a word it does not know.
 */
gboolean kessel_unit_size_from_string (const char *t, KesselUnitSize *o) { FROM_STRING (size_names, KesselUnitSize, t, o); }
/**
 * kessel_mobility_from_string:
 * @text: a name as in files
 * @mobility: (out): the mobility named
 *
 * Reads the word of a mobility as kessel_mobility_to_string() writes it; FALSE
 * for a word it does not know.
 */
gboolean kessel_mobility_from_string (const char *t, KesselMobility *o) { FROM_STRING (mobility_names, KesselMobility, t, o); }
/**
 * kessel_weather_from_string:
 * @text: a name as in files
 * @weather: (out): the weather named
 *
 * Reads the word of a weather as kessel_weather_to_string() writes it; FALSE
 * for a word it does not know.
 */
gboolean kessel_weather_from_string (const char *t, KesselWeather *o) { FROM_STRING (weather_names, KesselWeather, t, o); }

/**
 * kessel_edge_role_from_string:
 * @role: (out): the role named
 *
 * Reads the word of an edge role as kessel_edge_role_to_string() writes it;
 * FALSE for a word it does not know.
 */
gboolean
kessel_edge_role_from_string (const char *text, KesselEdgeRole *role)
{
  int i = lookup (edge_role_names, G_N_ELEMENTS (edge_role_names), text);
  if (i < 0)
    return FALSE;
  *role = 1 << i;
  return TRUE;
}

/**
 * kessel_ability_from_string:
 * @ability: (out): the ability named
 *
 * Reads the word of an ability as kessel_ability_to_string() writes it; FALSE
 * for a word it does not know.
 */
gboolean
kessel_ability_from_string (const char *text, KesselAbility *ability)
{
  int i = lookup (ability_names, G_N_ELEMENTS (ability_names), text);
  if (i < 0)
    return FALSE;
  *ability = 1 << i;
  return TRUE;
}

const char *
kessel_terrain_display_name (KesselTerrain terrain)
{
  switch (terrain)
    {
    case KESSEL_TERRAIN_CLEAR: return _("Clear");
    case KESSEL_TERRAIN_FOREST: return _("Forest");
    case KESSEL_TERRAIN_ROUGH: return _("Rough");
    case KESSEL_TERRAIN_MARSH: return _("Marsh");
    default: return "?";
    }
}

const char *
kessel_unit_type_display_name (KesselUnitType type)
{
  switch (type)
    {
    case KESSEL_UNIT_INFANTRY: return _("Infantry");
    case KESSEL_UNIT_MOTORIZED: return _("Motorized infantry");
    case KESSEL_UNIT_ARMY_SUPPORT: return _("Army support");
    case KESSEL_UNIT_ARMOUR: return _("Armour");
    case KESSEL_UNIT_HEAVY_ARMOUR: return _("Heavy armour (Tiger)");
    case KESSEL_UNIT_GARRISON: return _("Static garrison");
    case KESSEL_UNIT_ARTILLERY: return _("Artillery");
    case KESSEL_UNIT_ASSAULT_GUN: return _("Assault gun");
    case KESSEL_UNIT_ROCKET_ARTILLERY: return _("Rocket artillery");
    default: return "?";
    }
}

const char *
kessel_unit_size_display_name (KesselUnitSize size)
{
  switch (size)
    {
    case KESSEL_SIZE_BATTALION: return _("Battalion");
    case KESSEL_SIZE_REGIMENT: return _("Regiment");
    case KESSEL_SIZE_BRIGADE: return _("Brigade");
    case KESSEL_SIZE_DIVISION: return _("Division");
    case KESSEL_SIZE_CORPS: return _("Corps");
    case KESSEL_SIZE_AD_HOC: return _("Ad hoc formation");
    case KESSEL_SIZE_ARMY_SUPPORT: return _("Army support unit");
    default: return "?";
    }
}

const char *
kessel_side_display_name (KesselSide side)
{
  switch (side)
    {
    case KESSEL_SIDE_GERMAN: return _("German");
    case KESSEL_SIDE_SOVIET: return _("Soviet");
    default: return _("None");
    }
}

KesselSide
kessel_side_enemy (KesselSide side)
{
  switch (side)
    {
    case KESSEL_SIDE_GERMAN:
      return KESSEL_SIDE_SOVIET;
    case KESSEL_SIDE_SOVIET:
      return KESSEL_SIDE_GERMAN;
    case KESSEL_SIDE_NONE:
    default:
      return KESSEL_SIDE_NONE;
    }
}
