/* kessel-unit.c: one counter of the counter mix. */
#include "kessel-unit.h"
#include "kessel-boxed-private.h"
#include "kessel-hex.h"

struct _KesselUnit
{
  GObject parent_instance;

  char *id;
  char *name;
  char *label;
  char *substitute;
  KesselSide side;
  KesselUnitType type;
  KesselUnitSize size;
  KesselMobility mobility;
  guint abilities;
  int support_range;
  KesselStep steps[KESSEL_UNIT_MAX_STEPS];
  int n_steps;
  int setup_hex;
  gboolean setup_exact;
  int arrival_turn;
  int source_line;
};

/**
 * KesselUnit:
 *
 * One counter of the counter mix: its side, type, size, mobility, abilities, the factors
 * of its one or two steps, its substitute counter, and where and when it enters play.
 */
G_DEFINE_FINAL_TYPE (KesselUnit, kessel_unit, G_TYPE_OBJECT)

/**
 * KesselStep:
 *
 * The attack and defence factors of one step of a counter.
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselStep, kessel_step)

static void
kessel_unit_finalize (GObject *object)
{
  KesselUnit *self = KESSEL_UNIT (object);

  g_free (self->id);
  g_free (self->name);
  g_free (self->label);
  g_free (self->substitute);
  G_OBJECT_CLASS (kessel_unit_parent_class)->finalize (object);
}

static void
kessel_unit_class_init (KesselUnitClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_unit_finalize;
}

static void
kessel_unit_init (KesselUnit *self)
{
  self->type = KESSEL_UNIT_INFANTRY;
  self->size = KESSEL_SIZE_DIVISION;
  self->mobility = KESSEL_MOBILITY_NON_MECHANIZED;
  self->setup_hex = KESSEL_HEX_NONE;
  self->name = g_strdup ("");
  self->label = g_strdup ("");
}

KesselUnit *
kessel_unit_new (const char *id, KesselSide side)
{
  KesselUnit *self = g_object_new (KESSEL_TYPE_UNIT, NULL);
  self->id = g_strdup (id);
  self->side = side;
  return self;
}

/**
 * kessel_unit_copy:
 *
 * A copy of a counter, with the same id.
 *
 * Returns: (transfer full): a copy of the unit
 */
KesselUnit *
kessel_unit_copy (KesselUnit *self)
{
  KesselUnit *copy = kessel_unit_new (self->id, self->side);

  kessel_unit_set_name (copy, self->name);
  kessel_unit_set_label (copy, self->label);
  kessel_unit_set_substitute (copy, self->substitute);
  copy->type = self->type;
  copy->size = self->size;
  copy->mobility = self->mobility;
  copy->abilities = self->abilities;
  copy->support_range = self->support_range;
  kessel_unit_set_steps (copy, self->steps, self->n_steps);
  copy->setup_hex = self->setup_hex;
  copy->setup_exact = self->setup_exact;
  copy->arrival_turn = self->arrival_turn;
  copy->source_line = self->source_line;
  return copy;
}

/* Equal in everything a file holds (the source line is not compared). */
gboolean
kessel_unit_equal (KesselUnit *a, KesselUnit *b)
{
  if (g_strcmp0 (a->id, b->id) != 0 || g_strcmp0 (a->name, b->name) != 0
      || g_strcmp0 (a->label, b->label) != 0 || g_strcmp0 (a->substitute, b->substitute) != 0)
    return FALSE;
  if (a->side != b->side || a->type != b->type || a->size != b->size
      || a->mobility != b->mobility || a->abilities != b->abilities
      || a->support_range != b->support_range || a->n_steps != b->n_steps
      || a->setup_hex != b->setup_hex || a->setup_exact != b->setup_exact
      || a->arrival_turn != b->arrival_turn)
    return FALSE;
  for (int i = 0; i < a->n_steps; i++)
    if (a->steps[i].attack != b->steps[i].attack || a->steps[i].defence != b->steps[i].defence)
      return FALSE;
  return TRUE;
}

static void
replace_string (char **field, const char *value)
{
  char *copy = g_strdup (value);
  g_free (*field);
  *field = copy;
}

const char *kessel_unit_get_id (KesselUnit *self) { return self->id; }
void kessel_unit_set_id (KesselUnit *self, const char *id) { replace_string (&self->id, id); }
KesselSide kessel_unit_get_side (KesselUnit *self) { return self->side; }
void kessel_unit_set_side (KesselUnit *self, KesselSide side) { self->side = side; }
const char *kessel_unit_get_name (KesselUnit *self) { return self->name; }
/**
 * kessel_unit_set_name:
 * @name: (nullable): the name, or %NULL for none
 *
 * Sets the full name of the unit.
 */
void kessel_unit_set_name (KesselUnit *self, const char *name) { replace_string (&self->name, name ? name : ""); }
/**
 * kessel_unit_get_label:
 *
 * The short name printed on the counter, such as "16 Pz" or "9 Mech".
 *
 * Returns: (nullable): the label, or %NULL when it has none
 */
const char *kessel_unit_get_label (KesselUnit *self) { return self->label; }

const char *
kessel_unit_get_title (KesselUnit *self)
{
  return self->label != NULL && self->label[0] != '\0' ? self->label : self->id;
}
/**
 * kessel_unit_set_label:
 * @label: (nullable): the label, or %NULL for none
 *
 * Sets the short name printed on the counter.
 */
void kessel_unit_set_label (KesselUnit *self, const char *label) { replace_string (&self->label, label ? label : ""); }
KesselUnitType kessel_unit_get_unit_type (KesselUnit *self) { return self->type; }
void kessel_unit_set_unit_type (KesselUnit *self, KesselUnitType type) { self->type = type; }
KesselUnitSize kessel_unit_get_size (KesselUnit *self) { return self->size; }
void kessel_unit_set_size (KesselUnit *self, KesselUnitSize size) { self->size = size; }
KesselMobility kessel_unit_get_mobility (KesselUnit *self) { return self->mobility; }
void kessel_unit_set_mobility (KesselUnit *self, KesselMobility mobility) { self->mobility = mobility; }
guint kessel_unit_get_abilities (KesselUnit *self) { return self->abilities; }
void kessel_unit_set_abilities (KesselUnit *self, guint abilities) { self->abilities = abilities; }
gboolean kessel_unit_has_ability (KesselUnit *self, KesselAbility ability) { return (self->abilities & ability) != 0; }
int kessel_unit_get_support_range (KesselUnit *self) { return self->support_range; }
void kessel_unit_set_support_range (KesselUnit *self, int range) { self->support_range = range; }
int kessel_unit_get_n_steps (KesselUnit *self) { return self->n_steps; }
/**
 * kessel_unit_get_substitute:
 *
 * The id of the counter that replaces this one when it has lost its steps, or
 * %NULL.
 *
 * Returns: (nullable): the id of the substitute counter, or %NULL
 */
const char *kessel_unit_get_substitute (KesselUnit *self) { return self->substitute; }
/**
 * kessel_unit_set_substitute:
 * @substitute_id: (nullable): the id of the substitute counter, or %NULL for none
 *
 * Sets the id of the counter that replaces this one.
 */
void kessel_unit_set_substitute (KesselUnit *self, const char *id) { replace_string (&self->substitute, id); }
int kessel_unit_get_setup_hex (KesselUnit *self) { return self->setup_hex; }
void kessel_unit_set_setup_hex (KesselUnit *self, int hex) { self->setup_hex = hex; }
gboolean kessel_unit_get_setup_exact (KesselUnit *self) { return self->setup_exact; }
void kessel_unit_set_setup_exact (KesselUnit *self, gboolean exact) { self->setup_exact = exact; }
int kessel_unit_get_arrival_turn (KesselUnit *self) { return self->arrival_turn; }
void kessel_unit_set_arrival_turn (KesselUnit *self, int turn) { self->arrival_turn = turn; }
int kessel_unit_get_source_line (KesselUnit *self) { return self->source_line; }
void kessel_unit_set_source_line (KesselUnit *self, int line) { self->source_line = line; }

const KesselStep *
kessel_unit_get_step (KesselUnit *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < self->n_steps, NULL);
  return &self->steps[index];
}

/**
 * kessel_unit_set_steps:
 * @steps: (array length=n_steps): front, then back if printed
 * @n_steps: 1 or 2
 *
 * Sets the steps of the counter and their factors.
 */
void
kessel_unit_set_steps (KesselUnit *self, const KesselStep *steps, int n_steps)
{
  g_return_if_fail (n_steps >= 0 && n_steps <= KESSEL_UNIT_MAX_STEPS);
  for (int i = 0; i < n_steps; i++)
    self->steps[i] = steps[i];
  self->n_steps = n_steps;
}

/* Artillery for the rules (2.3, 6.2, 13.2). The 18th Artillery Division,
 * with its ranged support, counts as a non-artillery unit (2.4). */
gboolean
kessel_unit_is_artillery (KesselUnit *self)
{
  if (self->abilities & KESSEL_ABILITY_RANGED_SUPPORT)
    return FALSE;
  return self->type == KESSEL_UNIT_ARTILLERY || self->type == KESSEL_UNIT_ROCKET_ARTILLERY;
}
