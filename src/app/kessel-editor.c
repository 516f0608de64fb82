#include "kessel-editor.h"

struct _KesselEditor
{
  GtkWidget parent_instance;
  KesselEditHistory *history;
};

G_DEFINE_FINAL_TYPE (KesselEditor, kessel_editor, GTK_TYPE_WIDGET)

static void
kessel_editor_dispose (GObject *object)
{
  KesselEditor *self = KESSEL_EDITOR (object);
  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_editor_parent_class)->dispose (object);
}

static void
kessel_editor_class_init (KesselEditorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_editor_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
kessel_editor_init (KesselEditor *self)
{
}

GtkWidget *
kessel_editor_new (void)
{
  return g_object_new (KESSEL_TYPE_EDITOR, NULL);
}

void
kessel_editor_set_history (KesselEditor *self, KesselEditHistory *history)
{
  g_set_object (&self->history, history);
}
