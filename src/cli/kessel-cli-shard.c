/* kessel-cli-shard.c: shard files of match and balance, written by one
 * machine and read back together on another.
 *
 * Shard K of N plays a contiguous block of the run's games: game indices
 * from (K - 1) * games / N up to K * games / N, rounded down. A shard file
 * holds the run (players, seeds, each scenario as written and its checksum),
 * the program's version, K and N, and each game's record in full, so that
 * the figures of the merged run are computed from the same numbers as on
 * one machine. Doubles are written with all their digits by json-glib. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-shard.h"
#include "kessel-file.h"

#define SHARD_FORMAT "kessel-shard"
#define SHARD_FORMAT_VERSION 1
/* The most games a merged run may have, so that a hostile file cannot make
 * the merge ask for more memory than it has: some 300 MB of records. */
#define MAX_GAMES 1000000
/* Bounds far beyond any game's VP and per-game counts, that keep the sums
 * over MAX_GAMES games within an int. */
#define MAX_VP 10000
#define MAX_COUNT 1000

static const char *const run_kinds[] = { "match", "balance" };
static const KesselSide sides[2] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

gboolean
kessel_cli_shard_parse (const char *command, const char *text, int games, int *k, int *n)
{
  g_auto(GStrv) parts = g_strsplit (text, "/", -1);
  gint64 shard = 0, shards = 0;

  if (g_strv_length (parts) != 2 || !g_ascii_string_to_signed (parts[0], 10, 1, G_MAXINT, &shard, NULL)
      || !g_ascii_string_to_signed (parts[1], 10, 1, G_MAXINT, &shards, NULL) || shard > shards)
    {
      fprintf (stderr, "kessel-cli %s: %s\n", command,
               _("--shard takes K/N, shard K of N shards, with K from 1 to N"));
      return FALSE;
    }
  if (shards > games)
    {
      fprintf (stderr, _("kessel-cli %s: --shard %s: %d shards for %d games would leave a shard without a game\n"),
               command, text, (int) shards, games);
      return FALSE;
    }
  *k = (int) shard;
  *n = (int) shards;
  return TRUE;
}

void
kessel_cli_shard_block (int games, int k, int n, int *first, int *count)
{
  gint64 start = (gint64) (k - 1) * games / n, end = (gint64) k * games / n;

  *first = (int) start;
  *count = (int) (end - start);
}

char *
kessel_cli_shard_seeds (const KesselCliRunSpec *spec, int k, int n)
{
  int first, count;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  kessel_cli_shard_block (spec->games, k, n, &first, &count);
  from = g_strdup_printf ("%" G_GINT64_FORMAT, spec->seed + first);
  to = g_strdup_printf ("%" G_GINT64_FORMAT, spec->seed + first + count - 1);
  /* Translators: the first and the last seed of the games of a shard. */
  return g_strdup_printf (_("seeds %s to %s"), from, to);
}

char *
kessel_cli_shard_default_file (const char *command, int k, int n)
{
  return g_strdup_printf ("%s-shard-%d-of-%d.json", command, k, n);
}

/* Writing */

static void
add_ints (JsonBuilder *builder, const char *name, const int *values, int n)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (int i = 0; i < n; i++)
    json_builder_add_int_value (builder, values[i]);
  json_builder_end_array (builder);
}

static void
add_int_member (JsonBuilder *builder, const char *name, gint64 value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_string_member (JsonBuilder *builder, const char *name, const char *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
add_record (JsonBuilder *builder, KesselBalance *balance, int index)
{
  KesselBalanceRecord record;
  int n_places = kessel_balance_get_n_places (balance);
  g_autofree int *holder = g_new (int, MAX (n_places, 1));

  kessel_balance_get_record (balance, index, &record);
  for (int p = 0; p < n_places; p++)
    holder[p] = record.holder[p];
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "ok");
  json_builder_add_boolean_value (builder, record.ok);
  add_int_member (builder, "vp", record.vp);
  add_string_member (builder, "verdict", kessel_verdict_to_string (record.verdict));
  add_ints (builder, "turn_vp", record.turn_vp, kessel_balance_get_n_turns (balance) + 1);
  add_ints (builder, "holder", holder, n_places);
  add_ints (builder, "changes", record.changes, n_places);
  add_int_member (builder, "corps_exited", record.corps_exited);
  add_int_member (builder, "divisions_destroyed", record.divisions_destroyed);
  add_int_member (builder, "vp_destroyed", record.vp_destroyed);
  json_builder_set_member_name (builder, "cpu_seconds");
  json_builder_add_double_value (builder, record.cpu_seconds);
  json_builder_end_object (builder);
}

/* What match notes of a game besides its record. */
static void
add_match_notes (JsonBuilder *builder, KesselCliThinking *thinking, KesselCliFailures *failures, int index)
{
  add_int_member (builder, "actions", kessel_cli_thinking_get_actions (thinking, index));
  json_builder_set_member_name (builder, "error");
  if (kessel_cli_thinking_get_error (thinking, index) != NULL)
    json_builder_add_string_value (builder, kessel_cli_thinking_get_error (thinking, index));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "thinking");
  json_builder_begin_object (builder);
  for (int s = 0; s < 2; s++)
    {
      const GArray *phases = kessel_cli_thinking_get_phases (thinking, index, sides[s]);

      json_builder_set_member_name (builder, kessel_side_to_string (sides[s]));
      json_builder_begin_array (builder);
      for (guint i = 0; i < phases->len; i++)
        json_builder_add_double_value (builder, g_array_index (phases, double, i));
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "failures");
  json_builder_begin_object (builder);
  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    add_int_member (builder, kessel_failure_to_string (f), kessel_cli_failures_get_count (failures, index, f));
  json_builder_end_object (builder);
}

static void
add_run (JsonBuilder *builder, const KesselCliRunSpec *spec)
{
  json_builder_set_member_name (builder, "run");
  json_builder_begin_object (builder);
  add_string_member (builder, "command", run_kinds[spec->kind]);
  add_string_member (builder, "german", spec->german);
  add_string_member (builder, "soviet", spec->soviet);
  add_int_member (builder, "seed", spec->seed);
  add_int_member (builder, "games", spec->games);
  json_builder_set_member_name (builder, "scenarios");
  json_builder_begin_array (builder);
  for (int v = 0; v < spec->n_variants; v++)
    {
      g_autofree char *checksum = kessel_scenario_checksum (spec->scenarios[v]);
      g_autofree char *xml = kessel_scenario_to_xml (spec->scenarios[v], NULL);

      json_builder_begin_object (builder);
      add_string_member (builder, "path", spec->paths[v]);
      add_string_member (builder, "checksum", checksum);
      add_string_member (builder, "xml", xml);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
add_games (JsonBuilder *builder, const KesselCliRunSpec *spec, int first, KesselSelfPlay *self_play,
           KesselCliThinking *thinking, KesselCliFailures *failures)
{
  int count = kessel_balance_get_n_games (kessel_self_play_get_balance (self_play, 0));

  json_builder_set_member_name (builder, "games");
  json_builder_begin_array (builder);
  for (int i = 0; i < count; i++)
    {
      json_builder_begin_object (builder);
      add_int_member (builder, "seed", spec->seed + first + i);
      json_builder_set_member_name (builder, "variants");
      json_builder_begin_array (builder);
      for (int v = 0; v < spec->n_variants; v++)
        add_record (builder, kessel_self_play_get_balance (self_play, v), i);
      json_builder_end_array (builder);
      if (spec->kind == KESSEL_CLI_RUN_MATCH)
        add_match_notes (builder, thinking, failures, i);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

int
kessel_cli_shard_write (const char *path, const KesselCliRunSpec *spec, int k, int n, KesselSelfPlay *self_play,
                        KesselCliThinking *thinking, KesselCliFailures *failures)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *seeds = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;
  int first, count;

  g_return_val_if_fail (spec->kind == KESSEL_CLI_RUN_BALANCE || (thinking != NULL && failures != NULL), 1);
  kessel_cli_shard_block (spec->games, k, n, &first, &count);
  json_builder_begin_object (builder);
  add_string_member (builder, "format", SHARD_FORMAT);
  add_int_member (builder, "format_version", SHARD_FORMAT_VERSION);
  add_string_member (builder, "program_version", PACKAGE_VERSION);
  add_int_member (builder, "shard", k);
  add_int_member (builder, "shards", n);
  add_run (builder, spec);
  add_games (builder, spec, first, self_play, thinking, failures);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, &length);
  if (!g_file_set_contents (path, text, (gssize) length, &error))
    {
      fprintf (stderr, "kessel-cli %s: %s\n", run_kinds[spec->kind], error->message);
      return 1;
    }
  seeds = kessel_cli_shard_seeds (spec, k, n);
  /* Translators: K/N, the games of the shard, its seeds and the file. */
  printf (_("Shard %d/%d: %d games, %s, written to %s\n"), k, n, count, seeds, path);
  return 0;
}

/* Reading */

struct _KesselCliMerged {
  KesselCliRunSpec spec;
  JsonNode *first_root;      /* the first shard read: holds the spec's strings */
  char *first_file;
  KesselBalance *balances[2];
  KesselCliThinking *thinking;
  KesselCliFailures *failures;
  int n_shards;
  char **shard_files;        /* per shard K - 1: the file it was read from, or NULL */
};

/* The file being read, and where in it. */
typedef struct {
  const char *file;
  char *where;               /* such as "games[3].variants[0]" */
} Reader;

/* What is wrong with member name (NULL: with where itself). */
static gboolean
bad (const Reader *reader, GError **error, const char *name, const char *what)
{
  g_autofree char *place = g_strjoin (".", reader->where ? reader->where : name, reader->where ? name : NULL, NULL);

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s: %s", reader->file, place, what);
  return FALSE;
}

static gboolean
read_int (const Reader *reader, JsonObject *object, const char *name, gint64 min, gint64 max, gint64 *value,
          GError **error)
{
  JsonNode *node = json_object_get_member (object, name);
  g_autofree char *what = NULL;
  g_autofree char *lowest = g_strdup_printf ("%" G_GINT64_FORMAT, min);
  g_autofree char *highest = g_strdup_printf ("%" G_GINT64_FORMAT, max);

  if (node != NULL && json_node_get_value_type (node) == G_TYPE_INT64)
    {
      *value = json_node_get_int (node);
      if (*value >= min && *value <= max)
        return TRUE;
    }
  what = g_strdup_printf (_("expected a whole number from %s to %s"), lowest, highest);
  return bad (reader, error, name, what);
}

/* An int member, from min to max. */
static gboolean
read_count (const Reader *reader, JsonObject *object, const char *name, int min, int max, int *value, GError **error)
{
  gint64 wide;

  if (!read_int (reader, object, name, min, max, &wide, error))
    return FALSE;
  *value = (int) wide;
  return TRUE;
}

static const char *
read_string (const Reader *reader, JsonObject *object, const char *name, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node != NULL && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  bad (reader, error, name, _("expected a string"));
  return NULL;
}

/* Whether text may be printed as it is, in text and on a terminal: it has
 * no control characters. */
static gboolean
printable (const char *text)
{
  for (const char *c = text; *c != '\0'; c++)
    if ((unsigned char) *c < 0x20 || *c == 0x7f)
      return FALSE;
  return TRUE;
}

static const char *
read_text (const Reader *reader, JsonObject *object, const char *name, GError **error)
{
  const char *text = read_string (reader, object, name, error);

  if (text == NULL || printable (text))
    return text;
  bad (reader, error, name, _("expected a string without control characters"));
  return NULL;
}

static JsonArray *
read_array (const Reader *reader, JsonObject *object, const char *name, guint length, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);
  g_autofree char *what = NULL;

  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node)
      && (length == G_MAXUINT || json_array_get_length (json_node_get_array (node)) == length))
    return json_node_get_array (node);
  what = length == G_MAXUINT ? g_strdup (_("expected an array"))
                             : g_strdup_printf (_("expected an array of %u entries"), length);
  bad (reader, error, name, what);
  return NULL;
}

static JsonObject *
read_object (const Reader *reader, JsonObject *object, const char *name, GError **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    return json_node_get_object (node);
  bad (reader, error, name, _("expected an object"));
  return NULL;
}

/* n whole numbers from min to max. */
static gboolean
read_ints (const Reader *reader, JsonObject *object, const char *name, int n, int min, int max, int *values,
           GError **error)
{
  JsonArray *array = read_array (reader, object, name, (guint) n, error);

  if (array == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, (guint) i);
      gint64 value = json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node) : G_MININT64;

      if (value < min || value > max)
        {
          g_autofree char *what = g_strdup_printf (_("entry %d: expected a whole number from %d to %d"), i, min, max);
          return bad (reader, error, name, what);
        }
      values[i] = (int) value;
    }
  return TRUE;
}

static gboolean
read_double (const Reader *reader, JsonNode *node, const char *name, double *value, GError **error)
{
  GType type = node != NULL ? json_node_get_value_type (node) : G_TYPE_INVALID;

  if (type != G_TYPE_DOUBLE && type != G_TYPE_INT64)
    return bad (reader, error, name, _("expected a number"));
  *value = json_node_get_double (node);
  if (!isfinite (*value) || *value < 0 || *value > 1e9)
    return bad (reader, error, name, _("expected a number of seconds"));
  return TRUE;
}

static gboolean
read_verdict (const Reader *reader, JsonObject *object, KesselVerdict *verdict, GError **error)
{
  static const KesselVerdict verdicts[] = { KESSEL_VERDICT_NONE, KESSEL_VERDICT_GERMAN, KESSEL_VERDICT_DRAW,
                                            KESSEL_VERDICT_SOVIET };
  const char *text = read_string (reader, object, "verdict", error);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (verdicts); i++)
    if (g_strcmp0 (text, kessel_verdict_to_string (verdicts[i])) == 0)
      {
        *verdict = verdicts[i];
        return TRUE;
      }
  return text != NULL && bad (reader, error, "verdict", _("expected german, draw, soviet or none"));
}

static gboolean
read_record (const Reader *reader, JsonObject *object, KesselBalance *balance, int index, GError **error)
{
  int n_turns = kessel_balance_get_n_turns (balance), n_places = kessel_balance_get_n_places (balance);
  g_autofree int *turn_vp = g_new (int, n_turns + 1);
  g_autofree int *holder = g_new (int, MAX (n_places, 1));
  g_autofree guint8 *holder_bytes = g_new (guint8, MAX (n_places, 1));
  g_autofree int *changes = g_new (int, MAX (n_places, 1));
  KesselBalanceRecord record = { .turn_vp = turn_vp, .holder = holder_bytes, .changes = changes };
  JsonNode *ok = json_object_get_member (object, "ok");

  if (ok == NULL || json_node_get_value_type (ok) != G_TYPE_BOOLEAN)
    return bad (reader, error, "ok", _("expected true or false"));
  record.ok = json_node_get_boolean (ok);
  if (!read_count (reader, object, "vp", 0, MAX_VP, &record.vp, error) || !read_verdict (reader, object, &record.verdict, error)
      || !read_ints (reader, object, "turn_vp", n_turns + 1, 0, MAX_VP, turn_vp, error)
      || !read_ints (reader, object, "holder", n_places, KESSEL_SIDE_NONE, KESSEL_SIDE_SOVIET, holder, error)
      || !read_ints (reader, object, "changes", n_places, 0, MAX_COUNT, changes, error)
      || !read_count (reader, object, "corps_exited", 0, MAX_COUNT, &record.corps_exited, error)
      || !read_count (reader, object, "divisions_destroyed", 0, MAX_COUNT, &record.divisions_destroyed, error)
      || !read_count (reader, object, "vp_destroyed", 0, MAX_COUNT, &record.vp_destroyed, error)
      || !read_double (reader, json_object_get_member (object, "cpu_seconds"), "cpu_seconds", &record.cpu_seconds,
                       error))
    return FALSE;
  for (int p = 0; p < n_places; p++)
    holder_bytes[p] = (guint8) holder[p];
  kessel_balance_set_record (balance, index, &record);
  return TRUE;
}

/* Reading goes into member name of where it was; returns where it was. */
static char *
enter (Reader *reader, const char *name)
{
  char *was = reader->where;

  reader->where = was ? g_strconcat (was, ".", name, NULL) : g_strdup (name);
  return was;
}

static void
leave (Reader *reader, char *was)
{
  g_free (reader->where);
  reader->where = was;
}

static gboolean
read_thinking (Reader *reader, JsonObject *object, KesselCliThinking *thinking, int index, GError **error)
{
  JsonObject *sides_object = read_object (reader, object, "thinking", error);
  char *was = enter (reader, "thinking");
  gboolean ok = sides_object != NULL;

  for (int s = 0; ok && s < 2; s++)
    {
      const char *name = kessel_side_to_string (sides[s]);
      JsonArray *phases = read_array (reader, sides_object, name, G_MAXUINT, error);

      ok = phases != NULL;
      for (guint i = 0; ok && i < json_array_get_length (phases); i++)
        {
          double seconds;

          ok = read_double (reader, json_array_get_element (phases, i), name, &seconds, error);
          if (ok)
            kessel_cli_thinking_add_phase (thinking, index, sides[s], seconds);
        }
    }
  leave (reader, was);
  return ok;
}

static gboolean
read_match_notes (Reader *reader, JsonObject *object, KesselCliMerged *merged, int index, GError **error)
{
  JsonNode *error_node = json_object_get_member (object, "error");
  JsonObject *counts_object;
  int actions, counts[KESSEL_N_FAILURES];
  gboolean ok = TRUE;
  char *was;

  if (!read_count (reader, object, "actions", 0, G_MAXINT, &actions, error))
    return FALSE;
  if (error_node == NULL || (!JSON_NODE_HOLDS_NULL (error_node) && json_node_get_value_type (error_node) != G_TYPE_STRING))
    return bad (reader, error, "error", _("expected a string or null"));
  kessel_cli_thinking_set_end (merged->thinking, index,
                               JSON_NODE_HOLDS_NULL (error_node) ? NULL : json_node_get_string (error_node), actions);
  if (!read_thinking (reader, object, merged->thinking, index, error)
      || (counts_object = read_object (reader, object, "failures", error)) == NULL)
    return FALSE;
  was = enter (reader, "failures");
  for (int f = 0; ok && f < KESSEL_N_FAILURES; f++)
    ok = read_count (reader, counts_object, kessel_failure_to_string (f), 0, MAX_COUNT, &counts[f], error);
  leave (reader, was);
  if (ok)
    kessel_cli_failures_set_counts (merged->failures, index, counts);
  return ok;
}

static gboolean
read_game (Reader *reader, JsonObject *game, KesselCliMerged *merged, int index, GError **error)
{
  const KesselCliRunSpec *spec = &merged->spec;
  JsonArray *variants;
  gint64 seed;

  if (!read_int (reader, game, "seed", spec->seed + index, spec->seed + index, &seed, error)
      || (variants = read_array (reader, game, "variants", (guint) spec->n_variants, error)) == NULL)
    return FALSE;
  for (int v = 0; v < spec->n_variants; v++)
    {
      JsonNode *node = json_array_get_element (variants, (guint) v);
      g_autofree char *name = g_strdup_printf ("variants[%d]", v);
      char *was = enter (reader, name);
      gboolean ok = JSON_NODE_HOLDS_OBJECT (node)
                      ? read_record (reader, json_node_get_object (node), merged->balances[v], index, error)
                      : bad (reader, error, NULL, _("expected an object with a game's record"));

      leave (reader, was);
      if (!ok)
        return FALSE;
    }
  return spec->kind != KESSEL_CLI_RUN_MATCH || read_match_notes (reader, game, merged, index, error);
}

static gboolean
read_games (Reader *reader, JsonObject *root, KesselCliMerged *merged, int k, GError **error)
{
  int first, count;
  JsonArray *games;

  kessel_cli_shard_block (merged->spec.games, k, merged->n_shards, &first, &count);
  if ((games = read_array (reader, root, "games", (guint) count, error)) == NULL)
    return FALSE;
  for (int i = 0; i < count; i++)
    {
      JsonNode *node = json_array_get_element (games, (guint) i);
      g_autofree char *name = g_strdup_printf ("games[%d]", i);
      char *was = enter (reader, name);
      gboolean ok = JSON_NODE_HOLDS_OBJECT (node)
                      ? read_game (reader, json_node_get_object (node), merged, first + i, error)
                      : bad (reader, error, NULL, _("expected an object with a game's seed"));

      leave (reader, was);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_kind (const Reader *reader, JsonObject *run, KesselCliRunKind *kind, GError **error)
{
  const char *text = read_string (reader, run, "command", error);

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (run_kinds); i++)
    if (g_strcmp0 (text, run_kinds[i]) == 0)
      {
        *kind = (KesselCliRunKind) i;
        return TRUE;
      }
  return text != NULL && bad (reader, error, "command", _("expected match or balance"));
}

/* A scenario as the shard wrote it, checked against its checksum. */
static KesselScenario *
read_scenario (const Reader *reader, JsonObject *object, const char **path, GError **error)
{
  const char *checksum = read_string (reader, object, "checksum", error);
  const char *xml = checksum ? read_string (reader, object, "xml", error) : NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GError) load_error = NULL;
  g_autofree char *actual = NULL;

  if (xml == NULL || (*path = read_text (reader, object, "path", error)) == NULL)
    return NULL;
  if ((scenario = kessel_scenario_load_data (xml, strlen (xml), *path, &load_error)) == NULL)
    {
      bad (reader, error, "xml", load_error->message);
      return NULL;
    }
  actual = kessel_scenario_checksum (scenario);
  if (g_strcmp0 (actual, checksum) != 0)
    {
      bad (reader, error, "checksum", _("does not match the scenario written in the file"));
      return NULL;
    }
  return g_steal_pointer (&scenario);
}

/* The scenarios of the run, each with its balance. */
static gboolean
read_scenarios (Reader *reader, JsonObject *run, KesselCliMerged *merged, GError **error)
{
  KesselCliRunSpec *spec = &merged->spec;
  JsonArray *scenarios = read_array (reader, run, "scenarios", G_MAXUINT, error);

  if (scenarios == NULL)
    return FALSE;
  spec->n_variants = (int) json_array_get_length (scenarios);
  if (spec->n_variants < 1 || spec->n_variants > (spec->kind == KESSEL_CLI_RUN_BALANCE ? 2 : 1))
    return bad (reader, error, "scenarios", _("expected one scenario, or two for balance --compare"));
  for (int v = 0; v < spec->n_variants; v++)
    {
      JsonNode *node = json_array_get_element (scenarios, (guint) v);

      if (!JSON_NODE_HOLDS_OBJECT (node))
        return bad (reader, error, "scenarios", _("expected objects"));
      if ((spec->scenarios[v] = read_scenario (reader, json_node_get_object (node), &spec->paths[v], error)) == NULL)
        return FALSE;
      merged->balances[v] = kessel_balance_new (spec->scenarios[v], (guint64) spec->seed, spec->games);
    }
  return TRUE;
}

/* The run of the first shard read, which the others must match. */
static gboolean
read_spec (Reader *reader, JsonObject *root, KesselCliMerged *merged, GError **error)
{
  KesselCliRunSpec *spec = &merged->spec;
  JsonObject *run = read_object (reader, root, "run", error);
  char *was;
  gboolean ok;

  if (run == NULL)
    return FALSE;
  was = enter (reader, "run");
  ok = read_kind (reader, run, &spec->kind, error) && (spec->german = read_text (reader, run, "german", error)) != NULL
       && (spec->soviet = read_text (reader, run, "soviet", error)) != NULL
       && read_int (reader, run, "seed", 0, G_MAXINT64 - G_MAXINT, &spec->seed, error)
       && read_count (reader, run, "games", merged->n_shards, MAX_GAMES, &spec->games, error)
       && read_scenarios (reader, run, merged, error);
  leave (reader, was);
  if (ok && spec->kind == KESSEL_CLI_RUN_MATCH)
    {
      merged->thinking = kessel_cli_thinking_new (spec->games);
      merged->failures = kessel_cli_failures_new (spec->games);
    }
  return ok;
}

/* A string member of an object, or NULL. */
static const char *
object_string (JsonObject *object, const char *name)
{
  JsonNode *member = json_object_get_member (object, name);

  return member != NULL && json_node_get_value_type (member) == G_TYPE_STRING ? json_node_get_string (member) : NULL;
}

/* The same of a node that may be no object. */
static const char *
member_string (JsonNode *node, const char *name)
{
  return JSON_NODE_HOLDS_OBJECT (node) ? object_string (json_node_get_object (node), name) : NULL;
}

static JsonArray *
scenarios_of (JsonObject *run)
{
  JsonNode *node = json_object_get_member (run, "scenarios");

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* The first member that differs between two runs, leaving out the paths
 * and the scenarios' text, which their checksums stand for. */
static char *
run_difference (JsonObject *run, JsonObject *first)
{
  static const char *const members[] = { "command", "german", "soviet", "seed", "games" };
  JsonArray *a, *b;

  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonNode *x = json_object_get_member (run, members[i]), *y = json_object_get_member (first, members[i]);

      if (x == NULL || !json_node_equal (x, y))
        {
          g_autofree char *here = x ? json_to_string (x, FALSE) : g_strdup ("nothing");
          g_autofree char *there = json_to_string (y, FALSE);
          /* Translators: an option of a run, its value in one shard and in the first. */
          return g_strdup_printf (_("its %s is %s, not %s"), members[i], here, there);
        }
    }
  a = scenarios_of (run);
  b = scenarios_of (first);
  if (a == NULL || json_array_get_length (a) != json_array_get_length (b))
    return g_strdup (_("it plays another number of scenarios"));
  for (guint v = 0; v < json_array_get_length (a); v++)
    {
      const char *path = member_string (json_array_get_element (a, v), "path");
      const char *checksum = member_string (json_array_get_element (a, v), "checksum");
      JsonNode *other = json_array_get_element (b, v);

      if (path == NULL || !printable (path))
        path = "?";
      if (g_strcmp0 (checksum, member_string (other, "checksum")) != 0)
        return g_strdup_printf (_("its scenario %s is not the same file as %s"), path,
                                member_string (other, "path"));
    }
  return NULL;
}

/* That a later shard belongs to the run of the first. */
static gboolean
check_same_run (const Reader *reader, JsonObject *root, KesselCliMerged *merged, GError **error)
{
  JsonObject *first = json_node_get_object (merged->first_root);
  JsonObject *run = read_object (reader, root, "run", error);
  g_autofree char *difference = NULL;
  const char *version = json_object_get_string_member (first, "program_version");

  if (run == NULL)
    return FALSE;
  if (g_strcmp0 (json_object_get_string_member_with_default (root, "program_version", ""), version) != 0)
    difference = g_strdup_printf (_("it was written by Kessel %s, not %s"),
                                  json_object_get_string_member_with_default (root, "program_version", "?"), version);
  else if (json_object_get_int_member_with_default (root, "shards", 0) != merged->n_shards)
    difference = g_strdup_printf (_("it is one of %d shards, not %d"),
                                  (int) json_object_get_int_member_with_default (root, "shards", 0), merged->n_shards);
  else
    difference = run_difference (run, json_object_get_object_member (first, "run"));
  if (difference == NULL)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: not a shard of the same run as %s: %s"),
               reader->file, merged->first_file, difference);
  return FALSE;
}

/* The JSON of a file, or NULL with the file and the line and column of
 * the syntax error. json-glib names data it was given "<data>", and gives
 * no root and no error for a file of white space only. */
static JsonNode *
parse_data (const char *file, const char *data, gsize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) parse_error = NULL;
  const char *where;

  if (!json_parser_load_from_data (parser, data, (gssize) length, &parse_error))
    {
      where = g_str_has_prefix (parse_error->message, "<data>") ? parse_error->message + strlen ("<data>") : NULL;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s%s%s", file, where ? "" : ": ",
                   where ? where : parse_error->message);
      return NULL;
    }
  if (json_parser_get_root (parser) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", file,
                   _("empty, not a shard file of kessel-cli match or balance"));
      return NULL;
    }
  return json_parser_steal_root (parser);
}

/* The header of a shard file: its format, and K of N. */
static gboolean
read_header (const Reader *reader, JsonObject *root, int *k, int *n, GError **error)
{
  const char *format = object_string (root, "format");
  gint64 version;

  if (g_strcmp0 (format, SHARD_FORMAT) != 0)
    return bad (reader, error, "format", _("not a shard file of kessel-cli match or balance"));
  if (!read_int (reader, root, "format_version", 1, SHARD_FORMAT_VERSION, &version, error)
      || read_string (reader, root, "program_version", error) == NULL
      || !read_count (reader, root, "shards", 1, MAX_GAMES, n, error)
      || !read_count (reader, root, "shard", 1, MAX_GAMES, k, error))
    return FALSE;
  return *k <= *n || bad (reader, error, "shard", _("greater than the number of shards"));
}

gboolean
kessel_cli_merged_add_data (KesselCliMerged *merged, const char *file, const char *data, gsize length,
                            GError **error)
{
  g_autoptr(JsonNode) node = parse_data (file, data, length, error);
  Reader reader = { file, NULL };
  JsonObject *root;
  int k = 0, n = 0;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return bad (&reader, error, "format", _("not a shard file of kessel-cli match or balance"));
  root = json_node_get_object (node);
  if (!read_header (&reader, root, &k, &n, error))
    return FALSE;
  if (merged->first_root == NULL)
    {
      merged->n_shards = n;
      merged->first_root = json_node_ref (node);
      merged->first_file = g_strdup (file);
      if (!read_spec (&reader, root, merged, error))
        return FALSE;
      merged->shard_files = g_new0 (char *, n);
    }
  else if (!check_same_run (&reader, root, merged, error))
    return FALSE;
  if (merged->shard_files[k - 1] != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: shard %d/%d again, already read from %s"), file,
                   k, n, merged->shard_files[k - 1]);
      return FALSE;
    }
  merged->shard_files[k - 1] = g_strdup (file);
  return read_games (&reader, root, merged, k, error);
}

KesselCliMerged *
kessel_cli_merged_new (void)
{
  return g_new0 (KesselCliMerged, 1);
}

/* A shard file, read as safely as every other file (kessel-file.h). */
static gboolean
read_shard_file (KesselCliMerged *merged, const char *file, GError **error)
{
  const KesselFileLimits limits = {
    KESSEL_CLI_SHARD_MAX_FILE_SIZE, G_IO_ERROR, G_IO_ERROR_FAILED, G_IO_ERROR_INVALID_DATA,
    _("the file is larger than the %d MiB a shard file may have"),
  };
  g_autofree char *data = NULL;
  gsize length = 0;

  return kessel_file_read (file, &limits, &data, &length, error)
         && kessel_cli_merged_add_data (merged, file, data, length, error);
}

KesselCliMerged *
kessel_cli_merged_read (char **files, int n_files, GError **error)
{
  g_autoptr(KesselCliMerged) merged = kessel_cli_merged_new ();

  for (int i = 0; i < n_files; i++)
    if (!read_shard_file (merged, files[i], error))
      return NULL;
  return g_steal_pointer (&merged);
}

void
kessel_cli_merged_free (KesselCliMerged *merged)
{
  if (merged == NULL)
    return;
  for (int v = 0; v < 2; v++)
    {
      g_clear_object (&merged->balances[v]);
      g_clear_object (&merged->spec.scenarios[v]);
    }
  g_clear_pointer (&merged->thinking, kessel_cli_thinking_free);
  g_clear_pointer (&merged->failures, kessel_cli_failures_free);
  g_clear_pointer (&merged->first_root, json_node_unref);
  g_free (merged->first_file);
  for (int k = 0; merged->shard_files != NULL && k < merged->n_shards; k++)
    g_free (merged->shard_files[k]);
  g_free (merged->shard_files);
  g_free (merged);
}

const KesselCliRunSpec *kessel_cli_merged_get_spec (KesselCliMerged *merged) { return &merged->spec; }
KesselBalance *kessel_cli_merged_get_balance (KesselCliMerged *merged, int variant) { return merged->balances[variant]; }
KesselCliThinking *kessel_cli_merged_get_thinking (KesselCliMerged *merged) { return merged->thinking; }
KesselCliFailures *kessel_cli_merged_get_failures (KesselCliMerged *merged) { return merged->failures; }
int kessel_cli_merged_get_n_shards (KesselCliMerged *merged) { return merged->n_shards; }

GArray *
kessel_cli_merged_get_missing (KesselCliMerged *merged)
{
  GArray *missing = NULL;

  for (int k = 1; k <= merged->n_shards; k++)
    if (merged->shard_files[k - 1] == NULL)
      {
        if (missing == NULL)
          missing = g_array_new (FALSE, FALSE, sizeof (int));
        g_array_append_val (missing, k);
      }
  return missing;
}
