/* Dice no one can foresee: a game with unforeseeable dice records what it
 * rolled and replays exactly, stores no seed, and a predictor that tries
 * every seed the saved file could imply does no better than chance; the
 * same predictor foresees every die of a seeded game. Undo, save and load
 * never roll a die again. */
#include <glib.h>
#include <string.h>

#include "kessel-game.h"
#include "kessel-replay.h"
#include "random-games.h"

/* Plays random legal actions until rolls dice have been rolled (or the game ends). */
static void
play_until_rolled (KesselGame *game, KesselDice *player, guint rolls)
{
  while (kessel_game_get_dice_rolled (game) < rolls && random_game_step (game, player))
    ;
}

/* Every face the game rolled, in order. */
static GByteArray *
all_faces (KesselGame *game)
{
  GByteArray *faces = g_byte_array_new ();
  guint n_opening;
  const guint8 *opening = kessel_game_get_opening_dice (game, &n_opening);

  g_byte_array_append (faces, opening, n_opening);
  for (int i = 0; i < kessel_game_get_n_actions (game); i++)
    {
      guint n;
      const guint8 *rolled = kessel_game_get_action_dice (game, i, &n);
      g_byte_array_append (faces, rolled, n);
    }
  return faces;
}

/* Whether the dice of seed show faces as their first faces->len rolls. */
static gboolean
seed_gives (guint64 seed, const GByteArray *faces)
{
  KesselDice dice;

  kessel_dice_init (&dice, seed);
  for (guint i = 0; i < faces->len; i++)
    if (kessel_dice_roll (&dice) != faces->data[i])
      return FALSE;
  return TRUE;
}

/* The seeds a saved file could imply: every number written in it, and the
 * small numbers people choose. */
static GArray *
candidate_seeds (const char *xml)
{
  GArray *seeds = g_array_new (FALSE, FALSE, sizeof (guint64));

  for (guint64 s = 0; s < 4096; s++)
    g_array_append_val (seeds, s);
  for (const char *c = xml; *c != '\0'; c++)
    if (g_ascii_isdigit (*c) && (c == xml || !g_ascii_isdigit (c[-1])))
      {
        guint64 number = g_ascii_strtoull (c, NULL, 10);
        g_array_append_val (seeds, number);
      }
  return seeds;
}

/* The predictor: from the file saved before a roll, the next face as the
 * first seed that gives every face recorded so far would roll it; 1 if no
 * seed fits. */
static int
predict_next (const char *xml, const GByteArray *recorded)
{
  g_autoptr(GArray) seeds = candidate_seeds (xml);

  for (guint i = 0; i < seeds->len; i++)
    {
      guint64 seed = g_array_index (seeds, guint64, i);
      if (seed_gives (seed, recorded))
        {
          KesselDice dice;
          kessel_dice_init (&dice, seed);
          for (guint k = 0; k < recorded->len; k++)
            kessel_dice_roll (&dice);
          return kessel_dice_roll (&dice);
        }
    }
  return 1;
}

/* How many of the dice rolled after the first warm_up the predictor got
 * right, reading only the file saved before each roll. */
static guint
predicted_right (KesselGame *game, guint warm_up, guint rolls, guint *tried)
{
  KesselDice player;
  guint right = 0;

  kessel_dice_init (&player, 77);
  *tried = 0;
  play_until_rolled (game, &player, warm_up);
  while (kessel_game_get_dice_rolled (game) < rolls && !kessel_game_is_over (game))
    {
      g_autofree char *xml = kessel_game_to_xml (game, NULL);
      g_autoptr(GByteArray) before = all_faces (game);
      g_autoptr(GByteArray) after = NULL;
      guint rolled = kessel_game_get_dice_rolled (game);
      int guess = predict_next (xml, before);

      play_until_rolled (game, &player, rolled + 1);
      after = all_faces (game);
      if (after->len > before->len)
        {
          right += after->data[before->len] == guess;
          (*tried)++;
        }
    }
  return right;
}

static void
test_unforeseeable_cannot_be_predicted (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) seeded = kessel_game_new (scenario, 0x5eed5eedu);
  guint tried = 0, right = 0;

  /* A game may end before enough dice are rolled; the next game goes on
   * counting. */
  while (tried < 100)
    {
      g_autoptr(KesselGame) game = kessel_game_new_unforeseeable (scenario);
      g_autofree char *xml = NULL;
      guint game_tried;

      right += predicted_right (game, 10, 200, &game_tried);
      tried += game_tried;
      xml = kessel_game_to_xml (game, NULL);
      g_assert_null (strstr (xml, "<seed>"));
      g_assert_nonnull (strstr (xml, ">recorded</dice>"));
    }
  /* Chance gives about a sixth; a third is beyond it by more than four
   * standard deviations for a hundred rolls. */
  g_assert_cmpuint (right * 3, <, tried);
  g_test_message ("unforeseeable: %u of %u dice predicted", right, tried);

  /* The same predictor reads a seeded game's seed from its file and
   * foresees every die. */
  right = predicted_right (seeded, 10, 200, &tried);
  g_assert_cmpuint (tried, >=, 100);
  g_assert_cmpuint (right, ==, tried);
}

static void
test_recorded_dice_replay (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_unforeseeable (scenario);
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(KesselGame) again = NULL;
  g_autoptr(GByteArray) faces = NULL;
  g_autoptr(GByteArray) loaded_faces = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  gsize length;
  KesselDice player;

  kessel_dice_init (&player, 3);
  play_until_rolled (game, &player, 200);
  xml = kessel_game_to_xml (game, &length);
  loaded = kessel_game_load_data (xml, length, "recorded.kesselgame", scenario, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (game, loaded));
  g_assert_false (kessel_game_is_seeded (loaded));
  faces = all_faces (game);
  loaded_faces = all_faces (loaded);
  g_assert_cmpmem (faces->data, faces->len, loaded_faces->data, loaded_faces->len);
  /* Loading again rolls nothing again. */
  again = kessel_game_load_data (xml, length, "recorded.kesselgame", scenario, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (loaded, again));
}

/* A replay of a game without a seed rolls the faces the game recorded and
 * reaches the same game at its end, and at a step in between the same
 * position as the game saved there and loaded again. */
static void
test_unforeseeable_replay (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_unforeseeable (scenario);
  g_autoptr(KesselGame) halfway = NULL;
  g_autoptr(KesselReplay) replay = NULL;
  g_autoptr(GError) error = NULL;
  KesselDice player;
  int middle;

  kessel_dice_init (&player, 21);
  play_until_rolled (game, &player, 60);
  middle = kessel_game_get_n_actions (game);
  halfway = kessel_game_copy (game);
  play_until_rolled (game, &player, 120);
  replay = kessel_replay_new (game, &error);
  g_assert_no_error (error);
  g_assert_nonnull (replay);
  g_assert_true (kessel_game_equal (kessel_replay_get_game (replay), game));
  kessel_replay_seek (replay, middle);
  g_assert_cmpint (kessel_game_get_dice_rolled (kessel_replay_get_game (replay)), ==,
                   kessel_game_get_dice_rolled (halfway));
  g_assert_cmpint (kessel_game_get_vp (kessel_replay_get_game (replay)), ==, kessel_game_get_vp (halfway));
}

/* An action that rolled cannot be taken back, in play or through the file. */
static void
test_undo_never_rolls_again (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_unforeseeable (scenario);
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  gsize length;
  KesselDice player;
  guint rolled;

  kessel_dice_init (&player, 11);
  for (int i = 0; i < 40; i++)
    {
      rolled = kessel_game_get_dice_rolled (game);
      play_until_rolled (game, &player, rolled + 1);
      g_assert_false (kessel_game_can_undo (game));
      g_assert_false (kessel_game_undo (game, &error));
      g_clear_error (&error);
    }
  xml = kessel_game_to_xml (game, &length);
  loaded = kessel_game_load_data (xml, length, "undo.kesselgame", scenario, &error);
  g_assert_no_error (error);
  g_assert_false (kessel_game_can_undo (loaded));
}

static void
test_entropy_faces_uniform (void)
{
  int counts[7] = { 0 };
  const int n = 6000;
  double chi = 0;

  for (int i = 0; i < n; i++)
    counts[kessel_dice_entropy_face ()]++;
  g_assert_cmpint (counts[0], ==, 0);
  for (int f = 1; f <= 6; f++)
    chi += (counts[f] - n / 6.0) * (counts[f] - n / 6.0) / (n / 6.0);
  /* Five degrees of freedom: above 25.7 once in ten thousand runs. */
  g_assert_cmpfloat (chi, <, 25.7);
}

static void
assert_refused (KesselScenario *scenario, const char *xml, const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) game = kessel_game_load_data (xml, strlen (xml), "bad.kesselgame", scenario, &error);

  g_assert_null (game);
  g_assert_nonnull (error);
  if (strstr (error->message, words) == NULL)
    g_error ("expected \"%s\" in: %s", words, error->message);
  g_assert_nonnull (strstr (error->message, "bad.kesselgame:"));
}

/* A recorded face changed or left out, or the dice given twice, is refused
 * with its line. */
static void
test_bad_recorded_dice (void)
{
  g_autoptr(KesselScenario) scenario = random_games_scenario ();
  g_autoptr(KesselGame) game = kessel_game_new_unforeseeable (scenario);
  g_autofree char *xml = NULL;
  g_autofree char *faces = NULL;
  g_autoptr(GString) edited = NULL;
  KesselDice player;
  const char *attribute;

  kessel_dice_init (&player, 5);
  play_until_rolled (game, &player, 5);
  xml = kessel_game_to_xml (game, NULL);
  attribute = strstr (xml, " dice=\"");
  g_assert_nonnull (attribute);

  edited = g_string_new (xml);
  g_string_insert (edited, attribute - xml + 7, "7 ");
  assert_refused (scenario, edited->str, "is not a list of at most");

  g_string_assign (edited, xml);
  g_string_insert (edited, attribute - xml + 7, "1 ");
  assert_refused (scenario, edited->str, "but the file records");

  g_string_assign (edited, xml);
  g_string_erase (edited, attribute - xml, strchr (attribute + 7, '"') - attribute + 1);
  assert_refused (scenario, edited->str, "but the file records 0");

  g_string_assign (edited, xml);
  g_string_replace (edited, "</dice>", "</dice><seed>1</seed>", 1);
  assert_refused (scenario, edited->str, "either <seed> or <dice>");

  g_string_assign (edited, xml);
  g_string_replace (edited, " opening=\"", " opening=\"2 ", 1);
  assert_refused (scenario, edited->str, "as it starts, but the file records 2");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dice/unforeseeable/cannot-be-predicted", test_unforeseeable_cannot_be_predicted);
  g_test_add_func ("/dice/unforeseeable/recorded-replay", test_recorded_dice_replay);
  g_test_add_func ("/dice/unforeseeable/undo-never-rolls-again", test_undo_never_rolls_again);
  g_test_add_func ("/dice/unforeseeable/replay", test_unforeseeable_replay);
  g_test_add_func ("/dice/unforeseeable/entropy-uniform", test_entropy_faces_uniform);
  g_test_add_func ("/dice/unforeseeable/bad-recorded-dice", test_bad_recorded_dice);
  return g_test_run ();
}
