/* kessel-sheet-units.c: the unit lists of the setup sheets. */
#include "kessel-config.h"
#include "kessel-sheet-units.h"

#include <glib/gi18n-lib.h>

#include "kessel-sheet-table.h"

#define HEX_COLUMN_WIDTH 40.0
#define TURN_COLUMN_WIDTH 40.0

/* Words */

static const char *
mobility_name (KesselMobility mobility)
{
  switch (mobility)
    {
    case KESSEL_MOBILITY_MECHANIZED: return _("Mechanized");
    case KESSEL_MOBILITY_NON_MECHANIZED: return _("Non-mechanized");
    case KESSEL_MOBILITY_STATIC: return _("Static");
    default: return "";
    }
}

static char *
hex_text (KesselScenario *scenario, int hex)
{
  return kessel_grid_format_hex (kessel_map_get_grid (kessel_scenario_get_map (scenario)), hex);
}

/* "0805" or "0805 Ternopol" when a place is there. */
static char *
hex_with_place (KesselScenario *scenario, int hex)
{
  const KesselPlace *place = kessel_map_get_place_at (kessel_scenario_get_map (scenario), hex);
  g_autofree char *number = hex_text (scenario, hex);

  if (place == NULL || place->name == NULL || *place->name == '\0')
    return g_steal_pointer (&number);
  return g_strdup_printf ("%s %s", number, place->name);
}

static char *
abilities_text (KesselUnit *unit)
{
  GString *text = g_string_new (NULL);

  if (kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT))
    g_string_append_printf (text, _("Supports combats up to %d hexes away (13.1). "),
                            kessel_unit_get_support_range (unit));
  if (kessel_unit_has_ability (unit, KESSEL_ABILITY_DOUBLE_IN_CLEAR))
    g_string_append (text, _("Attack doubled against clear hexes (13.2). "));
  if (kessel_unit_has_ability (unit, KESSEL_ABILITY_RETURNS))
    g_string_append (text, _("May return after elimination (11.0). "));
  if (text->len > 0)
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, text->len == 0);
}

/* Name in bold, then type, size and mobility, then special abilities. */
static char *
unit_markup (KesselUnit *unit)
{
  g_autofree char *abilities = abilities_text (unit);
  const char *name = kessel_unit_get_name (unit);
  g_autofree char *main = NULL;

  if (name == NULL || *name == '\0')
    name = kessel_unit_get_id (unit);
  main = g_markup_printf_escaped ("<b>%s</b>\n%s · %s · %s", name,
                                  kessel_unit_type_display_name (kessel_unit_get_unit_type (unit)),
                                  kessel_unit_size_display_name (kessel_unit_get_size (unit)),
                                  mobility_name (kessel_unit_get_mobility (unit)));
  if (abilities == NULL)
    return g_steal_pointer (&main);
  {
    g_autofree char *more = g_markup_printf_escaped ("\n<i>%s</i>", abilities);
    return g_strconcat (main, more, NULL);
  }
}

/* "5-4" for one step. */
static char *
step_factors (KesselUnit *counter, int step)
{
  const KesselStep *factors = kessel_unit_get_step (counter, step);
  return factors ? g_strdup_printf ("%d-%d", factors->attack, factors->defence) : g_strdup ("–");
}

/* The factors of each side of one counter: "front 5-4, back 4-4". */
static char *
counter_factors (KesselUnit *counter)
{
  int n = kessel_unit_get_n_steps (counter);
  g_autofree char *front = n > 0 ? step_factors (counter, 0) : NULL;
  g_autofree char *back = n > 1 ? step_factors (counter, 1) : NULL;

  if (n == 0)
    return g_strdup (_("no combat factors"));
  if (n == 1)
    return g_steal_pointer (&front);
  /* Translators: the attack-defence factors of a counter's two sides. */
  return g_strdup_printf (_("front %s, back %s"), front, back);
}

static char *
setup_steps_markup (KesselScenario *scenario, const KesselSheetPiece *piece)
{
  g_autoptr(GPtrArray) chain = kessel_sheet_pieces_chain (scenario, piece->unit);
  g_autofree char *factors = counter_factors (piece->unit);
  g_autofree char *steps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps",
                                                         piece->full_steps), piece->full_steps);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>: %s", steps, factors);
  g_autofree char *more = NULL;

  if (chain->len <= 1)
    return g_steal_pointer (&markup);
  more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "; then %d substitute counter",
                                       "; then %d substitute counters", chain->len - 1),
                          chain->len - 1);
  return g_strconcat (markup, more, NULL);
}

static char *
game_steps_markup (const KesselSheetPiece *piece)
{
  g_autofree char *now = step_factors (piece->counter, piece->step);
  g_autofree char *steps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d of %d step",
                                                         "%d of %d steps", piece->full_steps),
                                            piece->steps, piece->full_steps);
  g_autofree char *sides = NULL;

  if (kessel_unit_get_n_steps (piece->counter) < 2)
    /* Translators: steps left of all, then the factors showing. */
    return g_markup_printf_escaped (_("<b>%s</b>, showing %s"), steps, now);
  sides = counter_factors (piece->counter);
  /* Translators: steps left of all, the factors showing, then those of the
   * counter's two sides. */
  return g_markup_printf_escaped (_("<b>%s</b>, showing %s (%s)"), steps, now, sides);
}

static char *
placement_markup (KesselScenario *scenario, const KesselSheetPiece *piece)
{
  g_autofree char *hex = hex_with_place (scenario, piece->hex);

  if (kessel_unit_get_setup_exact (piece->unit))
    /* Translators: a unit that must set up exactly in its hex (3.2). */
    return g_markup_printf_escaped (_("<b>Exactly</b> in %s"), hex);
  /* Translators: a unit that may set up in its hex or next to it (3.2). */
  return g_markup_printf_escaped (_("In %s <b>or adjacent</b>"), hex);
}

static char *
status_markup (KesselGame *game, KesselSide side, int piece_index)
{
  if (side == KESSEL_SIDE_SOVIET)
    return g_strdup (kessel_game_piece_in_supply (game, piece_index) ? _("In supply") : _("<b>Out of supply</b>"));
  return g_strdup (kessel_game_piece_in_command (game, piece_index) ? _("In C&amp;C") : _("<b>Out of C&amp;C</b>"));
}

/* The counter's sides as they look, front first. */
static void
add_counter_sides (KesselSheetTable *table, int column, KesselUnit *counter, gboolean substitute,
                   const char *caption)
{
  KesselStackEntry sides[KESSEL_UNIT_MAX_STEPS] = { { 0 } };
  int n = CLAMP (kessel_unit_get_n_steps (counter), 1, KESSEL_UNIT_MAX_STEPS);

  for (int i = 0; i < n; i++)
    {
      sides[i].unit = counter;
      sides[i].step = i;
      sides[i].substitute = substitute;
    }
  kessel_sheet_table_add_figure (table, column, sides, n, KESSEL_SHEET_COUNTER_SIZE, caption);
}

static void
add_counter_now (KesselSheetTable *table, int column, const KesselSheetPiece *piece)
{
  KesselStackEntry entry = kessel_sheet_piece_entry (piece);
  kessel_sheet_table_add_figure (table, column, &entry, 1, KESSEL_SHEET_COUNTER_SIZE, NULL);
}

/* Positions */

static void
add_intro (KesselSheetDocument *document, const KesselSheetSource *source, KesselSide side)
{
  g_autofree char *text = NULL;

  if (source->game != NULL)
    text = g_strdup (_("Where each unit stands now, by hex, with the counter that is up and the side "
                       "that shows."));
  else
    text = g_strconcat (_("By hex. A unit set up “exactly” goes in its hex; any other unit goes in its "
                          "hex or in a hex next to it (3.2). "),
                        side == KESSEL_SIDE_GERMAN
                          ? _("The German player sets up after the Soviet player: the garrisons first, "
                              "then the other units, at most 9 steps in a hex. Hitler’s stand-fast "
                              "order: on turn 1 a German unit set up in column 23 or further east may "
                              "not go west of column 23 (3.2).")
                          : _("The Soviet player sets up first. A hex may hold more than the stacking "
                              "limit until the end of the Soviet movement on turn 1."),
                        NULL);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, text, 0);
  kessel_sheet_document_add_space (document, 6);
}

/* A table whose header, when repeated, says which section runs on. */
static KesselSheetTable *
new_table (KesselSheetDocument *document, const KesselSheetColumn *columns, int n_columns,
           const char *title)
{
  /* Translators: above a table that runs on from the page before. */
  g_autofree char *continued = g_strdup_printf (_("%s, continued"), title);
  KesselSheetTable *table = kessel_sheet_table_new (document, columns, n_columns);

  kessel_sheet_table_set_continued (table, continued);
  return table;
}

static KesselSheetTable *
positions_table (KesselSheetDocument *document, gboolean game, const char *title)
{
  const KesselSheetColumn columns[] = {
    { _("Hex"), HEX_COLUMN_WIDTH, 0 },
    { _("Counter"), game ? KESSEL_SHEET_COUNTER_SIZE + 10 : 2 * KESSEL_SHEET_COUNTER_SIZE + 13, 0 },
    { _("Unit"), 0, 1.35 },
    { _("Steps and factors"), 0, 1.0 },
    { game ? _("Supply or C&C") : _("Set-up"), 0, game ? 0.6 : 0.9 },
  };

  return new_table (document, columns, G_N_ELEMENTS (columns), title);
}

static void
add_position_row (KesselSheetTable *table, const KesselSheetSource *source,
                  const KesselSheetPiece *piece, gboolean first_in_hex)
{
  g_autofree char *unit = unit_markup (piece->unit);
  g_autofree char *steps = NULL;
  g_autofree char *last = NULL;

  if (first_in_hex)
    {
      g_autofree char *hex = hex_text (source->scenario, piece->hex);
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", hex);
      kessel_sheet_table_add_text (table, 0, markup);
    }
  if (source->game != NULL)
    {
      int index = kessel_game_find_piece (source->game, kessel_unit_get_id (piece->unit));

      add_counter_now (table, 1, piece);
      steps = game_steps_markup (piece);
      last = status_markup (source->game, kessel_unit_get_side (piece->unit), index);
    }
  else
    {
      add_counter_sides (table, 1, piece->unit, FALSE, NULL);
      steps = setup_steps_markup (source->scenario, piece);
      last = placement_markup (source->scenario, piece);
    }
  kessel_sheet_table_add_text (table, 2, unit);
  kessel_sheet_table_add_text (table, 3, steps);
  kessel_sheet_table_add_text (table, 4, last);
  kessel_sheet_table_end_row (table, first_in_hex);
}

void
kessel_sheet_units_add_positions (KesselSheetDocument *document, const KesselSheetSource *source,
                                  KesselSide side, const char *title)
{
  g_autoptr(GArray) pieces = kessel_sheet_pieces_on_map (source->pieces, source->scenario, side);
  g_autoptr(KesselSheetTable) table = NULL;
  int last_hex = KESSEL_HEX_NONE;

  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  add_intro (document, source, side);
  if (pieces->len == 0)
    {
      kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                           _("No units of this side are on the map."), 0);
      return;
    }
  table = positions_table (document, source->game != NULL, title);
  for (guint i = 0; i < pieces->len; i++)
    {
      const KesselSheetPiece *piece = &g_array_index (pieces, KesselSheetPiece, i);

      add_position_row (table, source, piece, piece->hex != last_hex);
      last_hex = piece->hex;
    }
}

/* Off the map */

static char *
off_map_status (const KesselSheetPiece *piece)
{
  switch (piece->status)
    {
    case KESSEL_PIECE_WAITING:
      if (piece->turn > 0)
        return g_strdup_printf (_("Arrives on turn %d"), piece->turn);
      return g_strdup (_("Not yet set up"));
    case KESSEL_PIECE_ELIMINATED: return g_strdup (_("Eliminated"));
    case KESSEL_PIECE_EXITED: return g_strdup (_("Exited off the map"));
    case KESSEL_PIECE_RETURNING: return g_strdup_printf (_("Returns on turn %d (11.0)"), piece->turn);
    case KESSEL_PIECE_FORFEITED: return g_strdup (_("Forfeited (10.1)"));
    case KESSEL_PIECE_ON_MAP:
    default: return g_strdup ("");
    }
}

void
kessel_sheet_units_add_off_map (KesselSheetDocument *document, const KesselSheetSource *source,
                                const char *title)
{
  const KesselSheetColumn columns[] = {
    { _("Side"), 54, 0 },
    { _("Counter"), KESSEL_SHEET_COUNTER_SIZE + 10, 0 },
    { _("Unit"), 0, 1.4 },
    { _("Where"), 0, 1.0 },
  };
  g_autoptr(KesselSheetTable) table = NULL;
  KesselSide last_side = KESSEL_SIDE_NONE;

  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  for (guint i = 0; i < source->pieces->len; i++)
    {
      const KesselSheetPiece *piece = &g_array_index (source->pieces, KesselSheetPiece, i);
      KesselSide side = kessel_unit_get_side (piece->unit);
      g_autofree char *unit = NULL;
      g_autofree char *status = NULL;
      g_autofree char *status_markup = NULL;

      if (piece->status == KESSEL_PIECE_ON_MAP)
        continue;
      if (table == NULL)
        table = new_table (document, columns, G_N_ELEMENTS (columns), title);
      if (side != last_side)
        {
          g_autofree char *side_markup = g_markup_printf_escaped ("<b>%s</b>", kessel_side_display_name (side));
          kessel_sheet_table_add_text (table, 0, side_markup);
        }
      add_counter_now (table, 1, piece);
      unit = unit_markup (piece->unit);
      kessel_sheet_table_add_text (table, 2, unit);
      status = off_map_status (piece);
      status_markup = g_markup_escape_text (status, -1);
      kessel_sheet_table_add_text (table, 3, status_markup);
      kessel_sheet_table_end_row (table, side != last_side);
      last_side = side;
    }
  if (table == NULL)
    kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                         _("Every unit is on the map."), 0);
}

/* Reinforcements */

static int
compare_numbers (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

static void
append_range (GString *text, KesselScenario *scenario, int first, int last)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  int first_hex = kessel_grid_hex_from_number (grid, first);
  g_autofree char *start = hex_with_place (scenario, first_hex);

  if (text->len > 0)
    g_string_append (text, ", ");
  if (first == last)
    g_string_append (text, start);
  else
    g_string_append_printf (text, "%04d–%04d", first, last);
}

static gboolean
has_place (KesselScenario *scenario, int number)
{
  KesselMap *map = kessel_scenario_get_map (scenario);
  int hex = kessel_grid_hex_from_number (kessel_map_get_grid (map), number);

  return hex != KESSEL_HEX_NONE && kessel_map_get_place_at (map, hex) != NULL;
}

char *
kessel_sheet_units_entry_hexes (KesselScenario *scenario)
{
  KesselMap *map = kessel_scenario_get_map (scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (int));
  GString *text = g_string_new (NULL);
  int first = -1;

  for (int hex = 0; hex < kessel_grid_hex_count (grid); hex++)
    if (kessel_map_has_edge_role (map, hex, KESSEL_EDGE_ENTRY))
      {
        int number = kessel_grid_hex_number (grid, hex);
        g_array_append_val (numbers, number);
      }
  g_array_sort (numbers, compare_numbers);
  /* Hexes one below the other make a range; a town stands alone, by name. */
  for (guint i = 0; i < numbers->len; i++)
    {
      int number = g_array_index (numbers, int, i);
      gboolean joins_next = i + 1 < numbers->len && g_array_index (numbers, int, i + 1) == number + 1
                            && !has_place (scenario, number) && !has_place (scenario, number + 1);

      if (first < 0)
        first = number;
      if (!joins_next)
        {
          append_range (text, scenario, first, number);
          first = -1;
        }
    }
  return g_string_free (text, text->len == 0);
}

static void
add_entry_paragraph (KesselSheetDocument *document, KesselScenario *scenario)
{
  g_autofree char *hexes = kessel_sheet_units_entry_hexes (scenario);
  g_autofree char *markup = NULL;

  if (hexes == NULL)
    markup = g_strdup (_("The map has no entry hexes."));
  else
    markup = g_markup_printf_escaped (_("Reinforcements are placed in phase X of the turn shown, on "
                                        "any of these entry hexes: <b>%s</b>. A town or fortified "
                                        "locality among them serves only while it is German-controlled "
                                        "and can trace C&amp;C, any other only while free of enemy units and "
                                        "zones of control (10.1). A reinforcement not placed on its turn is "
                                        "lost."),
                                      hexes);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, markup, 0);
  kessel_sheet_document_add_space (document, 6);
}

static gboolean
is_waiting_reinforcement (const KesselSheetPiece *piece)
{
  return piece->status == KESSEL_PIECE_WAITING && piece->turn > 0;
}

static void
add_reinforcement_row (KesselSheetTable *table, const KesselSheetSource *source,
                       const KesselSheetPiece *piece, gboolean first_of_turn)
{
  g_autofree char *unit = unit_markup (piece->unit);
  g_autofree char *steps = setup_steps_markup (source->scenario, piece);
  g_autofree char *side = NULL;

  if (first_of_turn)
    {
      g_autofree char *turn = g_strdup_printf ("<b>%d</b>", piece->turn);
      kessel_sheet_table_add_text (table, 0, turn);
    }
  add_counter_sides (table, 1, piece->unit, FALSE, NULL);
  kessel_sheet_table_add_text (table, 2, unit);
  kessel_sheet_table_add_text (table, 3, steps);
  side = g_markup_escape_text (kessel_side_display_name (kessel_unit_get_side (piece->unit)), -1);
  kessel_sheet_table_add_text (table, 4, side);
  kessel_sheet_table_end_row (table, first_of_turn);
}

void
kessel_sheet_units_add_reinforcements (KesselSheetDocument *document,
                                       const KesselSheetSource *source, const char *title)
{
  const KesselSheetColumn columns[] = {
    { _("Turn"), TURN_COLUMN_WIDTH, 0 },
    { _("Counter"), 2 * KESSEL_SHEET_COUNTER_SIZE + 13, 0 },
    { _("Unit"), 0, 1.35 },
    { _("Steps and factors"), 0, 1.0 },
    { _("Side"), 0, 0.45 },
  };
  g_autoptr(KesselSheetTable) table = NULL;

  kessel_sheet_document_begin_section (document, title, NULL, TRUE);
  add_entry_paragraph (document, source->scenario);
  for (int turn = 1; turn <= KESSEL_SCENARIO_MAX_TURNS; turn++)
    {
      gboolean first = TRUE;

      for (guint i = 0; i < source->pieces->len; i++)
        {
          const KesselSheetPiece *piece = &g_array_index (source->pieces, KesselSheetPiece, i);

          if (!is_waiting_reinforcement (piece) || piece->turn != turn)
            continue;
          if (table == NULL)
            table = new_table (document, columns, G_N_ELEMENTS (columns), title);
          add_reinforcement_row (table, source, piece, first);
          first = FALSE;
        }
    }
  if (table == NULL)
    kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                         source->game ? _("No more reinforcements are to come.")
                                                      : _("This scenario has no reinforcements."), 0);
}

/* Substitute counters */

static char *
chain_caption (int index)
{
  if (index == 0)
    return g_strdup (_("First counter"));
  /* Translators: the n-th substitute counter of a division (2.6). */
  return g_strdup_printf (_("Substitute %d"), index);
}

static void
add_chain_row (KesselSheetTable *table, KesselScenario *scenario, KesselUnit *unit, GPtrArray *chain)
{
  const char *name = kessel_unit_get_name (unit);
  int steps = kessel_scenario_get_total_steps (scenario, unit);
  g_autofree char *steps_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d step", "%d steps", steps),
                                                 steps);
  g_autofree char *counters = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "on %d counter",
                                                            "on %d counters", chain->len),
                                               chain->len);
  g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>\n%s %s", name && *name ? name
                                                     : kessel_unit_get_id (unit), steps_text, counters);

  kessel_sheet_table_add_text (table, 0, markup);
  for (guint i = 0; i < chain->len; i++)
    {
      g_autofree char *caption = chain_caption (i);
      add_counter_sides (table, 1, g_ptr_array_index (chain, i), i > 0, caption);
    }
  kessel_sheet_table_end_row (table, TRUE);
}

void
kessel_sheet_units_add_substitutes (KesselSheetDocument *document, const KesselSheetSource *source,
                                    const char *title)
{
  const KesselSheetColumn columns[] = {
    { _("Division"), 0, 1.0 },
    { _("Its counters, in the order they come into play"), 0, 2.9 },
  };
  g_autoptr(KesselSheetTable) table = NULL;

  kessel_sheet_document_begin_section (document, title, NULL, FALSE);
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                       _("A division of more than two steps is a chain of counters. "
                                         "When a counter loses its last step, the next one of the chain "
                                         "takes its place at full strength (2.8). Substitute counters "
                                         "carry a dot at the top left."), 0);
  kessel_sheet_document_add_space (document, 6);
  for (guint i = 0; i < source->pieces->len; i++)
    {
      KesselUnit *unit = g_array_index (source->pieces, KesselSheetPiece, i).unit;
      g_autoptr(GPtrArray) chain = kessel_sheet_pieces_chain (source->scenario, unit);

      if (chain->len < 2)
        continue;
      if (table == NULL)
        table = new_table (document, columns, G_N_ELEMENTS (columns), title);
      add_chain_row (table, source->scenario, unit, chain);
    }
  if (table == NULL)
    kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY,
                                         _("No unit of this scenario has substitute counters."), 0);
}
