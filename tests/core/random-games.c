/* random-games.c: random games for the tests, reproducible from their seed. */
#include "random-games.h"

KesselScenario *
random_games_scenario (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                                 "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

KesselGame *
random_game_start (KesselScenario *scenario, guint64 seed, KesselDice *player)
{
  KesselGame *game = kessel_game_new (scenario, seed);

  if (seed % 2 == 1)
    kessel_game_set_option (game, "fog-of-war", TRUE);
  kessel_dice_init (player, seed * 7919);
  return game;
}

gboolean
random_game_step (KesselGame *game, KesselDice *player)
{
  g_autoptr(GError) error = NULL;
  KesselAction action;

  if (kessel_game_is_over (game))
    return FALSE;
  g_assert_true (kessel_game_random_action (game, player, &action));
  g_assert_true (kessel_game_apply (game, &action, &error));
  g_assert_no_error (error);
  return TRUE;
}

KesselGame *
random_game (KesselScenario *scenario, guint64 seed, int max_actions)
{
  KesselDice player;
  KesselGame *game = random_game_start (scenario, seed, &player);

  while (max_actions-- != 0 && random_game_step (game, &player))
    ;
  return game;
}
