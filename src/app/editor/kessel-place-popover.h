/* kessel-place-popover.h: the small form the place tool opens on the map to
 * name a town, fortified locality or map name, change its kind or remove it.
 * What it shows becomes an edit when it closes or its kind is changed. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-map-view.h"
#include "kessel-place-edit.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_PLACE_POPOVER (kessel_place_popover_get_type ())
G_DECLARE_FINAL_TYPE (KesselPlacePopover, kessel_place_popover, KESSEL, PLACE_POPOVER, GtkPopover)

/* A popover with the view as its parent, and a reference for the caller,
 * who unparents it. */
KesselPlacePopover *kessel_place_popover_new (KesselMapView *view);
/* Closes the popover first, committing what it shows to the old history. */
void         kessel_place_popover_set_history (KesselPlacePopover *self, KesselEditHistory *history);
/* Opens on what the hex shows, or, when it shows nothing, to name a new
 * place of that choice there, added once it has a name. */
void         kessel_place_popover_open (KesselPlacePopover *self, int hex, KesselPlaceChoice new_choice);
GtkEditable *kessel_place_popover_get_name_field (KesselPlacePopover *self);
GtkDropDown *kessel_place_popover_get_kind_field (KesselPlacePopover *self);

G_END_DECLS
