/* kessel-print.h: printing the setup sheets, and saving them as a PDF.
 *
 * kessel_print_add_actions() gives a window the actions
 *   win.print-setup-sheets          the print dialog, with page setup and preview
 *   win.export-setup-sheets         a save dialog, then a PDF file
 *   win.setup-sheets-reference      (boolean) add the quick-reference card
 *   win.setup-sheets-positions      (boolean) a game's current positions
 *                                   instead of the set-up, when there is a game
 * and the accelerators Ctrl+P and Ctrl+Shift+E. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-setup-sheets.h"

G_BEGIN_DECLS

/* Where the window's scenario and game come from; either may return NULL. */
typedef KesselScenario *(*KesselPrintScenarioFunc) (gpointer data);
typedef KesselGame     *(*KesselPrintGameFunc) (gpointer data);

void kessel_print_add_actions (GtkApplicationWindow   *window,
                               KesselPrintScenarioFunc get_scenario,
                               KesselPrintGameFunc     get_game,
                               gpointer                data);

/* A page setup of the paper and orientation. */
GtkPageSetup *kessel_print_page_setup_new (KesselPaper paper,
                                           gboolean    landscape);

/* Prints the sheets through GtkPrintOperation into a PDF file, without a
 * dialog, on paper of page_setup. */
gboolean kessel_print_export_to_file (KesselSetupSheets  *sheets,
                                      GtkPageSetup       *page_setup,
                                      const char         *path,
                                      GError            **error);

G_END_DECLS
