/* kessel-reference-card.h: the quick-reference card of the setup sheets:
 * the charts of section 14 (terrain effects, weather, river crossing,
 * movement factors, combat results) and the turn sequence. The figures come
 * from the rules engine's tables, so the card and the program agree. */
#pragma once

#include "kessel-sheet-document.h"
#include "kessel-scenario.h"

G_BEGIN_DECLS

void kessel_reference_card_add (KesselSheetDocument *document, KesselScenario *scenario,
                                const char *title);

/* The weather's name for people (translatable). */
const char *kessel_reference_card_weather_name (KesselWeather weather);

G_END_DECLS
