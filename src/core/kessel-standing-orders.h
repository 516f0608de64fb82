/* kessel-standing-orders.h: what a side decides in advance for the choices
 * the rules give it while the other side moves (losses, retreats, defence
 * support, over-stacking), so that in a game by e-mail the mover's program
 * can make them without sending a file.
 *
 * kessel_standing_orders_decide is deterministic: the same game and the
 * same orders give the same action on every machine, so the receiving
 * program can check each action the orders made. Its text form, one
 * key=value a word or a line ('#' starts a comment), is what turn files
 * carry and what `kessel-cli pbem --orders FILE` reads:
 *
 *   losses=artillery-first      ask | artillery-first | weakest-first | strongest-first
 *   spare-last-step=true        never the last step of a division while another unit can lose one
 *   retreat=auto                ask | auto: retreats of the side's own units
 *   retreat-supply=true         prefer hexes in supply (Soviet) or C&C (German)
 *   retreat-towns=true          then towns and cities
 *   retreat-away=true           then hexes next to the fewest enemy units; then the first in map order
 *   defence=at-odds             ask | never | at-odds | always (German defence support, 13.1, 13.3)
 *   defence-odds=3:1            at-odds: support an attack at these odds or better for the attacker
 *   defence-cas=1               at most this many air markers a combat
 *   defence-artillery=true      add ranged support when it can be given
 *   eliminate=strongest-first   ask | strongest-first | weakest-first (enemy units, 6.0-2)
 *   returns=front               ask | front | rear: where returning rifle corps enter (11.2): the
 *                               hex nearest to (farthest from) an enemy unit, each in turn
 */
#pragma once

#include "kessel-game.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_LOSS_ORDER_ASK,
  KESSEL_LOSS_ORDER_ARTILLERY_FIRST,
  KESSEL_LOSS_ORDER_WEAKEST_FIRST,
  KESSEL_LOSS_ORDER_STRONGEST_FIRST,
} KesselLossOrder;

typedef enum {
  KESSEL_DEFENCE_ORDER_ASK,
  KESSEL_DEFENCE_ORDER_NEVER,
  KESSEL_DEFENCE_ORDER_AT_ODDS,
  KESSEL_DEFENCE_ORDER_ALWAYS,
} KesselDefenceOrder;

typedef enum {
  KESSEL_RETURN_ORDER_ASK,
  KESSEL_RETURN_ORDER_FRONT,
  KESSEL_RETURN_ORDER_REAR,
} KesselReturnOrder;

typedef enum {
  KESSEL_ELIMINATE_ORDER_ASK,
  KESSEL_ELIMINATE_ORDER_STRONGEST_FIRST,
  KESSEL_ELIMINATE_ORDER_WEAKEST_FIRST,
} KesselEliminateOrder;

/* The most air markers an order may commit to one combat. */
#define KESSEL_STANDING_ORDERS_MAX_CAS 9
/* The longest text form accepted, in bytes. */
#define KESSEL_STANDING_ORDERS_MAX_TEXT 4096

typedef struct {
  KesselLossOrder losses;
  gboolean spare_last_step;
  gboolean retreat;              /* FALSE: the player chooses */
  gboolean retreat_supply;
  gboolean retreat_towns;
  gboolean retreat_away;
  KesselDefenceOrder defence;
  KesselOdds defence_odds;
  int defence_cas;
  gboolean defence_artillery;
  KesselEliminateOrder eliminate;
  KesselReturnOrder returns;
} KesselStandingOrders;

#define KESSEL_STANDING_ORDERS_ERROR (kessel_standing_orders_error_quark ())
GQuark kessel_standing_orders_error_quark (void);

/* The orders a new game starts with: every choice made, cautiously. */
void     kessel_standing_orders_init_defaults (KesselStandingOrders *orders);
/* Orders that decide nothing: every choice is the player's. */
void     kessel_standing_orders_init_ask (KesselStandingOrders *orders);
gboolean kessel_standing_orders_equal (const KesselStandingOrders *a, const KesselStandingOrders *b);

/* The text form, every key in the order above, one a line. */
char    *kessel_standing_orders_to_string (const KesselStandingOrders *orders);
/* Reads the text form as hostile input: keys not given keep the defaults;
 * an unknown key, a bad value, a key given twice or a text over the limit
 * is refused with its line. */
gboolean kessel_standing_orders_parse (const char *text, gsize length, KesselStandingOrders *orders,
                                       GError **error);
/* The text form from a file (regular, at most the limit), as above. */
gboolean kessel_standing_orders_load_file (const char *path, KesselStandingOrders *orders, GError **error);

/* The action the orders of the side to act in game choose now (one of
 * the choices above, or a phase of returning corps with its end), marked
 * by_order; FALSE when no order decides this (the choice is the player's). */
gboolean kessel_standing_orders_decide (const KesselStandingOrders *orders, KesselGame *game,
                                        KesselAction *action);

/* The legal actions of type in game, in the order the game lists them:
 * those an order chooses among. Free with g_array_unref. */
GArray  *kessel_standing_orders_choices (KesselGame *game, KesselActionType type);

/* A sentence for people about an action the orders chose, such as
 * "16 Pz retreats to 2313 by standing order". */
char    *kessel_standing_orders_describe (KesselGame *game, const KesselAction *action);

G_END_DECLS
