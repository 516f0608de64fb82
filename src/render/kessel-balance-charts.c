/* kessel-balance-charts.c: bars, a histogram, bands over turns. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kessel-balance-charts.h"
#include "kessel-chart.h"

double
kessel_balance_chart_height (double width)
{
  return CLAMP (width * 0.5, 120.0, 220.0);
}

/* Verdicts */

static void
draw_rate_bar (cairo_t *cr, const KesselPlot *plot, double y, double thickness, KesselInterval rate, KesselChartColour colour)
{
  double x0 = kessel_plot_x (plot, 0.0);
  g_autofree char *label = g_strdup_printf ("%.0f%%", 100 * rate.estimate);

  kessel_chart_set_colour (cr, colour, 0.85);
  cairo_rectangle (cr, x0, y, kessel_plot_x (plot, rate.estimate) - x0, thickness);
  cairo_fill (cr);
  kessel_chart_set_colour (cr, kessel_chart_ink, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, kessel_plot_x (plot, rate.low), y + thickness / 2);
  cairo_line_to (cr, kessel_plot_x (plot, rate.high), y + thickness / 2);
  cairo_move_to (cr, kessel_plot_x (plot, rate.low), y + 1);
  cairo_line_to (cr, kessel_plot_x (plot, rate.low), y + thickness - 1);
  cairo_move_to (cr, kessel_plot_x (plot, rate.high), y + 1);
  cairo_line_to (cr, kessel_plot_x (plot, rate.high), y + thickness - 1);
  cairo_stroke (cr);
  kessel_chart_text (cr, plot->x + plot->width + 3, y + thickness / 2 - 5, label, KESSEL_ALIGN_LEFT, KESSEL_CHART_FONT);
}

void
kessel_balance_chart_verdicts (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary,
                               const KesselBalanceSummary *other)
{
  const char *names[3] = { _("German"), _("Draw"), _("Soviet") };
  const KesselChartColour colours[3] = { kessel_chart_german, kessel_chart_draw, kessel_chart_soviet };
  /* xgettext:no-c-format */
  const char *title = _("Verdicts (95% intervals)");
  KesselPlot plot = kessel_chart_begin (cr, width, height, title);
  double row;

  plot.x = KESSEL_CHART_MARGIN_LEFT + 14;
  plot.width = MAX (width - plot.x - KESSEL_CHART_MARGIN_RIGHT - 26, 10);
  row = plot.height / 3;
  for (int v = 0; v < 3; v++)
    {
      double y = plot.y + v * row, bar = other != NULL ? row * 0.35 : row * 0.6;
      kessel_chart_text (cr, plot.x - 3, y + row * 0.1 + (other != NULL ? bar : bar / 2) - 5, names[v], KESSEL_ALIGN_RIGHT, KESSEL_CHART_FONT);
      if (summary->n > 0)
        draw_rate_bar (cr, &plot, y + row * 0.1, bar, summary->verdict_rate[v], colours[v]);
      if (other != NULL && other->n > 0)
        draw_rate_bar (cr, &plot, y + row * 0.1 + bar + 2, bar, other->verdict_rate[v], kessel_chart_other);
    }
  kessel_chart_x_ticks (cr, &plot, 0, 0.25);
}

/* Histogram */

static KesselChartColour
verdict_colour (const KesselBalanceSummary *summary, int vp)
{
  return vp >= summary->soviet_wins_at ? kessel_chart_soviet : vp >= summary->draw_from ? kessel_chart_draw : kessel_chart_german;
}

void
kessel_balance_chart_histogram (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary)
{
  KesselPlot plot = kessel_chart_begin (cr, width, height, _("Final Soviet VP"));
  double step;
  int top = 1;

  if (summary->n == 0)
    {
      kessel_chart_message (cr, width, height, _("No games finished yet"));
      return;
    }
  for (int vp = summary->vp_min; vp <= summary->vp_max; vp++)
    top = MAX (top, summary->vp_histogram[vp - summary->vp_min]);
  plot.x_min = summary->vp_min - 0.5;
  plot.x_max = summary->vp_max + 0.5;
  plot.y_max = top;
  kessel_chart_y_axis (cr, &plot, TRUE);
  for (int vp = summary->vp_min; vp <= summary->vp_max; vp++)
    {
      int count = summary->vp_histogram[vp - summary->vp_min];
      kessel_chart_set_colour (cr, verdict_colour (summary, vp), 0.9);
      cairo_rectangle (cr, kessel_plot_x (&plot, vp - 0.42), kessel_plot_y (&plot, count), kessel_plot_x (&plot, vp + 0.42) - kessel_plot_x (&plot, vp - 0.42),
                       kessel_plot_y (&plot, 0) - kessel_plot_y (&plot, count));
      cairo_fill (cr);
    }
  kessel_chart_threshold (cr, &plot, summary->draw_from - 0.5, TRUE);
  kessel_chart_threshold (cr, &plot, summary->soviet_wins_at - 0.5, TRUE);
  step = MAX (1.0, kessel_chart_tick_step (plot.x_max - plot.x_min, 8));
  kessel_chart_x_ticks (cr, &plot, ceil (summary->vp_min / step) * step, step);
}

/* VP by turn */

static void
draw_band (cairo_t *cr, const KesselPlot *plot, const KesselBalanceSummary *summary, KesselChartColour colour)
{
  kessel_chart_set_colour (cr, colour, 0.2);
  cairo_move_to (cr, kessel_plot_x (plot, 0), kessel_plot_y (plot, summary->turn_low[0]));
  for (int t = 1; t <= summary->n_turns; t++)
    cairo_line_to (cr, kessel_plot_x (plot, t), kessel_plot_y (plot, summary->turn_low[t]));
  for (int t = summary->n_turns; t >= 0; t--)
    cairo_line_to (cr, kessel_plot_x (plot, t), kessel_plot_y (plot, summary->turn_high[t]));
  cairo_close_path (cr);
  cairo_fill (cr);
  kessel_chart_set_colour (cr, colour, 1.0);
  cairo_set_line_width (cr, 1.6);
  cairo_move_to (cr, kessel_plot_x (plot, 0), kessel_plot_y (plot, summary->turn_median[0]));
  for (int t = 1; t <= summary->n_turns; t++)
    cairo_line_to (cr, kessel_plot_x (plot, t), kessel_plot_y (plot, summary->turn_median[t]));
  cairo_stroke (cr);
}

static double
turns_top (const KesselBalanceSummary *summary)
{
  double top = summary->soviet_wins_at + 2;

  for (int t = 0; t <= summary->n_turns; t++)
    top = MAX (top, summary->turn_high[t] + 1);
  return top;
}

void
kessel_balance_chart_turns (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary,
                            const KesselBalanceSummary *other)
{
  KesselPlot plot = kessel_chart_begin (cr, width, height, _("Soviet VP by turn (median, 10–90%)"));

  if (summary->n == 0)
    {
      kessel_chart_message (cr, width, height, _("No games finished yet"));
      return;
    }
  plot.x_max = MAX (summary->n_turns, 1);
  plot.y_max = turns_top (summary);
  if (other != NULL && other->n > 0)
    plot.y_max = MAX (plot.y_max, turns_top (other));
  kessel_chart_y_axis (cr, &plot, FALSE);
  kessel_chart_threshold (cr, &plot, summary->draw_from - 0.5, FALSE);
  kessel_chart_threshold (cr, &plot, summary->soviet_wins_at - 0.5, FALSE);
  draw_band (cr, &plot, summary, kessel_chart_soviet);
  if (other != NULL && other->n > 0)
    draw_band (cr, &plot, other, kessel_chart_other);
  kessel_chart_x_ticks (cr, &plot, 0, 1);
  kessel_chart_x_title (cr, &plot, _("turn"), height);
}

/* Places */

static int
compare_place_shares (gconstpointer a, gconstpointer b, gpointer data)
{
  const KesselBalanceSummary *summary = data;
  double x = summary->place_changed[*(const int *) a].estimate, y = summary->place_changed[*(const int *) b].estimate;

  return x > y ? -1 : x < y ? 1 : *(const int *) a - *(const int *) b;
}

void
kessel_balance_chart_places (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary)
{
  KesselPlot plot = kessel_chart_begin (cr, width, height, _("Places changing hands"));
  g_autofree int *order = g_new (int, MAX (summary->n_places, 1));
  int rows;
  double row;

  if (summary->n == 0 || summary->n_places == 0)
    {
      kessel_chart_message (cr, width, height, _("No games finished yet"));
      return;
    }
  for (int p = 0; p < summary->n_places; p++)
    order[p] = p;
  g_qsort_with_data (order, summary->n_places, sizeof (int), compare_place_shares, (gpointer) summary);
  plot.x = width * 0.4;
  plot.width = MAX (width - plot.x - KESSEL_CHART_MARGIN_RIGHT - 26, 10);
  rows = MIN (summary->n_places, MAX (1, (int) (plot.height / 11)));
  row = plot.height / rows;
  for (int i = 0; i < rows; i++)
    {
      int p = order[i];
      double y = plot.y + i * row;
      kessel_chart_text (cr, plot.x - 3, y + row / 2 - 5, summary->places[p].name ? summary->places[p].name : "?",
                 KESSEL_ALIGN_RIGHT, KESSEL_CHART_FONT);
      draw_rate_bar (cr, &plot, y + row * 0.15, row * 0.7, summary->place_changed[p], kessel_chart_german);
    }
}
