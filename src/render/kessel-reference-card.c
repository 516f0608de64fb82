/* kessel-reference-card.c: the charts and the turn sequence on paper. */
#include "kessel-config.h"
#include "kessel-reference-card.h"

#include <glib/gi18n-lib.h>

#include "kessel-sheet-table.h"
#include "kessel-tables.h"

#define FIRST_COLUMN_WIDTH 66.0

const char *
kessel_reference_card_weather_name (KesselWeather weather)
{
  switch (weather)
    {
    case KESSEL_WEATHER_THAW: return _("Thaw");
    case KESSEL_WEATHER_FROST: return _("Frost");
    case KESSEL_WEATHER_STORM: return _("Storm");
    default: return "?";
    }
}

static void
add_note (KesselSheetDocument *document, const char *markup)
{
  kessel_sheet_document_add_space (document, 2);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_SMALL, markup, 0);
}

static void
add_number (KesselSheetTable *table, int column, int value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);
  kessel_sheet_table_add_text (table, column, text);
}

/* Terrain effects (14.1) */

static const char *
terrain_combat (KesselTerrain terrain)
{
  return terrain == KESSEL_TERRAIN_ROUGH ? _("Odds shift 1 left") : _("No effect");
}

static void
add_place_row (KesselSheetTable *table, const char *name, const char *combat)
{
  kessel_sheet_table_add_text (table, 0, name);
  kessel_sheet_table_add_text (table, 1, "1");
  kessel_sheet_table_add_text (table, 2, "1");
  kessel_sheet_table_add_text (table, 3, combat);
  kessel_sheet_table_end_row (table, TRUE);
}

static void
add_terrain_effects (KesselSheetDocument *document)
{
  const KesselSheetColumn columns[] = {
    { _("Terrain"), FIRST_COLUMN_WIDTH + 20, 0 },
    { _("MP non-mech."), 74, 0 },
    { _("MP mech."), 74, 0 },
    { _("Combat"), 0, 1 },
  };
  g_autoptr(KesselSheetTable) table = NULL;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Terrain effects (14.1)"));
  table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
  for (int terrain = 0; terrain < KESSEL_N_TERRAINS; terrain++)
    {
      kessel_sheet_table_add_text (table, 0, kessel_terrain_display_name (terrain));
      add_number (table, 1, kessel_table_terrain_cost (terrain, KESSEL_MOBILITY_NON_MECHANIZED));
      add_number (table, 2, kessel_table_terrain_cost (terrain, KESSEL_MOBILITY_MECHANIZED));
      kessel_sheet_table_add_text (table, 3, terrain_combat (terrain));
      kessel_sheet_table_end_row (table, TRUE);
    }
  kessel_sheet_table_add_text (table, 0, _("River hexside"));
  kessel_sheet_table_add_text (table, 1, _("+ roll (14.3)"));
  kessel_sheet_table_add_text (table, 2, _("+ roll (14.3)"));
  kessel_sheet_table_add_text (table, 3, _("Odds shift 1 left if every attacking unit attacks across a river"));
  kessel_sheet_table_end_row (table, TRUE);
  add_place_row (table, _("Town"),
                 _("No concentric bonus; odds shift 1 left; DR results ignored. No river crossing cost "
                   "into or out of the hex."));
  add_place_row (table, _("Fortified locality"),
                 _("No concentric bonus; odds shift 2 left with Germans defending, 1 left with Soviets "
                   "defending; DR results ignored. No river crossing cost into or out of the hex. Once "
                   "Soviet-captured it counts as a town in combat."));
}

/* Movement factors (14.4) */

static void
add_movement_factors (KesselSheetDocument *document)
{
  const KesselSheetColumn columns[] = {
    { _("Weather"), FIRST_COLUMN_WIDTH, 0 },
    { _("Non-mechanized"), 0, 1 },
    { _("Mechanized"), 0, 1 },
    { _("Soviet, out of supply"), 0, 1.2 },
  };
  const KesselWeather order[] = { KESSEL_WEATHER_STORM, KESSEL_WEATHER_THAW, KESSEL_WEATHER_FROST };
  g_autoptr(KesselSheetTable) table = NULL;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Movement factors (14.4)"));
  table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      int foot = kessel_table_movement_factor (KESSEL_MOBILITY_NON_MECHANIZED, order[i]);
      int mech = kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, order[i]);
      g_autofree char *halved = g_strdup_printf ("%d / %d", (foot + 1) / 2, (mech + 1) / 2);

      kessel_sheet_table_add_text (table, 0, kessel_reference_card_weather_name (order[i]));
      add_number (table, 1, foot);
      add_number (table, 2, mech);
      kessel_sheet_table_add_text (table, 3, halved);
      kessel_sheet_table_end_row (table, TRUE);
    }
  add_note (document, _("All artillery moves as mechanized (2.3). Static units never move. Storm: no "
                        "zones of control all turn (7.5). Out of supply, Soviet units have half their "
                        "factor, rounded up (8.3)."));
}

/* River crossing (14.3) */

static char *
major_rivers (KesselScenario *scenario)
{
  KesselMap *map = kessel_scenario_get_map (scenario);
  GString *names = g_string_new (NULL);

  for (int i = 0; i < kessel_map_get_n_rivers (map); i++)
    {
      const KesselRiver *river = kessel_map_get_river (map, i);
      if (river->major)
        g_string_append_printf (names, "%s%s", names->len ? ", " : "", river->name);
    }
  return g_string_free (names, names->len == 0);
}

static void
add_river_notes (KesselSheetDocument *document, KesselScenario *scenario)
{
  g_autofree char *rivers = major_rivers (scenario);
  g_autofree char *markup = NULL;

  markup = g_markup_printf_escaped (_("Roll one die as a unit or stack crosses, and add the result to the "
                                      "cost of the hex entered. Add 1 to the die for a major river%s%s. "
                                      "No cost in Frost, nor into or out of a town or fortified locality."),
                                    rivers ? ": " : "", rivers ? rivers : "");
  add_note (document, markup);
  if (kessel_scenario_option_enabled (scenario, "flat-river-crossing"))
    add_note (document, _("<b>Optional rule in force:</b> every crossing that would be rolled costs 3 MP."));
}

static void
add_river_crossing (KesselSheetDocument *document, KesselScenario *scenario)
{
  KesselSheetColumn columns[7] = { { _("Weather \\ die"), FIRST_COLUMN_WIDTH + 12, 0 } };
  const char *dice[] = { "1", "2", "3", "4", "5", "6+" };
  const KesselWeather order[] = { KESSEL_WEATHER_STORM, KESSEL_WEATHER_THAW, KESSEL_WEATHER_FROST };
  g_autoptr(KesselSheetTable) table = NULL;

  for (int i = 0; i < 6; i++)
    columns[i + 1] = (KesselSheetColumn) { dice[i], 0, 1 };
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("River crossing (14.3)"));
  table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
  for (guint w = 0; w < G_N_ELEMENTS (order); w++)
    {
      kessel_sheet_table_add_text (table, 0, kessel_reference_card_weather_name (order[w]));
      for (int die = 1; die <= 6; die++)
        {
          g_autofree char *cost = g_strdup_printf ("+%d", kessel_table_river_cost (order[w], die));
          kessel_sheet_table_add_text (table, die, cost);
        }
      kessel_sheet_table_end_row (table, TRUE);
    }
  add_river_notes (document, scenario);
}

/* Weather (14.2) */

static void
add_weather (KesselSheetDocument *document, KesselScenario *scenario)
{
  KesselSheetColumn columns[7] = { { _("Turn \\ die"), FIRST_COLUMN_WIDTH, 0 } };
  const char *dice[] = { "1", "2", "3", "4", "5", "6" };
  g_autoptr(KesselSheetTable) table = NULL;

  for (int i = 0; i < 6; i++)
    columns[i + 1] = (KesselSheetColumn) { dice[i], 0, 1 };
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Weather (14.2)"));
  if (kessel_scenario_get_turns (scenario) >= 2)
    {
      table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
      for (int turn = 2; turn <= kessel_scenario_get_turns (scenario); turn++)
        {
          add_number (table, 0, turn);
          for (int die = 1; die <= 6; die++)
            kessel_sheet_table_add_text (table, die,
                                         kessel_reference_card_weather_name (kessel_table_weather (turn, die)));
          kessel_sheet_table_end_row (table, TRUE);
        }
      g_clear_pointer (&table, kessel_sheet_table_free);
    }
  add_note (document, _("Turn 1 is always Thaw. At the start of each later turn the Soviet player rolls "
                        "one die. The weather sets the movement factors of both sides for the turn. "
                        "Storm: no zones of control, no CAS and no KG traffic bonus. Frost: rivers cost nothing."));
}

/* Combat results (14.5) */

static void
add_crt_rows (KesselSheetTable *table)
{
  for (int die = 1; die <= 6; die++)
    {
      g_autofree char *label = g_strdup_printf ("<b>%d</b>", die);

      kessel_sheet_table_add_text (table, 0, label);
      for (int odds = 0; odds < KESSEL_N_ODDS; odds++)
        kessel_sheet_table_add_text (table, odds + 1,
                                     kessel_result_to_string (kessel_table_combat_result (odds, die)));
      kessel_sheet_table_end_row (table, TRUE);
    }
}

static void
add_combat_results (KesselSheetDocument *document)
{
  KesselSheetColumn columns[KESSEL_N_ODDS + 1] = { { _("Die"), 28, 0 } };
  g_autoptr(KesselSheetTable) table = NULL;

  for (int odds = 0; odds < KESSEL_N_ODDS; odds++)
    columns[odds + 1] = (KesselSheetColumn) { kessel_odds_to_string (odds), 0, 1 };
  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Combat results (14.5)"));
  table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
  add_crt_rows (table);
  g_clear_pointer (&table, kessel_sheet_table_free);
  add_note (document, _("Odds are attack factors to defence factors, rounded down in the defender’s favour; "
                        "then apply the column shifts. Final odds below 1:2 are an automatic AL1, above "
                        "7:1 an automatic DL1+DR, without a roll."));
  add_note (document, _("<b>AL1</b> the attacker loses one step. <b>AS</b> attack stalled: nothing happens. "
                        "<b>DR</b> the defender retreats one hex, where the German player chooses. "
                        "<b>DL1</b> the defender loses one step. <b>DL1+DR</b> both, the loss first. "
                        "<b>EX</b> each side loses one step."));
  add_note (document, _("Shifts: concentric attack 2 right for Germans, 1 right for Soviets (13.8.2); "
                        "KG within 2 hexes 1 in the German favour (13.4); Tiger stacked with a division 1 "
                        "in the German favour (13.5); each CAS marker adds 1 factor (13.3)."));
}

/* Turn sequence (5.0) */

static void
add_sequence_row (KesselSheetTable *table, const char *numeral, const char *name, const char *what)
{
  g_autofree char *bold = g_markup_printf_escaped ("<b>%s</b>", numeral);

  kessel_sheet_table_add_text (table, 0, bold);
  kessel_sheet_table_add_text (table, 1, name);
  kessel_sheet_table_add_text (table, 2, what);
  kessel_sheet_table_end_row (table, TRUE);
}

static void
add_turn_sequence (KesselSheetDocument *document)
{
  const KesselSheetColumn columns[] = {
    { _("Phase"), 36, 0 },
    { _("Name"), 0, 1 },
    { _("What happens"), 0, 2.2 },
  };
  g_autoptr(KesselSheetTable) table = NULL;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Turn sequence (5.0)"));
  table = kessel_sheet_table_new_compact (document, columns, G_N_ELEMENTS (columns));
  add_sequence_row (table, "I", _("Weather"), _("Turn 1: Thaw. Later turns: the Soviet player rolls on the weather table."));
  add_sequence_row (table, "II", _("Mutual air"), _("Turn 1: the Soviet player gets one die of CAS markers. Later: both roll two dice (ties again); the higher gets the difference."));
  add_sequence_row (table, "III", _("German KG deployment"), _("From turn 3: up to three KG markers, in any hexes, one a hex."));
  add_sequence_row (table, "IV", _("Soviet 1st phase"), _("Move/Fight or Fight/Move, as the Soviet player announces; Move/Fight on turn 1."));
  add_sequence_row (table, "V", _("Soviet 2nd phase"), _("The other half again: movement and combat."));
  add_sequence_row (table, "VI", _("German 1st phase"), _("Move/Fight or Fight/Move, as the German player announces."));
  add_sequence_row (table, "VII", _("German 1st mechanized combat"), _("Mechanized units may attack or probe again; no movement."));
  add_sequence_row (table, "VIII", _("German 2nd phase"), _("Movement and combat again, all units."));
  add_sequence_row (table, "IX", _("German 2nd mechanized combat"), _("Mechanized units may attack or probe again."));
  add_sequence_row (table, "X", _("German reinforcements"), _("Units due this turn enter on entry hexes (10.1)."));
  add_sequence_row (table, "XI", _("Soviet replacements"), _("Rifle corps due back return reduced, in Soviet-held towns in supply (11.2)."));
  add_sequence_row (table, "XII", _("Administrative"), _("Remove KG and CAS markers; check the VP track. The game ends after the last turn."));
}

typedef void (*ChartFunc) (KesselSheetDocument *document, KesselScenario *scenario);

static void add_terrain_chart (KesselSheetDocument *d, KesselScenario *s) { add_terrain_effects (d); }
static void add_movement_chart (KesselSheetDocument *d, KesselScenario *s) { add_movement_factors (d); }
static void add_combat_chart (KesselSheetDocument *d, KesselScenario *s) { add_combat_results (d); }
static void add_sequence_chart (KesselSheetDocument *d, KesselScenario *s) { add_turn_sequence (d); }

void
kessel_reference_card_add (KesselSheetDocument *document, KesselScenario *scenario, const char *title)
{
  const ChartFunc charts[] = {
    add_terrain_chart, add_movement_chart, add_river_crossing, add_weather, add_combat_chart,
    add_sequence_chart,
  };

  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  /* Each chart is read with its notes: keep it on one page. */
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      kessel_sheet_document_set_keep_together (document, TRUE);
      charts[i] (document, scenario);
      kessel_sheet_document_set_keep_together (document, FALSE);
    }
}
