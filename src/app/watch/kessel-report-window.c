/* kessel-report-window.c: the after-action report on screen. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-after-action.h"
#include "kessel-report-charts.h"
#include "kessel-report-window.h"
#include "kessel-report.h"

#define CHART_WIDTH 380

struct _KesselReportWindow
{
  GtkWindow parent_instance;

  KesselGame *game;
  KesselAfterAction *report;
  KesselSide viewer;
  GtkFileChooserNative *chooser;
  GtkBox *report_box;
  GtkGrid *charts_grid;
  GtkWidget *turns_heading;
  GtkWidget *attacks_heading;
  GtkLabel *luck_label;
};

G_DEFINE_FINAL_TYPE (KesselReportWindow, kessel_report_window, GTK_TYPE_WINDOW)

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KesselReportWindow *self = g_object_get_data (G_OBJECT (area), "report-window");
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (self->game));

  kessel_report_chart_draw (cr, width, height, GPOINTER_TO_INT (data), self->report, victory);
}

static void
add_charts (KesselReportWindow *self)
{
  for (KesselReportChart chart = 0; chart < KESSEL_N_REPORT_CHARTS; chart++)
    {
      GtkWidget *area = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), CHART_WIDTH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) kessel_report_chart_height (CHART_WIDTH));
      g_object_set_data (G_OBJECT (area), "report-window", self);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_chart, GINT_TO_POINTER (chart), NULL);
      gtk_grid_attach (self->charts_grid, area, chart % 2, chart / 2, 1, 1);
    }
}

/* A label of each line, put into box after the child after (first if NULL). */
static void
insert_lines (GtkBox *box, GtkWidget *after, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      GtkWidget *label = gtk_label_new (g_ptr_array_index (lines, i));

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_insert_child_after (box, label, after);
      after = label;
    }
  g_ptr_array_unref (lines);
}

static void
fill (KesselReportWindow *self)
{
  insert_lines (self->report_box, NULL, kessel_report_summary_lines (self->game, self->report));
  add_charts (self);
  insert_lines (self->report_box, self->turns_heading, kessel_report_turn_lines (self->report));
  insert_lines (self->report_box, self->attacks_heading,
                kessel_report_attack_lines (self->game, self->report, self->viewer));
  gtk_label_set_text (self->luck_label, kessel_report_luck_definition ());
}

static void
show_save_error (KesselReportWindow *self, const char *message)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s",
                                              _("The report could not be saved"));

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
chooser_response (GtkNativeDialog *chooser, int response, KesselReportWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  path = file != NULL ? g_file_get_path (file) : NULL;
  if (path != NULL && !kessel_report_window_save_pdf (self, path, &error))
    show_save_error (self, error->message);
  g_clear_object (&self->chooser);
}

static void
save_clicked (KesselReportWindow *self)
{
  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Save the Report as PDF"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), _("after-action-report.pdf"));
  g_signal_connect (self->chooser, "response", G_CALLBACK (chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
kessel_report_window_dispose (GObject *object)
{
  KesselReportWindow *self = KESSEL_REPORT_WINDOW (object);

  g_clear_object (&self->chooser);
  g_clear_object (&self->game);
  g_clear_pointer (&self->report, kessel_after_action_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_REPORT_WINDOW);
  G_OBJECT_CLASS (kessel_report_window_parent_class)->dispose (object);
}

static void
kessel_report_window_class_init (KesselReportWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_report_window_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-report-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselReportWindow, report_box);
  gtk_widget_class_bind_template_child (widget_class, KesselReportWindow, charts_grid);
  gtk_widget_class_bind_template_child (widget_class, KesselReportWindow, turns_heading);
  gtk_widget_class_bind_template_child (widget_class, KesselReportWindow, attacks_heading);
  gtk_widget_class_bind_template_child (widget_class, KesselReportWindow, luck_label);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked);
}

static void
kessel_report_window_init (KesselReportWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_window_set_default_size (GTK_WINDOW (self), 2 * CHART_WIDTH + 60, 760);
}

KesselReportWindow *
kessel_report_window_new (GtkWindow *parent, KesselGame *game, KesselSide viewer, GError **error)
{
  KesselAfterAction *report;
  KesselReportWindow *self;

  g_return_val_if_fail (KESSEL_IS_GAME (game), NULL);
  report = kessel_after_action_new (game, error);
  if (report == NULL)
    return NULL;
  self = g_object_new (KESSEL_TYPE_REPORT_WINDOW, "transient-for", parent,
                       "application", parent != NULL ? gtk_window_get_application (parent) : NULL, NULL);
  self->game = g_object_ref (game);
  self->report = report;
  self->viewer = viewer;
  fill (self);
  return self;
}

KesselGame *
kessel_report_window_get_game (KesselReportWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_REPORT_WINDOW (self), NULL);
  return self->game;
}

gboolean
kessel_report_window_save_pdf (KesselReportWindow *self, const char *path, GError **error)
{
  g_return_val_if_fail (KESSEL_IS_REPORT_WINDOW (self), FALSE);
  return kessel_report_write_pdf (self->game, self->report, self->viewer, path, error);
}
