/* kessel-rules-reference.h: Help ▸ Rules Reference, the rule cases in plain
 * words and the charts of section 14, reachable from any refusal's rule. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KESSEL_TYPE_RULES_REFERENCE (kessel_rules_reference_get_type ())
G_DECLARE_FINAL_TYPE (KesselRulesReference, kessel_rules_reference, KESSEL, RULES_REFERENCE, GtkWindow)

/* Adds the action app.rules-reference (a rule as its string target, "" for
 * the start page) with F1, and the accelerator of win.show-help-overlay. */
void      kessel_rules_reference_install (GtkApplication *app);

/* Opens the reference, or raises the one already open, at rule_case: a case
 * ("13.1-8"), a rule ("13.1", its first case), a table ("crt") or NULL for
 * the start page. The case is scrolled to and highlighted. */
void      kessel_rules_reference_show (GtkWindow  *parent,
                                       const char *rule_case);

/* Whether rule_case leads to a case, as kessel_rules_reference_show() reads it. */
gboolean  kessel_rules_reference_has_case (const char *rule_case);
/* The id of the case rule_case leads to, or NULL. */
char     *kessel_rules_reference_resolve (const char *rule_case);
/* The text of that case, translated, one paragraph a line; NULL if none. */
char     *kessel_rules_reference_case_text (const char *rule_case);

/* For tests: the open window, or NULL. */
KesselRulesReference *kessel_rules_reference_get_default (void);
/* How often a case id occurs in the reference's data. */
guint       kessel_rules_reference_count_case (const char *case_id);
/* The ids of every case, in order; free with g_strfreev(). */
char      **kessel_rules_reference_list_cases (void);
/* The ids of the tables, in order; free with g_strfreev(). */
char      **kessel_rules_reference_list_tables (void);
/* The cells of a table, row by row, each row's cells separated by '|'; the
 * header first. A cell spanning rows appears in its first row only. */
char      **kessel_rules_reference_table_rows (const char *table_id);

/* The section or table shown ("12", "crt"), "" for the start page, or NULL
 * while a search shows its results. */
const char *kessel_rules_reference_get_page (KesselRulesReference *self);
const char *kessel_rules_reference_get_highlighted (KesselRulesReference *self);
/* Whether the case is on screen: shown, and inside the scrolled view. */
gboolean    kessel_rules_reference_case_in_view (KesselRulesReference *self,
                                                 const char           *case_id);
guint       kessel_rules_reference_get_n_shown_cases (KesselRulesReference *self);
/* Sets the search text and applies it at once. */
void        kessel_rules_reference_search (KesselRulesReference *self,
                                           const char           *text);

G_END_DECLS
