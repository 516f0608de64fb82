/* kessel-balance-page.c: balance analysis in the editor. The games run in
 * the self-play's own threads; a timeout on the main thread reads how many
 * have finished and draws the figures of those, so no figure is touched by
 * two threads at once except the records' done flags, which are atomic. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-balance-charts.h"
#include "kessel-balance-page.h"
#include "kessel-balance-report.h"
#include "kessel-self-play.h"

#define REFRESH_MS 250
#define CHART_WIDTH 340

typedef enum { CHART_VERDICTS, CHART_HISTOGRAM, CHART_TURNS, CHART_PLACES, N_CHARTS } ChartKind;

struct _KesselBalancePage
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  KesselSelfPlay *self_play;
  char *players;
  guint64 first_seed;
  guint refresh_id;
  gboolean stopped;
  KesselBalanceSummary *summary;       /* of the scenario as edited */
  KesselBalanceSummary *saved;         /* of the saved version, when compared */
  KesselBalanceComparison *comparison; /* edited less saved */

  GtkWidget *scrolled;
  GtkSpinButton *games;
  GtkDropDown *level;
  GtkSpinButton *seed;
  GtkCheckButton *compare;
  GtkButton *run;
  GtkButton *stop;
  GtkButton *report;
  GtkProgressBar *progress;
  GtkLabel *figures;
  GtkWidget *charts[N_CHARTS];
  GtkLabel *suggestion[2];
  GtkButton *apply[2];
  GtkLabel *differences;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (KesselBalancePage, kessel_balance_page, GTK_TYPE_WIDGET)

static const char *const level_specs[] = { "ai:easy", "ai:normal", "ai:hard" };

/* The variant of the scenario as edited: the last one played. */
static int
edited_variant (KesselBalancePage *self)
{
  return kessel_self_play_get_n_variants (self->self_play) - 1;
}

static char *
join_lines (GPtrArray *lines)
{
  char *text;

  g_ptr_array_add (lines, NULL);
  text = g_strjoinv ("\n", (char **) lines->pdata);
  g_ptr_array_unref (lines);
  return text;
}

/* Whether the scenario as edited now has other thresholds. */
static gboolean
differs_from_scenario (KesselBalancePage *self, const KesselThresholds *t)
{
  const KesselVictoryTable *victory;

  if (self->history == NULL)
    return FALSE;
  victory = kessel_scenario_get_victory (kessel_edit_history_get_scenario (self->history));
  return victory->draw_from != t->draw_from || victory->soviet_wins_at != t->soviet_wins_at;
}

static void
show_suggestions (KesselBalancePage *self)
{
  const KesselThresholds *suggested[2] = { &self->summary->even_width, &self->summary->draw_share };
  const char *names[2] = { _("Same draw band width, moved to even the wins:"),
                           _("Draw band holding about a fifth of the games:") };

  for (int i = 0; i < 2; i++)
    {
      g_autofree char *thresholds = kessel_balance_report_describe_thresholds (suggested[i]);
      g_autofree char *text = g_strdup_printf ("%s %s", names[i], thresholds);
      gtk_label_set_text (self->suggestion[i], text);
      gtk_widget_set_sensitive (GTK_WIDGET (self->apply[i]),
                                self->summary->n > 0 && differs_from_scenario (self, suggested[i]));
    }
}

static void
show_figures (KesselBalancePage *self)
{
  g_autofree char *figures = join_lines (kessel_balance_report_summary_lines (self->summary));
  g_autofree char *differences = self->comparison != NULL
                                 ? join_lines (kessel_balance_report_comparison_lines (self->comparison)) : NULL;

  gtk_label_set_text (self->figures, figures);
  if (differences != NULL)
    {
      g_autofree char *text = g_strdup_printf ("%s\n%s", _("In the charts, blue shows the saved version."), differences);
      gtk_label_set_text (self->differences, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->differences), differences != NULL);
  show_suggestions (self);
  for (int c = 0; c < N_CHARTS; c++)
    gtk_widget_queue_draw (self->charts[c]);
}

static void
show_progress (KesselBalancePage *self)
{
  int done = kessel_self_play_get_n_done (self->self_play);
  int total = self->summary->n_games * kessel_self_play_get_n_variants (self->self_play);
  gboolean running = kessel_self_play_is_running (self->self_play);
  g_autofree char *text = NULL;

  if (running)
    text = g_strdup_printf (_("%d of %d games played"), done, total);
  else if (self->stopped)
    text = g_strdup_printf (_("Stopped after %d of %d games"), done, total);
  else
    text = g_strdup_printf (_("Done: %d games played"), done);
  gtk_progress_bar_set_fraction (self->progress, total > 0 ? (double) done / total : 0.0);
  gtk_progress_bar_set_text (self->progress, text);
}

static void
summarise (KesselBalancePage *self)
{
  KesselBalance *edited = kessel_self_play_get_balance (self->self_play, edited_variant (self));

  g_clear_pointer (&self->summary, kessel_balance_summary_free);
  g_clear_pointer (&self->saved, kessel_balance_summary_free);
  g_clear_pointer (&self->comparison, kessel_balance_comparison_free);
  self->summary = kessel_balance_summarise (edited);
  if (edited_variant (self) > 0)
    {
      KesselBalance *saved = kessel_self_play_get_balance (self->self_play, 0);
      self->saved = kessel_balance_summarise (saved);
      self->comparison = kessel_balance_compare (saved, edited);
    }
}

static void
sync_buttons (KesselBalancePage *self)
{
  gboolean running = self->self_play != NULL && kessel_self_play_is_running (self->self_play);
  KesselScenario *scenario = self->history ? kessel_edit_history_get_scenario (self->history) : NULL;

  gtk_widget_set_sensitive (GTK_WIDGET (self->run), !running && scenario != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->stop), running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->report), !running && self->summary != NULL && self->summary->n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare),
                            !running && scenario != NULL && kessel_scenario_get_file_name (scenario) != NULL);
}

static gboolean
refresh (gpointer data)
{
  KesselBalancePage *self = data;
  gboolean running = kessel_self_play_is_running (self->self_play);

  summarise (self);
  show_progress (self);
  show_figures (self);
  if (running)
    return G_SOURCE_CONTINUE;
  kessel_self_play_wait (self->self_play);
  self->refresh_id = 0;
  sync_buttons (self);
  return G_SOURCE_REMOVE;
}

/* Running */

static KesselScenario *
load_saved (KesselScenario *scenario, GError **error)
{
  const char *path = kessel_scenario_get_file_name (scenario);

  if (path == NULL)
    return NULL;
  return kessel_scenario_load_file (path, error);
}

static void
stop_run (KesselBalancePage *self)
{
  if (self->self_play == NULL)
    return;
  kessel_self_play_stop (self->self_play);
  kessel_self_play_wait (self->self_play);
}

static void
run_clicked (KesselBalancePage *self)
{
  g_autoptr(KesselScenario) edited = kessel_scenario_copy (kessel_edit_history_get_scenario (self->history));
  g_autoptr(KesselScenario) saved = NULL;
  g_autoptr(GError) error = NULL;
  KesselScenario *variants[2];
  const char *spec = level_specs[MIN (gtk_drop_down_get_selected (self->level), G_N_ELEMENTS (level_specs) - 1)];
  int n_variants = 0;

  stop_run (self);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (gtk_check_button_get_active (self->compare) && gtk_widget_get_sensitive (GTK_WIDGET (self->compare)))
    {
      saved = load_saved (edited, &error);
      if (saved == NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The saved version could not be read: %s"),
                                                   error ? error->message : "");
          gtk_progress_bar_set_text (self->progress, text);
          return;
        }
      variants[n_variants++] = saved;
    }
  variants[n_variants++] = edited;
  g_clear_object (&self->self_play);
  self->first_seed = (guint64) gtk_spin_button_get_value_as_int (self->seed);
  self->self_play = kessel_self_play_new (variants, n_variants, spec, spec, self->first_seed,
                                          gtk_spin_button_get_value_as_int (self->games), &error);
  g_return_if_fail (self->self_play != NULL);
  g_free (self->players);
  self->players = g_strdup_printf (_("%s (German) against %s (Soviet)"), spec, spec);
  self->stopped = FALSE;
  kessel_self_play_start (self->self_play, 0);
  self->refresh_id = g_timeout_add (REFRESH_MS, refresh, self);
  refresh (self);
  sync_buttons (self);
}

static void
stop_clicked (KesselBalancePage *self)
{
  self->stopped = TRUE;
  stop_run (self);
  if (self->refresh_id != 0)
    {
      g_clear_handle_id (&self->refresh_id, g_source_remove);
      refresh (self);
    }
}

/* Suggestions */

static void
apply_clicked (GtkButton *button, KesselBalancePage *self)
{
  int which = button == self->apply[0] ? 0 : 1;
  const KesselThresholds *t = which == 0 ? &self->summary->even_width : &self->summary->draw_share;
  KesselScenario *scenario = kessel_edit_history_get_scenario (self->history);
  KesselVictoryTable victory = *kessel_scenario_get_victory (scenario);
  g_autofree char *name = NULL;

  victory.draw_from = t->draw_from;
  victory.soviet_wins_at = t->soviet_wins_at;
  kessel_scenario_set_victory (scenario, &victory);
  /* Translators: an edit's name, as in "Draw band 24–27". */
  name = g_strdup_printf (_("Draw band %d–%d"), t->draw_from, t->soviet_wins_at - 1);
  kessel_edit_history_commit (self->history, name);
  show_suggestions (self);
}

/* The report */

gboolean
kessel_balance_page_write_report (KesselBalancePage *self, const char *path, GError **error)
{
  KesselScenario *scenario;
  KesselBalanceReport report = { 0 };

  g_return_val_if_fail (KESSEL_IS_BALANCE_PAGE (self), FALSE);
  if (self->summary == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", _("No games have been played yet"));
      return FALSE;
    }
  scenario = kessel_balance_get_scenario (kessel_self_play_get_balance (self->self_play, edited_variant (self)));
  report.title = kessel_scenario_get_title (scenario);
  report.players = self->players;
  report.first_seed = self->first_seed;
  if (self->saved != NULL)
    {
      report.title = _("the saved version");
      report.summary = self->saved;
      report.other = self->summary;
      report.other_title = _("the edited version");
      report.comparison = self->comparison;
    }
  else
    report.summary = self->summary;
  return kessel_balance_report_write_pdf (&report, path, error);
}

static void
report_chosen (KesselBalancePage *self, int response)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (self->chooser));
      path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL && !kessel_balance_page_write_report (self, path, &error))
        gtk_progress_bar_set_text (self->progress, error->message);
    }
  g_clear_object (&self->chooser);
}

static void
report_clicked (KesselBalancePage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Save Balance Report"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), "balance.pdf");
  g_signal_connect_swapped (self->chooser, "response", G_CALLBACK (report_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* The charts */

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KesselBalancePage *self = g_object_get_data (G_OBJECT (area), "page");
  ChartKind kind = GPOINTER_TO_INT (data);
  KesselBalanceSummary empty = { 0 };
  const KesselBalanceSummary *summary = self->summary != NULL ? self->summary : &empty;

  switch (kind)
    {
    case CHART_VERDICTS: kessel_balance_chart_verdicts (cr, width, height, summary, self->saved); break;
    case CHART_HISTOGRAM: kessel_balance_chart_histogram (cr, width, height, summary); break;
    case CHART_TURNS: kessel_balance_chart_turns (cr, width, height, summary, self->saved); break;
    default: kessel_balance_chart_places (cr, width, height, summary); break;
    }
}

static void
set_up_charts (KesselBalancePage *self)
{
  for (int c = 0; c < N_CHARTS; c++)
    {
      g_object_set_data (G_OBJECT (self->charts[c]), "page", self);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->charts[c]),
                                           (int) kessel_balance_chart_height (CHART_WIDTH));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->charts[c]), draw_chart, GINT_TO_POINTER (c), NULL);
    }
}

/* GObject */

static void
history_changed (KesselBalancePage *self)
{
  if (self->summary != NULL)
    show_suggestions (self);
  sync_buttons (self);
}

static void
disconnect_history (KesselBalancePage *self)
{
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->history);
}


static void
kessel_balance_page_dispose (GObject *object)
{
  KesselBalancePage *self = KESSEL_BALANCE_PAGE (object);

  stop_run (self);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->self_play);
  disconnect_history (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_BALANCE_PAGE);
  G_OBJECT_CLASS (kessel_balance_page_parent_class)->dispose (object);
}

static void
kessel_balance_page_finalize (GObject *object)
{
  KesselBalancePage *self = KESSEL_BALANCE_PAGE (object);

  kessel_balance_summary_free (self->summary);
  kessel_balance_summary_free (self->saved);
  kessel_balance_comparison_free (self->comparison);
  g_free (self->players);
  G_OBJECT_CLASS (kessel_balance_page_parent_class)->finalize (object);
}

#define BIND(name, field) \
  gtk_widget_class_bind_template_child_full (widget_class, name, FALSE, G_STRUCT_OFFSET (KesselBalancePage, field))

static void
bind_template (GtkWidgetClass *widget_class)
{
  BIND ("scrolled", scrolled);
  BIND ("games", games);
  BIND ("level", level);
  BIND ("seed", seed);
  BIND ("compare", compare);
  BIND ("run", run);
  BIND ("stop", stop);
  BIND ("report", report);
  BIND ("progress", progress);
  BIND ("figures", figures);
  BIND ("verdicts_chart", charts[CHART_VERDICTS]);
  BIND ("histogram_chart", charts[CHART_HISTOGRAM]);
  BIND ("turns_chart", charts[CHART_TURNS]);
  BIND ("places_chart", charts[CHART_PLACES]);
  BIND ("even_suggestion", suggestion[0]);
  BIND ("apply_even", apply[0]);
  BIND ("share_suggestion", suggestion[1]);
  BIND ("apply_share", apply[1]);
  BIND ("differences", differences);
  gtk_widget_class_bind_template_callback (widget_class, run_clicked);
  gtk_widget_class_bind_template_callback (widget_class, stop_clicked);
  gtk_widget_class_bind_template_callback (widget_class, report_clicked);
  gtk_widget_class_bind_template_callback (widget_class, apply_clicked);
}

#undef BIND

static void
kessel_balance_page_class_init (KesselBalancePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_balance_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_balance_page_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-balance-page.ui");
  bind_template (widget_class);
}

static void
kessel_balance_page_init (KesselBalancePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  set_up_charts (self);
  sync_buttons (self);
}

GtkWidget *
kessel_balance_page_new (void)
{
  return g_object_new (KESSEL_TYPE_BALANCE_PAGE, NULL);
}

void
kessel_balance_page_set_history (KesselBalancePage *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_BALANCE_PAGE (self));
  if (history == self->history)
    return;
  stop_run (self);
  disconnect_history (self);
  if (history != NULL)
    {
      self->history = g_object_ref (history);
      g_signal_connect_swapped (history, "changed", G_CALLBACK (history_changed), self);
    }
  history_changed (self);
}

gboolean
kessel_balance_page_is_running (KesselBalancePage *self)
{
  return self->self_play != NULL && kessel_self_play_is_running (self->self_play);
}

int
kessel_balance_page_get_n_done (KesselBalancePage *self)
{
  return self->self_play != NULL ? kessel_self_play_get_n_done (self->self_play) : 0;
}
