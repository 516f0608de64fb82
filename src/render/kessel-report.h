/* kessel-report.h: a game's after-action report (kessel-after-action.h) in
 * lines of text and as a PDF with its charts (kessel-report-charts.h). The
 * lines are shared by the window's report and the PDF.
 *
 * Under fog of war the log's words are read with viewer's eyes
 * (KESSEL_SIDE_NONE: everything). */
#pragma once

#include <glib.h>

#include "kessel-after-action.h"
#include "kessel-game.h"

G_BEGIN_DECLS

/* Lines of text, free with g_ptr_array_unref. */
GPtrArray *kessel_report_summary_lines (KesselGame *game, const KesselAfterAction *report);
GPtrArray *kessel_report_turn_lines (const KesselAfterAction *report);
GPtrArray *kessel_report_attack_lines (KesselGame *game, const KesselAfterAction *report, KesselSide viewer);
/* What "best" and "worst" attack mean, in a sentence or two. */
const char *kessel_report_luck_definition (void);

/* Writes the report, A4 portrait, to a PDF file. */
gboolean kessel_report_write_pdf (KesselGame *game, const KesselAfterAction *report, KesselSide viewer,
                                  const char *path, GError **error);

G_END_DECLS
