/* kessel-unit-list.c: the scenario editor's counter mix.
 *
 * The table shows copies of the scenario's units, taken when the history
 * changes: a list row only redraws when its item is replaced, so a unit that
 * changed gets a fresh copy while the copies of unchanged units stay, and
 * with them the selection and the scroll position. The form below edits the
 * selected unit in the scenario itself, one named edit per change. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-painter.h"
#include "kessel-unit-list.h"

#define PREVIEW_SIZE 40
#define DRAG_ICON_SIZE 56
#define MAX_ID_LENGTH 64        /* the file format's limits */
#define MAX_LABEL_LENGTH 16
#define MAX_NAME_LENGTH 200
#define MAX_FACTOR 99
#define MAX_SUPPORT_RANGE 9

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

struct _KesselUnitList
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  gulong changed_id;
  char *selected_id;
  gboolean syncing;           /* the list is being brought up to date */
  gboolean filling;           /* the form is being set from the unit */
  GtkWidget *error_widget;    /* the field marked with the error shown */
  guint scroll_source;
  KesselUnit *drag_unit;      /* the copy in the row being dragged */

  GtkWidget *box;
  GtkSearchEntry *search_entry;
  GtkDropDown *side_filter;
  GtkColumnView *column_view;
  GListStore *store;          /* copies of the units, in file order */
  KesselGrid store_grid;      /* the grid their setup hexes were written for */
  GtkCustomFilter *filter;
  GtkSingleSelection *selection;

  GtkWidget *placeholder;
  GtkWidget *form;
  GtkEntry *id_entry;
  GtkEntry *name_entry;
  GtkEntry *label_entry;
  GtkDropDown *side_dropdown;
  GtkDropDown *type_dropdown;
  GtkDropDown *size_dropdown;
  GtkDropDown *mobility_dropdown;
  GtkDropDown *substitute_dropdown;
  GtkStringList *substitutes;   /* "None", then ids */
  GtkSpinButton *steps_spin;
  GtkSpinButton *factor_spins[KESSEL_UNIT_MAX_STEPS][2];
  GtkWidget *previews[KESSEL_UNIT_MAX_STEPS];
  GtkCheckButton *ability_checks[KESSEL_N_ABILITIES];
  GtkSpinButton *range_spin;
  GtkEntry *hex_entry;
  GtkCheckButton *exact_check;
  GtkSpinButton *arrival_spin;
  GtkLabel *error_label;
};

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselUnitList, kessel_unit_list, GTK_TYPE_WIDGET)

static void fill_form (KesselUnitList *self);

/* ---- Words ---- */

static const char *
mobility_name (KesselMobility mobility)
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
    case COLUMN_MOBILITY: return g_strdup (mobility_name (kessel_unit_get_mobility (unit)));
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

/* ---- The model ---- */

static KesselScenario *
scenario (KesselUnitList *self)
{
  return self->history != NULL ? kessel_edit_history_get_scenario (self->history) : NULL;
}

static const KesselGrid *
grid (KesselUnitList *self)
{
  KesselScenario *s = scenario (self);
  return s != NULL ? kessel_map_get_grid (kessel_scenario_get_map (s)) : NULL;
}

static KesselUnit *
selected_unit (KesselUnitList *self)
{
  KesselScenario *s = scenario (self);
  return s != NULL && self->selected_id != NULL ? kessel_scenario_find_unit (s, self->selected_id) : NULL;
}

/* Whether a change of a form widget is the user's, to be committed. */
static gboolean
editing (KesselUnitList *self)
{
  return self->history != NULL && !self->filling;
}

static gboolean
id_is_valid (const char *id)
{
  gsize length = strlen (id);

  if (length == 0 || length > MAX_ID_LENGTH)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (id[i]) && strchr ("_.-", id[i]) == NULL)
      return FALSE;
  return TRUE;
}

/* "german-1", "german-2", … or "ger-16pz-2", "ger-16pz-3", …: the first free. */
static char *
unused_id (KesselScenario *s, const char *stem, int first)
{
  for (int n = first;; n++)
    {
      char *id = g_strdup_printf ("%s-%d", stem, n);

      if (strlen (id) <= MAX_ID_LENGTH && kessel_scenario_find_unit (s, id) == NULL)
        return id;
      g_free (id);
      if (strlen (stem) + 12 > MAX_ID_LENGTH)
        stem = "unit";
    }
}

static gboolean
commit (KesselUnitList *self, const char *name)
{
  if (kessel_edit_history_commit (self->history, name))
    return TRUE;
  fill_form (self);   /* nothing changed: show the unit as it is */
  return FALSE;
}

/* ---- Errors ---- */

static void
clear_error (KesselUnitList *self)
{
  if (self->error_widget != NULL)
    {
      gtk_widget_remove_css_class (self->error_widget, "error");
      gtk_accessible_reset_state (GTK_ACCESSIBLE (self->error_widget), GTK_ACCESSIBLE_STATE_INVALID);
      self->error_widget = NULL;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static void
show_error (KesselUnitList *self, GtkWidget *widget, const char *message)
{
  clear_error (self);
  self->error_widget = widget;
  gtk_widget_add_css_class (widget, "error");
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                               GTK_ACCESSIBLE_INVALID_TRUE, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  message, -1);
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

/* ---- The list ---- */

static guint
visible_position (KesselUnitList *self, const char *id)
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

static void
update_actions (KesselUnitList *self)
{
  gboolean have_unit = selected_unit (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.add", self->history != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.duplicate", have_unit);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "units.delete", have_unit);
}

/* Shows selected_id selected in the list, when the filter shows it. */
static void
show_selection (KesselUnitList *self)
{
  if (selected_unit (self) == NULL)
    g_clear_pointer (&self->selected_id, g_free);
  self->syncing = TRUE;
  gtk_single_selection_set_selected (self->selection, visible_position (self, self->selected_id));
  self->syncing = FALSE;
  update_actions (self);
}

static GtkWidget *
inner_list_view (KesselUnitList *self)
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
  KesselUnitList *self = data;
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
scroll_to_selection (KesselUnitList *self)
{
  if (self->scroll_source == 0 && self->column_view != NULL)
    self->scroll_source = g_timeout_add_full (G_PRIORITY_LOW, 20, scroll_to_selection_now, self, NULL);
}

/* Another grid may number the hexes otherwise: every row is made again. */
static void
sync_grid (KesselUnitList *self)
{
  const KesselGrid *g = grid (self);
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
sync_store (KesselUnitList *self)
{
  KesselScenario *s = scenario (self);
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

static void
history_changed (KesselEditHistory *history, KesselUnitList *self)
{
  sync_grid (self);
  sync_store (self);
  show_selection (self);
  fill_form (self);
}

static void
refilter (KesselUnitList *self)
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
  KesselUnitList *self = data;
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
  hex = cell_text (grid (self), unit, COLUMN_HEX);
  return contains_folded (kessel_unit_get_id (unit), needle)
         || contains_folded (kessel_unit_get_name (unit), needle)
         || contains_folded (kessel_unit_get_label (unit), needle)
         || contains_folded (hex, needle);
}

static void
search_changed (GtkSearchEntry *entry, KesselUnitList *self)
{
  refilter (self);
}

static void
side_filter_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselUnitList *self)
{
  refilter (self);
}

static void
sorter_changed (GtkSorter *sorter, GtkSorterChange change, KesselUnitList *self)
{
  show_selection (self);
  scroll_to_selection (self);
}

static void
selection_changed (GtkSingleSelection *selection, GParamSpec *pspec, KesselUnitList *self)
{
  KesselUnit *unit;

  if (self->syncing)
    return;
  unit = gtk_single_selection_get_selected_item (selection);
  g_free (self->selected_id);
  self->selected_id = unit != NULL ? g_strdup (kessel_unit_get_id (unit)) : NULL;
  fill_form (self);
  update_actions (self);
}

static void
row_activated (GtkColumnView *view, guint position, KesselUnitList *self)
{
  g_autoptr(KesselUnit) unit = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (unit != NULL)
    g_signal_emit (self, signals[UNIT_ACTIVATED], 0, kessel_unit_get_id (unit));
}

/* Shows the unit even if the search or the side filter hid it. */
static void
reveal_unit (KesselUnitList *self, const char *id)
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
    quark = g_quark_from_static_string ("kessel-unit-list-sort-keys");
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
drag_prepare (GtkDragSource *source, double x, double y, KesselUnitList *self)
{
  g_autofree char *text = NULL;

  g_set_object (&self->drag_unit, unit_at (source, x, y));
  if (self->drag_unit == NULL)
    return NULL;
  text = g_strconcat (KESSEL_UNIT_DRAG_PREFIX, kessel_unit_get_id (self->drag_unit), NULL);
  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
drag_begin (GtkDragSource *source, GdkDrag *drag, KesselUnitList *self)
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
cell_setup (GtkSignalListItemFactory *factory, GtkListItem *item, KesselUnitList *self)
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
cell_bind (GtkSignalListItemFactory *factory, GtkListItem *item, KesselUnitList *self)
{
  Column column = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "column"));
  KesselUnit *unit = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  g_autofree char *text = cell_text (grid (self), unit, column);

  gtk_label_set_text (GTK_LABEL (label), text);
  if (column == COLUMN_NAME || column == COLUMN_ABILITIES)
    gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    *text != '\0' ? text : NULL, -1);
}

static void
add_column (KesselUnitList *self, Column column)
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

/* ---- Actions ---- */

static void
add_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (widget);
  KesselScenario *s = scenario (self);
  const KesselStep step = { 1, 1 };
  KesselSide side;
  g_autoptr(KesselUnit) unit = NULL;
  g_autofree char *id = NULL;

  if (s == NULL || !kessel_side_from_string (g_variant_get_string (parameter, NULL), &side)
      || side == KESSEL_SIDE_NONE)
    return;
  id = unused_id (s, kessel_side_to_string (side), 1);
  unit = kessel_unit_new (id, side);
  kessel_unit_set_name (unit, side == KESSEL_SIDE_GERMAN ? _("New German unit") : _("New Soviet unit"));
  kessel_unit_set_label (unit, _("New"));
  kessel_unit_set_steps (unit, &step, 1);
  kessel_scenario_add_unit (s, unit);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  commit (self, side == KESSEL_SIDE_GERMAN ? _("Add German unit") : _("Add Soviet unit"));
  kessel_unit_list_select_unit (self, id);
}

/* The copy keeps everything but where the unit sets up and its substitute:
 * two counters on one hex, or two counters replaced by one substitute, are
 * seldom what a copy is made for. A reinforcement's copy arrives with it. */
static void
duplicate_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (widget);
  KesselUnit *unit = selected_unit (self);
  g_autoptr(KesselUnit) copy = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  if (unit == NULL)
    return;
  id = unused_id (scenario (self), kessel_unit_get_id (unit), 2);
  copy = kessel_unit_copy (unit);
  kessel_unit_set_id (copy, id);
  kessel_unit_set_setup_hex (copy, KESSEL_HEX_NONE);
  kessel_unit_set_setup_exact (copy, FALSE);
  kessel_unit_set_substitute (copy, NULL);
  kessel_unit_set_source_line (copy, 0);
  kessel_scenario_add_unit (scenario (self), copy);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Duplicate %s"), kessel_unit_get_title (unit));
  commit (self, name);
  kessel_unit_list_select_unit (self, id);
}

/* Other units' references to the deleted one stay: the problem list shows them. */
static void
delete_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (widget);
  KesselUnit *selected = selected_unit (self);
  guint position = gtk_single_selection_get_selected (self->selection);
  g_autoptr(KesselUnit) unit = NULL;
  g_autofree char *name = NULL;
  guint n;

  if (selected == NULL)
    return;
  unit = g_object_ref (selected);
  kessel_scenario_remove_unit (scenario (self), unit);
  g_clear_pointer (&self->selected_id, g_free);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Delete %s"), kessel_unit_get_title (unit));
  commit (self, name);
  /* The row that took the deleted one's place is selected next. */
  n = g_list_model_get_n_items (G_LIST_MODEL (self->selection));
  if (position != GTK_INVALID_LIST_POSITION && n > 0)
    {
      g_autoptr(KesselUnit) next = g_list_model_get_item (G_LIST_MODEL (self->selection), MIN (position, n - 1));
      kessel_unit_list_select_unit (self, kessel_unit_get_id (next));
    }
}

/* ---- The form: from the widgets to the unit ---- */

static char *
stripped_text (GtkEntry *entry)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
}

/* A new id for the unit, and for every substitute reference to it. */
static void
commit_id (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  KesselScenario *s = scenario (self);
  g_autofree char *id = stripped_text (self->id_entry);
  g_autofree char *old_id = NULL;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (id, kessel_unit_get_id (unit)) == 0)
    {
      fill_form (self);
      return;
    }
  if (!id_is_valid (id))
    {
      show_error (self, GTK_WIDGET (self->id_entry),
                  _("An id is 1 to 64 letters, digits, dots, hyphens or underscores."));
      return;
    }
  if (kessel_scenario_find_unit (s, id) != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Another unit already has the id %s."), id);
      show_error (self, GTK_WIDGET (self->id_entry), message);
      return;
    }
  old_id = g_strdup (kessel_unit_get_id (unit));
  for (int i = 0; i < kessel_scenario_get_n_units (s); i++)
    {
      KesselUnit *other = kessel_scenario_get_unit (s, i);
      if (g_strcmp0 (kessel_unit_get_substitute (other), old_id) == 0)
        kessel_unit_set_substitute (other, id);
    }
  kessel_unit_set_id (unit, id);
  g_free (self->selected_id);
  self->selected_id = g_strdup (id);
  /* Translators: an edit in the Edit menu; the old and the new id of a unit. */
  name = g_strdup_printf (_("Change id %s to %s"), old_id, id);
  commit (self, name);
}

static void
commit_name (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  g_autofree char *text = stripped_text (self->name_entry);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (text, kessel_unit_get_name (unit)) == 0)
    {
      fill_form (self);
      return;
    }
  if (*text == '\0')
    {
      show_error (self, GTK_WIDGET (self->name_entry), _("A unit needs a name."));
      return;
    }
  kessel_unit_set_name (unit, text);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Rename %s"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
commit_label (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  g_autofree char *text = stripped_text (self->label_entry);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  if (strcmp (text, kessel_unit_get_label (unit)) == 0)
    {
      fill_form (self);
      return;
    }
  /* Translators: an edit in the Edit menu; the old and the new counter label. */
  name = g_strdup_printf (_("Relabel %s as %s"), kessel_unit_get_title (unit), *text != '\0' ? text : kessel_unit_get_id (unit));
  kessel_unit_set_label (unit, text);
  commit (self, name);
}

static void
commit_hex (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  g_autofree char *text = stripped_text (self->hex_entry);
  g_autofree char *name = NULL;
  int hex = KESSEL_HEX_NONE;

  if (!editing (self) || unit == NULL)
    return;
  if (*text != '\0')
    {
      hex = kessel_grid_parse_hex (grid (self), text);
      if (hex == KESSEL_HEX_NONE)
        {
          /* Translators: %s is what was typed for a hex number. */
          g_autofree char *message = g_strdup_printf (_("There is no hex %s on this map: give its four digits, such as 0805, or nothing."), text);
          show_error (self, GTK_WIDGET (self->hex_entry), message);
          return;
        }
    }
  if (hex == kessel_unit_get_setup_hex (unit))
    {
      fill_form (self);
      return;
    }
  kessel_unit_set_setup_hex (unit, hex);
  if (hex != KESSEL_HEX_NONE)
    {
      g_autofree char *where = kessel_grid_format_hex (grid (self), hex);
      kessel_unit_set_arrival_turn (unit, 0);   /* a unit sets up or arrives, not both */
      /* Translators: an edit in the Edit menu; a counter label and a hex number. */
      name = g_strdup_printf (_("Set up %s at %s"), kessel_unit_get_title (unit), where);
    }
  else
    {
      kessel_unit_set_setup_exact (unit, FALSE);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Remove the setup hex of %s"), kessel_unit_get_title (unit));
    }
  commit (self, name);
}

static void
entry_activated (GtkEntry *entry, KesselUnitList *self)
{
  if (entry == self->id_entry)
    commit_id (self);
  else if (entry == self->name_entry)
    commit_name (self);
  else if (entry == self->label_entry)
    commit_label (self);
  else if (entry == self->hex_entry)
    commit_hex (self);
}

static void
entry_focus_left (GtkEventControllerFocus *controller, KesselUnitList *self)
{
  entry_activated (GTK_ENTRY (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller))), self);
}

void
kessel_unit_list_commit_pending (KesselUnitList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkEntry *entries[] = { self->id_entry, self->name_entry, self->label_entry, self->hex_entry };

  g_return_if_fail (KESSEL_IS_UNIT_LIST (self));
  for (guint i = 0; focus != NULL && i < G_N_ELEMENTS (entries); i++)
    if (focus == GTK_WIDGET (entries[i]) || gtk_widget_is_ancestor (focus, GTK_WIDGET (entries[i])))
      entry_activated (entries[i], self);
}

static void
side_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  KesselSide side = gtk_drop_down_get_selected (dropdown) == 1 ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_side (unit, side);
  name = side == KESSEL_SIDE_SOVIET
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    ? g_strdup_printf (_("Make %s Soviet"), kessel_unit_get_title (unit))
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    : g_strdup_printf (_("Make %s German"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
kind_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (dropdown == self->type_dropdown)
    {
      kessel_unit_set_unit_type (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the type of %s"), kessel_unit_get_title (unit));
    }
  else if (dropdown == self->size_dropdown)
    {
      kessel_unit_set_size (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the size of %s"), kessel_unit_get_title (unit));
    }
  else
    {
      kessel_unit_set_mobility (unit, selected);
      /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
      name = g_strdup_printf (_("Change the mobility of %s"), kessel_unit_get_title (unit));
    }
  commit (self, name);
}

static void
substitute_changed (GtkDropDown *dropdown, GParamSpec *pspec, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  guint selected = gtk_drop_down_get_selected (dropdown);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  kessel_unit_set_substitute (unit, selected == 0 ? NULL : gtk_string_list_get_string (self->substitutes, selected));
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the substitute of %s"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
steps_changed (GtkSpinButton *spin, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  KesselStep steps[KESSEL_UNIT_MAX_STEPS];
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  for (int i = 0; i < KESSEL_UNIT_MAX_STEPS; i++)
    {
      steps[i].attack = gtk_spin_button_get_value_as_int (self->factor_spins[i][0]);
      steps[i].defence = gtk_spin_button_get_value_as_int (self->factor_spins[i][1]);
    }
  kessel_unit_set_steps (unit, steps, gtk_spin_button_get_value_as_int (self->steps_spin));
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the steps of %s"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
abilities_changed (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  guint abilities = 0;
  int range = 0;
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    if (gtk_check_button_get_active (self->ability_checks[i]))
      abilities |= 1u << i;
  if (abilities & KESSEL_ABILITY_RANGED_SUPPORT)
    range = gtk_spin_button_get_value_as_int (self->range_spin);
  kessel_unit_set_abilities (unit, abilities);
  kessel_unit_set_support_range (unit, range);
  /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
  name = g_strdup_printf (_("Change the abilities of %s"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
ability_toggled (GtkCheckButton *check, KesselUnitList *self)
{
  abilities_changed (self);
}

static void
range_changed (GtkSpinButton *spin, KesselUnitList *self)
{
  abilities_changed (self);
}

static void
exact_toggled (GtkCheckButton *check, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  gboolean exact = gtk_check_button_get_active (check);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_setup_exact (unit, exact);
  name = exact
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    ? g_strdup_printf (_("Set up %s exactly on its hex"), kessel_unit_get_title (unit))
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    : g_strdup_printf (_("Set up %s in or next to its hex"), kessel_unit_get_title (unit));
  commit (self, name);
}

static void
arrival_changed (GtkSpinButton *spin, KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);
  int turn = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *name = NULL;

  if (!editing (self) || unit == NULL)
    return;
  kessel_unit_set_arrival_turn (unit, turn);
  if (turn > 0)
    {
      kessel_unit_set_setup_hex (unit, KESSEL_HEX_NONE);   /* a unit sets up or arrives, not both */
      kessel_unit_set_setup_exact (unit, FALSE);
      /* Translators: an edit in the Edit menu; a counter label and a turn number. */
      name = g_strdup_printf (_("Schedule %s for turn %d"), kessel_unit_get_title (unit), turn);
    }
  else
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    name = g_strdup_printf (_("Take %s off the schedule"), kessel_unit_get_title (unit));
  commit (self, name);
}

/* ---- The form: from the unit to the widgets ---- */

static void
set_entry_text (GtkEntry *entry, const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* Whether the list holds the strings of the NULL-terminated array. */
static gboolean
same_strings (GtkStringList *list, GPtrArray *strings)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  if (n + 1 != strings->len)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (list, i), g_ptr_array_index (strings, i)) != 0)
      return FALSE;
  return TRUE;
}

/* "None", then the other units of the side, and the present substitute
 * whatever it is, so the dropdown can show it. */
static void
fill_substitutes (KesselUnitList *self, KesselUnit *unit)
{
  KesselScenario *s = scenario (self);
  const char *current = kessel_unit_get_substitute (unit);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  guint selected = 0;

  g_ptr_array_add (ids, (gpointer) C_("substitute", "None"));
  for (int i = 0; i < kessel_scenario_get_n_units (s); i++)
    {
      KesselUnit *other = kessel_scenario_get_unit (s, i);
      const char *id = kessel_unit_get_id (other);

      if (other == unit || (kessel_unit_get_side (other) != kessel_unit_get_side (unit)
                            && g_strcmp0 (id, current) != 0))
        continue;
      if (g_strcmp0 (id, current) == 0)
        selected = ids->len;
      g_ptr_array_add (ids, (gpointer) id);
    }
  if (current != NULL && selected == 0)
    {
      selected = ids->len;
      g_ptr_array_add (ids, (gpointer) current);   /* a unit that does not exist */
    }
  g_ptr_array_add (ids, NULL);
  /* Replacing the choices while the dropdown reports a choice made confuses
   * it: they are only replaced when they differ. */
  if (!same_strings (self->substitutes, ids))
    gtk_string_list_splice (self->substitutes, 0, g_list_model_get_n_items (G_LIST_MODEL (self->substitutes)),
                            (const char *const *) ids->pdata);
  if (gtk_drop_down_get_selected (self->substitute_dropdown) != selected)
    gtk_drop_down_set_selected (self->substitute_dropdown, selected);
}

static void
fill_steps (KesselUnitList *self, KesselUnit *unit)
{
  int n = kessel_unit_get_n_steps (unit);

  gtk_spin_button_set_value (self->steps_spin, MAX (n, 1));
  for (int i = 0; i < KESSEL_UNIT_MAX_STEPS; i++)
    {
      /* A missing back shows the front's factors, ready to be lowered. */
      const KesselStep *step = n > 0 ? kessel_unit_get_step (unit, MIN (i, n - 1)) : NULL;

      gtk_spin_button_set_value (self->factor_spins[i][0], step != NULL ? step->attack : 1);
      gtk_spin_button_set_value (self->factor_spins[i][1], step != NULL ? step->defence : 1);
      gtk_widget_set_sensitive (GTK_WIDGET (self->factor_spins[i][0]), i < MAX (n, 1));
      gtk_widget_set_sensitive (GTK_WIDGET (self->factor_spins[i][1]), i < MAX (n, 1));
      gtk_widget_set_opacity (self->previews[i], i < n ? 1.0 : 0.3);
      gtk_widget_queue_draw (self->previews[i]);
    }
}

static void
fill_abilities (KesselUnitList *self, KesselUnit *unit)
{
  gboolean ranged = kessel_unit_has_ability (unit, KESSEL_ABILITY_RANGED_SUPPORT);

  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    gtk_check_button_set_active (self->ability_checks[i], kessel_unit_has_ability (unit, 1u << i));
  gtk_spin_button_set_value (self->range_spin, ranged ? kessel_unit_get_support_range (unit) : 2);
  gtk_widget_set_sensitive (GTK_WIDGET (self->range_spin), ranged);
}

static void
fill_placement (KesselUnitList *self, KesselUnit *unit)
{
  int hex = kessel_unit_get_setup_hex (unit);
  int turn = kessel_unit_get_arrival_turn (unit);
  g_autofree char *where = hex != KESSEL_HEX_NONE ? kessel_grid_format_hex (grid (self), hex) : NULL;

  set_entry_text (self->hex_entry, where != NULL ? where : "");
  gtk_check_button_set_active (self->exact_check, kessel_unit_get_setup_exact (unit));
  gtk_widget_set_sensitive (GTK_WIDGET (self->exact_check), hex != KESSEL_HEX_NONE);
  gtk_spin_button_set_range (self->arrival_spin, 0, MAX (kessel_scenario_get_turns (scenario (self)), turn));
  gtk_spin_button_set_value (self->arrival_spin, turn);
}

static void
fill_form (KesselUnitList *self)
{
  KesselUnit *unit = selected_unit (self);

  clear_error (self);
  gtk_widget_set_visible (self->form, unit != NULL);
  gtk_widget_set_visible (self->placeholder, unit == NULL);
  if (unit == NULL)
    return;
  self->filling = TRUE;
  set_entry_text (self->id_entry, kessel_unit_get_id (unit));
  set_entry_text (self->name_entry, kessel_unit_get_name (unit));
  set_entry_text (self->label_entry, kessel_unit_get_label (unit));
  gtk_drop_down_set_selected (self->side_dropdown, kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET ? 1 : 0);
  gtk_drop_down_set_selected (self->type_dropdown, kessel_unit_get_unit_type (unit));
  gtk_drop_down_set_selected (self->size_dropdown, kessel_unit_get_size (unit));
  gtk_drop_down_set_selected (self->mobility_dropdown, kessel_unit_get_mobility (unit));
  fill_substitutes (self, unit);
  fill_steps (self, unit);
  fill_abilities (self, unit);
  fill_placement (self, unit);
  self->filling = FALSE;
}

/* ---- Building the form ---- */

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KesselUnitList *self = data;
  KesselUnit *unit = selected_unit (self);
  int step = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "step"));
  guint flags = 0;

  if (unit == NULL)
    return;
  if (kessel_scenario_get_substituted (scenario (self), unit) != NULL)
    flags |= KESSEL_COUNTER_SUBSTITUTE;
  kessel_counter_painter_draw (cr, unit, step, flags, 1, 1, MIN (width, height) - 2);
}

static GtkWidget *
key_label (const char *mnemonic, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  return label;
}

/* A key and its widget in a grid row; the widget spans the columns given. */
static void
attach_field (GtkGrid *grid, const char *mnemonic, GtkWidget *widget, GtkWidget *target,
              int column, int row, int span)
{
  gtk_grid_attach (grid, key_label (mnemonic, target != NULL ? target : widget), column, row, 1, 1);
  gtk_grid_attach (grid, widget, column + 1, row, span, 1);
}

static GtkEntry *
form_entry (KesselUnitList *self, const char *widget_name, int max_length, int width_chars)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_widget_set_name (entry, widget_name);
  gtk_entry_set_max_length (GTK_ENTRY (entry), max_length);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), width_chars);
  g_signal_connect (entry, "activate", G_CALLBACK (entry_activated), self);
  g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_left), self);
  gtk_widget_add_controller (entry, focus);
  return GTK_ENTRY (entry);
}

static GtkDropDown *
form_dropdown (KesselUnitList *self, const char *widget_name, GListModel *names, GCallback changed)
{
  GtkWidget *dropdown = gtk_drop_down_new (names, NULL);

  gtk_widget_set_name (dropdown, widget_name);
  gtk_widget_set_halign (dropdown, GTK_ALIGN_START);
  g_signal_connect (dropdown, "notify::selected", changed, self);
  return GTK_DROP_DOWN (dropdown);
}

static GListModel *
names_model (const char *(*display_name) (int), int count)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int i = 0; i < count; i++)
    gtk_string_list_append (list, display_name (i));
  return G_LIST_MODEL (list);
}

static const char *type_name (int i) { return kessel_unit_type_display_name (i); }
static const char *size_name (int i) { return kessel_unit_size_display_name (i); }
static const char *mobility_name_at (int i) { return mobility_name (i); }

static GtkSpinButton *
form_spin (const char *widget_name, int min, int max, const char *accessible_label)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_widget_set_name (spin, widget_name);
  gtk_widget_set_halign (spin, GTK_ALIGN_START);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  if (accessible_label != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_label, -1);
  return GTK_SPIN_BUTTON (spin);
}

/* "Front  [6] – [5]  [counter]" */
static GtkWidget *
step_row (KesselUnitList *self, int step)
{
  static const char *const names[2][2] = { { "front-attack", "front-defence" }, { "back-attack", "back-defence" } };
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *area = gtk_drawing_area_new ();

  self->factor_spins[step][0] = form_spin (names[step][0], 0, MAX_FACTOR,
                                           step == 0 ? _("Front attack factor") : _("Back attack factor"));
  self->factor_spins[step][1] = form_spin (names[step][1], 0, MAX_FACTOR,
                                           step == 0 ? _("Front defence factor") : _("Back defence factor"));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->factor_spins[step][0]));
  gtk_box_append (GTK_BOX (row), gtk_label_new ("–"));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->factor_spins[step][1]));
  for (int i = 0; i < 2; i++)
    g_signal_connect (self->factor_spins[step][i], "value-changed", G_CALLBACK (steps_changed), self);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), PREVIEW_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), PREVIEW_SIZE);
  gtk_widget_set_margin_start (area, 8);
  g_object_set_data (G_OBJECT (area), "step", GINT_TO_POINTER (step));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_preview, self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  step == 0 ? _("The counter's front") : _("The counter's back"), -1);
  self->previews[step] = area;
  gtk_box_append (GTK_BOX (row), area);
  return row;
}

static GtkWidget *
abilities_box (KesselUnitList *self)
{
  static const char *const mnemonics[KESSEL_N_ABILITIES] = {
    N_("_Ranged support"), N_("_Doubled in clear"), N_("Returns _when eliminated"),
  };
  static const char *const tooltips[KESSEL_N_ABILITIES] = {
    N_("Adds its attack factor to an attack or a defence up to its range away, like the 18th Artillery Division (13.1)"),
    N_("Its combat factor is doubled when it attacks into a clear hex, like the 3rd Guards Mortar Division (13.2)"),
    N_("Comes back reduced a few turns after it is eliminated, like a Soviet rifle corps (11.1)"),
  };
  GtkWidget *box = gtk_grid_new ();
  GtkWidget *range_label;

  gtk_grid_set_column_spacing (GTK_GRID (box), 6);
  for (int i = 0; i < KESSEL_N_ABILITIES; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_mnemonic (_(mnemonics[i]));
      gtk_widget_set_name (check, kessel_ability_to_string (1u << i));
      gtk_widget_set_tooltip_text (check, _(tooltips[i]));
      g_signal_connect (check, "toggled", G_CALLBACK (ability_toggled), self);
      self->ability_checks[i] = GTK_CHECK_BUTTON (check);
      /* Only the first shares its line, with the range. */
      gtk_grid_attach (GTK_GRID (box), check, 0, i, i == 0 ? 1 : 3, 1);
    }
  self->range_spin = form_spin ("support-range", 1, MAX_SUPPORT_RANGE, NULL);
  g_signal_connect (self->range_spin, "value-changed", G_CALLBACK (range_changed), self);
  /* Translators: the range of ranged support, in hexes. */
  range_label = gtk_label_new (_("range"));
  gtk_widget_add_css_class (range_label, "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (range_label), GTK_WIDGET (self->range_spin));
  gtk_grid_attach (GTK_GRID (box), range_label, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (box), GTK_WIDGET (self->range_spin), 2, 0, 1, 1);
  return box;
}

/* Rows of the form, a grid of keys and widgets in four columns: the narrow
 * widgets go in pairs, the wide ones span the three columns after their key,
 * so that the form fits the editor's side panel. */

static void
attach_identity (KesselUnitList *self, GtkGrid *grid, int *row)
{
  self->id_entry = form_entry (self, "unit-id", MAX_ID_LENGTH, 9);
  self->label_entry = form_entry (self, "unit-label", MAX_LABEL_LENGTH, 7);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->id_entry),
                               _("The name files and other units use for this counter: letters, digits, dots, hyphens and underscores"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->label_entry), _("The short name printed on the counter"));
  attach_field (grid, _("_Id"), GTK_WIDGET (self->id_entry), NULL, 0, *row, 1);
  attach_field (grid, _("_Label"), GTK_WIDGET (self->label_entry), NULL, 2, (*row)++, 1);

  self->name_entry = form_entry (self, "unit-name", MAX_NAME_LENGTH, 16);
  gtk_widget_set_hexpand (GTK_WIDGET (self->name_entry), TRUE);
  attach_field (grid, _("_Name"), GTK_WIDGET (self->name_entry), NULL, 0, (*row)++, 3);
}

static void
attach_kind (KesselUnitList *self, GtkGrid *grid, int *row)
{
  self->type_dropdown = form_dropdown (self, "unit-type", names_model (type_name, KESSEL_N_UNIT_TYPES),
                                       G_CALLBACK (kind_changed));
  self->size_dropdown = form_dropdown (self, "unit-size", names_model (size_name, KESSEL_N_SIZES),
                                       G_CALLBACK (kind_changed));
  self->mobility_dropdown = form_dropdown (self, "unit-mobility", names_model (mobility_name_at, KESSEL_N_MOBILITIES),
                                           G_CALLBACK (kind_changed));
  attach_field (grid, _("_Type"), GTK_WIDGET (self->type_dropdown), NULL, 0, (*row)++, 3);
  attach_field (grid, _("Si_ze"), GTK_WIDGET (self->size_dropdown), NULL, 0, (*row)++, 3);
  attach_field (grid, _("_Mobility"), GTK_WIDGET (self->mobility_dropdown), NULL, 0, (*row)++, 3);
}

static void
attach_steps (KesselUnitList *self, GtkGrid *grid, int *row)
{
  self->side_dropdown = form_dropdown (self, "unit-side",
                                       G_LIST_MODEL (gtk_string_list_new ((const char *[]) {
                                         kessel_side_display_name (KESSEL_SIDE_GERMAN),
                                         kessel_side_display_name (KESSEL_SIDE_SOVIET), NULL })),
                                       G_CALLBACK (side_changed));
  self->steps_spin = form_spin ("unit-steps", 1, KESSEL_UNIT_MAX_STEPS, NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->steps_spin), _("One step for a counter with a front only, two with a back"));
  g_signal_connect (self->steps_spin, "value-changed", G_CALLBACK (steps_changed), self);
  attach_field (grid, _("_Side"), GTK_WIDGET (self->side_dropdown), NULL, 0, *row, 1);
  attach_field (grid, C_("unit", "Steps"), GTK_WIDGET (self->steps_spin), NULL, 2, (*row)++, 1);

  for (int i = 0; i < KESSEL_UNIT_MAX_STEPS; i++)
    attach_field (grid, i == 0 ? C_("counter side", "Front") : C_("counter side", "Back"), step_row (self, i),
                  GTK_WIDGET (self->factor_spins[i][0]), 0, (*row)++, 3);

  self->substitutes = gtk_string_list_new (NULL);
  self->substitute_dropdown = form_dropdown (self, "unit-substitute", G_LIST_MODEL (g_object_ref (self->substitutes)),
                                             G_CALLBACK (substitute_changed));
  gtk_drop_down_set_enable_search (self->substitute_dropdown, TRUE);
  gtk_drop_down_set_expression (self->substitute_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->substitute_dropdown),
                               _("The counter that replaces this one when its last step is lost (2.6)"));
  attach_field (grid, _("S_ubstitute"), GTK_WIDGET (self->substitute_dropdown), NULL, 0, (*row)++, 3);
}

static void
attach_abilities (KesselUnitList *self, GtkGrid *grid, int *row)
{
  GtkWidget *key;

  attach_field (grid, _("Abilities"), abilities_box (self), GTK_WIDGET (self->ability_checks[0]), 0, *row, 3);
  key = gtk_grid_get_child_at (grid, 0, (*row)++);
  gtk_widget_set_valign (key, GTK_ALIGN_START);
  gtk_widget_set_margin_top (key, 4);
}

static void
attach_placement (KesselUnitList *self, GtkGrid *grid, int *row)
{
  self->hex_entry = form_entry (self, "setup-hex", 4, 5);
  gtk_widget_set_halign (GTK_WIDGET (self->hex_entry), GTK_ALIGN_START);
  gtk_entry_set_placeholder_text (self->hex_entry, _("none"));
  gtk_entry_set_input_purpose (self->hex_entry, GTK_INPUT_PURPOSE_DIGITS);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hex_entry),
                               _("The hex number XXYY the unit sets up in; empty for none"));
  self->arrival_spin = form_spin ("arrival-turn", 0, KESSEL_SCENARIO_MAX_TURNS, NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->arrival_spin),
                               _("The turn the unit arrives on as a reinforcement; 0 for none"));
  g_signal_connect (self->arrival_spin, "value-changed", G_CALLBACK (arrival_changed), self);
  attach_field (grid, _("Setup he_x"), GTK_WIDGET (self->hex_entry), NULL, 0, *row, 1);
  attach_field (grid, _("_Arrives"), GTK_WIDGET (self->arrival_spin), NULL, 2, (*row)++, 1);

  self->exact_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Exactl_y on the hex")));
  gtk_widget_set_name (GTK_WIDGET (self->exact_check), "setup-exact");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->exact_check),
                               _("Set up exactly on the hex, not in or next to it (3.2)"));
  g_signal_connect (self->exact_check, "toggled", G_CALLBACK (exact_toggled), self);
  gtk_grid_attach (grid, GTK_WIDGET (self->exact_check), 1, (*row)++, 3, 1);
}

static GtkWidget *
build_form (KesselUnitList *self)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  GtkWidget *form = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  int row = 0;

  gtk_grid_set_column_spacing (grid, 8);
  gtk_grid_set_row_spacing (grid, 4);
  attach_identity (self, grid, &row);
  attach_kind (self, grid, &row);
  attach_steps (self, grid, &row);
  attach_abilities (self, grid, &row);
  attach_placement (self, grid, &row);

  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_set_name (GTK_WIDGET (self->error_label), "form-error");
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_xalign (self->error_label, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  gtk_box_append (GTK_BOX (form), GTK_WIDGET (grid));
  gtk_box_append (GTK_BOX (form), GTK_WIDGET (self->error_label));
  gtk_widget_set_margin_start (form, 4);
  gtk_widget_set_margin_end (form, 4);
  gtk_widget_set_margin_bottom (form, 6);
  return form;
}

/* ---- Building the list ---- */

static GtkWidget *
action_button (const char *label, const char *action, const char *target, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (target != NULL)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

static GtkWidget *
build_toolbar (KesselUnitList *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *filters = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_widget_set_name (GTK_WIDGET (self->search_entry), "unit-search");
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  g_object_set (self->search_entry, "placeholder-text", _("Search id, name, label or hex"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search units"), -1);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (search_changed), self);

  self->side_filter = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char *[]) {
    _("Both sides"), kessel_side_display_name (KESSEL_SIDE_GERMAN),
    kessel_side_display_name (KESSEL_SIDE_SOVIET), NULL }));
  gtk_widget_set_name (GTK_WIDGET (self->side_filter), "side-filter");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->side_filter), _("Show the units of one side only"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->side_filter), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Side shown"), -1);
  g_signal_connect (self->side_filter, "notify::selected", G_CALLBACK (side_filter_changed), self);

  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->search_entry));
  gtk_box_append (GTK_BOX (filters), GTK_WIDGET (self->side_filter));
  gtk_box_append (GTK_BOX (buttons), action_button (_("Add German"), "units.add", "german", _("Add a German unit")));
  gtk_box_append (GTK_BOX (buttons), action_button (_("Add Soviet"), "units.add", "soviet", _("Add a Soviet unit")));
  gtk_box_append (GTK_BOX (buttons), action_button (_("Duplicate"), "units.duplicate", NULL,
                                                    _("Add a copy of the selected unit, not set up")));
  gtk_box_append (GTK_BOX (buttons), action_button (_("Delete"), "units.delete", NULL,
                                                    _("Delete the selected unit (Delete)")));
  gtk_box_append (GTK_BOX (box), filters);
  gtk_box_append (GTK_BOX (box), buttons);
  return box;
}

/* One drag source for all the rows: a source in every cell costs more to
 * make than the cell's label. */
static void
add_drag_source (KesselUnitList *self)
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
column_view_mapped (GtkWidget *view, KesselUnitList *self)
{
  if (gtk_column_view_get_model (self->column_view) != NULL)
    return;
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  scroll_to_selection (self);
}

static GtkWidget *
build_column_view (KesselUnitList *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkFilterListModel *filtered;
  GtkSortListModel *sorted;
  GtkShortcutController *shortcuts;

  self->store = g_list_store_new (KESSEL_TYPE_UNIT);
  self->filter = gtk_custom_filter_new (filter_unit, self, NULL);
  filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                        GTK_FILTER (g_object_ref (self->filter)));
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (filtered), NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (selection_changed), self);

  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  g_signal_connect (self->column_view, "map", G_CALLBACK (column_view_mapped), self);
  gtk_widget_set_name (GTK_WIDGET (self->column_view), "unit-table");
  gtk_widget_add_css_class (GTK_WIDGET (self->column_view), "data-table");
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Units"), -1);
  for (Column column = 0; column < N_COLUMNS; column++)
    add_column (self, column);
  gtk_sort_list_model_set_sorter (sorted, gtk_column_view_get_sorter (self->column_view));
  g_signal_connect_after (gtk_column_view_get_sorter (self->column_view), "changed",
                          G_CALLBACK (sorter_changed), self);
  g_signal_connect (self->column_view, "activate", G_CALLBACK (row_activated), self);
  add_drag_source (self);

  shortcuts = GTK_SHORTCUT_CONTROLLER (gtk_shortcut_controller_new ());
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Delete, 0),
                                                          gtk_named_action_new ("units.delete")));
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (shortcuts));

  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->column_view));
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 160);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);
  return scrolled;
}

/* ---- The class ---- */

static void
kessel_unit_list_dispose (GObject *object)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (object);

  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
  self->column_view = NULL;
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_object (&self->drag_unit);
  g_clear_object (&self->store);
  g_clear_object (&self->filter);
  g_clear_object (&self->selection);
  g_clear_object (&self->substitutes);
  G_OBJECT_CLASS (kessel_unit_list_parent_class)->dispose (object);
}

static void
kessel_unit_list_finalize (GObject *object)
{
  KesselUnitList *self = KESSEL_UNIT_LIST (object);

  g_free (self->selected_id);
  G_OBJECT_CLASS (kessel_unit_list_parent_class)->finalize (object);
}

static void
kessel_unit_list_class_init (KesselUnitListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_unit_list_dispose;
  object_class->finalize = kessel_unit_list_finalize;

  /* A row was activated: double-click or Enter. The editor shows the unit's
   * setup hex on the map. */
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "units.add", "s", add_action);
  gtk_widget_class_install_action (widget_class, "units.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "units.delete", NULL, delete_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

/* The form takes the height it needs, the table the rest. */
static void
kessel_unit_list_init (KesselUnitList *self)
{
  GtkWidget *bottom = gtk_scrolled_window_new ();
  GtkWidget *bottom_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->form = build_form (self);
  self->placeholder = gtk_label_new (_("Select a unit in the list to edit it, or add one."));
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (self->placeholder), TRUE);
  gtk_widget_set_margin_top (self->placeholder, 12);
  gtk_widget_set_margin_bottom (self->placeholder, 12);
  gtk_box_append (GTK_BOX (bottom_box), self->placeholder);
  gtk_box_append (GTK_BOX (bottom_box), self->form);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (bottom), bottom_box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (bottom), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (bottom), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (bottom), TRUE);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->box), build_toolbar (self));
  gtk_box_append (GTK_BOX (self->box), build_column_view (self));
  gtk_box_append (GTK_BOX (self->box), bottom);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  fill_form (self);
  update_actions (self);
}

/* ---- Public ---- */

GtkWidget *
kessel_unit_list_new (void)
{
  return g_object_new (KESSEL_TYPE_UNIT_LIST, NULL);
}

void
kessel_unit_list_set_history (KesselUnitList *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_UNIT_LIST (self));

  if (self->history == history)
    return;
  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_set_object (&self->history, history);
  if (history != NULL)
    self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (history_changed), self);
  history_changed (history, self);
}

void
kessel_unit_list_select_unit (KesselUnitList *self, const char *id)
{
  KesselScenario *s;

  g_return_if_fail (KESSEL_IS_UNIT_LIST (self));
  s = scenario (self);
  g_free (self->selected_id);
  self->selected_id = s != NULL && id != NULL && kessel_scenario_find_unit (s, id) != NULL ? g_strdup (id) : NULL;
  if (self->selected_id != NULL)
    reveal_unit (self, self->selected_id);
  show_selection (self);
  fill_form (self);
  scroll_to_selection (self);
}

const char *
kessel_unit_list_get_selected_id (KesselUnitList *self)
{
  g_return_val_if_fail (KESSEL_IS_UNIT_LIST (self), NULL);
  return selected_unit (self) != NULL ? self->selected_id : NULL;
}
