/* kessel-recent-menu.h: Game ▸ Open Recent, the saved games and scenarios
 * opened or saved last, from the desktop's list of recent files. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KESSEL_RECENT_MENU_MAX_ITEMS 10

/* Fills menu with the recent files and keeps it current; adds the action
 * app.open-recent (the file's path as its target). */
void kessel_recent_menu_install (GtkApplication *app,
                                 GMenu          *menu);
/* Records that the file at path was opened or saved. */
void kessel_recent_menu_add (const char *path);

G_END_DECLS
