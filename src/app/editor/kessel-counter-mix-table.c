/* kessel-counter-mix-table.c: the counter mix's table of every unit: its
 * columns and cells, sorting, filtering by side and search, the selection,
 * and dragging a unit out of it.
 *
 * The table shows copies of the scenario's units, taken when the history
 * changes: a list row only redraws when its item is replaced, so a unit that
 * changed gets a fresh copy while the copies of unchanged units stay, and
 * with them the selection and the scroll position. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-mix-private.h"
#include "kessel-counter-painter.h"

#define DRAG_ICON_SIZE 56

typedef enum {
  COLUMN_SIDE,
  COLUMN_ID,
  COLUMN_NAME,
  COLUMN_LABEL,
  COLUMN_TYPE,
  COLUMN_SIZE,
  COLUMN_MOBILITY,
  COLUMN_STEPS,
  COLUMN_SUBSTITUTE,
  COLUMN_ABILITIES,
  COLUMN_HEX,
  COLUMN_ARRIVAL,
  N_COLUMNS
} Column;

static const char *const column_titles[N_COLUMNS] = {
  N_("Side"), N_("Id"), N_("Name"), N_("Label"), N_("Type"), N_("Size"),
  N_("Mobility"), N_("Steps"), N_("Substitute"), N_("Abilities"),
  N_("Setup hex"), N_("Arrives"),
};

/* Positions in the side filter. */
enum { SHOW_ALL, SHOW_GERMAN, SHOW_SOVIET };

/* ---- Words ---- */

const char *
kessel_counter_mix_mobility_name (KesselMobility mobility)
{
  switch (mobility)
    {
    case KESSEL_MOBILITY_MECHANIZED: return _("Mechanized");
    case KESSEL_MOBILITY_NON_MECHANIZED: return _("Non-mechanized");
    case KESSEL_MOBILITY_STATIC: return _("Static");
    default: return "?";
    }
}

static const char *
ability_name (KesselAbility ability)
{
  switch (ability)
    {
    case KESSEL_ABILITY_RANGED_SUPPORT: return _("Ranged support");
    case KESSEL_ABILITY_DOUBLE_IN_CLEAR: return _("Doubled in clear");
    case KESSEL_ABILITY_RETURNS: return _("Returns when eliminated");
    default: return "?";
    }
}

/* "6-5 / 3-3" */
static char *
steps_text (KesselUnit *unit)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < kessel_unit_get_n_steps (unit); i++)
    {
      const KesselStep *step = kessel_unit_get_step (unit, i);
      if (i > 0)
        g_string_append (text, " / ");
      g_string_append_printf (text, "%d-%d", step->attack, step->defence);
    }
  return g_string_free (text, FALSE);
}

static char *
abilities_text (KesselUnit *unit)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    {
      KesselAbility ability = 1u << i;

      if (!kessel_unit_has_ability (unit, ability))
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (ability == KESSEL_ABILITY_RANGED_SUPPORT)
        /* Translators: the ranged support ability and its range in hexes. */
        g_string_append_printf (text, _("Ranged support %d"), kessel_unit_get_support_range (unit));
      else
        g_string_append (text, ability_name (ability));
    }
  return g_string_free (text, FALSE);
}

/* The text of a table cell; the grid is needed only for the hex. */
static char *
cell_text (const KesselGrid *grid, KesselUnit *unit, Column column)
{
  const char *substitute;

  switch (column)
    {
    case COLUMN_SIDE: return g_strdup (kessel_side_display_name (kessel_unit_get_side (unit)));
    case COLUMN_ID: return g_strdup (kessel_unit_get_id (unit));
    case COLUMN_NAME: return g_strdup (kessel_unit_get_name (unit));
    case COLUMN_LABEL: return g_strdup (kessel_unit_get_label (unit));
    case COLUMN_TYPE: return g_strdup (kessel_unit_type_display_name (kessel_unit_get_unit_type (unit)));
    case COLUMN_SIZE: return g_strdup (kessel_unit_size_display_name (kessel_unit_get_size (unit)));
    case COLUMN_MOBILITY: return g_strdup (kessel_counter_mix_mobility_name (kessel_unit_get_mobility (unit)));
    case COLUMN_STEPS: return steps_text (unit);
    case COLUMN_SUBSTITUTE:
      substitute = kessel_unit_get_substitute (unit);
      return g_strdup (substitute != NULL ? substitute : "—");
    case COLUMN_ABILITIES: return abilities_text (unit);
    case COLUMN_HEX:
      if (kessel_unit_get_setup_hex (unit) == KESSEL_HEX_NONE || grid == NULL)
        return g_strdup ("—");
      return kessel_grid_format_hex (grid, kessel_unit_get_setup_hex (unit));
    case COLUMN_ARRIVAL:
      if (kessel_unit_get_arrival_turn (unit) == 0)
        return g_strdup ("—");
      return g_strdup_printf ("%d", kessel_unit_get_arrival_turn (unit));
    case N_COLUMNS:
    default:
      return g_strdup ("");
    }
}

/* ---- The list ---- */

static guint
visible_position (KesselCounterMix *self, const char *id)
{
  GListModel *model = G_LIST_MODEL (self->selection);
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; id != NULL && i < n; i++)
    {
      g_autoptr(KesselUnit) unit = g_list_model_get_item (model, i);
      if (g_strcmp0 (kessel_unit_get_id (unit), id) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

/* Shows selected_id selected in the list, when the filter shows it. */
static void
show_selection (KesselCounterMix *self)
{
  if (kessel_counter_mix_selected_unit (self) == NULL)
    g_clear_pointer (&self->selected_id, g_free);
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, visible_position (self, self->selected_id));
  self->syncing = FALSE;
  kessel_counter_mix_update_actions (self);
}

static GtkWidget *
inner_list_view (KesselCounterMix *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      return child;
  return NULL;
}

static gboolean
scroll_to_selection_now (gpointer data)
{
  KesselCounterMix *self = data;
  guint position = gtk_single_selection_get_selected (self->selection);
  GtkWidget *list_view = inner_list_view (self);

  self->scroll_source = 0;
  if (position != GTK_INVALID_LIST_POSITION && list_view != NULL
      && gtk_column_view_get_model (self->column_view) != NULL)
    gtk_widget_activate_action (list_view, "list.scroll-to-item", "u", position);
  return G_SOURCE_REMOVE;
}

/* A row just added has no place in the list's layout until the list has
 * been allocated again: the scroll waits for that. */
static void
scroll_to_selection (KesselCounterMix *self)
{
  if (self->scroll_source == 0 && self->column_view != NULL)
    self->scroll_source = g_timeout_add_full (G_PRIORITY_LOW, 20, scroll_to_selection_now, self, NULL);
}

/* Another grid may number the hexes otherwise: every row is made again. */
static void
sync_grid (KesselCounterMix *self)
{
  const KesselGrid *g = kessel_counter_mix_grid (self);
  KesselGrid none = { 0 };

  if (g == NULL)
    g = &none;
  if (g->columns == self->store_grid.columns && g->rows == self->store_grid.rows
      && g->short_even_columns == self->store_grid.short_even_columns)
    return;
  self->store_grid = *g;
  self->syncing = TRUE;
  g_list_store_remove_all (self->store);
  self->syncing = FALSE;
}

/* Replaces the copies of the units that changed, in one splice. */
static void
sync_store (KesselCounterMix *self)
{
  KesselScenario *s = kessel_counter_mix_scenario (self);
  GListModel *old = G_LIST_MODEL (self->store);
  guint n_old = g_list_model_get_n_items (old);
  guint n_new = s != NULL ? (guint) kessel_scenario_get_n_units (s) : 0;
  guint prefix = 0, suffix = 0, n_added;
  KesselUnit **added;

  while (prefix < n_old && prefix < n_new)
    {
      g_autoptr(KesselUnit) copy = g_list_model_get_item (old, prefix);
      if (!kessel_unit_equal (copy, kessel_scenario_get_unit (s, prefix)))
        break;
      prefix++;
    }
  while (suffix < n_old - prefix && suffix < n_new - prefix)
    {
      g_autoptr(KesselUnit) copy = g_list_model_get_item (old, n_old - 1 - suffix);
      if (!kessel_unit_equal (copy, kessel_scenario_get_unit (s, n_new - 1 - suffix)))
        break;
      suffix++;
    }
  n_added = n_new - prefix - suffix;
  added = g_new (KesselUnit *, MAX (n_added, 1));
  for (guint i = 0; i < n_added; i++)
    added[i] = kessel_unit_copy (kessel_scenario_get_unit (s, prefix + i));
  self->syncing = TRUE;
  g_list_store_splice (self->store, prefix, n_old - prefix - suffix, (gpointer *) added, n_added);
  self->syncing = FALSE;
  for (guint i = 0; i < n_added; i++)
    g_object_unref (added[i]);
  g_free (added);
}

/* Brings the rows and the selection up to date with the scenario. */
void
kessel_counter_mix_sync_table (KesselCounterMix *self)
{
  sync_grid (self);
  sync_store (self);
  show_selection (self);
}

static void
refilter (KesselCounterMix *self)
{
  self->syncing = TRUE;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  self->syncing = FALSE;
  show_selection (self);
}

static gboolean
contains_folded (const char *text, const char *folded_needle)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  return strstr (folded, folded_needle) != NULL;
}

static gboolean
filter_unit (gpointer item, gpointer data)
{
  KesselCounterMix *self = data;
  KesselUnit *unit = item;
  guint side = gtk_drop_down_get_selected (self->side_filter);
  const char *search = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *needle = NULL;
  g_autofree char *hex = NULL;

  if ((side == SHOW_GERMAN && kessel_unit_get_side (unit) != KESSEL_SIDE_GERMAN)
      || (side == SHOW_SOVIET && kessel_unit_get_side (unit) != KESSEL_SIDE_SOVIET))
    return FALSE;
  needle = g_utf8_casefold (g_strstrip (g_strdup (search)), -1);
  if (*needle == '\0')
    return TRUE;
  hex = cell_text (kessel_counter_mix_grid (self), unit, COLUMN_HEX);
  return contains_folded (kessel_unit_get_id (unit), needle)
         || contains_folded (kessel_unit_get_name (unit), needle)
         || contains_folded (kessel_unit_get_label (unit), needle)
         || contains_folded (hex, needle);
}

static void
search_changed (GtkSearchEntry *entry, KesselCounterMix *self)
{
  refilter (self);
}

static void
side_filter_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselCounterMix *self)
{
  refilter (self);
}

static void
sorter_changed (GtkSorter *sorter, GtkSorterChange change, KesselCounterMix *self)
{
  show_selection (self);
  scroll_to_selection (self);
}

static void
selection_changed (GtkSingleSelection *selection, GParamSpec *pspec, KesselCounterMix *self)
{
  KesselUnit *unit;

  if (self->syncing)
    return;
  unit = gtk_single_selection_get_selected_item (selection);
  g_free (self->selected_id);
  self->selected_id = unit != NULL ? g_strdup (kessel_unit_get_id (unit)) : NULL;
  kessel_counter_mix_fill_form (self);
  kessel_counter_mix_update_actions (self);
}

static void
row_activated (GtkColumnView *view, guint position, KesselCounterMix *self)
{
  g_autoptr(KesselUnit) unit = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (unit != NULL)
    g_signal_emit (self, kessel_counter_mix_signals[UNIT_ACTIVATED], 0, kessel_unit_get_id (unit));
}

/* Shows the unit even if the search or the side filter hid it. */
static void
reveal_unit (KesselCounterMix *self, const char *id)
{
  if (visible_position (self, id) == GTK_INVALID_LIST_POSITION)
    {
      self->syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
      gtk_drop_down_set_selected (self->side_filter, SHOW_ALL);
      self->syncing = FALSE;
      refilter (self);
    }
}

/* ---- Sorting ---- */

static int
compare_ints (int a, int b)
{
  return (a > b) - (a < b);
}

/* Hexes and turns sort with "none" after every real one. */
static int
compare_optional (int a, int b, int none)
{
  if (a == none || b == none)
    return compare_ints (a == none, b == none);
  return compare_ints (a, b);
}

typedef struct {
  char *keys[N_COLUMNS];
} SortKeys;

static void
sort_keys_free (gpointer data)
{
  SortKeys *keys = data;

  for (int i = 0; i < N_COLUMNS; i++)
    g_free (keys->keys[i]);
  g_free (keys);
}

static GQuark
sort_keys_quark (void)
{
  static GQuark quark;

  if (quark == 0)
    quark = g_quark_from_static_string ("kessel-counter-mix-sort-keys");
  return quark;
}

/* Numbers in order of their value: "1st" before "16th". A key is made once
 * for the list's copy of a unit, which never changes, and kept with it:
 * sorting compares each unit many times. */
static const char *
sort_key (KesselUnit *unit, Column column)
{
  SortKeys *keys = g_object_get_qdata (G_OBJECT (unit), sort_keys_quark ());

  if (keys == NULL)
    {
      keys = g_new0 (SortKeys, 1);
      g_object_set_qdata_full (G_OBJECT (unit), sort_keys_quark (), keys, sort_keys_free);
    }
  if (keys->keys[column] == NULL)
    {
      g_autofree char *text = cell_text (NULL, unit, column);
      keys->keys[column] = g_utf8_collate_key_for_filename (text, -1);
    }
  return keys->keys[column];
}

static int
compare_steps (KesselUnit *a, KesselUnit *b)
{
  int n = MIN (kessel_unit_get_n_steps (a), kessel_unit_get_n_steps (b));

  for (int i = 0; i < n; i++)
    {
      const KesselStep *sa = kessel_unit_get_step (a, i), *sb = kessel_unit_get_step (b, i);
      int order = sa->attack != sb->attack ? compare_ints (sa->attack, sb->attack)
                                           : compare_ints (sa->defence, sb->defence);
      if (order != 0)
        return order;
    }
  return compare_ints (kessel_unit_get_n_steps (a), kessel_unit_get_n_steps (b));
}

static int
compare_units (gconstpointer pa, gconstpointer pb, gpointer data)
{
  KesselUnit *a = (KesselUnit *) pa, *b = (KesselUnit *) pb;
  Column column = GPOINTER_TO_INT (data);

  switch (column)
    {
    case COLUMN_STEPS:
      return compare_steps (a, b);
    case COLUMN_HEX:
      return compare_optional (kessel_unit_get_setup_hex (a), kessel_unit_get_setup_hex (b), KESSEL_HEX_NONE);
    case COLUMN_ARRIVAL:
      return compare_optional (kessel_unit_get_arrival_turn (a), kessel_unit_get_arrival_turn (b), 0);
    default:
      return strcmp (sort_key (a, column), sort_key (b, column));
    }
}

/* ---- Cells and dragging ---- */

static GdkTexture *
counter_texture (KesselUnit *unit, int size)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;

  kessel_counter_painter_draw (cr, unit, 0, 0, 1, 1, size - 2);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) stride * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, stride);
  cairo_surface_destroy (surface);
  return texture;
}

/* The unit of the cell at (x, y) of the rows, where a drag starts. */
static KesselUnit *
unit_at (GtkDragSource *source, double x, double y)
{
  GtkWidget *rows = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *cell = gtk_widget_pick (rows, x, y, GTK_PICK_DEFAULT);
  GtkListItem *item = NULL;

  /* The widget picked may be one inside the cell's own widget. */
  for (; cell != NULL && cell != rows && item == NULL; cell = gtk_widget_get_parent (cell))
    item = g_object_get_data (G_OBJECT (cell), "list-item");
  return item != NULL ? gtk_list_item_get_item (item) : NULL;
}

static GdkContentProvider *
drag_prepare (GtkDragSource *source, double x, double y, KesselCounterMix *self)
{
  g_autofree char *text = NULL;

  g_set_object (&self->drag_unit, unit_at (source, x, y));
  if (self->drag_unit == NULL)
    return NULL;
  text = g_strconcat (KESSEL_UNIT_DRAG_PREFIX, kessel_unit_get_id (self->drag_unit), NULL);
  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
drag_begin (GtkDragSource *source, GdkDrag *drag, KesselCounterMix *self)
{
  g_autoptr(GdkTexture) icon = NULL;

  if (self->drag_unit == NULL)
    return;
  icon = counter_texture (self->drag_unit, DRAG_ICON_SIZE);
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (icon), DRAG_ICON_SIZE / 2, DRAG_ICON_SIZE / 2);
}

/* A cell that may be cut short shows its whole text as a tooltip. The text
 * is asked for when the tooltip is due: setting a tooltip text on every
 * bind asks the display where the pointer is, for each cell. */
static gboolean
cell_query_tooltip (GtkWidget *label, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  const char *text = gtk_label_get_text (GTK_LABEL (label));

  if (*text == '\0')
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
cell_setup (GtkSignalListItemFactory *factory, GtkListItem *item, KesselCounterMix *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_STEPS || column == COLUMN_ARRIVAL ? 0.5 : 0);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  if (column == COLUMN_NAME || column == COLUMN_ABILITIES)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_has_tooltip (label, TRUE);
      g_signal_connect (label, "query-tooltip", G_CALLBACK (cell_query_tooltip), NULL);
    }
  if (column == COLUMN_STEPS || column == COLUMN_HEX || column == COLUMN_ARRIVAL)
    gtk_widget_add_css_class (label, "numeric");
  g_object_set_data (G_OBJECT (label), "list-item", item);
  gtk_list_item_set_child (item, label);
}

static void
cell_bind (GtkSignalListItemFactory *factory, GtkListItem *item, KesselCounterMix *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  KesselUnit *unit = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = cell_text (kessel_counter_mix_grid (self), unit, column);

  gtk_label_set_text (GTK_LABEL (label), text);
  if (column == COLUMN_NAME || column == COLUMN_ABILITIES)
    gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    *text != '\0' ? text : NULL, -1);
}

static void
add_column (KesselCounterMix *self, Column column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *view_column;
  GtkSorter *sorter;

  g_object_set_data (G_OBJECT (factory), "column", GINT_TO_POINTER (column));
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup), self);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind), self);
  view_column = gtk_column_view_column_new (_(column_titles[column]), factory);
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_units, GINT_TO_POINTER (column), NULL));
  gtk_column_view_column_set_sorter (view_column, sorter);
  gtk_column_view_column_set_resizable (view_column, TRUE);
  if (column == COLUMN_NAME)
    {
      gtk_column_view_column_set_expand (view_column, TRUE);
      gtk_column_view_column_set_fixed_width (view_column, 170);
    }
  if (column == COLUMN_ABILITIES)
    gtk_column_view_column_set_fixed_width (view_column, 140);
  gtk_column_view_append_column (self->column_view, view_column);
  g_object_unref (sorter);
  g_object_unref (view_column);
}

/* ---- Building the list ---- */

static void
set_up_side_filter (KesselCounterMix *self)
{
  g_autoptr(GListModel) shown = G_LIST_MODEL (gtk_string_list_new ((const char *[]) {
    _("Both sides"), kessel_side_display_name (KESSEL_SIDE_GERMAN), kessel_side_display_name (KESSEL_SIDE_SOVIET),
    NULL }));

  gtk_drop_down_set_model (self->side_filter, shown);
}

/* One drag source for all the rows: a source in every cell costs more to
 * make than the cell's label. */
static void
add_drag_source (KesselCounterMix *self)
{
  GtkDragSource *source = gtk_drag_source_new ();

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (drag_begin), self);
  gtk_widget_add_controller (inner_list_view (self), GTK_EVENT_CONTROLLER (source));
}

/* The table gets its rows once it is first shown: it makes a row of
 * widgets for every unit, not only for those in view. */
static void
column_view_mapped (GtkWidget *view, KesselCounterMix *self)
{
  if (gtk_column_view_get_model (self->column_view) != NULL)
    return;
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  scroll_to_selection (self);
}

void
kessel_counter_mix_set_up_table (KesselCounterMix *self)
{
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;

  self->store = g_list_store_new (KESSEL_TYPE_UNIT);
  self->filter = gtk_custom_filter_new (filter_unit, self, NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                        GTK_FILTER (g_object_ref (self->filter)));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered), NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (selection_changed), self);

  for (Column column = 0; column < N_COLUMNS; column++)
    add_column (self, column);
  gtk_sort_list_model_set_sorter (sorted, gtk_column_view_get_sorter (self->column_view));
  g_signal_connect_after (gtk_column_view_get_sorter (self->column_view), "changed",
                          G_CALLBACK (sorter_changed), self);
  add_drag_source (self);
  set_up_side_filter (self);
}

void
kessel_counter_mix_bind_table_callbacks (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, side_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, column_view_mapped);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
}

/* ---- Public ---- */

void
kessel_counter_mix_select_unit (KesselCounterMix *self, const char *id)
{
  KesselScenario *s;

  g_return_if_fail (KESSEL_IS_COUNTER_MIX (self));
  s = kessel_counter_mix_scenario (self);
  g_free (self->selected_id);
  self->selected_id = s != NULL && id != NULL && kessel_scenario_find_unit (s, id) != NULL ? g_strdup (id) : NULL;
  if (self->selected_id != NULL)
    reveal_unit (self, self->selected_id);
  show_selection (self);
  kessel_counter_mix_fill_form (self);
  scroll_to_selection (self);
}
