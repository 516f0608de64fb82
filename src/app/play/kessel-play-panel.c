/* kessel-play-panel.c: the play panel.
 *
 * Movement and combat happen on the map: a click on a stack selects the units
 * that can move and lights up the hexes they can reach, a click on one of them
 * moves there by the path shown; in combat a click on an enemy hex puts an
 * attack together from every unit next to it, clicks on the attacking hexes
 * take their units out or back in, and the combat panel shows the odds before
 * the die is rolled. Everything else the game may wait for (set-up and
 * placements, the order of a phase, defence support, losses, retreats,
 * advances, over-stacking) comes from the game's list of legal actions:
 * actions with a hex light their hexes for the unit chosen, the others are
 * buttons. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include <stdlib.h>
#include <string.h>

#include "kessel-game-text.h"
#include "kessel-play-panel.h"

#define NO_SUBJECT G_MININT
#define MAX_CHOICE_BUTTONS 100

struct _KesselPlayPanel
{
  GtkBox parent_instance;

  KesselMapView *map_view;
  KesselGame *game;
  gulong changed_id;
  gboolean fog_of_war;
  gboolean computer[3];          /* by KesselSide: the sides the computer plays */
  KesselSide seated;             /* the side the screen was last handed to */
  KesselPbem *pbem;              /* a game by e-mail: only its side plays here */
  KesselPhase shown_phase;       /* the phase the map was last brought to */

  GtkLabel *heading;
  GtkLabel *instruction;
  GtkLabel *message;             /* the last refusal, naming its rule */
  GtkWidget *choices_scroller;
  GtkWidget *choices;            /* a box of buttons */
  GtkLabel *odds_label;
  GtkWidget *combat_box;         /* the options and button of an attack being put together */
  GtkWidget *cas_label;
  GtkSpinButton *cas_spin;
  GtkCheckButton *support_check;
  GtkButton *attack_button;
  GtkButton *end_button;

  GArray *legal;                 /* the legal actions, outside movement and combat */
  int subject;                   /* the piece (or -1 - KG) whose hexes are lit, or NO_SUBJECT */
  gboolean subject_chosen;       /* chosen by the player, not the next to place */
  int shown_subject;             /* the subject whose lit hexes were brought into view */
  gboolean placing_all;          /* the map stays put while every unit is placed at once */
  GArray *to_place;              /* set-up: the pieces still to place, as listed */

  int selected[KESSEL_ACTION_MAX_UNITS];
  int n_selected;
  int selected_hex;
  int cycle;                     /* 0: the whole stack; n: its n-th unit alone */
  KesselReach *reach;

  gboolean drafting;             /* an attack or probe being put together */
  KesselAction draft;
  char *odds_text;
  char *prompt;                  /* the heading and instruction shown last */
};

G_DEFINE_FINAL_TYPE (KesselPlayPanel, kessel_play_panel, GTK_TYPE_BOX)

static void refresh (KesselPlayPanel *self);
static void combat_option_changed (KesselPlayPanel *self);
static void sync_choices_visible (KesselPlayPanel *self);

/* Small helpers */

static KesselSide
active_side (KesselPlayPanel *self)
{
  return kessel_game_get_active_side (self->game);
}

static int
hex_count (KesselPlayPanel *self)
{
  return kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static const KesselGrid *
grid (KesselPlayPanel *self)
{
  return kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static gboolean
in_segment (KesselPlayPanel *self, KesselSegment segment)
{
  return kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
         && kessel_game_get_segment (self->game) == segment;
}

/* A refusal begins with its rule case ("12.5: ..."): the case becomes a link
 * to the rules reference. */
static void
show_message (KesselPlayPanel *self, const char *text)
{
  const char *colon = text != NULL ? strstr (text, ": ") : NULL;
  gboolean has_rule = colon != NULL && colon > text && g_ascii_isdigit (text[0])
                      && strspn (text, "0123456789.-ABDLRSX") == (gsize) (colon - text);

  if (has_rule)
    {
      g_autofree char *rule = g_strndup (text, colon - text);
      g_autofree char *rest = g_markup_escape_text (colon + 2, -1);
      g_autofree char *markup = g_strdup_printf ("<a href=\"rule:%s\">%s</a>: %s", rule, rule, rest);
      gtk_label_set_markup (self->message, markup);
    }
  else
    gtk_label_set_text (self->message, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->message), text != NULL && *text != '\0');
}

static gboolean
message_link_activated (GtkLabel *label, const char *uri, KesselPlayPanel *self)
{
  if (!g_str_has_prefix (uri, "rule:"))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "app.rules-reference", "s", uri + strlen ("rule:"));
  return TRUE;
}

/* In a game by e-mail an action that rolls dice is not applied here: it
 * ends the turn, and its dice are rolled when the opponent opens it. */
static gboolean
apply_by_email (KesselPlayPanel *self, KesselAction *action)
{
  g_autoptr(GError) error = NULL;

  if (!kessel_pbem_play (self->pbem, action, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  show_message (self, NULL);
  /* The game's change was shown before the turn was done: the panel now
   * offers the turn file, not the opponent's choices. */
  if (kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_YOUR_MOVE)
    refresh (self);
  return TRUE;
}

/* Applies an action; a refusal is shown, naming its rule case. */
static gboolean
apply (KesselPlayPanel *self, const KesselAction *action)
{
  g_autoptr(GError) error = NULL;
  /* A copy: the action may sit in the list of legal actions, which the
   * game's change signal has the panel rebuild. */
  KesselAction copy = *action;

  if (self->pbem != NULL)
    return apply_by_email (self, &copy);
  if (!kessel_game_apply (self->game, &copy, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  show_message (self, NULL);
  return TRUE;
}

static void
clear_selection (KesselPlayPanel *self)
{
  self->n_selected = 0;
  self->selected_hex = KESSEL_HEX_NONE;
  self->cycle = 0;
  g_clear_pointer (&self->reach, g_free);
  self->drafting = FALSE;
  g_clear_pointer (&self->odds_text, g_free);
  if (self->map_view != NULL)
    {
      kessel_map_view_set_selection (self->map_view, NULL, 0);
      kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
    }
}

/* Words */

static const char *
segment_words (KesselPlayPanel *self)
{
  switch (kessel_game_get_wait (self->game))
    {
    case KESSEL_WAIT_DEFENCE:
      return _("An attack is declared: add close air support or the 18th Artillery Division to the defence, or defend as you stand.");
    case KESSEL_WAIT_ATTACKER_LOSS:
      return _("The attacker loses a step: choose the unit.");
    case KESSEL_WAIT_DEFENDER_LOSS:
      return _("The defender loses a step: choose the unit.");
    case KESSEL_WAIT_RETREAT:
      return _("Retreat: choose the hex each unit retreats to (13.9). The German player always chooses.");
    case KESSEL_WAIT_ADVANCE:
      return _("The hex is empty: advance a unit that attacked into it, or end without advancing.");
    case KESSEL_WAIT_ELIMINATION:
      return _("A hex is over-stacked: remove units until it is within the limit (6.0).");
    case KESSEL_WAIT_NOTHING:
      return _("The game is over.");
    case KESSEL_WAIT_PHASE:
    default:
      break;
    }
  switch (kessel_game_get_segment (self->game))
    {
    case KESSEL_SEGMENT_PLACEMENT:
      if (kessel_game_get_phase (self->game) == KESSEL_PHASE_REINFORCEMENT)
        return _("Choose a reinforcement below, then click one of the lit entry hexes. Reinforcements not placed before the end of this phase are forfeited (10.1).");
      return _("Choose a unit or marker below, then click one of the lit hexes to place it.");
    case KESSEL_SEGMENT_ORDER:
      return _("Choose the order of this phase: move then fight, or fight then move.");
    case KESSEL_SEGMENT_MOVEMENT:
      return _("Click a stack to select the units that can move; the hexes they can reach light up with the MP left. Click a lit hex to move there. "
               "MP with a “?” are left only if the die rolled for a river crossing on the way gives its lowest cost (12.3).");
    case KESSEL_SEGMENT_COMBAT:
      return _("Click an enemy hex lit in red to put an attack together; click the attacking hexes to leave their units out or take them back. The odds show below before anything is rolled.");
    case KESSEL_SEGMENT_NONE:
    default:
      return "";
    }
}

static char *
heading_text (KesselPlayPanel *self)
{
  KesselPhase phase = kessel_game_get_phase (self->game);

  if (kessel_game_is_over (self->game))
    return g_strdup_printf (_("Game over: %s"), kessel_game_text_verdict_name (kessel_game_get_verdict (self->game)));
  return g_strdup_printf (_("Turn %d · %s %s · %s to act"), kessel_game_get_turn (self->game),
                          kessel_phase_numeral (phase), kessel_game_text_phase_name (phase),
                          kessel_side_display_name (active_side (self)));
}

static const char *
end_label (KesselPlayPanel *self)
{
  if (kessel_game_get_wait (self->game) == KESSEL_WAIT_ADVANCE)
    return _("_No Advance");
  switch (kessel_game_get_segment (self->game))
    {
    case KESSEL_SEGMENT_MOVEMENT:
      return _("_End Movement");
    case KESSEL_SEGMENT_COMBAT:
      return _("_End Combat");
    case KESSEL_SEGMENT_PLACEMENT:
      return kessel_game_get_phase (self->game) == KESSEL_PHASE_SETUP ? _("_End Set-up") : _("_End Placement");
    case KESSEL_SEGMENT_ORDER:
    case KESSEL_SEGMENT_NONE:
    default:
      return _("_End Phase");
    }
}

/* Choices from the list of legal actions */

static gboolean
has_hex (const KesselAction *action)
{
  return action->type == KESSEL_ACTION_PLACE || action->type == KESSEL_ACTION_KG
         || action->type == KESSEL_ACTION_ENTER || action->type == KESSEL_ACTION_RETREAT;
}

static int
subject_of (const KesselAction *action)
{
  return action->type == KESSEL_ACTION_KG ? -1 - action->value : action->units[0];
}

/* A unit or marker placed already may still be moved during its phase,
 * but the next one to place comes first. */
static gboolean
is_placed (KesselPlayPanel *self, int subject)
{
  if (subject < 0)
    return kessel_game_get_kg_hex (self->game, -1 - subject) != KESSEL_HEX_NONE;
  return kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
         && kessel_game_get_piece_status (self->game, subject) == KESSEL_PIECE_ON_MAP;
}

static char *
subject_label (KesselPlayPanel *self, int subject)
{
  KesselUnit *unit;
  const char *mark = is_placed (self, subject) ? " ✓" : "";

  if (subject < 0)
    return g_strdup_printf ("%s%s", kessel_kg_display_name (-1 - subject), mark);
  unit = kessel_game_get_piece_unit (self->game, subject);
  return g_strdup_printf ("%s (%s)%s", kessel_unit_get_label (unit), kessel_unit_get_name (unit), mark);
}

/* While a declared combat waits for a choice with no hex to it (defence
 * support, a loss), the map shows its target and the hexes attacking it. */
static void
light_current_combat (KesselPlayPanel *self)
{
  g_autofree KesselHexMark *marks = NULL;
  KesselAction attack;

  if (kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
      || !kessel_game_get_current_combat (self->game, &attack, NULL, NULL, NULL)
      || attack.hex < 0 || attack.hex >= hex_count (self))
    {
      kessel_map_view_set_marks (self->map_view, NULL);
      return;
    }
  marks = g_new0 (KesselHexMark, hex_count (self));
  for (int hex = 0; hex < hex_count (self); hex++)
    marks[hex].number = -1;
  for (int u = 0; u < attack.n_units; u++)
    {
      int hex = kessel_game_get_piece_hex (self->game, attack.units[u]);
      if (hex >= 0 && hex < hex_count (self))
        marks[hex].kind = KESSEL_MARK_ATTACKER;
    }
  marks[attack.hex].kind = KESSEL_MARK_TARGET;
  kessel_map_view_set_marks (self->map_view, marks);
}

/* The hexes lit for a unit to place are scrolled to, unless some are in
 * view already. */
static void
bring_lit_hexes_into_view (KesselPlayPanel *self, const KesselHexMark *marks)
{
  g_autofree int *lit = g_new (int, hex_count (self));
  int n = 0;

  for (int hex = 0; hex < hex_count (self); hex++)
    if (marks[hex].kind == KESSEL_MARK_LEGAL)
      lit[n++] = hex;
  self->shown_subject = self->subject;
  kessel_map_view_bring_hexes_into_view (self->map_view, lit, n);
}

/* A retreat prompt opens with its unit selected, its hexes lit. */
static void
select_retreater (KesselPlayPanel *self)
{
  if (kessel_game_get_wait (self->game) != KESSEL_WAIT_RETREAT || self->subject < 0)
    return;
  self->selected[0] = self->subject;
  self->n_selected = 1;
  kessel_map_view_set_selection (self->map_view, self->selected, 1);
}

static void
light_subject (KesselPlayPanel *self)
{
  g_autofree KesselHexMark *marks = NULL;
  gboolean any = FALSE;

  if (self->subject == NO_SUBJECT)
    {
      light_current_combat (self);
      return;
    }
  marks = g_new0 (KesselHexMark, hex_count (self));
  for (int hex = 0; hex < hex_count (self); hex++)
    marks[hex].number = -1;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      if (has_hex (action) && subject_of (action) == self->subject && action->hex >= 0)
        {
          marks[action->hex].kind = KESSEL_MARK_LEGAL;
          any = TRUE;
        }
    }
  kessel_map_view_set_marks (self->map_view, any ? marks : NULL);
  if (any && self->subject != self->shown_subject && !self->placing_all)
    bring_lit_hexes_into_view (self, marks);
  select_retreater (self);
}

static void
subject_clicked (GtkButton *button, KesselPlayPanel *self)
{
  self->subject = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "subject"));
  self->subject_chosen = TRUE;
  light_subject (self);
  refresh (self);
}

static void
action_clicked (GtkButton *button, KesselPlayPanel *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "action")) - 1;

  if (self->legal != NULL && index < self->legal->len)
    apply (self, &g_array_index (self->legal, KesselAction, index));
}

static void
clear_choices (KesselPlayPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->choices)) != NULL)
    gtk_box_remove (GTK_BOX (self->choices), child);
}

static GtkWidget *
add_choice (KesselPlayPanel *self, const char *text, gboolean current)
{
  GtkWidget *button = gtk_button_new_with_label (text);
  GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  if (current)
    gtk_widget_add_css_class (button, "suggested-action");
  /* The chosen one is told to screen readers too, not only by its colour. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_STATE_PRESSED,
                               current ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
  gtk_box_append (GTK_BOX (self->choices), button);
  return button;
}

static void
add_subject_choice (KesselPlayPanel *self, int subject)
{
  g_autofree char *text = subject_label (self, subject);
  GtkWidget *button = add_choice (self, text, subject == self->subject);

  g_object_set_data (G_OBJECT (button), "subject", GINT_TO_POINTER (subject));
  g_signal_connect (button, "clicked", G_CALLBACK (subject_clicked), self);
}

/* Set-up (3.2): the units still to place, the printed hexes at one stroke,
 * then the units placed, which may still be moved. */

static gboolean
setting_up (KesselPlayPanel *self)
{
  return kessel_game_get_phase (self->game) == KESSEL_PHASE_SETUP
         && kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE;
}

static gboolean
places_on_printed_hex (KesselPlayPanel *self, const KesselAction *action)
{
  int piece = action->units[0];

  return action->type == KESSEL_ACTION_PLACE
         && kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_WAITING
         && action->hex == kessel_unit_get_setup_hex (kessel_game_get_piece_unit (self->game, piece));
}

static gboolean
printed_hex_open (KesselPlayPanel *self)
{
  for (guint i = 0; i < self->legal->len; i++)
    if (places_on_printed_hex (self, &g_array_index (self->legal, KesselAction, i)))
      return TRUE;
  return FALSE;
}

static void
place_printed_clicked (GtkButton *button, KesselPlayPanel *self)
{
  kessel_play_panel_place_at_printed_hexes (self);
}

static void
add_heading (KesselPlayPanel *self, const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (self->choices), label);
}

static int
add_setup_choices (KesselPlayPanel *self, const int *subjects, int n_subjects)
{
  int n_placed = 0;

  g_array_set_size (self->to_place, 0);
  for (int s = 0; s < n_subjects; s++)
    if (is_placed (self, subjects[s]))
      n_placed++;
    else
      g_array_append_val (self->to_place, subjects[s]);
  if (self->to_place->len > 0)
    {
      g_autofree char *heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Still to place: %u unit",
                                                               "Still to place: %u units", self->to_place->len),
                                                  self->to_place->len);
      add_heading (self, heading);
    }
  else
    add_heading (self, _("Every unit is placed."));
  if (printed_hex_open (self))
    {
      GtkWidget *button = add_choice (self, _("Place Every Unit at Its _Printed Hex"), FALSE);

      gtk_button_set_use_underline (GTK_BUTTON (button), TRUE);
      gtk_widget_set_tooltip_text (button, _("Puts each unit still to place on the hex printed on its counter; "
                                             "those whose hex is full are left for you (3.2)"));
      g_signal_connect (button, "clicked", G_CALLBACK (place_printed_clicked), self);
    }
  for (guint i = 0; i < self->to_place->len; i++)
    add_subject_choice (self, g_array_index (self->to_place, int, i));
  if (n_placed > 0)
    add_heading (self, _("Placed: choose one to move it again"));
  for (int s = 0; s < n_subjects; s++)
    if (is_placed (self, subjects[s]))
      add_subject_choice (self, subjects[s]);
  return n_subjects;
}

/* One button per unit or marker with hexes to choose, one per other action. */
static void
fill_choices (KesselPlayPanel *self)
{
  int subjects[KESSEL_ACTION_MAX_UNITS * 2];
  int n_subjects = 0, n_buttons = 0;
  gboolean subject_still_legal = FALSE;

  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      int subject;
      gboolean seen = FALSE;

      if (!has_hex (action))
        continue;
      subject = subject_of (action);
      subject_still_legal |= subject == self->subject;
      for (int s = 0; s < n_subjects && !seen; s++)
        seen = subjects[s] == subject;
      if (!seen && n_subjects < (int) G_N_ELEMENTS (subjects))
        subjects[n_subjects++] = subject;
    }
  if (!subject_still_legal
      || (!self->subject_chosen && self->subject != NO_SUBJECT && is_placed (self, self->subject)))
    {
      self->subject = NO_SUBJECT;
      for (int s = 0; s < n_subjects && self->subject == NO_SUBJECT; s++)
        if (!is_placed (self, subjects[s]))
          self->subject = subjects[s];
    }
  if (setting_up (self))
    n_buttons = add_setup_choices (self, subjects, n_subjects);
  else
    for (int s = 0; s < n_subjects && n_buttons < MAX_CHOICE_BUTTONS; s++, n_buttons++)
      add_subject_choice (self, subjects[s]);
  for (guint i = 0; i < self->legal->len && n_buttons < MAX_CHOICE_BUTTONS; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (has_hex (action) || action->type == KESSEL_ACTION_END)
        continue;
      text = kessel_game_describe_action (self->game, action);
      button = add_choice (self, text, FALSE);
      g_object_set_data (G_OBJECT (button), "action", GUINT_TO_POINTER (i + 1));   /* 0 is no action */
      g_signal_connect (button, "clicked", G_CALLBACK (action_clicked), self);
      n_buttons++;
    }
  light_subject (self);
}

/* Movement */

static gboolean
can_move (KesselPlayPanel *self, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (self->game, piece);

  return kessel_game_get_piece_side (self->game, piece) == active_side (self)
         && kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_ON_MAP
         && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC
         && kessel_game_get_piece_mp (self->game, piece) > 0;
}

static int
compare_pieces (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The units at hex that can move, in piece order as the game lists them. */
static int
movers_at (KesselPlayPanel *self, int hex, int *out)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, hex);
  int n = 0;

  for (guint i = 0; i < pieces->len && n < KESSEL_ACTION_MAX_UNITS; i++)
    if (can_move (self, g_array_index (pieces, int, i)))
      out[n++] = g_array_index (pieces, int, i);
  qsort (out, n, sizeof out[0], compare_pieces);
  return n;
}

static void
sort_draft (KesselPlayPanel *self)
{
  qsort (self->draft.units, self->draft.n_units, sizeof self->draft.units[0], compare_pieces);
}

static int
mp_of_selection (KesselPlayPanel *self)
{
  int mp = G_MAXINT;

  for (int i = 0; i < self->n_selected; i++)
    mp = MIN (mp, kessel_game_get_piece_mp (self->game, self->selected[i]));
  return self->n_selected > 0 ? mp : 0;
}

static void
light_reach (KesselPlayPanel *self)
{
  g_autofree KesselHexMark *marks = g_new0 (KesselHexMark, hex_count (self));
  int mp = mp_of_selection (self);

  for (int hex = 0; hex < hex_count (self); hex++)
    {
      marks[hex].number = -1;
      if (self->reach != NULL && self->reach[hex].cost >= 0 && self->reach[hex].previous != KESSEL_HEX_NONE)
        {
          marks[hex].kind = KESSEL_MARK_REACH;
          marks[hex].number = (gint8) CLAMP (mp - self->reach[hex].cost, 0, 99);
          marks[hex].roll = self->reach[hex].needs_roll;
        }
    }
  kessel_map_view_set_marks (self->map_view, self->reach != NULL ? marks : NULL);
}

static void
select_movers (KesselPlayPanel *self, int hex)
{
  int movers[KESSEL_ACTION_MAX_UNITS];
  int n = movers_at (self, hex, movers);

  if (hex != self->selected_hex)
    self->cycle = 0;
  else
    self->cycle = n > 1 ? (self->cycle + 1) % (n + 1) : 0;
  g_clear_pointer (&self->reach, g_free);
  self->selected_hex = n > 0 ? hex : KESSEL_HEX_NONE;
  if (self->cycle == 0)
    {
      memcpy (self->selected, movers, sizeof (int) * n);
      self->n_selected = n;
    }
  else
    {
      self->selected[0] = movers[self->cycle - 1];
      self->n_selected = 1;
    }
  kessel_map_view_set_selection (self->map_view, self->selected, self->n_selected);
  if (self->n_selected > 0)
    self->reach = kessel_game_reachable (self->game, self->selected, self->n_selected);
  refresh (self);
}

/* The selected units leaving the map from an exit hex (4.1), if the rules allow. */
static gboolean
selection_exit (KesselPlayPanel *self, KesselAction *exit)
{
  KesselAction action;

  if (self->n_selected == 0)
    return FALSE;
  kessel_action_init (&action, KESSEL_ACTION_EXIT);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&action, self->selected[i]);
  if (!kessel_game_check (self->game, &action, NULL))
    return FALSE;
  if (exit != NULL)
    *exit = action;
  return TRUE;
}

static void
exit_clicked (GtkButton *button, KesselPlayPanel *self)
{
  KesselAction exit;

  if (selection_exit (self, &exit))
    apply (self, &exit);
}

/* Which units are selected and the MP they have left; clicking the stack
 * again takes its units one at a time. */
static void
show_selection (KesselPlayPanel *self)
{
  GString *text;
  GtkWidget *label;

  if (self->n_selected == 0)
    return;
  text = g_string_new (NULL);
  for (int i = 0; i < self->n_selected; i++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (self->game, self->selected[i]);
      g_string_append_printf (text, i == 0 ? "%s" : ", %s", kessel_unit_get_label (unit));
    }
  g_string_append_printf (text, _(" — %d MP left"), mp_of_selection (self));
  label = gtk_label_new (text->str);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (self->choices), label);
  g_string_free (text, TRUE);
  if (selection_exit (self, NULL))
    {
      GtkWidget *button = add_choice (self, _("Leave the map (4.1)"), FALSE);
      g_signal_connect (button, "clicked", G_CALLBACK (exit_clicked), self);
    }
}

static int
path_to (KesselPlayPanel *self, int hex, int *path, int max)
{
  int reversed[KESSEL_ACTION_MAX_PATH * 2], n = 0;

  for (int h = hex; h != KESSEL_HEX_NONE && n < (int) G_N_ELEMENTS (reversed); h = self->reach[h].previous)
    reversed[n++] = h;
  n = MIN (n, max);
  for (int i = 0; i < n; i++)
    path[i] = reversed[n - 1 - i];
  return n;
}

static gboolean
move_to (KesselPlayPanel *self, int hex)
{
  KesselAction move;
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n = path_to (self, hex, path, G_N_ELEMENTS (path));

  kessel_action_init (&move, KESSEL_ACTION_MOVE);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&move, self->selected[i]);
  for (int i = 1; i < n; i++)   /* path[0] is where the stack stands */
    kessel_action_add_step (&move, path[i]);
  return apply (self, &move);
}

/* The lit hex next to hex that the selection reaches with the most MP left. */
static int
cheapest_lit_neighbour (KesselPlayPanel *self, int hex)
{
  int around[KESSEL_N_DIRECTIONS], best = KESSEL_HEX_NONE;

  kessel_grid_neighbours (grid (self), hex, around);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE && self->reach[around[d]].cost >= 0
        && (best == KESSEL_HEX_NONE || self->reach[around[d]].cost < self->reach[best].cost))
      best = around[d];
  return best;
}

/* Why the selected units cannot go to hex, naming the rule and the hex: the
 * rules' refusal of a move there from the best lit hex next to it, or,
 * with none, that it is beyond their MP. */
static void
explain_unreachable (KesselPlayPanel *self, int hex)
{
  int via = cheapest_lit_neighbour (self, hex);
  g_autofree char *where = kessel_grid_format_hex (grid (self), hex);
  g_autoptr(GError) error = NULL;
  KesselAction move;
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n = via != KESSEL_HEX_NONE ? path_to (self, via, path, G_N_ELEMENTS (path) - 1) : 0;

  kessel_action_init (&move, KESSEL_ACTION_MOVE);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&move, self->selected[i]);
  for (int i = 1; i < n; i++)
    kessel_action_add_step (&move, path[i]);
  kessel_action_add_step (&move, hex);
  if (via != KESSEL_HEX_NONE && !kessel_game_check (self->game, &move, &error))
    {
      /* Some refusals name no hex, such as 7.2's for the zone of control
       * on the way: the hex clicked is named after them. */
      g_autofree char *text = strstr (error->message, where) != NULL ? g_strdup (error->message)
                              : g_strdup_printf ("%s (%s)", error->message, where);
      show_message (self, text);
    }
  else
    {
      /* Translators: the hex number and the MP the selected units have left. */
      g_autofree char *text = g_strdup_printf (_("12.0-3: %s is out of reach: with %d MP left, the selected units cannot get there this phase."),
                                               where, mp_of_selection (self));
      show_message (self, text);
    }
}

static gboolean
activate_in_movement (KesselPlayPanel *self, int hex)
{
  int movers[KESSEL_ACTION_MAX_UNITS];

  if (self->reach != NULL && self->reach[hex].cost >= 0 && self->reach[hex].previous != KESSEL_HEX_NONE)
    return move_to (self, hex);
  if (self->reach != NULL && self->n_selected > 0 && hex != self->selected_hex && movers_at (self, hex, movers) == 0)
    {
      /* The selection stays: a click on the wrong hex is explained, not taken as a cancel. */
      explain_unreachable (self, hex);
      return FALSE;
    }
  show_message (self, NULL);
  select_movers (self, hex);
  return self->n_selected > 0;
}

/* Combat */

static gboolean
adjacent (KesselPlayPanel *self, int a, int b)
{
  return kessel_grid_adjacent (grid (self), a, b);
}

static gboolean
check_quietly (KesselPlayPanel *self, const KesselAction *action)
{
  return kessel_game_check (self->game, action, NULL);
}

/* A new attack starts with no CAS and no 18th AD support chosen. */
static void
reset_attack_options (KesselPlayPanel *self)
{
  g_signal_handlers_block_by_func (self->cas_spin, combat_option_changed, self);
  g_signal_handlers_block_by_func (self->support_check, combat_option_changed, self);
  gtk_spin_button_set_value (self->cas_spin, 0);
  gtk_check_button_set_active (self->support_check, FALSE);
  g_signal_handlers_unblock_by_func (self->cas_spin, combat_option_changed, self);
  g_signal_handlers_unblock_by_func (self->support_check, combat_option_changed, self);
}

/* Every unit next to target that may join the attack: alone, or (Soviet
 * artillery, 13.2) with the others chosen so far. */
static void
draft_attack (KesselPlayPanel *self, int target, KesselActionType type)
{
  int around[KESSEL_N_DIRECTIONS];

  kessel_grid_neighbours (grid (self), target, around);
  kessel_action_init (&self->draft, type);
  self->draft.hex = target;
  reset_attack_options (self);
  for (int pass = 0; pass < 2; pass++)
    for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
      {
        g_autoptr(GArray) pieces = NULL;

        if (around[d] == KESSEL_HEX_NONE)
          continue;
        pieces = kessel_game_get_pieces_at (self->game, around[d]);
        for (guint i = 0; i < pieces->len; i++)
          {
            int piece = g_array_index (pieces, int, i);
            KesselAction trial = self->draft;
            KesselAction alone;
            gboolean already = FALSE;

            if (kessel_game_get_piece_side (self->game, piece) != active_side (self))
              continue;
            for (int u = 0; u < self->draft.n_units; u++)
              already |= self->draft.units[u] == piece;
            if (already)
              continue;
            kessel_action_init (&alone, type);
            alone.hex = target;
            kessel_action_add_unit (&alone, piece);
            kessel_action_add_unit (&trial, piece);
            if (check_quietly (self, &alone) || (pass == 1 && check_quietly (self, &trial)))
              self->draft = trial;
          }
      }
  sort_draft (self);
  self->drafting = self->draft.n_units > 0;
}

static void
toggle_attackers_at (KesselPlayPanel *self, int hex)
{
  KesselAction without = self->draft;
  gboolean removed = FALSE;

  without.n_units = 0;
  for (int u = 0; u < self->draft.n_units; u++)
    {
      if (kessel_game_get_piece_hex (self->game, self->draft.units[u]) == hex)
        removed = TRUE;
      else
        kessel_action_add_unit (&without, self->draft.units[u]);
    }
  if (removed)
    {
      self->draft = without;
      return;
    }
  /* Take the hex's units back in: rebuild and keep the other hexes' choices. */
  {
    KesselAction all;
    int target = self->draft.hex;
    KesselActionType type = self->draft.type;

    int cas = gtk_spin_button_get_value_as_int (self->cas_spin);
    gboolean support = gtk_check_button_get_active (self->support_check);

    draft_attack (self, target, type);
    gtk_spin_button_set_value (self->cas_spin, cas);
    gtk_check_button_set_active (self->support_check, support);
    all = self->draft;
    self->draft = without;
    for (int u = 0; u < all.n_units; u++)
      if (kessel_game_get_piece_hex (self->game, all.units[u]) == hex)
        kessel_action_add_unit (&self->draft, all.units[u]);
    sort_draft (self);
  }
}

static gboolean
hidden_defenders (KesselPlayPanel *self, int hex)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, hex);

  if (!self->fog_of_war)
    return FALSE;
  for (guint i = 0; i < pieces->len; i++)
    if (!kessel_game_piece_visible_to (self->game, g_array_index (pieces, int, i), active_side (self)))
      return TRUE;
  return FALSE;
}

static void
append_contributions (KesselPlayPanel *self, GString *text, const KesselContribution *list, int n,
                      gboolean hide)
{
  for (int i = 0; i < n; i++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (self->game, list[i].piece);
      g_autofree char *label = g_markup_escape_text (kessel_unit_get_label (unit), -1);

      if (hide && !kessel_game_piece_visible_to (self->game, list[i].piece, active_side (self)))
        {
          g_string_append (text, _("  hidden unit: ?\n"));
          continue;
        }
      g_string_append_printf (text, "  %s: %d", label, list[i].factor);
      if (list[i].factor != list[i].printed)
        g_string_append_printf (text, _(" (printed %d)"), list[i].printed);
      if (list[i].note != NULL)
        {
          g_autofree char *note = g_markup_escape_text (list[i].note, -1);
          g_string_append_printf (text, " <i>%s</i>", note);
        }
      g_string_append_c (text, '\n');
    }
}

static char *
odds_markup (KesselPlayPanel *self, const KesselCombatOdds *odds, gboolean hide)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, _("<b>Attack %d</b>\n"), odds->attack);
  append_contributions (self, text, odds->attackers, odds->n_attackers, FALSE);
  if (odds->attack_cas > 0)
    g_string_append_printf (text, _("  close air support: %d\n"), odds->attack_cas);
  if (odds->attack_support > 0)
    g_string_append_printf (text, _("  18th Artillery Division: %d\n"), odds->attack_support);
  if (hide)
    {
      g_string_append (text, _("<b>Defence ?</b>\n"));
      append_contributions (self, text, odds->defenders, odds->n_defenders, TRUE);
      g_string_append (text, _("The stack is revealed when the attack is declared (6.3); the odds follow then."));
      return g_string_free (text, FALSE);
    }
  g_string_append_printf (text, _("<b>Defence %d</b>\n"), odds->defence);
  append_contributions (self, text, odds->defenders, odds->n_defenders, FALSE);
  {
    g_autofree char *raw = g_markup_escape_text (kessel_odds_to_string (odds->raw), -1);
    g_autofree char *final = g_markup_escape_text (kessel_odds_to_string (odds->final), -1);

    g_string_append_printf (text, _("Raw odds: <b>%s</b>\n"), raw);
    for (int i = 0; i < odds->n_shifts; i++)
      {
        g_autofree char *reason = g_markup_escape_text (odds->shifts[i].reason, -1);
        g_string_append_printf (text, "  %+d %s (%s)\n", odds->shifts[i].shift, reason, odds->shifts[i].rule);
      }
    g_string_append_printf (text, _("Final column: <b>%s</b>%s\n"), final,
                            odds->automatic ? _(" — automatic result, no die (13.8.1)") : "");
  }
  if (!odds->automatic && !odds->artillery_only)
    {
      g_string_append (text, _("Die:"));
      for (int die = 0; die < 6; die++)
        g_string_append_printf (text, "  %d %s", die + 1, kessel_result_to_string (odds->results[die]));
    }
  return g_string_free (text, FALSE);
}

/* While a declared combat is resolved (defence support, losses, retreats,
 * advance), its odds and its die and result stay in view. */
static void
show_combat (KesselPlayPanel *self, gboolean odds, gboolean controls)
{
  gtk_widget_set_visible (GTK_WIDGET (self->odds_label), odds);
  gtk_widget_set_visible (self->combat_box, controls);
  sync_choices_visible (self);
}

static void
show_current_combat (KesselPlayPanel *self)
{
  KesselAction attack;
  KesselCombatOdds odds;
  KesselResult result;
  int die;
  GString *text;

  if (kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
      || kessel_game_get_wait (self->game) == KESSEL_WAIT_ELIMINATION
      || !kessel_game_get_current_combat (self->game, &attack, &odds, &die, &result)
      || attack.type != KESSEL_ACTION_ATTACK)
    {
      show_combat (self, FALSE, FALSE);
      return;
    }
  text = g_string_new (NULL);
  {
    g_autofree char *odds_text = odds_markup (self, &odds, FALSE);
    g_string_append (text, odds_text);
  }
  if (die > 0)
    g_string_append_printf (text, _("\n<b>Die %d: %s</b>"), die, kessel_result_to_string (result));
  else if (odds.automatic && kessel_game_get_wait (self->game) != KESSEL_WAIT_DEFENCE)   /* not before it is settled */
    g_string_append_printf (text, _("\n<b>Result: %s</b>"), kessel_result_to_string (result));
  g_free (self->odds_text);
  self->odds_text = g_string_free (text, FALSE);
  gtk_label_set_markup (self->odds_label, self->odds_text);
  /* Nothing to set or roll here: the row of controls is for attacks being put together. */
  show_combat (self, TRUE, FALSE);
}

static void
update_combat_panel (KesselPlayPanel *self)
{
  KesselCombatOdds odds;
  g_autoptr(GError) error = NULL;
  gboolean attack = self->drafting && self->draft.type == KESSEL_ACTION_ATTACK;
  int support = -1;

  if (!self->drafting)
    {
      show_current_combat (self);
      return;
    }
  show_combat (self, TRUE, TRUE);
  gtk_spin_button_set_range (self->cas_spin, 0, kessel_game_get_cas_left (self->game));
  gtk_widget_set_visible (GTK_WIDGET (self->cas_spin), attack && kessel_game_get_cas_left (self->game) > 0
                          && kessel_game_get_air_superiority (self->game) == active_side (self));
  /* A hidden control commits nothing. */
  self->draft.cas = gtk_widget_get_visible (GTK_WIDGET (self->cas_spin))
                    ? gtk_spin_button_get_value_as_int (self->cas_spin) : 0;
  for (int p = 0; p < kessel_game_get_n_pieces (self->game) && support < 0 && attack; p++)
    if (kessel_unit_has_ability (kessel_game_get_piece_unit (self->game, p), KESSEL_ABILITY_RANGED_SUPPORT)
        && kessel_game_get_piece_side (self->game, p) == active_side (self))
      support = p;
  if (support >= 0)
    {
      /* Offered only where the rules let it support this attack (13.1). */
      KesselAction supported = self->draft;

      supported.support = support;
      if (!check_quietly (self, &supported))
        support = -1;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->support_check), support >= 0);
  self->draft.support = support >= 0 && gtk_check_button_get_active (self->support_check) ? support : -1;

  g_clear_pointer (&self->odds_text, g_free);
  if (self->draft.type == KESSEL_ACTION_PROBE)
    self->odds_text = g_strdup (_("A probing attack (13.6): no die, no losses; the hex is entered if the rules allow."));
  else if (kessel_game_get_odds (self->game, &self->draft, &odds, &error))
    self->odds_text = odds_markup (self, &odds, hidden_defenders (self, self->draft.hex));
  else
    self->odds_text = g_markup_escape_text (error->message, -1);
  gtk_label_set_markup (self->odds_label, self->odds_text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->attack_button), check_quietly (self, &self->draft));
  gtk_button_set_label (self->attack_button, attack ? _("_Attack") : _("_Probe"));
}

static void
light_combat (KesselPlayPanel *self)
{
  g_autofree KesselHexMark *marks = g_new0 (KesselHexMark, hex_count (self));
  KesselSide side = active_side (self);

  for (int hex = 0; hex < hex_count (self); hex++)
    {
      marks[hex].number = -1;
      if (self->drafting)
        {
          if (hex == self->draft.hex)
            marks[hex].kind = KESSEL_MARK_TARGET;
          for (int u = 0; u < self->draft.n_units; u++)
            if (kessel_game_get_piece_hex (self->game, self->draft.units[u]) == hex)
              marks[hex].kind = KESSEL_MARK_ATTACKER;
          continue;
        }
      if (kessel_game_get_hex_occupant (self->game, hex) == kessel_side_enemy (side))
        {
          int around[KESSEL_N_DIRECTIONS];

          kessel_grid_neighbours (grid (self), hex, around);
          for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
            if (around[d] != KESSEL_HEX_NONE && kessel_game_get_hex_occupant (self->game, around[d]) == side)
              marks[hex].kind = KESSEL_MARK_TARGET;
        }
    }
  kessel_map_view_set_marks (self->map_view, marks);
}

static gboolean
activate_in_combat (KesselPlayPanel *self, int hex)
{
  KesselSide side = active_side (self);
  KesselSide occupant = kessel_game_get_hex_occupant (self->game, hex);

  if (self->drafting && occupant == side && adjacent (self, hex, self->draft.hex))
    toggle_attackers_at (self, hex);
  else if (occupant == kessel_side_enemy (side))
    draft_attack (self, hex, KESSEL_ACTION_ATTACK);
  else if (occupant == KESSEL_SIDE_NONE && side == KESSEL_SIDE_GERMAN
           && kessel_game_in_zoc_of (self->game, hex, KESSEL_SIDE_SOVIET))
    draft_attack (self, hex, KESSEL_ACTION_PROBE);
  else
    {
      self->drafting = FALSE;
      refresh (self);
      return FALSE;
    }
  refresh (self);
  return TRUE;
}

/* Hand-over: with fog of war at one screen, neither player sees the other's
 * pieces; between their turns the map is covered until the next player says
 * they are seated. */

static int
n_humans (KesselPlayPanel *self)
{
  return !self->computer[KESSEL_SIDE_GERMAN] + !self->computer[KESSEL_SIDE_SOVIET];
}

/* Only between two humans: against the computer, the screen is the human's. */
static gboolean
needs_handover (KesselPlayPanel *self)
{
  return self->pbem == NULL && self->fog_of_war && n_humans (self) == 2 && !kessel_game_is_over (self->game)
         && active_side (self) != self->seated && active_side (self) != KESSEL_SIDE_NONE;
}

static gboolean
computer_to_act (KesselPlayPanel *self)
{
  return !kessel_game_is_over (self->game) && self->computer[active_side (self)];
}

/* Whether the players' clicks and keys are refused now. */
static gboolean
blocked (KesselPlayPanel *self)
{
  return needs_handover (self) || computer_to_act (self)
         || (self->pbem != NULL && kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_YOUR_MOVE);
}

/* With fog of war, the map shows what the human at the screen may see: the
 * side to act between two humans, the one human's side against the computer;
 * a game of the computer against itself is watched with nothing hidden. */
static KesselSide
viewer (KesselPlayPanel *self)
{
  if (self->pbem != NULL)
    return self->fog_of_war ? kessel_pbem_get_side (self->pbem) : KESSEL_SIDE_NONE;
  if (!self->fog_of_war || n_humans (self) == 0)
    return KESSEL_SIDE_NONE;
  if (n_humans (self) == 1)
    return self->computer[KESSEL_SIDE_GERMAN] ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  return active_side (self);
}

static void bring_units_into_view (KesselPlayPanel *self);

/* The computer's turn: nothing to click; its actions are shown on the map
 * and written in the log as they are made. */
static void
show_computer_turn (KesselPlayPanel *self)
{
  g_autofree char *heading = heading_text (self);
  g_autofree char *text = g_strdup_printf (_("The computer plays the %s side. Its actions are shown on the map and written in the log."),
                                           kessel_side_display_name (active_side (self)));

  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, text);
  clear_selection (self);
  light_current_combat (self);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
  update_combat_panel (self);
}

/* The action that ends the turn with dice for the opponent to roll, in words. */
static char *
pending_words (KesselPlayPanel *self)
{
  const char *pending = kessel_pbem_get_pending (self->pbem);
  g_autofree char *described = NULL;
  KesselAction action;

  if (pending == NULL)
    return g_strdup ("");
  if (kessel_game_action_from_string (self->game, pending, &action, NULL))
    described = kessel_game_describe_action (self->game, &action);
  if (g_str_has_prefix (pending, "attack ") || g_str_has_prefix (pending, "probe ")
      || g_str_has_prefix (pending, "defend"))
    /* Translators: %s is the attack in words, such as "16 Pz and 509 attack 2119". */
    return g_strdup_printf (_("%s: this attack is resolved when your opponent opens your turn."),
                            described ? described : pending);
  /* Translators: %s is the action in words, such as a move across a river. */
  return g_strdup_printf (_("%s: its dice are rolled when your opponent opens your turn."),
                          described ? described : pending);
}

static void
send_clicked (GtkButton *button, KesselPlayPanel *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.send-pbem-turn", NULL);
}

/* A game by e-mail between turns: what to send to whom, or what to wait for. */
static void
show_pbem_wait (KesselPlayPanel *self)
{
  const char *opponent = kessel_side_display_name (kessel_side_enemy (kessel_pbem_get_side (self->pbem)));
  g_autofree char *heading = NULL;
  g_autofree char *text = NULL;

  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND)
    {
      heading = g_strdup_printf (_("Send your turn to the %s player"), opponent);
      g_autofree char *pending = pending_words (self);
      text = g_strdup_printf (_("Your part is done. %s Save the turn file and send it to the %s player by e-mail."),
                              pending, opponent);
      g_signal_connect (add_choice (self, _("Save the Turn File…"), TRUE), "clicked", G_CALLBACK (send_clicked), self);
    }
  else
    {
      heading = g_strdup_printf (_("Waiting for the %s player"), opponent);
      text = g_strdup_printf (_("Your turn is sent. Open the %s player's answer with Game ▸ Open Received Turn."),
                              opponent);
    }
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, text);
  clear_selection (self);
  gtk_widget_set_visible (self->combat_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

/* A game by e-mail before its opening dice: there is nothing to play yet. */
static void
show_pbem_start (KesselPlayPanel *self)
{
  const char *opponent = kessel_side_display_name (kessel_side_enemy (kessel_pbem_get_side (self->pbem)));
  g_autofree char *heading = g_strdup_printf (_("Waiting for the %s player"), opponent);
  g_autofree char *text = g_strdup_printf (_("The game begins when the %s player has answered your first turn file. Open the answer with Game ▸ Open Received Turn."),
                                           opponent);

  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, text);
  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND)
    g_signal_connect (add_choice (self, _("Save the Turn File…"), TRUE), "clicked", G_CALLBACK (send_clicked), self);
  gtk_widget_set_visible (self->combat_box, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

static void
seated_clicked (GtkButton *button, KesselPlayPanel *self)
{
  kessel_play_panel_take_seat (self);
}

static void
show_handover (KesselPlayPanel *self)
{
  const char *side = kessel_side_display_name (active_side (self));
  g_autofree char *heading = g_strdup_printf (_("Hand over to the %s player"), side);
  g_autofree char *button_text = g_strdup_printf (_("I am the %s player: continue"), side);
  GtkWidget *button;

  kessel_map_view_set_cover (self->map_view, heading);
  kessel_map_view_set_marks (self->map_view, NULL);
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction,
                      _("The map is hidden so that the other player's units stay out of sight (6.3)."));
  button = add_choice (self, button_text, TRUE);
  g_signal_connect (button, "clicked", G_CALLBACK (seated_clicked), self);
  /* Enter or Space takes the seat; the panel scrolls the button into view. */
  gtk_widget_grab_focus (button);
  show_combat (self, FALSE, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

/* At the start of a phase of movement or combat, the map shows a unit of the
 * side to act, so that nobody has to look for the front. */
static void
bring_units_into_view (KesselPlayPanel *self)
{
  KesselPhase phase = kessel_game_get_phase (self->game);

  if (phase == self->shown_phase || computer_to_act (self)
      || (!in_segment (self, KESSEL_SEGMENT_MOVEMENT) && !in_segment (self, KESSEL_SEGMENT_COMBAT)))
    return;
  self->shown_phase = phase;
  for (int piece = 0; piece < kessel_game_get_n_pieces (self->game); piece++)
    if (kessel_game_get_piece_side (self->game, piece) == active_side (self)
        && kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_ON_MAP
        && kessel_unit_get_mobility (kessel_game_get_piece_unit (self->game, piece)) != KESSEL_MOBILITY_STATIC)
      {
        kessel_map_view_scroll_to_hex (self->map_view, kessel_game_get_piece_hex (self->game, piece));
        return;
      }
}

/* Refresh */

/* An empty scroller would still take the height of its scroll bar. */
static void
sync_choices_visible (KesselPlayPanel *self)
{
  gtk_widget_set_visible (self->choices_scroller, gtk_widget_get_first_child (self->choices) != NULL);
}

static void
refresh_contents (KesselPlayPanel *self)
{
  g_autofree char *heading = NULL;
  KesselAction end;
  gboolean movement, combat;

  clear_choices (self);
  g_array_set_size (self->to_place, 0);
  g_clear_pointer (&self->legal, g_array_unref);
  if (self->game == NULL && self->pbem != NULL)
    {
      show_pbem_start (self);
      return;
    }
  if (self->game == NULL)
    {
      gtk_label_set_text (self->heading, _("No game"));
      gtk_label_set_text (self->instruction, _("Start a new game or open a saved one from the Game menu."));
      show_combat (self, FALSE, FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
      return;
    }
  /* Under the cover too, the screen is the next player's (6.3). */
  kessel_map_view_set_viewer (self->map_view, viewer (self));
  if (needs_handover (self))
    {
      show_handover (self);
      return;
    }
  kessel_map_view_set_cover (self->map_view, NULL);
  if (computer_to_act (self))
    {
      show_computer_turn (self);
      return;
    }
  if (self->pbem != NULL && kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_YOUR_MOVE
      && !kessel_game_is_over (self->game))
    {
      show_pbem_wait (self);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), !kessel_game_is_over (self->game));
  heading = heading_text (self);
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, segment_words (self));

  movement = in_segment (self, KESSEL_SEGMENT_MOVEMENT);
  combat = in_segment (self, KESSEL_SEGMENT_COMBAT);
  if (!movement)
    {
      self->n_selected = 0;
      g_clear_pointer (&self->reach, g_free);
      kessel_map_view_set_selection (self->map_view, NULL, 0);
      kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
    }
  if (!combat)
    self->drafting = FALSE;

  if (movement)
    {
      light_reach (self);
      show_selection (self);
    }
  else if (combat)
    light_combat (self);
  else
    {
      self->legal = kessel_game_list_actions (self->game);
      fill_choices (self);
    }
  update_combat_panel (self);

  kessel_action_init (&end, KESSEL_ACTION_END);
  gtk_button_set_label (self->end_button, end_label (self));
  gtk_widget_set_sensitive (GTK_WIDGET (self->end_button), kessel_game_check (self->game, &end, NULL));
}

/* A new prompt is shown from its first choice: the list does not keep the
 * place it was scrolled to for the last one, which could hide every button
 * of the new one. */
static void
scroll_to_new_prompt (KesselPlayPanel *self)
{
  g_autofree char *prompt = g_strconcat (gtk_label_get_text (self->heading), "\n",
                                         gtk_label_get_text (self->instruction), NULL);
  GtkAdjustment *adjustment;

  if (g_strcmp0 (prompt, self->prompt) == 0)
    return;
  g_free (self->prompt);
  self->prompt = g_steal_pointer (&prompt);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->choices_scroller));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
}

static void
refresh (KesselPlayPanel *self)
{
  refresh_contents (self);
  sync_choices_visible (self);
  scroll_to_new_prompt (self);
}

static void
game_changed (KesselGame *game, guint changes, KesselPlayPanel *self)
{
  if (changes & (KESSEL_CHANGE_PIECES | KESSEL_CHANGE_PHASE))
    {
      /* A move or a combat ends what was selected for it. */
      self->n_selected = 0;
      self->selected_hex = KESSEL_HEX_NONE;
      g_clear_pointer (&self->reach, g_free);
      self->drafting = FALSE;
      kessel_map_view_set_selection (self->map_view, NULL, 0);
      kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
    }
  refresh (self);
  if (!needs_handover (self))
    bring_units_into_view (self);
}

/* Buttons */

static void
attack_clicked (GtkButton *button, KesselPlayPanel *self)
{
  kessel_play_panel_attack (self);
}

static void
end_clicked (GtkButton *button, KesselPlayPanel *self)
{
  kessel_play_panel_end_part (self);
}

static void
combat_option_changed (KesselPlayPanel *self)
{
  update_combat_panel (self);
}

/* Construction */

static void
kessel_play_panel_dispose (GObject *object)
{
  KesselPlayPanel *self = KESSEL_PLAY_PANEL (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_object (&self->pbem);
  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->to_place, g_array_unref);
  g_clear_pointer (&self->reach, g_free);
  g_clear_pointer (&self->odds_text, g_free);
  g_clear_pointer (&self->prompt, g_free);
  self->map_view = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_PLAY_PANEL);
  G_OBJECT_CLASS (kessel_play_panel_parent_class)->dispose (object);
}

static void
kessel_play_panel_class_init (KesselPlayPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_play_panel_dispose;
  gtk_widget_class_set_css_name (widget_class, "playpanel");
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-play-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, heading);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, instruction);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, message);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, choices_scroller);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, choices);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, odds_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, combat_box);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, cas_label);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, cas_spin);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, support_check);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, attack_button);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, end_button);
  gtk_widget_class_bind_template_callback (widget_class, message_link_activated);
  gtk_widget_class_bind_template_callback (widget_class, combat_option_changed);
  gtk_widget_class_bind_template_callback (widget_class, attack_clicked);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked);
}

static void
kessel_play_panel_init (KesselPlayPanel *self)
{
  self->subject = NO_SUBJECT;
  self->shown_subject = NO_SUBJECT;
  self->selected_hex = KESSEL_HEX_NONE;
  self->fog_of_war = TRUE;
  self->to_place = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_bind_property (self->cas_spin, "visible", self->cas_label, "visible", G_BINDING_SYNC_CREATE);
}

/* Public */

GtkWidget *
kessel_play_panel_new (KesselMapView *map_view)
{
  KesselPlayPanel *self = g_object_new (KESSEL_TYPE_PLAY_PANEL, NULL);

  self->map_view = map_view;
  refresh (self);
  return GTK_WIDGET (self);
}

KesselGame *
kessel_play_panel_get_game (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return self->game;
}

void
kessel_play_panel_set_game (KesselPlayPanel *self,
                            KesselGame      *game)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  clear_selection (self);
  g_set_object (&self->game, game);
  self->subject = NO_SUBJECT;
  self->subject_chosen = FALSE;
  reset_attack_options (self);
  self->seated = game != NULL ? kessel_game_get_active_side (game) : KESSEL_SIDE_NONE;
  self->shown_phase = KESSEL_N_PHASES;
  kessel_map_view_set_game (self->map_view, game);
  if (game != NULL)
    self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
  show_message (self, NULL);
  refresh (self);
}

void
kessel_play_panel_set_computer (KesselPlayPanel *self,
                                KesselSide       side,
                                gboolean         computer)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  self->computer[side] = computer;
  if (self->game != NULL)
    refresh (self);
}

void
kessel_play_panel_set_pbem (KesselPlayPanel *self,
                            KesselPbem      *pbem)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  g_set_object (&self->pbem, pbem);
  refresh (self);
}

void
kessel_play_panel_set_fog_of_war (KesselPlayPanel *self,
                                  gboolean         fog)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  self->fog_of_war = fog;
  if (self->game != NULL)
    refresh (self);
}

gboolean
kessel_play_panel_activate_hex (KesselPlayPanel *self,
                                int              hex)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);

  if (self->game == NULL || hex < 0 || hex >= hex_count (self) || blocked (self))
    return FALSE;
  if (in_segment (self, KESSEL_SEGMENT_MOVEMENT))
    return activate_in_movement (self, hex);
  if (in_segment (self, KESSEL_SEGMENT_COMBAT))
    return activate_in_combat (self, hex);
  if (self->legal == NULL)
    return FALSE;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      if (has_hex (action) && subject_of (action) == self->subject && action->hex == hex)
        {
          self->subject_chosen = FALSE;   /* then on to the next one to place */
          return apply (self, action);
        }
    }
  return FALSE;
}

void
kessel_play_panel_hover_hex (KesselPlayPanel *self,
                             int              hex)
{
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n;

  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || self->reach == NULL || blocked (self) || hex < 0 || hex >= hex_count (self)
      || self->reach[hex].cost < 0 || self->reach[hex].previous == KESSEL_HEX_NONE)
    {
      if (self->map_view != NULL)
        kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
      return;
    }
  n = path_to (self, hex, path, G_N_ELEMENTS (path));
  kessel_map_view_set_path (self->map_view, path, n, mp_of_selection (self) - self->reach[hex].cost,
                            self->reach[hex].needs_roll);
}

void
kessel_play_panel_show_message (KesselPlayPanel *self,
                                const char      *text)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  show_message (self, text);
}

void
kessel_play_panel_cancel (KesselPlayPanel *self)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  clear_selection (self);
  if (self->game != NULL)
    refresh (self);
}

gboolean
kessel_play_panel_attack (KesselPlayPanel *self)
{
  KesselAction attack;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || blocked (self))
    return FALSE;
  if (!self->drafting)
    {
      show_message (self, in_segment (self, KESSEL_SEGMENT_COMBAT)
                          ? _("To attack, select your units next to an enemy stack, then click the stack.")
                          : _("There is no attack to make now: attacks are made in a combat part."));
      return FALSE;
    }
  update_combat_panel (self);
  attack = self->draft;
  return apply (self, &attack);
}

int
kessel_play_panel_place_at_printed_hexes (KesselPlayPanel *self)
{
  int placed = 0;
  gboolean found = TRUE;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);

  if (self->game == NULL || blocked (self))
    return 0;
  /* Each unit placed may fill a hex, so the legal actions are asked anew. */
  self->placing_all = TRUE;
  while (found && setting_up (self))
    {
      g_autoptr(GArray) legal = kessel_game_list_actions (self->game);

      found = FALSE;
      for (guint i = 0; i < legal->len && !found; i++)
        if (places_on_printed_hex (self, &g_array_index (legal, KesselAction, i)))
          found = apply (self, &g_array_index (legal, KesselAction, i));
      placed += found;
    }
  self->placing_all = FALSE;
  return placed;
}

const GArray *
kessel_play_panel_get_to_place (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return self->to_place;
}

gboolean
kessel_play_panel_end_part (KesselPlayPanel *self)
{
  KesselAction end;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || blocked (self))
    return FALSE;
  kessel_action_init (&end, KESSEL_ACTION_END);
  return apply (self, &end);
}

gboolean
kessel_play_panel_play_text (KesselPlayPanel *self,
                             const char      *text)
{
  g_autoptr(GError) error = NULL;
  KesselAction action;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || text == NULL || blocked (self))
    return FALSE;
  if (!kessel_game_action_from_string (self->game, text, &action, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  return apply (self, &action);
}

void
kessel_play_panel_select_next (KesselPlayPanel *self,
                               int              direction)
{
  int n, start, piece;

  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || blocked (self))
    return;
  if (!in_segment (self, KESSEL_SEGMENT_MOVEMENT))
    {
      show_message (self, _("Units are picked in turn only while they move."));
      return;
    }
  n = kessel_game_get_n_pieces (self->game);
  /* From the end of the selection in the direction of travel, so that a
   * stack's other units are not visited again. */
  start = self->n_selected == 0 ? (direction > 0 ? -1 : n)
          : direction > 0 ? self->selected[self->n_selected - 1] : self->selected[0];
  for (int i = 1; i <= n; i++)
    {
      piece = ((start + direction * i) % n + n) % n;
      if (can_move (self, piece) && kessel_game_get_piece_hex (self->game, piece) != self->selected_hex)
        {
          int hex = kessel_game_get_piece_hex (self->game, piece);
          self->selected_hex = KESSEL_HEX_NONE;
          select_movers (self, hex);
          kessel_map_view_set_cursor_hex (self->map_view, hex);
          kessel_map_view_scroll_to_hex (self->map_view, hex);
          return;
        }
    }
  show_message (self, _("No other unit of yours can move now."));
}

const char *
kessel_play_panel_get_instruction (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return gtk_label_get_text (self->instruction);
}

const char *
kessel_play_panel_get_message (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->message)) ? gtk_label_get_text (self->message) : "";
}

const char *
kessel_play_panel_get_odds_text (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return self->odds_text;
}

gboolean
kessel_play_panel_get_draft (KesselPlayPanel *self,
                             KesselAction    *attack)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->drafting && attack != NULL)
    *attack = self->draft;
  return self->drafting;
}

int
kessel_play_panel_get_n_selected (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);
  return self->n_selected;
}

void
kessel_play_panel_leave_seat (KesselPlayPanel *self)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  self->seated = KESSEL_SIDE_NONE;
  if (self->game != NULL)
    refresh (self);
}

gboolean
kessel_play_panel_is_waiting_for_handover (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return self->game != NULL && needs_handover (self);
}

void
kessel_play_panel_take_seat (KesselPlayPanel *self)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL)
    return;
  self->seated = active_side (self);
  refresh (self);
  bring_units_into_view (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));   /* keyboard play goes on on the map */
}

void
kessel_play_panel_select_subject (KesselPlayPanel *self,
                                  int              subject)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || self->legal == NULL)
    return;
  self->subject = subject;
  self->subject_chosen = TRUE;
  refresh (self);
}

gboolean
kessel_play_panel_press_action (KesselPlayPanel    *self,
                                const KesselAction *action)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (self->choices); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "action"));
      if (index > 0 && self->legal != NULL && index - 1 < self->legal->len
          && kessel_action_equal (&g_array_index (self->legal, KesselAction, index - 1), action))
        {
          g_signal_emit_by_name (child, "clicked");
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
kessel_play_panel_leave_map (KesselPlayPanel *self)
{
  KesselAction exit;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return self->game != NULL && !blocked (self) && selection_exit (self, &exit) && apply (self, &exit);
}

void
kessel_play_panel_set_attack_support (KesselPlayPanel *self,
                                      int              cas,
                                      gboolean         support)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  gtk_spin_button_set_value (self->cas_spin, cas);
  gtk_check_button_set_active (self->support_check, support);
}

const int *
kessel_play_panel_get_selection (KesselPlayPanel *self,
                                 int             *n_selected)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  *n_selected = self->n_selected;
  return self->selected;
}

int
kessel_play_panel_get_n_choices (KesselPlayPanel *self)
{
  int n = 0;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);
  for (GtkWidget *child = gtk_widget_get_first_child (self->choices); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

gboolean
kessel_play_panel_press_choice (KesselPlayPanel *self,
                                int              index)
{
  GtkWidget *child;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  for (child = gtk_widget_get_first_child (self->choices); child != NULL && index > 0;
       child = gtk_widget_get_next_sibling (child))
    index--;
  if (child == NULL)
    return FALSE;
  g_signal_emit_by_name (child, "clicked");
  return TRUE;
}
