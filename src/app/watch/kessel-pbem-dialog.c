/* kessel-pbem-dialog.c: the dialogs of games by e-mail. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-pbem-dialog.h"

struct _KesselPbemDialog
{
  GtkWindow parent_instance;

  KesselSide side;
  GtkDropDown *side_choice;     /* a new game only */
  GtkPasswordEntry *password;
  GtkPasswordEntry *again;      /* a new game only */
  GtkLabel *problem;
};

G_DEFINE_FINAL_TYPE (KesselPbemDialog, kessel_pbem_dialog, GTK_TYPE_WINDOW)

enum {
  DONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
kessel_pbem_dialog_class_init (KesselPbemDialogClass *klass)
{
  /* The player gave what was asked; the dialog closes after it. */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kessel_pbem_dialog_init (KesselPbemDialog *self)
{
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
}

static void
accept_clicked (GtkButton *button, KesselPbemDialog *self)
{
  kessel_pbem_dialog_accept (self);
}

static void
cancel_clicked (GtkButton *button, KesselPbemDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static GtkPasswordEntry *
password_row (GtkGrid *grid, int row, const char *label_text)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (label_text);
  GtkWidget *entry = gtk_password_entry_new ();

  gtk_password_entry_set_show_peek_icon (GTK_PASSWORD_ENTRY (entry), TRUE);
  g_object_set (entry, "activates-default", TRUE, NULL);   /* Enter in either entry accepts */
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), entry);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, entry, 1, row, 1, 1);
  return GTK_PASSWORD_ENTRY (entry);
}

/* The dialog around grid: a text above, the problem line and the buttons below. */
static void
build (KesselPbemDialog *self, const char *text, GtkWidget *grid, const char *accept_label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *intro = gtk_label_new (text);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *accept = gtk_button_new_with_mnemonic (accept_label);

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (intro), 56);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  self->problem = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->problem), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->problem), FALSE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  gtk_widget_add_css_class (accept, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  g_signal_connect (accept, "clicked", G_CALLBACK (accept_clicked), self);
  gtk_box_append (GTK_BOX (buttons), cancel);
  gtk_box_append (GTK_BOX (buttons), accept);
  gtk_box_append (GTK_BOX (box), intro);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->problem));
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_child (GTK_WINDOW (self), box);
  gtk_window_set_default_widget (GTK_WINDOW (self), accept);
}

KesselPbemDialog *
kessel_pbem_dialog_new_game (GtkWindow *parent)
{
  KesselPbemDialog *self = g_object_new (KESSEL_TYPE_PBEM_DIALOG, "transient-for", parent,
                                         "destroy-with-parent", TRUE, NULL);
  const char *sides[] = { kessel_side_display_name (KESSEL_SIDE_GERMAN),
                          kessel_side_display_name (KESSEL_SIDE_SOVIET), NULL };
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Your side"));

  gtk_window_set_title (GTK_WINDOW (self), _("New Play-by-E-mail Game"));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->side_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (sides));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->side_choice));
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->side_choice), 1, 0, 1, 1);
  self->password = password_row (GTK_GRID (grid), 1, _("_Password"));
  self->again = password_row (GTK_GRID (grid), 2, _("_Again"));
  build (self, _("You and your opponent each play on your own computer and send each other turn files by e-mail. "
                 "Your password keeps your side's secret on this computer: no one can play your side here without it, "
                 "and it cannot be recovered."),
         grid, _("_Start"));
  return self;
}

/* A dialog asking side's password, once or (choosing it) twice. */
static KesselPbemDialog *
password_dialog (GtkWindow *parent, KesselSide side, const char *title, const char *text, gboolean twice,
                 const char *accept)
{
  KesselPbemDialog *self = g_object_new (KESSEL_TYPE_PBEM_DIALOG, "transient-for", parent,
                                         "destroy-with-parent", TRUE, NULL);
  GtkWidget *grid = gtk_grid_new ();

  self->side = side;
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->password = password_row (GTK_GRID (grid), 0, _("_Password"));
  if (twice)
    self->again = password_row (GTK_GRID (grid), 1, _("_Again"));
  build (self, text, grid, accept);
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
  if (self->side_choice != NULL)
    return gtk_drop_down_get_selected (self->side_choice) == 0 ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET;
  return self->side;
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
  if (self->again != NULL)
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

  g_return_if_fail (KESSEL_IS_PBEM_DIALOG (self));
  password = kessel_pbem_dialog_get_password (self);
  if (*password == '\0')
    {
      show_problem (self, _("Give a password."));
      return;
    }
  if (self->again != NULL && g_strcmp0 (password, gtk_editable_get_text (GTK_EDITABLE (self->again))) != 0)
    {
      show_problem (self, _("The two passwords differ."));
      return;
    }
  g_signal_emit (self, signals[DONE], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
