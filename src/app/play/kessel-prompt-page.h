/* kessel-prompt-page.h: a page of the play panel for a prompt that one
 * button answers, such as the hand-over's "I am the … player: continue" or
 * a game by e-mail's "Save the Turn File…". It says "answered" when the
 * button is pressed. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KESSEL_TYPE_PROMPT_PAGE (kessel_prompt_page_get_type ())
G_DECLARE_FINAL_TYPE (KesselPromptPage, kessel_prompt_page, KESSEL, PROMPT_PAGE, GtkBox)

GtkWidget *kessel_prompt_page_new (void);
void       kessel_prompt_page_set_answer (KesselPromptPage *self,
                                          const char       *text);
/* Gives the button the keyboard, so that Enter or Space answers. */
void       kessel_prompt_page_focus_answer (KesselPromptPage *self);

G_END_DECLS
