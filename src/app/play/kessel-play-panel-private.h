/* kessel-play-panel-private.h: the play panel's state, shared by its files:
 * the panel, its prompt and pages (kessel-play-panel.c), the choices from
 * the game's list of legal actions (kessel-play-panel-choices.c) and who
 * sits at the screen (kessel-play-panel-seats.c). */
#pragma once

#include "kessel-attack-page.h"
#include "kessel-choice-page.h"
#include "kessel-movement-page.h"
#include "kessel-play-panel.h"
#include "kessel-prompt-page.h"
#include "kessel-setup-page.h"

G_BEGIN_DECLS

#define NO_SUBJECT G_MININT

struct _KesselPlayPanel
{
  GtkBox parent_instance;

  KesselMapView *map_view;
  KesselGame *game;
  gulong changed_id;
  gboolean fog_of_war;
  gboolean computer[3];          /* by KesselSide: the sides the computer plays */
  KesselSide seated;             /* the side the screen was last handed to */
  KesselPbem *pbem;              /* a game by e-mail: only its side plays here */
  char *wait_note;               /* a network game's state, said while the opponent plays */
  KesselPhase shown_phase;       /* the phase the map was last brought to */

  GtkLabel *heading;
  GtkLabel *instruction;
  GtkLabel *message;             /* the last refusal, naming its rule */
  GtkWidget *choices_scroller;
  GtkWidget *page_slot;          /* holds the page shown */
  KesselAttackPage *attack_page;
  GtkButton *end_button;

  GtkWidget *page;               /* the page in page_slot, or NULL */
  KesselSetupPage *setup_page;
  KesselChoicePage *choice_page;
  KesselMovementPage *movement_page;
  KesselPromptPage *handover_page;
  KesselPromptPage *send_page;

  GArray *legal;                 /* the legal actions, outside movement and combat */
  int subject;                   /* the piece (or -1 - KG) whose hexes are lit, or NO_SUBJECT */
  gboolean subject_chosen;       /* chosen by the player, not the next to place */
  int shown_subject;             /* the subject whose lit hexes were brought into view */
  gboolean placing_all;          /* the map stays put while every unit is placed at once */
  GArray *to_place;              /* set-up: the pieces still to place, as listed */

  char *prompt;                  /* the heading and instruction shown last */
};

/* kessel-play-panel.c */
void     kessel_play_panel_refresh (KesselPlayPanel *self);
/* Applies an action; a refusal is shown, naming its rule case. */
gboolean kessel_play_panel_apply (KesselPlayPanel    *self,
                                  const KesselAction *action);
/* Puts page under the prompt, NULL for none. */
void     kessel_play_panel_show_page (KesselPlayPanel *self,
                                      gpointer         page);
/* Drops the units selected and the attack put together. */
void     kessel_play_panel_clear_selection (KesselPlayPanel *self);
/* "Turn 3 · VI German 1st phase · German to act", or the verdict. */
char    *kessel_play_panel_heading_text (KesselPlayPanel *self);

/* kessel-play-panel-choices.c */
void     kessel_play_panel_init_choices (KesselPlayPanel *self);
/* Shows the choices of self->legal and lights the hexes of the subject. */
void     kessel_play_panel_fill_choices (KesselPlayPanel *self);
/* Places the subject on hex, or retreats it there, if the rules allow. */
gboolean kessel_play_panel_activate_lit_hex (KesselPlayPanel *self,
                                             int              hex);

/* kessel-play-panel-seats.c */
void     kessel_play_panel_init_seats (KesselPlayPanel *self);
/* When nobody at this screen may play now (no game, a game by e-mail
 * waiting for the opponent, the hand-over, the computer's turn), shows why
 * and returns TRUE. */
gboolean kessel_play_panel_show_no_play (KesselPlayPanel *self);
gboolean kessel_play_panel_needs_handover (KesselPlayPanel *self);
/* Whether the players' clicks and keys are refused now. */
gboolean kessel_play_panel_blocked (KesselPlayPanel *self);
void     kessel_play_panel_bring_units_into_view (KesselPlayPanel *self);

G_END_DECLS
