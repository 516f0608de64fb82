/* kessel-data-paths.h: where the program's own data and the user's
 * scenarios are, for the window, the editor and the application alike. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The program's data file name (such as "icons"), looked for in
 * $KESSEL_DATADIR, then the source tree's data, then the installed data:
 * where an uninstalled build has it first. NULL when none has it. */
char     *kessel_data_paths_find (const char *name);
/* The scenario opened at start, looked for as kessel_data_paths_find()
 * does. NULL when none of them has it. */
char     *kessel_data_paths_find_default_scenario (void);
/* Whether path lies among the program's own data, such as its scenarios,
 * which the program never writes to. */
gboolean  kessel_data_paths_is_program_data (const char *path);
/* Where the user's own scenarios are saved unless they choose otherwise. */
char     *kessel_data_paths_get_user_scenario_folder (void);

G_END_DECLS
