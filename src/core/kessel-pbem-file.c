/* kessel-pbem-file.c: turn files as XML, read as hostile input. */
#include "kessel-pbem-private.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>
#include <string.h>

#define KESSEL_PBEM_NAMESPACE "urn:x-kessel:pbem:1"
#define MAX_FILE_SIZE (32 * 1024 * 1024)

KesselPbemTurn *
kessel_pbem_turn_new (int number, KesselSide from)
{
  KesselPbemTurn *turn = g_new0 (KesselPbemTurn, 1);

  turn->number = number;
  turn->from = from;
  turn->actions = g_ptr_array_new_with_free_func (g_free);
  turn->chat = g_ptr_array_new_with_free_func (g_free);
  return turn;
}

void
kessel_pbem_turn_free (KesselPbemTurn *turn)
{
  if (turn == NULL)
    return;
  g_ptr_array_unref (turn->actions);
  g_ptr_array_unref (turn->chat);
  g_free (turn->dice);
  g_free (turn->orders);
  g_free (turn);
}

KesselPbemRecord *
kessel_pbem_record_new (void)
{
  KesselPbemRecord *record = g_new0 (KesselPbemRecord, 1);

  record->options = g_ptr_array_new_with_free_func (g_free);
  record->dice_mode = KESSEL_PBEM_DICE_VERIFIED;   /* files from before the modes */
  record->turns = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_pbem_turn_free);
  return record;
}

void
kessel_pbem_record_free (KesselPbemRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->game_id);
  g_free (record->scenario_file);
  g_free (record->scenario_title);
  g_free (record->scenario_sha256);
  g_ptr_array_unref (record->options);
  g_ptr_array_unref (record->turns);
  g_free (record);
}

void
kessel_pbem_chat_line_free (KesselPbemChatLine *line)
{
  if (line == NULL)
    return;
  g_free (line->text);
  g_free (line);
}

gboolean
kessel_pbem_chat_text_valid (const char *text)
{
  glong n;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  n = g_utf8_strlen (text, -1);
  if (n < 1 || n > KESSEL_PBEM_MAX_CHAT_CHARS)
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

GPtrArray *
kessel_pbem_record_chat (const KesselPbemRecord *record)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_pbem_chat_line_free);

  for (guint i = 0; i < record->turns->len; i++)
    {
      const KesselPbemTurn *turn = record->turns->pdata[i];

      for (guint k = 0; k < turn->chat->len; k++)
        {
          KesselPbemChatLine *line = g_new0 (KesselPbemChatLine, 1);

          line->turn = turn->number;
          line->side = turn->from;
          line->text = g_strdup (turn->chat->pdata[k]);
          g_ptr_array_add (lines, line);
        }
    }
  return lines;
}

GPtrArray *
kessel_pbem_read_chat (const char *path, GError **error)
{
  g_autoptr(KesselPbemRecord) record = kessel_pbem_record_read (path, error);

  return record != NULL ? kessel_pbem_record_chat (record) : NULL;
}

static const char *const dice_names[] = { "mover", "verified" };

const char *
kessel_pbem_dice_to_string (KesselPbemDice dice)
{
  return dice < G_N_ELEMENTS (dice_names) ? dice_names[dice] : "?";
}

gboolean
kessel_pbem_dice_from_string (const char *text, KesselPbemDice *dice)
{
  for (guint i = 0; i < G_N_ELEMENTS (dice_names); i++)
    if (g_strcmp0 (text, dice_names[i]) == 0)
      {
        *dice = (KesselPbemDice) i;
        return TRUE;
      }
  return FALSE;
}

/* Sets error to message, cut to the length any message may have; takes message. */
static void
set_cut_error (GError **error, int code, char *message)
{
  g_autofree char *owned = message;
  g_autofree char *cut = kessel_text_cut (owned, KESSEL_PBEM_MAX_MESSAGE);

  g_set_error_literal (error, KESSEL_PBEM_ERROR, code, cut);
}

gboolean
kessel_pbem_fail (GError **error, int code, const char *file_name, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (file_name != NULL)
    set_cut_error (error, code, g_strdup_printf ("%s: %s", file_name, message));
  else
    set_cut_error (error, code, g_steal_pointer (&message));
  return FALSE;
}

char *
kessel_pbem_quote (const char *text)
{
  return kessel_text_cut (text, KESSEL_MESSAGE_MAX_QUOTE);
}

/* The orders on one line, as a turn file holds them. */
static char *
orders_text (const KesselStandingOrders *orders)
{
  char *text = kessel_standing_orders_to_string (orders);

  g_strchomp (text);
  g_strdelimit (text, "\n", ' ');
  return text;
}

static void
append_hash (GString *text, const guint8 *bytes)
{
  g_autofree char *hex = kessel_pbem_hex (bytes, KESSEL_PBEM_HASH_SIZE);
  g_string_append_printf (text, "%s\n", hex);
}

void
kessel_pbem_turn_digest (const KesselPbemRecord *record, const KesselPbemTurn *turn,
                         guint8 digest[KESSEL_PBEM_HASH_SIZE])
{
  g_autoptr(GString) text = g_string_new ("kessel-pbem-turn-1\n");

  g_string_append_printf (text, "%s\n%s\n", record->game_id, record->scenario_sha256);
  for (guint i = 0; i < record->options->len; i++)
    g_string_append_printf (text, "option %s\n", (const char *) record->options->pdata[i]);
  /* What came after the first form is digested only when present, so that
   * the turns of older files keep their digests. */
  if (record->dice_mode == KESSEL_PBEM_DICE_MOVER)
    g_string_append (text, "dice-mode mover\n");
  g_string_append_printf (text, "%d\n%s\n", turn->number, kessel_side_to_string (turn->from));
  append_hash (text, turn->previous);
  if (turn->has_commitment)
    append_hash (text, turn->commitment);
  else
    g_string_append (text, "-\n");
  append_hash (text, turn->reveal);
  for (guint i = 0; i < turn->actions->len; i++)
    g_string_append_printf (text, "action %s\n", (const char *) turn->actions->pdata[i]);
  if (turn->orders != NULL)
    {
      g_autofree char *orders = orders_text (turn->orders);
      g_string_append_printf (text, "orders %s\n", orders);
    }
  if (record->dice_mode == KESSEL_PBEM_DICE_MOVER && turn->dice != NULL)
    g_string_append_printf (text, "dice %s\n", turn->dice);
  /* A line of chat holds no line end (kessel_pbem_chat_text_valid). */
  for (guint i = 0; i < turn->chat->len; i++)
    g_string_append_printf (text, "chat %s\n", (const char *) turn->chat->pdata[i]);
  kessel_pbem_hash ((const guint8 *) text->str, text->len, digest);
}

static void
set_hash (xmlNode *node, const char *name, const guint8 *bytes)
{
  g_autofree char *hex = kessel_pbem_hex (bytes, KESSEL_PBEM_HASH_SIZE);
  xmlNewProp (node, (const xmlChar *) name, (const xmlChar *) hex);
}

static void
write_turn (xmlNode *root, const KesselPbemTurn *turn)
{
  xmlNode *node = xmlNewChild (root, NULL, (const xmlChar *) "turn", NULL);
  g_autofree char *number = g_strdup_printf ("%d", turn->number);

  xmlNewProp (node, (const xmlChar *) "number", (const xmlChar *) number);
  xmlNewProp (node, (const xmlChar *) "from", (const xmlChar *) kessel_side_to_string (turn->from));
  set_hash (node, "previous", turn->previous);
  if (turn->has_commitment)
    set_hash (node, "commitment", turn->commitment);
  set_hash (node, "reveal", turn->reveal);
  if (turn->dice != NULL)
    xmlNewProp (node, (const xmlChar *) "dice", (const xmlChar *) turn->dice);
  for (guint i = 0; i < turn->actions->len; i++)
    xmlNewTextChild (node, NULL, (const xmlChar *) "action", (const xmlChar *) turn->actions->pdata[i]);
  if (turn->orders != NULL)
    {
      g_autofree char *orders = orders_text (turn->orders);
      xmlNewTextChild (node, NULL, (const xmlChar *) "orders", (const xmlChar *) orders);
    }
  for (guint i = 0; i < turn->chat->len; i++)
    xmlNewTextChild (node, NULL, (const xmlChar *) "chat", (const xmlChar *) turn->chat->pdata[i]);
}

char *
kessel_pbem_record_to_xml (const KesselPbemRecord *record, gsize *length)
{
  xmlDoc *doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *root = xmlNewDocNode (doc, NULL, (const xmlChar *) "pbem", NULL);
  xmlNode *scenario, *options;
  xmlChar *buffer = NULL;
  int size = 0;
  char *text;

  xmlDocSetRootElement (doc, root);
  xmlSetNs (root, xmlNewNs (root, (const xmlChar *) KESSEL_PBEM_NAMESPACE, NULL));
  xmlNewProp (root, (const xmlChar *) "version", (const xmlChar *) "1");
  xmlNewProp (root, (const xmlChar *) "game", (const xmlChar *) record->game_id);
  if (record->dice_mode == KESSEL_PBEM_DICE_MOVER)
    xmlNewProp (root, (const xmlChar *) "dice", (const xmlChar *) kessel_pbem_dice_to_string (record->dice_mode));
  scenario = xmlNewChild (root, NULL, (const xmlChar *) "scenario", NULL);
  xmlNewProp (scenario, (const xmlChar *) "file", (const xmlChar *) record->scenario_file);
  xmlNewProp (scenario, (const xmlChar *) "title", (const xmlChar *) record->scenario_title);
  xmlNewProp (scenario, (const xmlChar *) "sha256", (const xmlChar *) record->scenario_sha256);
  options = xmlNewChild (root, NULL, (const xmlChar *) "options", NULL);
  for (guint i = 0; i < record->options->len; i++)
    xmlNewTextChild (options, NULL, (const xmlChar *) "option", (const xmlChar *) record->options->pdata[i]);
  for (guint i = 0; i < record->turns->len; i++)
    write_turn (root, record->turns->pdata[i]);
  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  text = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  xmlFreeDoc (doc);
  if (length != NULL)
    *length = (gsize) size;
  return text;
}

/* Reading */

static gboolean
fail_at (GError **error, const char *file_name, long line, const char *format, ...) G_GNUC_PRINTF (4, 5);

static gboolean
fail_at (GError **error, const char *file_name, long line, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  set_cut_error (error, KESSEL_PBEM_ERROR_FILE, g_strdup_printf ("%s:%ld: %s", file_name, MAX (line, 1), message));
  return FALSE;
}

static gboolean
not_expected (xmlNode *node, const char *file_name, GError **error)
{
  g_autofree char *name = kessel_pbem_quote ((const char *) node->name);

  return fail_at (error, file_name, node->line, _("<%s> is not expected here"), name);
}

static gboolean
read_hash (xmlNode *node, const char *name, gboolean required, guint8 *bytes, gboolean *present,
           const char *file_name, GError **error)
{
  g_autofree char *text = kessel_xml_prop (node, name);

  if (present != NULL)
    *present = text != NULL;
  if (text == NULL && !required)
    return TRUE;
  if (kessel_pbem_unhex (text, bytes, KESSEL_PBEM_HASH_SIZE))
    return TRUE;
  return fail_at (error, file_name, node->line, _("<%s> needs %s=\"…\", %d hexadecimal digits"),
                  (const char *) node->name, name, 2 * KESSEL_PBEM_HASH_SIZE);
}

/* Whether node is a <name> of text only. */
static gboolean
is_text_element (xmlNode *node, const char *name)
{
  return kessel_xml_is_named (node, name) && !(node->children && node->children->type == XML_ELEMENT_NODE)
         && !(node->children && node->children->next);
}

/* Every child element of node is a <name> of text only. */
static gboolean
read_texts (xmlNode *node, const char *name, guint limit, GPtrArray *out, const char *file_name, GError **error)
{
  for (xmlNode *child = node->children; child; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_text_element (child, name))
        return not_expected (child, file_name, error);
      if (out->len >= limit)
        return fail_at (error, file_name, child->line, _("a turn file may hold at most %u <%s> elements"), limit, name);
      g_ptr_array_add (out, kessel_xml_text (child));
    }
  return TRUE;
}

static gboolean
read_orders (xmlNode *node, KesselPbemTurn *turn, const char *file_name, GError **error)
{
  g_autofree char *text = kessel_xml_text (node);
  g_autoptr(GError) local_error = NULL;

  if (turn->orders != NULL || !is_text_element (node, "orders"))
    return not_expected (node, file_name, error);
  turn->orders = g_new0 (KesselStandingOrders, 1);
  if (kessel_standing_orders_parse (text ? text : "", text ? strlen (text) : 0, turn->orders, &local_error))
    return TRUE;
  return fail_at (error, file_name, node->line, _("<orders>: %s"), local_error->message);
}

static gboolean
read_chat (xmlNode *node, KesselPbemTurn *turn, const char *file_name, GError **error)
{
  g_autofree char *text = NULL;

  if (!is_text_element (node, "chat"))
    return not_expected (node, file_name, error);
  if (turn->chat->len >= KESSEL_PBEM_MAX_CHAT_LINES)
    return fail_at (error, file_name, node->line, _("a turn file may hold at most %u <%s> elements"),
                    KESSEL_PBEM_MAX_CHAT_LINES, "chat");
  text = kessel_xml_text (node);
  if (!kessel_pbem_chat_text_valid (text))
    return fail_at (error, file_name, node->line,
                    _("<chat> holds a line of 1 to %d characters without control characters"),
                    KESSEL_PBEM_MAX_CHAT_CHARS);
  g_ptr_array_add (turn->chat, g_steal_pointer (&text));
  return TRUE;
}

/* A turn's <action> elements, its <orders>, if any, and its <chat> lines. */
static gboolean
read_turn_children (xmlNode *node, KesselPbemTurn *turn, const char *file_name, GError **error)
{
  for (xmlNode *child = node->children; child; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (kessel_xml_is_named (child, "orders"))
        {
          if (!read_orders (child, turn, file_name, error))
            return FALSE;
        }
      else if (kessel_xml_is_named (child, "chat"))
        {
          if (!read_chat (child, turn, file_name, error))
            return FALSE;
        }
      else if (!is_text_element (child, "action"))
        return not_expected (child, file_name, error);
      else if (turn->actions->len >= KESSEL_GAME_MAX_ACTIONS)
        return fail_at (error, file_name, child->line, _("a turn file may hold at most %u <%s> elements"),
                        KESSEL_GAME_MAX_ACTIONS, "action");
      else
        g_ptr_array_add (turn->actions, kessel_xml_text (child));
    }
  return TRUE;
}

static KesselPbemTurn *
read_turn (xmlNode *node, const char *file_name, GError **error)
{
  g_autofree char *number = kessel_xml_prop (node, "number");
  g_autofree char *from = kessel_xml_prop (node, "from");
  KesselPbemTurn *turn;
  guint64 value = 0;
  KesselSide side = KESSEL_SIDE_NONE;

  if (from == NULL || number == NULL || !kessel_side_from_string (from, &side)
      || !g_ascii_string_to_unsigned (number, 10, 1, KESSEL_PBEM_MAX_TURNS, &value, NULL)
      || (side != KESSEL_SIDE_GERMAN && side != KESSEL_SIDE_SOVIET))
    {
      fail_at (error, file_name, node->line, _("<turn> needs a number and from=\"german\" or \"soviet\""));
      return NULL;
    }
  turn = kessel_pbem_turn_new ((int) value, side);
  turn->line = node->line;
  turn->dice = kessel_xml_prop (node, "dice");
  if (read_hash (node, "previous", TRUE, turn->previous, NULL, file_name, error)
      && read_hash (node, "commitment", FALSE, turn->commitment, &turn->has_commitment, file_name, error)
      && read_hash (node, "reveal", TRUE, turn->reveal, NULL, file_name, error)
      && read_turn_children (node, turn, file_name, error))
    return turn;
  kessel_pbem_turn_free (turn);
  return NULL;
}

static gboolean
read_scenario (xmlNode *node, KesselPbemRecord *record, const char *file_name, GError **error)
{
  record->scenario_file = kessel_xml_prop (node, "file");
  record->scenario_title = kessel_xml_prop (node, "title");
  record->scenario_sha256 = kessel_xml_prop (node, "sha256");
  if (record->scenario_file != NULL && record->scenario_title != NULL && record->scenario_sha256 != NULL
      && strlen (record->scenario_sha256) == 64)
    return TRUE;
  return fail_at (error, file_name, node->line, _("<scenario> needs file, title and its sha256 checksum"));
}

static gboolean
read_children (xmlNode *root, KesselPbemRecord *record, const char *file_name, GError **error)
{
  for (xmlNode *node = root->children; node; node = node->next)
    {
      KesselPbemTurn *turn;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (kessel_xml_is_named (node, "scenario") && record->scenario_sha256 == NULL)
        {
          if (!read_scenario (node, record, file_name, error))
            return FALSE;
        }
      else if (kessel_xml_is_named (node, "options") && record->turns->len == 0)
        {
          if (!read_texts (node, "option", 64, record->options, file_name, error))
            return FALSE;
        }
      else if (kessel_xml_is_named (node, "turn") && record->turns->len < KESSEL_PBEM_MAX_TURNS)
        {
          if ((turn = read_turn (node, file_name, error)) == NULL)
            return FALSE;
          g_ptr_array_add (record->turns, turn);
        }
      else
        return not_expected (node, file_name, error);
    }
  if (record->scenario_sha256 == NULL || record->turns->len == 0)
    return fail_at (error, file_name, root->line, _("a turn file needs <scenario> and at least one <turn>"));
  return TRUE;
}

KesselPbemRecord *
kessel_pbem_record_parse (const char *data, gsize length, const char *file_name, GError **error)
{
  g_autoptr(KesselPbemRecord) record = kessel_pbem_record_new ();
  g_autofree char *message = NULL;
  g_autofree char *version = NULL;
  guint8 id[KESSEL_PBEM_ID_SIZE];
  long line = 1;
  xmlDoc *doc = kessel_xml_read (data, length, file_name, &line, &message);
  xmlNode *root;
  gboolean ok;

  if (doc == NULL)
    {
      fail_at (error, file_name, line, "%s", message);
      return NULL;
    }
  root = xmlDocGetRootElement (doc);
  version = root ? kessel_xml_prop (root, "version") : NULL;
  if (root == NULL || !kessel_xml_is_named (root, "pbem") || root->ns == NULL
      || g_strcmp0 ((const char *) root->ns->href, KESSEL_PBEM_NAMESPACE) != 0)
    ok = fail_at (error, file_name, root ? root->line : 1, _("this is not a Kessel turn file"));
  else if (g_strcmp0 (version, "1") != 0)
    ok = fail_at (error, file_name, root->line, _("this turn file is of a version Kessel does not know"));
  else
    {
      g_autofree char *dice = kessel_xml_prop (root, "dice");

      record->game_id = kessel_xml_prop (root, "game");
      if (!kessel_pbem_unhex (record->game_id, id, sizeof id))
        ok = fail_at (error, file_name, root->line, _("<pbem> needs the game's identity"));
      else if (dice != NULL && !kessel_pbem_dice_from_string (dice, &record->dice_mode))
        ok = fail_at (error, file_name, root->line, _("dice=\"…\" is \"mover\" or \"verified\""));
      else
        ok = read_children (root, record, file_name, error);
    }
  xmlFreeDoc (doc);
  return ok ? g_steal_pointer (&record) : NULL;
}

gboolean
kessel_pbem_read_file (const char *path, char **contents, gsize *length, GError **error)
{
  const KesselFileLimits limits = {
    MAX_FILE_SIZE, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, KESSEL_PBEM_ERROR_FILE,
    _("the file is larger than the %d MiB a turn file may have"),
  };

  return kessel_file_read (path, &limits, contents, length, error);
}

KesselPbemRecord *
kessel_pbem_record_read (const char *path, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!kessel_pbem_read_file (path, &contents, &length, error))
    return NULL;
  return kessel_pbem_record_parse (contents, length, path, error);
}
