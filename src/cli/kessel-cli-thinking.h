/* kessel-cli-thinking.h: what the games of a match did besides their result:
 * the CPU time each side's player spent choosing, phase by phase, the number
 * of actions and the error of a game that failed. Noted from a self-play's
 * hooks in the playing threads; each game is noted by one thread at a time,
 * and read once the workers have ended. */
#pragma once

#include "kessel-self-play.h"

typedef struct _KesselCliThinking KesselCliThinking;

/* The thinking of one side over some games. */
typedef struct {
  int phases;                /* phases in which the side chose something */
  double median;             /* CPU seconds a phase */
  double longest;
} KesselCliThinkingSummary;

KesselCliThinking *kessel_cli_thinking_new (int n_games);
void        kessel_cli_thinking_free (KesselCliThinking *thinking);
void        kessel_cli_thinking_note_choice (KesselCliThinking *thinking, int index, const KesselChoiceMade *choice);
void        kessel_cli_thinking_note_end (KesselCliThinking *thinking, int index, const GError *error, int n_actions);
int         kessel_cli_thinking_get_actions (KesselCliThinking *thinking, int index);
/* NULL unless game index failed. */
const char *kessel_cli_thinking_get_error (KesselCliThinking *thinking, int index);
/* The CPU seconds side spent choosing in each phase of game index. */
const GArray *kessel_cli_thinking_get_phases (KesselCliThinking *thinking, int index, KesselSide side);
/* Game index as noted elsewhere: a phase's seconds, then its end. */
void        kessel_cli_thinking_add_phase (KesselCliThinking *thinking, int index, KesselSide side, double seconds);
void        kessel_cli_thinking_set_end (KesselCliThinking *thinking, int index, const char *error, int n_actions);
/* Over games 0 .. n_games - 1. */
void        kessel_cli_thinking_summarise (KesselCliThinking *thinking, int n_games, KesselSide side,
                                           KesselCliThinkingSummary *summary);
/* The error of each failed game of the first n_games on stderr, with its
 * seed from the balance that recorded it and, when not NULL, the player
 * named. */
void        kessel_cli_thinking_print_errors (KesselCliThinking *thinking, KesselBalance *balance, int n_games,
                                              const char *player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselCliThinking, kessel_cli_thinking_free)
