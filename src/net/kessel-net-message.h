/* kessel-net-message.h: the messages of network play, their framing and
 * their checks.
 *
 * A message on the wire is a frame: four bytes of its payload's length
 * (big-endian), one byte of its kind, then the payload. Every kind has a
 * limit on its length, checked as soon as the frame's head arrives, so that
 * no peer can make the other side buffer more than the kind allows. Before
 * the password is proved only HELLO, PROOF and REFUSE may come, and small.
 *
 * All kinds but SCENARIO and TURN carry fields: lines of "key=value" in
 * UTF-8, keys of lower-case letters, no control characters, each key once.
 * SCENARIO carries a scenario file and TURN a turn file of a game by e-mail,
 * which their own readers check as hostile input. docs/network.md lists
 * the messages. */
#pragma once

#include <glib.h>

#include "kessel-pbem.h"

G_BEGIN_DECLS

#define KESSEL_NET_ERROR (kessel_net_error_quark ())
typedef enum {
  KESSEL_NET_ERROR_PROTOCOL,   /* a message that breaks the protocol */
  KESSEL_NET_ERROR_REFUSED,    /* the other side refused the connection, with its reason */
  KESSEL_NET_ERROR_PASSWORD,   /* the password was not proved */
  KESSEL_NET_ERROR_CONNECTION, /* the line could not be made or was lost */
  KESSEL_NET_ERROR_GAME,       /* the other side's game does not fit this one */
  KESSEL_NET_ERROR_SCENARIO,   /* the game's scenario is not the player's own copy: he must accept it */
} KesselNetError;
GQuark kessel_net_error_quark (void);

typedef enum {
  KESSEL_NET_HELLO = 1,   /* who speaks: version, role, nonce, game, side */
  KESSEL_NET_PROOF,       /* proof of the game's password over the TLS channel */
  KESSEL_NET_REFUSE,      /* why the connection ends; the last message */
  KESSEL_NET_STATE,       /* how many turns of the game the sender holds */
  KESSEL_NET_SCENARIO,    /* the scenario file the game is played on */
  KESSEL_NET_TURN,        /* a turn file: every turn so far */
  KESSEL_NET_CHAT,        /* a line of chat */
  KESSEL_NET_KIND_LAST = KESSEL_NET_CHAT,
} KesselNetKind;

#define KESSEL_NET_HEAD_SIZE 5
#define KESSEL_NET_MAX_FIELDS 8
/* The longest line of chat, in characters: as a turn file keeps it. */
#define KESSEL_NET_MAX_CHAT KESSEL_PBEM_MAX_CHAT_CHARS

typedef struct {
  KesselNetKind kind;
  GBytes *payload;
  GHashTable *fields;     /* key → value, for the kinds with fields; else NULL */
} KesselNetMessage;

void kessel_net_message_free (KesselNetMessage *message);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselNetMessage, kessel_net_message_free)

/* A field of a message, or NULL. */
const char *kessel_net_message_field (const KesselNetMessage *message, const char *key);
/* The kind's name as docs/network.md writes it: "HELLO", "TURN"... */
const char *kessel_net_kind_name (KesselNetKind kind);
/* The most bytes a payload of kind may have, before or after the password
 * is proved; 0 when the kind may not come then. */
gsize       kessel_net_kind_limit (KesselNetKind kind, gboolean authenticated);

/* A frame of a kind with fields: key, value, ..., NULL. Values must follow
 * the field rules (no line ends); the frame is built, not checked. */
GBytes *kessel_net_frame_fields (KesselNetKind kind, ...) G_GNUC_NULL_TERMINATED;
/* A frame of a kind with a file as its payload. */
GBytes *kessel_net_frame_data (KesselNetKind kind, const void *data, gsize length);

/* Reads messages from the bytes received: feed it what arrives, then take
 * the messages that are whole. A frame that is not whole yet is kept, never
 * half used. */
typedef struct _KesselNetReader KesselNetReader;

KesselNetReader *kessel_net_reader_new (void);
void             kessel_net_reader_free (KesselNetReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselNetReader, kessel_net_reader_free)
/* Messages after the password is proved may be larger and of more kinds. */
void             kessel_net_reader_set_authenticated (KesselNetReader *reader, gboolean authenticated);
void             kessel_net_reader_feed (KesselNetReader *reader, const void *data, gsize length);
/* The next whole message; NULL with no error when none is whole yet, NULL
 * with a KESSEL_NET_ERROR_PROTOCOL error saying why when the bytes break
 * the protocol (after which the reader refuses everything). */
KesselNetMessage *kessel_net_reader_next (KesselNetReader *reader, GError **error);

/* Whether text may be a line of chat: UTF-8 of 1 to KESSEL_NET_MAX_CHAT
 * characters without control characters (kessel_pbem_chat_text_valid). */
gboolean kessel_net_chat_text_valid (const char *text);

G_END_DECLS
