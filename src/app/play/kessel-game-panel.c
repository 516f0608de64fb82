/* kessel-game-panel.c: the state of a game at a glance. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-panel-private.h"
#include "kessel-game-text.h"

#define TRACK_COLUMNS 10      /* turn boxes in a row before the track wraps */
#define PHASE_COLUMNS 6
#define N_PLAY_PHASES (KESSEL_PHASE_ADMINISTRATIVE - KESSEL_PHASE_WEATHER + 1)

typedef struct {
  GtkWidget *cell;
  GtkWidget *weather;
  GtkWidget *returns;
} TurnCell;

struct _KesselGamePanel
{
  GtkBox parent_instance;

  KesselGame *game;
  gulong changed_id;
  GArray *turn_cells;                         /* of TurnCell, one per turn */
  GtkWidget *phase_cells[N_PLAY_PHASES];
  GtkWidget *kg_hex_labels[KESSEL_N_KGS];
  GtkWidget *kg_status_labels[KESSEL_N_KGS];
  char *air_text;

  GtkWidget *placeholder_label;
  GtkWidget *content_box;
  GtkWidget *verdict_box;
  GtkLabel *verdict_label;
  GtkLabel *verdict_detail_label;
  GtkLabel *turn_label;
  GtkWidget *turn_track;
  GtkLabel *weather_label;
  GtkWidget *phase_grid;
  GtkLabel *phase_label;
  GtkLabel *action_label;
  GtkWidget *wait_label;
  GtkLabel *vp_label;
  GtkWidget *vp_track;
  GtkLabel *thresholds_label;
  GtkLabel *places_label;
  GtkLabel *exits_key;
  GtkLabel *exits_label;
  GtkLabel *destroyed_label;
  GtkLabel *out_of_command_label;
  GtkLabel *air_label;
  GtkWidget *cas_box;
  GtkLabel *cas_label;
  GtkWidget *kg_grid;
  GtkLabel *kg_note_label;
};

G_DEFINE_FINAL_TYPE (KesselGamePanel, kessel_game_panel, GTK_TYPE_BOX)

/* Turn track */

static GtkWidget *
turn_cell_new (int       turn,
               TurnCell *cell)
{
  g_autofree char *number = g_strdup_printf ("%d", turn);
  GtkWidget *label = gtk_label_new (number);

  cell->cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (cell->cell, "game-panel-turn");
  gtk_widget_add_css_class (label, "game-panel-turn-number");
  gtk_widget_add_css_class (label, "numeric");

  cell->weather = kessel_game_panel_weather_chip_new ();
  gtk_widget_set_halign (cell->weather, GTK_ALIGN_CENTER);

  cell->returns = gtk_label_new (NULL);
  gtk_widget_set_halign (cell->returns, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (cell->returns, "game-panel-return");
  gtk_widget_add_css_class (cell->returns, "numeric");
  gtk_widget_set_opacity (cell->returns, 0);

  gtk_box_append (GTK_BOX (cell->cell), label);
  gtk_box_append (GTK_BOX (cell->cell), cell->weather);
  gtk_box_append (GTK_BOX (cell->cell), cell->returns);
  return cell->cell;
}

static void
build_turn_track (KesselGamePanel *self)
{
  GtkWidget *child;
  int turns = self->game != NULL ? kessel_scenario_get_turns (kessel_game_get_scenario (self->game)) : 0;

  while ((child = gtk_widget_get_first_child (self->turn_track)) != NULL)
    gtk_grid_remove (GTK_GRID (self->turn_track), child);
  g_array_set_size (self->turn_cells, turns);
  for (int t = 1; t <= turns; t++)
    {
      TurnCell *cell = &g_array_index (self->turn_cells, TurnCell, t - 1);

      gtk_grid_attach (GTK_GRID (self->turn_track), turn_cell_new (t, cell),
                       (t - 1) % TRACK_COLUMNS, (t - 1) / TRACK_COLUMNS, 1, 1);
    }
}

/* The names of the rifle corps coming back, by the turn they come back in:
 * one string for each turn from 0 to turns, NULL where none. */
static GPtrArray *
returning_corps (KesselGame *game,
                 int         turns)
{
  GPtrArray *names = g_ptr_array_new_full (turns + 1, g_free);
  int now = kessel_game_get_turn (game);

  g_ptr_array_set_size (names, turns + 1);

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    {
      const char *name;
      int turn;
      char *old;

      if (kessel_game_get_piece_status (game, p) != KESSEL_PIECE_RETURNING)
        continue;
      /* One whose turn has passed is still waiting for a hex to return to. */
      turn = MAX (kessel_game_get_piece_return_turn (game, p), now);
      if (turn < 1 || turn > turns)
        continue;
      name = kessel_unit_get_name (kessel_game_get_piece_unit (game, p));
      old = g_ptr_array_index (names, turn);
      g_ptr_array_index (names, turn) = old == NULL ? g_strdup (name) : g_strconcat (old, "\n", name, NULL);
      g_free (old);
    }
  return names;
}

static void
set_class (GtkWidget  *widget,
           const char *css_class,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

static char *
describe_turn (int         turn,
               int         weather,
               const char *returns)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (weather >= 0)
    /* Translators: turn number and its weather, as in "Turn 2: Frost". */
    g_string_append_printf (text, _("Turn %d: %s"), turn, kessel_game_text_weather_name (weather));
  else
    g_string_append_printf (text, _("Turn %d"), turn);
  if (returns != NULL)
    {
      g_string_append_c (text, '\n');
      g_string_append (text, _("Rifle corps returning (11.2):"));
      g_string_append_c (text, '\n');
      g_string_append (text, returns);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_turn_cell (TurnCell   *cell,
                  int         turn,
                  int         now,
                  gboolean    over,
                  int         weather,
                  const char *returns)
{
  g_autofree char *description = describe_turn (turn, weather, returns);

  set_class (cell->cell, "game-panel-turn-current", turn == now && !over);
  set_class (cell->cell, "game-panel-turn-played", turn < now || (turn == now && over));
  set_class (cell->cell, "game-panel-turn-future", turn > now);
  kessel_game_panel_set_chip_weather (cell->weather, weather);

  if (returns != NULL)
    {
      int count = 1;
      g_autofree char *number = NULL;

      for (const char *c = returns; *c != '\0'; c++)
        count += *c == '\n';
      number = g_strdup_printf ("%d", count);
      gtk_label_set_text (GTK_LABEL (cell->returns), number);
    }
  gtk_widget_set_opacity (cell->returns, returns != NULL ? 1 : 0);

  gtk_widget_set_tooltip_text (cell->cell, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cell->cell),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
update_weather_label (KesselGamePanel *self,
                      int              weather)
{
  const char *text;

  switch (weather)
    {
    case KESSEL_WEATHER_THAW:
      text = _("Thaw this turn (5.1).");
      break;
    case KESSEL_WEATHER_FROST:
      text = _("Frost this turn: river crossings cost nothing (5.1, 12.3).");
      break;
    case KESSEL_WEATHER_STORM:
      text = _("Storm this turn: no zones of control, no CAS and no KG traffic bonus (5.1).");
      break;
    default:
      text = _("The weather of this turn is not yet rolled (5.1).");
      break;
    }
  gtk_label_set_text (self->weather_label, text);
}

static void
update_turns (KesselGamePanel *self)
{
  int turns = (int) self->turn_cells->len;
  int now = kessel_game_get_turn (self->game);
  gboolean over = kessel_game_is_over (self->game);
  g_autoptr(GPtrArray) returns = returning_corps (self->game, turns);
  g_autofree char *text = NULL;

  if (kessel_game_get_phase (self->game) == KESSEL_PHASE_SETUP)
    text = g_strdup (_("Set-up"));
  else
    /* Translators: the current turn and the number of turns, as in "3 of 8". */
    text = g_strdup_printf (_("%d of %d"), now, turns);
  gtk_label_set_text (self->turn_label, text);

  for (int t = 1; t <= turns; t++)
    update_turn_cell (&g_array_index (self->turn_cells, TurnCell, t - 1), t, now, over,
                      kessel_game_get_turn_weather (self->game, t), g_ptr_array_index (returns, t));
  update_weather_label (self, kessel_game_get_turn_weather (self->game, now));
  gtk_widget_set_visible (GTK_WIDGET (self->weather_label), !over);
}

/* Phase sequence */

static const char *
phase_side_class (KesselPhase phase)
{
  switch (phase)
    {
    case KESSEL_PHASE_SOVIET_1:
    case KESSEL_PHASE_SOVIET_2:
    case KESSEL_PHASE_REPLACEMENT:
      return "game-panel-phase-soviet";
    case KESSEL_PHASE_KG:
    case KESSEL_PHASE_GERMAN_1:
    case KESSEL_PHASE_GERMAN_MECH_1:
    case KESSEL_PHASE_GERMAN_2:
    case KESSEL_PHASE_GERMAN_MECH_2:
    case KESSEL_PHASE_REINFORCEMENT:
      return "game-panel-phase-german";
    default:
      return "game-panel-phase-both";
    }
}

static void
build_phase_grid (KesselGamePanel *self)
{
  for (int i = 0; i < N_PLAY_PHASES; i++)
    {
      KesselPhase phase = KESSEL_PHASE_WEATHER + i;
      GtkWidget *cell = gtk_label_new (kessel_phase_numeral (phase));
      g_autofree char *name = g_strdup_printf ("%s · %s", kessel_phase_numeral (phase),
                                               kessel_game_text_phase_name (phase));

      gtk_widget_add_css_class (cell, "game-panel-phase");
      gtk_widget_add_css_class (cell, phase_side_class (phase));
      gtk_widget_set_tooltip_text (cell, name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (cell),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_grid_attach (GTK_GRID (self->phase_grid), cell, i % PHASE_COLUMNS, i / PHASE_COLUMNS, 1, 1);
      self->phase_cells[i] = cell;
    }
}

static gboolean
phase_has_order (KesselPhase phase)
{
  return phase == KESSEL_PHASE_SOVIET_1 || phase == KESSEL_PHASE_SOVIET_2
         || phase == KESSEL_PHASE_GERMAN_1 || phase == KESSEL_PHASE_GERMAN_2;
}

/* "German to act · Move/Fight · movement" */
static char *
describe_action (KesselGame *game)
{
  KesselSide side = kessel_game_get_active_side (game);
  KesselSegment segment = kessel_game_get_segment (game);
  const char *part = kessel_game_text_segment (segment);
  g_autoptr(GString) text = g_string_new (NULL);

  if (side != KESSEL_SIDE_NONE)
    /* Translators: %s is the side, "German" or "Soviet". */
    g_string_append_printf (text, _("%s to act"), kessel_side_display_name (side));
  if (phase_has_order (kessel_game_get_phase (game))
      && (segment == KESSEL_SEGMENT_MOVEMENT || segment == KESSEL_SEGMENT_COMBAT))
    g_string_append_printf (text, text->len > 0 ? " · %s" : "%s",
                            kessel_game_text_order_name (kessel_game_get_order (game)));
  if (part != NULL)
    g_string_append_printf (text, text->len > 0 ? " · %s" : "%s", part);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_phase (KesselPhase phase)
{
  if (phase == KESSEL_PHASE_SETUP)
    return g_strdup (_("Set-up (3.2)"));
  if (phase == KESSEL_PHASE_GAME_OVER)
    return g_strdup (kessel_game_text_phase_name (phase));
  /* Translators: phase numeral and name, as in "VI · German 1st phase". */
  return g_strdup_printf (_("%s · %s"), kessel_phase_numeral (phase), kessel_game_text_phase_name (phase));
}

static void
update_phase (KesselGamePanel *self)
{
  KesselPhase phase = kessel_game_get_phase (self->game);
  g_autofree char *title = describe_phase (phase);
  g_autofree char *action = describe_action (self->game);
  g_autofree char *wait = kessel_game_text_wait (kessel_game_get_wait (self->game),
                                                 kessel_game_get_active_side (self->game));

  for (int i = 0; i < N_PLAY_PHASES; i++)
    {
      KesselPhase cell_phase = KESSEL_PHASE_WEATHER + i;

      set_class (self->phase_cells[i], "game-panel-phase-current", cell_phase == phase);
      set_class (self->phase_cells[i], "game-panel-phase-done", cell_phase < phase);
    }
  gtk_label_set_text (self->phase_label, title);
  gtk_label_set_text (self->action_label, action);
  gtk_widget_set_visible (GTK_WIDGET (self->action_label), *action != '\0');
  gtk_widget_set_visible (self->wait_label, wait != NULL);
  if (wait != NULL)
    gtk_label_set_text (GTK_LABEL (self->wait_label), wait);
}

/* Victory points */

static void
draw_vp_track (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        data)
{
  KesselGamePanel *self = data;

  if (self->game != NULL)
    kessel_game_panel_draw_vp_track (GTK_WIDGET (area), cr, width, self->game);
}

static void
set_number (GtkLabel *label,
            int       number)
{
  g_autofree char *text = g_strdup_printf ("%d", number);

  gtk_label_set_text (label, text);
}

/* Where the total stands against the thresholds of 4.3, or, once the game
 * is over, what it gave. */
static char *
describe_standing (KesselGame               *game,
                   int                       vp,
                   const KesselVictoryTable *victory)
{
  if (kessel_game_is_over (game))
    /* Translators: the verdict, such as "German victory", and the final VP. */
    return g_strdup_printf (_("Game over: %s with %d VP (4.3)."),
                            kessel_game_text_verdict_name (kessel_game_get_verdict (game)), vp);
  if (vp >= victory->soviet_wins_at)
    return g_strdup (_("In the Soviet victory range (4.3)."));
  if (vp >= victory->draw_from)
    return g_strdup_printf (_("In the draw range: a Soviet victory from %d more VP (4.3)."),
                            victory->soviet_wins_at - vp);
  return g_strdup_printf (_("In the German victory range: a draw from %d more VP (4.3)."),
                          victory->draw_from - vp);
}

static char *
describe_thresholds (const KesselVictoryTable *victory)
{
  /* Translators: the victory levels of rule 4.3, as in "German victory up to
   * 27 VP · draw 28–31 · Soviet victory from 32 (4.3)." */
  return g_strdup_printf (_("German victory up to %d VP · draw %d–%d · Soviet victory from %d (4.3)."),
                          victory->draw_from - 1, victory->draw_from,
                          victory->soviet_wins_at - 1, victory->soviet_wins_at);
}

static void
update_vp (KesselGamePanel *self)
{
  const KesselVictoryTable *victory = kessel_scenario_get_victory (kessel_game_get_scenario (self->game));
  int vp = kessel_game_get_vp (self->game);
  int exited = kessel_game_get_corps_exited (self->game);
  g_autofree char *total = g_strdup_printf (_("%d VP"), vp);
  g_autofree char *thresholds = describe_thresholds (victory);
  g_autofree char *standing = describe_standing (self->game, vp, victory);
  g_autofree char *exits = g_strdup_printf (ngettext ("%d corps exited, cap %d VP (4.1)",
                                                      "%d corps exited, cap %d VP (4.1)", exited),
                                            exited, victory->corps_exit_cap);
  /* Translators: the total, the boxes of the two markers, then the two
   * sentences on the victory levels. */
  g_autofree char *track = g_strdup_printf (_("Soviet VP track at %d VP: ×10 marker on %d, "
                                              "×1 marker on %d. %s %s"),
                                            vp, (MAX (vp, 0) / 10) % 10, MAX (vp, 0) % 10,
                                            thresholds, standing);

  gtk_label_set_text (self->vp_label, total);
  gtk_label_set_text (self->thresholds_label, standing);
  gtk_widget_set_tooltip_text (self->vp_track, thresholds);
  set_number (self->places_label, kessel_game_get_vp_places (self->game));
  gtk_label_set_text (self->exits_key, exits);
  set_number (self->exits_label, kessel_game_get_vp_exits (self->game));
  set_number (self->destroyed_label, kessel_game_get_vp_destroyed (self->game));
  set_number (self->out_of_command_label, kessel_game_get_vp_out_of_command (self->game));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->vp_track),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, track, -1);
  gtk_widget_queue_draw (self->vp_track);
}

/* Air superiority and CAS */

static const char *
describe_token (gboolean committed,
                gboolean grounded)
{
  if (committed)
    return _("CAS marker, committed");
  return grounded ? _("CAS marker, grounded") : _("CAS marker");
}

static void
update_cas_tokens (KesselGamePanel *self,
                   KesselSide       side,
                   int              total,
                   int              left,
                   gboolean         grounded)
{
  GtkWidget *token = gtk_widget_get_first_child (self->cas_box);
  int n = 0;

  for (; n < total; n++)
    {
      if (token == NULL)
        {
          token = kessel_game_panel_cas_token_new ();
          gtk_box_append (GTK_BOX (self->cas_box), token);
        }
      kessel_game_panel_set_token_side (token, side);
      /* The remaining markers first, then the committed ones. */
      set_class (token, "game-panel-cas-used", n >= left);
      set_class (token, "game-panel-cas-grounded", n < left && grounded);
      gtk_accessible_update_property (GTK_ACCESSIBLE (token), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      describe_token (n >= left, grounded), -1);
      token = gtk_widget_get_next_sibling (token);
    }
  while (token != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (token);

      gtk_box_remove (GTK_BOX (self->cas_box), token);
      token = next;
    }
}

static char *
describe_cas (KesselSide side,
              int        total,
              int        left,
              gboolean   storm)
{
  if (side == KESSEL_SIDE_NONE || total == 0)
    return g_strdup (_("No CAS markers in play (5.2)."));
  if (storm)
    return g_strdup_printf (ngettext ("%d CAS marker, grounded by the Storm (13.3).",
                                      "%d CAS markers, grounded by the Storm (13.3).", total), total);
  /* Translators: markers left, markers in all. */
  return g_strdup_printf (ngettext ("%d of %d CAS marker left (13.3).",
                                    "%d of %d CAS markers left (13.3).", total), left, total);
}

static void
update_air (KesselGamePanel *self)
{
  KesselSide side = kessel_game_get_air_superiority (self->game);
  int total = kessel_game_get_cas_total (self->game);
  int left = kessel_game_get_cas_left (self->game);
  gboolean storm = kessel_game_get_weather (self->game) == KESSEL_WEATHER_STORM;
  g_autofree char *caption = describe_cas (side, total, left, storm);
  g_autofree char *superiority = NULL;

  if (side == KESSEL_SIDE_NONE)
    superiority = g_strdup (_("no superiority"));
  else
    /* Translators: %s is the side, "German" or "Soviet". */
    superiority = g_strdup_printf (_("%s superiority"), kessel_side_display_name (side));
  gtk_label_set_text (self->air_label, superiority);
  set_class (GTK_WIDGET (self->air_label), "game-panel-german", side == KESSEL_SIDE_GERMAN);
  set_class (GTK_WIDGET (self->air_label), "game-panel-soviet", side == KESSEL_SIDE_SOVIET);
  gtk_label_set_text (self->cas_label, caption);

  update_cas_tokens (self, side, total, left, storm);
  gtk_widget_set_visible (self->cas_box, total > 0);
  g_free (self->air_text);
  if (side == KESSEL_SIDE_NONE)
    self->air_text = g_strdup (caption);
  else
    /* Translators: side, then CAS markers in all, committed and left. */
    self->air_text = g_strdup_printf (_("%s air superiority: %d CAS markers, %d committed, %d left."),
                                      kessel_side_display_name (side), total, total - left, left);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cas_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->air_text, -1);
}

/* KG markers */

static void
build_kg_grid (KesselGamePanel *self)
{
  for (int k = 0; k < KESSEL_N_KGS; k++)
    {
      GtkWidget *name = gtk_label_new (kessel_game_text_kg_name (k));
      GtkWidget *hex = gtk_label_new (NULL);
      GtkWidget *status = gtk_label_new (NULL);

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_set_valign (name, GTK_ALIGN_START);
      gtk_widget_add_css_class (name, "game-panel-kg-name");
      gtk_label_set_xalign (GTK_LABEL (hex), 0);
      gtk_widget_set_valign (hex, GTK_ALIGN_START);
      gtk_widget_add_css_class (hex, "numeric");
      gtk_label_set_xalign (GTK_LABEL (status), 0);
      gtk_label_set_wrap (GTK_LABEL (status), TRUE);
      gtk_widget_set_hexpand (status, TRUE);
      gtk_widget_add_css_class (status, "caption");
      gtk_grid_attach (GTK_GRID (self->kg_grid), name, 0, k, 1, 1);
      gtk_grid_attach (GTK_GRID (self->kg_grid), hex, 1, k, 1, 1);
      gtk_grid_attach (GTK_GRID (self->kg_grid), status, 2, k, 1, 1);
      self->kg_hex_labels[k] = hex;
      self->kg_status_labels[k] = status;
    }
}

/* Whether KG markers not on the map may still be placed this turn. */
static gboolean
kg_placeable (KesselGame *game)
{
  KesselPhase phase = kessel_game_get_phase (game);

  if (kessel_game_get_turn (game) < 3)
    return phase != KESSEL_PHASE_GAME_OVER;
  return phase <= KESSEL_PHASE_KG;
}

static const char *
describe_kg_status (KesselGame *game,
                    KesselKg    kg)
{
  if (kessel_game_get_kg_hex (game, kg) == KESSEL_HEX_NONE)
    return kg_placeable (game) ? _("available") : _("not placed");
  if (kessel_game_kg_traffic_active (game, kg))
    return _("traffic bonus (12.4)");
  if (kessel_game_get_weather (game) == KESSEL_WEATHER_STORM)
    return _("no bonus: Storm (12.4-2)");
  return _("no bonus: Soviet ZOC (12.4-3)");
}

static void
update_kg_row (KesselGamePanel *self,
               KesselKg         kg)
{
  int hex = kessel_game_get_kg_hex (self->game, kg);
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (self->game));
  const KesselGrid *grid = kessel_map_get_grid (map);
  g_autofree char *where = hex != KESSEL_HEX_NONE ? kessel_grid_format_hex (grid, hex) : g_strdup ("—");
  gboolean active = hex != KESSEL_HEX_NONE && kessel_game_kg_traffic_active (self->game, kg);

  gtk_label_set_text (GTK_LABEL (self->kg_hex_labels[kg]), where);
  gtk_label_set_text (GTK_LABEL (self->kg_status_labels[kg]), describe_kg_status (self->game, kg));
  set_class (self->kg_status_labels[kg], "game-panel-ok", active);
  set_class (self->kg_status_labels[kg], "game-panel-lost", hex != KESSEL_HEX_NONE && !active);
  set_class (self->kg_status_labels[kg], "dim-label", hex == KESSEL_HEX_NONE);
}

static const char *
describe_kg_note (KesselGame *game,
                  gboolean    placed)
{
  if (kessel_game_is_over (game))
    return _("Removed at the end of the game (5.8).");
  if (!kessel_game_kg_available (game))
    return _("Not yet available: Breith, Chevallerie and Golnick arrive in turn 2, phase X (10.2).");
  if (kessel_game_get_turn (game) < 3)
    return _("First placed in phase III of turn 3 (10.2).");
  if (!placed)
    return _("Placed in phase III of each turn, removed in phase XII (5.3, 5.8).");
  return NULL;
}

static void
update_kg (KesselGamePanel *self)
{
  gboolean shown = kessel_game_kg_available (self->game) && !kessel_game_is_over (self->game);
  gboolean placed = FALSE;
  const char *note;

  gtk_widget_set_visible (self->kg_grid, shown);
  for (int k = 0; k < KESSEL_N_KGS && shown; k++)
    {
      update_kg_row (self, k);
      placed |= kessel_game_get_kg_hex (self->game, k) != KESSEL_HEX_NONE;
    }
  note = describe_kg_note (self->game, placed);
  gtk_widget_set_visible (GTK_WIDGET (self->kg_note_label), note != NULL);
  if (note != NULL)
    gtk_label_set_text (self->kg_note_label, note);
}

/* Verdict */

static void
update_verdict (KesselGamePanel *self)
{
  gboolean over = kessel_game_is_over (self->game);
  KesselVerdict verdict = kessel_game_get_verdict (self->game);
  g_autofree char *detail = NULL;

  gtk_widget_set_visible (self->verdict_box, over);
  set_class (self->verdict_box, "game-panel-verdict-soviet", verdict == KESSEL_VERDICT_SOVIET);
  set_class (self->verdict_box, "game-panel-verdict-german", verdict == KESSEL_VERDICT_GERMAN);
  set_class (self->verdict_box, "game-panel-verdict-draw", verdict == KESSEL_VERDICT_DRAW);
  if (!over)
    {
      gtk_label_set_text (self->verdict_label, "");
      return;
    }
  detail = g_strdup_printf (ngettext ("The Soviet player ends with %d VP (4.3).",
                                      "The Soviet player ends with %d VP (4.3).",
                                      kessel_game_get_vp (self->game)),
                            kessel_game_get_vp (self->game));
  gtk_label_set_text (self->verdict_label, kessel_game_text_verdict_name (verdict));
  gtk_label_set_text (self->verdict_detail_label, detail);
}

/* Following the game */

static void
update (KesselGamePanel *self,
        guint            changes)
{
  if (changes & (KESSEL_CHANGE_PHASE | KESSEL_CHANGE_MARKERS | KESSEL_CHANGE_PIECES))
    update_turns (self);
  if (changes & KESSEL_CHANGE_PHASE)
    update_phase (self);
  if (changes & (KESSEL_CHANGE_VP | KESSEL_CHANGE_CONTROL | KESSEL_CHANGE_PHASE))   /* the game may be over */
    update_vp (self);
  if (changes & (KESSEL_CHANGE_MARKERS | KESSEL_CHANGE_COMBAT | KESSEL_CHANGE_PHASE))
    update_air (self);
  /* Traffic bonuses end where Soviet zones of control reach (12.4-3). */
  if (changes & (KESSEL_CHANGE_MARKERS | KESSEL_CHANGE_PIECES | KESSEL_CHANGE_PHASE))
    update_kg (self);
  if (changes & (KESSEL_CHANGE_PHASE | KESSEL_CHANGE_VP))
    update_verdict (self);
}

static void
game_changed (KesselGame      *game,
              guint            changes,
              KesselGamePanel *self)
{
  update (self, changes);
}

static void
disconnect_game (KesselGamePanel *self)
{
  if (self->game == NULL)
    return;
  g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
}

static void
kessel_game_panel_dispose (GObject *object)
{
  KesselGamePanel *self = KESSEL_GAME_PANEL (object);

  disconnect_game (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_GAME_PANEL);
  G_OBJECT_CLASS (kessel_game_panel_parent_class)->dispose (object);
}

static void
kessel_game_panel_finalize (GObject *object)
{
  KesselGamePanel *self = KESSEL_GAME_PANEL (object);

  g_array_unref (self->turn_cells);
  g_free (self->air_text);
  G_OBJECT_CLASS (kessel_game_panel_parent_class)->finalize (object);
}

static void
kessel_game_panel_class_init (KesselGamePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_game_panel_dispose;
  object_class->finalize = kessel_game_panel_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/kessel/Kessel/kessel-game-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, placeholder_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, content_box);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, verdict_detail_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, turn_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, turn_track);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, weather_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, phase_grid);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, phase_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, action_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, wait_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, vp_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, vp_track);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, thresholds_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, places_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, exits_key);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, exits_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, destroyed_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, out_of_command_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, air_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, cas_box);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, cas_label);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, kg_grid);
  gtk_widget_class_bind_template_child (widget_class, KesselGamePanel, kg_note_label);
}

static void
kessel_game_panel_init (KesselGamePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->turn_cells = g_array_new (FALSE, TRUE, sizeof (TurnCell));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->vp_track), draw_vp_track, self, NULL);
  build_phase_grid (self);
  build_kg_grid (self);
}

GtkWidget *
kessel_game_panel_new (void)
{
  return g_object_new (KESSEL_TYPE_GAME_PANEL, NULL);
}

void
kessel_game_panel_set_game (KesselGamePanel *self,
                            KesselGame      *game)
{
  g_return_if_fail (KESSEL_IS_GAME_PANEL (self));
  g_return_if_fail (game == NULL || KESSEL_IS_GAME (game));

  if (game == self->game)
    return;
  disconnect_game (self);
  if (game != NULL)
    {
      self->game = g_object_ref (game);
      self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
    }
  build_turn_track (self);
  gtk_widget_set_visible (self->placeholder_label, game == NULL);
  gtk_widget_set_visible (self->content_box, game != NULL);
  if (game != NULL)
    update (self, KESSEL_CHANGE_ALL);
}

KesselGame *
kessel_game_panel_get_game (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return self->game;
}

const char *
kessel_game_panel_get_turn_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return gtk_label_get_text (self->turn_label);
}

const char *
kessel_game_panel_get_phase_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return gtk_label_get_text (self->phase_label);
}

const char *
kessel_game_panel_get_vp_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return gtk_label_get_text (self->vp_label);
}

const char *
kessel_game_panel_get_standing_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return gtk_label_get_text (self->thresholds_label);
}

const char *
kessel_game_panel_get_air_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return self->air_text != NULL ? self->air_text : "";
}

const char *
kessel_game_panel_get_verdict_text (KesselGamePanel *self)
{
  g_return_val_if_fail (KESSEL_IS_GAME_PANEL (self), NULL);
  return gtk_label_get_text (self->verdict_label);
}
