/* kessel-rules-data.h: the content of the rules reference, read from
 * rules-reference.xml in the program's resources. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  KESSEL_RULES_PARAGRAPH,
  KESSEL_RULES_ITEM,
  KESSEL_RULES_RULING,   /* the reason for one of Kessel's rulings */
  KESSEL_RULES_OPTION,   /* the scenario option that changes the ruling */
} KesselRulesBlockKind;

typedef enum {
  KESSEL_RULES_PAGE_INTRO,
  KESSEL_RULES_PAGE_SECTION,
  KESSEL_RULES_PAGE_TABLE,
} KesselRulesPageKind;

typedef struct _KesselRulesPage KesselRulesPage;

/* Texts are the English source texts; show them through
 * kessel_rules_translate(). */
typedef struct {
  KesselRulesBlockKind kind;
  char *text;
} KesselRulesBlock;

/* A numbered rule within a section, such as 13.1. */
typedef struct {
  char *id;
  char *title;
} KesselRulesGroup;

typedef struct {
  char *id;
  char **refs;                   /* rule numbers that also lead here */
  KesselRulesPage *page;
  const KesselRulesGroup *group; /* NULL for a case outside a group */
  GPtrArray *blocks;             /* of KesselRulesBlock */
} KesselRulesCase;

typedef struct {
  char *text;
  int rows;                      /* rows the cell spans */
  gboolean translatable;
} KesselRulesCell;

struct _KesselRulesPage {
  KesselRulesPageKind kind;
  char *id;                      /* "" for the intro */
  char *title;
  char **refs;
  GPtrArray *groups;             /* of KesselRulesGroup */
  GPtrArray *cases;              /* of KesselRulesCase */
  GPtrArray *rows;               /* of GPtrArray of KesselRulesCell; the header first */
  GPtrArray *notes;              /* of KesselRulesBlock: the intro's text, a table's notes */
};

typedef struct {
  GPtrArray *pages;              /* of KesselRulesPage, in order */
  GPtrArray *cases;              /* of KesselRulesCase, in order, every one */
  GHashTable *case_by_id;        /* the first case of each id */
} KesselRulesData;

KesselRulesData       *kessel_rules_data_parse (const char  *text,
                                                gssize       length,
                                                GError     **error);
void                   kessel_rules_data_free (KesselRulesData *data);
/* The reference in the resources, read on first use. */
const KesselRulesData *kessel_rules_data_get_default (void);

/* The case a rule leads to: the case itself, the first case of a rule
 * ("13.1" gives 13.1-1), a case that names the rule in its refs, or else
 * the first case of the rule it is part of. Anything from a ':' or a space
 * on is ignored, so a refusal's message can be passed whole. */
const KesselRulesCase *kessel_rules_data_resolve (const KesselRulesData *data,
                                                  const char            *rule);
/* Only the first three of those: no falling back to a larger rule. */
const KesselRulesCase *kessel_rules_data_lookup (const KesselRulesData *data,
                                                 const char            *rule);
const KesselRulesPage *kessel_rules_data_find_page (const KesselRulesData *data,
                                                    const char            *id);

const char *kessel_rules_translate (const char *text);
/* The case's translated text, one block a line. */
char       *kessel_rules_case_get_text (const KesselRulesCase *rule_case);
/* Whether every word (casefolded) occurs in the case's id or text. */
gboolean    kessel_rules_case_matches (const KesselRulesCase *rule_case,
                                       char                 **words);
/* The same for a table: its title, cells and notes. */
gboolean    kessel_rules_page_matches (const KesselRulesPage *page,
                                       char                 **words);

G_END_DECLS
