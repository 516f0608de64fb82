#include "kessel-schedule-view.h"

struct _KesselScheduleView
{
  GtkWidget parent_instance;
  KesselEditHistory *history;
};

G_DEFINE_FINAL_TYPE (KesselScheduleView, kessel_schedule_view, GTK_TYPE_WIDGET)

static void
kessel_schedule_view_dispose (GObject *object)
{
  KesselScheduleView *self = KESSEL_SCHEDULE_VIEW (object);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_schedule_view_parent_class)->dispose (object);
}

static void
kessel_schedule_view_class_init (KesselScheduleViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_schedule_view_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
kessel_schedule_view_init (KesselScheduleView *self)
{
}

GtkWidget *
kessel_schedule_view_new (void)
{
  return g_object_new (KESSEL_TYPE_SCHEDULE_VIEW, NULL);
}

void
kessel_schedule_view_set_history (KesselScheduleView *self, KesselEditHistory *history)
{
  g_set_object (&self->history, history);
}
