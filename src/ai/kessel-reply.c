/* kessel-reply.c: playing on to the enemy's next movement and asking. */
#include "kessel-reply.h"

#include "kessel-lookahead.h"
#include "kessel-ring.h"

#define MAX_PLAY_ON_ACTIONS 4000

/* A phase's own choice when playing on: moving first in the order segment,
 * as the planner does; otherwise ending the phase, or the first choice
 * where it cannot end (a placement that must be made). */
static gboolean
default_phase_choice (KesselGame *game, KesselAction *action)
{
  g_autoptr(GArray) actions = kessel_game_list_actions (game);
  KesselActionType wanted = kessel_game_get_segment (game) == KESSEL_SEGMENT_ORDER ? KESSEL_ACTION_ORDER
                                                                                  : KESSEL_ACTION_END;

  if (actions->len == 0)
    return FALSE;
  *action = g_array_index (actions, KesselAction, 0);
  for (guint i = 0; i < actions->len; i++)
    if (g_array_index (actions, KesselAction, i).type == wanted)
      {
        *action = g_array_index (actions, KesselAction, i);
        break;
      }
  return TRUE;
}

static gboolean
to_move (KesselGame *game, KesselSide side)
{
  return kessel_game_get_active_side (game) == side && kessel_game_get_wait (game) == KESSEL_WAIT_PHASE
         && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT;
}

/* Plays game on with default choices until side is to move, if it ever is. */
static gboolean
play_to_movement (KesselGame *game, KesselSide side)
{
  for (int i = 0; i < MAX_PLAY_ON_ACTIONS && kessel_game_get_phase (game) != KESSEL_PHASE_GAME_OVER; i++)
    {
      KesselAction action;
      if (to_move (game, side))
        return TRUE;
      if (!kessel_lookahead_default_choice (game, &action) && !default_phase_choice (game, &action))
        return FALSE;
      if (!kessel_game_apply (game, &action, NULL))
        return FALSE;
    }
  return FALSE;
}

static gboolean
german_neighbour (KesselGame *game, const KesselGrid *grid, int hex)
{
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = kessel_grid_neighbour (grid, hex, (KesselDirection) d);
      if (next != KESSEL_HEX_NONE && kessel_game_get_hex_occupant (game, next) == KESSEL_SIDE_GERMAN)
        return TRUE;
    }
  return FALSE;
}

/* A German division alone in the open: one the ring search may be asked
 * about. In a place a division never retreats anyway (13.9-DR-5), in a
 * source hex it is never cut off (9.2-4), and a German stack next to it
 * holds one side of any ring open. */
static gboolean
lone_division (KesselGame *view, KesselMap *map, int hex)
{
  return kessel_game_get_hex_occupant (view, hex) == KESSEL_SIDE_GERMAN && kessel_ring_division_steps (view, hex) > 0
         && kessel_map_get_place_at (map, hex) == NULL
         && !kessel_map_has_edge_role (map, hex, KESSEL_EDGE_COMMAND_SOURCE)
         && !german_neighbour (view, kessel_map_get_grid (map), hex);
}

guint8 *
kessel_reply_ring_threats (KesselGame *view, guint64 dice_seed)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (view));
  int hex_count = kessel_map_get_hex_count (map);
  guint8 *threats = g_new0 (guint8, hex_count);
  g_autoptr(KesselGame) game = kessel_game_fork (view, dice_seed);
  g_autoptr(GArray) actions = NULL;

  if (!play_to_movement (game, KESSEL_SIDE_SOVIET))
    return threats;
  actions = kessel_game_list_actions (game);
  for (int hex = 0; hex < hex_count; hex++)
    if (lone_division (view, map, hex))
      threats[hex] = kessel_ring_can_close (game, actions, hex) ? KESSEL_RING_THREATENED : KESSEL_RING_SAFE;
  return threats;
}
