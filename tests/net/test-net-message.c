/* test-net-message.c: the framing, limits and field checks of the messages
 * of network play, and the password's proof. */
#include "kessel-net-auth.h"
#include "kessel-net-message.h"

#include <string.h>

/* Every message read from frame, fed in pieces of step bytes. */
static GPtrArray *
read_all (GBytes *frame, gsize step, gboolean authenticated, GError **error)
{
  g_autoptr(KesselNetReader) reader = kessel_net_reader_new ();
  GPtrArray *messages = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_net_message_free);
  gsize length;
  const guint8 *data = g_bytes_get_data (frame, &length);

  kessel_net_reader_set_authenticated (reader, authenticated);
  for (gsize at = 0; at < length; at += step)
    {
      KesselNetMessage *message;

      kessel_net_reader_feed (reader, data + at, MIN (step, length - at));
      while ((message = kessel_net_reader_next (reader, error)) != NULL)
        g_ptr_array_add (messages, message);
      if (error != NULL && *error != NULL)
        break;
    }
  return messages;
}

static void
test_round_trip (void)
{
  g_autoptr(GBytes) hello = kessel_net_frame_fields (KESSEL_NET_HELLO, "version", "1", "role", "host", NULL);
  g_autoptr(GError) error = NULL;

  /* Whole, and one byte at a time: a frame is used only when all of it came. */
  for (gsize step = 1; step <= g_bytes_get_size (hello); step += g_bytes_get_size (hello) - 1)
    {
      g_autoptr(GPtrArray) messages = read_all (hello, step, FALSE, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (messages->len, ==, 1);
      KesselNetMessage *message = messages->pdata[0];
      g_assert_cmpint (message->kind, ==, KESSEL_NET_HELLO);
      g_assert_cmpstr (kessel_net_message_field (message, "role"), ==, "host");
      g_assert_cmpstr (kessel_net_message_field (message, "version"), ==, "1");
      g_assert_null (kessel_net_message_field (message, "game"));
    }
}

static void
test_turn_payload (void)
{
  const char turn[] = "<kessel-pbem>\n=\x01 anything\n</kessel-pbem>";
  g_autoptr(GBytes) frame = kessel_net_frame_data (KESSEL_NET_TURN, turn, sizeof turn);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) messages = read_all (frame, 7, TRUE, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (messages->len, ==, 1);
  KesselNetMessage *message = messages->pdata[0];
  g_assert_null (message->fields);   /* a file is checked by its own reader */
  g_assert_cmpmem (g_bytes_get_data (message->payload, NULL), g_bytes_get_size (message->payload), turn, sizeof turn);
}

/* A frame head announcing length bytes of kind. */
static GBytes *
head_only (guint8 kind, guint32 length)
{
  guint8 head[KESSEL_NET_HEAD_SIZE] = { length >> 24, length >> 16, length >> 8, length, kind };
  return g_bytes_new (head, sizeof head);
}

static void
assert_refused (GBytes *frame, gboolean authenticated, const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) messages = read_all (frame, 3, authenticated, &error);

  g_assert_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_PROTOCOL);
  g_assert_cmpuint (messages->len, ==, 0);
  if (strstr (error->message, reason) == NULL)
    g_error ("“%s” does not say “%s”", error->message, reason);
}

static void
test_refusals (void)
{
  g_autoptr(GBytes) huge = head_only (KESSEL_NET_TURN, 0xffffffffu);
  g_autoptr(GBytes) big_hello = head_only (KESSEL_NET_HELLO, 4096);
  g_autoptr(GBytes) unknown = head_only (0, 0);
  g_autoptr(GBytes) unknown_high = head_only (200, 0);
  g_autoptr(GBytes) early_turn = kessel_net_frame_data (KESSEL_NET_TURN, "x", 1);
  g_autoptr(GBytes) late_hello = kessel_net_frame_fields (KESSEL_NET_HELLO, "version", "1", NULL);
  g_autoptr(GBytes) no_equals = kessel_net_frame_data (KESSEL_NET_CHAT, "text\n", 5);
  g_autoptr(GBytes) no_end = kessel_net_frame_data (KESSEL_NET_CHAT, "text=hi", 7);
  g_autoptr(GBytes) upper_key = kessel_net_frame_data (KESSEL_NET_CHAT, "Text=hi\n", 8);
  g_autoptr(GBytes) twice = kessel_net_frame_data (KESSEL_NET_STATE, "turns=1\nturns=2\n", 16);
  g_autoptr(GBytes) control = kessel_net_frame_data (KESSEL_NET_CHAT, "text=a\tb\n", 9);
  g_autoptr(GBytes) nul = kessel_net_frame_data (KESSEL_NET_CHAT, "text=a\0b\n", 9);
  g_autoptr(GBytes) latin1 = kessel_net_frame_data (KESSEL_NET_CHAT, "text=\xe9\n", 7);
  g_autoptr(GString) many = g_string_new (NULL);
  g_autoptr(GBytes) too_many = NULL;

  for (char key = 'a'; key < 'a' + KESSEL_NET_MAX_FIELDS + 1; key++)
    g_string_append_printf (many, "%c=1\n", key);
  too_many = kessel_net_frame_data (KESSEL_NET_STATE, many->str, many->len);

  assert_refused (huge, TRUE, "more than the 33554432 allowed");
  assert_refused (big_hello, FALSE, "a HELLO of 4096 bytes");
  assert_refused (unknown, FALSE, "unknown kind (0)");
  assert_refused (unknown_high, TRUE, "unknown kind (200)");
  assert_refused (early_turn, FALSE, "a TURN before the password was proved");
  assert_refused (late_hello, TRUE, "a HELLO after the password was proved");
  assert_refused (no_equals, TRUE, "not key=value");
  assert_refused (no_end, TRUE, "has no end");
  assert_refused (upper_key, TRUE, "not key=value");
  assert_refused (twice, TRUE, "gives a field twice");
  assert_refused (control, TRUE, "control character");
  assert_refused (nul, TRUE, "not UTF-8");
  assert_refused (latin1, TRUE, "not UTF-8");
  assert_refused (too_many, TRUE, "more than 8 fields");
}

static void
test_chat_text (void)
{
  g_autofree char *longest = g_strnfill (KESSEL_NET_MAX_CHAT, 'x');
  g_autofree char *too_long = g_strnfill (KESSEL_NET_MAX_CHAT + 1, 'x');

  g_assert_true (kessel_net_chat_text_valid ("Gut gemacht, Genosse! Ü"));
  g_assert_true (kessel_net_chat_text_valid (longest));
  g_assert_false (kessel_net_chat_text_valid (too_long));
  g_assert_false (kessel_net_chat_text_valid (""));
  g_assert_false (kessel_net_chat_text_valid ("two\nlines"));
  g_assert_false (kessel_net_chat_text_valid ("\xff"));
}

/* A proof holds only for its key, role, channel and nonces. */
static void
test_proof (void)
{
  guint8 key[KESSEL_NET_KEY_SIZE], other_key[KESSEL_NET_KEY_SIZE];
  guint8 host_nonce[KESSEL_NET_NONCE_SIZE], join_nonce[KESSEL_NET_NONCE_SIZE];
  g_autoptr(GBytes) channel = g_bytes_new_static ("channel one", 11);
  g_autoptr(GBytes) other_channel = g_bytes_new_static ("channel two", 11);
  g_autoptr(GError) error = NULL;
  const char *game = "0123456789abcdef0123456789abcdef";

  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  g_assert_true (kessel_net_auth_derive_key ("Proskurov", game, key, &error));
  g_assert_true (kessel_net_auth_derive_key ("Proskurow", game, other_key, &error));
  g_assert_no_error (error);
  kessel_net_auth_nonce (host_nonce);
  kessel_net_auth_nonce (join_nonce);
  g_assert_true (memcmp (host_nonce, join_nonce, sizeof host_nonce) != 0);

  g_autofree char *proof = kessel_net_auth_proof (key, "join", channel, host_nonce, join_nonce);
  g_autofree char *again = kessel_net_auth_proof (key, "join", channel, host_nonce, join_nonce);
  g_autofree char *wrong_key = kessel_net_auth_proof (other_key, "join", channel, host_nonce, join_nonce);
  g_autofree char *wrong_role = kessel_net_auth_proof (key, "host", channel, host_nonce, join_nonce);
  g_autofree char *wrong_channel = kessel_net_auth_proof (key, "join", other_channel, host_nonce, join_nonce);
  g_autofree char *swapped = kessel_net_auth_proof (key, "join", channel, join_nonce, host_nonce);

  g_assert_cmpuint (strlen (proof), ==, 64);
  g_assert_true (kessel_net_auth_proof_equal (proof, again));
  g_assert_false (kessel_net_auth_proof_equal (proof, wrong_key));
  g_assert_false (kessel_net_auth_proof_equal (proof, wrong_role));
  g_assert_false (kessel_net_auth_proof_equal (proof, wrong_channel));
  g_assert_false (kessel_net_auth_proof_equal (proof, swapped));
  g_assert_false (kessel_net_auth_proof_equal (proof, NULL));
  g_assert_false (kessel_net_auth_proof_equal (proof, "00"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/message/round-trip", test_round_trip);
  g_test_add_func ("/net/message/turn-payload", test_turn_payload);
  g_test_add_func ("/net/message/refusals", test_refusals);
  g_test_add_func ("/net/message/chat-text", test_chat_text);
  g_test_add_func ("/net/auth/proof", test_proof);
  return g_test_run ();
}
