/* kessel-scenario.h: what a scenario file describes: the map, the counter
 * mix with setup and reinforcement schedule, the starting markers and the
 * rules options. It does not change during play. */
#pragma once

#include <glib-object.h>

#include "kessel-map.h"
#include "kessel-unit.h"

G_BEGIN_DECLS

#define KESSEL_SCENARIO_MAX_FILE_SIZE (8 * 1024 * 1024)
#define KESSEL_SCENARIO_MAX_TURNS 99

/* What a scenario may hold: far more than the game needs, little enough that
 * every stage of reading and every sum of the rules stays small. */
#define KESSEL_SCENARIO_MAX_UNITS 2000
#define KESSEL_SCENARIO_MAX_RIVERS 250
#define KESSEL_SCENARIO_MAX_OPTIONS 64
#define KESSEL_SCENARIO_MAX_FACTOR 99     /* an attack or defence factor */
#define KESSEL_SCENARIO_MAX_RANGE 99      /* hexes of ranged support */
#define KESSEL_SCENARIO_MAX_VP_EACH 99    /* VP of one town, one exit ... */
#define KESSEL_SCENARIO_MAX_VP 999        /* VP of the victory levels and markers */

#define KESSEL_SCENARIO_ERROR (kessel_scenario_error_quark ())

typedef enum {
  KESSEL_SCENARIO_ERROR_IO,        /* the file could not be read or written */
  KESSEL_SCENARIO_ERROR_TOO_LARGE, /* over KESSEL_SCENARIO_MAX_FILE_SIZE */
  KESSEL_SCENARIO_ERROR_PARSE,     /* not well-formed XML */
  KESSEL_SCENARIO_ERROR_SCHEMA,    /* well-formed, but not a scenario by the schema */
  KESSEL_SCENARIO_ERROR_INVALID,   /* a scenario by the schema, but meaningless */
} KesselScenarioError;

/**
 * kessel_scenario_error_quark:
 *
 * The error domain of scenarios: a file that cannot be read or written, is too
 * large, is no XML, does not follow the schema, or means nothing playable.
 */
GQuark kessel_scenario_error_quark (void);

/* Victory points of rule 4.0-4.3. */
typedef struct {
  int town;              /* per Soviet-controlled town hex */
  int fortified;         /* per Soviet-controlled fortified locality hex */
  int out_of_command;    /* per German town or FL hex out of C&C after the last turn */
  int corps_exit;        /* per Soviet corps exited */
  int corps_exit_cap;    /* at most this many VP for exits */
  int soviet_wins_at;    /* Soviet victory at this many VP or more */
  int draw_from;         /* draw from this many up to soviet_wins_at - 1 */
} KesselVictoryTable;

/* The markers of rule 3.1. */
typedef struct {
  KesselWeather weather;
  int soviet_vp;
} KesselStartMarkers;

typedef struct {
  char *id;
  gboolean enabled;
} KesselScenarioOption;

#define KESSEL_TYPE_VICTORY_TABLE (kessel_victory_table_get_type ())
GType               kessel_victory_table_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_START_MARKERS (kessel_start_markers_get_type ())
GType               kessel_start_markers_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_SCENARIO_OPTION (kessel_scenario_option_get_type ())
GType                 kessel_scenario_option_get_type (void) G_GNUC_CONST;
/**
 * kessel_scenario_option_copy:
 *
 * A copy of a rules option of a scenario.
 */
KesselScenarioOption *kessel_scenario_option_copy (const KesselScenarioOption *option);
/**
 * kessel_scenario_option_free:
 *
 * Frees a rules option made by kessel_scenario_option_copy().
 */
void                  kessel_scenario_option_free (KesselScenarioOption *option);

#define KESSEL_TYPE_SCENARIO (kessel_scenario_get_type ())
G_DECLARE_FINAL_TYPE (KesselScenario, kessel_scenario, KESSEL, SCENARIO, GObject)

/**
 * kessel_scenario_new:
 *
 * An empty scenario on @grid: an empty map, no units, no title, eight turns.
 */
KesselScenario *kessel_scenario_new (const KesselGrid *grid);

KesselScenario *kessel_scenario_copy (KesselScenario *self);
KesselScenario *kessel_scenario_load_file (const char *path, GError **error);
KesselScenario *kessel_scenario_load_data (const char *data, gsize length,
                                           const char *file_name, GError **error);
gboolean        kessel_scenario_save_file (KesselScenario *self, const char *path, GError **error);
/**
 * kessel_scenario_save_file_for_editing:
 *
 * Saves a scenario that may still have errors of meaning, as the editor does
 * (see kessel_scenario_load_file_for_editing()).
 */
gboolean        kessel_scenario_save_file_for_editing (KesselScenario *self, const char *path,
                                                       GError **error);
char           *kessel_scenario_to_xml (KesselScenario *self, gsize *length);
/**
 * kessel_scenario_checksum:
 *
 * The SHA-256 of the scenario as written, in hexadecimal: what saved games
 * record of their scenario.
 */
char           *kessel_scenario_checksum (KesselScenario *self);
/**
 * kessel_scenario_equal:
 *
 * Whether two scenarios are the same: title, description, map, units, turns,
 * victory table, start and options.
 */
gboolean        kessel_scenario_equal (KesselScenario *a, KesselScenario *b);
KesselScenario *kessel_scenario_new_tiled (KesselScenario *self, int n, GError **error);

/**
 * kessel_scenario_get_schema:
 *
 * The RELAX NG schema of scenario files, as text.
 */
GBytes         *kessel_scenario_get_schema (void);

/**
 * kessel_scenario_get_title:
 *
 * The title of the scenario.
 */
const char *kessel_scenario_get_title (KesselScenario *self);
/**
 * kessel_scenario_set_title:
 *
 * Sets the title of the scenario.
 */
void        kessel_scenario_set_title (KesselScenario *self, const char *title);
/**
 * kessel_scenario_get_description:
 *
 * The description of the scenario, for players.
 */
const char *kessel_scenario_get_description (KesselScenario *self);
/**
 * kessel_scenario_set_description:
 *
 * Sets the description of the scenario.
 */
void        kessel_scenario_set_description (KesselScenario *self, const char *description);
/**
 * kessel_scenario_get_file_name:
 *
 * The file the scenario was read from or last saved to, or %NULL.
 */
const char *kessel_scenario_get_file_name (KesselScenario *self);
/**
 * kessel_scenario_set_file_name:
 *
 * Sets the file the scenario is said to come from.
 */
void        kessel_scenario_set_file_name (KesselScenario *self, const char *file_name);

KesselMap  *kessel_scenario_get_map (KesselScenario *self);

/**
 * kessel_scenario_get_n_units:
 *
 * The number of counters of the scenario, substitutes counted.
 */
int         kessel_scenario_get_n_units (KesselScenario *self);
KesselUnit *kessel_scenario_get_unit (KesselScenario *self, int index);
KesselUnit *kessel_scenario_find_unit (KesselScenario *self, const char *id);
/**
 * kessel_scenario_add_unit:
 *
 * Adds a counter at the end of the scenario's units, taking a reference to it.
 */
void        kessel_scenario_add_unit (KesselScenario *self, KesselUnit *unit);
/**
 * kessel_scenario_remove_unit:
 *
 * Takes a counter out of the scenario.
 */
void        kessel_scenario_remove_unit (KesselScenario *self, KesselUnit *unit);
KesselUnit *kessel_scenario_get_substituted (KesselScenario *self, KesselUnit *unit);
/**
 * kessel_scenario_get_total_steps:
 *
 * The steps of a whole unit: those of its counter and of all its substitutes.
 */
int         kessel_scenario_get_total_steps (KesselScenario *self, KesselUnit *unit);
GPtrArray  *kessel_scenario_get_arrivals (KesselScenario *self, int turn);
GPtrArray  *kessel_scenario_get_units_set_up_at (KesselScenario *self, int hex);

/**
 * kessel_scenario_get_turns:
 *
 * The number of turns of the scenario.
 */
int         kessel_scenario_get_turns (KesselScenario *self);
/**
 * kessel_scenario_set_turns:
 *
 * Sets the number of turns, from 1 to %KESSEL_SCENARIO_MAX_TURNS.
 */
void        kessel_scenario_set_turns (KesselScenario *self, int turns);
/**
 * kessel_scenario_get_victory:
 *
 * The victory points of the scenario and its victory levels (4.0-4.3).
 */
const KesselVictoryTable *kessel_scenario_get_victory (KesselScenario *self);
/**
 * kessel_scenario_set_victory:
 *
 * Sets the victory points and the victory levels.
 */
void        kessel_scenario_set_victory (KesselScenario *self, const KesselVictoryTable *victory);
/**
 * kessel_scenario_get_start:
 *
 * The markers at the start: the weather and the Soviet VP (3.1).
 */
const KesselStartMarkers *kessel_scenario_get_start (KesselScenario *self);
/**
 * kessel_scenario_set_start:
 *
 * Sets the markers at the start.
 */
void        kessel_scenario_set_start (KesselScenario *self, const KesselStartMarkers *start);

/**
 * kessel_scenario_get_n_options:
 *
 * The number of rules options the scenario sets.
 */
int         kessel_scenario_get_n_options (KesselScenario *self);
/**
 * kessel_scenario_get_option:
 *
 * A rules option the scenario sets, by its index from 0.
 */
const KesselScenarioOption *kessel_scenario_get_option (KesselScenario *self, int index);
/**
 * kessel_scenario_option_enabled:
 *
 * Whether the scenario sets a rules option on; an option it does not name is
 * off.
 */
gboolean    kessel_scenario_option_enabled (KesselScenario *self, const char *id);
/**
 * kessel_scenario_set_option:
 *
 * Sets a rules option of the scenario on or off.
 */
void        kessel_scenario_set_option (KesselScenario *self, const char *id, gboolean enabled);

G_END_DECLS
