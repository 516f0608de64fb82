/* test-game-options.c: a game's own choice of rules options, made before it
 * starts, kept apart from its scenario and saved with it. */
#include <string.h>

#include "kessel-game.h"

static KesselScenario *
fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "rules", "fixtures", "rules.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static void
test_options_saved_with_the_game (void)
{
  g_autoptr(KesselScenario) scenario = fixture ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 7);
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  KesselDice player;
  KesselAction first;
  gsize length = 0;

  g_assert_false (kessel_game_get_option (game, "flat-river-crossing"));
  g_assert_true (kessel_game_set_option (game, "flat-river-crossing", TRUE));
  g_assert_true (kessel_game_get_option (game, "flat-river-crossing"));
  g_assert_false (kessel_scenario_option_enabled (scenario, "flat-river-crossing"));

  kessel_dice_init (&player, 3);
  g_assert_true (kessel_game_random_action (game, &player, &first));
  g_assert_true (kessel_game_apply (game, &first, &error));
  g_assert_false (kessel_game_set_option (game, "trace-literal", TRUE));   /* too late */

  xml = kessel_game_to_xml (game, &length);
  g_assert_nonnull (strstr (xml, "<option id=\"flat-river-crossing\" enabled=\"true\"/>"));
  loaded = kessel_game_load_data (xml, length, "options.kesselgame", scenario, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_get_option (loaded, "flat-river-crossing"));
  g_assert_true (kessel_game_equal (game, loaded));
}

static void
test_bad_option_refused (void)
{
  g_autoptr(KesselScenario) scenario = fixture ();
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = kessel_game_to_xml (game, NULL);
  g_autoptr(GString) broken = g_string_new (xml);

  g_string_replace (broken, "<actions", "<options><option id=\"x\" enabled=\"maybe\"/></options><actions", 1);
  g_assert_null (kessel_game_load_data (broken->str, broken->len, "bad.kesselgame", scenario, &error));
  g_assert_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE);
  g_assert_nonnull (strstr (error->message, "bad.kesselgame:"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/options/saved-with-the-game", test_options_saved_with_the_game);
  g_test_add_func ("/game/options/bad-option-refused", test_bad_option_refused);
  return g_test_run ();
}
