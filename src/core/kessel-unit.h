/* kessel-unit.h: one counter of the counter mix.
 *
 * A counter has one or two steps: its front and, if printed, its back, each
 * with attack and defence factors (2.6). German divisions of 4, 6 or 8 steps
 * are a chain of counters: when the last step of one is lost it is replaced
 * by its substitute counter (the id named in "substitute"). A substitute
 * counter never sets up or arrives by itself.
 */
#pragma once

#include <glib-object.h>

#include "kessel-types.h"

G_BEGIN_DECLS

#define KESSEL_UNIT_MAX_STEPS 2

typedef struct {
  int attack;
  int defence;
} KesselStep;

#define KESSEL_TYPE_STEP (kessel_step_get_type ())
GType       kessel_step_get_type (void) G_GNUC_CONST;

#define KESSEL_TYPE_UNIT (kessel_unit_get_type ())
G_DECLARE_FINAL_TYPE (KesselUnit, kessel_unit, KESSEL, UNIT, GObject)

KesselUnit *kessel_unit_new (const char *id, KesselSide side);
KesselUnit *kessel_unit_copy (KesselUnit *self);
gboolean    kessel_unit_equal (KesselUnit *a, KesselUnit *b);

const char *kessel_unit_get_id (KesselUnit *self);
void        kessel_unit_set_id (KesselUnit *self, const char *id);
KesselSide  kessel_unit_get_side (KesselUnit *self);
void        kessel_unit_set_side (KesselUnit *self, KesselSide side);
const char *kessel_unit_get_name (KesselUnit *self);
void        kessel_unit_set_name (KesselUnit *self, const char *name);
/* The short name printed on the counter, such as "16 Pz" or "9 Mech". */
const char *kessel_unit_get_label (KesselUnit *self);
void        kessel_unit_set_label (KesselUnit *self, const char *label);
/* How people name the unit in short: its label, or its id when it has none. */
const char *kessel_unit_get_title (KesselUnit *self);

KesselUnitType kessel_unit_get_unit_type (KesselUnit *self);
void           kessel_unit_set_unit_type (KesselUnit *self, KesselUnitType type);
KesselUnitSize kessel_unit_get_size (KesselUnit *self);
void           kessel_unit_set_size (KesselUnit *self, KesselUnitSize size);
KesselMobility kessel_unit_get_mobility (KesselUnit *self);
void           kessel_unit_set_mobility (KesselUnit *self, KesselMobility mobility);

guint kessel_unit_get_abilities (KesselUnit *self);
void  kessel_unit_set_abilities (KesselUnit *self, guint abilities);
gboolean kessel_unit_has_ability (KesselUnit *self, KesselAbility ability);
/* Range of the ranged-support ability in hexes (2 for the 18th AD). */
int   kessel_unit_get_support_range (KesselUnit *self);
void  kessel_unit_set_support_range (KesselUnit *self, int range);

int               kessel_unit_get_n_steps (KesselUnit *self);
const KesselStep *kessel_unit_get_step (KesselUnit *self, int index);
void              kessel_unit_set_steps (KesselUnit *self, const KesselStep *steps, int n_steps);

const char *kessel_unit_get_substitute (KesselUnit *self);
void        kessel_unit_set_substitute (KesselUnit *self, const char *substitute_id);

/* Setup hex (KESSEL_HEX_NONE when the unit does not set up), and whether it
 * must be placed exactly there rather than in or adjacent (3.2). */
int      kessel_unit_get_setup_hex (KesselUnit *self);
void     kessel_unit_set_setup_hex (KesselUnit *self, int hex);
gboolean kessel_unit_get_setup_exact (KesselUnit *self);
void     kessel_unit_set_setup_exact (KesselUnit *self, gboolean exact);
/* Reinforcement turn, 0 when the unit is not a reinforcement. */
int      kessel_unit_get_arrival_turn (KesselUnit *self);
void     kessel_unit_set_arrival_turn (KesselUnit *self, int turn);

/* Line of the file the unit was read from, 0 when not read from a file. */
int      kessel_unit_get_source_line (KesselUnit *self);
void     kessel_unit_set_source_line (KesselUnit *self, int line);

gboolean kessel_unit_is_artillery (KesselUnit *self);

G_END_DECLS
