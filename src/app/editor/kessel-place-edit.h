/* kessel-place-edit.h: the named hexes of the map as the editor's place tool
 * changes them (towns, fortified localities and map names), each change
 * committed as one named edit.
 *
 * A file may give a hex both a place and a map name; the map then shows the
 * place, and so does the editor, which edits the place and leaves the map
 * name alone. The editor itself never puts both in one hex. */
#pragma once

#include "kessel-edit-history.h"

G_BEGIN_DECLS

/* What a hex shows by name; also the order of the place popover's kinds. */
typedef enum {
  KESSEL_PLACE_CHOICE_TOWN,
  KESSEL_PLACE_CHOICE_FORTIFIED_LOCALITY,
  KESSEL_PLACE_CHOICE_MAP_NAME,   /* a label: no victory points, no effect on play */
  KESSEL_PLACE_CHOICE_NONE,
} KesselPlaceChoice;

/* "town", "fortified-locality" or "map-name", as the editor's actions say. */
gboolean          kessel_place_choice_from_string (const char *text, KesselPlaceChoice *choice);

/* The place of the hex, else its map name, else NONE; with its name when
 * name is not NULL ("" for NONE). */
KesselPlaceChoice kessel_place_edit_get (KesselMap *map, int hex, const char **name);

/* Makes the hex show a place of that choice and name, replacing what it
 * showed, and commits it as one edit. The name is stripped; a map name
 * needs one, so a map name without a name is removed. Returns whether the
 * scenario changed. */
gboolean          kessel_place_edit_set (KesselEditHistory *history, int hex, KesselPlaceChoice choice,
                                         const char *name);
/* Removes what the hex shows, as one edit. */
gboolean          kessel_place_edit_remove (KesselEditHistory *history, int hex);
/* Moves what one hex shows to another that shows nothing, as one edit. */
gboolean          kessel_place_edit_move (KesselEditHistory *history, int from, int to);

G_END_DECLS
