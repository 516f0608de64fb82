/* kessel-cli-commands.h: the commands of kessel-cli that play games. */
#pragma once

#include <glib.h>
#include "kessel-cli-failures.h"
#include "kessel-cli-thinking.h"
#include "kessel-self-play.h"

gboolean kessel_cli_parse_options (const char *name, const GOptionEntry *entries, int *argc, char ***argv);
/* text as a JSON string, quoted and escaped, on stdout. */
void     kessel_cli_print_json_string (const char *text);

int kessel_cli_play (int argc, char **argv);
int kessel_cli_query (int argc, char **argv);
int kessel_cli_bench (int argc, char **argv);
/* The legal actions for a person to choose from, one a line after indent,
 * the moves of parts of stacks too; or a JSON array of them. */
void kessel_cli_print_actions (KesselGame *game, const char *indent, gboolean json);
/* kessel-cli-sheets.c */
int kessel_cli_sheets (int argc, char **argv);
/* kessel-cli-report.c */
int kessel_cli_report (int argc, char **argv);

/* kessel-cli-match.c */
int      kessel_cli_match (int argc, char **argv);
KesselScenario *kessel_cli_load_scenario (const char *command, const char *path);
/* An action typed at the terminal for a human seat (a KesselHumanChoice). */
gboolean kessel_cli_read_human_action (KesselGame *game, KesselAction *action, gpointer data);
/* A self-play between two computer players, or NULL with the reason printed. */
KesselSelfPlay *kessel_cli_new_self_play (const char *command, KesselScenario *const *scenarios, int n_variants,
                                          const char *german, const char *soviet, gint64 seed, int games);
/* What a match played, over its games in seed order; games not done (those
 * of missing shards, in a merge) are left out. */
typedef struct {
  const char *german;
  const char *soviet;
  KesselBalance *balance;
  KesselCliThinking *thinking;
  KesselCliFailures *failures;
} KesselCliMatch;

/* Prints the figures of a match as text or JSON, and each failed game's
 * error on stderr: 1 when games failed, else 0. */
int      kessel_cli_match_print (const KesselCliMatch *match, gboolean json);
void     kessel_cli_print_verdicts (const KesselBalanceSummary *summary);
void     kessel_cli_print_verdicts_json (const KesselBalanceSummary *summary);
/* The opening of a JSON summary: {"players": {"german": ..., "soviet": ...} */
void     kessel_cli_print_players_json (const char *german, const char *soviet);

/* kessel-cli-engine.c */
int      kessel_cli_engine (int argc, char **argv);

/* kessel-cli-sprt.c */
/* The options of kessel-cli match --sprt, as given (NULL when not). */
typedef struct {
  const char *german;
  const char *soviet;
  const char *baseline_german;
  const char *baseline_soviet;
  const char *bounds;        /* "D0,D1" */
  const char *alpha;
  const char *beta;
  gint64 seed;
  int max_pairs;
  int jobs;
  gboolean json;
} KesselCliSprtOptions;

/* A sequential test of a changed player against the old one on the scenario
 * at path: 0 when it decides or runs out of games, 1 when games failed or
 * the scenario did not load, 2 on a usage error. */
int      kessel_cli_sprt (const char *path, const KesselCliSprtOptions *options);

/* kessel-cli-balance.c */
int      kessel_cli_balance (int argc, char **argv);

/* What a balance run played, and how its figures are to be given. */
typedef struct {
  const char *german;
  const char *soviet;
  gint64 seed;
  int games;
  int n_variants;            /* 2 with --compare */
  const char *paths[2];
  KesselScenario *scenario;  /* the first */
  KesselBalance *balances[2];
  gboolean json;
  const char *output;        /* the PDF report, or NULL */
} KesselCliBalanceRun;

/* Prints the figures as text or JSON and writes the PDF report if asked:
 * 1 when games failed or the report could not be written, else 0. */
int      kessel_cli_balance_report (const KesselCliBalanceRun *run);

/* kessel-cli-merge.c */
int      kessel_cli_merge (int argc, char **argv);

/* kessel-cli-pbem.c */
int      kessel_cli_pbem (int argc, char **argv);
/* The scenario a turn file plays: the one given, or the file its header
 * names, beside the turn file or installed; NULL after saying why. */
KesselScenario *kessel_cli_turn_scenario (const char *command, const char *turn_file, const char *given);

/* kessel-cli-pbem.c: the password on the first line of a file ("-" for
 * standard input), by the password rule; NULL with the reason printed. */
char    *kessel_cli_read_password (const char *path);

/* kessel-cli-net.c */
int      kessel_cli_net (int argc, char **argv);
