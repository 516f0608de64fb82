/* kessel-print.c: the setup sheets through GtkPrintOperation and as a PDF.
 *
 * The print operation works in points on the whole page, so the sheets lay
 * themselves out for the paper chosen and keep their own margins, the same
 * as in a PDF written directly. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-print.h"

#define STATE_KEY "kessel-print-state"
#define SHEETS_KEY "kessel-print-sheets"
#define GAME_KEY "kessel-print-game"
#define REFERENCE_CHECK_KEY "kessel-print-reference-check"
#define POSITIONS_CHECK_KEY "kessel-print-positions-check"

/* Shared by the window and each print operation under way, so that an
 * operation may outlive its window: the dialog stays open when the window
 * is closed, and printing finishes. window is NULL once it is gone. */
typedef struct {
  GtkApplicationWindow *window;
  KesselPrintScenarioFunc get_scenario;
  KesselPrintGameFunc get_game;
  gpointer data;
  GtkPrintSettings *settings;       /* as last printed, or NULL */
  GtkPageSetup *page_setup;
  GtkFileChooserNative *chooser;    /* while it is shown */
} PrintState;

static void
print_state_clear (gpointer data)
{
  PrintState *state = data;

  if (state->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (state->window), (gpointer *) &state->window);
  g_clear_object (&state->settings);
  g_clear_object (&state->page_setup);
}

static void
print_state_release (gpointer data)
{
  g_rc_box_release_full (data, print_state_clear);
}

/* The export dialog closes with its window; an operation keeps the rest. */
static void
print_state_window_gone (gpointer data)
{
  PrintState *state = data;

  if (state->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (state->chooser));
  g_clear_object (&state->chooser);
  print_state_release (state);
}

/* Options */

static gboolean
get_boolean_state (PrintState *state, const char *name)
{
  g_autoptr(GVariant) value = NULL;

  if (state->window != NULL)
    value = g_action_group_get_action_state (G_ACTION_GROUP (state->window), name);
  return value != NULL && g_variant_get_boolean (value);
}

static void
set_boolean_state (PrintState *state, const char *name, gboolean value)
{
  if (state->window != NULL)
    g_action_group_change_action_state (G_ACTION_GROUP (state->window), name, g_variant_new_boolean (value));
}

static KesselScenario *
current_scenario (PrintState *state)
{
  return state->window != NULL && state->get_scenario != NULL ? state->get_scenario (state->data) : NULL;
}

/* The window's game, if it plays the window's scenario. */
static KesselGame *
current_game (PrintState *state, KesselScenario *scenario)
{
  KesselGame *game = state->window != NULL && state->get_game != NULL ? state->get_game (state->data) : NULL;

  return game != NULL && kessel_game_get_scenario (game) == scenario ? game : NULL;
}

static void
apply_options (KesselSetupSheets *sheets, KesselGame *game, gboolean reference, gboolean positions)
{
  kessel_setup_sheets_set_include_reference (sheets, reference);
  kessel_setup_sheets_set_game (sheets, positions ? game : NULL);
}

static KesselSetupSheets *
sheets_for_window (PrintState *state)
{
  KesselScenario *scenario = current_scenario (state);
  KesselSetupSheets *sheets;

  if (scenario == NULL)
    return NULL;
  sheets = kessel_setup_sheets_new (scenario);
  apply_options (sheets, current_game (state, scenario), get_boolean_state (state, "setup-sheets-reference"),
                 get_boolean_state (state, "setup-sheets-positions"));
  return sheets;
}

/* Over the window, or alone once the window is gone. */
static void
show_error (PrintState *state, const char *primary, const char *secondary)
{
  GtkWidget *dialog = gtk_message_dialog_new (state->window != NULL ? GTK_WINDOW (state->window) : NULL,
                                              GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", primary);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Paper */

GtkPageSetup *
kessel_print_page_setup_new (KesselPaper paper, gboolean landscape)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  GtkPaperSize *size = gtk_paper_size_new (paper == KESSEL_PAPER_LETTER ? GTK_PAPER_NAME_LETTER
                                                                         : GTK_PAPER_NAME_A4);

  gtk_page_setup_set_paper_size (setup, size);
  gtk_page_setup_set_orientation (setup, landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE
                                                   : GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_paper_size_free (size);
  return setup;
}

static KesselPaper
paper_of (GtkPageSetup *setup)
{
  GtkPaperSize *size = gtk_page_setup_get_paper_size (setup);

  return g_strcmp0 (gtk_paper_size_get_name (size), GTK_PAPER_NAME_LETTER) == 0 ? KESSEL_PAPER_LETTER
                                                                                  : KESSEL_PAPER_A4;
}

static gboolean
is_landscape (GtkPageSetup *setup)
{
  GtkPageOrientation orientation = gtk_page_setup_get_orientation (setup);

  return orientation == GTK_PAGE_ORIENTATION_LANDSCAPE
         || orientation == GTK_PAGE_ORIENTATION_REVERSE_LANDSCAPE;
}

/* Letter where the locale prints on it, A4 elsewhere. */
static GtkPageSetup *
default_page_setup (void)
{
  const char *name = gtk_paper_size_get_default ();

  return kessel_print_page_setup_new (g_strcmp0 (name, GTK_PAPER_NAME_LETTER) == 0 ? KESSEL_PAPER_LETTER
                                                                                   : KESSEL_PAPER_A4,
                                      FALSE);
}

/* The paper and orientation chosen in the print dialog, for next time. */
static void
remember_page_setup (PrintState *state, GtkPrintSettings *settings)
{
  GtkPaperSize *size = gtk_print_settings_get_paper_size (settings);

  if (size != NULL)
    {
      gtk_page_setup_set_paper_size (state->page_setup, size);
      gtk_paper_size_free (size);
    }
  if (gtk_print_settings_has_key (settings, GTK_PRINT_SETTINGS_ORIENTATION))
    gtk_page_setup_set_orientation (state->page_setup, gtk_print_settings_get_orientation (settings));
}

/* The print operation */

static KesselSetupSheets *
operation_sheets (GtkPrintOperation *operation)
{
  return g_object_get_data (G_OBJECT (operation), SHEETS_KEY);
}

/* The window's game when the dialog was opened, or NULL. */
static KesselGame *
operation_game (GtkPrintOperation *operation)
{
  return g_object_get_data (G_OBJECT (operation), GAME_KEY);
}

static void
begin_print (GtkPrintOperation *operation, GtkPrintContext *context, gpointer user_data)
{
  int n_pages = kessel_setup_sheets_get_n_pages_for_size (operation_sheets (operation),
                                                          gtk_print_context_get_width (context),
                                                          gtk_print_context_get_height (context));

  gtk_print_operation_set_n_pages (operation, n_pages);
}

static void
draw_page (GtkPrintOperation *operation, GtkPrintContext *context, int page, gpointer user_data)
{
  kessel_setup_sheets_draw_page (operation_sheets (operation), gtk_print_context_get_cairo_context (context),
                                 gtk_print_context_get_width (context),
                                 gtk_print_context_get_height (context), page);
}

static GtkPrintOperation *
operation_new (KesselSetupSheets *sheets, GtkPageSetup *page_setup)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  const char *title = kessel_scenario_get_title (kessel_setup_sheets_get_scenario (sheets));

  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_default_page_setup (operation, page_setup);
  gtk_print_operation_set_job_name (operation, title && *title ? title : _("Setup sheets"));
  g_object_set_data_full (G_OBJECT (operation), SHEETS_KEY, g_object_ref (sheets), g_object_unref);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print), NULL);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page), NULL);
  return operation;
}

gboolean
kessel_print_export_to_file (KesselSetupSheets *sheets, GtkPageSetup *page_setup, const char *path,
                             GError **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  GtkPrintOperationResult result;

  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (sheets), FALSE);
  g_return_val_if_fail (GTK_IS_PAGE_SETUP (page_setup), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  operation = operation_new (sheets, page_setup);
  gtk_print_operation_set_export_filename (operation, path);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT, NULL, error);
  return result != GTK_PRINT_OPERATION_RESULT_ERROR;
}

/* The print dialog's own tab: the options of the sheets. */
static GObject *
create_custom_widget (GtkPrintOperation *operation, PrintState *state)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *reference = gtk_check_button_new_with_mnemonic (_("Add the _quick-reference card"));
  GtkWidget *positions = gtk_check_button_new_with_mnemonic (_("Show the units where they stand in the _game"));
  gboolean has_game = operation_game (operation) != NULL;

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (reference), get_boolean_state (state, "setup-sheets-reference"));
  /* Without a game there are no positions to show. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (positions),
                               has_game && get_boolean_state (state, "setup-sheets-positions"));
  gtk_widget_set_sensitive (positions, has_game);
  gtk_box_append (GTK_BOX (box), reference);
  gtk_box_append (GTK_BOX (box), positions);
  g_object_set_data (G_OBJECT (operation), REFERENCE_CHECK_KEY, reference);
  g_object_set_data (G_OBJECT (operation), POSITIONS_CHECK_KEY, positions);
  return G_OBJECT (box);
}

static void
custom_widget_apply (GtkPrintOperation *operation, GtkWidget *widget, PrintState *state)
{
  GtkCheckButton *reference = g_object_get_data (G_OBJECT (operation), REFERENCE_CHECK_KEY);
  GtkCheckButton *positions = g_object_get_data (G_OBJECT (operation), POSITIONS_CHECK_KEY);

  set_boolean_state (state, "setup-sheets-reference", gtk_check_button_get_active (reference));
  if (gtk_widget_get_sensitive (GTK_WIDGET (positions)))
    set_boolean_state (state, "setup-sheets-positions", gtk_check_button_get_active (positions));
  apply_options (operation_sheets (operation), operation_game (operation), gtk_check_button_get_active (reference),
                 gtk_check_button_get_active (positions));
}

static void
print_done (GtkPrintOperation *operation, GtkPrintOperationResult result, PrintState *state)
{
  g_autoptr(GError) error = NULL;

  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      gtk_print_operation_get_error (operation, &error);
      show_error (state, _("Could not print the setup sheets"), error ? error->message : "");
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    {
      g_set_object (&state->settings, gtk_print_operation_get_print_settings (operation));
      if (state->settings != NULL)
        remember_page_setup (state, state->settings);
    }
  g_object_unref (operation);
}

static void
print_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrintState *state = user_data;
  g_autoptr(KesselSetupSheets) sheets = sheets_for_window (state);
  GtkPrintOperation *operation;
  KesselGame *game;

  if (sheets == NULL)
    {
      show_error (state, _("Could not print the setup sheets"), _("No scenario is open."));
      return;
    }
  operation = operation_new (sheets, state->page_setup);
  g_object_set_data_full (G_OBJECT (operation), STATE_KEY, g_rc_box_acquire (state), print_state_release);
  game = current_game (state, kessel_setup_sheets_get_scenario (sheets));
  if (game != NULL)
    g_object_set_data_full (G_OBJECT (operation), GAME_KEY, g_object_ref (game), g_object_unref);
  if (state->settings != NULL)
    gtk_print_operation_set_print_settings (operation, state->settings);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_allow_async (operation, TRUE);
  gtk_print_operation_set_custom_tab_label (operation, _("Setup Sheets"));
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget), state);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply), state);
  g_signal_connect (operation, "done", G_CALLBACK (print_done), state);
  /* Whatever happens, the operation ends in print_done, which reports
   * errors and lets it go. */
  gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, GTK_WINDOW (state->window),
                           NULL);
}

/* Export as PDF */

static void
add_choices (PrintState *state, GtkFileChooser *chooser, gboolean with_game)
{
  const char *papers[] = { "a4", "letter", NULL };
  const char *paper_labels[] = { _("A4"), _("US Letter"), NULL };
  const char *orientations[] = { "portrait", "landscape", NULL };
  const char *orientation_labels[] = { _("Portrait"), _("Landscape"), NULL };

  gtk_file_chooser_add_choice (chooser, "paper", _("Paper:"), papers, paper_labels);
  gtk_file_chooser_set_choice (chooser, "paper", paper_of (state->page_setup) == KESSEL_PAPER_LETTER ? "letter" : "a4");
  gtk_file_chooser_add_choice (chooser, "orientation", _("Orientation:"), orientations, orientation_labels);
  gtk_file_chooser_set_choice (chooser, "orientation", is_landscape (state->page_setup) ? "landscape" : "portrait");
  gtk_file_chooser_add_choice (chooser, "reference", _("Quick-reference card"), NULL, NULL);
  gtk_file_chooser_set_choice (chooser, "reference",
                               get_boolean_state (state, "setup-sheets-reference") ? "true" : "false");
  if (!with_game)
    return;
  gtk_file_chooser_add_choice (chooser, "positions", _("Units where they stand in the game"), NULL, NULL);
  gtk_file_chooser_set_choice (chooser, "positions",
                               get_boolean_state (state, "setup-sheets-positions") ? "true" : "false");
}

static gboolean
choice_is (GtkFileChooser *chooser, const char *id, const char *value)
{
  return g_strcmp0 (gtk_file_chooser_get_choice (chooser, id), value) == 0;
}

/* Takes the choices of the dialog as the options from now on. */
static void
take_choices (PrintState *state, GtkFileChooser *chooser)
{
  g_autoptr(GtkPageSetup) setup = kessel_print_page_setup_new (choice_is (chooser, "paper", "letter")
                                                               ? KESSEL_PAPER_LETTER : KESSEL_PAPER_A4,
                                                               choice_is (chooser, "orientation", "landscape"));

  g_set_object (&state->page_setup, setup);
  set_boolean_state (state, "setup-sheets-reference", choice_is (chooser, "reference", "true"));
  if (gtk_file_chooser_get_choice (chooser, "positions") != NULL)
    set_boolean_state (state, "setup-sheets-positions", choice_is (chooser, "positions", "true"));
}

static void
export_sheets (PrintState *state, const char *path)
{
  g_autoptr(KesselSetupSheets) sheets = sheets_for_window (state);
  g_autoptr(GError) error = NULL;

  if (sheets == NULL)
    {
      show_error (state, _("Could not export the setup sheets"), _("No scenario is open."));
      return;
    }
  kessel_setup_sheets_set_paper (sheets, paper_of (state->page_setup));
  kessel_setup_sheets_set_landscape (sheets, is_landscape (state->page_setup));
  if (!kessel_setup_sheets_write_pdf (sheets, path, &error))
    show_error (state, _("Could not export the setup sheets"), error->message);
}

static void
export_response (GtkNativeDialog *chooser, int response, PrintState *state)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      take_choices (state, GTK_FILE_CHOOSER (chooser));
      if (path != NULL)
        export_sheets (state, path);
      else
        show_error (state, _("Could not export the setup sheets"), _("Choose a local file."));
    }
  g_clear_object (&state->chooser);
}

static char *
suggested_name (KesselScenario *scenario)
{
  const char *title = kessel_scenario_get_title (scenario);

  /* Translators: the file name offered for the exported setup sheets. */
  return g_strdup_printf (_("%s setup sheets.pdf"), title && *title ? title : _("Scenario"));
}

static void
export_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  PrintState *state = user_data;
  KesselScenario *scenario = current_scenario (state);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;

  if (scenario == NULL)
    {
      show_error (state, _("Could not export the setup sheets"), _("No scenario is open."));
      return;
    }
  if (state->chooser != NULL)
    return;
  state->chooser = gtk_file_chooser_native_new (_("Export Setup Sheets as PDF"), GTK_WINDOW (state->window),
                                                GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (state->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("PDF documents"));
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (state->chooser), filter);
  name = suggested_name (scenario);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (state->chooser), name);
  add_choices (state, GTK_FILE_CHOOSER (state->chooser), current_game (state, scenario) != NULL);
  g_signal_connect (state->chooser, "response", G_CALLBACK (export_response), state);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (state->chooser));
}

/* Setting up */

static void
boolean_changed (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  g_simple_action_set_state (action, value);
}

static const GActionEntry print_actions[] = {
  { .name = "print-setup-sheets", .activate = print_activated },
  { .name = "export-setup-sheets", .activate = export_activated },
  { .name = "setup-sheets-reference", .state = "false", .change_state = boolean_changed },
  { .name = "setup-sheets-positions", .state = "true", .change_state = boolean_changed },
};

static void
set_accels (GtkApplication *application)
{
  const char *print[] = { "<Control>p", NULL };
  const char *export[] = { "<Control><Shift>e", NULL };

  gtk_application_set_accels_for_action (application, "win.print-setup-sheets", print);
  gtk_application_set_accels_for_action (application, "win.export-setup-sheets", export);
}

/* The window gets its application after it is made. */
static void
application_set (GtkWindow *window, GParamSpec *pspec, gpointer user_data)
{
  GtkApplication *application = gtk_window_get_application (window);

  if (application != NULL)
    set_accels (application);
}

void
kessel_print_add_actions (GtkApplicationWindow *window, KesselPrintScenarioFunc get_scenario,
                          KesselPrintGameFunc get_game, gpointer data)
{
  PrintState *state;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));

  state = g_rc_box_new0 (PrintState);
  state->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &state->window);
  state->get_scenario = get_scenario;
  state->get_game = get_game;
  state->data = data;
  state->page_setup = default_page_setup ();
  g_object_set_data_full (G_OBJECT (window), STATE_KEY, state, print_state_window_gone);
  g_action_map_add_action_entries (G_ACTION_MAP (window), print_actions, G_N_ELEMENTS (print_actions), state);
  if (gtk_window_get_application (GTK_WINDOW (window)) != NULL)
    set_accels (gtk_window_get_application (GTK_WINDOW (window)));
  else
    g_signal_connect (window, "notify::application", G_CALLBACK (application_set), NULL);
}
