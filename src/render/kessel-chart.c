/* kessel-chart.c: the plotting area, axes and labels of the charts. */
#include "kessel-config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "kessel-chart.h"

const KesselChartColour kessel_chart_german = { 0.36, 0.42, 0.50 };
const KesselChartColour kessel_chart_draw = { 0.85, 0.66, 0.22 };
const KesselChartColour kessel_chart_soviet = { 0.74, 0.20, 0.16 };
const KesselChartColour kessel_chart_other = { 0.20, 0.50, 0.70 };
const KesselChartColour kessel_chart_ink = { 0.15, 0.15, 0.15 };
const KesselChartColour kessel_chart_grid = { 0.85, 0.85, 0.85 };

void
kessel_chart_set_colour (cairo_t *cr, KesselChartColour colour, double alpha)
{
  cairo_set_source_rgba (cr, colour.r, colour.g, colour.b, alpha);
}

double
kessel_plot_x (const KesselPlot *plot, double x)
{
  return plot->x + (x - plot->x_min) / MAX (plot->x_max - plot->x_min, 1e-9) * plot->width;
}

double
kessel_plot_y (const KesselPlot *plot, double y)
{
  return plot->y + plot->height - (y - plot->y_min) / MAX (plot->y_max - plot->y_min, 1e-9) * plot->height;
}

static PangoLayout *
text_layout (cairo_t *cr, const char *text, const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (description);
  return layout;
}

double
kessel_chart_text_width (cairo_t *cr, const char *text, const char *font)
{
  g_autoptr(PangoLayout) layout = text_layout (cr, text, font);
  int width;

  pango_layout_get_size (layout, &width, NULL);
  return width / (double) PANGO_SCALE;
}

void
kessel_chart_text (cairo_t *cr, double x, double y, const char *text, KesselAlign align, const char *font)
{
  g_autoptr(PangoLayout) layout = text_layout (cr, text, font);
  int width;

  pango_layout_get_size (layout, &width, NULL);
  kessel_chart_set_colour (cr, kessel_chart_ink, 1.0);
  cairo_move_to (cr, x - (align == KESSEL_ALIGN_CENTRE ? 0.5 : align == KESSEL_ALIGN_RIGHT ? 1.0 : 0.0) * width / PANGO_SCALE, y);
  pango_cairo_show_layout (cr, layout);
}

KesselPlot
kessel_chart_begin (cairo_t *cr, double width, double height, const char *title)
{
  KesselPlot plot = { KESSEL_CHART_MARGIN_LEFT, KESSEL_CHART_MARGIN_TOP,
                      MAX (width - KESSEL_CHART_MARGIN_LEFT - KESSEL_CHART_MARGIN_RIGHT, 10),
                      MAX (height - KESSEL_CHART_MARGIN_TOP - KESSEL_CHART_MARGIN_BOTTOM, 10), 0, 1, 0, 1 };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  kessel_chart_text (cr, 2, 1, title, KESSEL_ALIGN_LEFT, KESSEL_CHART_TITLE_FONT);
  return plot;
}

double
kessel_chart_tick_step (double range, int n)
{
  double rough = MAX (range, 1e-9) / n, power = pow (10, floor (log10 (rough)));

  return rough <= power ? power : rough <= 2 * power ? 2 * power : rough <= 5 * power ? 5 * power : 10 * power;
}

void
kessel_chart_y_axis (cairo_t *cr, const KesselPlot *plot, gboolean counts)
{
  double step = kessel_chart_tick_step (plot->y_max - plot->y_min, 4);

  if (counts)
    step = MAX (step, 1.0);

  cairo_set_line_width (cr, 0.5);
  for (double y = ceil (plot->y_min / step) * step; y <= plot->y_max + 1e-9; y += step)
    {
      g_autofree char *label = g_strdup_printf ("%g", y);
      kessel_chart_set_colour (cr, kessel_chart_grid, 1.0);
      cairo_move_to (cr, plot->x, kessel_plot_y (plot, y));
      cairo_line_to (cr, plot->x + plot->width, kessel_plot_y (plot, y));
      cairo_stroke (cr);
      kessel_chart_text (cr, plot->x - 3, kessel_plot_y (plot, y) - 5, label, KESSEL_ALIGN_RIGHT, KESSEL_CHART_FONT);
    }
}

void
kessel_chart_x_ticks (cairo_t *cr, const KesselPlot *plot, double first, double step)
{
  for (double x = first; x <= plot->x_max + 1e-9; x += step)
    {
      g_autofree char *label = g_strdup_printf ("%g", x);
      kessel_chart_text (cr, kessel_plot_x (plot, x), plot->y + plot->height + 2, label, KESSEL_ALIGN_CENTRE,
                         KESSEL_CHART_FONT);
    }
}

void
kessel_chart_x_title (cairo_t *cr, const KesselPlot *plot, const char *text, double height)
{
  kessel_chart_text (cr, plot->x + plot->width, height - 10, text, KESSEL_ALIGN_RIGHT, KESSEL_CHART_FONT);
}

void
kessel_chart_message (cairo_t *cr, double width, double height, const char *text)
{
  kessel_chart_text (cr, width / 2, height / 2 - 5, text, KESSEL_ALIGN_CENTRE, KESSEL_CHART_FONT);
}

void
kessel_chart_threshold (cairo_t *cr, const KesselPlot *plot, double value, gboolean vertical)
{
  static const double dash[] = { 3.0, 2.0 };

  kessel_chart_set_colour (cr, kessel_chart_ink, 0.8);
  cairo_set_line_width (cr, 0.8);
  cairo_set_dash (cr, dash, 2, 0);
  if (vertical)
    {
      cairo_move_to (cr, kessel_plot_x (plot, value), plot->y);
      cairo_line_to (cr, kessel_plot_x (plot, value), plot->y + plot->height);
    }
  else
    {
      cairo_move_to (cr, plot->x, kessel_plot_y (plot, value));
      cairo_line_to (cr, plot->x + plot->width, kessel_plot_y (plot, value));
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}
