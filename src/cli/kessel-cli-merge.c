/* kessel-cli-merge.c: kessel-cli merge, the figures of a run of match or
 * balance from the shard files its parts wrote (kessel-cli-shard.h).
 *
 *   kessel-cli merge SHARD-FILE... [--json] [-o REPORT.pdf] [--allow-missing]
 *
 * It prints what the whole run on one machine would print, from the same
 * records. Shards of another run or repeated are refused; missing ones are
 * named, and figures are given without them only with --allow-missing. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "kessel-cli-commands.h"
#include "kessel-cli-shard.h"

/* "2/4, 3/4" and the seeds of their games. */
static char *
describe_missing (KesselCliMerged *merged, GArray *missing)
{
  const KesselCliRunSpec *spec = kessel_cli_merged_get_spec (merged);
  int n = kessel_cli_merged_get_n_shards (merged);
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < missing->len; i++)
    {
      int k = g_array_index (missing, int, i);
      g_autofree char *seeds = kessel_cli_shard_seeds (spec, k, n);

      g_string_append_printf (text, "%s%d/%d (%s)", i > 0 ? ", " : "", k, n, seeds);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* FALSE, after naming them, when shards are missing and that is not allowed. */
static gboolean
check_missing (KesselCliMerged *merged, gboolean allow_missing)
{
  g_autoptr(GArray) missing = kessel_cli_merged_get_missing (merged);
  g_autofree char *names = NULL;

  if (missing == NULL)
    return TRUE;
  names = describe_missing (merged, missing);
  if (!allow_missing)
    {
      fprintf (stderr, _("kessel-cli merge: shards missing: %s; give them all, or --allow-missing for figures without them\n"),
               names);
      return FALSE;
    }
  fprintf (stderr, _("kessel-cli merge: shards missing: %s; the figures leave their games out\n"), names);
  return TRUE;
}

static int
print_match (KesselCliMerged *merged, gboolean json)
{
  const KesselCliRunSpec *spec = kessel_cli_merged_get_spec (merged);
  KesselCliMatch match = { spec->german, spec->soviet, kessel_cli_merged_get_balance (merged, 0),
                           kessel_cli_merged_get_thinking (merged), kessel_cli_merged_get_failures (merged) };

  return kessel_cli_match_print (&match, json);
}

static int
print_balance (KesselCliMerged *merged, gboolean json, const char *output)
{
  const KesselCliRunSpec *spec = kessel_cli_merged_get_spec (merged);
  KesselCliBalanceRun run = { spec->german, spec->soviet, spec->seed, spec->games, spec->n_variants,
                              { spec->paths[0], spec->paths[1] }, spec->scenarios[0],
                              { kessel_cli_merged_get_balance (merged, 0), kessel_cli_merged_get_balance (merged, 1) },
                              json, output };

  return kessel_cli_balance_report (&run);
}

int
kessel_cli_merge (int argc, char **argv)
{
  gboolean json = FALSE, allow_missing = FALSE;
  g_autofree char *output = NULL;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the figures as JSON"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Of balance shards: write a report with charts to REPORT.pdf"), "REPORT" },
    { "allow-missing", 0, 0, G_OPTION_ARG_NONE, &allow_missing, N_("Give the figures of the shards there are when some are missing, and name those missing"), NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselCliMerged) merged = NULL;

  if (!kessel_cli_parse_options ("merge", entries, &argc, &argv))
    return 2;
  if (argc < 2)
    {
      fprintf (stderr, "%s\n", _("kessel-cli merge: name the shard files of one run"));
      return 2;
    }
  if ((merged = kessel_cli_merged_read (argv + 1, argc - 1, &error)) == NULL)
    {
      fprintf (stderr, "kessel-cli merge: %s\n", error->message);
      return 1;
    }
  if (output != NULL && kessel_cli_merged_get_spec (merged)->kind != KESSEL_CLI_RUN_BALANCE)
    {
      fprintf (stderr, "%s\n", _("kessel-cli merge: --output makes the report of balance shards; these are of match"));
      return 2;
    }
  if (!check_missing (merged, allow_missing))
    return 1;
  if (kessel_cli_merged_get_spec (merged)->kind == KESSEL_CLI_RUN_MATCH)
    return print_match (merged, json);
  return print_balance (merged, json, output);
}
