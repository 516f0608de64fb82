/* kessel-sheet-title.c: the first page of the setup sheets. */
#include "kessel-config.h"
#include "kessel-sheet-title.h"

#include <glib/gi18n-lib.h>

#include "kessel-reference-card.h"
#include "kessel-sheet-table.h"

#define TITLE_FONT "Sans Bold 24"
#define SUBTITLE_FONT "Sans 12"

static void
add_markup_paragraph (KesselSheetDocument *document, const char *markup)
{
  kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, markup, 0);
  kessel_sheet_document_add_space (document, 3);
}

/* Headline */

static void
add_subtitle (KesselSheetDocument *document, const KesselSheetSource *source)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *markup = NULL;

  if (source->game == NULL)
    subtitle = g_strdup (_("Set-up sheets"));
  else if (kessel_game_is_over (source->game))
    subtitle = g_strdup_printf (_("Game over after turn %d: %s"), kessel_game_get_turn (source->game),
                                kessel_verdict_display_name (kessel_game_get_verdict (source->game)));
  else
    /* Translators: the turn and phase of a game in progress. */
    subtitle = g_strdup_printf (_("Game in progress: turn %d, %s"), kessel_game_get_turn (source->game),
                                kessel_phase_display_name (kessel_game_get_phase (source->game)));
  markup = g_markup_escape_text (subtitle, -1);
  kessel_sheet_document_add_paragraph (document, SUBTITLE_FONT, markup, 0);
  kessel_sheet_document_add_space (document, 8);
}

static void
count_side (GArray *pieces, KesselSide side, int *units, int *steps)
{
  *units = *steps = 0;
  for (guint i = 0; i < pieces->len; i++)
    {
      const KesselSheetPiece *piece = &g_array_index (pieces, KesselSheetPiece, i);
      if (kessel_unit_get_side (piece->unit) != side)
        continue;
      (*units)++;
      *steps += piece->full_steps;
    }
}

static void
add_facts (KesselSheetDocument *document, const KesselSheetSource *source)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (source->scenario));
  const char *description = kessel_scenario_get_description (source->scenario);
  int german, german_steps, soviet, soviet_steps;
  g_autofree char *facts = NULL;

  if (description && *description)
    {
      g_autofree char *markup = g_markup_escape_text (description, -1);
      add_markup_paragraph (document, markup);
    }
  count_side (source->pieces, KESSEL_SIDE_GERMAN, &german, &german_steps);
  count_side (source->pieces, KESSEL_SIDE_SOVIET, &soviet, &soviet_steps);
  facts = g_markup_printf_escaped (_("<b>Turns:</b> %d.   <b>Map:</b> %d columns by %d rows.   "
                                     "<b>German:</b> %d units, %d steps.   <b>Soviet:</b> %d units, %d steps."),
                                   kessel_scenario_get_turns (source->scenario), grid->columns,
                                   grid->rows, german, german_steps, soviet, soviet_steps);
  add_markup_paragraph (document, facts);
}

/* Markers and control */

static int
compare_place_hexes (gconstpointer a, gconstpointer b, gpointer grid)
{
  const KesselPlace *x = *(const KesselPlace **) a, *y = *(const KesselPlace **) b;
  return kessel_grid_hex_number (grid, x->hex) - kessel_grid_hex_number (grid, y->hex);
}

static KesselSide
place_control (const KesselSheetSource *source, int hex)
{
  if (source->game != NULL)
    return kessel_game_get_control (source->game, hex);
  return kessel_map_get_initial_control (kessel_scenario_get_map (source->scenario), hex);
}

/* "Krasilov 2603, Khmelnik 4004" for the places a side controls. */
static char *
controlled_places (const KesselSheetSource *source, KesselSide side)
{
  KesselMap *map = kessel_scenario_get_map (source->scenario);
  const KesselGrid *grid = kessel_map_get_grid (map);
  g_autoptr(GPtrArray) places = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    if (place_control (source, kessel_map_get_place (map, i)->hex) == side)
      g_ptr_array_add (places, (gpointer) kessel_map_get_place (map, i));
  g_ptr_array_sort_with_data (places, compare_place_hexes, (gpointer) grid);
  for (guint i = 0; i < places->len; i++)
    {
      const KesselPlace *place = g_ptr_array_index (places, i);
      g_string_append_printf (text, "%s%s %04d", i > 0 ? ", " : "", place->name,
                              kessel_grid_hex_number (grid, place->hex));
    }
  return g_string_free (text, text->len == 0);
}

static void
add_control (KesselSheetDocument *document, const KesselSheetSource *source)
{
  const KesselSide sides[] = { KESSEL_SIDE_SOVIET, KESSEL_SIDE_GERMAN, KESSEL_SIDE_NONE };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autofree char *places = controlled_places (source, sides[i]);
      g_autofree char *markup = NULL;

      if (places == NULL)
        continue;
      if (sides[i] == KESSEL_SIDE_SOVIET)
        markup = g_markup_printf_escaped (_("<b>Soviet control markers:</b> %s."), places);
      else if (sides[i] == KESSEL_SIDE_GERMAN)
        markup = g_markup_printf_escaped (_("<b>German-controlled:</b> %s."), places);
      else
        markup = g_markup_printf_escaped (_("<b>Controlled by neither side:</b> %s."), places);
      add_markup_paragraph (document, markup);
    }
}

static void
add_markers (KesselSheetDocument *document, const KesselSheetSource *source)
{
  g_autofree char *markup = NULL;

  if (source->game == NULL)
    {
      const KesselStartMarkers *start = kessel_scenario_get_start (source->scenario);

      kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING,
                                         _("Starting markers and hex control (3.1)"));
      markup = g_markup_printf_escaped (_("<b>Turn marker</b> and <b>%s</b> weather marker in the "
                                          "turn 1 box. <b>Soviet VP marker</b> on %d."),
                                        kessel_reference_card_weather_name (start->weather),
                                        start->soviet_vp);
    }
  else
    {
      kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING,
                                         _("Markers and hex control now"));
      markup = g_markup_printf_escaped (_("<b>Turn</b> %d, <b>weather</b> %s, <b>Soviet VP</b> %d."),
                                        kessel_game_get_turn (source->game),
                                        kessel_reference_card_weather_name (kessel_game_get_weather (source->game)),
                                        kessel_game_get_vp (source->game));
    }
  add_markup_paragraph (document, markup);
  add_control (document, source);
}

/* Victory */

static void
add_victory_row (KesselSheetTable *table, const char *when, const char *vp)
{
  kessel_sheet_table_add_text (table, 0, when);
  kessel_sheet_table_add_text (table, 1, vp);
  kessel_sheet_table_end_row (table, TRUE);
}

static void
add_victory_rows (KesselSheetTable *table, const KesselVictoryTable *victory)
{
  g_autofree char *town = g_strdup_printf ("%d", victory->town);
  g_autofree char *fortified = g_strdup_printf ("%d", victory->fortified);
  g_autofree char *out = g_strdup_printf ("%d", victory->out_of_command);
  g_autofree char *exit = g_strdup_printf (_("%d each, at most %d"), victory->corps_exit,
                                           victory->corps_exit_cap);

  add_victory_row (table, _("Each town hex Soviet-controlled at the end"), town);
  add_victory_row (table, _("Each fortified locality hex Soviet-controlled at the end"), fortified);
  add_victory_row (table, _("Each German-controlled town or fortified locality hex that cannot "
                            "trace C&amp;C after the last turn"), out);
  add_victory_row (table, _("Each Soviet corps that leaves the map by an exit hex"), exit);
  add_victory_row (table, _("A German division losing its last step while out of C&amp;C (4.2)"),
                   _("its full steps"));
}

static void
add_victory (KesselSheetDocument *document, const KesselSheetSource *source)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (source->scenario);
  const KesselSheetColumn columns[] = {
    { _("The Soviet player scores"), 0, 5 },
    { _("VP"), 0, 1 },
  };
  g_autofree char *verdicts = NULL;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Victory points (4.0)"));
  {
    g_autoptr(KesselSheetTable) table = kessel_sheet_table_new_compact (document, columns,
                                                                        G_N_ELEMENTS (columns));
    add_victory_rows (table, victory);
  }
  kessel_sheet_document_add_space (document, 4);
  if (victory->draw_from < victory->soviet_wins_at)
    verdicts = g_markup_printf_escaped (_("After turn %d: <b>Soviet victory</b> with %d VP or more, "
                                          "<b>draw</b> with %d to %d, <b>German victory</b> with %d or fewer."),
                                        kessel_scenario_get_turns (source->scenario),
                                        victory->soviet_wins_at, victory->draw_from,
                                        victory->soviet_wins_at - 1, victory->draw_from - 1);
  else
    verdicts = g_markup_printf_escaped (_("After turn %d: <b>Soviet victory</b> with %d VP or more, "
                                          "<b>German victory</b> with fewer."),
                                        kessel_scenario_get_turns (source->scenario),
                                        victory->soviet_wins_at);
  add_markup_paragraph (document, verdicts);
}

/* Set-up and options */

static void
add_setup_order (KesselSheetDocument *document)
{
  const char *steps[] = {
    N_("1. The Soviet player places each of his units exactly in its hex."),
    N_("2. The Soviet player rolls one die: that many CAS markers for turn 1 (5.2)."),
    N_("3. The German player places his static garrisons exactly in their hexes."),
    N_("4. The German player places every other unit in its hex or a hex next to it, except the "
       "units marked “exactly” in the lists, which go exactly in their hexes."),
    N_("The Soviet player moves first on turn 1, and must choose Move/Fight."),
  };

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Setting up (3.2)"));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, _(steps[i]), 10);
}

static const char *
option_description (const char *id)
{
  static const struct {
    const char *id;
    const char *text;
  } options[] = {
    { "second-phase-same-order", N_("A side’s second phase repeats the order chosen for its first (5.4).") },
    { "second-phase-own-choice", N_("A side chooses the order again for its second phase (5.4).") },
    { "mech-combat-right-after-combat", N_("Under Fight/Move, mechanized combat comes right after "
                                           "the combat part, before the movement part (5.5).") },
    { "trace-literal", N_("Supply and C&C lines start at the unit: its own hex must be free of enemy "
                          "zones of control too (8.4, 9.2).") },
    { "odds-table-only", N_("Shifts never carry odds that are on the table to an automatic result (13.8).") },
    { "flat-river-crossing", N_("Every river crossing that would be rolled costs 3 MP instead (12.3).") },
    { "river-crossing-retry", N_("A unit that cannot pay its river roll may try the same hexside again, "
                                 "with a new roll (12.3).") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_strcmp0 (options[i].id, id) == 0)
      return _(options[i].text);
  return NULL;
}

static void
add_options (KesselSheetDocument *document, KesselScenario *scenario)
{
  int in_force = 0;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Optional rules"));
  for (int i = 0; i < kessel_scenario_get_n_options (scenario); i++)
    {
      const KesselScenarioOption *option = kessel_scenario_get_option (scenario, i);
      const char *description = option_description (option->id);
      g_autofree char *markup = NULL;

      markup = g_markup_printf_escaped (option->enabled ? _("<b>In force:</b> %s") : _("<b>Not in force:</b> %s"),
                                        description ? description : option->id);
      kessel_sheet_document_add_paragraph (document, KESSEL_SHEET_FONT_BODY, markup, 10);
      in_force += option->enabled;
    }
  if (in_force == 0)
    add_markup_paragraph (document, _("No optional rule is in force: the standard rules apply."));
}

/* Contents */

/* Wide pages take the contents in two columns, to keep the title page one page. */
static int
contents_columns (KesselSheetDocument *document)
{
  return kessel_sheet_document_get_body_width (document) > 600 ? 2 : 1;
}

static void
add_contents_entry (KesselSheetDocument *document, KesselSheetBlock *block, double x, double width,
                    const char *title, int section)
{
  g_autofree char *markup = g_markup_escape_text (title, -1);
  g_autoptr(PangoLayout) layout = kessel_sheet_document_create_layout (document, KESSEL_SHEET_FONT_BODY,
                                                                       markup, width - 30, 1);
  int height;

  pango_layout_get_size (layout, NULL, &height);
  kessel_sheet_block_set_height (block, MAX (kessel_sheet_block_get_height (block),
                                             (double) height / PANGO_SCALE + 2));
  kessel_sheet_block_add_layout (block, x, 0, layout);
  kessel_sheet_block_add_page_number (block, x, 0, width, section);
}

static void
add_contents (KesselSheetDocument *document, const char *const *contents)
{
  int first = kessel_sheet_document_get_n_sections (document);
  int columns = contents_columns (document), n = g_strv_length ((char **) contents);
  int rows = (n + columns - 1) / columns;
  double width = kessel_sheet_document_get_body_width (document) / columns * 0.85;

  kessel_sheet_document_add_heading (document, KESSEL_SHEET_FONT_SUBHEADING, _("Contents"));
  for (int row = 0; row < rows; row++)
    {
      KesselSheetBlock *block = kessel_sheet_block_new (0);

      for (int column = 0; column < columns && column * rows + row < n; column++)
        add_contents_entry (document, block, 10 + column * width / 0.85, width,
                            contents[column * rows + row], first + column * rows + row);
      kessel_sheet_document_append (document, block, 0);
    }
}

/* Each part stays on one page if it can. */
static void
begin_part (KesselSheetDocument *document)
{
  kessel_sheet_document_set_keep_together (document, FALSE);
  kessel_sheet_document_set_keep_together (document, TRUE);
}

void
kessel_sheet_title_add (KesselSheetDocument *document, const KesselSheetSource *source,
                        const char *const *contents)
{
  const char *title = kessel_scenario_get_title (source->scenario);

  kessel_sheet_document_begin_section (document, title && *title ? title : _("Untitled scenario"),
                                       TITLE_FONT, TRUE);
  add_subtitle (document, source);
  add_facts (document, source);
  begin_part (document);
  add_markers (document, source);
  begin_part (document);
  add_victory (document, source);
  if (source->game == NULL)
    {
      begin_part (document);
      add_setup_order (document);
    }
  begin_part (document);
  add_options (document, source->scenario);
  begin_part (document);
  add_contents (document, contents);
  kessel_sheet_document_set_keep_together (document, FALSE);
}
