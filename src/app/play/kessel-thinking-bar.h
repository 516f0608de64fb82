/* kessel-thinking-bar.h: shows that the computer is to act: a spinner, who
 * is thinking, the pace of its actions and a Stop button that makes it play
 * at once. Hidden while a human is to act. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-computer-opponent.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_THINKING_BAR (kessel_thinking_bar_get_type ())
G_DECLARE_FINAL_TYPE (KesselThinkingBar, kessel_thinking_bar, KESSEL, THINKING_BAR, GtkBox)

GtkWidget  *kessel_thinking_bar_new (KesselComputerOpponent *opponent);
/* The words shown, for tests. */
const char *kessel_thinking_bar_get_text (KesselThinkingBar *self);

G_END_DECLS
