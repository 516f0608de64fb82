/* kessel-cli-commands.h: the commands of kessel-cli that play games. */
#pragma once

#include <glib.h>

gboolean kessel_cli_parse_options (const char *name, const GOptionEntry *entries, int *argc, char ***argv);

int kessel_cli_play (int argc, char **argv);
int kessel_cli_query (int argc, char **argv);
int kessel_cli_bench (int argc, char **argv);
/* kessel-cli-sheets.c */
int kessel_cli_sheets (int argc, char **argv);
