/* kessel-pbem-secret.h: one side's secret in a game by e-mail.
 *
 * The secret is a random seed from which the side's hash chain is made:
 * value L is derived from the seed, value i-1 is SHA-256 of value i, and
 * value 0 is the commitment the side publishes in its first turn. Its k-th
 * turn reveals value k, which anyone can check against value k-1, and no one
 * can work out before it is revealed.
 *
 * The seed is kept on the side's own machine only, sealed (libsodium's
 * secretbox) with a key derived from the side's password by Argon2id, so
 * that the password is never stored. A secret of the first form (PBKDF2)
 * still opens, and is sealed anew. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KESSEL_PBEM_HASH_SIZE 32
/* Turns one side can send in a game: far more than eight game turns need. */
#define KESSEL_PBEM_CHAIN_LENGTH 20000

#define KESSEL_PBEM_ERROR (kessel_pbem_error_quark ())
typedef enum {
  KESSEL_PBEM_ERROR_FILE,        /* unreadable, or not a turn file */
  KESSEL_PBEM_ERROR_PASSWORD,    /* the wrong password for the side */
  KESSEL_PBEM_ERROR_TAMPERED,    /* a turn changed, forged or put together from others */
  KESSEL_PBEM_ERROR_OTHER_GAME,  /* a file of another game */
  KESSEL_PBEM_ERROR_SCENARIO,    /* the scenario differs from the game's */
  KESSEL_PBEM_ERROR_ORDER,       /* an old file, or not this player's to open */
  KESSEL_PBEM_ERROR_ILLEGAL,     /* an action the rules refuse */
  KESSEL_PBEM_ERROR_ANSWERED,    /* a file this player answered already: write the answer again */
} KesselPbemError;
GQuark kessel_pbem_error_quark (void);

typedef struct _KesselPbemSecret KesselPbemSecret;

/* The longest password, in bytes of UTF-8 once normalised. */
#define KESSEL_PBEM_MAX_PASSWORD 1024

/* The one rule for a password, wherever it is typed or read: length bytes
 * of valid UTF-8 without a NUL byte, not empty and at most
 * KESSEL_PBEM_MAX_PASSWORD bytes, returned normalised (NFC) so that the
 * same characters typed in two ways are the same password. Nothing is
 * trimmed: reading a password from a file or standard input drops only the
 * end of its line. A KESSEL_PBEM_ERROR_PASSWORD error says what is wrong. */
char *kessel_pbem_password_normalize (const char *text, gsize length, GError **error);

/* A fresh secret guarded by password, which must follow the rule above. */
KesselPbemSecret *kessel_pbem_secret_new (const char *password, GError **error);
/* The secret stored at path; a KESSEL_PBEM_ERROR_PASSWORD error if the
 * password is not the one it was made with. A secret of the first form is
 * written again at path in the present one. */
KesselPbemSecret *kessel_pbem_secret_load (const char *path, const char *password, GError **error);
gboolean          kessel_pbem_secret_save (KesselPbemSecret *self, const char *path, GError **error);
/* Value index of the chain (0, the commitment, to KESSEL_PBEM_CHAIN_LENGTH). */
void              kessel_pbem_secret_value (KesselPbemSecret *self, guint index,
                                            guint8 value[KESSEL_PBEM_HASH_SIZE]);
void              kessel_pbem_secret_free (KesselPbemSecret *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselPbemSecret, kessel_pbem_secret_free)

/* SHA-256 of data. */
void     kessel_pbem_hash (const guint8 *data, gsize length, guint8 digest[KESSEL_PBEM_HASH_SIZE]);
char    *kessel_pbem_hex (const guint8 *bytes, gsize length);
/* Reads exactly length bytes written as 2 * length hexadecimal digits. */
gboolean kessel_pbem_unhex (const char *text, guint8 *bytes, gsize length);

G_END_DECLS
