/* kessel-computer-opponent.h: the computer at the table. It plays the sides
 * of a game that the game's options give it (its seats), thinking in a
 * worker thread on its own copy of the game, and applies each action it
 * chooses to the real game on the main thread, at the pace the players set.
 *
 * The seats are game options, so a saved game remembers them: the option
 * "computer-german" (or "computer-soviet") seats the computer at that side,
 * and "computer-german-easy" or "computer-german-hard" gives its level;
 * Normal without either. */
#pragma once

#include <glib-object.h>

#include "kessel-game.h"
#include "kessel-player.h"

G_BEGIN_DECLS

/* No computer in a seat: a human plays that side. */
#define KESSEL_SEAT_HUMAN (-1)

/* How long an action of the computer stays in view before its next one. */
typedef enum {
  KESSEL_PACE_ALL_AT_ONCE,
  KESSEL_PACE_FAST,
  KESSEL_PACE_NORMAL,
  KESSEL_PACE_SLOW,
  KESSEL_N_PACES
} KesselPace;

/* The seats of a game: KESSEL_SEAT_HUMAN or a KesselLevel. Setting them is
 * possible only before the game's first action, as for any option. */
int         kessel_seats_get (KesselGame *game,
                              KesselSide  side);
gboolean    kessel_seats_set (KesselGame *game,
                              KesselSide  side,
                              int         seat);

const char *kessel_pace_to_string (KesselPace pace);
/* KESSEL_PACE_NORMAL for anything not known. */
KesselPace  kessel_pace_from_string (const char *text);
guint       kessel_pace_get_delay (KesselPace pace);

#define KESSEL_TYPE_COMPUTER_OPPONENT (kessel_computer_opponent_get_type ())
G_DECLARE_FINAL_TYPE (KesselComputerOpponent, kessel_computer_opponent, KESSEL, COMPUTER_OPPONENT, GObject)

KesselComputerOpponent *kessel_computer_opponent_new (void);

/* Takes the seats from the game's options and plays them. A result that
 * arrives for a game no longer given is dropped. NULL stops playing. */
void          kessel_computer_opponent_set_game (KesselComputerOpponent *self,
                                                 KesselGame             *game);
KesselGame   *kessel_computer_opponent_get_game (KesselComputerOpponent *self);
/* Another player for a side of the game given (NULL: a human), such as a
 * test's; level is what the players are told. */
void          kessel_computer_opponent_set_player (KesselComputerOpponent *self,
                                                   KesselSide              side,
                                                   KesselPlayer           *player,
                                                   KesselLevel             level);
KesselPlayer *kessel_computer_opponent_get_player (KesselComputerOpponent *self,
                                                   KesselSide              side);
/* KESSEL_SEAT_HUMAN or the level of the computer at side. */
int           kessel_computer_opponent_get_seat (KesselComputerOpponent *self,
                                                 KesselSide              side);
int           kessel_computer_opponent_get_n_humans (KesselComputerOpponent *self);

/* While paused nothing is applied and a thought under way is dropped. */
void          kessel_computer_opponent_set_paused (KesselComputerOpponent *self,
                                                   gboolean                paused);
void          kessel_computer_opponent_set_pace (KesselComputerOpponent *self,
                                                 KesselPace              pace);
KesselPace    kessel_computer_opponent_get_pace (KesselComputerOpponent *self);

/* Whether the computer is to act in the game now (the "busy" property; the
 * "acting-side" property says for which side), and whether a worker is
 * thinking for it (the "thinking" property). */
gboolean      kessel_computer_opponent_is_busy (KesselComputerOpponent *self);
KesselSide    kessel_computer_opponent_get_acting_side (KesselComputerOpponent *self);
gboolean      kessel_computer_opponent_is_thinking (KesselComputerOpponent *self);
/* Makes the computer play at once: the best action found so far, without
 * waiting for the pace. */
void          kessel_computer_opponent_stop (KesselComputerOpponent *self);

/* Whether the players may take back the last action: only a human's own,
 * while a human is to act. */
gboolean      kessel_computer_opponent_allows_undo (KesselComputerOpponent *self);

/* The words of the thinking indicator, such as "The computer (Soviet,
 * Normal) is thinking…"; NULL while no computer is to act. */
char         *kessel_computer_opponent_describe (KesselComputerOpponent *self);

G_END_DECLS
