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
 * buttons.
 *
 * Each kind of decision has its page under the prompt: the set-up, the
 * other choices from the list of legal actions, movement, and a prompt
 * answered by one button (the hand-over, sending a turn by e-mail); the
 * attack page stays below them. The panel chooses the page and keeps what
 * is common: the prompt, the refusal shown and the button that ends the
 * part of the phase. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "kessel-attack-page.h"
#include "kessel-choice-page.h"
#include "kessel-game-text.h"
#include "kessel-movement-page.h"
#include "kessel-play-choice.h"
#include "kessel-play-panel.h"
#include "kessel-prompt-page.h"
#include "kessel-setup-page.h"

#define NO_SUBJECT G_MININT

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
  GtkWidget *page_slot;          /* holds the page shown */
  KesselAttackPage *attack_page;
  GtkButton *end_button;

  GtkWidget *page;               /* the page in page_slot, or NULL */
  KesselSetupPage *setup_page;
  KesselChoicePage *choice_page;
  KesselMovementPage *movement_page;
  KesselPromptPage *handover_page;
  KesselPromptPage *send_page;

  GArray *legal;                 /* the legal actions, outside movement and combat */
  int subject;                   /* the piece (or -1 - KG) whose hexes are lit, or NO_SUBJECT */
  gboolean subject_chosen;       /* chosen by the player, not the next to place */
  int shown_subject;             /* the subject whose lit hexes were brought into view */
  gboolean placing_all;          /* the map stays put while every unit is placed at once */
  GArray *to_place;              /* set-up: the pieces still to place, as listed */

  char *prompt;                  /* the heading and instruction shown last */
};

G_DEFINE_FINAL_TYPE (KesselPlayPanel, kessel_play_panel, GTK_TYPE_BOX)

static void refresh (KesselPlayPanel *self);

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
  kessel_movement_page_clear (self->movement_page);
  kessel_attack_page_clear (self->attack_page);
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

/* Pages */

static void
show_page (KesselPlayPanel *self, gpointer page)
{
  if (self->page == page)
    return;
  if (self->page != NULL)
    gtk_box_remove (GTK_BOX (self->page_slot), self->page);
  self->page = page;
  if (page != NULL)
    gtk_box_append (GTK_BOX (self->page_slot), page);
}

/* The choices shown now: the page's widgets in sight, headings too. */
static GtkWidget *
next_choice (GtkWidget *widget)
{
  while (widget != NULL && !gtk_widget_get_visible (widget))
    widget = gtk_widget_get_next_sibling (widget);
  return widget;
}

static GtkWidget *
first_choice (KesselPlayPanel *self)
{
  return self->page != NULL ? next_choice (gtk_widget_get_first_child (self->page)) : NULL;
}

/* An empty scroller would still take the height of its scroll bar. */
static void
sync_choices_visible (KesselPlayPanel *self)
{
  gtk_widget_set_visible (self->choices_scroller, first_choice (self) != NULL);
}

/* Choices from the list of legal actions */

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
  kessel_movement_page_set_selection (self->movement_page, &self->subject, 1);
}

static gboolean
is_subject_hex (KesselPlayPanel *self, const KesselAction *action)
{
  return kessel_play_choice_has_hex (action) && kessel_play_choice_subject_of (action) == self->subject;
}

static void
light_subject (KesselPlayPanel *self)
{
  g_autofree KesselHexMark *marks = NULL;
  gboolean any = FALSE;

  if (self->subject == NO_SUBJECT)
    {
      kessel_attack_page_light_current_combat (self->attack_page);
      return;
    }
  marks = g_new0 (KesselHexMark, hex_count (self));
  for (int hex = 0; hex < hex_count (self); hex++)
    marks[hex].number = -1;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      if (is_subject_hex (self, action) && action->hex >= 0)
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
subject_chosen (KesselPlayPanel *self, int subject)
{
  self->subject = subject;
  self->subject_chosen = TRUE;
  light_subject (self);
  refresh (self);
}

static void
action_chosen (KesselPlayPanel *self, const KesselAction *action)
{
  apply (self, action);
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
place_printed (KesselPlayPanel *self)
{
  kessel_play_panel_place_at_printed_hexes (self);
}

static void
show_setup (KesselPlayPanel *self, const int *subjects, int n_subjects)
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (int));

  for (int s = 0; s < n_subjects; s++)
    if (kessel_play_choice_is_placed (self->game, subjects[s]))
      g_array_append_val (placed, subjects[s]);
    else
      g_array_append_val (self->to_place, subjects[s]);
  kessel_setup_page_show (self->setup_page, self->game, self->to_place, placed, self->subject,
                          printed_hex_open (self));
  show_page (self, self->setup_page);
}

/* The units and markers with hexes to choose, the current one first of
 * those still to place, on the set-up page or with the other actions. */
static void
fill_choices (KesselPlayPanel *self)
{
  int subjects[KESSEL_ACTION_MAX_UNITS * 2];
  int n_subjects = 0;
  gboolean subject_still_legal = FALSE;

  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      int subject;
      gboolean seen = FALSE;

      if (!kessel_play_choice_has_hex (action))
        continue;
      subject = kessel_play_choice_subject_of (action);
      subject_still_legal |= subject == self->subject;
      for (int s = 0; s < n_subjects && !seen; s++)
        seen = subjects[s] == subject;
      if (!seen && n_subjects < (int) G_N_ELEMENTS (subjects))
        subjects[n_subjects++] = subject;
    }
  if (!subject_still_legal
      || (!self->subject_chosen && self->subject != NO_SUBJECT
          && kessel_play_choice_is_placed (self->game, self->subject)))
    {
      self->subject = NO_SUBJECT;
      for (int s = 0; s < n_subjects && self->subject == NO_SUBJECT; s++)
        if (!kessel_play_choice_is_placed (self->game, subjects[s]))
          self->subject = subjects[s];
    }
  /* The set-up offers no action but placing units and ending it. */
  if (setting_up (self))
    show_setup (self, subjects, n_subjects);
  else
    {
      kessel_choice_page_show (self->choice_page, self->game, self->legal, subjects, n_subjects, self->subject);
      show_page (self, self->choice_page);
    }
  light_subject (self);
}

/* A click on a hex lit for the subject places it there, or retreats it. */
static gboolean
activate_lit_hex (KesselPlayPanel *self, int hex)
{
  if (self->legal == NULL)
    return FALSE;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      if (is_subject_hex (self, action) && action->hex == hex)
        {
          self->subject_chosen = FALSE;   /* then on to the next one to place */
          return apply (self, action);
        }
    }
  return FALSE;
}

/* Movement and combat */

static gboolean
page_played (KesselPlayPanel *self, const KesselAction *action)
{
  return apply (self, action);
}

static void
page_message (KesselPlayPanel *self, const char *text)
{
  show_message (self, text);
}

static void
attack_asked (KesselPlayPanel *self)
{
  kessel_play_panel_attack (self);
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

static void
show_no_game (KesselPlayPanel *self)
{
  gtk_label_set_text (self->heading, _("No game"));
  gtk_label_set_text (self->instruction, _("Start a new game or open a saved one from the Game menu."));
  kessel_attack_page_hide (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

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
  kessel_attack_page_light_current_combat (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
  kessel_attack_page_update (self->attack_page);
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
send_answered (KesselPlayPanel *self)
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
      show_page (self, self->send_page);
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
  kessel_attack_page_hide_options (self->attack_page);
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
    show_page (self, self->send_page);
  kessel_attack_page_hide_options (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

static void
show_handover (KesselPlayPanel *self)
{
  const char *side = kessel_side_display_name (active_side (self));
  g_autofree char *heading = g_strdup_printf (_("Hand over to the %s player"), side);
  g_autofree char *button_text = g_strdup_printf (_("I am the %s player: continue"), side);

  kessel_map_view_set_cover (self->map_view, heading);
  kessel_map_view_set_marks (self->map_view, NULL);
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction,
                      _("The map is hidden so that the other player's units stay out of sight (6.3)."));
  kessel_prompt_page_set_answer (self->handover_page, button_text);
  show_page (self, self->handover_page);
  /* Enter or Space takes the seat; the panel scrolls the button into view. */
  kessel_prompt_page_focus_answer (self->handover_page);
  kessel_attack_page_hide (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

/* When nobody at this screen may play now (no game, a game by e-mail
 * waiting for the opponent, the hand-over, the computer's turn), shows why
 * and returns TRUE. */
static gboolean
show_no_play (KesselPlayPanel *self)
{
  if (self->game == NULL && self->pbem != NULL)
    {
      show_pbem_start (self);
      return TRUE;
    }
  if (self->game == NULL)
    {
      show_no_game (self);
      return TRUE;
    }
  /* Under the cover too, the screen is the next player's (6.3). */
  kessel_map_view_set_viewer (self->map_view, viewer (self));
  if (needs_handover (self))
    {
      show_handover (self);
      return TRUE;
    }
  kessel_map_view_set_cover (self->map_view, NULL);
  if (computer_to_act (self))
    {
      show_computer_turn (self);
      return TRUE;
    }
  if (self->pbem != NULL && kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_YOUR_MOVE
      && !kessel_game_is_over (self->game))
    {
      show_pbem_wait (self);
      return TRUE;
    }
  return FALSE;
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

static void
refresh_contents (KesselPlayPanel *self)
{
  g_autofree char *heading = NULL;
  KesselAction end;
  gboolean movement, combat;

  /* The page is taken out and put back: a button pressed does not keep the
   * keyboard into the next prompt. */
  show_page (self, NULL);
  g_array_set_size (self->to_place, 0);
  g_clear_pointer (&self->legal, g_array_unref);
  if (show_no_play (self))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), !kessel_game_is_over (self->game));
  heading = heading_text (self);
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, segment_words (self));

  movement = in_segment (self, KESSEL_SEGMENT_MOVEMENT);
  combat = in_segment (self, KESSEL_SEGMENT_COMBAT);
  if (!movement)
    kessel_movement_page_unselect (self->movement_page);
  if (!combat)
    kessel_attack_page_drop_draft (self->attack_page);

  if (movement)
    {
      kessel_movement_page_update (self->movement_page);
      show_page (self, self->movement_page);
    }
  else if (combat)
    kessel_attack_page_light (self->attack_page);
  else
    {
      self->legal = kessel_game_list_actions (self->game);
      fill_choices (self);
    }
  kessel_attack_page_update (self->attack_page);

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
      kessel_movement_page_clear (self->movement_page);
      kessel_attack_page_drop_draft (self->attack_page);
    }
  refresh (self);
  if (!needs_handover (self))
    bring_units_into_view (self);
}

/* Buttons */

static void
end_clicked (GtkButton *button, KesselPlayPanel *self)
{
  kessel_play_panel_end_part (self);
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
  g_clear_pointer (&self->prompt, g_free);
  show_page (self, NULL);
  g_clear_object (&self->setup_page);
  g_clear_object (&self->choice_page);
  g_clear_object (&self->movement_page);
  g_clear_object (&self->handover_page);
  g_clear_object (&self->send_page);
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
  g_type_ensure (KESSEL_TYPE_ATTACK_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-play-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, heading);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, instruction);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, message);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, choices_scroller);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, page_slot);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, attack_page);
  gtk_widget_class_bind_template_child (widget_class, KesselPlayPanel, end_button);
  gtk_widget_class_bind_template_callback (widget_class, message_link_activated);
  gtk_widget_class_bind_template_callback (widget_class, attack_asked);
  gtk_widget_class_bind_template_callback (widget_class, refresh);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked);
}

/* The pages that take turns under the prompt, held while out of sight. */
static void
make_pages (KesselPlayPanel *self)
{
  self->movement_page = g_object_ref_sink (KESSEL_MOVEMENT_PAGE (kessel_movement_page_new ()));
  g_signal_connect_swapped (self->movement_page, "play", G_CALLBACK (page_played), self);
  g_signal_connect_swapped (self->movement_page, "message", G_CALLBACK (page_message), self);
  g_signal_connect_swapped (self->movement_page, "selection-changed", G_CALLBACK (refresh), self);
  self->setup_page = g_object_ref_sink (KESSEL_SETUP_PAGE (kessel_setup_page_new ()));
  g_signal_connect_swapped (self->setup_page, "subject-chosen", G_CALLBACK (subject_chosen), self);
  g_signal_connect_swapped (self->setup_page, "place-printed", G_CALLBACK (place_printed), self);
  self->choice_page = g_object_ref_sink (KESSEL_CHOICE_PAGE (kessel_choice_page_new ()));
  g_signal_connect_swapped (self->choice_page, "subject-chosen", G_CALLBACK (subject_chosen), self);
  g_signal_connect_swapped (self->choice_page, "action-chosen", G_CALLBACK (action_chosen), self);
  self->handover_page = g_object_ref_sink (KESSEL_PROMPT_PAGE (kessel_prompt_page_new ()));
  g_signal_connect_swapped (self->handover_page, "answered", G_CALLBACK (kessel_play_panel_take_seat), self);
  self->send_page = g_object_ref_sink (KESSEL_PROMPT_PAGE (kessel_prompt_page_new ()));
  kessel_prompt_page_set_answer (self->send_page, _("Save the Turn File…"));
  g_signal_connect_swapped (self->send_page, "answered", G_CALLBACK (send_answered), self);
}

static void
kessel_play_panel_init (KesselPlayPanel *self)
{
  self->subject = NO_SUBJECT;
  self->shown_subject = NO_SUBJECT;
  self->fog_of_war = TRUE;
  self->to_place = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
  make_pages (self);
}

/* Public */

GtkWidget *
kessel_play_panel_new (KesselMapView *map_view)
{
  KesselPlayPanel *self = g_object_new (KESSEL_TYPE_PLAY_PANEL, NULL);

  self->map_view = map_view;
  kessel_movement_page_set_map_view (self->movement_page, map_view);
  kessel_attack_page_set_map_view (self->attack_page, map_view);
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
  kessel_movement_page_set_game (self->movement_page, game);
  kessel_attack_page_set_game (self->attack_page, game);
  self->subject = NO_SUBJECT;
  self->subject_chosen = FALSE;
  kessel_attack_page_reset_options (self->attack_page);
  self->seated = game != NULL ? kessel_game_get_active_side (game) : KESSEL_SIDE_NONE;
  self->shown_phase = KESSEL_N_PHASES;
  kessel_map_view_set_game (self->map_view, game);
  if (game != NULL)
    self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
  show_message (self, NULL);
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
    return kessel_movement_page_activate_hex (self->movement_page, hex);
  if (in_segment (self, KESSEL_SEGMENT_COMBAT))
    return kessel_attack_page_activate_hex (self->attack_page, hex);
  return activate_lit_hex (self, hex);
}

void
kessel_play_panel_hover_hex (KesselPlayPanel *self,
                             int              hex)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || blocked (self))
    hex = KESSEL_HEX_NONE;
  kessel_movement_page_hover_hex (self->movement_page, hex);
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
  if (!kessel_attack_page_get_draft (self->attack_page, NULL))
    {
      show_message (self, in_segment (self, KESSEL_SEGMENT_COMBAT)
                          ? _("To attack, select your units next to an enemy stack, then click the stack.")
                          : _("There is no attack to make now: attacks are made in a combat part."));
      return FALSE;
    }
  kessel_attack_page_update (self->attack_page);
  kessel_attack_page_get_draft (self->attack_page, &attack);
  return apply (self, &attack);
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
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || blocked (self))
    return;
  if (!in_segment (self, KESSEL_SEGMENT_MOVEMENT))
    {
      show_message (self, _("Units are picked in turn only while they move."));
      return;
    }
  kessel_movement_page_select_next (self->movement_page, direction);
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
  return kessel_attack_page_get_odds_text (self->attack_page);
}

gboolean
kessel_play_panel_get_draft (KesselPlayPanel *self,
                             KesselAction    *attack)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return kessel_attack_page_get_draft (self->attack_page, attack);
}

int
kessel_play_panel_get_n_selected (KesselPlayPanel *self)
{
  int n_selected;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);
  kessel_movement_page_get_selection (self->movement_page, &n_selected);
  return n_selected;
}

gboolean
kessel_play_panel_leave_map (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return self->game != NULL && !blocked (self) && kessel_movement_page_leave_map (self->movement_page);
}

void
kessel_play_panel_set_attack_support (KesselPlayPanel *self,
                                      int              cas,
                                      gboolean         support)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  kessel_attack_page_set_support (self->attack_page, cas, support);
}

const int *
kessel_play_panel_get_selection (KesselPlayPanel *self,
                                 int             *n_selected)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), NULL);
  return kessel_movement_page_get_selection (self->movement_page, n_selected);
}

int
kessel_play_panel_get_n_choices (KesselPlayPanel *self)
{
  int n = 0;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);
  for (GtkWidget *child = first_choice (self); child != NULL; child = next_choice (gtk_widget_get_next_sibling (child)))
    n++;
  return n;
}

gboolean
kessel_play_panel_press_choice (KesselPlayPanel *self,
                                int              index)
{
  GtkWidget *child;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  for (child = first_choice (self); child != NULL && index > 0;
       child = next_choice (gtk_widget_get_next_sibling (child)))
    index--;
  if (child == NULL)
    return FALSE;
  g_signal_emit_by_name (child, "clicked");
  return TRUE;
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
  kessel_attack_page_set_fog_of_war (self->attack_page, fog);
  if (self->game != NULL)
    refresh (self);
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
  return self->page == GTK_WIDGET (self->choice_page)
         && kessel_choice_page_press_action (self->choice_page, action);
}
