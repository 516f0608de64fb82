/* kessel-sheet-block.c: the items of a block, drawn and measured. */
#include "kessel-sheet-block.h"

#include <pango/pangocairo.h>

#include "kessel-counter-painter.h"

#define TEXT_GREY 0.08

typedef enum {
  ITEM_LAYOUT,
  ITEM_LINE,
  ITEM_COUNTER,
  ITEM_BOX,
  ITEM_DRAWING,
  ITEM_PAGE_NUMBER,
} ItemKind;

typedef struct {
  ItemKind kind;
  double x, y, width, height;
  PangoLayout *layout;
  int line;                    /* ITEM_LINE: the line of the layout; y is its baseline */
  KesselStackEntry counter;
  guint32 rgb;
  gboolean filled;
  KesselSheetDrawFunc draw;
  gpointer data;
  GDestroyNotify destroy;
  int section;
  gboolean at_top_only;        /* drawn only when its block comes first on a page */
} SheetItem;

struct _KesselSheetBlock
{
  double height;
  GArray *items;
  gboolean space;
  int section;                 /* the section this block's heading starts, or -1 */
};

static void
item_clear (gpointer data)
{
  SheetItem *item = data;

  g_clear_object (&item->layout);
  if (item->destroy)
    item->destroy (item->data);
}

static void
block_clear (gpointer data)
{
  KesselSheetBlock *block = data;
  g_array_unref (block->items);
}

KesselSheetBlock *
kessel_sheet_block_new (double height)
{
  KesselSheetBlock *block = g_rc_box_new0 (KesselSheetBlock);

  block->height = height;
  block->section = -1;
  block->items = g_array_new (FALSE, TRUE, sizeof (SheetItem));
  g_array_set_clear_func (block->items, item_clear);
  return block;
}

KesselSheetBlock *
kessel_sheet_block_ref (KesselSheetBlock *block)
{
  return g_rc_box_acquire (block);
}

void
kessel_sheet_block_unref (KesselSheetBlock *block)
{
  g_rc_box_release_full (block, block_clear);
}

double
kessel_sheet_block_get_height (KesselSheetBlock *block)
{
  return block->height;
}

void
kessel_sheet_block_set_height (KesselSheetBlock *block, double height)
{
  block->height = height;
}

static SheetItem *
add_item (KesselSheetBlock *block, ItemKind kind, double x, double y, double width, double height)
{
  SheetItem item = { 0 };

  item.kind = kind;
  item.x = x;
  item.y = y;
  item.width = width;
  item.height = height;
  item.section = -1;
  g_array_append_val (block->items, item);
  return &g_array_index (block->items, SheetItem, block->items->len - 1);
}

void
kessel_sheet_block_add_layout (KesselSheetBlock *block, double x, double y, PangoLayout *layout)
{
  SheetItem *item = add_item (block, ITEM_LAYOUT, x, y, 0, 0);
  item->layout = g_object_ref (layout);
}

void
kessel_sheet_block_add_layout_at_top (KesselSheetBlock *block, double x, double y, PangoLayout *layout)
{
  SheetItem *item = add_item (block, ITEM_LAYOUT, x, y, 0, 0);

  item->layout = g_object_ref (layout);
  item->at_top_only = TRUE;
}

void
kessel_sheet_block_add_counter (KesselSheetBlock *block, double x, double y, double size,
                                const KesselStackEntry *counter)
{
  SheetItem *item = add_item (block, ITEM_COUNTER, x, y, size, size);
  item->counter = *counter;
}

void
kessel_sheet_block_add_box (KesselSheetBlock *block, double x, double y, double width,
                            double height, guint32 rgb, gboolean filled)
{
  SheetItem *item = add_item (block, ITEM_BOX, x, y, width, height);
  item->rgb = rgb;
  item->filled = filled;
}

void
kessel_sheet_block_add_drawing (KesselSheetBlock *block, double x, double y, double width,
                                double height, KesselSheetDrawFunc draw, gpointer data,
                                GDestroyNotify destroy)
{
  SheetItem *item = add_item (block, ITEM_DRAWING, x, y, width, height);
  item->draw = draw;
  item->data = data;
  item->destroy = destroy;
}

void
kessel_sheet_block_add_page_number (KesselSheetBlock *block, double x, double y, double width,
                                    int section)
{
  SheetItem *item = add_item (block, ITEM_PAGE_NUMBER, x, y, width, 0);
  item->section = section;
}

void
kessel_sheet_block_take_items (KesselSheetBlock *block, KesselSheetBlock *from)
{
  /* The items move as they are: clear only the emptied array's shell. */
  g_array_append_vals (block->items, from->items->data, from->items->len);
  g_array_set_clear_func (from->items, NULL);
  g_array_set_size (from->items, 0);
  g_array_set_clear_func (from->items, item_clear);
  kessel_sheet_block_unref (from);
}

void
kessel_sheet_block_add_line (KesselSheetBlock *block, double x, double baseline, PangoLayout *layout,
                             int line)
{
  SheetItem *item = add_item (block, ITEM_LINE, x, baseline, 0, 0);
  item->layout = g_object_ref (layout);
  item->line = line;
}

KesselSheetBlock *
kessel_sheet_block_new_space (double height)
{
  KesselSheetBlock *block = kessel_sheet_block_new (height);

  block->space = TRUE;
  return block;
}

gboolean
kessel_sheet_block_is_space (KesselSheetBlock *block)
{
  return block->space;
}

int
kessel_sheet_block_get_section (KesselSheetBlock *block)
{
  return block->section;
}

void
kessel_sheet_block_set_section (KesselSheetBlock *block, int section)
{
  block->section = section;
}

/* Drawing */

void
kessel_sheet_set_text_colour (cairo_t *cr)
{
  cairo_set_source_rgb (cr, TEXT_GREY, TEXT_GREY, TEXT_GREY);
}

static void
set_source_rgb24 (cairo_t *cr, guint32 rgb)
{
  cairo_set_source_rgb (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

double
kessel_sheet_layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) (logical.x + logical.width) / PANGO_SCALE;
}

static void
draw_item (cairo_t *cr, const SheetItem *item, KesselSheetNumberFunc number_func, gpointer data)
{
  g_autoptr(PangoLayout) number = NULL;

  switch (item->kind)
    {
    case ITEM_LAYOUT:
      kessel_sheet_set_text_colour (cr);
      cairo_move_to (cr, item->x, item->y);
      pango_cairo_show_layout (cr, item->layout);
      break;
    case ITEM_LINE:
      kessel_sheet_set_text_colour (cr);
      cairo_move_to (cr, item->x, item->y);
      pango_cairo_show_layout_line (cr, pango_layout_get_line_readonly (item->layout, item->line));
      break;
    case ITEM_COUNTER:
      kessel_counter_painter_draw (cr, item->counter.unit, item->counter.step,
                                   item->counter.substitute ? KESSEL_COUNTER_SUBSTITUTE : 0,
                                   item->x, item->y, item->width);
      break;
    case ITEM_BOX:
      cairo_rectangle (cr, item->x, item->y, item->width, item->height);
      set_source_rgb24 (cr, item->rgb);
      if (item->filled)
        cairo_fill (cr);
      else
        {
          cairo_set_line_width (cr, 0.6);
          cairo_stroke (cr);
        }
      break;
    case ITEM_DRAWING:
      cairo_save (cr);
      cairo_translate (cr, item->x, item->y);
      cairo_rectangle (cr, 0, 0, item->width, item->height);
      cairo_clip (cr);
      item->draw (cr, item->width, item->height, item->data);
      cairo_restore (cr);
      break;
    case ITEM_PAGE_NUMBER:
      number = number_func (item->section, data);
      kessel_sheet_set_text_colour (cr);
      cairo_move_to (cr, item->x + item->width - kessel_sheet_layout_width (number), item->y);
      pango_cairo_show_layout (cr, number);
      break;
    default:
      break;
    }
}

void
kessel_sheet_block_draw (KesselSheetBlock *block, cairo_t *cr, gboolean first_on_page,
                         KesselSheetNumberFunc number, gpointer data)
{
  for (guint k = 0; k < block->items->len; k++)
    {
      const SheetItem *item = &g_array_index (block->items, SheetItem, k);
      if (first_on_page || !item->at_top_only)
        draw_item (cr, item, number, data);
    }
}

/* Extents */

void
kessel_sheet_box_add (KesselSheetBox *box, double x, double y, double width, double height)
{
  box->x1 = MIN (box->x1, x);
  box->y1 = MIN (box->y1, y);
  box->x2 = MAX (box->x2, x + width);
  box->y2 = MAX (box->y2, y + height);
}

static void
box_add_pango (KesselSheetBox *box, double x, double y, const PangoRectangle *logical)
{
  kessel_sheet_box_add (box, x + (double) logical->x / PANGO_SCALE,
                        y + (double) logical->y / PANGO_SCALE,
                        (double) logical->width / PANGO_SCALE, (double) logical->height / PANGO_SCALE);
}

void
kessel_sheet_box_add_layout (KesselSheetBox *box, double x, double y, PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  box_add_pango (box, x, y, &logical);
}

static void
item_extents (const SheetItem *item, double top, KesselSheetNumberFunc number_func, gpointer data,
              KesselSheetBox *box)
{
  g_autoptr(PangoLayout) number = NULL;
  PangoRectangle logical;

  switch (item->kind)
    {
    case ITEM_LAYOUT:
      pango_layout_get_extents (item->layout, NULL, &logical);
      box_add_pango (box, item->x, top + item->y, &logical);
      break;
    case ITEM_LINE:
      pango_layout_line_get_extents (pango_layout_get_line_readonly (item->layout, item->line),
                                     NULL, &logical);
      box_add_pango (box, item->x, top + item->y, &logical);
      break;
    case ITEM_PAGE_NUMBER:
      number = number_func (item->section, data);
      kessel_sheet_box_add_layout (box, item->x + item->width - kessel_sheet_layout_width (number),
                                   top + item->y, number);
      break;
    default:
      kessel_sheet_box_add (box, item->x, top + item->y, item->width, item->height);
      break;
    }
}

void
kessel_sheet_block_add_extents (KesselSheetBlock *block, double top, gboolean first_on_page,
                                KesselSheetNumberFunc number, gpointer data, KesselSheetBox *box)
{
  for (guint k = 0; k < block->items->len; k++)
    {
      const SheetItem *item = &g_array_index (block->items, SheetItem, k);
      if (first_on_page || !item->at_top_only)
        item_extents (item, top, number, data, box);
    }
}
