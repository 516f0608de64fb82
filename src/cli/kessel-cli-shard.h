/* kessel-cli-shard.h: runs of kessel-cli match and balance split across
 * machines: each shard plays a block of the run's seeds and writes what its
 * games did to a shard file (JSON), and the shards of one run are read back
 * into the figures of the whole run (docs/many-machines.md). */
#pragma once

#include "kessel-cli-failures.h"
#include "kessel-cli-thinking.h"
#include "kessel-self-play.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_CLI_RUN_MATCH,
  KESSEL_CLI_RUN_BALANCE,
} KesselCliRunKind;

/* What fixes the games of a run, on whatever machine they are played. The
 * paths are only what the command was given, printed in the figures. */
typedef struct {
  KesselCliRunKind kind;
  const char *german;
  const char *soviet;
  gint64 seed;
  int games;
  int n_variants;            /* 2 for balance --compare */
  const char *paths[2];
  KesselScenario *scenarios[2];
} KesselCliRunSpec;

/* The shard "K/N" of --shard, 1 <= K <= N <= games; FALSE after saying why. */
gboolean kessel_cli_shard_parse (const char *command, const char *text, int games, int *k, int *n);
/* The games shard k of n plays: game indices first .. first + count - 1. */
void     kessel_cli_shard_block (int games, int k, int n, int *first, int *count);
/* "seeds S to T": the seeds of the games of shard k of n of the run. */
char    *kessel_cli_shard_seeds (const KesselCliRunSpec *spec, int k, int n);
/* The file a shard is written to unless --shard-file names one. */
char    *kessel_cli_shard_default_file (const char *command, int k, int n);

/* Writes shard k of n to path, atomically: the games of self_play, whose
 * game i is game first + i of the run, with, for match, the thinking and
 * failures noted for them. Says on stdout what it wrote, or on stderr why
 * it could not: 0 or 1, the command's exit status. */
int      kessel_cli_shard_write (const char *path, const KesselCliRunSpec *spec, int k, int n,
                                 KesselSelfPlay *self_play, KesselCliThinking *thinking,
                                 KesselCliFailures *failures);

/* The shards of one run read together. Games of missing shards are left
 * not done. */
typedef struct _KesselCliMerged KesselCliMerged;

/* The largest shard file read: room for the records of over 200,000 games
 * of First Panzer Army (about 2 kB each between random players), far more
 * than one machine plays. */
#define KESSEL_CLI_SHARD_MAX_FILE_SIZE (512 * 1024 * 1024)

/* NULL with the reason (the file and what is wrong) when a file cannot be
 * read, is no shard file, belongs to another run than the first, or repeats
 * a shard. Missing shards are no error here. */
KesselCliMerged  *kessel_cli_merged_read (char **files, int n_files, GError **error);
/* The same one shard at a time, from the contents of file: none read yet. */
KesselCliMerged  *kessel_cli_merged_new (void);
/* FALSE with the reason as above; merged is then of no further use. */
gboolean          kessel_cli_merged_add_data (KesselCliMerged *merged, const char *file, const char *data,
                                              gsize length, GError **error);
void              kessel_cli_merged_free (KesselCliMerged *merged);
const KesselCliRunSpec *kessel_cli_merged_get_spec (KesselCliMerged *merged);
KesselBalance    *kessel_cli_merged_get_balance (KesselCliMerged *merged, int variant);
KesselCliThinking *kessel_cli_merged_get_thinking (KesselCliMerged *merged);
KesselCliFailures *kessel_cli_merged_get_failures (KesselCliMerged *merged);
int               kessel_cli_merged_get_n_shards (KesselCliMerged *merged);
/* The numbers K of the shards not read, in order; NULL when none is missing. */
GArray           *kessel_cli_merged_get_missing (KesselCliMerged *merged);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselCliMerged, kessel_cli_merged_free)

G_END_DECLS
