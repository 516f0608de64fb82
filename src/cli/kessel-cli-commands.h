/* kessel-cli-commands.h: the commands of kessel-cli that play games. */
#pragma once

#include <glib.h>
#include "kessel-player.h"

gboolean kessel_cli_parse_options (const char *name, const GOptionEntry *entries, int *argc, char ***argv);

int kessel_cli_play (int argc, char **argv);
int kessel_cli_query (int argc, char **argv);
int kessel_cli_bench (int argc, char **argv);
/* kessel-cli-sheets.c */
int kessel_cli_sheets (int argc, char **argv);

/* kessel-cli-match.c */
typedef struct {
  GArray *per_phase[3];     /* per side: CPU seconds spent choosing, one entry per phase */
  int phase_key[3];
} KesselGameThinking;

int      kessel_cli_match (int argc, char **argv);
gboolean kessel_cli_make_players (const char *german, const char *soviet, guint64 game_seed,
                                  KesselPlayer *players[3], GError **error);
void     kessel_cli_free_players (KesselPlayer *players[3]);
/* Plays the game to its end; a NULL player is a human at the terminal. */
gboolean kessel_cli_play_players (KesselGame *game, KesselPlayer *players[3], KesselGameThinking *thinking,
                                  int *n_actions, GError **error);
KesselScenario *kessel_cli_load_scenario (const char *command, const char *path);
