/* rules-test.h: helpers shared by the rule-case tests.
 *
 * Each test builds a position from a small fixture in tests/rules/fixtures,
 * clears or moves the units it needs and then plays actions in their text
 * form. Hexes are written as printed numbers (0505), units by their ids. */
#pragma once

#include <string.h>

#include "kessel-game.h"

static inline KesselScenario *
rules_load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "rules", "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

/* The scenario the game ships with. */
static inline KesselScenario *
rules_shipped_scenario (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                                 "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* A position of fixture at the start of phase of turn. */
static inline KesselGame *
rules_position_seeded (const char *fixture, guint64 seed, int turn, KesselPhase phase,
                       KesselWeather weather)
{
  g_autoptr(KesselScenario) scenario = rules_load (fixture);
  return kessel_game_new_position (scenario, seed, turn, phase, weather);
}

static inline KesselGame *
rules_position (const char *fixture, int turn, KesselPhase phase, KesselWeather weather)
{
  return rules_position_seeded (fixture, 1, turn, phase, weather);
}

static inline void
rules_set_option (KesselGame *game, const char *id, gboolean enabled)
{
  kessel_scenario_set_option (kessel_game_get_scenario (game), id, enabled);
}

static inline int
H (KesselGame *game, int number)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  int hex = kessel_grid_hex_from_number (kessel_map_get_grid (map), number);

  g_assert_cmpint (hex, !=, KESSEL_HEX_NONE);
  return hex;
}

static inline int
P (KesselGame *game, const char *id)
{
  int piece = kessel_game_find_piece (game, id);

  if (piece < 0)
    g_error ("no unit %s in the fixture", id);
  return piece;
}

/* Takes every unit off the map. */
static inline void
rules_clear (KesselGame *game)
{
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    kessel_game_set_piece (game, p, KESSEL_HEX_NONE, kessel_game_get_piece_full_steps (game, p));
}

static inline void
rules_put_steps (KesselGame *game, const char *id, int number, int steps)
{
  kessel_game_set_piece (game, P (game, id), H (game, number), steps);
}

static inline void
rules_put (KesselGame *game, const char *id, int number)
{
  int piece = P (game, id);
  kessel_game_set_piece (game, piece, H (game, number), kessel_game_get_piece_full_steps (game, piece));
}

static inline int
rules_hex_of (KesselGame *game, const char *id)
{
  int hex = kessel_game_get_piece_hex (game, P (game, id));
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));

  return hex == KESSEL_HEX_NONE ? 0 : kessel_grid_hex_number (kessel_map_get_grid (map), hex);
}

static inline void
rules_parse (KesselGame *game, const char *text, KesselAction *action, const char *file, int line)
{
  g_autoptr(GError) error = NULL;

  if (!kessel_game_action_from_string (game, text, action, &error))
    g_error ("%s:%d: \"%s\" does not parse: %s", file, line, text, error->message);
}

static inline void
rules_act_at (KesselGame *game, const char *text, const char *file, int line)
{
  g_autoptr(GError) error = NULL;
  KesselAction action;

  rules_parse (game, text, &action, file, line);
  if (!kessel_game_apply (game, &action, &error))
    g_error ("%s:%d: \"%s\" refused: %s", file, line, text, error->message);
}

/* The action must be refused, naming rule case rule ("7.2"). */
static inline void
rules_refuse_at (KesselGame *game, const char *text, const char *rule, const char *file, int line)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strconcat (rule, ": ", NULL);
  KesselAction action;

  rules_parse (game, text, &action, file, line);
  if (kessel_game_check (game, &action, &error))
    g_error ("%s:%d: \"%s\" was allowed; rule %s should refuse it", file, line, text, rule);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("%s:%d: \"%s\" refused for another reason: %s (expected %s)", file, line, text,
             error->message, rule);
}

static inline gboolean
rules_legal_at (KesselGame *game, const char *text, const char *file, int line)
{
  KesselAction action;

  rules_parse (game, text, &action, file, line);
  return kessel_game_check (game, &action, NULL);
}

#define ACT(game, text) rules_act_at ((game), (text), __FILE__, __LINE__)
#define REFUSE(game, text, rule) rules_refuse_at ((game), (text), (rule), __FILE__, __LINE__)
#define LEGAL(game, text) rules_legal_at ((game), (text), __FILE__, __LINE__)

static inline void
rules_odds_at (KesselGame *game, const char *text, KesselCombatOdds *odds, const char *file, int line)
{
  g_autoptr(GError) error = NULL;
  KesselAction action;

  rules_parse (game, text, &action, file, line);
  if (!kessel_game_get_odds (game, &action, odds, &error))
    g_error ("%s:%d: no odds for \"%s\": %s", file, line, text, error->message);
}

#define ODDS(game, text, odds) rules_odds_at ((game), (text), (odds), __FILE__, __LINE__)

/* The sum of the shifts a rule case gives. */
static inline int
rules_shift (const KesselCombatOdds *odds, const char *rule)
{
  int sum = 0;

  for (int i = 0; i < odds->n_shifts; i++)
    if (g_strcmp0 (odds->shifts[i].rule, rule) == 0)
      sum += odds->shifts[i].shift;
  return sum;
}

/* The first seed whose dice come out as pattern says: one group per roll,
 * separated by '|', each listing the faces allowed ('*' for any), such as
 * "23|1": a 2 or 3, then a 1. A position rolls nothing until play starts, so
 * these are the game's next rolls. */
static inline guint64
rules_seed_for (const char *pattern)
{
  g_auto(GStrv) groups = g_strsplit (pattern, "|", -1);

  for (guint64 seed = 1; seed < 100000; seed++)
    {
      KesselDice dice;
      gboolean fits = TRUE;

      kessel_dice_init (&dice, seed);
      for (int i = 0; groups[i] != NULL && fits; i++)
        {
          int die = kessel_dice_roll (&dice);
          char face = (char) ('0' + die);
          fits = strchr (groups[i], '*') != NULL || strchr (groups[i], face) != NULL;
        }
      if (fits)
        return seed;
    }
  g_error ("no seed gives the dice %s", pattern);
  return 0;
}

static inline gboolean
rules_log_contains (KesselGame *game, const char *text)
{
  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    if (strstr (kessel_game_get_log (game, i)->text, text) != NULL)
      return TRUE;
  return FALSE;
}

/* The die of the last log entry that rolled one, or 0. */
static inline int
rules_last_die (KesselGame *game)
{
  for (int i = kessel_game_get_n_log (game) - 1; i >= 0; i--)
    if (kessel_game_get_log (game, i)->die != 0)
      return kessel_game_get_log (game, i)->die;
  return 0;
}

/* The cheapest cost for the units (ids joined by '+') to reach a hex, -1 if they cannot. */
static inline int
rules_reach (KesselGame *game, const char *ids, int number)
{
  g_auto(GStrv) names = g_strsplit (ids, "+", -1);
  int pieces[KESSEL_ACTION_MAX_UNITS];
  int n = 0, cost;
  KesselReach *reach;

  for (int i = 0; names[i] != NULL; i++)
    pieces[n++] = P (game, names[i]);
  reach = kessel_game_reachable (game, pieces, n);
  cost = reach[H (game, number)].cost;
  g_free (reach);
  return cost;
}

/* Ends parts of phases (choosing Move/Fight where asked, declining advances)
 * until phase of turn starts. */
static inline void
rules_run_to (KesselGame *game, int turn, KesselPhase phase)
{
  for (int i = 0; i < 500; i++)
    {
      if (kessel_game_get_turn (game) == turn && kessel_game_get_phase (game) == phase
          && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE)
        return;
      g_assert_false (kessel_game_is_over (game));
      if (kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER
          && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE)
        ACT (game, "order move-fight");
      else
        ACT (game, "end");
    }
  g_error ("turn %d, phase %s never came", turn, kessel_phase_to_string (phase));
}

/* Sets the order of an action phase waiting for it. */
static inline void
rules_order (KesselGame *game, const char *order)
{
  g_autofree char *text = g_strconcat ("order ", order, NULL);

  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_ORDER);
  ACT (game, text);
}
