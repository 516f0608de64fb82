/* kessel-balance-page.h: the editor's Balance page. It plays the scenario
 * being edited, the computer against itself, in worker threads, with
 * progress and Stop, and fills its charts (kessel-balance-charts.h) as games
 * finish. It can play the saved version of the scenario on the same seeds
 * and show what the edits since changed. Each suggested pair of victory
 * thresholds is applied with one click as an undoable edit, and the figures
 * can be saved as a PDF report. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-edit-history.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_BALANCE_PAGE (kessel_balance_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselBalancePage, kessel_balance_page, KESSEL, BALANCE_PAGE, GtkWidget)

GtkWidget *kessel_balance_page_new (void);
/* The history whose scenario is played and edited, or NULL (stops a run). */
void       kessel_balance_page_set_history (KesselBalancePage *self, KesselEditHistory *history);
/* Whether games are being played. */
gboolean   kessel_balance_page_is_running (KesselBalancePage *self);
/* Games finished in the last run, over all variants. */
int        kessel_balance_page_get_n_done (KesselBalancePage *self);
/* Writes the last run's report, as the Save Report button does. */
gboolean   kessel_balance_page_write_report (KesselBalancePage *self, const char *path, GError **error);

G_END_DECLS
