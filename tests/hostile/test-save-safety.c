/* Saves never lose or loosen anything: a save killed at any moment leaves
 * the whole old game or the whole new one, and its leftovers are cleaned up;
 * a full disk leaves the old game; a symbolic or hard link keeps pointing at
 * the saved game; the mode is kept; anything but a regular file is refused;
 * a saved game names its scenario relative to itself where it can. */
#define _GNU_SOURCE   /* mkfifo, flock */
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kessel-game.h"
#include "scratch.h"

#define KILLS 100

static char *scratch;

static char *
shipped_path (const char *name)
{
  return g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios", name, NULL);
}

static KesselScenario *
load_scenario (const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

/* A game of First Panzer Army with n placements: n sets its size. */
static KesselGame *
game_with_places (int n)
{
  g_autofree char *path = shipped_path ("first-panzer-army.kessel");
  g_autoptr(KesselScenario) scenario = load_scenario (path);
  KesselGame *game = kessel_game_new (scenario, 7);

  for (int i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      KesselAction action;

      g_assert_true (kessel_game_action_from_string (game, i % 2 ? "place ger-371 2308" : "place ger-371 2309",
                                                     &action, &error));
      g_assert_true (kessel_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
  return game;
}

static char *
new_dir (const char *name)
{
  char *dir = g_build_filename (scratch, name, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  return dir;
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static void
save (KesselGame *game, const char *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (kessel_game_save_file (game, path, &error));
  g_assert_no_error (error);
}

/* The names in dir that are not name itself. */
static int
count_others (const char *dir, const char *name)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;
  int others = 0;

  while ((entry = g_dir_read_name (listing)) != NULL)
    others += strcmp (entry, name) != 0;
  return others;
}

static void
test_kill_during_save (void)
{
  g_autofree char *dir = new_dir ("kill");
  g_autofree char *path = g_build_filename (dir, "game.kesselgame", NULL);
  g_autoptr(KesselGame) small = game_with_places (10);
  g_autoptr(KesselGame) large = game_with_places (1000);
  g_autofree char *small_text = NULL, *large_text = NULL;
  GRand *rand = g_rand_new_with_seed (17);
  int seen_small = 0, seen_large = 0;

  save (large, path);
  large_text = contents (path);
  save (small, path);
  small_text = contents (path);
  for (int i = 0; i < KILLS; i++)
    {
      g_autofree char *now = NULL;
      pid_t pid = fork ();

      g_assert_cmpint (pid, >=, 0);
      if (pid == 0)
        for (;;)
          {
            kessel_game_save_file (large, path, NULL);
            kessel_game_save_file (small, path, NULL);
          }
      g_usleep (g_rand_int_range (rand, 1000, 60000));
      kill (pid, SIGKILL);
      waitpid (pid, NULL, 0);
      now = contents (path);
      g_assert_true (strcmp (now, small_text) == 0 || strcmp (now, large_text) == 0);
      seen_small += strcmp (now, small_text) == 0;
      seen_large += strcmp (now, large_text) == 0;
    }
  g_test_message ("%d kills: the old or new game each time (%d small, %d large); leftovers before "
                  "the next save: %d", KILLS, seen_small, seen_large, count_others (dir, "game.kesselgame"));
  g_rand_free (rand);
  save (small, path);
  g_assert_cmpint (count_others (dir, "game.kesselgame"), ==, 0);
}

/* A leftover another save still holds a lock on is left alone. */
static void
test_leftovers (void)
{
  g_autofree char *dir = new_dir ("leftovers");
  g_autofree char *path = g_build_filename (dir, "game.kesselgame", NULL);
  g_autofree char *dead = g_build_filename (dir, ".game.kesselgame.Ab12Cd", NULL);
  g_autofree char *live = g_build_filename (dir, ".game.kesselgame.Xy34Zw", NULL);
  g_autofree char *other = g_build_filename (dir, ".other.kesselgame.Ab12Cd", NULL);
  g_autoptr(KesselGame) game = game_with_places (2);
  int fd;

  g_assert_true (g_file_set_contents (dead, "half a game", -1, NULL));
  g_assert_true (g_file_set_contents (live, "a game being saved", -1, NULL));
  g_assert_true (g_file_set_contents (other, "not ours", -1, NULL));
  fd = open (live, O_RDONLY);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);
  save (game, path);
  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (live, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  close (fd);
}

/* A disk that fills up (a file size limit makes one) keeps the old game. */
static void
test_full_disk (void)
{
  g_autofree char *dir = new_dir ("full");
  g_autofree char *path = g_build_filename (dir, "game.kesselgame", NULL);
  g_autoptr(KesselGame) small = game_with_places (2);
  g_autoptr(KesselGame) large = game_with_places (2000);
  g_autofree char *before = NULL;
  int status = 0;
  pid_t pid;

  save (small, path);
  before = contents (path);
  pid = fork ();
  if (pid == 0)
    {
      struct rlimit limit = { 16 * 1024, 16 * 1024 };
      g_autoptr(GError) error = NULL;

      signal (SIGXFSZ, SIG_IGN);
      setrlimit (RLIMIT_FSIZE, &limit);
      if (kessel_game_save_file (large, path, &error) || strstr (error->message, "cannot write") == NULL)
        _exit (1);
      _exit (0);
    }
  waitpid (pid, &status, 0);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_cmpstr (contents (path), ==, before);
  g_assert_cmpint (count_others (dir, "game.kesselgame"), ==, 0);
}

static void
test_read_only_folder (void)
{
  g_autofree char *dir = new_dir ("read-only");
  g_autofree char *path = g_build_filename (dir, "game.kesselgame", NULL);
  g_autoptr(KesselGame) game = game_with_places (2);
  g_autoptr(KesselGame) other = game_with_places (4);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root may write in a read-only folder");
      return;
    }
  save (game, path);
  before = contents (path);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_assert_false (kessel_game_save_file (other, path, &error));
  g_assert_nonnull (error);
  g_chmod (dir, 0755);
  g_assert_cmpstr (contents (path), ==, before);
}

/* Saving through a symbolic link writes the file it points to. */
static void
test_symlink (void)
{
  g_autofree char *dir = new_dir ("symlink");
  g_autofree char *games = new_dir ("symlink/games");
  g_autofree char *target = g_build_filename (games, "real.kesselgame", NULL);
  g_autofree char *link = g_build_filename (dir, "link.kesselgame", NULL);
  g_autoptr(KesselGame) small = game_with_places (2);
  g_autoptr(KesselGame) large = game_with_places (6);
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf info;

  save (small, target);
  g_assert_cmpint (symlink ("games/real.kesselgame", link), ==, 0);
  save (large, link);
  g_assert_cmpint (g_lstat (link, &info), ==, 0);
  g_assert_true (S_ISLNK (info.st_mode));
  loaded = kessel_game_load_file (target, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kessel_game_get_n_actions (loaded), ==, 6);
  g_assert_cmpint (count_others (games, "real.kesselgame"), ==, 0);
}

static void
test_symlink_loop (void)
{
  g_autofree char *dir = new_dir ("loop");
  g_autofree char *a = g_build_filename (dir, "a.kesselgame", NULL);
  g_autofree char *b = g_build_filename (dir, "b.kesselgame", NULL);
  g_autoptr(KesselGame) game = game_with_places (2);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("b.kesselgame", a), ==, 0);
  g_assert_cmpint (symlink ("a.kesselgame", b), ==, 0);
  g_assert_false (kessel_game_save_file (game, a, &error));
  g_assert_nonnull (strstr (error->message, "loop"));
}

/* Both names of a hard link show the saved game. */
static void
test_hard_link (void)
{
  g_autofree char *dir = new_dir ("hard-link");
  g_autofree char *first = g_build_filename (dir, "first.kesselgame", NULL);
  g_autofree char *second = g_build_filename (dir, "second.kesselgame", NULL);
  g_autoptr(KesselGame) small = game_with_places (2);
  g_autoptr(KesselGame) large = game_with_places (6);
  GStatBuf a, b;

  save (small, first);
  g_assert_cmpint (link (first, second), ==, 0);
  save (large, first);
  g_assert_cmpstr (contents (first), ==, contents (second));
  g_assert_cmpint (g_stat (first, &a), ==, 0);
  g_assert_cmpint (g_stat (second, &b), ==, 0);
  g_assert_true (a.st_ino == b.st_ino);
  g_assert_cmpint (count_others (dir, "first.kesselgame"), ==, 1);
}

/* A private file stays private; a new one gets the usual mode. */
static void
test_mode (void)
{
  g_autofree char *dir = new_dir ("mode");
  g_autofree char *path = g_build_filename (dir, "private.kesselgame", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.kesselgame", NULL);
  g_autoptr(KesselGame) game = game_with_places (2);
  mode_t mask = umask (022);
  GStatBuf info;

  save (game, path);
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  save (game, path);
  g_assert_cmpint (g_stat (path, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 07777, ==, 0600);
  save (game, fresh);
  g_assert_cmpint (g_stat (fresh, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 07777, ==, 0644);
  umask (mask);
}

/* A device or a FIFO is never replaced by a file, and saving never blocks. */
static void
test_not_regular (void)
{
  g_autofree char *dir = new_dir ("not-regular");
  g_autofree char *fifo = g_build_filename (dir, "fifo.kesselgame", NULL);
  g_autoptr(KesselGame) game = game_with_places (2);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) device_error = NULL;
  GStatBuf info;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (kessel_game_save_file (game, fifo, &error));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_assert_cmpint (g_stat (fifo, &info), ==, 0);
  g_assert_true (S_ISFIFO (info.st_mode));
  g_assert_false (kessel_game_save_file (game, "/dev/null", &device_error));
  g_assert_nonnull (strstr (device_error->message, "not a regular file"));
  g_assert_cmpint (g_stat ("/dev/null", &info), ==, 0);
  g_assert_true (S_ISCHR (info.st_mode));
}

static void
copy_file (const char *from, const char *to)
{
  g_autofree char *text = contents (from);
  g_assert_true (g_file_set_contents (to, text, -1, NULL));
}

/* A game saved beside (or above) its scenario names it relatively, so the
 * folder can move; older saves with an absolute path still load. */
static void
test_relative_scenario (void)
{
  g_autofree char *dir = new_dir ("relative/campaign");
  g_autofree char *scenarios = new_dir ("relative/campaign/scenarios");
  g_autofree char *shipped = shipped_path ("crossing-the-prut.kessel");
  g_autofree char *copy = g_build_filename (scenarios, "prut.kessel", NULL);
  g_autofree char *path = g_build_filename (dir, "game.kesselgame", NULL);
  g_autofree char *moved_dir = g_build_filename (scratch, "relative", "moved", NULL);
  g_autofree char *moved = g_build_filename (moved_dir, "game.kesselgame", NULL);
  g_autofree char *absolute = g_build_filename (scratch, "relative", "absolute.kesselgame", NULL);
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselScenario) elsewhere = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(KesselGame) loaded = NULL;
  g_autoptr(KesselGame) old = NULL;
  g_autoptr(GError) error = NULL;

  copy_file (shipped, copy);
  scenario = load_scenario (copy);
  game = kessel_game_new (scenario, 3);
  save (game, path);
  g_assert_nonnull (strstr (contents (path), "file=\"scenarios/prut.kessel\""));
  g_assert_cmpint (g_rename (dir, moved_dir), ==, 0);
  loaded = kessel_game_load_file (moved, &error);
  g_assert_no_error (error);

  elsewhere = load_scenario (shipped);
  g_clear_object (&game);
  game = kessel_game_new (elsewhere, 3);
  save (game, absolute);
  g_assert_nonnull (strstr (contents (absolute), "file=\"/"));
  old = kessel_game_load_file (absolute, &error);
  g_assert_no_error (error);
}

/* Scenario files go through the same replacement. */
static void
test_scenario_mode_and_link (void)
{
  g_autofree char *dir = new_dir ("scenario");
  g_autofree char *target = g_build_filename (dir, "real.kessel", NULL);
  g_autofree char *link = g_build_filename (dir, "link.kessel", NULL);
  g_autofree char *shipped = shipped_path ("crossing-the-prut.kessel");
  g_autoptr(KesselScenario) scenario = load_scenario (shipped);
  g_autoptr(GError) error = NULL;
  GStatBuf info;

  copy_file (shipped, target);
  g_assert_cmpint (g_chmod (target, 0640), ==, 0);
  g_assert_cmpint (symlink ("real.kessel", link), ==, 0);
  kessel_scenario_set_title (scenario, "Renamed");
  g_assert_true (kessel_scenario_save_file (scenario, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &info), ==, 0);
  g_assert_true (S_ISLNK (info.st_mode));
  g_assert_cmpint (g_stat (target, &info), ==, 0);
  g_assert_cmpint (info.st_mode & 07777, ==, 0640);
  g_assert_nonnull (strstr (contents (target), "Renamed"));
}

int
main (int argc, char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  scratch = scratch_make ("kessel-save-XXXXXX");
  g_test_add_func ("/save/kill-during-save", test_kill_during_save);
  g_test_add_func ("/save/leftovers", test_leftovers);
  g_test_add_func ("/save/full-disk", test_full_disk);
  g_test_add_func ("/save/read-only-folder", test_read_only_folder);
  g_test_add_func ("/save/symlink", test_symlink);
  g_test_add_func ("/save/symlink-loop", test_symlink_loop);
  g_test_add_func ("/save/hard-link", test_hard_link);
  g_test_add_func ("/save/mode", test_mode);
  g_test_add_func ("/save/not-regular", test_not_regular);
  g_test_add_func ("/save/relative-scenario", test_relative_scenario);
  g_test_add_func ("/save/scenario-mode-and-link", test_scenario_mode_and_link);
  result = g_test_run ();
  scratch_remove (scratch);
  return result;
}
