/* kessel-setup-page.c: the set-up's units to place and placed. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-play-choice.h"
#include "kessel-setup-page.h"

struct _KesselSetupPage
{
  GtkBox parent_instance;

  GtkLabel *to_place_heading;
  GtkWidget *printed_button;
  GtkWidget *placed_heading;
};

enum { SUBJECT_CHOSEN, PLACE_PRINTED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselSetupPage, kessel_setup_page, GTK_TYPE_BOX)

static void
subject_clicked (GtkButton *button, KesselSetupPage *self)
{
  g_signal_emit (self, signals[SUBJECT_CHOSEN], 0, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "subject")));
}

static void
printed_clicked (KesselSetupPage *self)
{
  g_signal_emit (self, signals[PLACE_PRINTED], 0);
}

/* The buttons of the units listed last; the headings and the button of
 * the printed hexes stay. */
static void
remove_units (KesselSetupPage *self)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));

  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (child != GTK_WIDGET (self->to_place_heading) && child != self->printed_button
          && child != self->placed_heading)
        gtk_box_remove (GTK_BOX (self), child);
      child = next;
    }
}

static GtkWidget *
unit_button_new (KesselSetupPage *self, KesselGame *game, int subject, int current)
{
  GtkWidget *button = kessel_play_choice_subject_button_new (game, subject, subject == current);

  g_signal_connect (button, "clicked", G_CALLBACK (subject_clicked), self);
  return button;
}

static void
kessel_setup_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_SETUP_PAGE);
  G_OBJECT_CLASS (kessel_setup_page_parent_class)->dispose (object);
}

static void
kessel_setup_page_class_init (KesselSetupPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_setup_page_dispose;
  signals[SUBJECT_CHOSEN] = g_signal_new ("subject-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[PLACE_PRINTED] = g_signal_new ("place-printed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-setup-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselSetupPage, to_place_heading);
  gtk_widget_class_bind_template_child (widget_class, KesselSetupPage, printed_button);
  gtk_widget_class_bind_template_child (widget_class, KesselSetupPage, placed_heading);
  gtk_widget_class_bind_template_callback (widget_class, printed_clicked);
}

static void
kessel_setup_page_init (KesselSetupPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  kessel_play_choice_prepare_button (GTK_BUTTON (self->printed_button), FALSE);
}

GtkWidget *
kessel_setup_page_new (void)
{
  return g_object_new (KESSEL_TYPE_SETUP_PAGE, NULL);
}

void
kessel_setup_page_show (KesselSetupPage *self,
                        KesselGame      *game,
                        const GArray    *to_place,
                        const GArray    *placed,
                        int              current,
                        gboolean         printed_open)
{
  GtkWidget *after;

  g_return_if_fail (KESSEL_IS_SETUP_PAGE (self));

  remove_units (self);
  if (to_place->len > 0)
    {
      g_autofree char *heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Still to place: %u unit",
                                                               "Still to place: %u units", to_place->len),
                                                  to_place->len);
      gtk_label_set_text (self->to_place_heading, heading);
    }
  else
    gtk_label_set_text (self->to_place_heading, _("Every unit is placed."));
  gtk_widget_set_visible (self->printed_button, printed_open);
  after = self->printed_button;
  for (guint i = 0; i < to_place->len; i++)
    {
      GtkWidget *button = unit_button_new (self, game, g_array_index (to_place, int, i), current);

      gtk_box_insert_child_after (GTK_BOX (self), button, after);
      after = button;
    }
  gtk_widget_set_visible (self->placed_heading, placed->len > 0);
  for (guint i = 0; i < placed->len; i++)
    gtk_box_append (GTK_BOX (self), unit_button_new (self, game, g_array_index (placed, int, i), current));
}
