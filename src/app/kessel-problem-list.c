#include "kessel-problem-list.h"

struct _KesselProblemList
{
  GtkWidget parent_instance;
  KesselEditHistory *history;
};

G_DEFINE_FINAL_TYPE (KesselProblemList, kessel_problem_list, GTK_TYPE_WIDGET)

static void
kessel_problem_list_dispose (GObject *object)
{
  KesselProblemList *self = KESSEL_PROBLEM_LIST (object);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_problem_list_parent_class)->dispose (object);
}

static void
kessel_problem_list_class_init (KesselProblemListClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_problem_list_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
kessel_problem_list_init (KesselProblemList *self)
{
}

GtkWidget *
kessel_problem_list_new (void)
{
  return g_object_new (KESSEL_TYPE_PROBLEM_LIST, NULL);
}

void
kessel_problem_list_set_history (KesselProblemList *self, KesselEditHistory *history)
{
  g_set_object (&self->history, history);
}
