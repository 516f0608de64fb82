/* test-play-aids.c: the aids of play in the window: the card that shows each
 * combat's result over the map, and the quick set-up (every unit at its
 * printed hex, the map brought to the lit hexes, the list of units still to
 * place). Needs a display; without one every test is skipped. */
#include "kessel-config.h"

#include <string.h>

#include "editor-driver.h"
#include "kessel-application.h"
#include "kessel-window.h"

#define SEED 20260311
#define N_COMBATS 8

static gboolean have_display;
static KesselApplication *app;

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

/* A new game of the shipped scenario between two humans at one screen. */
static KesselWindow *
new_game_window (gboolean fog_of_war)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  kessel_window_new_game (window, SEED);
  kessel_play_panel_set_fog_of_war (kessel_window_get_play_panel (window), fog_of_war);
  kessel_combat_card_set_timeout (kessel_window_get_combat_card (window), 0);
  driver_settle ();
  return window;
}

static char *
hex_text (KesselGame *game, int hex)
{
  return kessel_grid_format_hex (kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game))), hex);
}

/* The card's line for a unit, from its name to the end of the line. */
static char *
unit_line (const char *text, KesselGame *game, int piece)
{
  g_autofree char *start = g_strdup_printf ("\n  %s: ", kessel_unit_get_label (kessel_game_get_piece_unit (game, piece)));
  const char *found = strstr (text, start);
  const char *end;

  g_assert_nonnull (found);
  found += strlen (start);
  end = strchr (found, '\n');
  return end != NULL ? g_strndup (found, end - found) : g_strdup (found);
}

/* What the card says of a unit matches the game: its steps against those it
 * had when the attack was declared, where it stands and whether it is gone. */
static void
check_fate (KesselGame *game, const char *text, const KesselCombatFate *fate, int steps_before, int target)
{
  g_autofree char *line = unit_line (text, game, fate->piece);
  gboolean gone = kessel_game_get_piece_status (game, fate->piece) != KESSEL_PIECE_ON_MAP;

  g_assert_cmpint (fate->eliminated, ==, gone);
  if (gone)
    {
      g_assert_nonnull (strstr (line, "eliminated"));
      return;
    }
  g_assert_cmpint (fate->steps_lost, ==, steps_before - kessel_game_get_piece_steps (game, fate->piece));
  if (fate->steps_lost > 0)
    g_assert_nonnull (strstr (line, "lost"));
  if (fate->retreat_hex != KESSEL_HEX_NONE)
    {
      g_autofree char *where = hex_text (game, fate->retreat_hex);
      g_autofree char *words = g_strdup_printf ("retreated to %s", where);

      g_assert_cmpint (kessel_game_get_piece_hex (game, fate->piece), ==, fate->retreat_hex);
      g_assert_nonnull (strstr (line, words));
    }
  if (fate->advanced)
    {
      g_autofree char *where = hex_text (game, target);
      g_autofree char *words = g_strdup_printf ("advanced into %s", where);

      g_assert_cmpint (kessel_game_get_piece_hex (game, fate->piece), ==, target);
      g_assert_nonnull (strstr (line, words));
    }
  if (fate->steps_lost == 0 && fate->retreat_hex == KESSEL_HEX_NONE && !fate->advanced)
    g_assert_cmpstr (line, ==, "no loss");
}

/* The card's facts are the log's: the hex, the final odds, the die and the
 * result of the roll's entry, and what each unit came to. */
static void
check_card (KesselWindow *window, const KesselCombatReport *report, const int *steps_before)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselCombatCard *card = kessel_window_get_combat_card (window);
  const KesselLogEntry *entry = kessel_game_get_log (game, report->log_index);
  g_autofree char *text = kessel_combat_card_get_text (card);
  g_autofree char *where = hex_text (game, report->attack.hex);
  g_autofree char *title = g_strdup_printf ("Combat at %s", where);
  const char *odds = kessel_odds_to_string (report->odds.final);
  const char *result = kessel_result_to_string (report->result);

  g_test_message ("%s\n-- log: %s", text, entry->text);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (card)));
  g_assert_cmpint (kessel_combat_card_get_hex (card), ==, report->attack.hex);
  g_assert_true (g_str_has_prefix (text, title));
  g_assert_nonnull (strstr (entry->text, where));
  g_assert_cmpint (entry->die, ==, report->die);
  if (!report->odds.artillery_only)
    {
      g_autofree char *outcome = report->die > 0 ? g_strdup_printf ("%s, die %d: %s", odds, report->die, result)
                                                 : g_strdup_printf ("%s, automatic %s", odds, result);
      g_assert_nonnull (strstr (text, outcome));
      g_assert_nonnull (strstr (entry->text, odds));
      g_assert_nonnull (strstr (entry->text, result));
    }
  g_assert_cmpint (report->n_attackers, ==, report->attack.n_units);
  for (int i = 0; i < report->n_attackers; i++)
    check_fate (game, text, &report->attackers[i], steps_before[report->attackers[i].piece], report->attack.hex);
  for (int i = 0; i < report->n_defenders; i++)
    check_fate (game, text, &report->defenders[i], steps_before[report->defenders[i].piece], report->attack.hex);
}

static gboolean
new_finished_combat (KesselGame *game, int last_log_index, KesselCombatReport *report)
{
  return kessel_game_get_last_combat (game, report) && report->finished && report->log_index != last_log_index;
}

/* Random play until N_COMBATS combats were fought: after each, the card
 * shows it by its hex with the log's facts, and lists the phase's earlier
 * results. */
static void
test_combat_card_matches_log (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselDice dice;
  g_autofree int *steps_before = NULL;
  int combats = 0, in_phase = 0, last_log_index = -1, phase = -1, turn = -1;

  if (!need_display ())
    return;
  window = new_game_window (FALSE);
  game = kessel_window_get_game (window);
  steps_before = g_new0 (int, kessel_game_get_n_pieces (game));
  kessel_dice_init (&dice, SEED);
  for (int guard = 0; guard < 20000 && combats < N_COMBATS && !kessel_game_is_over (game); guard++)
    {
      KesselAction action;
      KesselCombatReport report;
      g_autoptr(GError) error = NULL;

      g_assert_true (kessel_game_random_action (game, &dice, &action));
      if (action.type == KESSEL_ACTION_ATTACK)
        for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
          steps_before[p] = kessel_game_get_piece_steps (game, p);
      g_assert_true (kessel_game_apply (game, &action, &error));
      g_assert_no_error (error);
      if (!new_finished_combat (game, last_log_index, &report))
        continue;
      last_log_index = report.log_index;
      if (kessel_game_get_turn (game) != turn || (int) kessel_game_get_phase (game) != phase)
        in_phase = 0;
      turn = kessel_game_get_turn (game);
      phase = kessel_game_get_phase (game);
      check_card (window, &report, steps_before);
      g_assert_cmpint (kessel_combat_card_get_n_earlier (kessel_window_get_combat_card (window)), ==, in_phase);
      in_phase++;
      combats++;
    }
  g_assert_cmpint (combats, ==, N_COMBATS);
  /* A click on the map puts it away. */
  g_signal_emit_by_name (kessel_window_get_map_view (window), "hex-activated", 0, GDK_BUTTON_SECONDARY);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (kessel_window_get_combat_card (window))));
  gtk_window_destroy (GTK_WINDOW (window));
}

static int
count (const char *text, const char *words)
{
  int n = 0;

  for (const char *at = strstr (text, words); at != NULL; at = strstr (at + 1, words))
    n++;
  return n;
}

/* 6.3: seen by the defender, the card names no attacker it may not see. */
static void
test_combat_card_fog_of_war (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselDice dice;
  int hidden_seen = 0, combats = 0, last_log_index = -1;

  if (!need_display ())
    return;
  window = new_game_window (FALSE);
  game = kessel_window_get_game (window);
  kessel_dice_init (&dice, SEED + 1);
  for (int guard = 0; guard < 40000 && combats < 40 && !kessel_game_is_over (game); guard++)
    {
      KesselAction action;
      KesselCombatReport report;
      KesselCombatCard *card;
      g_autofree char *text = NULL;
      KesselSide defender;
      int hidden = 0;

      g_assert_true (kessel_game_random_action (game, &dice, &action));
      g_assert_true (kessel_game_apply (game, &action, NULL));
      if (!new_finished_combat (game, last_log_index, &report))
        continue;
      last_log_index = report.log_index;
      combats++;
      defender = kessel_game_get_piece_side (game, report.defenders[0].piece);
      card = g_object_ref_sink (KESSEL_COMBAT_CARD (kessel_combat_card_new ()));
      g_assert_true (kessel_combat_card_update (card, game, defender));
      text = kessel_combat_card_get_text (card);
      for (int i = 0; i < report.n_attackers; i++)
        if (!report.attackers[i].eliminated
            && !kessel_game_piece_visible_to (game, report.attackers[i].piece, defender))
          hidden++;
      g_assert_cmpint (count (text, "hidden"), ==, hidden);
      hidden_seen += hidden;
      g_object_unref (card);
    }
  g_test_message ("%d combats, %d attackers hidden from the defender", combats, hidden_seen);
  g_assert_cmpint (combats, ==, 40);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Quick set-up (3.2) */

static gboolean
listed (const GArray *pieces, int piece)
{
  for (guint i = 0; i < pieces->len; i++)
    if (g_array_index (pieces, int, i) == piece)
      return TRUE;
  return FALSE;
}

static int
printed_hex (KesselGame *game, int piece)
{
  return kessel_unit_get_setup_hex (kessel_game_get_piece_unit (game, piece));
}

static gboolean
printed_hex_legal (KesselGame *game, int piece)
{
  KesselAction place;

  kessel_action_init (&place, KESSEL_ACTION_PLACE);
  kessel_action_add_unit (&place, piece);
  place.hex = printed_hex (game, piece);
  return kessel_game_check (game, &place, NULL);
}

/* The list of units to place is the German units waiting to set up; one
 * placed by hand next to its printed hex stays there; every other goes on
 * its printed hex, and those whose hex is full are left in the list. */
static void
test_quick_setup_printed_hexes (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselPlayPanel *panel;
  const GArray *to_place;
  g_autoptr(GArray) waiting = g_array_new (FALSE, FALSE, sizeof (int));
  int by_hand, by_hand_hex = KESSEL_HEX_NONE, placed;
  const KesselGrid *grid;

  if (!need_display ())
    return;
  window = new_game_window (FALSE);
  game = kessel_window_get_game (window);
  panel = kessel_window_get_play_panel (window);
  grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SETUP);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    if (kessel_game_get_piece_status (game, p) == KESSEL_PIECE_WAITING && printed_hex (game, p) >= 0
        && kessel_unit_get_arrival_turn (kessel_game_get_piece_unit (game, p)) == 0)
      g_array_append_val (waiting, p);
  to_place = kessel_play_panel_get_to_place (panel);
  g_assert_cmpuint (to_place->len, ==, waiting->len);
  g_assert_cmpuint (to_place->len, >, 1);
  for (guint i = 0; i < waiting->len; i++)
    g_assert_true (listed (to_place, g_array_index (waiting, int, i)));

  /* One by hand, next to its printed hex. */
  by_hand = g_array_index (waiting, int, 0);
  {
    int around[KESSEL_N_DIRECTIONS];

    kessel_grid_neighbours (grid, printed_hex (game, by_hand), around);
    kessel_play_panel_select_subject (panel, by_hand);
    for (int d = 0; d < KESSEL_N_DIRECTIONS && by_hand_hex == KESSEL_HEX_NONE; d++)
      if (around[d] != KESSEL_HEX_NONE && kessel_play_panel_activate_hex (panel, around[d])
          && kessel_game_get_piece_hex (game, by_hand) == around[d])
        by_hand_hex = around[d];
  }
  g_assert_cmpint (by_hand_hex, !=, KESSEL_HEX_NONE);
  g_assert_false (listed (kessel_play_panel_get_to_place (panel), by_hand));

  placed = kessel_play_panel_place_at_printed_hexes (panel);
  g_assert_cmpint (kessel_game_get_phase (game), ==, KESSEL_PHASE_SETUP);
  g_assert_cmpint (kessel_game_get_piece_hex (game, by_hand), ==, by_hand_hex);
  to_place = kessel_play_panel_get_to_place (panel);
  g_test_message ("%u units to place, %d placed at their printed hexes, %u left", waiting->len, placed, to_place->len);
  g_assert_cmpuint (placed + to_place->len + 1, ==, waiting->len);
  for (guint i = 1; i < waiting->len; i++)
    {
      int p = g_array_index (waiting, int, i);

      if (kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP)
        {
          g_assert_cmpint (kessel_game_get_piece_hex (game, p), ==, printed_hex (game, p));
          g_assert_false (listed (to_place, p));
        }
      else
        {
          g_assert_true (listed (to_place, p));
          g_assert_false (printed_hex_legal (game, p));
        }
    }
  /* Pressed again, it has nothing left to do. */
  g_assert_cmpint (kessel_play_panel_place_at_printed_hexes (panel), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
hex_in_view (KesselMapView *map_view, int hex)
{
  double x, y;

  return kessel_map_view_get_hex_center (map_view, hex, &x, &y) && x >= 0 && y >= 0
         && x <= gtk_widget_get_width (GTK_WIDGET (map_view)) && y <= gtk_widget_get_height (GTK_WIDGET (map_view));
}

/* Choosing a unit to place brings its lit hexes into view, wherever the map
 * was scrolled to. */
static void
test_quick_setup_scrolls_to_lit_hexes (void)
{
  KesselWindow *window;
  KesselGame *game;
  KesselPlayPanel *panel;
  KesselMapView *map_view;
  const GArray *to_place;

  if (!need_display ())
    return;
  window = new_game_window (FALSE);
  game = kessel_window_get_game (window);
  panel = kessel_window_get_play_panel (window);
  map_view = kessel_window_get_map_view (window);
  to_place = kessel_play_panel_get_to_place (panel);
  g_assert_cmpuint (to_place->len, >, 1);
  for (guint i = 0; i < to_place->len; i++)
    {
      int piece = g_array_index (to_place, int, i);
      GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (map_view));
      GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (map_view));

      /* Far from its hex: the corner of the map farther from it. */
      kessel_play_panel_select_subject (panel, g_array_index (to_place, int, (i + 1) % to_place->len));
      driver_settle ();
      gtk_adjustment_set_value (h, gtk_adjustment_get_lower (h));
      gtk_adjustment_set_value (v, hex_in_view (map_view, printed_hex (game, piece)) ? gtk_adjustment_get_upper (v)
                                                                                     : gtk_adjustment_get_lower (v));
      driver_settle ();
      kessel_play_panel_select_subject (panel, piece);
      driver_settle ();
      g_assert_true (hex_in_view (map_view, printed_hex (game, piece)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("kessel-aids-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  app = driver_application_new ();
  have_display = app != NULL;
  g_test_add_func ("/app/play-aids/combat-card-matches-log", test_combat_card_matches_log);
  g_test_add_func ("/app/play-aids/combat-card-fog-of-war", test_combat_card_fog_of_war);
  g_test_add_func ("/app/play-aids/quick-setup-printed-hexes", test_quick_setup_printed_hexes);
  g_test_add_func ("/app/play-aids/quick-setup-scrolls-to-lit-hexes", test_quick_setup_scrolls_to_lit_hexes);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
