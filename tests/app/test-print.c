/* test-print.c: the setup sheets through GtkPrintOperation, and the window's
 * print actions. Needs a display (without one every test is skipped) and
 * pdfinfo and pdftotext from poppler-utils. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <gtk/gtkunixprint.h>
#include <math.h>
#include <string.h>

#include "kessel-application.h"
#include "kessel-print.h"
#include "kessel-window.h"

static gboolean have_display;
static KesselApplication *app;
static char *temp_dir;

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display for GTK");
  return have_display;
}

static gboolean
need_poppler (void)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  if (pdfinfo == NULL || pdftotext == NULL)
    g_test_skip ("pdfinfo and pdftotext (Debian package poppler-utils) are needed");
  return pdfinfo != NULL && pdftotext != NULL;
}

static char *
run (const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
pdf_info (const char *path, int *pages, double *width, double *height)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *info = run (argv);
  const char *line = strstr (info, "Pages:");

  g_assert_nonnull (line);
  *pages = atoi (line + strlen ("Pages:"));
  line = strstr (info, "Page size:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "Page size: %lf x %lf", width, height), ==, 2);
}

/* The words of a PDF, one space between each. */
static char *
pdf_words (const char *path)
{
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", path, "-", NULL };
  g_autofree char *text = run (argv);
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n\f", -1);
  GString *flat = g_string_new (NULL);

  for (int i = 0; words[i]; i++)
    if (*words[i])
      g_string_append_printf (flat, "%s%s", flat->len ? " " : "", words[i]);
  return g_string_free (flat, FALSE);
}

static KesselScenario *
shipped_scenario (void)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario;

  g_assert_nonnull (path);
  scenario = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return scenario;
}

/* Printing to a file gives the pages the sheets write themselves. */
static void
check_export (KesselPaper paper, gboolean landscape, gboolean reference)
{
  g_autoptr(KesselScenario) scenario = shipped_scenario ();
  g_autoptr(KesselSetupSheets) sheets = kessel_setup_sheets_new (scenario);
  g_autoptr(GtkPageSetup) setup = kessel_print_page_setup_new (paper, landscape);
  g_autofree char *direct = g_build_filename (temp_dir, "direct.pdf", NULL);
  g_autofree char *printed = g_build_filename (temp_dir, "printed.pdf", NULL);
  g_autofree char *direct_words = NULL;
  g_autofree char *printed_words = NULL;
  g_autoptr(GError) error = NULL;
  int direct_pages, printed_pages;
  double direct_width, direct_height, printed_width, printed_height, width, height;

  kessel_setup_sheets_set_paper (sheets, paper);
  kessel_setup_sheets_set_landscape (sheets, landscape);
  kessel_setup_sheets_set_include_reference (sheets, reference);
  kessel_setup_sheets_get_page_size (sheets, &width, &height);
  g_assert_true (kessel_setup_sheets_write_pdf (sheets, direct, &error));
  g_assert_no_error (error);
  g_assert_true (kessel_print_export_to_file (sheets, setup, printed, &error));
  g_assert_no_error (error);

  pdf_info (direct, &direct_pages, &direct_width, &direct_height);
  pdf_info (printed, &printed_pages, &printed_width, &printed_height);
  g_assert_cmpint (printed_pages, ==, direct_pages);
  g_assert_cmpint (printed_pages, ==, kessel_setup_sheets_get_n_pages (sheets));
  g_assert_cmpfloat (fabs (printed_width - width), <, 1);
  g_assert_cmpfloat (fabs (printed_height - height), <, 1);
  g_assert_cmpfloat (fabs (direct_width - width), <, 1);
  direct_words = pdf_words (direct);
  printed_words = pdf_words (printed);
  g_assert_cmpstr (printed_words, ==, direct_words);
  g_assert_nonnull (strstr (printed_words, "German set-up"));
  g_unlink (direct);
  g_unlink (printed);
}

static void
test_export_a4 (void)
{
  if (need_display () && need_poppler ())
    check_export (KESSEL_PAPER_A4, FALSE, TRUE);
}

static void
test_export_letter_landscape (void)
{
  if (need_display () && need_poppler ())
    check_export (KESSEL_PAPER_LETTER, TRUE, FALSE);
}

static gboolean
menu_has_action (GMenuModel *model, const char *name)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
          && g_strcmp0 (action, name) == 0)
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) child = g_menu_link_iter_get_value (links);
          if (menu_has_action (child, name))
            return TRUE;
        }
    }
  return FALSE;
}

/* GTK may write the modifiers in another order: compare what they mean. */
static void
assert_accel (const char *action, const char *accel)
{
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);
  guint key, found_key;
  GdkModifierType mods, found_mods;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_true (gtk_accelerator_parse (accels[0], &found_key, &found_mods));
  g_assert_cmpuint (found_key, ==, key);
  g_assert_cmpuint (found_mods, ==, mods);
}

static void
test_window_actions (void)
{
  KesselWindow *window;
  GActionGroup *group;
  GMenuModel *menubar;

  if (!need_display ())
    return;
  window = kessel_window_new (app);
  group = G_ACTION_GROUP (window);
  g_assert_true (g_action_group_has_action (group, "print-setup-sheets"));
  g_assert_true (g_action_group_has_action (group, "export-setup-sheets"));
  g_assert_true (g_action_group_has_action (group, "setup-sheets-reference"));
  g_assert_true (g_action_group_has_action (group, "setup-sheets-positions"));
  assert_accel ("win.print-setup-sheets", "<Control>p");
  assert_accel ("win.export-setup-sheets", "<Control><Shift>e");

  g_action_group_change_action_state (group, "setup-sheets-reference", g_variant_new_boolean (TRUE));
  {
    g_autoptr(GVariant) state = g_action_group_get_action_state (group, "setup-sheets-reference");
    g_assert_true (g_variant_get_boolean (state));
  }

  menubar = gtk_application_get_menubar (GTK_APPLICATION (app));
  g_assert_nonnull (menubar);
  g_assert_true (menu_has_action (menubar, "win.print-setup-sheets"));
  g_assert_true (menu_has_action (menubar, "win.export-setup-sheets"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Runs the main loop until *done, or for at most ten seconds. */
static gboolean
wait_until (gboolean (*done) (gpointer data), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return done (data);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
has_printer (gpointer data)
{
  return gtk_print_unix_dialog_get_selected_printer (data) != NULL;
}

/* A whole PDF: it ends with its end-of-file marker. */
static gboolean
pdf_written (gpointer data)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  return g_file_get_contents (data, &contents, &length, NULL) && length > 6
         && memcmp (contents + length - 6, "%%EOF\n", 6) == 0;
}

static GtkPrintUnixDialog *
find_print_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (GTK_IS_PRINT_UNIX_DIALOG (toplevel))
        return GTK_PRINT_UNIX_DIALOG (toplevel);
    }
  return NULL;
}

/* The window closed while its print dialog is open, then Print pressed in
 * the dialog: the sheets are printed without the window's print state. */
static void
test_close_window_under_dialog (void)
{
  KesselWindow *window;
  GtkPrintUnixDialog *dialog;
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  g_autofree char *path = g_build_filename (temp_dir, "after-close.pdf", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  int pages;
  double width, height;

  if (!need_display () || !need_poppler ())
    return;
  window = kessel_window_new (app);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  kessel_window_open_default_scenario (window);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "print-setup-sheets", NULL);
  dialog = find_print_dialog ();
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_print_settings_set_printer (settings, "Print to File");
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri);
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf");
  gtk_print_unix_dialog_set_settings (dialog, settings);
  if (!wait_until (has_printer, dialog))
    {
      gtk_window_destroy (GTK_WINDOW (dialog));
      gtk_window_destroy (GTK_WINDOW (window));
      g_test_skip ("GTK's Print to File printer did not appear");
      return;
    }

  g_assert_nonnull (window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (wait_until (is_null, &window));
  g_assert_nonnull (dialog);
  gtk_widget_activate (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK));
  g_assert_true (wait_until (is_null, &dialog));
  g_assert_true (wait_until (pdf_written, path));
  pdf_info (path, &pages, &width, &height);
  g_assert_cmpint (pages, >, 0);
  g_unlink (path);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  temp_dir = g_dir_make_tmp ("kessel-test-print-XXXXXX", NULL);
  g_assert_nonnull (temp_dir);

  g_test_add_func ("/print/export/a4-portrait", test_export_a4);
  g_test_add_func ("/print/export/letter-landscape", test_export_letter_landscape);
  g_test_add_func ("/print/window-actions", test_window_actions);
  g_test_add_func ("/print/close-window-under-dialog", test_close_window_under_dialog);

  status = g_test_run ();
  g_rmdir (temp_dir);
  g_free (temp_dir);
  g_clear_object (&app);
  return status;
}
