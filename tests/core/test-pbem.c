/* Games by e-mail: two players, each with his own data folder, play whole
 * games through turn files; every kind of tampering is refused with its
 * reason, and a fault injected into one turn is found when the opponent
 * next opens a file. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kessel-pbem.h"
#include "kessel-pbem-secret.h"

static KesselScenario *scenario;
/* Who rolls the dice in the games the tests make. */
static KesselPbemDice dice_mode = KESSEL_PBEM_DICE_MOVER;

static KesselScenario *
shipped_scenario (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                                 "first-panzer-army.kessel", NULL);
  g_autoptr(GError) error = NULL;
  KesselScenario *loaded = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return loaded;
}

/* Two players and the files between them. */
typedef struct {
  char *root;
  char *folder[3];           /* data folder by KesselSide */
  const char *password[3];
  int files;                 /* turn files sent so far */
  KesselDice moves;          /* the random players' choices */
  guint rolling_turns;       /* turns that ended with dice for the opponent */
} Match;

static void
match_init (Match *match, guint64 seed)
{
  g_autoptr(GError) error = NULL;

  memset (match, 0, sizeof *match);
  match->root = g_dir_make_tmp ("kessel-pbem-XXXXXX", &error);
  g_assert_no_error (error);
  match->folder[KESSEL_SIDE_GERMAN] = g_build_filename (match->root, "german-player", NULL);
  match->folder[KESSEL_SIDE_SOVIET] = g_build_filename (match->root, "soviet-player", NULL);
  match->password[KESSEL_SIDE_GERMAN] = "Ostwall 1944";
  match->password[KESSEL_SIDE_SOVIET] = "Proskurov";
  kessel_dice_init (&match->moves, seed);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static void
match_clear (Match *match)
{
  remove_tree (match->root);
  g_free (match->root);
  g_free (match->folder[KESSEL_SIDE_GERMAN]);
  g_free (match->folder[KESSEL_SIDE_SOVIET]);
}

static char *
file_path (Match *match, int number)
{
  g_autofree char *name = g_strdup_printf ("turn-%04d.kesselpbem", number);
  return g_build_filename (match->root, name, NULL);
}

/* Sends pbem's turn as the next file; its path. */
static char *
send (Match *match, KesselPbem *pbem)
{
  g_autoptr(GError) error = NULL;
  char *path = file_path (match, ++match->files);

  g_assert_cmpint (kessel_pbem_get_status (pbem), ==, KESSEL_PBEM_SEND);
  if (kessel_pbem_get_pending (pbem) != NULL)
    match->rolling_turns++;
  g_assert_true (kessel_pbem_send (pbem, path, &error));
  g_assert_no_error (error);
  return path;
}

/* Plays pbem's part with random legal actions until its turn is done. */
static void
play_part (Match *match, KesselPbem *pbem)
{
  while (kessel_pbem_get_status (pbem) == KESSEL_PBEM_YOUR_MOVE)
    {
      g_autoptr(GError) error = NULL;
      KesselAction action;

      g_assert_true (kessel_game_random_action (kessel_pbem_get_game (pbem), &match->moves, &action));
      g_assert_true (kessel_pbem_play (pbem, &action, &error));
      g_assert_no_error (error);
    }
}

static KesselSide
receiver_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (header);
  g_assert_true (g_str_has_suffix (kessel_scenario_get_file_name (scenario), header->scenario_file));
  return header->receiver;
}

/* Opens the file at path as its receiver, plays his part and sends it on. */
static char *
answer (Match *match, const char *path, KesselGame **game)
{
  g_autoptr(GError) error = NULL;
  KesselSide side = receiver_of (path);
  g_autoptr(KesselPbem) pbem = kessel_pbem_open (path, scenario, match->password[side], match->folder[side], &error);

  g_assert_no_error (error);
  g_assert_nonnull (pbem);
  g_assert_cmpint (kessel_pbem_get_side (pbem), ==, side);
  play_part (match, pbem);
  if (game != NULL)
    g_set_object (game, kessel_pbem_get_game (pbem));
  return send (match, pbem);
}

/* Starts a game: the German player makes it and sends the first file. */
static char *
start (Match *match)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) pbem = kessel_pbem_new (scenario, KESSEL_SIDE_GERMAN, match->password[KESSEL_SIDE_GERMAN],
                                                match->folder[KESSEL_SIDE_GERMAN], &error);

  g_assert_no_error (error);
  g_assert_null (kessel_pbem_get_game (pbem));
  g_assert_true (kessel_pbem_set_dice (pbem, dice_mode));
  return send (match, pbem);
}

/* Plays files on from path until files have been sent; the last path. */
static char *
play_files (Match *match, char *path, int files)
{
  while (match->files < files)
    {
      char *next = answer (match, path, NULL);
      g_free (path);
      path = next;
    }
  return path;
}

/* A new match of seed, played until files were sent; the last file. */
static char *
played (Match *match, guint64 seed, int files)
{
  match_init (match, seed);
  return play_files (match, start (match), files);
}

static void
test_whole_game (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autoptr(KesselGame) sender_game = NULL;
  g_autoptr(KesselGame) receiver_game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  match_init (&match, 2024);
  path = start (&match);
  for (;;)
    {
      char *next = answer (&match, path, &sender_game);
      g_free (path);
      path = next;
      if (sender_game != NULL && kessel_game_is_over (sender_game))
        break;
      g_assert_cmpint (match.files, <, 4000);
    }
  /* The other player opens the last file and sees the same game; his
   * answer tells the first that he saw the end, and nothing more is sent. */
  {
    KesselSide side = receiver_of (path);
    g_autoptr(KesselPbem) last = kessel_pbem_open (path, scenario, match.password[side], match.folder[side], &error);
    g_autofree char *answer_path = NULL;
    g_autoptr(KesselPbem) end = NULL;

    g_assert_no_error (error);
    receiver_game = g_object_ref (kessel_pbem_get_game (last));
    if (kessel_pbem_get_status (last) == KESSEL_PBEM_SEND)
      {
        answer_path = send (&match, last);
        g_assert_cmpint (kessel_pbem_get_status (last), ==, KESSEL_PBEM_OVER);
        end = kessel_pbem_open (answer_path, scenario, match.password[kessel_side_enemy (side)],
                                match.folder[kessel_side_enemy (side)], &error);
        g_assert_no_error (error);
        g_assert_cmpint (kessel_pbem_get_status (end), ==, KESSEL_PBEM_OVER);
        /* The last file shows the whole game to anyone who watches it. */
        {
          g_autoptr(KesselGame) watched = kessel_pbem_load_game (answer_path, scenario, &error);

          g_assert_no_error (error);
          g_assert_true (kessel_game_is_over (watched));
          g_assert_true (kessel_game_equal (watched, kessel_pbem_get_game (last)));
        }
      }
  }
  g_assert_true (kessel_game_is_over (receiver_game));
  g_assert_true (kessel_game_equal (sender_game, receiver_game));
  g_assert_true (kessel_pbem_verify (path, scenario, &summary, &error));
  g_assert_no_error (error);
  g_test_message ("%d files, %u turns ending in dice for the opponent, %d actions, %u dice: %s",
                  match.files, match.rolling_turns, kessel_game_get_n_actions (receiver_game),
                  kessel_game_get_dice_rolled (receiver_game), summary);
  match_clear (&match);
}

/* The file at path, edited: the first old after the turn numbered turn
 * becomes new. */
static char *
edited_copy (Match *match, const char *path, int turn, const char *old, const char *new)
{
  g_autofree char *contents = NULL;
  g_autofree char *marker = g_strdup_printf ("<turn number=\"%d\"", turn);
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  const char *at, *found;
  char *edited = g_build_filename (match->root, "edited.kesselpbem", NULL);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  text = g_string_new (contents);
  at = strstr (text->str, marker);
  g_assert_nonnull (at);
  found = strstr (at, old);
  g_assert_nonnull (found);
  g_string_erase (text, found - text->str, (gssize) strlen (old));
  g_string_insert (text, found - text->str, new);
  g_assert_true (g_file_set_contents (edited, text->str, -1, &error));
  return edited;
}

static void
assert_refused (Match *match, const char *path, KesselSide side, const char *password, int code, const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) pbem = kessel_pbem_open (path, scenario, password ? password : match->password[side],
                                                 match->folder[side], &error);

  g_assert_null (pbem);
  g_assert_error (error, KESSEL_PBEM_ERROR, code);
  if (strstr (error->message, words) == NULL)
    g_error ("expected \"%s\" in: %s", words, error->message);
  g_test_message ("refused: %s", error->message);
}

/* The first turn from turn from on whose text holds what, in the file at path. */
static int
turn_holding (const char *path, int from, const char *what)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (int turn = from;; turn++)
    {
      g_autofree char *marker = g_strdup_printf ("<turn number=\"%d\"", turn);
      g_autofree char *next = g_strdup_printf ("<turn number=\"%d\"", turn + 1);
      const char *at = strstr (contents, marker), *end = strstr (contents, next);
      const char *action = at ? strstr (at, what) : NULL;

      g_assert_nonnull (at);
      if (action != NULL && (end == NULL || action < end))
        return turn;
    }
}

static gboolean
last_turn_has_action (const char *path)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return strstr (g_strrstr (contents, "<turn "), "<action>") != NULL;
}

static void
test_tampering (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *words = NULL;
  g_autofree char *old = NULL;
  g_autofree char *older = NULL;
  KesselSide side;
  int turn;

  path = played (&match, 7, 12);
  side = receiver_of (path);
  old = file_path (&match, 10);
  older = file_path (&match, 8);

  /* An edited action of an earlier turn: its side's own copy knows it. */
  turn = turn_holding (path, 2, "<action>");
  edited = edited_copy (&match, path, turn, "<action>", "<action>end</action><action>");
  g_free (words);
  words = g_strdup_printf ("Turn %d was changed after", turn);
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, words);

  /* A changed die. */
  g_free (edited);
  turn = turn_holding (path, 2, " dice=\"");
  edited = edited_copy (&match, path, turn, "dice=\"", "dice=\"6 ");
  g_free (words);
  /* Dice the mover rolled are part of his turn, as its actions are. */
  words = dice_mode == KESSEL_PBEM_DICE_VERIFIED ? g_strdup_printf ("The dice of turn %d were changed", turn)
                                                 : g_strdup_printf ("Turn %d was changed after", turn);
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, words);

  /* A forged turn: a value its sender's chain does not give. */
  g_free (edited);
  edited = edited_copy (&match, path, 12, "reveal=\"", "reveal=\"00");
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_FILE, "hexadecimal digits");
  g_free (edited);
  edited = edited_copy (&match, path, 12, "reveal=\"", "reveal=\"");
  {
    /* One digit of the value changed. */
    g_autofree char *contents = NULL;
    char *digit;
    g_assert_true (g_file_get_contents (edited, &contents, NULL, NULL));
    digit = strstr (strstr (contents, "<turn number=\"12\""), "reveal=\"") + 8;
    *digit = *digit == '0' ? '1' : '0';
    g_assert_true (g_file_set_contents (edited, contents, -1, NULL));
  }
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, "does not follow the");

  /* A swapped file: an old one sent again, or the one last answered. */
  assert_refused (&match, older, side, NULL, KESSEL_PBEM_ERROR_ORDER, "holds nothing new");
  assert_refused (&match, old, side, NULL, KESSEL_PBEM_ERROR_ANSWERED, "You answered this file already");

  /* A wrong password. */
  assert_refused (&match, path, side, "Kiev", KESSEL_PBEM_ERROR_PASSWORD, "password");

  /* A changed scenario. */
  {
    g_autoptr(KesselScenario) original = g_object_ref (scenario);
    g_autoptr(KesselScenario) other = kessel_scenario_copy (scenario);
    kessel_scenario_set_turns (other, kessel_scenario_get_turns (other) - 1);
    g_set_object (&scenario, other);
    assert_refused (&match, path, side, NULL, KESSEL_PBEM_ERROR_SCENARIO, "scenario");
    g_set_object (&scenario, original);
  }

  /* Another game's file. */
  {
    Match other;
    g_autofree char *other_path = NULL;

    match_init (&other, 8);
    other_path = start (&other);
    other_path = play_files (&other, other_path, 3);
    assert_refused (&match, other_path, receiver_of (other_path), NULL, KESSEL_PBEM_ERROR_OTHER_GAME,
                    "another game");
    match_clear (&other);
  }

  /* Nothing refused changed anything: the true file opens. */
  g_free (path);
  path = play_files (&match, file_path (&match, 12), 13);
  match_clear (&match);
}

/* A turn played again after it was sent: the sender throws away his copy
 * and plays the turn anew; the opponent, who opened the first one, sees it.
 * Had he answered it, the new file would be an old one to him. */
static void
test_reloaded_turn (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *before = NULL;
  g_autofree char *sent_copy = NULL;
  g_autoptr(GError) error = NULL;
  KesselSide side;

  path = played (&match, 99, 4);
  /* A turn with actions, sent. */
  for (;;)
    {
      before = g_strdup (path);
      first = answer (&match, before, NULL);
      if (last_turn_has_action (first))
        break;
      g_free (path);
      path = g_steal_pointer (&first);
      g_free (before);
    }
  side = receiver_of (before);
  {
    /* The opponent opens it, and has not answered yet. */
    g_autoptr(KesselPbem) opened = kessel_pbem_open (first, scenario, match.password[kessel_side_enemy (side)],
                                                     match.folder[kessel_side_enemy (side)], &error);
    g_assert_no_error (error);
  }

  /* The same player cannot simply play that turn again ... */
  assert_refused (&match, before, side, NULL, KESSEL_PBEM_ERROR_ANSWERED, "You answered this file already");
  /* ... and if he removes his copy to do it, the opponent finds out. */
  sent_copy = g_build_filename (match.folder[side], "kessel", "pbem", NULL);
  {
    g_autofree char *copy = NULL;
    g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (before, NULL);
    g_assert_nonnull (header);
    g_autofree char *name = g_strdup_printf ("turn-%04d.kesselpbem", match.files);
    copy = g_build_filename (sent_copy, header->game_id, kessel_side_to_string (side), "sent", name, NULL);
    g_assert_cmpint (g_remove (copy), ==, 0);
  }
  match.files = 100;   /* the second file gets a name of its own */
  {
    g_autoptr(KesselPbem) again = kessel_pbem_open (before, scenario, match.password[side], match.folder[side], &error);
    g_assert_no_error (error);
    play_part (&match, again);
    second = send (&match, again);
  }
  assert_refused (&match, second, kessel_side_enemy (side), NULL, KESSEL_PBEM_ERROR_TAMPERED,
                  "differs from the copy of it opened before");
  match_clear (&match);
}

/* The sender edits a turn of the opponent's in the file he sends; the
 * opponent finds it at his next opening. kessel_pbem_verify, without any
 * copies, finds the broken link. */
static void
test_fault_found_at_next_opening (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *words = NULL;
  g_autoptr(GError) error = NULL;
  KesselSide side;
  int turn;

  path = played (&match, 5, 9);
  side = receiver_of (path);
  /* A turn the receiver sent himself. */
  turn = turn_holding (path, 2, "<action>");
  if ((turn % 2 == 1) != (side == KESSEL_SIDE_GERMAN))
    turn = turn_holding (path, turn + 1, "<action>");
  edited = edited_copy (&match, path, turn, "<action>", "<action>end</action><action>");
  words = g_strdup_printf ("Turn %d was changed after it was sent.", turn);
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, words);
  g_assert_false (kessel_pbem_verify (edited, scenario, NULL, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_TAMPERED);
  g_test_message ("verify: %s", error->message);
  match_clear (&match);
}

/* A turn file can be watched: its game up to the last action whose dice
 * are known, with its actions as the receiver's game has them. After them
 * the receiver's game holds the action whose dice it rolled, if any (then
 * TRUE), and what the sender's standing orders chose at once. */
static gboolean
assert_watchable (const char *path, KesselGame *receiver_game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) watched = kessel_pbem_load_game (path, scenario, &error);
  int n, total = kessel_game_get_n_actions (receiver_game);
  guint faces = 0;
  gboolean pending;

  g_assert_no_error (error);
  g_assert_nonnull (watched);
  n = kessel_game_get_n_actions (watched);
  g_assert_cmpint (n, <=, total);
  if (n == total)
    g_assert_true (kessel_game_equal (watched, receiver_game));
  for (int i = 0; i < n; i++)
    {
      g_autofree char *a = kessel_game_action_to_string (watched, kessel_game_get_action (watched, i));
      g_autofree char *b = kessel_game_action_to_string (receiver_game, kessel_game_get_action (receiver_game, i));
      g_assert_cmpstr (a, ==, b);
    }
  if (n < total)
    kessel_game_get_action_dice (receiver_game, n, &faces);
  pending = dice_mode == KESSEL_PBEM_DICE_VERIFIED && faces > 0;
  for (int i = pending ? n + 1 : n; i < total; i++)
    g_assert_true (kessel_game_get_action (receiver_game, i)->by_order);
  return pending;
}

static void
test_watching (void)
{
  Match match;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) loaded = NULL;
  guint pending_seen = 0, settled_seen = 0;

  match_init (&match, 77);
  first = start (&match);
  loaded = kessel_pbem_load_game (first, scenario, &error);
  g_assert_null (loaded);
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER);
  g_clear_error (&error);
  second = answer (&match, first, NULL);
  /* Turn 2 leaves the opening dice to turn 3's value. */
  loaded = kessel_pbem_load_game (second, scenario, &error);
  g_assert_null (loaded);
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_ORDER);
  g_clear_error (&error);
  path = answer (&match, second, NULL);
  while (match.files < 40)
    {
      KesselSide side = receiver_of (path);
      g_autoptr(KesselPbem) pbem = kessel_pbem_open (path, scenario, match.password[side], match.folder[side], &error);

      g_assert_no_error (error);
      /* The receiver's game has the last action's dice rolled; the file alone does not. */
      assert_watchable (path, kessel_pbem_get_game (pbem)) ? pending_seen++ : settled_seen++;
      if (kessel_pbem_get_status (pbem) == KESSEL_PBEM_OVER)
        break;   /* a whole game with the mover's dice takes fewer files */
      play_part (&match, pbem);
      g_free (path);
      path = send (&match, pbem);
    }
  /* Only verified dice leave a turn's last action to the opponent. */
  g_assert_cmpint (pending_seen > 0, ==, dice_mode == KESSEL_PBEM_DICE_VERIFIED);
  g_assert_cmpuint (settled_seen, >, 0);

  /* The game's scenario is found by its file name, unchanged. */
  {
    g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (path, NULL);
    g_autofree char *shipped = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", NULL);
    const char *folders[] = { NULL, match.root, shipped };
    g_autoptr(KesselScenario) found = kessel_pbem_find_scenario (header, folders, G_N_ELEMENTS (folders), &error);

    g_assert_no_error (error);
    g_assert_true (kessel_pbem_header_matches (header, found));
    g_assert_null (kessel_pbem_find_scenario (header, folders, 2, &error));
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_SCENARIO);
    g_clear_error (&error);
  }
  /* Watching is for the players: their passwords open their sides only. */
  {
    g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (path, NULL);

    g_assert_true (kessel_pbem_plays_side (match.folder[KESSEL_SIDE_GERMAN], header->game_id, KESSEL_SIDE_GERMAN));
    g_assert_false (kessel_pbem_plays_side (match.folder[KESSEL_SIDE_GERMAN], header->game_id, KESSEL_SIDE_SOVIET));
    g_assert_true (kessel_pbem_check_password (match.folder[KESSEL_SIDE_SOVIET], header->game_id, KESSEL_SIDE_SOVIET,
                                               match.password[KESSEL_SIDE_SOVIET], &error));
    g_assert_no_error (error);
    g_assert_false (kessel_pbem_check_password (match.folder[KESSEL_SIDE_SOVIET], header->game_id, KESSEL_SIDE_SOVIET,
                                                "guess", &error));
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
    g_clear_error (&error);
    g_assert_false (kessel_pbem_check_password (match.folder[KESSEL_SIDE_SOVIET], header->game_id, KESSEL_SIDE_GERMAN,
                                                match.password[KESSEL_SIDE_SOVIET], &error));
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_OTHER_GAME);
    g_clear_error (&error);
  }
  /* A changed die is refused, as when the file is opened to play. */
  {
    int turn = turn_holding (path, 3, "dice=\"");
    g_autofree char *edited = NULL;
    g_autofree char *contents = NULL;
    g_autofree char *marker = g_strdup_printf ("<turn number=\"%d\"", turn);
    g_autoptr(KesselGame) forged = NULL;
    const char *at;
    char face[2] = { 0, 0 };
    char old[16], new[16];

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    at = strstr (strstr (contents, marker), "dice=\"") + strlen ("dice=\"");
    face[0] = *at == '6' ? '1' : (char) (*at + 1);
    g_snprintf (old, sizeof old, "dice=\"%c", *at);
    g_snprintf (new, sizeof new, "dice=\"%s", face);
    edited = edited_copy (&match, path, turn, old, new);
    forged = kessel_pbem_load_game (edited, scenario, &error);
    g_assert_null (forged);
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_TAMPERED);
    g_clear_error (&error);
  }
  match_clear (&match);
}

/* The side's secret in a player's data folder. */
static char *
secret_file (Match *match, KesselSide side, const char *path)
{
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (path, NULL);

  g_assert_nonnull (header);
  return g_build_filename (match->folder[side], "kessel", "pbem", header->game_id, kessel_side_to_string (side),
                           "secret", NULL);
}

/* A player who opens the file he sent himself is told so, not that the
 * game is another; his secret was private from the start. */
static void
test_own_file (void)
{
  Match match;
  g_autofree char *first = NULL;
  g_autofree char *secret = NULL;
  GStatBuf st;
  mode_t old_mask = umask (0);

  match_init (&match, 5);
  first = start (&match);
  umask (old_mask);
  secret = secret_file (&match, KESSEL_SIDE_GERMAN, first);
  g_assert_cmpint (g_stat (secret, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  assert_refused (&match, first, KESSEL_SIDE_GERMAN, NULL, KESSEL_PBEM_ERROR_ORDER,
                  "This is the turn you sent: it is for the Soviet player to open");
  match_clear (&match);
}

/* The secret is read as any other file: a FIFO in its place is refused at
 * once, and so is a secret too large to be one. */
static void
test_secret_not_regular (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *secret = NULL;

  path = played (&match, 6, 2);
  secret = secret_file (&match, KESSEL_SIDE_GERMAN, path);
  g_assert_cmpint (g_remove (secret), ==, 0);
  g_assert_cmpint (mkfifo (secret, 0600), ==, 0);
  assert_refused (&match, path, KESSEL_SIDE_GERMAN, NULL, KESSEL_PBEM_ERROR_FILE, "secret");
  g_assert_cmpint (g_remove (secret), ==, 0);
  {
    FILE *large = fopen (secret, "w");

    g_assert_nonnull (large);
    g_assert_cmpint (fseek (large, 200 * 1024 * 1024, SEEK_SET), ==, 0);
    fputc ('\n', large);
    fclose (large);
  }
  assert_refused (&match, path, KESSEL_SIDE_GERMAN, NULL, KESSEL_PBEM_ERROR_FILE, "secret");
  match_clear (&match);
}

/* text with the first old (or the last, if last) replaced by new. */
static char *
replaced (const char *text, const char *old, const char *new, gboolean last)
{
  const char *at = last ? g_strrstr (text, old) : strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* A refusal of data, whose message must stay short however long the value. */
static void
assert_short_refusal (const char *data, const char *words)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (kessel_pbem_verify_data (data, strlen (data), "long.kesselpbem", scenario, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%zu characters: %.120s", strlen (error->message), error->message);
  g_assert_cmpuint (g_utf8_strlen (error->message, -1), <=, 400);
  if (strstr (error->message, words) == NULL)
    g_error ("expected \"%s\" in: %s", words, error->message);
}

/* Messages about turn files quote at most 60 characters of a value and
 * hold at most 400 characters, like a saved game's. */
static void
test_long_values (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *huge = g_strnfill (1024 * 1024, '6');
  g_autofree char *long_action = g_strdup_printf ("<action>move %s", huge);
  g_autofree char *long_dice = g_strdup_printf (" dice=\"%s", huge);
  g_autofree char *long_title = g_strdup_printf ("title=\"%s", huge);
  g_autofree char *edited = NULL;

  path = played (&match, 9, 6);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));

  /* The last turn's action: no later turn links it. */
  edited = replaced (contents, "<action>", long_action, TRUE);
  assert_short_refusal (edited, "cannot be played");
  g_free (edited);
  edited = replaced (contents, " dice=\"", long_dice, FALSE);
  /* With the mover's dice, the first is the game's dice mode. */
  assert_short_refusal (edited, dice_mode == KESSEL_PBEM_DICE_VERIFIED ? "were changed" : "\"mover\" or \"verified\"");
  g_free (edited);
  /* The title is not linked: a file may name any, and the scenario not
   * found is named by it. */
  edited = replaced (contents, "title=\"", long_title, FALSE);
  {
    g_autofree char *copy = g_build_filename (match.root, "long-title.kesselpbem", NULL);
    g_autoptr(KesselPbemHeader) header = NULL;
    g_autoptr(GError) error = NULL;
    const char *nowhere[] = { match.root };

    g_assert_true (g_file_set_contents (copy, edited, -1, NULL));
    header = kessel_pbem_peek (copy, &error);
    g_assert_no_error (error);
    g_free (header->scenario_sha256);
    header->scenario_sha256 = g_strnfill (64, '0');
    g_assert_null (kessel_pbem_find_scenario (header, nowhere, 1, &error));
    g_assert_cmpuint (g_utf8_strlen (error->message, -1), <=, 400);
  }
  match_clear (&match);
}

/* A kill between the copy of a sent turn and its file leaves the copy
 * alone: reopening the received file says it was answered, and Save the
 * Turn File Again writes the answer, which the opponent opens as usual. */
static void
test_save_again (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *received = NULL;
  g_autofree char *again = NULL;
  g_autofree char *first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) next = NULL;
  KesselSide side;
  int number = 0;

  path = played (&match, 11, 5);
  received = file_path (&match, 5);
  first = file_path (&match, 1);
  side = receiver_of (received);
  path = play_files (&match, path, 6);
  /* The turn file was never written; its copy was. */
  g_assert_cmpint (g_remove (path), ==, 0);
  assert_refused (&match, received, side, NULL, KESSEL_PBEM_ERROR_ANSWERED, "Save the Turn File Again");

  again = g_build_filename (match.root, "again.kesselpbem", NULL);
  g_assert_true (kessel_pbem_save_again (received, match.folder[side], again, &number, &error));
  g_assert_no_error (error);
  g_assert_cmpint (number, ==, 6);
  /* Any file of the game will do, and the last turn is always there. */
  g_assert_true (kessel_pbem_save_again (first, match.folder[side], again, &number, &error));
  g_assert_no_error (error);
  next = kessel_pbem_open (again, scenario, match.password[kessel_side_enemy (side)],
                           match.folder[kessel_side_enemy (side)], &error);
  g_assert_no_error (error);
  g_assert_nonnull (next);
  /* A game not played here has nothing to write again. */
  g_assert_false (kessel_pbem_save_again (again, match.root, path, &number, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_OTHER_GAME);
  match_clear (&match);
}

/* One rule for every password: UTF-8, not empty, bounded, normalised, so
 * that "é" typed as one character or as e and an accent is one password,
 * and a NUL byte does not end it early. */
static void
test_password_rule (void)
{
  Match match;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autofree char *path = NULL;
  g_autofree char *normal = NULL;
  g_autofree char *too_long = g_strnfill (KESSEL_PBEM_MAX_PASSWORD + 1, 'x');
  const char composed[] = "Caf\xc3\xa9 1944", decomposed[] = "Cafe\xcc\x81 1944";

  g_assert_null (kessel_pbem_password_normalize ("", 0, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
  g_clear_error (&error);
  g_assert_null (kessel_pbem_password_normalize ("ab\0cd", 5, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
  g_clear_error (&error);
  g_assert_null (kessel_pbem_password_normalize ("\xff\xfe", 2, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
  g_clear_error (&error);
  g_assert_null (kessel_pbem_password_normalize (too_long, strlen (too_long), &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
  g_clear_error (&error);
  normal = kessel_pbem_password_normalize (decomposed, strlen (decomposed), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (normal, ==, composed);

  match_init (&match, 12);
  /* An empty password makes no game. */
  pbem = kessel_pbem_new (scenario, KESSEL_SIDE_GERMAN, "", match.folder[KESSEL_SIDE_GERMAN], &error);
  g_assert_null (pbem);
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
  g_clear_error (&error);
  match.password[KESSEL_SIDE_GERMAN] = composed;
  path = start (&match);
  path = play_files (&match, path, 2);
  pbem = kessel_pbem_open (path, scenario, decomposed, match.folder[KESSEL_SIDE_GERMAN], &error);
  g_assert_no_error (error);
  g_assert_nonnull (pbem);
  match_clear (&match);
}

/* New secrets are sealed with a key from Argon2id; a secret of the first
 * form (PBKDF2) still opens with its password, and is sealed anew. */
static void
test_secret_forms (void)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "data", "pbem-secret-v1", NULL);
  g_autofree char *root = g_dir_make_tmp ("kessel-pbem-secret-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (root, "secret", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;
  guint8 bytes[KESSEL_PBEM_HASH_SIZE];

  g_assert_true (g_file_get_contents (fixture, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  g_clear_pointer (&contents, g_free);
  {
    g_autoptr(KesselPbemSecret) wrong = kessel_pbem_secret_load (path, "Ostwall", &error);

    g_assert_null (wrong);
    g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD);
    g_clear_error (&error);
  }
  for (int i = 0; i < 2; i++)   /* the first form, then the form it is sealed anew in */
    {
      g_autoptr(KesselPbemSecret) secret = kessel_pbem_secret_load (path, "Ostwall 1944", &error);

      g_assert_no_error (error);
      kessel_pbem_secret_value (secret, KESSEL_PBEM_CHAIN_LENGTH, bytes);
      g_free (value);
      value = kessel_pbem_hex (bytes, sizeof bytes);
      g_assert_cmpstr (value, ==, "c8f82fd0216c1bc0ecbfeeaf28eaa2eeeb918d6b0d693ad4fb736d205ef0e053");
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_nonnull (strstr (contents, "version=2\nkdf=argon2id\n"));
      g_clear_pointer (&contents, g_free);
    }
  g_remove (path);
  g_rmdir (root);
}

/* The part of the file text from the last turn on. */
static const char *
last_turn_text (const char *contents)
{
  const char *at = g_strrstr (contents, "<turn ");

  g_assert_nonnull (at);
  return at;
}

/* The file at path with the last action its last turn took by standing
 * orders replaced by another legal choice, marked the same; NULL if that
 * turn has none with another choice. */
static char *
forged_order (Match *match, const char *path)
{
  g_autoptr(KesselGame) game = kessel_pbem_load_game (path, scenario, NULL);
  g_autoptr(KesselGame) position = NULL;
  g_autoptr(GArray) legal = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *old = NULL;
  g_autofree char *forged = NULL;
  int index = -1;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (int i = game ? kessel_game_get_n_actions (game) - 1 : -1; i >= 0 && index < 0; i--)
    if (kessel_game_get_action (game, i)->by_order)
      index = i;
  if (index < 0)
    return NULL;
  old = kessel_game_action_to_string (game, kessel_game_get_action (game, index));
  if (strstr (last_turn_text (contents), old) == NULL)
    return NULL;
  position = kessel_game_new_start (game);
  for (int i = 0; i < index; i++)
    g_assert_true (kessel_game_apply (position, kessel_game_get_action (game, i), NULL));
  legal = kessel_game_list_actions (position);
  for (guint i = 0; i < legal->len && forged == NULL; i++)
    {
      KesselAction other = g_array_index (legal, KesselAction, i);

      other.by_order = TRUE;
      if (other.type == kessel_game_get_action (game, index)->type
          && !kessel_action_equal (&other, kessel_game_get_action (game, index)))
        forged = kessel_game_action_to_string (position, &other);
    }
  if (forged == NULL)
    return NULL;
  {
    g_autofree char *edited = replaced (contents, old, forged, TRUE);
    char *edited_path = g_build_filename (match->root, "forged.kesselpbem", NULL);

    g_assert_true (g_file_set_contents (edited_path, edited, -1, NULL));
    g_test_message ("forged: \"%s\" for \"%s\"", forged, old);
    return edited_path;
  }
}

/* An action marked as chosen by the opponent's standing orders that is not
 * what they give is refused, by the opponent and by verify. */
static void
test_order_not_given (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *forged = NULL;
  g_autoptr(GError) error = NULL;

  match_init (&match, 31);
  path = start (&match);
  while ((forged = forged_order (&match, path)) == NULL)
    {
      path = play_files (&match, path, match.files + 1);
      g_assert_cmpint (match.files, <, 400);
    }
  assert_refused (&match, forged, receiver_of (forged), NULL, KESSEL_PBEM_ERROR_TAMPERED, "standing orders give");
  g_assert_false (kessel_pbem_verify (forged, scenario, NULL, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_TAMPERED);
  match_clear (&match);
}

/* Standing orders travel in the digested part of their side's turn: a
 * change to them in a turn sent before breaks the chain. */
static void
test_orders_changed (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *words = NULL;
  g_autoptr(GError) error = NULL;
  KesselSide side;
  int turn;

  path = played (&match, 32, 8);
  side = receiver_of (path);
  turn = side == KESSEL_SIDE_GERMAN ? 3 : 4;   /* one of the receiver's own, sent before */
  edited = edited_copy (&match, path, turn, "losses=artillery-first", "losses=strongest-first");
  words = g_strdup_printf ("Turn %d was changed after it was sent", turn);
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, words);
  g_assert_false (kessel_pbem_verify (edited, scenario, NULL, &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_TAMPERED);
  g_clear_error (&error);
  /* Orders that are not orders are refused with their line. */
  g_free (edited);
  edited = edited_copy (&match, path, turn, "losses=artillery-first", "losses=whoever");
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_FILE, "not a value this order takes");
  match_clear (&match);
}

/* Opens the file at path as its receiver, plays his part and sends it on
 * with lines of chat; *chat (if not NULL) gets the chat the game holds
 * when it is opened. */
static char *
answer_with_chat (Match *match, const char *path, const char *const *lines, guint n_lines, GPtrArray **chat)
{
  g_autoptr(GError) error = NULL;
  KesselSide side = receiver_of (path);
  g_autoptr(KesselPbem) pbem = kessel_pbem_open (path, scenario, match->password[side], match->folder[side], &error);

  g_assert_no_error (error);
  if (chat != NULL)
    *chat = kessel_pbem_get_chat (pbem);
  play_part (match, pbem);
  g_assert_true (kessel_pbem_set_chat (pbem, lines, n_lines));
  return send (match, pbem);
}

static void
assert_chat_line (GPtrArray *chat, guint index, int turn, KesselSide side, const char *text)
{
  const KesselPbemChatLine *line;

  g_assert_cmpuint (index, <, chat->len);
  line = chat->pdata[index];
  g_assert_cmpint (line->turn, ==, turn);
  g_assert_cmpint (line->side, ==, side);
  g_assert_cmpstr (line->text, ==, text);
}

/* Chat goes in the turns of the side that wrote it, reaches the other
 * side, stays in the game's file and is part of the chain: a line changed
 * after it was sent is found, and a line no player could write is refused. */
static void
test_chat (void)
{
  const char *soviet[] = { "Zdravstvuyte!", "Kamenets-Podolsky is ours by April." };
  const char *german[] = { "Guten Tag." };
  const char *bad[] = { "two\nlines" };
  Match match;
  g_autofree char *first = NULL, *second = NULL, *third = NULL, *edited = NULL;
  g_autoptr(GPtrArray) chat = NULL, read = NULL;
  g_autoptr(GPtrArray) last = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) pbem = NULL;

  match_init (&match, 33);
  first = start (&match);
  g_assert_cmpint (receiver_of (first), ==, KESSEL_SIDE_SOVIET);
  second = answer_with_chat (&match, first, soviet, G_N_ELEMENTS (soviet), &chat);
  g_assert_cmpuint (chat->len, ==, 0);
  g_clear_pointer (&chat, g_ptr_array_unref);
  third = answer_with_chat (&match, second, german, G_N_ELEMENTS (german), &chat);
  g_assert_cmpuint (chat->len, ==, 2);
  assert_chat_line (chat, 0, 2, KESSEL_SIDE_SOVIET, soviet[0]);
  assert_chat_line (chat, 1, 2, KESSEL_SIDE_SOVIET, soviet[1]);

  pbem = kessel_pbem_open (third, scenario, match.password[KESSEL_SIDE_SOVIET], match.folder[KESSEL_SIDE_SOVIET],
                           &error);
  g_assert_no_error (error);
  last = kessel_pbem_get_chat (pbem);
  g_assert_cmpuint (last->len, ==, 3);
  assert_chat_line (last, 2, 3, KESSEL_SIDE_GERMAN, german[0]);
  g_assert_false (kessel_pbem_set_chat (pbem, bad, 1));
  g_assert_false (kessel_pbem_add_chat (pbem, bad[0]));
  g_assert_true (kessel_pbem_add_chat (pbem, "Gut."));
  read = kessel_pbem_read_chat (third, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, 3);
  g_assert_true (kessel_pbem_verify (third, scenario, NULL, &error));
  g_assert_no_error (error);

  /* The Soviet's own line, changed in the German's file: the chain breaks. */
  edited = edited_copy (&match, third, 2, "Kamenets-Podolsky is ours", "Kamenets-Podolsky is yours");
  assert_refused (&match, edited, KESSEL_SIDE_SOVIET, NULL, KESSEL_PBEM_ERROR_TAMPERED,
                  "Turn 2 was changed after it was sent");
  g_free (edited);
  edited = edited_copy (&match, third, 2, "Zdravstvuyte!", "Zdrav&#9;stvuyte");
  assert_refused (&match, edited, KESSEL_SIDE_SOVIET, NULL, KESSEL_PBEM_ERROR_FILE, "<chat> holds a line");
  match_clear (&match);
}

/* The dice a mover records must be faces of a die, as many as his actions roll. */
static void
test_mover_dice_out_of_range (void)
{
  Match match;
  g_autofree char *path = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *contents = NULL;
  KesselSide side;
  int last;

  path = played (&match, 33, 3);
  for (;;)
    {
      g_clear_pointer (&contents, g_free);
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      if (strstr (last_turn_text (contents), " dice=\"") != NULL)
        break;
      path = play_files (&match, path, match.files + 1);
    }
  side = receiver_of (path);
  last = match.files;
  edited = edited_copy (&match, path, last, "dice=\"", "dice=\"7 ");
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, "not faces of a die");
  g_free (edited);
  edited = edited_copy (&match, path, last, "dice=\"", "dice=\"0 ");
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, "not faces of a die");
  g_free (edited);
  edited = edited_copy (&match, path, last, "dice=\"", "dice=\"3 ");
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_TAMPERED, "do not fit its actions");
  g_free (edited);
  edited = g_build_filename (match.root, "loaded.kesselpbem", NULL);
  {
    g_autofree char *loaded = replaced (contents, "dice=\"mover\"", "dice=\"loaded\"", FALSE);
    g_assert_true (g_file_set_contents (edited, loaded, -1, NULL));
  }
  assert_refused (&match, edited, side, NULL, KESSEL_PBEM_ERROR_FILE, "\"mover\" or \"verified\"");
  /* The true file opens. */
  path = play_files (&match, path, match.files + 1);
  match_clear (&match);
}

/* A turn file of the form before the dice modes (made by the program
 * before them, without orders) opens as a game with verified dice, and is
 * answered in that form. */
static void
test_old_file_is_verified (void)
{
  Match match;
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "data", "pbem-before-modes", "turn-0005.kesselpbem", NULL);
  g_autofree char *soviet = g_test_build_filename (G_TEST_DIST, "data", "pbem-before-modes", "soviet-player", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *answer_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;

  match_init (&match, 34);
  /* The Soviet player's data folder, as the program before left it. */
  folder = g_build_filename (match.root, "soviet-player", NULL);
  command = g_strdup_printf ("cp -R '%s' '%s'", soviet, folder);
  g_assert_cmpint (system (command), ==, 0);
  g_assert_true (kessel_pbem_verify (fixture, scenario, NULL, &error));
  g_assert_no_error (error);
  pbem = kessel_pbem_open (fixture, scenario, "Proskurov", folder, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kessel_pbem_get_dice (pbem), ==, KESSEL_PBEM_DICE_VERIFIED);
  g_assert_null (kessel_pbem_get_opponent_orders (pbem));
  g_assert_null (kessel_pbem_get_orders (pbem));
  play_part (&match, pbem);
  answer_path = send (&match, pbem);
  g_assert_true (g_file_get_contents (answer_path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, "<orders>"));
  g_assert_true (kessel_pbem_verify (answer_path, scenario, NULL, &error));
  g_assert_no_error (error);
  match_clear (&match);
}

/* Plays a whole game by e-mail between random players; the files sent
 * after the opening exchange (the two that trade the commitments), to the
 * one that shows the end to the player who did not see it first. */
static int
files_of_whole_game (guint64 seed)
{
  Match match;
  g_autofree char *path = NULL;
  g_autoptr(KesselGame) game = NULL;
  int files;

  match_init (&match, seed);
  path = start (&match);
  while (game == NULL || !kessel_game_is_over (game))
    {
      char *next = answer (&match, path, &game);
      g_free (path);
      path = next;
      g_assert_cmpint (match.files, <, 4000);
    }
  {
    KesselSide side = receiver_of (path);
    g_autoptr(GError) error = NULL;
    g_autoptr(KesselPbem) last = kessel_pbem_open (path, scenario, match.password[side], match.folder[side], &error);

    g_assert_no_error (error);
    if (kessel_pbem_get_status (last) == KESSEL_PBEM_SEND)
      g_free (send (&match, last));
  }
  files = match.files - 2;
  match_clear (&match);
  return files;
}

/* The files a whole game takes after the opening exchange, per game turn,
 * on the small scenario: with the mover's dice and standing orders, about
 * two (one a player turn). */
static void
test_files_per_game_turn (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", "crossing-the-prut.kessel", NULL);
  g_autoptr(KesselScenario) small = kessel_scenario_load_file (path, NULL);
  g_autoptr(KesselScenario) shipped = g_object_ref (scenario);
  /* Verified dice take many more files; two games show it. */
  const int games = dice_mode == KESSEL_PBEM_DICE_MOVER ? 4 : 2;
  int files = 0;
  double per_turn;

  g_assert_nonnull (small);
  g_set_object (&scenario, small);
  for (int i = 0; i < games; i++)
    files += files_of_whole_game (100 + (guint64) i);
  per_turn = (double) files / games / kessel_scenario_get_turns (small);
  g_test_message ("%s dice: %d games of %d turns, %.1f files a game after the opening exchange, %.2f a game turn",
                  kessel_pbem_dice_to_string (dice_mode), games, kessel_scenario_get_turns (small),
                  (double) files / games, per_turn);
  if (dice_mode == KESSEL_PBEM_DICE_MOVER)
    g_assert_cmpfloat (per_turn, <=, 3.0);
  g_set_object (&scenario, shipped);
}

/* A test run with the mover's dice and with verified dice. */
typedef struct {
  KesselPbemDice dice;
  GTestFunc test;
} ModeTest;

static void
run_in_mode (gconstpointer data)
{
  const ModeTest *mode_test = data;

  dice_mode = mode_test->dice;
  mode_test->test ();
  dice_mode = KESSEL_PBEM_DICE_MOVER;
}

static void
add_in_both_modes (const char *name, GTestFunc test)
{
  for (KesselPbemDice dice = KESSEL_PBEM_DICE_MOVER; dice <= KESSEL_PBEM_DICE_VERIFIED; dice++)
    {
      g_autofree char *path = g_strdup_printf ("/pbem/%s/%s", kessel_pbem_dice_to_string (dice), name);
      ModeTest *mode_test = g_new (ModeTest, 1);

      mode_test->dice = dice;
      mode_test->test = test;
      g_test_add_data_func_full (path, mode_test, run_in_mode, g_free);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* The password's key derivation at full strength takes a tenth of a
   * second and 64 MiB; these games open hundreds of files. Builds with
   * debugging (the tests') allow the least cost. */
  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  scenario = shipped_scenario ();
  add_in_both_modes ("whole-game", test_whole_game);
  add_in_both_modes ("tampering", test_tampering);
  add_in_both_modes ("reloaded-turn", test_reloaded_turn);
  add_in_both_modes ("fault-found-at-next-opening", test_fault_found_at_next_opening);
  add_in_both_modes ("watching", test_watching);
  add_in_both_modes ("long-values", test_long_values);
  add_in_both_modes ("order-not-given", test_order_not_given);
  add_in_both_modes ("orders-changed", test_orders_changed);
  add_in_both_modes ("files-per-game-turn", test_files_per_game_turn);
  add_in_both_modes ("chat", test_chat);
  g_test_add_func ("/pbem/mover/dice-out-of-range", test_mover_dice_out_of_range);
  g_test_add_func ("/pbem/old-file-is-verified", test_old_file_is_verified);
  g_test_add_func ("/pbem/own-file", test_own_file);
  g_test_add_func ("/pbem/secret-not-regular", test_secret_not_regular);
  g_test_add_func ("/pbem/save-again", test_save_again);
  g_test_add_func ("/pbem/password-rule", test_password_rule);
  g_test_add_func ("/pbem/secret-forms", test_secret_forms);
  return g_test_run ();
}
