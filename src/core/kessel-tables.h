/* kessel-tables.h: the charts of section 14 (digest section B). */
#pragma once

#include "kessel-types.h"

G_BEGIN_DECLS

/* The columns of the Combat Results Table, weakest to strongest (13.8.1). */
typedef enum {
  KESSEL_ODDS_BELOW_1_2,
  KESSEL_ODDS_1_2,
  KESSEL_ODDS_1_1,
  KESSEL_ODDS_2_1,
  KESSEL_ODDS_3_1,
  KESSEL_ODDS_4_1,
  KESSEL_ODDS_5_1,
  KESSEL_ODDS_6_1,
  KESSEL_ODDS_7_1,
  KESSEL_ODDS_ABOVE_7_1,
  KESSEL_N_ODDS /*< skip >*/
} KesselOdds;

typedef enum {
  KESSEL_RESULT_AL1,      /* attacker loses one step */
  KESSEL_RESULT_AS,       /* attack stalled */
  KESSEL_RESULT_DR,       /* defender retreats */
  KESSEL_RESULT_DL1,      /* defender loses one step */
  KESSEL_RESULT_DL1_DR,   /* both */
  KESSEL_RESULT_EX,       /* exchange */
  KESSEL_N_RESULTS /*< skip >*/
} KesselResult;

/**
 * kessel_table_weather:
 *
 * The weather of @turn for a die roll on the Weather Table.
 */
KesselWeather kessel_table_weather (int turn, int die);
/**
 * kessel_table_movement_factor:
 *
 * The movement factor of units of @mobility in @weather.
 */
int  kessel_table_movement_factor (KesselMobility mobility, KesselWeather weather);
/**
 * kessel_table_terrain_cost:
 *
 * The movement points units of @mobility spend to enter @terrain.
 */
int  kessel_table_terrain_cost (KesselTerrain terrain, KesselMobility mobility);
/**
 * kessel_table_river_cost:
 *
 * The movement points a river crossing adds in @weather, for the modified roll
 * @die (1 to 7).
 */
int  kessel_table_river_cost (KesselWeather weather, int die);
/**
 * kessel_table_combat_result:
 *
 * The result of the Combat Results Table in column @odds for a die roll.
 */
KesselResult kessel_table_combat_result (KesselOdds odds, int die);
/**
 * kessel_table_raw_odds:
 *
 * The column of the raw odds of @attack against @defence, before any shift
 * (13.8).
 */
KesselOdds   kessel_table_raw_odds (int attack, int defence);

/**
 * kessel_odds_to_string:
 *
 * A column of the Combat Results Table as written, such as "3:1".
 */
const char *kessel_odds_to_string (KesselOdds odds);
gboolean    kessel_odds_from_string (const char *text, KesselOdds *odds);
/**
 * kessel_result_to_string:
 *
 * A combat result as written on the table, such as "DR" or "AL1".
 */
const char *kessel_result_to_string (KesselResult result);
gboolean    kessel_result_from_string (const char *text, KesselResult *result);
/**
 * kessel_result_has_retreat:
 *
 * Whether a combat result makes the defender retreat.
 */
gboolean    kessel_result_has_retreat (KesselResult result);
/**
 * kessel_result_defender_loses:
 *
 * Whether a combat result costs the defender steps.
 */
gboolean    kessel_result_defender_loses (KesselResult result);
/**
 * kessel_result_attacker_loses:
 *
 * Whether a combat result costs the attacker steps.
 */
gboolean    kessel_result_attacker_loses (KesselResult result);

G_END_DECLS
