/* kessel-balance-charts.c: bars, a histogram, bands over turns. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "kessel-balance-charts.h"

#define FONT "Sans 7.5"
#define TITLE_FONT "Sans Bold 8.5"
#define MARGIN_LEFT 34.0
#define MARGIN_RIGHT 8.0
#define MARGIN_TOP 18.0
#define MARGIN_BOTTOM 22.0

typedef struct { double r, g, b; } Colour;

static const Colour german_colour = { 0.36, 0.42, 0.50 };
static const Colour draw_colour = { 0.85, 0.66, 0.22 };
static const Colour soviet_colour = { 0.74, 0.20, 0.16 };
static const Colour other_colour = { 0.20, 0.50, 0.70 };
static const Colour ink = { 0.15, 0.15, 0.15 };
static const Colour grid = { 0.85, 0.85, 0.85 };

/* The plotting area inside a chart and the ranges of its axes. */
typedef struct {
  double x, y, width, height;
  double x_min, x_max, y_min, y_max;
} Plot;

typedef enum { ALIGN_LEFT, ALIGN_CENTRE, ALIGN_RIGHT } Align;

static void
set_colour (cairo_t *cr, Colour colour, double alpha)
{
  cairo_set_source_rgba (cr, colour.r, colour.g, colour.b, alpha);
}

static double
plot_x (const Plot *plot, double x)
{
  return plot->x + (x - plot->x_min) / MAX (plot->x_max - plot->x_min, 1e-9) * plot->width;
}

static double
plot_y (const Plot *plot, double y)
{
  return plot->y + plot->height - (y - plot->y_min) / MAX (plot->y_max - plot->y_min, 1e-9) * plot->height;
}

/* Text with its top at y, aligned on x. */
static void
draw_text (cairo_t *cr, double x, double y, const char *text, Align align, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);
  int width, height;

  pango_layout_set_font_description (layout, description);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &width, &height);
  set_colour (cr, ink, 1.0);
  cairo_move_to (cr, x - (align == ALIGN_CENTRE ? 0.5 : align == ALIGN_RIGHT ? 1.0 : 0.0) * width / PANGO_SCALE, y);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (description);
  g_object_unref (layout);
}

static Plot
plot_area (double width, double height, const char *title, cairo_t *cr)
{
  Plot plot = { MARGIN_LEFT, MARGIN_TOP, MAX (width - MARGIN_LEFT - MARGIN_RIGHT, 10),
                MAX (height - MARGIN_TOP - MARGIN_BOTTOM, 10), 0, 1, 0, 1 };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  draw_text (cr, 2, 1, title, ALIGN_LEFT, TITLE_FONT);
  return plot;
}

/* A step of 1, 2 or 5 times a power of ten giving about n ticks over range. */
static double
tick_step (double range, int n)
{
  double rough = MAX (range, 1e-9) / n, power = pow (10, floor (log10 (rough)));

  return rough <= power ? power : rough <= 2 * power ? 2 * power : rough <= 5 * power ? 5 * power : 10 * power;
}

/* Counts get whole-number ticks. */
static void
draw_y_axis (cairo_t *cr, const Plot *plot, gboolean counts)
{
  double step = tick_step (plot->y_max - plot->y_min, 4);

  if (counts)
    step = MAX (step, 1.0);

  cairo_set_line_width (cr, 0.5);
  for (double y = ceil (plot->y_min / step) * step; y <= plot->y_max + 1e-9; y += step)
    {
      g_autofree char *label = g_strdup_printf ("%g", y);
      set_colour (cr, grid, 1.0);
      cairo_move_to (cr, plot->x, plot_y (plot, y));
      cairo_line_to (cr, plot->x + plot->width, plot_y (plot, y));
      cairo_stroke (cr);
      draw_text (cr, plot->x - 3, plot_y (plot, y) - 5, label, ALIGN_RIGHT, FONT);
    }
}

static void
draw_x_ticks (cairo_t *cr, const Plot *plot, double first, double step)
{
  for (double x = first; x <= plot->x_max + 1e-9; x += step)
    {
      g_autofree char *label = g_strdup_printf ("%g", x);
      draw_text (cr, plot_x (plot, x), plot->y + plot->height + 2, label, ALIGN_CENTRE, FONT);
    }
}

static void
draw_x_title (cairo_t *cr, const Plot *plot, const char *text, double height)
{
  draw_text (cr, plot->x + plot->width, height - 10, text, ALIGN_RIGHT, FONT);
}

static void
draw_no_games (cairo_t *cr, double width, double height)
{
  draw_text (cr, width / 2, height / 2 - 5, _("No games finished yet"), ALIGN_CENTRE, FONT);
}

double
kessel_balance_chart_height (double width)
{
  return CLAMP (width * 0.5, 120.0, 220.0);
}

/* Verdicts */

static void
draw_rate_bar (cairo_t *cr, const Plot *plot, double y, double thickness, KesselInterval rate, Colour colour)
{
  double x0 = plot_x (plot, 0.0);
  g_autofree char *label = g_strdup_printf ("%.0f%%", 100 * rate.estimate);

  set_colour (cr, colour, 0.85);
  cairo_rectangle (cr, x0, y, plot_x (plot, rate.estimate) - x0, thickness);
  cairo_fill (cr);
  set_colour (cr, ink, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, plot_x (plot, rate.low), y + thickness / 2);
  cairo_line_to (cr, plot_x (plot, rate.high), y + thickness / 2);
  cairo_move_to (cr, plot_x (plot, rate.low), y + 1);
  cairo_line_to (cr, plot_x (plot, rate.low), y + thickness - 1);
  cairo_move_to (cr, plot_x (plot, rate.high), y + 1);
  cairo_line_to (cr, plot_x (plot, rate.high), y + thickness - 1);
  cairo_stroke (cr);
  draw_text (cr, plot->x + plot->width + 3, y + thickness / 2 - 5, label, ALIGN_LEFT, FONT);
}

void
kessel_balance_chart_verdicts (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary,
                               const KesselBalanceSummary *other)
{
  const char *names[3] = { _("German"), _("Draw"), _("Soviet") };
  const Colour colours[3] = { german_colour, draw_colour, soviet_colour };
  /* xgettext:no-c-format */
  const char *title = _("Verdicts (95% intervals)");
  Plot plot = plot_area (width, height, title, cr);
  double row;

  plot.x = MARGIN_LEFT + 14;
  plot.width = MAX (width - plot.x - MARGIN_RIGHT - 26, 10);
  row = plot.height / 3;
  for (int v = 0; v < 3; v++)
    {
      double y = plot.y + v * row, bar = other != NULL ? row * 0.35 : row * 0.6;
      draw_text (cr, plot.x - 3, y + row * 0.1 + (other != NULL ? bar : bar / 2) - 5, names[v], ALIGN_RIGHT, FONT);
      if (summary->n > 0)
        draw_rate_bar (cr, &plot, y + row * 0.1, bar, summary->verdict_rate[v], colours[v]);
      if (other != NULL && other->n > 0)
        draw_rate_bar (cr, &plot, y + row * 0.1 + bar + 2, bar, other->verdict_rate[v], other_colour);
    }
  draw_x_ticks (cr, &plot, 0, 0.25);
}

/* Histogram */

static Colour
verdict_colour (const KesselBalanceSummary *summary, int vp)
{
  return vp >= summary->soviet_wins_at ? soviet_colour : vp >= summary->draw_from ? draw_colour : german_colour;
}

static void
draw_threshold (cairo_t *cr, const Plot *plot, double x, gboolean vertical)
{
  static const double dash[] = { 3.0, 2.0 };

  set_colour (cr, ink, 0.8);
  cairo_set_line_width (cr, 0.8);
  cairo_set_dash (cr, dash, 2, 0);
  if (vertical)
    {
      cairo_move_to (cr, plot_x (plot, x), plot->y);
      cairo_line_to (cr, plot_x (plot, x), plot->y + plot->height);
    }
  else
    {
      cairo_move_to (cr, plot->x, plot_y (plot, x));
      cairo_line_to (cr, plot->x + plot->width, plot_y (plot, x));
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

void
kessel_balance_chart_histogram (cairo_t *cr, double width, double height, const KesselBalanceSummary *summary)
{
  Plot plot = plot_area (width, height, _("Final Soviet VP"), cr);
  double step;
  int top = 1;

  if (summary->n == 0)
    {
      draw_no_games (cr, width, height);
      return;
    }
  for (int vp = summary->vp_min; vp <= summary->vp_max; vp++)
    top = MAX (top, summary->vp_histogram[vp - summary->vp_min]);
  plot.x_min = summary->vp_min - 0.5;
  plot.x_max = summary->vp_max + 0.5;
  plot.y_max = top;
  draw_y_axis (cr, &plot, TRUE);
  for (int vp = summary->vp_min; vp <= summary->vp_max; vp++)
    {
      int count = summary->vp_histogram[vp - summary->vp_min];
      set_colour (cr, verdict_colour (summary, vp), 0.9);
      cairo_rectangle (cr, plot_x (&plot, vp - 0.42), plot_y (&plot, count), plot_x (&plot, vp + 0.42) - plot_x (&plot, vp - 0.42),
                       plot_y (&plot, 0) - plot_y (&plot, count));
      cairo_fill (cr);
    }
  draw_threshold (cr, &plot, summary->draw_from - 0.5, TRUE);
  draw_threshold (cr, &plot, summary->soviet_wins_at - 0.5, TRUE);
  step = MAX (1.0, tick_step (plot.x_max - plot.x_min, 8));
  draw_x_ticks (cr, &plot, ceil (summary->vp_min / step) * step, step);
}

/* VP by turn */

static void
draw_band (cairo_t *cr, const Plot *plot, const KesselBalanceSummary *summary, Colour colour)
{
  set_colour (cr, colour, 0.2);
  cairo_move_to (cr, plot_x (plot, 0), plot_y (plot, summary->turn_low[0]));
  for (int t = 1; t <= summary->n_turns; t++)
    cairo_line_to (cr, plot_x (plot, t), plot_y (plot, summary->turn_low[t]));
  for (int t = summary->n_turns; t >= 0; t--)
    cairo_line_to (cr, plot_x (plot, t), plot_y (plot, summary->turn_high[t]));
  cairo_close_path (cr);
  cairo_fill (cr);
  set_colour (cr, colour, 1.0);
  cairo_set_line_width (cr, 1.6);
  cairo_move_to (cr, plot_x (plot, 0), plot_y (plot, summary->turn_median[0]));
  for (int t = 1; t <= summary->n_turns; t++)
    cairo_line_to (cr, plot_x (plot, t), plot_y (plot, summary->turn_median[t]));
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
  Plot plot = plot_area (width, height, _("Soviet VP by turn (median, 10–90%)"), cr);

  if (summary->n == 0)
    {
      draw_no_games (cr, width, height);
      return;
    }
  plot.x_max = MAX (summary->n_turns, 1);
  plot.y_max = turns_top (summary);
  if (other != NULL && other->n > 0)
    plot.y_max = MAX (plot.y_max, turns_top (other));
  draw_y_axis (cr, &plot, FALSE);
  draw_threshold (cr, &plot, summary->draw_from - 0.5, FALSE);
  draw_threshold (cr, &plot, summary->soviet_wins_at - 0.5, FALSE);
  draw_band (cr, &plot, summary, soviet_colour);
  if (other != NULL && other->n > 0)
    draw_band (cr, &plot, other, other_colour);
  draw_x_ticks (cr, &plot, 0, 1);
  draw_x_title (cr, &plot, _("turn"), height);
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
  Plot plot = plot_area (width, height, _("Places changing hands"), cr);
  g_autofree int *order = g_new (int, MAX (summary->n_places, 1));
  int rows;
  double row;

  if (summary->n == 0 || summary->n_places == 0)
    {
      draw_no_games (cr, width, height);
      return;
    }
  for (int p = 0; p < summary->n_places; p++)
    order[p] = p;
  g_qsort_with_data (order, summary->n_places, sizeof (int), compare_place_shares, (gpointer) summary);
  plot.x = width * 0.4;
  plot.width = MAX (width - plot.x - MARGIN_RIGHT - 26, 10);
  rows = MIN (summary->n_places, MAX (1, (int) (plot.height / 11)));
  row = plot.height / rows;
  for (int i = 0; i < rows; i++)
    {
      int p = order[i];
      double y = plot.y + i * row;
      draw_text (cr, plot.x - 3, y + row / 2 - 5, summary->places[p].name ? summary->places[p].name : "?",
                 ALIGN_RIGHT, FONT);
      draw_rate_bar (cr, &plot, y + row * 0.15, row * 0.7, summary->place_changed[p], german_colour);
    }
}
