#include "ai-test.h"

#include "kessel-planner.h"

#define FIRST_PLAYER_SEED 11

KesselScenario *
ai_test_scenario (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

GArray *
ai_test_game (KesselScenario *scenario, const char *spec, guint threads, guint n)
{
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 5);
  KesselPlayer *players[3] = { NULL };
  GArray *actions = g_array_new (FALSE, FALSE, sizeof (KesselAction));

  for (int side = 1; side < 3; side++)
    {
      g_autoptr(GError) error = NULL;

      players[side] = kessel_player_new_from_spec (spec, FIRST_PLAYER_SEED + side - 1, &error);
      g_assert_no_error (error);
      if (KESSEL_IS_PLANNER (players[side]))
        kessel_planner_set_threads (KESSEL_PLANNER (players[side]), threads);
    }
  while (actions->len < n && !kessel_game_is_over (game))
    {
      g_autoptr(GError) error = NULL;
      KesselAction action;

      g_assert_true (kessel_player_choose (players[kessel_game_get_active_side (game)], game, &action));
      if (!kessel_game_apply (game, &action, &error))
        g_error ("the player chose an illegal action: %s", error->message);
      g_array_append_val (actions, action);
    }
  g_object_unref (players[1]);
  g_object_unref (players[2]);
  return actions;
}
