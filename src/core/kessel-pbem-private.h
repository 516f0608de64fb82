/* kessel-pbem-private.h: the turns of a game by e-mail, shared by the
 * exchange (kessel-pbem.c) and its file format (kessel-pbem-file.c). */
#pragma once

#include "kessel-pbem.h"
#include "kessel-standing-orders.h"

G_BEGIN_DECLS

#define KESSEL_PBEM_ID_SIZE 16
/* The longest message about a turn file, in characters, as for a saved game. */
#define KESSEL_PBEM_MAX_MESSAGE 400

typedef struct {
  int number;                               /* from 1 */
  KesselSide from;
  guint8 previous[KESSEL_PBEM_HASH_SIZE];   /* digest of the turn before; zeros for turn 1 */
  gboolean has_commitment;                  /* in each side's first turn */
  guint8 commitment[KESSEL_PBEM_HASH_SIZE];
  guint8 reveal[KESSEL_PBEM_HASH_SIZE];
  GPtrArray *actions;                       /* char *, as kessel_game_action_to_string writes them */
  char *dice;                               /* faces rolled in the turn, if known; in the digest
                                             * only when the mover rolls them */
  KesselStandingOrders *orders;             /* the sender's, from the next turn on; NULL if none */
  GPtrArray *chat;                          /* char *, lines the sender wrote since his turn before */
  long line;                                /* in the file it was read from */
} KesselPbemTurn;

/* A turn file: the game's identity, scenario and options, and its turns. */
typedef struct {
  char *game_id;                            /* hexadecimal */
  char *scenario_file;
  char *scenario_title;
  char *scenario_sha256;
  GPtrArray *options;                       /* char *, "id=true" or "id=false" */
  KesselPbemDice dice_mode;
  GPtrArray *turns;                         /* KesselPbemTurn * */
} KesselPbemRecord;

KesselPbemTurn   *kessel_pbem_turn_new (int number, KesselSide from);
void              kessel_pbem_turn_free (KesselPbemTurn *turn);
KesselPbemRecord *kessel_pbem_record_new (void);
void              kessel_pbem_record_free (KesselPbemRecord *record);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselPbemRecord, kessel_pbem_record_free)

/* The digest of a turn: of its fields and the game's identity, scenario and options. */
void  kessel_pbem_turn_digest (const KesselPbemRecord *record, const KesselPbemTurn *turn,
                               guint8 digest[KESSEL_PBEM_HASH_SIZE]);
char *kessel_pbem_record_to_xml (const KesselPbemRecord *record, gsize *length);
gboolean          kessel_pbem_read_file (const char *path, char **contents, gsize *length, GError **error);
KesselPbemRecord *kessel_pbem_record_read (const char *path, GError **error);
/* Every line of chat in record's turns (KesselPbemChatLine *). */
GPtrArray        *kessel_pbem_record_chat (const KesselPbemRecord *record);
KesselPbemRecord *kessel_pbem_record_parse (const char *data, gsize length, const char *file_name,
                                            GError **error);
/* text as a message may quote it: at most KESSEL_MESSAGE_MAX_QUOTE characters. */
char *kessel_pbem_quote (const char *text);
gboolean kessel_pbem_fail (GError **error, int code, const char *file_name, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

G_END_DECLS
