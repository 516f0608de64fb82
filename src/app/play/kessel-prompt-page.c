/* kessel-prompt-page.c: a prompt answered by one button. */
#include "kessel-config.h"

#include "kessel-play-choice.h"
#include "kessel-prompt-page.h"

struct _KesselPromptPage
{
  GtkBox parent_instance;

  GtkButton *answer_button;
};

enum { ANSWERED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselPromptPage, kessel_prompt_page, GTK_TYPE_BOX)

static void
answer_clicked (KesselPromptPage *self)
{
  g_signal_emit (self, signals[ANSWERED], 0);
}

static void
kessel_prompt_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_PROMPT_PAGE);
  G_OBJECT_CLASS (kessel_prompt_page_parent_class)->dispose (object);
}

static void
kessel_prompt_page_class_init (KesselPromptPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_prompt_page_dispose;
  signals[ANSWERED] = g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-prompt-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselPromptPage, answer_button);
  gtk_widget_class_bind_template_callback (widget_class, answer_clicked);
}

static void
kessel_prompt_page_init (KesselPromptPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_prompt_page_new (void)
{
  return g_object_new (KESSEL_TYPE_PROMPT_PAGE, NULL);
}

void
kessel_prompt_page_set_answer (KesselPromptPage *self,
                               const char       *text)
{
  g_return_if_fail (KESSEL_IS_PROMPT_PAGE (self));
  gtk_button_set_label (self->answer_button, text);
  kessel_play_choice_prepare_button (self->answer_button, TRUE);
}

void
kessel_prompt_page_focus_answer (KesselPromptPage *self)
{
  g_return_if_fail (KESSEL_IS_PROMPT_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->answer_button));
}
