/* kessel-sheet-block.h: one strip of a printed page, the width of the page's
 * body: texts, counters, boxes and drawings at positions inside it. A sheet
 * document places blocks one below the other. Sizes are in points. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

#include "kessel-map-painter.h"

G_BEGIN_DECLS

/* Draws something of the given size with its top-left corner at (0, 0). */
typedef void (*KesselSheetDrawFunc) (cairo_t *cr, double width, double height, gpointer data);
/* The page number a section starts on, laid out, for a contents line. */
typedef PangoLayout *(*KesselSheetNumberFunc) (int section, gpointer data);

typedef struct _KesselSheetBlock KesselSheetBlock;

/* A rectangle that grows to hold what is added to it. */
typedef struct {
  double x1, y1, x2, y2;
} KesselSheetBox;

KesselSheetBlock *kessel_sheet_block_new (double height);
/* Blank space, which a document leaves out at the top of a page. */
KesselSheetBlock *kessel_sheet_block_new_space (double height);
KesselSheetBlock *kessel_sheet_block_ref (KesselSheetBlock *block);
void     kessel_sheet_block_unref (KesselSheetBlock *block);
gboolean kessel_sheet_block_is_space (KesselSheetBlock *block);
double   kessel_sheet_block_get_height (KesselSheetBlock *block);
void     kessel_sheet_block_set_height (KesselSheetBlock *block, double height);
/* The section whose heading this block is, or -1. */
int      kessel_sheet_block_get_section (KesselSheetBlock *block);
void     kessel_sheet_block_set_section (KesselSheetBlock *block, int section);

/* The block takes a reference to each layout. */
void kessel_sheet_block_add_layout (KesselSheetBlock *block, double x, double y, PangoLayout *layout);
/* A layout shown only when the block is the first on its page, such as
 * the name of a group of rows that runs on from the page before. */
void kessel_sheet_block_add_layout_at_top (KesselSheetBlock *block, double x, double y,
                                           PangoLayout *layout);
/* One line of a layout, with its baseline at y. */
void kessel_sheet_block_add_line (KesselSheetBlock *block, double x, double baseline,
                                  PangoLayout *layout, int line);
void kessel_sheet_block_add_counter (KesselSheetBlock *block, double x, double y, double size,
                                     const KesselStackEntry *counter);
void kessel_sheet_block_add_box (KesselSheetBlock *block, double x, double y, double width,
                                 double height, guint32 rgb, gboolean filled);
/* Drawn clipped to its rectangle; destroy frees data with the block. */
void kessel_sheet_block_add_drawing (KesselSheetBlock *block, double x, double y, double width,
                                     double height, KesselSheetDrawFunc draw, gpointer data,
                                     GDestroyNotify destroy);
/* The number of the page a section starts on, right-aligned to x + width. */
void kessel_sheet_block_add_page_number (KesselSheetBlock *block, double x, double y, double width,
                                         int section);
/* Moves the items of from to the end of block's, and frees from. */
void kessel_sheet_block_take_items (KesselSheetBlock *block, KesselSheetBlock *from);

/* Draws the block with its top-left corner at (0, 0). */
void kessel_sheet_block_draw (KesselSheetBlock *block, cairo_t *cr, gboolean first_on_page,
                              KesselSheetNumberFunc number, gpointer data);
/* Adds where the block's content lies, its top at top, to box: texts by
 * their laid-out extents, everything else by its rectangle. */
void kessel_sheet_block_add_extents (KesselSheetBlock *block, double top, gboolean first_on_page,
                                     KesselSheetNumberFunc number, gpointer data, KesselSheetBox *box);

void   kessel_sheet_box_add (KesselSheetBox *box, double x, double y, double width, double height);
void   kessel_sheet_box_add_layout (KesselSheetBox *box, double x, double y, PangoLayout *layout);
/* From the layout's left edge to the end of its text. */
double kessel_sheet_layout_width (PangoLayout *layout);
void   kessel_sheet_set_text_colour (cairo_t *cr);

G_END_DECLS
