/* kessel-log-item.c: one row of the log view. */
#include "kessel-config.h"

#include "kessel-game-text.h"
#include "kessel-log-item.h"

struct _KesselLogItem
{
  GObject parent_instance;

  gboolean heading;
  int turn;
  KesselPhase phase;
  KesselSide side;
  int die;
  char *text;
};

G_DEFINE_FINAL_TYPE (KesselLogItem, kessel_log_item, G_TYPE_OBJECT)

static void
kessel_log_item_finalize (GObject *object)
{
  KesselLogItem *self = KESSEL_LOG_ITEM (object);

  g_free (self->text);
  G_OBJECT_CLASS (kessel_log_item_parent_class)->finalize (object);
}

static void
kessel_log_item_class_init (KesselLogItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_log_item_finalize;
}

static void
kessel_log_item_init (KesselLogItem *self)
{
}

KesselLogItem *
kessel_log_item_new_heading (int         turn,
                             KesselPhase phase)
{
  KesselLogItem *self = g_object_new (KESSEL_TYPE_LOG_ITEM, NULL);

  self->heading = TRUE;
  self->turn = turn;
  self->phase = phase;
  self->side = KESSEL_SIDE_NONE;
  self->text = kessel_game_text_phase_heading (turn, phase);
  return self;
}

KesselLogItem *
kessel_log_item_new_entry (const KesselLogEntry *entry)
{
  KesselLogItem *self = g_object_new (KESSEL_TYPE_LOG_ITEM, NULL);

  self->turn = entry->turn;
  self->phase = entry->phase;
  self->side = entry->side;
  self->die = entry->die;
  self->text = g_strdup (entry->text != NULL ? entry->text : "");
  return self;
}

gboolean
kessel_log_item_is_heading (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), FALSE);
  return self->heading;
}

int
kessel_log_item_get_turn (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), 0);
  return self->turn;
}

KesselPhase
kessel_log_item_get_phase (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), KESSEL_PHASE_SETUP);
  return self->phase;
}

KesselSide
kessel_log_item_get_side (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), KESSEL_SIDE_NONE);
  return self->side;
}

int
kessel_log_item_get_die (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), 0);
  return self->die;
}

const char *
kessel_log_item_get_text (KesselLogItem *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_ITEM (self), "");
  return self->text;
}
