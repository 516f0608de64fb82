/* kessel-window.h: the main window: the map, and beside it the scenario
 * and the hex under the pointer. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-combat-card.h"
#include "kessel-computer-opponent.h"
#include "kessel-editor.h"
#include "kessel-map-view.h"
#include "kessel-new-game-dialog.h"
#include "kessel-chat-pane.h"
#include "kessel-net-dialog.h"
#include "kessel-net-game.h"
#include "kessel-pbem-dialog.h"
#include "kessel-standing-orders-dialog.h"
#include "kessel-play-panel.h"
#include "kessel-replay-mode.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

/* The application above the window, named only (kessel-application.h). */
typedef struct _KesselApplication KesselApplication;

/* The GMenu of the Edit menu's undo and redo items, kept on the application
 * under this key. */
#define KESSEL_UNDO_SECTION "kessel-undo-section"

#define KESSEL_TYPE_WINDOW (kessel_window_get_type ())
G_DECLARE_FINAL_TYPE (KesselWindow, kessel_window, KESSEL, WINDOW, GtkApplicationWindow)

KesselWindow   *kessel_window_new (KesselApplication *application);

KesselMapView  *kessel_window_get_map_view (KesselWindow *self);
KesselScenario *kessel_window_get_scenario (KesselWindow *self);
/* The scenario editor; View ▸ Scenario Editor (the "win.editor" action)
 * gives it the map. It is built on the first call or the first opening. */
KesselEditor   *kessel_window_get_editor (KesselWindow *self);

/* Loads a scenario and shows it; on failure the current one stays. */
gboolean        kessel_window_open_file (KesselWindow  *self,
                                         const char    *path,
                                         GError       **error);
/* The same, telling the user in a dialog when it fails. */
gboolean        kessel_window_open (KesselWindow *self,
                                    GFile        *file);
void            kessel_window_open_default_scenario (KesselWindow *self);
/* Play: a new game of the scenario shown, and saved games (files ending in
 * .kesselgame, which kessel_window_open_file also opens). */
void             kessel_window_new_game (KesselWindow *self,
                                         guint64       seed);
/* The New Game dialog; Start begins the game chosen there. */
KesselNewGameDialog *kessel_window_show_new_game_dialog (KesselWindow *self);
KesselGame      *kessel_window_get_game (KesselWindow *self);
KesselPlayPanel *kessel_window_get_play_panel (KesselWindow *self);
/* The last combat's result over the map. */
KesselCombatCard *kessel_window_get_combat_card (KesselWindow *self);
/* The computer at the table: it plays the sides the game's seats give it. */
KesselComputerOpponent *kessel_window_get_computer (KesselWindow *self);
gboolean         kessel_window_is_game_dirty (KesselWindow *self);
gboolean         kessel_window_save_game (KesselWindow  *self,
                                          const char    *path,
                                          GError       **error);
/* After a crash: offers the game saved automatically at its last phase. */
void             kessel_window_offer_autosave (KesselWindow *self);
/* The file of the automatic save. */
char            *kessel_window_get_autosave_path (void);
/* The name Save Game As proposes: the game's file, or its scenario's title. */
char            *kessel_window_suggest_game_name (KesselWindow *self);
/* Shows game again from the position after its first from_action
 * actions, on the map and read-only, with the replay bar over it, until
 * "Back to the Game". A game not over is watched, under fog of war, as
 * the side at the map (the game in play) or the side to act (another
 * game) may see it. Tells the user and returns FALSE if it cannot. */
gboolean        kessel_window_show_replay (KesselWindow *self,
                                           KesselGame   *game,
                                           int           from_action);
KesselReplayMode *kessel_window_get_replay_mode (KesselWindow *self);
/* Asks for a scenario file and opens it. */
void            kessel_window_choose_file (KesselWindow *self);

/* Games by e-mail (kessel-pbem.h). Their secrets and copies are kept under
 * the user's data folder unless another is set. A new game shows no map
 * until its opening dice are rolled; its first turn is then to be sent. */
void             kessel_window_set_pbem_data_dir (KesselWindow *self,
                                                  const char   *data_dir);
KesselPbem      *kessel_window_get_pbem (KesselWindow *self);
gboolean         kessel_window_new_pbem_game (KesselWindow  *self,
                                              KesselSide     side,
                                              const char    *password,
                                              GError       **error);
/* Opens a received turn file; emits "pbem-turn-opened". */
gboolean         kessel_window_open_pbem_turn (KesselWindow  *self,
                                               const char    *path,
                                               const char    *password,
                                               GError       **error);
gboolean         kessel_window_send_pbem_turn (KesselWindow  *self,
                                               const char    *path,
                                               GError       **error);
/* Writes the last turn this computer sent in the game by e-mail last opened
 * or sent again, to path (Game ▸ Save the Turn File Again). */
gboolean         kessel_window_save_pbem_turn_again (KesselWindow  *self,
                                                     const char    *path,
                                                     GError       **error);
/* Game ▸ Standing Orders…: the orders of the side played here, sent with
 * the turn being made; NULL when no game by e-mail is in play. */
KesselStandingOrdersDialog *kessel_window_show_standing_orders (KesselWindow *self);
/* Send by E-mail: the turn file written last goes to the user's mail
 * program (xdg-email) with the opponent's address, kept with the game. */
char            *kessel_window_get_opponent_address (KesselWindow *self);
gboolean         kessel_window_set_opponent_address (KesselWindow  *self,
                                                     const char    *address,
                                                     GError       **error);
gboolean         kessel_window_email_pbem_turn (KesselWindow  *self,
                                                GError       **error);
/* Game ▸ Shared Turn Folder…: a folder, kept with the game, that the window
 * watches for the opponent's turn while it waits for it. */
char            *kessel_window_get_turn_folder (KesselWindow *self);
gboolean         kessel_window_set_turn_folder (KesselWindow  *self,
                                                const char    *folder,
                                                GError       **error);
/* Game ▸ New Play-by-E-mail Game's dialog, and the password of a received
 * turn, asked with the map covered. */
KesselPbemDialog *kessel_window_show_new_pbem_dialog (KesselWindow *self);
/* Network games (docs/network.md), kept in file: hosting one on the
 * scenario shown, joining one, or taking up the one kept in file (over
 * the port it was last played over when port is 0). The window plays this side's part
 * and shows the opponent's turns as they arrive, and the chat in a tab
 * beside the log. */
gboolean         kessel_window_host_network_game (KesselWindow *self, const char *file, KesselSide side,
                                                  guint16 port, const char *password, GError **error);
gboolean         kessel_window_join_network_game (KesselWindow *self, const char *file, KesselSide side,
                                                  const char *address, guint16 port, const char *password,
                                                  GError **error);
gboolean         kessel_window_resume_network_game (KesselWindow *self, const char *file, const char *address,
                                                    guint16 port, const char *password, GError **error);
KesselNetGame   *kessel_window_get_net_game (KesselWindow *self);
KesselChatPane  *kessel_window_get_chat_pane (KesselWindow *self);
/* The Messages tab of the game by e-mail in play, or NULL. */
KesselChatPane  *kessel_window_get_messages_pane (KesselWindow *self);
/* The dialogs of Game ▸ Host a Network Game… and Join a Network Game…, and
 * the one Game ▸ Open shows for a network game's file (NULL if path is
 * none). */
KesselNetDialog *kessel_window_ask_network_game (KesselWindow *self, gboolean host);
KesselNetDialog *kessel_window_ask_resume_network_game (KesselWindow *self, const char *path);

/* A player joining a game whose scenario is not his own copy of it is
 * first shown what differs, in a dialog that asks the password only once
 * the scenario is accepted: then the result is NULL without an error. */
KesselPbemDialog *kessel_window_ask_received_turn (KesselWindow  *self,
                                                   const char    *path,
                                                   GError       **error);

/* Watches the game of a turn file again: at once if it is over, else, under
 * fog of war, from the side played on this machine once its password is
 * given in the dialog returned. */
KesselPbemDialog *kessel_window_watch_turn_file (KesselWindow *self, const char *path);

G_END_DECLS
