/* test-sheets.c: the setup sheets, as laid out and as written by
 * kessel-cli sheets, read back with pdfinfo and pdftotext (poppler-utils). */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "kessel-game.h"
#include "kessel-setup-sheets.h"

typedef struct {
  KesselPaper paper;
  gboolean landscape;
  const char *paper_name;
  double width, height;
} Format;

static const Format formats[] = {
  { KESSEL_PAPER_A4, FALSE, "a4", 595, 842 },
  { KESSEL_PAPER_A4, TRUE, "a4", 842, 595 },
  { KESSEL_PAPER_LETTER, FALSE, "letter", 612, 792 },
  { KESSEL_PAPER_LETTER, TRUE, "letter", 792, 612 },
};

/* Helpers */

static char *
source_path (const char *relative)
{
  const char *root = g_getenv ("KESSEL_SOURCE_ROOT");
  return g_build_filename (root ? root : ".", relative, NULL);
}

static gboolean
have_tools (void)
{
  const char *tools[] = { "pdfinfo", "pdftotext" };

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *path = g_find_program_in_path (tools[i]);
      if (path == NULL)
        {
          g_test_skip ("pdfinfo and pdftotext (Debian package poppler-utils) are needed");
          return FALSE;
        }
    }
  if (g_getenv ("KESSEL_CLI") == NULL)
    {
      g_test_skip ("KESSEL_CLI does not name kessel-cli");
      return FALSE;
    }
  return TRUE;
}

/* Runs a program; returns its standard output, failing the test if it fails. */
static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed: %s", argv[0], err);
  return out;
}

static KesselScenario *
load_scenario (const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario = kessel_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static KesselSetupSheets *
sheets_new (KesselScenario *scenario, const Format *format, gboolean reference)
{
  KesselSetupSheets *sheets = kessel_setup_sheets_new (scenario);

  kessel_setup_sheets_set_paper (sheets, format->paper);
  kessel_setup_sheets_set_landscape (sheets, format->landscape);
  kessel_setup_sheets_set_include_reference (sheets, reference);
  return sheets;
}

static char *temp_dir;

static char *
temp_file (const char *name)
{
  return g_build_filename (temp_dir, name, NULL);
}

/* Runs kessel-cli sheets on a scenario, a saved game or both. */
static void
cli_sheets (const char *input, const char *output, const Format *format, gboolean reference,
            const char *game)
{
  const char *argv[16];
  int n = 0;

  argv[n++] = g_getenv ("KESSEL_CLI");
  argv[n++] = "sheets";
  if (input)
    argv[n++] = input;
  argv[n++] = "-o";
  argv[n++] = output;
  argv[n++] = "--paper";
  argv[n++] = format->paper_name;
  if (format->landscape)
    argv[n++] = "--landscape";
  if (reference)
    argv[n++] = "--reference";
  if (game)
    {
      argv[n++] = "--game";
      argv[n++] = game;
    }
  argv[n] = NULL;
  g_free (run (argv));
}

static void
pdf_info (const char *path, int *pages, double *width, double *height)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *info = run (argv);
  const char *line;

  line = strstr (info, "Pages:");
  g_assert_nonnull (line);
  *pages = atoi (line + strlen ("Pages:"));
  line = strstr (info, "Page size:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "Page size: %lf x %lf", width, height), ==, 2);
}

/* The text of a PDF with every run of white space made one space, and
 * none after a hyphen, so names broken over lines read whole. */
static char *
pdf_text (const char *path)
{
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", path, "-", NULL };
  g_autofree char *text = run (argv);
  GString *flat = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (g_ascii_isspace (*p))
        space = TRUE;
      else
        {
          if (space && flat->len > 0 && flat->str[flat->len - 1] != '-')
            g_string_append_c (flat, ' ');
          g_string_append_c (flat, *p);
          space = FALSE;
        }
    }
  return g_string_free (flat, FALSE);
}

static char *
flatten (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n", -1);
  GString *flat = g_string_new (NULL);

  for (int i = 0; words[i]; i++)
    if (*words[i])
      g_string_append_printf (flat, "%s%s", flat->len ? " " : "", words[i]);
  return g_string_free (flat, FALSE);
}

/* Checks */

static void
assert_text_has_units (const char *text, KesselScenario *scenario)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));

  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (scenario, i);
      g_autofree char *name = flatten (kessel_unit_get_name (unit));
      int hex = kessel_unit_get_setup_hex (unit);

      if (strstr (text, name) == NULL)
        g_error ("the sheets do not name %s", name);
      if (hex != KESSEL_HEX_NONE)
        {
          g_autofree char *number = g_strdup_printf ("%04d", kessel_grid_hex_number (grid, hex));
          if (strstr (text, number) == NULL)
            g_error ("the sheets do not give hex %s", number);
        }
    }
}

static void
assert_pages_fit (KesselSetupSheets *sheets, const Format *format)
{
  int n = kessel_setup_sheets_get_n_pages_for_size (sheets, format->width, format->height);
  double margin = kessel_setup_sheets_get_margin (sheets);

  for (int page = 0; page < n; page++)
    {
      double x1, y1, x2, y2;

      kessel_setup_sheets_get_page_extents (sheets, format->width, format->height, page, &x1, &y1, &x2, &y2);
      if (x1 < margin - 0.01 || y1 < margin - 0.01 || x2 > format->width - margin + 0.01
          || y2 > format->height - margin + 0.01)
        g_error ("page %d of %g x %g reaches (%g, %g)-(%g, %g), past the margin of %g", page + 1,
                 format->width, format->height, x1, y1, x2, y2, margin);
    }
}

/* Every word pdftotext finds lies on its page. */
static void
assert_words_on_pages (const char *path)
{
  const char *argv[] = { "pdftotext", "-bbox", path, "-", NULL };
  g_autofree char *html = run (argv);
  const char *page = html;
  int n_words = 0;

  while ((page = strstr (page, "<page width=\"")) != NULL)
    {
      double width, height;
      const char *end = strstr (page + 1, "<page width=\"");
      const char *word = page;

      g_assert_cmpint (sscanf (page, "<page width=\"%lf\" height=\"%lf\"", &width, &height), ==, 2);
      while ((word = strstr (word + 1, "<word xMin=\"")) != NULL && (end == NULL || word < end))
        {
          double x1, y1, x2, y2;

          g_assert_cmpint (sscanf (word, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"",
                                   &x1, &y1, &x2, &y2), ==, 4);
          g_assert_cmpfloat (x1, >=, -0.5);
          g_assert_cmpfloat (y1, >=, -0.5);
          g_assert_cmpfloat (x2, <=, width + 0.5);
          g_assert_cmpfloat (y2, <=, height + 0.5);
          n_words++;
        }
      page++;
    }
  g_assert_cmpint (n_words, >, 100);
}

/* The map parts' headings name the columns and rows each shows whole;
 * together they must cover the map, so every hex is whole on some page. */
static void
assert_map_parts_cover (const char *text, KesselScenario *scenario)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  g_autofree gboolean *columns = g_new0 (gboolean, grid->columns + 1);
  g_autofree gboolean *rows = g_new0 (gboolean, grid->rows + 1);
  const char *part = text;
  int n_parts = 0;

  while ((part = strstr (part, "Map part ")) != NULL)
    {
      int c0, c1, r0, r1;
      const char *at = strstr (part, "columns ");

      g_assert_nonnull (at);
      g_assert_cmpint (sscanf (at, "columns %d\xe2\x80\x93%d, rows %d\xe2\x80\x93%d", &c0, &c1, &r0, &r1), ==, 4);
      g_assert_cmpint (c0, >=, 1);
      g_assert_cmpint (c1, <=, grid->columns);
      g_assert_cmpint (r0, >=, 1);
      g_assert_cmpint (r1, <=, grid->rows);
      for (int c = c0; c <= c1; c++)
        columns[c] = TRUE;
      for (int r = r0; r <= r1; r++)
        rows[r] = TRUE;
      n_parts++;
      part++;
    }
  g_assert_cmpint (n_parts, >=, 1);
  for (int c = 1; c <= grid->columns; c++)
    g_assert_true (columns[c]);
  for (int r = 1; r <= grid->rows; r++)
    g_assert_true (rows[r]);
}

static gboolean
has_substitutes (KesselScenario *scenario)
{
  for (int i = 0; i < kessel_scenario_get_n_units (scenario); i++)
    if (kessel_unit_get_substitute (kessel_scenario_get_unit (scenario, i)) != NULL)
      return TRUE;
  return FALSE;
}

/* Writes the sheets with kessel-cli and checks the PDF against them. */
static char *
check_cli_pdf (const char *input, KesselScenario *scenario, const Format *format, gboolean reference,
               int min_pages, int max_pages)
{
  g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, format, reference);
  g_autofree char *pdf = temp_file ("kessel-test-sheets.pdf");
  int expected = kessel_setup_sheets_get_n_pages (sheets), pages;
  double width, height;
  char *text;

  cli_sheets (input, pdf, format, reference, NULL);
  pdf_info (pdf, &pages, &width, &height);
  g_assert_cmpint (pages, ==, expected);
  g_assert_cmpint (pages, >=, min_pages);
  g_assert_cmpint (pages, <=, max_pages);
  g_assert_cmpfloat (fabs (width - format->width), <, 1);
  g_assert_cmpfloat (fabs (height - format->height), <, 1);
  text = pdf_text (pdf);
  assert_text_has_units (text, scenario);
  assert_map_parts_cover (text, scenario);
  assert_words_on_pages (pdf);
  assert_pages_fit (sheets, format);
  g_unlink (pdf);
  return text;
}

/* Tests */

static void
test_paper (void)
{
  KesselPaper paper;
  double width, height;

  g_assert_true (kessel_paper_from_string ("A4", &paper));
  g_assert_cmpint (paper, ==, KESSEL_PAPER_A4);
  g_assert_true (kessel_paper_from_string ("letter", &paper));
  g_assert_cmpint (paper, ==, KESSEL_PAPER_LETTER);
  g_assert_false (kessel_paper_from_string ("legal", &paper));
  kessel_paper_get_size (KESSEL_PAPER_A4, FALSE, &width, &height);
  g_assert_cmpfloat (width, ==, 595);
  g_assert_cmpfloat (height, ==, 842);
  kessel_paper_get_size (KESSEL_PAPER_LETTER, TRUE, &width, &height);
  g_assert_cmpfloat (width, ==, 792);
  g_assert_cmpfloat (height, ==, 612);
}

/* Every shipped scenario, on both papers both ways round. */
static void
test_cli_shipped (void)
{
  g_autofree char *dir_path = source_path ("data/scenarios");
  g_autoptr(GDir) dir = NULL;
  const char *name;
  int n_scenarios = 0;

  if (!have_tools ())
    return;
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autoptr(KesselScenario) scenario = NULL;

      if (!g_str_has_suffix (name, ".kessel"))
        continue;
      scenario = load_scenario (path);
      for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
        {
          /* The full game takes more pages than the small learning scenario. */
          int min_pages = g_str_equal (name, "first-panzer-army.kessel") ? 6 : 3;
          g_autofree char *text = check_cli_pdf (path, scenario, &formats[i], i == 0, min_pages, 60);

          g_assert_nonnull (strstr (text, kessel_scenario_get_title (scenario)));
          g_assert_true (!has_substitutes (scenario) || strstr (text, "Substitute counters") != NULL);
          g_assert_true (i != 0 || strstr (text, "Combat results (14.5)") != NULL);
        }
      n_scenarios++;
    }
  g_assert_cmpint (n_scenarios, >=, 1);
}

/* Thirty units in one hex and a name too long for its column still fit;
 * the hex's rows run on to the next page under a repeated header. */
static void
test_cli_crowded (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "crowded.kessel", NULL);
  g_autoptr(KesselScenario) scenario = NULL;

  if (!have_tools ())
    return;
  scenario = load_scenario (path);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *text = check_cli_pdf (path, scenario, &formats[i], TRUE, 5, 40);
      g_assert_nonnull (strstr (text, "German set-up, continued"));
    }
}

/* The layout keeps everything within the margins whatever the crowding. */
static void
test_crowded_fits (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "crowded.kessel", NULL);
  g_autoptr(KesselScenario) scenario = load_scenario (path);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, &formats[i], TRUE);
      assert_pages_fit (sheets, &formats[i]);
    }
}

/* Sheets drawn onto a recording surface stay within the page. */
static void
test_draw_within_page (void)
{
  g_autofree char *path = source_path ("data/scenarios/first-panzer-army.kessel");
  g_autoptr(KesselScenario) scenario = load_scenario (path);
  g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, &formats[1], TRUE);
  int n = kessel_setup_sheets_get_n_pages (sheets);

  for (int page = 0; page < n; page++)
    {
      cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cairo_t *cr = cairo_create (surface);
      double x, y, width, height;

      kessel_setup_sheets_draw_page (sheets, cr, formats[1].width, formats[1].height, page);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_recording_surface_ink_extents (surface, &x, &y, &width, &height);
      g_assert_cmpfloat (width, >, 0);
      g_assert_cmpfloat (x, >=, 0);
      g_assert_cmpfloat (y, >=, 0);
      g_assert_cmpfloat (x + width, <=, formats[1].width);
      g_assert_cmpfloat (y + height, <=, formats[1].height);
      cairo_surface_destroy (surface);
    }
}

/* A scenario just begun in the editor: no title, units, places or options. */
static void
test_empty_scenario (void)
{
  KesselGrid grid;
  g_autoptr(KesselScenario) scenario = NULL;

  g_assert_true (kessel_grid_init (&grid, 3, 2, FALSE));
  scenario = kessel_scenario_new (&grid);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, &formats[i], TRUE);
      int n = kessel_setup_sheets_get_n_pages (sheets);

      g_assert_cmpint (n, >=, 6);
      g_assert_cmpint (n, <=, 12);
      assert_pages_fit (sheets, &formats[i]);
    }
}

/* The largest grid a scenario may have still comes out, in readable parts. */
static void
test_largest_map (void)
{
  KesselGrid grid;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselSetupSheets) sheets = NULL;

  g_assert_true (kessel_grid_init (&grid, KESSEL_GRID_MAX_COLUMNS, KESSEL_GRID_MAX_ROWS, FALSE));
  scenario = kessel_scenario_new (&grid);
  sheets = sheets_new (scenario, &formats[0], FALSE);
  g_assert_cmpint (kessel_setup_sheets_get_n_pages (sheets), >, 30);
  assert_pages_fit (sheets, &formats[0]);
}

static void
test_reference_card (void)
{
  g_autofree char *path = source_path ("data/scenarios/first-panzer-army.kessel");
  g_autoptr(KesselScenario) scenario = load_scenario (path);
  g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, &formats[0], FALSE);
  int without = kessel_setup_sheets_get_n_pages (sheets), with;

  kessel_setup_sheets_set_include_reference (sheets, TRUE);
  with = kessel_setup_sheets_get_n_pages (sheets);
  g_assert_cmpint (with, >=, without + 1);
  g_assert_cmpint (with, <=, without + 2);
}

/* A game in progress: where its units stand, read back by kessel-cli. */
static KesselGame *
game_in_progress (KesselScenario *scenario, int n_actions)
{
  KesselGame *game = kessel_game_new (scenario, 11);
  KesselDice dice;

  kessel_dice_init (&dice, 12);
  for (int i = 0; i < n_actions && !kessel_game_is_over (game); i++)
    {
      KesselAction action;
      g_autoptr(GError) error = NULL;

      g_assert_true (kessel_game_random_action (game, &dice, &action));
      g_assert_true (kessel_game_apply (game, &action, &error));
      g_assert_no_error (error);
    }
  return game;
}

static void
test_game (void)
{
  g_autofree char *path = source_path ("data/scenarios/first-panzer-army.kessel");
  g_autofree char *saved = temp_file ("kessel-test-sheets.kessel-game");
  g_autofree char *pdf = temp_file ("kessel-test-sheets-game.pdf");
  g_autoptr(KesselScenario) scenario = load_scenario (path);
  g_autoptr(KesselGame) game = game_in_progress (scenario, 250);
  g_autoptr(KesselSetupSheets) sheets = sheets_new (scenario, &formats[0], FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  int pages;
  double width, height;

  kessel_setup_sheets_set_game (sheets, game);
  g_assert_nonnull (kessel_setup_sheets_get_game (sheets));
  assert_pages_fit (sheets, &formats[0]);
  if (!have_tools ())
    return;
  g_assert_true (kessel_game_save_file (game, saved, &error));
  g_assert_no_error (error);
  cli_sheets (path, pdf, &formats[0], FALSE, saved);
  pdf_info (pdf, &pages, &width, &height);
  g_assert_cmpint (pages, ==, kessel_setup_sheets_get_n_pages (sheets));
  text = pdf_text (pdf);
  g_assert_nonnull (strstr (text, "German units on the map"));
  g_assert_nonnull (strstr (text, "Units off the map"));
  for (int piece = 0; piece < kessel_game_get_n_pieces (game); piece++)
    {
      int hex = kessel_game_get_piece_hex (game, piece);
      g_autofree char *number = NULL;

      if (kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP)
        continue;
      number = g_strdup_printf ("%04d", kessel_grid_hex_number (grid, hex));
      g_assert_nonnull (strstr (text, number));
    }
  g_unlink (saved);
  g_unlink (pdf);
}

static void
test_write_pdf_error (void)
{
  g_autofree char *path = source_path ("data/scenarios/first-panzer-army.kessel");
  g_autoptr(KesselScenario) scenario = load_scenario (path);
  g_autoptr(KesselSetupSheets) sheets = kessel_setup_sheets_new (scenario);
  g_autoptr(GError) error = NULL;

  g_assert_false (kessel_setup_sheets_write_pdf (sheets, "/nonexistent-dir/sheets.pdf", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sheets/paper", test_paper);
  g_test_add_func ("/sheets/cli/shipped-scenarios", test_cli_shipped);
  g_test_add_func ("/sheets/cli/crowded-hex", test_cli_crowded);
  g_test_add_func ("/sheets/layout/crowded-hex-fits", test_crowded_fits);
  g_test_add_func ("/sheets/layout/draw-within-page", test_draw_within_page);
  g_test_add_func ("/sheets/layout/empty-scenario", test_empty_scenario);
  g_test_add_func ("/sheets/layout/largest-map", test_largest_map);
  g_test_add_func ("/sheets/reference-card", test_reference_card);
  g_test_add_func ("/sheets/game-in-progress", test_game);
  g_test_add_func ("/sheets/write-pdf-error", test_write_pdf_error);

  temp_dir = g_dir_make_tmp ("kessel-test-sheets-XXXXXX", NULL);
  g_assert_nonnull (temp_dir);
  status = g_test_run ();
  g_rmdir (temp_dir);
  g_free (temp_dir);
  return status;
}
