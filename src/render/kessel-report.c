/* kessel-report.c: the after-action report in lines of text and on paper. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>

#include "kessel-render-private.h"
#include "kessel-report-charts.h"
#include "kessel-report.h"
#include "kessel-sheet-document.h"

#define A4_WIDTH 595.0
#define A4_HEIGHT 842.0

GPtrArray *
kessel_report_summary_lines (KesselGame *game, const KesselAfterAction *report)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const KesselTurnFigures *last = &report->turns[report->last_turn];

  if (report->verdict != KESSEL_VERDICT_NONE)
    g_ptr_array_add (lines, g_strdup_printf (_("The game is over after turn %d: %d Soviet VP, %s."), report->last_turn,
                                             last->vp, kessel_verdict_display_name (report->verdict)));
  else
    g_ptr_array_add (lines, g_strdup_printf (_("Turn %d of %d is under way: %d Soviet VP so far."), report->last_turn,
                                             report->n_turns, kessel_game_get_vp (game)));
  g_ptr_array_add (lines, g_strdup_printf (_("Steps lost: German %d, Soviet %d."),
                                           kessel_after_action_total_steps_lost (report, KESSEL_SIDE_GERMAN),
                                           kessel_after_action_total_steps_lost (report, KESSEL_SIDE_SOVIET)));
  g_ptr_array_add (lines, g_strdup_printf (_("Attacks: %u."), report->attacks->len));
  return lines;
}

static char *
air_words (const KesselTurnFigures *figures)
{
  if (figures->air_side == KESSEL_SIDE_NONE)
    return g_strdup (_("no air superiority"));
  /* Translators: the side ("German" or "Soviet") and its CAS markers. */
  return g_strdup_printf (_("%s air superiority, %d CAS"), kessel_side_display_name (figures->air_side), figures->cas);
}

GPtrArray *
kessel_report_turn_lines (const KesselAfterAction *report)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (int t = 1; t <= report->n_turns; t++)
    {
      const KesselTurnFigures *f = &report->turns[t];
      g_autofree char *air = NULL;

      if (!f->played)
        continue;
      air = air_words (f);
      /* Translators: a turn's figures: weather, air, VP by category and steps lost. */
      g_ptr_array_add (lines, g_strdup_printf (_("Turn %d: %s; %s; %d VP (places %d, exits %d, divisions destroyed %d, out of C&C %d); steps lost: German %d, Soviet %d."),
                                               t, kessel_report_weather_name (f->weather), air, f->vp, f->vp_places,
                                               f->vp_exits, f->vp_destroyed, f->vp_out_of_command,
                                               f->steps_lost[KESSEL_SIDE_GERMAN], f->steps_lost[KESSEL_SIDE_SOVIET]));
    }
  return lines;
}

static const char *
roll_words (KesselGame *game, const KesselAttackRecord *record, KesselSide viewer)
{
  const KesselLogEntry *entry = kessel_game_get_log (game, record->log_index);

  if (viewer == KESSEL_SIDE_NONE || entry->side == viewer || entry->hidden_text == NULL)
    return entry->text;
  return entry->hidden_text;
}

static char *
attack_line (KesselGame *game, const KesselAfterAction *report, int index, gboolean best, KesselSide viewer)
{
  const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, index);
  const char *side = kessel_side_display_name (record->attacker);

  /* Translators: "German best attack", the turn, the phase, the log's words of the
   * roll and the luck in steps, such as "+0.83". */
  return g_strdup_printf (best ? _("%s best attack: turn %d, %s: %s Luck %+.2f steps.")
                               : _("%s worst attack: turn %d, %s: %s Luck %+.2f steps."),
                          side, record->turn, kessel_phase_display_name (record->phase),
                          roll_words (game, record, viewer), record->score - record->expected);
}

GPtrArray *
kessel_report_attack_lines (KesselGame *game, const KesselAfterAction *report, KesselSide viewer)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      if (report->best[side] < 0)
        {
          g_ptr_array_add (lines, g_strdup_printf (_("%s: no attack with a die roll yet."), kessel_side_display_name (side)));
          continue;
        }
      g_ptr_array_add (lines, attack_line (game, report, report->best[side], TRUE, viewer));
      g_ptr_array_add (lines, attack_line (game, report, report->worst[side], FALSE, viewer));
    }
  return lines;
}

const char *
kessel_report_luck_definition (void)
{
  return _("An attack's result is scored in steps for the attacker: one for each step the defender loses, less one "
           "for each step the attacker loses, and a half for a retreat. Its luck is that score less the average "
           "score of the six results in its odds column. A side's best attack is its luckiest, its worst the "
           "unluckiest; automatic results roll no die and are left out.");
}

/* The PDF */

typedef struct {
  KesselReportChart chart;
  const KesselAfterAction *report;
  const KesselVictoryTable *victory;
} Chart;

static void
draw_chart (cairo_t *cr, double width, double height, gpointer data)
{
  const Chart *chart = data;

  kessel_report_chart_draw (cr, width, height, chart->chart, chart->report, chart->victory);
}

/* Two charts side by side: left and the one after it. */
static void
add_charts (KesselSheetDocument *document, KesselReportChart left, const KesselAfterAction *report,
            const KesselVictoryTable *victory)
{
  Chart *a = g_new0 (Chart, 1), *b = g_new0 (Chart, 1);

  *a = (Chart) { left, report, victory };
  *b = (Chart) { left + 1, report, victory };
  kessel_sheet_document_add_pair (document, kessel_report_chart_height, draw_chart, a, b, g_free);
}

static void
add_lines (KesselSheetDocument *document, const char *heading, GPtrArray *lines)
{
  if (heading != NULL)
    kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, heading);
  kessel_sheet_document_add_lines (document, KESSEL_SHEET_FONT_BODY, lines);
}

static char *
report_title (KesselGame *game)
{
  return g_strdup_printf (_("After-action report: %s"), kessel_scenario_get_title (kessel_game_get_scenario (game)));
}

static KesselSheetDocument *
build_document (KesselGame *game, const KesselAfterAction *report, KesselSide viewer)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (game));
  g_autofree char *title = report_title (game);
  KesselSheetDocument *document = kessel_sheet_document_new (A4_WIDTH, A4_HEIGHT, title);
  GPtrArray *definition = g_ptr_array_new_with_free_func (g_free);

  kessel_sheet_document_begin_section (document, title, NULL, FALSE);
  add_lines (document, NULL, kessel_report_summary_lines (game, report));
  add_charts (document, KESSEL_REPORT_CHART_VP, report, victory);
  add_charts (document, KESSEL_REPORT_CHART_WEATHER_AIR, report, victory);
  add_lines (document, _("Turn by turn"), kessel_report_turn_lines (report));
  add_lines (document, _("Best and worst attacks"), kessel_report_attack_lines (game, report, viewer));
  g_ptr_array_add (definition, g_strdup (kessel_report_luck_definition ()));
  kessel_sheet_document_add_space (document, 6);
  add_lines (document, NULL, definition);
  return document;
}

static void
draw_page (cairo_t *cr, int page, gpointer data)
{
  kessel_sheet_document_draw_page (data, cr, page);
}

gboolean
kessel_report_write_pdf (KesselGame *game, const KesselAfterAction *report, KesselSide viewer, const char *path,
                         GError **error)
{
  g_autoptr(KesselSheetDocument) document = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (KESSEL_IS_GAME (game) && report != NULL && path != NULL, FALSE);
  document = build_document (game, report, viewer);
  title = report_title (game);
  return kessel_render_write_pdf (path, A4_WIDTH, A4_HEIGHT, title, kessel_sheet_document_get_n_pages (document),
                                  draw_page, document, error);
}
