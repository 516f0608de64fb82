/* kessel-log-item.h: one row of the log view: an entry of a game's log, or
 * the heading that starts a new turn or phase. */
#pragma once

#include <glib-object.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_LOG_ITEM (kessel_log_item_get_type ())
G_DECLARE_FINAL_TYPE (KesselLogItem, kessel_log_item, KESSEL, LOG_ITEM, GObject)

KesselLogItem *kessel_log_item_new_heading (int         turn,
                                            KesselPhase phase);
KesselLogItem *kessel_log_item_new_entry (const KesselLogEntry *entry);

gboolean    kessel_log_item_is_heading (KesselLogItem *self);
int         kessel_log_item_get_turn (KesselLogItem *self);
KesselPhase kessel_log_item_get_phase (KesselLogItem *self);
KesselSide  kessel_log_item_get_side (KesselLogItem *self);
/* The die rolled for the entry, or 0. */
int         kessel_log_item_get_die (KesselLogItem *self);
/* The entry's words, or the heading's. */
const char *kessel_log_item_get_text (KesselLogItem *self);

G_END_DECLS
