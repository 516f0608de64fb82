/* kessel-counter-painter.h: draws a counter as it looks on the cardboard:
 * side colours of rule 2.3, NATO unit-type symbol, size marking, label,
 * attack-defence factors, and marks for reduced and substitute counters. */
#pragma once

#include <cairo.h>

#include "kessel-unit.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_COUNTER_SUBSTITUTE = 1 << 0, /* a substitute counter: dot at the top left */
  KESSEL_COUNTER_SELECTED   = 1 << 1,
} KesselCounterFlags;

/* Draws the counter with its top-left corner at (x, y), size units square,
 * showing the given step (0 = front). */
void kessel_counter_painter_draw (cairo_t *cr, KesselUnit *unit, int step, guint flags,
                                  double x, double y, double size);

/* Background and text colours for a unit's counter (rule 2.3), as RGB 0..1. */
void kessel_counter_painter_colours (KesselUnit *unit, double background[3], double text[3]);

G_END_DECLS
