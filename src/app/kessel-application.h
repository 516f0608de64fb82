/* kessel-application.h: the desktop program as a GtkApplication. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The GMenu of the Edit menu's undo and redo items, kept on the application
 * under this key. */
#define KESSEL_UNDO_SECTION "kessel-undo-section"

#define KESSEL_TYPE_APPLICATION (kessel_application_get_type ())
G_DECLARE_FINAL_TYPE (KesselApplication, kessel_application, KESSEL, APPLICATION, GtkApplication)

KesselApplication *kessel_application_new (void);

/* When the program started (g_get_monotonic_time), for --benchmark. */
void               kessel_application_set_start_time (KesselApplication *self,
                                                      gint64             start_time);

/* The scenario opened at start: $KESSEL_DATADIR, then the source tree's
 * data, then the installed data. NULL when none of them has it. */
char              *kessel_application_find_default_scenario (void);
/* Whether path lies among the program's own data, such as its scenarios,
 * which the program never writes to. */
gboolean           kessel_application_is_program_data (const char *path);
/* Where the user's own scenarios are saved unless they choose otherwise. */
char              *kessel_application_get_user_scenario_folder (void);

G_END_DECLS
