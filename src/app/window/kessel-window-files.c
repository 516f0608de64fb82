/* kessel-window-files.c: new games, opening scenarios, saved games and turn
 * files, saving games, the automatic save and its rescue, the questions
 * before moves are lost, and the window's title. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <glib/gstdio.h>

#include "kessel-data-paths.h"
#include "kessel-recent-menu.h"
#include "kessel-window-private.h"

/* The window's title */

static void
update_editor_title (KesselWindow *self)
{
  KesselScenario *scenario = kessel_editor_get_scenario (self->editor);
  const char *file = scenario != NULL ? kessel_scenario_get_file_name (scenario) : NULL;
  g_autofree char *base = file != NULL ? g_path_get_basename (file) : g_strdup (_("New scenario"));
  /* Translators: the window title while editing: unsaved mark, the scenario's file. */
  g_autofree char *window_title = g_strdup_printf (_("%s%s — Scenario Editor — Kessel"),
                                                   kessel_editor_is_modified (self->editor) ? "*" : "", base);

  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* A game by e-mail is named by its identity and the side played here. */
static char *
pbem_title (KesselPbem *pbem)
{
  const char *dice = kessel_pbem_get_dice (pbem) == KESSEL_PBEM_DICE_MOVER ? _("dice rolled by the mover")
                                                                          : _("verified dice");

  /* Translators: the window title's name of a game by e-mail: its identity, the side played, the dice. */
  return g_strdup_printf (_("Game by e-mail %.8s, %s side, %s"), kessel_pbem_get_game_id (pbem),
                          kessel_side_display_name (kessel_pbem_get_side (pbem)), dice);
}

void
kessel_window_update_title (KesselWindow *self)
{
  KesselScenario *scenario = kessel_window_get_scenario (self);
  const char *title = scenario != NULL ? kessel_scenario_get_title (scenario) : "";

  gtk_label_set_text (self->title_label, title);
  if (kessel_window_is_editing (self))
    update_editor_title (self);
  else if (self->game != NULL)
    {
      g_autofree char *base = self->pbem ? pbem_title (self->pbem)
                              : self->game_path ? g_path_get_basename (self->game_path) : g_strdup (_("New game"));
      /* A seeded game says so, for its dice can be worked out from the seed. */
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, kessel_game_get_seed (self->game));
      /* Translators: after the game's file in the window title; %s is the seed. */
      g_autofree char *seeded = kessel_game_is_seeded (self->game) ? g_strdup_printf (_(" (seeded dice: %s)"), seed)
                                                                   : g_strdup ("");
      /* Translators: the window title while playing: unsaved mark, the game's file, seeded mark, the scenario. */
      g_autofree char *window_title = g_strdup_printf (_("%s%s%s — %s — Kessel"), self->game_dirty ? "*" : "",
                                                       base, seeded, title);
      gtk_window_set_title (GTK_WINDOW (self), window_title);
    }
  else if (title[0] != '\0')
    {
      /* Translators: the window title, with the scenario's title. */
      g_autofree char *window_title = g_strdup_printf (_("Kessel — %s"), title);
      gtk_window_set_title (GTK_WINDOW (self), window_title);
    }
  else
    gtk_window_set_title (GTK_WINDOW (self), _("Kessel"));
}

/* New, saved and rescued games */

char *
kessel_window_get_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kessel", "autosave" SAVED_GAME_SUFFIX, NULL);
}

/* A phase's end is a moment worth keeping: a crash loses at most the phase
 * under way. */
void
kessel_window_autosave (KesselWindow *self)
{
  g_autofree char *path = kessel_window_get_autosave_path ();
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  if (self->pbem != NULL)
    return;   /* its turn files and copies keep it */
  if (g_mkdir_with_parents (folder, 0700) != 0
      || !kessel_game_save_file (self->game, path, &error))
    g_warning ("Could not save the game automatically to %s: %s", path,
               error ? error->message : g_strerror (errno));
}

void
kessel_window_new_game (KesselWindow *self,
                        guint64       seed)
{
  KesselScenario *scenario;
  g_autoptr(KesselGame) game = NULL;

  g_return_if_fail (KESSEL_IS_WINDOW (self));
  scenario = kessel_window_get_scenario (self);
  if (scenario == NULL)
    return;
  game = kessel_game_new (scenario, seed);
  kessel_game_set_option (game, KESSEL_FOG_OF_WAR_OPTION, TRUE);   /* as the dialog offers it */
  kessel_window_set_game (self, game, NULL);
}

gboolean
kessel_window_save_game (KesselWindow  *self,
                         const char    *path,
                         GError       **error)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->game == NULL)
    return FALSE;
  if (!kessel_game_save_file (self->game, path, error))
    return FALSE;
  kessel_window_replace_string (&self->game_path, path);
  self->game_dirty = FALSE;
  kessel_recent_menu_add (path);
  kessel_window_update_title (self);
  return TRUE;
}

static gboolean
open_game_file (KesselWindow  *self,
                const char    *path,
                GError       **error)
{
  g_autoptr(KesselGame) game = kessel_game_load_file (path, error);

  if (game == NULL)
    return FALSE;
  kessel_window_show_scenario (self, kessel_game_get_scenario (game));
  kessel_window_set_game (self, game, path);
  /* Whoever opens it may be either player (6.3). */
  kessel_play_panel_leave_seat (self->play_panel);
  return TRUE;
}

/* A game ended cleanly, saved or given up, needs no rescue. */
void
kessel_window_forget_autosave (void)
{
  g_autofree char *path = kessel_window_get_autosave_path ();

  g_unlink (path);
}

static void
autosave_response (GtkDialog    *dialog,
                   int           response,
                   KesselWindow *self)
{
  g_autofree char *path = kessel_window_get_autosave_path ();
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_NO)
    kessel_window_forget_autosave ();
  if (response != GTK_RESPONSE_YES)
    return;
  if (!open_game_file (self, path, &error))
    {
      kessel_window_show_error (self, _("Could not resume the game"), error->message);
      return;
    }
  /* It is a rescue, not a file the players chose: Save asks where. */
  g_clear_pointer (&self->game_path, g_free);
  self->game_dirty = TRUE;
  kessel_window_update_title (self);
}

void
kessel_window_offer_autosave (KesselWindow *self)
{
  g_autofree char *path = kessel_window_get_autosave_path ();
  GtkWidget *dialog;

  g_return_if_fail (KESSEL_IS_WINDOW (self));
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;
  dialog = kessel_window_question_dialog (self, _("Resume the interrupted game?"),
                                          _("Kessel was closed during a game. It was saved automatically at the start of its last phase."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Discard It"), GTK_RESPONSE_NO,
                          _("_Resume"), GTK_RESPONSE_YES, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_YES);
  g_signal_connect (dialog, "response", G_CALLBACK (autosave_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_chosen (KesselNewGameDialog *dialog,
                 KesselWindow        *self)
{
  g_autoptr(KesselGame) game = kessel_new_game_dialog_create_game (dialog);

  if (game == NULL)
    return;
  kessel_window_set_game (self, game, NULL);
}

KesselNewGameDialog *
kessel_window_show_new_game_dialog (KesselWindow *self)
{
  KesselScenario *scenario = kessel_window_get_scenario (self);
  KesselNewGameDialog *dialog;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if (scenario == NULL)
    return NULL;
  dialog = kessel_new_game_dialog_new (GTK_WINDOW (self), scenario);
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
kessel_window_new_game_activated (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  if (kessel_window_editor_takes (user_data, "new"))
    return;
  if (!kessel_window_ask_before_replacing (user_data, NULL))
    kessel_window_show_new_game_dialog (user_data);
}

static void
save_chooser_response (GtkNativeDialog *chooser,
                       int              response,
                       KesselWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path != NULL && !g_str_has_suffix (path, SAVED_GAME_SUFFIX))
        {
          char *with_suffix = g_strconcat (path, SAVED_GAME_SUFFIX, NULL);
          g_free (path);
          path = with_suffix;
          /* The chooser asked about the name typed, not this one. */
          if (g_file_test (path, G_FILE_TEST_EXISTS))
            {
              g_autofree char *base = g_path_get_basename (path);
              g_autofree char *message = g_strdup_printf (_("%s exists already. To replace it, type its whole name."), base);
              kessel_window_show_error (self, _("The game was not saved"), message);
              g_clear_object (&self->chooser);
              self->close_after_save = FALSE;
              return;
            }
        }
      if (path == NULL || !kessel_window_save_game (self, path, &error))
        kessel_window_show_error (self, _("Could not save the game"), error ? error->message : _("Not a local file."));
    }
  g_clear_object (&self->chooser);
  if (self->close_after_save && !self->game_dirty)
    gtk_window_close (GTK_WINDOW (self));
  self->close_after_save = FALSE;
}

/* The file it was saved in, or else one named after its scenario. */
char *
kessel_window_suggest_game_name (KesselWindow *self)
{
  const char *title;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if (self->game_path != NULL)
    return g_path_get_basename (self->game_path);
  title = self->game != NULL ? kessel_scenario_get_title (kessel_game_get_scenario (self->game)) : NULL;
  if (title == NULL || title[0] == '\0')
    title = _("Game");
  return g_strdelimit (g_strconcat (title, SAVED_GAME_SUFFIX, NULL), G_DIR_SEPARATOR_S, '-');
}

/* Where games are saved: the folder of the game's file, or else a Kessel
 * folder in the user's documents, made if missing. */
static GFile *
games_folder (KesselWindow *self)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);
  g_autofree char *path = NULL;

  if (self->game_path != NULL)
    path = g_path_get_dirname (self->game_path);
  else
    {
      path = g_build_filename (documents != NULL ? documents : g_get_home_dir (), "Kessel", NULL);
      if (g_mkdir_with_parents (path, 0755) != 0)
        g_debug ("Could not make the folder %s: %s", path, g_strerror (errno));
    }
  return g_file_new_for_path (path);
}

void
kessel_window_save_game_as_activated (GSimpleAction *action,
                                      GVariant      *parameter,
                                      gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *name = NULL;

  if (kessel_window_editor_takes (self, "save-as") || self->chooser != NULL || self->game == NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Save Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  folder = games_folder (self);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
  name = kessel_window_suggest_game_name (self);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (save_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
kessel_window_save_game_activated (GSimpleAction *action,
                                   GVariant      *parameter,
                                   gpointer       user_data)
{
  KesselWindow *self = user_data;
  g_autoptr(GError) error = NULL;

  if (kessel_window_editor_takes (self, "save"))
    return;
  if (self->game_path == NULL)
    kessel_window_save_game_as_activated (action, parameter, user_data);
  else if (!kessel_window_save_game (self, self->game_path, &error))
    kessel_window_show_error (self, _("Could not save the game"), error->message);
}

/* Opening files */

static gboolean
is_turn_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);

  return path != NULL && g_str_has_suffix (path, KESSEL_PBEM_FILE_SUFFIX);
}

/* The heading of the error shown when the file at path (or URI) cannot be
 * opened, naming the kind of file its name says it is. */
static const char *
open_error_heading (const char *path)
{
  if (g_str_has_suffix (path, KESSEL_PBEM_FILE_SUFFIX))
    return _("Could not open the turn file");
  if (g_str_has_suffix (path, SAVED_GAME_SUFFIX))
    return _("Could not open the saved game");
  return _("Could not open the scenario");
}

static void
open_received_turn (KesselWindow *self,
                    GFile        *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) error = NULL;

  /* No dialog and no error: the game's scenario is to be accepted first. */
  if (kessel_window_ask_received_turn (self, path, &error) == NULL && error != NULL)
    kessel_window_show_error (self, open_error_heading (path), error->message);
}

gboolean
kessel_window_open_file (KesselWindow  *self,
                         const char    *path,
                         GError       **error)
{
  g_autoptr(KesselScenario) scenario = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  kessel_window_set_editing (self, FALSE);
  if (g_str_has_suffix (path, SAVED_GAME_SUFFIX))
    {
      if (!open_game_file (self, path, error))
        return FALSE;
      kessel_recent_menu_add (path);
      return TRUE;
    }
  scenario = kessel_scenario_load_file (path, error);
  if (scenario == NULL)
    return FALSE;

  if (kessel_scenario_get_file_name (scenario) == NULL)
    kessel_scenario_set_file_name (scenario, path);
  if (self->game != NULL)
    kessel_window_set_game (self, NULL, NULL);   /* another scenario: the game in play ends */
  kessel_window_show_scenario (self, scenario);
  kessel_recent_menu_add (path);
  return TRUE;
}

gboolean
kessel_window_open (KesselWindow *self,
                    GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (kessel_window_ask_before_replacing (self, file))
    return FALSE;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s is not a local file"), uri);
    }
  else if (is_turn_file (file) && kessel_window_is_network_file (self, path))
    {
      kessel_window_ask_resume_network_game (self, path);
      return TRUE;
    }
  else if (is_turn_file (file))
    {
      open_received_turn (self, file);
      return TRUE;
    }
  else if (kessel_window_open_file (self, path, &error))
    {
      if (kessel_window_has_setting (self, "last-scenario"))
        g_settings_set_string (self->settings, "last-scenario", path);
      return TRUE;
    }

  name = g_file_get_uri (file);
  kessel_window_show_error (self, open_error_heading (name), error->message);
  return FALSE;
}

void
kessel_window_open_default_scenario (KesselWindow *self)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  g_return_if_fail (KESSEL_IS_WINDOW (self));

  path = kessel_data_paths_find_default_scenario ();
  if (path == NULL)
    {
      kessel_window_show_error (self, _("Could not open the scenario"),
                                _("The First Panzer Army scenario is not installed."));
      return;
    }
  file = g_file_new_for_path (path);
  kessel_window_open (self, file);
}

static GFile *
get_initial_folder (KesselWindow *self)
{
  KesselScenario *scenario = kessel_window_get_scenario (self);
  g_autofree char *last = NULL;
  g_autoptr(GFile) file = NULL;

  if (scenario != NULL && kessel_scenario_get_file_name (scenario) != NULL)
    file = g_file_new_for_path (kessel_scenario_get_file_name (scenario));
  else if (kessel_window_has_setting (self, "last-scenario")
           && (last = g_settings_get_string (self->settings, "last-scenario"))[0] != '\0')
    file = g_file_new_for_path (last);

  return file != NULL ? g_file_get_parent (file) : NULL;
}

static void
chooser_response (GtkNativeDialog *chooser,
                  int              response,
                  KesselWindow    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      kessel_window_open (self, file);
    }
  g_clear_object (&self->chooser);
}

void
kessel_window_choose_file (KesselWindow *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (KESSEL_IS_WINDOW (self));

  if (kessel_window_editor_takes (self, "open") || self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Open Scenario or Game"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);

  gtk_file_filter_set_name (filter, _("Kessel scenarios, saved games and turn files"));
  gtk_file_filter_add_pattern (filter, "*.kessel");
  gtk_file_filter_add_pattern (filter, "*" SAVED_GAME_SUFFIX);
  gtk_file_filter_add_pattern (filter, "*" KESSEL_PBEM_FILE_SUFFIX);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);

  folder = get_initial_folder (self);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);

  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Before moves are lost */

/* What was asked for when an unsaved game stood in the way: a file to open,
 * or a new game (file NULL). The question does not keep its window alive: a
 * window closed meanwhile goes, and the question with it, unanswered. */
typedef struct {
  KesselWindow *window;   /* weak */
  GFile *file;
} PendingReplace;

static void
pending_replace_free (gpointer data,
                      GClosure *closure)
{
  PendingReplace *pending = data;

  g_clear_weak_pointer (&pending->window);
  g_clear_object (&pending->file);
  g_free (pending);
}

static void
replace_response (GtkDialog      *dialog,
                  int             response,
                  PendingReplace *pending)
{
  KesselWindow *self = pending->window;

  /* Going on may close the window before the dialog's last reference. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (self == NULL)
    return;
  if (response == GTK_RESPONSE_ACCEPT && pending->file != NULL && is_turn_file (pending->file))
    open_received_turn (self, pending->file);   /* the game is replaced only once the turn opens */
  else if (response == GTK_RESPONSE_ACCEPT)
    {
      self->game_dirty = FALSE;
      if (pending->file != NULL)
        kessel_window_open (self, pending->file);
      else
        {
          if (self->pending_play != NULL)
            {
              kessel_window_set_game (self, NULL, NULL);
              kessel_window_show_scenario (self, self->pending_play);
              g_clear_object (&self->pending_play);
            }
          kessel_window_show_new_game_dialog (self);
        }
    }
}

/* Whether moves would be lost: a game with moves not saved, or in a game by
 * e-mail a part played (an action that rolls changes nothing until it is
 * sent) or a turn to send not yet written. */
static gboolean
has_unkept_moves (KesselWindow *self)
{
  if (self->pbem != NULL)
    return kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND
           || (self->game != NULL && self->game_dirty);
  return self->game != NULL && self->game_dirty;
}

/* Nothing replaces a game with moves not saved without the players' yes. */
gboolean
kessel_window_ask_before_replacing (KesselWindow *self,
                                    GFile        *file)
{
  PendingReplace *pending;
  GtkWidget *dialog;

  if (!has_unkept_moves (self))
    return FALSE;
  g_clear_object (&self->pending_play);
  pending = g_new0 (PendingReplace, 1);
  g_set_weak_pointer (&pending->window, self);
  pending->file = file != NULL ? g_object_ref (file) : NULL;
  dialog = kessel_window_question_dialog (self, _("Give up the game in play?"),
                                          self->pbem != NULL
                                          ? _("The moves of your part not yet in a turn file are lost. To keep them, save the turn file first.")
                                          : _("Its moves since it was last saved are lost. Save it first with Game ▸ Save Game."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Give It Up"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_signal_connect_data (dialog, "response", G_CALLBACK (replace_response), pending, pending_replace_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

enum {
  CLOSE_CANCEL,
  CLOSE_DISCARD,
  CLOSE_SAVE,
  CLOSE_SEND,
};

static void
unsaved_response (GtkDialog    *dialog,
                  int           response,
                  KesselWindow *self)
{
  g_autoptr(GError) error = NULL;

  /* The window may be gone before the dialog's last reference: the dialog
   * lets go of it first. */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == CLOSE_DISCARD)
    {
      self->game_dirty = FALSE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (response == CLOSE_SEND)
    {
      self->close_after_save = TRUE;
      g_action_group_activate_action (G_ACTION_GROUP (self), "send-pbem-turn", NULL);
    }
  else if (response == CLOSE_SAVE && self->game_path != NULL)
    {
      if (kessel_window_save_game (self, self->game_path, &error))
        gtk_window_close (GTK_WINDOW (self));
      else
        kessel_window_show_error (self, _("Could not save the game"), error->message);
    }
  else if (response == CLOSE_SAVE)
    {
      self->close_after_save = TRUE;
      g_action_activate (G_ACTION (kessel_window_lookup_action (self, "save-game-as")), NULL);
    }
}

/* A game by e-mail is kept by its turn files: moves not yet in one are
 * played again from the received turn. */
static void
ask_before_closing_unsent (KesselWindow *self)
{
  gboolean done = kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND;
  GtkWidget *dialog = kessel_window_question_dialog (self, _("Close without sending your turn?"),
                                                     done
                                                     ? _("The moves of your part are kept only in the turn file. Save it now, or open the received turn again later and play them again.")
                                                     : _("Your part is not done, so there is no turn file to save yet. To keep its moves, play it to its end and save the turn file; otherwise, open the received turn again later and play them again."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("Close _Without Sending"), CLOSE_DISCARD,
                          _("_Cancel"), CLOSE_CANCEL, NULL);
  if (done)
    gtk_dialog_add_button (GTK_DIALOG (dialog), _("Save Turn _File…"), CLOSE_SEND);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), done ? CLOSE_SEND : CLOSE_CANCEL);
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Closing with moves of the game not kept asks first; returns whether it
 * asked. */
gboolean
kessel_window_ask_before_closing_game (KesselWindow *self)
{
  GtkWidget *dialog;

  if (self->pbem != NULL && has_unkept_moves (self))
    {
      ask_before_closing_unsent (self);
      return TRUE;
    }
  if (self->game == NULL || !self->game_dirty)
    return FALSE;
  dialog = kessel_window_question_dialog (self, _("Save the game before closing?"),
                                          _("The moves made since it was last saved are lost otherwise."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("Close _Without Saving"), CLOSE_DISCARD,
                          _("_Cancel"), CLOSE_CANCEL, _("_Save"), CLOSE_SAVE, NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), CLOSE_SAVE);
  g_signal_connect (dialog, "response", G_CALLBACK (unsaved_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}
