/* kessel-editor-private.h: the editor's state, shared by its panel and
 * actions (kessel-editor.c) and its files (kessel-editor-files.c). */
#pragma once

#include "kessel-balance-page.h"
#include "kessel-counter-mix.h"
#include "kessel-editor.h"
#include "kessel-problem-list.h"
#include "kessel-scenario-properties.h"
#include "kessel-schedule-view.h"

G_BEGIN_DECLS

struct _KesselEditor
{
  GtkWidget parent_instance;

  KesselMapView *view;
  KesselMapTools *tools;
  KesselEditHistory *history;
  gboolean active;
  gulong drop_id;
  gulong hex_id;

  GSimpleActionGroup *actions;
  GtkNotebook *notebook;
  GtkStack *tool_options;
  GtkDropDown *river_choice;
  GtkStringList *river_names;
  GtkCheckButton *river_major;
  GtkEntry *new_river_name;
  GtkWidget *problems_tab;
  GtkLabel *problems_count;
  KesselCounterMix *counter_mix;
  KesselScheduleView *schedule;
  KesselScenarioProperties *properties;
  KesselProblemList *problems;
  KesselBalancePage *balance;
  gboolean syncing;             /* widgets follow the model: commit nothing */
  guint problems_tab_id;

  GtkPopover *place_popover;    /* a KesselPlacePopover */

  GtkFileChooserNative *chooser;
};

/* kessel-editor.c */
GtkWindow *kessel_editor_parent_window (KesselEditor *self);
void       kessel_editor_show_message (KesselEditor   *self,
                                       GtkMessageType  type,
                                       const char     *primary,
                                       const char     *secondary);
/* Edits the scenario of history, which may have edits to undo. */
void       kessel_editor_set_history (KesselEditor      *self,
                                      KesselEditHistory *history);

/* kessel-editor-files.c: the actions new, open, save and save-as. */
void       kessel_editor_activate_new (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       data);
void       kessel_editor_activate_open (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       data);
void       kessel_editor_activate_save (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       data);
void       kessel_editor_activate_save_as (GSimpleAction *action,
                                           GVariant      *parameter,
                                           gpointer       data);

G_END_DECLS
