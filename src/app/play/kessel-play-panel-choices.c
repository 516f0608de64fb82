/* kessel-play-panel-choices.c: the play panel's choices from the game's list
 * of legal actions, outside movement and combat: the units and markers with
 * hexes to choose, whose hexes are lit on the map (set-up, placements,
 * retreats), and the other actions as buttons (the order of a phase,
 * defence support, losses, advances, over-stacking). */
#include "kessel-config.h"

#include "kessel-play-choice.h"
#include "kessel-play-panel-private.h"

static int
hex_count (KesselPlayPanel *self)
{
  return kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
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
  kessel_play_panel_refresh (self);
}

static void
action_chosen (KesselPlayPanel *self, const KesselAction *action)
{
  kessel_play_panel_apply (self, action);
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
  kessel_play_panel_show_page (self, self->setup_page);
}

void
kessel_play_panel_init_choices (KesselPlayPanel *self)
{
  self->subject = NO_SUBJECT;
  self->shown_subject = NO_SUBJECT;
  self->to_place = g_array_new (FALSE, FALSE, sizeof (int));
  self->setup_page = g_object_ref_sink (KESSEL_SETUP_PAGE (kessel_setup_page_new ()));
  g_signal_connect_swapped (self->setup_page, "subject-chosen", G_CALLBACK (subject_chosen), self);
  g_signal_connect_swapped (self->setup_page, "place-printed", G_CALLBACK (place_printed), self);
  self->choice_page = g_object_ref_sink (KESSEL_CHOICE_PAGE (kessel_choice_page_new ()));
  g_signal_connect_swapped (self->choice_page, "subject-chosen", G_CALLBACK (subject_chosen), self);
  g_signal_connect_swapped (self->choice_page, "action-chosen", G_CALLBACK (action_chosen), self);
}

/* The units and markers with hexes to choose, the current one first of
 * those still to place, on the set-up page or with the other actions. */
void
kessel_play_panel_fill_choices (KesselPlayPanel *self)
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
      kessel_play_panel_show_page (self, self->choice_page);
    }
  light_subject (self);
}

gboolean
kessel_play_panel_activate_lit_hex (KesselPlayPanel *self,
                                    int              hex)
{
  if (self->legal == NULL)
    return FALSE;
  for (guint i = 0; i < self->legal->len; i++)
    {
      const KesselAction *action = &g_array_index (self->legal, KesselAction, i);
      if (is_subject_hex (self, action) && action->hex == hex)
        {
          self->subject_chosen = FALSE;   /* then on to the next one to place */
          return kessel_play_panel_apply (self, action);
        }
    }
  return FALSE;
}

/* Public */

int
kessel_play_panel_place_at_printed_hexes (KesselPlayPanel *self)
{
  int placed = 0;
  gboolean found = TRUE;

  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), 0);

  if (self->game == NULL || kessel_play_panel_blocked (self))
    return 0;
  /* Each unit placed may fill a hex, so the legal actions are asked anew. */
  self->placing_all = TRUE;
  while (found && setting_up (self))
    {
      g_autoptr(GArray) legal = kessel_game_list_actions (self->game);

      found = FALSE;
      for (guint i = 0; i < legal->len && !found; i++)
        if (places_on_printed_hex (self, &g_array_index (legal, KesselAction, i)))
          found = kessel_play_panel_apply (self, &g_array_index (legal, KesselAction, i));
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
  kessel_play_panel_refresh (self);
}

gboolean
kessel_play_panel_press_action (KesselPlayPanel    *self,
                                const KesselAction *action)
{
  g_return_val_if_fail (KESSEL_IS_PLAY_PANEL (self), FALSE);
  return self->page == GTK_WIDGET (self->choice_page)
         && kessel_choice_page_press_action (self->choice_page, action);
}
