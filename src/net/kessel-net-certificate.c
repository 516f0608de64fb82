/* kessel-net-certificate.c: a self-signed certificate for the host, made
 * with GnuTLS and kept in the data folder. */
#include "kessel-net-certificate.h"
#include "kessel-file.h"
#include "kessel-net-message.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include <gnutls/x509.h>

#define MAX_PEM (64 * 1024)
#define VALID_DAYS (20 * 365)

static gboolean
gnutls_failed (int code, GError **error)
{
  g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
               _("The host's certificate cannot be made: %s"), gnutls_strerror (code));
  return FALSE;
}

/* Appends the PEM of a certificate or key to pem. */
static int
append_pem (GString *pem, gnutls_datum_t *datum)
{
  g_string_append_len (pem, (const char *) datum->data, datum->size);
  gnutls_free (datum->data);
  return GNUTLS_E_SUCCESS;
}

static int
sign_certificate (gnutls_x509_crt_t crt, gnutls_x509_privkey_t key)
{
  static const char name[] = "Kessel host";
  guint8 serial[16];
  time_t now = time (NULL);
  int code;

  if ((code = gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial)) < 0)
    return code;
  serial[0] &= 0x7f;   /* a positive number */
  if ((code = gnutls_x509_crt_set_version (crt, 3)) < 0
      || (code = gnutls_x509_crt_set_serial (crt, serial, sizeof serial)) < 0
      || (code = gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600)) < 0
      || (code = gnutls_x509_crt_set_expiration_time (crt, now + (time_t) VALID_DAYS * 24 * 3600)) < 0
      || (code = gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0, name, sizeof name - 1)) < 0
      || (code = gnutls_x509_crt_set_key (crt, key)) < 0)
    return code;
  return gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0);
}

/* A new certificate and its key, as PEM. */
static char *
make_pem (gsize *length, GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t datum = { NULL, 0 };
  GString *pem = g_string_new (NULL);
  int code;

  if ((code = gnutls_x509_privkey_init (&key)) >= 0
      && (code = gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                               GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0)) >= 0
      && (code = gnutls_x509_crt_init (&crt)) >= 0
      && (code = sign_certificate (crt, key)) >= 0
      && (code = gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &datum)) >= 0
      && (code = append_pem (pem, &datum)) >= 0
      && (code = gnutls_x509_privkey_export2 (key, GNUTLS_X509_FMT_PEM, &datum)) >= 0)
    code = append_pem (pem, &datum);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  if (code < 0)
    {
      g_string_free (pem, TRUE);
      gnutls_failed (code, error);
      return NULL;
    }
  *length = pem->len;
  return g_string_free (pem, FALSE);
}

GTlsCertificate *
kessel_net_certificate_load_or_make (const char *data_dir, GError **error)
{
  const KesselFileLimits limits = {
    MAX_PEM, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION, KESSEL_NET_ERROR_CONNECTION,
    _("the file is larger than the %d MiB a certificate may have"),
  };
  g_autofree char *folder = g_build_filename (data_dir, "kessel", "net", NULL);
  g_autofree char *path = g_build_filename (folder, "host.pem", NULL);
  g_autofree char *pem = NULL;
  g_autoptr(GError) local_error = NULL;
  GTlsCertificate *certificate;
  gsize length;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      if (g_mkdir_with_parents (folder, 0700) != 0)
        {
          g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION, _("%s: the folder cannot be made: %s"),
                       folder, g_strerror (errno));
          return NULL;
        }
      if ((pem = make_pem (&length, error)) == NULL
          || !kessel_file_replace_private (path, pem, length, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION, error))
        return NULL;
      g_clear_pointer (&pem, g_free);
    }
  if (!kessel_file_read (path, &limits, &pem, &length, error))
    return NULL;
  certificate = g_tls_certificate_new_from_pem (pem, (gssize) length, &local_error);
  if (certificate == NULL)
    g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_CONNECTION,
                 _("%s: the host's certificate cannot be read (%s); remove the file to make a new one"), path,
                 local_error->message);
  return certificate;
}
