/* kessel-net-session.h: one side of a network game's connection.
 *
 * The host listens on a port and takes one opponent at a time; the joining
 * side connects to it, and connects again a second after the line drops.
 * Every connection is TLS (GIO's backend, glib-networking). Before anything
 * of the game is sent, both sides exchange HELLO and prove the game's
 * password over the channel (kessel-net-auth.h): the joining side first, so
 * that a stranger who connects to the host learns nothing. A connection
 * whose proof fails is refused with a reason, after a pause of a second. */
#pragma once

#include <gio/gio.h>
#include "kessel-net-message.h"
#include "kessel-types.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_NET_STATE_IDLE,          /* not started */
  KESSEL_NET_STATE_WAITING,       /* the host waits for the opponent to connect */
  KESSEL_NET_STATE_CONNECTING,    /* the joining side connects */
  KESSEL_NET_STATE_PROVING,       /* connected; the password is being proved */
  KESSEL_NET_STATE_READY,         /* the password is proved: the game may talk */
  KESSEL_NET_STATE_DROPPED,       /* the line was lost; the joining side connects again soon */
  KESSEL_NET_STATE_FAILED,        /* stopped for good: see the error */
} KesselNetState;

#define KESSEL_TYPE_NET_SESSION (kessel_net_session_get_type ())
G_DECLARE_FINAL_TYPE (KesselNetSession, kessel_net_session, KESSEL, NET_SESSION, GObject)

/* The host's side of a game: listens on port (0 for any free one) of
 * address (NULL for every address). */
KesselNetSession *kessel_net_session_new_host (GTlsCertificate *certificate, const char *address, guint16 port,
                                               const char *game_id, KesselSide side, const char *password);
/* The joining side: connects to host and port. game_id is NULL when the
 * side joins a new game, whose identity the host then gives. */
KesselNetSession *kessel_net_session_new_join (const char *host, guint16 port, const char *game_id,
                                               KesselSide side, const char *password);

gboolean       kessel_net_session_start (KesselNetSession *self, GError **error);
/* Closes the connection and listens or connects no more. */
void           kessel_net_session_stop (KesselNetSession *self);
/* Closes the present connection as if the line dropped. */
void           kessel_net_session_drop (KesselNetSession *self);

/* Queues a frame (kessel-net-message.h) for the other side; FALSE, and
 * nothing sent, unless the session is ready. */
gboolean       kessel_net_session_send (KesselNetSession *self, GBytes *frame);
/* Whether frames are still being written. */
gboolean       kessel_net_session_is_sending (KesselNetSession *self);

KesselNetState kessel_net_session_get_state (KesselNetSession *self);
/* Why the last connection ended or failed, or NULL. */
const GError  *kessel_net_session_get_error (KesselNetSession *self);
/* The game's identity, once known. */
const char    *kessel_net_session_get_game_id (KesselNetSession *self);
/* The address listened on (host, NULL for every one) or connected to. */
const char    *kessel_net_session_get_address (KesselNetSession *self);
/* The port the host listens on. */
guint16        kessel_net_session_get_port (KesselNetSession *self);
gboolean       kessel_net_session_is_host (KesselNetSession *self);

G_END_DECLS
