/* Standing orders: their text form read as hostile input, and the choice
 * each kind of order makes, deterministic, in every position of random
 * games where the rules ask the side not moving. */
#include <glib.h>
#include <string.h>

#include "kessel-standing-orders.h"
#include "random-games.h"

static KesselScenario *scenario;

static void
test_text_form (void)
{
  KesselStandingOrders orders, read, defaults;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *huge = g_strnfill (KESSEL_STANDING_ORDERS_MAX_TEXT + 1, ' ');
  const char *refused[][2] = {
    { "losses=sometimes", "not a value" },
    { "losses=ask losses=ask", "given twice" },
    { "retreat-towns=yes", "not a value" },
    { "defence-cas=10", "not a value" },
    { "defence-cas=-1", "not a value" },
    { "defence-odds=3:2", "not a value" },
    { "march=west", "not a standing order" },
    { "losses", "not a standing order" },
    { "\n\nreturns=everywhere", "line 3" },
  };

  kessel_standing_orders_init_defaults (&defaults);
  kessel_standing_orders_init_ask (&orders);
  orders.defence_odds = KESSEL_ODDS_5_1;
  orders.defence_cas = 3;
  orders.retreat_away = FALSE;
  text = kessel_standing_orders_to_string (&orders);
  g_assert_true (kessel_standing_orders_parse (text, strlen (text), &read, &error));
  g_assert_no_error (error);
  g_assert_true (kessel_standing_orders_equal (&orders, &read));
  /* Keys not given keep the defaults; comments and blank lines are allowed. */
  g_assert_true (kessel_standing_orders_parse ("# mine\n\nlosses=weakest-first  retreat=ask\n", 40, &read, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read.losses, ==, KESSEL_LOSS_ORDER_WEAKEST_FIRST);
  g_assert_false (read.retreat);
  g_assert_cmpint (read.defence, ==, defaults.defence);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_false (kessel_standing_orders_parse (refused[i][0], strlen (refused[i][0]), &read, &error));
      g_assert_nonnull (strstr (error->message, refused[i][1]));
      g_clear_error (&error);
    }
  g_assert_false (kessel_standing_orders_parse (huge, strlen (huge), &read, &error));
  g_assert_error (error, KESSEL_STANDING_ORDERS_ERROR, 0);
  g_clear_error (&error);
  g_assert_false (kessel_standing_orders_parse ("losses=ask\0x", 12, &read, &error));
  g_assert_error (error, KESSEL_STANDING_ORDERS_ERROR, 0);
}

/* What the orders of the side to act choose, checked against the kind of
 * order; the same on a copy of the game. */
typedef struct {
  guint seen[KESSEL_WAIT_NOTHING + 1];
  guint returns;
} Seen;

static int
strength (KesselGame *game, int piece)
{
  return kessel_game_get_piece_attack (game, piece) + kessel_game_get_piece_defence (game, piece);
}

static void
check_loss (KesselGame *game, const KesselAction *chosen, KesselLossOrder order)
{
  g_autoptr(GArray) others = kessel_standing_orders_choices (game, KESSEL_ACTION_LOSS);
  KesselUnit *unit = kessel_game_get_piece_unit (game, chosen->units[0]);
  gboolean artillery_there = FALSE, spared_there = FALSE;

  for (guint i = 0; i < others->len; i++)
    {
      int piece = g_array_index (others, KesselAction, i).units[0];
      KesselUnit *other = kessel_game_get_piece_unit (game, piece);
      gboolean last = kessel_unit_get_size (other) == KESSEL_SIZE_DIVISION && kessel_game_get_piece_steps (game, piece) <= 1;

      spared_there |= !last;
      artillery_there |= !last && kessel_unit_is_artillery (other);
      if (last)
        continue;
      if (order == KESSEL_LOSS_ORDER_WEAKEST_FIRST)
        g_assert_cmpint (strength (game, chosen->units[0]), <=, strength (game, piece));
      if (order == KESSEL_LOSS_ORDER_STRONGEST_FIRST)
        g_assert_cmpint (strength (game, chosen->units[0]), >=, strength (game, piece));
    }
  /* Never the last step of a division while another unit can lose one. */
  if (spared_there)
    g_assert_false (kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION
                    && kessel_game_get_piece_steps (game, chosen->units[0]) <= 1);
  if (order == KESSEL_LOSS_ORDER_ARTILLERY_FIRST && artillery_there)
    g_assert_true (kessel_unit_is_artillery (unit));
}

/* Whether the unit to retreat is of the side that chooses its retreat. */
static gboolean
own_unit_retreats (KesselGame *game)
{
  g_autoptr(GArray) retreats = kessel_standing_orders_choices (game, KESSEL_ACTION_RETREAT);

  return retreats->len > 0 && kessel_game_get_piece_side (game, g_array_index (retreats, KesselAction, 0).units[0])
                                == kessel_game_get_active_side (game);
}

static void
check_retreat (KesselGame *game, const KesselAction *chosen)
{
  g_autoptr(GArray) others = kessel_standing_orders_choices (game, KESSEL_ACTION_RETREAT);
  KesselSide side = kessel_game_get_active_side (game);

  g_assert_true (own_unit_retreats (game));
  for (guint i = 0; i < others->len; i++)
    if (kessel_game_hex_traces (game, g_array_index (others, KesselAction, i).hex, side))
      g_assert_true (kessel_game_hex_traces (game, chosen->hex, side));
}

static void
check_defence (KesselGame *game, const KesselAction *chosen, KesselDefenceOrder order)
{
  KesselAction attack;
  KesselCombatOdds odds;

  g_assert_true (kessel_game_get_current_combat (game, &attack, &odds, NULL, NULL));
  if (order == KESSEL_DEFENCE_ORDER_NEVER || (order == KESSEL_DEFENCE_ORDER_AT_ODDS && odds.final < KESSEL_ODDS_3_1))
    {
      g_assert_cmpint (chosen->cas, ==, 0);
      g_assert_cmpint (chosen->support, ==, -1);
    }
  g_assert_cmpint (chosen->cas, <=, 1);   /* the defaults' limit */
}

static void
check_elimination (KesselGame *game, const KesselAction *chosen)
{
  g_autoptr(GArray) others = kessel_standing_orders_choices (game, KESSEL_ACTION_ELIMINATE);

  for (guint i = 0; i < others->len; i++)
    g_assert_cmpint (strength (game, chosen->units[0]), >=, strength (game, g_array_index (others, KesselAction, i).units[0]));
}

/* Every order in one position: the ask orders decide nothing, the others
 * choose a legal action of the right kind, the same on a copy. */
static void
check_position (KesselGame *game, Seen *seen)
{
  KesselStandingOrders ask, orders;
  KesselAction chosen, again;
  KesselWait wait = kessel_game_get_wait (game);
  g_autoptr(KesselGame) copy = NULL;

  kessel_standing_orders_init_ask (&ask);
  g_assert_false (kessel_standing_orders_decide (&ask, game, &chosen));
  for (int variant = 0; variant < 4; variant++)
    {
      kessel_standing_orders_init_defaults (&orders);
      orders.losses = variant == 0 ? KESSEL_LOSS_ORDER_ARTILLERY_FIRST
                      : variant == 1 ? KESSEL_LOSS_ORDER_WEAKEST_FIRST : KESSEL_LOSS_ORDER_STRONGEST_FIRST;
      orders.defence = variant == 0 ? KESSEL_DEFENCE_ORDER_AT_ODDS
                       : variant == 1 ? KESSEL_DEFENCE_ORDER_NEVER : KESSEL_DEFENCE_ORDER_ALWAYS;
      orders.spare_last_step = TRUE;
      if (!kessel_standing_orders_decide (&orders, game, &chosen))
        {
          /* The side's own phases and advances are its player's to play,
           * and so are the retreats of enemy units he chooses (13.9). */
          g_assert_true (wait == KESSEL_WAIT_PHASE || wait == KESSEL_WAIT_ADVANCE || wait == KESSEL_WAIT_NOTHING
                         || (wait == KESSEL_WAIT_RETREAT && !own_unit_retreats (game)));
          continue;
        }
      g_assert_true (chosen.by_order);
      g_assert_true (kessel_game_check (game, &chosen, NULL));
      copy = copy ? copy : kessel_game_copy (game);
      g_assert_true (kessel_standing_orders_decide (&orders, copy, &again));
      g_assert_true (kessel_action_equal (&chosen, &again));
      if (wait == KESSEL_WAIT_ATTACKER_LOSS || wait == KESSEL_WAIT_DEFENDER_LOSS)
        check_loss (game, &chosen, orders.losses);
      else if (wait == KESSEL_WAIT_RETREAT)
        check_retreat (game, &chosen);
      else if (wait == KESSEL_WAIT_DEFENCE)
        check_defence (game, &chosen, orders.defence);
      else if (wait == KESSEL_WAIT_ELIMINATION)
        check_elimination (game, &chosen);
      else
        {
          g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_REPLACEMENT);
          g_assert_true (chosen.type == KESSEL_ACTION_ENTER || chosen.type == KESSEL_ACTION_END);
          seen->returns++;
        }
      if (variant == 0)
        seen->seen[wait]++;
    }
}

static void
test_choices (void)
{
  Seen seen = { { 0 }, 0 };

  for (guint64 seed = 1; seed <= 6; seed++)
    {
      KesselDice player;
      g_autoptr(KesselGame) game = random_game_start (scenario, seed, &player);

      do
        check_position (game, &seen);
      while (random_game_step (game, &player));
    }
  g_test_message ("positions decided: defence %u, attacker's loss %u, defender's loss %u, retreat %u, "
                  "elimination %u, returning corps %u",
                  seen.seen[KESSEL_WAIT_DEFENCE], seen.seen[KESSEL_WAIT_ATTACKER_LOSS],
                  seen.seen[KESSEL_WAIT_DEFENDER_LOSS], seen.seen[KESSEL_WAIT_RETREAT],
                  seen.seen[KESSEL_WAIT_ELIMINATION], seen.returns);
  g_assert_cmpuint (seen.seen[KESSEL_WAIT_DEFENCE], >, 0);
  g_assert_cmpuint (seen.seen[KESSEL_WAIT_ATTACKER_LOSS] + seen.seen[KESSEL_WAIT_DEFENDER_LOSS], >, 0);
  g_assert_cmpuint (seen.seen[KESSEL_WAIT_ELIMINATION], >, 0);
  g_assert_cmpuint (seen.seen[KESSEL_WAIT_RETREAT], >, 0);
  g_assert_cmpuint (seen.returns, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  scenario = random_games_scenario ();
  g_test_add_func ("/standing-orders/text-form", test_text_form);
  g_test_add_func ("/standing-orders/choices", test_choices);
  return g_test_run ();
}
