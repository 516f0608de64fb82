/* kessel-choice-page.c: the legal actions of a prompt as buttons. */
#include "kessel-config.h"

#include "kessel-choice-page.h"
#include "kessel-play-choice.h"

#define MAX_CHOICE_BUTTONS 100

struct _KesselChoicePage
{
  GtkBox parent_instance;

  GArray *legal;                 /* the legal actions the buttons were made for */
};

enum { SUBJECT_CHOSEN, ACTION_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselChoicePage, kessel_choice_page, GTK_TYPE_BOX)

static void
subject_clicked (GtkButton *button, KesselChoicePage *self)
{
  g_signal_emit (self, signals[SUBJECT_CHOSEN], 0, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "subject")));
}

static void
action_clicked (GtkButton *button, KesselChoicePage *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "action")) - 1;

  if (self->legal != NULL && index < self->legal->len)
    g_signal_emit (self, signals[ACTION_CHOSEN], 0, &g_array_index (self->legal, KesselAction, index));
}

static void
clear_choices (KesselChoicePage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
}

static void
kessel_choice_page_dispose (GObject *object)
{
  KesselChoicePage *self = KESSEL_CHOICE_PAGE (object);

  g_clear_pointer (&self->legal, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_CHOICE_PAGE);
  G_OBJECT_CLASS (kessel_choice_page_parent_class)->dispose (object);
}

static void
kessel_choice_page_class_init (KesselChoicePageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_choice_page_dispose;
  signals[SUBJECT_CHOSEN] = g_signal_new ("subject-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The action is in the page's list of legal actions: a handler that
   * needs it after the game has changed copies it first. */
  signals[ACTION_CHOSEN] = g_signal_new ("action-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-choice-page.ui");
}

static void
kessel_choice_page_init (KesselChoicePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_choice_page_new (void)
{
  return g_object_new (KESSEL_TYPE_CHOICE_PAGE, NULL);
}

/* One button per unit or marker with hexes to choose, one per other action. */
void
kessel_choice_page_show (KesselChoicePage *self,
                         KesselGame       *game,
                         GArray           *legal,
                         const int        *subjects,
                         int               n_subjects,
                         int               current)
{
  int n_buttons = 0;

  g_return_if_fail (KESSEL_IS_CHOICE_PAGE (self));

  clear_choices (self);
  g_array_ref (legal);
  g_clear_pointer (&self->legal, g_array_unref);
  self->legal = legal;
  for (int s = 0; s < n_subjects && n_buttons < MAX_CHOICE_BUTTONS; s++, n_buttons++)
    {
      GtkWidget *button = kessel_play_choice_subject_button_new (game, subjects[s], subjects[s] == current);

      g_signal_connect (button, "clicked", G_CALLBACK (subject_clicked), self);
      gtk_box_append (GTK_BOX (self), button);
    }
  for (guint i = 0; i < legal->len && n_buttons < MAX_CHOICE_BUTTONS; i++)
    {
      const KesselAction *action = &g_array_index (legal, KesselAction, i);
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (kessel_play_choice_has_hex (action) || action->type == KESSEL_ACTION_END)
        continue;
      text = kessel_game_describe_action (game, action);
      button = kessel_play_choice_button_new (text, FALSE);
      g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (i + 1));   /* 0 is no action */
      g_signal_connect (button, "clicked", G_CALLBACK (action_clicked), self);
      gtk_box_append (GTK_BOX (self), button);
      n_buttons++;
    }
}

gboolean
kessel_choice_page_press_action (KesselChoicePage   *self,
                                 const KesselAction *action)
{
  g_return_val_if_fail (KESSEL_IS_CHOICE_PAGE (self), FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "action"));
      if (index > 0 && self->legal != NULL && index - 1 < self->legal->len
          && kessel_action_equal (&g_array_index (self->legal, KesselAction, index - 1), action))
        {
          g_signal_emit_by_name (child, "clicked");
          return TRUE;
        }
    }
  return FALSE;
}
