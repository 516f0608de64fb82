/* kessel-game-file.c: actions as text, and saved games as XML: the scenario
 * file with its checksum, the seed (or, for unforeseeable dice, the faces
 * each action rolled) and the actions in order. Loading replays the actions,
 * so a saved game is always one the rules allow. */
#define _DEFAULT_SOURCE   /* realpath */
#include "kessel-game-private.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define KESSEL_GAME_NAMESPACE "urn:x-kessel:game:1"

/* Actions as text */

static void
append_units (KesselGame *self, GString *text, const int *units, int n)
{
  g_string_append_c (text, ' ');
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, '+');
      g_string_append (text, kessel_unit_get_id (self->info[units[i]].unit));
    }
}

static void
append_hex (KesselGame *self, GString *text, int hex)
{
  g_autofree char *label = kessel_game_hex_label (self, hex);
  g_string_append_printf (text, " %s", label);
}

char *
kessel_game_action_to_string (KesselGame *self, const KesselAction *action)
{
  GString *text = g_string_new (kessel_action_type_to_string (action->type));

  switch (action->type)
    {
    case KESSEL_ACTION_ORDER:
      g_string_append_printf (text, " %s", kessel_order_to_string (action->value));
      break;
    case KESSEL_ACTION_KG:
      g_string_append_printf (text, " %s", kessel_kg_to_string (action->value));
      if (action->hex == KESSEL_HEX_NONE)
        g_string_append (text, " off");
      else
        append_hex (self, text, action->hex);
      break;
    case KESSEL_ACTION_MOVE:
      append_units (self, text, action->units, action->n_units);
      for (int i = 0; i < action->path_length; i++)
        append_hex (self, text, action->path[i]);
      break;
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_DEFEND:
      if (action->type == KESSEL_ACTION_ATTACK)
        {
          append_units (self, text, action->units, action->n_units);
          append_hex (self, text, action->hex);
        }
      if (action->cas > 0)
        g_string_append_printf (text, " cas=%d", action->cas);
      if (action->support >= 0)
        g_string_append_printf (text, " support=%s", kessel_unit_get_id (self->info[action->support].unit));
      break;
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_PROBE:
    case KESSEL_ACTION_RETREAT:
    case KESSEL_ACTION_ENTER:
      append_units (self, text, action->units, action->n_units);
      append_hex (self, text, action->hex);
      break;
    case KESSEL_ACTION_EXIT:
    case KESSEL_ACTION_LOSS:
    case KESSEL_ACTION_ADVANCE:
    case KESSEL_ACTION_ELIMINATE:
      append_units (self, text, action->units, action->n_units);
      break;
    case KESSEL_ACTION_END:
    case KESSEL_N_ACTION_TYPES:
    default:
      break;
    }
  if (action->by_order)
    g_string_append (text, " " KESSEL_ACTION_BY_ORDER_WORD);
  return g_string_free (text, FALSE);
}

/* Refuses a word of an action, quoting no more of it than a message needs. */
static gboolean
refuse_word (GError **error, const char *format, const char *word)
{
  g_autofree char *shown = kessel_text_cut (word, KESSEL_MESSAGE_MAX_QUOTE);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return kessel_game_refuse (error, NULL, format, shown);
#pragma GCC diagnostic pop
}

static gboolean
parse_units (KesselGame *self, const char *word, KesselAction *action, GError **error)
{
  g_auto(GStrv) ids = g_strsplit (word, "+", -1);

  for (int i = 0; ids[i] != NULL; i++)
    {
      int piece = kessel_game_find_piece (self, ids[i]);
      if (piece < 0)
        return refuse_word (error, N_("There is no unit \"%s\"."), ids[i]);
      if (action->n_units >= KESSEL_ACTION_MAX_UNITS)
        return kessel_game_refuse (error, NULL, N_("Too many units in one action."));
      kessel_action_add_unit (action, piece);
    }
  return TRUE;
}

static gboolean
parse_hex (KesselGame *self, const char *word, int *hex, GError **error)
{
  *hex = word ? kessel_grid_parse_hex (self->grid, word) : KESSEL_HEX_NONE;
  if (*hex == KESSEL_HEX_NONE)
    return refuse_word (error, N_("\"%s\" is not a hex of this map."), word ? word : "");
  return TRUE;
}

static gboolean
parse_option (KesselGame *self, const char *word, KesselAction *action, GError **error)
{
  if (g_str_has_prefix (word, "cas="))
    {
      char *end = NULL;
      long cas = strtol (word + 4, &end, 10);
      if (end == word + 4 || *end != '\0' || cas < 0 || cas > 99)
        return refuse_word (error, N_("\"%s\" is not a number of air markers."), word);
      action->cas = (int) cas;
      return TRUE;
    }
  if (g_str_has_prefix (word, "support="))
    {
      action->support = kessel_game_find_piece (self, word + 8);
      if (action->support < 0)
        return refuse_word (error, N_("There is no unit \"%s\"."), word + 8);
      return TRUE;
    }
  return refuse_word (error, N_("\"%s\" is not understood."), word);
}

/* The actions that name one hex after their units; exit, loss, advance and
 * eliminate name none, and a move names its path. */
static gboolean
takes_one_hex (KesselActionType type)
{
  return type == KESSEL_ACTION_PLACE || type == KESSEL_ACTION_PROBE || type == KESSEL_ACTION_RETREAT
         || type == KESSEL_ACTION_ENTER || type == KESSEL_ACTION_ATTACK;
}

static gboolean
parse_words (KesselGame *self, char **words, int n, KesselAction *action, GError **error)
{
  int hex;

  switch (action->type)
    {
    case KESSEL_ACTION_END:
      return n == 1 || kessel_game_refuse (error, NULL, N_("\"end\" takes nothing after it."));
    case KESSEL_ACTION_ORDER:
      if (n != 2 || (g_strcmp0 (words[1], "move-fight") != 0 && g_strcmp0 (words[1], "fight-move") != 0))
        return kessel_game_refuse (error, NULL, N_("Write \"order move-fight\" or \"order fight-move\"."));
      action->value = g_strcmp0 (words[1], "fight-move") == 0 ? KESSEL_ORDER_FIGHT_MOVE : KESSEL_ORDER_MOVE_FIGHT;
      return TRUE;
    case KESSEL_ACTION_KG:
      if (n != 3)
        return kessel_game_refuse (error, NULL, N_("Write \"kg NAME HEX\" or \"kg NAME off\"."));
      action->value = -1;
      for (int k = 0; k < KESSEL_N_KGS; k++)
        if (g_strcmp0 (words[1], kessel_kg_to_string (k)) == 0)
          action->value = k;
      if (action->value < 0)
        return refuse_word (error, N_("There is no KG \"%s\"."), words[1]);
      if (g_strcmp0 (words[2], "off") == 0)
        return TRUE;
      return parse_hex (self, words[2], &action->hex, error);
    case KESSEL_ACTION_DEFEND:
      for (int i = 1; i < n; i++)
        if (!parse_option (self, words[i], action, error))
          return FALSE;
      return TRUE;
    case KESSEL_ACTION_PLACE:
    case KESSEL_ACTION_MOVE:
    case KESSEL_ACTION_EXIT:
    case KESSEL_ACTION_ATTACK:
    case KESSEL_ACTION_PROBE:
    case KESSEL_ACTION_LOSS:
    case KESSEL_ACTION_RETREAT:
    case KESSEL_ACTION_ADVANCE:
    case KESSEL_ACTION_ELIMINATE:
    case KESSEL_ACTION_ENTER:
    case KESSEL_N_ACTION_TYPES:
    default:
      break;
    }
  if (n < 2 || !parse_units (self, words[1], action, error))
    return n >= 2 ? FALSE : kessel_game_refuse (error, NULL, N_("Name the units."));
  for (int i = 2; i < n; i++)
    {
      if (strchr (words[i], '=') != NULL && action->type == KESSEL_ACTION_ATTACK)
        {
          if (!parse_option (self, words[i], action, error))
            return FALSE;
          continue;
        }
      if (!parse_hex (self, words[i], &hex, error))
        return FALSE;
      if (action->type == KESSEL_ACTION_MOVE)
        {
          if (action->path_length >= KESSEL_ACTION_MAX_PATH)
            return kessel_game_refuse (error, NULL, N_("The path is too long."));
          kessel_action_add_step (action, hex);
        }
      else if (!takes_one_hex (action->type))
        return kessel_game_refuse (error, NULL, N_("No hex is expected."));
      else if (action->hex == KESSEL_HEX_NONE)
        action->hex = hex;
      else
        return kessel_game_refuse (error, NULL, N_("Only one hex is expected."));
    }
  if (takes_one_hex (action->type) && action->hex == KESSEL_HEX_NONE)
    return kessel_game_refuse (error, NULL, N_("Name the hex."));
  if (action->type == KESSEL_ACTION_MOVE && action->path_length == 0)
    return kessel_game_refuse (error, NULL, N_("Name the hexes of the path."));
  return TRUE;
}

/**
 * kessel_game_action_from_string:
 * @text: an action as in saved games
 * @action: (out caller-allocates): the action
 *
 * Reads an action as kessel_game_action_to_string() writes it. It need not be
 * legal now.
 *
 * Returns: (skip): %TRUE, or %FALSE with @error set
 */
gboolean
kessel_game_action_from_string (KesselGame *self, const char *text, KesselAction *action,
                                GError **error)
{
  g_auto(GStrv) split = NULL;
  g_autoptr(GPtrArray) words = g_ptr_array_new ();
  KesselActionType type;
  gboolean by_order;

  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  split = g_strsplit_set (text ? text : "", " \t\r\n", -1);
  for (int i = 0; split[i] != NULL; i++)
    if (*split[i] != '\0')
      g_ptr_array_add (words, split[i]);
  if (words->len == 0)
    return kessel_game_refuse (error, NULL, N_("An empty action."));
  by_order = words->len > 1 && g_strcmp0 (words->pdata[words->len - 1], KESSEL_ACTION_BY_ORDER_WORD) == 0;
  if (by_order)
    g_ptr_array_set_size (words, words->len - 1);
  if (!kessel_action_type_from_string (words->pdata[0], &type))
    return refuse_word (error, N_("\"%s\" is not an action."), (char *) words->pdata[0]);
  kessel_action_init (action, type);
  action->by_order = by_order;
  return parse_words (self, (char **) words->pdata, (int) words->len, action, error);
}

/* A choice of defence support (13.1, 13.3), such as "Support the defence
 * with 1 air marker". */
static char *
describe_defence (const KesselAction *action)
{
  if (action->cas == 0)
    return g_strdup (action->support >= 0 ? _("Support the defence with ranged support")
                                          : _("Defend without support"));
  if (action->support >= 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Support the defence with %d air marker and ranged support",
                                         "Support the defence with %d air markers and ranged support", action->cas),
                            action->cas);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Support the defence with %d air marker",
                                       "Support the defence with %d air markers", action->cas),
                          action->cas);
}

char *
kessel_game_describe_action (KesselGame *self, const KesselAction *action)
{
  g_autofree char *units = kessel_game_pieces_label (self, action->units, action->n_units);
  g_autofree char *hex = action->hex != KESSEL_HEX_NONE ? kessel_game_hex_label (self, action->hex)
                                                       : g_strdup ("");

  switch (action->type)
    {
    case KESSEL_ACTION_PLACE:
      return g_strdup_printf (_("Set up %s in %s"), units, hex);
    case KESSEL_ACTION_ORDER:
      /* Translators: %s is "Move/Fight" or "Fight/Move". */
      return g_strdup_printf (_("Choose %s"), kessel_order_display_name (action->value));
    case KESSEL_ACTION_KG:
      return action->hex == KESSEL_HEX_NONE
               ? g_strdup_printf (_("Take %s off the map"), kessel_kg_display_name (action->value))
               : g_strdup_printf (_("Place %s in %s"), kessel_kg_display_name (action->value), hex);
    case KESSEL_ACTION_MOVE:
      return g_strdup_printf (_("Move %s to %s"), units, hex);
    case KESSEL_ACTION_EXIT:
      return g_strdup_printf (_("%s leave the map"), units);
    case KESSEL_ACTION_ATTACK:
      /* Translators: the units, the hex and " with air support" or nothing. */
      return g_strdup_printf (_("%s attack %s%s"), units, hex, action->cas > 0 ? _(" with air support") : "");
    case KESSEL_ACTION_DEFEND:
      return describe_defence (action);
    case KESSEL_ACTION_PROBE:
      return g_strdup_printf (_("%s probe into %s"), units, hex);
    case KESSEL_ACTION_LOSS:
      return g_strdup_printf (_("%s takes the step loss"), units);
    case KESSEL_ACTION_RETREAT:
      return g_strdup_printf (_("%s retreats to %s"), units, hex);
    case KESSEL_ACTION_ADVANCE:
      return g_strdup_printf (_("%s advances"), units);
    case KESSEL_ACTION_ELIMINATE:
      return g_strdup_printf (_("Remove %s"), units);
    case KESSEL_ACTION_ENTER:
      return g_strdup_printf (_("%s enters at %s"), units, hex);
    case KESSEL_ACTION_END:
    case KESSEL_N_ACTION_TYPES:
    default:
      return g_strdup (_("End this part of the phase"));
    }
}

/* Saved games */

static char *
file_checksum (KesselScenario *scenario)
{
  return kessel_scenario_checksum (scenario);
}

/* The options the game sets itself, sorted so that the file is stable. */
static void
write_options (KesselGame *self, xmlNode *root)
{
  g_autoptr(GList) ids = g_list_sort (g_hash_table_get_keys (self->options), (GCompareFunc) g_strcmp0);
  xmlNode *options;

  if (ids == NULL)
    return;
  options = xmlNewChild (root, NULL, (const xmlChar *) "options", NULL);
  for (GList *l = ids; l != NULL; l = l->next)
    {
      xmlNode *option = xmlNewChild (options, NULL, (const xmlChar *) "option", NULL);
      xmlNewProp (option, (const xmlChar *) "id", (const xmlChar *) l->data);
      xmlNewProp (option, (const xmlChar *) "enabled",
                  (const xmlChar *) (kessel_game_option (self, l->data) ? "true" : "false"));
    }
}

/* The scenario as the save names it: relative to the folder of the save
 * when it lies in that folder or below, so that both can move together, and
 * else by its absolute path. */
static char *
scenario_reference (KesselGame *self, const char *save_path)
{
  const char *name = kessel_scenario_get_file_name (self->scenario);
  g_autofree char *scenario = NULL;
  g_autofree char *save_dir = NULL;
  g_autofree char *real_dir = NULL;
  char resolved[PATH_MAX];

  if (name == NULL)
    return g_strdup ("");
  scenario = realpath (name, resolved) ? g_strdup (resolved) : g_canonicalize_filename (name, NULL);
  if (save_path == NULL)
    return g_steal_pointer (&scenario);
  save_dir = g_path_get_dirname (save_path);
  if (realpath (save_dir, resolved) == NULL)
    return g_steal_pointer (&scenario);
  real_dir = g_strconcat (resolved, strcmp (resolved, "/") == 0 ? "" : "/", NULL);
  if (g_str_has_prefix (scenario, real_dir))
    return g_strdup (scenario + strlen (real_dir));
  return g_steal_pointer (&scenario);
}

/* The faces rolled as the game was made, as opening="4". */
static void
write_opening_dice (KesselGame *self, xmlNode *dice)
{
  guint n_faces;
  const guint8 *rolled = kessel_game_get_opening_dice (self, &n_faces);
  g_autofree char *faces = kessel_dice_faces_to_string (rolled, n_faces);

  if (n_faces > 0)
    xmlNewProp (dice, (const xmlChar *) "opening", (const xmlChar *) faces);
}

static char *
game_to_xml (KesselGame *self, const char *save_path, gsize *length)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *root = xmlNewDocNode (doc, NULL, (const xmlChar *) "game", NULL);
  xmlNode *scenario, *actions;
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, self->seed);
  g_autofree char *checksum = file_checksum (self->scenario);
  g_autofree char *file = scenario_reference (self, save_path);
  xmlChar *buffer = NULL;
  int size = 0;
  char *text;

  xmlDocSetRootElement (doc, root);
  xmlSetNs (root, xmlNewNs (root, (const xmlChar *) KESSEL_GAME_NAMESPACE, NULL));
  xmlNewProp (root, (const xmlChar *) "version", (const xmlChar *) "1");
  scenario = xmlNewChild (root, NULL, (const xmlChar *) "scenario", NULL);
  xmlNewProp (scenario, (const xmlChar *) "file", (const xmlChar *) file);
  xmlNewProp (scenario, (const xmlChar *) "title", (const xmlChar *) kessel_scenario_get_title (self->scenario));
  xmlNewProp (scenario, (const xmlChar *) "sha256", (const xmlChar *) checksum);
  if (kessel_game_is_seeded (self))
    xmlNewTextChild (root, NULL, (const xmlChar *) "seed", (const xmlChar *) seed);
  else
    write_opening_dice (self, xmlNewTextChild (root, NULL, (const xmlChar *) "dice", (const xmlChar *) "recorded"));
  write_options (self, root);
  actions = xmlNewChild (root, NULL, (const xmlChar *) "actions", NULL);
  for (guint i = 0; i < self->actions->len; i++)
    {
      g_autofree char *line = kessel_game_action_to_string (self, &g_array_index (self->actions, KesselAction, i));
      xmlNode *node = xmlNewTextChild (actions, NULL, (const xmlChar *) "action", (const xmlChar *) line);
      guint n_faces;
      const guint8 *rolled = kessel_game_get_action_dice (self, (int) i, &n_faces);
      g_autofree char *faces = kessel_dice_faces_to_string (rolled, n_faces);

      if (!kessel_game_is_seeded (self) && n_faces > 0)
        xmlNewProp (node, (const xmlChar *) "dice", (const xmlChar *) faces);
    }
  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  text = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  xmlFreeDoc (doc);
  if (length)
    *length = size;
  return text;
}

/**
 * kessel_game_to_xml:
 * @length: (out) (optional): bytes of the text
 *
 * The game as a saved game: the scenario's file and its checksum, the seed or,
 * for unforeseeable dice, the faces each action rolled, and the actions.
 *
 * Returns: (transfer full): the saved game's text
 */
char *
kessel_game_to_xml (KesselGame *self, gsize *length)
{
  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  return game_to_xml (self, NULL, length);
}

gboolean
kessel_game_equal (KesselGame *a, KesselGame *b)
{
  const KesselGameState *sa = &a->state, *sb = &b->state;

  if (a->n_pieces != b->n_pieces || a->hex_count != b->hex_count || a->seed != b->seed)
    return FALSE;
  if (sa->turn != sb->turn || sa->phase != sb->phase || sa->segment != sb->segment
      || sa->wait != sb->wait || sa->weather != sb->weather || sa->air_side != sb->air_side
      || sa->cas_total != sb->cas_total || sa->cas_used != sb->cas_used
      || sa->corps_exited != sb->corps_exited || sa->vp_destroyed != sb->vp_destroyed
      || sa->divisions_destroyed != sb->divisions_destroyed
      || sa->vp_out_of_command != sb->vp_out_of_command || sa->verdict != sb->verdict
      || sa->dice.state != sb->dice.state || sa->dice.rolls != sb->dice.rolls
      || memcmp (sa->kg_hex, sb->kg_hex, sizeof sa->kg_hex) != 0)
    return FALSE;
  if (memcmp (sa->control, sb->control, a->hex_count) != 0
      || memcmp (sa->captured, sb->captured, a->hex_count) != 0)
    return FALSE;
  for (int p = 0; p < a->n_pieces; p++)
    {
      const KesselPieceState *pa = &sa->pieces[p], *pb = &sb->pieces[p];
      if (pa->hex != pb->hex || pa->status != pb->status || pa->steps != pb->steps
          || pa->return_turn != pb->return_turn || pa->mp != pb->mp)
        return FALSE;
    }
  if (a->log->len != b->log->len || sa->dice.source != sb->dice.source)
    return FALSE;
  /* Unforeseeable dice have no state to compare: the faces they showed are it. */
  if (!a->quiet && !b->quiet
      && (a->faces->len != b->faces->len
          || (a->faces->len > 0 && memcmp (a->faces->data, b->faces->data, a->faces->len) != 0)))
    return FALSE;
  for (guint i = 0; i < a->log->len; i++)
    if (g_strcmp0 (g_array_index (a->log, KesselLogEntry, i).text,
                   g_array_index (b->log, KesselLogEntry, i).text) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
read_game_file (const char *path, char **contents, gsize *length, GError **error)
{
  const KesselFileLimits limits = {
    KESSEL_GAME_MAX_FILE_SIZE, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE, KESSEL_GAME_ERROR_FILE,
    _("the file is larger than the %d MiB a saved game may have"),
  };

  return kessel_file_read (path, &limits, contents, length, error);
}

static gboolean
game_reads_back (const char *temp_path, const char *path, gpointer data, GError **error)
{
  KesselGame *self = data;
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KesselGame) copy = NULL;

  if (read_game_file (temp_path, &contents, &length, &local_error))
    copy = kessel_game_load_data (contents, length, path, self->scenario, &local_error);
  if (copy == NULL || !kessel_game_equal (self, copy))
    {
      g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE,
                   _("%s: not saved, because the written file did not read back as the same game%s%s"),
                   path, local_error ? ": " : "", local_error ? local_error->message : "");
      return FALSE;
    }
  return TRUE;
}

/**
 * kessel_game_save_file:
 * @path: (type filename): where to write
 *
 * Saves the game to path, atomically (see kessel_game_to_xml()).
 *
 * Returns: %TRUE once written atomically; else %FALSE with @error, and the file as it was
 */
gboolean
kessel_game_save_file (KesselGame *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *real = NULL;
  gsize length = 0;

  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  real = kessel_file_resolve (path);
  data = game_to_xml (self, real ? real : path, &length);
  return kessel_file_replace (path, data, length, game_reads_back, self,
                              KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE, error);
}

static gboolean file_error (GError **error, const char *file_name, long line, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static gboolean
file_error (GError **error, const char *file_name, long line, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, KESSEL_GAME_ERROR, KESSEL_GAME_ERROR_FILE, "%s:%ld: %s",
               file_name ? file_name : _("(game)"), MAX (line, 1), message);
  return FALSE;
}

/* The parts of a saved game: each at most once, and nothing else. */
typedef struct {
  xmlNode *root;
  xmlNode *scenario;
  xmlNode *seed;
  xmlNode *dice;                /* instead of the seed: the faces are recorded */
  xmlNode *options;
  xmlNode *actions;
} GameParts;

static gboolean
holds_no_elements (xmlNode *node, const char *file_name, GError **error)
{
  for (xmlNode *inner = node ? node->children : NULL; inner; inner = inner->next)
    if (inner->type == XML_ELEMENT_NODE)
      return file_error (error, file_name, inner->line, _("<%s> is not expected here"), inner->name);
  return TRUE;
}

/* Whether every child element of parent is a <name> without elements
 * inside, and there are at most limit of them. */
static gboolean
read_list (xmlNode *parent, const char *name, int limit, const char *file_name, GError **error)
{
  int count = 0;

  for (xmlNode *node = parent ? parent->children : NULL; node; node = node->next)
    {
      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (!kessel_xml_is_named (node, name))
        return file_error (error, file_name, node->line, _("<%s> is not expected here"), node->name);
      if (++count > limit)
        return file_error (error, file_name, node->line,
                           _("a saved game may hold at most %d <%s> elements"), limit, name);
      if (!holds_no_elements (node, file_name, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_parts (xmlDoc *doc, const char *file_name, GameParts *parts, GError **error)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  g_autofree char *version = NULL;

  *parts = (GameParts) { root, NULL, NULL, NULL, NULL, NULL };
  if (root == NULL || g_strcmp0 ((const char *) root->name, "game") != 0 || root->ns == NULL
      || g_strcmp0 ((const char *) root->ns->href, KESSEL_GAME_NAMESPACE) != 0)
    return file_error (error, file_name, root ? root->line : 1, _("this is not a saved Kessel game"));
  version = kessel_xml_prop (root, "version");
  if (g_strcmp0 (version, "1") != 0)
    return file_error (error, file_name, root->line, _("this saved game is of a version Kessel does not know"));
  for (xmlNode *node = root->children; node; node = node->next)
    {
      xmlNode **part = kessel_xml_is_named (node, "scenario") ? &parts->scenario
                       : kessel_xml_is_named (node, "seed") ? &parts->seed
                       : kessel_xml_is_named (node, "dice") ? &parts->dice
                       : kessel_xml_is_named (node, "options") ? &parts->options
                       : kessel_xml_is_named (node, "actions") ? &parts->actions : NULL;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (part == NULL || *part != NULL)
        return file_error (error, file_name, node->line,
                           part ? _("<%s> is given twice") : _("<%s> is not expected here"), node->name);
      *part = node;
    }
  if (parts->scenario == NULL || (parts->seed == NULL) == (parts->dice == NULL))
    return file_error (error, file_name, root->line, _("a saved game needs <scenario> and either <seed> or <dice>"));
  return holds_no_elements (parts->seed, file_name, error)
         && holds_no_elements (parts->dice, file_name, error)
         && holds_no_elements (parts->scenario, file_name, error)
         && read_list (parts->options, "option", KESSEL_SCENARIO_MAX_OPTIONS, file_name, error)
         && read_list (parts->actions, "action", KESSEL_GAME_MAX_ACTIONS, file_name, error);
}

static gboolean
read_header (xmlDoc *doc, const char *file_name, GameParts *parts, char **scenario_file,
             char **checksum, guint64 *seed, GError **error)
{
  g_autofree char *seed_text = NULL;

  if (!read_parts (doc, file_name, parts, error))
    return FALSE;
  seed_text = parts->seed ? kessel_xml_text (parts->seed) : NULL;
  if (parts->dice != NULL)
    {
      g_autofree char *dice = kessel_xml_text (parts->dice);
      if (g_strcmp0 (dice, "recorded") != 0)
        return file_error (error, file_name, parts->dice->line, _("<dice> can only be \"recorded\""));
      *seed = 0;
    }
  else if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, seed, NULL))
    {
      g_autofree char *shown = kessel_text_cut (seed_text, KESSEL_MESSAGE_MAX_QUOTE);
      g_autofree char *most = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);
      return file_error (error, file_name, parts->seed->line,
                         _("\"%s\" is not a seed, a whole number from 0 to %s"), shown, most);
    }
  *scenario_file = kessel_xml_prop (parts->scenario, "file");
  *checksum = kessel_xml_prop (parts->scenario, "sha256");
  if (*checksum == NULL || strlen (*checksum) != 64)
    return file_error (error, file_name, parts->scenario->line,
                       _("<scenario> needs the sha256 checksum of the scenario the game was played on"));
  return TRUE;
}

static gboolean
read_options (KesselGame *game, xmlNode *options, const char *file_name, GError **error)
{
  for (xmlNode *node = options ? options->children : NULL; node; node = node->next)
    {
      g_autofree char *id = NULL;
      g_autofree char *enabled = NULL;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      id = kessel_xml_prop (node, "id");
      enabled = kessel_xml_prop (node, "enabled");
      if (id == NULL || (g_strcmp0 (enabled, "true") != 0 && g_strcmp0 (enabled, "false") != 0))
        return file_error (error, file_name, node->line, _("an option needs an id and enabled=\"true\" or \"false\""));
      kessel_game_set_option (game, id, g_strcmp0 (enabled, "true") == 0);
    }
  return TRUE;
}

/* The faces a saved action rolled, fed to the game as it replays it. */
typedef struct {
  guint8 faces[KESSEL_DICE_MAX_PER_ACTION];
  guint n_faces;
  guint next;
} RecordedDice;

static int
recorded_die (gpointer data, guint roll)
{
  RecordedDice *recorded = data;

  (void) roll;
  if (recorded->next >= recorded->n_faces)
    {
      recorded->next++;
      return 1;   /* one more than recorded: the replay fails below */
    }
  return recorded->faces[recorded->next++];
}

static gboolean
read_recorded_dice (xmlNode *node, const char *attribute, RecordedDice *recorded, const char *file_name,
                    GError **error)
{
  g_autofree char *text = kessel_xml_prop (node, attribute);

  *recorded = (RecordedDice) { { 0 }, 0, 0 };
  if (text != NULL && !kessel_dice_parse_faces (text, recorded->faces, KESSEL_DICE_MAX_PER_ACTION, &recorded->n_faces))
    {
      g_autofree char *shown = kessel_text_cut (text, KESSEL_MESSAGE_MAX_QUOTE);
      return file_error (error, file_name, node->line,
                         _("%s=\"%s\" is not a list of at most %d faces from 1 to 6"),
                         attribute, shown, KESSEL_DICE_MAX_PER_ACTION);
    }
  return TRUE;
}

/* Whether the last action rolled what the file records; a seeded game
 * whose file records no faces rolls what its seed gives. */
static gboolean
rolled_as_recorded (KesselGame *game, xmlNode *node, const RecordedDice *recorded,
                    const char *file_name, GError **error)
{
  guint n_faces;
  const guint8 *rolled = kessel_game_get_action_dice (game, kessel_game_get_n_actions (game) - 1, &n_faces);

  if (kessel_game_is_seeded (game) && xmlHasProp (node, (const xmlChar *) "dice") == NULL)
    return TRUE;
  if (n_faces != recorded->n_faces)
    return file_error (error, file_name, node->line,
                       _("the action rolls %u dice, but the file records %u"), n_faces, recorded->n_faces);
  if (n_faces > 0 && memcmp (rolled, recorded->faces, n_faces) != 0)
    return file_error (error, file_name, node->line, _("the dice recorded with the action are not the dice of its seed"));
  return TRUE;
}

/* A new game of the file: seeded, or fed the opening faces it recorded. */
static KesselGame *
new_game (const GameParts *parts, const char *file_name, KesselScenario *scenario, guint64 seed,
          RecordedDice *recorded, GError **error)
{
  g_autoptr(KesselGame) game = NULL;
  guint n_faces;

  if (parts->dice == NULL)
    return kessel_game_new (scenario, seed);
  if (!read_recorded_dice (parts->dice, "opening", recorded, file_name, error))
    return NULL;
  game = kessel_game_new_with_die_source (scenario, recorded_die, recorded);
  kessel_game_get_opening_dice (game, &n_faces);
  if (n_faces == recorded->n_faces)
    return g_steal_pointer (&game);
  file_error (error, file_name, parts->dice->line,
              _("the game rolls %u dice as it starts, but the file records %u"), n_faces, recorded->n_faces);
  return NULL;
}

static KesselGame *
replay (const GameParts *parts, const char *file_name, KesselScenario *scenario, guint64 seed, GError **error)
{
  RecordedDice recorded;
  g_autoptr(KesselGame) game = new_game (parts, file_name, scenario, seed, &recorded, error);

  if (game == NULL || !read_options (game, parts->options, file_name, error))
    return NULL;
  for (xmlNode *node = parts->actions ? parts->actions->children : NULL; node; node = node->next)
    {
      g_autofree char *text = NULL;
      g_autofree char *shown = NULL;
      g_autoptr(GError) local_error = NULL;
      KesselAction action;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (!read_recorded_dice (node, "dice", &recorded, file_name, error))
        return NULL;
      text = kessel_xml_text (node);
      if (kessel_game_action_from_string (game, text, &action, &local_error)
          && kessel_game_apply (game, &action, &local_error))
        {
          if (!rolled_as_recorded (game, node, &recorded, file_name, error))
            return NULL;
          continue;
        }
      shown = kessel_text_cut (text, KESSEL_MESSAGE_MAX_QUOTE);
      file_error (error, file_name, node->line, _("the action \"%s\" cannot be replayed: %s"),
                  shown, local_error->message);
      return NULL;
    }
  kessel_game_set_die_source (game, NULL, NULL);
  return g_steal_pointer (&game);
}

/**
 * kessel_game_load_data:
 * @data: (array length=length) (element-type guint8): the contents of a saved game
 * @length: bytes of @data
 * @file_name: the name to give in messages
 * @scenario: the scenario the game is of
 *
 * Loads a saved game from its text, played on @scenario; @file_name names it in
 * messages.
 *
 * Returns: (transfer full): the game, or %NULL with @error set
 */
KesselGame *
kessel_game_load_data (const char *data, gsize length, const char *file_name,
                       KesselScenario *scenario, GError **error)
{
  g_autofree char *message = NULL;
  g_autofree char *scenario_file = NULL;
  g_autofree char *checksum = NULL;
  g_autofree char *actual = NULL;
  GameParts parts;
  long line = 1;
  guint64 seed = 0;
  xmlDoc *doc;
  KesselGame *game = NULL;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  if (length > KESSEL_GAME_MAX_FILE_SIZE)
    {
      file_error (error, file_name, 1, _("the file is larger than the %d MiB a saved game may have"),
                  KESSEL_GAME_MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  doc = kessel_xml_read (data, length, file_name, &line, &message);
  if (doc == NULL)
    {
      file_error (error, file_name, line, "%s", message);
      return NULL;
    }
  if (read_header (doc, file_name, &parts, &scenario_file, &checksum, &seed, error))
    {
      actual = file_checksum (scenario);
      if (g_ascii_strcasecmp (checksum, actual) != 0)
        file_error (error, file_name, parts.scenario->line,
                    _("the scenario has changed since this game was saved"));
      else
        game = replay (&parts, file_name, scenario, seed, error);
    }
  xmlFreeDoc (doc);
  return game;
}

/* The scenario file a saved game names, found beside the save when the
 * name is relative. */
static char *
scenario_path_of (const char *path, const char *scenario_file)
{
  g_autofree char *real = NULL;
  g_autofree char *dir = NULL;

  if (g_path_is_absolute (scenario_file))
    return g_strdup (scenario_file);
  real = kessel_file_resolve (path);
  dir = g_path_get_dirname (real ? real : path);
  return g_build_filename (dir, scenario_file, NULL);
}

/* The name of the scenario file the saved game in contents plays. */
static char *
read_scenario_file (const char *path, const char *contents, gsize length, GError **error)
{
  g_autofree char *message = NULL;
  g_autofree char *scenario_file = NULL;
  g_autofree char *checksum = NULL;
  GameParts parts;
  long line = 1;
  guint64 seed;
  xmlDoc *doc = kessel_xml_read (contents, length, path, &line, &message);
  gboolean ok;

  if (doc == NULL)
    {
      file_error (error, path, line, "%s", message);
      return NULL;
    }
  ok = read_header (doc, path, &parts, &scenario_file, &checksum, &seed, error);
  line = ok ? parts.scenario->line : 1;
  xmlFreeDoc (doc);
  if (ok && (scenario_file == NULL || *scenario_file == '\0'))
    {
      file_error (error, path, line, _("the saved game does not say which scenario it plays"));
      return NULL;
    }
  return ok ? g_steal_pointer (&scenario_file) : NULL;
}

/**
 * kessel_game_load_file_with_scenario:
 * @path: (type filename): the saved game
 *
 * Loads a saved game of @scenario, whichever scenario file the game names,
 * and plays its actions again.
 *
 * Returns: (transfer full): the game, or %NULL with @error set
 */
KesselGame *
kessel_game_load_file_with_scenario (const char *path, KesselScenario *scenario, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!read_game_file (path, &contents, &length, error))
    return NULL;
  return kessel_game_load_data (contents, length, path, scenario, error);
}

/**
 * kessel_game_load_file:
 * @path: (type filename): the saved game
 *
 * Reads a saved game and the scenario file it names, and plays its actions again.
 *
 * Returns: (transfer full): the game, or %NULL with @error set
 */
KesselGame *
kessel_game_load_file (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *scenario_file = NULL;
  g_autofree char *scenario_path = NULL;
  g_autoptr(KesselScenario) scenario = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  if (!read_game_file (path, &contents, &length, error))
    return NULL;
  scenario_file = read_scenario_file (path, contents, length, error);
  if (scenario_file == NULL)
    return NULL;
  scenario_path = scenario_path_of (path, scenario_file);
  scenario = kessel_scenario_load_file (scenario_path, &local_error);
  if (scenario == NULL)
    {
      file_error (error, path, 1, _("its scenario cannot be loaded: %s"), local_error->message);
      return NULL;
    }
  return kessel_game_load_data (contents, length, path, scenario, error);
}
