/* kessel-sheet-units.h: the sections of the setup sheets that list units:
 * each side's set-up (or current positions), the units off the map, the
 * reinforcement schedule and the substitute counters. */
#pragma once

#include "kessel-sheet-document.h"
#include "kessel-sheet-pieces.h"

G_BEGIN_DECLS

/* Counters in the lists: about the printed 5/8 inch, and large enough that
 * the counter painter draws the label and size marking even on a PDF. */
#define KESSEL_SHEET_COUNTER_SIZE 41.0

void kessel_sheet_units_add_positions (KesselSheetDocument *document, const KesselSheetSource *source,
                                       KesselSide side, const char *title);
void kessel_sheet_units_add_off_map (KesselSheetDocument *document, const KesselSheetSource *source,
                                     const char *title);
void kessel_sheet_units_add_reinforcements (KesselSheetDocument *document,
                                            const KesselSheetSource *source, const char *title);
void kessel_sheet_units_add_substitutes (KesselSheetDocument *document,
                                         const KesselSheetSource *source, const char *title);
/* The hexes where reinforcements enter, as ranges such as "0101–0113, 0805
 * (Ternopol)"; NULL when the map has none. */
char *kessel_sheet_units_entry_hexes (KesselScenario *scenario);

G_END_DECLS
