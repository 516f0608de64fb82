/* kessel-self-play.h: games between computer players, many at once.
 *
 * A self-play plays games g = 0 .. n_games - 1 with seeds first_seed + g, of
 * one scenario or of several variants of it on the same seeds (common random
 * numbers: game g of each variant has the same dice and the same players'
 * seeds), in worker threads that take the next game from a shared counter.
 * A variant is a scenario and a pair of players: variants may differ in the
 * scenario (a changed copy, for balance), in the players (a changed player
 * against the old one, for a test of strength), or both. The workers take
 * the variants of game g one after the other before game g + 1, so the games
 * of one seed finish close together. Each player's seed comes from the
 * game's, so a game is the same whichever thread plays it and whatever the
 * number of threads. What each game did is recorded in a KesselBalance per
 * variant (kessel-balance.h).
 *
 * The single-game functions below are what kessel-cli play uses too.
 */
#pragma once

#include <glib-object.h>

#include "kessel-balance.h"
#include "kessel-player.h"

G_BEGIN_DECLS

/* A choice made and played: who chose, when, and the CPU seconds it took
 * (0 for a human seat). */
typedef struct {
  KesselSide side;
  int turn;
  KesselPhase phase;
  double seconds;
} KesselChoiceMade;

/* Called in the playing thread after each action is applied. */
typedef void (*KesselSelfPlayObserve) (KesselGame *game, const KesselChoiceMade *choice, gpointer data);
/* Asks a human seat (a NULL player) for its action; FALSE gives up. */
typedef gboolean (*KesselHumanChoice) (KesselGame *game, KesselAction *action, gpointer data);

/* Players from their specs for a game seed; "human" leaves the seat NULL. */
gboolean kessel_self_play_make_players (const char *german, const char *soviet, guint64 game_seed,
                                        KesselPlayer *players[3], GError **error);
void     kessel_self_play_free_players (KesselPlayer *players[3]);
/* Plays the game to its end, or until *stop (read atomically) is set, when
 * it returns FALSE with no error. */
gboolean kessel_self_play_game (KesselGame *game, KesselPlayer *players[3], KesselHumanChoice human,
                                KesselSelfPlayObserve observe, gpointer data, gint *stop,
                                int *n_actions, GError **error);
/* CPU seconds of the calling thread. */
double   kessel_self_play_thread_seconds (void);

/* Called in the playing thread after each action of game index of a variant. */
typedef void (*KesselSelfPlayAction) (int variant, int index, KesselGame *game,
                                      const KesselChoiceMade *choice, gpointer data);
/* Called in the playing thread when a game of a variant has ended, failed
 * (error set) or been stopped (stopped TRUE; it is not recorded). */
typedef void (*KesselSelfPlayFinished) (int variant, int index, KesselGame *game, const GError *error,
                                        gboolean stopped, int n_actions, gpointer data);

#define KESSEL_TYPE_SELF_PLAY (kessel_self_play_get_type ())
G_DECLARE_FINAL_TYPE (KesselSelfPlay, kessel_self_play, KESSEL, SELF_PLAY, GObject)

/* Games of each of n_variants scenarios between two computer players. NULL
 * with an error when a spec names no computer player. */
KesselSelfPlay *kessel_self_play_new (KesselScenario *const *scenarios, int n_variants, const char *german,
                                      const char *soviet, guint64 first_seed, int n_games, GError **error);
/* Gives variant its own players in place of those given to
 * kessel_self_play_new, checked alike; call before starting. */
gboolean      kessel_self_play_set_players (KesselSelfPlay *self, int variant, const char *german,
                                            const char *soviet, GError **error);
/* Hooks for each action and each game's end; set them before starting. */
void          kessel_self_play_set_hooks (KesselSelfPlay *self, KesselSelfPlayAction action,
                                          KesselSelfPlayFinished finished, gpointer data);
KesselBalance *kessel_self_play_get_balance (KesselSelfPlay *self, int variant);
int           kessel_self_play_get_n_variants (KesselSelfPlay *self);

/* Starts jobs worker threads (one per core if jobs < 1) and returns. */
void     kessel_self_play_start (KesselSelfPlay *self, int jobs);
/* Waits for every worker to end. */
void     kessel_self_play_wait (KesselSelfPlay *self);
/* Asks the workers to stop after the action under way (thread-safe); the
 * games they were playing are left out. */
void     kessel_self_play_stop (KesselSelfPlay *self);
/* Whether workers are still playing (thread-safe). */
gboolean kessel_self_play_is_running (KesselSelfPlay *self);
/* Games finished or failed, over all variants (thread-safe). */
int      kessel_self_play_get_n_done (KesselSelfPlay *self);

G_END_DECLS
