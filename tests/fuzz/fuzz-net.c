/* Fuzz target: the messages of network play as they come off the line,
 * read before and after the password is proved, whole and in pieces. A
 * refused message says so with the protocol's error; a message read keeps
 * to its kind's limit, and its fields to the field rules. */
#include "fuzz-common.h"
#include "kessel-net-message.h"

#include <string.h>

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

static void
check_fields (const KesselNetMessage *message)
{
  GHashTableIter iter;
  gpointer key, value;

  if (message->kind == KESSEL_NET_SCENARIO || message->kind == KESSEL_NET_TURN)
    {
      if (message->fields != NULL)
        fuzz_fail ("a file message with fields");
      return;
    }
  if (message->fields == NULL || g_hash_table_size (message->fields) > KESSEL_NET_MAX_FIELDS)
    fuzz_fail ("a %s without its fields, or with too many", kessel_net_kind_name (message->kind));
  g_hash_table_iter_init (&iter, message->fields);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_utf8_validate (value, -1, NULL) || strchr (value, '\n') != NULL || *(const char *) key == '\0')
      fuzz_fail ("a field that breaks the rules");
  if (message->kind == KESSEL_NET_CHAT && kessel_net_message_field (message, "text") != NULL)
    kessel_net_chat_text_valid (kessel_net_message_field (message, "text"));
}

/* Reads data fed in pieces of step bytes (all at once when 0). */
static void
read_in_pieces (const uint8_t *data, size_t size, size_t step, gboolean authenticated)
{
  g_autoptr(KesselNetReader) reader = kessel_net_reader_new ();
  size_t at = 0;

  kessel_net_reader_set_authenticated (reader, authenticated);
  do
    {
      size_t piece = step ? MIN (step, size - at) : size;
      KesselNetMessage *message;
      g_autoptr(GError) error = NULL;

      kessel_net_reader_feed (reader, data + at, piece);
      at += piece;
      while ((message = kessel_net_reader_next (reader, &error)) != NULL)
        {
          if (g_bytes_get_size (message->payload) > kessel_net_kind_limit (message->kind, authenticated))
            fuzz_fail ("a %s longer than its limit", kessel_net_kind_name (message->kind));
          check_fields (message);
          kessel_net_message_free (message);
        }
      if (error != NULL)
        {
          if (!g_error_matches (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL))
            fuzz_fail ("a refusal that is not a protocol error: %s", error->message);
          return;
        }
    }
  while (at < size);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  read_in_pieces (data, size, 0, FALSE);
  read_in_pieces (data, size, 0, TRUE);
  read_in_pieces (data, size, 3, TRUE);
  return 0;
}
