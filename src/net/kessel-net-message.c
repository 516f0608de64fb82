/* kessel-net-message.c: framing, limits and field checks of the messages
 * of network play. */
#include "kessel-net-message.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#define MAX_KEY 16

G_DEFINE_QUARK (kessel-net-error-quark, kessel_net_error)

struct _KesselNetReader {
  GByteArray *buffer;
  gboolean authenticated;
  gboolean broken;
};

static const char *const kind_names[] = {
  NULL, "HELLO", "PROOF", "REFUSE", "STATE", "SCENARIO", "TURN", "CHAT",
};

const char *
kessel_net_kind_name (KesselNetKind kind)
{
  return kind >= KESSEL_NET_HELLO && kind <= KESSEL_NET_KIND_LAST ? kind_names[kind] : "?";
}

gsize
kessel_net_kind_limit (KesselNetKind kind, gboolean authenticated)
{
  switch (kind)
    {
    case KESSEL_NET_HELLO:
    case KESSEL_NET_PROOF:
      return authenticated ? 0 : 1024;
    case KESSEL_NET_REFUSE:
      return 1024;
    case KESSEL_NET_STATE:
      return authenticated ? 1024 : 0;
    case KESSEL_NET_CHAT:
      return authenticated ? 8 + 4 * KESSEL_NET_MAX_CHAT : 0;
    case KESSEL_NET_SCENARIO:
      return authenticated ? 8 * 1024 * 1024 : 0;     /* a scenario file's limit */
    case KESSEL_NET_TURN:
      return authenticated ? 32 * 1024 * 1024 : 0;    /* a turn file's limit */
    default:
      return 0;
    }
}

static gboolean
kind_has_fields (KesselNetKind kind)
{
  return kind != KESSEL_NET_SCENARIO && kind != KESSEL_NET_TURN;
}

void
kessel_net_message_free (KesselNetMessage *message)
{
  if (message == NULL)
    return;
  g_bytes_unref (message->payload);
  g_clear_pointer (&message->fields, g_hash_table_unref);
  g_free (message);
}

const char *
kessel_net_message_field (const KesselNetMessage *message, const char *key)
{
  return message->fields ? g_hash_table_lookup (message->fields, key) : NULL;
}

/* Building frames */

static GBytes *
frame (KesselNetKind kind, const void *data, gsize length)
{
  guint8 *bytes = g_malloc (KESSEL_NET_HEAD_SIZE + length);
  guint32 size = (guint32) length;

  bytes[0] = (guint8) (size >> 24);
  bytes[1] = (guint8) (size >> 16);
  bytes[2] = (guint8) (size >> 8);
  bytes[3] = (guint8) size;
  bytes[4] = (guint8) kind;
  if (length > 0)
    memcpy (bytes + KESSEL_NET_HEAD_SIZE, data, length);
  return g_bytes_new_take (bytes, KESSEL_NET_HEAD_SIZE + length);
}

GBytes *
kessel_net_frame_fields (KesselNetKind kind, ...)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const char *key;
  va_list args;

  va_start (args, kind);
  while ((key = va_arg (args, const char *)) != NULL)
    g_string_append_printf (text, "%s=%s\n", key, va_arg (args, const char *));
  va_end (args);
  return frame (kind, text->str, text->len);
}

GBytes *
kessel_net_frame_data (KesselNetKind kind, const void *data, gsize length)
{
  return frame (kind, data, length);
}

/* Reading frames */

KesselNetReader *
kessel_net_reader_new (void)
{
  KesselNetReader *reader = g_new0 (KesselNetReader, 1);

  reader->buffer = g_byte_array_new ();
  return reader;
}

void
kessel_net_reader_free (KesselNetReader *reader)
{
  if (reader == NULL)
    return;
  g_byte_array_unref (reader->buffer);
  g_free (reader);
}

void
kessel_net_reader_set_authenticated (KesselNetReader *reader, gboolean authenticated)
{
  reader->authenticated = authenticated;
}

void
kessel_net_reader_feed (KesselNetReader *reader, const void *data, gsize length)
{
  if (!reader->broken)
    g_byte_array_append (reader->buffer, data, (guint) length);
}

static gboolean
refuse (KesselNetReader *reader, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
refuse (KesselNetReader *reader, GError **error, const char *format, ...)
{
  g_autofree char *reason = NULL;
  va_list args;

  va_start (args, format);
  reason = g_strdup_vprintf (format, args);
  va_end (args);
  reader->broken = TRUE;
  g_byte_array_set_size (reader->buffer, 0);
  g_set_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL,
               _("The other side broke the protocol: %s."), reason);
  return FALSE;
}

static gboolean
key_valid (const char *key, gsize length)
{
  if (length == 0 || length > MAX_KEY)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (key[i] < 'a' || key[i] > 'z')
      return FALSE;
  return TRUE;
}

static gboolean
value_valid (const char *value)
{
  for (const char *p = value; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

/* The fields of a payload: lines of key=value, each ended by a line end. */
static GHashTable *
parse_fields (KesselNetReader *reader, KesselNetKind kind, const char *data, gsize length, GError **error)
{
  g_autoptr(GHashTable) fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const char *name = kessel_net_kind_name (kind);
  const char *line = data, *end = data + length;

  if (!g_utf8_validate (data, (gssize) length, NULL))
    return refuse (reader, error, _("a %s that is not UTF-8"), name), NULL;
  while (line < end)
    {
      const char *stop = memchr (line, '\n', (gsize) (end - line));
      const char *equals = stop ? memchr (line, '=', (gsize) (stop - line)) : NULL;
      g_autofree char *value = NULL;

      if (stop == NULL)
        return refuse (reader, error, _("a %s whose last line has no end"), name), NULL;
      if (equals == NULL || !key_valid (line, (gsize) (equals - line)))
        return refuse (reader, error, _("a line of a %s that is not key=value"), name), NULL;
      value = g_strndup (equals + 1, (gsize) (stop - equals - 1));
      if (!value_valid (value))
        return refuse (reader, error, _("a value of a %s with a control character"), name), NULL;
      if (g_hash_table_size (fields) >= KESSEL_NET_MAX_FIELDS)
        return refuse (reader, error, _("a %s of more than %d fields"), name, KESSEL_NET_MAX_FIELDS), NULL;
      if (!g_hash_table_insert (fields, g_strndup (line, (gsize) (equals - line)), g_steal_pointer (&value)))
        return refuse (reader, error, _("a %s that gives a field twice"), name), NULL;
      line = stop + 1;
    }
  return g_steal_pointer (&fields);
}

KesselNetMessage *
kessel_net_reader_next (KesselNetReader *reader, GError **error)
{
  const guint8 *head = reader->buffer->data;
  g_autoptr(KesselNetMessage) message = NULL;
  gsize size, limit;

  if (reader->broken)
    return refuse (reader, error, _("a message after a refused one")), NULL;
  if (reader->buffer->len < KESSEL_NET_HEAD_SIZE)
    return NULL;
  size = ((gsize) head[0] << 24) | ((gsize) head[1] << 16) | ((gsize) head[2] << 8) | head[3];
  if (head[4] < KESSEL_NET_HELLO || head[4] > KESSEL_NET_KIND_LAST)
    return refuse (reader, error, _("a message of an unknown kind (%u)"), head[4]), NULL;
  limit = kessel_net_kind_limit (head[4], reader->authenticated);
  if (limit == 0)
    return refuse (reader, error, reader->authenticated ? _("a %s after the password was proved")
                                                        : _("a %s before the password was proved"),
                   kessel_net_kind_name (head[4])), NULL;
  if (size > limit)
    return refuse (reader, error, _("a %s of %lu bytes, more than the %lu allowed"),
                   kessel_net_kind_name (head[4]), (unsigned long) size, (unsigned long) limit), NULL;
  if (reader->buffer->len < KESSEL_NET_HEAD_SIZE + size)
    return NULL;
  message = g_new0 (KesselNetMessage, 1);
  message->kind = head[4];
  message->payload = g_bytes_new (head + KESSEL_NET_HEAD_SIZE, size);
  if (kind_has_fields (message->kind)
      && (message->fields = parse_fields (reader, message->kind, (const char *) head + KESSEL_NET_HEAD_SIZE,
                                          size, error)) == NULL)
    return NULL;
  g_byte_array_remove_range (reader->buffer, 0, (guint) (KESSEL_NET_HEAD_SIZE + size));
  return g_steal_pointer (&message);
}

gboolean
kessel_net_chat_text_valid (const char *text)
{
  return kessel_pbem_chat_text_valid (text);
}
