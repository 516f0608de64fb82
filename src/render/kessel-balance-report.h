/* kessel-balance-report.h: a balance analysis in words and as a PDF report
 * with its charts (kessel-balance-charts.h). The lines of text are shared by
 * kessel-cli balance, the editor's Balance page and the report. */
#pragma once

#include <glib.h>

#include "kessel-balance.h"

G_BEGIN_DECLS

typedef struct {
  const char *title;                          /* the scenario's */
  const char *players;                        /* such as "ai:easy against ai:easy" */
  guint64 first_seed;
  const KesselBalanceSummary *summary;
  /* For a comparison, the other variant, its name and the paired
   * differences (other less summary); NULL otherwise. */
  const KesselBalanceSummary *other;
  const char *other_title;
  const KesselBalanceComparison *comparison;
} KesselBalanceReport;

/* "draw 24-27, Soviet victory from 28 (German 33%, draw 34%, Soviet 33%)" */
char      *kessel_balance_report_describe_thresholds (const KesselThresholds *thresholds);
/* Lines of text, free with g_ptr_array_unref. */
GPtrArray *kessel_balance_report_summary_lines (const KesselBalanceSummary *summary);
GPtrArray *kessel_balance_report_suggestion_lines (const KesselBalanceSummary *summary);
GPtrArray *kessel_balance_report_turn_lines (const KesselBalanceSummary *summary);
GPtrArray *kessel_balance_report_place_lines (const KesselBalanceSummary *summary);
GPtrArray *kessel_balance_report_comparison_lines (const KesselBalanceComparison *comparison);

/* Writes the report, A4 portrait, to a PDF file. */
gboolean   kessel_balance_report_write_pdf (const KesselBalanceReport *report, const char *path, GError **error);

G_END_DECLS
