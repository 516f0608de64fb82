/* kessel-engine-session.c: the engine protocol, as an engine answers it. */
#include "kessel-config.h"
#include "kessel-engine-session.h"

#include <stdlib.h>
#include <string.h>

#include "kessel-dice.h"
#include "kessel-file.h"
#include "kessel-player.h"
#include "kessel-self-play.h"

/* The faces the client sent with an action, fed to the game as it rolls. */
typedef struct {
  guint8 faces[KESSEL_DICE_MAX_PER_ACTION];
  guint n_faces;
  guint next;
} DiceFeed;

struct _KesselEngineSession {
  GObject parent_instance;

  char *player_spec;
  guint64 seed;
  gboolean sees_all;
  KesselScenario *scenario;
  KesselGame *game;             /* NULL until newgame, and after a lost position */
  KesselPlayer *player;         /* made anew by newgame */
  DiceFeed feed;
  GByteArray *scenario_bytes;   /* while a scenario is being sent */
  gsize bytes_wanted;
};

G_DEFINE_FINAL_TYPE (KesselEngineSession, kessel_engine_session, G_TYPE_OBJECT)

static void
kessel_engine_session_finalize (GObject *object)
{
  KesselEngineSession *self = KESSEL_ENGINE_SESSION (object);

  g_free (self->player_spec);
  g_clear_object (&self->scenario);
  g_clear_object (&self->game);
  g_clear_object (&self->player);
  g_clear_pointer (&self->scenario_bytes, g_byte_array_unref);
  G_OBJECT_CLASS (kessel_engine_session_parent_class)->finalize (object);
}

static void
kessel_engine_session_class_init (KesselEngineSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_engine_session_finalize;
}

static void
kessel_engine_session_init (KesselEngineSession *self)
{
}

/* Whether spec names a player an engine may be: one of its own. */
static gboolean
check_spec (const char *spec, GError **error)
{
  g_autoptr(KesselPlayer) player = NULL;

  if (g_ascii_strncasecmp (spec, "exec:", 5) == 0 || g_ascii_strcasecmp (spec, "human") == 0)
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, "an engine plays itself: name random, greedy or ai:LEVEL");
      return FALSE;
    }
  player = kessel_player_new_from_spec (spec, 0, error);
  return player != NULL;
}

KesselEngineSession *
kessel_engine_session_new (const char *player_spec, GError **error)
{
  KesselEngineSession *self;

  if (!check_spec (player_spec, error))
    return NULL;
  self = g_object_new (KESSEL_TYPE_ENGINE_SESSION, NULL);
  self->player_spec = g_strdup (player_spec);
  return self;
}

/* Answers */

/* One line, whatever the message holds: ends of line become spaces and the
 * whole is cut, so that no answer can be split or made huge by what a
 * client sent. */
static void
reply_error (GString *reply, const char *message)
{
  g_autofree char *cut = kessel_text_cut (message, 300);

  for (char *c = cut; *c != '\0'; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  g_string_append_printf (reply, "error %s\n", cut);
}

G_GNUC_PRINTF (2, 3) static void
reply_errorf (GString *reply, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  reply_error (reply, message);
}

/* What the client sent, cut, for quoting in an error. */
static char *
quoted (const char *text)
{
  return kessel_text_cut (text, KESSEL_MESSAGE_MAX_QUOTE);
}

static void
reply_ok (GString *reply)
{
  g_string_append (reply, "ok\n");
}

/* The dice fed to the game */

static int
fed_die (gpointer data, guint roll)
{
  DiceFeed *feed = data;

  (void) roll;
  if (feed->next >= feed->n_faces)
    {
      feed->next++;
      return 1;         /* more dice than sent: the play is refused below */
    }
  return feed->faces[feed->next++];
}

/* "-" for none, or faces separated by commas: "3,5". */
static gboolean
parse_faces (const char *text, DiceFeed *feed)
{
  feed->next = 0;
  feed->n_faces = 0;
  g_autofree char *spaced = NULL;

  if (strcmp (text, "-") == 0)
    return TRUE;
  if (strchr (text, ' ') != NULL)
    return FALSE;
  spaced = g_strdelimit (g_strdup (text), ",", ' ');
  return kessel_dice_parse_faces (spaced, feed->faces, KESSEL_DICE_MAX_PER_ACTION, &feed->n_faces);
}

static void
lose_position (KesselEngineSession *self)
{
  g_clear_object (&self->game);
  g_clear_object (&self->player);
}

/* Commands */

static void
command_hello (KesselEngineSession *self, const char *args, GString *reply)
{
  if (g_strcmp0 (args, G_STRINGIFY (KESSEL_ENGINE_PROTOCOL_VERSION)) != 0)
    {
      g_autofree char *shown = quoted (args != NULL ? args : "");
      reply_errorf (reply, "this engine speaks protocol %d, not \"%s\"", KESSEL_ENGINE_PROTOCOL_VERSION, shown);
      return;
    }
  g_string_append_printf (reply, "hello %d kessel %s\n", KESSEL_ENGINE_PROTOCOL_VERSION, PACKAGE_VERSION);
}

static void
command_player (KesselEngineSession *self, const char *args, GString *reply)
{
  g_autoptr(GError) error = NULL;

  if (args == NULL)
    {
      reply_error (reply, "player needs a kind: random, greedy or ai:LEVEL");
      return;
    }
  if (!check_spec (args, &error))
    {
      reply_error (reply, error->message);
      return;
    }
  g_free (self->player_spec);
  self->player_spec = g_strdup (args);
  reply_ok (reply);
}

static void
command_seed (KesselEngineSession *self, const char *args, GString *reply)
{
  guint64 seed;

  if (args == NULL || !g_ascii_string_to_unsigned (args, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_autofree char *shown = quoted (args != NULL ? args : "");
      reply_errorf (reply, "the seed must be a number from 0 to %" G_GUINT64_FORMAT ", not \"%s\"",
                    G_MAXUINT64, shown);
      return;
    }
  self->seed = seed;
  reply_ok (reply);
}

static gboolean
parse_yes_no (const char *text, gboolean *value)
{
  if (g_strcmp0 (text, "yes") == 0 || g_strcmp0 (text, "on") == 0)
    *value = TRUE;
  else if (g_strcmp0 (text, "no") == 0 || g_strcmp0 (text, "off") == 0)
    *value = FALSE;
  else
    return FALSE;
  return TRUE;
}

static void
command_sees_all (KesselEngineSession *self, const char *args, GString *reply)
{
  if (!parse_yes_no (args, &self->sees_all))
    {
      reply_error (reply, "sees-all takes yes or no");
      return;
    }
  if (self->player != NULL)
    kessel_player_set_sees_all (self->player, self->sees_all);
  reply_ok (reply);
}

static void
take_scenario (KesselEngineSession *self, KesselScenario *scenario, GString *reply)
{
  lose_position (self);
  g_clear_object (&self->scenario);
  self->scenario = scenario;
  g_string_append_printf (reply, "ok %s\n", kessel_scenario_get_title (scenario));
}

static void
command_scenario (KesselEngineSession *self, const char *args, GString *reply)
{
  guint64 size;

  if (args == NULL || !g_ascii_string_to_unsigned (args, 10, 1, KESSEL_ENGINE_MAX_SCENARIO, &size, NULL))
    {
      g_autofree char *shown = quoted (args != NULL ? args : "");
      reply_errorf (reply, "scenario takes its size in bytes, from 1 to %d, not \"%s\"",
                    KESSEL_ENGINE_MAX_SCENARIO, shown);
      return;
    }
  g_clear_pointer (&self->scenario_bytes, g_byte_array_unref);
  self->scenario_bytes = g_byte_array_sized_new ((guint) size);
  self->bytes_wanted = (gsize) size;
}

static void
command_scenario_file (KesselEngineSession *self, const char *args, GString *reply)
{
  g_autoptr(GError) error = NULL;
  KesselScenario *scenario;

  if (args == NULL)
    {
      reply_error (reply, "scenario-file needs a file name");
      return;
    }
  scenario = kessel_scenario_load_file (args, &error);
  if (scenario == NULL)
    reply_error (reply, error->message);
  else
    take_scenario (self, scenario, reply);
}

static void
command_newgame (KesselEngineSession *self, const char *args, GString *reply)
{
  guint n_rolled;

  if (self->scenario == NULL)
    {
      reply_error (reply, "no scenario: send scenario or scenario-file first");
      return;
    }
  if (!parse_faces (args != NULL ? args : "-", &self->feed))
    {
      g_autofree char *shown = quoted (args);
      reply_errorf (reply, "\"%s\" is not \"-\" or a list of at most %d faces from 1 to 6", shown,
                    KESSEL_DICE_MAX_PER_ACTION);
      return;
    }
  lose_position (self);
  self->game = kessel_game_new_with_die_source (self->scenario, fed_die, &self->feed);
  kessel_game_get_opening_dice (self->game, &n_rolled);
  if (n_rolled != self->feed.n_faces || self->feed.next != self->feed.n_faces)
    {
      lose_position (self);
      reply_errorf (reply, "the game rolls %u dice as it starts, but %u were sent", n_rolled, self->feed.n_faces);
      return;
    }
  self->player = kessel_player_new_from_spec (self->player_spec, self->seed, NULL);   /* checked when named */
  kessel_player_set_sees_all (self->player, self->sees_all);
  reply_ok (reply);
}

static gboolean
require_game (KesselEngineSession *self, GString *reply)
{
  if (self->game == NULL)
    reply_error (reply, "no game: send newgame first");
  return self->game != NULL;
}

static gboolean
known_option (KesselScenario *scenario, const char *id)
{
  if (strcmp (id, KESSEL_FOG_OF_WAR_OPTION) == 0)
    return TRUE;
  for (int i = 0; i < kessel_scenario_get_n_options (scenario); i++)
    if (g_strcmp0 (kessel_scenario_get_option (scenario, i)->id, id) == 0)
      return TRUE;
  return FALSE;
}

static void
command_option (KesselEngineSession *self, const char *args, GString *reply)
{
  g_auto(GStrv) words = g_strsplit (args != NULL ? args : "", " ", 3);
  gboolean enabled;

  if (!require_game (self, reply))
    return;
  if (g_strv_length (words) != 2 || !parse_yes_no (words[1], &enabled))
    {
      reply_error (reply, "option takes an option's name and yes or no");
      return;
    }
  if (!known_option (self->scenario, words[0]) || !kessel_game_set_option (self->game, words[0], enabled))
    {
      g_autofree char *shown = quoted (words[0]);
      reply_errorf (reply, "\"%s\" is not an option of this scenario, or the game has begun", shown);
      return;
    }
  reply_ok (reply);
}

static void
command_play (KesselEngineSession *self, const char *args, GString *reply)
{
  g_autoptr(GError) error = NULL;
  const char *space = args != NULL ? strchr (args, ' ') : NULL;
  g_autofree char *faces = space != NULL ? g_strndup (args, (gsize) (space - args)) : NULL;
  KesselAction action;

  if (!require_game (self, reply))
    return;
  if (faces == NULL || !parse_faces (faces, &self->feed))
    {
      reply_error (reply, "play takes the dice the action rolled (\"-\" for none, or faces such as 3,5) and the action");
      return;
    }
  if (!kessel_game_action_from_string (self->game, space + 1, &action, &error)
      || !kessel_game_check (self->game, &action, &error))
    {
      reply_error (reply, error->message);
      return;
    }
  if (!kessel_game_apply (self->game, &action, &error))
    {
      lose_position (self);
      reply_errorf (reply, "%s; the position is lost: send newgame", error->message);
      return;
    }
  /* Every die the action rolled came from the feed, which counted them. */
  if (self->feed.next != self->feed.n_faces)
    {
      lose_position (self);
      reply_errorf (reply, "the action rolled %u dice, but %u were sent; the position is lost: send newgame",
                    self->feed.next, self->feed.n_faces);
      return;
    }
  reply_ok (reply);
}

static void
command_go (KesselEngineSession *self, GString *reply)
{
  KesselAction action;
  double start;
  g_autofree char *text = NULL;

  if (!require_game (self, reply))
    return;
  if (kessel_game_is_over (self->game))
    {
      reply_error (reply, "the game is over");
      return;
    }
  start = kessel_self_play_thread_seconds ();
  if (!kessel_player_choose (self->player, self->game, &action))
    {
      reply_error (reply, "no legal action");
      return;
    }
  text = kessel_game_action_to_string (self->game, &action);
  g_string_append_printf (reply, "info seconds %.6f\n", kessel_self_play_thread_seconds () - start);
  g_string_append_printf (reply, "action %s\n", text);
}

static void
command_legal (KesselEngineSession *self, GString *reply)
{
  g_autoptr(GArray) actions = NULL;

  if (!require_game (self, reply))
    return;
  actions = kessel_game_list_actions (self->game);
  g_string_append_printf (reply, "legal %u\n", actions->len);
  for (guint i = 0; i < actions->len; i++)
    {
      g_autofree char *text = kessel_game_action_to_string (self->game, &g_array_index (actions, KesselAction, i));
      g_string_append_printf (reply, "%s\n", text);
    }
}

static const char *
wait_id (KesselWait wait)
{
  static const char *const ids[] = { "phase", "defence", "attacker-loss", "defender-loss", "retreat", "advance",
                                     "elimination", "nothing" };

  return (guint) wait < G_N_ELEMENTS (ids) ? ids[wait] : "nothing";
}

static void
command_state (KesselEngineSession *self, GString *reply)
{
  KesselGame *game = self->game;
  const char *side;

  if (!require_game (self, reply))
    return;
  side = kessel_side_to_string (kessel_game_get_active_side (game));
  g_string_append_printf (reply, "state turn=%d phase=%s wait=%s side=%s vp=%d actions=%d over=%s verdict=%s\n",
                          kessel_game_get_turn (game), kessel_phase_to_string (kessel_game_get_phase (game)),
                          wait_id (kessel_game_get_wait (game)), side != NULL ? side : "none",
                          kessel_game_get_vp (game), kessel_game_get_n_actions (game),
                          kessel_game_is_over (game) ? "yes" : "no", kessel_verdict_to_string (kessel_game_get_verdict (game)));
}

/* Lines */

static gboolean
valid_line (const char *line, gsize length, GString *reply)
{
  if (length > KESSEL_ENGINE_MAX_LINE)
    reply_errorf (reply, "a line may hold at most %d bytes", KESSEL_ENGINE_MAX_LINE);
  else if (memchr (line, '\0', length) != NULL)
    reply_error (reply, "a line may not hold a NUL byte");
  else if (!g_utf8_validate_len (line, length, NULL))
    reply_error (reply, "a line must be UTF-8");
  else
    return TRUE;
  return FALSE;
}

gboolean
kessel_engine_session_handle_line (KesselEngineSession *self, const char *line, gsize length, GString *reply)
{
  g_autofree char *text = NULL;
  char *args;

  g_return_val_if_fail (KESSEL_IS_ENGINE_SESSION (self), FALSE);
  if (!valid_line (line, length, reply))
    return TRUE;
  text = g_strndup (line, length);
  g_strstrip (text);
  if (*text == '\0')
    return TRUE;
  args = strchr (text, ' ');
  if (args != NULL)
    {
      *args++ = '\0';
      while (*args == ' ')
        args++;
      if (*args == '\0')
        args = NULL;
    }
  if (strcmp (text, "quit") == 0)
    {
      g_string_append (reply, "bye\n");
      return FALSE;
    }
  if (strcmp (text, "hello") == 0)
    command_hello (self, args, reply);
  else if (strcmp (text, "player") == 0)
    command_player (self, args, reply);
  else if (strcmp (text, "seed") == 0)
    command_seed (self, args, reply);
  else if (strcmp (text, "sees-all") == 0)
    command_sees_all (self, args, reply);
  else if (strcmp (text, "scenario") == 0)
    command_scenario (self, args, reply);
  else if (strcmp (text, "scenario-file") == 0)
    command_scenario_file (self, args, reply);
  else if (strcmp (text, "newgame") == 0)
    command_newgame (self, args, reply);
  else if (strcmp (text, "option") == 0)
    command_option (self, args, reply);
  else if (strcmp (text, "play") == 0)
    command_play (self, args, reply);
  else if (strcmp (text, "go") == 0)
    command_go (self, reply);
  else if (strcmp (text, "legal") == 0)
    command_legal (self, reply);
  else if (strcmp (text, "state") == 0)
    command_state (self, reply);
  else
    {
      g_autofree char *shown = quoted (text);
      reply_errorf (reply, "unknown command \"%s\"", shown);
    }
  return TRUE;
}

gsize
kessel_engine_session_get_bytes_wanted (KesselEngineSession *self)
{
  g_return_val_if_fail (KESSEL_IS_ENGINE_SESSION (self), 0);
  return self->bytes_wanted;
}

static void
load_sent_scenario (KesselEngineSession *self, GString *reply)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GByteArray) bytes = g_steal_pointer (&self->scenario_bytes);
  KesselScenario *scenario = kessel_scenario_load_data ((const char *) bytes->data, bytes->len, "scenario", &error);

  if (scenario == NULL)
    reply_error (reply, error->message);
  else
    take_scenario (self, scenario, reply);
}

gsize
kessel_engine_session_feed_bytes (KesselEngineSession *self, const char *data, gsize length, GString *reply)
{
  gsize taken;

  g_return_val_if_fail (KESSEL_IS_ENGINE_SESSION (self), 0);
  taken = MIN (length, self->bytes_wanted);
  if (taken == 0)
    return 0;
  g_byte_array_append (self->scenario_bytes, (const guint8 *) data, (guint) taken);
  self->bytes_wanted -= taken;
  if (self->bytes_wanted == 0)
    load_sent_scenario (self, reply);
  return taken;
}
