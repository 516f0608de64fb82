/* kessel-cli-game.c: kessel-cli play, query and bench. */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kessel-cli-commands.h"
#include "kessel-file.h"
#include "kessel-game.h"
#include "kessel-planner.h"

#define MAX_ACTIONS_PER_GAME 200000
#define PLAYER_SEED_SALT G_GUINT64_CONSTANT (0x6b657373656c)

typedef struct {
  int actions;
  int combats;
  guint dice;
} PlayStats;

static void
count_action (const KesselAction *action, PlayStats *stats)
{
  stats->actions++;
  if (action->type == KESSEL_ACTION_ATTACK || action->type == KESSEL_ACTION_PROBE)
    stats->combats++;
}

/* Plays random legal actions to the end; FALSE if the engine ever refused one
 * of its own choices, which would be a bug. */
static gboolean
play_random (KesselGame *game, guint64 seed, PlayStats *stats, GError **error)
{
  KesselDice player;
  KesselAction action;

  kessel_dice_init (&player, seed ^ PLAYER_SEED_SALT);
  while (!kessel_game_is_over (game) && stats->actions < MAX_ACTIONS_PER_GAME)
    {
      if (!kessel_game_random_action (game, &player, &action))
        {
          g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                       "no legal action on turn %d, %s", kessel_game_get_turn (game),
                       kessel_phase_display_name (kessel_game_get_phase (game)));
          return FALSE;
        }
      if (!kessel_game_apply (game, &action, error))
        return FALSE;
      count_action (&action, stats);
    }
  stats->dice = kessel_game_get_dice_rolled (game);
  if (!kessel_game_is_over (game))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                   "the game did not end within %d actions", MAX_ACTIONS_PER_GAME);
      return FALSE;
    }
  return TRUE;
}

/* The actions of --actions: a file of them, or the list itself. */
static char **
read_action_list (const char *list)
{
  const KesselFileLimits limits = {
    KESSEL_GAME_MAX_FILE_SIZE, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE, KESSEL_GAME_ERROR_FILE,
    _("the file is larger than the %d MiB a list of actions may have"),
  };
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (g_file_test (list, G_FILE_TEST_IS_REGULAR) && kessel_file_read (list, &limits, &contents, &length, NULL))
    return g_strsplit_set (contents, "\n;", -1);
  return g_strsplit_set (list, "\n;", -1);
}

static gboolean
play_script (KesselGame *game, const char *list, PlayStats *stats, GError **error)
{
  g_auto(GStrv) lines = read_action_list (list);

  for (int i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      char *line = g_strstrip (lines[i]);
      KesselAction action;

      if (*line == '\0' || *line == '#')
        continue;
      if (!kessel_game_action_from_string (game, line, &action, &local_error)
          || !kessel_game_apply (game, &action, &local_error))
        {
          g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL, "action %d \"%s\": %s",
                       stats->actions + 1, line, local_error->message);
          return FALSE;
        }
      count_action (&action, stats);
    }
  stats->dice = kessel_game_get_dice_rolled (game);
  return TRUE;
}

/* Plays with the players named (random where none is). */
static gboolean
play_with_players (KesselGame *game, guint64 seed, const char *german, const char *soviet, int threads,
                   PlayStats *stats, GError **error)
{
  KesselPlayer *players[3];
  gboolean ok;

  if (!kessel_self_play_make_players (german ? german : "random", soviet ? soviet : "random", seed, players, error))
    return FALSE;
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    if (KESSEL_IS_PLANNER (players[side]))
      kessel_planner_set_threads (KESSEL_PLANNER (players[side]), (guint) threads);
  ok = kessel_self_play_game (game, players, kessel_cli_read_human_action, NULL, NULL, NULL, NULL, error);
  kessel_self_play_free_players (players);
  for (int i = 0; i < kessel_game_get_n_actions (game); i++)
    count_action (kessel_game_get_action (game, i), stats);
  stats->dice = kessel_game_get_dice_rolled (game);
  return ok;
}

/* Replays the game's actions from its seed and compares the result. */
static gboolean
replays_identically (KesselGame *game)
{
  g_autoptr(KesselGame) copy = kessel_game_new (kessel_game_get_scenario (game), kessel_game_get_seed (game));

  for (int i = 0; i < kessel_game_get_n_actions (game); i++)
    if (!kessel_game_apply (copy, kessel_game_get_action (game, i), NULL))
      return FALSE;
  return kessel_game_equal (game, copy);
}

static void
print_result (KesselGame *game, guint64 seed, const PlayStats *stats, gboolean replay_ok, gboolean json)
{
  if (json)
    {
      printf ("{\"seed\": %" G_GUINT64_FORMAT ", \"turns\": %d, \"over\": %s, \"vp\": %d, "
              "\"vp_places\": %d, \"vp_exits\": %d, \"vp_destroyed\": %d, \"vp_out_of_command\": %d, "
              "\"verdict\": \"%s\", \"actions\": %d, \"combats\": %d, \"dice\": %u, \"replay_identical\": %s}\n",
              seed, kessel_game_get_turn (game), kessel_game_is_over (game) ? "true" : "false",
              kessel_game_get_vp (game), kessel_game_get_vp_places (game), kessel_game_get_vp_exits (game),
              kessel_game_get_vp_destroyed (game), kessel_game_get_vp_out_of_command (game),
              kessel_verdict_to_string (kessel_game_get_verdict (game)), stats->actions, stats->combats, stats->dice,
              replay_ok ? "true" : "false");
      return;
    }
  /* The seed as text: a 64-bit format in a translated string is not portable. */
  g_autofree char *seed_text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  printf (_("Seed %s: turn %d, %s; %d VP (places %d, exits %d, divisions %d, out of C&C %d): %s. "
            "%d actions, %d combats, %u dice; replay %s.\n"),
          seed_text, kessel_game_get_turn (game),
          kessel_game_is_over (game) ? _("game over") : kessel_phase_display_name (kessel_game_get_phase (game)),
          kessel_game_get_vp (game), kessel_game_get_vp_places (game), kessel_game_get_vp_exits (game),
          kessel_game_get_vp_destroyed (game), kessel_game_get_vp_out_of_command (game),
          kessel_verdict_display_name (kessel_game_get_verdict (game)), stats->actions, stats->combats,
          stats->dice, replay_ok ? _("identical") : _("DIFFERENT"));
}

static void
print_log (KesselGame *game)
{
  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (game, i);
      if (entry->phase == KESSEL_PHASE_SETUP)
        printf (_("Set-up: %s\n"), entry->text);
      else
        /* Translators: a line of the log: turn, phase, what happened. */
        printf (_("Turn %d, %s: %s\n"), entry->turn, kessel_phase_display_name (entry->phase), entry->text);
    }
}

int
kessel_cli_play (int argc, char **argv)
{
  gint64 seed = 1;
  int games = 1, threads = 1;
  gboolean json = FALSE, show_log = FALSE;
  g_autofree char *actions = NULL;
  g_autofree char *save = NULL;
  g_autofree char *german = NULL;
  g_autofree char *soviet = NULL;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the dice (default 1)"), "N" },
    { "german", 0, 0, G_OPTION_ARG_STRING, &german, N_("The German player: human, random, greedy or ai:easy|normal|hard (default random)"), "PLAYER" },
    { "soviet", 0, 0, G_OPTION_ARG_STRING, &soviet, N_("The Soviet player (default random)"), "PLAYER" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Play this many games, seeds N, N+1, ..."), "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Cores each computer player searches on (default 1); its choices are the same on any number"), "N" },
    { "actions", 0, 0, G_OPTION_ARG_STRING, &actions, N_("Apply these actions: a file, or a list separated by ';'"), "LIST" },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the (last) game to this file"), "OUT" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &show_log, N_("Print the log of the (last) game"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON, one object per game"), NULL },
    { NULL }
  };
  g_autoptr(KesselScenario) scenario = NULL;
  int failures = 0;

  if (!kessel_cli_parse_options ("play", entries, &argc, &argv))
    return 2;
  if (threads < 1 || threads > 64)
    {
      fprintf (stderr, "%s\n", _("kessel-cli play: --threads must be 1 to 64"));
      return 2;
    }
  if (argc != 2 || games < 1 || seed < 0)
    {
      fprintf (stderr, "%s\n", _("kessel-cli play: name one scenario file"));
      return 2;
    }
  scenario = kessel_cli_load_scenario ("play", argv[1]);
  if (scenario == NULL)
    return 1;
  for (int g = 0; g < games; g++)
    {
      guint64 game_seed = (guint64) seed + (guint64) g;
      g_autoptr(KesselGame) game = kessel_game_new (scenario, game_seed);
      g_autoptr(GError) error = NULL;
      PlayStats stats = { 0 };
      gboolean ok = actions ? play_script (game, actions, &stats, &error)
                    : german || soviet ? play_with_players (game, game_seed, german, soviet, threads, &stats, &error)
                    : play_random (game, game_seed, &stats, &error);
      gboolean replay_ok = replays_identically (game);

      if (!ok)
        {
          fprintf (stderr, "kessel-cli play: seed %" G_GUINT64_FORMAT ": %s\n", game_seed, error->message);
          failures++;
        }
      if (!replay_ok)
        failures++;
      if (g == games - 1 && show_log)
        print_log (game);
      print_result (game, game_seed, &stats, replay_ok, json);
      if (g == games - 1 && save != NULL && !kessel_game_save_file (game, save, &error))
        {
          fprintf (stderr, "kessel-cli play: %s\n", error->message);
          failures++;
        }
    }
  return failures > 0 ? 1 : 0;
}

/* query */

static void
print_piece (KesselGame *game, int piece, gboolean json, gboolean last)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);
  int hex = kessel_game_get_piece_hex (game, piece);
  g_autofree char *where = hex >= 0 ? kessel_grid_format_hex (kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game))), hex)
                                    : g_strdup ("-");
  gboolean supply = kessel_game_piece_in_supply (game, piece);
  gboolean command = kessel_game_piece_in_command (game, piece);

  if (json)
    printf ("  {\"id\": \"%s\", \"side\": \"%s\", \"hex\": \"%s\", \"steps\": %d, \"attack\": %d, \"defence\": %d, "
            "\"in_supply\": %s, \"in_command\": %s}%s\n",
            kessel_unit_get_id (unit), kessel_side_to_string (kessel_unit_get_side (unit)), where,
            kessel_game_get_piece_steps (game, piece), kessel_game_get_piece_attack (game, piece),
            kessel_game_get_piece_defence (game, piece), supply ? "true" : "false", command ? "true" : "false",
            last ? "" : ",");
  else
    printf ("%-14s %-7s %s  %d steps  %d-%d%s%s\n", kessel_unit_get_id (unit),
            kessel_side_to_string (kessel_unit_get_side (unit)), where,
            kessel_game_get_piece_steps (game, piece), kessel_game_get_piece_attack (game, piece),
            kessel_game_get_piece_defence (game, piece), supply ? "" : "  out of supply",
            command ? "" : "  out of C&C");
}

static int
query_state (KesselGame *game, gboolean json)
{
  int n = kessel_game_get_n_pieces (game);
  int shown = 0, total = 0;

  for (int p = 0; p < n; p++)
    total += kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP;
  if (json)
    printf ("{\"turn\": %d, \"phase\": \"%s\", \"weather\": \"%s\", \"vp\": %d, \"active\": \"%s\", \"units\": [\n",
            kessel_game_get_turn (game), kessel_phase_to_string (kessel_game_get_phase (game)),
            kessel_weather_to_string (kessel_game_get_weather (game)), kessel_game_get_vp (game),
            kessel_side_to_string (kessel_game_get_active_side (game)));
  else
    printf (_("Turn %d, %s, %s; %d VP; %s to act\n"), kessel_game_get_turn (game),
            kessel_phase_display_name (kessel_game_get_phase (game)),
            kessel_weather_to_string (kessel_game_get_weather (game)), kessel_game_get_vp (game),
            kessel_side_display_name (kessel_game_get_active_side (game)));
  for (int p = 0; p < n; p++)
    if (kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP)
      print_piece (game, p, json, ++shown == total);
  if (json)
    printf ("]}\n");
  return 0;
}

static void
print_action (KesselGame *game, const KesselAction *action, const char *indent, gboolean json, gboolean *first)
{
  g_autofree char *text = kessel_game_action_to_string (game, action);

  if (json)
    printf ("%s  \"%s\"", *first ? "" : ",\n", text);
  else
    printf ("%s%s\n", indent, text);
  *first = FALSE;
}

static gboolean
in_movement (KesselGame *game)
{
  return kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
         && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT && !kessel_game_is_over (game);
}

/* How to move part of a stack, and the moves of the parts listed, in text
 * as comments that a list of actions may hold (play --actions skips them). */
static void
print_part_stack_moves (KesselGame *game, GArray *parts, const char *indent, gboolean json, gboolean *first)
{
  if (!json)
    {
      printf ("%s# %s\n", indent,
              _("Any units of one stack may move together: join their ids with \"+\" and name each hex of the path, "
                "as in \"move UNIT+UNIT HEX HEX\"."));
      if (parts->len > 0)
        {
          printf ("%s# ", indent);
          /* Translators: %d is at least 3. */
          printf (_("Moves of part of a stack, for stacks of up to %d units:"), KESSEL_PART_STACK_LISTED_MAX);
          printf ("\n");
        }
    }
  for (guint i = 0; i < parts->len; i++)
    print_action (game, &g_array_index (parts, KesselAction, i), indent, json, first);
}

void
kessel_cli_print_actions (KesselGame *game, const char *indent, gboolean json)
{
  g_autoptr(GArray) list = kessel_game_list_actions (game);
  g_autoptr(GArray) parts = kessel_game_list_part_stack_moves (game);
  guint before_end = list->len;
  gboolean first = TRUE;

  /* The parts go before the "end" that closes the list. */
  if (before_end > 0 && g_array_index (list, KesselAction, before_end - 1).type == KESSEL_ACTION_END)
    before_end--;
  if (json)
    printf ("[\n");
  for (guint i = 0; i < before_end; i++)
    print_action (game, &g_array_index (list, KesselAction, i), indent, json, &first);
  if (in_movement (game))
    print_part_stack_moves (game, parts, indent, json, &first);
  for (guint i = before_end; i < list->len; i++)
    print_action (game, &g_array_index (list, KesselAction, i), indent, json, &first);
  if (json)
    printf ("%s]\n", first ? "" : "\n");
}

static int
query_actions (KesselGame *game, gboolean json)
{
  kessel_cli_print_actions (game, "", json);
  return 0;
}

static int
query_reachable (KesselGame *game, const char *unit_ids, gboolean json)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  g_auto(GStrv) ids = g_strsplit (unit_ids, "+", -1);
  int pieces[KESSEL_ACTION_MAX_UNITS], n = 0;
  g_autofree KesselReach *reach = NULL;
  gboolean first = TRUE;

  for (int i = 0; ids[i] != NULL && n < KESSEL_ACTION_MAX_UNITS; i++)
    {
      pieces[n] = kessel_game_find_piece (game, ids[i]);
      if (pieces[n] < 0)
        {
          fprintf (stderr, "kessel-cli query: there is no unit \"%s\"\n", ids[i]);
          return 1;
        }
      n++;
    }
  reach = kessel_game_reachable (game, pieces, n);
  if (json)
    printf ("[\n");
  for (int hex = 0; hex < kessel_grid_hex_count (grid); hex++)
    {
      g_autofree char *label = NULL;
      if (reach[hex].cost < 0 || reach[hex].previous == KESSEL_HEX_NONE)
        continue;
      label = kessel_grid_format_hex (grid, hex);
      if (json)
        printf ("%s  {\"hex\": \"%s\", \"cost\": %d, \"river_roll\": %s}", first ? "" : ",\n", label,
                reach[hex].cost, reach[hex].needs_roll ? "true" : "false");
      else
        printf ("%s %d%s\n", label, reach[hex].cost, reach[hex].needs_roll ? " (river roll)" : "");
      first = FALSE;
    }
  if (json)
    printf ("\n]\n");
  return 0;
}

static int
query_zoc (KesselGame *game, gboolean json)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  const KesselSide sides[] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

  if (json)
    printf ("{");
  for (int s = 0; s < 2; s++)
    {
      gboolean first = TRUE;
      printf (json ? "%s\"%s\": [" : "%s%s:", s > 0 && json ? ", " : "", kessel_side_to_string (sides[s]));
      for (int hex = 0; hex < kessel_grid_hex_count (grid); hex++)
        if (kessel_game_in_zoc_of (game, hex, sides[s]))
          {
            g_autofree char *label = kessel_grid_format_hex (grid, hex);
            printf (json ? "%s\"%s\"" : "%s%s", json && !first ? ", " : " ", label);
            first = FALSE;
          }
      printf (json ? "]" : "\n");
    }
  if (json)
    printf ("}\n");
  return 0;
}

static int
query_supply (KesselGame *game)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      int hex = kessel_game_get_piece_hex (game, p);
      KesselSide side = kessel_game_get_piece_side (game, p);
      g_autoptr(GArray) path = NULL;
      if (kessel_game_get_piece_status (game, p) != KESSEL_PIECE_ON_MAP)
        continue;
      path = kessel_game_trace_path (game, hex, side);
      printf ("%-14s %s:", kessel_unit_get_id (kessel_game_get_piece_unit (game, p)),
              side == KESSEL_SIDE_SOVIET ? "supply" : "C&C");
      if (path == NULL)
        printf (" none\n");
      else
        {
          for (guint i = 0; i < path->len; i++)
            {
              g_autofree char *label = kessel_grid_format_hex (grid, g_array_index (path, int, i));
              printf (" %s", label);
            }
          printf ("\n");
        }
    }
  return 0;
}

static const char *
piece_id (KesselGame *game, int piece)
{
  return kessel_unit_get_id (kessel_game_get_piece_unit (game, piece));
}

static void
print_odds_json_fields (const KesselCombatOdds *odds)
{
  printf ("\"attack\": %d, \"defence\": %d, \"raw\": \"%s\", \"shifts\": [", odds->attack, odds->defence,
          kessel_odds_to_string (odds->raw));
  for (int i = 0; i < odds->n_shifts; i++)
    printf ("%s{\"shift\": %d, \"rule\": \"%s\", \"reason\": \"%s\"}", i ? ", " : "", odds->shifts[i].shift,
            odds->shifts[i].rule, odds->shifts[i].reason);
  printf ("], \"final\": \"%s\"", kessel_odds_to_string (odds->final));
}

/* The odds as declared, then "defence_support": what the defender may add
 * and the odds with it, or null when he may add nothing. */
static void
print_odds_json (KesselGame *game, const KesselCombatOdds *odds, const KesselAction *defence,
                 const KesselCombatOdds *supported)
{
  printf ("{");
  print_odds_json_fields (odds);
  printf (", \"defence_support\": ");
  if (defence->cas == 0 && defence->support < 0)
    printf ("null");
  else
    {
      printf ("{\"cas\": %d, \"support\": ", defence->cas);
      if (defence->support >= 0)
        printf ("\"%s\"", piece_id (game, defence->support));
      else
        printf ("null");
      printf (", \"support_factor\": %d, \"added\": %d, ", supported->defence_support,
              supported->defence - odds->defence);
      print_odds_json_fields (supported);
      printf ("}");
    }
  printf ("}\n");
}

/* The totals, the shifts and the column with its results by die. */
static void
print_odds_reckoning (const KesselCombatOdds *odds)
{
  /* Translators: attack and defence totals, then the odds column, as in "19 to 3: 6:1". */
  printf (_("%d to %d: %s\n"), odds->attack, odds->defence, kessel_odds_to_string (odds->raw));
  for (int i = 0; i < odds->n_shifts; i++)
    printf ("  %+d %s (%s)\n", odds->shifts[i].shift, odds->shifts[i].reason, odds->shifts[i].rule);
  /* Translators: the final odds column; the results by die follow, as in " 1=AL1 2=EX". */
  printf (_("final %s:"), kessel_odds_to_string (odds->final));
  for (int die = 0; die < 6; die++)
    printf (" %d=%s", die + 1, kessel_result_to_string (odds->results[die]));
  printf ("\n");
}

static void
print_odds_text (KesselGame *game, const KesselCombatOdds *odds)
{
  for (int i = 0; i < odds->n_attackers; i++)
    printf (_("attacker %-14s %d%s%s\n"), piece_id (game, odds->attackers[i].piece), odds->attackers[i].factor,
            odds->attackers[i].note ? "  " : "", odds->attackers[i].note ? odds->attackers[i].note : "");
  if (odds->attack_cas > 0)
    printf (_("attacker air support %d\n"), odds->attack_cas);
  for (int i = 0; i < odds->n_defenders; i++)
    printf (_("defender %-14s %d\n"), piece_id (game, odds->defenders[i].piece), odds->defenders[i].factor);
  print_odds_reckoning (odds);
}

/* What the defender may still add once the attack is declared, and the
 * odds it would come to: the worst case for the attacker. */
static void
print_defence_support_text (KesselGame *game, const KesselAction *defence, const KesselCombatOdds *supported)
{
  if (defence->cas == 0 && defence->support < 0)
    {
      printf ("%s\n", _("The defender may add no support to this defence (13.1, 13.3)."));
      return;
    }
  printf ("%s\n", _("Once the attack is declared, the defender may still add (13.1, 13.3):"));
  if (defence->cas > 0)
    printf (ngettext ("  %d air marker: defence +%d\n", "  %d air markers: defence +%d\n", defence->cas),
            defence->cas, supported->defence_cas);
  if (defence->support >= 0)
    printf (_("  ranged support of %s: defence +%d\n"), piece_id (game, defence->support),
            supported->defence_support);
  printf ("%s\n", _("With all of it, the worst case for the attacker:"));
  print_odds_reckoning (supported);
}

static int
query_odds (KesselGame *game, const char *text, gboolean json)
{
  g_autoptr(GError) error = NULL;
  KesselAction action, defence;
  KesselCombatOdds odds, supported;

  if (!kessel_game_action_from_string (game, text, &action, &error)
      || !kessel_game_get_odds (game, &action, &odds, &error)
      || !kessel_game_get_supported_defence_odds (game, &action, &defence, &supported, &error))
    {
      fprintf (stderr, "kessel-cli query: %s\n", error->message);
      return 1;
    }
  if (json)
    {
      print_odds_json (game, &odds, &defence, &supported);
      return 0;
    }
  print_odds_text (game, &odds);
  print_defence_support_text (game, &defence, &supported);
  return 0;
}

/* Each town and fortified locality: who holds it and whether it traces C&C. */
static int
query_places (KesselGame *game)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      g_autofree char *hex = kessel_grid_format_hex (kessel_map_get_grid (map), place->hex);
      KesselSide holder = kessel_game_get_control (game, place->hex);

      printf ("%s %-20s %-18s %-7s%s\n", hex, place->name, kessel_place_kind_to_string (place->kind),
              kessel_side_to_string (holder),
              holder == KESSEL_SIDE_GERMAN && !kessel_game_hex_traces (game, place->hex, KESSEL_SIDE_GERMAN)
                ? "  out of C&C" : "");
    }
  return 0;
}

static int
query_view (KesselGame *game, const char *side_text)
{
  KesselSide side;

  if (!kessel_side_from_string (side_text, &side) || side == KESSEL_SIDE_NONE)
    {
      fprintf (stderr, "kessel-cli query: view german or view soviet\n");
      return 2;
    }
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    if (kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP)
      {
        if (kessel_game_piece_visible_to (game, p, side))
          print_piece (game, p, FALSE, FALSE);
      }
  return 0;
}

int
kessel_cli_query (int argc, char **argv)
{
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) game = NULL;
  const char *question;

  if (!kessel_cli_parse_options ("query", entries, &argc, &argv))
    return 2;
  if (argc < 3)
    {
      fprintf (stderr, "%s\n", _("kessel-cli query: name a saved game and a question: state, actions, log, reachable UNIT[+UNIT], zoc, supply, odds \"attack ...\", view SIDE"));
      return 2;
    }
  game = kessel_game_load_file (argv[1], &error);
  if (game == NULL)
    {
      fprintf (stderr, "kessel-cli query: %s\n", error->message);
      return 1;
    }
  question = argv[2];
  if (strcmp (question, "state") == 0)
    return query_state (game, json);
  if (strcmp (question, "actions") == 0)
    return query_actions (game, json);
  if (strcmp (question, "log") == 0)
    {
      print_log (game);
      return 0;
    }
  if (strcmp (question, "zoc") == 0)
    return query_zoc (game, json);
  if (strcmp (question, "supply") == 0)
    return query_supply (game);
  if (strcmp (question, "places") == 0)
    return query_places (game);
  if (argc >= 4 && strcmp (question, "reachable") == 0)
    return query_reachable (game, argv[3], json);
  if (argc >= 4 && strcmp (question, "odds") == 0)
    return query_odds (game, argv[3], json);
  if (argc >= 4 && strcmp (question, "view") == 0)
    return query_view (game, argv[3]);
  fprintf (stderr, "kessel-cli query: unknown question \"%s\"\n", question);
  return 2;
}

/* bench */

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_double);
  return values->len ? g_array_index (values, double, values->len / 2) : 0;
}

static double
slowest (GArray *values)
{
  g_array_sort (values, compare_double);
  return values->len ? g_array_index (values, double, values->len - 1) : 0;
}

/* The opening position: every unit on its printed hex, the Soviet player to move on turn 1. */
static KesselGame *
opening_position (KesselScenario *scenario)
{
  KesselGame *game = kessel_game_new (scenario, 1);

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      KesselAction place;
      kessel_action_init (&place, KESSEL_ACTION_PLACE);
      kessel_action_add_unit (&place, p);
      place.hex = kessel_unit_get_setup_hex (kessel_game_get_piece_unit (game, p));
      kessel_game_apply (game, &place, NULL);
    }
  {
    KesselAction end;
    kessel_action_init (&end, KESSEL_ACTION_END);
    kessel_game_apply (game, &end, NULL);
  }
  return game;
}

static void
bench_reachable (KesselGame *game)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  const int repeats = 200;

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      gint64 start = g_get_monotonic_time ();
      double us;

      if (kessel_game_get_piece_status (game, p) != KESSEL_PIECE_ON_MAP)
        continue;
      for (int r = 0; r < repeats; r++)
        g_free (kessel_game_reachable (game, &p, 1));
      us = (double) (g_get_monotonic_time () - start) / repeats;
      g_array_append_val (times, us);
    }
  printf ("reachable hexes, one unit: median %.2f us over %u units (%d runs each; target < 20 us)\n",
          median (times), times->len, repeats);
}

static void
bench_listing (KesselGame *game)
{
  const int repeats = 200;
  gint64 start = g_get_monotonic_time ();
  guint n = 0;

  for (int r = 0; r < repeats; r++)
    {
      GArray *actions = kessel_game_list_actions (game);
      n = actions->len;
      g_array_unref (actions);
    }
  printf ("all legal actions of the opening movement: %u actions in %.3f ms\n",
          n, (double) (g_get_monotonic_time () - start) / 1000.0 / repeats);
}

static void
bench_traces (KesselGame *game)
{
  g_autoptr(GArray) line = NULL;
  gint64 start = g_get_monotonic_time ();

  for (int r = 0; r < 2000; r++)
    {
      kessel_game_set_control (game, 0, kessel_game_get_control (game, 0));   /* marks the traces stale */
      kessel_game_set_piece (game, 0, kessel_game_get_piece_hex (game, 0), kessel_game_get_piece_steps (game, 0));
      /* The whole trace, as a unit's line to its source needs it. */
      g_clear_pointer (&line, g_array_unref);
      line = kessel_game_trace_path (game, 0, KESSEL_SIDE_SOVIET);
      g_clear_pointer (&line, g_array_unref);
      line = kessel_game_trace_path (game, 0, KESSEL_SIDE_GERMAN);
    }
  printf ("supply and C&C, all hexes, both sides: %.2f us per recomputation (target < 100 us)\n",
          (double) (g_get_monotonic_time () - start) / 2000);
}

static void
bench_snapshots (KesselGame *game)
{
  g_autoptr(KesselSnapshot) snapshot = kessel_game_snapshot (game);
  double snapshot_us;
  gint64 start = g_get_monotonic_time ();

  for (int r = 0; r < 20000; r++)
    {
      kessel_game_save_snapshot (game, snapshot);
      kessel_game_restore (game, snapshot);
    }
  snapshot_us = (double) (g_get_monotonic_time () - start) / 20000;
  start = g_get_monotonic_time ();
  for (int r = 0; r < 2000; r++)
    g_object_unref (kessel_game_fork (game, (guint64) r));
  printf ("snapshot and restore of a game: %.2f us (target < 5 us); a quiet copy for search: %.2f us\n",
          snapshot_us, (double) (g_get_monotonic_time () - start) / 2000);
}

/* The CPU time of this thread in µs, which on a machine shared with other
 * work counts only the time the bench ran; the clock's where there is none. */
static gint64
cpu_time_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec now;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now) == 0)
    return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
#endif
  return g_get_monotonic_time ();
}

typedef struct {
  double median_ms;       /* by the clock */
  double median_cpu_ms;
  double slowest_ms;
} GameTimes;

/* The times of whole random games, seeds 1 to games; FALSE if the engine
 * refused one of its own choices. */
static gboolean
time_random_games (KesselScenario *scenario, int games, GameTimes *times)
{
  g_autoptr(GArray) clock_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));

  for (int g = 0; g < games; g++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, (guint64) g + 1);
      g_autoptr(GError) error = NULL;
      PlayStats stats = { 0 };
      gint64 start = g_get_monotonic_time (), cpu_start = cpu_time_us ();
      double ms, cpu;

      if (!play_random (game, (guint64) g + 1, &stats, &error))
        {
          fprintf (stderr, "kessel-cli bench: seed %d: %s\n", g + 1, error->message);
          return FALSE;
        }
      cpu = (double) (cpu_time_us () - cpu_start) / 1000.0;
      ms = (double) (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (clock_ms, ms);
      g_array_append_val (cpu_ms, cpu);
    }
  times->median_ms = median (clock_ms);
  times->median_cpu_ms = median (cpu_ms);
  times->slowest_ms = slowest (clock_ms);
  return TRUE;
}

/* Random games on a scenario scale times as large: how the cost of a game grows. */
static gboolean
bench_scaled (KesselScenario *scenario, int scale, int games, const GameTimes *base)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) large = kessel_scenario_new_tiled (scenario, scale, &error);
  const KesselGrid *grid;
  GameTimes times;

  if (large == NULL)
    {
      fprintf (stderr, "kessel-cli bench: %s\n", error->message);
      return FALSE;
    }
  if (!time_random_games (large, games, &times))
    return FALSE;
  grid = kessel_map_get_grid (kessel_scenario_get_map (large));
  printf ("scenario %d times as large (%d x %d hexes, %d counters): whole random game median %.2f ms "
          "(%.2f ms of CPU time), slowest %.2f ms over %d games\n",
          scale, grid->columns, grid->rows, kessel_scenario_get_n_units (large), times.median_ms,
          times.median_cpu_ms, times.slowest_ms, games);
  printf ("cost of a game %d times as large: %.2f times by CPU time, %.2f by the clock (target <= %.2f)\n",
          scale, times.median_cpu_ms / base->median_cpu_ms, times.median_ms / base->median_ms, scale * 1.25);
  return TRUE;
}

int
kessel_cli_bench (int argc, char **argv)
{
  int games = 200, scale = 4;
  const GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, N_("Random games to time (default 200)"), "N" },
    { "scale", 0, 0, G_OPTION_ARG_INT, &scale, N_("Time as many games on a scenario N times as large, its map tiled N times (default 4; 1: none)"), "N" },
    { NULL }
  };
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  GameTimes times;

  if (!kessel_cli_parse_options ("bench", entries, &argc, &argv))
    return 2;
  if (argc != 2 || games < 1 || scale < 1)
    {
      fprintf (stderr, "%s\n", _("kessel-cli bench: name one scenario file"));
      return 2;
    }
  scenario = kessel_cli_load_scenario ("bench", argv[1]);
  if (scenario == NULL)
    return 1;
  game = opening_position (scenario);
  bench_reachable (game);
  bench_listing (game);
  bench_traces (game);
  bench_snapshots (game);
  if (!time_random_games (scenario, games, &times))
    return 1;
  printf ("whole random game: median %.2f ms (%.2f ms of CPU time), slowest %.2f ms over %d games "
          "(target < 5 ms)\n", times.median_ms, times.median_cpu_ms, times.slowest_ms, games);
  if (scale > 1 && !bench_scaled (scenario, scale, games, &times))
    return 1;
  return 0;
}
