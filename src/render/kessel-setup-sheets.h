/* kessel-setup-sheets.h: a scenario on paper, for play at the table.
 *
 * The sheets are a title page (markers, control, victory points, set-up
 * order, optional rules, contents), each side's set-up list by hex, the
 * reinforcement schedule, the substitute counters, the map cut into
 * readable parts, and optionally the quick-reference card. With a game they
 * show where the units stand now instead of the set-up.
 *
 * The same object lays the pages out for any page size, so a PDF file, the
 * printer and a print preview get the same pages; every page stays within
 * its margins. Sizes are in points. */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "kessel-game.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_PAPER_A4,
  KESSEL_PAPER_LETTER,
} KesselPaper;

/* "a4" or "letter", in any case. */
gboolean kessel_paper_from_string (const char *text, KesselPaper *paper);
void     kessel_paper_get_size (KesselPaper paper, gboolean landscape, double *width, double *height);

#define KESSEL_TYPE_SETUP_SHEETS (kessel_setup_sheets_get_type ())
G_DECLARE_FINAL_TYPE (KesselSetupSheets, kessel_setup_sheets, KESSEL, SETUP_SHEETS, GObject)

KesselSetupSheets *kessel_setup_sheets_new (KesselScenario *scenario);
KesselScenario    *kessel_setup_sheets_get_scenario (KesselSetupSheets *self);

/* A game of the scenario, to show its current positions; the sheets keep a
 * copy of it as it stands now. NULL for the set-up. */
void        kessel_setup_sheets_set_game (KesselSetupSheets *self, KesselGame *game);
KesselGame *kessel_setup_sheets_get_game (KesselSetupSheets *self);

void        kessel_setup_sheets_set_paper (KesselSetupSheets *self, KesselPaper paper);
KesselPaper kessel_setup_sheets_get_paper (KesselSetupSheets *self);
void        kessel_setup_sheets_set_landscape (KesselSetupSheets *self, gboolean landscape);
gboolean    kessel_setup_sheets_get_landscape (KesselSetupSheets *self);
void        kessel_setup_sheets_set_include_reference (KesselSetupSheets *self, gboolean include);
gboolean    kessel_setup_sheets_get_include_reference (KesselSetupSheets *self);
/* The page size of the paper and orientation set. */
void        kessel_setup_sheets_get_page_size (KesselSetupSheets *self, double *width, double *height);

/* Pages at the paper size set, or at any page size (such as a printer's). */
int  kessel_setup_sheets_get_n_pages (KesselSetupSheets *self);
int  kessel_setup_sheets_get_n_pages_for_size (KesselSetupSheets *self, double width, double height);
/* Draws page (0-based) of the sheets laid out for width by height, with the
 * page's top-left corner at the origin of cr. */
void kessel_setup_sheets_draw_page (KesselSetupSheets *self, cairo_t *cr, double width, double height,
                                    int page);
/* Where a page's content lies, text by its laid-out extents, and the margin
 * it should stay within; for checks that nothing is clipped. */
void   kessel_setup_sheets_get_page_extents (KesselSetupSheets *self, double width, double height,
                                             int page, double *x1, double *y1, double *x2, double *y2);
double kessel_setup_sheets_get_margin (KesselSetupSheets *self);

/* Writes every page at the paper size set to a PDF file. */
gboolean kessel_setup_sheets_write_pdf (KesselSetupSheets *self, const char *path, GError **error);

G_END_DECLS
