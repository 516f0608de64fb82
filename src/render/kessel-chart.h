/* kessel-chart.h: what the charts of the program share: a plotting area
 * with its axes, ticks, labels and colours, drawn with cairo and Pango
 * into a rectangle (0, 0, width, height) of user units. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

#define KESSEL_CHART_FONT "Sans 7.5"
#define KESSEL_CHART_TITLE_FONT "Sans Bold 8.5"
#define KESSEL_CHART_MARGIN_LEFT 34.0
#define KESSEL_CHART_MARGIN_RIGHT 8.0
#define KESSEL_CHART_MARGIN_TOP 18.0
#define KESSEL_CHART_MARGIN_BOTTOM 22.0

typedef struct { double r, g, b; } KesselChartColour;

extern const KesselChartColour kessel_chart_german;
extern const KesselChartColour kessel_chart_draw;
extern const KesselChartColour kessel_chart_soviet;
extern const KesselChartColour kessel_chart_other;
extern const KesselChartColour kessel_chart_ink;
extern const KesselChartColour kessel_chart_grid;

/* The plotting area inside a chart and the ranges of its axes. */
typedef struct {
  double x, y, width, height;
  double x_min, x_max, y_min, y_max;
} KesselPlot;

typedef enum { KESSEL_ALIGN_LEFT, KESSEL_ALIGN_CENTRE, KESSEL_ALIGN_RIGHT } KesselAlign;

void   kessel_chart_set_colour (cairo_t *cr, KesselChartColour colour, double alpha);
double kessel_plot_x (const KesselPlot *plot, double x);
double kessel_plot_y (const KesselPlot *plot, double y);
/* Text with its top at y, aligned on x. */
void   kessel_chart_text (cairo_t *cr, double x, double y, const char *text, KesselAlign align,
                          const char *font);
double kessel_chart_text_width (cairo_t *cr, const char *text, const char *font);
/* A white chart with its title, and the plotting area inside its margins
 * with the ranges 0 to 1. */
KesselPlot kessel_chart_begin (cairo_t *cr, double width, double height, const char *title);
/* Horizontal grid lines with their values; counts get whole numbers. */
void   kessel_chart_y_axis (cairo_t *cr, const KesselPlot *plot, gboolean counts);
void   kessel_chart_x_ticks (cairo_t *cr, const KesselPlot *plot, double first, double step);
void   kessel_chart_x_title (cairo_t *cr, const KesselPlot *plot, const char *text, double height);
/* A dashed line at x (vertical) or at y (horizontal). */
void   kessel_chart_threshold (cairo_t *cr, const KesselPlot *plot, double value, gboolean vertical);
/* A step of 1, 2 or 5 times a power of ten giving about n ticks over range. */
double kessel_chart_tick_step (double range, int n);
/* Centred in the chart, when there is nothing to show. */
void   kessel_chart_message (cairo_t *cr, double width, double height, const char *text);

G_END_DECLS
