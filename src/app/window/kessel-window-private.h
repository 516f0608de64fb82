/* kessel-window-private.h: the main window's state and the functions its
 * files call in each other (one concern a file). Nothing outside
 * src/app/window uses it. */
#pragma once

#include "kessel-game-panel.h"
#include "kessel-hex-info-panel.h"
#include "kessel-log-view.h"
#include "kessel-minimap.h"
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
};

G_END_DECLS
