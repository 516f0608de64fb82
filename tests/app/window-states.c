/* window-states.c: the window brought into each state a player reaches, the
 * commands it offers there, and what a player sees of it. */
#include "kessel-config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "kessel-pbem.h"
#include "window-states.h"

#define SEED 20261127
#define WAIT_US (120 * G_USEC_PER_SEC)   /* a guard; the sanitized build is slow */

static KesselApplication *the_app;
static char *scratch;                   /* the tests' files */
static char *positions[N_STATES];       /* a saved game of each state, made once */

static const char *state_names[N_STATES] = {
  "no-game", "setup", "german-movement", "german-combat", "soviet-movement",
  "soviet-combat", "computer-thinking", "computer-stopped", "computer-german",
  "defence-prompt", "retreat-prompt", "handover", "game-over", "replay",
  "saved-game-watched", "pbem-waiting", "pbem-opened", "editor-unsaved",
  "editor-problems",
};

const char *
state_name (WindowState state)
{
  return state_names[state];
}

/* A player that thinks until it is told to stop, then plays the first legal
 * action: the computer caught thinking. */

#define TEST_TYPE_SLOW_PLAYER (test_slow_player_get_type ())
G_DECLARE_FINAL_TYPE (TestSlowPlayer, test_slow_player, TEST, SLOW_PLAYER, KesselPlayer)

struct _TestSlowPlayer
{
  KesselPlayer parent_instance;
  gint started;   /* atomic */
};

G_DEFINE_FINAL_TYPE (TestSlowPlayer, test_slow_player, KESSEL_TYPE_PLAYER)

static gboolean
slow_choose (KesselPlayer *player, KesselGame *view, KesselAction *action)
{
  g_autoptr(GArray) actions = kessel_game_list_actions (view);
  gint64 give_up = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;

  g_atomic_int_inc (&TEST_SLOW_PLAYER (player)->started);
  while (!kessel_player_stop_requested (player) && g_get_monotonic_time () < give_up)
    g_usleep (2000);
  if (actions->len == 0)
    return FALSE;
  *action = g_array_index (actions, KesselAction, 0);
  return TRUE;
}

static void
test_slow_player_class_init (TestSlowPlayerClass *klass)
{
  KESSEL_PLAYER_CLASS (klass)->choose = slow_choose;
}

static void
test_slow_player_init (TestSlowPlayer *self)
{
}

/* The main loop */

void
settle (void)
{
  for (int i = 0; i < 200 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

void
run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;
  guint wake_id = g_timeout_add (10, keep_waking, NULL);

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
}

static void
run_until (gboolean (*done) (gpointer), gpointer data, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_US;
  guint wake_id = g_timeout_add (20, keep_waking, NULL);

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  if (!done (data))
    g_error ("waited in vain for %s", what);
}

/* Positions, played at random in the core and saved */

typedef gboolean (*PositionTest) (KesselGame *game);

static gboolean
in_segment (KesselGame *game, KesselSide side, KesselSegment segment)
{
  return kessel_game_get_wait (game) == KESSEL_WAIT_PHASE && kessel_game_get_active_side (game) == side
         && kessel_game_get_segment (game) == segment && kessel_game_get_phase (game) != KESSEL_PHASE_SETUP
         && kessel_game_get_turn (game) >= 1;
}

static gboolean german_movement (KesselGame *g) { return in_segment (g, KESSEL_SIDE_GERMAN, KESSEL_SEGMENT_MOVEMENT); }
static gboolean german_combat (KesselGame *g) { return in_segment (g, KESSEL_SIDE_GERMAN, KESSEL_SEGMENT_COMBAT); }
static gboolean soviet_movement (KesselGame *g) { return in_segment (g, KESSEL_SIDE_SOVIET, KESSEL_SEGMENT_MOVEMENT); }
static gboolean soviet_combat (KesselGame *g) { return in_segment (g, KESSEL_SIDE_SOVIET, KESSEL_SEGMENT_COMBAT); }
static gboolean defence_prompt (KesselGame *g) { return kessel_game_get_wait (g) == KESSEL_WAIT_DEFENCE; }
static gboolean retreat_prompt (KesselGame *g) { return kessel_game_get_wait (g) == KESSEL_WAIT_RETREAT; }
static gboolean game_over (KesselGame *g) { return kessel_game_is_over (g); }

/* A game of the shipped scenario with these seats, played at random until
 * test holds, saved in the scratch folder. */
static char *
make_position (const char *name, PositionTest test, int german_seat, int soviet_seat, gboolean fog)
{
  g_autofree char *scenario_path = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselScenario) scenario = kessel_scenario_load_file (scenario_path, &error);
  g_autofree char *file = g_strdup_printf ("%s.kesselgame", name);
  char *path = g_build_filename (scratch, file, NULL);

  g_assert_no_error (error);
  for (guint64 seed = SEED; seed < SEED + 20; seed++)
    {
      g_autoptr(KesselGame) game = kessel_game_new (scenario, seed);
      KesselDice choices;

      kessel_dice_init (&choices, seed);
      g_assert_true (kessel_seats_set (game, KESSEL_SIDE_GERMAN, german_seat));
      g_assert_true (kessel_seats_set (game, KESSEL_SIDE_SOVIET, soviet_seat));
      kessel_game_set_option (game, KESSEL_FOG_OF_WAR_OPTION, fog);
      while (!kessel_game_is_over (game) && !test (game))
        {
          KesselAction action;

          g_assert_true (kessel_game_random_action (game, &choices, &action));
          g_assert_true (kessel_game_apply (game, &action, NULL));
        }
      if (test (game))
        {
          g_assert_true (kessel_game_save_file (game, path, &error));
          g_assert_no_error (error);
          return path;
        }
    }
  g_error ("no game of 20 reached the position %s", name);
  return NULL;
}

static const char *
position (WindowState state)
{
  if (positions[state] != NULL)
    return positions[state];
  switch (state)
    {
    case STATE_GERMAN_MOVEMENT:
    case STATE_REPLAY:
    case STATE_SAVED_GAME_WATCHED:
      positions[state] = make_position ("german-movement", german_movement, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_GERMAN_COMBAT:
      positions[state] = make_position ("german-combat", german_combat, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_SOVIET_MOVEMENT:
      positions[state] = make_position ("soviet-movement", soviet_movement, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_SOVIET_COMBAT:
      positions[state] = make_position ("soviet-combat", soviet_combat, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_COMPUTER_THINKING:
    case STATE_COMPUTER_STOPPED:
      positions[state] = make_position ("computer-soviet", soviet_movement, KESSEL_SEAT_HUMAN, KESSEL_LEVEL_EASY, FALSE);
      break;
    case STATE_COMPUTER_GERMAN:
      positions[state] = make_position ("computer-german", german_combat, KESSEL_LEVEL_EASY, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_DEFENCE_PROMPT:
      positions[state] = make_position ("defence", defence_prompt, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_RETREAT_PROMPT:
      positions[state] = make_position ("retreat", retreat_prompt, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    case STATE_HANDOVER:
      positions[state] = make_position ("fog", soviet_movement, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, TRUE);
      break;
    case STATE_GAME_OVER:
      positions[state] = make_position ("over", game_over, KESSEL_SEAT_HUMAN, KESSEL_SEAT_HUMAN, FALSE);
      break;
    default:
      g_assert_not_reached ();
    }
  return positions[state];
}

char *
states_private_home (void)
{
  g_autoptr(GError) error = NULL;
  char *home = g_dir_make_tmp ("kessel-home-XXXXXX", &error);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autofree char *documents = g_build_filename (home, "Documents", NULL);
  g_autofree char *user_dirs = g_build_filename (config, "user-dirs.dirs", NULL);
  g_autofree char *user_dirs_text = g_strdup_printf ("XDG_DOCUMENTS_DIR=\"%s\"\n", documents);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (config, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (data, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (documents, 0700), ==, 0);
  g_assert_true (g_file_set_contents (user_dirs, user_dirs_text, -1, NULL));
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("HOME", home, TRUE);
  return home;
}

void
states_init (KesselApplication *app)
{
  g_autoptr(GError) error = NULL;

  the_app = app;
  scratch = g_dir_make_tmp ("kessel-states-XXXXXX", &error);
  g_assert_no_error (error);
}

void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      remove_tree (child);
    }
  g_dir_close (dir);
  g_rmdir (path);
}

void
states_clear (void)
{
  for (int i = 0; i < N_STATES; i++)
    g_clear_pointer (&positions[i], g_free);
  remove_tree (scratch);
  g_clear_pointer (&scratch, g_free);
}

/* Windows in each state */

static KesselWindow *
window_new (const char *path)
{
  g_autofree char *scenario = kessel_application_find_default_scenario ();
  g_autoptr(GError) error = NULL;
  KesselWindow *window = kessel_window_new (the_app);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  kessel_window_set_pbem_data_dir (window, scratch);
  g_assert_true (kessel_window_open_file (window, path != NULL ? path : scenario, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

static gboolean
computer_thinking (gpointer data)
{
  KesselComputerOpponent *computer = kessel_window_get_computer (data);
  TestSlowPlayer *slow = TEST_SLOW_PLAYER (kessel_computer_opponent_get_player (computer,
                                                                                kessel_computer_opponent_get_acting_side (computer)));

  return kessel_computer_opponent_is_thinking (computer) && g_atomic_int_get (&slow->started) > 0;
}

/* The computer's seat of the game given the player that thinks until
 * stopped, caught thinking. */
static void
slow_computer (KesselWindow *window, KesselSide side)
{
  KesselComputerOpponent *computer = kessel_window_get_computer (window);
  g_autoptr(TestSlowPlayer) slow = g_object_new (TEST_TYPE_SLOW_PLAYER, NULL);

  kessel_computer_opponent_set_player (computer, side, KESSEL_PLAYER (slow), KESSEL_LEVEL_EASY);
  run_until (computer_thinking, window, "the computer to think");
}

static gboolean
one_more_action (gpointer data)
{
  KesselWindow *window = data;
  int *before = g_object_get_data (G_OBJECT (window), "before");

  return kessel_game_get_n_actions (kessel_window_get_game (window)) > *before;
}

static void
stop_computer (KesselWindow *window)
{
  static int before;

  before = kessel_game_get_n_actions (kessel_window_get_game (window));
  g_object_set_data (G_OBJECT (window), "before", &before);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-computer", NULL);
  run_until (one_more_action, window, "the computer's move after Stop");
  g_object_set_data (G_OBJECT (window), "before", NULL);
  settle ();
}

static KesselWindow *
pbem_window (const char *folder)
{
  KesselWindow *window = window_new (NULL);
  g_autofree char *data = g_build_filename (scratch, folder, NULL);

  kessel_window_set_pbem_data_dir (window, data);
  return window;
}

/* A game by e-mail begun by the German, its first turn sent. */
static KesselWindow *
pbem_sent (char **turn_path)
{
  KesselWindow *window = pbem_window ("german");
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (scratch, "turn-001.kesselpbem", NULL);

  g_assert_true (kessel_window_new_pbem_game (window, KESSEL_SIDE_GERMAN, "Hube", &error));
  g_assert_no_error (error);
  g_assert_true (kessel_window_send_pbem_turn (window, path, &error));
  g_assert_no_error (error);
  settle ();
  if (turn_path != NULL)
    *turn_path = path;
  else
    g_free (path);
  return window;
}

static KesselWindow *
pbem_opened (void)
{
  g_autofree char *path = NULL;
  KesselWindow *german = pbem_sent (&path);
  KesselWindow *window = pbem_window ("soviet");
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (german));
  g_assert_true (kessel_window_open_pbem_turn (window, path, "Zhukov", &error));
  g_assert_no_error (error);
  settle ();
  return window;
}

static KesselWindow *
editor_window (gboolean with_problems)
{
  KesselWindow *window = window_new (NULL);
  KesselEditor *editor;
  KesselMapTools *tools;
  double x, y;
  int hex;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
  settle ();
  editor = kessel_window_get_editor (window);
  g_assert_true (kessel_editor_get_active (editor));
  tools = kessel_editor_get_tools (editor);
  /* A stroke of forest at the map's first hexes. */
  g_action_group_change_action_state (kessel_editor_get_actions (editor), "tool", g_variant_new_string ("terrain"));
  hex = kessel_grid_hex_from_number (kessel_map_get_grid (kessel_scenario_get_map (kessel_editor_get_scenario (editor))), 2010);
  kessel_map_view_scroll_to_hex (kessel_window_get_map_view (window), hex);
  settle ();
  g_assert_true (kessel_map_view_get_hex_center (kessel_window_get_map_view (window), hex, &x, &y));
  kessel_map_tools_stroke (tools, KESSEL_STROKE_BEGIN, x, y);
  kessel_map_tools_stroke (tools, KESSEL_STROKE_END, x, y);
  settle ();
  if (with_problems)
    {
      /* A unit set up on a hex the map has not: the problem list names it. */
      KesselScenario *scenario = kessel_editor_get_scenario (editor);
      g_assert_true (kessel_editor_place_unit (editor, kessel_unit_get_id (kessel_scenario_get_unit (scenario, 0)),
                                               kessel_grid_hex_from_number (kessel_map_get_grid (kessel_scenario_get_map (scenario)), 101)));
      for (int i = 1; i < 12; i++)
        kessel_editor_place_unit (editor, kessel_unit_get_id (kessel_scenario_get_unit (scenario, i)),
                                  kessel_grid_hex_from_number (kessel_map_get_grid (kessel_scenario_get_map (scenario)), 101));
      /* The problems page shown, as its tab shows it. */
      gtk_notebook_set_current_page (GTK_NOTEBOOK (gtk_widget_get_first_child (GTK_WIDGET (editor))), 4);
      settle ();
      g_assert_cmpint (kessel_editor_count_errors (editor), >, 0);
    }
  g_assert_true (kessel_editor_is_modified (editor));
  return window;
}

static KesselReplayBar *
replay_bar (KesselWindow *window)
{
  return kessel_replay_mode_get_bar (kessel_window_get_replay_mode (window));
}

/* A replay plays on by itself, which would change the window between any
 * two looks at it: the states of watching are taken paused, as after a
 * press of Pause, and are left when the replay plays. */
static void
pause_replay (KesselWindow *window)
{
  kessel_replay_bar_set_playing (replay_bar (window), FALSE);
  settle ();
}

static gboolean
replay_playing (KesselWindow *window)
{
  return kessel_replay_bar_get_playing (replay_bar (window));
}

KesselWindow *
state_enter (WindowState state)
{
  KesselWindow *window;

  switch (state)
    {
    case STATE_NO_GAME:
      return window_new (NULL);
    case STATE_SETUP:
      window = window_new (NULL);
      kessel_window_new_game (window, SEED);
      settle ();
      return window;
    case STATE_COMPUTER_THINKING:
      window = window_new (position (state));
      slow_computer (window, KESSEL_SIDE_SOVIET);
      return window;
    case STATE_COMPUTER_STOPPED:
      window = window_new (position (state));
      slow_computer (window, KESSEL_SIDE_SOVIET);
      stop_computer (window);
      return window;
    case STATE_COMPUTER_GERMAN:
      window = window_new (position (state));
      slow_computer (window, KESSEL_SIDE_GERMAN);
      return window;
    case STATE_REPLAY:
      window = window_new (position (state));
      g_assert_true (kessel_window_show_replay (window, kessel_window_get_game (window), 0));
      settle ();
      pause_replay (window);
      return window;
    case STATE_SAVED_GAME_WATCHED:
      {
        g_autoptr(KesselGame) other = kessel_game_load_file (position (STATE_GAME_OVER), NULL);

        window = window_new (position (state));
        g_assert_nonnull (other);
        g_assert_true (kessel_window_show_replay (window, other, 0));
        settle ();
        pause_replay (window);
        return window;
      }
    case STATE_PBEM_WAITING:
      return pbem_sent (NULL);
    case STATE_PBEM_OPENED:
      return pbem_opened ();
    case STATE_EDITOR_UNSAVED:
      return editor_window (FALSE);
    case STATE_EDITOR_PROBLEMS:
      return editor_window (TRUE);
    default:
      window = window_new (position (state));
      if (state == STATE_HANDOVER)
        g_assert_true (kessel_map_view_is_covered (kessel_window_get_map_view (window)));
      return window;
    }
}

static gboolean
replay_active (KesselWindow *window)
{
  return kessel_replay_mode_is_active (kessel_window_get_replay_mode (window));
}

gboolean
state_holds (KesselWindow *window, WindowState state)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselComputerOpponent *computer = kessel_window_get_computer (window);

  switch (state)
    {
    case STATE_NO_GAME:
      return game == NULL;
    case STATE_REPLAY:
    case STATE_SAVED_GAME_WATCHED:
      return replay_active (window) && !replay_playing (window);
    case STATE_COMPUTER_THINKING:
    case STATE_COMPUTER_STOPPED:
    case STATE_COMPUTER_GERMAN:
      return game != NULL && kessel_computer_opponent_is_thinking (computer);
    case STATE_HANDOVER:
      return kessel_map_view_is_covered (kessel_window_get_map_view (window));
    case STATE_PBEM_WAITING:
    case STATE_PBEM_OPENED:
      return kessel_window_get_pbem (window) != NULL;
    case STATE_EDITOR_UNSAVED:
    case STATE_EDITOR_PROBLEMS:
      return kessel_editor_get_active (kessel_window_get_editor (window));
    default:
      return game != NULL && !replay_active (window);
    }
}

/* Commands */

static void
command_free (gpointer data)
{
  Command *command = data;

  g_free (command->name);
  g_clear_pointer (&command->target, g_variant_unref);
  g_free (command);
}

static void
add_command_full (GPtrArray *commands, const char *group, const char *action, GVariant *target, gboolean probe)
{
  g_autofree char *name = g_strdup_printf ("%s.%s", group, action);
  Command *command;

  if (target != NULL)
    g_variant_ref_sink (target);
  for (guint i = 0; i < commands->len; i++)
    {
      Command *other = g_ptr_array_index (commands, i);

      if (g_str_equal (other->name, name)
          && (other->target == target || (other->target != NULL && target != NULL && g_variant_equal (other->target, target))))
        {
          other->probe = other->probe && probe;
          g_clear_pointer (&target, g_variant_unref);
          return;
        }
    }
  command = g_new0 (Command, 1);
  command->name = g_steal_pointer (&name);
  command->target = target;
  command->probe = probe;
  g_ptr_array_add (commands, command);
}

static void
add_command (GPtrArray *commands, const char *group, const char *action, GVariant *target)
{
  add_command_full (commands, group, action, target, FALSE);
}

static void
add_probe (GPtrArray *commands, const char *group, const char *action, GVariant *target)
{
  add_command_full (commands, group, action, target, TRUE);
}

/* The values of a state hint: an array of them, or a tuple holding one. */
static void
add_hint_values (GPtrArray *commands, const char *prefix, const char *action, const GVariantType *type, GVariant *hint)
{
  if (g_variant_is_of_type (hint, type))
    add_command (commands, prefix, action, g_variant_ref (hint));
  else if (g_variant_is_of_type (hint, G_VARIANT_TYPE ("(sv)")))   /* GSettings: ('enum', <[...]>) */
    {
      g_autoptr(GVariant) boxed = g_variant_get_child_value (hint, 1);
      g_autoptr(GVariant) values = g_variant_get_variant (boxed);
      add_hint_values (commands, prefix, action, type, values);
    }
  else if (g_variant_is_container (hint))
    for (gsize i = 0; i < g_variant_n_children (hint); i++)
      {
        g_autoptr(GVariant) value = g_variant_get_child_value (hint, i);
        add_hint_values (commands, prefix, action, type, value);
      }
}

static KesselEditor *
find_editor (GtkWidget *widget)
{
  if (KESSEL_IS_EDITOR (widget))
    return KESSEL_EDITOR (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      KesselEditor *editor = find_editor (child);
      if (editor != NULL)
        return editor;
    }
  return NULL;
}

/* The group a prefix names, or NULL where the window has none (the editor's
 * until it is first opened). */
static GActionGroup *
group_of (KesselWindow *window, const char *prefix)
{
  KesselEditor *editor;

  if (g_str_equal (prefix, "win"))
    return G_ACTION_GROUP (window);
  if (g_str_equal (prefix, "app"))
    return G_ACTION_GROUP (gtk_window_get_application (GTK_WINDOW (window)));
  if (g_str_equal (prefix, "editor") && (editor = find_editor (GTK_WIDGET (window))) != NULL)
    return kessel_editor_get_actions (editor);
  return NULL;
}

/* Targets of buttons and menu items in the window for this action. */
static void
add_actionable_targets (GPtrArray *commands, GtkWidget *widget)
{
  if (GTK_IS_ACTIONABLE (widget) && gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)) != NULL)
    {
      const char *full = gtk_actionable_get_action_name (GTK_ACTIONABLE (widget));
      const char *dot = strchr (full, '.');
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

      if (dot != NULL)
        {
          g_autofree char *prefix = g_strndup (full, dot - full);
          add_command (commands, prefix, dot + 1, target);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    add_actionable_targets (commands, child);
}

static void
add_menu_items (GPtrArray *commands, GMenuModel *model)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);
      g_autofree char *action = NULL;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        {
          const char *dot = strchr (action, '.');
          GVariant *target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);

          if (dot != NULL)
            {
              g_autofree char *prefix = g_strndup (action, dot - action);
              add_command (commands, prefix, dot + 1, target);
            }
          else if (target != NULL)
            g_variant_unref (target);
        }
      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          add_menu_items (commands, link);
          g_object_unref (link);
        }
    }
}

/* Values an action may be given: those of its state hint, its state, and
 * some that no control offers, which must do nothing. */
static void
add_parameter_values (GPtrArray *commands, KesselWindow *window, const char *prefix, GActionGroup *group, const char *action)
{
  const GVariantType *type = g_action_group_get_action_parameter_type (group, action);
  g_autoptr(GVariant) state = g_action_group_get_action_state (group, action);
  g_autoptr(GVariant) hint = g_action_group_get_action_state_hint (group, action);
  KesselGame *game = kessel_window_get_game (window);

  if (type == NULL)
    {
      add_command (commands, prefix, action, NULL);
      return;
    }
  if (state != NULL && g_variant_is_of_type (state, type))
    add_command (commands, prefix, action, g_variant_ref (state));
  if (hint != NULL)
    add_hint_values (commands, prefix, action, type, hint);
  if (g_variant_type_equal (type, G_VARIANT_TYPE_INT32))
    {
      const int values[] = { -1, 0, 1, 2, 3, 4, 9999 };
      for (guint i = 0; i < G_N_ELEMENTS (values); i++)
        add_probe (commands, prefix, action, g_variant_new_int32 (values[i]));
    }
  else if (g_variant_type_equal (type, G_VARIANT_TYPE_STRING))
    {
      add_probe (commands, prefix, action, g_variant_new_string (""));
      add_probe (commands, prefix, action, g_variant_new_string ("no such thing"));
      if (g_str_equal (action, "play-action") && game != NULL)
        {
          g_autoptr(GArray) legal = kessel_game_list_actions (game);
          for (guint i = 0; i < legal->len && i < 3; i++)
            add_command (commands, prefix, action,
                         g_variant_new_take_string (kessel_game_action_to_string (game, &g_array_index (legal, KesselAction, i))));
        }
      if (g_str_equal (action, "open-recent"))
        add_probe (commands, prefix, action, g_variant_new_string ("file:///nowhere/missing.kesselgame"));
      if (g_str_equal (action, "rules-reference"))
        add_command (commands, prefix, action, g_variant_new_string ("7.2"));
    }
}

static void
add_group (GPtrArray *commands, KesselWindow *window, const char *prefix)
{
  GActionGroup *group = group_of (window, prefix);
  g_auto(GStrv) names = NULL;

  if (group == NULL)
    return;
  names = g_action_group_list_actions (group);
  for (int i = 0; names[i] != NULL; i++)
    add_parameter_values (commands, window, prefix, group, names[i]);
}

GPtrArray *
commands_list (KesselWindow *window)
{
  GPtrArray *commands = g_ptr_array_new_with_free_func (command_free);
  GMenuModel *menubar = gtk_application_get_menubar (gtk_window_get_application (GTK_WINDOW (window)));

  add_group (commands, window, "win");
  add_group (commands, window, "app");
  add_group (commands, window, "editor");
  if (menubar != NULL)
    add_menu_items (commands, menubar);
  add_actionable_targets (commands, GTK_WIDGET (window));
  return commands;
}

char *
command_describe (const Command *command)
{
  g_autofree char *target = command->target != NULL ? g_variant_print (command->target, FALSE) : NULL;

  return target != NULL ? g_strdup_printf ("%s(%s)", command->name, target) : g_strdup (command->name);
}

gboolean
command_chooses_state (KesselWindow *window, const Command *command)
{
  const char *dot = strchr (command->name, '.');
  g_autofree char *prefix = g_strndup (command->name, dot - command->name);
  GActionGroup *group = group_of (window, prefix);
  g_autoptr(GVariant) state = NULL;

  if (group == NULL || !g_action_group_has_action (group, dot + 1))
    return FALSE;
  state = g_action_group_get_action_state (group, dot + 1);
  return state != NULL && command->target != NULL && g_variant_equal (state, command->target);
}

gboolean
command_enabled (KesselWindow *window, const Command *command)
{
  const char *dot = strchr (command->name, '.');
  g_autofree char *prefix = g_strndup (command->name, dot - command->name);
  GActionGroup *group = group_of (window, prefix);
  const GVariantType *type;

  if (group == NULL || !g_action_group_has_action (group, dot + 1)
      || !g_action_group_get_action_enabled (group, dot + 1))
    return FALSE;
  type = g_action_group_get_action_parameter_type (group, dot + 1);
  if (type == NULL)
    return command->target == NULL;
  return command->target != NULL && g_variant_is_of_type (command->target, type);
}

void
command_activate (KesselWindow *window, const Command *command)
{
  gtk_widget_activate_action_variant (GTK_WIDGET (window), command->name, command->target);
}

/* Other windows */

GPtrArray *
toplevels_now (void)
{
  GListModel *list = gtk_window_get_toplevels ();
  GPtrArray *windows = g_ptr_array_new ();

  /* Not kept alive: a dialog's last reference is its own, and a window
   * outliving its destruction in a test's hands is not what a player has. */
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      gpointer window = g_list_model_get_item (list, i);
      g_ptr_array_add (windows, window);
      g_object_unref (window);
    }
  return windows;
}

static gboolean
contains (GPtrArray *windows, gpointer window)
{
  return windows != NULL && g_ptr_array_find (windows, window, NULL);
}

/* The first shown window not in before but window, or NULL. */
static GtkWindow *
first_new_window (KesselWindow *window, GPtrArray *before)
{
  g_autoptr(GPtrArray) now = toplevels_now ();

  for (guint i = 0; i < now->len; i++)
    {
      GtkWindow *other = g_ptr_array_index (now, i);

      if ((gpointer) other != (gpointer) window && !contains (before, other)
          && gtk_widget_get_visible (GTK_WIDGET (other)))
        return other;
    }
  return NULL;
}

int
close_new_windows (KesselWindow *window, GPtrArray *before)
{
  GtkWindow *other;
  int closed = 0;

  /* One at a time, looked for again each time: closing one may close
   * others, such as the dialogs it stands over. */
  while (closed < 20 && (other = first_new_window (window, before)) != NULL)
    {
      if (GTK_IS_DIALOG (other))
        gtk_dialog_response (GTK_DIALOG (other), GTK_RESPONSE_CANCEL);
      else
        gtk_window_close (other);
      settle ();
      closed++;
    }
  return closed;
}

/* What a player sees */

static void
append_texts (GString *out, GtkWidget *widget)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  else if (GTK_IS_BUTTON (widget))
    g_string_append_printf (out, "%s%s %s|", gtk_widget_get_sensitive (widget) ? "" : "~", gtk_widget_get_name (widget),
                            gtk_button_get_icon_name (GTK_BUTTON (widget)) ?: "");
  else if (GTK_IS_IMAGE (widget))
    g_string_append_printf (out, "image %s|", gtk_image_get_icon_name (GTK_IMAGE (widget)) ?: "");
  if (GTK_IS_NOTEBOOK (widget))
    g_string_append_printf (out, "page %d|", gtk_notebook_get_current_page (GTK_NOTEBOOK (widget)));
  if (GTK_IS_STACK (widget))
    g_string_append_printf (out, "stack %s|", gtk_stack_get_visible_child_name (GTK_STACK (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    append_texts (out, child);
}

static void
append_group (GString *out, GActionGroup *group, const char *prefix)
{
  g_auto(GStrv) names = NULL;

  if (group == NULL)
    return;
  names = g_action_group_list_actions (group);
  for (int i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GVariant) state = g_action_group_get_action_state (group, names[i]);
      g_autofree char *text = state != NULL ? g_variant_print (state, FALSE) : NULL;

      g_string_append_printf (out, "%s.%s%s%s ", prefix, names[i],
                              g_action_group_get_action_enabled (group, names[i]) ? "" : "~",
                              text != NULL ? text : "");
    }
  g_string_append_c (out, '\n');
}

static void
append_game (GString *out, KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  KesselPbem *pbem = kessel_window_get_pbem (window);

  if (game == NULL)
    g_string_append (out, "no game\n");
  else
    g_string_append_printf (out, "game %p turn %d phase %d wait %d actions %d log %d dirty %d\n",
                            (gpointer) game, kessel_game_get_turn (game), kessel_game_get_phase (game),
                            kessel_game_get_wait (game), kessel_game_get_n_actions (game),
                            kessel_game_get_n_log (game), kessel_window_is_game_dirty (window));
  if (pbem != NULL)
    g_string_append_printf (out, "pbem %d\n", kessel_pbem_get_status (pbem));
}

static void
append_map (GString *out, KesselWindow *window)
{
  KesselMapView *view = kessel_window_get_map_view (window);
  int n = 0;
  const int *selection = kessel_play_panel_get_selection (kessel_window_get_play_panel (window), &n);

  g_string_append_printf (out, "map %p zoom %d radius %.2f numbers %d counters %.2f viewer %d covered %d "
                               "overlays %u selected %d path %d cursor %d whole %d\n",
                          (gpointer) kessel_map_view_get_scenario (view), kessel_map_view_get_zoom_level (view),
                          kessel_map_view_get_hex_radius (view), kessel_map_view_get_show_hex_numbers (view),
                          kessel_map_view_get_counter_scale (view), kessel_map_view_get_viewer (view),
                          kessel_map_view_is_covered (view), kessel_map_view_get_overlays (view),
                          kessel_map_view_get_n_selected (view), kessel_map_view_get_path_length (view),
                          kessel_map_view_get_cursor_hex (view), kessel_map_view_shows_whole_map (view));
  for (int i = 0; i < n; i++)
    g_string_append_printf (out, "%d ", selection[i]);
}

static void
append_windows (GString *out, KesselWindow *window)
{
  g_autoptr(GPtrArray) windows = toplevels_now ();

  for (guint i = 0; i < windows->len; i++)
    {
      GtkWidget *other = g_ptr_array_index (windows, i);

      if ((gpointer) other != (gpointer) window && gtk_widget_get_visible (other))
        g_string_append_printf (out, "window %s %s\n", G_OBJECT_TYPE_NAME (other),
                                gtk_window_get_title (GTK_WINDOW (other)) ? gtk_window_get_title (GTK_WINDOW (other)) : "");
    }
}

char *
window_fingerprint (KesselWindow *window)
{
  GString *out = g_string_new (gtk_window_get_title (GTK_WINDOW (window)));
  KesselEditor *editor = find_editor (GTK_WIDGET (window));
  KesselPlayPanel *panel = kessel_window_get_play_panel (window);

  g_string_append_c (out, '\n');
  append_game (out, window);
  append_map (out, window);
  g_string_append_printf (out, "\nreplay %d\n", replay_active (window));
  if (editor != NULL)
    g_string_append_printf (out, "editor %d modified %d undo %s\n", kessel_editor_get_active (editor),
                            kessel_editor_is_modified (editor),
                            kessel_edit_history_get_undo_name (kessel_editor_get_history (editor)) ?: "");
  g_string_append_printf (out, "panel %s | %s | %d choices\n", kessel_play_panel_get_instruction (panel) ?: "",
                          kessel_play_panel_get_message (panel) ?: "", kessel_play_panel_get_n_choices (panel));
  append_group (out, G_ACTION_GROUP (window), "win");
  append_group (out, group_of (window, "app"), "app");
  append_group (out, group_of (window, "editor"), "editor");
  append_texts (out, GTK_WIDGET (window));
  g_string_append_c (out, '\n');
  append_windows (out, window);
  return g_string_free (out, FALSE);
}

gboolean
game_consistent (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  g_autoptr(KesselGame) again = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  if (game == NULL)
    return TRUE;
  xml = kessel_game_to_xml (game, &length);
  again = kessel_game_load_data (xml, length, "consistency.kesselgame", kessel_game_get_scenario (game), NULL);
  return again != NULL && kessel_game_equal (game, again);
}

void
assert_game_consistent (KesselWindow *window)
{
  KesselGame *game = kessel_window_get_game (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(KesselGame) again = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  if (game == NULL)
    return;
  xml = kessel_game_to_xml (game, &length);
  again = kessel_game_load_data (xml, length, "consistency.kesselgame", kessel_game_get_scenario (game), &error);
  g_assert_no_error (error);
  g_assert_true (kessel_game_equal (game, again));
}
