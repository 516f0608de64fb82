/* kessel-balance-charts.h: the charts of a balance analysis
 * (kessel-balance.h), drawn onto any cairo surface, so that the editor's
 * Balance page and the PDF report show the same pictures.
 *
 * Each draws into the rectangle (0, 0, width, height) in user units (points
 * on paper, pixels on screen), with its own axes and labels. Where a second
 * summary is given (the other variant of a comparison), it is drawn beside
 * or over the first in a second colour. */
#pragma once

#include <cairo.h>

#include "kessel-balance.h"

G_BEGIN_DECLS

/* German victory, draw and Soviet victory as bars with their 95% intervals. */
void kessel_balance_chart_verdicts (cairo_t *cr, double width, double height,
                                    const KesselBalanceSummary *summary,
                                    const KesselBalanceSummary *other);
/* How many games ended on each final VP, coloured by the verdict the
 * scenario's thresholds give. */
void kessel_balance_chart_histogram (cairo_t *cr, double width, double height,
                                     const KesselBalanceSummary *summary);
/* VP at the start and at the end of each turn: the median and the band
 * from 10% to 90%, with the thresholds. */
void kessel_balance_chart_turns (cairo_t *cr, double width, double height,
                                 const KesselBalanceSummary *summary,
                                 const KesselBalanceSummary *other);
/* The share of games in which each place changed hands, most often first,
 * as many as fit. */
void kessel_balance_chart_places (cairo_t *cr, double width, double height,
                                  const KesselBalanceSummary *summary);

/* The height each chart is drawn at for a given width, so that screens and
 * pages agree on their shape. */
double kessel_balance_chart_height (double width);

G_END_DECLS
