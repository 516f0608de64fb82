/* kessel-edit-history.c: undo and redo by copies of the scenario. */
#include "kessel-edit-history.h"

typedef struct {
  char *name;                /* the edit that led here; NULL for the start */
  KesselScenario *state;
} Entry;

struct _KesselEditHistory
{
  GObject parent_instance;

  KesselScenario *scenario;  /* the one being edited */
  GPtrArray *entries;        /* of Entry, oldest first */
  int position;              /* the entry the scenario was last committed as */
  int saved_position;        /* -1 once the saved state is forgotten */
};

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/**
 * KesselEditHistory:
 *
 * A scenario being edited and the named edits made to it, to undo and redo. Undo and
 * redo replace the scenario object with a fresh copy: fetch it again after "changed".
 */
G_DEFINE_FINAL_TYPE (KesselEditHistory, kessel_edit_history, G_TYPE_OBJECT)

static void
entry_free (gpointer data)
{
  Entry *entry = data;
  g_free (entry->name);
  g_object_unref (entry->state);
  g_free (entry);
}

static void
kessel_edit_history_finalize (GObject *object)
{
  KesselEditHistory *self = KESSEL_EDIT_HISTORY (object);

  g_clear_object (&self->scenario);
  g_ptr_array_unref (self->entries);
  G_OBJECT_CLASS (kessel_edit_history_parent_class)->finalize (object);
}

static void
kessel_edit_history_class_init (KesselEditHistoryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_edit_history_finalize;

  /* After every commit, undo and redo. The scenario object may have
   * been replaced: fetch it again. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kessel_edit_history_init (KesselEditHistory *self)
{
  self->entries = g_ptr_array_new_with_free_func (entry_free);
}

static void
append_entry (KesselEditHistory *self, const char *name)
{
  Entry *entry = g_new0 (Entry, 1);

  entry->name = g_strdup (name);
  entry->state = kessel_scenario_copy (self->scenario);
  g_ptr_array_add (self->entries, entry);
}

KesselEditHistory *
kessel_edit_history_new (KesselScenario *scenario)
{
  KesselEditHistory *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = g_object_new (KESSEL_TYPE_EDIT_HISTORY, NULL);
  self->scenario = g_object_ref (scenario);
  append_entry (self, NULL);
  return self;
}

/**
 * kessel_edit_history_get_scenario:
 *
 * The scenario the history edits.
 *
 * Returns: (transfer none): the scenario being edited
 */
KesselScenario *
kessel_edit_history_get_scenario (KesselEditHistory *self)
{
  return self->scenario;
}

static Entry *
entry_at (KesselEditHistory *self, int index)
{
  return g_ptr_array_index (self->entries, index);
}

static void
forget_oldest (KesselEditHistory *self)
{
  while (self->entries->len > KESSEL_EDIT_HISTORY_LIMIT + 1)
    {
      g_ptr_array_remove_index (self->entries, 0);
      self->position--;
      self->saved_position = self->saved_position > 0 ? self->saved_position - 1 : -1;
    }
}

gboolean
kessel_edit_history_commit (KesselEditHistory *self, const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);
  if (kessel_scenario_equal (self->scenario, entry_at (self, self->position)->state))
    return FALSE;
  g_ptr_array_set_size (self->entries, self->position + 1);
  if (self->saved_position > self->position)
    self->saved_position = -1;
  append_entry (self, name);
  self->position++;
  forget_oldest (self);
  g_signal_emit (self, signals[CHANGED], 0);
  return TRUE;
}

/* The scenario becomes a copy of the entry; the file it belongs to stays. */
static void
restore (KesselEditHistory *self, int position)
{
  KesselScenario *restored = kessel_scenario_copy (entry_at (self, position)->state);

  kessel_scenario_set_file_name (restored, kessel_scenario_get_file_name (self->scenario));
  g_object_unref (self->scenario);
  self->scenario = restored;
  self->position = position;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
kessel_edit_history_can_undo (KesselEditHistory *self)
{
  return self->position > 0;
}

gboolean
kessel_edit_history_can_redo (KesselEditHistory *self)
{
  return self->position + 1 < (int) self->entries->len;
}

const char *
kessel_edit_history_get_undo_name (KesselEditHistory *self)
{
  return kessel_edit_history_can_undo (self) ? entry_at (self, self->position)->name : NULL;
}

const char *
kessel_edit_history_get_redo_name (KesselEditHistory *self)
{
  return kessel_edit_history_can_redo (self) ? entry_at (self, self->position + 1)->name : NULL;
}

gboolean
kessel_edit_history_undo (KesselEditHistory *self)
{
  if (!kessel_edit_history_can_undo (self))
    return FALSE;
  restore (self, self->position - 1);
  return TRUE;
}

gboolean
kessel_edit_history_redo (KesselEditHistory *self)
{
  if (!kessel_edit_history_can_redo (self))
    return FALSE;
  restore (self, self->position + 1);
  return TRUE;
}

gboolean
kessel_edit_history_is_modified (KesselEditHistory *self)
{
  if (self->saved_position != self->position)
    return TRUE;
  return !kessel_scenario_equal (self->scenario, entry_at (self, self->position)->state);
}

void
kessel_edit_history_mark_saved (KesselEditHistory *self)
{
  self->saved_position = self->position;
}
