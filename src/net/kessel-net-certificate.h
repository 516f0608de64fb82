/* kessel-net-certificate.h: the host's TLS certificate, made on first use.
 *
 * The host of a network game needs a certificate for TLS. Nobody vouches
 * for it and the joining side does not check it: who is at the other end
 * is proved by the game's password, bound to the channel (kessel-net-auth.h).
 * So the program makes a self-signed certificate with a fresh P-256 key the
 * first time it hosts, and keeps it, readable by its owner only, in the
 * user's data folder. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The certificate and key at data_dir/kessel/net/host.pem, made there
 * first if there is none. */
GTlsCertificate *kessel_net_certificate_load_or_make (const char *data_dir, GError **error);

G_END_DECLS
