/* kessel-scenario.c: the scenario object. Reading and writing files is in
 * kessel-scenario-reader.c and kessel-scenario-writer.c. */
#include "kessel-scenario.h"
#include "kessel-boxed-private.h"

#include <gio/gio.h>
#include <string.h>

struct _KesselScenario
{
  GObject parent_instance;

  char *title;
  char *description;
  char *file_name;
  KesselMap *map;
  GPtrArray *units;      /* of KesselUnit, in file order */
  GPtrArray *options;    /* of KesselScenarioOption */
  int turns;
  KesselVictoryTable victory;
  KesselStartMarkers start;
};

/**
 * KesselScenario:
 *
 * What a scenario file describes: the map, the counter mix with its set-up and
 * reinforcement schedule, the starting markers, the victory levels and the rules
 * options. Files are read with a clear error naming file, line and reason, and written
 * atomically.
 */
G_DEFINE_FINAL_TYPE (KesselScenario, kessel_scenario, G_TYPE_OBJECT)

/**
 * KesselVictoryTable:
 *
 * The victory points of rules 4.0-4.3 and the levels of victory.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselVictoryTable, kessel_victory_table)

/**
 * KesselStartMarkers:
 *
 * The markers of rule 3.1: the weather of the first turn and where the Soviet VP marker
 * starts.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselStartMarkers, kessel_start_markers)

/**
 * KesselScenarioOption:
 *
 * A rules option a scenario names, and whether it is on.
 */
G_DEFINE_BOXED_TYPE (KesselScenarioOption, kessel_scenario_option, kessel_scenario_option_copy,
                     kessel_scenario_option_free)

KesselScenarioOption *
kessel_scenario_option_copy (const KesselScenarioOption *option)
{
  KesselScenarioOption *copy = g_memdup2 (option, sizeof *option);

  copy->id = g_strdup (option->id);
  return copy;
}

void
kessel_scenario_option_free (KesselScenarioOption *option)
{
  g_free (option->id);
  g_free (option);
}

G_DEFINE_QUARK (kessel-scenario-error-quark, kessel_scenario_error)

static void
option_free (gpointer data)
{
  KesselScenarioOption *option = data;
  g_free (option->id);
  g_free (option);
}

static void
kessel_scenario_finalize (GObject *object)
{
  KesselScenario *self = KESSEL_SCENARIO (object);

  g_free (self->title);
  g_free (self->description);
  g_free (self->file_name);
  g_clear_object (&self->map);
  g_ptr_array_unref (self->units);
  g_ptr_array_unref (self->options);
  G_OBJECT_CLASS (kessel_scenario_parent_class)->finalize (object);
}

static void
kessel_scenario_class_init (KesselScenarioClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_scenario_finalize;
}

static void
kessel_scenario_init (KesselScenario *self)
{
  self->title = g_strdup ("");
  self->description = g_strdup ("");
  self->units = g_ptr_array_new_with_free_func (g_object_unref);
  self->options = g_ptr_array_new_with_free_func (option_free);
  self->turns = 8;
  self->victory = (KesselVictoryTable) { 1, 4, 1, 1, 4, 32, 28 };
  self->start = (KesselStartMarkers) { KESSEL_WEATHER_THAW, 0 };
}

KesselScenario *
kessel_scenario_new (const KesselGrid *grid)
{
  KesselScenario *self;

  g_return_val_if_fail (grid != NULL, NULL);
  self = g_object_new (KESSEL_TYPE_SCENARIO, NULL);
  self->map = kessel_map_new (grid);
  return self;
}

static void replace_string (char **field, const char *value);

/**
 * kessel_scenario_copy:
 *
 * A deep copy of the scenario, with its own map and its own units.
 *
 * Returns: (transfer full): the copy
 */
KesselScenario *
kessel_scenario_copy (KesselScenario *self)
{
  KesselScenario *copy = g_object_new (KESSEL_TYPE_SCENARIO, NULL);

  copy->map = kessel_map_copy (self->map);
  replace_string (&copy->title, self->title);
  replace_string (&copy->description, self->description);
  copy->file_name = g_strdup (self->file_name);
  for (guint i = 0; i < self->units->len; i++)
    g_ptr_array_add (copy->units, kessel_unit_copy (g_ptr_array_index (self->units, i)));
  for (guint i = 0; i < self->options->len; i++)
    {
      const KesselScenarioOption *option = g_ptr_array_index (self->options, i);
      kessel_scenario_set_option (copy, option->id, option->enabled);
    }
  copy->turns = self->turns;
  copy->victory = self->victory;
  copy->start = self->start;
  return copy;
}

GBytes *
kessel_scenario_get_schema (void)
{
  return g_resources_lookup_data ("/org/kessel/core/kessel-scenario.rng", 0, NULL);
}

static void
replace_string (char **field, const char *value)
{
  char *copy = g_strdup (value ? value : "");
  g_free (*field);
  *field = copy;
}

/* Surrounding white space is dropped, so hand-written files may indent. */
static void
replace_stripped (char **field, const char *value)
{
  replace_string (field, value);
  g_strstrip (*field);
}

const char *kessel_scenario_get_title (KesselScenario *self) { return self->title; }
void kessel_scenario_set_title (KesselScenario *self, const char *title) { replace_stripped (&self->title, title); }
const char *kessel_scenario_get_description (KesselScenario *self) { return self->description; }
void kessel_scenario_set_description (KesselScenario *self, const char *d) { replace_stripped (&self->description, d); }
const char *kessel_scenario_get_file_name (KesselScenario *self) { return self->file_name; }

void
kessel_scenario_set_file_name (KesselScenario *self, const char *file_name)
{
  char *copy = g_strdup (file_name);
  g_free (self->file_name);
  self->file_name = copy;
}

/**
 * kessel_scenario_get_map:
 *
 * The map of the scenario, which it shares with the caller.
 *
 * Returns: (transfer none): the scenario's map
 */
KesselMap *kessel_scenario_get_map (KesselScenario *self) { return self->map; }
int kessel_scenario_get_n_units (KesselScenario *self) { return self->units->len; }

/**
 * kessel_scenario_get_unit:
 *
 * A counter of the scenario, by its index from 0 in file order.
 *
 * Returns: (transfer none): the counter
 */
KesselUnit *
kessel_scenario_get_unit (KesselScenario *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < (int) self->units->len, NULL);
  return g_ptr_array_index (self->units, index);
}

/**
 * kessel_scenario_find_unit:
 *
 * The counter with this id, if there is one.
 *
 * Returns: (transfer none) (nullable): the counter with that id, or %NULL
 */
KesselUnit *
kessel_scenario_find_unit (KesselScenario *self, const char *id)
{
  for (guint i = 0; i < self->units->len; i++)
    {
      KesselUnit *unit = g_ptr_array_index (self->units, i);
      if (g_strcmp0 (kessel_unit_get_id (unit), id) == 0)
        return unit;
    }
  return NULL;
}

/* Takes a reference of its own. */
void
kessel_scenario_add_unit (KesselScenario *self, KesselUnit *unit)
{
  g_return_if_fail (KESSEL_IS_UNIT (unit));
  g_ptr_array_add (self->units, g_object_ref (unit));
}

void
kessel_scenario_remove_unit (KesselScenario *self, KesselUnit *unit)
{
  g_ptr_array_remove (self->units, unit);
}

/**
 * kessel_scenario_get_substituted:
 *
 * The counter that @unit is the substitute of, or %NULL for a first counter.
 *
 * Returns: (transfer none) (nullable): the counter @unit replaces, or %NULL
 */
KesselUnit *
kessel_scenario_get_substituted (KesselScenario *self, KesselUnit *unit)
{
  const char *id = kessel_unit_get_id (unit);
  for (guint i = 0; i < self->units->len; i++)
    {
      KesselUnit *other = g_ptr_array_index (self->units, i);
      if (g_strcmp0 (kessel_unit_get_substitute (other), id) == 0)
        return other;
    }
  return NULL;
}

/* Follows the substitute chain; a chain that loops (refused when loading)
 * is cut off after as many counters as the scenario has. */
int
kessel_scenario_get_total_steps (KesselScenario *self, KesselUnit *unit)
{
  int steps = 0;
  for (guint hops = 0; unit != NULL && hops <= self->units->len; hops++)
    {
      const char *next = kessel_unit_get_substitute (unit);
      steps += kessel_unit_get_n_steps (unit);
      unit = next ? kessel_scenario_find_unit (self, next) : NULL;
    }
  return steps;
}

/**
 * kessel_scenario_get_arrivals:
 *
 * The units that arrive on a turn, in file order.
 *
 * Returns: (transfer container) (element-type KesselUnit): the units
 */
GPtrArray *
kessel_scenario_get_arrivals (KesselScenario *self, int turn)
{
  GPtrArray *arrivals = g_ptr_array_new ();
  for (guint i = 0; i < self->units->len; i++)
    {
      KesselUnit *unit = g_ptr_array_index (self->units, i);
      if (kessel_unit_get_arrival_turn (unit) == turn)
        g_ptr_array_add (arrivals, unit);
    }
  return arrivals;
}

/**
 * kessel_scenario_get_units_set_up_at:
 *
 * The units set up in a hex before play, in file order.
 *
 * Returns: (transfer container) (element-type KesselUnit): the units
 */
GPtrArray *
kessel_scenario_get_units_set_up_at (KesselScenario *self, int hex)
{
  GPtrArray *units = g_ptr_array_new ();
  for (guint i = 0; i < self->units->len; i++)
    {
      KesselUnit *unit = g_ptr_array_index (self->units, i);
      if (kessel_unit_get_setup_hex (unit) == hex)
        g_ptr_array_add (units, unit);
    }
  return units;
}

int kessel_scenario_get_turns (KesselScenario *self) { return self->turns; }
void kessel_scenario_set_turns (KesselScenario *self, int turns) { self->turns = turns; }
const KesselVictoryTable *kessel_scenario_get_victory (KesselScenario *self) { return &self->victory; }
void kessel_scenario_set_victory (KesselScenario *self, const KesselVictoryTable *v) { self->victory = *v; }
const KesselStartMarkers *kessel_scenario_get_start (KesselScenario *self) { return &self->start; }
void kessel_scenario_set_start (KesselScenario *self, const KesselStartMarkers *s) { self->start = *s; }
int kessel_scenario_get_n_options (KesselScenario *self) { return self->options->len; }

const KesselScenarioOption *
kessel_scenario_get_option (KesselScenario *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < (int) self->options->len, NULL);
  return g_ptr_array_index (self->options, index);
}

static KesselScenarioOption *
find_option (KesselScenario *self, const char *id)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      KesselScenarioOption *option = g_ptr_array_index (self->options, i);
      if (g_strcmp0 (option->id, id) == 0)
        return option;
    }
  return NULL;
}

gboolean
kessel_scenario_option_enabled (KesselScenario *self, const char *id)
{
  KesselScenarioOption *option = find_option (self, id);
  return option != NULL && option->enabled;
}

void
kessel_scenario_set_option (KesselScenario *self, const char *id, gboolean enabled)
{
  KesselScenarioOption *option = find_option (self, id);
  if (option == NULL)
    {
      option = g_new0 (KesselScenarioOption, 1);
      option->id = g_strdup (id);
      g_ptr_array_add (self->options, option);
    }
  option->enabled = enabled;
}

static gboolean
options_equal (KesselScenario *a, KesselScenario *b)
{
  if (a->options->len != b->options->len)
    return FALSE;
  for (guint i = 0; i < a->options->len; i++)
    {
      const KesselScenarioOption *oa = g_ptr_array_index (a->options, i);
      const KesselScenarioOption *ob = g_ptr_array_index (b->options, i);
      if (g_strcmp0 (oa->id, ob->id) != 0 || oa->enabled != ob->enabled)
        return FALSE;
    }
  return TRUE;
}

gboolean
kessel_scenario_equal (KesselScenario *a, KesselScenario *b)
{
  if (g_strcmp0 (a->title, b->title) != 0 || g_strcmp0 (a->description, b->description) != 0)
    return FALSE;
  if (a->turns != b->turns || memcmp (&a->victory, &b->victory, sizeof a->victory) != 0
      || a->start.weather != b->start.weather || a->start.soviet_vp != b->start.soviet_vp)
    return FALSE;
  if (!options_equal (a, b) || !kessel_map_equal (a->map, b->map))
    return FALSE;
  if (a->units->len != b->units->len)
    return FALSE;
  for (guint i = 0; i < a->units->len; i++)
    if (!kessel_unit_equal (g_ptr_array_index (a->units, i), g_ptr_array_index (b->units, i)))
      return FALSE;
  return TRUE;
}
