/* kessel-map-tools.h: the editor's map tools, turning clicks and drags on
 * the map view into named edits of the scenario being edited. */
#pragma once

#include <glib-object.h>

#include "kessel-edit-history.h"
#include "kessel-map-view.h"
#include "kessel-place-edit.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_TOOL_SELECT,    /* shows what a hex holds */
  KESSEL_TOOL_TERRAIN,
  KESSEL_TOOL_RIVER,
  KESSEL_TOOL_PLACE,     /* towns, fortified localities and map names */
  KESSEL_TOOL_EDGE,      /* supply and C&C sources, entry and exit hexes */
  KESSEL_TOOL_CLOSED,    /* the area closed to Soviet units (12.5) */
  KESSEL_TOOL_CONTROL,   /* initial hex control */
  KESSEL_N_TOOLS
} KesselTool;

#define KESSEL_MAX_BRUSH_SIZE 3

#define KESSEL_TYPE_MAP_TOOLS (kessel_map_tools_get_type ())
G_DECLARE_FINAL_TYPE (KesselMapTools, kessel_map_tools, KESSEL, MAP_TOOLS, GObject)

/* Listens to the view's strokes while a history is set. */
KesselMapTools *kessel_map_tools_new (KesselMapView *view);
void        kessel_map_tools_set_history (KesselMapTools *self, KesselEditHistory *history);

gboolean    kessel_tool_from_string (const char *text, KesselTool *tool);
const char *kessel_edge_role_display_name (KesselEdgeRole role);

KesselTool  kessel_map_tools_get_tool (KesselMapTools *self);
void        kessel_map_tools_set_tool (KesselMapTools *self, KesselTool tool);
void        kessel_map_tools_set_terrain (KesselMapTools *self, KesselTerrain terrain);
/* 1 paints one hex, 2 also its neighbours, 3 two rings around it. */
void        kessel_map_tools_set_brush_size (KesselMapTools *self, int size);
int         kessel_map_tools_get_brush_size (KesselMapTools *self);
/* The river the river tool draws (an index of the map's rivers). */
void        kessel_map_tools_set_river (KesselMapTools *self, int river);
int         kessel_map_tools_get_river (KesselMapTools *self);
/* What a click of the place tool adds to a hex that shows nothing. */
void        kessel_map_tools_set_place_choice (KesselMapTools *self, KesselPlaceChoice choice);
KesselPlaceChoice kessel_map_tools_get_place_choice (KesselMapTools *self);
void        kessel_map_tools_set_edge_role (KesselMapTools *self, KesselEdgeRole role);
void        kessel_map_tools_set_control_side (KesselMapTools *self, KesselSide side);

/* A stroke in widget coordinates, as the view reports it. */
void        kessel_map_tools_stroke (KesselMapTools *self, KesselStrokePhase phase, double x, double y);
/* Commits a stroke still under way, as releasing the button would: before
 * an undo, a change of tool or leaving the editor. */
void        kessel_map_tools_finish_stroke (KesselMapTools *self);
/* The tool used on one hex, as by a click or the keyboard's hex cursor. */
void        kessel_map_tools_apply_to_hex (KesselMapTools *self, int hex);

G_END_DECLS
