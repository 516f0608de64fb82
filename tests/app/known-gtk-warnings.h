/* known-gtk-warnings.h: every warning fatal in the window's tests, but
 * one that GTK 4.8 gives of its own file chooser (see the .c). */
#pragma once

#include <gtk/gtk.h>

/* From now on a critical or warning ends the program, as g_test_init()
 * makes it, after before_fatal (which may be NULL) has been called and the
 * widget a warning names by its address has been described by its place in
 * its window. The file chooser's warning is printed and let pass. */
void known_gtk_warnings_watch (void (*before_fatal) (void));
