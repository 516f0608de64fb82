/* kessel-data-paths.c: where the program's own data and the user's
 * scenarios are. */
#include "kessel-config.h"

#include <glib/gstdio.h>

#include "kessel-data-paths.h"

#define DEFAULT_SCENARIO "scenarios/first-panzer-army.kessel"

char *
kessel_data_paths_find (const char *name)
{
  const char *dirs[] = { g_getenv ("KESSEL_DATADIR"), SOURCE_DATADIR, PKGDATADIR };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = NULL;

      if (dirs[i] == NULL || dirs[i][0] == '\0')
        continue;
      path = g_build_filename (dirs[i], name, NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&path);
    }
  return NULL;
}

char *
kessel_data_paths_find_default_scenario (void)
{
  return kessel_data_paths_find (DEFAULT_SCENARIO);
}

static gboolean
same_folder (const char *a, const char *b)
{
  GStatBuf sa, sb;

  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Whether a folder of path, or one above it, is folder: compared as files on
 * disk, so that links and odd spellings of a path do not fool it. */
static gboolean
is_inside (const char *path, const char *folder)
{
  g_autofree char *dir = g_path_get_dirname (path);

  for (;;)
    {
      g_autofree char *parent = NULL;

      if (same_folder (dir, folder))
        return TRUE;
      parent = g_path_get_dirname (dir);
      if (g_str_equal (parent, dir))
        return FALSE;
      g_free (dir);
      dir = g_steal_pointer (&parent);
    }
}

gboolean
kessel_data_paths_is_program_data (const char *path)
{
  const char *dirs[] = { g_getenv ("KESSEL_DATADIR"), SOURCE_DATADIR, PKGDATADIR };
  g_autofree char *file = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  file = g_canonicalize_filename (path, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (dirs[i] != NULL && dirs[i][0] != '\0' && is_inside (file, dirs[i]))
      return TRUE;
  return FALSE;
}

char *
kessel_data_paths_get_user_scenario_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "kessel", "scenarios", NULL);
}
