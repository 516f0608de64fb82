/* kessel-play-panel.h: the part of the window that plays a game: it tells the
 * players what the game waits for, turns clicks and keys on the map into
 * actions, shows the odds of an attack before it is made, and offers every
 * other legal choice as a button. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-game.h"
#include "kessel-map-view.h"
#include "kessel-pbem.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PLAY_PANEL (kessel_play_panel_get_type ())
G_DECLARE_FINAL_TYPE (KesselPlayPanel, kessel_play_panel, KESSEL, PLAY_PANEL, GtkBox)

GtkWidget  *kessel_play_panel_new (KesselMapView *map_view);
KesselGame *kessel_play_panel_get_game (KesselPlayPanel *self);
void        kessel_play_panel_set_game (KesselPlayPanel *self,
                                        KesselGame      *game);
/* Whether the computer plays side: then the panel offers nothing to do in
 * its turn and refuses the players' clicks and keys. */
void        kessel_play_panel_set_computer (KesselPlayPanel *self,
                                            KesselSide       side,
                                            gboolean         computer);
/* With fog of war (6.3) the map shows the enemy as the side to act may see it. */
/* A game by e-mail: only pbem's side plays at this screen, without
 * hand-overs, and an action that rolls dice ends the turn. NULL for none. */
void        kessel_play_panel_set_pbem (KesselPlayPanel *self,
                                        KesselPbem      *pbem);
/* A game by e-mail played over the network: note (or NULL for none) says
 * the connection's state while the opponent plays, instead of what to do
 * with turn files. */
void        kessel_play_panel_set_wait_note (KesselPlayPanel *self,
                                             const char      *note);
void        kessel_play_panel_set_fog_of_war (KesselPlayPanel *self,
                                              gboolean         fog);

/* What a click or Enter on hex does now; returns whether it did anything. */
gboolean    kessel_play_panel_activate_hex (KesselPlayPanel *self,
                                            int              hex);
void        kessel_play_panel_hover_hex (KesselPlayPanel *self,
                                         int              hex);
/* Shows a message to the players, such as a refusal naming its rule. */
void        kessel_play_panel_show_message (KesselPlayPanel *self,
                                            const char      *text);
/* Drops the selection or the attack being put together. */
void        kessel_play_panel_cancel (KesselPlayPanel *self);
/* Makes the attack put together in the combat panel. */
gboolean    kessel_play_panel_attack (KesselPlayPanel *self);
/* Ends the current part of the phase if the rules allow. */
gboolean    kessel_play_panel_end_part (KesselPlayPanel *self);
/* Set-up (3.2): places each unit still to place on its printed hex where
 * the rules allow it, leaving the others to the player; returns how many
 * were placed. */
int         kessel_play_panel_place_at_printed_hexes (KesselPlayPanel *self);
/* Set-up: the pieces still to place, as the panel lists them. */
const GArray *kessel_play_panel_get_to_place (KesselPlayPanel *self);
/* Plays an action written as in saved games ("move ger-16pz 2118 2018"). */
gboolean    kessel_play_panel_play_text (KesselPlayPanel *self,
                                         const char      *text);
/* Selects the next unit of the side to act that can still move or attack. */
void        kessel_play_panel_select_next (KesselPlayPanel *self,
                                           int              direction);

/* With fog of war between two humans, the map is covered when the other
 * side is to act, until its player takes the seat. */
gboolean    kessel_play_panel_is_waiting_for_handover (KesselPlayPanel *self);
void        kessel_play_panel_take_seat (KesselPlayPanel *self);
/* Nobody is known to sit at the screen, as when a saved game is opened:
 * with fog of war the map stays covered until the side to act takes it. */
void        kessel_play_panel_leave_seat (KesselPlayPanel *self);

/* What the buttons and controls of the panel do, for keyboard shortcuts and
 * tests: choose the unit or marker to place (a piece, or -1 - KG), press the
 * button of a legal action, send the selected units off the map, set the CAS
 * and 18th AD support of the attack being put together. */
void        kessel_play_panel_select_subject (KesselPlayPanel *self,
                                              int              subject);
gboolean    kessel_play_panel_press_action (KesselPlayPanel    *self,
                                            const KesselAction *action);
gboolean    kessel_play_panel_leave_map (KesselPlayPanel *self);
void        kessel_play_panel_set_attack_support (KesselPlayPanel *self,
                                                  int              cas,
                                                  gboolean         support);
const int  *kessel_play_panel_get_selection (KesselPlayPanel *self,
                                             int             *n_selected);

/* The choice buttons shown now, and pressing one, as a player would. */
int         kessel_play_panel_get_n_choices (KesselPlayPanel *self);
gboolean    kessel_play_panel_press_choice (KesselPlayPanel *self,
                                            int              index);

/* For tests: the text shown, the attack being put together. */
const char *kessel_play_panel_get_instruction (KesselPlayPanel *self);
const char *kessel_play_panel_get_odds_text (KesselPlayPanel *self);
/* The refusal shown, or "". */
const char *kessel_play_panel_get_message (KesselPlayPanel *self);
gboolean    kessel_play_panel_get_draft (KesselPlayPanel *self,
                                         KesselAction    *attack);
int         kessel_play_panel_get_n_selected (KesselPlayPanel *self);

G_END_DECLS
