/* kessel-game-text.h: translatable words for the state of a game, shared by
 * the game panel and the log view. */
#pragma once

#include <glib.h>

#include "kessel-game.h"

G_BEGIN_DECLS

const char *kessel_game_text_phase_name (KesselPhase phase);
const char *kessel_game_text_weather_name (KesselWeather weather);
const char *kessel_game_text_verdict_name (KesselVerdict verdict);
/* The commander's name alone, such as "Breith". */
const char *kessel_game_text_kg_name (KesselKg kg);
const char *kessel_game_text_order_name (KesselOrder order);
/* The part of a phase under way, such as "movement", or NULL for none. */
const char *kessel_game_text_segment (KesselSegment segment);
/* What the game waits for from side, such as "German chooses the retreat",
 * or NULL when it waits for the phase's own actions. */
char       *kessel_game_text_wait (KesselWait wait,
                                   KesselSide side);
/* "Turn 3 · VI German 1st phase", or "Set-up". */
char       *kessel_game_text_phase_heading (int         turn,
                                            KesselPhase phase);
/* Where a piece is or what became of it: "In hex 1523", "Eliminated",
 * "Arrives on turn 3". */
char       *kessel_game_text_piece_state (KesselGame *game,
                                          int         piece);

G_END_DECLS
