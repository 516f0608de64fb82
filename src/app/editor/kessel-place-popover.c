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

/* Building */

static GtkWidget *
labelled (GtkGrid *grid, int row, const char *mnemonic, GtkWidget *field)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), field);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
  return field;
}

static void
kessel_place_popover_init (KesselPlacePopover *self)
{
  /* In the order of KesselPlaceChoice */
  const char *kinds[] = { _("Town"), _("Fortified locality"), _("Map name"), NULL };
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  self->hex = KESSEL_HEX_NONE;
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 8);
  self->name = GTK_ENTRY (labelled (grid, 0, _("_Name"), gtk_entry_new ()));
  gtk_widget_set_name (GTK_WIDGET (self->name), "place-name");
  gtk_entry_set_max_length (self->name, 200);
  g_signal_connect_swapped (self->name, "activate", G_CALLBACK (name_activated), self);
  self->kind = GTK_DROP_DOWN (labelled (grid, 1, _("_Kind"), gtk_drop_down_new_from_strings (kinds)));
  gtk_widget_set_name (GTK_WIDGET (self->kind), "place-kind");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->kind),
                               _("A map name is shown on the map and is worth no victory points."));
  g_signal_connect_swapped (self->kind, "notify::selected", G_CALLBACK (kind_changed), self);
  self->remove = gtk_button_new_with_mnemonic (_("_Remove"));
  gtk_widget_set_name (self->remove, "place-remove");
  g_signal_connect_swapped (self->remove, "clicked", G_CALLBACK (remove_clicked), self);
  gtk_grid_attach (grid, self->remove, 1, 2, 1, 1);
  gtk_popover_set_child (GTK_POPOVER (self), GTK_WIDGET (grid));
  g_signal_connect (self, "closed", G_CALLBACK (popover_closed), NULL);
}

static void
kessel_place_popover_dispose (GObject *object)
{
  KesselPlacePopover *self = KESSEL_PLACE_POPOVER (object);

  g_clear_object (&self->history);
  G_OBJECT_CLASS (kessel_place_popover_parent_class)->dispose (object);
}

static void
kessel_place_popover_class_init (KesselPlacePopoverClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_place_popover_dispose;
}

KesselPlacePopover *
kessel_place_popover_new (KesselMapView *view)
{
  KesselPlacePopover *self = g_object_new (KESSEL_TYPE_PLACE_POPOVER, NULL);

  gtk_widget_set_parent (GTK_WIDGET (self), GTK_WIDGET (view));
  return g_object_ref (self);
}
