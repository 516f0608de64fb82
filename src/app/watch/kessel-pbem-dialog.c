/* kessel-pbem-dialog.c: the dialogs of games by e-mail. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-pbem-dialog.h"
#include "kessel-pbem-secret.h"

struct _KesselPbemDialog
{
  GtkWindow parent_instance;

  KesselSide side;
  GtkLabel *intro_label;
  GtkWidget *side_label;
  GtkDropDown *side_choice;     /* shown for a new game only, as the dice are */
  GtkWidget *dice_label;
  GtkCheckButton *dice_mover;
  GtkCheckButton *dice_verified;
  GtkWidget *dice_mover_note;
  GtkWidget *dice_verified_note;
  GtkPasswordEntry *password;
  GtkWidget *again_label;
  GtkPasswordEntry *again;      /* shown when the password is chosen */
  GtkLabel *problem;
  GtkButton *accept_button;
};

G_DEFINE_FINAL_TYPE (KesselPbemDialog, kessel_pbem_dialog, GTK_TYPE_WINDOW)

enum {
  DONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
kessel_pbem_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_PBEM_DIALOG);
  G_OBJECT_CLASS (kessel_pbem_dialog_parent_class)->dispose (object);
}

static void
kessel_pbem_dialog_class_init (KesselPbemDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_pbem_dialog_dispose;
  /* The player gave what was asked; the dialog closes after it. */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-pbem-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, intro_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, side_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, side_choice);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, dice_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, dice_mover);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, dice_verified);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, dice_mover_note);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, dice_verified_note);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, password);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, again_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, again);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, problem);
  gtk_widget_class_bind_template_child (widget_class, KesselPbemDialog, accept_button);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, kessel_pbem_dialog_accept);
}

static void
kessel_pbem_dialog_init (KesselPbemDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The dice of a new game are chosen with its side. */
static void
show_dice_rows (KesselPbemDialog *self, gboolean visible)
{
  GtkWidget *rows[] = { self->dice_label, GTK_WIDGET (self->dice_mover), GTK_WIDGET (self->dice_verified),
                        self->dice_mover_note, self->dice_verified_note };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    gtk_widget_set_visible (rows[i], visible);
}

/* A dialog with title and text, asking the side if choose_side, and the
 * password once or (choosing it) twice. */
static KesselPbemDialog *
dialog_new (GtkWindow *parent, const char *title, const char *text, gboolean choose_side, gboolean twice,
            const char *accept)
{
  KesselPbemDialog *self = g_object_new (KESSEL_TYPE_PBEM_DIALOG, "transient-for", parent,
                                         "destroy-with-parent", TRUE, NULL);

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->intro_label, text);
  gtk_widget_set_visible (self->side_label, choose_side);
  gtk_widget_set_visible (GTK_WIDGET (self->side_choice), choose_side);
  show_dice_rows (self, choose_side);
  gtk_widget_set_visible (self->again_label, twice);
  gtk_widget_set_visible (GTK_WIDGET (self->again), twice);
  gtk_button_set_label (self->accept_button, accept);
  return self;
}

KesselPbemDialog *
kessel_pbem_dialog_new_game (GtkWindow *parent)
{
  const char *sides[] = { kessel_side_display_name (KESSEL_SIDE_GERMAN),
                          kessel_side_display_name (KESSEL_SIDE_SOVIET), NULL };
  g_autoptr(GtkStringList) side_names = gtk_string_list_new (sides);
  const char *text = _("You and your opponent each play on your own computer and send each other turn files by e-mail. "
                       "Your password keeps your side's secret on this computer: no one can play your side here without it, "
                       "and it cannot be recovered.");
  KesselPbemDialog *self = dialog_new (parent, _("New Play-by-E-mail Game"), text, TRUE, TRUE, _("_Start"));

  gtk_drop_down_set_model (self->side_choice, G_LIST_MODEL (side_names));
  return self;
}

/* A dialog asking side's password, once or (choosing it) twice. */
static KesselPbemDialog *
password_dialog (GtkWindow *parent, KesselSide side, const char *title, const char *text, gboolean twice,
                 const char *accept)
{
  KesselPbemDialog *self = dialog_new (parent, title, text, FALSE, twice, accept);

  self->side = side;
  return self;
}

KesselPbemDialog *
kessel_pbem_dialog_new_password (GtkWindow *parent, KesselSide side, const char *file_name, gboolean joining)
{
  const char *name = kessel_side_display_name (side);
  g_autofree char *title = g_strdup_printf (_("The %s Player's Turn"), name);
  g_autofree char *text = joining
    ? g_strdup_printf (_("%s invites you to a game by e-mail as the %s player. Choose a password for your side: "
                         "no one can play it on this computer without it, and it cannot be recovered."),
                       file_name, name)
    : g_strdup_printf (_("%s is for the %s player. Give the %s side's password to open it."), file_name, name, name);

  return password_dialog (parent, side, title, text, joining, _("_Open"));
}

KesselPbemDialog *
kessel_pbem_dialog_new_watch (GtkWindow *parent, KesselSide side, const char *file_name)
{
  const char *name = kessel_side_display_name (side);
  g_autofree char *text = g_strdup_printf (_("%s holds a game by e-mail still under way, which hides each side's units from the other. "
                                             "To watch it from the %s side, give that side's password."),
                                           file_name, name);

  return password_dialog (parent, side, _("Watch a Game by E-mail"), text, FALSE, _("_Watch"));
}

KesselSide
kessel_pbem_dialog_get_side (KesselPbemDialog *self)
{
  g_return_val_if_fail (KESSEL_IS_PBEM_DIALOG (self), KESSEL_SIDE_NONE);
  if (gtk_widget_get_visible (GTK_WIDGET (self->side_choice)))
    return gtk_drop_down_get_selected (self->side_choice) == 0 ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET;
  return self->side;
}

KesselPbemDice
kessel_pbem_dialog_get_dice (KesselPbemDialog *self)
{
  g_return_val_if_fail (KESSEL_IS_PBEM_DIALOG (self), KESSEL_PBEM_DICE_MOVER);
  return gtk_check_button_get_active (self->dice_verified) ? KESSEL_PBEM_DICE_VERIFIED : KESSEL_PBEM_DICE_MOVER;
}

void
kessel_pbem_dialog_set_dice (KesselPbemDialog *self, KesselPbemDice dice)
{
  g_return_if_fail (KESSEL_IS_PBEM_DIALOG (self));
  gtk_check_button_set_active (dice == KESSEL_PBEM_DICE_VERIFIED ? self->dice_verified : self->dice_mover, TRUE);
}

const char *
kessel_pbem_dialog_get_password (KesselPbemDialog *self)
{
  g_return_val_if_fail (KESSEL_IS_PBEM_DIALOG (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->password));
}

void
kessel_pbem_dialog_set_password (KesselPbemDialog *self, const char *password)
{
  g_return_if_fail (KESSEL_IS_PBEM_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->password), password);
  if (gtk_widget_get_visible (GTK_WIDGET (self->again)))
    gtk_editable_set_text (GTK_EDITABLE (self->again), password);
}

static void
show_problem (KesselPbemDialog *self, const char *text)
{
  gtk_label_set_text (self->problem, text);
  gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->password));
}

void
kessel_pbem_dialog_accept (KesselPbemDialog *self)
{
  const char *password;
  g_autofree char *normal = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (KESSEL_IS_PBEM_DIALOG (self));
  password = kessel_pbem_dialog_get_password (self);
  /* The rule of every password, so that the problem is shown here. */
  if ((normal = kessel_pbem_password_normalize (password, strlen (password), &error)) == NULL)
    {
      show_problem (self, *password == '\0' ? _("Give a password.") : error->message);
      return;
    }
  if (gtk_widget_get_visible (GTK_WIDGET (self->again))
      && g_strcmp0 (password, gtk_editable_get_text (GTK_EDITABLE (self->again))) != 0)
    {
      show_problem (self, _("The two passwords differ."));
      return;
    }
  g_signal_emit (self, signals[DONE], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
