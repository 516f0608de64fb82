/* kessel-cli-net.c: network play from the command line, with a computer
 * player at this end.
 *
 *   kessel-cli net host FILE [--scenario S] --side SIDE --password-file F [--port N] [--address A] ...
 *   kessel-cli net join FILE --address HOST --port N --side SIDE --password-file F [--accept-scenario] ...
 *
 * FILE is the game's file, kept with the latest turn. With --scenario the
 * host starts a new game in it; a joining side whose FILE does not exist
 * joins a new game. Otherwise both take up the game kept in FILE, so the
 * same command carries on after a cut. The program ends when the game is
 * over and both sides hold its last turn. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#include "kessel-cli-commands.h"
#include "kessel-net-game.h"
#include "kessel-player.h"

#define DEFAULT_PORT 4960
#define FLUSH_POLL_MS 20
#define LINGER_MS 5000

typedef struct {
  KesselNetGame *game;
  KesselPlayer *player;
  GMainLoop *loop;
  char *chat;                /* a line to say once connected, or NULL */
  guint play_source;
  KesselNetState shown;
  gboolean finished;
  int exit_status;
  int lingered;              /* milliseconds waited since the game's end */
} NetRun;

static void
finish (NetRun *run, int status)
{
  run->finished = TRUE;
  run->exit_status = status;
  g_main_loop_quit (run->loop);
}

static void
show_state (NetRun *run)
{
  KesselNetSession *session = kessel_net_game_get_session (run->game);
  KesselNetState state = kessel_net_session_get_state (session);
  const GError *error = kessel_net_session_get_error (session);
  const char *enemy = kessel_side_display_name (kessel_side_enemy (kessel_net_game_get_side (run->game)));

  if (state == run->shown)
    return;
  run->shown = state;
  if (state == KESSEL_NET_STATE_WAITING && error != NULL)
    printf ("%s\n", error->message);
  if (state == KESSEL_NET_STATE_WAITING)
    printf (_("Waiting for the %s player on port %u…\n"), enemy, kessel_net_session_get_port (session));
  else if (state == KESSEL_NET_STATE_READY)
    printf (_("Connected to the %s player: the password is proved.\n"), enemy);
  else if (state == KESSEL_NET_STATE_DROPPED)
    printf (_("Connection lost: reconnecting… (%s)\n"), error ? error->message : "");
  fflush (stdout);
}

/* Ends once everything is written and the end is confirmed, or after
 * LINGER_MS: the opponent, if his receipt was lost with the line, connects
 * again meanwhile and learns that the game is over on both sides. */
static gboolean
exit_when_sent (gpointer data)
{
  NetRun *run = data;

  run->lingered += FLUSH_POLL_MS;
  if (kessel_net_session_is_sending (kessel_net_game_get_session (run->game))
      || (!kessel_net_game_is_end_confirmed (run->game) && run->lingered < LINGER_MS))
    return G_SOURCE_CONTINUE;
  finish (run, 0);
  return G_SOURCE_REMOVE;
}

static gboolean
play_one (gpointer data)
{
  NetRun *run = data;
  g_autoptr(GError) error = NULL;
  KesselAction action;

  if (!kessel_net_game_is_my_move (run->game))
    {
      run->play_source = 0;
      return G_SOURCE_REMOVE;
    }
  if (!kessel_player_choose (run->player, kessel_net_game_get_game (run->game), &action)
      || !kessel_net_game_play (run->game, &action, &error))
    {
      fprintf (stderr, "kessel-cli net: %s\n", error ? error->message : _("the player found no action"));
      run->play_source = 0;
      finish (run, 1);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
print_end (KesselNetGame *game)
{
  KesselGame *played = kessel_net_game_get_game (game);

  printf (_("The game is over: %s, %d VP. Both sides hold its %d turns.\n"),
          kessel_verdict_display_name (kessel_game_get_verdict (played)), kessel_game_get_vp (played),
          kessel_net_game_get_turns (game));
}

static void
on_changed (KesselNetGame *game, NetRun *run)
{
  const GError *error = kessel_net_game_get_error (game);
  KesselNetSession *session = kessel_net_game_get_session (game);

  show_state (run);
  if (kessel_net_game_get_scenario_question (game) != NULL)
    {
      fprintf (stderr, "kessel-cli net: %s\n%s\n", kessel_net_game_get_scenario_question (game)->message,
               _("kessel-cli net: give --accept-scenario to join the game on it."));
      finish (run, 1);
      return;
    }
  if (error != NULL || kessel_net_session_get_state (session) == KESSEL_NET_STATE_FAILED)
    {
      if (error == NULL)
        error = kessel_net_session_get_error (session);
      fprintf (stderr, "kessel-cli net: %s\n", error ? error->message : _("the connection failed"));
      finish (run, 1);
      return;
    }
  if (run->chat != NULL && kessel_net_session_get_state (session) == KESSEL_NET_STATE_READY)
    {
      g_autoptr(GError) chat_error = NULL;

      if (!kessel_net_game_chat (game, run->chat, &chat_error))
        fprintf (stderr, "kessel-cli net: %s\n", chat_error->message);
      g_clear_pointer (&run->chat, g_free);
    }
  if (kessel_net_game_is_done (game))
    {
      print_end (game);
      g_signal_handlers_disconnect_by_data (game, run);
      g_timeout_add (FLUSH_POLL_MS, exit_when_sent, run);
      return;
    }
  if (kessel_net_game_is_my_move (game) && run->play_source == 0)
    run->play_source = g_idle_add (play_one, run);
}

static void
on_chat (KesselNetGame *game, KesselNetChatLine *line, NetRun *run)
{
  if (line->side != kessel_net_game_get_side (game))
    printf (_("Chat from the %s player: %s\n"), kessel_side_display_name (line->side), line->text);
  fflush (stdout);
}

/* The options both commands take. */
typedef struct {
  char *side;
  char *password_file;
  char *player;
  gint64 seed;
  int port;
  char *address;
  char *data_dir;
  char *scenario;
  char *chat;
  gboolean accept_scenario;
} NetOptions;

static void
net_options_clear (NetOptions *options)
{
  g_free (options->side);
  g_free (options->password_file);
  g_free (options->player);
  g_free (options->address);
  g_free (options->data_dir);
  g_free (options->scenario);
  g_free (options->chat);
}

static int
run_game (KesselNetGame *game, NetOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(KesselPlayer) player = kessel_player_new_from_spec (options->player ? options->player : "random",
                                                                (guint64) options->seed, &error);
  NetRun run = { game, player, loop, g_steal_pointer (&options->chat), 0, KESSEL_NET_STATE_IDLE, FALSE, 0, 0 };

  if (player == NULL)
    {
      fprintf (stderr, "kessel-cli net: %s\n", error->message);
      return 2;
    }
  kessel_net_game_set_accept_scenario (game, options->accept_scenario);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), &run);
  g_signal_connect (game, "chat", G_CALLBACK (on_chat), &run);
  printf (_("Game %s: you play the %s side.\n"), kessel_net_game_get_game_id (game) ? kessel_net_game_get_game_id (game) : "-",
          kessel_side_display_name (kessel_net_game_get_side (game)));
  if (!kessel_net_game_start (game, &error))
    {
      fprintf (stderr, "kessel-cli net: %s\n", error->message);
      return 1;
    }
  on_changed (game, &run);
  if (!run.finished)
    g_main_loop_run (loop);
  g_signal_handlers_disconnect_by_data (game, &run);
  g_clear_handle_id (&run.play_source, g_source_remove);
  kessel_net_game_stop (game);
  g_free (run.chat);
  return run.exit_status;
}

static int
net_command (const char *verb, int argc, char **argv)
{
  NetOptions options = { .seed = 1, .port = DEFAULT_PORT };
  g_autofree char *password = NULL;
  g_autofree char *name = g_strconcat ("net ", verb, NULL);
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselNetGame) game = NULL;
  g_autoptr(GError) error = NULL;
  gboolean host = g_strcmp0 (verb, "host") == 0;
  KesselNetGameSetup setup = { 0 };
  int status;
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &options.side, N_("The side you play: german or soviet"), "SIDE" },
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &options.password_file, N_("Read the game's password from FILE (- for standard input)"), "FILE" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &options.player, N_("The computer player at this end: random, greedy or ai:easy|normal|hard (random by default)"), "P" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &options.seed, N_("Seed of the computer player's choices (not of the dice)"), "N" },
    { "port", 0, 0, G_OPTION_ARG_INT, &options.port, N_("The port to listen on or connect to (4960 unless told)"), "N" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &options.address, N_("Host: the address to listen on (all unless told); join: the host's name or address"), "HOST" },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &options.data_dir, N_("Keep the game's secret and copies under DIR instead of the user's data folder"), "DIR" },
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME, &options.scenario, N_("Host: start a new game on this scenario"), "FILE" },
    { "accept-scenario", 0, 0, G_OPTION_ARG_NONE, &options.accept_scenario, N_("Join a game whose scenario is not your copy of it"), NULL },
    { "chat", 0, 0, G_OPTION_ARG_STRING, &options.chat, N_("A line of chat to say once connected"), "TEXT" },
    { NULL },
  };

  if (!kessel_cli_parse_options (name, entries, &argc, &argv))
    return net_options_clear (&options), 2;
  setup.side = KESSEL_SIDE_NONE;
  if (argc != 2 || options.port < 0 || options.port > 65535 || (!host && options.address == NULL)
      || (options.side != NULL && (!kessel_side_from_string (options.side, &setup.side) || setup.side == KESSEL_SIDE_NONE)))
    {
      fprintf (stderr, "%s\n", host ? _("kessel-cli net host: give FILE, --side german|soviet and --password-file")
                                    : _("kessel-cli net join: give FILE, --address HOST, --side german|soviet and --password-file"));
      return net_options_clear (&options), 2;
    }
  if ((password = kessel_cli_read_password (options.password_file)) == NULL
      || (options.scenario != NULL && (scenario = kessel_cli_load_scenario (name, options.scenario)) == NULL))
    return net_options_clear (&options), 1;
  setup.file = argv[1];
  setup.data_dir = options.data_dir ? options.data_dir : g_get_user_data_dir ();
  setup.password = password;
  setup.address = options.address;
  setup.port = (guint16) options.port;
  if (host && scenario != NULL && setup.side == KESSEL_SIDE_NONE)
    error = g_error_new_literal (KESSEL_NET_ERROR, KESSEL_NET_ERROR_GAME, _("Choose the side you play."));
  else
    game = host ? kessel_net_game_new_host (&setup, scenario, &error) : kessel_net_game_new_join (&setup, &error);
  status = game ? run_game (game, &options) : (fprintf (stderr, "kessel-cli net: %s\n", error->message), 1);
  net_options_clear (&options);
  return status;
}

int
kessel_cli_net (int argc, char **argv)
{
  if (argc >= 2 && (g_strcmp0 (argv[1], "host") == 0 || g_strcmp0 (argv[1], "join") == 0))
    return net_command (argv[1], argc - 1, argv + 1);
  fprintf (stderr, "%s\n", _("kessel-cli net: host or join"));
  return 2;
}
