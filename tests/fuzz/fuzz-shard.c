/* Fuzz target: the shard files that kessel-cli merge reads, one or more in
 * an input, separated by form feeds (which JSON never holds outside a
 * string), read as the files fuzz-1.json, fuzz-2.json and so on. A refused
 * shard names its file; the shards of an accepted run give their figures as
 * merge would. */
#include "fuzz-common.h"
#include "kessel-cli-shard.h"

#include <stdio.h>
#include <string.h>

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

/* The figures merge prints, from records no game made. */
static void
figure (KesselCliMerged *merged)
{
  const KesselCliRunSpec *spec = kessel_cli_merged_get_spec (merged);
  g_autoptr(GArray) missing = kessel_cli_merged_get_missing (merged);
  KesselCliThinkingSummary thinking;

  for (int v = 0; v < spec->n_variants; v++)
    kessel_balance_summary_free (kessel_balance_summarise (kessel_cli_merged_get_balance (merged, v)));
  if (spec->n_variants == 2)
    kessel_balance_comparison_free (kessel_balance_compare (kessel_cli_merged_get_balance (merged, 0),
                                                            kessel_cli_merged_get_balance (merged, 1)));
  if (spec->kind != KESSEL_CLI_RUN_MATCH)
    return;
  kessel_cli_thinking_summarise (kessel_cli_merged_get_thinking (merged), spec->games, KESSEL_SIDE_GERMAN,
                                 &thinking);
  kessel_cli_thinking_summarise (kessel_cli_merged_get_thinking (merged), spec->games, KESSEL_SIDE_SOVIET,
                                 &thinking);
  for (int i = 0; i < spec->games; i++)
    for (int f = 0; f < KESSEL_N_FAILURES; f++)
      kessel_cli_failures_get_count (kessel_cli_merged_get_failures (merged), i, f);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr(KesselCliMerged) merged = kessel_cli_merged_new ();
  const char *part = (const char *) data, *end = part + size;

  for (int i = 1;; i++)
    {
      const char *next = memchr (part, '\f', (size_t) (end - part));
      g_autofree char *file = g_strdup_printf ("fuzz-%d.json", i);
      g_autofree char *prefix = g_strconcat (file, ":", NULL);
      g_autoptr(GError) error = NULL;

      if (!kessel_cli_merged_add_data (merged, file, part, (gsize) ((next ? next : end) - part), &error))
        {
          if (error == NULL || !g_str_has_prefix (error->message, prefix))
            fuzz_fail ("a refused shard without a message naming its file: %s", error ? error->message : "");
          return 0;
        }
      if (next == NULL)
        break;
      part = next + 1;
    }
  figure (merged);
  return 0;
}
