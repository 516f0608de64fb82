/* kessel-log-view.c: the log of a game in words. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-log-item.h"
#include "kessel-log-view.h"

/* How close to the end, in pixels, still counts as at the end. */
#define END_SLACK 4.0

struct _KesselLogView
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkWidget *list_view;
  GtkAdjustment *vadjustment;
  KesselLogModel *model;
  gboolean follows_end;
  guint scroll_tick_id;
};

G_DEFINE_FINAL_TYPE (KesselLogView, kessel_log_view, GTK_TYPE_WIDGET)

/* The widgets of one row, found again from its root box when it is bound. */
typedef struct {
  GtkWidget *heading;
  GtkWidget *die;
  GtkWidget *text;
} RowParts;

static void
row_setup (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  RowParts *parts = g_new0 (RowParts, 1);

  parts->heading = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (parts->heading), 0);
  gtk_label_set_wrap (GTK_LABEL (parts->heading), TRUE);
  gtk_widget_set_hexpand (parts->heading, TRUE);
  gtk_widget_add_css_class (parts->heading, "log-view-heading");

  parts->die = gtk_label_new (NULL);
  gtk_widget_set_valign (parts->die, GTK_ALIGN_START);
  gtk_widget_add_css_class (parts->die, "log-view-die");
  gtk_widget_add_css_class (parts->die, "numeric");

  parts->text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (parts->text), 0);
  gtk_label_set_wrap (GTK_LABEL (parts->text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (parts->text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (parts->text, TRUE);
  gtk_widget_add_css_class (parts->text, "log-view-text");

  gtk_box_append (GTK_BOX (row), parts->heading);
  gtk_box_append (GTK_BOX (row), parts->die);
  gtk_box_append (GTK_BOX (row), parts->text);
  gtk_widget_add_css_class (row, "log-view-row");
  g_object_set_data_full (G_OBJECT (row), "kessel-row-parts", parts, g_free);
  gtk_list_item_set_child (list_item, row);
  gtk_list_item_set_activatable (list_item, FALSE);
}

static void
set_side_class (GtkWidget  *row,
                KesselSide  side)
{
  gtk_widget_remove_css_class (row, "log-view-german");
  gtk_widget_remove_css_class (row, "log-view-soviet");
  if (side == KESSEL_SIDE_GERMAN)
    gtk_widget_add_css_class (row, "log-view-german");
  else if (side == KESSEL_SIDE_SOVIET)
    gtk_widget_add_css_class (row, "log-view-soviet");
}

/* What a screen reader says for an entry: the side, the die and the words. */
static char *
describe_entry (KesselLogItem *item)
{
  const char *text = kessel_log_item_get_text (item);
  KesselSide side = kessel_log_item_get_side (item);
  int die = kessel_log_item_get_die (item);
  g_autofree char *rolled = NULL;

  if (die > 0)
    /* Translators: a log entry with the die rolled for it. */
    rolled = g_strdup_printf (_("Die %d. %s"), die, text);
  if (side == KESSEL_SIDE_NONE)
    return g_strdup (rolled != NULL ? rolled : text);
  /* Translators: the side and a log entry, as in "Soviet: 15 moves from 0703 to 0303." */
  return g_strdup_printf (_("%s: %s"), kessel_side_display_name (side),
                          rolled != NULL ? rolled : text);
}

static void
bind_heading (GtkWidget     *row,
              RowParts      *parts,
              KesselLogItem *item)
{
  gtk_label_set_text (GTK_LABEL (parts->heading), kessel_log_item_get_text (item));
  gtk_widget_set_visible (parts->heading, TRUE);
  gtk_widget_set_visible (parts->die, FALSE);
  gtk_widget_set_visible (parts->text, FALSE);
  gtk_widget_add_css_class (row, "log-view-heading-row");
  set_side_class (row, KESSEL_SIDE_NONE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, kessel_log_item_get_text (item),
                                  -1);
}

static void
bind_entry (GtkWidget     *row,
            RowParts      *parts,
            KesselLogItem *item)
{
  int die = kessel_log_item_get_die (item);
  g_autofree char *description = describe_entry (item);

  gtk_widget_set_visible (parts->heading, FALSE);
  gtk_widget_set_visible (parts->die, die > 0);
  if (die > 0)
    {
      g_autofree char *number = g_strdup_printf ("%d", die);
      g_autofree char *spoken = g_strdup_printf (_("Die %d"), die);

      gtk_label_set_text (GTK_LABEL (parts->die), number);
      gtk_accessible_update_property (GTK_ACCESSIBLE (parts->die),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    }
  gtk_label_set_text (GTK_LABEL (parts->text), kessel_log_item_get_text (item));
  gtk_widget_set_visible (parts->text, TRUE);
  gtk_widget_remove_css_class (row, "log-view-heading-row");
  set_side_class (row, kessel_log_item_get_side (item));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);
}

static void
row_bind (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          gpointer                  data)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);
  RowParts *parts = g_object_get_data (G_OBJECT (row), "kessel-row-parts");
  KesselLogItem *item = gtk_list_item_get_item (list_item);

  if (kessel_log_item_is_heading (item))
    bind_heading (row, parts, item);
  else
    bind_entry (row, parts, item);
}

static gboolean
adjustment_at_end (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
         >= gtk_adjustment_get_upper (adjustment) - END_SLACK;
}

static guint list_rows (KesselLogView *self);

/* By the last row rather than by the adjustment: the list looks for a row
 * at any value given to its adjustment, and warns when it has none there
 * yet, as when the log was just emptied or its new rows not yet laid out. */
static void
scroll_to_end (KesselLogView *self)
{
  guint rows = list_rows (self);

  if (rows > 0)
    gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", rows - 1);
}

static gboolean
scroll_to_end_on_tick (GtkWidget     *widget,
                       GdkFrameClock *clock,
                       gpointer       data)
{
  KesselLogView *self = KESSEL_LOG_VIEW (widget);

  self->scroll_tick_id = 0;
  scroll_to_end (self);
  return G_SOURCE_REMOVE;
}

static void
vadjustment_value_changed (GtkAdjustment *adjustment,
                           KesselLogView *self)
{
  /* The list moving its rows before the pending scroll is not the reader. */
  if (self->scroll_tick_id == 0)
    self->follows_end = adjustment_at_end (adjustment);
}

/* The list grew or the view was resized: stay at the end if we were there.
 * The list configures its adjustment while it lays out its rows and does not
 * hear a scroll made then, so the scroll waits for the next frame. */
static void
vadjustment_changed (GtkAdjustment *adjustment,
                     KesselLogView *self)
{
  if (self->follows_end && !adjustment_at_end (adjustment) && self->scroll_tick_id == 0)
    self->scroll_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_to_end_on_tick,
                                                         NULL, NULL);
}

static void
kessel_log_view_dispose (GObject *object)
{
  KesselLogView *self = KESSEL_LOG_VIEW (object);

  if (self->scroll_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick_id);
  self->scroll_tick_id = 0;
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_data (self->vadjustment, self);
  g_clear_object (&self->vadjustment);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_LOG_VIEW);
  if (self->model != NULL)
    kessel_log_model_set_game (self->model, NULL);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (kessel_log_view_parent_class)->dispose (object);
}

enum { SIGNAL_ENTRY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
row_activated (GtkListView   *list_view,
               guint          position,
               KesselLogView *self)
{
  int entry = kessel_log_model_get_entry_at (self->model, position);

  if (entry >= 0)
    g_signal_emit (self, signals[SIGNAL_ENTRY_ACTIVATED], 0, entry);
}

static void
kessel_log_view_class_init (KesselLogViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_log_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "kessel-log-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  /* A log entry was clicked or activated with the keyboard: its index in the game's log. */
  signals[SIGNAL_ENTRY_ACTIVATED] = g_signal_new ("entry-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-log-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselLogView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, KesselLogView, list_view);
  gtk_widget_class_bind_template_callback (widget_class, row_setup);
  gtk_widget_class_bind_template_callback (widget_class, row_bind);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
}

static void
kessel_log_view_init (KesselLogView *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->model = kessel_log_model_new ();
  self->follows_end = TRUE;
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  gtk_list_view_set_model (GTK_LIST_VIEW (self->list_view), GTK_SELECTION_MODEL (selection));

  self->vadjustment = g_object_ref (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)));
  g_signal_connect (self->vadjustment, "value-changed", G_CALLBACK (vadjustment_value_changed), self);
  g_signal_connect (self->vadjustment, "changed", G_CALLBACK (vadjustment_changed), self);
}

GtkWidget *
kessel_log_view_new (void)
{
  return g_object_new (KESSEL_TYPE_LOG_VIEW, NULL);
}

void
kessel_log_view_set_game (KesselLogView *self,
                          KesselGame    *game)
{
  g_return_if_fail (KESSEL_IS_LOG_VIEW (self));
  g_return_if_fail (game == NULL || KESSEL_IS_GAME (game));

  if (game == kessel_log_model_get_game (self->model))
    return;
  self->follows_end = TRUE;
  kessel_log_model_set_game (self->model, game);
}

KesselGame *
kessel_log_view_get_game (KesselLogView *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_VIEW (self), NULL);
  return kessel_log_model_get_game (self->model);
}

KesselLogModel *
kessel_log_view_get_model (KesselLogView *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_VIEW (self), NULL);
  return self->model;
}

gboolean
kessel_log_view_get_follows_end (KesselLogView *self)
{
  g_return_val_if_fail (KESSEL_IS_LOG_VIEW (self), FALSE);
  return self->follows_end;
}

static guint
list_rows (KesselLogView *self)
{
  GtkSelectionModel *model = gtk_list_view_get_model (GTK_LIST_VIEW (self->list_view));

  return model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (model)) : 0;
}

void
kessel_log_view_scroll_to_entry (KesselLogView *self,
                                 guint          entry)
{
  int row;

  g_return_if_fail (KESSEL_IS_LOG_VIEW (self));
  row = kessel_log_model_get_row_of_entry (self->model, entry);
  /* Only a row the list shows already: GTK warns of any other. */
  if (row < 0 || (guint) row >= list_rows (self))
    return;
  /* The reader is taken away from the end: no scroll to it may follow. */
  if (self->scroll_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick_id);
  self->scroll_tick_id = 0;
  self->follows_end = FALSE;
  gtk_widget_activate_action (self->list_view, "list.scroll-to-item", "u", (guint) row);
}
