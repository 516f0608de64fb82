/* kessel-game-private.h: the state of a game, shared by the files that carry
 * out the rules (one rules area per file). Nothing outside src/core uses it. */
#pragma once

#include "kessel-game.h"

G_BEGIN_DECLS

#define KESSEL_MAX_CHAIN_STEPS 16
#define KESSEL_GAME_MAX_UNDO 1000   /* undo steps kept; older ones are dropped */
#define KESSEL_GERMAN_STACK_LIMIT 9          /* 6.1 */
#define KESSEL_SOVIET_STACK_LIMIT 4          /* 6.2, non-artillery steps */
#define KESSEL_SOVIET_ARTILLERY_LIMIT 1      /* 6.2 */
#define KESSEL_STAND_FAST_COLUMN 23          /* 3.2-6 */
#define KESSEL_KG_COMBAT_RANGE 2             /* 13.4 */

/* What it takes to cross a hexside in movement (12.3). */
typedef enum {
  KESSEL_CROSSING_FREE,         /* no river, or a town or fortified locality on either side */
  KESSEL_CROSSING_MINOR,
  KESSEL_CROSSING_MAJOR,        /* +1 to the roll */
} KesselCrossing;

/* What a piece is: fixed for the whole game. */
typedef struct {
  KesselUnit *unit;                     /* its first counter */
  KesselUnit *counters[KESSEL_MAX_CHAIN_STEPS];  /* the counter showing at each step, full first */
  KesselStep factors[KESSEL_MAX_CHAIN_STEPS];
  int full_steps;
  KesselSide side;
  KesselMobility mobility;
  int support_range;                    /* 18th AD, 13.1; 0 for others */
  guint division : 1;
  guint corps : 1;
  guint rifle_corps : 1;                /* returns when eliminated (11.0) */
  guint artillery : 1;                  /* 13.2; not the 18th AD (2.4) */
  guint army_support : 1;
  guint garrison : 1;                   /* static (2.7) */
  guint tiger : 1;
  guint doubles_in_clear : 1;           /* 3GM (13.2-6) */
} KesselPieceInfo;

/* One entry of the reachable search's queue: a hex and the next entry of
 * the same cost. A hex may stand in several entries at once. */
typedef struct {
  int hex;
  int next;
} KesselBucketEntry;

/* At most this many entries: a hex is expanded at most twice (its cheapest
 * cost with a roll, then without), and each expansion queues at most one
 * entry a neighbour. */
#define KESSEL_BUCKET_ENTRIES_PER_HEX (2 * KESSEL_N_DIRECTIONS + 1)

#define KESSEL_FAILED_CROSSINGS 4

/* Where a piece stands: copied whole for undo. */
typedef struct {
  int hex;
  KesselPieceStatus status;
  int steps;
  int return_turn;         /* RETURNING: the turn it may come back */
  int setup_hex;           /* the hex it was set up in (3.2-6) */
  int mp;                  /* MP left this movement part; -1 before it first moves */
  guint stack_order;       /* higher is nearer the top */
  /* Hexsides, each plus 1 (0 for none), whose river roll the unit could not
   * pay in this movement part (ruling 12.3-3); the oldest goes first. */
  int failed_crossings[KESSEL_FAILED_CROSSINGS];
  guint moved : 1;
  guint stopped : 1;       /* entered an enemy ZOC (7.2) */
  guint attacked : 1;      /* attacked, probed or supported this combat part */
  guint defence_support : 1; /* 18th AD supported a defence this Soviet combat part */
  guint supplied_for_move : 1;
  guint revealed : 1;      /* its stack was attacked (6.3) */
} KesselPieceState;

typedef enum {
  KESSEL_RESUME_NONE,
  KESSEL_RESUME_NEXT_SEGMENT,   /* eliminations, then the next part of the phase */
  KESSEL_RESUME_FINISH_PHASE,   /* eliminations, then the next phase */
  KESSEL_RESUME_AFTER_COMBAT,   /* eliminations after an advance, then the next combat */
} KesselResume;

/* A combat from its declaration to the end of its advance. */
typedef struct {
  gboolean active;
  KesselAction attack;
  KesselCombatOdds odds;
  int defence_cas;
  int defence_support;
  int kg;                  /* KG whose bonus applies, or -1 */
  int die;
  KesselResult result;
  int n_defenders;
  int defenders[KESSEL_ACTION_MAX_UNITS];
  int attacker_losses;     /* steps the attacker still owes */
  int defender_losses;
  gboolean retreat;
  int retreat_next;        /* index into defenders of the next to retreat */
  /* What came of it, for kessel_game_get_last_combat. */
  gboolean resolved;
  int log_index;           /* the log entry of the roll, or -1 */
  guint8 attacker_steps_lost[KESSEL_ACTION_MAX_UNITS];
  guint8 defender_steps_lost[KESSEL_ACTION_MAX_UNITS];
  int retreat_hex[KESSEL_ACTION_MAX_UNITS];   /* by defender, KESSEL_HEX_NONE if none */
  guint64 attackers_eliminated;   /* bit by attacker */
  guint64 defenders_eliminated;   /* bit by defender */
  guint64 advanced;               /* bit by attacker */
} KesselCombat;

typedef struct {
  int turn;
  KesselPhase phase;
  KesselSegment segment;
  int segment_index;       /* position within the phase's parts */
  KesselWait wait;
  KesselOrder order;
  KesselOrder first_order[3];   /* per side, the turn's first choice */
  gboolean mech_interrupt;      /* VII runs inside VI (option mech-combat-right-after-combat) */
  KesselWeather weather;
  KesselWeather turn_weather[KESSEL_SCENARIO_MAX_TURNS + 1];
  KesselSide air_side;
  int cas_total;
  int cas_used;
  int kg_hex[KESSEL_N_KGS];
  gboolean kg_attack_used[KESSEL_N_KGS];
  gboolean kg_defence_used[KESSEL_N_KGS];
  int corps_exited;
  int vp_destroyed;
  int divisions_destroyed;       /* German divisions destroyed out of C&C (4.2) */
  int vp_out_of_command;
  KesselVerdict verdict;
  guint stack_counter;
  KesselCombat combat;
  int elimination_hex;          /* hex over-stacked, waiting for eliminations */
  KesselResume resume;
  KesselPieceState *pieces;
  guint8 *control;              /* KesselSide per hex */
  guint8 *placed_hexes;         /* XI: hexes that received a returning corps */
  guint8 *captured;             /* fortified localities the Soviets have taken (13.8.4) */
  KesselDice dice;
} KesselGameState;

/* The tables a game derives from its scenario once: shared, never changed,
 * by every copy of the game (copies for search cost no rebuild). */
typedef struct {
  gint ref_count;
  int n_pieces;
  KesselPieceInfo *info;
  int *neighbours;
  int *river_at;
  guint8 *source[3];
  guint8 *closed;
  guint8 *place;
  guint8 *entry;
  guint8 *column;
  guint8 *terrain_cost[2];
  guint8 *crossing;
  int *hexside;
  guint8 *exit;
} KesselGameFixed;

struct _KesselSnapshot {
  int n_pieces;
  int hex_count;
  KesselGameState state;        /* its arrays point into data */
  guint log_length;
  guint actions_length;
  guint undo_length;
  guint8 data[];
};

struct _KesselGame {
  GObject parent_instance;

  KesselGameFixed *fixed;       /* owns the tables below up to terrain_cost */

  KesselScenario *scenario;
  KesselMap *map;
  const KesselGrid *grid;
  int hex_count;
  guint64 seed;
  int n_pieces;
  KesselPieceInfo *info;
  int *neighbours;              /* hex_count * 6, KESSEL_HEX_NONE off the map */
  int *river_at;                /* hex_count * 6: river index across each side, or -1 */
  guint8 *source[3];            /* per side: supply (Soviet) or C&C (German) source hexes */
  guint8 *closed;               /* the 12.5 area */
  guint8 *place;                /* towns and fortified localities */
  guint8 *entry;                /* German reinforcement entry hexes */
  guint8 *column;               /* XX of each hex */
  guint8 *terrain_cost[2];      /* entry cost: [0] non-mechanized, [1] mechanized */
  guint8 *crossing;             /* hex_count * 6: a KesselCrossing for each side */
  int *hexside;                 /* hex_count * 6: the KesselHexside of each side */
  guint8 *exit;                 /* Soviet exit hexes (4.3) */

  KesselGameState state;
  gboolean quiet;               /* no log text and no undo: a copy for search */

  /* Caches derived from the state, rebuilt when stale. */
  gboolean caches_valid;
  gboolean traces_valid[3];     /* per side: lines[] and traces[] may be used ... */
  gboolean traces_whole[3];     /* ... and traces[] is worked out */
  guint16 *units_at[3];         /* per side: pieces in each hex */
  guint16 *zoc[3];              /* per side: pieces exerting ZOC into each hex */
  int *first_at;                /* per hex: the first piece on the map in it, or -1 ... */
  int *next_at;                 /* ... per piece: the next in its hex, in piece order */
  guint8 *traces[3];            /* per side: 1 where a unit would be in supply / C&C */
  guint8 *lines[3];             /* per side: what is known of each free hex (kessel-supply.c) */
  int *trace_parent[3];         /* per side: next hex toward the source */
  guint8 *kg_free;              /* 1 where a KG's traffic bonus makes entry free (12.4) ... */
  int kg_free_hexes[KESSEL_N_KGS * (KESSEL_N_DIRECTIONS + 1)];   /* ... which are these */
  int n_kg_free;
  gboolean kg_traffic[KESSEL_N_KGS];
  int *queue;                   /* scratch for searches, hex_count long */
  guint8 *marks;                /* scratch flags, hex_count long, clear between uses */
  GHashTable *options;          /* option id -> 1 + enabled, where the game differs from its scenario */
  gboolean flat_river_crossing; /* options read in inner loops, looked up with the caches */
  gboolean river_crossing_retry;
  gboolean trace_literal;
  KesselReach *reach;           /* the last reachable search: valid at reached[] and its start */
  int *reached;                 /* the hexes it reached, start excluded, in hex order */
  int n_reached;
  guint64 *reach_bits;          /* scratch, one bit a hex, clear between searches */
  KesselBucketEntry *bucket_entries; /* scratch: the reachable search's queue */
  int reach_start;

  GArray *log;                  /* KesselLogEntry */
  GArray *actions;              /* KesselAction applied, in order */
  GPtrArray *undo;              /* an UndoStep (kessel-game.c) before each undoable action */
  guint undo_dropped;          /* undo steps dropped from the bottom, over the cap */
  GArray *redo;                 /* KesselAction undone, last on top */
  GArray *faces;                /* guint8: every face rolled, in order (not in quiet games) */
  GArray *roll_ends;            /* guint: the dice rolled by the end of each action */
  guint opening_rolls;          /* the dice rolled as the game was made, before any action */
  GByteArray *replayed_faces;   /* a replay's start: the faces of the game it replays */
  KesselDieSource die_source;   /* if set, where the faces come from instead of the dice */
  gpointer die_source_data;
  KesselChange pending_changes;
};

/* kessel-game.c */
void     kessel_game_log (KesselGame *self, KesselSide side, int die, const char *format, ...) G_GNUC_PRINTF (4, 5);
/* An entry that names side's units: under fog of war (6.3) the other side
 * reads hidden_text instead, the same words with the units unnamed. */
void     kessel_game_log_hidden (KesselGame *self, KesselSide side, int die, const char *hidden_text,
                                 const char *format, ...) G_GNUC_PRINTF (5, 6);
const char *kessel_game_unseen_units_label (KesselSide side, int n_units);
/* Logs format with label, the first argument, naming n_units of side; the
 * other side reads it with the units unnamed. */
#define kessel_game_log_units(self, side, die, n_units, format, label, ...)                        \
  G_STMT_START {                                                                                  \
    if (!(self)->quiet)                                                                           \
      {                                                                                           \
        g_autofree char *hidden_text_ = g_strdup_printf (format, kessel_game_unseen_units_label ((side), (n_units)), \
                                                         __VA_ARGS__);                            \
        kessel_game_log_hidden ((self), (side), (die), hidden_text_, format, (label), __VA_ARGS__); \
      }                                                                                           \
  } G_STMT_END
void     kessel_game_changed (KesselGame *self, KesselChange change);
int      kessel_game_roll (KesselGame *self);
const char *kessel_game_piece_name (KesselGame *self, int piece);
int kessel_game_mp_left (KesselGame *self, int piece);
char    *kessel_game_piece_label (KesselGame *self, int piece);
char    *kessel_game_hex_label (KesselGame *self, int hex);
char    *kessel_game_pieces_label (KesselGame *self, const int *pieces, int n);
gboolean kessel_game_refuse (GError **error, const char *rule, const char *format, ...) G_GNUC_PRINTF (3, 4);
void     kessel_game_invalidate (KesselGame *self);
void     kessel_game_rebuild_caches (KesselGame *self);
gboolean kessel_game_option (KesselGame *self, const char *id);

/* Called before any read of the caches; cheap when they are current. */
static inline void
kessel_game_update_caches (KesselGame *self)
{
  if (!self->caches_valid)
    kessel_game_rebuild_caches (self);
}

/* kessel-pieces.c: positions, steps and control */
void kessel_game_put_piece (KesselGame *self, int piece, int hex);
void kessel_game_remove_piece (KesselGame *self, int piece, KesselPieceStatus status);
/* Takes one step; eliminates at the last (2.8, 4.2, 11.1). */
void kessel_game_lose_step (KesselGame *self, int piece);
int  kessel_game_piece_attack_now (KesselGame *self, int piece);
gboolean kessel_game_piece_is_mechanized (KesselGame *self, int piece);
gboolean kessel_game_in_enemy_zoc (KesselGame *self, int hex, KesselSide side);
gboolean kessel_game_enemy_at (KesselGame *self, int hex, KesselSide side);
int  kessel_game_count_pieces_at (KesselGame *self, int hex, KesselSide side);

/* The pieces on the map in a hex, in piece order:
 *   for (int p = kessel_game_first_at (self, hex); p >= 0; p = self->next_at[p])
 * The list must not change while it is read. */
static inline int
kessel_game_first_at (KesselGame *self, int hex)
{
  kessel_game_update_caches (self);
  return self->first_at[hex];
}

/* kessel-stacking.c */
gboolean kessel_game_stack_fits (KesselGame *self, int hex, KesselSide side, const int *extra, int n_extra);
gboolean kessel_game_overstacked (KesselGame *self, int hex);
/* The fewest units whose removal brings the hex within the limit. */
int      kessel_game_units_to_eliminate (KesselGame *self, int hex, int without_piece);
/* Looks for an over-stacked hex of side (or any side for NONE); starts the eliminations. */
gboolean kessel_game_start_eliminations (KesselGame *self, KesselSide side, KesselResume resume);
gboolean kessel_game_check_eliminate (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_eliminate (KesselGame *self, const KesselAction *action);

/* kessel-supply.c */
/* The whole trace of side into traces[] and trace_parent[]; single hexes
 * are answered by kessel_game_hex_traces without it. */
void kessel_game_compute_traces (KesselGame *self, KesselSide side);

/* kessel-movement.c */
gboolean kessel_game_check_move (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_move (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_exit (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_exit (KesselGame *self, const KesselAction *action);

/* Whether kessel_game_mp_left is above 0, without tracing supply: halving
 * the factor of a unit out of supply (8.3-1) never takes it to 0. */
static inline gboolean
kessel_game_has_mp_left (KesselGame *self, int piece)
{
  int mp = self->state.pieces[piece].mp;

  return mp < 0 ? kessel_table_movement_factor (self->info[piece].mobility, self->state.weather) > 0 : mp > 0;
}

static inline gboolean
kessel_game_can_start_moving (KesselGame *self, int piece)
{
  const KesselPieceState *state = &self->state.pieces[piece];

  return state->status == KESSEL_PIECE_ON_MAP && !self->info[piece].garrison
         && self->info[piece].mobility != KESSEL_MOBILITY_STATIC
         && !state->stopped && kessel_game_has_mp_left (self, piece);
}

void     kessel_game_reset_movement (KesselGame *self);
/* The reachable search into the game's scratch space: self->reach, valid at
 * the self->n_reached hexes of self->reached and at the start, until the next
 * search. */
void     kessel_game_search_reach (KesselGame *self, const int *pieces, int n_pieces);
/* A move along a path of the last search, for the side to move in its
 * movement part: legal by construction (see kessel-movement.c). */
gboolean kessel_game_path_to (KesselGame *self, int hex, KesselAction *action);
gboolean kessel_game_stand_fast_applies (KesselGame *self, int piece);

/* West of the Hitler stand-fast line (3.2-6). */
static inline gboolean
kessel_game_west_of_stand_fast (KesselGame *self, int hex)
{
  return self->column[hex] < KESSEL_STAND_FAST_COLUMN;
}

/* kessel-combat.c */
gboolean kessel_game_check_attack (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_attack (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_defend (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_defend (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_probe (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_probe (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_loss (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_loss (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_retreat (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_retreat (KesselGame *self, const KesselAction *action);
gboolean kessel_game_check_advance (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_advance (KesselGame *self, const KesselAction *action);
void     kessel_game_finish_advance (KesselGame *self);
gboolean kessel_game_can_attack_with (KesselGame *self, int piece, GError **error);
gboolean kessel_game_retreat_hex_ok (KesselGame *self, int piece, int hex, gboolean *preferred);
int      kessel_game_next_retreater (KesselGame *self);
int      kessel_game_support_piece_for (KesselGame *self, KesselSide side, int target, gboolean defence);

/* kessel-phases.c: the turn sequence */
void     kessel_game_enter_phase (KesselGame *self, KesselPhase phase);
gboolean kessel_game_check_phase_action (KesselGame *self, const KesselAction *action, GError **error);
void     kessel_game_apply_phase_action (KesselGame *self, const KesselAction *action);
void     kessel_game_end_segment (KesselGame *self);
void     kessel_game_resume (KesselGame *self, KesselResume resume);
gboolean kessel_game_entry_hex_ok (KesselGame *self, int piece, int hex, GError **error);

/* kessel-legal.c */
void kessel_game_list_into (KesselGame *self, GArray *out);

G_END_DECLS
