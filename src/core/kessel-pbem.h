/* kessel-pbem.h: a game by e-mail between two players on two machines,
 * without a server.
 *
 * The game travels as turn files. Each file holds every turn so far; each
 * turn names the turn before by its SHA-256 digest and reveals the next
 * value of its sender's hash chain (kessel-pbem-secret.h). The dice are
 * rolled in one of two modes chosen when the game is made: at the mover's
 * computer, from the system's entropy, recorded in his turn; or verified,
 * from the value the turn's sender reveals and the value the other player
 * reveals in the next turn, so that neither player can choose, foresee or
 * roll again any die: an action that rolls ends its turn, and its dice are
 * rolled when the opponent opens the file. Each side's standing orders
 * (kessel-standing-orders.h), sent in its turns, answer what the rules ask
 * of it while the other side moves. docs/pbem.md has the scheme.
 *
 * The first turn gives the making side's commitment, the second the other
 * side's; the game's opening dice are rolled when the first side opens the
 * second turn.
 *
 * Each player's program keeps a copy of every turn file it sent and opened
 * in its data folder, and checks every file it opens against them. */
#pragma once

#include <glib-object.h>
#include "kessel-game.h"
#include "kessel-pbem-secret.h"
#include "kessel-standing-orders.h"

G_BEGIN_DECLS

#define KESSEL_PBEM_FILE_SUFFIX ".kesselpbem"
#define KESSEL_PBEM_MAX_TURNS (2 * KESSEL_PBEM_CHAIN_LENGTH)

typedef enum {
  KESSEL_PBEM_YOUR_MOVE,   /* this player is to act */
  KESSEL_PBEM_SEND,        /* the turn is done: write its file and send it */
  KESSEL_PBEM_SENT,        /* waiting for the opponent's file */
  KESSEL_PBEM_OVER,        /* the game is over and both players have seen its end */
} KesselPbemStatus;

/* Who rolls the dice of a game by e-mail; chosen when the game is made. */
typedef enum {
  KESSEL_PBEM_DICE_MOVER,      /* the mover's program, from the system's entropy, recorded in the turn */
  KESSEL_PBEM_DICE_VERIFIED,   /* both players' hash chains: an action that rolls ends the turn */
} KesselPbemDice;

const char *kessel_pbem_dice_to_string (KesselPbemDice dice);
gboolean    kessel_pbem_dice_from_string (const char *text, KesselPbemDice *dice);
/* A sentence for people: who rolls the dice, and what that proves. */
const char *kessel_pbem_dice_display_name (KesselPbemDice dice);

#define KESSEL_TYPE_PBEM (kessel_pbem_get_type ())
G_DECLARE_FINAL_TYPE (KesselPbem, kessel_pbem, KESSEL, PBEM, GObject)

/* A new game by e-mail, played by side on this machine under password.
 * data_dir is the user's data folder; the game's files go in
 * data_dir/kessel/pbem/GAME-ID/SIDE. Its first turn starts the game and is
 * to be sent at once. Rules options may be set until then. */
KesselPbem *kessel_pbem_new (KesselScenario *scenario, KesselSide side, const char *password,
                             const char *data_dir, GError **error);
gboolean    kessel_pbem_set_option (KesselPbem *self, const char *id, gboolean enabled);
/* The dice mode (mover by default), until the first turn is sent. */
gboolean    kessel_pbem_set_dice (KesselPbem *self, KesselPbemDice dice);
KesselPbemDice kessel_pbem_get_dice (KesselPbem *self);

/* What a turn file says before it is opened: its game, the side to open
 * it, the number of its last turn and the scenario it is played on. */
typedef struct {
  char *game_id;
  KesselSide receiver;
  int last_turn;
  char *scenario_file;     /* the scenario's file name, without a folder */
  char *scenario_title;
  char *scenario_sha256;   /* as kessel_scenario_checksum gives it */
} KesselPbemHeader;

KesselPbemHeader *kessel_pbem_peek (const char *path, GError **error);
void              kessel_pbem_header_free (KesselPbemHeader *header);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselPbemHeader, kessel_pbem_header_free)

/* Whether scenario is, unchanged, the one the game is played on. */
gboolean          kessel_pbem_header_matches (const KesselPbemHeader *header, KesselScenario *scenario);
/* The unchanged scenario the game is played on, from the first of the
 * folders (NULL ones are passed over) holding it under its file name. */
KesselScenario   *kessel_pbem_find_scenario (const KesselPbemHeader *header, const char *const *folders,
                                             guint n_folders, GError **error);

/* What a player joining a game (opening its first turn file) must accept
 * about its scenario before he plays: NULL when scenario is, unchanged, his
 * own copy of the file the game names, the first in own_folders. Else the
 * lines of kessel_scenario_differences against that copy, with
 * *have_copy TRUE; or, with *have_copy FALSE, no line when he has no
 * scenario of that name. */
GPtrArray        *kessel_pbem_scenario_to_accept (const KesselPbemHeader *header, KesselScenario *scenario,
                                                  const char *const *own_folders, guint n_folders,
                                                  gboolean *have_copy);

/* Opens a turn file received from the opponent: checks it whole against
 * this player's copies, rolls the dice its last turn left, and gives the
 * game ready for the player's part. The first file of a game makes the
 * joining side's secret with password. */
KesselPbem *kessel_pbem_open (const char *path, KesselScenario *scenario, const char *password,
                              const char *data_dir, GError **error);
/* Checks a turn file on its own: links, hash chains, the scenario, every
 * action and every die that can be known. *summary (if not NULL) says
 * what was checked. */
gboolean    kessel_pbem_verify (const char *path, KesselScenario *scenario, char **summary, GError **error);
gboolean    kessel_pbem_verify_data (const char *data, gsize length, const char *file_name,
                                     KesselScenario *scenario, char **summary, GError **error);

/* The game a turn file holds, checked as kessel_pbem_verify checks it, to
 * be watched: it ends before the last action if that action's dice are
 * not rolled yet. A game not begun (turn 1 alone) is an error. */
KesselGame *kessel_pbem_load_game (const char *path, KesselScenario *scenario, GError **error);
/* Whether side of game game_id is played on this machine: its secret is
 * in data_dir. */
gboolean    kessel_pbem_plays_side (const char *data_dir, const char *game_id, KesselSide side);
/* FALSE, with an error that says so, when a turn file of game game_id for
 * receiver is one this machine sent: it plays the other side only. */
gboolean    kessel_pbem_check_receiver (const char *data_dir, const char *game_id, KesselSide receiver,
                                        const char *file_name, GError **error);
/* Whether password opens that side's secret; an error says why not. */
gboolean    kessel_pbem_check_password (const char *data_dir, const char *game_id, KesselSide side,
                                        const char *password, GError **error);

/* NULL until the game's opening dice are rolled (turns 1 and 2). */
KesselGame      *kessel_pbem_get_game (KesselPbem *self);
KesselSide       kessel_pbem_get_side (KesselPbem *self);
KesselPbemStatus kessel_pbem_get_status (KesselPbem *self);
const char      *kessel_pbem_get_game_id (KesselPbem *self);
/* The number of the turn this player makes now (or made last). */
int              kessel_pbem_get_turn_number (KesselPbem *self);
/* The index of the first action of the opponent's turn just opened in the
 * game's actions, or -1: where a replay of what the opponent did begins. */
int              kessel_pbem_get_received_start (KesselPbem *self);
/* The action sent with the turn whose dice the opponent rolls, if any. */
const char      *kessel_pbem_get_pending (KesselPbem *self);

/* This side's standing orders, sent with the turn being made and used
 * from the opponent's next turn on (NULL: none, every choice is asked).
 * A side's first turn sends the defaults; later turns those of its turn
 * before, until changed. */
gboolean kessel_pbem_set_orders (KesselPbem *self, const KesselStandingOrders *orders);
/* The orders this side sends with its turn (NULL if none). */
const KesselStandingOrders *kessel_pbem_get_orders (KesselPbem *self);
/* The opponent's orders in force (NULL if he gave none). */
const KesselStandingOrders *kessel_pbem_get_opponent_orders (KesselPbem *self);
/* Chat: the lines the players wrote each other, kept in the turns of the
 * game's file. A turn carries the lines its sender wrote since his turn
 * before, in his own hash chain, so that neither player can change what
 * the other wrote. A line is UTF-8 of 1 to KESSEL_PBEM_MAX_CHAT_CHARS
 * characters without control characters. */
#define KESSEL_PBEM_MAX_CHAT_CHARS 500
#define KESSEL_PBEM_MAX_CHAT_LINES 1000   /* in one turn */

typedef struct {
  int turn;          /* the turn that carries it */
  KesselSide side;   /* who wrote it */
  char *text;
} KesselPbemChatLine;

void     kessel_pbem_chat_line_free (KesselPbemChatLine *line);
gboolean kessel_pbem_chat_text_valid (const char *text);
/* The lines this side sends with the turn being made, in the order
 * written, in place of any set before; FALSE if no turn is being made or a
 * line is not valid. */
gboolean kessel_pbem_set_chat (KesselPbem *self, const char *const *lines, guint n_lines);
/* Every line in the game's turns, sent and received, in the order of the
 * turns (KesselPbemChatLine *). */
GPtrArray *kessel_pbem_get_chat (KesselPbem *self);
/* Adds a line to those sent with the turn being made; FALSE if no turn is
 * being made, the line is not valid or the turn holds as many as it may. */
gboolean kessel_pbem_add_chat (KesselPbem *self, const char *line);
/* The lines of chat in a turn file, read without checking its chain
 * (kessel_pbem_verify does that); NULL with an error if it cannot be read. */
GPtrArray *kessel_pbem_read_chat (const char *path, GError **error);

/* Plays an action of this player. In verified dice, an action that rolls
 * is not applied here: it ends the turn, and it is resolved when the
 * opponent opens it. Then the opponent's standing orders answer what they
 * can of what the rules ask of him. */
gboolean kessel_pbem_play (KesselPbem *self, const KesselAction *action, GError **error);
/* Writes the turn file to path and keeps a copy. An existing file at path
 * is replaced only if it is a turn file. */
gboolean kessel_pbem_send (KesselPbem *self, const char *path, GError **error);
/* Writes the last turn this machine sent in the game of the turn file at
 * turn_path (any file of that game) to path again, from the copy kept in
 * data_dir: for a turn whose file was lost, or never written because the
 * program was stopped. *number (if not NULL) is the turn's number. */
gboolean kessel_pbem_save_again (const char *turn_path, const char *data_dir, const char *path, int *number,
                                 GError **error);
/* A file name for the turn to send, such as kessel-3f2a91c0-turn-005.kesselpbem. */
char    *kessel_pbem_file_name (KesselPbem *self);

G_END_DECLS
