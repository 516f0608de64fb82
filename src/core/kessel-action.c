#include "kessel-action.h"
#include "kessel-boxed-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
kessel_action_init (KesselAction *action, KesselActionType type)
{
  memset (action, 0, sizeof *action);
  action->type = type;
  action->hex = KESSEL_HEX_NONE;
  action->support = -1;
}

/**
 * KesselAction:
 *
 * One thing a player does: its type, the pieces it names, a hex, a path, the CAS markers
 * and ranged support committed, and a value (a KesselOrder or KesselKg). Its text form,
 * as in saved games, is given by kessel_game_action_to_string().
 */
KESSEL_DEFINE_PLAIN_BOXED_TYPE (KesselAction, kessel_action)

/**
 * kessel_action_new: (constructor)
 * @type: what kind of action
 *
 * A new action on the heap, as kessel_action_init() makes it, for bindings.
 *
 * Returns: (transfer full): an action of @type with no units, no hex and no path
 */
KesselAction *
kessel_action_new (KesselActionType type)
{
  KesselAction *action = g_new (KesselAction, 1);

  kessel_action_init (action, type);
  return action;
}

void
kessel_action_add_unit (KesselAction *action, int piece)
{
  g_return_if_fail (action->n_units < KESSEL_ACTION_MAX_UNITS);
  action->units[action->n_units++] = piece;
}

void
kessel_action_add_step (KesselAction *action, int hex)
{
  g_return_if_fail (action->path_length < KESSEL_ACTION_MAX_PATH);
  action->path[action->path_length++] = hex;
  action->hex = hex;
}

gboolean
kessel_action_equal (const KesselAction *a, const KesselAction *b)
{
  if (a->type != b->type || a->n_units != b->n_units || a->hex != b->hex
      || a->path_length != b->path_length || a->cas != b->cas
      || a->support != b->support || a->value != b->value || a->by_order != b->by_order)
    return FALSE;
  return memcmp (a->units, b->units, sizeof a->units[0] * a->n_units) == 0
         && memcmp (a->path, b->path, sizeof a->path[0] * a->path_length) == 0;
}

static const char *const type_names[KESSEL_N_ACTION_TYPES] = {
  "place", "order", "kg", "move", "exit", "attack", "defend", "probe",
  "loss", "retreat", "advance", "eliminate", "enter", "end",
};

const char *
kessel_action_type_to_string (KesselActionType type)
{
  return type < KESSEL_N_ACTION_TYPES ? type_names[type] : "?";
}

/**
 * kessel_action_type_from_string:
 * @type: (out): the type named
 *
 * Reads the word of an action type as kessel_action_type_to_string() writes it.
 */
gboolean
kessel_action_type_from_string (const char *text, KesselActionType *type)
{
  for (int i = 0; i < KESSEL_N_ACTION_TYPES; i++)
    if (g_strcmp0 (text, type_names[i]) == 0)
      {
        *type = (KesselActionType) i;
        return TRUE;
      }
  return FALSE;
}

const char *
kessel_order_to_string (KesselOrder order)
{
  return order == KESSEL_ORDER_FIGHT_MOVE ? "fight-move" : "move-fight";
}

const char *
kessel_order_display_name (KesselOrder order)
{
  return order == KESSEL_ORDER_FIGHT_MOVE ? _("Fight/Move") : _("Move/Fight");
}

const char *
kessel_kg_to_string (KesselKg kg)
{
  static const char *const names[] = { "breith", "chevallerie", "golnick" };
  return kg < KESSEL_N_KGS ? names[kg] : "?";
}

const char *
kessel_kg_display_name (KesselKg kg)
{
  static const char *const names[] = { N_("KG Breith"), N_("KG von der Chevallerie"), N_("KG Golnick") };
  return kg < KESSEL_N_KGS ? _(names[kg]) : "?";
}
