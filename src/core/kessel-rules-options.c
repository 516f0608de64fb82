/* kessel-rules-options.c: the optional rules and rulings the rules engine knows. */
#include "kessel-config.h"
#include "kessel-rules-options.h"

#include <glib/gi18n-lib.h>

static const KesselRulesOption known_options[] = {
  { "second-phase-same-order", N_("The second phase repeats the first phase's order"), "5.4-3" },
  { "second-phase-own-choice", N_("The second phase's order is chosen again"), "5.4-3" },
  { "mech-combat-right-after-combat", N_("Under Fight/Move, the mechanized combat comes right after the combat"), "5.5-5" },
  { "trace-literal", N_("Supply and C&C lines read literally from the unit"), "8.4-1" },
  { "odds-table-only", N_("Shifts never take odds on the table off it"), "13.8.1-2" },
  { "flat-river-crossing", N_("Every rolled river crossing costs +3 MP instead"), "12.3-4" },
  { "river-crossing-retry", N_("A unit that cannot pay its river roll may roll again at the same hexside"), "12.3-3" },
};

/**
 * kessel_rules_options:
 * @n_options: (out): how many
 *
 * The rules options the program knows, in the order to show them.
 *
 * Returns: (transfer none) (array length=n_options): the options
 */
const KesselRulesOption *
kessel_rules_options (guint *n_options)
{
  if (n_options != NULL)
    *n_options = G_N_ELEMENTS (known_options);
  return known_options;
}

const KesselRulesOption *
kessel_rules_option_find (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (known_options); i++)
    if (g_str_equal (known_options[i].id, id))
      return &known_options[i];
  return NULL;
}
