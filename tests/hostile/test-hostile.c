/* The hostile-input suite: files made to crash, hang or exhaust Kessel,
 * read by kessel-cli as a user would. Each case asserts the message, the
 * line it names, that nothing else reaches standard error, and that the
 * answer comes within a time limit and a memory limit. Small inputs are in
 * inputs/; large ones are made here. */
#define _GNU_SOURCE   /* mkfifo, wait4 */
#include <glib.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kessel-game.h"
#include "scratch.h"

extern char **environ;

/* Seconds an answer may take; a sanitizer build runs several times slower. */
/* Peak resident memory of any answer, and of a refusal before reading. The
 * peak of a child counts the memory of this process when it started the
 * child, which a sanitizer build makes too large to tell anything. */
#if defined(__SANITIZE_ADDRESS__)
#define TIME_LIMIT 20.0
#define MEMORY_LIMIT_KB G_MAXLONG
#define SMALL_MEMORY_KB G_MAXLONG
#else
#define TIME_LIMIT 2.0
#define MEMORY_LIMIT_KB (1024 * 1024)
#define SMALL_MEMORY_KB (100 * 1024)
#endif

static char *scratch;

typedef struct {
  int status;          /* the exit status, or -1 if killed */
  double seconds;
  long max_rss_kb;
  char *err;           /* standard error */
} Run;

static void
run_clear (Run *run)
{
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs kessel-cli with args, killing it after three time limits. */
static void
run_cli (Run *run, const char *const *args)
{
  g_autofree char *err_path = g_build_filename (scratch, "stderr.txt", NULL);
  char *argv[16] = { (char *) g_getenv ("KESSEL_CLI") };
  posix_spawn_file_actions_t actions;
  gint64 start = g_get_monotonic_time ();
  struct rusage usage;
  int status = 0;
  pid_t pid;

  for (int i = 0; args[i] != NULL && i < 14; i++)
    argv[i + 1] = (char *) args[i];
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen (&actions, 2, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (posix_spawn (&pid, argv[0], &actions, NULL, argv, environ), ==, 0);
  posix_spawn_file_actions_destroy (&actions);
  while (wait4 (pid, &status, WNOHANG, &usage) == 0)
    {
      if (g_get_monotonic_time () - start > 3 * TIME_LIMIT * G_USEC_PER_SEC)
        kill (pid, SIGKILL);
      g_usleep (2000);
    }
  run->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  run->status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  run->max_rss_kb = usage.ru_maxrss;
  g_assert_true (g_file_get_contents (err_path, &run->err, NULL, NULL));
}

/* Asserts a quick refusal whose only line names the file, the line and words. */
static void
assert_refused (const Run *run, const char *path, int line, const char *words)
{
  g_autofree char *prefix = g_strdup_printf ("%s:%d: ", path, line);
  g_auto(GStrv) lines = g_strsplit (run->err, "\n", -1);

  g_test_message ("%s: %.3f s, %ld kB: %s", path, run->seconds, run->max_rss_kb, run->err);
  g_assert_cmpint (run->status, ==, 1);
  g_assert_cmpfloat (run->seconds, <, TIME_LIMIT);
  g_assert_cmpint (run->max_rss_kb, <, MEMORY_LIMIT_KB);
  g_assert_cmpuint (strlen (run->err), <, 12000);   /* at most 25 problems of at most 400 characters */
  for (int i = 0; lines[i] != NULL; i++)
    g_assert_true (lines[i][0] == '\0' || g_str_has_prefix (lines[i], "kessel-cli ")
                   || g_str_has_prefix (lines[i], path));
  if (strstr (run->err, prefix) == NULL || strstr (run->err, words) == NULL)
    g_error ("expected \"%s...%s\", got \"%s\"", prefix, words, run->err);
}

static void
assert_answered (const Run *run, const char *path)
{
  g_test_message ("%s: %.3f s, %ld kB", path, run->seconds, run->max_rss_kb);
  if (run->status != 0)
    g_error ("%s: exit %d: %s", path, run->status, run->err);
  g_assert_cmpfloat (run->seconds, <, TIME_LIMIT);
  g_assert_cmpint (run->max_rss_kb, <, MEMORY_LIMIT_KB);
}

static void
validate (Run *run, const char *path)
{
  const char *args[] = { "validate", path, NULL };
  run_cli (run, args);
}

static void
query (Run *run, const char *path)
{
  const char *args[] = { "query", path, "state", NULL };
  run_cli (run, args);
}

static char *
input_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "hostile", "inputs", name, NULL);
}

static char *
scratch_path (const char *name)
{
  return g_build_filename (scratch, name, NULL);
}

static char *
shipped (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static char *
write_scratch (const char *name, const char *text, gssize length)
{
  char *path = scratch_path (name);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, length, &error);
  g_assert_no_error (error);
  return path;
}

/* The small scenario with extra put in before the given text. */
static char *
prut_with (const char *name, const char *before, const char *extra)
{
  g_autofree char *text = shipped ("crossing-the-prut.kessel");
  char *at = strstr (text, before);
  g_autoptr(GString) out = g_string_new (NULL);

  g_assert_nonnull (at);
  g_string_append_len (out, text, at - text);
  g_string_append (out, extra);
  g_string_append (out, at);
  return write_scratch (name, out->str, out->len);
}

/* The line of the nth (from 1) occurrence of needle in the file. */
static int
line_of_nth (const char *path, const char *needle, int n)
{
  g_autofree char *text = NULL;
  char *at;
  int line = 1;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, needle);
  for (int i = 1; i < n && at != NULL; i++)
    at = strstr (at + 1, needle);
  g_assert_nonnull (at);
  for (char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

static int
line_of (const char *path, const char *needle)
{
  return line_of_nth (path, needle, 1);
}

/* Small inputs kept as files --------------------------------------------- */

typedef struct {
  const char *name;
  int line;
  const char *words;
} InputCase;

static const InputCase input_cases[] = {
  { "xxe.kessel", 2, "<!DOCTYPE>" },
  { "external-dtd.kessel", 2, "<!DOCTYPE>" },
  { "parameter-entities.kessel", 2, "<!DOCTYPE>" },
  { "billion-laughs.kessel", 2, "<!DOCTYPE>" },
  { "xinclude.kessel", 4, "does not follow the scenario format" },
  { "bad-utf8.kessel", 6, "not UTF-8" },
  { "nul-byte.kessel", 3, "not UTF-8" },
  { "declared-latin1.kessel", 16, "not UTF-8" },
  { "attack-int-max.kessel", 78, "does not follow the scenario format" },
  { "vp-int-max.kessel", 103, "does not follow the scenario format" },
  { "arrives-over-int.kessel", 89, "does not follow the scenario format" },
  { "attribute-error-line.kessel", 89, "does not follow the scenario format" },
  { "setup-no-room.kessel", 34, "cannot set up" },
  { "river-not-neighbours.kessel", 17, "they are not neighbours" },
};

static void
test_input (gconstpointer data)
{
  const InputCase *test = data;
  g_autofree char *path = input_path (test->name);
  g_auto(Run) run = { 0 };

  validate (&run, path);
  assert_refused (&run, path, test->line, test->words);
}

/* " 8 " is 8, as XML Schema reads numbers, and is written back as 8. */
static void
test_spaced_number (void)
{
  g_autofree char *path = input_path ("spaced-number.kessel");
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, &error);
  KesselUnit *unit;

  g_assert_no_error (error);
  unit = kessel_scenario_find_unit (scenario, "sov-4gt");
  g_assert_cmpint (kessel_unit_get_step (unit, 0)->defence, ==, 8);
  g_assert_cmpint (kessel_unit_get_step (unit, 0)->attack, ==, 10);
}

/* Large and extreme scenarios -------------------------------------------- */

static void
test_huge_file (void)
{
  g_autofree char *path = scratch_path ("huge.kessel");
  g_auto(Run) run = { 0 };
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1024 * 1024), ==, 0);   /* sparse: no disk */
  close (fd);
  validate (&run, path);
  assert_refused (&run, path, 1, "larger than the 8 MiB a scenario may have");
}

static void
test_not_regular (void)
{
  g_autofree char *fifo = scratch_path ("fifo.kessel");
  g_auto(Run) run = { 0 };
  g_auto(Run) zero = { 0 };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  validate (&run, fifo);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "not a regular file"));
  g_assert_cmpfloat (run.seconds, <, TIME_LIMIT);
  query (&zero, "/dev/zero");
  g_assert_cmpint (zero.status, ==, 1);
  g_assert_nonnull (strstr (zero.err, "/dev/zero: this is not a regular file"));
}

/* kessel-cli pbem reads a turn file's scenario and a password file as
 * hostile input too: a FIFO or /dev/zero is refused at once. */
static void
test_pbem_not_regular (void)
{
  g_autofree char *fifo = scratch_path ("fifo.kesselpbem");
  g_autofree char *scenario = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                                     "first-panzer-army.kessel", NULL);
  g_autofree char *out = scratch_path ("new.kesselpbem");
  g_autofree char *data = scratch_path ("pbem-data");
  const char *verify_fifo[] = { "pbem", "verify", fifo, NULL };
  const char *verify_zero[] = { "pbem", "verify", "/dev/zero", NULL };
  const char *password_zero[] = { "pbem", "new", scenario, "--side", "german", "--password-file", "/dev/zero",
                                  "-o", out, "--data-dir", data, NULL };
  const char *const *cases[] = { verify_fifo, verify_zero, password_zero };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, cases[i]);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, "this is not a regular file"));
      g_assert_cmpfloat (run.seconds, <, TIME_LIMIT);
    }
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

static void
test_deep (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n");
  g_autofree char *path = NULL;
  g_auto(Run) run = { 0 };

  for (int i = 0; i < 100000; i++)
    g_string_append (text, "<a>\n");
  path = write_scratch ("deep.kessel", text->str, text->len);
  validate (&run, path);
  assert_refused (&run, path, 18, "nest more than 16 deep");
}

/* libxml2 2.9's check for repeated attributes takes time by their square. */
static void
test_many_attributes (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<scenario\n");
  g_autofree char *path = NULL;
  g_auto(Run) run = { 0 };

  for (int i = 0; i < 700000; i++)
    g_string_append_printf (text, " a%d=\"\"", i);
  g_string_append (text, "/>\n");
  path = write_scratch ("attributes.kessel", text->str, text->len);
  validate (&run, path);
  assert_refused (&run, path, 2, "more than 32 attributes");
}

/* A scenario with an element repeated count times, put in before a place in
 * the small scenario, refused at the nth occurrence of needle. */
typedef struct {
  const char *name;
  const char *element;   /* with %d for the number of the copy */
  int count;
  const char *before;
  const char *needle;
  int nth;
  const char *words;
} RepeatCase;

static const RepeatCase repeat_cases[] = {
  /* 229,000 options took 274 s: the duplicate check took time by their square */
  { "many-elements", "<option id=\"o%d\" enabled=\"true\"/>", 229000, "  </rules>",
    "<option ", 1, "more than 100000 elements" },
  { "options-bound", "    <option id=\"o%d\" enabled=\"true\"/>\n", 65, "  </rules>",
    "<option ", 65, "at most 64 <option> elements" },
  /* 32,768 rivers crashed the reader past the map's cap of rivers */
  { "rivers-bound", "      <river name=\"r%d\"><side hexes=\"0101 0909\"/></river>\n", 32768, "    </rivers>",
    "<river ", KESSEL_SCENARIO_MAX_RIVERS + 1, "at most 250 <river> elements" },
  { "units-bound", "    <unit id=\"sov-x%d\" side=\"soviet\" name=\"R\" label=\"R\" type=\"infantry\" "
    "size=\"corps\" mobility=\"non-mechanized\" setup=\"0704\"><step attack=\"1\" defence=\"1\"/></unit>\n",
    5000, "  </units>", "<unit ", KESSEL_SCENARIO_MAX_UNITS + 1, "at most 2000 <unit> elements" },
  /* map names: many on one hex, each after the first refused without a slow search */
  { "labels-one-hex", "      <label hex=\"0101\" name=\"n%d\"/>\n", 50000, "    </places>",
    "<label ", 2, "already has the map name n0" },
  /* seventy Soviet units on one hex: the game could not leave set-up */
  { "stack-too-large", "    <unit id=\"sov-x%d\" side=\"soviet\" name=\"R\" label=\"R\" type=\"infantry\" "
    "size=\"corps\" mobility=\"non-mechanized\" setup=\"0704\"><step attack=\"1\" defence=\"1\"/></unit>\n",
    70, "  </units>", "\"sov-x63\"", 1, "more than the 64 units a stack may have" },
};

static void
test_repeat (gconstpointer data)
{
  const RepeatCase *test = data;
  g_autoptr(GString) copies = g_string_new (NULL);
  g_autofree char *name = g_strconcat (test->name, ".kessel", NULL);
  g_autofree char *path = NULL;
  g_auto(Run) run = { 0 };

  for (int i = 0; i < test->count; i++)
    {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      g_string_append_printf (copies, test->element, i);
#pragma GCC diagnostic pop
    }
  path = prut_with (name, test->before, copies->str);
  validate (&run, path);
  assert_refused (&run, path, line_of_nth (path, test->needle, test->nth), test->words);
}

/* Schema checks of hex names take time: at most 8 per hex of the largest
 * map, and as many are answered in time. */
static void
test_hex_names (void)
{
  g_autoptr(GString) most = g_string_new ("<hexes type=\"forest\">");
  g_autoptr(GString) more = g_string_new ("<hexes type=\"forest\">");
  g_autofree char *most_path = NULL, *more_path = NULL;
  g_auto(Run) run_most = { 0 };
  g_auto(Run) run_more = { 0 };

  for (int i = 0; i < 8 * 99 * 99 - 200; i++)
    g_string_append (most, "1201 ");
  for (int i = 0; i < 1600000; i++)
    g_string_append (more, "1201 ");
  g_string_append (most, "</hexes>\n");
  g_string_append (more, "</hexes>\n");
  most_path = prut_with ("most-hex-names.kessel", "    </terrain>", most->str);
  more_path = prut_with ("more-hex-names.kessel", "    </terrain>", more->str);
  validate (&run_most, most_path);
  g_assert_cmpfloat (run_most.seconds, <, TIME_LIMIT);
  assert_refused (&run_most, most_path, line_of (most_path, "1201 1201"), "is given a terrain twice");
  validate (&run_more, more_path);
  assert_refused (&run_more, more_path, line_of (more_path, "1201 1201"), "name more than 78408 hexes in all");
}

/* A value of 100,000 characters is quoted cut short. */
static void
test_long_value (void)
{
  g_autoptr(GString) id = g_string_new ("    <unit id=\"");
  g_autofree char *path = NULL;
  g_auto(Run) run = { 0 };

  for (int i = 0; i < 100000; i++)
    g_string_append_c (id, 'x');
  g_string_append (id, "\" side=\"soviet\" name=\"R\" label=\"R\" type=\"infantry\" size=\"corps\" "
                   "mobility=\"non-mechanized\"><step attack=\"1\" defence=\"1\"/></unit>\n");
  path = prut_with ("long-id.kessel", "  </units>", id->str);
  validate (&run, path);
  assert_refused (&run, path, line_of (path, "xxxxx"), "does not follow the scenario format");
}

/* Everything inside the limits is answered in time: the largest file, the
 * most units, and the most elements. */
static void
test_within_limits (void)
{
  g_autofree char *text = shipped ("crossing-the-prut.kessel");
  g_autoptr(GString) big = g_string_new (NULL);
  g_autoptr(GString) units = g_string_new (NULL);
  g_autoptr(GString) hexes = g_string_new (NULL);
  g_autofree char *large = NULL, *many_units = NULL, *many_elements = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) run_units = { 0 };
  g_auto(Run) run_elements = { 0 };
  char *description = strstr (text, "</description>");

  g_string_append_len (big, text, description - text);
  while (big->len < KESSEL_SCENARIO_MAX_FILE_SIZE - strlen (description) - 100)
    g_string_append (big, "A long description. ");
  g_string_append (big, description);
  large = write_scratch ("large.kessel", big->str, big->len);
  validate (&run, large);
  assert_answered (&run, large);

  for (int i = 0; i < KESSEL_SCENARIO_MAX_UNITS - 6; i++)
    g_string_append_printf (units, "    <unit id=\"ger-x%d\" side=\"german\" name=\"G\" label=\"G\" "
                            "type=\"infantry\" size=\"division\" mobility=\"non-mechanized\" "
                            "arrives=\"2\"><step attack=\"99\" defence=\"99\"/></unit>\n", i);
  many_units = prut_with ("2000-units.kessel", "  </units>", units->str);
  validate (&run_units, many_units);
  assert_answered (&run_units, many_units);

  for (int i = 0; i < 90000; i++)
    g_string_append (hexes, "<hexes type=\"forest\"></hexes>");
  many_elements = prut_with ("90000-elements.kessel", "    </terrain>", hexes->str);
  validate (&run_elements, many_elements);
  assert_answered (&run_elements, many_elements);
}

/* Saved games ------------------------------------------------------------- */

static char *
shipped_path (const char *name)
{
  return g_build_filename (g_getenv ("KESSEL_SOURCE_ROOT"), "data", "scenarios", name, NULL);
}

static char *
checksum_of (const char *scenario_name)
{
  g_autofree char *path = shipped_path (scenario_name);
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, NULL);
  g_autofree char *xml = kessel_scenario_to_xml (scenario, NULL);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, xml, -1);
}

/* A saved game of a shipped scenario, naming scenario_file (the shipped
 * file if NULL), with the given body. */
static char *
game_of (const char *name, const char *scenario_name, const char *scenario_file, const char *body)
{
  g_autofree char *path = shipped_path (scenario_name);
  g_autofree char *sum = checksum_of (scenario_name);
  g_autofree char *text = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                           "<game xmlns=\"urn:x-kessel:game:1\" version=\"1\">\n"
                                           "  <scenario file=\"%s\" title=\"T\" sha256=\"%s\"/>\n"
                                           "%s</game>\n",
                                           scenario_file ? scenario_file : path, sum, body);
  return write_scratch (name, text, -1);
}

static char *
game_with (const char *name, const char *scenario_file, const char *body)
{
  return game_of (name, "crossing-the-prut.kessel", scenario_file, body);
}

typedef struct {
  const char *name;
  const char *body;
  int line;
  const char *words;
} GameCase;

static const GameCase game_cases[] = {
  { "seed-negative.kesselgame", "  <seed>-1</seed>\n", 4, "\"-1\" is not a seed" },
  { "seed-spaces-inside.kesselgame", "  <seed>1 2</seed>\n", 4, "is not a seed" },
  { "seed-over.kesselgame", "  <seed>18446744073709551616</seed>\n", 4, "is not a seed" },
  { "second-seed.kesselgame", "  <seed>1</seed>\n  <seed>2</seed>\n", 5, "<seed> is given twice" },
  { "nested-action.kesselgame", "  <seed>1</seed>\n  <actions>\n    <action><action>end</action></action>\n  </actions>\n",
    6, "<action> is not expected here" },
  { "unknown-element.kesselgame", "  <seed>1</seed>\n  <include/>\n", 5, "<include> is not expected here" },
  { "seed-inside.kesselgame", "  <seed>1<x/></seed>\n", 4, "<x> is not expected here" },
  { "bad-action.kesselgame", "  <seed>1</seed>\n  <actions>\n    <action>fly away</action>\n  </actions>\n",
    6, "\"fly\" is not an action" },
  { "dice-not-recorded.kesselgame", "  <dice>rolled</dice>\n", 4, "<dice> can only be \"recorded\"" },
  { "seed-and-dice.kesselgame", "  <seed>1</seed>\n  <dice>recorded</dice>\n", 2, "either <seed> or <dice>" },
  { "opening-face-seven.kesselgame", "  <dice opening=\"7\">recorded</dice>\n", 4, "opening=\"7\" is not a list" },
  { "opening-too-many.kesselgame", "  <dice opening=\"1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 "
    "1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6 1 2 3 4 5 6\">recorded</dice>\n", 4, "at most 64 faces" },
};

/* Turn files of games by e-mail, checked by kessel-cli pbem verify. */
static const GameCase pbem_cases[] = {
  { "not-a-turn-file.kesselpbem", "<game xmlns=\"urn:x-kessel:game:1\" version=\"1\"/>\n", 2, "not a Kessel turn file" },
  { "no-game-id.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\"/>\n", 2, "needs the game's identity" },
  { "no-turns.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\" game=\"00000000000000000000000000000000\">\n"
    "  <scenario file=\"a\" title=\"b\" sha256=\"0000000000000000000000000000000000000000000000000000000000000000\"/>\n</pbem>\n",
    2, "at least one <turn>" },
  { "turn-zero.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\" game=\"00000000000000000000000000000000\">\n"
    "  <turn number=\"0\" from=\"german\"/>\n</pbem>\n", 3, "<turn> needs a number" },
  { "turn-without-number.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\" game=\"00000000000000000000000000000000\">\n"
    "  <turn from=\"german\"/>\n</pbem>\n", 3, "<turn> needs a number" },
  { "short-reveal.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\" game=\"00000000000000000000000000000000\">\n"
    "  <turn number=\"1\" from=\"german\" previous=\"00\" reveal=\"00\"/>\n</pbem>\n", 3, "64 hexadecimal digits" },
  { "nested-action.kesselpbem", "<pbem xmlns=\"urn:x-kessel:pbem:1\" version=\"1\" game=\"00000000000000000000000000000000\">\n"
    "  <turn number=\"1\" from=\"german\" previous=\"0000000000000000000000000000000000000000000000000000000000000000\" "
    "reveal=\"0000000000000000000000000000000000000000000000000000000000000000\">\n"
    "    <action><action>end</action></action>\n  </turn>\n</pbem>\n", 4, "<action> is not expected here" },
};

static void
test_pbem_case (gconstpointer data)
{
  const GameCase *test = data;
  g_autofree char *text = g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n%s", test->body);
  g_autofree char *path = write_scratch (test->name, text, -1);
  g_autofree char *scenario = shipped_path ("first-panzer-army.kessel");
  const char *args[] = { "pbem", "verify", path, "--scenario", scenario, NULL };
  g_auto(Run) run = { 0 };

  run_cli (&run, args);
  assert_refused (&run, path, test->line, test->words);
}

static void
test_game_case (gconstpointer data)
{
  const GameCase *test = data;
  g_autofree char *path = game_with (test->name, NULL, test->body);
  g_auto(Run) run = { 0 };

  query (&run, path);
  assert_refused (&run, path, test->line, test->words);
}

static void
test_game_without_checksum (void)
{
  g_autofree char *text = g_strdup ("<?xml version=\"1.0\"?>\n<game xmlns=\"urn:x-kessel:game:1\" version=\"1\">\n"
                                    "  <scenario file=\"x.kessel\" title=\"T\"/>\n  <seed>1</seed>\n</game>\n");
  g_autofree char *path = write_scratch ("no-checksum.kesselgame", text, -1);
  g_auto(Run) run = { 0 };

  query (&run, path);
  assert_refused (&run, path, 3, "needs the sha256 checksum");
}

/* A scenario that stats as empty but never ends, and one that blocks. */
static void
test_game_scenario_not_regular (void)
{
  g_autofree char *pagemap = game_with ("pagemap.kesselgame", "/proc/self/pagemap", "  <seed>1</seed>\n");
  g_autofree char *fifo = scratch_path ("scenario-fifo.kessel");
  g_autofree char *fifo_game = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) run_fifo = { 0 };

  query (&run, pagemap);
  assert_refused (&run, pagemap, 1, "its scenario cannot be loaded: /proc/self/pagemap");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  fifo_game = game_with ("fifo.kesselgame", fifo, "  <seed>1</seed>\n");
  query (&run_fifo, fifo_game);
  assert_refused (&run_fifo, fifo_game, 1, "not a regular file");
}

/* A 160 MB save is refused before it is read. */
static void
test_game_too_large (void)
{
  g_autofree char *path = scratch_path ("huge.kesselgame");
  g_auto(Run) run = { 0 };
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 160 * 1024 * 1024), ==, 0);
  close (fd);
  query (&run, path);
  assert_refused (&run, path, 1, "larger than the 16 MiB a saved game may have");
  g_assert_cmpint (run.max_rss_kb, <, SMALL_MEMORY_KB);
}

static GString *
place_actions (int count)
{
  GString *body = g_string_new ("  <seed>1</seed>\n  <actions>\n");

  for (int i = 0; i < count; i++)
    g_string_append (body, i % 2 ? "<action>place ger-371 2308</action>\n" : "<action>place ger-371 2309</action>\n");
  g_string_append (body, "  </actions>\n");
  return body;
}

/* Repeated placements are legal; a save may hold 50,000 actions, and
 * replays them in time and memory, but not one more. */
static void
test_game_many_actions (void)
{
  g_autoptr(GString) most = place_actions (KESSEL_GAME_MAX_ACTIONS);
  g_autoptr(GString) more = place_actions (KESSEL_GAME_MAX_ACTIONS + 1);
  g_autoptr(GString) flood = place_actions (466000);
  g_autofree char *most_path = game_of ("most-actions.kesselgame", "first-panzer-army.kessel", NULL, most->str);
  g_autofree char *more_path = game_of ("more-actions.kesselgame", "first-panzer-army.kessel", NULL, more->str);
  g_autofree char *flood_path = game_of ("flood.kesselgame", "first-panzer-army.kessel", NULL, flood->str);
  g_auto(Run) run_most = { 0 };
  g_auto(Run) run_more = { 0 };
  g_auto(Run) run_flood = { 0 };

  query (&run_most, most_path);
  assert_answered (&run_most, most_path);
  query (&run_more, more_path);
  assert_refused (&run_more, more_path, 5 + KESSEL_GAME_MAX_ACTIONS + 1, "at most 50000 <action> elements");
  query (&run_flood, flood_path);
  /* the elements before the actions: game, scenario, seed and actions */
  assert_refused (&run_flood, flood_path, 5 + 100001 - 4, "more than 100000 elements");
}

/* A long run of undoable actions keeps only the last 1,000 undo steps, and
 * those still undo correctly. */
static void
test_undo_capped (void)
{
  g_autofree char *path = shipped_path ("first-panzer-army.kessel");
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (path, NULL);
  g_autoptr(KesselGame) game = kessel_game_new (scenario, 1);
  g_autoptr(KesselGame) early = NULL;
  int undone = 0;

  for (int i = 0; i < 1500; i++)
    {
      KesselAction action;
      g_assert_true (kessel_game_action_from_string (game, i % 2 ? "place ger-371 2308" : "place ger-371 2309",
                                                     &action, NULL));
      g_assert_true (kessel_game_apply (game, &action, NULL));
      if (i == 499)
        early = kessel_game_copy (game);
    }
  while (kessel_game_can_undo (game))
    {
      g_assert_true (kessel_game_undo (game, NULL));
      undone++;
    }
  g_assert_cmpint (undone, ==, 1000);
  g_assert_cmpint (kessel_game_get_n_actions (game), ==, 500);
  g_assert_cmpint (kessel_game_get_piece_hex (game, kessel_game_find_piece (game, "ger-371")), ==,
                   kessel_game_get_piece_hex (early, kessel_game_find_piece (early, "ger-371")));
}

int
main (int argc, char **argv)
{
  int result;

  g_test_init (&argc, &argv, NULL);
  scratch = scratch_make ("kessel-hostile-XXXXXX");

  for (guint i = 0; i < G_N_ELEMENTS (input_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/hostile/scenario/%s", input_cases[i].name);
      g_test_add_data_func (name, &input_cases[i], test_input);
    }
  g_test_add_func ("/hostile/scenario/spaced-number", test_spaced_number);
  g_test_add_func ("/hostile/scenario/huge-file", test_huge_file);
  g_test_add_func ("/hostile/scenario/not-regular", test_not_regular);
  g_test_add_func ("/hostile/scenario/deep", test_deep);
  g_test_add_func ("/hostile/scenario/many-attributes", test_many_attributes);
  for (guint i = 0; i < G_N_ELEMENTS (repeat_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/hostile/scenario/%s", repeat_cases[i].name);
      g_test_add_data_func (name, &repeat_cases[i], test_repeat);
    }
  g_test_add_func ("/hostile/scenario/long-value", test_long_value);
  g_test_add_func ("/hostile/scenario/hex-names", test_hex_names);
  g_test_add_func ("/hostile/scenario/within-limits", test_within_limits);
  for (guint i = 0; i < G_N_ELEMENTS (game_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/hostile/game/%s", game_cases[i].name);
      g_test_add_data_func (name, &game_cases[i], test_game_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (pbem_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/hostile/pbem/%s", pbem_cases[i].name);
      g_test_add_data_func (name, &pbem_cases[i], test_pbem_case);
    }
  g_test_add_func ("/hostile/game/without-checksum", test_game_without_checksum);
  g_test_add_func ("/hostile/game/scenario-not-regular", test_game_scenario_not_regular);
  g_test_add_func ("/hostile/game/too-large", test_game_too_large);
  g_test_add_func ("/hostile/game/many-actions", test_game_many_actions);
  g_test_add_func ("/hostile/game/undo-capped", test_undo_capped);
  g_test_add_func ("/hostile/pbem/not-regular", test_pbem_not_regular);

  result = g_test_run ();
  scratch_remove (scratch);
  return result;
}
