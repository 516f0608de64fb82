/* kessel-rules-options.h: the optional rules and rulings the rules engine
 * knows, which a scenario or a game may turn on (docs/rulings.md). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *id;     /* as in scenario and game files */
  const char *label;  /* what it changes, marked N_(): translate with _() */
  const char *rule;   /* the rule case it rules on, such as "5.4-3" */
} KesselRulesOption;

const KesselRulesOption *kessel_rules_options (guint *n_options);
/**
 * kessel_rules_option_find:
 *
 * The known rules option with this id, or %NULL.
 */
const KesselRulesOption *kessel_rules_option_find (const char *id);

G_END_DECLS
