/* editor-driver.h: works the scenario editor in a window as a user's mouse
 * and keyboard do, for the editor's tests. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-application.h"
#include "kessel-window.h"

/* The application of the tests' windows, registered as one of many; NULL
 * when there is no display. Call after g_test_init. */
KesselApplication *driver_application_new (void);
/* A window showing the scenario file, with the editor active. */
KesselWindow *driver_editor_window (KesselApplication *app, const char *path);

void        driver_settle (void);
/* With KESSEL_SCREENSHOT_DIR set, saves a picture of the window there. */
void        driver_screenshot (KesselWindow *window, const char *name);
void        driver_screenshot_widget (GtkWidget *widget, const char *name);
/* Resizes the window and waits for the display server's answer. */
void        driver_resize (KesselWindow *window, int width, int height);
/* A window of type transient for window (a dialog over it), or NULL. */
GtkWindow  *driver_find_dialog (KesselWindow *window, GType type);
/* The file chooser shown, or NULL. */
GtkFileChooser *driver_shown_chooser (void);
/* Answers the file chooser shown with path, and waits until it is gone. */
void        driver_choose_file (const char *path);
/* Plays random legal actions of a game by e-mail through the play panel
 * until the turn is done. */
void        driver_play_pbem_part (KesselWindow *window, KesselDice *choices);
/* Whether widget is shown whole inside ancestor (such as the window). */
gboolean    driver_inside (GtkWidget *widget, GtkWidget *ancestor);

KesselEditor   *driver_editor (KesselWindow *window);
KesselScenario *driver_scenario (KesselWindow *window);
int         driver_hex (KesselWindow *window, const char *number);
/* Sets the state of one of the editor's actions, as its buttons do. */
void        driver_set_state (KesselWindow *window, const char *action, const char *value);

/* A press at one hex's centre, dragged to another's, and released. */
void        driver_stroke (KesselWindow *window, const char *from, const char *to);
void        driver_click (KesselWindow *window, const char *hex);
/* A click on the hexside between two neighbours. */
void        driver_click_side (KesselWindow *window, const char *a, const char *b);

/* Shows a page of the editor's panel: 0 map, 1 units, 2 schedule, 3 scenario, 4 problems. */
void        driver_show_page (KesselWindow *window, int page);

/* The descendant of root with this widget name, or NULL. */
GtkWidget  *driver_find (GtkWidget *root, const char *name);
/* Types text into a named entry and presses Enter. */
void        driver_type (GtkWidget *root, const char *name, const char *text);
void        driver_set_spin (GtkWidget *root, const char *name, double value);
void        driver_choose (GtkWidget *root, const char *name, guint position);
void        driver_check (GtkWidget *root, const char *name, gboolean active);
