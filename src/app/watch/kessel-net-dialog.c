/* kessel-net-dialog.c: the dialog that hosts, joins or takes up a network game. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-net-dialog.h"

struct _KesselNetDialog
{
  GtkWindow parent_instance;

  GtkLabel *intro_label;
  GtkWidget *side_label;
  GtkDropDown *side_choice;
  GtkWidget *address_label;
  GtkEntry *address;
  GtkSpinButton *port;
  GtkPasswordEntry *password;
  GtkLabel *file_note;
  GtkLabel *problem;
  GtkButton *accept_button;

  char *file;
};

G_DEFINE_FINAL_TYPE (KesselNetDialog, kessel_net_dialog, GTK_TYPE_WINDOW)

enum {
  DONE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
kessel_net_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KESSEL_TYPE_NET_DIALOG);
  G_OBJECT_CLASS (kessel_net_dialog_parent_class)->dispose (object);
}

static void
kessel_net_dialog_finalize (GObject *object)
{
  g_free (KESSEL_NET_DIALOG (object)->file);
  G_OBJECT_CLASS (kessel_net_dialog_parent_class)->finalize (object);
}

static void
kessel_net_dialog_class_init (KesselNetDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_net_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_net_dialog_finalize;
  /* The player gave what was asked; the dialog closes after it. */
  signals[DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-net-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, intro_label);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, side_label);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, side_choice);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, address_label);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, address);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, port);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, password);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, file_note);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, problem);
  gtk_widget_class_bind_template_child (widget_class, KesselNetDialog, accept_button);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, kessel_net_dialog_accept);
}

static void
kessel_net_dialog_init (KesselNetDialog *self)
{
  const char *sides[] = { kessel_side_display_name (KESSEL_SIDE_GERMAN), kessel_side_display_name (KESSEL_SIDE_SOVIET),
                          NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drop_down_set_model (self->side_choice, G_LIST_MODEL (gtk_string_list_new (sides)));
}

static KesselNetDialog *
dialog_new (GtkWindow *parent, gboolean host, const char *title, const char *text, const char *accept)
{
  KesselNetDialog *self = g_object_new (KESSEL_TYPE_NET_DIALOG, "transient-for", parent,
                                        "destroy-with-parent", TRUE, NULL);

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_text (self->intro_label, text);
  gtk_widget_set_visible (self->address_label, !host);
  gtk_widget_set_visible (GTK_WIDGET (self->address), !host);
  gtk_button_set_label (self->accept_button, accept);
  return self;
}

KesselNetDialog *
kessel_net_dialog_new (GtkWindow *parent, gboolean host)
{
  if (host)
    return dialog_new (parent, TRUE, _("Host a Network Game"),
                       _("Start a game on the scenario shown and wait for your opponent to join it. Tell him your computer's name or address, the port and the game's password; you both need the password to play."),
                       _("_Host"));
  return dialog_new (parent, FALSE, _("Join a Network Game"),
                     _("Connect to the computer of the player who hosts the game. He tells you its name or address, the port and the game's password."),
                     _("_Join"));
}

KesselNetDialog *
kessel_net_dialog_new_resume (GtkWindow *parent, gboolean host, const char *file_name, const char *address,
                              guint16 port)
{
  g_autofree char *text = g_strdup_printf (host ? _("%s is a network game you host. Give the game's password to wait for your opponent and carry on.")
                                                : _("%s is a network game you joined. Give the game's password to connect to the host again and carry on."),
                                           file_name);
  KesselNetDialog *self = dialog_new (parent, host, _("Carry On a Network Game"), text, _("_Connect"));

  gtk_widget_set_visible (self->side_label, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->side_choice), FALSE);
  kessel_net_dialog_set_address (self, address);
  kessel_net_dialog_set_port (self, port);
  return self;
}

KesselSide
kessel_net_dialog_get_side (KesselNetDialog *self)
{
  return gtk_drop_down_get_selected (self->side_choice) == 1 ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
}

const char *
kessel_net_dialog_get_address (KesselNetDialog *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->address));
}

guint16
kessel_net_dialog_get_port (KesselNetDialog *self)
{
  return (guint16) gtk_spin_button_get_value_as_int (self->port);
}

const char *
kessel_net_dialog_get_password (KesselNetDialog *self)
{
  return gtk_editable_get_text (GTK_EDITABLE (self->password));
}

void
kessel_net_dialog_set_side (KesselNetDialog *self, KesselSide side)
{
  gtk_drop_down_set_selected (self->side_choice, side == KESSEL_SIDE_SOVIET ? 1 : 0);
}

void
kessel_net_dialog_set_address (KesselNetDialog *self, const char *address)
{
  gtk_editable_set_text (GTK_EDITABLE (self->address), address ? address : "");
}

void
kessel_net_dialog_set_port (KesselNetDialog *self, guint16 port)
{
  gtk_spin_button_set_value (self->port, port);
}

void
kessel_net_dialog_set_password (KesselNetDialog *self, const char *password)
{
  gtk_editable_set_text (GTK_EDITABLE (self->password), password);
}

void
kessel_net_dialog_set_file (KesselNetDialog *self, const char *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autofree char *note = g_strdup_printf (_("The game is kept in “%s”, in the folder %s. Open it with Game ▸ Open to carry on another day."),
                                           name, folder);

  g_free (self->file);
  self->file = g_strdup (path);
  gtk_label_set_text (self->file_note, note);
  gtk_widget_set_visible (GTK_WIDGET (self->file_note), TRUE);
}

const char *
kessel_net_dialog_get_file (KesselNetDialog *self)
{
  return self->file;
}

void
kessel_net_dialog_accept (KesselNetDialog *self)
{
  g_autofree char *address = g_strstrip (g_strdup (kessel_net_dialog_get_address (self)));

  if (gtk_widget_get_visible (GTK_WIDGET (self->address)) && address[0] == '\0')
    {
      gtk_label_set_text (self->problem, _("Give the host's name or address."));
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      return;
    }
  if (kessel_net_dialog_get_password (self)[0] == '\0')
    {
      gtk_label_set_text (self->problem, _("Give the game's password."));
      gtk_widget_set_visible (GTK_WIDGET (self->problem), TRUE);
      return;
    }
  g_signal_emit (self, signals[DONE], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
