/* The evaluator's weights (kessel-evaluator-weights.h): read from a key file
 * with clear errors for anything else, multiplying their terms, and the
 * defaults playing exactly as a player with no file. */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "../rules/rules-test.h"
#include "ai-test.h"
#include "kessel-evaluator.h"
#include "kessel-planner.h"
#include "kessel-player.h"

#define PLAYER_SEED 11

static gboolean
weights_are_default (const KesselEvaluatorWeights *weights)
{
  KesselEvaluatorWeights defaults;

  kessel_evaluator_weights_init (&defaults);
  for (int i = 0; i < KESSEL_N_WEIGHTS; i++)
    if (weights->value[i] != defaults.value[i])
      return FALSE;
  return TRUE;
}

static char *
write_file (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  return path;
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("kessel-weights-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
test_read (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = write_file (dir, "w", "# tuned\n[Evaluator]\nplaces=1.25\nenemy-threats=0\n");
  g_autoptr(GError) error = NULL;
  KesselEvaluatorWeights weights;

  kessel_evaluator_weights_init (&weights);
  g_assert_true (weights_are_default (&weights));
  g_assert_true (kessel_evaluator_weights_load (&weights, path, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (weights.value[KESSEL_WEIGHT_PLACES], ==, 1.25);
  g_assert_cmpfloat (weights.value[KESSEL_WEIGHT_ENEMY_THREATS], ==, 0.0);
  g_assert_cmpfloat (weights.value[KESSEL_WEIGHT_OWN_THREATS], ==, 1.0);
  g_assert_false (weights_are_default (&weights));
  g_assert_cmpstr (kessel_weight_to_string (KESSEL_WEIGHT_OWN_THREATS), ==, "own-threats");
  remove_dir (dir);
}

/* Each hostile file is refused with the file's name and what is wrong, and
 * leaves the weights as they were. */
static void
test_hostile_files (void)
{
  const struct {
    const char *text;
    const char *reason;
  } files[] = {
    { "[Evaluator]\nbogus=1\n", "unknown weight \"bogus\"" },
    { "[Evaluator]\nplaces=nan\n", "\"places\" must be a number from 0 to 10" },
    { "[Evaluator]\nplaces=inf\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=-0.5\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=10.5\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=1.0x\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=1e999\n", "\"places\" must be a number" },
    { "[Evaluator]\nplaces=1\n[Other]\nx=1\n", "one [Evaluator] group" },
    { "[Other]\nplaces=1\n", "one [Evaluator] group" },
    { "", "one [Evaluator] group" },
    { "places=1\n", "cannot read the weights" },
    { "\x01\xff[Evaluator\n", "cannot read the weights" },
  };
  g_autofree char *dir = temp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = write_file (dir, "hostile", files[i].text);
      g_autoptr(GError) error = NULL;
      KesselEvaluatorWeights weights;

      kessel_evaluator_weights_init (&weights);
      g_assert_false (kessel_evaluator_weights_load (&weights, path, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, files[i].reason));
      g_assert_true (weights_are_default (&weights));
    }
  remove_dir (dir);
}

static void
test_spec (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = write_file (dir, "w", "[Evaluator]\nisolation=0.5\n");
  g_autofree char *hard = g_strdup_printf ("ai:hard:%s", path);
  g_autofree char *bad_level = g_strdup_printf ("ai:expert:%s", path);
  g_autofree char *missing = g_strdup_printf ("ai:easy:%s/none", dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPlayer) player = kessel_player_new_from_spec (hard, PLAYER_SEED, &error);

  g_assert_no_error (error);
  g_assert_true (KESSEL_IS_PLANNER (player));
  g_assert_cmpint (kessel_planner_get_level (KESSEL_PLANNER (player)), ==, KESSEL_LEVEL_HARD);
  const char *refused[] = { bad_level, missing, "ai:easy:", "ai::x" };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) refusal = NULL;
      g_assert_null (kessel_player_new_from_spec (refused[i], PLAYER_SEED, &refusal));
      g_assert_nonnull (refusal);
      g_test_message ("%s: %s", refused[i], refusal->message);
    }
  remove_dir (dir);
}

/* A weight multiplies its term: the value moves by the same amount from
 * weight 0 to 1 as from 1 to 2, and the term is not nothing here (towns
 * held by both sides, with the enemy near). */
static void
test_weight_multiplies_term (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);
  KesselEvaluator *evaluator;
  KesselEvaluatorWeights weights;
  double value[3];

  rules_clear (game);
  kessel_game_set_control (game, H (game, 808), KESSEL_SIDE_SOVIET);
  kessel_game_set_control (game, H (game, 404), KESSEL_SIDE_SOVIET);
  rules_put (game, "sov-61r", 404);
  rules_put (game, "ger-16pz", 101);
  rules_put (game, "sov-9m", 909);
  evaluator = kessel_evaluator_new (game);
  kessel_evaluator_set_perspective (evaluator, KESSEL_SIDE_SOVIET);
  kessel_evaluator_weights_init (&weights);
  for (int w = 0; w < 3; w++)
    {
      weights.value[KESSEL_WEIGHT_PLACES] = w;
      kessel_evaluator_set_weights (evaluator, &weights);
      value[w] = kessel_evaluator_value (evaluator, game);
    }
  g_test_message ("value %.3f, %.3f, %.3f", value[0], value[1], value[2]);
  g_assert_cmpfloat (fabs (value[1] - value[0]), >=, 0.5);
  g_assert_cmpfloat_with_epsilon (value[1] - value[0], value[2] - value[1], 1e-9);
  kessel_evaluator_free (evaluator);
}

/* A file with every weight at its default plays the very game of a player
 * with no file; one with other weights plays another. */
static void
test_defaults_play_alike (void)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *defaults = write_file (dir, "defaults",
                                          "[Evaluator]\nplaces=1\nforces=1\nexposure=1\nexit=1\nisolation=1\n"
                                          "frailty=1\nown-threats=1\nenemy-threats=0.5\n");
  g_autofree char *other = write_file (dir, "other", "[Evaluator]\nplaces=3\nforces=0.2\n");
  g_autofree char *defaults_spec = g_strdup_printf ("ai:easy:%s", defaults);
  g_autofree char *other_spec = g_strdup_printf ("ai:easy:%s", other);
  g_autoptr(KesselScenario) scenario = ai_test_scenario ("first-panzer-army.kessel");
  g_autoptr(GArray) plain = ai_test_game (scenario, "ai:easy", 1, 150);
  g_autoptr(GArray) same = ai_test_game (scenario, defaults_spec, 1, 150);
  g_autoptr(GArray) changed = ai_test_game (scenario, other_spec, 1, 150);
  gboolean differs = FALSE;

  g_assert_cmpuint (plain->len, ==, same->len);
  for (guint i = 0; i < plain->len; i++)
    g_assert_true (kessel_action_equal (&g_array_index (plain, KesselAction, i), &g_array_index (same, KesselAction, i)));
  for (guint i = 0; i < MIN (plain->len, changed->len) && !differs; i++)
    differs = !kessel_action_equal (&g_array_index (plain, KesselAction, i), &g_array_index (changed, KesselAction, i));
  g_assert_true (differs);
  remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ai/weights/read", test_read);
  g_test_add_func ("/ai/weights/hostile-files", test_hostile_files);
  g_test_add_func ("/ai/weights/spec", test_spec);
  g_test_add_func ("/ai/weights/weight-multiplies-term", test_weight_multiplies_term);
  g_test_add_func ("/ai/weights/defaults-play-alike", test_defaults_play_alike);
  return g_test_run ();
}
