/* Random legal games on the shipped scenario never reach an illegal state,
 * and each replays identically from its seed and actions. */
#include <glib.h>
#include <stdlib.h>

#include "kessel-game.h"
#include "random-games.h"

static int
games_to_play (void)
{
  const char *count = g_getenv ("KESSEL_RANDOM_GAMES");

  if (count != NULL && atoi (count) > 0)
    return atoi (count);
  return g_test_thorough () ? 2000 : 60;
}

/* Soviet limits of 6.2, German of 6.1; garrisons count for nothing. */
static gboolean
stack_legal (KesselGame *game, int hex)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (game, hex);
  int main_steps = 0, artillery = 0;
  KesselSide side = kessel_game_get_hex_occupant (game, hex);

  for (guint i = 0; i < pieces->len; i++)
    {
      int p = g_array_index (pieces, int, i);
      KesselUnit *unit = kessel_game_get_piece_unit (game, p);
      if (kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC)
        continue;
      if (side == KESSEL_SIDE_SOVIET && kessel_unit_is_artillery (unit))
        artillery += kessel_game_get_piece_steps (game, p);
      else
        main_steps += kessel_game_get_piece_steps (game, p);
    }
  return side == KESSEL_SIDE_GERMAN ? main_steps <= 9 : main_steps <= 4 && artillery <= 1;
}

static void
assert_legal_state (KesselGame *game, gboolean at_check)
{
  KesselScenario *scenario = kessel_game_get_scenario (game);
  KesselMap *map = kessel_scenario_get_map (scenario);
  int hex_count = kessel_map_get_hex_count (map);
  g_autofree int *owner = g_new0 (int, hex_count);

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      int steps = kessel_game_get_piece_steps (game, p);
      int hex = kessel_game_get_piece_hex (game, p);
      KesselSide side = kessel_game_get_piece_side (game, p);

      g_assert_cmpint (steps, >=, 0);
      g_assert_cmpint (steps, <=, kessel_game_get_piece_full_steps (game, p));
      if (kessel_game_get_piece_status (game, p) != KESSEL_PIECE_ON_MAP)
        continue;
      g_assert_cmpint (steps, >=, 1);
      g_assert_cmpint (hex, >=, 0);
      if (side == KESSEL_SIDE_SOVIET)
        g_assert_false (kessel_map_is_closed_to_soviet (map, hex));
      g_assert_true (owner[hex] == 0 || owner[hex] == (int) side);
      owner[hex] = side;
    }
  if (!at_check)
    return;
  for (int hex = 0; hex < hex_count; hex++)
    if (owner[hex] != 0 && !(kessel_game_get_turn (game) == 1 && owner[hex] == KESSEL_SIDE_SOVIET
                             && kessel_game_get_phase (game) <= KESSEL_PHASE_SOVIET_1))
      g_assert_true (stack_legal (game, hex));
}

/* The zones, KG traffic, supply and C&C a game keeps current as pieces move
 * are the same as those of a copy that works them out from scratch; supply
 * and C&C asked hex by hex are those of the whole trace. */
static void
assert_caches_current (KesselGame *game)
{
  g_autoptr(KesselGame) fresh = kessel_game_copy (game);
  int hex_count = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));

  for (int hex = 0; hex < hex_count; hex++)
    for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
      {
        g_autoptr(GArray) line = kessel_game_trace_path (fresh, hex, side);

        g_assert_cmpint (kessel_game_in_zoc_of (game, hex, side), ==, kessel_game_in_zoc_of (fresh, hex, side));
        g_assert_cmpint (kessel_game_hex_traces (game, hex, side), ==, line != NULL);
      }
  for (KesselKg kg = 0; kg < KESSEL_N_KGS; kg++)
    g_assert_cmpint (kessel_game_kg_traffic_active (game, kg), ==, kessel_game_kg_traffic_active (fresh, kg));
}

static void
play_one (KesselScenario *scenario, guint64 seed)
{
  g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
  g_autoptr(KesselGame) replayed = NULL;
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  KesselDice player;
  KesselAction action;
  gsize length = 0;
  int guard = 0;

  kessel_dice_init (&player, seed * 7919);
  while (!kessel_game_is_over (game))
    {
      KesselPhase phase = kessel_game_get_phase (game);
      g_assert_true (kessel_game_random_action (game, &player, &action));
      g_assert_true (kessel_game_apply (game, &action, &error));
      g_assert_no_error (error);
      /* Stacking is checked when a phase has ended and no elimination is pending. */
      assert_legal_state (game, kessel_game_get_phase (game) != phase
                                  && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE);
      if (kessel_game_get_phase (game) != phase)
        assert_caches_current (game);
      g_assert_cmpint (++guard, <, 100000);
    }
  g_assert_cmpint (kessel_game_get_verdict (game), !=, KESSEL_VERDICT_NONE);

  replayed = kessel_game_new (scenario, seed);
  for (int i = 0; i < kessel_game_get_n_actions (game); i++)
    g_assert_true (kessel_game_apply (replayed, kessel_game_get_action (game, i), NULL));
  g_assert_true (kessel_game_equal (game, replayed));

  xml = kessel_game_to_xml (game, &length);
  loaded = kessel_game_load_data (xml, length, "random.kessel-game", scenario, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (game, loaded));
}

static void
test_random_games_stay_legal (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  int games = games_to_play ();

  for (int i = 0; i < games; i++)
    play_one (scenario, (guint64) i + 1);
}

/* The scenario four times as large that kessel-cli bench times plays by
 * the rules too. */
static void
test_tiled_games_stay_legal (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselScenario) tiled = kessel_scenario_new_tiled (scenario, 4, NULL);

  for (int i = 0; i < 2; i++)
    play_one (tiled, (guint64) i + 1);
}

/* The list of legal actions takes moves along the reachable search's paths
 * without checking them: the check accepts every action listed. */
static void
test_listed_actions_pass_the_check (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
      KesselDice player;
      KesselAction action;

      kessel_dice_init (&player, seed);
      for (int n = 0; !kessel_game_is_over (game); n++)
        {
          if (n % 5 == 0)
            {
              g_autoptr(GArray) actions = kessel_game_list_actions (game);
              for (guint i = 0; i < actions->len; i++)
                g_assert_true (kessel_game_check (game, &g_array_index (actions, KesselAction, i), NULL));
            }
          g_assert_true (kessel_game_random_action (game, &player, &action));
          g_assert_true (kessel_game_apply (game, &action, NULL));
        }
    }
}

/* What a player can see of a game, as text: pieces, control, the part of
 * the turn, the dice, the actions and the log. */
static char *
fingerprint (KesselGame *game)
{
  GString *text = g_string_new (NULL);
  int hex_count = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (game)));

  g_string_append_printf (text, "%d %d %d %d %u %d %d %d\n", kessel_game_get_turn (game), kessel_game_get_phase (game),
                          kessel_game_get_segment (game), kessel_game_get_wait (game),
                          kessel_game_get_dice_rolled (game), kessel_game_get_n_actions (game),
                          kessel_game_get_n_log (game), kessel_game_get_cas_left (game));
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    g_string_append_printf (text, "%d %d %d %d %d %d %d\n", kessel_game_get_piece_hex (game, p),
                            kessel_game_get_piece_status (game, p), kessel_game_get_piece_steps (game, p),
                            kessel_game_get_piece_mp (game, p), kessel_game_piece_has_attacked (game, p),
                            kessel_game_piece_visible_to (game, p, KESSEL_SIDE_GERMAN),
                            kessel_game_piece_visible_to (game, p, KESSEL_SIDE_SOVIET));
  for (int hex = 0; hex < hex_count; hex++)
    g_string_append_c (text, (char) ('0' + kessel_game_get_control (game, hex)));
  return g_string_free (text, FALSE);
}

/* Undo gives back the game as it was before the action (a move's undo keeps
 * only what a move changes), and redo the game after it. */
static void
test_undo_gives_back_the_game (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();

  for (guint64 seed = 1; seed <= 2; seed++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
      KesselDice player;
      KesselAction action;

      kessel_dice_init (&player, seed);
      while (!kessel_game_is_over (game))
        {
          g_autofree char *before = fingerprint (game);
          g_autoptr(KesselGame) copy = kessel_game_copy (game);

          g_assert_true (kessel_game_random_action (game, &player, &action));
          g_assert_true (kessel_game_apply (game, &action, NULL));
          if (!kessel_game_can_undo (game))
            continue;
          {
            g_autofree char *after = fingerprint (game);
            g_autofree char *undone = NULL, *redone = NULL;

            g_assert_true (kessel_game_undo (game, NULL));
            undone = fingerprint (game);
            g_assert_cmpstr (undone, ==, before);
            g_assert_true (kessel_game_equal (game, copy));
            g_assert_true (kessel_game_redo (game, NULL));
            redone = fingerprint (game);
            g_assert_cmpstr (redone, ==, after);
          }
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/random-games/stay-legal-and-replay", test_random_games_stay_legal);
  g_test_add_func ("/rules/random-games/tiled-scenario", test_tiled_games_stay_legal);
  g_test_add_func ("/rules/random-games/listed-actions-pass-the-check", test_listed_actions_pass_the_check);
  g_test_add_func ("/rules/random-games/undo-gives-back-the-game", test_undo_gives_back_the_game);
  return g_test_run ();
}
