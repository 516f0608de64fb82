/* demo-game-panel.c: the game panel above the log view in a 320×1000 window,
 * with a game of the shipped scenario played by random actions, for looking
 * at. Not installed.
 *
 *   demo-game-panel [--seed N] [--turn T [--wait] | --over] [--seconds S]
 *
 * plays until turn T begins its German 1st phase (default 3), with --wait on
 * until a combat waits for a loss, retreat or advance, or to the end with
 * --over, then shows the window for S seconds (default: until closed). */
#include "kessel-config.h"

#include <stdlib.h>

#include "kessel-application.h"
#include "kessel-game-panel.h"
#include "kessel-log-view.h"

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static gboolean
reached (KesselGame *game,
         int         turn,
         gboolean    wait)
{
  if (kessel_game_get_turn (game) < turn
      || (kessel_game_get_turn (game) == turn && kessel_game_get_phase (game) < KESSEL_PHASE_GERMAN_1))
    return FALSE;
  return !wait || kessel_game_get_wait (game) != KESSEL_WAIT_PHASE;
}

static void
play (KesselGame *game,
      guint64     seed,
      int         turn,
      gboolean    wait,
      gboolean    to_the_end)
{
  KesselDice player;
  KesselAction action;

  kessel_dice_init (&player, seed ^ 0x5eed);
  while (!kessel_game_is_over (game))
    {
      if (!to_the_end && reached (game, turn, wait))
        break;
      if (!kessel_game_random_action (game, &player, &action)
          || !kessel_game_apply (game, &action, NULL))
        break;
    }
}

static void
load_style (void)
{
  g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (provider, "/org/kessel/Kessel/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

int
main (int   argc,
      char *argv[])
{
  gint64 seed = 3;
  int turn = 3, seconds = 0;
  gboolean over = FALSE, wait = FALSE;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the game", "N" },
    { "turn", 0, 0, G_OPTION_ARG_INT, &turn, "Play until this turn", "T" },
    { "wait", 0, 0, G_OPTION_ARG_NONE, &wait, "Stop where a combat waits for a player", NULL },
    { "over", 0, 0, G_OPTION_ARG_NONE, &over, "Play to the end", NULL },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &seconds, "Close after this many seconds", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  GtkWidget *window, *box, *panel, *log;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  gtk_init ();
  load_style ();

  path = kessel_application_find_default_scenario ();
  scenario = path != NULL ? kessel_scenario_load_file (path, &error) : NULL;
  if (scenario == NULL)
    {
      g_printerr ("no scenario: %s\n", error != NULL ? error->message : "not found");
      return EXIT_FAILURE;
    }
  game = kessel_game_new (scenario, (guint64) seed);
  play (game, (guint64) seed, turn, wait, over);

  panel = kessel_game_panel_new ();
  kessel_game_panel_set_game (KESSEL_GAME_PANEL (panel), game);
  log = kessel_log_view_new ();
  kessel_log_view_set_game (KESSEL_LOG_VIEW (log), game);
  gtk_widget_set_vexpand (log, TRUE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_box_append (GTK_BOX (box), panel);
  gtk_box_append (GTK_BOX (box), log);

  window = gtk_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), "Kessel");
  gtk_window_set_default_size (GTK_WINDOW (window), 320, 1000);
  gtk_window_set_child (GTK_WINDOW (window), box);
  g_signal_connect_swapped (window, "destroy", G_CALLBACK (g_main_loop_quit), loop);
  gtk_window_present (GTK_WINDOW (window));
  if (seconds > 0)
    g_timeout_add_seconds (seconds, quit_loop, loop);
  g_main_loop_run (loop);
  return EXIT_SUCCESS;
}
