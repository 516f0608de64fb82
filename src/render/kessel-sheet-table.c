/* kessel-sheet-table.c: rows of cells laid out into sheet blocks. */
#include "kessel-sheet-table.h"

#define CELL_PAD_X 4.0
#define CELL_PAD_Y 3.5
#define COMPACT_PAD_Y 2.0
#define FIGURE_GAP 8.0     /* between figures */
#define COUNTER_GAP 3.0    /* between the counters of one figure */
#define TEXT_GAP 2.0       /* between texts of a cell */
#define MAX_CELL_LINES 8

#define HEADER_FILL 0xd9d4c4
#define GROUP_FILL 0xf2f0ea
#define RULE_COLOUR 0x8c8672

typedef struct {
  KesselStackEntry *counters;
  int n_counters;
  double size;
  char *caption;
} Figure;

typedef struct {
  GArray *figures;
  GPtrArray *texts;   /* of markup */
} Cell;

struct _KesselSheetTable
{
  KesselSheetDocument *document;
  int n_columns;
  double *x, *width;
  Cell *cells;
  KesselSheetBlock *header;
  KesselSheetBlock *continued;   /* caption above the repeated header, or NULL */
  char *group_label;             /* the first column of the group's first row */
  double pad_y;                  /* above and below the content of a cell */
  gboolean first_row_done;
  int n_groups;
};

static void
figure_clear (gpointer data)
{
  Figure *figure = data;

  g_free (figure->counters);
  g_free (figure->caption);
}

static void
cell_reset (Cell *cell)
{
  g_array_set_size (cell->figures, 0);
  g_ptr_array_set_size (cell->texts, 0);
}

/* Fixed columns keep their width unless together they are too wide. */
static void
compute_widths (KesselSheetTable *table, const KesselSheetColumn *columns)
{
  double body = kessel_sheet_document_get_body_width (table->document);
  double fixed = 0, shares = 0, scale = 1, rest, x = 0;

  for (int i = 0; i < table->n_columns; i++)
    {
      fixed += columns[i].width;
      shares += columns[i].width > 0 ? 0 : MAX (columns[i].share, 0.01);
    }
  if (fixed > body * (shares > 0 ? 0.8 : 1.0))
    scale = body * (shares > 0 ? 0.8 : 1.0) / fixed;
  rest = body - fixed * scale;
  for (int i = 0; i < table->n_columns; i++)
    {
      table->x[i] = x;
      if (columns[i].width > 0)
        table->width[i] = columns[i].width * scale;
      else
        table->width[i] = rest * MAX (columns[i].share, 0.01) / shares;
      x += table->width[i];
    }
}

static double
table_width (KesselSheetTable *table)
{
  return table->x[table->n_columns - 1] + table->width[table->n_columns - 1];
}

/* A block with a fill or rule under the content already laid out. */
static KesselSheetBlock *
block_over_fill (KesselSheetTable *table, KesselSheetBlock *content, double height,
                 gboolean filled, guint32 fill, gboolean rule)
{
  KesselSheetBlock *block = kessel_sheet_block_new (height);

  if (filled)
    kessel_sheet_block_add_box (block, 0, 0, table_width (table), height, fill, TRUE);
  if (rule)
    kessel_sheet_block_add_box (block, 0, 0, table_width (table), 0.6, RULE_COLOUR, TRUE);
  kessel_sheet_block_take_items (block, content);
  return block;
}

static KesselSheetBlock *
header_block (KesselSheetTable *table, const KesselSheetColumn *columns)
{
  KesselSheetBlock *content = kessel_sheet_block_new (0);
  double height = 0;

  for (int i = 0; i < table->n_columns; i++)
    {
      g_autofree char *markup = g_markup_escape_text (columns[i].title ? columns[i].title : "", -1);
      g_autoptr(PangoLayout) layout = NULL;
      int h;

      layout = kessel_sheet_document_create_layout (table->document, KESSEL_SHEET_FONT_TABLE_BOLD,
                                                    markup, table->width[i] - 2 * CELL_PAD_X, 3);
      pango_layout_get_size (layout, NULL, &h);
      height = MAX (height, (double) h / PANGO_SCALE);
      kessel_sheet_block_add_layout (content, table->x[i] + CELL_PAD_X, table->pad_y, layout);
    }
  return block_over_fill (table, content, height + 2 * table->pad_y, TRUE, HEADER_FILL, FALSE);
}

static KesselSheetTable *
table_new (KesselSheetDocument *document, const KesselSheetColumn *columns, int n_columns, double pad_y)
{
  KesselSheetTable *table;

  g_return_val_if_fail (KESSEL_IS_SHEET_DOCUMENT (document), NULL);
  g_return_val_if_fail (columns != NULL && n_columns > 0, NULL);

  table = g_new0 (KesselSheetTable, 1);
  table->pad_y = pad_y;
  table->document = g_object_ref (document);
  table->n_columns = n_columns;
  table->x = g_new0 (double, n_columns);
  table->width = g_new0 (double, n_columns);
  table->cells = g_new0 (Cell, n_columns);
  for (int i = 0; i < n_columns; i++)
    {
      table->cells[i].figures = g_array_new (FALSE, TRUE, sizeof (Figure));
      g_array_set_clear_func (table->cells[i].figures, figure_clear);
      table->cells[i].texts = g_ptr_array_new_with_free_func (g_free);
    }
  compute_widths (table, columns);
  table->header = header_block (table, columns);
  kessel_sheet_document_set_repeat (document, NULL);
  kessel_sheet_document_append (document, kessel_sheet_block_ref (table->header),
                                KESSEL_SHEET_KEEP_WITH_NEXT);
  return table;
}

KesselSheetTable *
kessel_sheet_table_new (KesselSheetDocument *document, const KesselSheetColumn *columns, int n_columns)
{
  return table_new (document, columns, n_columns, CELL_PAD_Y);
}

KesselSheetTable *
kessel_sheet_table_new_compact (KesselSheetDocument *document, const KesselSheetColumn *columns,
                                int n_columns)
{
  return table_new (document, columns, n_columns, COMPACT_PAD_Y);
}

void
kessel_sheet_table_free (KesselSheetTable *table)
{
  if (table == NULL)
    return;
  kessel_sheet_document_end_group (table->document);
  kessel_sheet_document_set_repeat (table->document, NULL);
  kessel_sheet_block_unref (table->header);
  if (table->continued)
    kessel_sheet_block_unref (table->continued);
  g_free (table->group_label);
  for (int i = 0; i < table->n_columns; i++)
    {
      g_array_unref (table->cells[i].figures);
      g_ptr_array_unref (table->cells[i].texts);
    }
  g_free (table->cells);
  g_free (table->x);
  g_free (table->width);
  g_object_unref (table->document);
  g_free (table);
}

void
kessel_sheet_table_set_continued (KesselSheetTable *table, const char *caption)
{
  g_autofree char *markup = g_markup_printf_escaped ("<i>%s</i>", caption);
  g_autoptr(PangoLayout) layout = NULL;
  int height;

  g_return_if_fail (!table->first_row_done);
  layout = kessel_sheet_document_create_layout (table->document, KESSEL_SHEET_FONT_BODY, markup,
                                                table_width (table), 1);
  pango_layout_get_size (layout, NULL, &height);
  if (table->continued)
    kessel_sheet_block_unref (table->continued);
  table->continued = kessel_sheet_block_new ((double) height / PANGO_SCALE + 4);
  kessel_sheet_block_add_layout (table->continued, 0, 0, layout);
}

double
kessel_sheet_table_get_column_width (KesselSheetTable *table, int column)
{
  g_return_val_if_fail (column >= 0 && column < table->n_columns, 0);
  return table->width[column];
}

void
kessel_sheet_table_add_text (KesselSheetTable *table, int column, const char *markup)
{
  g_return_if_fail (column >= 0 && column < table->n_columns);
  g_ptr_array_add (table->cells[column].texts, g_strdup (markup));
}

void
kessel_sheet_table_add_figure (KesselSheetTable *table, int column, const KesselStackEntry *counters,
                               int n_counters, double size, const char *caption_markup)
{
  Figure figure = { 0 };

  g_return_if_fail (column >= 0 && column < table->n_columns);
  g_return_if_fail (n_counters > 0 && counters != NULL);

  figure.counters = g_memdup2 (counters, sizeof (KesselStackEntry) * n_counters);
  figure.n_counters = n_counters;
  figure.size = size;
  figure.caption = g_strdup (caption_markup);
  g_array_append_val (table->cells[column].figures, figure);
}

/* Layout of one cell */

static double
figure_width (const Figure *figure)
{
  return figure->n_counters * figure->size + (figure->n_counters - 1) * COUNTER_GAP;
}

/* Draws a figure into the block at (x, y); returns its height. */
static double
place_figure (KesselSheetTable *table, KesselSheetBlock *block, Figure *figure, double x, double y)
{
  double width = figure_width (figure), height = figure->size;

  for (int i = 0; i < figure->n_counters; i++)
    kessel_sheet_block_add_counter (block, x + i * (figure->size + COUNTER_GAP), y, figure->size,
                                    &figure->counters[i]);
  if (figure->caption && *figure->caption)
    {
      g_autoptr(PangoLayout) layout = NULL;
      int h;

      layout = kessel_sheet_document_create_layout (table->document, KESSEL_SHEET_FONT_SMALL,
                                                    figure->caption, width, 2);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      pango_layout_get_size (layout, NULL, &h);
      kessel_sheet_block_add_layout (block, x, y + height + 1, layout);
      height += 1 + (double) h / PANGO_SCALE;
    }
  return height;
}

/* A figure wider than its cell shrinks to fit. */
static void
fit_figure (Figure *figure, double inner)
{
  if (figure_width (figure) > inner)
    figure->size = MAX (1, (inner - (figure->n_counters - 1) * COUNTER_GAP) / figure->n_counters);
}

static double
place_figures (KesselSheetTable *table, KesselSheetBlock *block, Cell *cell, double left,
               double inner)
{
  double x = 0, y = 0, line_height = 0;

  for (guint i = 0; i < cell->figures->len; i++)
    {
      Figure *figure = &g_array_index (cell->figures, Figure, i);
      double width;

      fit_figure (figure, inner);
      width = figure_width (figure);
      if (x > 0 && x + width > inner)
        {
          y += line_height + table->pad_y;
          x = 0;
          line_height = 0;
        }
      line_height = MAX (line_height, place_figure (table, block, figure, left + x, table->pad_y + y));
      x += width + FIGURE_GAP;
    }
  return cell->figures->len > 0 ? y + line_height : 0;
}

/* Lays a cell out into the block; returns the height of its content. */
static double
place_cell (KesselSheetTable *table, KesselSheetBlock *block, int column)
{
  Cell *cell = &table->cells[column];
  double left = table->x[column] + CELL_PAD_X, inner = table->width[column] - 2 * CELL_PAD_X;
  double y = place_figures (table, block, cell, left, inner);

  for (guint i = 0; i < cell->texts->len; i++)
    {
      g_autoptr(PangoLayout) layout = NULL;
      int h;

      if (y > 0)
        y += TEXT_GAP;
      layout = kessel_sheet_document_create_layout (table->document, KESSEL_SHEET_FONT_TABLE,
                                                    g_ptr_array_index (cell->texts, i), inner,
                                                    MAX_CELL_LINES);
      pango_layout_get_size (layout, NULL, &h);
      kessel_sheet_block_add_layout (block, left, table->pad_y + y, layout);
      y += (double) h / PANGO_SCALE;
    }
  return y;
}

/* A group's rows after the first show its label again at the top of a page. */
static void
add_group_label (KesselSheetTable *table, KesselSheetBlock *content, gboolean new_group)
{
  GPtrArray *texts = table->cells[0].texts;
  g_autoptr(PangoLayout) layout = NULL;

  if (new_group)
    {
      g_free (table->group_label);
      table->group_label = texts->len > 0 ? g_strdup (g_ptr_array_index (texts, 0)) : NULL;
      return;
    }
  if (texts->len > 0 || table->cells[0].figures->len > 0 || table->group_label == NULL)
    return;
  layout = kessel_sheet_document_create_layout (table->document, KESSEL_SHEET_FONT_TABLE,
                                                table->group_label, table->width[0] - 2 * CELL_PAD_X,
                                                MAX_CELL_LINES);
  kessel_sheet_block_add_layout_at_top (content, CELL_PAD_X, table->pad_y, layout);
}

void
kessel_sheet_table_end_row (KesselSheetTable *table, gboolean new_group)
{
  KesselSheetBlock *content = kessel_sheet_block_new (0);
  gboolean starts_group = new_group || table->n_groups == 0;
  double height = 0;

  /* The rows of a group stay on one page if they can. */
  if (starts_group)
    {
      kessel_sheet_document_end_group (table->document);
      table->n_groups++;
    }
  add_group_label (table, content, starts_group);
  for (int i = 0; i < table->n_columns; i++)
    {
      height = MAX (height, place_cell (table, content, i));
      cell_reset (&table->cells[i]);
    }
  kessel_sheet_document_append (table->document,
                                block_over_fill (table, content, height + 2 * table->pad_y,
                                                 table->n_groups % 2 == 0, GROUP_FILL, new_group),
                                KESSEL_SHEET_KEEP_WITH_NEXT);
  /* Repeated only from now on: set before, it would repeat the header that
   * the first row is kept with. */
  if (!table->first_row_done)
    {
      GPtrArray *repeat = g_ptr_array_new ();

      if (table->continued)
        g_ptr_array_add (repeat, kessel_sheet_block_ref (table->continued));
      g_ptr_array_add (repeat, kessel_sheet_block_ref (table->header));
      kessel_sheet_document_set_repeat (table->document, repeat);
      table->first_row_done = TRUE;
    }
}
