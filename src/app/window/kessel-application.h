/* kessel-application.h: the desktop program as a GtkApplication. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KESSEL_TYPE_APPLICATION (kessel_application_get_type ())
G_DECLARE_FINAL_TYPE (KesselApplication, kessel_application, KESSEL, APPLICATION, GtkApplication)

KesselApplication *kessel_application_new (void);

/* The program's data as kessel-data-paths.h finds it, for its users
 * outside the window's rooms. */
char              *kessel_application_find_default_scenario (void);
gboolean           kessel_application_is_program_data (const char *path);
char              *kessel_application_get_user_scenario_folder (void);

G_END_DECLS
