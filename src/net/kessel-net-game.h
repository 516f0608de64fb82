/* kessel-net-game.h: a game played live over the network.
 *
 * A network game is a game by e-mail (kessel-pbem.h) whose turn files go
 * over the connection instead of by mail: every check of a turn, the dice
 * that neither player can choose or foresee, the copies in the data folder
 * and the replays are the same. Each side keeps the chained game in its
 * data folder and the latest turn in the game's file, so a dropped line
 * or a stopped program loses nothing: on every connection each side says
 * how many turns it holds (STATE), and the side behind is sent the turn it
 * misses. A turn is in when its file has arrived whole and been checked;
 * the moves of a part not yet sent are played again after a restart.
 *
 * The chat's lines are kept beside the game in the data folder. */
#pragma once

#include <gio/gio.h>
#include "kessel-game.h"
#include "kessel-net-session.h"
#include "kessel-pbem.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_NET_GAME (kessel_net_game_get_type ())
G_DECLARE_FINAL_TYPE (KesselNetGame, kessel_net_game, KESSEL, NET_GAME, GObject)

/* How to reach the other side, and who this side is. */
typedef struct {
  const char *file;          /* the game's file, kept with its latest turn */
  const char *data_dir;      /* the user's data folder */
  const char *password;      /* the game's password, by the rule of kessel_pbem_password_normalize */
  KesselSide side;           /* KESSEL_SIDE_NONE: the side this machine plays in the game of file */
  const char *address;       /* host: NULL for every address; join: the host's name or address */
  guint16 port;
} KesselNetGameSetup;

/* The host's side: a new game on scenario (not NULL) or, with scenario
 * NULL, the game kept in setup->file resumed. */
KesselNetGame *kessel_net_game_new_host (const KesselNetGameSetup *setup, KesselScenario *scenario,
                                         GError **error);
/* The joining side: a new game when setup->file does not exist yet, else
 * the game kept there resumed. */
KesselNetGame *kessel_net_game_new_join (const KesselNetGameSetup *setup, GError **error);

/* Whether the joining side takes a scenario that is not his own copy
 * without being asked. Else the first turn of a game on such a scenario is
 * held, and kessel_net_game_get_scenario_question gives a
 * KESSEL_NET_ERROR_SCENARIO error listing what differs, until
 * kessel_net_game_answer_scenario accepts it (and the game goes on) or
 * refuses it (and the game stops). */
void          kessel_net_game_set_accept_scenario (KesselNetGame *self, gboolean accept);
const GError *kessel_net_game_get_scenario_question (KesselNetGame *self);
void          kessel_net_game_answer_scenario (KesselNetGame *self, gboolean accept);

gboolean kessel_net_game_start (KesselNetGame *self, GError **error);
void     kessel_net_game_stop (KesselNetGame *self);

/* Plays an action of this side's; the turn goes to the other side as soon
 * as it is done. */
gboolean kessel_net_game_play (KesselNetGame *self, const KesselAction *action, GError **error);
/* After an action was played on kessel_net_game_get_pbem directly (as the
 * window's play panel does): sends the turn if it is done. */
gboolean kessel_net_game_turn_played (KesselNetGame *self, GError **error);
/* Sends a line of chat (kessel_net_chat_text_valid) and keeps it. */
gboolean kessel_net_game_chat (KesselNetGame *self, const char *text, GError **error);

typedef struct {
  KesselSide side;
  char *text;
} KesselNetChatLine;

/* The chat so far, KesselNetChatLine *, oldest first. */
GPtrArray        *kessel_net_game_get_chat (KesselNetGame *self);
/* The game by e-mail under way: NULL while a restarted side waits for the
 * answer to the turn it sent before it stopped. It changes with every turn
 * received. */
KesselPbem       *kessel_net_game_get_pbem (KesselNetGame *self);
KesselNetSession *kessel_net_game_get_session (KesselNetGame *self);
/* The game as this side sees it; NULL before the opening dice are rolled. */
KesselGame       *kessel_net_game_get_game (KesselNetGame *self);
KesselSide        kessel_net_game_get_side (KesselNetGame *self);
const char       *kessel_net_game_get_game_id (KesselNetGame *self);
/* The number of turns of the game's chain this side holds. */
int               kessel_net_game_get_turns (KesselNetGame *self);
gboolean          kessel_net_game_is_my_move (KesselNetGame *self);
/* Whether the game is over and both sides hold its last turn. */
gboolean          kessel_net_game_is_done (KesselNetGame *self);
/* Whether, besides, each side knows that the other knows it: the side
 * that received the last turn has the answer to its receipt. Until then
 * that side should stay a moment, in case the receipt was lost. */
gboolean          kessel_net_game_is_end_confirmed (KesselNetGame *self);
/* The error that stopped the game, or NULL. */
const GError     *kessel_net_game_get_error (KesselNetGame *self);

/* Whether file is a network game played on this machine, by the copies in
 * data_dir: then whether it is the host's, and the address and port it
 * was last played over. */
gboolean kessel_net_game_peek_connection (const char *file, const char *data_dir, gboolean *host, char **address,
                                          guint16 *port);

G_END_DECLS
