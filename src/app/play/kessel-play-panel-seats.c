/* kessel-play-panel-seats.c: who sits at the play panel's screen: the
 * hand-over between two players under fog of war, the computer's turns,
 * and a game by e-mail, where only one side plays here. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-play-panel-private.h"

static KesselSide
active_side (KesselPlayPanel *self)
{
  return kessel_game_get_active_side (self->game);
}

static gboolean
in_segment (KesselPlayPanel *self, KesselSegment segment)
{
  return kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
         && kessel_game_get_segment (self->game) == segment;
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
gboolean
kessel_play_panel_needs_handover (KesselPlayPanel *self)
{
  return self->pbem == NULL && self->fog_of_war && n_humans (self) == 2 && !kessel_game_is_over (self->game)
         && active_side (self) != self->seated && active_side (self) != KESSEL_SIDE_NONE;
}

static gboolean
computer_to_act (KesselPlayPanel *self)
{
  return !kessel_game_is_over (self->game) && self->computer[active_side (self)];
}

gboolean
kessel_play_panel_blocked (KesselPlayPanel *self)
{
  return kessel_play_panel_needs_handover (self) || computer_to_act (self)
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
  /* A network game started again waits for the opponent's answer, with no
   * game to play yet: the note says what it waits for. */
  gtk_label_set_text (self->heading, self->wait_note ? _("Waiting for your opponent") : _("No game"));
  gtk_label_set_text (self->instruction,
                      self->wait_note ? self->wait_note : _("Start a new game or open a saved one from the Game menu."));
  kessel_attack_page_hide (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

/* The computer's turn: nothing to click; its actions are shown on the map
 * and written in the log as they are made. */
static void
show_computer_turn (KesselPlayPanel *self)
{
  g_autofree char *heading = kessel_play_panel_heading_text (self);
  g_autofree char *text = g_strdup_printf (_("The computer plays the %s side. Its actions are shown on the map and written in the log."),
                                           kessel_side_display_name (active_side (self)));

  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, text);
  kessel_play_panel_clear_selection (self);
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

  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND && self->wait_note == NULL)
    {
      heading = g_strdup_printf (_("Send your turn to the %s player"), opponent);
      g_autofree char *pending = pending_words (self);
      text = g_strdup_printf (_("Your part is done. %s Save the turn file and send it to the %s player by e-mail."),
                              pending, opponent);
      kessel_play_panel_show_page (self, self->send_page);
    }
  else
    {
      heading = g_strdup_printf (_("Waiting for the %s player"), opponent);
      text = g_strdup_printf (_("Your turn is sent. Open the %s player's answer with Game ▸ Open Received Turn."),
                              opponent);
    }
  gtk_label_set_text (self->heading, heading);
  gtk_label_set_text (self->instruction, self->wait_note ? self->wait_note : text);
  kessel_play_panel_clear_selection (self);
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
  gtk_label_set_text (self->instruction, self->wait_note ? self->wait_note : text);
  if (kessel_pbem_get_status (self->pbem) == KESSEL_PBEM_SEND && self->wait_note == NULL)
    kessel_play_panel_show_page (self, self->send_page);
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
  kessel_play_panel_show_page (self, self->handover_page);
  /* Enter or Space takes the seat; the panel scrolls the button into view. */
  kessel_prompt_page_focus_answer (self->handover_page);
  kessel_attack_page_hide (self->attack_page);
  gtk_widget_set_visible (GTK_WIDGET (self->end_button), FALSE);
}

void
kessel_play_panel_init_seats (KesselPlayPanel *self)
{
  self->fog_of_war = TRUE;
  self->handover_page = g_object_ref_sink (KESSEL_PROMPT_PAGE (kessel_prompt_page_new ()));
  g_signal_connect_swapped (self->handover_page, "answered", G_CALLBACK (kessel_play_panel_take_seat), self);
  self->send_page = g_object_ref_sink (KESSEL_PROMPT_PAGE (kessel_prompt_page_new ()));
  kessel_prompt_page_set_answer (self->send_page, _("Save the Turn File…"));
  g_signal_connect_swapped (self->send_page, "answered", G_CALLBACK (send_answered), self);
}

gboolean
kessel_play_panel_show_no_play (KesselPlayPanel *self)
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
  if (kessel_play_panel_needs_handover (self))
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
void
kessel_play_panel_bring_units_into_view (KesselPlayPanel *self)
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

/* Public */

void
kessel_play_panel_set_computer (KesselPlayPanel *self,
                                KesselSide       side,
                                gboolean         computer)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  self->computer[side] = computer;
  if (self->game != NULL)
    kessel_play_panel_refresh (self);
}

void
kessel_play_panel_set_wait_note (KesselPlayPanel *self,
                                 const char      *note)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (g_strcmp0 (self->wait_note, note) == 0)
    return;
  g_free (self->wait_note);
  self->wait_note = g_strdup (note);
  if (self->pbem != NULL || self->game == NULL)
    kessel_play_panel_refresh (self);
}

void
kessel_play_panel_set_pbem (KesselPlayPanel *self,
                            KesselPbem      *pbem)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  g_set_object (&self->pbem, pbem);
  kessel_play_panel_refresh (self);
}

void
kessel_play_panel_set_fog_of_war (KesselPlayPanel *self,
                                  gboolean         fog)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  self->fog_of_war = fog;
  kessel_attack_page_set_fog_of_war (self->attack_page, fog);
  if (self->game != NULL)
    kessel_play_panel_refresh (self);
}

void
kessel_play_panel_leave_seat (KesselPlayPanel *self)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  self->seated = KESSEL_SIDE_NONE;
  if (self->game != NULL)
    kessel_play_panel_refresh (self);
}

gboolean
kessel_play_panel_is_waiting_for_handover (KesselPlayPanel *self)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return self->game != NULL && kessel_play_panel_needs_handover (self);
}

void
kessel_play_panel_take_seat (KesselPlayPanel *self)
{
  g_return_if_fail (KESSEL_IS_PLAY_PANEL (self));
  if (self->game == NULL)
    return;
  self->seated = active_side (self);
  kessel_play_panel_refresh (self);
  kessel_play_panel_bring_units_into_view (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));   /* keyboard play goes on on the map */
}
