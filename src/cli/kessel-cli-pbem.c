/* kessel-cli-pbem.c: games by e-mail from the command line.
 *
 *   kessel-cli pbem new SCENARIO --side german|soviet --password-file F -o OUT [--data-dir D]
 *                       [--dice mover|verified] [--orders ORDERS] [--message TEXT]...
 *   kessel-cli pbem open FILE --password-file F -o OUT [--player P] [--seed N] [--scenario S] [--data-dir D]
 *                        [--accept-scenario] [--orders ORDERS] [--message TEXT]...
 *   kessel-cli pbem verify FILE [--scenario S]
 *   kessel-cli pbem again FILE -o OUT [--data-dir D]
 *
 * A password is read from the first line of a file ("-" for standard input),
 * never from the command line, where other users could see it. ORDERS is a
 * file of standing orders in their text form (kessel-standing-orders.h);
 * without it a side keeps the orders it sent last, or the defaults. Each
 * --message is a line to the opponent, sent in the turn file. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-commands.h"
#include "kessel-file.h"
#include "kessel-pbem.h"
#include "kessel-player.h"

#define MAX_PASSWORD_FILE (1024 * 1024)

/* Standard input, up to the size a password file may have. */
static gboolean
read_standard_input (char **contents, gsize *length, GError **error)
{
  g_autofree char *data = g_malloc (MAX_PASSWORD_FILE + 1);
  gsize n = fread (data, 1, MAX_PASSWORD_FILE + 1, stdin);

  if (n > MAX_PASSWORD_FILE || ferror (stdin))
    {
      g_set_error_literal (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE,
                           ferror (stdin) ? _("standard input cannot be read")
                                          : _("standard input holds more than a password file may"));
      return FALSE;
    }
  *contents = g_steal_pointer (&data);
  *length = n;
  return TRUE;
}

/* The password on the first line of path ("-" for standard input): the
 * line's end is dropped, nothing else, and the password rule is applied.
 * Network play (kessel-cli-net.c) reads its passwords the same way. */
char *
kessel_cli_read_password (const char *path)
{
  const KesselFileLimits limits = {
    MAX_PASSWORD_FILE, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, KESSEL_PBEM_ERROR_FILE,
    _("the file is larger than the %d MiB a password file may have"),
  };
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  const char *end;
  char *password = NULL;

  if (path == NULL)
    {
      fprintf (stderr, "%s\n", _("kessel-cli pbem: give the side's password with --password-file FILE"));
      return NULL;
    }
  if (g_strcmp0 (path, "-") == 0 ? read_standard_input (&contents, &length, &error)
                                 : kessel_file_read (path, &limits, &contents, &length, &error))
    {
      end = memchr (contents, '\n', length);
      length = end ? (gsize) (end - contents) : length;
      if (length > 0 && contents[length - 1] == '\r')
        length--;
      password = kessel_pbem_password_normalize (contents, length, &error);
    }
  if (password == NULL)
    fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
  return password;
}

KesselScenario *
kessel_cli_turn_scenario (const char *command, const char *turn_file, const char *given)
{
  g_autofree char *dir = g_path_get_dirname (turn_file);
  const char *folders[] = { dir, PKGDATADIR "/scenarios", SOURCE_DATADIR "/scenarios" };
  g_autoptr(KesselPbemHeader) header = NULL;
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario;

  if (given != NULL)
    return kessel_cli_load_scenario (command, given);
  /* The header is read as hostile input: bounded, from a regular file only. */
  header = kessel_pbem_peek (turn_file, &error);
  if (header == NULL)
    {
      fprintf (stderr, "kessel-cli %s: %s\n", command, error->message);
      return NULL;
    }
  scenario = kessel_pbem_find_scenario (header, folders, G_N_ELEMENTS (folders), &error);
  if (scenario == NULL)
    fprintf (stderr, _("kessel-cli %s: %s Give it with --scenario.\n"), command, error->message);
  return scenario;
}

static const char *
data_dir_or_default (const char *data_dir)
{
  return data_dir ? data_dir : g_get_user_data_dir ();
}

/* Whether the player may join the game of turn_file on scenario: it is his
 * own copy of the scenario it names, or he accepted it after seeing what
 * differs. A game he plays already was accepted when he joined. */
static gboolean
scenario_accepted (const char *turn_file, KesselScenario *scenario, const char *data_dir, gboolean accept)
{
  const char *own[] = { PKGDATADIR "/scenarios", SOURCE_DATADIR "/scenarios" };
  g_autoptr(KesselPbemHeader) header = kessel_pbem_peek (turn_file, NULL);
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *title = NULL;
  gboolean have_copy;

  if (header == NULL || kessel_pbem_plays_side (data_dir, header->game_id, header->receiver))
    return TRUE;   /* an unreadable file is refused with its reason when it is opened */
  lines = kessel_pbem_scenario_to_accept (header, scenario, own, G_N_ELEMENTS (own), &have_copy);
  if (lines == NULL)
    return TRUE;
  title = kessel_text_cut (header->scenario_title, KESSEL_MESSAGE_MAX_QUOTE);
  fprintf (accept ? stdout : stderr,
           have_copy ? _("The game's scenario “%s” (%s) differs from your copy of it:\n")
                     : _("The game is played on the scenario “%s” (%s), which you do not have: it came with the turn file.\n"),
           title, header->scenario_file);
  for (guint i = 0; i < lines->len; i++)
    fprintf (accept ? stdout : stderr, "  %s\n", (const char *) lines->pdata[i]);
  if (!accept)
    fprintf (stderr, "%s\n", _("kessel-cli pbem: give --accept-scenario to join the game on it."));
  return accept;
}

/* Sets the side's standing orders from the file at path, if given. */
static gboolean
set_orders (KesselPbem *pbem, const char *path)
{
  g_autoptr(GError) error = NULL;
  KesselStandingOrders orders;

  if (path == NULL)
    return TRUE;
  if (kessel_standing_orders_load_file (path, &orders, &error))
    return kessel_pbem_set_orders (pbem, &orders);
  fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
  return FALSE;
}

/* The lines to the opponent given with --message, sent with the turn. */
static gboolean
set_messages (KesselPbem *pbem, char **lines)
{
  guint n = lines ? g_strv_length (lines) : 0;

  if (n == 0)
    return TRUE;
  if (kessel_pbem_set_chat (pbem, (const char *const *) lines, n))
    return TRUE;
  fprintf (stderr, _("kessel-cli pbem: a --message is 1 to %d characters without control characters, at most %d of them\n"),
           KESSEL_PBEM_MAX_CHAT_CHARS, KESSEL_PBEM_MAX_CHAT_LINES);
  return FALSE;
}

/* The lines the opponent sent with the turn just opened. */
static void
print_messages (KesselPbem *pbem)
{
  g_autoptr(GPtrArray) lines = kessel_pbem_get_chat (pbem);
  KesselSide opponent = kessel_side_enemy (kessel_pbem_get_side (pbem));

  for (guint i = 0; i < lines->len; i++)
    {
      const KesselPbemChatLine *line = lines->pdata[i];

      if (line->side == opponent && line->turn == kessel_pbem_get_turn_number (pbem) - 1)
        printf (_("Message from the %s player: %s\n"), kessel_side_display_name (opponent), line->text);
    }
}

/* The actions standing orders chose from the opponent's turn on. */
static void
print_order_actions (KesselPbem *pbem)
{
  KesselGame *game = kessel_pbem_get_game (pbem);
  int start = kessel_pbem_get_received_start (pbem);

  for (int i = MAX (start, 0); game != NULL && i < kessel_game_get_n_actions (game); i++)
    if (kessel_game_get_action (game, i)->by_order)
      {
        g_autofree char *text = kessel_standing_orders_describe (game, kessel_game_get_action (game, i));
        printf ("  %s\n", text);
      }
}

static int
send_turn (KesselPbem *pbem, const char *output)
{
  g_autoptr(GError) error = NULL;
  KesselSide side = kessel_pbem_get_side (pbem);

  if (!kessel_pbem_send (pbem, output, &error))
    {
      fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
      return 1;
    }
  if (kessel_pbem_get_pending (pbem) != NULL)
    printf (_("\"%s\" is resolved when your opponent opens your turn.\n"), kessel_pbem_get_pending (pbem));
  printf (_("Send %s to the %s player.\n"), output, kessel_side_display_name (kessel_side_enemy (side)));
  return 0;
}

static int
pbem_new (int argc, char **argv)
{
  g_autofree char *side_name = NULL;
  g_autofree char *password_file = NULL;
  g_autofree char *output = NULL;
  g_autofree char *data_dir = NULL;
  g_autofree char *password = NULL;
  g_autofree char *dice_name = NULL;
  g_autofree char *orders_path = NULL;
  g_auto(GStrv) messages = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autoptr(GError) error = NULL;
  KesselSide side;
  KesselPbemDice dice = KESSEL_PBEM_DICE_MOVER;
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, N_("The side you play: german or soviet"), "SIDE" },
    { "dice", 0, 0, G_OPTION_ARG_STRING, &dice_name, N_("Who rolls the dice: mover (each player's program, the default) or verified (both players' hash chains; an attack costs a round trip)"), "MODE" },
    { "orders", 0, 0, G_OPTION_ARG_FILENAME, &orders_path, N_("Your side's standing orders, from FILE"), "FILE" },
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &password_file, N_("Read your side's password from FILE (- for standard input)"), "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the first turn file to OUT"), "OUT" },
    { "message", 0, 0, G_OPTION_ARG_STRING_ARRAY, &messages, N_("A line to your opponent, sent with the turn (give it again for more lines)"), "TEXT" },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &data_dir, N_("Keep the game's secret and copies under DIR instead of the user's data folder"), "DIR" },
    { NULL },
  };

  if (!kessel_cli_parse_options ("pbem new", entries, &argc, &argv))
    return 2;
  if (argc != 2 || output == NULL || side_name == NULL || !kessel_side_from_string (side_name, &side)
      || side == KESSEL_SIDE_NONE || (dice_name != NULL && !kessel_pbem_dice_from_string (dice_name, &dice)))
    {
      fprintf (stderr, "%s\n", _("kessel-cli pbem new: give SCENARIO, --side german|soviet, --password-file and -o, and --dice mover|verified if at all"));
      return 2;
    }
  if ((password = kessel_cli_read_password (password_file)) == NULL || (scenario = kessel_cli_load_scenario ("pbem", argv[1])) == NULL)
    return 1;
  pbem = kessel_pbem_new (scenario, side, password, data_dir_or_default (data_dir), &error);
  if (pbem == NULL)
    {
      fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
      return 1;
    }
  if (!kessel_pbem_set_dice (pbem, dice) || !set_orders (pbem, orders_path) || !set_messages (pbem, messages))
    return 1;
  printf (_("New game by e-mail %s: you play the %s side.\n"), kessel_pbem_get_game_id (pbem),
          kessel_side_display_name (side));
  printf ("%s\n", kessel_pbem_dice_display_name (dice));
  return send_turn (pbem, output);
}

/* Plays this player's part with a computer player. */
static gboolean
play_part (KesselPbem *pbem, KesselPlayer *player)
{
  while (kessel_pbem_get_status (pbem) == KESSEL_PBEM_YOUR_MOVE)
    {
      g_autoptr(GError) error = NULL;
      KesselAction action;

      if (!kessel_player_choose (player, kessel_pbem_get_game (pbem), &action)
          || !kessel_pbem_play (pbem, &action, &error))
        {
          fprintf (stderr, "kessel-cli pbem: %s\n", error ? error->message : _("the player found no action"));
          return FALSE;
        }
    }
  return TRUE;
}

static void
print_state (KesselPbem *pbem)
{
  KesselGame *game = kessel_pbem_get_game (pbem);

  if (game == NULL)
    printf ("%s\n", _("The game starts when your opponent opens your answer."));
  else if (kessel_game_is_over (game))
    printf (_("The game is over: %s, %d VP.\n"), kessel_verdict_display_name (kessel_game_get_verdict (game)),
            kessel_game_get_vp (game));
  else
    printf (_("Turn %d, %s.\n"), kessel_game_get_turn (game), kessel_phase_display_name (kessel_game_get_phase (game)));
}

static int
pbem_open (int argc, char **argv)
{
  g_autofree char *password_file = NULL;
  g_autofree char *output = NULL;
  g_autofree char *data_dir = NULL;
  g_autofree char *scenario_path = NULL;
  g_autofree char *player_spec = NULL;
  g_autofree char *password = NULL;
  g_autofree char *orders_path = NULL;
  g_auto(GStrv) messages = NULL;
  gint64 seed = 1;
  gboolean accept_scenario = FALSE;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselPbem) pbem = NULL;
  g_autoptr(KesselPlayer) player = NULL;
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "password-file", 0, 0, G_OPTION_ARG_FILENAME, &password_file, N_("Read your side's password from FILE (- for standard input)"), "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write your answer to OUT"), "OUT" },
    { "message", 0, 0, G_OPTION_ARG_STRING_ARRAY, &messages, N_("A line to your opponent, sent with the turn (give it again for more lines)"), "TEXT" },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player_spec, N_("Play your part with a computer player: random, greedy or ai:easy|normal|hard (random by default)"), "P" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the computer player's choices (not of the dice)"), "N" },
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME, &scenario_path, N_("The scenario file the game is played on"), "FILE" },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &data_dir, N_("Keep the game's secret and copies under DIR instead of the user's data folder"), "DIR" },
    { "accept-scenario", 0, 0, G_OPTION_ARG_NONE, &accept_scenario, N_("Join a game whose scenario is not your copy of it, after seeing what differs"), NULL },
    { "orders", 0, 0, G_OPTION_ARG_FILENAME, &orders_path, N_("Your side's standing orders, from FILE"), "FILE" },
    { NULL },
  };

  if (!kessel_cli_parse_options ("pbem open", entries, &argc, &argv))
    return 2;
  if (argc != 2 || output == NULL)
    {
      fprintf (stderr, "%s\n", _("kessel-cli pbem open: give the received FILE, --password-file and -o"));
      return 2;
    }
  if ((password = kessel_cli_read_password (password_file)) == NULL || (scenario = kessel_cli_turn_scenario ("pbem", argv[1], scenario_path)) == NULL)
    return 1;
  /* A scenario given with --scenario is the player's own choice. */
  if (scenario_path == NULL && !scenario_accepted (argv[1], scenario, data_dir_or_default (data_dir), accept_scenario))
    return 1;
  player = kessel_player_new_from_spec (player_spec ? player_spec : "random", (guint64) seed, &error);
  if (player != NULL)
    pbem = kessel_pbem_open (argv[1], scenario, password, data_dir_or_default (data_dir), &error);
  if (pbem == NULL)
    {
      fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
      return 1;
    }
  printf (_("%s: checked; you play the %s side.\n"), argv[1], kessel_side_display_name (kessel_pbem_get_side (pbem)));
  print_messages (pbem);
  if (!set_orders (pbem, orders_path) || !play_part (pbem, player) || !set_messages (pbem, messages))
    return 1;
  print_order_actions (pbem);
  print_state (pbem);
  if (kessel_pbem_get_status (pbem) == KESSEL_PBEM_OVER)
    return 0;   /* both players have seen the end: nothing to send */
  return send_turn (pbem, output);
}

/* The lines of chat a checked turn file holds, one a line. */
static void
print_chat (const char *path)
{
  g_autoptr(GPtrArray) lines = kessel_pbem_read_chat (path, NULL);

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    {
      const KesselPbemChatLine *line = lines->pdata[i];
      printf (_("Chat in turn %d, from the %s player: %s\n"), line->turn, kessel_side_display_name (line->side),
              line->text);
    }
}

static int
pbem_verify (int argc, char **argv)
{
  g_autofree char *scenario_path = NULL;
  g_autofree char *summary = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  const GOptionEntry entries[] = {
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME, &scenario_path, N_("The scenario file the game is played on"), "FILE" },
    { NULL },
  };

  if (!kessel_cli_parse_options ("pbem verify", entries, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      fprintf (stderr, "%s\n", _("kessel-cli pbem verify: name one turn file"));
      return 2;
    }
  if ((scenario = kessel_cli_turn_scenario ("pbem", argv[1], scenario_path)) == NULL)
    return 1;
  if (!kessel_pbem_verify (argv[1], scenario, &summary, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  printf ("%s\n", summary);
  print_chat (argv[1]);
  return 0;
}

/* Writes the last turn sent in FILE's game again: "Save the Turn File Again". */
static int
pbem_again (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *data_dir = NULL;
  g_autoptr(GError) error = NULL;
  int number = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the turn to OUT"), "OUT" },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &data_dir, N_("Keep the game's secret and copies under DIR instead of the user's data folder"), "DIR" },
    { NULL },
  };

  if (!kessel_cli_parse_options ("pbem again", entries, &argc, &argv))
    return 2;
  if (argc != 2 || output == NULL)
    {
      fprintf (stderr, "%s\n", _("kessel-cli pbem again: give a turn FILE of the game and -o"));
      return 2;
    }
  if (!kessel_pbem_save_again (argv[1], data_dir_or_default (data_dir), output, &number, &error))
    {
      fprintf (stderr, "kessel-cli pbem: %s\n", error->message);
      return 1;
    }
  printf (_("Turn %d is written again to %s.\n"), number, output);
  return 0;
}

int
kessel_cli_pbem (int argc, char **argv)
{
  if (argc >= 2 && g_strcmp0 (argv[1], "new") == 0)
    return pbem_new (argc - 1, argv + 1);
  if (argc >= 2 && g_strcmp0 (argv[1], "open") == 0)
    return pbem_open (argc - 1, argv + 1);
  if (argc >= 2 && g_strcmp0 (argv[1], "verify") == 0)
    return pbem_verify (argc - 1, argv + 1);
  if (argc >= 2 && g_strcmp0 (argv[1], "again") == 0)
    return pbem_again (argc - 1, argv + 1);
  fprintf (stderr, "%s\n", _("kessel-cli pbem: new, open, verify or again"));
  return 2;
}
