/* kessel-report-charts.h: the charts of a game's after-action report
 * (kessel-after-action.h), drawn onto any cairo surface so that the
 * window and the PDF show the same pictures. Each draws into the rectangle
 * (0, 0, width, height) in user units. */
#pragma once

#include <cairo.h>

#include "kessel-after-action.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

/* Soviet VP at the end of each turn, stacked by category, with the
 * victory thresholds. */
void kessel_report_chart_vp (cairo_t *cr, double width, double height, const KesselAfterAction *report,
                             const KesselVictoryTable *victory);
/* Steps lost by each side in each turn. */
void kessel_report_chart_losses (cairo_t *cr, double width, double height, const KesselAfterAction *report);
/* The weather of each turn and the CAS markers of the side with air
 * superiority. */
void kessel_report_chart_weather_air (cairo_t *cr, double width, double height, const KesselAfterAction *report);
/* The luck of each attack rolled (its result's score less its column's
 * average), by turn, with each side's best and worst ringed. */
void kessel_report_chart_attacks (cairo_t *cr, double width, double height, const KesselAfterAction *report);

typedef enum {
  KESSEL_REPORT_CHART_VP,
  KESSEL_REPORT_CHART_LOSSES,
  KESSEL_REPORT_CHART_WEATHER_AIR,
  KESSEL_REPORT_CHART_ATTACKS,
  KESSEL_N_REPORT_CHARTS
} KesselReportChart;

/* One of the charts above by its kind. */
void kessel_report_chart_draw (cairo_t *cr, double width, double height, KesselReportChart chart,
                               const KesselAfterAction *report, const KesselVictoryTable *victory);

/* The height each chart is drawn at for a given width. */
double kessel_report_chart_height (double width);

/* The weather in words, such as "frost". */
const char *kessel_report_weather_name (int weather);

G_END_DECLS
