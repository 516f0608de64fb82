/* test-pbem-orders-window.c: standing orders and dice modes of games by
 * e-mail in the window: the new game's dice and orders before its first
 * file, Send by E-mail with a stand-in for xdg-email, the orders shown on
 * joining, a replay that shows an action the orders chose, and a shared
 * turn folder. Needs a
 * display; without one every test is skipped. With KESSEL_SCREENSHOT_DIR
 * set, pictures are written there. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "editor-driver.h"
#include "known-gtk-warnings.h"

static KesselApplication *app;

static KesselWindow *
window_with_data (const char *folder)
{
  g_autofree char *path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  g_assert_true (kessel_window_open_file (window, path, &error));
  g_assert_no_error (error);
  kessel_window_set_pbem_data_dir (window, folder);
  gtk_window_present (GTK_WINDOW (window));
  driver_settle ();
  return window;
}

/* A stand-in for xdg-email in folder, which writes its arguments to log. */
static void
fake_xdg_email (const char *folder, const char *log)
{
  g_autofree char *script = g_build_filename (folder, "xdg-email", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\nprintf '%%s\\n' \"$@\" > '%s.part'\nmv '%s.part' '%s'\n",
                                           log, log, log);
  g_autofree char *path = g_strdup_printf ("%s:%s", folder, g_getenv ("PATH"));

  g_assert_true (g_file_set_contents (script, text, -1, NULL));
  g_assert_cmpint (g_chmod (script, 0755), ==, 0);
  g_setenv ("PATH", path, TRUE);
}

/* The arguments the stand-in was given, once it ran. */
static char *
wait_for_email (const char *log)
{
  char *contents = NULL;

  for (int i = 0; i < 250 && !g_file_get_contents (log, &contents, NULL, NULL); i++)
    {
      driver_settle ();
      g_usleep (20000);
    }
  g_assert_nonnull (contents);
  g_remove (log);
  return contents;
}

/* A new game: the dice chosen in its dialog, then its orders shown before
 * the first file is written; the file sent by e-mail to the address asked
 * once. */
static void
test_new_game (void)
{
  g_autofree char *root = g_dir_make_tmp ("kessel-pbem-orders-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (root, "german", NULL);
  g_autofree char *first = g_build_filename (root, "turn-001.kesselpbem", NULL);
  g_autofree char *log = g_build_filename (root, "email.log", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *address = NULL;
  g_autofree char *saved_path = g_strdup (g_getenv ("PATH"));
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  KesselPbemDialog *dialog;
  KesselStandingOrdersDialog *orders_dialog;
  KesselStandingOrders orders;
  GtkWindow *message;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  fake_xdg_email (root, log);
  window = window_with_data (data);
  dialog = kessel_window_show_new_pbem_dialog (window);
  kessel_pbem_dialog_set_dice (dialog, KESSEL_PBEM_DICE_VERIFIED);
  kessel_pbem_dialog_set_password (dialog, "Tarnopol");
  driver_screenshot_widget (GTK_WIDGET (dialog), "pbem-new-game-dice");
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();

  orders_dialog = (KesselStandingOrdersDialog *) driver_find_dialog (window, KESSEL_TYPE_STANDING_ORDERS_DIALOG);
  g_assert_nonnull (orders_dialog);
  g_assert_null (driver_shown_chooser ());   /* the file is asked for after the orders */
  driver_screenshot_widget (GTK_WIDGET (orders_dialog), "standing-orders-german");
  kessel_standing_orders_dialog_get_orders (orders_dialog, &orders);
  g_assert_cmpint (orders.losses, ==, KESSEL_LOSS_ORDER_ARTILLERY_FIRST);   /* the defaults */
  orders.losses = KESSEL_LOSS_ORDER_WEAKEST_FIRST;
  orders.defence = KESSEL_DEFENCE_ORDER_ALWAYS;
  kessel_standing_orders_dialog_set_orders (orders_dialog, &orders);
  kessel_standing_orders_dialog_accept (orders_dialog);
  driver_settle ();
  g_assert_cmpint (kessel_pbem_get_dice (kessel_window_get_pbem (window)), ==, KESSEL_PBEM_DICE_VERIFIED);
  g_assert_cmpint (kessel_pbem_get_orders (kessel_window_get_pbem (window))->losses, ==, KESSEL_LOSS_ORDER_WEAKEST_FIRST);
  driver_choose_file (first);
  g_assert_true (g_file_get_contents (first, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "losses=weakest-first"));
  g_assert_nonnull (strstr (contents, "defence=always"));
  g_assert_null (strstr (contents, "dice=\"mover\""));

  /* Written: Send by E-mail asks the address once, then hands the file over. */
  message = driver_find_dialog (window, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (message);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "email-pbem-turn"));
  gtk_dialog_response (GTK_DIALOG (message), GTK_RESPONSE_ACCEPT);
  driver_settle ();
  message = driver_find_dialog (window, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (message);
  gtk_editable_set_text (g_object_get_data (G_OBJECT (message), "entry"), "soviet.player@example.org");
  driver_screenshot_widget (GTK_WIDGET (message), "pbem-opponent-address");
  gtk_dialog_response (GTK_DIALOG (message), GTK_RESPONSE_ACCEPT);
  driver_settle ();
  g_free (contents);
  contents = wait_for_email (log);
  expected = g_strdup_printf ("--attach\n%s\n--subject\nKessel: turn-001.kesselpbem\nsoviet.player@example.org\n", first);
  g_assert_cmpstr (contents, ==, expected);
  address = kessel_window_get_opponent_address (window);
  g_assert_cmpstr (address, ==, "soviet.player@example.org");
  g_assert_null (driver_find_dialog (window, GTK_TYPE_MESSAGE_DIALOG));
  /* Kept with the game: the next time nothing is asked. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "email-pbem-turn", NULL);
  driver_settle ();
  g_assert_null (driver_find_dialog (window, GTK_TYPE_MESSAGE_DIALOG));
  g_free (contents);
  contents = wait_for_email (log);
  g_assert_cmpstr (contents, ==, expected);

  /* Not an address; no xdg-email. */
  g_assert_false (kessel_window_set_opponent_address (window, "--attach=/etc/passwd", &error));
  g_assert_error (error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE);
  g_clear_error (&error);
  g_assert_false (kessel_window_set_opponent_address (window, "two words@example.org", &error));
  g_clear_error (&error);
  g_setenv ("PATH", root, TRUE);
  {
    g_autofree char *script = g_build_filename (root, "xdg-email", NULL);
    g_remove (script);
  }
  g_assert_false (kessel_window_email_pbem_turn (window, &error));
  g_assert_nonnull (strstr (error->message, "xdg-utils"));
  g_setenv ("PATH", saved_path, TRUE);
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
}

static char *
send_turn (KesselWindow *window, const char *root, int number)
{
  g_autofree char *name = g_strdup_printf ("turn-%03d.kesselpbem", number);
  char *path = g_build_filename (root, name, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (kessel_window_send_pbem_turn (window, path, &error));
  g_assert_no_error (error);
  driver_settle ();
  return path;
}

/* Opens path with password through the dialogs, as a player does. */
static void
open_turn (KesselWindow *window, const char *path, const char *password)
{
  g_autoptr(GError) error = NULL;
  KesselPbemDialog *dialog = kessel_window_ask_received_turn (window, path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (dialog);
  kessel_pbem_dialog_set_password (dialog, password);
  kessel_pbem_dialog_accept (dialog);
  driver_settle ();
}

/* The index of the last action since the opponent's turn just opened that
 * this player's standing orders chose for him, or -1. */
static int
order_made_action (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPbem *pbem = kessel_window_get_pbem (window);
  int start = kessel_pbem_get_received_start (pbem);
  g_autoptr(KesselReplay) replay = start >= 0 ? kessel_replay_new (game, NULL) : NULL;

  for (int i = kessel_game_get_n_actions (game) - 1; replay != NULL && i >= start; i--)
    if (kessel_game_get_action (game, i)->by_order
        && kessel_replay_get_step (replay, i)->side == kessel_pbem_get_side (pbem))
      return i;
  return -1;
}

/* Joining shows the orders the first turn sends; a replay of a received
 * turn says which actions standing orders chose, and the log says so too. */
static void
test_orders_in_replay (void)
{
  g_autofree char *root = g_dir_make_tmp ("kessel-pbem-orders-XXXXXX", NULL);
  g_autofree char *german_data = g_build_filename (root, "german", NULL);
  g_autofree char *soviet_data = g_build_filename (root, "soviet", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *windows[2];
  const char *passwords[2] = { "Tarnopol", "Zhukov" };
  KesselStandingOrdersDialog *orders_dialog;
  KesselDice choices;
  int number, found = -1;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  kessel_dice_init (&choices, 45);
  windows[0] = window_with_data (german_data);
  windows[1] = window_with_data (soviet_data);
  g_assert_true (kessel_window_new_pbem_game (windows[0], KESSEL_SIDE_GERMAN, passwords[0], &error));
  g_assert_no_error (error);
  path = send_turn (windows[0], root, 1);
  open_turn (windows[1], path, passwords[1]);
  orders_dialog = (KesselStandingOrdersDialog *) driver_find_dialog (windows[1], KESSEL_TYPE_STANDING_ORDERS_DIALOG);
  g_assert_nonnull (orders_dialog);
  driver_screenshot_widget (GTK_WIDGET (orders_dialog), "standing-orders-soviet");
  kessel_standing_orders_dialog_accept (orders_dialog);
  driver_settle ();
  g_free (path);
  path = send_turn (windows[1], root, 2);
  for (number = 3; number < 40 && found < 0; number++)
    {
      KesselWindow *window = windows[(number - 1) % 2];

      open_turn (window, path, passwords[(number - 1) % 2]);
      kessel_replay_mode_stop (kessel_window_get_replay_mode (window));
      driver_settle ();
      if ((found = order_made_action (window)) >= 0)
        break;
      driver_play_pbem_part (window, &choices);
      g_free (path);
      path = send_turn (window, root, number);
    }
  g_assert_cmpint (found, >=, 0);
  {
    KesselWindow *window = windows[(number - 1) % 2];
    KesselGame *game = kessel_window_get_game (window);
    gboolean logged = FALSE;

    /* The words before the side's name, in the language of the window. */
    g_auto(GStrv) words = g_strsplit (g_dgettext (GETTEXT_PACKAGE, "By the %s standing orders: %s."), "%s", 2);

    for (int i = 0; i < kessel_game_get_n_log (game); i++)
      logged |= g_str_has_prefix (kessel_game_get_log (game, i)->text, words[0]);
    g_assert_true (logged);
    /* The title says who rolls the dice. */
    g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)),
                              g_dgettext (GETTEXT_PACKAGE, "dice rolled by the mover")));
    g_test_message ("title: %s", gtk_window_get_title (GTK_WINDOW (window)));
    g_assert_true (kessel_window_show_replay (window, game, found + 1));
    driver_settle ();
    driver_screenshot (window, "pbem-replay-by-order");
    kessel_replay_mode_stop (kessel_window_get_replay_mode (window));
  }
  gtk_window_destroy (GTK_WINDOW (windows[0]));
  gtk_window_destroy (GTK_WINDOW (windows[1]));
  driver_settle ();
}

/* A window over window of type, waited for up to five seconds. */
static GtkWindow *
wait_for_dialog (KesselWindow *window, GType type)
{
  GtkWindow *dialog = NULL;

  for (int i = 0; i < 250 && (dialog = driver_find_dialog (window, type)) == NULL; i++)
    {
      driver_settle ();
      g_usleep (20000);
    }
  return dialog;
}

/* A shared turn folder: the opponent's turn that appears in it is offered
 * at once, and opening it asks the password. */
static void
test_turn_folder (void)
{
  g_autofree char *root = g_dir_make_tmp ("kessel-pbem-folder-XXXXXX", NULL);
  g_autofree char *shared = g_build_filename (root, "shared", NULL);
  g_autofree char *german_data = g_build_filename (root, "german", NULL);
  g_autofree char *soviet_data = g_build_filename (root, "soviet", NULL);
  g_autofree char *answer = g_build_filename (shared, "turn-002.kesselpbem", NULL);
  g_autofree char *first = NULL;
  g_autofree char *kept = NULL;
  g_autoptr(KesselPbem) soviet = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;
  GtkWindow *offer;
  KesselPbemDialog *password;

  if (app == NULL)
    {
      g_test_skip ("no display");
      return;
    }
  g_assert_cmpint (g_mkdir (shared, 0700), ==, 0);
  window = window_with_data (german_data);
  g_assert_true (kessel_window_new_pbem_game (window, KESSEL_SIDE_GERMAN, "Tarnopol", &error));
  g_assert_no_error (error);
  first = send_turn (window, root, 1);
  g_assert_false (kessel_window_set_turn_folder (window, "shared", &error));
  g_clear_error (&error);
  g_assert_true (kessel_window_set_turn_folder (window, shared, &error));
  g_assert_no_error (error);
  kept = kessel_window_get_turn_folder (window);
  g_assert_cmpstr (kept, ==, shared);

  /* The opponent's program writes his answer into the folder. */
  soviet = kessel_pbem_open (first, kessel_window_get_scenario (window), "Zhukov", soviet_data, &error);
  g_assert_no_error (error);
  g_assert_true (kessel_pbem_send (soviet, answer, &error));
  g_assert_no_error (error);
  offer = wait_for_dialog (window, GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (offer);
  driver_screenshot_widget (GTK_WIDGET (offer), "pbem-turn-folder-offer");
  gtk_dialog_response (GTK_DIALOG (offer), GTK_RESPONSE_ACCEPT);
  driver_settle ();
  password = (KesselPbemDialog *) driver_find_dialog (window, KESSEL_TYPE_PBEM_DIALOG);
  g_assert_nonnull (password);
  kessel_pbem_dialog_set_password (password, "Tarnopol");
  kessel_pbem_dialog_accept (password);
  driver_settle ();
  g_assert_cmpint (kessel_pbem_get_turn_number (kessel_window_get_pbem (window)), ==, 3);
  g_assert_nonnull (kessel_window_get_game (window));
  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
}

int
main (int argc, char *argv[])
{
  g_autofree char *data_home = NULL;

  g_setenv ("KESSEL_PBEM_KDF_COST", "test", TRUE);
  g_test_init (&argc, &argv, NULL);
  known_gtk_warnings_watch (NULL);
  data_home = g_dir_make_tmp ("kessel-pbem-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  app = driver_application_new ();
  g_test_add_func ("/app/pbem-orders/new-game", test_new_game);
  g_test_add_func ("/app/pbem-orders/orders-in-replay", test_orders_in_replay);
  g_test_add_func ("/app/pbem-orders/turn-folder", test_turn_folder);
  return g_test_run ();
}
