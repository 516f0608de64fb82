/* test-engine-protocol.c: the engine protocol (docs/engine-protocol.md).
 *
 * A player through exec: gives the same games as the same player in the
 * program, with kessel-cli engine at the other end; an engine session
 * refuses hostile lines one by one and stays usable; and an engine that
 * answers nonsense, ends, stays silent or floods fails the choice with a
 * reason instead of hanging or crashing. */
#include <string.h>

#include "kessel-engine-session.h"
#include "kessel-exec-player.h"
#include "kessel-self-play.h"

static char *
scenario_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", name, NULL);
}

static KesselScenario *
scenario_named (const char *name)
{
  g_autofree char *path = scenario_path (name);
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static char *
engine_spec (const char *player)
{
  const char *cli = g_getenv ("KESSEL_CLI");

  g_assert_nonnull (cli);
  return g_strdup_printf ("exec:'%s' engine --player %s", cli, player);
}

static KesselGame *
play_game (KesselScenario *scenario, const char *german, const char *soviet, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  KesselGame *game = kessel_game_new (scenario, seed);
  KesselPlayer *players[3];

  g_assert_true (kessel_self_play_make_players (german, soviet, seed, players, &error));
  g_assert_no_error (error);
  g_assert_true (kessel_self_play_game (game, players, NULL, NULL, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  kessel_self_play_free_players (players);
  return game;
}

static void
assert_same_actions (KesselGame *a, KesselGame *b)
{
  g_assert_cmpint (kessel_game_get_n_actions (a), ==, kessel_game_get_n_actions (b));
  for (int i = 0; i < kessel_game_get_n_actions (a); i++)
    g_assert_cmpmem (kessel_game_get_action (a, i), sizeof (KesselAction), kessel_game_get_action (b, i),
                     sizeof (KesselAction));
  g_assert_cmpint (kessel_game_get_vp (a), ==, kessel_game_get_vp (b));
  g_assert_true (kessel_game_equal (a, b));
}

/* Both seats through the engine, with the players a match uses. */
static void
test_exec_same_games (void)
{
  g_autoptr(KesselScenario) scenario = scenario_named ("crossing-the-prut.kessel");
  const char *players[] = { "greedy", "ai:easy" };

  for (guint p = 0; p < G_N_ELEMENTS (players); p++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autofree char *exec = engine_spec (players[p]);
        g_autoptr(KesselGame) inside = play_game (scenario, players[p], players[p], seed);
        g_autoptr(KesselGame) outside = play_game (scenario, exec, exec, seed);

        assert_same_actions (inside, outside);
      }
}

/* Session: hostile lines */

static char *
answer (KesselEngineSession *session, const char *line)
{
  g_autoptr(GString) reply = g_string_new (NULL);

  kessel_engine_session_handle_line (session, line, strlen (line), reply);
  return g_string_free (g_steal_pointer (&reply), FALSE);
}

static void
assert_answer (KesselEngineSession *session, const char *line, const char *prefix)
{
  g_autofree char *reply = answer (session, line);

  if (!g_str_has_prefix (reply, prefix))
    g_error ("\"%.60s\" was answered \"%s\", not \"%s…\"", line, reply, prefix);
  /* One line, ending in one end of line. */
  g_assert_cmpint (strchr (reply, '\n') - reply, ==, (long) strlen (reply) - 1);
}

static KesselEngineSession *
session_in_game (void)
{
  KesselEngineSession *session = kessel_engine_session_new ("greedy", NULL);
  g_autofree char *path = scenario_path ("crossing-the-prut.kessel");
  g_autofree char *load = g_strdup_printf ("scenario-file %s", path);
  g_autoptr(KesselScenario) scenario = scenario_named ("crossing-the-prut.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  guint n_faces;
  const guint8 *faces = kessel_game_get_opening_dice (game, &n_faces);
  g_autofree char *newgame = g_strdup_printf ("newgame %d", faces[0]);

  g_assert_cmpuint (n_faces, ==, 1);
  assert_answer (session, "hello 1", "hello 1 kessel ");
  assert_answer (session, load, "ok Crossing the Prut");
  assert_answer (session, newgame, "ok");
  assert_answer (session, "play - end", "ok");
  return session;
}

static void
test_hostile_lines (void)
{
  g_autoptr(KesselEngineSession) session = session_in_game ();
  g_autofree char *before = answer (session, "state");
  g_autofree char *long_line = g_strnfill (KESSEL_ENGINE_MAX_LINE + 10, 'a');
  const char *lines[] = {
    "hello", "hello 2", "frobnicate", "seed -1", "seed 99999999999999999999999", "seed 12x",
    "scenario 0", "scenario 999999999999", "scenario x", "scenario-file /nonexistent/file.kessel",
    "newgame 7", "newgame 1,2,3,4,5,6,7,8", "newgame 1 2", "play", "play 1,2", "play - move nowhere",
    "play 9 end", "play - attack", "option", "option no-such-option yes", "option fog-of-war maybe",
    "player exec:/bin/sh", "player human", "player grandmaster", "sees-all perhaps", "player",
  };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    assert_answer (session, lines[i], "error ");
  assert_answer (session, long_line, "error a line may hold at most");
  {
    g_autoptr(GString) reply = g_string_new (NULL);
    kessel_engine_session_handle_line (session, "st\0ate", 6, reply);
    g_assert_true (g_str_has_prefix (reply->str, "error a line may not hold a NUL"));
    g_string_truncate (reply, 0);
    kessel_engine_session_handle_line (session, "state \xff\xfe", 8, reply);
    g_assert_true (g_str_has_prefix (reply->str, "error a line must be UTF-8"));
  }
  /* Nothing refused changed the game. */
  {
    g_autofree char *after = answer (session, "state");
    g_assert_cmpstr (after, ==, before);
  }
  {
    g_autofree char *go = answer (session, "go");
    g_assert_true (g_str_has_prefix (go, "info seconds "));
    g_assert_nonnull (strstr (go, "\naction "));
  }
  {
    g_autoptr(GString) reply = g_string_new (NULL);
    g_assert_false (kessel_engine_session_handle_line (session, "quit", 4, reply));
    g_assert_cmpstr (reply->str, ==, "bye\n");
  }
}

/* A play whose dice disagree with the action loses the position, and says so. */
static void
test_wrong_dice_lose_position (void)
{
  g_autoptr(KesselEngineSession) session = session_in_game ();

  assert_answer (session, "play 3 end", "error the action rolled 0 dice, but 1 were sent; the position is lost");
  assert_answer (session, "state", "error no game: send newgame first");
}

static void
test_scenario_sent_inline (void)
{
  g_autoptr(KesselEngineSession) session = kessel_engine_session_new ("greedy", NULL);
  g_autoptr(GString) reply = g_string_new (NULL);
  const char junk[] = "<scenario>not closed";

  g_assert_true (kessel_engine_session_handle_line (session, "scenario 20", 11, reply));
  g_assert_cmpstr (reply->str, ==, "");   /* the answer comes after the bytes */
  g_assert_cmpuint (kessel_engine_session_get_bytes_wanted (session), ==, 20);
  g_assert_cmpuint (kessel_engine_session_feed_bytes (session, junk, 20, reply), ==, 20);
  g_assert_true (g_str_has_prefix (reply->str, "error scenario:"));
  g_assert_cmpuint (kessel_engine_session_get_bytes_wanted (session), ==, 0);
  assert_answer (session, "newgame", "error no scenario");
}

/* Engines that misbehave */

static void
assert_engine_fails (const char *script, const char *reason)
{
  g_autoptr(KesselScenario) scenario = scenario_named ("crossing-the-prut.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  g_autofree char *quoted = g_shell_quote (script);
  g_autofree char *spec = g_strdup_printf ("exec:/bin/sh -c %s", quoted);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPlayer) player = kessel_player_new_from_spec (spec, 1, &error);
  KesselAction action;

  g_assert_no_error (error);
  g_assert_false (kessel_player_choose (player, game, &action));
  if (strstr (kessel_player_get_failure (player), reason) == NULL)
    g_error ("the engine \"%s\" failed with \"%s\", not \"%s\"", script, kessel_player_get_failure (player), reason);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, 0);
}

/* Answers hello, takes the scenario's bytes, answers "ok" to everything
 * else, and what is given to "go". */
#define POLITE "read l; echo hello 1 test; while read l; do case $l in " \
  "'scenario '*) dd bs=1 count=${l#scenario } of=/dev/null 2>/dev/null; echo ok;; go) "
#define POLITE_END ";; *) echo ok;; esac; done"

static void
test_hostile_engines (void)
{
  g_setenv ("KESSEL_EXEC_TIMEOUT", "2", TRUE);
  assert_engine_fails ("exit 0", "The engine failed: it ended");
  assert_engine_fails ("echo nonsense", "it answered \"nonsense\" to \"hello 1\"");
  assert_engine_fails ("exec sleep 30", "it gave no answer within 2 s");
  assert_engine_fails ("head -c 200000 /dev/zero | tr '\\0' a", "it wrote a line of more than");
  assert_engine_fails ("printf 'hello 1 \\377\\n'", "not UTF-8");
  assert_engine_fails (POLITE "echo action move sov-23rc 0603 9999" POLITE_END, "which cannot be played");
  assert_engine_fails (POLITE "echo ok" POLITE_END, "it answered \"ok\" to \"go\"");
  assert_engine_fails (POLITE "echo action; exit 0" POLITE_END, "which cannot be played");
  g_unsetenv ("KESSEL_EXEC_TIMEOUT");
}

static void
test_missing_program (void)
{
  g_autoptr(KesselScenario) scenario = scenario_named ("crossing-the-prut.kessel");
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPlayer) player = kessel_player_new_from_spec ("exec:/nonexistent/engine", 1, &error);
  KesselAction action;

  g_assert_no_error (error);
  g_assert_false (kessel_player_choose (player, game, &action));
  g_assert_nonnull (strstr (kessel_player_get_failure (player), "/nonexistent/engine"));
  g_assert_null (kessel_player_new_from_spec ("exec:'unclosed", 1, &error));
  g_assert_error (error, KESSEL_PLAYER_ERROR, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exec-gives-the-same-games", test_exec_same_games);
  g_test_add_func ("/engine/hostile-lines-refused", test_hostile_lines);
  g_test_add_func ("/engine/wrong-dice-lose-the-position", test_wrong_dice_lose_position);
  g_test_add_func ("/engine/scenario-sent-inline", test_scenario_sent_inline);
  g_test_add_func ("/engine/hostile-engines-fail-with-a-reason", test_hostile_engines);
  g_test_add_func ("/engine/missing-program", test_missing_program);
  return g_test_run ();
}
