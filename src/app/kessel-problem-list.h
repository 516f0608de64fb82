#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PROBLEM_LIST (kessel_problem_list_get_type ())
G_DECLARE_FINAL_TYPE (KesselProblemList, kessel_problem_list, KESSEL, PROBLEM_LIST, GtkWidget)

GtkWidget *kessel_problem_list_new (void);
void       kessel_problem_list_set_history (KesselProblemList *self, KesselEditHistory *history);

G_END_DECLS
