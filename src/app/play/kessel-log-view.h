/* kessel-log-view.h: the log of a game in words, grouped by turn and phase,
 * following the newest entry while the reader is at the end. A click on an
 * entry emits "entry-activated" with its index in the game's log. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-log-model.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_LOG_VIEW (kessel_log_view_get_type ())
G_DECLARE_FINAL_TYPE (KesselLogView, kessel_log_view, KESSEL, LOG_VIEW, GtkWidget)

GtkWidget      *kessel_log_view_new (void);
/* NULL shows an empty log. The view holds a reference to the game. */
void            kessel_log_view_set_game (KesselLogView *self,
                                          KesselGame    *game);
KesselGame     *kessel_log_view_get_game (KesselLogView *self);
/* The rows shown: the entries and the headings between them. */
KesselLogModel *kessel_log_view_get_model (KesselLogView *self);
/* Whether the view scrolls to new entries: true until the reader scrolls
 * away from the end, and again once they come back to it. */
gboolean        kessel_log_view_get_follows_end (KesselLogView *self);
/* Brings an entry of the game's log into view. */
void            kessel_log_view_scroll_to_entry (KesselLogView *self,
                                                 guint          entry);

G_END_DECLS
