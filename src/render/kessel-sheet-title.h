/* kessel-sheet-title.h: the title page of the setup sheets: the scenario,
 * its starting markers and hex control (3.1), the victory points (4.0), the
 * set-up order (3.2), the optional rules in force and the contents. */
#pragma once

#include "kessel-sheet-document.h"
#include "kessel-sheet-pieces.h"

G_BEGIN_DECLS

/* contents: the titles of the sections that follow, which must begin in
 * this order right after the title page. */
void kessel_sheet_title_add (KesselSheetDocument *document, const KesselSheetSource *source,
                             const char *const *contents);

G_END_DECLS
