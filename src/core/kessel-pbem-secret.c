#include "kessel-pbem-secret.h"
#include "kessel-dice.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define SALT_SIZE 16
#define MAX_SECRET_FILE_SIZE (1024 * 1024)

struct _KesselPbemSecret {
  guint8 seed[KESSEL_PBEM_HASH_SIZE];
  guint8 salt[SALT_SIZE];
  guint iterations;
  guint8 check[KESSEL_PBEM_HASH_SIZE];    /* HMAC of "check" under the password's key */
  guint8 sealed[KESSEL_PBEM_HASH_SIZE];   /* the seed, encrypted */
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

static void
hmac (const guint8 *key, gsize key_length, const guint8 *data, gsize length, guint8 out[KESSEL_PBEM_HASH_SIZE])
{
  GHmac *mac = g_hmac_new (G_CHECKSUM_SHA256, key, key_length);
  gsize size = KESSEL_PBEM_HASH_SIZE;

  g_hmac_update (mac, data, length);
  g_hmac_get_digest (mac, out, &size);
  g_hmac_unref (mac);
}

/* PBKDF2-HMAC-SHA-256, one block of 32 bytes. */
static void
derive_key (const char *password, const guint8 *salt, guint iterations, guint8 key[KESSEL_PBEM_HASH_SIZE])
{
  guint8 block[SALT_SIZE + 4];
  guint8 u[KESSEL_PBEM_HASH_SIZE];

  memcpy (block, salt, SALT_SIZE);
  memcpy (block + SALT_SIZE, "\0\0\0\1", 4);
  hmac ((const guint8 *) password, strlen (password), block, sizeof block, u);
  memcpy (key, u, sizeof u);
  for (guint i = 1; i < iterations; i++)
    {
      hmac ((const guint8 *) password, strlen (password), u, sizeof u, u);
      for (int b = 0; b < KESSEL_PBEM_HASH_SIZE; b++)
        key[b] ^= u[b];
    }
}

/* The check value and the pad that encrypts the seed, from the password's key. */
static void
key_uses (const guint8 key[KESSEL_PBEM_HASH_SIZE], guint8 check[KESSEL_PBEM_HASH_SIZE],
          guint8 pad[KESSEL_PBEM_HASH_SIZE])
{
  hmac (key, KESSEL_PBEM_HASH_SIZE, (const guint8 *) "check", 5, check);
  hmac (key, KESSEL_PBEM_HASH_SIZE, (const guint8 *) "seed", 4, pad);
}

/* Tests may ask for fewer rounds of the key derivation through
 * KESSEL_PBEM_KDF_ITERATIONS; the number is stored with the secret. */
static guint
iterations_to_use (void)
{
  const char *text = g_getenv ("KESSEL_PBEM_KDF_ITERATIONS");
  guint64 value;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 1, KESSEL_PBEM_KDF_ITERATIONS, &value, NULL))
    return (guint) value;
  return KESSEL_PBEM_KDF_ITERATIONS;
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

KesselPbemSecret *
kessel_pbem_secret_new (const char *password, GError **error)
{
  g_autofree char *normal = kessel_pbem_password_normalize (password, strlen (password), error);
  KesselPbemSecret *self;
  guint8 key[KESSEL_PBEM_HASH_SIZE], pad[KESSEL_PBEM_HASH_SIZE];

  if (normal == NULL)
    return NULL;
  password = normal;
  self = g_new0 (KesselPbemSecret, 1);
  kessel_dice_entropy_bytes (self->seed, sizeof self->seed);
  kessel_dice_entropy_bytes (self->salt, sizeof self->salt);
  self->iterations = iterations_to_use ();
  derive_key (password, self->salt, self->iterations, key);
  key_uses (key, self->check, pad);
  for (int b = 0; b < KESSEL_PBEM_HASH_SIZE; b++)
    self->sealed[b] = self->seed[b] ^ pad[b];
  return self;
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

KesselPbemSecret *
kessel_pbem_secret_load (const char *path, const char *password, GError **error)
{
  g_autoptr(GKeyFile) file = g_key_file_new ();
  g_autoptr(GError) local_error = NULL;
  g_autofree KesselPbemSecret *self = g_new0 (KesselPbemSecret, 1);
  g_autofree char *normal = kessel_pbem_password_normalize (password, strlen (password), error);
  guint8 key[KESSEL_PBEM_HASH_SIZE], check[KESSEL_PBEM_HASH_SIZE], pad[KESSEL_PBEM_HASH_SIZE];
  gint iterations;

  if (normal == NULL)
    return NULL;
  password = normal;

  if (!read_secret_file (file, path, &local_error))
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, "%s: %s", path, local_error->message);
      return NULL;
    }
  iterations = g_key_file_get_integer (file, "secret", "iterations", NULL);
  if (iterations < 1 || iterations > 10 * KESSEL_PBEM_KDF_ITERATIONS)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, _("%s: the side's secret has no valid %s"),
                   path, "iterations");
      return NULL;
    }
  self->iterations = (guint) iterations;
  if (!read_hex_key (file, "salt", self->salt, SALT_SIZE, path, error)
      || !read_hex_key (file, "check", self->check, KESSEL_PBEM_HASH_SIZE, path, error)
      || !read_hex_key (file, "sealed", self->sealed, KESSEL_PBEM_HASH_SIZE, path, error))
    return NULL;
  derive_key (password, self->salt, self->iterations, key);
  key_uses (key, check, pad);
  if (memcmp (check, self->check, sizeof check) != 0)
    {
      g_set_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD, _("The password is wrong."));
      return NULL;
    }
  for (int b = 0; b < KESSEL_PBEM_HASH_SIZE; b++)
    self->seed[b] = self->sealed[b] ^ pad[b];
  return g_steal_pointer (&self);
}

gboolean
kessel_pbem_secret_save (KesselPbemSecret *self, const char *path, GError **error)
{
  g_autofree char *salt = kessel_pbem_hex (self->salt, SALT_SIZE);
  g_autofree char *check = kessel_pbem_hex (self->check, KESSEL_PBEM_HASH_SIZE);
  g_autofree char *sealed = kessel_pbem_hex (self->sealed, KESSEL_PBEM_HASH_SIZE);
  g_autofree char *text = g_strdup_printf ("[secret]\niterations=%u\nsalt=%s\ncheck=%s\nsealed=%s\n",
                                           self->iterations, salt, check, sealed);

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
  memset (self, 0, sizeof *self);
  g_free (self);
}
