/* kessel-play-choice.c: the buttons of the play panel's pages and the
 * subjects of choices. */
#include "kessel-config.h"

#include "kessel-play-choice.h"

void
kessel_play_choice_prepare_button (GtkButton *button,
                                   gboolean   current)
{
  GtkWidget *label = gtk_button_get_child (button);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (current)
    gtk_widget_add_css_class (GTK_WIDGET (button), "suggested-action");
  /* The chosen one is told to screen readers too, not only by its colour. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_PRESSED,
                               current ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

GtkWidget *
kessel_play_choice_button_new (const char *text,
                               gboolean    current)
{
  GtkWidget *button = gtk_button_new_with_label (text);

  kessel_play_choice_prepare_button (GTK_BUTTON (button), current);
  return button;
}

gboolean
kessel_play_choice_has_hex (const KesselAction *action)
{
  return action->type == KESSEL_ACTION_PLACE || action->type == KESSEL_ACTION_KG
         || action->type == KESSEL_ACTION_ENTER || action->type == KESSEL_ACTION_RETREAT;
}

int
kessel_play_choice_subject_of (const KesselAction *action)
{
  return action->type == KESSEL_ACTION_KG ? -1 - action->value : action->units[0];
}

/* A unit or marker placed already may still be moved during its phase,
 * but the next one to place comes first. */
gboolean
kessel_play_choice_is_placed (KesselGame *game,
                              int         subject)
{
  if (subject < 0)
    return kessel_game_get_kg_hex (game, -1 - subject) != KESSEL_HEX_NONE;
  return kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
         && kessel_game_get_piece_status (game, subject) == KESSEL_PIECE_ON_MAP;
}

static char *
subject_label (KesselGame *game,
               int         subject)
{
  KesselUnit *unit;
  const char *mark = kessel_play_choice_is_placed (game, subject) ? " ✓" : "";

  if (subject < 0)
    return g_strdup_printf ("%s%s", kessel_kg_display_name (-1 - subject), mark);
  unit = kessel_game_get_piece_unit (game, subject);
  return g_strdup_printf ("%s (%s)%s", kessel_unit_get_label (unit), kessel_unit_get_name (unit), mark);
}

GtkWidget *
kessel_play_choice_subject_button_new (KesselGame *game,
                                       int         subject,
                                       gboolean    current)
{
  g_autofree char *text = subject_label (game, subject);
  GtkWidget *button = kessel_play_choice_button_new (text, current);

  g_object_set_data (G_OBJECT (button), "subject", GINT_TO_POINTER (subject));
  return button;
}
