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
KesselLogEntry *kessel_log_entry_copy (const KesselLogEntry *entry);
void            kessel_log_entry_free (KesselLogEntry *entry);

#define KESSEL_TYPE_SHIFT (kessel_shift_get_type ())
GType kessel_shift_get_type (void) G_GNUC_CONST;
#define KESSEL_TYPE_CONTRIBUTION (kessel_contribution_get_type ())
GType kessel_contribution_get_type (void) G_GNUC_CONST;
#define KESSEL_TYPE_COMBAT_FATE (kessel_combat_fate_get_type ())
GType kessel_combat_fate_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_COMBAT_ODDS (kessel_combat_odds_get_type ())
GType             kessel_combat_odds_get_type (void) G_GNUC_CONST;
/* The entries of the arrays in odds and reports, for bindings, which cannot
 * read arrays of structures inside a structure. */
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
/* A game whose dice no one can foresee: each face is drawn from the
 * system's entropy when it is rolled, and recorded with its action. */
KesselGame     *kessel_game_new_unforeseeable (KesselScenario *scenario);
/* A whole copy, with its log, actions and options; it shares the tables the
 * game derives from its scenario. */
KesselGame     *kessel_game_copy (KesselGame *self);
/* The game as it stood before its first action: the same scenario, seed,
 * options and whatever else decides its dice, so that applying the game's
 * actions to it gives the same game again (replays rely on it). A game
 * with unforeseeable dice gives a start that rolls the faces it recorded. */
KesselGame     *kessel_game_new_start (KesselGame *self);
KesselScenario *kessel_game_get_scenario (KesselGame *self);
/* The seed of a seeded game; 0 and no meaning for unforeseeable dice. */
guint64         kessel_game_get_seed (KesselGame *self);
gboolean        kessel_game_is_seeded (KesselGame *self);

/* Where the faces of the next rolls come from, instead of the game's dice:
 * a saved game's record, or the dice both players of a game by e-mail make
 * together. roll is the number of dice rolled in the game before this one.
 * NULL gives the dice back. */
typedef int (*KesselDieSource) (gpointer data, guint roll);
void            kessel_game_set_die_source (KesselGame *self, KesselDieSource source, gpointer data);
/* An unforeseeable game whose dice, from the first one rolled as it is
 * made, come from source until it is given back. */
KesselGame     *kessel_game_new_with_die_source (KesselScenario *scenario, KesselDieSource source,
                                                 gpointer data);
/* The faces rolled as the game was made, before any action. */
const guint8   *kessel_game_get_opening_dice (KesselGame *self, guint *n_faces);
/* The faces rolled by action index, in order; NULL with *n_faces 0 when it
 * rolled none (or in a quiet game). */
const guint8   *kessel_game_get_action_dice (KesselGame *self, int index, guint *n_faces);

/* The game option that records whether a game is played with fog of war
 * (6.3): the players' choice, which the rules core does not enforce. */
#define KESSEL_FOG_OF_WAR_OPTION "fog-of-war"

/* The rules options of this game: the scenario's, unless set otherwise
 * before the first action (then saved with the game). */
gboolean kessel_game_get_option (KesselGame *self, const char *id);
gboolean kessel_game_set_option (KesselGame *self, const char *id, gboolean enabled);

/* Where play stands. */
int           kessel_game_get_turn (KesselGame *self);
KesselPhase   kessel_game_get_phase (KesselGame *self);
KesselSegment kessel_game_get_segment (KesselGame *self);
KesselWait    kessel_game_get_wait (KesselGame *self);
KesselSide    kessel_game_get_active_side (KesselGame *self);
KesselOrder   kessel_game_get_order (KesselGame *self);
gboolean      kessel_game_is_over (KesselGame *self);
KesselVerdict kessel_game_get_verdict (KesselGame *self);
KesselWeather kessel_game_get_weather (KesselGame *self);
/* Weather of a turn already played, or -1. */
int           kessel_game_get_turn_weather (KesselGame *self, int turn);

/* Markers. */
KesselSide kessel_game_get_air_superiority (KesselGame *self);
int        kessel_game_get_cas_total (KesselGame *self);
int        kessel_game_get_cas_left (KesselGame *self);
int        kessel_game_get_kg_hex (KesselGame *self, KesselKg kg);
gboolean   kessel_game_kg_available (KesselGame *self);
/* Whether a KG's traffic bonus is in force (12.4-2, 12.4-3). */
gboolean   kessel_game_kg_traffic_active (KesselGame *self, KesselKg kg);

/* Pieces. */
int               kessel_game_get_n_pieces (KesselGame *self);
int               kessel_game_find_piece (KesselGame *self, const char *unit_id);
KesselUnit       *kessel_game_get_piece_unit (KesselGame *self, int piece);
/* The counter showing now: the first one, or a substitute (2.8). */
KesselUnit       *kessel_game_get_piece_counter (KesselGame *self, int piece);
KesselSide        kessel_game_get_piece_side (KesselGame *self, int piece);
KesselPieceStatus kessel_game_get_piece_status (KesselGame *self, int piece);
int               kessel_game_get_piece_hex (KesselGame *self, int piece);
int               kessel_game_get_piece_steps (KesselGame *self, int piece);
int               kessel_game_get_piece_full_steps (KesselGame *self, int piece);
int               kessel_game_get_piece_attack (KesselGame *self, int piece);
int               kessel_game_get_piece_defence (KesselGame *self, int piece);
/* MP left this phase; before a unit moves, its whole movement factor. */
int               kessel_game_get_piece_mp (KesselGame *self, int piece);
int               kessel_game_get_piece_return_turn (KesselGame *self, int piece);
gboolean          kessel_game_piece_has_attacked (KesselGame *self, int piece);
/* Pieces in a hex, top of the stack first. Free with g_array_unref. */
GArray           *kessel_game_get_pieces_at (KesselGame *self, int hex);
KesselSide        kessel_game_get_hex_occupant (KesselGame *self, int hex);
/* Fog of war (6.3): whether side may see piece now. A side's view of the game
 * is the game with only these pieces; the count of a stack is always seen. */
gboolean          kessel_game_piece_visible_to (KesselGame *self, int piece, KesselSide side);

/* The map in play. */
KesselSide kessel_game_get_control (KesselGame *self, int hex);
/* Whether side's units exert a zone of control into hex now (7.0, 7.5). */
gboolean   kessel_game_in_zoc_of (KesselGame *self, int hex, KesselSide side);
gboolean   kessel_game_piece_in_supply (KesselGame *self, int piece);
gboolean   kessel_game_piece_in_command (KesselGame *self, int piece);
/* Supply (Soviet) or C&C (German) as a unit of side in hex would trace it. */
gboolean   kessel_game_hex_traces (KesselGame *self, int hex, KesselSide side);
/* The traced line from hex to its source, hex first. NULL if none. */
GArray    *kessel_game_trace_path (KesselGame *self, int hex, KesselSide side);

/* Stacking (6.0): how many units would have to go if the limits were
 * checked now (0 if the hex is within them). */
int        kessel_game_get_overstacking (KesselGame *self, int hex);

/* Victory points. */
int kessel_game_get_vp (KesselGame *self);
int kessel_game_get_vp_places (KesselGame *self);
int kessel_game_get_vp_exits (KesselGame *self);
int kessel_game_get_vp_destroyed (KesselGame *self);
/* German divisions destroyed out of C&C so far (4.2). */
int kessel_game_get_divisions_destroyed (KesselGame *self);
int kessel_game_get_vp_out_of_command (KesselGame *self);
int kessel_game_get_corps_exited (KesselGame *self);

/* Questions of the interface. */
/* Hexes a piece or stack can reach now: an array indexed by hex, cost -1
 * where unreachable. Free with g_free. */
KesselReach *kessel_game_reachable (KesselGame *self, const int *pieces, int n_pieces);
int         *kessel_game_reachable_costs (KesselGame *self, const int *pieces, int n_pieces, int *n_hexes);
gboolean     kessel_game_get_odds (KesselGame *self, const KesselAction *attack,
                                   KesselCombatOdds *odds, GError **error);
/* The odds of a proposed attack should the defender add every support he
 * may once it is declared (13.1, 13.3, 13.8-2): the worst case for the
 * attacker, since support only adds to the defence. defence becomes the
 * "defend" action that commits it: every air marker the defender has left
 * and the ranged-support piece, or none of them (cas 0, support -1) when he
 * may add nothing, and then the odds are those of kessel_game_get_odds.
 * odds->defence_cas and odds->defence_support tell what each adds. */
gboolean     kessel_game_get_supported_defence_odds (KesselGame *self, const KesselAction *attack,
                                                     KesselAction *defence, KesselCombatOdds *odds,
                                                     GError **error);
/* The combat being resolved, if any. */
gboolean     kessel_game_get_current_combat (KesselGame *self, KesselAction *attack,
                                             KesselCombatOdds *odds, int *die,
                                             KesselResult *result);
/* The last combat whose die was rolled (or which was settled without one),
 * finished or still under way; FALSE if there was none yet, or while a
 * declared combat waits for the defence's support. */
gboolean     kessel_game_get_last_combat (KesselGame *self, KesselCombatReport *report);

/* Actions. */
/* The legal actions of the side to act. In movement these are the moves of
 * each unit alone and of each whole stack; the computer players choose
 * among them (kessel_game_random_action and src/ai), so their games rest on
 * this list staying as it is. */
GArray  *kessel_game_list_actions (KesselGame *self);
/* Stacks of more units than this have their parts left out of
 * kessel_game_list_part_stack_moves: a stack of five has 25 parts of two to
 * four units, one of nine (German stacks may hold nine steps) 501. */
#define KESSEL_PART_STACK_LISTED_MAX 5
/* The moves (and exits) of part of a stack that kessel_game_list_actions
 * leaves out: in a movement part, for each stack of three to
 * KESSEL_PART_STACK_LISTED_MAX units that may move, each group of two or
 * more of them but not all, to every hex it can reach, in hex order of the
 * stacks. Empty at any other time. Any such group may move, from a stack of
 * any size: this lists them for people choosing among all moves. Free with
 * g_array_unref. */
GArray  *kessel_game_list_part_stack_moves (KesselGame *self);
gboolean kessel_game_check (KesselGame *self, const KesselAction *action, GError **error);
gboolean kessel_game_apply (KesselGame *self, const KesselAction *action, GError **error);
/* One legal action chosen at random by a computer player: first the kind of
 * thing to do (which unit or stack, which combat, or ending the part), then
 * uniformly among its variants. */
gboolean kessel_game_random_action (KesselGame *self, KesselDice *dice, KesselAction *action);
int      kessel_game_get_n_actions (KesselGame *self);
const KesselAction *kessel_game_get_action (KesselGame *self, int index);
char    *kessel_game_action_to_string (KesselGame *self, const KesselAction *action);
gboolean kessel_game_action_from_string (KesselGame *self, const char *text,
                                         KesselAction *action, GError **error);
/* A sentence for people, such as "16 Pz and 509 attack 2119". */
char    *kessel_game_describe_action (KesselGame *self, const KesselAction *action);

/* Undo of actions that revealed nothing and rolled no die. */
gboolean kessel_game_can_undo (KesselGame *self);
gboolean kessel_game_undo (KesselGame *self, GError **error);
gboolean kessel_game_can_redo (KesselGame *self);
gboolean kessel_game_redo (KesselGame *self, GError **error);

/* The log. */
int                   kessel_game_get_n_log (KesselGame *self);
const KesselLogEntry *kessel_game_get_log (KesselGame *self, int index);
guint                 kessel_game_get_dice_rolled (KesselGame *self);

/* Saved games: the scenario's file, its checksum, the seed or, for
 * unforeseeable dice, the faces rolled with each action, and the actions. */
char       *kessel_game_to_xml (KesselGame *self, gsize *length);
gboolean    kessel_game_save_file (KesselGame *self, const char *path, GError **error);
KesselGame *kessel_game_load_file (const char *path, GError **error);
/* Loads a saved game of scenario, whichever scenario file it names. */
KesselGame *kessel_game_load_file_with_scenario (const char *path, KesselScenario *scenario,
                                                 GError **error);
KesselGame *kessel_game_load_data (const char *data, gsize length, const char *file_name,
                                   KesselScenario *scenario, GError **error);
gboolean    kessel_game_equal (KesselGame *a, KesselGame *b);

/* Positions for tests and the editor: a game whose pieces stand on their
 * set-up hexes (reinforcements waiting), at the start of a phase of a turn. */
KesselGame *kessel_game_new_position (KesselScenario *scenario, guint64 seed, int turn,
                                      KesselPhase phase, KesselWeather weather);
void kessel_game_set_air (KesselGame *self, KesselSide side, int markers);
void kessel_game_set_kg (KesselGame *self, KesselKg kg, int hex);
void kessel_game_set_control (KesselGame *self, int hex, KesselSide side);
void kessel_game_set_piece (KesselGame *self, int piece, int hex, int steps);
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
KesselSnapshot *kessel_snapshot_copy (const KesselSnapshot *snapshot);
KesselSnapshot *kessel_game_snapshot (KesselGame *self);
void            kessel_game_save_snapshot (KesselGame *self, KesselSnapshot *snapshot);
void            kessel_game_restore (KesselGame *self, const KesselSnapshot *snapshot);
void            kessel_snapshot_free (KesselSnapshot *snapshot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselSnapshot, kessel_snapshot_free)

/* A quiet copy for search: no log text, no undo, no record of actions before
 * it, and dice of its own drawn from dice_seed, so that searching it tells
 * nothing about the dice of the game it came from. */
KesselGame *kessel_game_fork (KesselGame *self, guint64 dice_seed);
/* A quiet copy as side may know the game under fog of war (6.3): the enemy
 * units side cannot see are dealt out over the hidden places of the stacks
 * in a fixed order, so two games that differ only in what side cannot see
 * give the same view. Dice as in kessel_game_fork. */
KesselGame *kessel_game_view (KesselGame *self, KesselSide side, guint64 dice_seed);
/* The next die rolled shows face (1-6), for working out each result of a
 * combat in a search. */
void        kessel_game_force_die (KesselGame *self, int face);
gboolean    kessel_game_is_quiet (KesselGame *self);

const char *kessel_phase_to_string (KesselPhase phase);
const char *kessel_phase_display_name (KesselPhase phase);
const char *kessel_phase_numeral (KesselPhase phase);
/* "german", "soviet", "draw" or "none", for files and scripts. */
const char *kessel_verdict_to_string (KesselVerdict verdict);
const char *kessel_verdict_display_name (KesselVerdict verdict);

G_END_DECLS
