/* kessel-main.c: the entry point of the desktop program. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "kessel-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(KesselApplication) app = NULL;
  const char *localedir;

  setlocale (LC_ALL, "");
  /* Uninstalled, $KESSEL_LOCALEDIR points at the build tree's translations. */
  localedir = g_getenv ("KESSEL_LOCALEDIR");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && localedir[0] != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = kessel_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
