#include "kessel-tables.h"

#define T KESSEL_WEATHER_THAW
#define F KESSEL_WEATHER_FROST
#define S KESSEL_WEATHER_STORM

/* 14.2 Weather & Ground Condition Table, turns 2-8 by die (digest B.2). */
static const KesselWeather weather_table[7][6] = {
  { T, T, T, F, F, S },
  { T, F, F, S, S, S },
  { T, F, S, S, S, S },
  { T, F, F, F, S, S },
  { T, T, F, F, F, S },
  { T, T, T, T, F, S },
  { T, T, T, T, T, F },
};

#undef T
#undef F
#undef S

KesselWeather
kessel_table_weather (int turn, int die)
{
  g_return_val_if_fail (die >= 1 && die <= 6, KESSEL_WEATHER_THAW);
  if (turn <= 1)
    return KESSEL_WEATHER_THAW;
  /* A scenario longer than the printed track reuses the last row. */
  return weather_table[MIN (turn, 8) - 2][die - 1];
}

int
kessel_table_movement_factor (KesselMobility mobility, KesselWeather weather)
{
  static const int non_mechanized[] = { 7, 9, 5 };  /* thaw, frost, storm */
  static const int mechanized[] = { 10, 13, 7 };

  switch (mobility)
    {
    case KESSEL_MOBILITY_MECHANIZED:
      return mechanized[weather];
    case KESSEL_MOBILITY_NON_MECHANIZED:
      return non_mechanized[weather];
    case KESSEL_MOBILITY_STATIC:
    case KESSEL_N_MOBILITIES:
    default:
      return 0;
    }
}

int
kessel_table_terrain_cost (KesselTerrain terrain, KesselMobility mobility)
{
  static const int mechanized[KESSEL_N_TERRAINS] = { 1, 2, 2, 3 };

  if (mobility != KESSEL_MOBILITY_MECHANIZED)
    return 1;
  return terrain < KESSEL_N_TERRAINS ? mechanized[terrain] : 1;
}

int
kessel_table_river_cost (KesselWeather weather, int die)
{
  static const int storm[] = { 0, 1, 1, 2, 2, 3 };
  static const int thaw[] = { 0, 1, 1, 1, 2, 3 };
  int column = CLAMP (die, 1, 6) - 1;

  switch (weather)
    {
    case KESSEL_WEATHER_STORM:
      return storm[column];
    case KESSEL_WEATHER_THAW:
      return thaw[column];
    case KESSEL_WEATHER_FROST:
    default:
      return 0;
    }
}

#define AL KESSEL_RESULT_AL1
#define AS KESSEL_RESULT_AS
#define DR KESSEL_RESULT_DR
#define DL KESSEL_RESULT_DL1
#define DD KESSEL_RESULT_DL1_DR
#define EX KESSEL_RESULT_EX

/* 14.5 Combat Results Table, columns 1:2 to 7:1 by die (digest B.5). */
static const KesselResult combat_table[6][8] = {
  { DR, DR, DL, DD, DD, DD, DD, DD },
  { AS, DR, DR, DL, DD, DD, DD, DD },
  { AL, AS, DR, DR, DL, DD, DD, DD },
  { AL, AL, AS, DR, DR, DL, DD, DD },
  { AL, AL, AL, AS, DR, DR, DL, DD },
  { AL, EX, EX, EX, EX, EX, EX, EX },
};

#undef AL
#undef AS
#undef DR
#undef DL
#undef DD
#undef EX

KesselResult
kessel_table_combat_result (KesselOdds odds, int die)
{
  g_return_val_if_fail (die >= 1 && die <= 6, KESSEL_RESULT_AS);
  if (odds <= KESSEL_ODDS_BELOW_1_2)
    return KESSEL_RESULT_AL1;
  if (odds >= KESSEL_ODDS_ABOVE_7_1)
    return KESSEL_RESULT_DL1_DR;
  return combat_table[die - 1][odds - KESSEL_ODDS_1_2];
}

KesselOdds
kessel_table_raw_odds (int attack, int defence)
{
  int ratio;

  if (defence <= 0)
    return attack > 0 ? KESSEL_ODDS_ABOVE_7_1 : KESSEL_ODDS_BELOW_1_2;
  if (attack < defence)
    return attack * 2 >= defence ? KESSEL_ODDS_1_2 : KESSEL_ODDS_BELOW_1_2;
  ratio = attack / defence;
  if (ratio > 7)
    return KESSEL_ODDS_ABOVE_7_1;
  return (KesselOdds) (KESSEL_ODDS_1_1 + ratio - 1);
}

static const char *const odds_names[KESSEL_N_ODDS] = {
  "<1:2", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", ">7:1",
};

static const char *const result_names[KESSEL_N_RESULTS] = {
  "AL1", "AS", "DR", "DL1", "DL1+DR", "EX",
};

const char *
kessel_odds_to_string (KesselOdds odds)
{
  return odds < KESSEL_N_ODDS ? odds_names[odds] : "?";
}

static int
index_of (const char *const *names, int n, const char *text)
{
  for (int i = 0; i < n; i++)
    if (g_strcmp0 (text, names[i]) == 0)
      return i;
  return -1;
}

/**
 * kessel_odds_from_string:
 * @odds: (out): the column named
 *
 * Reads a column as kessel_odds_to_string() writes it.
 */
gboolean
kessel_odds_from_string (const char *text, KesselOdds *odds)
{
  int i = index_of (odds_names, KESSEL_N_ODDS, text);

  if (i >= 0)
    *odds = (KesselOdds) i;
  return i >= 0;
}

const char *
kessel_result_to_string (KesselResult result)
{
  return result < KESSEL_N_RESULTS ? result_names[result] : "?";
}

/**
 * kessel_result_from_string:
 * @result: (out): the result named
 *
 * Reads a combat result as kessel_result_to_string() writes it.
 */
gboolean
kessel_result_from_string (const char *text, KesselResult *result)
{
  int i = index_of (result_names, KESSEL_N_RESULTS, text);

  if (i >= 0)
    *result = (KesselResult) i;
  return i >= 0;
}

gboolean
kessel_result_has_retreat (KesselResult result)
{
  return result == KESSEL_RESULT_DR || result == KESSEL_RESULT_DL1_DR;
}

gboolean
kessel_result_defender_loses (KesselResult result)
{
  return result == KESSEL_RESULT_DL1 || result == KESSEL_RESULT_DL1_DR
         || result == KESSEL_RESULT_EX;
}

gboolean
kessel_result_attacker_loses (KesselResult result)
{
  return result == KESSEL_RESULT_AL1 || result == KESSEL_RESULT_EX;
}
