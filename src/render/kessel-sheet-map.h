/* kessel-sheet-map.h: the map section of the setup sheets: a key page with
 * the whole map and how it is cut into parts, then each part on its own
 * page, large enough to read the hex numbers, with every set-up hex (or, in
 * a game, every occupied hex) ringed and labelled. */
#pragma once

#include "kessel-sheet-document.h"
#include "kessel-sheet-pieces.h"

G_BEGIN_DECLS

/* Hex sizes (centre to corner, in points) the parts may use: at the least
 * size the printed hex numbers are about 4.5 points high. */
#define KESSEL_SHEET_MAP_MIN_RADIUS 22.5
#define KESSEL_SHEET_MAP_MAX_RADIUS 32.0

void kessel_sheet_map_add (KesselSheetDocument *document, const KesselSheetSource *source,
                           const char *title);

G_END_DECLS
