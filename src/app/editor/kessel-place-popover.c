/* kessel-place-popover.c: naming places on the map. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-place-popover.h"

struct _KesselPlacePopover
{
  GtkPopover parent_instance;

  KesselEditHistory *history;
  GtkEntry *name;
  GtkDropDown *kind;
  GtkWidget *remove;
  int hex;                      /* being named, or KESSEL_HEX_NONE */
  gboolean syncing;             /* the fields follow the model: commit nothing */
};

G_DEFINE_FINAL_TYPE (KesselPlacePopover, kessel_place_popover, GTK_TYPE_POPOVER)

static KesselMapView *
view (KesselPlacePopover *self)
{
  return KESSEL_MAP_VIEW (gtk_widget_get_parent (GTK_WIDGET (self)));
}

static KesselMap *
edited_map (KesselPlacePopover *self)
{
  return kessel_scenario_get_map (kessel_edit_history_get_scenario (self->history));
}

static void
redraw_hex (KesselPlacePopover *self, int hex)
{
  if (view (self) != NULL)
    kessel_map_view_refresh_hexes (view (self), &hex, 1);
}

/* The kind and name shown become the hex's. */
static void
commit_fields (KesselPlacePopover *self)
{
  KesselPlaceChoice choice = gtk_drop_down_get_selected (self->kind);

  if (self->hex == KESSEL_HEX_NONE || self->history == NULL || choice >= KESSEL_PLACE_CHOICE_NONE)
    return;
  if (kessel_place_edit_set (self->history, self->hex, choice, gtk_editable_get_text (GTK_EDITABLE (self->name))))
    redraw_hex (self, self->hex);
}

static void
kind_changed (KesselPlacePopover *self)
{
  if (!self->syncing)
    commit_fields (self);
}

static void
name_activated (KesselPlacePopover *self)
{
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
remove_clicked (KesselPlacePopover *self)
{
  int hex = self->hex;

  self->hex = KESSEL_HEX_NONE;
  gtk_popover_popdown (GTK_POPOVER (self));
  if (self->history != NULL && hex != KESSEL_HEX_NONE && kessel_place_edit_remove (self->history, hex))
    redraw_hex (self, hex);
}

static void
popover_closed (KesselPlacePopover *self)
{
  commit_fields (self);
  self->hex = KESSEL_HEX_NONE;
  if (view (self) != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (view (self)));
}

void
kessel_place_popover_open (KesselPlacePopover *self, int hex, KesselPlaceChoice new_choice)
{
  const char *name = "";
  KesselPlaceChoice choice;
  GdkRectangle where = { 0, 0, 1, 1 };
  double x, y;

  g_return_if_fail (KESSEL_IS_PLACE_POPOVER (self));
  if (self->history == NULL || !kessel_map_view_get_hex_center (view (self), hex, &x, &y))
    return;
  choice = kessel_place_edit_get (edited_map (self), hex, &name);
  if (choice == KESSEL_PLACE_CHOICE_NONE)
    choice = new_choice;
  self->syncing = TRUE;
  self->hex = hex;
  gtk_editable_set_text (GTK_EDITABLE (self->name), name);
  gtk_drop_down_set_selected (self->kind, choice);
  self->syncing = FALSE;
  where.x = (int) x;
  where.y = (int) y;
  gtk_popover_set_pointing_to (GTK_POPOVER (self), &where);
  gtk_popover_popup (GTK_POPOVER (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->name));
}

void
kessel_place_popover_set_history (KesselPlacePopover *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_PLACE_POPOVER (self));
  gtk_popover_popdown (GTK_POPOVER (self));
  self->hex = KESSEL_HEX_NONE;
  g_set_object (&self->history, history);
}

GtkEditable *kessel_place_popover_get_name_field (KesselPlacePopover *self) { return GTK_EDITABLE (self->name); }
GtkDropDown *kessel_place_popover_get_kind_field (KesselPlacePopover *self) { return self->kind; }

static void
kessel_place_popover_init (KesselPlacePopover *self)
{
  self->hex = KESSEL_HEX_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
kessel_place_popover_dispose (GObject *object)
{
  KesselPlacePopover *self = KESSEL_PLACE_POPOVER (object);

  g_clear_object (&self->history);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_PLACE_POPOVER);
  G_OBJECT_CLASS (kessel_place_popover_parent_class)->dispose (object);
}

static void
kessel_place_popover_class_init (KesselPlacePopoverClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_place_popover_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-place-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselPlacePopover, name);
  gtk_widget_class_bind_template_child (widget_class, KesselPlacePopover, kind);
  gtk_widget_class_bind_template_child (widget_class, KesselPlacePopover, remove);
  gtk_widget_class_bind_template_callback (widget_class, name_activated);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked);
  gtk_widget_class_bind_template_callback (widget_class, popover_closed);
}

KesselPlacePopover *
kessel_place_popover_new (KesselMapView *view)
{
  KesselPlacePopover *self = g_object_new (KESSEL_TYPE_PLACE_POPOVER, NULL);

  gtk_widget_set_parent (GTK_WIDGET (self), GTK_WIDGET (view));
  return g_object_ref (self);
}
