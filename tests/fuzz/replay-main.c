/* Runs a fuzz target without libFuzzer, over every file of the directories
 * (or the files) given: the corpus and every input a run has ever found.
 * Built with any compiler, so the suite replays them all. */
#include "fuzz-common.h"

#include <stdio.h>

static int
run_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  fprintf (stderr, "%s\n", path);
  LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
  return 0;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

static int
run_path (const char *path, int *count)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;
  int failed = 0;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      ++*count;
      return run_file (path);
    }
  dir = g_dir_open (path, 0, NULL);
  names = g_ptr_array_new_with_free_func (g_free);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      ++*count;
      failed |= run_file (g_ptr_array_index (names, i));
    }
  return failed;
}

int
main (int argc, char **argv)
{
  int count = 0, failed = 0;

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    failed |= run_path (argv[i], &count);
  printf ("%d inputs replayed\n", count);
  return failed;
}
