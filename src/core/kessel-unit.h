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

/**
 * kessel_unit_new:
 *
 * A new counter with an id and a side, and nothing else yet: no steps, no setup
 * hex, no arrival.
 */
KesselUnit *kessel_unit_new (const char *id, KesselSide side);
KesselUnit *kessel_unit_copy (KesselUnit *self);
/**
 * kessel_unit_equal:
 *
 * Whether two counters are the same in every respect the scenario file holds.
 */
gboolean    kessel_unit_equal (KesselUnit *a, KesselUnit *b);

/**
 * kessel_unit_get_id:
 *
 * The id of the counter, unique in its scenario, such as "ger-16pz".
 */
const char *kessel_unit_get_id (KesselUnit *self);
/**
 * kessel_unit_set_id:
 *
 * Sets the id of the counter.
 */
void        kessel_unit_set_id (KesselUnit *self, const char *id);
/**
 * kessel_unit_get_side:
 *
 * The side of the counter.
 */
KesselSide  kessel_unit_get_side (KesselUnit *self);
/**
 * kessel_unit_set_side:
 *
 * Sets the side of the counter.
 */
void        kessel_unit_set_side (KesselUnit *self, KesselSide side);
/**
 * kessel_unit_get_name:
 *
 * The full name of the unit, such as "16th Panzer Division".
 */
const char *kessel_unit_get_name (KesselUnit *self);
void        kessel_unit_set_name (KesselUnit *self, const char *name);
const char *kessel_unit_get_label (KesselUnit *self);
void        kessel_unit_set_label (KesselUnit *self, const char *label);
/**
 * kessel_unit_get_title:
 *
 * How people name the unit in short: its label, or its id when it has none.
 */
const char *kessel_unit_get_title (KesselUnit *self);

/**
 * kessel_unit_get_unit_type:
 *
 * The type of the unit, such as armour or infantry.
 */
KesselUnitType kessel_unit_get_unit_type (KesselUnit *self);
/**
 * kessel_unit_set_unit_type:
 *
 * Sets the type of the unit.
 */
void           kessel_unit_set_unit_type (KesselUnit *self, KesselUnitType type);
/**
 * kessel_unit_get_size:
 *
 * The size of the unit: division, corps and so on.
 */
KesselUnitSize kessel_unit_get_size (KesselUnit *self);
/**
 * kessel_unit_set_size:
 *
 * Sets the size of the unit.
 */
void           kessel_unit_set_size (KesselUnit *self, KesselUnitSize size);
/**
 * kessel_unit_get_mobility:
 *
 * How the unit moves, which decides its movement factor and its costs of
 * terrain.
 */
KesselMobility kessel_unit_get_mobility (KesselUnit *self);
/**
 * kessel_unit_set_mobility:
 *
 * Sets how the unit moves.
 */
void           kessel_unit_set_mobility (KesselUnit *self, KesselMobility mobility);

/**
 * kessel_unit_get_abilities:
 *
 * The abilities of the unit, one bit for each #KesselAbility.
 */
guint kessel_unit_get_abilities (KesselUnit *self);
/**
 * kessel_unit_set_abilities:
 *
 * Sets the abilities of the unit, one bit for each #KesselAbility.
 */
void  kessel_unit_set_abilities (KesselUnit *self, guint abilities);
/**
 * kessel_unit_has_ability:
 *
 * Whether the unit has an ability.
 */
gboolean kessel_unit_has_ability (KesselUnit *self, KesselAbility ability);
/**
 * kessel_unit_get_support_range:
 *
 * The range in hexes of the unit's ranged support, such as 2 for the 18th AD.
 */
int   kessel_unit_get_support_range (KesselUnit *self);
/**
 * kessel_unit_set_support_range:
 *
 * Sets the range in hexes of the unit's ranged support.
 */
void  kessel_unit_set_support_range (KesselUnit *self, int range);

/**
 * kessel_unit_get_n_steps:
 *
 * The number of steps of the counter: 1 or 2.
 */
int               kessel_unit_get_n_steps (KesselUnit *self);
/**
 * kessel_unit_get_step:
 *
 * A step of the counter with its factors, by its index from 0, the
 * full-strength side first.
 */
const KesselStep *kessel_unit_get_step (KesselUnit *self, int index);
void              kessel_unit_set_steps (KesselUnit *self, const KesselStep *steps, int n_steps);

const char *kessel_unit_get_substitute (KesselUnit *self);
void        kessel_unit_set_substitute (KesselUnit *self, const char *substitute_id);

/**
 * kessel_unit_get_setup_hex:
 *
 * The hex the unit sets up in or next to (3.2), or %KESSEL_HEX_NONE when it
 * does not set up.
 */
int      kessel_unit_get_setup_hex (KesselUnit *self);
/**
 * kessel_unit_set_setup_hex:
 *
 * Sets the hex the unit sets up in or next to, or %KESSEL_HEX_NONE.
 */
void     kessel_unit_set_setup_hex (KesselUnit *self, int hex);
/**
 * kessel_unit_get_setup_exact:
 *
 * Whether the unit must set up exactly in its setup hex rather than in or next
 * to it (3.2).
 */
gboolean kessel_unit_get_setup_exact (KesselUnit *self);
/**
 * kessel_unit_set_setup_exact:
 *
 * Sets whether the unit must set up exactly in its setup hex.
 */
void     kessel_unit_set_setup_exact (KesselUnit *self, gboolean exact);
/**
 * kessel_unit_get_arrival_turn:
 *
 * The turn the unit arrives on as a reinforcement, or 0 when it is none.
 */
int      kessel_unit_get_arrival_turn (KesselUnit *self);
/**
 * kessel_unit_set_arrival_turn:
 *
 * Sets the turn the unit arrives on, or 0 when it is no reinforcement.
 */
void     kessel_unit_set_arrival_turn (KesselUnit *self, int turn);

/**
 * kessel_unit_get_source_line:
 *
 * The line of the file the unit was read from, or 0 when it was not read from a
 * file.
 */
int      kessel_unit_get_source_line (KesselUnit *self);
/**
 * kessel_unit_set_source_line:
 *
 * Sets the line of the file the unit was read from.
 */
void     kessel_unit_set_source_line (KesselUnit *self, int line);

/**
 * kessel_unit_is_artillery:
 *
 * Whether the rules of artillery (13.2) apply to the unit: artillery or rocket
 * artillery without the ranged-support ability.
 */
gboolean kessel_unit_is_artillery (KesselUnit *self);

G_END_DECLS
