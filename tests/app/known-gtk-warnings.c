/* known-gtk-warnings.c: GTK 4.8's file chooser now and then draws a button
 * of its path bar (the folder's name above the list) in the frame in which
 * the bar adds it, before the button is given a size: "Trying to snapshot
 * GtkButton … without a current allocation". It happens when the folder is
 * read while a frame is under way, so on a busy machine, whichever program
 * opens the chooser, and the button is drawn right in the next frame.
 * Nothing of Kessel takes part, so the window's tests let that one warning
 * pass, by the place of the widget it names, and keep every other fatal. */
#include "kessel-config.h"

#include <string.h>

#include "known-gtk-warnings.h"

#define NO_ALLOCATION "without a current allocation"

static void (*before_fatal_warning) (void);

/* GTK names the widget of this warning by its address, which only this
 * program can read: the widget is alive while GTK warns of it. */
static GtkWidget *
widget_named_in (const char *message)
{
  const char *address = message != NULL ? strstr (message, " 0x") : NULL;

  if (address == NULL || strstr (message, NO_ALLOCATION) == NULL)
    return NULL;
  return GSIZE_TO_POINTER (g_ascii_strtoull (address + 1, NULL, 16));
}

static void
print_widget_path (GtkWidget *widget)
{
  g_printerr ("the widget and its parents:\n");
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    {
      const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget))
                        : GTK_IS_LABEL (widget) ? gtk_label_get_label (GTK_LABEL (widget)) : NULL;

      g_printerr ("  %s name=%s%s%s%s\n", G_OBJECT_TYPE_NAME (widget), gtk_widget_get_name (widget),
                  label != NULL ? " label=\"" : "", label != NULL ? label : "", label != NULL ? "\"" : "");
    }
}

static gboolean
is_path_bar_button_of_file_chooser (GtkWidget *widget)
{
  GtkWidget *parent = widget != NULL ? gtk_widget_get_parent (widget) : NULL;

  if (!GTK_IS_BUTTON (widget) || parent == NULL || !g_str_equal (G_OBJECT_TYPE_NAME (parent), "GtkPathBar"))
    return FALSE;
  return gtk_widget_get_ancestor (parent, GTK_TYPE_FILE_CHOOSER_WIDGET) != NULL;
}

static const char *
message_of (const GLogField *fields, gsize n_fields)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      return fields[i].value;
  return NULL;
}

static GLogWriterOutput
write_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  GtkWidget *widget;

  if (!(level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)))
    return g_log_writer_default (level, fields, n_fields, data);
  widget = widget_named_in (message_of (fields, n_fields));
  if ((level & G_LOG_LEVEL_WARNING) && is_path_bar_button_of_file_chooser (widget))
    {
      g_printerr ("GTK's file chooser drew its path bar early; not fatal (known-gtk-warnings.c):\n");
      /* Not g_log_writer_default: it aborts on any level g_test_init made
       * fatal, warnings among them. */
      return g_log_writer_standard_streams (level, fields, n_fields, data);
    }
  if (before_fatal_warning != NULL)
    before_fatal_warning ();
  if (widget != NULL)
    print_widget_path (widget);
  g_log_writer_default (level, fields, n_fields, data);
  G_BREAKPOINT ();
  return G_LOG_WRITER_HANDLED;
}

void
known_gtk_warnings_watch (void (*before_fatal) (void))
{
  before_fatal_warning = before_fatal;
  /* The writer decides what is fatal: GLib would end the program before
   * the writer could let the file chooser's warning pass. */
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR);
  g_log_set_writer_func (write_log, NULL, NULL);
}
