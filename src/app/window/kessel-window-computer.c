/* kessel-window-computer.c: the computer's actions shown on the map as it
 * makes them. */
#include "kessel-config.h"

#include "kessel-window-private.h"

/* A move of the computer: its path as far as it went, with the MP left. */
static int
show_computer_move (KesselWindow *self, const KesselAction *action, int from)
{
  int hexes[KESSEL_ACTION_MAX_PATH + 1], n = 0, mp = G_MAXINT;
  int to = kessel_game_get_piece_hex (self->game, action->units[0]);

  hexes[n++] = from;
  for (int i = 0; i < action->path_length && hexes[n - 1] != to; i++)
    hexes[n++] = action->path[i];   /* a move stops short at a river's cost or an enemy zone */
  for (int u = 0; u < action->n_units; u++)
    mp = MIN (mp, kessel_game_get_piece_mp (self->game, action->units[u]));
  kessel_map_view_set_path (self->map_view, hexes, n, mp, FALSE);
  kessel_map_view_set_selection (self->map_view, action->units, action->n_units);
  return to;
}

/* An attack of the computer: its target and the hexes attacking it. */
static int
show_computer_attack (KesselWindow *self, const KesselAction *action)
{
  int hex_count = kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
  g_autofree KesselHexMark *marks = g_new0 (KesselHexMark, hex_count);

  for (int hex = 0; hex < hex_count; hex++)
    marks[hex].number = -1;
  for (int u = 0; u < action->n_units; u++)
    {
      int hex = kessel_game_get_piece_hex (self->game, action->units[u]);
      if (hex >= 0 && hex < hex_count)
        marks[hex].kind = KESSEL_MARK_ATTACKER;
    }
  marks[action->hex].kind = KESSEL_MARK_TARGET;
  kessel_map_view_set_marks (self->map_view, marks);
  return action->hex;
}

/* The map shows each action of the computer as it is made, unless the
 * players want its turn all at once: the path of a move, the hexes of an
 * attack, the units placed, and the hex brought into view. Returns that
 * hex, or KESSEL_HEX_NONE. */
static int
show_computer_action (KesselWindow *self, const KesselAction *action, int from)
{
  switch (action->type)
    {
    case KESSEL_ACTION_MOVE:
      return show_computer_move (self, action, from);
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_PROBE:
      return show_computer_attack (self, action);
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_ENTER:
    case KESSEL_ACTION_RETREAT:
    case KESSEL_ACTION_ADVANCE:
      kessel_map_view_set_selection (self->map_view, action->units, action->n_units);
      return kessel_game_get_piece_hex (self->game, action->units[0]);
    case KESSEL_ACTION_KG:
      return action->hex;
    case KESSEL_ACTION_EXIT:
      return from;
    default:
      return action->n_units > 0 ? kessel_game_get_piece_hex (self->game, action->units[0]) : KESSEL_HEX_NONE;
    }
}

void
kessel_window_computer_action_applied (KesselWindow           *self,
                                       const KesselAction     *action,
                                       int                     from,
                                       KesselComputerOpponent *computer)
{
  int hex;

  if (kessel_computer_opponent_get_pace (computer) == KESSEL_PACE_ALL_AT_ONCE
      || kessel_game_get_phase (self->game) == KESSEL_PHASE_SETUP)
    return;
  /* An action that leaves a choice to a player, such as an attack asking for
   * a retreat, is shown by the play panel's lit hexes, which stay. */
  if (!kessel_computer_opponent_is_busy (computer))
    hex = action->type == KESSEL_ACTION_ATTACK ? action->hex : KESSEL_HEX_NONE;
  else
    hex = show_computer_action (self, action, from);
  if (hex >= 0)
    kessel_map_view_bring_hex_into_view (self->map_view, hex);
}
