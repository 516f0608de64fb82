/* kessel-game.h: a game of the scenario in progress.
 *
 * A game is made from a scenario and a seed. Everything a player does is a
 * KesselAction: the game lists the legal ones for the side to act, checks any
 * proposed one (refusing it with a message that names the rule case) and
 * applies it. Dice rolls come from the seed, so the scenario, the seed and the
 * list of actions reproduce a game exactly.
 *
 * A "piece" is a unit as it stands in play: the first counter of a unit and,
 * for a German division, its substitute counters behind it (2.6).
 */
#pragma once

#include <glib-object.h>
#include "kessel-action.h"
#include "kessel-dice.h"
#include "kessel-scenario.h"
#include "kessel-tables.h"

G_BEGIN_DECLS

typedef enum {
  KESSEL_PHASE_SETUP,            /* 3.2 */
  KESSEL_PHASE_WEATHER,          /* I */
  KESSEL_PHASE_AIR,              /* II */
  KESSEL_PHASE_KG,               /* III */
  KESSEL_PHASE_SOVIET_1,         /* IV */
  KESSEL_PHASE_SOVIET_2,         /* V */
  KESSEL_PHASE_GERMAN_1,         /* VI */
  KESSEL_PHASE_GERMAN_MECH_1,    /* VII */
  KESSEL_PHASE_GERMAN_2,         /* VIII */
  KESSEL_PHASE_GERMAN_MECH_2,    /* IX */
  KESSEL_PHASE_REINFORCEMENT,    /* X */
  KESSEL_PHASE_REPLACEMENT,      /* XI */
  KESSEL_PHASE_ADMINISTRATIVE,   /* XII */
  KESSEL_PHASE_GAME_OVER,
  KESSEL_N_PHASES /*< skip >*/
} KesselPhase;

/* The part of a phase under way. */
typedef enum {
  KESSEL_SEGMENT_NONE,
  KESSEL_SEGMENT_PLACEMENT,  /* set-up, KG deployment, reinforcements, replacements */
  KESSEL_SEGMENT_ORDER,      /* choosing Move/Fight or Fight/Move */
  KESSEL_SEGMENT_MOVEMENT,
  KESSEL_SEGMENT_COMBAT,
} KesselSegment;

/* What the game waits for. */
typedef enum {
  KESSEL_WAIT_PHASE,          /* the phase's own actions */
  KESSEL_WAIT_DEFENCE,        /* German defence support for a declared combat */
  KESSEL_WAIT_ATTACKER_LOSS,
  KESSEL_WAIT_DEFENDER_LOSS,
  KESSEL_WAIT_RETREAT,
  KESSEL_WAIT_ADVANCE,
  KESSEL_WAIT_ELIMINATION,    /* over-stacking (6.0) */
  KESSEL_WAIT_NOTHING,        /* the game is over */
} KesselWait;

typedef enum {
  KESSEL_PIECE_WAITING,      /* not yet set up or not yet arrived */
  KESSEL_PIECE_ON_MAP,
  KESSEL_PIECE_ELIMINATED,
  KESSEL_PIECE_EXITED,
  KESSEL_PIECE_RETURNING,    /* eliminated rifle corps on the turn track (11.1) */
  KESSEL_PIECE_FORFEITED,    /* reinforcement not placed in time (10.1) */
} KesselPieceStatus;

typedef enum {
  KESSEL_VERDICT_NONE,
  KESSEL_VERDICT_SOVIET,
  KESSEL_VERDICT_DRAW,
  KESSEL_VERDICT_GERMAN,
} KesselVerdict;

/* Flags of the "changed" signal. */
typedef enum {
  KESSEL_CHANGE_PHASE    = 1 << 0,
  KESSEL_CHANGE_PIECES   = 1 << 1,
  KESSEL_CHANGE_CONTROL  = 1 << 2,
  KESSEL_CHANGE_VP       = 1 << 3,
  KESSEL_CHANGE_MARKERS  = 1 << 4,   /* weather, CAS, KG */
  KESSEL_CHANGE_COMBAT   = 1 << 5,
  KESSEL_CHANGE_STATUS   = 1 << 6,   /* supply and C&C */
  KESSEL_CHANGE_ALL      = 0x7f,
} KesselChange;

/* What a saved game may hold: far more than a game of the rules needs. */
#define KESSEL_GAME_MAX_FILE_SIZE (16 * 1024 * 1024)
#define KESSEL_GAME_MAX_ACTIONS 50000

#define KESSEL_GAME_ERROR (kessel_game_error_quark ())
typedef enum {
  KESSEL_GAME_ERROR_ILLEGAL,     /* the action breaks a rule; the message names it */
  KESSEL_GAME_ERROR_NOT_NOW,     /* not this side's or this phase's action */
  KESSEL_GAME_ERROR_FILE,        /* a saved game that cannot be read */
  KESSEL_GAME_ERROR_UNDO,        /* nothing that may be undone */
} KesselGameError;
/**
 * kessel_game_error_quark:
 *
 * The error domain of games: an illegal action, an action out of turn, a saved
 * game that cannot be read, nothing to undo.
 */
GQuark kessel_game_error_quark (void);

/* One entry of the log: the turn and phase it happened in, and the words. */
typedef struct {
  int turn;
  KesselPhase phase;
  KesselSide side;
  char *text;
  int die;            /* the die rolled for this entry, or 0 */
  /* What the other side reads under fog of war (6.3), without the names of
   * units it may not see; NULL when the words hide nothing. */
  char *hidden_text;
} KesselLogEntry;

/* One column shift of a combat and the rule that gives it. */
typedef struct {
  int shift;          /* columns, positive to the attacker's favour */
  const char *rule;   /* rule case, such as "13.8.3" */
  const char *reason;
} KesselShift;

#define KESSEL_MAX_SHIFTS 8

typedef struct {
  int piece;
  int factor;         /* as counted, after halving, doubling and caps */
  int printed;        /* as printed on the counter */
  const char *note;   /* why it differs, or NULL */
} KesselContribution;

/* The odds of a proposed combat, worked out before any die is rolled. */
typedef struct {
  int attack;
  int defence;
  int n_attackers;
  KesselContribution attackers[KESSEL_ACTION_MAX_UNITS + 1];
  int n_defenders;
  KesselContribution defenders[KESSEL_ACTION_MAX_UNITS + 1];
  int attack_cas, defence_cas;
  int attack_support, defence_support;   /* 18th AD factors added */
  KesselOdds raw;
  int n_shifts;
  KesselShift shifts[KESSEL_MAX_SHIFTS];
  KesselOdds final;
  gboolean automatic;                    /* final column off the table (13.8.1) */
  gboolean artillery_only;               /* 13.2-3: eliminated without a roll */
  KesselResult results[6];               /* the CRT row by die */
} KesselCombatOdds;

/* What one unit came to in a combat. */
typedef struct {
  int piece;
  int steps_lost;
  int retreat_hex;     /* where it retreated to, or KESSEL_HEX_NONE */
  gboolean eliminated; /* off the map through this combat */
  gboolean advanced;   /* into the defender's hex after combat (13.10) */
} KesselCombatFate;

/* A combat from its declaration to the end of its advance: what was rolled
 * and what each unit came to. */
typedef struct {
  KesselAction attack;
  KesselCombatOdds odds;
  int die;             /* 0 when no die was rolled (13.2, 13.8.1) */
  KesselResult result;
  gboolean finished;   /* every loss, retreat and advance done */
  int log_index;       /* the log entry of the roll, or -1 */
  int n_attackers;
  KesselCombatFate attackers[KESSEL_ACTION_MAX_UNITS];
  int n_defenders;
  KesselCombatFate defenders[KESSEL_ACTION_MAX_UNITS];
} KesselCombatReport;

/* A hex reachable by a moving unit or stack. */
typedef struct {
  int cost;            /* MP spent to get there by the cheapest path, river rolls at their least */
  int previous;        /* the hex before it on that path, KESSEL_HEX_NONE at the start;
                        * a path without a roll where one is as cheap */
  gboolean needs_roll; /* every cheapest path crosses a river whose cost is rolled */
} KesselReach;

#define KESSEL_TYPE_LOG_ENTRY (kessel_log_entry_get_type ())
GType           kessel_log_entry_get_type (void) G_GNUC_CONST;
/**
 * kessel_log_entry_copy:
 *
 * A copy of a log entry with its own text.
 */
KesselLogEntry *kessel_log_entry_copy (const KesselLogEntry *entry);
/**
 * kessel_log_entry_free:
 *
 * Frees a log entry made by kessel_log_entry_copy().
 */
void            kessel_log_entry_free (KesselLogEntry *entry);

#define KESSEL_TYPE_SHIFT (kessel_shift_get_type ())
GType kessel_shift_get_type (void) G_GNUC_CONST;
#define KESSEL_TYPE_CONTRIBUTION (kessel_contribution_get_type ())
GType kessel_contribution_get_type (void) G_GNUC_CONST;
#define KESSEL_TYPE_COMBAT_FATE (kessel_combat_fate_get_type ())
GType kessel_combat_fate_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_COMBAT_ODDS (kessel_combat_odds_get_type ())
GType             kessel_combat_odds_get_type (void) G_GNUC_CONST;
const KesselContribution *kessel_combat_odds_get_attacker (const KesselCombatOdds *odds, int index);
const KesselContribution *kessel_combat_odds_get_defender (const KesselCombatOdds *odds, int index);
const KesselShift        *kessel_combat_odds_get_shift (const KesselCombatOdds *odds, int index);

#define KESSEL_TYPE_COMBAT_REPORT (kessel_combat_report_get_type ())
GType               kessel_combat_report_get_type (void) G_GNUC_CONST;
const KesselCombatFate *kessel_combat_report_get_attacker (const KesselCombatReport *report, int index);
const KesselCombatFate *kessel_combat_report_get_defender (const KesselCombatReport *report, int index);

#define KESSEL_TYPE_GAME (kessel_game_get_type ())
G_DECLARE_FINAL_TYPE (KesselGame, kessel_game, KESSEL, GAME, GObject)

KesselGame     *kessel_game_new (KesselScenario *scenario, guint64 seed);
/**
 * kessel_game_new_unforeseeable:
 *
 * A game whose dice no one can foresee: each face is drawn from the system's
 * entropy as it is rolled, and recorded with the action that rolled it, so that
 * a saved game still plays again the same.
 */
KesselGame     *kessel_game_new_unforeseeable (KesselScenario *scenario);
KesselGame     *kessel_game_copy (KesselGame *self);
KesselGame     *kessel_game_new_start (KesselGame *self);
KesselScenario *kessel_game_get_scenario (KesselGame *self);
/**
 * kessel_game_get_seed:
 *
 * The seed of a seeded game; for unforeseeable dice, 0, which means nothing.
 */
guint64         kessel_game_get_seed (KesselGame *self);
/**
 * kessel_game_is_seeded:
 *
 * Whether the game's dice come from a seed rather than from the system's
 * entropy.
 */
gboolean        kessel_game_is_seeded (KesselGame *self);

typedef int (*KesselDieSource) (gpointer data, guint roll);
void            kessel_game_set_die_source (KesselGame *self, KesselDieSource source, gpointer data);
KesselGame     *kessel_game_new_with_die_source (KesselScenario *scenario, KesselDieSource source,
                                                 gpointer data);
const guint8   *kessel_game_get_opening_dice (KesselGame *self, guint *n_faces);
const guint8   *kessel_game_get_action_dice (KesselGame *self, int index, guint *n_faces);

/* The game option that records whether a game is played with fog of war
 * (6.3): the players' choice, which the rules core does not enforce. */
#define KESSEL_FOG_OF_WAR_OPTION "fog-of-war"

/**
 * kessel_game_get_option:
 *
 * Whether a rules option is on in this game: as the scenario sets it, unless
 * set otherwise with kessel_game_set_option() before the first action.
 */
gboolean kessel_game_get_option (KesselGame *self, const char *id);
/**
 * kessel_game_set_option:
 *
 * Turns a rules option on or off for this game, which saves it. Only before the
 * first action: after it the rules of the game are fixed and FALSE is returned.
 */
gboolean kessel_game_set_option (KesselGame *self, const char *id, gboolean enabled);

/* Where play stands. */
/**
 * kessel_game_get_turn:
 *
 * The turn being played, from 1.
 */
int           kessel_game_get_turn (KesselGame *self);
/**
 * kessel_game_get_phase:
 *
 * The phase being played, or %KESSEL_PHASE_GAME_OVER.
 */
KesselPhase   kessel_game_get_phase (KesselGame *self);
/**
 * kessel_game_get_segment:
 *
 * The part of the phase under way: placement, the choice of order, movement or
 * combat.
 */
KesselSegment kessel_game_get_segment (KesselGame *self);
/**
 * kessel_game_get_wait:
 *
 * What the game waits for: the phase's own actions, or a step of a combat such
 * as the defender's losses or a retreat.
 */
KesselWait    kessel_game_get_wait (KesselGame *self);
KesselSide    kessel_game_get_active_side (KesselGame *self);
/**
 * kessel_game_get_order:
 *
 * The order the Soviet player chose for his phases this turn (5.4).
 */
KesselOrder   kessel_game_get_order (KesselGame *self);
/**
 * kessel_game_is_over:
 *
 * Whether the game has ended.
 */
gboolean      kessel_game_is_over (KesselGame *self);
/**
 * kessel_game_get_verdict:
 *
 * Who won: %KESSEL_VERDICT_NONE until the game is over.
 */
KesselVerdict kessel_game_get_verdict (KesselGame *self);
/**
 * kessel_game_get_weather:
 *
 * The weather of the turn being played.
 */
KesselWeather kessel_game_get_weather (KesselGame *self);
/**
 * kessel_game_get_turn_weather:
 *
 * The weather of a turn already played, or -1 for a turn not yet played.
 */
int           kessel_game_get_turn_weather (KesselGame *self, int turn);

/* Markers. */
/**
 * kessel_game_get_air_superiority:
 *
 * The side that has air superiority this turn (5.2).
 */
KesselSide kessel_game_get_air_superiority (KesselGame *self);
/**
 * kessel_game_get_cas_total:
 *
 * The CAS markers the side with air superiority received this turn.
 */
int        kessel_game_get_cas_total (KesselGame *self);
/**
 * kessel_game_get_cas_left:
 *
 * The CAS markers of this turn not yet used.
 */
int        kessel_game_get_cas_left (KesselGame *self);
/**
 * kessel_game_get_kg_hex:
 *
 * The hex of a KG marker, or %KESSEL_HEX_NONE when it is not on the map.
 */
int        kessel_game_get_kg_hex (KesselGame *self, KesselKg kg);
/**
 * kessel_game_kg_available:
 *
 * Whether the KG markers may be used yet: from the reinforcement phase of turn
 * 2 (10.2).
 */
gboolean   kessel_game_kg_available (KesselGame *self);
/**
 * kessel_game_kg_traffic_active:
 *
 * Whether the traffic bonus of a KG is in force (12.4-2, 12.4-3).
 */
gboolean   kessel_game_kg_traffic_active (KesselGame *self, KesselKg kg);

/* Pieces. */
/**
 * kessel_game_get_n_pieces:
 *
 * The number of pieces: the units of the scenario as they stand in play,
 * substitute counters counted with their unit.
 */
int               kessel_game_get_n_pieces (KesselGame *self);
/**
 * kessel_game_find_piece:
 *
 * The piece of the unit with this id, or -1 when there is none.
 */
int               kessel_game_find_piece (KesselGame *self, const char *unit_id);
KesselUnit       *kessel_game_get_piece_unit (KesselGame *self, int piece);
KesselUnit       *kessel_game_get_piece_counter (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_side:
 *
 * The side a piece belongs to.
 */
KesselSide        kessel_game_get_piece_side (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_status:
 *
 * Where a piece is: waiting to set up or to arrive, on the map, eliminated,
 * exited, returning or forfeited.
 */
KesselPieceStatus kessel_game_get_piece_status (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_hex:
 *
 * The hex a piece stands in, or %KESSEL_HEX_NONE when it is not on the map.
 */
int               kessel_game_get_piece_hex (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_steps:
 *
 * The steps a piece has left.
 */
int               kessel_game_get_piece_steps (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_full_steps:
 *
 * The steps of a piece at full strength: its counter and all its substitutes.
 */
int               kessel_game_get_piece_full_steps (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_attack:
 *
 * The attack factor printed on the step a piece shows now, before any halving
 * or doubling of combat.
 */
int               kessel_game_get_piece_attack (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_defence:
 *
 * The defence factor printed on the step a piece shows now, before any halving
 * or doubling of combat.
 */
int               kessel_game_get_piece_defence (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_mp:
 *
 * The movement points a piece has left this phase; before it moves, its whole
 * movement factor.
 */
int               kessel_game_get_piece_mp (KesselGame *self, int piece);
/**
 * kessel_game_get_piece_return_turn:
 *
 * The turn an eliminated rifle corps comes back from the turn track (11.1), or
 * 0.
 */
int               kessel_game_get_piece_return_turn (KesselGame *self, int piece);
/**
 * kessel_game_piece_has_attacked:
 *
 * Whether a piece has attacked in this phase.
 */
gboolean          kessel_game_piece_has_attacked (KesselGame *self, int piece);
GArray           *kessel_game_get_pieces_at (KesselGame *self, int hex);
/**
 * kessel_game_get_hex_occupant:
 *
 * The side whose units stand in a hex, or %KESSEL_SIDE_NONE when it is empty.
 */
KesselSide        kessel_game_get_hex_occupant (KesselGame *self, int hex);
/**
 * kessel_game_piece_visible_to:
 *
 * Whether @side may see @piece now under fog of war (6.3). A side's view of the
 * game is the game with only the pieces it may see; the number of units in a
 * stack is always seen.
 */
gboolean          kessel_game_piece_visible_to (KesselGame *self, int piece, KesselSide side);

/* The map in play. */
/**
 * kessel_game_get_control:
 *
 * The side that controls a hex now, or %KESSEL_SIDE_NONE.
 */
KesselSide kessel_game_get_control (KesselGame *self, int hex);
/**
 * kessel_game_in_zoc_of:
 *
 * Whether the units of @side exert a zone of control into @hex now (7.0, 7.5).
 */
gboolean   kessel_game_in_zoc_of (KesselGame *self, int hex, KesselSide side);
/**
 * kessel_game_piece_in_supply:
 *
 * Whether a Soviet piece is in supply now (8.0).
 */
gboolean   kessel_game_piece_in_supply (KesselGame *self, int piece);
/**
 * kessel_game_piece_in_command:
 *
 * Whether a German piece is in command and control now (9.2).
 */
gboolean   kessel_game_piece_in_command (KesselGame *self, int piece);
/**
 * kessel_game_hex_traces:
 *
 * Whether a unit of @side in @hex would trace supply (Soviet) or command and
 * control (German) now.
 */
gboolean   kessel_game_hex_traces (KesselGame *self, int hex, KesselSide side);
GArray    *kessel_game_trace_path (KesselGame *self, int hex, KesselSide side);

/**
 * kessel_game_get_overstacking:
 *
 * How many units would have to leave a hex if the stacking limits were checked
 * now (6.0); 0 when it is within them.
 */
int        kessel_game_get_overstacking (KesselGame *self, int hex);

/* Victory points. */
int kessel_game_get_vp (KesselGame *self);
/**
 * kessel_game_get_vp_places:
 *
 * The Soviet victory points of the places the Soviet side controls.
 */
int kessel_game_get_vp_places (KesselGame *self);
/**
 * kessel_game_get_vp_exits:
 *
 * The Soviet victory points of rifle corps that exited the map.
 */
int kessel_game_get_vp_exits (KesselGame *self);
/**
 * kessel_game_get_vp_destroyed:
 *
 * The Soviet victory points of German units destroyed.
 */
int kessel_game_get_vp_destroyed (KesselGame *self);
/**
 * kessel_game_get_divisions_destroyed:
 *
 * The German divisions destroyed so far while out of command and control (4.2).
 */
int kessel_game_get_divisions_destroyed (KesselGame *self);
/**
 * kessel_game_get_vp_out_of_command:
 *
 * The Soviet victory points of German divisions destroyed out of command and
 * control.
 */
int kessel_game_get_vp_out_of_command (KesselGame *self);
/**
 * kessel_game_get_corps_exited:
 *
 * The Soviet rifle corps that have exited the map so far.
 */
int kessel_game_get_corps_exited (KesselGame *self);

/* Questions of the interface. */
KesselReach *kessel_game_reachable (KesselGame *self, const int *pieces, int n_pieces);
int         *kessel_game_reachable_costs (KesselGame *self, const int *pieces, int n_pieces, int *n_hexes);
gboolean     kessel_game_get_odds (KesselGame *self, const KesselAction *attack,
                                   KesselCombatOdds *odds, GError **error);
gboolean     kessel_game_get_supported_defence_odds (KesselGame *self, const KesselAction *attack,
                                                     KesselAction *defence, KesselCombatOdds *odds,
                                                     GError **error);
gboolean     kessel_game_get_current_combat (KesselGame *self, KesselAction *attack,
                                             KesselCombatOdds *odds, int *die,
                                             KesselResult *result);
gboolean     kessel_game_get_last_combat (KesselGame *self, KesselCombatReport *report);

/* Actions. */
GArray  *kessel_game_list_actions (KesselGame *self);
/* Stacks of more units than this have their parts left out of
 * kessel_game_list_part_stack_moves: a stack of five has 25 parts of two to
 * four units, one of nine (German stacks may hold nine steps) 501. */
#define KESSEL_PART_STACK_LISTED_MAX 5
GArray  *kessel_game_list_part_stack_moves (KesselGame *self);
gboolean kessel_game_check (KesselGame *self, const KesselAction *action, GError **error);
gboolean kessel_game_apply (KesselGame *self, const KesselAction *action, GError **error);
gboolean kessel_game_random_action (KesselGame *self, KesselDice *dice, KesselAction *action);
/**
 * kessel_game_get_n_actions:
 *
 * The number of actions applied so far.
 */
int      kessel_game_get_n_actions (KesselGame *self);
/**
 * kessel_game_get_action:
 *
 * An action applied, by its index from 0.
 */
const KesselAction *kessel_game_get_action (KesselGame *self, int index);
/**
 * kessel_game_action_to_string:
 *
 * An action as saved games and kessel-cli write it, such as "move ger-16pz 2118
 * 2018".
 */
char    *kessel_game_action_to_string (KesselGame *self, const KesselAction *action);
gboolean kessel_game_action_from_string (KesselGame *self, const char *text,
                                         KesselAction *action, GError **error);
/**
 * kessel_game_describe_action:
 *
 * A sentence for people about an action, such as "16 Pz and 509 attack 2119".
 */
char    *kessel_game_describe_action (KesselGame *self, const KesselAction *action);

/**
 * kessel_game_can_undo:
 *
 * Whether the last action may be taken back: one that revealed nothing and
 * rolled no die.
 */
gboolean kessel_game_can_undo (KesselGame *self);
gboolean kessel_game_undo (KesselGame *self, GError **error);
/**
 * kessel_game_can_redo:
 *
 * Whether an action taken back may be applied again.
 */
gboolean kessel_game_can_redo (KesselGame *self);
/**
 * kessel_game_redo:
 *
 * Applies again the last action taken back.
 */
gboolean kessel_game_redo (KesselGame *self, GError **error);

/* The log. */
/**
 * kessel_game_get_n_log:
 *
 * The number of entries in the log.
 */
int                   kessel_game_get_n_log (KesselGame *self);
/**
 * kessel_game_get_log:
 *
 * An entry of the log, by its index from 0, the oldest first.
 */
const KesselLogEntry *kessel_game_get_log (KesselGame *self, int index);
/**
 * kessel_game_get_dice_rolled:
 *
 * The number of dice rolled in the game so far.
 */
guint                 kessel_game_get_dice_rolled (KesselGame *self);

char       *kessel_game_to_xml (KesselGame *self, gsize *length);
gboolean    kessel_game_save_file (KesselGame *self, const char *path, GError **error);
KesselGame *kessel_game_load_file (const char *path, GError **error);
KesselGame *kessel_game_load_file_with_scenario (const char *path, KesselScenario *scenario,
                                                 GError **error);
KesselGame *kessel_game_load_data (const char *data, gsize length, const char *file_name,
                                   KesselScenario *scenario, GError **error);
/**
 * kessel_game_equal:
 *
 * Whether two games stand in the same position: the same turn, phase, markers,
 * pieces, control and VP.
 */
gboolean    kessel_game_equal (KesselGame *a, KesselGame *b);

/**
 * kessel_game_new_position:
 *
 * A position for tests and the editor: a game whose pieces stand on their
 * set-up hexes, with the reinforcements waiting, at the start of a phase of a
 * turn in the given weather.
 */
KesselGame *kessel_game_new_position (KesselScenario *scenario, guint64 seed, int turn,
                                      KesselPhase phase, KesselWeather weather);
/**
 * kessel_game_set_air:
 *
 * For positions: gives @side air superiority with @markers CAS markers.
 */
void kessel_game_set_air (KesselGame *self, KesselSide side, int markers);
/**
 * kessel_game_set_kg:
 *
 * For positions: puts a KG marker in @hex, or off the map with %KESSEL_HEX_NONE.
 */
void kessel_game_set_kg (KesselGame *self, KesselKg kg, int hex);
/**
 * kessel_game_set_control:
 *
 * For positions: gives control of @hex to @side.
 */
void kessel_game_set_control (KesselGame *self, int hex, KesselSide side);
/**
 * kessel_game_set_piece:
 *
 * For positions: puts @piece in @hex with @steps steps left (at least 1, at
 * most its full strength); %KESSEL_HEX_NONE takes it off the map to wait.
 */
void kessel_game_set_piece (KesselGame *self, int piece, int hex, int steps);
/**
 * kessel_game_set_order:
 *
 * For positions: sets the Soviet order of phases of the turn.
 */
void kessel_game_set_order (KesselGame *self, KesselOrder order);

/* The forward model of computer players.
 *
 * A snapshot holds the whole state of play and is saved and restored in a
 * few microseconds; restoring also takes back the log entries and actions
 * that came after it. A snapshot fits only the game it was taken from and its
 * copies. */
typedef struct _KesselSnapshot KesselSnapshot;
#define KESSEL_TYPE_SNAPSHOT (kessel_snapshot_get_type ())
GType           kessel_snapshot_get_type (void) G_GNUC_CONST;
/**
 * kessel_snapshot_copy:
 *
 * A copy of a snapshot.
 */
KesselSnapshot *kessel_snapshot_copy (const KesselSnapshot *snapshot);
/**
 * kessel_game_snapshot:
 *
 * A snapshot of the whole state of play, for computer players: it is saved and
 * restored in a few microseconds, and fits only this game and its copies.
 */
KesselSnapshot *kessel_game_snapshot (KesselGame *self);
/**
 * kessel_game_save_snapshot:
 *
 * Saves the state of play into a snapshot already made, without allocating.
 */
void            kessel_game_save_snapshot (KesselGame *self, KesselSnapshot *snapshot);
/**
 * kessel_game_restore:
 *
 * Puts the game back as it stood in a snapshot, taking back the log entries and
 * actions that came after it.
 */
void            kessel_game_restore (KesselGame *self, const KesselSnapshot *snapshot);
/**
 * kessel_snapshot_free:
 *
 * Frees a snapshot.
 */
void            kessel_snapshot_free (KesselSnapshot *snapshot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselSnapshot, kessel_snapshot_free)

KesselGame *kessel_game_fork (KesselGame *self, guint64 dice_seed);
KesselGame *kessel_game_view (KesselGame *self, KesselSide side, guint64 dice_seed);
/**
 * kessel_game_force_die:
 *
 * Makes the next die rolled show @face (1 to 6), to work out each result of a
 * combat in a search.
 */
void        kessel_game_force_die (KesselGame *self, int face);
/**
 * kessel_game_is_quiet:
 *
 * Whether the game is a quiet copy for search (kessel_game_fork()), which
 * writes no log text and keeps no undo.
 */
gboolean    kessel_game_is_quiet (KesselGame *self);

/**
 * kessel_phase_to_string:
 *
 * The word of a phase in files and scripts, such as "soviet-1".
 */
const char *kessel_phase_to_string (KesselPhase phase);
/**
 * kessel_phase_display_name:
 *
 * The name of a phase for people, translated.
 */
const char *kessel_phase_display_name (KesselPhase phase);
/**
 * kessel_phase_numeral:
 *
 * The Roman numeral of a phase in the sequence of play, such as "IV"; empty for
 * the set-up and the end of the game.
 */
const char *kessel_phase_numeral (KesselPhase phase);
/**
 * kessel_verdict_to_string:
 *
 * The word of a verdict for files and scripts: "german", "soviet", "draw" or
 * "none".
 */
const char *kessel_verdict_to_string (KesselVerdict verdict);
/**
 * kessel_verdict_display_name:
 *
 * The name of a verdict for people, translated.
 */
const char *kessel_verdict_display_name (KesselVerdict verdict);

G_END_DECLS
