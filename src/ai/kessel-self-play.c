/* kessel-self-play.c: games between computer players in worker threads. */
#include "kessel-self-play.h"

#include <time.h>

#define MAX_ACTIONS_PER_GAME 200000

struct _KesselSelfPlay
{
  GObject parent_instance;

  int n_variants;
  KesselScenario **scenarios;
  KesselBalance **balances;
  char **germans;            /* each variant's player specs */
  char **soviets;
  int n_games;

  KesselSelfPlayAction action;
  KesselSelfPlayFinished finished;
  gpointer hook_data;

  GPtrArray *threads;
  gint next;                 /* atomic: the next task, variant-major within a game */
  gint n_done;               /* atomic */
  gint running;              /* atomic: workers not yet ended */
  gint stop;                 /* atomic */
  GMutex lock;               /* guards playing */
  GPtrArray *playing;        /* players of the games under way */
};

G_DEFINE_FINAL_TYPE (KesselSelfPlay, kessel_self_play, G_TYPE_OBJECT)

double
kessel_self_play_thread_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (double) now.tv_sec + now.tv_nsec / 1e9;
}

gboolean
kessel_self_play_make_players (const char *german, const char *soviet, guint64 game_seed,
                               KesselPlayer *players[3], GError **error)
{
  const char *specs[3] = { NULL, german, soviet };

  players[0] = NULL;
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      players[side] = NULL;
      if (g_ascii_strcasecmp (specs[side], "human") == 0)
        continue;
      players[side] = kessel_player_new_for_game (specs[side], game_seed, side, error);
      if (players[side] == NULL)
        {
          g_clear_object (&players[KESSEL_SIDE_GERMAN]);
          return FALSE;
        }
    }
  return TRUE;
}

void
kessel_self_play_free_players (KesselPlayer *players[3])
{
  for (int side = 0; side < 3; side++)
    g_clear_object (&players[side]);
}

static gboolean
choose (KesselGame *game, KesselPlayer *player, KesselHumanChoice human, gpointer data, KesselAction *action)
{
  if (player != NULL)
    return kessel_player_choose (player, game, action);
  return human != NULL && human (game, action, data);
}

gboolean
kessel_self_play_game (KesselGame *game, KesselPlayer *players[3], KesselHumanChoice human,
                       KesselSelfPlayObserve observe, gpointer data, gint *stop,
                       int *n_actions, GError **error)
{
  int count = 0;

  while (!kessel_game_is_over (game) && count < MAX_ACTIONS_PER_GAME)
    {
      KesselSide side = kessel_game_get_active_side (game);
      KesselPlayer *player = players[side == KESSEL_SIDE_SOVIET ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN];
      KesselChoiceMade choice = { side, kessel_game_get_turn (game), kessel_game_get_phase (game), 0.0 };
      KesselAction action;
      double start = kessel_self_play_thread_seconds ();
      gboolean chosen;

      if (stop != NULL && g_atomic_int_get (stop))
        return FALSE;
      chosen = choose (game, player, human, data, &action);
      /* A player stopped in the middle of a choice answers with a choice
       * made in haste: not one to play. */
      if (stop != NULL && g_atomic_int_get (stop))
        return FALSE;
      if (!chosen)
        {
          const char *failure = player != NULL ? kessel_player_get_failure (player) : NULL;
          g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                       "no action on turn %d, %s%s%s", kessel_game_get_turn (game),
                       kessel_phase_display_name (kessel_game_get_phase (game)), failure ? ": " : "",
                       failure ? failure : "");
          return FALSE;
        }
      if (player != NULL)
        choice.seconds = kessel_self_play_thread_seconds () - start + kessel_player_take_outside_seconds (player);
      if (!kessel_game_apply (game, &action, error))
        return FALSE;
      count++;
      if (n_actions != NULL)
        *n_actions = count;
      if (observe != NULL)
        observe (game, &choice, data);
    }
  if (!kessel_game_is_over (game))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_ILLEGAL,
                   "the game did not end within %d actions", MAX_ACTIONS_PER_GAME);
      return FALSE;
    }
  return TRUE;
}

/* The pool */

typedef struct {
  KesselSelfPlay *self;
  KesselBalance *balance;
  int variant;
  int index;
} Task;

static void
observe_task (KesselGame *game, const KesselChoiceMade *choice, gpointer data)
{
  Task *task = data;

  kessel_balance_observe (task->balance, task->index, game);
  if (task->self->action != NULL)
    task->self->action (task->variant, task->index, game, choice, task->self->hook_data);
}

static void
set_playing (KesselSelfPlay *self, KesselPlayer *players[3], gboolean playing)
{
  g_mutex_lock (&self->lock);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    if (playing)
      g_ptr_array_add (self->playing, players[side]);
    else
      g_ptr_array_remove_fast (self->playing, players[side]);
  g_mutex_unlock (&self->lock);
}

static void
play_task (KesselSelfPlay *self, int variant, int index)
{
  KesselBalance *balance = self->balances[variant];
  guint64 seed = kessel_balance_get_seed (balance, index);
  g_autoptr(KesselGame) game = kessel_game_new (self->scenarios[variant], seed);
  g_autoptr(GError) error = NULL;
  Task task = { self, balance, variant, index };
  KesselPlayer *players[3];
  double start = kessel_self_play_thread_seconds ();
  gboolean ok, stopped = FALSE;
  int n_actions = 0;

  kessel_balance_observe (balance, index, game);
  ok = kessel_self_play_make_players (self->germans[variant], self->soviets[variant], seed, players, &error);
  if (ok)
    {
      set_playing (self, players, TRUE);
      ok = kessel_self_play_game (game, players, NULL, observe_task, &task, &self->stop, &n_actions, &error);
      set_playing (self, players, FALSE);
      kessel_self_play_free_players (players);
      stopped = !ok && error == NULL;
    }
  if (!stopped)
    kessel_balance_finish (balance, index, game, ok, kessel_self_play_thread_seconds () - start);
  if (self->finished != NULL)
    self->finished (variant, index, game, error, stopped, n_actions, self->hook_data);
  if (!stopped)
    g_atomic_int_inc (&self->n_done);
}

static gpointer
worker (gpointer data)
{
  KesselSelfPlay *self = data;
  int task;

  while (!g_atomic_int_get (&self->stop)
         && (task = g_atomic_int_add (&self->next, 1)) < self->n_games * self->n_variants)
    play_task (self, task % self->n_variants, task / self->n_variants);
  g_atomic_int_add (&self->running, -1);
  return NULL;
}

static void
kessel_self_play_dispose (GObject *object)
{
  KesselSelfPlay *self = KESSEL_SELF_PLAY (object);

  kessel_self_play_stop (self);
  kessel_self_play_wait (self);
  G_OBJECT_CLASS (kessel_self_play_parent_class)->dispose (object);
}

static void
kessel_self_play_finalize (GObject *object)
{
  KesselSelfPlay *self = KESSEL_SELF_PLAY (object);

  for (int v = 0; v < self->n_variants; v++)
    {
      g_clear_object (&self->scenarios[v]);
      g_clear_object (&self->balances[v]);
      g_free (self->germans[v]);
      g_free (self->soviets[v]);
    }
  g_free (self->scenarios);
  g_free (self->balances);
  g_free (self->germans);
  g_free (self->soviets);
  g_ptr_array_unref (self->threads);
  g_ptr_array_unref (self->playing);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (kessel_self_play_parent_class)->finalize (object);
}

static void
kessel_self_play_class_init (KesselSelfPlayClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_self_play_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_self_play_finalize;
}

static void
kessel_self_play_init (KesselSelfPlay *self)
{
  g_mutex_init (&self->lock);
  self->threads = g_ptr_array_new ();
  self->playing = g_ptr_array_new ();
}

static gboolean
is_computer (const char *spec, GError **error)
{
  g_autoptr(KesselPlayer) player = NULL;

  if (g_ascii_strcasecmp (spec, "human") == 0)
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, "%s", "self-play is between computer players");
      return FALSE;
    }
  player = kessel_player_new_from_spec (spec, 0, error);
  return player != NULL;
}

KesselSelfPlay *
kessel_self_play_new (KesselScenario *const *scenarios, int n_variants, const char *german,
                      const char *soviet, guint64 first_seed, int n_games, GError **error)
{
  KesselSelfPlay *self;

  g_return_val_if_fail (n_variants > 0 && n_games > 0, NULL);
  if (!is_computer (german, error) || !is_computer (soviet, error))
    return NULL;
  self = g_object_new (KESSEL_TYPE_SELF_PLAY, NULL);
  self->n_variants = n_variants;
  self->n_games = n_games;
  self->scenarios = g_new0 (KesselScenario *, n_variants);
  self->balances = g_new0 (KesselBalance *, n_variants);
  self->germans = g_new0 (char *, n_variants);
  self->soviets = g_new0 (char *, n_variants);
  for (int v = 0; v < n_variants; v++)
    {
      self->scenarios[v] = g_object_ref (scenarios[v]);
      self->balances[v] = kessel_balance_new (scenarios[v], first_seed, n_games);
      self->germans[v] = g_strdup (german);
      self->soviets[v] = g_strdup (soviet);
    }
  return self;
}

gboolean
kessel_self_play_set_players (KesselSelfPlay *self, int variant, const char *german, const char *soviet,
                              GError **error)
{
  g_return_val_if_fail (variant >= 0 && variant < self->n_variants, FALSE);
  g_return_val_if_fail (self->threads->len == 0, FALSE);
  if (!is_computer (german, error) || !is_computer (soviet, error))
    return FALSE;
  g_free (self->germans[variant]);
  g_free (self->soviets[variant]);
  self->germans[variant] = g_strdup (german);
  self->soviets[variant] = g_strdup (soviet);
  return TRUE;
}

void
kessel_self_play_set_hooks (KesselSelfPlay *self, KesselSelfPlayAction action,
                            KesselSelfPlayFinished finished, gpointer data)
{
  self->action = action;
  self->finished = finished;
  self->hook_data = data;
}

KesselBalance *
kessel_self_play_get_balance (KesselSelfPlay *self, int variant)
{
  g_return_val_if_fail (variant >= 0 && variant < self->n_variants, NULL);
  return self->balances[variant];
}

int kessel_self_play_get_n_variants (KesselSelfPlay *self) { return self->n_variants; }
int kessel_self_play_get_n_done (KesselSelfPlay *self) { return g_atomic_int_get (&self->n_done); }
gboolean kessel_self_play_is_running (KesselSelfPlay *self) { return g_atomic_int_get (&self->running) > 0; }

void
kessel_self_play_start (KesselSelfPlay *self, int jobs)
{
  int tasks = self->n_games * self->n_variants;

  g_return_if_fail (self->threads->len == 0);
  if (jobs < 1)
    jobs = (int) g_get_num_processors ();
  jobs = MIN (jobs, tasks);
  g_atomic_int_set (&self->running, jobs);
  for (int j = 0; j < jobs; j++)
    g_ptr_array_add (self->threads, g_thread_new ("self-play", worker, self));
}

void
kessel_self_play_wait (KesselSelfPlay *self)
{
  for (guint j = 0; j < self->threads->len; j++)
    g_thread_join (g_ptr_array_index (self->threads, j));
  g_ptr_array_set_size (self->threads, 0);
}

void
kessel_self_play_stop (KesselSelfPlay *self)
{
  g_atomic_int_set (&self->stop, TRUE);
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->playing->len; i++)
    kessel_player_stop (g_ptr_array_index (self->playing, i));
  g_mutex_unlock (&self->lock);
}
