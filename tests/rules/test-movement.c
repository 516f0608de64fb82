/* Movement (digest E.2, E.3 stand-fast and control, E.7 in movement, E.12):
 * movement factors, terrain and river costs, zones of control, the KG
 * traffic bonus, the 12.5 area, and undo of a move. */
#include "rules-test.h"

/* A German movement part on the rules map with no units on it. */
static KesselGame *
german_movement (int turn, KesselWeather weather)
{
  KesselGame *game = rules_position ("rules.kessel", turn, KESSEL_PHASE_GERMAN_1, weather);

  rules_clear (game);
  rules_order (game, "move-fight");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  return game;
}

/* A Soviet movement part (turn 2, phase IV, Move/Fight) on an empty board. */
static KesselGame *
soviet_movement (KesselWeather weather)
{
  KesselGame *game = rules_position ("rules.kessel", 2, KESSEL_PHASE_SOVIET_1, weather);

  rules_clear (game);
  rules_order (game, "move-fight");
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  return game;
}

/* MP left after a one-hex move into clear terrain: the factor less one. */
static int
factor_of (KesselGame *game, const char *id, int from, int to)
{
  g_autofree char *text = g_strdup_printf ("move %s %04d", id, to);

  rules_put (game, id, from);
  ACT (game, text);
  return kessel_game_get_piece_mp (game, P (game, id)) + 1;
}

/* 2-5, 12.1-1: movement factors are not printed; they come from the Movement
 * Factors Table by mobility class and weather. */
static void
test_movement_factors (void)
{
  const struct { KesselWeather weather; int mech, foot; } table[] = {
    { KESSEL_WEATHER_STORM, 7, 5 },
    { KESSEL_WEATHER_THAW, 10, 7 },
    { KESSEL_WEATHER_FROST, 13, 9 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      g_autoptr(KesselGame) game = german_movement (2, table[i].weather);
      g_assert_cmpint (factor_of (game, "ger-19pz", 505, 504), ==, table[i].mech);
      g_assert_cmpint (factor_of (game, "ger-371", 805, 804), ==, table[i].foot);
    }
}

/* 2-3: artillery uses the mechanized column for factors and terrain. */
static void
test_artillery_mechanized (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  rules_put (game, "sov-art", 403);
  rules_put (game, "sov-60r", 403);
  g_assert_cmpint (rules_reach (game, "sov-art", 303), ==, 2);    /* forest */
  g_assert_cmpint (rules_reach (game, "sov-60r", 303), ==, 1);
  g_assert_cmpint (factor_of (game, "sov-art", 605, 604), ==, 10);
}

/* 2-4: the 18th Artillery Division moves as a mechanized unit. */
static void
test_18ad_mechanized (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  g_assert_cmpint (factor_of (game, "ger-18ad", 505, 504), ==, 10);
  rules_put (game, "ger-18ad", 403);
  g_assert_cmpint (rules_reach (game, "ger-18ad", 304), ==, 2);
}

/* 12.0-2, TEC: each hex costs its terrain's price for the mobility class. */
static void
test_terrain_costs (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 403);
  rules_put (game, "ger-371", 403);
  g_assert_cmpint (rules_reach (game, "ger-19pz", 402), ==, 1);   /* clear */
  g_assert_cmpint (rules_reach (game, "ger-19pz", 303), ==, 2);   /* forest */
  g_assert_cmpint (rules_reach (game, "ger-19pz", 304), ==, 2);   /* rough */
  g_assert_cmpint (rules_reach (game, "ger-19pz", 305), ==, 4);   /* clear town, then marsh */
  g_assert_cmpint (rules_reach (game, "ger-371", 303), ==, 1);
  g_assert_cmpint (rules_reach (game, "ger-371", 304), ==, 1);
  g_assert_cmpint (rules_reach (game, "ger-371", 305), ==, 2);
  /* A stack pays what its dearest member pays. */
  g_assert_cmpint (rules_reach (game, "ger-19pz+ger-371", 303), ==, 2);
}

/* 12.0-3, 12.2-1: no unit spends more MP than it has. */
static void
test_cannot_overspend (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-371", 601);
  REFUSE (game, "move ger-371 0602 0603 0604 0605 0606 0607 0608 0609", "12.2");
  ACT (game, "move ger-371 0602 0603 0604 0605 0606 0607 0608");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-371")), ==, 0);
  REFUSE (game, "move ger-371 0609", "12.0");
}

/* 12.0-3: unused MP are lost; each movement part starts with the full factor. */
static void
test_mp_not_carried_over (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 601);
  ACT (game, "move ger-19pz 0602");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 9);
  ACT (game, "end");   /* movement part */
  ACT (game, "end");   /* combat part */
  ACT (game, "end");   /* VII */
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_GERMAN_2);
  g_assert_cmpint (kessel_game_get_order (game), ==, KESSEL_ORDER_FIGHT_MOVE);
  ACT (game, "end");   /* the combat part of VIII */
  g_assert_cmpint (kessel_game_get_segment (game), ==, KESSEL_SEGMENT_MOVEMENT);
  ACT (game, "move ger-19pz 0603 0604 0605 0606 0607 0608 0609 0610 0510 0410");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 0);
}

/* 12.0-1, 2-10: only the moving side's units move, never static garrisons,
 * and only in a movement part. */
static void
test_who_moves (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-tg", 808);
  rules_put (game, "sov-9m", 1202);
  rules_put (game, "ger-19pz", 505);
  REFUSE (game, "move ger-tg 0807", "2.7");
  REFUSE (game, "move sov-9m 1203", "12.0");
  ACT (game, "end");
  REFUSE (game, "move ger-19pz 0504", "12.0");
}

static gboolean
moves_units (const KesselAction *action, int n_units)
{
  return action->type == KESSEL_ACTION_MOVE && action->n_units == n_units;
}

static guint
count_moves_of (GArray *actions, int n_units)
{
  guint n = 0;

  for (guint i = 0; i < actions->len; i++)
    n += moves_units (&g_array_index (actions, KesselAction, i), n_units);
  return n;
}

/* 12.0-1: units move singly or as stacks, and so any group of a stack
 * moves together. The list of legal actions holds the moves of single
 * units and whole stacks (the computer players choose among those); the
 * moves of the other groups are listed apart, and each is legal. */
static void
test_part_of_a_stack_moves (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) parts = NULL;
  g_autoptr(GArray) none = NULL;
  gboolean pair_listed = FALSE;

  rules_put (game, "ger-19pz", 505);
  rules_put (game, "ger-371", 505);
  rules_put (game, "ger-bn", 505);
  all = kessel_game_list_actions (game);
  g_assert_cmpuint (count_moves_of (all, 1), >, 0);
  g_assert_cmpuint (count_moves_of (all, 3), >, 0);
  g_assert_cmpuint (count_moves_of (all, 2), ==, 0);
  parts = kessel_game_list_part_stack_moves (game);
  g_assert_cmpuint (parts->len, >, 0);
  g_assert_cmpuint (count_moves_of (parts, 2), ==, parts->len);
  for (guint i = 0; i < parts->len; i++)
    {
      const KesselAction *move = &g_array_index (parts, KesselAction, i);
      g_autofree char *text = kessel_game_action_to_string (game, move);

      g_assert_true (kessel_game_check (game, move, NULL));
      g_assert_true (LEGAL (game, text));
      pair_listed |= move->units[0] + move->units[1] == P (game, "ger-19pz") + P (game, "ger-bn")
                     && (move->units[0] == P (game, "ger-19pz") || move->units[1] == P (game, "ger-19pz"));
    }
  g_assert_true (pair_listed);
  /* Typed, the pair moves and the third unit stays. */
  ACT (game, "move ger-19pz+ger-bn 0506");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 506);
  g_assert_cmpint (rules_hex_of (game, "ger-bn"), ==, 506);
  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 505);
  /* Two units left in each hex: no part of two or more but not all. */
  g_clear_pointer (&parts, g_array_unref);
  parts = kessel_game_list_part_stack_moves (game);
  g_assert_cmpuint (parts->len, ==, 0);
  ACT (game, "end");
  none = kessel_game_list_part_stack_moves (game);
  g_assert_cmpuint (none->len, ==, 0);
}

/* 7.0-1: a unit's zone covers its own hex and the six around it; 2-11
 * garrisons have one too; 7.0-2 a river does not stop it. 7.2-3: none off
 * the map. */
static void
test_zoc_extent (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-tg", 808);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 808), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 807), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 909), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 708), KESSEL_SIDE_GERMAN));   /* across a river */
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 806), KESSEL_SIDE_GERMAN));
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 808), KESSEL_SIDE_SOVIET));
}

/* 7.2-1: a unit entering an enemy zone stops for the rest of the phase. */
static void
test_stop_on_entering_ezoc (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 705);
  rules_put (game, "ger-19pz", 503);
  REFUSE (game, "move ger-19pz 0603 0604 0605", "7.2");
  g_assert_cmpint (rules_reach (game, "ger-19pz", 604), ==, 2);
  ACT (game, "move ger-19pz 0603 0604");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 604);
  REFUSE (game, "move ger-19pz 0504", "7.2");
}

/* 7.2-2: a unit starting in an enemy zone may leave, but its first hex must
 * be free of enemy zones. */
static void
test_leave_ezoc (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 705);
  rules_put (game, "ger-19pz", 604);
  REFUSE (game, "move ger-19pz 0605", "7.2");
  g_assert_cmpint (rules_reach (game, "ger-19pz", 605), ==, 2);   /* by 0505 */
  ACT (game, "move ger-19pz 0504 0505 0605");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 605);
}

/* 7.1-1: friendly units in a hex do not cancel the enemy zone there. */
static void
test_friendly_units_do_not_negate (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 705);
  rules_put (game, "ger-bn", 604);
  rules_put (game, "ger-19pz", 603);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 604), KESSEL_SIDE_SOVIET));
  REFUSE (game, "move ger-19pz 0604 0504", "7.2");
}

/* 7.5-1, 5.1-3: no zones of control at all in Storm. */
static void
test_storm_no_zoc (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 705);
  rules_put (game, "ger-19pz", 603);
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 604), KESSEL_SIDE_SOVIET));
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 705), KESSEL_SIDE_SOVIET));
  ACT (game, "move ger-19pz 0604 0605 0606");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 606);
}

/* 12.3-1, 5.1-4: no river costs in Frost. */
static void
test_no_river_cost_in_frost (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_FROST);
  KesselReach *reach;
  int piece = P (game, "ger-19pz");
  guint rolled;

  rules_put (game, "ger-19pz", 703);
  reach = kessel_game_reachable (game, &piece, 1);
  g_assert_cmpint (reach[H (game, 803)].cost, ==, 1);
  g_assert_false (reach[H (game, 803)].needs_roll);
  g_free (reach);
  rolled = kessel_game_get_dice_rolled (game);
  ACT (game, "move ger-19pz 0803");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, rolled);
  g_assert_cmpint (kessel_game_get_piece_mp (game, piece), ==, 12);
}

static int
count_log (KesselGame *game, const char *text)
{
  int n = 0;

  for (int i = 0; i < kessel_game_get_n_log (game); i++)
    if (strstr (kessel_game_get_log (game, i)->text, text) != NULL)
      n++;
  return n;
}

/* 12.3-3: in Thaw the crossing is rolled as the stack crosses, once for the
 * whole stack, and the result is added to the cost of the hex. */
static void
test_river_roll_once_per_stack (void)
{
  for (int face = 1; face <= 6; face++)
    {
      g_autofree char *pattern = g_strdup_printf ("%d", face);
      g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for (pattern), 2,
                                                          KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
      int extra = kessel_table_river_cost (KESSEL_WEATHER_THAW, face);
      KesselReach *reach;
      int piece = P (game, "ger-19pz");

      rules_clear (game);
      rules_order (game, "move-fight");
      rules_put (game, "ger-19pz", 703);
      rules_put (game, "ger-509", 703);
      reach = kessel_game_reachable (game, &piece, 1);
      g_assert_true (reach[H (game, 803)].needs_roll);
      g_assert_cmpint (reach[H (game, 803)].cost, ==, 1);   /* the roll at its least */
      g_free (reach);
      ACT (game, "move ger-19pz+ger-509 0803");
      g_assert_cmpint (kessel_game_get_dice_rolled (game), ==, 1);
      g_assert_cmpint (rules_last_die (game), ==, face);
      g_assert_cmpint (count_log (game, "cross the Zbruch"), ==, 1);
      g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 10 - 1 - extra);
      g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-509")), ==, 10 - 1 - extra);
    }
}

/* 12.3-3: the Dnestr, Bug and Prut add 1 to the die; Storm reads its own row. */
static void
test_river_major_and_storm (void)
{
  g_autoptr(KesselGame) thaw = rules_position_seeded ("rules.kessel", rules_seed_for ("5"), 2,
                                                      KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) storm = rules_position_seeded ("rules.kessel", rules_seed_for ("4"), 2,
                                                       KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_STORM);

  rules_clear (thaw);
  rules_order (thaw, "move-fight");
  rules_put (thaw, "ger-19pz", 706);
  ACT (thaw, "move ger-19pz 0806");
  /* Die 5 + 1 = 6 on the Thaw row: +3 (a minor river would give +2). */
  g_assert_cmpint (kessel_table_river_cost (KESSEL_WEATHER_THAW, 6), ==, 3);
  g_assert_cmpint (kessel_game_get_piece_mp (thaw, P (thaw, "ger-19pz")), ==, 10 - 1 - 3);

  rules_clear (storm);
  rules_order (storm, "move-fight");
  rules_put (storm, "ger-19pz", 703);
  ACT (storm, "move ger-19pz 0803");
  /* Die 4 on the Storm row: +2 (Thaw would give +1). */
  g_assert_cmpint (kessel_table_river_cost (KESSEL_WEATHER_STORM, 4), ==, 2);
  g_assert_cmpint (kessel_game_get_piece_mp (storm, P (storm, "ger-19pz")), ==, 7 - 1 - 2);
  /* One unit crosses, to either side's eyes. */
  g_assert_cmpint (count_log (storm, "crosses the Zbruch"), ==, 1);
  for (int i = 0; i < kessel_game_get_n_log (storm); i++)
    {
      const KesselLogEntry *entry = kessel_game_get_log (storm, i);

      if (strstr (entry->text, "Zbruch") != NULL)
        g_assert_true (g_str_has_prefix (entry->hidden_text, "A German unit crosses the Zbruch"));
    }
}

/* 12.3-2: no crossing cost into or out of a town or fortified locality. */
static void
test_no_river_cost_at_towns (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  int piece = P (game, "ger-19pz");

  rules_put (game, "ger-19pz", 708);
  ACT (game, "move ger-19pz 0808");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (kessel_game_get_piece_mp (game, piece), ==, 9);
  ACT (game, "move ger-19pz 0708");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (kessel_game_get_piece_mp (game, piece), ==, 8);
}

/* 371 Inf has moved six hexes to 0703 and failed to pay its roll (a 6) into
 * 0803; the next die is a 1. */
static KesselGame *
failed_crossing (gboolean retry)
{
  KesselGame *game = rules_position_seeded ("rules.kessel", rules_seed_for ("6|1"), 2,
                                            KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_set_option (game, "river-crossing-retry", retry);
  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "ger-371", 709);
  ACT (game, "move ger-371 0708 0707 0706 0705 0704 0703 0803");
  return game;
}

/* 12.2-1 with the ruling on 12.3-3: a roll that makes the hex too dear
 * leaves the unit where it is, with its MP. */
static void
test_unaffordable_roll (void)
{
  g_autoptr(KesselGame) game = failed_crossing (FALSE);

  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 703);
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-371")), ==, 1);
  g_assert_true (rules_log_contains (game, "stops in 0703, the last hex it could pay for: entering 0803 would cost 4 MP, with 1 left (12.2)"));
}

/* 12.3-3, ruling: the roll a unit could not pay stands for the rest of the
 * movement part, so the same hexside is closed to it; it may go elsewhere. */
static void
test_failed_roll_stands (void)
{
  g_autoptr(KesselGame) game = failed_crossing (FALSE);

  g_assert_cmpint (rules_reach (game, "ger-371", 803), ==, -1);
  REFUSE (game, "move ger-371 0803", "12.3");
  g_assert_cmpint (rules_reach (game, "ger-371", 802), ==, 1);
  ACT (game, "move ger-371 0802");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 1);
}

/* 12.3-3 with the option river-crossing-retry: a new try at the same
 * hexside rolls again. */
static void
test_retry_option_rolls_again (void)
{
  g_autoptr(KesselGame) game = failed_crossing (TRUE);

  g_assert_cmpint (rules_reach (game, "ger-371", 803), ==, 1);
  ACT (game, "move ger-371 0803");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 2);
  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 803);
}

/* 12.2-1: a dear roll leaves the hexes after the crossing unaffordable; the
 * stack stops in the last hex it could pay for, and the log names it. */
static void
test_stop_at_last_affordable_hex (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("6"), 2,
                                                      KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "ger-371", 704);
  /* Seven hexes at 1 MP with the roll at its least; the 6 adds 3. */
  ACT (game, "move ger-371 0703 0803 0903 0904 0905 0906 0907");
  g_assert_cmpint (rules_hex_of (game, "ger-371"), ==, 904);
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-371")), ==, 0);
  g_assert_true (rules_log_contains (game, "371 Inf stops in 0904, the last hex it could pay for: "
                                           "entering 0905 would cost 1 MP, with 0 left (12.2)."));
}

/* 12.3-3: the reachable hexes mark a river roll only where every cheapest
 * route needs one, and give back the certain route where one is as cheap. */
static void
test_roll_only_where_every_cheapest_route_rolls (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  int piece = P (game, "ger-371");
  KesselReach *reach;

  rules_put (game, "ger-371", 703);
  reach = kessel_game_reachable (game, &piece, 1);
  /* 0803 straight across the Zbruch costs 1 and a roll; round by 0802, 2. */
  g_assert_cmpint (reach[H (game, 803)].cost, ==, 1);
  g_assert_true (reach[H (game, 803)].needs_roll);
  /* 0903 costs 2 across the river by 0803 and 2 round it by 0802. */
  g_assert_cmpint (reach[H (game, 903)].cost, ==, 2);
  g_assert_false (reach[H (game, 903)].needs_roll);
  g_assert_cmpint (reach[H (game, 903)].previous, ==, H (game, 802));
  /* 0904 costs 2 only across the river (round it, 3): it needs the roll. */
  g_assert_cmpint (reach[H (game, 904)].cost, ==, 2);
  g_assert_true (reach[H (game, 904)].needs_roll);
  g_free (reach);
}

/* 12.3-4: the optional flat +3 for every crossing that would cost anything. */
static void
test_flat_river_crossing (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) frost = german_movement (2, KESSEL_WEATHER_FROST);
  int piece = P (game, "ger-19pz");
  KesselReach *reach;

  rules_set_option (game, "flat-river-crossing", TRUE);
  rules_put (game, "ger-19pz", 703);
  reach = kessel_game_reachable (game, &piece, 1);
  /* Straight across costs 1 + 3; round by 0802 costs 2. */
  g_assert_cmpint (reach[H (game, 803)].cost, ==, 2);
  g_assert_false (reach[H (game, 803)].needs_roll);
  g_free (reach);
  ACT (game, "move ger-19pz 0803");
  g_assert_cmpuint (kessel_game_get_dice_rolled (game), ==, 0);
  g_assert_cmpint (kessel_game_get_piece_mp (game, piece), ==, 6);

  rules_set_option (frost, "flat-river-crossing", TRUE);
  rules_put (frost, "ger-19pz", 703);
  g_assert_cmpint (rules_reach (frost, "ger-19pz", 803), ==, 1);
}

/* 12.4-1: entering a hex of a KG's range costs nothing; chained KGs make a
 * free corridor; leaving the range costs as usual (12.4-5). */
static void
test_kg_traffic_bonus (void)
{
  g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 503);
  g_assert_cmpint (rules_reach (game, "ger-19pz", 507), ==, 4);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 505));
  g_assert_true (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  g_assert_cmpint (rules_reach (game, "ger-19pz", 506), ==, 0);
  g_assert_cmpint (rules_reach (game, "ger-19pz", 507), ==, 1);
  kessel_game_set_kg (game, KESSEL_KG_GOLNICK, H (game, 508));
  g_assert_cmpint (rules_reach (game, "ger-19pz", 509), ==, 0);
  g_assert_cmpint (rules_reach (game, "ger-19pz", 510), ==, 1);
  ACT (game, "move ger-19pz 0504 0505 0506 0507 0508 0509 0510");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 9);
}

/* 12.4-3: any Soviet zone of control reaching the range cancels the KG's
 * traffic bonus altogether. */
static void
test_kg_bonus_lost_to_soviet_zoc (void)
{
  g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 503);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 505));
  rules_put (game, "sov-9m", 805);   /* three hexes away: no zone in the range */
  g_assert_true (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  rules_put (game, "sov-9m", 705);   /* two away: its zone covers 0604 and 0605 */
  g_assert_false (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  g_assert_cmpint (rules_reach (game, "ger-19pz", 506), ==, 3);
}

/* 12.4-2: no traffic bonus in Storm. */
static void
test_kg_no_bonus_in_storm (void)
{
  g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_STORM);

  rules_put (game, "ger-19pz", 503);
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 505));
  g_assert_false (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  g_assert_cmpint (rules_reach (game, "ger-19pz", 506), ==, 3);
}

/* 12.5-1: Soviet units never enter the area west of the Strypa and north of
 * the Dnestr. */
static void
test_soviet_closed_area (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 301);
  REFUSE (game, "move sov-9m 0201", "12.5");
  REFUSE (game, "move sov-9m 0302 0202", "12.5");
  g_assert_cmpint (rules_reach (game, "sov-9m", 201), ==, -1);
  ACT (game, "move sov-9m 0302");
}

/* 7.2-4: the Soviet zone of control reaches into the closed area, and a
 * German unit moving there stops in it. */
static void
test_soviet_zoc_in_closed_area (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);

  rules_put (game, "sov-9m", 301);
  rules_put (game, "ger-bn", 103);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 201), KESSEL_SIDE_SOVIET));
  REFUSE (game, "move ger-bn 0102 0201 0202", "7.2");
  ACT (game, "move ger-bn 0102 0201");
  REFUSE (game, "move ger-bn 0202", "7.2");
}

/* 2-11: a static garrison is a ground unit and has a zone of control: a
 * Soviet unit entering it stops. */
static void
test_garrison_zoc (void)
{
  g_autoptr(KesselGame) game = soviet_movement (KESSEL_WEATHER_THAW);

  rules_put (game, "ger-tg", 808);
  rules_put (game, "sov-9m", 1007);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 908), KESSEL_SIDE_GERMAN));
  REFUSE (game, "move sov-9m 0908 0907", "7.2");
  ACT (game, "move sov-9m 0908");
  g_assert_cmpint (rules_hex_of (game, "sov-9m"), ==, 908);
}

/* 7.2-3: a zone of control does not reach off the map: a unit in the corner
 * hex 0101 has a zone over that hex and its two neighbours on the map only. */
static void
test_no_zoc_off_map (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  int in_zoc = 0;

  rules_put (game, "ger-bn", 101);
  for (int hex = 0; hex < kessel_map_get_hex_count (map); hex++)
    in_zoc += kessel_game_in_zoc_of (game, hex, KESSEL_SIDE_GERMAN);
  g_assert_cmpint (in_zoc, ==, 3);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 102), KESSEL_SIDE_GERMAN));
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 201), KESSEL_SIDE_GERMAN));
}

/* 12.1-1: the factors of the table for every class and weather, for Soviet
 * units as for German ones: in supply a Soviet corps has the full factor. */
static void
test_movement_factor_table (void)
{
  g_autoptr(KesselGame) game = soviet_movement (KESSEL_WEATHER_THAW);

  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_NON_MECHANIZED, KESSEL_WEATHER_STORM), ==, 5);
  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_NON_MECHANIZED, KESSEL_WEATHER_THAW), ==, 7);
  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_NON_MECHANIZED, KESSEL_WEATHER_FROST), ==, 9);
  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, KESSEL_WEATHER_STORM), ==, 7);
  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, KESSEL_WEATHER_THAW), ==, 10);
  g_assert_cmpint (kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, KESSEL_WEATHER_FROST), ==, 13);
  g_assert_cmpint (factor_of (game, "sov-9m", 1005, 1006), ==, 10);
  g_assert_cmpint (factor_of (game, "sov-60r", 1103, 1104), ==, 7);
}

/* 5.1-4: in Frost a river costs nothing to cross, a major one too: the
 * Dnestr costs a Soviet corps its terrain only, where in Thaw it rolls. */
static void
test_frost_frees_rivers (void)
{
  g_autoptr(KesselGame) frost = soviet_movement (KESSEL_WEATHER_FROST);
  g_autoptr(KesselGame) thaw = soviet_movement (KESSEL_WEATHER_THAW);
  int piece = P (frost, "sov-9m");
  KesselReach *reach;

  rules_put (frost, "sov-9m", 706);
  rules_put (thaw, "sov-9m", 706);
  reach = kessel_game_reachable (frost, &piece, 1);
  g_assert_cmpint (reach[H (frost, 806)].cost, ==, 1);
  g_assert_false (reach[H (frost, 806)].needs_roll);
  g_free (reach);
  ACT (frost, "move sov-9m 0806");
  g_assert_cmpuint (kessel_game_get_dice_rolled (frost), ==, 0);
  g_assert_cmpint (kessel_game_get_piece_mp (frost, piece), ==, 12);
  /* In Thaw the same crossing rolls, and the Dnestr adds at least 1. */
  ACT (thaw, "move sov-9m 0806");
  g_assert_cmpuint (kessel_game_get_dice_rolled (thaw), ==, 1);
  g_assert_cmpint (kessel_game_get_piece_mp (thaw, piece), <=, 10 - 2);
}

/* 3.3-1: the last side to move through a hex controls it. */
static void
test_control_by_moving_through (void)
{
  g_autoptr(KesselGame) game = rules_position ("rules.kessel", 1, KESSEL_PHASE_SOVIET_1, KESSEL_WEATHER_THAW);

  rules_clear (game);
  rules_put (game, "sov-9m", 1007);
  g_assert_cmpint (kessel_game_get_control (game, H (game, 1008)), ==, KESSEL_SIDE_GERMAN);
  ACT (game, "move sov-9m 1008 1009");
  g_assert_cmpint (kessel_game_get_control (game, H (game, 1008)), ==, KESSEL_SIDE_SOVIET);
  g_assert_cmpint (kessel_game_get_control (game, H (game, 1009)), ==, KESSEL_SIDE_SOVIET);
}

/* 3.2-6: on turn 1 a German unit set up in column 23 or east may not move
 * west of it. */
static void
test_stand_fast (void)
{
  g_autoptr(KesselGame) game = rules_position ("example-turn.kessel", 1, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) later = rules_position ("example-turn.kessel", 2, KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);

  rules_order (game, "move-fight");
  REFUSE (game, "move ger-96 2210", "3.2");
  REFUSE (game, "move ger-96 2410 2409 2309 2209", "3.2");
  ACT (game, "move ger-96 2410");
  /* Units set up west of the line move freely. */
  ACT (game, "move ger-100j 1817");

  rules_order (later, "move-fight");
  ACT (later, "move ger-96 2210");
}

/* Undo of a move that rolled nothing restores the game exactly. */
static void
test_undo_move (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  g_autoptr(KesselGame) before = NULL;

  rules_put (game, "ger-19pz", 601);
  before = kessel_game_copy (game);
  ACT (game, "move ger-19pz 0602 0603");
  g_assert_false (kessel_game_equal (game, before));
  g_assert_true (kessel_game_can_undo (game));
  g_assert_true (kessel_game_undo (game, NULL));
  g_assert_true (kessel_game_equal (game, before));
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 601);
  g_assert_true (kessel_game_redo (game, NULL));
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 603);

  /* A move that rolled a die cannot be undone. */
  rules_put (game, "ger-509", 703);
  ACT (game, "move ger-509 0803");
  g_assert_false (kessel_game_can_undo (game));
}

/* 12.4-5: crossing a river out of a KG's range pays the usual costs; inside
 * the range the crossing is free. */
static void
test_kg_range_left_across_river (void)
{
  const struct { int kg; int mp_spent; } cases[] = {
    { 0, 1 + 1 + 3 },   /* no KG: 0703, then the Zbruch and 0803 */
    { 602, 1 + 3 },     /* range holds 0703 but not 0803 */
    { 703, 0 },         /* range holds both banks */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_THAW);
      int pz = P (game, "ger-19pz");

      rules_set_option (game, "flat-river-crossing", TRUE);
      rules_put (game, "ger-19pz", 603);
      if (cases[i].kg != 0)
        kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, cases[i].kg));
      ACT (game, "move ger-19pz 0703 0803");
      g_assert_cmpint (kessel_game_get_piece_mp (game, pz), ==, 10 - cases[i].mp_spent);
    }
}

/* 2-1: every hex has a four-digit number XXYY, column then row; a unit on
 * the map stands in exactly one hex. */
static void
test_hex_numbers (void)
{
  g_autoptr(KesselGame) game = german_movement (2, KESSEL_WEATHER_THAW);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  const KesselGrid *grid = kessel_map_get_grid (map);
  g_autofree char *label = NULL;
  int column, row;

  kessel_grid_column_row (grid, H (game, 507), &column, &row);
  g_assert_cmpint (column, ==, 5);
  g_assert_cmpint (row, ==, 7);
  g_assert_cmpint (kessel_grid_hex_number (grid, H (game, 1210)), ==, 1210);
  label = kessel_grid_format_hex (grid, H (game, 101));
  g_assert_cmpstr (label, ==, "0101");
  g_assert_cmpint (kessel_grid_hex_from_number (grid, 1211), ==, KESSEL_HEX_NONE);
  g_assert_cmpint (kessel_grid_hex_from_number (grid, 1301), ==, KESSEL_HEX_NONE);

  rules_put (game, "ger-19pz", 505);
  rules_put (game, "ger-509", 505);
  rules_put (game, "sov-9m", 909);
  ACT (game, "move ger-19pz 0504");
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      int found = 0;

      for (int hex = 0; hex < kessel_grid_hex_count (grid); hex++)
        {
          g_autoptr(GArray) here = kessel_game_get_pieces_at (game, hex);
          for (guint i = 0; i < here->len; i++)
            found += g_array_index (here, int, i) == p;
        }
      g_assert_cmpint (found, ==, kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP ? 1 : 0);
    }
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 504);
  g_assert_cmpint (rules_hex_of (game, "ger-509"), ==, 505);
}

/* 5.1-2: the weather of the turn sets the movement factors of both sides. */
static void
test_weather_sets_both_sides (void)
{
  g_autoptr(KesselGame) game = soviet_movement (KESSEL_WEATHER_STORM);

  rules_put (game, "sov-9m", 505);
  rules_put (game, "sov-60r", 805);
  rules_put (game, "ger-19pz", 309);
  rules_put (game, "ger-371", 109);
  ACT (game, "move sov-9m 0504");
  ACT (game, "move sov-60r 0804");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "sov-9m")), ==, 7 - 1);
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "sov-60r")), ==, 5 - 1);
  rules_run_to (game, 2, KESSEL_PHASE_GERMAN_1);
  g_assert_cmpint (kessel_game_get_weather (game), ==, KESSEL_WEATHER_STORM);
  rules_order (game, "move-fight");
  ACT (game, "move ger-19pz 0308");
  ACT (game, "move ger-371 0108");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 7 - 1);
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-371")), ==, 5 - 1);
}

/* 7.0-2: terrain and rivers do not stop a zone of control; a KG marker has
 * none. */
static void
test_zoc_terrain_and_markers (void)
{
  g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_THAW);
  const int around[] = { 303, 403, 404, 305, 204, 203 };   /* forest, clear, town, marsh ... */

  rules_put (game, "sov-9m", 304);   /* rough */
  for (guint i = 0; i < G_N_ELEMENTS (around); i++)
    g_assert_true (kessel_game_in_zoc_of (game, H (game, around[i]), KESSEL_SIDE_SOVIET));
  rules_put (game, "sov-6g", 803);
  g_assert_true (kessel_game_in_zoc_of (game, H (game, 703), KESSEL_SIDE_SOVIET));   /* across the Zbruch */
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 909));
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 909), KESSEL_SIDE_GERMAN));
  g_assert_false (kessel_game_in_zoc_of (game, H (game, 908), KESSEL_SIDE_GERMAN));
}

/* 12.4-4: inside a KG's range a unit still stops on entering an enemy zone;
 * with that zone in the range, the bonus is off and costs are the usual ones. */
static void
test_kg_range_ezoc_stops (void)
{
  g_autoptr(KesselGame) game = german_movement (3, KESSEL_WEATHER_THAW);

  rules_put (game, "ger-19pz", 503);
  rules_put (game, "sov-9m", 705);   /* its zone covers 0604 and 0605 */
  kessel_game_set_kg (game, KESSEL_KG_BREITH, H (game, 505));
  g_assert_false (kessel_game_kg_traffic_active (game, KESSEL_KG_BREITH));
  REFUSE (game, "move ger-19pz 0504 0604 0605", "7.2");
  ACT (game, "move ger-19pz 0504 0604");
  g_assert_cmpint (kessel_game_get_piece_mp (game, P (game, "ger-19pz")), ==, 10 - 2);
  REFUSE (game, "move ger-19pz 0605", "7.2");
}

/* 12.0-4: retreats and advances are not movement and cost no MP: a unit
 * with none left still advances. */
static void
test_advance_costs_no_mp (void)
{
  g_autoptr(KesselGame) game = rules_position_seeded ("rules.kessel", rules_seed_for ("1"), 2,
                                                      KESSEL_PHASE_GERMAN_1, KESSEL_WEATHER_THAW);
  int pz = P (game, "ger-19pz");

  rules_clear (game);
  rules_order (game, "move-fight");
  rules_put (game, "sov-9m", 606);
  rules_put (game, "ger-19pz", 601);
  ACT (game, "move ger-19pz 0701 0702 0703 0704 0604 0504 0404 0405 0505 0605");
  g_assert_cmpint (kessel_game_get_piece_mp (game, pz), ==, 0);
  ACT (game, "end");
  ACT (game, "attack ger-19pz 0606");   /* 5 to 6, 1:2, die 1: DR */
  ACT (game, "retreat sov-9m 0707");
  ACT (game, "advance ger-19pz");
  g_assert_cmpint (rules_hex_of (game, "ger-19pz"), ==, 606);
  g_assert_cmpint (kessel_game_get_piece_mp (game, pz), ==, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/2-5/movement-factors", test_movement_factors);
  g_test_add_func ("/rules/2-3/artillery-moves-mechanized", test_artillery_mechanized);
  g_test_add_func ("/rules/2-4/18ad-moves-mechanized", test_18ad_mechanized);
  g_test_add_func ("/rules/12.0-2/terrain-costs", test_terrain_costs);
  g_test_add_func ("/rules/12.0-3/cannot-overspend", test_cannot_overspend);
  g_test_add_func ("/rules/12.0-3/mp-not-carried-over", test_mp_not_carried_over);
  g_test_add_func ("/rules/12.0-1/who-moves", test_who_moves);
  g_test_add_func ("/rules/12.0-1/part-of-a-stack-moves", test_part_of_a_stack_moves);
  g_test_add_func ("/rules/7.0-1/zoc-extent", test_zoc_extent);
  g_test_add_func ("/rules/7.2-1/stop-on-entering-ezoc", test_stop_on_entering_ezoc);
  g_test_add_func ("/rules/7.2-2/leave-ezoc-first-hex-free", test_leave_ezoc);
  g_test_add_func ("/rules/7.1-1/friendly-units-do-not-negate", test_friendly_units_do_not_negate);
  g_test_add_func ("/rules/7.5-1/storm-no-zoc", test_storm_no_zoc);
  g_test_add_func ("/rules/12.3-1/no-cost-in-frost", test_no_river_cost_in_frost);
  g_test_add_func ("/rules/12.3-3/one-roll-per-stack", test_river_roll_once_per_stack);
  g_test_add_func ("/rules/12.3-3/major-river-and-storm-row", test_river_major_and_storm);
  g_test_add_func ("/rules/12.3-2/no-cost-at-towns", test_no_river_cost_at_towns);
  g_test_add_func ("/rules/12.2-1/unaffordable-roll", test_unaffordable_roll);
  g_test_add_func ("/rules/12.3-3/failed-roll-stands", test_failed_roll_stands);
  g_test_add_func ("/rules/12.3-3/retry-option-rolls-again", test_retry_option_rolls_again);
  g_test_add_func ("/rules/12.3-3/roll-only-where-every-cheapest-route-rolls", test_roll_only_where_every_cheapest_route_rolls);
  g_test_add_func ("/rules/12.2-1/stop-at-last-affordable-hex", test_stop_at_last_affordable_hex);
  g_test_add_func ("/rules/12.3-4/flat-river-crossing", test_flat_river_crossing);
  g_test_add_func ("/rules/12.4-1/kg-traffic-bonus", test_kg_traffic_bonus);
  g_test_add_func ("/rules/12.4-3/kg-bonus-lost-to-soviet-zoc", test_kg_bonus_lost_to_soviet_zoc);
  g_test_add_func ("/rules/12.4-2/kg-no-bonus-in-storm", test_kg_no_bonus_in_storm);
  g_test_add_func ("/rules/12.5-1/soviet-closed-area", test_soviet_closed_area);
  g_test_add_func ("/rules/7.2-4/soviet-zoc-in-closed-area", test_soviet_zoc_in_closed_area);
  g_test_add_func ("/rules/2-11/garrison-zoc", test_garrison_zoc);
  g_test_add_func ("/rules/7.2-3/no-zoc-off-map", test_no_zoc_off_map);
  g_test_add_func ("/rules/12.1-1/movement-factor-table", test_movement_factor_table);
  g_test_add_func ("/rules/5.1-4/frost-frees-rivers", test_frost_frees_rivers);
  g_test_add_func ("/rules/3.3-1/control-by-moving-through", test_control_by_moving_through);
  g_test_add_func ("/rules/3.2-6/stand-fast", test_stand_fast);
  g_test_add_func ("/rules/12.0/undo-move", test_undo_move);
  g_test_add_func ("/rules/12.4-5/kg-range-left-across-river", test_kg_range_left_across_river);
  g_test_add_func ("/rules/2-1/hex-numbers", test_hex_numbers);
  g_test_add_func ("/rules/5.1-2/weather-sets-both-sides", test_weather_sets_both_sides);
  g_test_add_func ("/rules/7.0-2/zoc-through-terrain-not-markers", test_zoc_terrain_and_markers);
  g_test_add_func ("/rules/12.4-4/ezoc-stops-inside-range", test_kg_range_ezoc_stops);
  g_test_add_func ("/rules/12.0-4/advance-costs-no-mp", test_advance_costs_no_mp);
  return g_test_run ();
}
