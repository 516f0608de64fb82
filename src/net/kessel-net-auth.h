/* kessel-net-auth.h: proving the game's password over a TLS channel.
 *
 * Both players know the game's password. A key is derived from it with
 * Argon2id, salted by the game's identity, and each side proves that it
 * holds the key with an HMAC over the channel's binding data (the TLS
 * exporter), its role and both sides' nonces. A proof made for one channel
 * is worth nothing on another, so a man in the middle, who holds two
 * channels, can pass on neither side's proof. docs/network.md says what
 * this does not protect against. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KESSEL_NET_KEY_SIZE 32
#define KESSEL_NET_NONCE_SIZE 32

/* The key of the game's password for the game game_id (hexadecimal); slow
 * on purpose (Argon2id at libsodium's interactive cost). */
gboolean kessel_net_auth_derive_key (const char *password, const char *game_id,
                                     guint8 key[KESSEL_NET_KEY_SIZE], GError **error);
/* A fresh random nonce. */
void     kessel_net_auth_nonce (guint8 nonce[KESSEL_NET_NONCE_SIZE]);
/* The proof, in hexadecimal, that the side of role ("host" or "join")
 * holds key, on the channel whose binding data is binding. */
char    *kessel_net_auth_proof (const guint8 key[KESSEL_NET_KEY_SIZE], const char *role, GBytes *binding,
                                const guint8 host_nonce[KESSEL_NET_NONCE_SIZE],
                                const guint8 join_nonce[KESSEL_NET_NONCE_SIZE]);
/* Whether given is the proof expected, compared in constant time. */
gboolean kessel_net_auth_proof_equal (const char *expected, const char *given);

G_END_DECLS
