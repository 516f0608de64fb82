/* kessel-action.h: one thing a player does (rule 5.0's phases are made of them).
 *
 * Units are named by their piece index in the game (kessel_game_find_piece);
 * the text form, used by saved games and scripts, names them by unit id:
 *
 *   place ger-16pz 2218          order move-fight         kg breith 2219
 *   move ger-16pz+ger-509 2118 2018                       exit sov-9m
 *   attack ger-16pz+ger-371 2119 cas=1 support=ger-18ad   defend cas=2 support=ger-18ad
 *   probe ger-19pz 2118          loss ger-16pz            retreat sov-9m 2019
 *   advance ger-371              eliminate sov-6g         enter ger-9ss 0805
 *   end
 *
 * An action a side's standing orders chose for it (a game by e-mail, where
 * the other side's program plays it) ends in the word "by-order".
 */
#pragma once

#include <glib-object.h>
#include "kessel-hex.h"
#include "kessel-types.h"

G_BEGIN_DECLS

#define KESSEL_ACTION_MAX_UNITS 64
#define KESSEL_ACTION_MAX_PATH 64
/* The last word of an action chosen by standing orders, in its text form. */
#define KESSEL_ACTION_BY_ORDER_WORD "by-order"

typedef enum {
  KESSEL_ACTION_PLACE,      /* set-up: unit, hex (3.2) */
  KESSEL_ACTION_ORDER,      /* value: KesselOrder (5.4) */
  KESSEL_ACTION_KG,         /* value: KG marker, hex (5.3) */
  KESSEL_ACTION_MOVE,       /* units, path (12.0) */
  KESSEL_ACTION_EXIT,       /* units leave the map (4.1) */
  KESSEL_ACTION_ATTACK,     /* units, hex, cas, support (13.0) */
  KESSEL_ACTION_DEFEND,     /* German defence support: cas, support (13.1, 13.3) */
  KESSEL_ACTION_PROBE,      /* units, hex (13.6) */
  KESSEL_ACTION_LOSS,       /* unit taking a step loss (13.9) */
  KESSEL_ACTION_RETREAT,    /* unit, hex (13.9) */
  KESSEL_ACTION_ADVANCE,    /* unit (13.10) */
  KESSEL_ACTION_ELIMINATE,  /* unit removed from an over-stacked hex (6.0) */
  KESSEL_ACTION_ENTER,      /* reinforcement or returning corps: unit, hex (10.1, 11.2) */
  KESSEL_ACTION_END,        /* finish the current part of the phase */
  KESSEL_N_ACTION_TYPES /*< skip >*/
} KesselActionType;

typedef enum {
  KESSEL_ORDER_MOVE_FIGHT,
  KESSEL_ORDER_FIGHT_MOVE,
} KesselOrder;

typedef enum {
  KESSEL_KG_BREITH,
  KESSEL_KG_CHEVALLERIE,
  KESSEL_KG_GOLNICK,
  KESSEL_N_KGS /*< skip >*/
} KesselKg;

typedef struct {
  KesselActionType type;
  int n_units;
  int units[KESSEL_ACTION_MAX_UNITS];
  int hex;              /* destination or target, KESSEL_HEX_NONE if none */
  int path_length;      /* hexes entered, in order; the last is the destination */
  int path[KESSEL_ACTION_MAX_PATH];
  int cas;              /* CAS markers committed */
  int support;          /* piece giving ranged support, or -1 */
  int value;            /* KesselOrder or KesselKg */
  gboolean by_order;    /* chosen by the acting side's standing orders */
} KesselAction;

#define KESSEL_TYPE_ACTION (kessel_action_get_type ())
GType kessel_action_get_type (void) G_GNUC_CONST;

/**
 * kessel_action_init:
 *
 * Empties @action and makes it one of @type, with no units and no hexes.
 */
void kessel_action_init (KesselAction *action, KesselActionType type);
KesselAction *kessel_action_new (KesselActionType type);
/**
 * kessel_action_add_unit:
 *
 * Adds a piece to the units of @action, which holds at most
 * %KESSEL_ACTION_MAX_UNITS.
 */
void kessel_action_add_unit (KesselAction *action, int piece);
/**
 * kessel_action_add_step:
 *
 * Adds a hex to the path of @action, which holds at most
 * %KESSEL_ACTION_MAX_PATH, and makes it the @action's hex: the last hex of a
 * move, the target of an attack, the hex of a placement.
 */
void kessel_action_add_step (KesselAction *action, int hex);
/**
 * kessel_action_equal:
 *
 * Whether two actions are the same: the same type, units in the same order,
 * path, hex, air markers, support and value.
 */
gboolean kessel_action_equal (const KesselAction *a, const KesselAction *b);

/**
 * kessel_action_type_to_string:
 *
 * The word of an action type in saved games and action lists, such as "move" or
 * "attack".
 */
const char *kessel_action_type_to_string (KesselActionType type);
gboolean    kessel_action_type_from_string (const char *text, KesselActionType *type);
/**
 * kessel_order_to_string:
 *
 * The word of a Soviet phase order in files: "move-fight" or "fight-move".
 */
const char *kessel_order_to_string (KesselOrder order);
/**
 * kessel_order_display_name:
 *
 * The name of a Soviet phase order for people, translated.
 */
const char *kessel_order_display_name (KesselOrder order);
/**
 * kessel_kg_to_string:
 *
 * The word of a KG marker in saved games and actions, such as "breith".
 */
const char *kessel_kg_to_string (KesselKg kg);
/**
 * kessel_kg_display_name:
 *
 * The name of a KG marker for people, translated.
 */
const char *kessel_kg_display_name (KesselKg kg);

G_END_DECLS
