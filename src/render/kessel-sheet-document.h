/* kessel-sheet-document.h: a printed document of blocks that flow onto pages.
 *
 * Blocks (kessel-sheet-block.h) are placed one below the other as they are
 * appended; a block that does not fit goes to the next page. Text
 * is measured once with a context of its own, so the pages come out the same
 * on a PDF, a printer or a preview. Every page gets a footer with the
 * document's title and the page number. Sizes are in points. */
#pragma once

#include <cairo.h>
#include <glib-object.h>
#include <pango/pango.h>

#include "kessel-sheet-block.h"

G_BEGIN_DECLS

/* Fonts of the sheets, as Pango font descriptions in points. */
#define KESSEL_SHEET_FONT_BODY "Sans 8.5"
#define KESSEL_SHEET_FONT_SMALL "Sans 7.5"
#define KESSEL_SHEET_FONT_TABLE "Sans 8"
#define KESSEL_SHEET_FONT_TABLE_BOLD "Sans Bold 8"
#define KESSEL_SHEET_FONT_HEADING "Sans Bold 15"
#define KESSEL_SHEET_FONT_SUBHEADING "Sans Bold 10.5"

typedef enum {
  KESSEL_SHEET_KEEP_WITH_NEXT = 1 << 0, /* on the same page as the block after it */
  KESSEL_SHEET_NEW_PAGE       = 1 << 1, /* starts a page */
} KesselSheetFlags;

#define KESSEL_TYPE_SHEET_DOCUMENT (kessel_sheet_document_get_type ())
G_DECLARE_FINAL_TYPE (KesselSheetDocument, kessel_sheet_document, KESSEL, SHEET_DOCUMENT, GObject)

KesselSheetDocument *kessel_sheet_document_new (double page_width, double page_height,
                                                const char *footer_title);
double kessel_sheet_document_get_page_width (KesselSheetDocument *self);
double kessel_sheet_document_get_page_height (KesselSheetDocument *self);
/* The room for blocks on one page. */
double kessel_sheet_document_get_body_width (KesselSheetDocument *self);
double kessel_sheet_document_get_body_height (KesselSheetDocument *self);

/* A layout in one of the fonts above, wrapped to width (no wrapping when
 * width <= 0), with Pango markup, at most max_lines lines (0: no limit). */
PangoLayout *kessel_sheet_document_create_layout (KesselSheetDocument *self, const char *font,
                                                  const char *markup, double width, int max_lines);

/* Appends a block and takes it over. */
void kessel_sheet_document_append (KesselSheetDocument *self, KesselSheetBlock *block, guint flags);
/* Ends a run of blocks kept with the next one, placing them now, unless
 * the document keeps blocks together as below. */
void kessel_sheet_document_end_group (KesselSheetDocument *self);
/* While on, the blocks appended stay on one page if they fit on one. */
void kessel_sheet_document_set_keep_together (KesselSheetDocument *self, gboolean keep);
/* Blank space, left out at the top of a page. */
void kessel_sheet_document_add_space (KesselSheetDocument *self, double height);
/* A paragraph, one block per line so it may break across pages. */
void kessel_sheet_document_add_paragraph (KesselSheetDocument *self, const char *font,
                                          const char *markup, double indent);
/* A paragraph of plain text for each of lines; takes the array over. */
void kessel_sheet_document_add_lines (KesselSheetDocument *self, const char *font, GPtrArray *lines);
/* Two drawings side by side in one block, such as charts, each half the
 * body's width less a gap and as high as height_for gives for that width;
 * destroy frees left and right with the block. */
#define KESSEL_SHEET_PAIR_GAP 12.0
typedef double (*KesselSheetHeightFunc) (double width);
void kessel_sheet_document_add_pair (KesselSheetDocument *self, KesselSheetHeightFunc height_for,
                                     KesselSheetDrawFunc draw, gpointer left, gpointer right,
                                     GDestroyNotify destroy);
void kessel_sheet_document_add_heading (KesselSheetDocument *self, const char *font, const char *text);
/* Starts a section on a new page (or below what is there) with its heading
 * in font (NULL for KESSEL_SHEET_FONT_HEADING); returns its number for
 * kessel_sheet_block_add_page_number. */
int  kessel_sheet_document_begin_section (KesselSheetDocument *self, const char *title,
                                          const char *font, gboolean new_page);
const char *kessel_sheet_document_get_section_title (KesselSheetDocument *self, int section);
int  kessel_sheet_document_get_section_page (KesselSheetDocument *self, int section);
int  kessel_sheet_document_get_n_sections (KesselSheetDocument *self);
/* Blocks repeated at the top of each page the document moves on to, such as
 * a table's header; NULL stops repeating. The document takes them over. */
void kessel_sheet_document_set_repeat (KesselSheetDocument *self, GPtrArray *blocks);

int  kessel_sheet_document_get_n_pages (KesselSheetDocument *self);
/* Draws a page (0-based) with the page's top-left corner at (0, 0). */
void kessel_sheet_document_draw_page (KesselSheetDocument *self, cairo_t *cr, int page);
/* The smallest rectangle holding everything drawn on a page, text by its
 * laid-out extents, footer included. */
void kessel_sheet_document_get_page_extents (KesselSheetDocument *self, int page, double *x1,
                                             double *y1, double *x2, double *y2);
/* The margin on each side of the page, for checks of the extents. */
double kessel_sheet_document_get_margin (KesselSheetDocument *self);

G_END_DECLS
