/* kessel-log-model.h: a game's log as a list of KesselLogItem, with a heading
 * before the first entry of each turn and phase. It follows the game: new
 * entries are appended as they are logged, and an undo that shortens the log
 * removes the rows it took away. */
#pragma once

#include <gio/gio.h>

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_LOG_MODEL (kessel_log_model_get_type ())
G_DECLARE_FINAL_TYPE (KesselLogModel, kessel_log_model, KESSEL, LOG_MODEL, GObject)

KesselLogModel *kessel_log_model_new (void);
/* NULL empties the list. */
void            kessel_log_model_set_game (KesselLogModel *self,
                                           KesselGame     *game);
KesselGame     *kessel_log_model_get_game (KesselLogModel *self);
/* With fog of war (6.3), the side whose eyes the entries are read with:
 * entries of the other side leave unnamed the units it may not see.
 * KESSEL_SIDE_NONE shows everything. */
void            kessel_log_model_set_viewer (KesselLogModel *self,
                                             KesselSide      viewer);
KesselSide      kessel_log_model_get_viewer (KesselLogModel *self);
/* How many of the game's log entries the list holds. */
guint           kessel_log_model_get_n_entries (KesselLogModel *self);
guint           kessel_log_model_get_n_headings (KesselLogModel *self);
/* The row that shows a log entry (after its heading, if it has one), or -1
 * if the list does not hold it. */
int             kessel_log_model_get_row_of_entry (KesselLogModel *self,
                                                   guint           entry);
/* The game's log entry a row shows, or -1 for a heading. */
int             kessel_log_model_get_entry_at (KesselLogModel *self,
                                               guint           row);

G_END_DECLS
