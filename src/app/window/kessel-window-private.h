/* kessel-window-private.h: the main window's state and the functions its
 * files call in each other (one concern a file). Nothing outside
 * src/app/window uses it. */
#pragma once

#include "kessel-game-panel.h"
#include "kessel-hex-info-panel.h"
#include "kessel-chat-pane.h"
#include "kessel-log-view.h"
#include "kessel-minimap.h"
#include "kessel-net-game.h"
#include "kessel-order-of-battle.h"
#include "kessel-thinking-bar.h"
#include "kessel-trace-overlay.h"
#include "kessel-track-strip.h"
#include "kessel-unit-pane.h"
#include "kessel-window.h"

G_BEGIN_DECLS

struct _KesselWindow
{
  GtkApplicationWindow parent_instance;

  KesselMapView *map_view;
  GtkOverlay *map_overlay;
  KesselCombatCard *combat_card;  /* the last combat's result over the map */
  KesselMinimap *minimap;
  KesselHexInfoPanel *info_panel;
  GtkLabel *title_label;
  GtkBox *side_box;
  KesselTrackStrip *track_strip;
  GtkPaned *side_paned;            /* the tabs over the log */
  GtkNotebook *side_notebook;
  GtkWidget *unit_page;
  GtkWidget *game_page;
  KesselUnitPane *unit_pane;
  KesselOrderOfBattle *order_of_battle;
  KesselTraceOverlay *trace_overlay; /* the unit pane's supply or C&C line */
  KesselPlayPanel *play_panel;
  KesselGamePanel *game_panel;
  KesselLogView *log_view;
  KesselComputerOpponent *computer;   /* plays the sides the game gives it */
  KesselThinkingBar *thinking_bar;
  KesselReplayMode *replay_mode;  /* watching a game again, over the map */

  KesselGame *game;               /* the game in play, or NULL */
  char *game_path;                /* where it was last saved or opened from */
  gboolean game_dirty;            /* changed since it was saved */
  gboolean close_after_save;      /* a Save As or the turn file asked for on closing */

  GtkStack *side_stack;           /* the play panels, or the editor */
  KesselEditor *editor;
  KesselScenario *play_scenario;  /* what play shows, kept while editing */
  KesselScenario *pending_play;   /* from the editor, once the game in play is given up */
  gboolean editor_discarded;      /* the user chose to close without saving it */

  GSettings *settings;            /* NULL when the schema is not installed */
  int play_zoom_level;            /* the players' zoom, for when a game is in play */
  GtkFileChooserNative *chooser;  /* while it is shown */

  guint refocus_id;               /* the map takes the focus lost, when idle */

  KesselPbem *pbem;               /* the game in play, when it is played by e-mail */
  char *pbem_data_dir;            /* where its secret and copies are kept; NULL for the user's */
  char *pbem_turn_file;           /* a file of the game by e-mail last opened or sent, for Save the Turn File Again */
  char *pbem_sent_file;           /* the turn file written last, for Send by E-mail */
  GFileMonitor *turn_monitor;     /* the shared turn folder of the game by e-mail, if any */
  char *offered_turn;             /* the file from it offered last */
  KesselChatPane *messages_pane;  /* its Messages tab beside the log */
  KesselPbem *messages_pbem;      /* the turn the tab shows */

  KesselNetGame *net_game;        /* the network game in play, or NULL */
  KesselPbem *net_pbem;           /* its turn shown last (not a reference) */
  KesselChatPane *chat_pane;      /* its Chat tab beside the log */
  GtkWidget *scenario_question;   /* while the game's scenario is to be accepted */
};

/* The ending of a saved game's file name. */
#define SAVED_GAME_SUFFIX ".kesselgame"

/* The handlers of actions (GActionEntry) named in the window's one table
 * of actions, kessel-window-actions.c, are declared with the part of the
 * window they belong to. */

/* kessel-window.c: small helpers for every part; the scenario and game
 * shown; the panels that follow the map */
void        kessel_window_replace_string (char **slot, const char *value);
GtkWidget  *kessel_window_question_dialog (KesselWindow *self,
                                           const char   *question,
                                           const char   *explanation);
void        kessel_window_show_error (KesselWindow *self,
                                      const char   *primary,
                                      const char   *secondary);
void        kessel_window_show_scenario (KesselWindow   *self,
                                         KesselScenario *scenario);
void        kessel_window_set_game (KesselWindow *self,
                                    KesselGame   *game,
                                    const char   *path);
KesselGame *kessel_window_shown_game (KesselWindow *self);
void        kessel_window_follow_map_viewer (KesselWindow *self);
void        kessel_window_give_map_focus (KesselWindow *self);
void        kessel_window_unit_info_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void        kessel_window_show_unit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void        kessel_window_order_of_battle_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);

/* kessel-window-actions.c: the table of actions, and which may be used now */
void           kessel_window_add_actions (KesselWindow *self);
GSimpleAction *kessel_window_lookup_action (KesselWindow *self,
                                            const char   *name);
void           kessel_window_sync_zoom_actions (KesselWindow *self);
void           kessel_window_sync_hex_numbers_action (KesselWindow *self);
void           kessel_window_sync_play_actions (KesselWindow *self);
void           kessel_window_update_undo_menu (KesselWindow *self);

/* kessel-window-computer.c: the computer's actions shown on the map */
void kessel_window_computer_action_applied (KesselWindow           *self,
                                            const KesselAction     *action,
                                            int                     from,
                                            KesselComputerOpponent *computer);

/* kessel-window-editor.c: the switch between play and the editor */
gboolean kessel_window_is_editing (KesselWindow *self);
void     kessel_window_set_editing (KesselWindow *self,
                                    gboolean      editing);
gboolean kessel_window_editor_takes (KesselWindow *self,
                                     const char   *editor_action);
void     kessel_window_editor_toggled (GSimpleAction *action, GVariant *state, gpointer user_data);

/* kessel-window-files.c: the title, the automatic save and the questions
 * before moves are lost */
void     kessel_window_update_title (KesselWindow *self);
void     kessel_window_autosave (KesselWindow *self);
void     kessel_window_forget_autosave (void);
gboolean kessel_window_ask_before_replacing (KesselWindow *self,
                                            GFile        *file);
gboolean kessel_window_ask_before_closing_game (KesselWindow *self);
void     kessel_window_new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void     kessel_window_save_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void     kessel_window_save_game_as_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);

/* kessel-window-net.c: network games */
void kessel_window_host_network_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void kessel_window_join_network_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void kessel_window_pbem_action_played_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
gboolean kessel_window_is_network_file (KesselWindow *self, const char *path);
void kessel_window_dispose_net (KesselWindow *self);

/* kessel-window-messages.c: the Messages tab of a game by e-mail */
void kessel_window_sync_messages (KesselWindow *self);
void kessel_window_dispose_messages (KesselWindow *self);

/* kessel-window-pbem.c: games by e-mail */
const char     *kessel_window_pbem_data_dir (KesselWindow *self);
KesselScenario *kessel_window_find_game_scenario (KesselWindow            *self,
                                                  const char              *turn_path,
                                                  const KesselPbemHeader  *header,
                                                  GError                 **error);
void            kessel_window_new_pbem_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void            kessel_window_open_pbem_turn_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void            kessel_window_send_pbem_turn_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void            kessel_window_save_pbem_turn_again_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void            kessel_window_standing_orders_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
/* A line kept with the game by e-mail in play, in its data folder (the
 * opponent's address, the shared folder): NULL if none. */
char           *kessel_window_read_game_note (KesselWindow *self, const char *name, gsize max_size);
gboolean        kessel_window_write_game_note (KesselWindow *self, const char *name, const char *text, GError **error);

/* kessel-window-folder.c: the shared turn folder */
void            kessel_window_watch_turn_folder (KesselWindow *self);
void            kessel_window_turn_folder_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);

/* kessel-window-email.c: Send by E-mail */
void            kessel_window_email_pbem_turn_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);

/* kessel-window-replay.c: replays and the after-action report */
void kessel_window_replay_mode_changed (KesselWindow *self);
void kessel_window_watch_replay_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void kessel_window_watch_replay_file_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);
void kessel_window_after_action_report_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data);

/* kessel-window-settings.c: the window's state kept from one session to the
 * next */
GSettings *kessel_window_settings_new_if_installed (void);
gboolean   kessel_window_has_setting (KesselWindow *self,
                                      const char   *key);
void       kessel_window_restore_state (KesselWindow *self);
void       kessel_window_save_state (KesselWindow *self);

G_END_DECLS
