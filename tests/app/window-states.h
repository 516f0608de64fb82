/* window-states.h: the states a player can bring the window into, the
 * commands it offers in each (every action of its action groups, with each
 * parameter value, and every item of the menu bar), and a fingerprint of
 * what a player sees, to tell whether a command did anything. Shared by the
 * window's tests of every command and by the random exerciser. */
#pragma once

#include <gtk/gtk.h>

#include "kessel-application.h"
#include "kessel-window.h"
#include "known-gtk-warnings.h"

typedef enum {
  STATE_NO_GAME,
  STATE_SETUP,               /* the German set-up, both sides human */
  STATE_GERMAN_MOVEMENT,     /* the player's own movement and combat */
  STATE_GERMAN_COMBAT,
  STATE_SOVIET_MOVEMENT,
  STATE_SOVIET_COMBAT,
  STATE_COMPUTER_THINKING,   /* the computer's Soviet to act, thinking */
  STATE_COMPUTER_STOPPED,    /* the same after Stop */
  STATE_COMPUTER_GERMAN,     /* the computer's German thinking in its combat */
  STATE_DEFENCE_PROMPT,      /* the German to support a defence */
  STATE_RETREAT_PROMPT,
  STATE_HANDOVER,            /* the map covered under fog of war */
  STATE_GAME_OVER,
  STATE_REPLAY,              /* the game in play watched again */
  STATE_SAVED_GAME_WATCHED,  /* another game watched, over the game in play */
  STATE_PBEM_WAITING,        /* a game by e-mail, the turn sent */
  STATE_PBEM_OPENED,         /* a received turn just opened */
  STATE_EDITOR_UNSAVED,
  STATE_EDITOR_PROBLEMS,
  N_STATES
} WindowState;

/* A command as a menu item or a key gives it: a detailed action name
 * ("win.save-game") and its target, or NULL. */
typedef struct {
  char *name;
  GVariant *target;
  gboolean probe;   /* a value no control offers, which may do nothing */
} Command;

/* Gives the process folders of its own for settings, documents and data
 * (the recent files, saved games, games by e-mail), so that what the
 * commands write, and the recent files they open, are the tests' own and
 * never the user's or the source tree's. Call first in main; returns the
 * folder to remove at the end. */
char       *states_private_home (void);
void        states_init (KesselApplication *app);
void        states_clear (void);
/* Removes a file, or a folder and all it holds. */
void        remove_tree (const char *path);
const char *state_name (WindowState state);

/* A new window brought into state, shown at 1400×900. */
KesselWindow *state_enter (WindowState state);
/* Whether the window is still in state (it may have been left by a
 * command). */
gboolean    state_holds (KesselWindow *window, WindowState state);

/* Every command the window offers now: each action of win., app. and
 * editor. with each of its parameter values, and each menu item. */
GPtrArray  *commands_list (KesselWindow *window);
char       *command_describe (const Command *command);
gboolean    command_enabled (KesselWindow *window, const Command *command);
/* Whether it chooses the value its stateful action has already. */
gboolean    command_chooses_state (KesselWindow *window, const Command *command);
/* Activates it as a menu item or a key does. */
void        command_activate (KesselWindow *window, const Command *command);

/* What a player sees of the window, as text: the game, the map view's
 * settings and selection, the panels' words, the action states, the windows
 * open. Equal fingerprints: the command did nothing visible. */
char       *window_fingerprint (KesselWindow *window);

/* Runs the main loop until nothing is pending. */
void        settle (void);
void        run_for (guint ms);
/* Closes each top-level window not in before (NULL: all but window),
 * answering a question with its Cancel, and returns how many it closed. */
int         close_new_windows (KesselWindow *window, GPtrArray *before);
/* The top-level windows now, not kept alive by the array. */
GPtrArray  *toplevels_now (void);

/* The game's file saved and loaded again is the same game: its actions
 * replayed give the state it is in. */
void        assert_game_consistent (KesselWindow *window);
gboolean    game_consistent (KesselWindow *window);
