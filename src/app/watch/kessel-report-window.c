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
};

G_DEFINE_FINAL_TYPE (KesselReportWindow, kessel_report_window, GTK_TYPE_WINDOW)

static void
kessel_report_window_dispose (GObject *object)
{
  KesselReportWindow *self = KESSEL_REPORT_WINDOW (object);

  g_clear_object (&self->chooser);
  g_clear_object (&self->game);
  g_clear_pointer (&self->report, kessel_after_action_free);
  G_OBJECT_CLASS (kessel_report_window_parent_class)->dispose (object);
}

static void
kessel_report_window_class_init (KesselReportWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_report_window_dispose;
}

static void
kessel_report_window_init (KesselReportWindow *self)
{
  gtk_window_set_title (GTK_WINDOW (self), _("After-Action Report"));
  gtk_window_set_default_size (GTK_WINDOW (self), 2 * CHART_WIDTH + 60, 760);
}

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KesselReportWindow *self = g_object_get_data (G_OBJECT (area), "report-window");
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (self->game));

  kessel_report_chart_draw (cr, width, height, GPOINTER_TO_INT (data), self->report, victory);
}

static GtkWidget *
charts_grid (KesselReportWindow *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  for (KesselReportChart chart = 0; chart < KESSEL_N_REPORT_CHARTS; chart++)
    {
      GtkWidget *area = gtk_drawing_area_new ();
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), CHART_WIDTH);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) kessel_report_chart_height (CHART_WIDTH));
      g_object_set_data (G_OBJECT (area), "report-window", self);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_chart, GINT_TO_POINTER (chart), NULL);
      gtk_grid_attach (GTK_GRID (grid), area, chart % 2, chart / 2, 1, 1);
    }
  return grid;
}

static void
add_label (GtkBox *box, const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
}

static void
add_lines (GtkBox *box, const char *heading, GPtrArray *lines)
{
  if (heading != NULL)
    add_label (box, heading, "heading");
  for (guint i = 0; i < lines->len; i++)
    add_label (box, g_ptr_array_index (lines, i), NULL);
  g_ptr_array_unref (lines);
}

static void
fill (KesselReportWindow *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkBox *box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));

  gtk_widget_set_margin_start (GTK_WIDGET (box), 18);
  gtk_widget_set_margin_end (GTK_WIDGET (box), 18);
  gtk_widget_set_margin_top (GTK_WIDGET (box), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (box), 18);
  add_lines (box, NULL, kessel_report_summary_lines (self->game, self->report));
  gtk_box_append (box, charts_grid (self));
  add_lines (box, _("Turn by turn"), kessel_report_turn_lines (self->report));
  add_lines (box, _("Best and worst attacks"), kessel_report_attack_lines (self->game, self->report, self->viewer));
  add_label (box, kessel_report_luck_definition (), "dim-label");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (box));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_window_set_child (GTK_WINDOW (self), scrolled);
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
add_header (KesselReportWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save as PDF…"));

  g_signal_connect_swapped (save, "clicked", G_CALLBACK (save_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), save);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);
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
  add_header (self);
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
