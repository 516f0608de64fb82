#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_EDITOR (kessel_editor_get_type ())
G_DECLARE_FINAL_TYPE (KesselEditor, kessel_editor, KESSEL, EDITOR, GtkWidget)

GtkWidget *kessel_editor_new (void);
void       kessel_editor_set_history (KesselEditor *self, KesselEditHistory *history);

G_END_DECLS
