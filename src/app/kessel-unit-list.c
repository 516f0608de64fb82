#include "kessel-unit-list.h"

struct _KesselUnitList
{
  GtkWidget parent_instance;
  KesselEditHistory *history;
};

G_DEFINE_FINAL_TYPE (KesselUnitList, kessel_unit_list, GTK_TYPE_WIDGET)

static void
kessel_unit_list_dispose (GObject *object)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (object);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_unit_list_parent_class)->dispose (object);
}

static void
kessel_unit_list_class_init (KesselUnitListClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_unit_list_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
kessel_unit_list_init (KesselUnitList *self)
{
}

GtkWidget *
kessel_unit_list_new (void)
{
  return g_object_new (KESSEL_TYPE_UNIT_LIST, NULL);
}

void
kessel_unit_list_set_history (KesselUnitList *self, KesselEditHistory *history)
{
  g_set_object (&self->history, history);
}
