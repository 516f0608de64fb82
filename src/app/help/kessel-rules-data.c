/* kessel-rules-data.c: reading the rules reference with GMarkup, and finding
 * rule cases in it. */
#include "kessel-config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>

#include "kessel-rules-data.h"

#define RESOURCE_PATH "/org/kessel/Kessel/rules-reference.xml"

typedef struct {
  KesselRulesData *data;
  KesselRulesPage *page;
  KesselRulesGroup *group;
  KesselRulesCase *rule_case;
  GPtrArray *row;
  KesselRulesCell *cell;
  GString *text;                 /* the text of the element being read */
  KesselRulesBlockKind block_kind;
} Reader;

static void
block_free (gpointer data)
{
  KesselRulesBlock *block = data;

  g_free (block->text);
  g_free (block);
}

static void
group_free (gpointer data)
{
  KesselRulesGroup *group = data;

  g_free (group->id);
  g_free (group->title);
  g_free (group);
}

static void
case_free (gpointer data)
{
  KesselRulesCase *rule_case = data;

  g_free (rule_case->id);
  g_strfreev (rule_case->refs);
  g_ptr_array_unref (rule_case->blocks);
  g_free (rule_case);
}

static void
cell_free (gpointer data)
{
  KesselRulesCell *cell = data;

  g_free (cell->text);
  g_free (cell);
}

static void
page_free (gpointer data)
{
  KesselRulesPage *page = data;

  g_free (page->id);
  g_free (page->title);
  g_strfreev (page->refs);
  g_ptr_array_unref (page->groups);
  g_ptr_array_unref (page->cases);
  g_ptr_array_unref (page->rows);
  g_ptr_array_unref (page->notes);
  g_free (page);
}

void
kessel_rules_data_free (KesselRulesData *data)
{
  if (data == NULL)
    return;
  g_hash_table_unref (data->case_by_id);
  g_ptr_array_unref (data->cases);
  g_ptr_array_unref (data->pages);
  g_free (data);
}

/* Line breaks and indentation in the file are not part of the text. */
static char *
normalize_space (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  g_autoptr(GString) result = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        if (result->len > 0)
          g_string_append_c (result, ' ');
        g_string_append (result, words[i]);
      }
  return g_string_free (g_steal_pointer (&result), FALSE);
}

static char **
split_refs (const char *refs)
{
  return refs != NULL ? g_strsplit_set (refs, " ", -1) : g_new0 (char *, 1);
}

static gboolean
start_page (Reader               *reader,
            KesselRulesPageKind   kind,
            const char           *element,
            const char          **names,
            const char          **values,
            GError              **error)
{
  const char *id = NULL, *title = NULL, *refs = NULL;
  KesselRulesPage *page;

  if (!g_markup_collect_attributes (element, names, values, error,
                                    kind == KESSEL_RULES_PAGE_INTRO
                                      ? G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL
                                      : G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "title", &title,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "refs", &refs,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;

  page = g_new0 (KesselRulesPage, 1);
  page->kind = kind;
  page->id = g_strdup (id != NULL ? id : "");
  page->title = g_strdup (title);
  page->refs = split_refs (refs);
  page->groups = g_ptr_array_new_with_free_func (group_free);
  page->cases = g_ptr_array_new ();
  page->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  page->notes = g_ptr_array_new_with_free_func (block_free);
  g_ptr_array_add (reader->data->pages, page);
  reader->page = page;
  return TRUE;
}

static gboolean
start_group (Reader       *reader,
             const char  **names,
             const char  **values,
             GError      **error)
{
  const char *id, *title;
  KesselRulesGroup *group;

  if (!g_markup_collect_attributes ("group", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING, "title", &title,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;

  group = g_new0 (KesselRulesGroup, 1);
  group->id = g_strdup (id);
  group->title = g_strdup (title);
  g_ptr_array_add (reader->page->groups, group);
  reader->group = group;
  return TRUE;
}

static gboolean
start_case (Reader       *reader,
            const char  **names,
            const char  **values,
            GError      **error)
{
  const char *id, *refs = NULL;
  KesselRulesCase *rule_case;

  if (!g_markup_collect_attributes ("case", names, values, error,
                                    G_MARKUP_COLLECT_STRING, "id", &id,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "refs", &refs,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;

  rule_case = g_new0 (KesselRulesCase, 1);
  rule_case->id = g_strdup (id);
  rule_case->refs = split_refs (refs);
  rule_case->page = reader->page;
  rule_case->group = reader->group;
  rule_case->blocks = g_ptr_array_new_with_free_func (block_free);
  g_ptr_array_add (reader->page->cases, rule_case);
  g_ptr_array_add (reader->data->cases, rule_case);
  if (!g_hash_table_contains (reader->data->case_by_id, id))
    g_hash_table_insert (reader->data->case_by_id, rule_case->id, rule_case);
  reader->rule_case = rule_case;
  return TRUE;
}

static gboolean
start_cell (Reader       *reader,
            const char  **names,
            const char  **values,
            GError      **error)
{
  const char *rows = NULL;
  gboolean translatable;
  KesselRulesCell *cell;

  if (!g_markup_collect_attributes ("cell", names, values, error,
                                    G_MARKUP_COLLECT_STRING | G_MARKUP_COLLECT_OPTIONAL, "rows", &rows,
                                    G_MARKUP_COLLECT_TRISTATE, "translatable", &translatable,
                                    G_MARKUP_COLLECT_INVALID))
    return FALSE;

  cell = g_new0 (KesselRulesCell, 1);
  cell->rows = rows != NULL ? MAX (1, atoi (rows)) : 1;
  cell->translatable = translatable != FALSE;  /* unset is -1 */
  g_ptr_array_add (reader->row, cell);
  reader->cell = cell;
  reader->text = g_string_new (NULL);
  return TRUE;
}

static gboolean
block_kind_from_name (const char           *name,
                      KesselRulesBlockKind *kind)
{
  static const char *names[] = { "p", "li", "ruling", "option" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strcmp (name, names[i]) == 0)
      {
        *kind = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
in_page_of_kind (Reader              *reader,
                 KesselRulesPageKind  kind)
{
  return reader->page != NULL && reader->rule_case == NULL && reader->row == NULL
         && reader->page->kind == kind;
}

/* Where each element may appear. */
static gboolean
in_place (Reader     *reader,
          const char *name)
{
  KesselRulesBlockKind block;

  if (reader->text != NULL)
    return FALSE;
  if (strcmp (name, "reference") == 0)
    return reader->data->pages->len == 0 && reader->page == NULL;
  if (strcmp (name, "intro") == 0 || strcmp (name, "section") == 0 || strcmp (name, "table") == 0)
    return reader->page == NULL;
  if (strcmp (name, "group") == 0)
    return in_page_of_kind (reader, KESSEL_RULES_PAGE_SECTION) && reader->group == NULL;
  if (strcmp (name, "case") == 0)
    return in_page_of_kind (reader, KESSEL_RULES_PAGE_SECTION);
  if (strcmp (name, "header") == 0 || strcmp (name, "row") == 0)
    return in_page_of_kind (reader, KESSEL_RULES_PAGE_TABLE);
  if (strcmp (name, "cell") == 0)
    return reader->row != NULL;
  if (block_kind_from_name (name, &block))
    return reader->rule_case != NULL
           || (block == KESSEL_RULES_PARAGRAPH
               && (in_page_of_kind (reader, KESSEL_RULES_PAGE_INTRO)
                   || in_page_of_kind (reader, KESSEL_RULES_PAGE_TABLE)));
  return FALSE;
}

static void
start_element (GMarkupParseContext  *context,
               const char           *name,
               const char          **names,
               const char          **values,
               gpointer              user_data,
               GError              **error)
{
  Reader *reader = user_data;

  if (!in_place (reader, name))
    {
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
                   "<%s> is not allowed here", name);
      return;
    }

  if (strcmp (name, "intro") == 0)
    start_page (reader, KESSEL_RULES_PAGE_INTRO, name, names, values, error);
  else if (strcmp (name, "section") == 0)
    start_page (reader, KESSEL_RULES_PAGE_SECTION, name, names, values, error);
  else if (strcmp (name, "table") == 0)
    start_page (reader, KESSEL_RULES_PAGE_TABLE, name, names, values, error);
  else if (strcmp (name, "group") == 0)
    start_group (reader, names, values, error);
  else if (strcmp (name, "case") == 0)
    start_case (reader, names, values, error);
  else if (strcmp (name, "header") == 0 || strcmp (name, "row") == 0)
    {
      reader->row = g_ptr_array_new_with_free_func (cell_free);
      g_ptr_array_add (reader->page->rows, reader->row);
    }
  else if (strcmp (name, "cell") == 0)
    start_cell (reader, names, values, error);
  else if (block_kind_from_name (name, &reader->block_kind))
    reader->text = g_string_new (NULL);
}

static void
end_block (Reader *reader)
{
  KesselRulesBlock *block = g_new0 (KesselRulesBlock, 1);

  block->kind = reader->block_kind;
  block->text = normalize_space (reader->text->str);
  g_ptr_array_add (reader->rule_case != NULL ? reader->rule_case->blocks : reader->page->notes,
                   block);
}

static void
end_element (GMarkupParseContext  *context,
             const char           *name,
             gpointer              user_data,
             GError              **error)
{
  Reader *reader = user_data;
  KesselRulesBlockKind kind;

  if (strcmp (name, "cell") == 0)
    reader->cell->text = normalize_space (reader->text->str);
  else if (block_kind_from_name (name, &kind))
    end_block (reader);
  else if (strcmp (name, "header") == 0 || strcmp (name, "row") == 0)
    reader->row = NULL;
  else if (strcmp (name, "case") == 0)
    reader->rule_case = NULL;
  else if (strcmp (name, "group") == 0)
    reader->group = NULL;
  else if (strcmp (name, "intro") == 0 || strcmp (name, "section") == 0
           || strcmp (name, "table") == 0)
    reader->page = NULL;

  if (reader->text != NULL)
    {
      g_string_free (reader->text, TRUE);
      reader->text = NULL;
      reader->cell = NULL;
    }
}

static void
read_text (GMarkupParseContext  *context,
           const char           *text,
           gsize                 length,
           gpointer              user_data,
           GError              **error)
{
  Reader *reader = user_data;

  if (reader->text != NULL)
    g_string_append_len (reader->text, text, length);
}

KesselRulesData *
kessel_rules_data_parse (const char  *text,
                         gssize       length,
                         GError     **error)
{
  static const GMarkupParser parser = {
    .start_element = start_element,
    .end_element = end_element,
    .text = read_text,
  };
  Reader reader = { 0 };
  g_autoptr(GMarkupParseContext) context = NULL;
  gboolean ok;

  reader.data = g_new0 (KesselRulesData, 1);
  reader.data->pages = g_ptr_array_new_with_free_func (page_free);
  reader.data->cases = g_ptr_array_new_with_free_func (case_free);
  reader.data->case_by_id = g_hash_table_new (g_str_hash, g_str_equal);

  context = g_markup_parse_context_new (&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, NULL);
  ok = g_markup_parse_context_parse (context, text, length, error)
       && g_markup_parse_context_end_parse (context, error);
  if (reader.text != NULL)
    g_string_free (reader.text, TRUE);
  if (!ok)
    {
      kessel_rules_data_free (reader.data);
      return NULL;
    }
  return reader.data;
}

static KesselRulesData *
load_default (void)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  KesselRulesData *data;
  gsize size;
  const char *text;

  bytes = g_resources_lookup_data (RESOURCE_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes != NULL)
    {
      text = g_bytes_get_data (bytes, &size);
      data = kessel_rules_data_parse (text, size, &error);
      if (data != NULL)
        return data;
    }
  g_critical ("The rules reference cannot be read: %s", error->message);
  return kessel_rules_data_parse ("<reference/>", -1, NULL);
}

const KesselRulesData *
kessel_rules_data_get_default (void)
{
  static KesselRulesData *data;

  if (g_once_init_enter (&data))
    g_once_init_leave (&data, load_default ());
  return data;
}

/* "13.1" is a prefix of 13.1-1 and 13.1.2-1 but not of 13.10-1. */
static gboolean
is_part_of (const char *id,
            const char *rule)
{
  size_t length = strlen (rule);

  return strncmp (id, rule, length) == 0 && (id[length] == '-' || id[length] == '.');
}

const KesselRulesCase *
kessel_rules_data_lookup (const KesselRulesData *data,
                          const char            *rule)
{
  const KesselRulesCase *found = g_hash_table_lookup (data->case_by_id, rule);

  for (guint i = 0; found == NULL && i < data->cases->len; i++)
    if (is_part_of (((KesselRulesCase *) data->cases->pdata[i])->id, rule))
      found = data->cases->pdata[i];
  for (guint i = 0; found == NULL && i < data->cases->len; i++)
    if (g_strv_contains ((const char * const *) ((KesselRulesCase *) data->cases->pdata[i])->refs,
                         rule))
      found = data->cases->pdata[i];
  return found;
}

const KesselRulesCase *
kessel_rules_data_resolve (const KesselRulesData *data,
                           const char            *rule)
{
  g_autofree char *wanted = NULL;
  const KesselRulesCase *found = NULL;

  if (rule == NULL)
    return NULL;
  wanted = g_strndup (rule, strcspn (rule, ": \t\n"));

  /* 2.5 has no case of its own: its section's first case stands in. */
  while (wanted[0] != '\0' && found == NULL)
    {
      char *cut;

      found = kessel_rules_data_lookup (data, wanted);
      cut = strrchr (wanted, wanted[strcspn (wanted, "-")] == '-' ? '-' : '.');
      if (cut == NULL)
        break;
      *cut = '\0';
    }
  return found;
}

const KesselRulesPage *
kessel_rules_data_find_page (const KesselRulesData *data,
                             const char            *id)
{
  for (guint i = 0; id != NULL && i < data->pages->len; i++)
    {
      const KesselRulesPage *page = data->pages->pdata[i];

      if (strcmp (page->id, id) == 0)
        return page;
    }
  return NULL;
}

const char *
kessel_rules_translate (const char *text)
{
  return g_dgettext (GETTEXT_PACKAGE, text);
}

char *
kessel_rules_case_get_text (const KesselRulesCase *rule_case)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < rule_case->blocks->len; i++)
    {
      const KesselRulesBlock *block = rule_case->blocks->pdata[i];

      if (i > 0)
        g_string_append_c (text, '\n');
      if (block->kind == KESSEL_RULES_ITEM)
        g_string_append (text, "• ");
      else if (block->kind == KESSEL_RULES_RULING)
        g_string_append_printf (text, "%s ", _("Kessel’s ruling:"));
      else if (block->kind == KESSEL_RULES_OPTION)
        g_string_append_printf (text, "%s ", _("Scenario option:"));
      g_string_append (text, kessel_rules_translate (block->text));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
text_has_words (const char  *text,
                char       **words)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);

  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (folded, words[i]) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
kessel_rules_case_matches (const KesselRulesCase  *rule_case,
                           char                  **words)
{
  g_autofree char *body = kessel_rules_case_get_text (rule_case);
  g_autofree char *text = g_strconcat (rule_case->id, "\n", body, NULL);

  return text_has_words (text, words);
}

gboolean
kessel_rules_page_matches (const KesselRulesPage  *page,
                           char                  **words)
{
  g_autoptr(GString) text = g_string_new (kessel_rules_translate (page->title));

  for (guint r = 0; r < page->rows->len; r++)
    {
      GPtrArray *row = page->rows->pdata[r];

      for (guint c = 0; c < row->len; c++)
        {
          const KesselRulesCell *cell = row->pdata[c];

          g_string_append_c (text, '\n');
          g_string_append (text, cell->translatable ? kessel_rules_translate (cell->text)
                                                    : cell->text);
        }
    }
  for (guint i = 0; i < page->notes->len; i++)
    {
      const KesselRulesBlock *block = page->notes->pdata[i];

      g_string_append_c (text, '\n');
      g_string_append (text, kessel_rules_translate (block->text));
    }
  return text_has_words (text->str, words);
}
