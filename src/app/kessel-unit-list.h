#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_UNIT_LIST (kessel_unit_list_get_type ())
G_DECLARE_FINAL_TYPE (KesselUnitList, kessel_unit_list, KESSEL, UNIT_LIST, GtkWidget)

GtkWidget *kessel_unit_list_new (void);
void       kessel_unit_list_set_history (KesselUnitList *self, KesselEditHistory *history);

G_END_DECLS
