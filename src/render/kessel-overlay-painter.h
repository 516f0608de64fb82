/* kessel-overlay-painter.h: what play draws over the map: the hexes a unit
 * can reach with the MP left on each, legal hexes and targets, zones of
 * control, supply and C&C lines, KG ranges, the path under the pointer and
 * the hex cursor. */
#pragma once

#include <cairo.h>

#include "kessel-game.h"
#include "kessel-hex-layout.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_MARK_NONE,
  KESSEL_MARK_REACH,     /* a unit can move here; number: MP left */
  KESSEL_MARK_LEGAL,     /* a legal hex for the action under way */
  KESSEL_MARK_TARGET,    /* an enemy hex that may be attacked */
  KESSEL_MARK_ATTACKER,  /* a hex whose units join the attack */
} KesselMarkKind;

typedef struct {
  guint8 kind;           /* KesselMarkKind */
  gint8 number;          /* shown in the hex when >= 0 */
  gboolean roll;         /* reached across a river whose cost is rolled */
} KesselHexMark;

typedef enum {
  KESSEL_OVERLAY_ZOC_GERMAN  = 1 << 0,
  KESSEL_OVERLAY_ZOC_SOVIET  = 1 << 1,
  KESSEL_OVERLAY_LINES       = 1 << 2,   /* supply and C&C lines of every unit */
  KESSEL_OVERLAY_KG_RANGES   = 1 << 3,
} KesselOverlays;

/* marks has one entry per hex of the layout's grid. */
void kessel_overlay_draw_marks (cairo_t *cr, const KesselHexLayout *layout, const KesselHexMark *marks,
                                double x, double y, double width, double height);
void kessel_overlay_draw_game (cairo_t *cr, const KesselHexLayout *layout, KesselGame *game,
                               guint overlays, double x, double y, double width, double height);
/* The path a move would take, its end labelled with the MP left. */
void kessel_overlay_draw_path (cairo_t *cr, const KesselHexLayout *layout, const int *hexes, int n_hexes,
                               int mp_left, gboolean rolled);
void kessel_overlay_draw_outline (cairo_t *cr, const KesselHexLayout *layout, int hex,
                                  double red, double green, double blue, gboolean dashed);

G_END_DECLS
