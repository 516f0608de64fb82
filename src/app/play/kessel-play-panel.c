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
 * part of the phase. The choices from the list of legal actions and who
 * sits at the screen have files of their own. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "kessel-game-text.h"
#include "kessel-play-panel-private.h"

G_DEFINE_FINAL_TYPE (KesselPlayPanel, kessel_play_panel, GTK_TYPE_BOX)

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
  /* A network game sends a turn done at once. */
  gtk_widget_activate_action (GTK_WIDGET (self), "win.pbem-action-played", NULL);
  /* The game's change was shown before the turn was done: the panel now
   * offers the turn file, not the opponent's choices. */
  if (kessel_pbem_get_status (self->pbem) != KESSEL_PBEM_YOUR_MOVE)
    kessel_play_panel_refresh (self);
  return TRUE;
}

gboolean
kessel_play_panel_apply (KesselPlayPanel    *self,
                         const KesselAction *action)
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

void
kessel_play_panel_clear_selection (KesselPlayPanel *self)
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

char *
kessel_play_panel_heading_text (KesselPlayPanel *self)
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

void
kessel_play_panel_show_page (KesselPlayPanel *self,
                             gpointer         page)
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

/* Movement and combat */

static gboolean
page_played (KesselPlayPanel *self, const KesselAction *action)
{
  return kessel_play_panel_apply (self, action);
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

/* Refresh */

static void
refresh_contents (KesselPlayPanel *self)
{
  g_autofree char *heading = NULL;
  KesselAction end;
  gboolean movement, combat;

  /* The page is taken out and put back: a button pressed does not keep the
   * keyboard into the next prompt. */
  kessel_play_panel_show_page (self, NULL);
  g_array_set_size (self->to_place, 0);
  g_clear_pointer (&self->legal, g_array_unref);
  if (kessel_play_panel_show_no_play (self))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), !kessel_game_is_over (self->game));
  heading = kessel_play_panel_heading_text (self);
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
      kessel_play_panel_show_page (self, self->movement_page);
    }
  else if (combat)
    kessel_attack_page_light (self->attack_page);
  else
    {
      self->legal = kessel_game_list_actions (self->game);
      kessel_play_panel_fill_choices (self);
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

void
kessel_play_panel_refresh (KesselPlayPanel *self)
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
  kessel_play_panel_refresh (self);
  if (!kessel_play_panel_needs_handover (self))
    kessel_play_panel_bring_units_into_view (self);
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
  g_clear_pointer (&self->wait_note, g_free);
  g_clear_pointer (&self->legal, g_array_unref);
  g_clear_pointer (&self->to_place, g_array_unref);
  g_clear_pointer (&self->prompt, g_free);
  kessel_play_panel_show_page (self, NULL);
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
  gtk_widget_class_bind_template_callback (widget_class, kessel_play_panel_refresh);
  gtk_widget_class_bind_template_callback (widget_class, end_clicked);
}

static void
kessel_play_panel_init (KesselPlayPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->movement_page = g_object_ref_sink (KESSEL_MOVEMENT_PAGE (kessel_movement_page_new ()));
  g_signal_connect_swapped (self->movement_page, "play", G_CALLBACK (page_played), self);
  g_signal_connect_swapped (self->movement_page, "message", G_CALLBACK (page_message), self);
  g_signal_connect_swapped (self->movement_page, "selection-changed", G_CALLBACK (kessel_play_panel_refresh), self);
  kessel_play_panel_init_choices (self);
  kessel_play_panel_init_seats (self);
}

/* Public */

GtkWidget *
kessel_play_panel_new (KesselMapView *map_view)
{
  KesselPlayPanel *self = g_object_new (KESSEL_TYPE_PLAY_PANEL, NULL);

  self->map_view = map_view;
  kessel_movement_page_set_map_view (self->movement_page, map_view);
  kessel_attack_page_set_map_view (self->attack_page, map_view);
  kessel_play_panel_refresh (self);
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
  kessel_play_panel_clear_selection (self);
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
  kessel_play_panel_refresh (self);
}

gboolean
kessel_play_panel_activate_hex (KesselPlayPanel *self,
                                int              hex)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);

  if (self->game == NULL || hex < 0 || hex >= hex_count (self) || kessel_play_panel_blocked (self))
    return FALSE;
  if (in_segment (self, KESSEL_SEGMENT_MOVEMENT))
    return kessel_movement_page_activate_hex (self->movement_page, hex);
  if (in_segment (self, KESSEL_SEGMENT_COMBAT))
    return kessel_attack_page_activate_hex (self->attack_page, hex);
  return kessel_play_panel_activate_lit_hex (self, hex);
}

void
kessel_play_panel_hover_hex (KesselPlayPanel *self,
                             int              hex)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || kessel_play_panel_blocked (self))
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
  kessel_play_panel_clear_selection (self);
  if (self->game != NULL)
    kessel_play_panel_refresh (self);
}

gboolean
kessel_play_panel_attack (KesselPlayPanel *self)
{
  KesselAction attack;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || kessel_play_panel_blocked (self))
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
  return kessel_play_panel_apply (self, &attack);
}

gboolean
kessel_play_panel_end_part (KesselPlayPanel *self)
{
  KesselAction end;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || kessel_play_panel_blocked (self))
    return FALSE;
  kessel_action_init (&end, KESSEL_ACTION_END);
  return kessel_play_panel_apply (self, &end);
}

gboolean
kessel_play_panel_play_text (KesselPlayPanel *self,
                             const char      *text)
{
  g_autoptr(GError) error = NULL;
  KesselAction action;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  if (self->game == NULL || text == NULL || kessel_play_panel_blocked (self))
    return FALSE;
  if (!kessel_game_action_from_string (self->game, text, &action, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  return kessel_play_panel_apply (self, &action);
}

void
kessel_play_panel_select_next (KesselPlayPanel *self,
                               int              direction)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL || kessel_play_panel_blocked (self))
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
  return self->game != NULL && !kessel_play_panel_blocked (self) && kessel_movement_page_leave_map (self->movement_page);
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
