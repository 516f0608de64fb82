/* kessel-sheet-pieces.h: the units as the setup sheets list them: where each
 * sets up or arrives, or, for a game in progress, where it stands now and
 * which counter of it is showing. */
#pragma once

#include "kessel-game.h"
#include "kessel-map-painter.h"

G_BEGIN_DECLS

typedef struct {
  KesselUnit *unit;          /* the unit's first counter */
  KesselUnit *counter;       /* the counter in play: the first or a substitute */
  int step;                  /* the side of that counter showing, 0 for the front */
  int hex;                   /* where it sets up or stands; KESSEL_HEX_NONE when off the map */
  int steps;                 /* steps left */
  int full_steps;
  KesselPieceStatus status;  /* at set-up: on the map, or waiting for its turn */
  int turn;                  /* arrival turn, or the turn a rifle corps returns; 0 if none */
} KesselSheetPiece;

/* What the sheets are made from: a scenario, and a game of it for current
 * positions (NULL for the set-up), with the units as collected below. */
typedef struct {
  KesselScenario *scenario;
  KesselGame *game;
  GArray *pieces;
} KesselSheetSource;

/* Every unit of the scenario, substitute counters aside, in file order: as
 * set up when game is NULL, else as the game stands. Free with g_array_unref. */
GArray *kessel_sheet_pieces_collect (KesselScenario *scenario, KesselGame *game);
/* The pieces of a side on the map, by hex number, in file order within a hex. */
GArray *kessel_sheet_pieces_on_map (GArray *pieces, KesselScenario *scenario, KesselSide side);
/* A unit's counters in the order they come into play: it, then its
 * substitutes. Free with g_ptr_array_unref. */
GPtrArray *kessel_sheet_pieces_chain (KesselScenario *scenario, KesselUnit *unit);
/* The counter of a piece as it is drawn. */
KesselStackEntry kessel_sheet_piece_entry (const KesselSheetPiece *piece);

G_END_DECLS
