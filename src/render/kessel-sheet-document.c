/* kessel-sheet-document.c: blocks flowing onto pages, and drawing the pages.
 *
 * Blocks are placed as they are appended. A run of blocks marked "keep with
 * next" waits for the block after it and then moves to a new page as a whole
 * if it does not fit, so a heading never ends a page. */
#include "kessel-config.h"
#include "kessel-sheet-document.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#define MARGIN 36.0
/* From the bottom of the body to the bottom margin: the footer's room. */
#define FOOTER_ROOM 20.0

typedef struct {
  KesselSheetBlock *block;
  double y;
  gboolean first;              /* the first block of the page below repeated ones */
} Placed;

typedef struct {
  char *title;
  int page;
} Section;

struct _KesselSheetDocument
{
  GObject parent_instance;

  double page_width, page_height;
  char *footer_title;
  PangoContext *context;

  GPtrArray *pages;            /* of GArray of Placed */
  double cursor;               /* where the next block goes on the last page */
  gboolean page_has_content;   /* more than repeated blocks on the last page */
  GPtrArray *pending;          /* blocks kept with the next one */
  GArray *pending_flags;
  GPtrArray *repeat;
  gboolean keep_together;
  GArray *sections;
};

G_DEFINE_FINAL_TYPE (KesselSheetDocument, kessel_sheet_document, G_TYPE_OBJECT)

static KesselSheetBlock *
block_ref (KesselSheetBlock *block)
{
  return kessel_sheet_block_ref (block);
}

static void
block_unref (gpointer block)
{
  kessel_sheet_block_unref (block);
}

/* GObject */

static void
section_clear (gpointer data)
{
  Section *section = data;
  g_free (section->title);
}

static void
kessel_sheet_document_finalize (GObject *object)
{
  KesselSheetDocument *self = KESSEL_SHEET_DOCUMENT (object);

  g_ptr_array_unref (self->pages);
  g_ptr_array_unref (self->pending);
  g_array_unref (self->pending_flags);
  g_clear_pointer (&self->repeat, g_ptr_array_unref);
  g_array_unref (self->sections);
  g_clear_object (&self->context);
  g_free (self->footer_title);
  G_OBJECT_CLASS (kessel_sheet_document_parent_class)->finalize (object);
}

static void
kessel_sheet_document_class_init (KesselSheetDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_sheet_document_finalize;
}

static void
placed_clear (gpointer data)
{
  block_unref (((Placed *) data)->block);
}

static void
new_page (KesselSheetDocument *self)
{
  GArray *page = g_array_new (FALSE, FALSE, sizeof (Placed));

  g_array_set_clear_func (page, placed_clear);
  g_ptr_array_add (self->pages, page);
  self->cursor = 0;
  self->page_has_content = FALSE;
  for (guint i = 0; self->repeat && i < self->repeat->len; i++)
    {
      Placed placed = { block_ref (g_ptr_array_index (self->repeat, i)), self->cursor, FALSE };
      g_array_append_val (page, placed);
      self->cursor += kessel_sheet_block_get_height (placed.block);
    }
}

/* Measuring with hinting off makes text as wide on every surface. */
static PangoContext *
measuring_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 72);
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);
  return context;
}

static void
kessel_sheet_document_init (KesselSheetDocument *self)
{
  self->pages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->pending = g_ptr_array_new_with_free_func (block_unref);
  self->pending_flags = g_array_new (FALSE, FALSE, sizeof (guint));
  self->sections = g_array_new (FALSE, TRUE, sizeof (Section));
  g_array_set_clear_func (self->sections, section_clear);
  self->context = measuring_context ();
}

KesselSheetDocument *
kessel_sheet_document_new (double page_width, double page_height, const char *footer_title)
{
  KesselSheetDocument *self = g_object_new (KESSEL_TYPE_SHEET_DOCUMENT, NULL);

  /* No page is so small that nothing would fit. */
  self->page_width = MAX (page_width, 4 * MARGIN);
  self->page_height = MAX (page_height, 6 * MARGIN);
  self->footer_title = g_strdup (footer_title ? footer_title : "");
  new_page (self);
  return self;
}

double kessel_sheet_document_get_page_width (KesselSheetDocument *self) { return self->page_width; }
double kessel_sheet_document_get_page_height (KesselSheetDocument *self) { return self->page_height; }
double kessel_sheet_document_get_margin (KesselSheetDocument *self) { return MARGIN; }

double
kessel_sheet_document_get_body_width (KesselSheetDocument *self)
{
  return self->page_width - 2 * MARGIN;
}

double
kessel_sheet_document_get_body_height (KesselSheetDocument *self)
{
  return self->page_height - 2 * MARGIN - FOOTER_ROOM;
}

PangoLayout *
kessel_sheet_document_create_layout (KesselSheetDocument *self, const char *font,
                                     const char *markup, double width, int max_lines)
{
  PangoLayout *layout = pango_layout_new (self->context);
  PangoFontDescription *description = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, description);
  pango_font_description_free (description);
  if (width > 0)
    {
      pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  if (max_lines > 0)
    {
      pango_layout_set_height (layout, -max_lines);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

/* Flow */

static GArray *
last_page (KesselSheetDocument *self)
{
  return g_ptr_array_index (self->pages, self->pages->len - 1);
}

static gboolean
is_repeated (KesselSheetDocument *self, KesselSheetBlock *block)
{
  for (guint i = 0; self->repeat && i < self->repeat->len; i++)
    if (g_ptr_array_index (self->repeat, i) == block)
      return TRUE;
  return FALSE;
}

static void
place_block (KesselSheetDocument *self, KesselSheetBlock *block)
{
  double body = kessel_sheet_document_get_body_height (self);
  double height = kessel_sheet_block_get_height (block);
  int section = kessel_sheet_block_get_section (block);
  Placed placed;

  if (kessel_sheet_block_is_space (block))
    {
      if (self->page_has_content)
        self->cursor += height;
      return;
    }
  if (self->cursor + height > body && self->page_has_content)
    new_page (self);
  /* A table's header kept with its first rows, which moved to a new page
   * where the header is already repeated. */
  if (!self->page_has_content && is_repeated (self, block))
    return;
  placed.block = block_ref (block);
  placed.y = self->cursor;
  placed.first = !self->page_has_content;
  g_array_append_val (last_page (self), placed);
  self->cursor += height;
  self->page_has_content = TRUE;
  if (section >= 0)
    g_array_index (self->sections, Section, section).page = self->pages->len - 1;
}

static double
repeat_height (KesselSheetDocument *self)
{
  double height = 0;

  for (guint i = 0; self->repeat && i < self->repeat->len; i++)
    height += kessel_sheet_block_get_height (g_ptr_array_index (self->repeat, i));
  return height;
}

static double
pending_height (KesselSheetDocument *self, guint n)
{
  double height = 0;

  for (guint i = 0; i < MIN (n, self->pending->len); i++)
    height += kessel_sheet_block_get_height (g_ptr_array_index (self->pending, i));
  return height;
}

/* A run of blocks kept together goes to a new page if it does not fit on
 * this one but would on a page of its own. A longer run starts here if its
 * first blocks fit, and breaks where it must. */
static gboolean
pending_needs_new_page (KesselSheetDocument *self)
{
  double body = kessel_sheet_document_get_body_height (self);
  double total = pending_height (self, self->pending->len);

  if (!self->page_has_content || self->cursor + total <= body)
    return FALSE;
  if (repeat_height (self) + total <= body)
    return TRUE;
  return self->cursor + pending_height (self, 3) > body;
}

static void
place_pending (KesselSheetDocument *self)
{
  if (self->pending->len == 0)
    return;
  if ((g_array_index (self->pending_flags, guint, 0) & KESSEL_SHEET_NEW_PAGE) && self->page_has_content)
    new_page (self);
  if (pending_needs_new_page (self))
    new_page (self);
  for (guint i = 0; i < self->pending->len; i++)
    place_block (self, g_ptr_array_index (self->pending, i));
  g_ptr_array_set_size (self->pending, 0);
  g_array_set_size (self->pending_flags, 0);
}

void
kessel_sheet_document_append (KesselSheetDocument *self, KesselSheetBlock *block, guint flags)
{
  g_return_if_fail (KESSEL_IS_SHEET_DOCUMENT (self));
  g_return_if_fail (block != NULL);

  if (self->keep_together)
    flags |= KESSEL_SHEET_KEEP_WITH_NEXT;
  g_ptr_array_add (self->pending, block);
  g_array_append_val (self->pending_flags, flags);
  if (!(flags & KESSEL_SHEET_KEEP_WITH_NEXT))
    place_pending (self);
}

void
kessel_sheet_document_end_group (KesselSheetDocument *self)
{
  g_return_if_fail (KESSEL_IS_SHEET_DOCUMENT (self));
  if (!self->keep_together)
    place_pending (self);
}

void
kessel_sheet_document_set_keep_together (KesselSheetDocument *self, gboolean keep)
{
  g_return_if_fail (KESSEL_IS_SHEET_DOCUMENT (self));
  self->keep_together = !!keep;
  if (!keep)
    place_pending (self);
}

void
kessel_sheet_document_add_space (KesselSheetDocument *self, double height)
{
  kessel_sheet_document_append (self, kessel_sheet_block_new_space (height), 0);
}

void
kessel_sheet_document_add_paragraph (KesselSheetDocument *self, const char *font,
                                     const char *markup, double indent)
{
  double width = kessel_sheet_document_get_body_width (self) - indent;
  g_autoptr(PangoLayout) layout = kessel_sheet_document_create_layout (self, font, markup, width, 0);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  int line = 0;

  do
    {
      PangoRectangle logical;
      KesselSheetBlock *block;
      double baseline;

      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      baseline = (double) (pango_layout_iter_get_baseline (iter) - logical.y) / PANGO_SCALE;
      block = kessel_sheet_block_new ((double) logical.height / PANGO_SCALE);
      kessel_sheet_block_add_line (block, indent + (double) logical.x / PANGO_SCALE, baseline, layout, line++);
      kessel_sheet_document_append (self, block, 0);
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static KesselSheetBlock *
heading_block (KesselSheetDocument *self, const char *font, const char *text)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autofree char *markup = g_markup_escape_text (text, -1);
  KesselSheetBlock *block;
  int height;

  layout = kessel_sheet_document_create_layout (self, font, markup,
                                                kessel_sheet_document_get_body_width (self), 3);
  pango_layout_get_size (layout, NULL, &height);
  block = kessel_sheet_block_new ((double) height / PANGO_SCALE + 4);
  kessel_sheet_block_add_layout (block, 0, 0, layout);
  return block;
}

void
kessel_sheet_document_add_lines (KesselSheetDocument *self, const char *font, GPtrArray *lines)
{
  for (guint i = 0; i < lines->len; i++)
    {
      g_autofree char *markup = g_markup_escape_text (g_ptr_array_index (lines, i), -1);
      kessel_sheet_document_add_paragraph (self, font, markup, 0);
    }
  g_ptr_array_unref (lines);
}

void
kessel_sheet_document_add_pair (KesselSheetDocument *self, KesselSheetHeightFunc height_for, KesselSheetDrawFunc draw,
                                gpointer left, gpointer right, GDestroyNotify destroy)
{
  double width = (kessel_sheet_document_get_body_width (self) - KESSEL_SHEET_PAIR_GAP) / 2;
  double height = height_for (width);
  KesselSheetBlock *block = kessel_sheet_block_new (height + 8);

  kessel_sheet_block_add_drawing (block, 0, 4, width, height, draw, left, destroy);
  kessel_sheet_block_add_drawing (block, width + KESSEL_SHEET_PAIR_GAP, 4, width, height, draw, right, destroy);
  kessel_sheet_document_append (self, block, 0);
}

void
kessel_sheet_document_add_heading (KesselSheetDocument *self, const char *font, const char *text)
{
  kessel_sheet_document_add_space (self, 6);
  kessel_sheet_document_append (self, heading_block (self, font, text), KESSEL_SHEET_KEEP_WITH_NEXT);
}

int
kessel_sheet_document_begin_section (KesselSheetDocument *self, const char *title,
                                     const char *font, gboolean new_page)
{
  KesselSheetBlock *block = heading_block (self, font ? font : KESSEL_SHEET_FONT_HEADING, title);
  Section section = { g_strdup (title), -1 };

  kessel_sheet_document_set_repeat (self, NULL);
  g_array_append_val (self->sections, section);
  kessel_sheet_block_set_section (block, self->sections->len - 1);
  kessel_sheet_block_set_height (block, kessel_sheet_block_get_height (block) + 4);
  if (!new_page)
    kessel_sheet_document_add_space (self, 14);
  kessel_sheet_document_append (self, block,
                                KESSEL_SHEET_KEEP_WITH_NEXT | (new_page ? KESSEL_SHEET_NEW_PAGE : 0));
  return self->sections->len - 1;
}

const char *
kessel_sheet_document_get_section_title (KesselSheetDocument *self, int section)
{
  g_return_val_if_fail (section >= 0 && (guint) section < self->sections->len, NULL);
  return g_array_index (self->sections, Section, section).title;
}

int
kessel_sheet_document_get_section_page (KesselSheetDocument *self, int section)
{
  g_return_val_if_fail (section >= 0 && (guint) section < self->sections->len, -1);
  return g_array_index (self->sections, Section, section).page;
}

int
kessel_sheet_document_get_n_sections (KesselSheetDocument *self)
{
  return self->sections->len;
}

void
kessel_sheet_document_set_repeat (KesselSheetDocument *self, GPtrArray *blocks)
{
  g_clear_pointer (&self->repeat, g_ptr_array_unref);
  if (blocks)
    {
      self->repeat = blocks;
      g_ptr_array_set_free_func (blocks, block_unref);
    }
}

int
kessel_sheet_document_get_n_pages (KesselSheetDocument *self)
{
  g_return_val_if_fail (KESSEL_IS_SHEET_DOCUMENT (self), 0);
  place_pending (self);
  /* A last page holding only repeated blocks is not worth printing. */
  if (self->pages->len > 1 && !self->page_has_content)
    {
      g_ptr_array_set_size (self->pages, self->pages->len - 1);
      self->page_has_content = TRUE;
    }
  return self->pages->len;
}

/* Drawing */

static PangoLayout *
page_number_layout (int section, gpointer data)
{
  KesselSheetDocument *self = data;
  int page = kessel_sheet_document_get_section_page (self, section);
  g_autofree char *text = g_strdup_printf ("%d", page + 1);

  return kessel_sheet_document_create_layout (self, KESSEL_SHEET_FONT_BODY, text, 0, 0);
}

/* The footer's two texts: the title at the left, the page at the right. */
static void
footer_layouts (KesselSheetDocument *self, int page, PangoLayout **title, PangoLayout **number)
{
  double width = kessel_sheet_document_get_body_width (self);
  g_autofree char *title_markup = g_markup_escape_text (self->footer_title, -1);
  /* Translators: the page number in the footer of the setup sheets. */
  g_autofree char *page_text = g_strdup_printf (_("Page %d of %d"), page + 1,
                                                (int) self->pages->len);

  *number = kessel_sheet_document_create_layout (self, KESSEL_SHEET_FONT_SMALL, page_text, 0, 0);
  *title = kessel_sheet_document_create_layout (self, KESSEL_SHEET_FONT_SMALL, title_markup,
                                                width - kessel_sheet_layout_width (*number) - 24, 1);
}

static double
footer_top (KesselSheetDocument *self)
{
  return kessel_sheet_document_get_body_height (self) + FOOTER_ROOM - 10;
}

static void
draw_footer (KesselSheetDocument *self, cairo_t *cr, int page)
{
  double width = kessel_sheet_document_get_body_width (self), y = footer_top (self);
  g_autoptr(PangoLayout) title = NULL;
  g_autoptr(PangoLayout) number = NULL;

  footer_layouts (self, page, &title, &number);
  cairo_move_to (cr, 0, y - 3);
  cairo_line_to (cr, width, y - 3);
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, 0.5);
  cairo_stroke (cr);
  kessel_sheet_set_text_colour (cr);
  cairo_move_to (cr, 0, y);
  pango_cairo_show_layout (cr, title);
  cairo_move_to (cr, width - kessel_sheet_layout_width (number), y);
  pango_cairo_show_layout (cr, number);
}

void
kessel_sheet_document_draw_page (KesselSheetDocument *self, cairo_t *cr, int page)
{
  GArray *placed;

  g_return_if_fail (KESSEL_IS_SHEET_DOCUMENT (self));
  g_return_if_fail (page >= 0 && page < kessel_sheet_document_get_n_pages (self));

  placed = g_ptr_array_index (self->pages, page);
  cairo_save (cr);
  cairo_translate (cr, MARGIN, MARGIN);
  for (guint i = 0; i < placed->len; i++)
    {
      const Placed *p = &g_array_index (placed, Placed, i);

      cairo_save (cr);
      cairo_translate (cr, 0, p->y);
      kessel_sheet_block_draw (p->block, cr, p->first, page_number_layout, self);
      cairo_restore (cr);
    }
  draw_footer (self, cr, page);
  cairo_restore (cr);
}

/* Extents */

void
kessel_sheet_document_get_page_extents (KesselSheetDocument *self, int page, double *x1,
                                        double *y1, double *x2, double *y2)
{
  KesselSheetBox box = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  g_autoptr(PangoLayout) title = NULL;
  g_autoptr(PangoLayout) number = NULL;
  GArray *placed;

  g_return_if_fail (KESSEL_IS_SHEET_DOCUMENT (self));
  g_return_if_fail (page >= 0 && page < kessel_sheet_document_get_n_pages (self));

  placed = g_ptr_array_index (self->pages, page);
  for (guint i = 0; i < placed->len; i++)
    {
      const Placed *p = &g_array_index (placed, Placed, i);
      kessel_sheet_block_add_extents (p->block, p->y, p->first, page_number_layout, self, &box);
    }
  footer_layouts (self, page, &title, &number);
  kessel_sheet_box_add_layout (&box, 0, footer_top (self), title);
  kessel_sheet_box_add_layout (&box, kessel_sheet_document_get_body_width (self)
                                     - kessel_sheet_layout_width (number), footer_top (self), number);
  *x1 = box.x1 + MARGIN;
  *y1 = box.y1 + MARGIN;
  *x2 = box.x2 + MARGIN;
  *y2 = box.y2 + MARGIN;
}
