/* kessel-editor-files.c: the editor's files: New, Open, Save and Save As,
 * and the question before unsaved edits are thrown away. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-data-paths.h"
#include "kessel-editor-private.h"
#include "kessel-new-scenario-dialog.h"
#include "kessel-scenario-check.h"

gboolean
kessel_editor_save (KesselEditor *self, const char *path, GError **error)
{
  KesselScenario *scenario = kessel_editor_get_scenario (self);

  if (kessel_data_paths_is_program_data (path))
    {
      g_autofree char *base = g_path_get_basename (path);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("%s belongs to the scenarios that come with Kessel, which are never changed: save the scenario under another name or folder."),
                   base);
      return FALSE;
    }
  if (!kessel_scenario_save_file_for_editing (scenario, path, error))
    return FALSE;
  kessel_scenario_set_file_name (scenario, path);
  kessel_edit_history_mark_saved (self->history);
  g_signal_emit_by_name (self, "changed");
  return TRUE;
}

static void
save_or_tell (KesselEditor *self, const char *path)
{
  g_autoptr(GError) error = NULL;

  if (!kessel_editor_save (self, path, &error))
    kessel_editor_show_message (self, GTK_MESSAGE_ERROR, _("Could not save the scenario"), error->message);
}

static char *
with_suffix (const char *path)
{
  return g_str_has_suffix (path, KESSEL_SCENARIO_SUFFIX) ? g_strdup (path)
                                                         : g_strconcat (path, KESSEL_SCENARIO_SUFFIX, NULL);
}

static void
save_chooser_response (GtkNativeDialog *chooser, int response, KesselEditor *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *chosen = g_file_get_path (file);
      g_autofree char *path = chosen ? with_suffix (chosen) : NULL;

      if (path == NULL)
        kessel_editor_show_message (self, GTK_MESSAGE_ERROR, _("Could not save the scenario"), _("Not a local file."));
      /* The chooser asked about replacing the name typed, not this one. */
      else if (!g_str_equal (path, chosen) && g_file_test (path, G_FILE_TEST_EXISTS))
        kessel_editor_show_message (self, GTK_MESSAGE_ERROR, _("The scenario was not saved"),
                                    _("A file of that name with .kessel added exists already. To replace it, type its whole name."));
      else
        save_or_tell (self, path);
    }
  g_clear_object (&self->chooser);
}

/* Where Save Scenario As proposes to save: the scenario's own file, or, for
 * a new scenario or one that came with the program, a file named after it
 * in the user's scenario folder. */
char *
kessel_editor_suggest_save_path (KesselEditor *self)
{
  KesselScenario *scenario = kessel_editor_get_scenario (self);
  const char *current = kessel_scenario_get_file_name (scenario);
  const char *title = kessel_scenario_get_title (scenario);
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;

  if (current != NULL && !kessel_data_paths_is_program_data (current))
    return g_strdup (current);
  folder = kessel_data_paths_get_user_scenario_folder ();
  if (current != NULL)
    name = g_path_get_basename (current);
  else
    name = g_strdelimit (g_strconcat (title[0] ? title : _("Scenario"), KESSEL_SCENARIO_SUFFIX, NULL),
                         G_DIR_SEPARATOR_S, '-');
  return g_build_filename (folder, name, NULL);
}

static void
choose_save_file (KesselEditor *self)
{
  g_autofree char *path = kessel_editor_suggest_save_path (self);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);

  if (self->chooser != NULL)
    return;
  g_mkdir_with_parents (folder, 0755);   /* the user's folder, the first time */
  self->chooser = gtk_file_chooser_native_new (_("Save Scenario"), kessel_editor_parent_window (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder_file, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_now (KesselEditor *self, gboolean save_as)
{
  const char *path = kessel_scenario_get_file_name (kessel_editor_get_scenario (self));

  /* A scenario that came with the program is saved as a copy of the user's. */
  if (save_as || path == NULL || kessel_data_paths_is_program_data (path))
    choose_save_file (self);
  else
    save_or_tell (self, path);
}

static void
errors_response (GtkDialog *dialog, int response, KesselEditor *self)
{
  gboolean save_as = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "save-as"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    save_now (self, save_as);
}

/* A scenario with errors may be saved to be finished later, but not
 * without the author knowing: the game refuses to open it until fixed. */
static void
save_after_warning (KesselEditor *self, gboolean save_as)
{
  int errors;

  if (self->history == NULL)
    return;
  kessel_editor_commit_pending (self);
  errors = kessel_editor_count_errors (self);
  GtkWidget *dialog;

  if (errors == 0)
    {
      save_now (self, save_as);
      return;
    }
  dialog = gtk_message_dialog_new (kessel_editor_parent_window (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   g_dngettext (GETTEXT_PACKAGE, "The scenario has %d error",
                                                "The scenario has %d errors", errors), errors);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("It can be saved and finished later, but it cannot be played until the errors listed under Problems are fixed."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Save Anyway"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data (G_OBJECT (dialog), "save-as", GINT_TO_POINTER (save_as));
  g_signal_connect_object (dialog, "response", G_CALLBACK (errors_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
kessel_editor_activate_save (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  save_after_warning (data, FALSE);
}

void
kessel_editor_activate_save_as (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  save_after_warning (data, TRUE);
}

gboolean
kessel_editor_open_file (KesselEditor *self, const char *path, GError **error)
{
  g_autoptr(GPtrArray) dropped = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file_for_editing (path, &dropped, error);

  if (scenario == NULL)
    return FALSE;
  /* What was left out would be lost from the file by saving over it: Save
   * asks for a new name instead. */
  if (dropped->len > 0)
    kessel_scenario_set_file_name (scenario, NULL);
  kessel_editor_edit (self, scenario);
  if (dropped->len > 0)
    {
      g_autofree char *list = NULL;
      g_ptr_array_add (dropped, NULL);
      list = g_strjoinv ("\n", (char **) dropped->pdata);
      kessel_editor_show_message (self, GTK_MESSAGE_WARNING, _("Parts of the file were left out"), list);
    }
  return TRUE;
}

typedef struct {
  KesselEditor *editor;
  GCallback proceed;
  gpointer data;
} PendingDiscard;

static void
pending_discard_free (PendingDiscard *pending)
{
  g_object_unref (pending->editor);
  g_free (pending);
}

/* The pending request belongs to the dialog, which may also be destroyed
 * with its window without answering. */
static void
discard_response (GtkDialog *dialog, int response, gpointer data)
{
  PendingDiscard *pending = g_object_get_data (G_OBJECT (dialog), "pending");
  KesselEditor *editor = g_object_ref (pending->editor);
  GCallback proceed = pending->proceed;
  gpointer proceed_data = pending->data;

  /* Going on may close the window before the dialog's last reference. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    ((void (*) (KesselEditor *, gpointer)) proceed) (editor, proceed_data);
  g_object_unref (editor);
}

void
kessel_editor_confirm_discard (KesselEditor *self, GCallback proceed, gpointer data)
{
  PendingDiscard *pending;
  GtkWidget *dialog;

  kessel_editor_commit_pending (self);
  if (!kessel_editor_is_modified (self))
    {
      ((void (*) (KesselEditor *, gpointer)) proceed) (self, data);
      return;
    }
  pending = g_new0 (PendingDiscard, 1);
  pending->editor = g_object_ref (self);
  pending->proceed = proceed;
  pending->data = data;
  dialog = gtk_message_dialog_new (kessel_editor_parent_window (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   "%s", _("Discard the changes to the scenario?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The edits made since it was last saved are lost. Save it first with Editor ▸ Save Scenario."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Discard"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data_full (G_OBJECT (dialog), "pending", pending, (GDestroyNotify) pending_discard_free);
  g_signal_connect (dialog, "response", G_CALLBACK (discard_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_chooser_response (GtkNativeDialog *chooser, int response, KesselEditor *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        kessel_editor_show_message (self, GTK_MESSAGE_ERROR, _("Could not open the scenario"), _("Not a local file."));
      else if (!kessel_editor_open_file (self, path, &error))
        kessel_editor_show_message (self, GTK_MESSAGE_ERROR, _("Could not open the scenario"), error->message);
    }
  g_clear_object (&self->chooser);
}

static void
choose_open_file (KesselEditor *self, gpointer data)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  const char *current = kessel_scenario_get_file_name (kessel_editor_get_scenario (self));

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Open Scenario for Editing"), kessel_editor_parent_window (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Kessel scenarios"));
  gtk_file_filter_add_pattern (filter, "*" KESSEL_SCENARIO_SUFFIX);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (current != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (current);
      g_autoptr(GFile) folder = g_file_get_parent (file);
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  g_signal_connect (self->chooser, "response", G_CALLBACK (open_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
kessel_editor_activate_open (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  kessel_editor_confirm_discard (data, G_CALLBACK (choose_open_file), NULL);
}

static void
new_scenario_created (KesselNewScenarioDialog *dialog, KesselScenario *scenario, KesselEditor *self)
{
  g_autoptr(KesselEditHistory) history = kessel_edit_history_new (scenario);

  kessel_editor_set_history (self, history);
}

static void
show_new_scenario_dialog (KesselEditor *self, gpointer data)
{
  KesselNewScenarioDialog *dialog = kessel_new_scenario_dialog_new (kessel_editor_parent_window (self));

  g_signal_connect (dialog, "create", G_CALLBACK (new_scenario_created), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
kessel_editor_activate_new (GSimpleAction *action, GVariant *parameter, gpointer data)
{
  kessel_editor_confirm_discard (data, G_CALLBACK (show_new_scenario_dialog), NULL);
}
