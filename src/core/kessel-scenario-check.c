/* kessel-scenario-check.c: the checks of a scenario in memory.
 *
 * An error is something the game cannot sensibly be played with (the reader
 * refuses a file with one); a warning is most likely a mistake. The checks
 * the reader has always made come first, in its order, so that it reports
 * them as before; kessel_scenario_check then sorts. docs/scenario-checks.md
 * describes each check for scenario authors.
 */
#include "kessel-scenario-private.h"
#include "kessel-game-private.h"
#include "kessel-flow.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Counters followed down a substitute chain when counting steps: far more
 * than any real unit has, few enough that a broken file stays quick. */
#define MAX_CHAIN_COUNTERS 64

typedef struct {
  KesselScenario *scenario;
  KesselMap *map;
  const KesselGrid *grid;
  int hex_count;
  int n_units;
  GPtrArray *problems;          /* of KesselCheckedProblem, in the order found */
  GHashTable *first_with_id;    /* id -> the first unit with it */
  GHashTable *index_of;         /* unit -> its index + 1 */
  GHashTable *substituted;      /* id -> the first unit naming it as its substitute */
} Checker;

/* Problems ------------------------------------------------------------- */

/**
 * KesselScenarioProblem:
 *
 * A problem of a scenario: an error (files with it are refused) or a warning, its
 * message, the rule case it follows from, and the hex or unit to show.
 */
G_DEFINE_BOXED_TYPE (KesselScenarioProblem, kessel_scenario_problem, kessel_scenario_problem_copy,
                     kessel_scenario_problem_free)

KesselScenarioProblem *
kessel_scenario_problem_copy (const KesselScenarioProblem *problem)
{
  KesselScenarioProblem *copy = g_memdup2 (problem, sizeof *problem);

  copy->message = g_strdup (problem->message);
  copy->rule = g_strdup (problem->rule);
  copy->unit_id = g_strdup (problem->unit_id);
  return copy;
}

void
kessel_scenario_problem_free (KesselScenarioProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->message);
  g_free (problem->rule);
  g_free (problem->unit_id);
  g_free (problem);
}

/**
 * kessel_scenario_count_problems:
 * @problems: (element-type KesselScenarioProblem): problems found by kessel_scenario_check()
 *
 * The number of problems of @severity in a list of problems.
 */
int
kessel_scenario_count_problems (GPtrArray *problems, KesselProblemSeverity severity)
{
  int count = 0;

  g_return_val_if_fail (problems != NULL, 0);
  for (guint i = 0; i < problems->len; i++)
    if (((KesselScenarioProblem *) g_ptr_array_index (problems, i))->severity == severity)
      count++;
  return count;
}

static KesselUnit *
unit_at (Checker *checker, int index)
{
  return kessel_scenario_get_unit (checker->scenario, index);
}

static const char *
id_of (KesselUnit *unit)
{
  const char *id = kessel_unit_get_id (unit);
  return id ? id : "";
}

static int
index_of (Checker *checker, KesselUnit *unit)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (checker->index_of, unit)) - 1;
}

static void
add_problem (Checker *checker, KesselProblemSeverity severity, KesselProblemSubject subject,
             const char *rule, int hex, int unit_index, char *message)
{
  KesselCheckedProblem *checked = g_new0 (KesselCheckedProblem, 1);

  checked->problem.severity = severity;
  checked->problem.message = message;
  checked->problem.rule = g_strdup (rule);
  checked->problem.hex = hex;
  checked->problem.unit_id = unit_index >= 0 ? g_strdup (id_of (unit_at (checker, unit_index))) : NULL;
  checked->subject = subject;
  checked->unit_index = unit_index;
  checked->found = checker->problems->len;
  g_ptr_array_add (checker->problems, checked);
}

static void scenario_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                              const char *format, ...) G_GNUC_PRINTF (4, 5);
static void map_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                         int hex, int unit_index, const char *format, ...) G_GNUC_PRINTF (6, 7);
static void unit_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                          int unit_index, const char *format, ...) G_GNUC_PRINTF (5, 6);
static void unit_problem_at (Checker *checker, KesselProblemSeverity severity, const char *rule,
                             int unit_index, int hex, const char *format, ...) G_GNUC_PRINTF (6, 7);

static void
scenario_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                  const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  add_problem (checker, severity, KESSEL_PROBLEM_ABOUT_SCENARIO, rule, KESSEL_HEX_NONE, -1, message);
}

static void
map_problem (Checker *checker, KesselProblemSeverity severity, const char *rule, int hex,
             int unit_index, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  add_problem (checker, severity, KESSEL_PROBLEM_ABOUT_MAP, rule, hex, unit_index, message);
}

static void add_unit_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                              int unit_index, int hex, const char *format, va_list args)
  G_GNUC_PRINTF (6, 0);

/* The message is a sentence part that starts with a verb; it is put after
 * "unit ID", as the reader has always written it. */
static void
add_unit_problem (Checker *checker, KesselProblemSeverity severity, const char *rule,
                  int unit_index, int hex, const char *format, va_list args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  add_problem (checker, severity, KESSEL_PROBLEM_ABOUT_UNIT, rule, hex, unit_index,
               /* Translators: a unit's id and what is wrong with it, a
                * sentence part that starts with a verb, such as "is artillery, ...". */
               g_strdup_printf (_("unit %s %s"), id_of (unit_at (checker, unit_index)), message));
}

static void
unit_problem (Checker *checker, KesselProblemSeverity severity, const char *rule, int unit_index,
              const char *format, ...)
{
  va_list args;

  va_start (args, format);
  add_unit_problem (checker, severity, rule, unit_index, KESSEL_HEX_NONE, format, args);
  va_end (args);
}

static void
unit_problem_at (Checker *checker, KesselProblemSeverity severity, const char *rule, int unit_index,
                 int hex, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  add_unit_problem (checker, severity, rule, unit_index, hex, format, args);
  va_end (args);
}

static char *
hex_name (Checker *checker, int hex)
{
  return kessel_grid_format_hex (checker->grid, hex);
}

static gboolean
on_map (Checker *checker, int hex)
{
  return hex >= 0 && hex < checker->hex_count;
}

/* Units ------------------------------------------------------------------ */

static KesselUnit *
substitute_of (Checker *checker, KesselUnit *unit)
{
  const char *next = kessel_unit_get_substitute (unit);
  return next ? g_hash_table_lookup (checker->first_with_id, next) : NULL;
}

/* A first counter: one that is nobody's substitute. */
static gboolean
is_first_counter (Checker *checker, KesselUnit *unit)
{
  return !g_hash_table_contains (checker->substituted, id_of (unit));
}

static int
chain_steps (Checker *checker, KesselUnit *unit)
{
  int steps = 0;

  for (int hops = 0; unit != NULL && hops < MAX_CHAIN_COUNTERS; hops++)
    {
      steps += kessel_unit_get_n_steps (unit);
      unit = substitute_of (checker, unit);
    }
  return steps;
}

/* Which counters lie on a loop of substitutes, found by following each
 * chain once. */
static gboolean *
find_substitute_loops (Checker *checker)
{
  int n = checker->n_units;
  gsize size = (gsize) MAX (n, 1);
  g_autofree int *next = g_new (int, size);
  g_autofree guint8 *walked = g_new0 (guint8, size);   /* 1 on this walk, 2 done */
  gboolean *on_loop = g_new0 (gboolean, size);

  for (int i = 0; i < n; i++)
    {
      KesselUnit *substitute = substitute_of (checker, unit_at (checker, i));
      next[i] = substitute ? index_of (checker, substitute) : -1;
    }
  for (int start = 0; start < n; start++)
    {
      int at = start;

      while (at >= 0 && walked[at] == 0)
        {
          walked[at] = 1;
          at = next[at];
        }
      if (at >= 0 && walked[at] == 1)
        for (int walk = at; !on_loop[walk]; walk = next[walk])
          on_loop[walk] = TRUE;
      for (at = start; at >= 0 && walked[at] == 1; at = next[at])
        walked[at] = 2;
    }
  return on_loop;
}

static void
check_substitute_chain (Checker *checker, int index, const gboolean *on_loop)
{
  KesselUnit *unit = unit_at (checker, index);
  const char *next_id = kessel_unit_get_substitute (unit);
  KesselUnit *next;
  int next_index;

  if (next_id == NULL)
    return;
  next = substitute_of (checker, unit);
  if (next == NULL)
    {
      unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", index,
                    _("names \"%s\" as its substitute counter, but there is no such unit"), next_id);
      return;
    }
  next_index = index_of (checker, next);
  if (kessel_unit_get_side (next) != kessel_unit_get_side (unit))
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", index,
                  _("has the substitute %s of the other side"), next_id);
  if (kessel_unit_get_setup_hex (next) != KESSEL_HEX_NONE || kessel_unit_get_arrival_turn (next) != 0)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", next_index,
                  _("is the substitute counter of %s, so it cannot set up or arrive by itself"),
                  id_of (unit));
  if (on_loop[index])
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", index,
                  _("has a substitute chain that loops back to itself"));
}

static void
check_substituted_once (Checker *checker)
{
  g_autoptr(GHashTable) owner = g_hash_table_new (g_str_hash, g_str_equal);

  for (int i = 0; i < checker->n_units; i++)
    {
      KesselUnit *unit = unit_at (checker, i);
      const char *next = kessel_unit_get_substitute (unit);
      KesselUnit *first;

      if (next == NULL)
        continue;
      first = g_hash_table_lookup (owner, next);
      if (first != NULL)
        unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", i,
                      _("names %s as its substitute, but %s already does; a "
                        "substitute counter replaces only one counter"), next, id_of (first));
      else
        g_hash_table_insert (owner, (gpointer) next, unit);
    }
}

/* The checks the reader has always made, with their texts. */
static void
check_unit_basics (Checker *checker, int index, const gboolean *on_loop)
{
  KesselUnit *unit = unit_at (checker, index);
  int turns = kessel_scenario_get_turns (checker->scenario);
  int arrives = kessel_unit_get_arrival_turn (unit);
  KesselMobility mobility = kessel_unit_get_mobility (unit);

  if (kessel_unit_get_setup_hex (unit) != KESSEL_HEX_NONE && arrives != 0)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "3.2", index,
                  _("both sets up on the map and arrives on turn %d; give it one or the other"), arrives);
  if (arrives > turns)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "10.1", index,
                  _("arrives on turn %d, but the scenario has only %d turns"), arrives, turns);
  if (arrives != 0 && kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "11.3", index,
                  _("is Soviet, and the Soviet side gets no reinforcements (rule 11.3)"));
  if (kessel_unit_get_setup_exact (unit) && kessel_unit_get_setup_hex (unit) == KESSEL_HEX_NONE)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "3.2", index,
                  _("must set up exactly in its hex, but has no setup hex"));
  if (kessel_unit_is_artillery (unit) && mobility != KESSEL_MOBILITY_MECHANIZED)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.3", index,
                  _("is artillery, which always moves as mechanized (rule 2.3)"));
  if ((kessel_unit_get_unit_type (unit) == KESSEL_UNIT_GARRISON) != (mobility == KESSEL_MOBILITY_STATIC))
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.7", index,
                  _("must be a static garrison if and only if its mobility is static (rule 2.7)"));
  if (kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT)
      && kessel_unit_get_support_range (unit) < 2)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "13.1", index,
                  _("has ranged support with a range under 2 hexes"));
  check_substitute_chain (checker, index, on_loop);
}

static void
check_identity (Checker *checker, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  const char *id = id_of (unit);

  if (id[0] == '\0')
    add_problem (checker, KESSEL_PROBLEM_ERROR, KESSEL_PROBLEM_ABOUT_UNIT, NULL, KESSEL_HEX_NONE, index,
                 g_strdup (_("a unit has no id; every unit needs one of its own")));
  else if (g_hash_table_lookup (checker->first_with_id, id) != unit)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, NULL, index,
                  _("has the same id as an earlier unit; ids must be unique"));
  if (kessel_unit_get_side (unit) != KESSEL_SIDE_GERMAN && kessel_unit_get_side (unit) != KESSEL_SIDE_SOVIET)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, NULL, index, _("belongs to neither side"));
  if (kessel_unit_get_n_steps (unit) == 0)
    unit_problem (checker, KESSEL_PROBLEM_ERROR, "2.6", index,
                  _("has no steps; a counter has at least a front"));
}

static void
check_setup (Checker *checker, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  int hex = kessel_unit_get_setup_hex (unit);
  g_autofree char *name = NULL;

  if (hex == KESSEL_HEX_NONE)
    {
      if (kessel_unit_get_arrival_turn (unit) == 0 && is_first_counter (checker, unit))
        unit_problem (checker, KESSEL_PROBLEM_WARNING, "3.2", index,
                      _("neither sets up on the map nor arrives as a reinforcement, so it never "
                        "comes into play"));
      return;
    }
  if (!on_map (checker, hex))
    {
      unit_problem (checker, KESSEL_PROBLEM_ERROR, NULL, index, _("sets up on a hex that is not on the map"));
      return;
    }
  if (kessel_unit_get_side (unit) != KESSEL_SIDE_SOVIET || !kessel_map_is_closed_to_soviet (checker->map, hex))
    return;
  name = hex_name (checker, hex);
  unit_problem_at (checker, KESSEL_PROBLEM_ERROR, "12.5", index, hex,
                   _("is Soviet and sets up in %s, in the area closed to Soviet units"), name);
}

static gboolean
is_german_division (KesselUnit *unit)
{
  return kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN
         && kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION;
}

/* Only German divisions have more than 2 steps, and then 4, 6 or 8. */
static void
check_unit_steps (Checker *checker, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  int steps;

  if (!is_first_counter (checker, unit) || kessel_unit_get_substitute (unit) == NULL)
    return;
  steps = chain_steps (checker, unit);
  if (steps <= KESSEL_UNIT_MAX_STEPS)
    return;
  if (!is_german_division (unit))
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "2.6", index,
                  _("has %d steps with its substitute counters, but only German divisions have "
                    "more than 2 steps"), steps);
  else if (steps != 4 && steps != 6 && steps != 8)
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "2.6", index,
                  _("is a German division of %d steps, but German divisions have 4, 6 or 8"), steps);
}

static gboolean
stronger (const KesselStep *step, const KesselStep *before)
{
  return step->attack > before->attack || step->defence > before->defence;
}

/* Each step lost leaves the unit weaker, never stronger. */
static void
check_step_factors (Checker *checker, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  KesselUnit *replaced = g_hash_table_lookup (checker->substituted, id_of (unit));
  int n = kessel_unit_get_n_steps (unit);

  for (int i = 1; i < n; i++)
    if (stronger (kessel_unit_get_step (unit, i), kessel_unit_get_step (unit, i - 1)))
      {
        unit_problem (checker, KESSEL_PROBLEM_WARNING, "2.6", index,
                      _("is stronger on step %d than on step %d, but a lost step never makes a "
                        "unit stronger"), i + 1, i);
        return;
      }
  if (replaced != NULL && n > 0 && kessel_unit_get_n_steps (replaced) > 0
      && stronger (kessel_unit_get_step (unit, 0),
                   kessel_unit_get_step (replaced, kessel_unit_get_n_steps (replaced) - 1)))
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "2.6", index,
                  _("is stronger than the last step of %s, the counter it replaces, but a lost "
                    "step never makes a unit stronger"), id_of (replaced));
}

static void
check_unit_role (Checker *checker, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  KesselSide side = kessel_unit_get_side (unit);

  if (kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC && kessel_unit_get_arrival_turn (unit) != 0)
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "2.7", index,
                  _("is a static garrison, which never moves, but arrives as a reinforcement "
                    "instead of setting up on its hex"));
  if (side == KESSEL_SIDE_GERMAN && kessel_unit_has_ability (unit, KESSEL_ABILITY_RETURNS))
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "11.1", index,
                  _("is German, but only Soviet rifle corps return after elimination"));
  if (side == KESSEL_SIDE_GERMAN && kessel_unit_has_ability (unit, KESSEL_ABILITY_DOUBLE_IN_CLEAR))
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "13.2", index,
                  _("is German, but only Soviet artillery doubles its attack into clear terrain"));
  if (side == KESSEL_SIDE_SOVIET && kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT))
    unit_problem (checker, KESSEL_PROBLEM_WARNING, "13.1", index,
                  _("is Soviet, but only the German 18th Artillery Division gives ranged support"));
}

/* The scenario as a whole ---------------------------------------------- */

static void
check_victory (Checker *checker)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (checker->scenario);

  if (victory->draw_from > victory->soviet_wins_at)
    scenario_problem (checker, KESSEL_PROBLEM_ERROR, "4.3",
                      _("the draw starts at %d VP, above the %d VP of a Soviet victory"),
                      victory->draw_from, victory->soviet_wins_at);
}

/* The VP marker starts at what the Soviet-controlled places are worth. */
static void
check_start_vp (Checker *checker)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (checker->scenario);
  int marker = kessel_scenario_get_start (checker->scenario)->soviet_vp;
  int worth = 0;

  for (int i = 0; i < kessel_map_get_n_places (checker->map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (checker->map, i);
      if (kessel_map_get_initial_control (checker->map, place->hex) == KESSEL_SIDE_SOVIET)
        worth += place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY ? victory->fortified : victory->town;
    }
  if (marker != worth)
    scenario_problem (checker, KESSEL_PROBLEM_WARNING, "3.1",
                      _("the Soviet VP marker starts at %d, but the towns and fortified localities "
                        "the Soviet side controls at the start are worth %d VP"), marker, worth);
}

/* The map ------------------------------------------------------------------ */

static gboolean
any_unit (Checker *checker, KesselSide side, gboolean reinforcement)
{
  for (int i = 0; i < checker->n_units; i++)
    {
      KesselUnit *unit = unit_at (checker, i);
      if (kessel_unit_get_side (unit) == side
          && (!reinforcement || kessel_unit_get_arrival_turn (unit) != 0))
        return TRUE;
    }
  return FALSE;
}

static gboolean
any_hex_with_role (Checker *checker, KesselEdgeRole role)
{
  for (int hex = 0; hex < checker->hex_count; hex++)
    if (kessel_map_has_edge_role (checker->map, hex, role))
      return TRUE;
  return FALSE;
}

static void
check_role_sets (Checker *checker)
{
  if (any_unit (checker, KESSEL_SIDE_SOVIET, FALSE)
      && !any_hex_with_role (checker, KESSEL_EDGE_SUPPLY_SOURCE))
    map_problem (checker, KESSEL_PROBLEM_WARNING, "8.2", KESSEL_HEX_NONE, -1,
                 _("no hex is a Soviet supply source, so every Soviet unit is out of supply"));
  if (any_unit (checker, KESSEL_SIDE_GERMAN, FALSE)
      && !any_hex_with_role (checker, KESSEL_EDGE_COMMAND_SOURCE))
    map_problem (checker, KESSEL_PROBLEM_WARNING, "9.2", KESSEL_HEX_NONE, -1,
                 _("no hex is a German C&C source, so every German unit is out of C&C"));
  if (any_unit (checker, KESSEL_SIDE_GERMAN, TRUE) && !any_hex_with_role (checker, KESSEL_EDGE_ENTRY))
    map_problem (checker, KESSEL_PROBLEM_WARNING, "10.1", KESSEL_HEX_NONE, -1,
                 _("German reinforcements arrive, but no hex is an entry hex for them"));
}

/* Edge roles belong on the map edge; an entry hex may also be a town or
 * fortified locality, as Ternopol is (10.1). */
static void
check_edge_roles (Checker *checker, int hex)
{
  guint roles = kessel_map_get_edge_roles (checker->map, hex);
  g_autofree char *name = NULL;

  if (roles == 0 || kessel_grid_is_edge (checker->grid, hex))
    return;
  name = hex_name (checker, hex);
  if (roles & KESSEL_EDGE_SUPPLY_SOURCE)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "8.2", hex, -1,
                 _("hex %s is a Soviet supply source, but it is not on the map edge"), name);
  if (roles & KESSEL_EDGE_COMMAND_SOURCE)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "9.2", hex, -1,
                 _("hex %s is a German C&C source, but it is not on the map edge"), name);
  if ((roles & KESSEL_EDGE_ENTRY) && kessel_map_get_place_at (checker->map, hex) == NULL)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "10.1", hex, -1,
                 _("hex %s is an entry hex for German reinforcements, but it is neither on the "
                   "map edge nor a town or fortified locality"), name);
  if (roles & KESSEL_EDGE_EXIT)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "4.1", hex, -1,
                 _("hex %s is an exit hex for Soviet corps, but it is not on the map edge"), name);
}

static void
check_place (Checker *checker, int hex)
{
  const KesselPlace *place = kessel_map_get_place_at (checker->map, hex);
  g_autofree char *name = NULL;

  if (place == NULL)
    return;
  name = hex_name (checker, hex);
  if (place->name == NULL || place->name[0] == '\0')
    {
      if (place->kind == KESSEL_PLACE_TOWN)
        map_problem (checker, KESSEL_PROBLEM_WARNING, NULL, hex, -1,
                     _("the town in hex %s has no name"), name);
      else
        map_problem (checker, KESSEL_PROBLEM_WARNING, NULL, hex, -1,
                     _("the fortified locality in hex %s has no name"), name);
    }
  if (kessel_map_get_initial_control (checker->map, hex) == KESSEL_SIDE_NONE)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "3.1", hex, -1,
                 _("hex %s is a town or fortified locality that neither side controls at the "
                   "start"), name);
  /* The map writes a place's name where a map name would go. */
  if (kessel_map_get_label (checker->map, hex) != NULL)
    map_problem (checker, KESSEL_PROBLEM_WARNING, NULL, hex, -1,
                 _("the map name “%s” in hex %s is hidden by the town or fortified locality there"),
                 kessel_map_get_label (checker->map, hex), name);
}

/* Setup stacks ------------------------------------------------------------ */

typedef struct {
  int steps;
  int unit_over;      /* the unit that took the steps over the limit, or -1 */
} StackCount;

typedef struct {
  StackCount german_exact;   /* German units placed exactly (3.2) */
  StackCount german;
  StackCount soviet;
  StackCount soviet_artillery;
  int german_exact_unit;     /* the first German unit placed exactly, or -1 */
  int german_unit;           /* the first German unit, or -1 */
  int soviet_unit;           /* the first Soviet unit, or -1 */
  int exact_units;           /* units of either side placed exactly */
  int exact_unit_over;       /* the unit that took them over the most a stack may have, or -1 */
} SetupHex;

static void
stack_add (StackCount *count, int steps, int limit, int index)
{
  count->steps += steps;
  if (count->steps > limit && count->unit_over < 0)
    count->unit_over = index;
}

/* As the game sets up: Soviet units, garrisons and units marked exact go
 * exactly on their hex; other German units in or next to it (3.2). */
static gboolean
placed_exactly (KesselUnit *unit)
{
  return kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET || kessel_unit_get_setup_exact (unit)
         || kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC;
}

static gboolean
is_garrison (KesselUnit *unit)
{
  return kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC
         || kessel_unit_get_unit_type (unit) == KESSEL_UNIT_GARRISON;
}

static void
count_setup_unit (Checker *checker, SetupHex *setup, int index)
{
  KesselUnit *unit = unit_at (checker, index);
  int steps = chain_steps (checker, unit);
  gboolean garrison = is_garrison (unit);

  if (placed_exactly (unit) && ++setup->exact_units > KESSEL_ACTION_MAX_UNITS && setup->exact_unit_over < 0)
    setup->exact_unit_over = index;
  if (kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN)
    {
      if (setup->german_unit < 0)
        setup->german_unit = index;
      if (placed_exactly (unit) && setup->german_exact_unit < 0)
        setup->german_exact_unit = index;
      if (garrison)
        return;  /* no stacking value (6.0) */
      stack_add (&setup->german, steps, KESSEL_GERMAN_STACK_LIMIT, index);
      if (placed_exactly (unit))
        stack_add (&setup->german_exact, steps, KESSEL_GERMAN_STACK_LIMIT, index);
    }
  else if (kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET)
    {
      if (setup->soviet_unit < 0)
        setup->soviet_unit = index;
      if (garrison)
        return;
      if (kessel_unit_is_artillery (unit))
        stack_add (&setup->soviet_artillery, steps, KESSEL_SOVIET_ARTILLERY_LIMIT, index);
      else
        stack_add (&setup->soviet, steps, KESSEL_SOVIET_STACK_LIMIT, index);
    }
}

static SetupHex *
gather_setup (Checker *checker)
{
  SetupHex *setup = g_new0 (SetupHex, checker->hex_count);

  for (int hex = 0; hex < checker->hex_count; hex++)
    {
      setup[hex].german_exact.unit_over = setup[hex].german.unit_over = -1;
      setup[hex].soviet.unit_over = setup[hex].soviet_artillery.unit_over = -1;
      setup[hex].german_exact_unit = setup[hex].german_unit = setup[hex].soviet_unit = -1;
      setup[hex].exact_unit_over = -1;
    }
  for (int i = 0; i < checker->n_units; i++)
    {
      KesselUnit *unit = unit_at (checker, i);
      int hex = kessel_unit_get_setup_hex (unit);

      if (on_map (checker, hex) && kessel_unit_get_arrival_turn (unit) == 0
          && is_first_counter (checker, unit))
        count_setup_unit (checker, &setup[hex], i);
    }
  return setup;
}

static void
check_german_stack (Checker *checker, int hex, const SetupHex *setup, const char *name)
{
  if (setup->german_exact.unit_over >= 0)
    map_problem (checker, KESSEL_PROBLEM_ERROR, "6.1", hex, setup->german_exact.unit_over,
                 _("hex %s must hold %d German steps from the start, more than the %d steps "
                   "a hex may hold"), name, setup->german_exact.steps, KESSEL_GERMAN_STACK_LIMIT);
  else if (setup->german.unit_over >= 0)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "6.1", hex, setup->german.unit_over,
                 _("hex %s has %d German steps set up in it, more than the %d steps a hex may "
                   "hold, so some must set up next to it"), name, setup->german.steps,
                 KESSEL_GERMAN_STACK_LIMIT);
}

/* Soviet units may over-stack at setup, but must spread out in their
 * first movement (3.2). */
static void
check_soviet_stack (Checker *checker, int hex, const SetupHex *setup, const char *name)
{
  if (setup->soviet.unit_over >= 0)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "6.2", hex, setup->soviet.unit_over,
                 _("hex %s has %d Soviet non-artillery steps set up in it, more than the %d a "
                   "hex may hold; they must spread out in the first Soviet movement"),
                 name, setup->soviet.steps, KESSEL_SOVIET_STACK_LIMIT);
  if (setup->soviet_artillery.unit_over >= 0)
    map_problem (checker, KESSEL_PROBLEM_WARNING, "6.2", hex, setup->soviet_artillery.unit_over,
                 _("hex %s has %d Soviet artillery steps set up in it, more than the %d a hex "
                   "may hold; they must spread out in the first Soviet movement"),
                 name, setup->soviet_artillery.steps, KESSEL_SOVIET_ARTILLERY_LIMIT);
}

/* Opposing units never share a hex (6.0). */
static void
check_opposing (Checker *checker, int hex, const SetupHex *setup, const char *name)
{
  if (setup->soviet_unit < 0 || setup->german_unit < 0)
    return;
  if (setup->german_exact_unit >= 0)
    map_problem (checker, KESSEL_PROBLEM_ERROR, "6.0", hex, setup->german_exact_unit,
                 _("hex %s is the setup hex of both German and Soviet units that must set up "
                   "exactly there, but opposing units never share a hex"), name);
  else
    map_problem (checker, KESSEL_PROBLEM_WARNING, "6.0", hex, setup->german_unit,
                 _("hex %s is the setup hex of both German and Soviet units, so the German "
                   "units must set up next to it"), name);
}

/* The game moves, attacks with and removes the units of a stack by naming
 * them in one action, which names at most KESSEL_ACTION_MAX_UNITS. */
static void
check_stack_size (Checker *checker, int hex, const SetupHex *setup, const char *name)
{
  if (setup->exact_unit_over >= 0)
    map_problem (checker, KESSEL_PROBLEM_ERROR, NULL, hex, setup->exact_unit_over,
                 _("hex %s has %d units that must set up exactly in it, more than the %d units "
                   "a stack may have in Kessel"), name, setup->exact_units, KESSEL_ACTION_MAX_UNITS);
}

/* A German unit the German player places in or next to its hex (3.2). */
static gboolean
placed_by_player (Checker *checker, KesselUnit *unit)
{
  return kessel_unit_get_side (unit) == KESSEL_SIDE_GERMAN && !placed_exactly (unit)
         && !is_garrison (unit) && on_map (checker, kessel_unit_get_setup_hex (unit))
         && kessel_unit_get_arrival_turn (unit) == 0 && is_first_counter (checker, unit);
}

/* Links the unit's node to the hexes it may set up in: its own and the
 * hexes next to it. */
static void
link_unit_to_hexes (Checker *checker, KesselFlow *flow, int unit_node, int first_hex_node,
                    KesselUnit *unit, int steps)
{
  int hex = kessel_unit_get_setup_hex (unit);
  int neighbours[KESSEL_N_DIRECTIONS];

  kessel_grid_neighbours (checker->grid, hex, neighbours);
  kessel_flow_add_edge (flow, unit_node, first_hex_node + hex, steps);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (neighbours[d] != KESSEL_HEX_NONE)   /* off the map */
      kessel_flow_add_edge (flow, unit_node, first_hex_node + neighbours[d], steps);
}

/* Whether the German units the player places can all find room: each hex
 * without Soviet units holds 9 steps with the units placed exactly (3.2,
 * 6.0, 6.1). If the steps cannot find room even when a unit's steps may be
 * split between hexes, as a flow through the network of units and hexes,
 * the whole units cannot either, and the game could never leave set-up. */
static void
check_german_room (Checker *checker, const SetupHex *setup)
{
  const int source = 0, sink = 1, first_hex = 2, first_unit = 2 + checker->hex_count;
  g_autoptr(KesselFlow) flow = kessel_flow_new (first_unit + checker->n_units);
  g_autofree int *unit_edge = g_new (int, checker->n_units);
  gint64 wanted = 0;

  for (int hex = 0; hex < checker->hex_count; hex++)
    if (setup[hex].soviet_unit < 0 && setup[hex].german_exact.steps < KESSEL_GERMAN_STACK_LIMIT)
      kessel_flow_add_edge (flow, first_hex + hex, sink,
                            KESSEL_GERMAN_STACK_LIMIT - setup[hex].german_exact.steps);
  for (int i = 0; i < checker->n_units; i++)
    {
      KesselUnit *unit = unit_at (checker, i);
      int steps = placed_by_player (checker, unit) ? chain_steps (checker, unit) : 0;

      unit_edge[i] = -1;
      if (steps <= 0)
        continue;
      unit_edge[i] = kessel_flow_add_edge (flow, source, first_unit + i, steps);
      link_unit_to_hexes (checker, flow, first_unit + i, first_hex, unit, steps);
      wanted += steps;
    }
  if (wanted == 0 || kessel_flow_run (flow, source, sink) == wanted)
    return;
  for (int i = 0; i < checker->n_units; i++)
    if (unit_edge[i] >= 0 && kessel_flow_get (flow, unit_edge[i]) < chain_steps (checker, unit_at (checker, i)))
      {
        g_autofree char *name = hex_name (checker, kessel_unit_get_setup_hex (unit_at (checker, i)));
        unit_problem_at (checker, KESSEL_PROBLEM_ERROR, "3.2", i, kessel_unit_get_setup_hex (unit_at (checker, i)),
                         _("cannot set up: %s and the hexes next to it have no room left for all "
                           "its steps once the other German units have set up (a hex holds at most "
                           "%d German steps, and none where Soviet units set up)"),
                         name, KESSEL_GERMAN_STACK_LIMIT);
        return;
      }
}

static void
check_setup_hexes (Checker *checker)
{
  g_autofree SetupHex *setup = gather_setup (checker);

  for (int hex = 0; hex < checker->hex_count; hex++)
    {
      g_autofree char *name = NULL;

      if (setup[hex].german_unit < 0 && setup[hex].soviet_unit < 0)
        continue;
      name = hex_name (checker, hex);
      check_stack_size (checker, hex, &setup[hex], name);
      check_german_stack (checker, hex, &setup[hex], name);
      check_soviet_stack (checker, hex, &setup[hex], name);
      check_opposing (checker, hex, &setup[hex], name);
    }
  check_german_room (checker, setup);
}

/* Rivers ------------------------------------------------------------------
 *
 * A hexside runs between two corners, and a corner is where three hexes
 * meet (fewer on the map edge). A river's ends are the corners only one of
 * its hexsides touches; each should lie on the map edge or on another river.
 *
 * Corners get coordinates on a lattice: x in half hex sides (3 per column),
 * y in half hex heights (2 per row, 1 more in the lower even columns).
 * Corner k of a hex lies between its sides in directions k and k + 1:
 * north-east, east, south-east, south-west, west and north-west.
 */

static const int corner_offset[KESSEL_N_DIRECTIONS][2] = {
  { 1, -1 }, { 2, 0 }, { 1, 1 }, { -1, 1 }, { -2, 0 }, { -1, -1 }
};

#define CORNER_MIXED (-2)   /* in the owner of a corner: more than one river */

typedef struct {
  int hex;
  KesselDirection direction;
} SideOf;

typedef struct {
  int height;        /* lattice rows */
  int count;         /* lattice points */
  int *owner;        /* per corner: the river touching it, -1 or CORNER_MIXED */
  int *touches;      /* per corner: hexsides of the river at hand touching it */
  GArray **sides;    /* per river: its hexsides as SideOf */
} RiverCorners;

static int
corner_at (Checker *checker, const RiverCorners *corners, int hex, int corner)
{
  int column, row, x, y;

  kessel_grid_column_row (checker->grid, hex, &column, &row);
  x = 3 * (column - 1) + corner_offset[corner][0] + 2;
  y = 2 * (row - 1) + (column % 2 == 0 ? 1 : 0) + corner_offset[corner][1] + 1;
  return x * corners->height + y;
}

static const char *
corner_name (int corner)
{
  switch (corner)
    {
    case 0: return C_("corner of a hex", "north-east");
    case 1: return C_("corner of a hex", "east");
    case 2: return C_("corner of a hex", "south-east");
    case 3: return C_("corner of a hex", "south-west");
    case 4: return C_("corner of a hex", "west");
    default: return C_("corner of a hex", "north-west");
    }
}

/* Corner k of a hex is on the map edge when a hex next to it is missing. */
static gboolean
corner_on_edge (Checker *checker, int hex, int corner)
{
  return kessel_grid_neighbour (checker->grid, hex, corner) == KESSEL_HEX_NONE
         || kessel_grid_neighbour (checker->grid, hex, (corner + 1) % KESSEL_N_DIRECTIONS) == KESSEL_HEX_NONE;
}

/* The hex and direction a hexside id was made from (kessel-hex.h). */
static gboolean
side_of (Checker *checker, KesselHexside side, SideOf *out)
{
  int inner = checker->hex_count * 3;

  if (side < inner)
    {
      out->hex = side / 3;
      out->direction = side % 3;
    }
  else
    {
      out->hex = (side - inner) / 3;
      out->direction = (side - inner) % 3 + KESSEL_DIRECTION_S;
    }
  /* ids of inner sides named from the far hex are never handed out */
  return out->hex < checker->hex_count
         && kessel_grid_hexside (checker->grid, out->hex, out->direction) == side;
}

static void
river_corners_init (Checker *checker, RiverCorners *corners, int n_rivers)
{
  int sides = kessel_grid_hexside_count (checker->grid);

  corners->height = 2 * checker->grid->rows + 3;
  corners->count = (3 * checker->grid->columns + 2) * corners->height;
  corners->owner = g_new (int, corners->count);
  corners->touches = g_new0 (int, corners->count);
  corners->sides = g_new0 (GArray *, n_rivers);
  for (int i = 0; i < corners->count; i++)
    corners->owner[i] = -1;
  for (int river = 0; river < n_rivers; river++)
    corners->sides[river] = g_array_new (FALSE, FALSE, sizeof (SideOf));
  for (KesselHexside side = 0; side < sides; side++)
    {
      int river = kessel_map_get_river_at_side (checker->map, side);
      SideOf at;

      if (river < 0 || river >= n_rivers || !side_of (checker, side, &at))
        continue;
      g_array_append_val (corners->sides[river], at);
      for (int end = 0; end < 2; end++)
        {
          int corner = corner_at (checker, corners, at.hex, (at.direction + 5 + end) % KESSEL_N_DIRECTIONS);
          int *owner = &corners->owner[corner];
          *owner = *owner == -1 || *owner == river ? river : CORNER_MIXED;
        }
    }
}

static void
river_corners_clear (RiverCorners *corners, int n_rivers)
{
  for (int river = 0; river < n_rivers; river++)
    g_array_unref (corners->sides[river]);
  g_free (corners->sides);
  g_free (corners->owner);
  g_free (corners->touches);
}

static const char *
river_name (Checker *checker, int river)
{
  const char *name = kessel_map_get_river (checker->map, river)->name;
  return name ? name : "";
}

typedef struct {
  int hex;
  int corner;     /* 0-5, as in corner_name */
} RiverEnd;

/* The river's ends that lie neither on the map edge nor on another river. */
static GArray *
open_river_ends (Checker *checker, RiverCorners *corners, int river)
{
  GArray *sides = corners->sides[river];
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (RiverEnd));

  for (int pass = 0; pass < 3; pass++)
    for (guint i = 0; i < sides->len; i++)
      {
        const SideOf *at = &g_array_index (sides, SideOf, i);
        for (int end = 0; end < 2; end++)
          {
            int k = (at->direction + 5 + end) % KESSEL_N_DIRECTIONS;
            int corner = corner_at (checker, corners, at->hex, k);

            if (pass == 0)
              corners->touches[corner]++;
            else if (pass == 2)
              corners->touches[corner] = 0;
            else if (corners->touches[corner] == 1 && corners->owner[corner] != CORNER_MIXED
                     && !corner_on_edge (checker, at->hex, k))
              {
                RiverEnd open = { at->hex, k };
                g_array_append_val (ends, open);
              }
          }
      }
  return ends;
}

/* A river may rise inside the map: one end there is its source. More than
 * one such end means a gap or a stray hexside, and each is reported. */
static void
check_river_ends (Checker *checker, RiverCorners *corners, int river)
{
  g_autoptr(GArray) ends = open_river_ends (checker, corners, river);

  for (guint i = 0; ends->len > 1 && i < ends->len; i++)
    {
      const RiverEnd *open = &g_array_index (ends, RiverEnd, i);
      g_autofree char *name = hex_name (checker, open->hex);

      map_problem (checker, KESSEL_PROBLEM_WARNING, NULL, open->hex, -1,
                   /* Translators: a river's name, a corner such as "south-east"
                    * and a hex number. */
                   _("the %s ends at the %s corner of hex %s, which is neither on the "
                     "map edge nor on another river"),
                   river_name (checker, river), corner_name (open->corner), name);
    }
}

static void
check_rivers (Checker *checker)
{
  int n_rivers = kessel_map_get_n_rivers (checker->map);
  RiverCorners corners;

  river_corners_init (checker, &corners, n_rivers);
  for (int river = 0; river < n_rivers; river++)
    {
      if (corners.sides[river]->len == 0)
        map_problem (checker, KESSEL_PROBLEM_WARNING, NULL, KESSEL_HEX_NONE, -1,
                     _("the river %s runs along no hexside"), river_name (checker, river));
      else
        check_river_ends (checker, &corners, river);
    }
  river_corners_clear (&corners, n_rivers);
}

/* The whole check -------------------------------------------------------- */

static void
checker_init (Checker *checker, KesselScenario *scenario)
{
  checker->scenario = scenario;
  checker->map = kessel_scenario_get_map (scenario);
  checker->grid = kessel_map_get_grid (checker->map);
  checker->hex_count = kessel_grid_hex_count (checker->grid);
  checker->n_units = kessel_scenario_get_n_units (scenario);
  checker->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_scenario_problem_free);
  checker->first_with_id = g_hash_table_new (g_str_hash, g_str_equal);
  checker->index_of = g_hash_table_new (NULL, NULL);
  checker->substituted = g_hash_table_new (g_str_hash, g_str_equal);
  for (int i = 0; i < checker->n_units; i++)
    {
      KesselUnit *unit = unit_at (checker, i);
      const char *substitute = kessel_unit_get_substitute (unit);

      if (!g_hash_table_contains (checker->first_with_id, id_of (unit)))
        g_hash_table_insert (checker->first_with_id, (gpointer) id_of (unit), unit);
      g_hash_table_insert (checker->index_of, unit, GINT_TO_POINTER (i + 1));
      if (substitute != NULL && !g_hash_table_contains (checker->substituted, substitute))
        g_hash_table_insert (checker->substituted, (gpointer) substitute, unit);
    }
}

static void
checker_clear (Checker *checker)
{
  g_hash_table_unref (checker->first_with_id);
  g_hash_table_unref (checker->index_of);
  g_hash_table_unref (checker->substituted);
}

static void
check_units (Checker *checker)
{
  g_autofree gboolean *on_loop = find_substitute_loops (checker);

  for (int i = 0; i < checker->n_units; i++)
    check_unit_basics (checker, i, on_loop);
  check_substituted_once (checker);
  for (int i = 0; i < checker->n_units; i++)
    {
      check_identity (checker, i);
      check_setup (checker, i);
      check_unit_steps (checker, i);
      check_step_factors (checker, i);
      check_unit_role (checker, i);
    }
}

static void
check_map (Checker *checker)
{
  check_role_sets (checker);
  check_rivers (checker);
  for (int hex = 0; hex < checker->hex_count; hex++)
    {
      check_place (checker, hex);
      check_edge_roles (checker, hex);
    }
  check_setup_hexes (checker);
}

GPtrArray *
kessel_scenario_check_in_found_order (KesselScenario *scenario)
{
  Checker checker;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario),
                        g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_scenario_problem_free));
  checker_init (&checker, scenario);
  check_victory (&checker);
  check_units (&checker);
  check_start_vp (&checker);
  check_map (&checker);
  checker_clear (&checker);
  return checker.problems;
}

/* Errors first; then what the whole scenario, the map by hex and the
 * counter mix by unit are about; then the order found. */
static int
compare_problems (gconstpointer a, gconstpointer b)
{
  const KesselCheckedProblem *p = *(KesselCheckedProblem * const *) a;
  const KesselCheckedProblem *q = *(KesselCheckedProblem * const *) b;
  int p_place = p->subject == KESSEL_PROBLEM_ABOUT_UNIT ? p->unit_index : p->problem.hex;
  int q_place = q->subject == KESSEL_PROBLEM_ABOUT_UNIT ? q->unit_index : q->problem.hex;

  if (p->problem.severity != q->problem.severity)
    return p->problem.severity == KESSEL_PROBLEM_ERROR ? -1 : 1;
  if (p->subject != q->subject)
    return (int) p->subject - (int) q->subject;
  if (p_place != q_place)
    return p_place < q_place ? -1 : 1;
  return p->found < q->found ? -1 : p->found > q->found;
}

/**
 * kessel_scenario_check:
 *
 * Every problem of a scenario, errors first, each group in the order of the map
 * and of the counter mix. The editor's problem list and kessel-cli validate
 * show them.
 *
 * Returns: (transfer container) (element-type KesselScenarioProblem): the problems
 */
GPtrArray *
kessel_scenario_check (KesselScenario *scenario)
{
  GPtrArray *problems = kessel_scenario_check_in_found_order (scenario);

  g_ptr_array_sort (problems, compare_problems);
  return problems;
}
