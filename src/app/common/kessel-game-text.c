/* kessel-game-text.c: translatable words for the state of a game. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-text.h"

const char *
kessel_game_text_phase_name (KesselPhase phase)
{
  return kessel_phase_display_name (phase);
}

const char *
kessel_game_text_weather_name (KesselWeather weather)
{
  switch (weather)
    {
    case KESSEL_WEATHER_THAW: return C_("weather", "Thaw");
    case KESSEL_WEATHER_FROST: return C_("weather", "Frost");
    case KESSEL_WEATHER_STORM: return C_("weather", "Storm");
    case KESSEL_N_WEATHERS:
    default: return "?";
    }
}

const char *
kessel_game_text_verdict_name (KesselVerdict verdict)
{
  return kessel_verdict_display_name (verdict);
}

const char *
kessel_game_text_kg_name (KesselKg kg)
{
  switch (kg)
    {
    case KESSEL_KG_BREITH: return _("Breith");
    case KESSEL_KG_CHEVALLERIE: return _("Chevallerie");
    case KESSEL_KG_GOLNICK: return _("Golnick");
    case KESSEL_N_KGS:
    default: return "?";
    }
}

const char *
kessel_game_text_order_name (KesselOrder order)
{
  return kessel_order_display_name (order);
}

const char *
kessel_game_text_segment (KesselSegment segment)
{
  switch (segment)
    {
    case KESSEL_SEGMENT_PLACEMENT: return _("placement");
    case KESSEL_SEGMENT_ORDER: return _("choosing Move/Fight or Fight/Move");
    case KESSEL_SEGMENT_MOVEMENT: return _("movement");
    case KESSEL_SEGMENT_COMBAT: return _("combat");
    case KESSEL_SEGMENT_NONE:
    default: return NULL;
    }
}

char *
kessel_game_text_wait (KesselWait wait,
                       KesselSide side)
{
  const char *who = kessel_side_display_name (side);

  switch (wait)
    {
    case KESSEL_WAIT_DEFENCE:
      /* Translators: %s is the side, "German" or "Soviet"; so in the lines below. */
      return g_strdup_printf (_("%s chooses defence support (13.1, 13.3)"), who);
    case KESSEL_WAIT_ATTACKER_LOSS:
      /* Translators: %s is the side. */
      return g_strdup_printf (_("%s takes the attacker’s losses (13.9)"), who);
    case KESSEL_WAIT_DEFENDER_LOSS:
      /* Translators: %s is the side. */
      return g_strdup_printf (_("%s takes the defender’s losses (13.9)"), who);
    case KESSEL_WAIT_RETREAT:
      /* Translators: %s is the side. */
      return g_strdup_printf (_("%s chooses the retreat (13.9)"), who);
    case KESSEL_WAIT_ADVANCE:
      /* Translators: %s is the side. */
      return g_strdup_printf (_("%s may advance after combat (13.10)"), who);
    case KESSEL_WAIT_ELIMINATION:
      /* Translators: %s is the side. */
      return g_strdup_printf (_("%s removes units from an over-stacked hex (6.0)"), who);
    case KESSEL_WAIT_PHASE:
    case KESSEL_WAIT_NOTHING:
    default:
      return NULL;
    }
}

char *
kessel_game_text_phase_heading (int         turn,
                                KesselPhase phase)
{
  if (phase == KESSEL_PHASE_SETUP || phase == KESSEL_PHASE_GAME_OVER)
    return g_strdup (kessel_game_text_phase_name (phase));
  /* Translators: turn number, phase numeral and phase name, as in
   * "Turn 3 · VI German 1st phase". */
  return g_strdup_printf (_("Turn %d · %s %s"), turn, kessel_phase_numeral (phase),
                          kessel_game_text_phase_name (phase));
}

char *
kessel_game_text_piece_state (KesselGame *game,
                              int         piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));

  switch (kessel_game_get_piece_status (game, piece))
    {
    case KESSEL_PIECE_ON_MAP:
      {
        g_autofree char *hex = kessel_grid_format_hex (grid, kessel_game_get_piece_hex (game, piece));
        /* Translators: %s is a hex number such as "1523". */
        return g_strdup_printf (_("In hex %s"), hex);
      }
    case KESSEL_PIECE_WAITING:
      if (kessel_unit_get_arrival_turn (unit) > 0)
        return g_strdup_printf (_("Arrives on turn %d"), kessel_unit_get_arrival_turn (unit));
      return g_strdup (_("Not yet set up"));
    case KESSEL_PIECE_ELIMINATED:
      return g_strdup (_("Eliminated"));
    case KESSEL_PIECE_EXITED:
      return g_strdup (_("Exited the map"));
    case KESSEL_PIECE_RETURNING:
      return g_strdup_printf (_("Eliminated, returns on turn %d (11.1)"), kessel_game_get_piece_return_turn (game, piece));
    case KESSEL_PIECE_FORFEITED:
    default:
      return g_strdup (_("Forfeited (10.1)"));
    }
}
