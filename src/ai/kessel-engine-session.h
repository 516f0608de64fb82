/* kessel-engine-session.h: the engine's side of the engine protocol.
 *
 * A session holds what a client has told an engine (docs/engine-protocol.md):
 * the scenario, the player's kind and seed, and the game so far, replayed
 * with the dice the client sends; it answers "go" with its player's choice.
 * It reads one line at a time and writes the answer to it, so the same code
 * serves kessel-cli engine, the tests and the fuzz target. Every line is
 * hostile: a line it cannot take gets "error REASON" and changes nothing,
 * except that a play whose dice disagree with the action loses the position.
 */
#pragma once

#include <glib-object.h>

#include "kessel-scenario.h"

G_BEGIN_DECLS

/* The longest line either side sends, and the largest scenario sent inline. */
#define KESSEL_ENGINE_MAX_LINE 65536
#define KESSEL_ENGINE_MAX_SCENARIO KESSEL_SCENARIO_MAX_FILE_SIZE
#define KESSEL_ENGINE_PROTOCOL_VERSION 1

#define KESSEL_TYPE_ENGINE_SESSION (kessel_engine_session_get_type ())
G_DECLARE_FINAL_TYPE (KesselEngineSession, kessel_engine_session, KESSEL, ENGINE_SESSION, GObject)

/* A session whose player is made from spec (kessel_player_new_from_spec:
 * random, greedy or ai:LEVEL) until the client names another; NULL with an
 * error for any other spec. */
KesselEngineSession *kessel_engine_session_new (const char *player_spec, GError **error);

/* Takes one line (without its end of line) and appends the answer, each
 * line ending in "\n", to reply. Returns FALSE when the client said quit. */
gboolean kessel_engine_session_handle_line (KesselEngineSession *self, const char *line, gsize length,
                                            GString *reply);
/* After "scenario N": the N bytes still wanted before the next line, or 0. */
gsize    kessel_engine_session_get_bytes_wanted (KesselEngineSession *self);
/* Takes up to the bytes wanted; when the last of them arrives, appends the
 * answer to the scenario command to reply. Returns the bytes taken. */
gsize    kessel_engine_session_feed_bytes (KesselEngineSession *self, const char *data, gsize length,
                                           GString *reply);

G_END_DECLS
