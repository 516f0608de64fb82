/* kessel-after-action.c: a game's figures gathered step by step along its replay. */
#include "kessel-config.h"

#include "kessel-after-action.h"
#include "kessel-replay.h"

/* What each piece had on the map before a step, to see what it lost. */
typedef struct {
  KesselAfterAction *report;
  KesselReplay *replay;
  int *steps_on_map;        /* by piece: its steps if on the map, else 0 */
  int last_combat_log;      /* log index of the last combat recorded */
} Gatherer;

double
kessel_after_action_result_score (KesselResult result)
{
  switch (result)
    {
    case KESSEL_RESULT_AL1: return -1.0;
    case KESSEL_RESULT_AS: return 0.0;
    case KESSEL_RESULT_DR: return 0.5;
    case KESSEL_RESULT_DL1: return 1.0;
    case KESSEL_RESULT_DL1_DR: return 1.5;
    case KESSEL_RESULT_EX: return 0.0;
    case KESSEL_N_RESULTS:
    default: return 0.0;
    }
}

static int
steps_on_map (KesselGame *game, int piece)
{
  if (kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP)
    return 0;
  return kessel_game_get_piece_steps (game, piece);
}

/* A piece loses what it had on the map less what it has now; steps coming
 * back (replacements, a returning corps) are no losses. */
static void
count_losses (Gatherer *gatherer, KesselTurnFigures *figures)
{
  KesselGame *game = kessel_replay_get_game (gatherer->replay);

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      int now = steps_on_map (game, p), lost = gatherer->steps_on_map[p] - now;
      KesselPieceStatus status = kessel_game_get_piece_status (game, p);

      if (lost > 0 && status != KESSEL_PIECE_EXITED)
        figures->steps_lost[kessel_game_get_piece_side (game, p)] += lost;
      gatherer->steps_on_map[p] = now;
    }
}

static void
note_vp_and_markers (KesselGame *game, int turn, KesselTurnFigures *figures)
{
  figures->played = TRUE;
  figures->vp_places = kessel_game_get_vp_places (game);
  figures->vp_exits = kessel_game_get_vp_exits (game);
  figures->vp_destroyed = kessel_game_get_vp_destroyed (game);
  figures->vp_out_of_command = kessel_game_get_vp_out_of_command (game);
  figures->vp = kessel_game_get_vp (game);
  figures->weather = kessel_game_get_turn_weather (game, turn);
  if (figures->air_side == KESSEL_SIDE_NONE && kessel_game_get_air_superiority (game) != KESSEL_SIDE_NONE
      && kessel_game_get_turn (game) == turn)
    {
      figures->air_side = kessel_game_get_air_superiority (game);
      figures->cas = kessel_game_get_cas_total (game);
    }
}

static void
note_combat (Gatherer *gatherer, const KesselReplayStep *step)
{
  KesselGame *game = kessel_replay_get_game (gatherer->replay);
  KesselCombatReport combat;
  KesselAttackRecord record = { 0 };

  if (!kessel_game_get_last_combat (game, &combat) || combat.log_index == gatherer->last_combat_log)
    return;
  gatherer->last_combat_log = combat.log_index;
  record.turn = step->turn;
  record.phase = step->phase;
  record.attacker = kessel_game_get_piece_side (game, combat.attack.units[0]);
  record.hex = combat.attack.hex;
  record.odds = combat.odds.final;
  record.die = combat.die;
  record.result = combat.result;
  record.score = kessel_after_action_result_score (combat.result);
  for (int face = 0; face < 6; face++)
    record.expected += kessel_after_action_result_score (combat.odds.results[face]) / 6.0;
  record.log_index = combat.log_index;
  record.position = kessel_replay_get_position (gatherer->replay);
  g_array_append_val (gatherer->report->attacks, record);
}

static void
choose_best_and_worst (KesselAfterAction *report)
{
  for (guint i = 0; i < report->attacks->len; i++)
    {
      const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, i);
      int *best = &report->best[record->attacker], *worst = &report->worst[record->attacker];
      double luck = record->score - record->expected;

      if (record->die == 0)
        continue;
      if (*best < 0 || luck > g_array_index (report->attacks, KesselAttackRecord, *best).score
                                 - g_array_index (report->attacks, KesselAttackRecord, *best).expected)
        *best = (int) i;
      if (*worst < 0 || luck < g_array_index (report->attacks, KesselAttackRecord, *worst).score
                                  - g_array_index (report->attacks, KesselAttackRecord, *worst).expected)
        *worst = (int) i;
    }
}

static void
gather (Gatherer *gatherer)
{
  KesselReplay *replay = gatherer->replay;
  KesselGame *game = kessel_replay_get_game (replay);
  int n = kessel_replay_get_n_steps (replay);

  kessel_replay_seek (replay, 0);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    gatherer->steps_on_map[p] = steps_on_map (game, p);
  note_vp_and_markers (game, 1, &gatherer->report->turns[1]);
  for (int i = 0; i < n; i++)
    {
      const KesselReplayStep *step = kessel_replay_get_step (replay, i);
      KesselTurnFigures *figures = &gatherer->report->turns[CLAMP (step->turn, 1, KESSEL_SCENARIO_MAX_TURNS)];

      kessel_replay_seek (replay, i + 1);
      count_losses (gatherer, figures);
      note_combat (gatherer, step);
      note_vp_and_markers (game, step->turn, figures);
      /* Markers placed by the action that opened the next turn. */
      if (kessel_game_get_turn (game) != step->turn && kessel_game_get_turn (game) <= KESSEL_SCENARIO_MAX_TURNS)
        note_vp_and_markers (game, kessel_game_get_turn (game), &gatherer->report->turns[kessel_game_get_turn (game)]);
    }
}

KesselAfterAction *
kessel_after_action_new (KesselGame *game, GError **error)
{
  g_autoptr(KesselReplay) replay = NULL;
  g_autofree int *steps = NULL;
  KesselAfterAction *report;
  Gatherer gatherer;

  g_return_val_if_fail (KESSEL_IS_GAME (game), NULL);
  replay = kessel_replay_new (game, error);
  if (replay == NULL)
    return NULL;
  report = g_new0 (KesselAfterAction, 1);
  report->n_turns = MIN (kessel_scenario_get_turns (kessel_game_get_scenario (game)), KESSEL_SCENARIO_MAX_TURNS);
  report->last_turn = CLAMP (kessel_game_get_turn (game), 1, KESSEL_SCENARIO_MAX_TURNS);
  report->verdict = kessel_game_get_verdict (game);
  report->attacks = g_array_new (FALSE, TRUE, sizeof (KesselAttackRecord));
  for (int side = 0; side < 3; side++)
    report->best[side] = report->worst[side] = -1;
  for (int t = 0; t <= KESSEL_SCENARIO_MAX_TURNS; t++)
    report->turns[t].weather = -1;
  steps = g_new0 (int, kessel_game_get_n_pieces (game));
  gatherer = (Gatherer) { report, replay, steps, -1 };
  gather (&gatherer);
  choose_best_and_worst (report);
  return report;
}

void
kessel_after_action_free (KesselAfterAction *report)
{
  if (report == NULL)
    return;
  g_array_unref (report->attacks);
  g_free (report);
}

int
kessel_after_action_total_steps_lost (const KesselAfterAction *report, KesselSide side)
{
  int total = 0;

  for (int t = 1; t <= KESSEL_SCENARIO_MAX_TURNS; t++)
    total += report->turns[t].steps_lost[side];
  return total;
}
