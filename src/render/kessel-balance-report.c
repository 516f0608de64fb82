/* kessel-balance-report.c: a balance analysis in lines of text and on paper. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>

#include "kessel-balance-charts.h"
#include "kessel-balance-report.h"
#include "kessel-render-private.h"
#include "kessel-sheet-document.h"

#define A4_WIDTH 595.0
#define A4_HEIGHT 842.0

char *
kessel_balance_report_describe_thresholds (const KesselThresholds *t)
{
  /* Translators: victory thresholds and the shares of games they give. */
  return g_strdup_printf (_("draw %d–%d, Soviet victory from %d (German %.0f%%, draw %.0f%%, Soviet %.0f%%)"),
                          t->draw_from, t->soviet_wins_at - 1, t->soviet_wins_at, 100 * t->german_share,
                          100 * t->draw_share, 100 * t->soviet_share);
}

static char *
rate_line (const char *name, int count, KesselInterval rate)
{
  /* Translators: a verdict, its count, share and 95% interval. */
  return g_strdup_printf (_("%s: %d (%.1f%%, 95%% interval %.1f–%.1f%%)"), name, count, 100 * rate.estimate,
                          100 * rate.low, 100 * rate.high);
}

static char *
exits_line (const KesselBalanceSummary *s)
{
  GString *line = g_string_new (NULL);
  int last = G_N_ELEMENTS (s->exit_counts) - 1;

  g_string_printf (line, _("Soviet corps exited: %.2f per game; games by corps exited:"), s->exits_mean);
  for (int i = 0; i <= last; i++)
    if (s->exit_counts[i] > 0)
      g_string_append_printf (line, " %d%s: %d", i, i == last ? "+" : "", s->exit_counts[i]);
  return g_string_free (line, FALSE);
}

GPtrArray *
kessel_balance_report_summary_lines (const KesselBalanceSummary *s)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (lines, g_strdup_printf (_("Games counted: %d of %d (%d failed)"), s->n, s->n_games, s->n_failed));
  g_ptr_array_add (lines, rate_line (_("German victory"), s->verdicts[0], s->verdict_rate[0]));
  g_ptr_array_add (lines, rate_line (_("Draw"), s->verdicts[1], s->verdict_rate[1]));
  g_ptr_array_add (lines, rate_line (_("Soviet victory"), s->verdicts[2], s->verdict_rate[2]));
  g_ptr_array_add (lines, g_strdup_printf (_("Final Soviet VP: mean %.1f (standard deviation %.1f), median %.1f"),
                                           s->vp_mean, s->vp_sd, s->vp_median));
  g_ptr_array_add (lines, g_strdup_printf (_("The scenario's thresholds: German victory below %d, draw %d–%d, Soviet victory from %d"),
                                           s->draw_from, s->draw_from, s->soviet_wins_at - 1, s->soviet_wins_at));
  g_ptr_array_add (lines, exits_line (s));
  g_ptr_array_add (lines, g_strdup_printf (_("German divisions destroyed out of C&C: %.2f per game (%.1f VP)"),
                                           s->divisions_mean, s->vp_destroyed_mean));
  g_ptr_array_add (lines, g_strdup_printf (_("Cost: %.1f CPU seconds per game"), s->cpu_seconds_mean));
  return lines;
}

GPtrArray *
kessel_balance_report_suggestion_lines (const KesselBalanceSummary *s)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *even = kessel_balance_report_describe_thresholds (&s->even_width);
  g_autofree char *share = kessel_balance_report_describe_thresholds (&s->draw_share);

  g_ptr_array_add (lines, g_strdup_printf (_("Draw band of the same width, moved to even the wins: %s"), even));
  g_ptr_array_add (lines, g_strdup_printf (_("Draw band holding about %.0f%% of the games: %s"),
                                           100 * KESSEL_BALANCE_DRAW_SHARE, share));
  return lines;
}

GPtrArray *
kessel_balance_report_turn_lines (const KesselBalanceSummary *s)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (int t = 0; t <= s->n_turns; t++)
    g_ptr_array_add (lines, t == 0
                     ? g_strdup_printf (_("Start: median %.1f, 10%% %.1f, 90%% %.1f"), s->turn_median[t],
                                        s->turn_low[t], s->turn_high[t])
                     : g_strdup_printf (_("Turn %d: median %.1f, 10%% %.1f, 90%% %.1f"), t, s->turn_median[t],
                                        s->turn_low[t], s->turn_high[t]));
  return lines;
}

GPtrArray *
kessel_balance_report_place_lines (const KesselBalanceSummary *s)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (int p = 0; p < s->n_places; p++)
    g_ptr_array_add (lines, g_strdup_printf (_("%s: changed hands in %.0f%% of games (%.0f–%.0f%%), %.2f times a game; Soviet-held at the end in %.0f%%"),
                                             s->places[p].name ? s->places[p].name : "?",
                                             100 * s->place_changed[p].estimate, 100 * s->place_changed[p].low,
                                             100 * s->place_changed[p].high, s->place_changes[p],
                                             100 * s->place_soviet_end[p]));
  return lines;
}

static char *
difference_line (const char *name, KesselInterval d, double scale, const char *unit)
{
  /* Translators: a figure's change and its 95% interval, as in "Soviet victory: +5.0 points (-2.0 to +12.0)". */
  return g_strdup_printf (_("%s: %+.2f %s (95%% interval %+.2f to %+.2f)"), name, scale * d.estimate, unit,
                          scale * d.low, scale * d.high);
}

GPtrArray *
kessel_balance_report_comparison_lines (const KesselBalanceComparison *c)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *names[3] = { _("German victory"), _("Draw"), _("Soviet victory") };

  g_ptr_array_add (lines, g_strdup_printf (_("Paired games (same seeds on both): %d"), c->n));
  for (int v = 0; v < 3; v++)
    g_ptr_array_add (lines, difference_line (names[v], c->verdict_rate[v], 100, _("points")));
  g_ptr_array_add (lines, difference_line (_("Mean final Soviet VP"), c->vp_mean, 1, _("VP")));
  for (int t = 1; t <= c->n_turns; t++)
    {
      g_autofree char *name = g_strdup_printf (_("Mean VP after turn %d"), t);
      g_ptr_array_add (lines, difference_line (name, c->turn_mean[t], 1, _("VP")));
    }
  g_ptr_array_add (lines, difference_line (_("Soviet corps exited"), c->exits_mean, 1, _("per game")));
  g_ptr_array_add (lines, difference_line (_("German divisions destroyed out of C&C"), c->divisions_mean, 1,
                                           _("per game")));
  for (int p = 0; p < c->n_places; p++)
    {
      g_autofree char *name = g_strdup_printf (_("%s changing hands"), c->places[p].name ? c->places[p].name : "?");
      g_ptr_array_add (lines, difference_line (name, c->place_changed[p], 100, _("points")));
    }
  return lines;
}

/* The PDF */

typedef enum { CHART_VERDICTS, CHART_HISTOGRAM, CHART_TURNS, CHART_PLACES } ChartKind;

typedef struct {
  ChartKind kind;
  const KesselBalanceSummary *summary;
  const KesselBalanceSummary *other;
} Chart;

static void
draw_chart (cairo_t *cr, double width, double height, gpointer data)
{
  const Chart *chart = data;

  switch (chart->kind)
    {
    case CHART_VERDICTS: kessel_balance_chart_verdicts (cr, width, height, chart->summary, chart->other); break;
    case CHART_HISTOGRAM: kessel_balance_chart_histogram (cr, width, height, chart->summary); break;
    case CHART_TURNS: kessel_balance_chart_turns (cr, width, height, chart->summary, chart->other); break;
    case CHART_PLACES: kessel_balance_chart_places (cr, width, height, chart->summary); break;
    }
}

/* Two charts side by side. */
static void
add_charts (KesselSheetDocument *document, ChartKind left, ChartKind right, const KesselBalanceSummary *summary,
            const KesselBalanceSummary *other)
{
  Chart *a = g_new0 (Chart, 1), *b = g_new0 (Chart, 1);

  *a = (Chart) { left, summary, other };
  *b = (Chart) { right, summary, other };
  kessel_sheet_document_add_pair (document, kessel_balance_chart_height, draw_chart, a, b, g_free);
}

static void
add_lines (KesselSheetDocument *document, GPtrArray *lines)
{
  kessel_sheet_document_add_lines (document, KESSEL_SHEET_FONT_BODY, lines);
}

static void
add_variant (KesselSheetDocument *document, const char *title, const KesselBalanceSummary *summary)
{
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, title);
  add_lines (document, kessel_balance_report_summary_lines (summary));
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Suggested thresholds"));
  add_lines (document, kessel_balance_report_suggestion_lines (summary));
  add_charts (document, CHART_VERDICTS, CHART_HISTOGRAM, summary, NULL);
  add_charts (document, CHART_TURNS, CHART_PLACES, summary, NULL);
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Soviet VP by turn"));
  add_lines (document, kessel_balance_report_turn_lines (summary));
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Places"));
  add_lines (document, kessel_balance_report_place_lines (summary));
}

static KesselSheetDocument *
build_document (const KesselBalanceReport *report)
{
  g_autofree char *footer = g_strdup_printf (_("Balance of %s"), report->title);
  KesselSheetDocument *document = kessel_sheet_document_new (A4_WIDTH, A4_HEIGHT, footer);
  g_autofree char *method = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *seed = NULL;

  kessel_sheet_document_begin_section (document, footer, NULL, FALSE);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, report->first_seed);
  method = g_strdup_printf (_("%s, %d games from seed %s. Intervals are 95%%: Wilson intervals for shares; for differences, the normal interval of the mean of paired differences over the same seeds. The suggested thresholds split the final VP of these games, as the text says."),
                            report->players, report->summary->n_games, seed);
  markup = g_markup_escape_text (method, -1);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, markup, 0);
  add_variant (document, report->title, report->summary);
  if (report->other != NULL)
    {
      kessel_sheet_document_begin_section (document, _("Comparison"), NULL, TRUE);
      g_autofree char *legend = g_strdup_printf (_("In these charts, blue shows %s."), report->other_title);
      g_autofree char *legend_markup = g_markup_escape_text (legend, -1);

      kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, legend_markup, 0);
      add_charts (document, CHART_VERDICTS, CHART_TURNS, report->summary, report->other);
      if (report->comparison != NULL)
        {
          g_autofree char *heading = g_strdup_printf (_("Change from %s to %s"), report->title, report->other_title);
          kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, heading);
          add_lines (document, kessel_balance_report_comparison_lines (report->comparison));
        }
      add_variant (document, report->other_title, report->other);
    }
  return document;
}

static void
draw_page (cairo_t *cr, int page, gpointer data)
{
  kessel_sheet_document_draw_page (data, cr, page);
}

gboolean
kessel_balance_report_write_pdf (const KesselBalanceReport *report, const char *path, GError **error)
{
  g_autoptr(KesselSheetDocument) document = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (report != NULL && report->summary != NULL && path != NULL, FALSE);
  document = build_document (report);
  title = g_strdup_printf (_("Balance of %s"), report->title);
  return kessel_render_write_pdf (path, A4_WIDTH, A4_HEIGHT, title, kessel_sheet_document_get_n_pages (document),
                                  draw_page, document, error);
}
