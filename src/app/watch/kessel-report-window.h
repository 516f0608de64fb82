/* kessel-report-window.h: a game's after-action report in a window of its
 * own: the figures in words, the charts, and Save as PDF. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_REPORT_WINDOW (kessel_report_window_get_type ())
G_DECLARE_FINAL_TYPE (KesselReportWindow, kessel_report_window, KESSEL, REPORT_WINDOW, GtkWindow)

/* The report of game as it stands, read with viewer's eyes under fog of
 * war (KESSEL_SIDE_NONE: everything); NULL with error if the game does
 * not replay. */
KesselReportWindow *kessel_report_window_new (GtkWindow   *parent,
                                              KesselGame  *game,
                                              KesselSide   viewer,
                                              GError     **error);
KesselGame         *kessel_report_window_get_game (KesselReportWindow *self);
gboolean            kessel_report_window_save_pdf (KesselReportWindow  *self,
                                                   const char          *path,
                                                   GError             **error);

G_END_DECLS
