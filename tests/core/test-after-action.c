/* The after-action report: its figures are those the log gives, turn by
 * turn, for random games played to the end. */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "kessel-after-action.h"
#include "kessel-game.h"
#include "kessel-replay.h"
#include "random-games.h"

#define N_GAMES 6

static KesselAfterAction *
report_of (KesselGame *game)
{
  g_autoptr(GError) error = NULL;
  KesselAfterAction *report = kessel_after_action_new (game, &error);

  g_assert_no_error (error);
  return report;
}

static const char *
weather_word (int weather)
{
  return weather == KESSEL_WEATHER_THAW ? "thaw" : weather == KESSEL_WEATHER_FROST ? "frost" : "storm";
}

/* The unit of that title on the map before the action and gone after it:
 * several units may share a title. */
static int
piece_eliminated (KesselReplay *replay, int position, const char *title)
{
  KesselGame *game = kessel_replay_get_game (replay);

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      gboolean before, after;

      if (g_strcmp0 (kessel_unit_get_title (kessel_game_get_piece_unit (game, p)), title) != 0)
        continue;
      kessel_replay_seek (replay, position - 1);
      before = kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP;
      kessel_replay_seek (replay, position);
      after = kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP;
      if (before && !after)
        return p;
    }
  g_assert_not_reached ();
}

/* The unit an elimination entry names, or NULL if it is none. */
static char *
eliminated_title (const char *text)
{
  const char *end = g_str_has_suffix (text, " is eliminated.") ? text + strlen (text) - strlen (" is eliminated.")
                    : strstr (text, " eliminated; die ");

  return end != NULL ? g_strndup (text, end - text) : NULL;
}

/* Steps lost by the log: one for each "loses a step"; an elimination takes
 * what the unit still had, which is read from the position before the
 * action that wrote it, less its earlier losses in the same action. */
static int
steps_lost_by_entry (KesselGame *game, KesselReplay *replay, int index)
{
  const char *text = kessel_game_get_log (game, index)->text;
  g_autofree char *title = eliminated_title (text);
  const KesselReplayStep *step;
  int position, piece, steps;

  if (strstr (text, " loses a step (") != NULL)
    return 1;
  if (title == NULL)
    return 0;
  position = kessel_replay_position_of_log (replay, index);
  step = kessel_replay_get_step (replay, position - 1);
  piece = piece_eliminated (replay, position, title);
  kessel_replay_seek (replay, position - 1);
  steps = kessel_game_get_piece_steps (kessel_replay_get_game (replay), piece);
  for (int e = step->first_log; e < index; e++)
    {
      g_autofree char *loss = g_strdup_printf ("%s loses a step (", title);
      if (g_str_has_prefix (kessel_game_get_log (game, e)->text, loss))
        steps--;
    }
  return steps;
}

static void
check_vp (const KesselAfterAction *report, const KesselLogEntry *entry)
{
  const char *track = strstr (entry->text, "the Soviet VP track stands at ");
  int vp, places, exits, destroyed, out;

  if (track != NULL)
    {
      g_assert_cmpint (sscanf (track, "the Soviet VP track stands at %d", &vp), ==, 1);
      g_assert_cmpint (report->turns[entry->turn].vp, ==, vp);
    }
  if (sscanf (entry->text, "The game ends: %d VP (places %d, exits %d, divisions destroyed %d, places out of C&C %d)",
              &vp, &places, &exits, &destroyed, &out) == 5)
    {
      const KesselTurnFigures *last = &report->turns[report->last_turn];
      g_assert_cmpint (last->vp, ==, vp);
      g_assert_cmpint (last->vp_places, ==, places);
      g_assert_cmpint (last->vp_exits, ==, exits);
      g_assert_cmpint (last->vp_destroyed, ==, destroyed);
      g_assert_cmpint (last->vp_out_of_command, ==, out);
    }
}

static void
check_weather_and_air (const KesselAfterAction *report, const KesselLogEntry *entry)
{
  const KesselTurnFigures *figures = &report->turns[MAX (entry->turn, 1)];
  char side[32];
  int die, cas;

  if (g_str_has_prefix (entry->text, "Weather: die ") || g_str_has_prefix (entry->text, "Turn 1 weather: "))
    {
      g_autofree char *word = g_strdup_printf (" %s (", weather_word (figures->weather));
      g_assert_cmpint (figures->weather, >=, 0);
      g_assert_nonnull (strstr (entry->text, word));
    }
  if (sscanf (entry->text, "Turn 1 air superiority is Soviet: die %d, %d CAS", &die, &cas) == 2)
    {
      g_assert_cmpint (figures->air_side, ==, KESSEL_SIDE_SOVIET);
      g_assert_cmpint (figures->cas, ==, cas);
    }
  else if (sscanf (entry->text, "%31s air superiority: %d CAS markers", side, &cas) == 2)
    {
      g_assert_cmpstr (side, ==, kessel_side_display_name (figures->air_side));
      g_assert_cmpint (figures->cas, ==, cas);
    }
}

static void
check_against_log (KesselGame *game)
{
  g_autoptr(KesselAfterAction) report = report_of (game);
  g_autoptr(KesselReplay) replay = kessel_replay_new (game, NULL);
  int losses[KESSEL_SCENARIO_MAX_TURNS + 1][3] = { { 0 } };
  int rolled_combats = 0, rolled_records = 0;

  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (game, i);
      check_vp (report, entry);
      check_weather_and_air (report, entry);
      losses[MAX (entry->turn, 1)][entry->side] += steps_lost_by_entry (game, replay, i);
      if (strstr (entry->text, " at ") && strstr (entry->text, "; die ") && entry->die > 0)
        rolled_combats++;
    }
  for (int t = 1; t <= report->n_turns; t++)
    for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
      g_assert_cmpint (report->turns[t].steps_lost[side], ==, losses[t][side]);
  for (guint i = 0; i < report->attacks->len; i++)
    {
      const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, i);
      const KesselLogEntry *entry = kessel_game_get_log (game, record->log_index);
      g_autofree char *result = g_strdup_printf (" %s.", kessel_result_to_string (record->result));

      g_assert_cmpint (entry->die, ==, record->die);
      g_assert_cmpint (entry->turn, ==, record->turn);
      g_assert_cmpint (entry->side, ==, record->attacker);
      if (record->die > 0)
        {
          g_assert_true (g_str_has_suffix (entry->text, result));
          rolled_records++;
        }
    }
  g_assert_cmpint (rolled_records, ==, rolled_combats);
}

static void
test_figures_match_log (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();

  for (guint64 seed = 1; seed <= N_GAMES; seed++)
    {
      g_autoptr(KesselGame) game = random_game (scenario, seed, -1);
      g_autoptr(KesselAfterAction) report = report_of (game);

      check_against_log (game);
      g_assert_cmpint (report->last_turn, ==, report->n_turns);
      g_assert_cmpint (report->verdict, ==, kessel_game_get_verdict (game));
      g_assert_cmpint (report->turns[report->n_turns].vp, ==, kessel_game_get_vp (game));
      g_assert_cmpint (kessel_after_action_total_steps_lost (report, KESSEL_SIDE_GERMAN)
                         + kessel_after_action_total_steps_lost (report, KESSEL_SIDE_SOVIET), >, 0);
    }
}

/* Halfway through, the report covers the turns played so far. */
static void
test_game_under_way (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = random_game (scenario, 11, 300);
  g_autoptr(KesselAfterAction) report = report_of (game);

  check_against_log (game);
  g_assert_cmpint (report->last_turn, ==, kessel_game_get_turn (game));
  g_assert_false (report->turns[report->last_turn + 1].played);
  g_assert_cmpint (report->turns[report->last_turn].vp, ==, kessel_game_get_vp (game));
}

/* The best attack of a side is its luckiest with a die, the worst its
 * unluckiest. */
static void
test_best_and_worst (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = random_game (scenario, 5, -1);
  g_autoptr(KesselAfterAction) report = report_of (game);

  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      const KesselAttackRecord *best, *worst;

      g_assert_cmpint (report->best[side], >=, 0);
      best = &g_array_index (report->attacks, KesselAttackRecord, report->best[side]);
      worst = &g_array_index (report->attacks, KesselAttackRecord, report->worst[side]);
      g_assert_cmpint (best->attacker, ==, side);
      for (guint i = 0; i < report->attacks->len; i++)
        {
          const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, i);
          if (record->attacker != side || record->die == 0)
            continue;
          g_assert_cmpfloat (record->score - record->expected, <=, best->score - best->expected);
          g_assert_cmpfloat (record->score - record->expected, >=, worst->score - worst->expected);
        }
    }
  g_assert_cmpfloat (kessel_after_action_result_score (KESSEL_RESULT_DL1_DR), ==, 1.5);
  g_assert_cmpfloat (kessel_after_action_result_score (KESSEL_RESULT_AL1), ==, -1.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/after-action/figures-match-log", test_figures_match_log);
  g_test_add_func ("/after-action/game-under-way", test_game_under_way);
  g_test_add_func ("/after-action/best-and-worst-attacks", test_best_and_worst);
  return g_test_run ();
}
