/* kessel-report-charts.c: stacked VP, losses, weather and air, luck of attacks. */
#include "kessel-config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kessel-chart.h"
#include "kessel-report-charts.h"

#define N_VP_KINDS 4
#define LEGEND_ROW 12.0
#define WEATHER_STRIP 12.0         /* the band of each turn's weather */
#define WEATHER_GAP 6.0            /* between the band and the top of the bars */
#define WEATHER_FONT "Sans 6.5"

static const KesselChartColour vp_colours[N_VP_KINDS] = {
  { 0.74, 0.20, 0.16 }, { 0.90, 0.55, 0.25 }, { 0.45, 0.30, 0.55 }, { 0.55, 0.55, 0.55 },
};
static const KesselChartColour weather_colours[3] = {
  { 0.62, 0.48, 0.30 }, { 0.62, 0.80, 0.93 }, { 0.58, 0.60, 0.66 },
};

double
kessel_report_chart_height (double width)
{
  return CLAMP (width * 0.55, 120.0, 240.0);
}

const char *
kessel_report_weather_name (int weather)
{
  switch (weather)
    {
    case KESSEL_WEATHER_THAW: return C_("weather", "thaw");
    case KESSEL_WEATHER_FROST: return C_("weather", "frost");
    case KESSEL_WEATHER_STORM: return C_("weather", "storm");
    default: return "–";
    }
}

/* A chart over the turns, each a slot one wide centred on its number, with
 * room for the legend (and more) between the title and the plot. */
static KesselPlot
begin_turn_chart (cairo_t *cr, double width, double height, const char *title, const KesselAfterAction *report,
                  double room)
{
  KesselPlot plot = kessel_chart_begin (cr, width, height, title);

  plot.x_min = 0.5;
  plot.x_max = MAX (report->n_turns, 1) + 0.5;
  plot.y += LEGEND_ROW + room;
  plot.height -= LEGEND_ROW + room;
  return plot;
}

static void
turn_ticks (cairo_t *cr, const KesselPlot *plot, double height)
{
  kessel_chart_x_ticks (cr, plot, 1, 1);
  kessel_chart_x_title (cr, plot, _("turn"), height);
}

/* A small swatch and its name on the legend's row under the title; returns
 * the x where the next one starts. */
static double
legend_item (cairo_t *cr, double x, KesselChartColour colour, const char *name)
{
  double y = KESSEL_CHART_MARGIN_TOP - 4;

  kessel_chart_set_colour (cr, colour, 0.9);
  cairo_rectangle (cr, x, y + 2, 7, 7);
  cairo_fill (cr);
  kessel_chart_text (cr, x + 9, y, name, KESSEL_ALIGN_LEFT, KESSEL_CHART_FONT);
  return x + 9 + kessel_chart_text_width (cr, name, KESSEL_CHART_FONT) + 8;
}

/* The sides' colours, for charts of German and Soviet figures. */
static void
side_legend (cairo_t *cr)
{
  legend_item (cr, legend_item (cr, 2, kessel_chart_german, _("German")), kessel_chart_soviet, _("Soviet"));
}

static void
bar (cairo_t *cr, const KesselPlot *plot, double x0, double x1, double y0, double y1, KesselChartColour colour)
{
  kessel_chart_set_colour (cr, colour, 0.9);
  cairo_rectangle (cr, kessel_plot_x (plot, x0), kessel_plot_y (plot, y1), kessel_plot_x (plot, x1) - kessel_plot_x (plot, x0),
                   kessel_plot_y (plot, y0) - kessel_plot_y (plot, y1));
  cairo_fill (cr);
}

/* VP */

static void
vp_parts (const KesselTurnFigures *figures, int parts[N_VP_KINDS])
{
  parts[0] = figures->vp_places;
  parts[1] = figures->vp_exits;
  parts[2] = figures->vp_destroyed;
  parts[3] = figures->vp_out_of_command;
}

void
kessel_report_chart_vp (cairo_t *cr, double width, double height, const KesselAfterAction *report,
                        const KesselVictoryTable *victory)
{
  const char *names[N_VP_KINDS] = { _("places"), _("exits"), _("divisions"), _("out of C&C") };
  KesselPlot plot = begin_turn_chart (cr, width, height, _("Soviet VP at the end of each turn"), report, 0);
  double x = 2;

  plot.y_max = victory->soviet_wins_at + 2;
  for (int t = 1; t <= report->n_turns; t++)
    plot.y_max = MAX (plot.y_max, report->turns[t].vp + 1);
  kessel_chart_y_axis (cr, &plot, TRUE);
  for (int t = 1; t <= report->n_turns; t++)
    {
      int parts[N_VP_KINDS], base = 0;
      if (!report->turns[t].played)
        continue;
      vp_parts (&report->turns[t], parts);
      for (int k = 0; k < N_VP_KINDS; k++)
        {
          bar (cr, &plot, t - 0.35, t + 0.35, base, base + parts[k], vp_colours[k]);
          base += parts[k];
        }
    }
  kessel_chart_threshold (cr, &plot, victory->draw_from - 0.5, FALSE);
  kessel_chart_threshold (cr, &plot, victory->soviet_wins_at - 0.5, FALSE);
  for (int k = 0; k < N_VP_KINDS; k++)
    x = legend_item (cr, x, vp_colours[k], names[k]);
  turn_ticks (cr, &plot, height);
}

/* Losses */

void
kessel_report_chart_losses (cairo_t *cr, double width, double height, const KesselAfterAction *report)
{
  KesselPlot plot = begin_turn_chart (cr, width, height, _("Steps lost in each turn"), report, 0);

  plot.y_max = 2;
  for (int t = 1; t <= report->n_turns; t++)
    for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
      plot.y_max = MAX (plot.y_max, report->turns[t].steps_lost[side] + 1);
  kessel_chart_y_axis (cr, &plot, TRUE);
  for (int t = 1; t <= report->n_turns; t++)
    {
      bar (cr, &plot, t - 0.38, t - 0.02, 0, report->turns[t].steps_lost[KESSEL_SIDE_GERMAN], kessel_chart_german);
      bar (cr, &plot, t + 0.02, t + 0.38, 0, report->turns[t].steps_lost[KESSEL_SIDE_SOVIET], kessel_chart_soviet);
    }
  side_legend (cr);
  turn_ticks (cr, &plot, height);
}

/* Weather and air */

static KesselChartColour
side_colour (KesselSide side)
{
  return side == KESSEL_SIDE_GERMAN ? kessel_chart_german : kessel_chart_soviet;
}

/* A turn's weather: a cell of the band from x0 to x1 above the plot, its
 * name centred in it, made smaller where it would not fit. */
static void
weather_cell (cairo_t *cr, const KesselPlot *plot, double x0, double x1, int weather)
{
  const char *name = kessel_report_weather_name (weather);
  double top = plot->y - WEATHER_GAP - WEATHER_STRIP;
  double text_width = kessel_chart_text_width (cr, name, WEATHER_FONT);
  double scale = MIN (1.0, (x1 - x0 - 4) / MAX (text_width, 1.0));

  kessel_chart_set_colour (cr, weather_colours[weather], 1.0);
  cairo_rectangle (cr, x0, top, x1 - x0, WEATHER_STRIP);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, (x0 + x1) / 2, top + WEATHER_STRIP / 2);
  cairo_scale (cr, scale, scale);
  kessel_chart_text (cr, 0, -5, name, KESSEL_ALIGN_CENTRE, WEATHER_FONT);
  cairo_restore (cr);
}

void
kessel_report_chart_weather_air (cairo_t *cr, double width, double height, const KesselAfterAction *report)
{
  KesselPlot plot = begin_turn_chart (cr, width, height, _("Weather and CAS markers of each turn"), report,
                                     WEATHER_STRIP + WEATHER_GAP + 4);

  plot.y_max = 4;
  for (int t = 1; t <= report->n_turns; t++)
    plot.y_max = MAX (plot.y_max, report->turns[t].cas + 1);
  kessel_chart_y_axis (cr, &plot, TRUE);
  for (int t = 1; t <= report->n_turns; t++)
    {
      const KesselTurnFigures *figures = &report->turns[t];

      if (figures->weather >= 0 && figures->weather < 3)
        weather_cell (cr, &plot, kessel_plot_x (&plot, t - 0.46), kessel_plot_x (&plot, t + 0.46), figures->weather);
      if (figures->air_side != KESSEL_SIDE_NONE)
        bar (cr, &plot, t - 0.3, t + 0.3, 0, figures->cas, side_colour (figures->air_side));
    }
  side_legend (cr);
  turn_ticks (cr, &plot, height);
}

/* Attacks */

static double
luck (const KesselAttackRecord *record)
{
  return record->score - record->expected;
}

/* Attacks of a turn spread evenly across its slot, in the order rolled. */
static double
attack_x (const KesselAfterAction *report, guint index)
{
  const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, index);
  int before = 0, all = 0;

  for (guint i = 0; i < report->attacks->len; i++)
    if (g_array_index (report->attacks, KesselAttackRecord, i).turn == record->turn)
      {
        before += i < index;
        all++;
      }
  return record->turn - 0.45 + 0.9 * (before + 0.5) / all;
}

static void
ring (cairo_t *cr, const KesselPlot *plot, const KesselAfterAction *report, int index)
{
  if (index < 0)
    return;
  kessel_chart_set_colour (cr, kessel_chart_ink, 1.0);
  cairo_set_line_width (cr, 1.2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, kessel_plot_x (plot, attack_x (report, index)),
             kessel_plot_y (plot, luck (&g_array_index (report->attacks, KesselAttackRecord, index))), 5.0, 0, 2 * G_PI);
  cairo_stroke (cr);
}

void
kessel_report_chart_attacks (cairo_t *cr, double width, double height, const KesselAfterAction *report)
{
  KesselPlot plot = begin_turn_chart (cr, width, height, _("Luck of each attack, in steps"), report, 0);

  plot.y_min = -2.5;
  plot.y_max = 2.5;
  kessel_chart_y_axis (cr, &plot, FALSE);
  for (guint i = 0; i < report->attacks->len; i++)
    {
      const KesselAttackRecord *record = &g_array_index (report->attacks, KesselAttackRecord, i);
      if (record->die == 0)
        continue;
      kessel_chart_set_colour (cr, side_colour (record->attacker), 0.85);
      cairo_new_sub_path (cr);
      cairo_arc (cr, kessel_plot_x (&plot, attack_x (report, i)), kessel_plot_y (&plot, luck (record)), 2.4, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      ring (cr, &plot, report, report->best[side]);
      ring (cr, &plot, report, report->worst[side]);
    }
  if (report->best[KESSEL_SIDE_GERMAN] < 0 && report->best[KESSEL_SIDE_SOVIET] < 0)
    kessel_chart_message (cr, width, height, _("No attack rolled yet"));
  side_legend (cr);
  turn_ticks (cr, &plot, height);
}

void
kessel_report_chart_draw (cairo_t *cr, double width, double height, KesselReportChart chart,
                          const KesselAfterAction *report, const KesselVictoryTable *victory)
{
  switch (chart)
    {
    case KESSEL_REPORT_CHART_VP: kessel_report_chart_vp (cr, width, height, report, victory); break;
    case KESSEL_REPORT_CHART_LOSSES: kessel_report_chart_losses (cr, width, height, report); break;
    case KESSEL_REPORT_CHART_WEATHER_AIR: kessel_report_chart_weather_air (cr, width, height, report); break;
    case KESSEL_REPORT_CHART_ATTACKS: kessel_report_chart_attacks (cr, width, height, report); break;
    case KESSEL_N_REPORT_CHARTS:
    default: break;
    }
}
