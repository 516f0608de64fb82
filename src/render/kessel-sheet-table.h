/* kessel-sheet-table.h: a table of a sheet document, one block per row, its
 * header repeated on each page the table runs on to.
 *
 * A cell holds figures (counters side by side with a caption below them),
 * flowing left to right and wrapping, and below them lines of text. Rows
 * may be grouped: each group starts with a rule and groups are shaded in
 * turn. */
#pragma once

#include "kessel-sheet-document.h"

G_BEGIN_DECLS

typedef struct {
  const char *title;  /* header text */
  double width;       /* in points; 0 for a share of what the fixed columns leave */
  double share;
} KesselSheetColumn;

typedef struct _KesselSheetTable KesselSheetTable;

KesselSheetTable *kessel_sheet_table_new (KesselSheetDocument *document,
                                          const KesselSheetColumn *columns, int n_columns);
/* With less room above and below the text of each row, for charts. */
KesselSheetTable *kessel_sheet_table_new_compact (KesselSheetDocument *document,
                                                  const KesselSheetColumn *columns, int n_columns);
void   kessel_sheet_table_free (KesselSheetTable *table);
/* A caption above the header where it is repeated on a new page. */
void   kessel_sheet_table_set_continued (KesselSheetTable *table, const char *caption);
double kessel_sheet_table_get_column_width (KesselSheetTable *table, int column);

/* The cells of the row being built. */
void kessel_sheet_table_add_text (KesselSheetTable *table, int column, const char *markup);
void kessel_sheet_table_add_figure (KesselSheetTable *table, int column,
                                    const KesselStackEntry *counters, int n_counters,
                                    double size, const char *caption_markup);
/* Appends the row to the document; new_group starts a group with it. */
void kessel_sheet_table_end_row (KesselSheetTable *table, gboolean new_group);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselSheetTable, kessel_sheet_table_free)

G_END_DECLS
