/* kessel-setup-sheets.c: the sections of the sheets in order, laid out
 * once for each page size asked for. */
#include "kessel-config.h"
#include "kessel-setup-sheets.h"

#include <glib/gi18n-lib.h>

#include "kessel-reference-card.h"
#include "kessel-render-private.h"
#include "kessel-sheet-document.h"
#include "kessel-sheet-map.h"
#include "kessel-sheet-title.h"
#include "kessel-sheet-units.h"

/* ISO 216 A4 and US Letter, in points. */
#define A4_WIDTH 595.0
#define A4_HEIGHT 842.0
#define LETTER_WIDTH 612.0
#define LETTER_HEIGHT 792.0

typedef enum {
  SECTION_GERMAN,
  SECTION_SOVIET,
  SECTION_OFF_MAP,
  SECTION_REINFORCEMENTS,
  SECTION_SUBSTITUTES,
  SECTION_MAP,
  SECTION_REFERENCE,
  N_SECTIONS
} Section;

struct _KesselSetupSheets
{
  GObject parent_instance;

  KesselScenario *scenario;
  KesselGame *game;
  KesselPaper paper;
  gboolean landscape;
  gboolean include_reference;

  KesselSheetDocument *document;   /* laid out for the last page size asked for */
};

G_DEFINE_FINAL_TYPE (KesselSetupSheets, kessel_setup_sheets, G_TYPE_OBJECT)

/* Paper */

gboolean
kessel_paper_from_string (const char *text, KesselPaper *paper)
{
  if (g_ascii_strcasecmp (text, "a4") == 0)
    *paper = KESSEL_PAPER_A4;
  else if (g_ascii_strcasecmp (text, "letter") == 0)
    *paper = KESSEL_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

void
kessel_paper_get_size (KesselPaper paper, gboolean landscape, double *width, double *height)
{
  double w = paper == KESSEL_PAPER_LETTER ? LETTER_WIDTH : A4_WIDTH;
  double h = paper == KESSEL_PAPER_LETTER ? LETTER_HEIGHT : A4_HEIGHT;

  *width = landscape ? h : w;
  *height = landscape ? w : h;
}

/* GObject */

static void
kessel_setup_sheets_dispose (GObject *object)
{
  KesselSetupSheets *self = KESSEL_SETUP_SHEETS (object);

  g_clear_object (&self->document);
  g_clear_object (&self->game);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (kessel_setup_sheets_parent_class)->dispose (object);
}

static void
kessel_setup_sheets_class_init (KesselSetupSheetsClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = kessel_setup_sheets_dispose;
}

static void
kessel_setup_sheets_init (KesselSetupSheets *self)
{
  self->paper = KESSEL_PAPER_A4;
}

KesselSetupSheets *
kessel_setup_sheets_new (KesselScenario *scenario)
{
  KesselSetupSheets *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = g_object_new (KESSEL_TYPE_SETUP_SHEETS, NULL);
  self->scenario = g_object_ref (scenario);
  return self;
}

KesselScenario *
kessel_setup_sheets_get_scenario (KesselSetupSheets *self)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), NULL);
  return self->scenario;
}

static void
forget_layout (KesselSetupSheets *self)
{
  g_clear_object (&self->document);
}

void
kessel_setup_sheets_set_game (KesselSetupSheets *self, KesselGame *game)
{
  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  g_return_if_fail (game == NULL || kessel_game_get_scenario (game) == self->scenario);

  g_clear_object (&self->game);
  if (game != NULL)
    self->game = kessel_game_copy (game);
  forget_layout (self);
}

KesselGame *
kessel_setup_sheets_get_game (KesselSetupSheets *self)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), NULL);
  return self->game;
}

void
kessel_setup_sheets_set_paper (KesselSetupSheets *self, KesselPaper paper)
{
  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  self->paper = paper == KESSEL_PAPER_LETTER ? KESSEL_PAPER_LETTER : KESSEL_PAPER_A4;
}

KesselPaper
kessel_setup_sheets_get_paper (KesselSetupSheets *self)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), KESSEL_PAPER_A4);
  return self->paper;
}

void
kessel_setup_sheets_set_landscape (KesselSetupSheets *self, gboolean landscape)
{
  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  self->landscape = !!landscape;
}

gboolean
kessel_setup_sheets_get_landscape (KesselSetupSheets *self)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), FALSE);
  return self->landscape;
}

void
kessel_setup_sheets_set_include_reference (KesselSetupSheets *self, gboolean include)
{
  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  if (self->include_reference != !!include)
    forget_layout (self);
  self->include_reference = !!include;
}

gboolean
kessel_setup_sheets_get_include_reference (KesselSetupSheets *self)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), FALSE);
  return self->include_reference;
}

void
kessel_setup_sheets_get_page_size (KesselSetupSheets *self, double *width, double *height)
{
  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  kessel_paper_get_size (self->paper, self->landscape, width, height);
}

/* Sections */

static const char *
section_title (Section section, gboolean game)
{
  switch (section)
    {
    case SECTION_GERMAN: return game ? _("German units on the map") : _("German set-up");
    case SECTION_SOVIET: return game ? _("Soviet units on the map") : _("Soviet set-up");
    case SECTION_OFF_MAP: return _("Units off the map");
    case SECTION_REINFORCEMENTS: return game ? _("Reinforcements to come") : _("Reinforcements");
    case SECTION_SUBSTITUTES: return _("Substitute counters");
    case SECTION_MAP: return game ? _("Map with the units now") : _("Map of the set-up");
    case SECTION_REFERENCE: return _("Quick reference");
    default: return "";
    }
}

static gboolean
section_wanted (KesselSetupSheets *self, Section section)
{
  if (section == SECTION_OFF_MAP)
    return self->game != NULL;
  if (section == SECTION_REFERENCE)
    return self->include_reference;
  return TRUE;
}

static void
add_section (KesselSheetDocument *document, const KesselSheetSource *source, Section section,
             const char *title)
{
  switch (section)
    {
    case SECTION_GERMAN:
      kessel_sheet_units_add_positions (document, source, KESSEL_SIDE_GERMAN, title);
      break;
    case SECTION_SOVIET:
      kessel_sheet_units_add_positions (document, source, KESSEL_SIDE_SOVIET, title);
      break;
    case SECTION_OFF_MAP:
      kessel_sheet_units_add_off_map (document, source, title);
      break;
    case SECTION_REINFORCEMENTS:
      kessel_sheet_units_add_reinforcements (document, source, title);
      break;
    case SECTION_SUBSTITUTES:
      kessel_sheet_units_add_substitutes (document, source, title);
      break;
    case SECTION_MAP:
      kessel_sheet_map_add (document, source, title);
      break;
    case SECTION_REFERENCE:
      kessel_reference_card_add (document, source->scenario, title);
      break;
    default:
      break;
    }
}

static char *
footer_title (KesselSetupSheets *self)
{
  const char *title = kessel_scenario_get_title (self->scenario);

  if (title == NULL || *title == '\0')
    title = _("Untitled scenario");
  if (self->game != NULL)
    /* Translators: the footer of the sheets of a game in progress. */
    return g_strdup_printf (_("%s — game on turn %d"), title, kessel_game_get_turn (self->game));
  /* Translators: the footer of the setup sheets. */
  return g_strdup_printf (_("%s — set-up sheets"), title);
}

static KesselSheetDocument *
build_document (KesselSetupSheets *self, double width, double height)
{
  g_autofree char *footer = footer_title (self);
  KesselSheetDocument *document = kessel_sheet_document_new (width, height, footer);
  g_autoptr(GArray) pieces = kessel_sheet_pieces_collect (self->scenario, self->game);
  KesselSheetSource source = { self->scenario, self->game, pieces };
  const char *titles[N_SECTIONS + 1] = { NULL };
  Section sections[N_SECTIONS];
  int n = 0;

  for (Section s = 0; s < N_SECTIONS; s++)
    if (section_wanted (self, s))
      {
        sections[n] = s;
        titles[n++] = section_title (s, self->game != NULL);
      }
  kessel_sheet_title_add (document, &source, titles);
  for (int i = 0; i < n; i++)
    add_section (document, &source, sections[i], titles[i]);
  return document;
}

static KesselSheetDocument *
document_for_size (KesselSetupSheets *self, double width, double height)
{
  if (self->document == NULL || kessel_sheet_document_get_page_width (self->document) != width
      || kessel_sheet_document_get_page_height (self->document) != height)
    {
      g_clear_object (&self->document);
      self->document = build_document (self, width, height);
    }
  return self->document;
}

/* Pages */

int
kessel_setup_sheets_get_n_pages_for_size (KesselSetupSheets *self, double width, double height)
{
  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), 0);
  return kessel_sheet_document_get_n_pages (document_for_size (self, width, height));
}

int
kessel_setup_sheets_get_n_pages (KesselSetupSheets *self)
{
  double width, height;

  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), 0);
  kessel_setup_sheets_get_page_size (self, &width, &height);
  return kessel_setup_sheets_get_n_pages_for_size (self, width, height);
}

void
kessel_setup_sheets_draw_page (KesselSetupSheets *self, cairo_t *cr, double width, double height, int page)
{
  KesselSheetDocument *document;

  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  g_return_if_fail (cr != NULL);

  document = document_for_size (self, width, height);
  g_return_if_fail (page >= 0 && page < kessel_sheet_document_get_n_pages (document));
  kessel_sheet_document_draw_page (document, cr, page);
}

void
kessel_setup_sheets_get_page_extents (KesselSetupSheets *self, double width, double height, int page,
                                      double *x1, double *y1, double *x2, double *y2)
{
  KesselSheetDocument *document;

  g_return_if_fail (KESSEL_IS_SETUP_SHEETS (self));
  document = document_for_size (self, width, height);
  g_return_if_fail (page >= 0 && page < kessel_sheet_document_get_n_pages (document));
  kessel_sheet_document_get_page_extents (document, page, x1, y1, x2, y2);
}

double
kessel_setup_sheets_get_margin (KesselSetupSheets *self)
{
  double width, height;

  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), 0);
  kessel_setup_sheets_get_page_size (self, &width, &height);
  return kessel_sheet_document_get_margin (document_for_size (self, width, height));
}

/* PDF */

typedef struct {
  KesselSetupSheets *sheets;
  double width, height;
} PdfPages;

static void
draw_pdf_page (cairo_t *cr, int page, gpointer data)
{
  PdfPages *pages = data;

  kessel_setup_sheets_draw_page (pages->sheets, cr, pages->width, pages->height, page);
}

gboolean
kessel_setup_sheets_write_pdf (KesselSetupSheets *self, const char *path, GError **error)
{
  PdfPages pages = { self, 0, 0 };
  g_autofree char *title = NULL;

  g_return_val_if_fail (KESSEL_IS_SETUP_SHEETS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  kessel_setup_sheets_get_page_size (self, &pages.width, &pages.height);
  title = footer_title (self);
  return kessel_render_write_pdf (path, pages.width, pages.height, title,
                                  kessel_setup_sheets_get_n_pages_for_size (self, pages.width, pages.height),
                                  draw_pdf_page, &pages, error);
}
