#include "kessel-new-scenario-dialog.h"

struct _KesselNewScenarioDialog
{
  GtkWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (KesselNewScenarioDialog, kessel_new_scenario_dialog, GTK_TYPE_WINDOW)

static void
kessel_new_scenario_dialog_class_init (KesselNewScenarioDialogClass *klass)
{
  g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                G_TYPE_NONE, 1, KESSEL_TYPE_SCENARIO);
}

static void
kessel_new_scenario_dialog_init (KesselNewScenarioDialog *self)
{
}

KesselNewScenarioDialog *
kessel_new_scenario_dialog_new (GtkWindow *parent)
{
  return g_object_new (KESSEL_TYPE_NEW_SCENARIO_DIALOG, "transient-for", parent, "modal", TRUE, NULL);
}
