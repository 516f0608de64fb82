/* kessel-replay-mode.h: the window watching a game again. While active,
 * the map shows the replay's position, read-only, the replay bar sits over
 * the map, the log shows the whole game watched (a click on an entry jumps
 * to it), and the computer at the table waits.
 *
 * It adds the window's actions "replay-step" (a KesselReplayMove by name,
 * such as "next-phase"), "replay-play" and "leave-replay", with their
 * keys. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-computer-opponent.h"
#include "kessel-log-view.h"
#include "kessel-map-view.h"
#include "kessel-replay-bar.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_REPLAY_MODE (kessel_replay_mode_get_type ())
G_DECLARE_FINAL_TYPE (KesselReplayMode, kessel_replay_mode, KESSEL, REPLAY_MODE, GObject)

KesselReplayMode *kessel_replay_mode_new (GtkApplicationWindow   *window,
                                          GtkOverlay             *map_overlay,
                                          KesselMapView          *map_view,
                                          KesselLogView          *log_view,
                                          KesselComputerOpponent *computer);
/* Watches game from the position after its first from_action actions,
 * with viewer's eyes under fog of war (KESSEL_SIDE_NONE: everything). */
gboolean          kessel_replay_mode_start (KesselReplayMode  *self,
                                            KesselGame        *game,
                                            int                from_action,
                                            KesselSide         viewer,
                                            GError           **error);
/* Back to the game in play, as the map and the log showed it before. */
void              kessel_replay_mode_stop (KesselReplayMode *self);
gboolean          kessel_replay_mode_is_active (KesselReplayMode *self);
KesselReplayBar  *kessel_replay_mode_get_bar (KesselReplayMode *self);
/* The whole game being watched and whose eyes it is watched with; NULL
 * when no replay is active. */
KesselGame       *kessel_replay_mode_get_watched (KesselReplayMode *self, KesselSide *viewer);

G_END_DECLS
