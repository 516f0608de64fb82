/* kessel-game-critic.h: the known failures of both sides' play, counted over
 * one game, so that a change to a computer player can be judged by more than
 * its verdicts (docs/ai.md, "Failures counted per game").
 *
 * A critic watches one game through the engine's public state: it is started
 * on the position before the first action it is to judge, then fed the game
 * after every action applied. Fed without a start, it starts on the position
 * it is first given and judges from the next action on. It compares each
 * position with the one before, so it must see every action, in order, and
 * none undone. The counts depend only on the actions, never on timing.
 */
#pragma once

#include <glib-object.h>

#include "kessel-game.h"

G_BEGIN_DECLS

/* A failure counted per game. "Division" means a German unit of division
 * size other than a garrison, as 4.2 scores them; "corps" a Soviet unit of
 * corps size; a "place" a town or fortified locality; the "German turn" the
 * phases VI to IX of one turn. */
typedef enum {
  /* Soviet failures. */

  /* Each time the German side took a place back without a fight: a place the
   * Soviet side controlled, with Soviet units in it, that Soviet units left
   * empty by moving, exiting or advancing out of it (not by retreating or
   * being eliminated), and that a German move or probe (13.6: no defender,
   * no die) then took before any Soviet unit came back to it. */
  KESSEL_FAILURE_PLACES_GIVEN_UP,
  /* Soviet artillery units (artillery and rocket artillery) eliminated in a
   * combat whose declaration found no Soviet non-artillery unit in their
   * hex: attacked alone they go without a roll (13.2-3). A unit removed for
   * over-stacking counts under KESSEL_FAILURE_OVERSTACK_LOSSES instead. */
  KESSEL_FAILURE_ARTILLERY_LOST_ALONE,
  /* Soviet units removed from an over-stacked hex (6.0), whichever side
   * chose them. */
  KESSEL_FAILURE_OVERSTACK_LOSSES,
  /* Corps-turns spent beside the exit: at the end of a Soviet movement part
   * (phase IV or V), each corps on the map that stood, both when the part
   * began and when it ended, on an exit hex (4.1-4) or next to one with no
   * German unit in it, while the exit VP were below their cap. A corps
   * counts at most once a turn. */
  KESSEL_FAILURE_CORPS_IDLE_AT_EXIT,

  /* A Soviet success and a German failure. */

  /* German divisions that lost their last step while out of C&C (4.2), as
   * kessel_game_get_divisions_destroyed counts them: divisions, not VP. */
  KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND,

  /* German failures. */

  /* Distinct German divisions found out of C&C at least once. The critic
   * looks after every action taken in a Soviet phase (IV, V) and at the start
   * of every part of a phase the game stops in. */
  KESSEL_FAILURE_DIVISIONS_CUT_OFF,
  /* German reinforcements (units with an arrival turn, 10.1) that ended two
   * German turns in a row in the hex they began them in, without a Soviet
   * unit next to them as those turns began. Each unit counts once. */
  KESSEL_FAILURE_REINFORCEMENTS_IDLE,
  /* German turns in which a division was out of C&C at the start of a German
   * combat part and the German side declared no attack and no probe in the
   * whole turn. */
  KESSEL_FAILURE_TURNS_WITHOUT_RELIEF,
  KESSEL_N_FAILURES
} KesselFailure;

/* The failure's name in files and JSON, such as "places_given_up". */
const char *kessel_failure_to_string (KesselFailure failure);
/* Whether the count judges side's play: each failure judges one side, except
 * divisions destroyed out of C&C, which judges both (a German failure that a
 * good Soviet player makes happen). */
gboolean    kessel_failure_judges (KesselFailure failure, KesselSide side);

#define KESSEL_TYPE_GAME_CRITIC (kessel_game_critic_get_type ())
G_DECLARE_FINAL_TYPE (KesselGameCritic, kessel_game_critic, KESSEL, GAME_CRITIC, GObject)

KesselGameCritic *kessel_game_critic_new (void);
/* Starts the critic on game as it stands, all counts 0. */
void              kessel_game_critic_start (KesselGameCritic *self, KesselGame *game);
/* Judges the action last applied to game. */
void              kessel_game_critic_observe (KesselGameCritic *self, KesselGame *game);
int               kessel_game_critic_get_count (KesselGameCritic *self, KesselFailure failure);

G_END_DECLS
