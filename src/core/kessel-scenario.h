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
KesselScenarioOption *kessel_scenario_option_copy (const KesselScenarioOption *option);
void                  kessel_scenario_option_free (KesselScenarioOption *option);

#define KESSEL_TYPE_SCENARIO (kessel_scenario_get_type ())
G_DECLARE_FINAL_TYPE (KesselScenario, kessel_scenario, KESSEL, SCENARIO, GObject)

KesselScenario *kessel_scenario_new (const KesselGrid *grid);

/* A deep copy: its own map and its own units. */
KesselScenario *kessel_scenario_copy (KesselScenario *self);
KesselScenario *kessel_scenario_load_file (const char *path, GError **error);
KesselScenario *kessel_scenario_load_data (const char *data, gsize length,
                                           const char *file_name, GError **error);
gboolean        kessel_scenario_save_file (KesselScenario *self, const char *path, GError **error);
/* Saves a scenario that may still have errors of meaning (see
 * kessel_scenario_load_file_for_editing). */
gboolean        kessel_scenario_save_file_for_editing (KesselScenario *self, const char *path,
                                                       GError **error);
char           *kessel_scenario_to_xml (KesselScenario *self, gsize *length);
/* SHA-256 of the scenario as written, in hexadecimal: what games record. */
char           *kessel_scenario_checksum (KesselScenario *self);
gboolean        kessel_scenario_equal (KesselScenario *a, KesselScenario *b);
/* A scenario n times as large, to measure how play grows with the map and
 * the armies: the map tiled n times (tiles shifted by an even number of
 * columns, so that each keeps its hexes' neighbours), each tile with the map's
 * terrain, rivers, places, edge roles and control and a copy of the counter
 * mix, whose ids in the second tile on end in "-t2" and so on. The victory
 * thresholds and the Soviet VP marker's start are multiplied by n; turns,
 * rules options, KG and air markers stay as they are. NULL with an error
 * when n tiles do not fit in the largest grid. */
KesselScenario *kessel_scenario_new_tiled (KesselScenario *self, int n, GError **error);

/* The RELAX NG schema of scenario files, as text. */
GBytes         *kessel_scenario_get_schema (void);

const char *kessel_scenario_get_title (KesselScenario *self);
void        kessel_scenario_set_title (KesselScenario *self, const char *title);
const char *kessel_scenario_get_description (KesselScenario *self);
void        kessel_scenario_set_description (KesselScenario *self, const char *description);
const char *kessel_scenario_get_file_name (KesselScenario *self);
void        kessel_scenario_set_file_name (KesselScenario *self, const char *file_name);

KesselMap  *kessel_scenario_get_map (KesselScenario *self);

int         kessel_scenario_get_n_units (KesselScenario *self);
KesselUnit *kessel_scenario_get_unit (KesselScenario *self, int index);
KesselUnit *kessel_scenario_find_unit (KesselScenario *self, const char *id);
void        kessel_scenario_add_unit (KesselScenario *self, KesselUnit *unit);
void        kessel_scenario_remove_unit (KesselScenario *self, KesselUnit *unit);
/* The counter this one is the substitute of, or NULL for a first counter. */
KesselUnit *kessel_scenario_get_substituted (KesselScenario *self, KesselUnit *unit);
/* Steps of a whole unit: its counter and all its substitutes. */
int         kessel_scenario_get_total_steps (KesselScenario *self, KesselUnit *unit);
/* Units arriving on a turn, in file order. Free with g_ptr_array_unref. */
GPtrArray  *kessel_scenario_get_arrivals (KesselScenario *self, int turn);
/* Units set up in a hex before play, in file order. Free with g_ptr_array_unref. */
GPtrArray  *kessel_scenario_get_units_set_up_at (KesselScenario *self, int hex);

int         kessel_scenario_get_turns (KesselScenario *self);
void        kessel_scenario_set_turns (KesselScenario *self, int turns);
const KesselVictoryTable *kessel_scenario_get_victory (KesselScenario *self);
void        kessel_scenario_set_victory (KesselScenario *self, const KesselVictoryTable *victory);
const KesselStartMarkers *kessel_scenario_get_start (KesselScenario *self);
void        kessel_scenario_set_start (KesselScenario *self, const KesselStartMarkers *start);

int         kessel_scenario_get_n_options (KesselScenario *self);
const KesselScenarioOption *kessel_scenario_get_option (KesselScenario *self, int index);
gboolean    kessel_scenario_option_enabled (KesselScenario *self, const char *id);
void        kessel_scenario_set_option (KesselScenario *self, const char *id, gboolean enabled);

G_END_DECLS
