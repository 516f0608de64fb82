/* kessel-pbem-secret.c: one side's secret, sealed under a key derived
 * from its password with libsodium's Argon2id. */
#include "kessel-config.h"
#include "kessel-pbem-secret.h"
#include "kessel-dice.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>
#include <nettle/pbkdf2.h>
#include <sodium.h>
#include <string.h>

#define SALT_SIZE crypto_pwhash_SALTBYTES
#define SEALED_SIZE (crypto_secretbox_MACBYTES + KESSEL_PBEM_HASH_SIZE)
#define MAX_SECRET_FILE_SIZE (1024 * 1024)
/* The first form of the secret, PBKDF2-HMAC-SHA-256: read, never written. */
#define FIRST_FORM_MAX_ITERATIONS 1000000

G_STATIC_ASSERT (crypto_secretbox_KEYBYTES == KESSEL_PBEM_HASH_SIZE);

struct _KesselPbemSecret {
  guint8 seed[KESSEL_PBEM_HASH_SIZE];
  guint8 salt[SALT_SIZE];
  guint64 opslimit;                       /* Argon2id's passes */
  gsize memlimit;                         /* and memory, in bytes */
  guint8 nonce[crypto_secretbox_NONCEBYTES];
  guint8 sealed[SEALED_SIZE];             /* the seed, encrypted and authenticated */
};

G_DEFINE_QUARK (kessel-pbem-error-quark, kessel_pbem_error)

void
kessel_pbem_hash (const guint8 *data, gsize length, guint8 digest[KESSEL_PBEM_HASH_SIZE])
{
  GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = KESSEL_PBEM_HASH_SIZE;

  g_checksum_update (checksum, data, length);
  g_checksum_get_digest (checksum, digest, &size);
  g_checksum_free (checksum);
}

char *
kessel_pbem_hex (const guint8 *bytes, gsize length)
{
  char *text = g_malloc (2 * length + 1);

  for (gsize i = 0; i < length; i++)
    g_snprintf (text + 2 * i, 3, "%02x", bytes[i]);
  text[2 * length] = '\0';
  return text;
}

gboolean
kessel_pbem_unhex (const char *text, guint8 *bytes, gsize length)
{
  if (text == NULL || strlen (text) != 2 * length)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    {
      int high = g_ascii_xdigit_value (text[2 * i]), low = g_ascii_xdigit_value (text[2 * i + 1]);
      if (high < 0 || low < 0)
        return FALSE;
      bytes[i] = (guint8) (high * 16 + low);
    }
  return TRUE;
}

char *
kessel_pbem_password_normalize (const char *text, gsize length, GError **error)
{
  g_autofree char *normal = NULL;
  const char *problem = NULL;

  if (memchr (text, '\0', length) != NULL)
    problem = _("The password holds a NUL byte.");
  else if (!g_utf8_validate_len (text, length, NULL))
    problem = _("The password is not valid UTF-8 text.");
  else if ((normal = g_utf8_normalize (text, (gssize) length, G_NORMALIZE_NFC)) == NULL || normal[0] == '\0')
    problem = _("The password is empty.");
  else if (strlen (normal) > KESSEL_PBEM_MAX_PASSWORD)
    problem = _("The password is too long: it may have at most 1,024 bytes.");
  if (problem == NULL)
    return g_steal_pointer (&normal);
  g_set_error_literal (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD, problem);
  return NULL;
}

/* The secret file, read as every other file: bounded, regular files only. */
static gboolean
read_secret_file (GKeyFile *file, const char *path, GError **error)
{
  const KesselFileLimits limits = {
    MAX_SECRET_FILE_SIZE, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, KESSEL_PBEM_ERROR_FILE,
    _("the file is larger than the %d MiB a side's secret may have"),
  };
  g_autofree char *contents = NULL;
  gsize length = 0;

  return kessel_file_read (path, &limits, &contents, &length, error)
         && g_key_file_load_from_data (file, contents, length, G_KEY_FILE_NONE, error);
}

/* libsodium is set up once, before its first use. */
static gboolean
sodium_ready (GError **error)
{
  static gsize state = 0;   /* 0 not yet, 1 ready, 2 failed */

  if (g_once_init_enter (&state))
    g_once_init_leave (&state, sodium_init () >= 0 ? 1 : 2);
  if (state == 1)
    return TRUE;
  g_set_error_literal (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, _("The cryptographic library cannot be started."));
  return FALSE;
}

/* The cost of the key derivation: libsodium's interactive Argon2id (64 MiB,
 * two passes). Builds made for debugging let the tests ask for the least
 * cost with KESSEL_PBEM_KDF_COST=test; release builds ignore it, so that
 * no environment can weaken a player's secret. */
static void
cost_to_use (guint64 *opslimit, gsize *memlimit)
{
  *opslimit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
  *memlimit = crypto_pwhash_MEMLIMIT_INTERACTIVE;
#if KESSEL_TEST_KDF_COST
  if (g_strcmp0 (g_getenv ("KESSEL_PBEM_KDF_COST"), "test") == 0)
    {
      *opslimit = crypto_pwhash_OPSLIMIT_MIN;
      *memlimit = crypto_pwhash_MEMLIMIT_MIN;
    }
#endif
}

static gboolean
derive_key (KesselPbemSecret *self, const char *password, guint8 key[KESSEL_PBEM_HASH_SIZE], GError **error)
{
  if (crypto_pwhash (key, KESSEL_PBEM_HASH_SIZE, password, strlen (password), self->salt, self->opslimit,
                     self->memlimit, crypto_pwhash_ALG_ARGON2ID13) == 0)
    return TRUE;
  g_set_error_literal (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE,
                       _("The key of the password cannot be derived: the computer has too little memory free."));
  return FALSE;
}

/* Seals the seed under a fresh salt and nonce with password's key. */
static gboolean
seal (KesselPbemSecret *self, const char *password, GError **error)
{
  guint8 key[KESSEL_PBEM_HASH_SIZE];
  gboolean ok;

  kessel_dice_entropy_bytes (self->salt, sizeof self->salt);
  kessel_dice_entropy_bytes (self->nonce, sizeof self->nonce);
  cost_to_use (&self->opslimit, &self->memlimit);
  ok = derive_key (self, password, key, error)
       && crypto_secretbox_easy (self->sealed, self->seed, sizeof self->seed, self->nonce, key) == 0;
  sodium_memzero (key, sizeof key);
  return ok;
}

KesselPbemSecret *
kessel_pbem_secret_new (const char *password, GError **error)
{
  g_autofree char *normal = kessel_pbem_password_normalize (password, strlen (password), error);
  g_autoptr(KesselPbemSecret) self = NULL;

  if (normal == NULL || !sodium_ready (error))
    return NULL;
  self = g_new0 (KesselPbemSecret, 1);
  kessel_dice_entropy_bytes (self->seed, sizeof self->seed);
  return seal (self, normal, error) ? g_steal_pointer (&self) : NULL;
}

static gboolean
read_hex_key (GKeyFile *file, const char *name, guint8 *bytes, gsize length, const char *path, GError **error)
{
  g_autofree char *text = g_key_file_get_string (file, "secret", name, NULL);

  if (kessel_pbem_unhex (text, bytes, length))
    return TRUE;
  g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, _("%s: the side's secret has no valid %s"), path, name);
  return FALSE;
}

/* A whole number of the secret, within [low, high]. */
static gboolean
read_number (GKeyFile *file, const char *name, guint64 low, guint64 high, guint64 *value, const char *path,
             GError **error)
{
  g_autofree char *text = g_key_file_get_string (file, "secret", name, NULL);

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, low, high, value, NULL))
    return TRUE;
  g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, _("%s: the side's secret has no valid %s"), path, name);
  return FALSE;
}

static gboolean
wrong_password (GError **error)
{
  g_set_error_literal (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD, _("The password is wrong."));
  return FALSE;
}

static void
hmac_label (const guint8 key[KESSEL_PBEM_HASH_SIZE], const char *label, guint8 out[KESSEL_PBEM_HASH_SIZE])
{
  GHmac *mac = g_hmac_new (G_CHECKSUM_SHA256, key, KESSEL_PBEM_HASH_SIZE);
  gsize size = KESSEL_PBEM_HASH_SIZE;

  g_hmac_update (mac, (const guint8 *) label, strlen (label));
  g_hmac_get_digest (mac, out, &size);
  g_hmac_unref (mac);
}

/* The seed of a secret in the first form: PBKDF2-HMAC-SHA-256 (nettle's)
 * of the password; HMAC of its key with "check" tells a wrong password, and
 * HMAC with "seed" was XORed over the seed. */
static gboolean
open_first_form (KesselPbemSecret *self, GKeyFile *file, const char *password, const char *path, GError **error)
{
  guint8 salt[16], check[KESSEL_PBEM_HASH_SIZE], sealed[KESSEL_PBEM_HASH_SIZE];
  guint8 key[KESSEL_PBEM_HASH_SIZE], mine[KESSEL_PBEM_HASH_SIZE], pad[KESSEL_PBEM_HASH_SIZE];
  guint64 iterations;

  if (!read_number (file, "iterations", 1, FIRST_FORM_MAX_ITERATIONS, &iterations, path, error)
      || !read_hex_key (file, "salt", salt, sizeof salt, path, error)
      || !read_hex_key (file, "check", check, sizeof check, path, error)
      || !read_hex_key (file, "sealed", sealed, sizeof sealed, path, error))
    return FALSE;
  pbkdf2_hmac_sha256 (strlen (password), (const guint8 *) password, (unsigned) iterations, sizeof salt, salt,
                      sizeof key, key);
  hmac_label (key, "check", mine);
  hmac_label (key, "seed", pad);
  sodium_memzero (key, sizeof key);
  if (sodium_memcmp (mine, check, sizeof check) != 0)
    return wrong_password (error);
  for (int b = 0; b < KESSEL_PBEM_HASH_SIZE; b++)
    self->seed[b] = sealed[b] ^ pad[b];
  return TRUE;
}

/* The seed of a secret of version 2: Argon2id and libsodium's secretbox,
 * whose authentication tells a wrong password. */
static gboolean
open_second_form (KesselPbemSecret *self, GKeyFile *file, const char *password, const char *path, GError **error)
{
  g_autofree char *kdf = g_key_file_get_string (file, "secret", "kdf", NULL);
  guint8 key[KESSEL_PBEM_HASH_SIZE];
  guint64 opslimit, memlimit;
  gboolean opened;

  if (g_strcmp0 (kdf, "argon2id") != 0)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, _("%s: the side's secret has no valid %s"), path, "kdf");
      return FALSE;
    }
  if (!read_number (file, "opslimit", crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_OPSLIMIT_SENSITIVE, &opslimit, path, error)
      || !read_number (file, "memlimit", crypto_pwhash_MEMLIMIT_MIN, crypto_pwhash_MEMLIMIT_SENSITIVE, &memlimit, path, error)
      || !read_hex_key (file, "salt", self->salt, sizeof self->salt, path, error)
      || !read_hex_key (file, "nonce", self->nonce, sizeof self->nonce, path, error)
      || !read_hex_key (file, "sealed", self->sealed, sizeof self->sealed, path, error))
    return FALSE;
  self->opslimit = opslimit;
  self->memlimit = (gsize) memlimit;
  if (!derive_key (self, password, key, error))
    return FALSE;
  opened = crypto_secretbox_open_easy (self->seed, self->sealed, sizeof self->sealed, self->nonce, key) == 0;
  sodium_memzero (key, sizeof key);
  return opened || wrong_password (error);
}

KesselPbemSecret *
kessel_pbem_secret_load (const char *path, const char *password, GError **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KesselPbemSecret) self = g_new0 (KesselPbemSecret, 1);
  g_autofree char *normal = kessel_pbem_password_normalize (password, strlen (password), error);
  g_autofree char *version = NULL;

  if (normal == NULL || !sodium_ready (error))
    return NULL;
  if (!read_secret_file (file, path, &local_error))
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, "%s: %s", path, local_error->message);
      return NULL;
    }
  version = g_key_file_get_string (file, "secret", "version", NULL);
  if (version == NULL)
    {
      /* The first form opens, and is sealed anew in the second. */
      if (!open_first_form (self, file, normal, path, error)
          || !seal (self, normal, error) || !kessel_pbem_secret_save (self, path, error))
        return NULL;
    }
  else if (g_strcmp0 (version, "2") != 0)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE,
                   _("%s: the side's secret is of a version Kessel does not know"), path);
      return NULL;
    }
  else if (!open_second_form (self, file, normal, path, error))
    return NULL;
  return g_steal_pointer (&self);
}

gboolean
kessel_pbem_secret_save (KesselPbemSecret *self, const char *path, GError **error)
{
  g_autofree char *salt = kessel_pbem_hex (self->salt, sizeof self->salt);
  g_autofree char *nonce = kessel_pbem_hex (self->nonce, sizeof self->nonce);
  g_autofree char *sealed = kessel_pbem_hex (self->sealed, sizeof self->sealed);
  g_autofree char *text = g_strdup_printf ("[secret]\nversion=2\nkdf=argon2id\nopslimit=%" G_GUINT64_FORMAT
                                           "\nmemlimit=%" G_GSIZE_FORMAT "\nsalt=%s\nnonce=%s\nsealed=%s\n",
                                           self->opslimit, self->memlimit, salt, nonce, sealed);

  return kessel_file_replace_private (path, text, strlen (text), KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, error);
}

void
kessel_pbem_secret_value (KesselPbemSecret *self, guint index, guint8 value[KESSEL_PBEM_HASH_SIZE])
{
  guint8 start[KESSEL_PBEM_HASH_SIZE + 17];

  g_return_if_fail (index <= KESSEL_PBEM_CHAIN_LENGTH);
  memcpy (start, "kessel-pbem-chain", 17);
  memcpy (start + 17, self->seed, KESSEL_PBEM_HASH_SIZE);
  kessel_pbem_hash (start, sizeof start, value);
  for (guint i = KESSEL_PBEM_CHAIN_LENGTH; i > index; i--)
    kessel_pbem_hash (value, KESSEL_PBEM_HASH_SIZE, value);
}

void
kessel_pbem_secret_free (KesselPbemSecret *self)
{
  if (self == NULL)
    return;
  sodium_memzero (self, sizeof *self);
  g_free (self);
}
