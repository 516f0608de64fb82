/* kessel-log-model.c: a game's log as a list model. */
#include "kessel-config.h"

#include "kessel-log-item.h"
#include "kessel-log-model.h"

#define HEADING (-1)

typedef struct {
  int entry;          /* index into the game's log, or HEADING */
  int turn;
  KesselPhase phase;
} Row;

struct _KesselLogModel
{
  GObject parent_instance;

  KesselGame *game;
  gulong logged_id;
  gulong changed_id;
  GArray *rows;        /* of Row */
  GArray *first_row;   /* for each entry shown, its first row: its heading, if it has one */
  KesselSide viewer;   /* whose eyes the entries are read with (6.3), or KESSEL_SIDE_NONE */
};

static void kessel_log_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KesselLogModel, kessel_log_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      kessel_log_model_list_model_init))

static GType
kessel_log_model_get_item_type (GListModel *list)
{
  return KESSEL_TYPE_LOG_ITEM;
}

static guint
kessel_log_model_get_n_items (GListModel *list)
{
  return KESSEL_LOG_MODEL (list)->rows->len;
}

/* Under fog of war an entry of the other side may leave its units unnamed. */
static gpointer
new_entry_item (KesselLogModel       *self,
                const KesselLogEntry *entry)
{
  KesselLogEntry seen;

  if (self->viewer == KESSEL_SIDE_NONE || entry->side == self->viewer || entry->hidden_text == NULL)
    return kessel_log_item_new_entry (entry);
  seen = *entry;
  seen.text = entry->hidden_text;
  return kessel_log_item_new_entry (&seen);
}

/* Items are made when asked for: a long log costs one small Row per line. */
static gpointer
kessel_log_model_get_item (GListModel *list,
                           guint       position)
{
  KesselLogModel *self = KESSEL_LOG_MODEL (list);
  const Row *row;

  if (position >= self->rows->len)
    return NULL;
  row = &g_array_index (self->rows, Row, position);
  if (row->entry == HEADING)
    return kessel_log_item_new_heading (row->turn, row->phase);
  if (self->game == NULL || row->entry >= kessel_game_get_n_log (self->game))
    {
      /* Cut from the log a moment before its "changed" signal reaches us. */
      KesselLogEntry gone = { row->turn, row->phase, KESSEL_SIDE_NONE, NULL, 0, NULL };
      return kessel_log_item_new_entry (&gone);
    }
  return new_entry_item (self, kessel_game_get_log (self->game, row->entry));
}

static void
kessel_log_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = kessel_log_model_get_item_type;
  iface->get_n_items = kessel_log_model_get_n_items;
  iface->get_item = kessel_log_model_get_item;
}

static gboolean
starts_new_part (KesselLogModel       *self,
                 const KesselLogEntry *entry)
{
  const Row *last;

  if (self->rows->len == 0)
    return TRUE;
  last = &g_array_index (self->rows, Row, self->rows->len - 1);
  return last->turn != entry->turn || last->phase != entry->phase;
}

static void
append_entry (KesselLogModel *self,
              int             index)
{
  const KesselLogEntry *entry = kessel_game_get_log (self->game, index);
  Row row = { index, entry->turn, entry->phase };
  guint first = self->rows->len;

  g_array_append_val (self->first_row, first);
  if (starts_new_part (self, entry))
    {
      Row heading = { HEADING, entry->turn, entry->phase };
      g_array_append_val (self->rows, heading);
    }
  g_array_append_val (self->rows, row);
}

/* Drops the rows of entries from n_entries on, with their headings. */
static void
truncate_entries (KesselLogModel *self,
                  guint           n_entries)
{
  guint old_rows = self->rows->len;
  guint new_rows;

  if (n_entries >= self->first_row->len)
    return;
  new_rows = g_array_index (self->first_row, guint, n_entries);
  g_array_set_size (self->first_row, n_entries);
  g_array_set_size (self->rows, new_rows);
  g_list_model_items_changed (G_LIST_MODEL (self), new_rows, old_rows - new_rows, 0);
}

static void
append_new_entries (KesselLogModel *self)
{
  guint old_rows = self->rows->len;
  int n_log = kessel_game_get_n_log (self->game);

  for (int i = (int) self->first_row->len; i < n_log; i++)
    append_entry (self, i);
  if (self->rows->len > old_rows)
    g_list_model_items_changed (G_LIST_MODEL (self), old_rows, 0, self->rows->len - old_rows);
}

static void
sync_with_game (KesselLogModel *self)
{
  truncate_entries (self, (guint) kessel_game_get_n_log (self->game));
  append_new_entries (self);
}

static void
game_logged (KesselGame     *game,
             int             index,
             KesselLogModel *self)
{
  /* An entry logged where one was already shown: the log was cut back. */
  if (index >= 0)
    truncate_entries (self, (guint) index);
  sync_with_game (self);
}

static void
game_changed (KesselGame     *game,
              guint           flags,
              KesselLogModel *self)
{
  sync_with_game (self);
}

static void
disconnect_game (KesselLogModel *self)
{
  if (self->game == NULL)
    return;
  g_clear_signal_handler (&self->logged_id, self->game);
  g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
}

static void
kessel_log_model_dispose (GObject *object)
{
  disconnect_game (KESSEL_LOG_MODEL (object));
  G_OBJECT_CLASS (kessel_log_model_parent_class)->dispose (object);
}

static void
kessel_log_model_finalize (GObject *object)
{
  KesselLogModel *self = KESSEL_LOG_MODEL (object);

  g_array_unref (self->rows);
  g_array_unref (self->first_row);
  G_OBJECT_CLASS (kessel_log_model_parent_class)->finalize (object);
}

static void
kessel_log_model_class_init (KesselLogModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kessel_log_model_dispose;
  object_class->finalize = kessel_log_model_finalize;
}

static void
kessel_log_model_init (KesselLogModel *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (Row));
  self->first_row = g_array_new (FALSE, FALSE, sizeof (guint));
  self->viewer = KESSEL_SIDE_NONE;
}

KesselLogModel *
kessel_log_model_new (void)
{
  return g_object_new (KESSEL_TYPE_LOG_MODEL, NULL);
}

void
kessel_log_model_set_game (KesselLogModel *self,
                           KesselGame     *game)
{
  guint old_rows;

  g_return_if_fail (KESSEL_IS_LOG_MODEL (self));
  g_return_if_fail (game == NULL || KESSEL_IS_GAME (game));

  if (game == self->game)
    return;
  disconnect_game (self);
  old_rows = self->rows->len;
  g_array_set_size (self->rows, 0);
  g_array_set_size (self->first_row, 0);

  if (game != NULL)
    {
      self->game = g_object_ref (game);
      self->logged_id = g_signal_connect (game, "logged", G_CALLBACK (game_logged), self);
      self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
      for (int i = 0; i < kessel_game_get_n_log (game); i++)
        append_entry (self, i);
    }
  if (old_rows > 0 || self->rows->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_rows, self->rows->len);
}

void
kessel_log_model_set_viewer (KesselLogModel *self,
                             KesselSide      viewer)
{
  g_return_if_fail (KESSEL_IS_LOG_MODEL (self));

  if (viewer == self->viewer)
    return;
  self->viewer = viewer;
  if (self->rows->len > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->rows->len, self->rows->len);
}

KesselSide
kessel_log_model_get_viewer (KesselLogModel *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), KESSEL_SIDE_NONE);
  return self->viewer;
}

KesselGame *
kessel_log_model_get_game (KesselLogModel *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), NULL);
  return self->game;
}

guint
kessel_log_model_get_n_entries (KesselLogModel *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), 0);
  return self->first_row->len;
}

guint
kessel_log_model_get_n_headings (KesselLogModel *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), 0);
  return self->rows->len - self->first_row->len;
}

int
kessel_log_model_get_entry_at (KesselLogModel *self,
                               guint           row)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), -1);
  if (row >= self->rows->len)
    return -1;
  return g_array_index (self->rows, Row, row).entry;
}

int
kessel_log_model_get_row_of_entry (KesselLogModel *self,
                                   guint           entry)
{
  g_return_val_if_fail (KESSEL_IS_LOG_MODEL (self), -1);
  if (entry >= self->first_row->len)
    return -1;
  if (entry + 1 < self->first_row->len)
    return (int) g_array_index (self->first_row, guint, entry + 1) - 1;
  return (int) self->rows->len - 1;
}
