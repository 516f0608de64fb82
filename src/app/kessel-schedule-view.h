#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_SCHEDULE_VIEW (kessel_schedule_view_get_type ())
G_DECLARE_FINAL_TYPE (KesselScheduleView, kessel_schedule_view, KESSEL, SCHEDULE_VIEW, GtkWidget)

GtkWidget *kessel_schedule_view_new (void);
void       kessel_schedule_view_set_history (KesselScheduleView *self, KesselEditHistory *history);

G_END_DECLS
