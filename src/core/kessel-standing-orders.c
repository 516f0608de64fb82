/* kessel-standing-orders.c: a side's standing orders, their text form and
 * the deterministic choice they make. */
#include "kessel-standing-orders.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>
#include <stddef.h>
#include <string.h>

G_DEFINE_QUARK (kessel-standing-orders-error-quark, kessel_standing_orders_error)

/* The text form */

typedef enum { FIELD_ENUM, FIELD_BOOLEAN, FIELD_ODDS, FIELD_CAS } FieldKind;

static const char *const loss_names[] = { "ask", "artillery-first", "weakest-first", "strongest-first", NULL };
static const char *const defence_names[] = { "ask", "never", "at-odds", "always", NULL };
static const char *const eliminate_names[] = { "ask", "strongest-first", "weakest-first", NULL };
static const char *const retreat_names[] = { "ask", "auto", NULL };
static const char *const return_names[] = { "ask", "front", "rear", NULL };

typedef struct {
  const char *key;
  FieldKind kind;
  gsize offset;                 /* of an int or gboolean in KesselStandingOrders */
  const char *const *names;     /* FIELD_ENUM: the values, by number */
} Field;

static const Field fields[] = {
  { "losses", FIELD_ENUM, offsetof (KesselStandingOrders, losses), loss_names },
  { "spare-last-step", FIELD_BOOLEAN, offsetof (KesselStandingOrders, spare_last_step), NULL },
  { "retreat", FIELD_ENUM, offsetof (KesselStandingOrders, retreat), retreat_names },
  { "retreat-supply", FIELD_BOOLEAN, offsetof (KesselStandingOrders, retreat_supply), NULL },
  { "retreat-towns", FIELD_BOOLEAN, offsetof (KesselStandingOrders, retreat_towns), NULL },
  { "retreat-away", FIELD_BOOLEAN, offsetof (KesselStandingOrders, retreat_away), NULL },
  { "defence", FIELD_ENUM, offsetof (KesselStandingOrders, defence), defence_names },
  { "defence-odds", FIELD_ODDS, offsetof (KesselStandingOrders, defence_odds), NULL },
  { "defence-cas", FIELD_CAS, offsetof (KesselStandingOrders, defence_cas), NULL },
  { "defence-artillery", FIELD_BOOLEAN, offsetof (KesselStandingOrders, defence_artillery), NULL },
  { "eliminate", FIELD_ENUM, offsetof (KesselStandingOrders, eliminate), eliminate_names },
  { "returns", FIELD_ENUM, offsetof (KesselStandingOrders, returns), return_names },
};

static int *
field_value (KesselStandingOrders *orders, const Field *field)
{
  return (int *) ((char *) orders + field->offset);
}

void
kessel_standing_orders_init_defaults (KesselStandingOrders *orders)
{
  memset (orders, 0, sizeof *orders);
  orders->losses = KESSEL_LOSS_ORDER_ARTILLERY_FIRST;
  orders->spare_last_step = TRUE;
  orders->retreat = TRUE;
  orders->retreat_supply = TRUE;
  orders->retreat_towns = TRUE;
  orders->retreat_away = TRUE;
  orders->defence = KESSEL_DEFENCE_ORDER_AT_ODDS;
  orders->defence_odds = KESSEL_ODDS_3_1;
  orders->defence_cas = 1;
  orders->defence_artillery = TRUE;
  orders->eliminate = KESSEL_ELIMINATE_ORDER_STRONGEST_FIRST;
  orders->returns = KESSEL_RETURN_ORDER_FRONT;
}

void
kessel_standing_orders_init_ask (KesselStandingOrders *orders)
{
  kessel_standing_orders_init_defaults (orders);
  orders->losses = KESSEL_LOSS_ORDER_ASK;
  orders->retreat = FALSE;
  orders->defence = KESSEL_DEFENCE_ORDER_ASK;
  orders->eliminate = KESSEL_ELIMINATE_ORDER_ASK;
  orders->returns = KESSEL_RETURN_ORDER_ASK;
}

gboolean
kessel_standing_orders_equal (const KesselStandingOrders *a, const KesselStandingOrders *b)
{
  g_autofree char *ta = kessel_standing_orders_to_string (a);
  g_autofree char *tb = kessel_standing_orders_to_string (b);

  return g_strcmp0 (ta, tb) == 0;
}

char *
kessel_standing_orders_to_string (const KesselStandingOrders *orders)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      int value = *field_value ((KesselStandingOrders *) orders, &fields[i]);

      g_string_append_printf (text, "%s=", fields[i].key);
      switch (fields[i].kind)
        {
        case FIELD_ENUM:
          g_string_append (text, fields[i].names[value]);
          break;
        case FIELD_BOOLEAN:
          g_string_append (text, value ? "true" : "false");
          break;
        case FIELD_ODDS:
          g_string_append (text, kessel_odds_to_string ((KesselOdds) value));
          break;
        case FIELD_CAS:
        default:
          g_string_append_printf (text, "%d", value);
          break;
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static gboolean
read_value (const Field *field, const char *text, int *value)
{
  guint64 number;
  KesselOdds odds;

  switch (field->kind)
    {
    case FIELD_ENUM:
      for (int i = 0; field->names[i] != NULL; i++)
        if (strcmp (field->names[i], text) == 0)
          return (*value = i), TRUE;
      return FALSE;
    case FIELD_BOOLEAN:
      if (strcmp (text, "true") != 0 && strcmp (text, "false") != 0)
        return FALSE;
      *value = strcmp (text, "true") == 0;
      return TRUE;
    case FIELD_ODDS:
      if (!kessel_odds_from_string (text, &odds))
        return FALSE;
      *value = (int) odds;
      return TRUE;
    case FIELD_CAS:
    default:
      if (!g_ascii_string_to_unsigned (text, 10, 0, KESSEL_STANDING_ORDERS_MAX_CAS, &number, NULL))
        return FALSE;
      *value = (int) number;
      return TRUE;
    }
}

static gboolean
refuse (GError **error, int line, const char *format, const char *word)
{
  g_autofree char *shown = kessel_text_cut (word, KESSEL_MESSAGE_MAX_QUOTE);
  g_autofree char *message = NULL;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  message = g_strdup_printf (format, shown);
#pragma GCC diagnostic pop
  g_set_error (error, KESSEL_STANDING_ORDERS_ERROR, 0, _("line %d: %s"), line, message);
  return FALSE;
}

/* One key=value word of line; seen marks the keys given so far. */
static gboolean
parse_word (const char *word, int line, KesselStandingOrders *orders, guint *seen, GError **error)
{
  const char *equals = strchr (word, '=');

  for (guint i = 0; equals != NULL && i < G_N_ELEMENTS (fields); i++)
    {
      if (strlen (fields[i].key) != (gsize) (equals - word) || strncmp (fields[i].key, word, equals - word) != 0)
        continue;
      if (*seen & (1u << i))
        return refuse (error, line, _("“%s” is given twice"), fields[i].key);
      *seen |= 1u << i;
      if (!read_value (&fields[i], equals + 1, field_value (orders, &fields[i])))
        return refuse (error, line, _("“%s” is not a value this order takes"), word);
      return TRUE;
    }
  return refuse (error, line, _("“%s” is not a standing order (key=value)"), word);
}

gboolean
kessel_standing_orders_parse (const char *text, gsize length, KesselStandingOrders *orders, GError **error)
{
  g_auto(GStrv) lines = NULL;
  guint seen = 0;

  if (length > KESSEL_STANDING_ORDERS_MAX_TEXT || memchr (text, '\0', length) != NULL
      || !g_utf8_validate (text, (gssize) length, NULL))
    {
      g_set_error (error, KESSEL_STANDING_ORDERS_ERROR, 0,
                   _("standing orders are UTF-8 text of at most %d bytes"), KESSEL_STANDING_ORDERS_MAX_TEXT);
      return FALSE;
    }
  kessel_standing_orders_init_defaults (orders);
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      char *comment = strchr (lines[i], '#');

      if (comment != NULL)
        *comment = '\0';
      words = g_strsplit_set (lines[i], " \t\r", -1);
      for (int w = 0; words[w] != NULL; w++)
        if (words[w][0] != '\0' && !parse_word (words[w], i + 1, orders, &seen, error))
          return FALSE;
    }
  return TRUE;
}

gboolean
kessel_standing_orders_load_file (const char *path, KesselStandingOrders *orders, GError **error)
{
  const KesselFileLimits limits = {
    KESSEL_STANDING_ORDERS_MAX_TEXT, KESSEL_STANDING_ORDERS_ERROR, 0, 0,
    _("the file is larger than a file of standing orders may be"),
  };
  g_autofree char *contents = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;

  if (kessel_file_read (path, &limits, &contents, &length, &local_error)
      && kessel_standing_orders_parse (contents, length, orders, &local_error))
    return TRUE;
  g_set_error (error, KESSEL_STANDING_ORDERS_ERROR, 0, "%s: %s", path, local_error->message);
  return FALSE;
}

/* Choosing */

GArray *
kessel_standing_orders_choices (KesselGame *game, KesselActionType type)
{
  GArray *all = kessel_game_list_actions (game);

  for (guint i = 0; i < all->len;)
    if (g_array_index (all, KesselAction, i).type != type)
      g_array_remove_index (all, i);
    else
      i++;
  return all;
}

/* A piece's strength: its attack and defence factors as they stand now. */
static int
strength (KesselGame *game, int piece)
{
  return kessel_game_get_piece_attack (game, piece) + kessel_game_get_piece_defence (game, piece);
}

/* How well a step loss of piece suits the orders: higher is better. */
static int
loss_score (const KesselStandingOrders *orders, KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);
  gboolean last_of_division = kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION
                              && kessel_game_get_piece_steps (game, piece) <= 1;
  int score = 0;

  if (orders->spare_last_step && last_of_division)
    score -= 100000;
  if (orders->losses == KESSEL_LOSS_ORDER_ARTILLERY_FIRST && kessel_unit_is_artillery (unit))
    score += 10000;
  if (orders->losses == KESSEL_LOSS_ORDER_STRONGEST_FIRST)
    score += strength (game, piece);
  else
    score -= strength (game, piece);   /* artillery first, then the weakest */
  return score;
}

/* How well a retreat into hex suits the orders: higher is better. */
static int
retreat_score (const KesselStandingOrders *orders, KesselGame *game, KesselSide side, int hex)
{
  KesselMap *map = kessel_scenario_get_map (kessel_game_get_scenario (game));
  const KesselGrid *grid = kessel_map_get_grid (map);
  int neighbours[KESSEL_N_DIRECTIONS], n = kessel_grid_neighbours (grid, hex, neighbours), enemies = 0;
  int score = 0;

  if (orders->retreat_supply && kessel_game_hex_traces (game, hex, side))
    score += 10000;
  if (orders->retreat_towns && kessel_map_get_place_at (map, hex) != NULL)
    score += 1000;
  for (int i = 0; i < n; i++)
    if (neighbours[i] != KESSEL_HEX_NONE && kessel_game_get_hex_occupant (game, neighbours[i]) == kessel_side_enemy (side))
      {
        g_autoptr(GArray) pieces = kessel_game_get_pieces_at (game, neighbours[i]);
        enemies += (int) pieces->len;
      }
  if (orders->retreat_away)
    score -= 10 * MIN (enemies, 99);
  return score;
}

/* The distance from hex to the nearest enemy unit on the map. */
static int
enemy_distance (KesselGame *game, KesselSide side, int hex)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game)));
  int nearest = G_MAXINT / 2;

  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    if (kessel_game_get_piece_side (game, p) != side && kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP)
      nearest = MIN (nearest, kessel_grid_distance (grid, hex, kessel_game_get_piece_hex (game, p)));
  return nearest;
}

/* The candidate with the best score; ties go to the lowest hex number
 * (retreats: the first in map order) or the first listed (the game lists pieces in a fixed order). */
static gboolean
best_of (const KesselStandingOrders *orders, KesselGame *game, GArray *candidates, KesselAction *action)
{
  KesselSide side = kessel_game_get_active_side (game);
  int best = -1, best_score = G_MININT;

  for (guint i = 0; i < candidates->len; i++)
    {
      const KesselAction *candidate = &g_array_index (candidates, KesselAction, i);
      int score;

      switch (candidate->type)
        {
        case KESSEL_ACTION_RETREAT:
          score = retreat_score (orders, game, side, candidate->hex);
          break;
        case KESSEL_ACTION_ENTER:
          score = enemy_distance (game, side, candidate->hex)
                  * (orders->returns == KESSEL_RETURN_ORDER_REAR ? 1 : -1);
          break;
        case KESSEL_ACTION_ELIMINATE:
          score = strength (game, candidate->units[0])
                  * (orders->eliminate == KESSEL_ELIMINATE_ORDER_STRONGEST_FIRST ? 1 : -1);
          break;
        case KESSEL_ACTION_LOSS:
        default:
          score = loss_score (orders, game, candidate->units[0]);
          break;
        }
      if (best < 0 || score > best_score
          || (score == best_score && candidate->type != KESSEL_ACTION_LOSS && candidate->type != KESSEL_ACTION_ELIMINATE
              && candidate->hex < g_array_index (candidates, KesselAction, best).hex))
        {
          best = (int) i;
          best_score = score;
        }
    }
  if (best < 0)
    return FALSE;
  *action = g_array_index (candidates, KesselAction, best);
  return TRUE;
}

static gboolean
decide_among (const KesselStandingOrders *orders, KesselGame *game, KesselActionType type, KesselAction *action)
{
  g_autoptr(GArray) candidates = kessel_standing_orders_choices (game, type);

  return best_of (orders, game, candidates, action);
}

/* Returning rifle corps (11.2): each enters where the orders say while one
 * can; then the phase ends. */
static gboolean
decide_returns (const KesselStandingOrders *orders, KesselGame *game, KesselAction *action)
{
  if (orders->returns == KESSEL_RETURN_ORDER_ASK || kessel_game_get_phase (game) != KESSEL_PHASE_REPLACEMENT
      || kessel_game_get_segment (game) != KESSEL_SEGMENT_PLACEMENT)
    return FALSE;
  if (decide_among (orders, game, KESSEL_ACTION_ENTER, action))
    return TRUE;
  kessel_action_init (action, KESSEL_ACTION_END);
  return kessel_game_check (game, action, NULL);
}

/* German defence support (13.1, 13.3): the most the orders allow among
 * the legal choices, or none. */
static gboolean
decide_defence (const KesselStandingOrders *orders, KesselGame *game, KesselAction *action)
{
  g_autoptr(GArray) choices = kessel_standing_orders_choices (game, KESSEL_ACTION_DEFEND);
  KesselAction attack;
  KesselCombatOdds odds;
  gboolean support;
  int best = -1;

  if (orders->defence == KESSEL_DEFENCE_ORDER_ASK || !kessel_game_get_current_combat (game, &attack, &odds, NULL, NULL))
    return FALSE;
  support = orders->defence == KESSEL_DEFENCE_ORDER_ALWAYS
            || (orders->defence == KESSEL_DEFENCE_ORDER_AT_ODDS && odds.final >= orders->defence_odds);
  for (guint i = 0; i < choices->len; i++)
    {
      const KesselAction *choice = &g_array_index (choices, KesselAction, i);
      int cas = support ? orders->defence_cas : 0;
      gboolean artillery = support && orders->defence_artillery;
      const KesselAction *chosen = best >= 0 ? &g_array_index (choices, KesselAction, best) : NULL;

      if (choice->cas > cas || (choice->support >= 0 && !artillery))
        continue;
      if (chosen == NULL || choice->cas > chosen->cas || (choice->cas == chosen->cas && choice->support > chosen->support))
        best = (int) i;
    }
  if (best < 0)
    return FALSE;
  *action = g_array_index (choices, KesselAction, best);
  return TRUE;
}

gboolean
kessel_standing_orders_decide (const KesselStandingOrders *orders, KesselGame *game, KesselAction *action)
{
  gboolean decided = FALSE;

  g_return_val_if_fail (orders != NULL && KESSEL_IS_GAME (game), FALSE);
  switch (kessel_game_get_wait (game))
    {
    case KESSEL_WAIT_DEFENCE:
      decided = decide_defence (orders, game, action);
      break;
    case KESSEL_WAIT_ATTACKER_LOSS:
    case KESSEL_WAIT_DEFENDER_LOSS:
      decided = orders->losses != KESSEL_LOSS_ORDER_ASK && decide_among (orders, game, KESSEL_ACTION_LOSS, action);
      break;
    case KESSEL_WAIT_RETREAT:
      /* The orders retreat the side's own units; the enemy's that its
       * player chooses after his own attack are his to choose (13.9). */
      decided = orders->retreat && decide_among (orders, game, KESSEL_ACTION_RETREAT, action)
                && kessel_game_get_piece_side (game, action->units[0]) == kessel_game_get_active_side (game);
      break;
    case KESSEL_WAIT_ELIMINATION:
      decided = orders->eliminate != KESSEL_ELIMINATE_ORDER_ASK
                && decide_among (orders, game, KESSEL_ACTION_ELIMINATE, action);
      break;
    case KESSEL_WAIT_PHASE:
      decided = decide_returns (orders, game, action);
      break;
    case KESSEL_WAIT_ADVANCE:
    case KESSEL_WAIT_NOTHING:
    default:
      return FALSE;
    }
  if (decided)
    action->by_order = TRUE;
  return decided;
}

char *
kessel_standing_orders_describe (KesselGame *game, const KesselAction *action)
{
  g_autofree char *what = kessel_game_describe_action (game, action);

  /* Translators: an action, such as "16 Pz retreats to 2313". */
  return g_strdup_printf (_("%s by standing order"), what);
}
