/* kessel-rules-reference.c: the rules reference window: sections and tables
 * on the left, the chosen one on the right, and a search over every case. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-rules-data.h"
#include "kessel-rules-reference.h"

#define SCROLL_MARGIN 12

struct _KesselRulesReference
{
  GtkWindow parent_instance;

  GtkSearchEntry *search_entry;
  GtkListBox *sidebar;
  GtkScrolledWindow *content_scroller;
  GtkBox *content;

  const KesselRulesPage *page;       /* the page browsed, kept while searching */
  gboolean searching;
  GHashTable *matching_pages;        /* pages with search results */
  GHashTable *case_boxes;           /* case id → its box in the content */
  GHashTable *page_headings;         /* page → its heading in the content */
  char *highlighted;
  GtkWidget *scroll_target;
  guint scroll_tick;
  gboolean updating;                 /* the program, not the user, changes the widgets */
};

G_DEFINE_FINAL_TYPE (KesselRulesReference, kessel_rules_reference, GTK_TYPE_WINDOW)

static KesselRulesReference *default_reference;

static const KesselRulesData *
data (void)
{
  return kessel_rules_data_get_default ();
}

static const KesselRulesPage *
intro_page (void)
{
  return data ()->pages->len > 0 ? data ()->pages->pdata[0] : NULL;
}

/* Rule numbers in a text become links to their case. */
static gboolean
link_rule (const GMatchInfo *match,
           GString          *result,
           gpointer          user_data)
{
  g_autofree char *rule = g_match_info_fetch (match, 0);

  if (kessel_rules_data_lookup (data (), rule) != NULL)
    g_string_append_printf (result, "<a href=\"rule:%s\">%s</a>", rule, rule);
  else
    g_string_append (result, rule);
  return FALSE;
}

static char *
markup_with_links (const char *text)
{
  static GRegex *rule_number;
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  if (g_once_init_enter (&rule_number))
    g_once_init_leave (&rule_number,
                       g_regex_new ("(?<![\\d.])\\d{1,2}(?:\\.\\d{1,2}){1,2}(?:-[0-9A-Z]+){0,2}(?!\\d)",
                                    G_REGEX_OPTIMIZE, 0, NULL));
  return g_regex_replace_eval (rule_number, escaped, -1, 0, 0, link_rule, NULL, NULL);
}

/* A block's text, with the case id before the first and the mark of a
 * ruling or an option before those. */
static char *
block_markup (const KesselRulesCase  *rule_case,
              const KesselRulesBlock *block)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  g_autofree char *text = markup_with_links (kessel_rules_translate (block->text));

  if (block == rule_case->blocks->pdata[0])
    {
      g_autofree char *id = g_markup_escape_text (rule_case->id, -1);

      g_string_append_printf (markup, "<b>%s</b>  ", id);
    }
  if (block->kind == KESSEL_RULES_RULING)
    g_string_append_printf (markup, "<b><i>%s</i></b> ", _("Kessel’s ruling:"));
  else if (block->kind == KESSEL_RULES_OPTION)
    g_string_append_printf (markup, "<i>%s</i> ", _("Scenario option:"));
  g_string_append (markup, text);
  return g_string_free (g_steal_pointer (&markup), FALSE);
}

static void go_to (KesselRulesReference *self, const char *rule);

static gboolean
link_activated (GtkLabel             *label,
                const char           *uri,
                KesselRulesReference *self)
{
  if (!g_str_has_prefix (uri, "rule:"))
    return FALSE;
  go_to (self, uri + strlen ("rule:"));
  return TRUE;
}

static GtkWidget *
text_label_new (KesselRulesReference *self,
                const char           *markup,
                const char           *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css_class);
  g_signal_connect (label, "activate-link", G_CALLBACK (link_activated), self);
  return label;
}

static void
add_heading (KesselRulesReference *self,
             const char           *text,
             const char           *css_class)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING,
                                   "label", text,
                                   "wrap", TRUE,
                                   "xalign", 0.0f,
                                   NULL);

  gtk_widget_add_css_class (label, css_class);
  gtk_box_append (self->content, label);
}

static char *
page_heading (const KesselRulesPage *page)
{
  if (page->kind == KESSEL_RULES_PAGE_SECTION)
    /* Translators: a rule section's number and title, as in "12 Movement". */
    return g_strdup_printf (_("%s  %s"), page->id, kessel_rules_translate (page->title));
  return g_strdup (kessel_rules_translate (page->title));
}

static void
add_page_heading (KesselRulesReference  *self,
                  const KesselRulesPage *page)
{
  g_autofree char *text = page_heading (page);

  add_heading (self, text, "rules-ref-title");
  g_hash_table_insert (self->page_headings, (gpointer) page,
                       gtk_widget_get_last_child (GTK_WIDGET (self->content)));
}

/* A list item hangs from its bullet. */
static GtkWidget *
item_new (GtkWidget *label)
{
  GtkWidget *item = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *bullet = gtk_label_new ("•");

  gtk_widget_set_valign (bullet, GTK_ALIGN_START);
  gtk_widget_set_margin_start (bullet, 10);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (item), bullet);
  gtk_box_append (GTK_BOX (item), label);
  return item;
}

static void
add_case (KesselRulesReference  *self,
          const KesselRulesCase *rule_case)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  /* Translators: what a screen reader says for a rule case, as in "Rule 12.4-1". */
  g_autofree char *name = g_strdup_printf (_("Rule %s"), rule_case->id);

  gtk_widget_add_css_class (box, "rules-ref-case");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  for (guint i = 0; i < rule_case->blocks->len; i++)
    {
      const KesselRulesBlock *block = rule_case->blocks->pdata[i];
      g_autofree char *markup = block_markup (rule_case, block);
      GtkWidget *label = text_label_new (self, markup, "rules-ref-block");

      gtk_box_append (GTK_BOX (box), block->kind == KESSEL_RULES_ITEM ? item_new (label) : label);
    }
  gtk_box_append (self->content, box);
  g_hash_table_insert (self->case_boxes, rule_case->id, box);
}

static void
add_notes (KesselRulesReference  *self,
           const KesselRulesPage *page,
           const char            *css_class)
{
  for (guint i = 0; i < page->notes->len; i++)
    {
      const KesselRulesBlock *block = page->notes->pdata[i];
      g_autofree char *markup = markup_with_links (kessel_rules_translate (block->text));

      gtk_box_append (self->content, text_label_new (self, markup, css_class));
    }
}

typedef struct {
  const KesselRulesCell *cell;
  int row;
  int column;
} PlacedCell;

static const char *
cell_text (const KesselRulesCell *cell)
{
  return cell->translatable ? kessel_rules_translate (cell->text) : cell->text;
}

static gboolean
is_short (const char *text)
{
  return g_utf8_strlen (text, -1) <= 8;
}

static GtkWidget *
cell_label_new (KesselRulesReference *self,
                const PlacedCell     *placed,
                gboolean              centered)
{
  const KesselRulesCell *cell = placed->cell;
  g_autofree char *markup = markup_with_links (cell_text (cell));
  GtkWidget *label = text_label_new (self, markup, "rules-ref-cell");
  gboolean short_text = is_short (cell_text (cell));

  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  /* Results such as DL1+DR must stay whole. */
  gtk_label_set_wrap (GTK_LABEL (label), !short_text);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_max_width_chars (GTK_LABEL (label),
                                 placed->row == 0 ? 14 : cell->rows > 1 ? 9 : 30);
  gtk_label_set_xalign (GTK_LABEL (label), centered || cell->rows > 1 ? 0.5 : 0);
  gtk_label_set_justify (GTK_LABEL (label), cell->rows > 1 ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT);
  /* Columns of figures and results come out the same width. */
  if (short_text && placed->column > 0)
    gtk_widget_add_css_class (label, "rules-ref-short");
  if (placed->row == 0)
    gtk_widget_add_css_class (label, "rules-ref-header");
  else if (placed->column == 0)
    gtk_widget_add_css_class (label, "rules-ref-rowhead");
  if (placed->row > 0 && placed->row % 2 == 0 && cell->rows == 1)
    gtk_widget_add_css_class (label, "rules-ref-stripe");
  return label;
}

/* Where each cell goes: a cell spanning rows leaves its column taken in the
 * rows below. */
static GArray *
place_cells (const KesselRulesPage *page,
             guint                 *n_columns)
{
  GArray *placed = g_array_new (FALSE, FALSE, sizeof (PlacedCell));
  g_autoptr(GArray) taken_until = g_array_new (FALSE, TRUE, sizeof (int));

  for (guint r = 0; r < page->rows->len; r++)
    {
      GPtrArray *row = page->rows->pdata[r];
      guint column = 0;

      for (guint c = 0; c < row->len; c++, column++)
        {
          PlacedCell cell = { row->pdata[c], r, 0 };

          while (column < taken_until->len && g_array_index (taken_until, int, column) > (int) r)
            column++;
          if (column >= taken_until->len)
            g_array_set_size (taken_until, column + 1);
          g_array_index (taken_until, int, column) = r + cell.cell->rows;
          cell.column = column;
          g_array_append_val (placed, cell);
        }
    }
  *n_columns = taken_until->len;
  return placed;
}

/* A column of short entries is centred, a column of sentences is not; the
 * first column names the rows. */
static GtkWidget *
table_grid_new (KesselRulesReference  *self,
                const KesselRulesPage *page)
{
  GtkWidget *grid = gtk_grid_new ();
  guint n_columns;
  g_autoptr(GArray) placed = place_cells (page, &n_columns);
  g_autofree gboolean *centered = g_new (gboolean, MAX (n_columns, 1));

  for (guint c = 0; c < n_columns; c++)
    centered[c] = c > 0;
  for (guint i = 0; i < placed->len; i++)
    {
      const PlacedCell *cell = &g_array_index (placed, PlacedCell, i);

      if (cell->row > 0 && cell->cell->rows == 1 && !is_short (cell_text (cell->cell)))
        centered[cell->column] = FALSE;
    }

  gtk_widget_add_css_class (grid, "rules-ref-table");
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  for (guint i = 0; i < placed->len; i++)
    {
      const PlacedCell *cell = &g_array_index (placed, PlacedCell, i);

      gtk_grid_attach (GTK_GRID (grid), cell_label_new (self, cell, centered[cell->column]),
                       cell->column, cell->row, 1, cell->cell->rows);
    }
  return grid;
}

static void
add_table (KesselRulesReference  *self,
           const KesselRulesPage *page)
{
  GtkWidget *grid = table_grid_new (self, page);

  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  gtk_box_append (self->content, grid);
  add_notes (self, page, "rules-ref-note");
}

static void
clear_content (KesselRulesReference *self)
{
  GtkWidget *child;

  g_clear_object (&self->scroll_target);
  g_hash_table_remove_all (self->case_boxes);
  g_hash_table_remove_all (self->page_headings);
  g_clear_pointer (&self->highlighted, g_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != NULL)
    gtk_box_remove (self->content, child);
}

static void
scroll_to_top (KesselRulesReference *self)
{
  g_clear_object (&self->scroll_target);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->content_scroller), 0);
}

static void
show_section (KesselRulesReference  *self,
              const KesselRulesPage *page)
{
  const KesselRulesGroup *group = NULL;

  add_page_heading (self, page);
  for (guint i = 0; i < page->cases->len; i++)
    {
      const KesselRulesCase *rule_case = page->cases->pdata[i];

      if (rule_case->group != group && rule_case->group != NULL)
        {
          /* Translators: a rule's number and title, as in "13.1 The German 18th Artillery Division". */
          g_autofree char *title = g_strdup_printf (_("%s  %s"), rule_case->group->id,
                                                    kessel_rules_translate (rule_case->group->title));

          add_heading (self, title, "rules-ref-group");
        }
      group = rule_case->group;
      add_case (self, rule_case);
    }
}

static void
show_page (KesselRulesReference  *self,
           const KesselRulesPage *page)
{
  clear_content (self);
  self->page = page;
  if (page == NULL)
    return;

  if (page->kind == KESSEL_RULES_PAGE_SECTION)
    show_section (self, page);
  else
    {
      add_page_heading (self, page);
      if (page->kind == KESSEL_RULES_PAGE_TABLE)
        add_table (self, page);
      else
        add_notes (self, page, "rules-ref-paragraph");
    }
  scroll_to_top (self);
}

static gboolean
scroll_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  KesselRulesReference *self = user_data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->content_scroller);
  double x, y;

  if (self->scroll_target == NULL)
    {
      self->scroll_tick = 0;
      return G_SOURCE_REMOVE;
    }
  /* Until the content is laid out, the target has no place to scroll to. */
  if (gtk_widget_get_height (self->scroll_target) == 0
      || !gtk_widget_translate_coordinates (self->scroll_target, GTK_WIDGET (self->content),
                                            0, 0, &x, &y))
    return G_SOURCE_CONTINUE;

  gtk_adjustment_set_value (adjustment, y - SCROLL_MARGIN);
  g_clear_object (&self->scroll_target);
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_to (KesselRulesReference *self,
           GtkWidget            *target)
{
  g_set_object (&self->scroll_target, target);
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->content_scroller),
                                                      scroll_tick, self, NULL);
}

static GtkListBoxRow *
page_row (KesselRulesReference  *self,
          const KesselRulesPage *page)
{
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (self->sidebar, i)) != NULL; i++)
    if (g_object_get_data (G_OBJECT (row), "page") == page)
      return row;
  return NULL;
}

static void
select_page (KesselRulesReference  *self,
             const KesselRulesPage *page)
{
  self->updating = TRUE;
  gtk_list_box_select_row (self->sidebar, page_row (self, page));
  self->updating = FALSE;
}

static void
highlight (KesselRulesReference *self,
           const char           *case_id)
{
  GtkWidget *label;

  if (self->highlighted != NULL)
    {
      label = g_hash_table_lookup (self->case_boxes, self->highlighted);
      if (label != NULL)
        gtk_widget_remove_css_class (label, "rules-ref-highlight");
      g_clear_pointer (&self->highlighted, g_free);
    }
  label = g_hash_table_lookup (self->case_boxes, case_id);
  if (label == NULL)
    return;
  gtk_widget_add_css_class (label, "rules-ref-highlight");
  self->highlighted = g_strdup (case_id);
  scroll_to (self, label);
}

static void
end_search (KesselRulesReference *self)
{
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  self->updating = FALSE;
  if (self->searching)
    {
      self->searching = FALSE;
      g_hash_table_remove_all (self->matching_pages);
      gtk_list_box_invalidate_filter (self->sidebar);
      gtk_list_box_invalidate_headers (self->sidebar);
    }
}

/* A table, a case or a rule (its first case), or the start page. */
static void
go_to (KesselRulesReference *self,
       const char           *rule)
{
  const KesselRulesPage *page = kessel_rules_data_find_page (data (), rule);
  const KesselRulesCase *rule_case = NULL;
  gboolean was_searching;

  if (page == NULL || page->kind != KESSEL_RULES_PAGE_TABLE)
    rule_case = kessel_rules_data_resolve (data (), rule);
  if (rule_case != NULL)
    page = rule_case->page;
  else if (page == NULL)
    page = intro_page ();

  was_searching = self->searching;
  end_search (self);
  select_page (self, page);
  if (page != self->page || was_searching)
    show_page (self, page);
  if (rule_case != NULL)
    highlight (self, rule_case->id);
  else
    scroll_to_top (self);
}

/* The words of a search, casefolded; NULL for an empty search. */
static char **
search_words (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  g_auto(GStrv) parts = g_strsplit_set (folded, " \t\n", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  gboolean any = FALSE;

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      {
        g_strv_builder_add (builder, parts[i]);
        any = TRUE;
      }
  return any ? g_strv_builder_end (builder) : NULL;
}

static void
show_results_of_page (KesselRulesReference  *self,
                      const KesselRulesPage *page,
                      char                 **words)
{
  gboolean headed = FALSE;

  if (page->kind == KESSEL_RULES_PAGE_TABLE && kessel_rules_page_matches (page, words))
    {
      add_page_heading (self, page);
      add_table (self, page);
      g_hash_table_add (self->matching_pages, (gpointer) page);
      return;
    }
  for (guint i = 0; i < page->cases->len; i++)
    {
      const KesselRulesCase *rule_case = page->cases->pdata[i];

      if (!kessel_rules_case_matches (rule_case, words))
        continue;
      if (!headed)
        add_page_heading (self, page);
      headed = TRUE;
      add_case (self, rule_case);
    }
  if (headed)
    g_hash_table_add (self->matching_pages, (gpointer) page);
}

static void
show_results (KesselRulesReference  *self,
              const char            *text,
              char                 **words)
{
  clear_content (self);
  g_hash_table_remove_all (self->matching_pages);
  self->searching = TRUE;
  for (guint i = 0; i < data ()->pages->len; i++)
    show_results_of_page (self, data ()->pages->pdata[i], words);

  if (g_hash_table_size (self->matching_pages) == 0)
    {
      g_autofree char *escaped = g_markup_escape_text (text, -1);
      g_autofree char *markup = g_strdup_printf (_("No rule matches “%s”."), escaped);

      gtk_box_append (self->content, text_label_new (self, markup, "rules-ref-note"));
    }
  gtk_list_box_invalidate_filter (self->sidebar);
  gtk_list_box_invalidate_headers (self->sidebar);
  scroll_to_top (self);
}

static void
apply_search (KesselRulesReference *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_auto(GStrv) words = search_words (text);
  const KesselRulesPage *page = self->page;

  if (words != NULL)
    {
      show_results (self, text, words);
      return;
    }
  end_search (self);
  select_page (self, page);
  show_page (self, page);
}

static void
search_changed (KesselRulesReference *self)
{
  if (!self->updating)
    apply_search (self);
}

static void
stop_search (KesselRulesReference *self)
{
  if (gtk_editable_get_text (GTK_EDITABLE (self->search_entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* Enter takes the reader to the first result, on its own page. */
static void
search_activated (KesselRulesReference *self)
{
  if (!self->searching)
    return;
  for (guint i = 0; i < data ()->cases->len; i++)
    {
      const KesselRulesCase *rule_case = data ()->cases->pdata[i];

      if (g_hash_table_contains (self->case_boxes, rule_case->id))
        {
          go_to (self, rule_case->id);
          return;
        }
    }
}

static void
sidebar_row_selected (KesselRulesReference *self,
                      GtkListBoxRow        *row)
{
  const KesselRulesPage *page;
  GtkWidget *heading;

  if (self->updating || row == NULL)
    return;
  page = g_object_get_data (G_OBJECT (row), "page");
  if (!self->searching)
    {
      show_page (self, page);
      return;
    }
  heading = g_hash_table_lookup (self->page_headings, page);
  if (heading != NULL)
    scroll_to (self, heading);
}

static gboolean
sidebar_filter (GtkListBoxRow *row,
                gpointer       user_data)
{
  KesselRulesReference *self = user_data;

  return !self->searching
         || g_hash_table_contains (self->matching_pages, g_object_get_data (G_OBJECT (row), "page"));
}

static void
sidebar_header (GtkListBoxRow *row,
                GtkListBoxRow *before,
                gpointer       user_data)
{
  const KesselRulesPage *page = g_object_get_data (G_OBJECT (row), "page");
  const KesselRulesPage *previous = before != NULL ? g_object_get_data (G_OBJECT (before), "page")
                                                   : NULL;
  GtkWidget *header = NULL;

  if (page->kind != KESSEL_RULES_PAGE_INTRO && (previous == NULL || previous->kind != page->kind))
    {
      header = gtk_label_new (page->kind == KESSEL_RULES_PAGE_TABLE ? _("Tables") : _("Rules"));
      gtk_label_set_xalign (GTK_LABEL (header), 0);
      gtk_widget_add_css_class (header, "rules-ref-sidebar-heading");
    }
  gtk_list_box_row_set_header (row, header);
}

static GtkWidget *
sidebar_row_new (const KesselRulesPage *page)
{
  g_autofree char *text = page_heading (page);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_widget_set_tooltip_text (row, text);
  g_object_set_data (G_OBJECT (row), "page", (gpointer) page);
  return row;
}

static void
fill_sidebar (KesselRulesReference *self)
{
  for (guint i = 0; i < data ()->pages->len; i++)
    gtk_list_box_append (self->sidebar, sidebar_row_new (data ()->pages->pdata[i]));
  gtk_list_box_set_filter_func (self->sidebar, sidebar_filter, self, NULL);
  gtk_list_box_set_header_func (self->sidebar, sidebar_header, NULL, NULL);
}

static void
focus_search (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  KesselRulesReference *self = KESSEL_RULES_REFERENCE (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
kessel_rules_reference_dispose (GObject *object)
{
  KesselRulesReference *self = KESSEL_RULES_REFERENCE (object);

  if (default_reference == self)
    default_reference = NULL;
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->content_scroller), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_object (&self->scroll_target);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_RULES_REFERENCE);
  G_OBJECT_CLASS (kessel_rules_reference_parent_class)->dispose (object);
}

static void
kessel_rules_reference_finalize (GObject *object)
{
  KesselRulesReference *self = KESSEL_RULES_REFERENCE (object);

  g_hash_table_unref (self->matching_pages);
  g_hash_table_unref (self->case_boxes);
  g_hash_table_unref (self->page_headings);
  g_free (self->highlighted);
  G_OBJECT_CLASS (kessel_rules_reference_parent_class)->finalize (object);
}

static void
kessel_rules_reference_class_init (KesselRulesReferenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_rules_reference_dispose;
  object_class->finalize = kessel_rules_reference_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/kessel/Kessel/kessel-rules-reference.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselRulesReference, search_entry);
  gtk_widget_class_bind_template_child (widget_class, KesselRulesReference, sidebar);
  gtk_widget_class_bind_template_child (widget_class, KesselRulesReference, content_scroller);
  gtk_widget_class_bind_template_child (widget_class, KesselRulesReference, content);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, stop_search);
  gtk_widget_class_bind_template_callback (widget_class, search_activated);
  gtk_widget_class_bind_template_callback (widget_class, sidebar_row_selected);

  gtk_widget_class_install_action (widget_class, "reference.search", NULL, focus_search);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK,
                                       "reference.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
kessel_rules_reference_init (KesselRulesReference *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->matching_pages = g_hash_table_new (NULL, NULL);
  self->case_boxes = g_hash_table_new (g_str_hash, g_str_equal);
  self->page_headings = g_hash_table_new (NULL, NULL);
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  fill_sidebar (self);
}

void
kessel_rules_reference_show (GtkWindow  *parent,
                             const char *rule_case)
{
  if (default_reference == NULL)
    default_reference = g_object_new (KESSEL_TYPE_RULES_REFERENCE, NULL);
  if (parent != NULL && parent != GTK_WINDOW (default_reference))
    gtk_window_set_transient_for (GTK_WINDOW (default_reference), parent);
  go_to (default_reference, rule_case);
  gtk_window_present (GTK_WINDOW (default_reference));
}

static void
rules_reference_activated (GSimpleAction *action,
                           GVariant      *parameter,
                           gpointer       user_data)
{
  GtkApplication *app = user_data;
  const char *rule = parameter != NULL ? g_variant_get_string (parameter, NULL) : "";

  kessel_rules_reference_show (gtk_application_get_active_window (app),
                               rule[0] != '\0' ? rule : NULL);
}

void
kessel_rules_reference_install (GtkApplication *app)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new ("rules-reference", G_VARIANT_TYPE_STRING);
  const char *reference_accels[] = { "F1", NULL };
  const char *overlay_accels[] = { "<Control>question", NULL };

  g_signal_connect (action, "activate", G_CALLBACK (rules_reference_activated), app);
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (action));
  gtk_application_set_accels_for_action (app, "app.rules-reference::", reference_accels);
  gtk_application_set_accels_for_action (app, "win.show-help-overlay", overlay_accels);
}

gboolean
kessel_rules_reference_has_case (const char *rule_case)
{
  return kessel_rules_data_resolve (data (), rule_case) != NULL;
}

char *
kessel_rules_reference_resolve (const char *rule_case)
{
  const KesselRulesCase *found = kessel_rules_data_resolve (data (), rule_case);

  return found != NULL ? g_strdup (found->id) : NULL;
}

char *
kessel_rules_reference_case_text (const char *rule_case)
{
  const KesselRulesCase *found = kessel_rules_data_resolve (data (), rule_case);

  return found != NULL ? kessel_rules_case_get_text (found) : NULL;
}

KesselRulesReference *
kessel_rules_reference_get_default (void)
{
  return default_reference;
}

guint
kessel_rules_reference_count_case (const char *case_id)
{
  guint count = 0;

  for (guint i = 0; i < data ()->cases->len; i++)
    count += strcmp (((KesselRulesCase *) data ()->cases->pdata[i])->id, case_id) == 0;
  return count;
}

char **
kessel_rules_reference_list_cases (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < data ()->cases->len; i++)
    g_strv_builder_add (builder, ((KesselRulesCase *) data ()->cases->pdata[i])->id);
  return g_strv_builder_end (builder);
}

char **
kessel_rules_reference_list_tables (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < data ()->pages->len; i++)
    {
      const KesselRulesPage *page = data ()->pages->pdata[i];

      if (page->kind == KESSEL_RULES_PAGE_TABLE)
        g_strv_builder_add (builder, page->id);
    }
  return g_strv_builder_end (builder);
}

char **
kessel_rules_reference_table_rows (const char *table_id)
{
  const KesselRulesPage *page = kessel_rules_data_find_page (data (), table_id);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint r = 0; page != NULL && r < page->rows->len; r++)
    {
      GPtrArray *row = page->rows->pdata[r];
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint c = 0; c < row->len; c++)
        g_string_append_printf (text, c > 0 ? "|%s" : "%s",
                                ((KesselRulesCell *) row->pdata[c])->text);
      g_strv_builder_add (builder, text->str);
    }
  return g_strv_builder_end (builder);
}

const char *
kessel_rules_reference_get_page (KesselRulesReference *self)
{
  g_return_val_if_fail (KESSEL_IS_RULES_REFERENCE (self), NULL);
  if (self->searching || self->page == NULL)
    return NULL;
  return self->page->id;
}

const char *
kessel_rules_reference_get_highlighted (KesselRulesReference *self)
{
  g_return_val_if_fail (KESSEL_IS_RULES_REFERENCE (self), NULL);
  return self->highlighted;
}

gboolean
kessel_rules_reference_case_in_view (KesselRulesReference *self,
                                     const char           *case_id)
{
  GtkAdjustment *adjustment;
  GtkWidget *label;
  double x, y, top, bottom;

  g_return_val_if_fail (KESSEL_IS_RULES_REFERENCE (self), FALSE);
  label = g_hash_table_lookup (self->case_boxes, case_id);
  if (label == NULL || !gtk_widget_get_mapped (label) || gtk_widget_get_height (label) == 0
      || !gtk_widget_translate_coordinates (label, GTK_WIDGET (self->content), 0, 0, &x, &y))
    return FALSE;
  adjustment = gtk_scrolled_window_get_vadjustment (self->content_scroller);
  top = gtk_adjustment_get_value (adjustment);
  bottom = top + gtk_adjustment_get_page_size (adjustment);
  return y >= top && y < bottom;
}

guint
kessel_rules_reference_get_n_shown_cases (KesselRulesReference *self)
{
  g_return_val_if_fail (KESSEL_IS_RULES_REFERENCE (self), 0);
  return g_hash_table_size (self->case_boxes);
}

void
kessel_rules_reference_search (KesselRulesReference *self,
                               const char           *text)
{
  g_return_if_fail (KESSEL_IS_RULES_REFERENCE (self));
  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  self->updating = FALSE;
  apply_search (self);
}
