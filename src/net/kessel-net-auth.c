/* kessel-net-auth.c: the key of the game's password and the proofs of it,
 * with libsodium's Argon2id and HMAC-SHA-256. */
#include "kessel-config.h"
#include "kessel-net-auth.h"
#include "kessel-net-message.h"
#include "kessel-pbem-secret.h"

#include <glib/gi18n-lib.h>
#include <sodium.h>
#include <string.h>

static gboolean
sodium_ready (GError **error)
{
  static gsize state = 0;

  if (g_once_init_enter (&state))
    g_once_init_leave (&state, sodium_init () >= 0 ? 1 : 2);
  if (state == 1)
    return TRUE;
  g_set_error_literal (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD,
                       _("The cryptographic library cannot be started."));
  return FALSE;
}

/* Whether the tests asked for the least cost, as for the secrets of games
 * by e-mail: honoured in builds with debugging only. */
static gboolean
least_cost_asked (void)
{
#if KESSEL_TEST_KDF_COST
  return g_strcmp0 (g_getenv ("KESSEL_PBEM_KDF_COST"), "test") == 0;
#else
  return FALSE;
#endif
}

gboolean
kessel_net_auth_derive_key (const char *password, const char *game_id, guint8 key[KESSEL_NET_KEY_SIZE],
                            GError **error)
{
  g_autofree char *label = g_strconcat ("kessel-net-salt\n", game_id, NULL);
  guint8 salt[crypto_pwhash_SALTBYTES];
  gboolean least = least_cost_asked ();

  if (!sodium_ready (error))
    return FALSE;
  crypto_generichash (salt, sizeof salt, (const guint8 *) label, strlen (label), NULL, 0);
  if (crypto_pwhash (key, KESSEL_NET_KEY_SIZE, password, strlen (password), salt,
                     least ? crypto_pwhash_OPSLIMIT_MIN : crypto_pwhash_OPSLIMIT_INTERACTIVE,
                     least ? crypto_pwhash_MEMLIMIT_MIN : crypto_pwhash_MEMLIMIT_INTERACTIVE,
                     crypto_pwhash_ALG_ARGON2ID13) == 0)
    return TRUE;
  g_set_error_literal (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PASSWORD,
                       _("The key of the password cannot be derived: the computer has too little memory free."));
  return FALSE;
}

void
kessel_net_auth_nonce (guint8 nonce[KESSEL_NET_NONCE_SIZE])
{
  if (sodium_ready (NULL))
    randombytes_buf (nonce, KESSEL_NET_NONCE_SIZE);
}

char *
kessel_net_auth_proof (const guint8 key[KESSEL_NET_KEY_SIZE], const char *role, GBytes *binding,
                       const guint8 host_nonce[KESSEL_NET_NONCE_SIZE],
                       const guint8 join_nonce[KESSEL_NET_NONCE_SIZE])
{
  static const char label[] = "kessel-net-proof";
  crypto_auth_hmacsha256_state state;
  guint8 proof[crypto_auth_hmacsha256_BYTES];
  guint8 binding_length[4];
  gsize length;
  const guint8 *data = g_bytes_get_data (binding, &length);

  binding_length[0] = (guint8) (length >> 24);
  binding_length[1] = (guint8) (length >> 16);
  binding_length[2] = (guint8) (length >> 8);
  binding_length[3] = (guint8) length;
  crypto_auth_hmacsha256_init (&state, key, KESSEL_NET_KEY_SIZE);
  crypto_auth_hmacsha256_update (&state, (const guint8 *) label, sizeof label);
  crypto_auth_hmacsha256_update (&state, (const guint8 *) role, strlen (role) + 1);
  crypto_auth_hmacsha256_update (&state, binding_length, sizeof binding_length);
  crypto_auth_hmacsha256_update (&state, data, length);
  crypto_auth_hmacsha256_update (&state, host_nonce, KESSEL_NET_NONCE_SIZE);
  crypto_auth_hmacsha256_update (&state, join_nonce, KESSEL_NET_NONCE_SIZE);
  crypto_auth_hmacsha256_final (&state, proof);
  return kessel_pbem_hex (proof, sizeof proof);
}

gboolean
kessel_net_auth_proof_equal (const char *expected, const char *given)
{
  gsize n = strlen (expected);

  return given != NULL && strlen (given) == n && sodium_memcmp (expected, given, n) == 0;
}
