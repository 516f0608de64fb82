/* test-net-game.c: a joining side takes the game its host sends only with
 * dice verified by both programs. The host here is a bare session, as an
 * edited program would be: it offers the scenario and a first turn made
 * with either dice mode. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kessel-net-certificate.h"
#include "kessel-net-game.h"
#include "kessel-net-message.h"
#include "kessel-net-session.h"
#include "kessel-pbem.h"

#define PASSWORD "Kamenets-Podolsky"
#define WAIT_SECONDS 30

typedef struct {
  KesselScenario *scenario;
  char *first_turn;
} FakeHost;

/* The joining side said how many turns it holds: the host answers with
 * the scenario and its first turn, as kessel_net_game would. */
static void
host_message (KesselNetSession *session, KesselNetMessage *message, FakeHost *host)
{
  g_autofree char *xml = NULL, *turn = NULL;
  g_autoptr(GBytes) scenario_frame = NULL, turn_frame = NULL;
  gsize xml_length, turn_length;

  if (message->kind != KESSEL_NET_STATE)
    return;
  xml = kessel_scenario_to_xml (host->scenario, &xml_length);
  g_assert_true (g_file_get_contents (host->first_turn, &turn, &turn_length, NULL));
  scenario_frame = kessel_net_frame_data (KESSEL_NET_SCENARIO, xml, xml_length);
  turn_frame = kessel_net_frame_data (KESSEL_NET_TURN, turn, turn_length);
  kessel_net_session_send (session, scenario_frame);
  kessel_net_session_send (session, turn_frame);
}

static gboolean
joined_or_stopped (KesselNetGame *game)
{
  return kessel_net_game_get_error (game) != NULL || kessel_net_game_get_turns (game) > 0;
}

/* Plays the opening of a network game whose host made its first turn with
 * dice; returns the joining side's game once it took the turn or stopped. */
static KesselNetGame *
join_host_with_dice (const char *root, KesselPbemDice dice)
{
  g_autofree char *host_data = g_build_filename (root, "german", NULL);
  g_autofree char *join_data = g_build_filename (root, "soviet", NULL);
  g_autofree char *join_file = g_build_filename (root, "soviet.kesselpbem", NULL);
  g_autofree char *path = g_build_filename (SOURCE_DATADIR, "scenarios", "crossing-the-prut.kessel", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(KesselNetSession) session = NULL;
  KesselNetGameSetup setup = { join_file, join_data, PASSWORD, KESSEL_SIDE_SOVIET, "127.0.0.1", 0 };
  KesselNetGame *joiner;
  FakeHost host = { NULL, g_build_filename (root, "german.kesselpbem", NULL) };
  gint64 end = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  host.scenario = kessel_scenario_load_file (path, &error);
  g_assert_no_error (error);
  pbem = kessel_pbem_new (host.scenario, KESSEL_SIDE_GERMAN, PASSWORD, host_data, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_pbem_set_dice (pbem, dice));
  g_assert_true (kessel_pbem_send (pbem, host.first_turn, &error));
  g_assert_no_error (error);

  certificate = kessel_net_certificate_load_or_make (host_data, &error);
  g_assert_no_error (error);
  session = kessel_net_session_new_host (certificate, "127.0.0.1", 0, kessel_pbem_get_game_id (pbem),
                                         KESSEL_SIDE_GERMAN, PASSWORD);
  g_signal_connect (session, "message", G_CALLBACK (host_message), &host);
  g_assert_true (kessel_net_session_start (session, &error));
  g_assert_no_error (error);

  setup.port = kessel_net_session_get_port (session);
  joiner = kessel_net_game_new_join (&setup, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_net_game_start (joiner, &error));
  g_assert_no_error (error);
  while (!joined_or_stopped (joiner))
    {
      if (g_get_monotonic_time () > end)
        g_error ("waited too long for the joining side to take or refuse the turn");
      g_main_context_iteration (NULL, TRUE);
    }
  kessel_net_session_stop (session);
  g_object_unref (host.scenario);
  g_free (host.first_turn);
  return joiner;
}

/* An edited host whose program rolls the dice alone is refused, and the
 * joining side keeps no game. */
static void
test_refuses_dice_of_one_program (void)
{
  g_autofree char *root = g_dir_make_tmp ("kessel-net-game-XXXXXX", NULL);
  g_autofree char *join_file = g_build_filename (root, "soviet.kesselpbem", NULL);
  g_autoptr(KesselNetGame) joiner = join_host_with_dice (root, KESSEL_PBEM_DICE_MOVER);
  const GError *error = kessel_net_game_get_error (joiner);

  g_assert_error (error, KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME);
  g_assert_nonnull (strstr (error->message, "dice verified by both programs"));
  g_assert_cmpint (kessel_net_game_get_turns (joiner), ==, 0);
  g_assert_false (g_file_test (join_file, G_FILE_TEST_EXISTS));
  kessel_net_game_stop (joiner);
}

/* The same host with verified dice is taken: the refusal above is the
 * dice's, not the bare host's. */
static void
test_takes_verified_dice (void)
{
  g_autofree char *root = g_dir_make_tmp ("kessel-net-game-XXXXXX", NULL);
  g_autofree char *join_file = g_build_filename (root, "soviet.kesselpbem", NULL);
  g_autoptr(KesselNetGame) joiner = join_host_with_dice (root, KESSEL_PBEM_DICE_VERIFIED);

  g_assert_null (kessel_net_game_get_error (joiner));
  g_assert_cmpint (kessel_net_game_get_turns (joiner), >=, 1);
  g_assert_true (g_file_test (join_file, G_FILE_TEST_EXISTS));
  kessel_net_game_stop (joiner);
}

int
main (int argc, char *argv[])
{
  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/game/refuses-dice-of-one-program", test_refuses_dice_of_one_program);
  g_test_add_func ("/net/game/takes-verified-dice", test_takes_verified_dice);
  return g_test_run ();
}
