/* kessel-schedule-view.c: the reinforcement schedule.
 *
 * One section per turn lists the units arriving on it; a last section lists
 * the units neither set up nor scheduled. Every section is a drop target for
 * dragged units, every row a drag source; with the keyboard, Alt+Up and
 * Alt+Down move the focused unit a turn earlier or later. When the history
 * changes, the sections that list other units than before are built again;
 * while the schedule is not shown, that waits until it is. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-counter-painter.h"
#include "kessel-schedule-view.h"
#include "kessel-counter-mix.h"

#define COUNTER_SIZE 34

struct _KesselScheduleView
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  gulong changed_id;
  char *focus_id;              /* the unit whose row takes the focus once rebuilt */
  gboolean stale;              /* the history changed while the schedule was hidden */

  GtkWidget *scrolled;
  GtkWidget *sections;         /* a vertical box: the texts, then the sections */
  GtkWidget *title_label;
  GtkLabel *entry_label;       /* where reinforcements enter */
  GtkWidget *soviet_note;      /* the last of the texts */
};

enum { UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselScheduleView, kessel_schedule_view, GTK_TYPE_WIDGET)

static KesselScenario *
scenario (KesselScheduleView *self)
{
  return self->history != NULL ? kessel_edit_history_get_scenario (self->history) : NULL;
}

/* ---- Where reinforcements enter ---- */

/* Entry hexes that are not places, as runs down a column: "0101–0113". */
static char *
edge_entry_hexes (KesselMap *map)
{
  const KesselGrid *grid = kessel_map_get_grid (map);
  int count = kessel_map_get_hex_count (map);
  GString *text = g_string_new (NULL);

  for (int hex = 0; hex < count; hex++)
    {
      int last = hex, column, row, last_column, last_row;
      g_autofree char *first_number = NULL;

      if (!kessel_map_has_edge_role (map, hex, KESSEL_EDGE_ENTRY) || kessel_map_get_place_at (map, hex) != NULL)
        continue;
      kessel_grid_column_row (grid, hex, &column, &row);
      while (last + 1 < count && kessel_map_has_edge_role (map, last + 1, KESSEL_EDGE_ENTRY)
             && kessel_map_get_place_at (map, last + 1) == NULL)
        {
          kessel_grid_column_row (grid, last + 1, &last_column, &last_row);
          if (last_column != column)
            break;
          last++;
        }
      if (text->len > 0)
        g_string_append (text, ", ");
      first_number = kessel_grid_format_hex (grid, hex);
      g_string_append (text, first_number);
      if (last > hex)
        {
          g_autofree char *last_number = kessel_grid_format_hex (grid, last);
          g_string_append_printf (text, "–%s", last_number);
        }
      hex = last;
    }
  return g_string_free (text, text->len == 0);
}

/* Entry hexes that are towns or fortified localities: "Ternopol (0805)". */
static char *
place_entry_hexes (KesselMap *map)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      g_autofree char *number = NULL;

      if (!kessel_map_has_edge_role (map, place->hex, KESSEL_EDGE_ENTRY))
        continue;
      number = kessel_grid_format_hex (kessel_map_get_grid (map), place->hex);
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: a place name and its hex number, as in "Ternopol (0805)". */
      g_string_append_printf (text, _("%s (%s)"), place->name, number);
    }
  return g_string_free (text, text->len == 0);
}

/* Rule 10.1 as the game applies it: a place among the entry hexes needs
 * German control and a C&C line; an edge hex needs to be free of enemy
 * units and zones of control. */
static char *
entry_text (KesselScenario *s)
{
  KesselMap *map = kessel_scenario_get_map (s);
  g_autofree char *places = place_entry_hexes (map);
  g_autofree char *edges = edge_entry_hexes (map);
  GString *text = g_string_new (_("German reinforcements are placed in phase X of the turn they arrive on, "
                                  "at no movement cost; a unit not placed then is forfeited (10.1)."));

  g_string_append_c (text, ' ');
  if (places != NULL && edges != NULL)
    /* Translators: the first %s lists places with their hexes, the second hex numbers such as "0101–0113". */
    g_string_append_printf (text, _("They enter at %s when German-controlled and able to trace a C&C line, "
                                    "or at %s when free of enemy units and zones of control."), places, edges);
  else if (places != NULL)
    /* Translators: %s lists places with their hexes, such as "Ternopol (0805)". */
    g_string_append_printf (text, _("They enter at %s when German-controlled and able to trace a C&C line."), places);
  else if (edges != NULL)
    /* Translators: %s lists hex numbers such as "0101–0113". */
    g_string_append_printf (text, _("They enter at %s when free of enemy units and zones of control."), edges);
  else
    g_string_append (text, _("The map has no entry hexes: reinforcements cannot enter. Mark some on the map."));
  return g_string_free (text, FALSE);
}

/* ---- Moving ---- */

/* The turn of the section after or before the unit's (delta 1 or -1): the
 * turns, then "Not placed" as 0; -1 past either end. A unit arriving after
 * the last turn moves to the last turn or to "Not placed". */
static int
neighbour_turn (KesselScheduleView *self, KesselUnit *unit, int delta)
{
  int turns = kessel_scenario_get_turns (scenario (self));
  int turn = kessel_unit_get_arrival_turn (unit);
  int index;

  if (turn > turns)
    return delta < 0 ? turns : 0;
  index = (turn == 0 ? turns + 1 : turn) + delta;
  if (index < 1 || index > turns + 1)
    return -1;
  return index == turns + 1 ? 0 : index;
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
             GdkModifierType state, KesselScheduleView *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  const char *id = g_object_get_data (G_OBJECT (row), "unit-id");
  KesselUnit *unit = scenario (self) != NULL ? kessel_scenario_find_unit (scenario (self), id) : NULL;
  int delta = keyval == GDK_KEY_Up || keyval == GDK_KEY_KP_Up ? -1
              : keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Down ? 1 : 0;
  int turn;

  if (unit == NULL || delta == 0 || (state & GDK_MODIFIER_MASK) != GDK_ALT_MASK)
    return FALSE;
  turn = neighbour_turn (self, unit, delta);
  if (turn >= 0)
    {
      g_free (self->focus_id);
      self->focus_id = g_strdup (id);
      kessel_schedule_view_move_unit (self, id, turn);
    }
  return TRUE;
}

typedef struct {
  KesselScheduleView *self;
  char *id;
  int turn;
} PendingMove;

static gboolean
do_pending_move (gpointer data)
{
  PendingMove *move = data;

  kessel_schedule_view_move_unit (move->self, move->id, move->turn);
  g_object_unref (move->self);
  g_free (move->id);
  g_free (move);
  return G_SOURCE_REMOVE;
}

/* The drop is done once the drag has finished: the move rebuilds the
 * sections, the drop target's among them. */
static gboolean
section_drop (GtkDropTarget *target, const GValue *value, double x, double y, KesselScheduleView *self)
{
  GtkWidget *section = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  const char *text = g_value_get_string (value);
  PendingMove *move;

  if (text == NULL || !g_str_has_prefix (text, KESSEL_UNIT_DRAG_PREFIX) || scenario (self) == NULL
      || kessel_scenario_find_unit (scenario (self), text + strlen (KESSEL_UNIT_DRAG_PREFIX)) == NULL)
    return FALSE;
  move = g_new0 (PendingMove, 1);
  move->self = g_object_ref (self);
  move->id = g_strdup (text + strlen (KESSEL_UNIT_DRAG_PREFIX));
  move->turn = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (section), "turn"));
  g_idle_add (do_pending_move, move);
  return TRUE;
}

static GdkContentProvider *
row_drag_prepare (GtkDragSource *source, double x, double y, KesselScheduleView *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autofree char *text = g_strconcat (KESSEL_UNIT_DRAG_PREFIX, g_object_get_data (G_OBJECT (row), "unit-id"), NULL);

  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
row_drag_begin (GtkDragSource *source, GdkDrag *drag, KesselScheduleView *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *counter = g_object_get_data (G_OBJECT (row), "counter");
  g_autoptr(GdkPaintable) icon = gtk_widget_paintable_new (counter);

  gtk_drag_source_set_icon (source, icon, COUNTER_SIZE / 2, COUNTER_SIZE / 2);
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, KesselScheduleView *self)
{
  g_signal_emit (self, signals[UNIT_ACTIVATED], 0, g_object_get_data (G_OBJECT (row), "unit-id"));
}

/* ---- Building ---- */

static void
draw_counter (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  kessel_counter_painter_draw (cr, KESSEL_UNIT (data), 0, 0, 1, 1, MIN (width, height) - 2);
}

static GtkWidget *
counter_new (KesselUnit *unit)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), COUNTER_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), COUNTER_SIZE);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_counter, g_object_ref (unit), g_object_unref);
  return area;
}

static GtkWidget *
text_label (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* "[counter] 16 Pz · German / 16th Panzer Division"; unit is the section's
 * copy, which the counter keeps. */
static GtkWidget *
unit_row_new (KesselScheduleView *self, KesselUnit *unit)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *counter = counter_new (unit);
  GtkDragSource *source = gtk_drag_source_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;

  /* Translators: a counter label and a side, as in "16 Pz · German". */
  title = g_strdup_printf (_("%s · %s"), kessel_unit_get_title (unit), kessel_side_display_name (kessel_unit_get_side (unit)));
  gtk_box_append (GTK_BOX (text), text_label (title, "heading"));
  gtk_box_append (GTK_BOX (text), text_label (kessel_unit_get_name (unit), "dim-label"));
  if (kessel_unit_get_side (unit) == KESSEL_SIDE_SOVIET)
    gtk_box_append (GTK_BOX (text), text_label (_("The Soviet player gets no reinforcements (11.3)."), "error"));
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), counter);
  gtk_box_append (GTK_BOX (box), text);
  gtk_widget_set_margin_start (box, 4);
  gtk_widget_set_margin_end (box, 4);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  g_object_set_data_full (G_OBJECT (row), "unit-id", g_strdup (kessel_unit_get_id (unit)), g_free);
  g_object_set_data (G_OBJECT (row), "counter", counter);
  gtk_widget_set_name (row, kessel_unit_get_id (unit));
  gtk_widget_set_tooltip_text (row, _("Drag to another turn, or press Alt+Up or Alt+Down to move a turn earlier or later"));
  /* Translators: for screen readers: counter label, unit name and side. */
  description = g_strdup_printf (_("%s, %s, %s"), kessel_unit_get_title (unit), kessel_unit_get_name (unit),
                                 kessel_side_display_name (kessel_unit_get_side (unit)));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, description, -1);

  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE | GDK_ACTION_COPY);
  g_signal_connect (source, "prepare", G_CALLBACK (row_drag_prepare), self);
  g_signal_connect (source, "drag-begin", G_CALLBACK (row_drag_begin), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (row, keys);
  return row;
}

/* A section: a heading, a note, the units' rows, and a drop target that
 * gives its turn (0 for "Not placed"; none for a turn below 0). units are
 * copies, kept with the section to tell whether it is still up to date. */
static GtkWidget *
section_new (KesselScheduleView *self, const char *heading, const char *note, GPtrArray *units,
             int turn, const char *empty_text)
{
  GtkWidget *section = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  g_autofree char *count = g_strdup_printf (ngettext ("%u unit", "%u units", units->len), units->len);
  GtkWidget *count_label = gtk_label_new (count);

  gtk_widget_add_css_class (section, "frame");
  gtk_widget_set_name (section, turn > 0 ? "turn-section" : turn == 0 ? "not-placed-section" : "late-section");
  g_object_set_data (G_OBJECT (section), "turn", GINT_TO_POINTER (turn));
  g_object_set_data_full (G_OBJECT (section), "note", g_strdup (note), g_free);
  g_object_set_data_full (G_OBJECT (section), "units", g_ptr_array_ref (units), (GDestroyNotify) g_ptr_array_unref);
  gtk_box_append (GTK_BOX (header), text_label (heading, "heading"));
  gtk_widget_set_hexpand (gtk_widget_get_first_child (header), TRUE);
  gtk_widget_add_css_class (count_label, "dim-label");
  gtk_box_append (GTK_BOX (header), count_label);
  gtk_widget_set_margin_start (header, 8);
  gtk_widget_set_margin_end (header, 8);
  gtk_widget_set_margin_top (header, 6);
  gtk_box_append (GTK_BOX (section), header);
  if (note != NULL)
    {
      GtkWidget *label = text_label (note, "dim-label");
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_box_append (GTK_BOX (section), label);
    }
  if (units->len > 0)
    {
      GtkWidget *list = gtk_list_box_new ();

      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "rich-list");
      gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, heading, -1);
      for (guint i = 0; i < units->len; i++)
        gtk_list_box_append (GTK_LIST_BOX (list), unit_row_new (self, g_ptr_array_index (units, i)));
      g_signal_connect (list, "row-activated", G_CALLBACK (row_activated), self);
      gtk_widget_set_margin_bottom (list, 4);
      gtk_box_append (GTK_BOX (section), list);
    }
  else
    {
      GtkWidget *label = text_label (empty_text, "dim-label");
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_box_append (GTK_BOX (section), label);
    }
  if (turn >= 0)
    {
      GtkDropTarget *target = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE | GDK_ACTION_COPY);
      g_signal_connect (target, "drop", G_CALLBACK (section_drop), self);
      gtk_widget_add_controller (section, GTK_EVENT_CONTROLLER (target));
    }
  return section;
}

/* Copies of the units that pass the test, in file order. */
static GPtrArray *
units_where (KesselScenario *s, gboolean (*test) (KesselScenario *, KesselUnit *, int), int turns)
{
  GPtrArray *units = g_ptr_array_new_with_free_func (g_object_unref);

  for (int i = 0; i < kessel_scenario_get_n_units (s); i++)
    if (test (s, kessel_scenario_get_unit (s, i), turns))
      g_ptr_array_add (units, kessel_unit_copy (kessel_scenario_get_unit (s, i)));
  return units;
}

/* Neither set up nor arriving, and not a substitute counter, which enters
 * play only when the counter before it is lost. */
static gboolean
is_not_placed (KesselScenario *s, KesselUnit *unit, int turns)
{
  return kessel_unit_get_setup_hex (unit) == KESSEL_HEX_NONE && kessel_unit_get_arrival_turn (unit) == 0
         && kessel_scenario_get_substituted (s, unit) == NULL;
}

static gboolean
arrives_too_late (KesselScenario *s, KesselUnit *unit, int turns)
{
  return kessel_unit_get_arrival_turn (unit) > turns;
}

static gboolean
arrives_on (KesselScenario *s, KesselUnit *unit, int turn)
{
  return kessel_unit_get_arrival_turn (unit) == turn;
}

/* Whether the section shows these units, under this note. */
static gboolean
section_shows (GtkWidget *section, int turn, const char *note, GPtrArray *units)
{
  GPtrArray *shown = g_object_get_data (G_OBJECT (section), "units");

  if (shown == NULL || GPOINTER_TO_INT (g_object_get_data (G_OBJECT (section), "turn")) != turn
      || g_strcmp0 (g_object_get_data (G_OBJECT (section), "note"), note) != 0 || shown->len != units->len)
    return FALSE;
  for (guint i = 0; i < units->len; i++)
    if (!kessel_unit_equal (g_ptr_array_index (shown, i), g_ptr_array_index (units, i)))
      return FALSE;
  return TRUE;
}

/* The section goes after previous, where the section it replaces was,
 * unless that one shows the same already. Returns the section in place. */
static GtkWidget *
place_section (KesselScheduleView *self, GtkWidget *previous, const char *heading, const char *note,
               GPtrArray *units, int turn, const char *empty_text)
{
  GtkWidget *current = gtk_widget_get_next_sibling (previous);
  GtkWidget *section;

  if (current != NULL && section_shows (current, turn, note, units))
    return current;
  section = section_new (self, heading, note, units, turn, empty_text);
  gtk_box_insert_child_after (GTK_BOX (self->sections), section, previous);
  if (current != NULL)
    gtk_box_remove (GTK_BOX (self->sections), current);
  return section;
}

static GtkWidget *
place_turn_sections (KesselScheduleView *self, KesselScenario *s, GtkWidget *previous)
{
  int turns = kessel_scenario_get_turns (s);
  g_autoptr(GPtrArray) late = units_where (s, arrives_too_late, turns);

  for (int turn = 1; turn <= turns; turn++)
    {
      g_autoptr(GPtrArray) units = units_where (s, arrives_on, turn);
      g_autofree char *heading = g_strdup_printf (_("Turn %d"), turn);

      previous = place_section (self, previous, heading, NULL, units, turn, _("No arrivals. Drop units here."));
    }
  if (late->len > 0)
    {
      /* Translators: %d is the number of turns the scenario lasts. */
      g_autofree char *note = g_strdup_printf (ngettext ("These never arrive: the scenario lasts %d turn.",
                                                         "These never arrive: the scenario lasts %d turns.", turns),
                                               turns);
      previous = place_section (self, previous, _("After the last turn"), note, late, -1, NULL);
    }
  return previous;
}

static GtkWidget *
find_row (GtkWidget *widget, const char *id)
{
  if (GTK_IS_LIST_BOX_ROW (widget) && g_strcmp0 (gtk_widget_get_name (widget), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = find_row (child, id);
      if (row != NULL)
        return row;
    }
  return NULL;
}

/* Once the row has its place, the schedule scrolls as little as it takes
 * to show it. */
static gboolean
reveal_row (GtkWidget *row, GdkFrameClock *clock, gpointer data)
{
  KesselScheduleView *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  double value = gtk_adjustment_get_value (adjustment);
  double page = gtk_adjustment_get_page_size (adjustment);
  graphene_point_t top;

  if (gtk_widget_get_height (row) == 0
      || !gtk_widget_compute_point (row, self->sections, &GRAPHENE_POINT_INIT (0, 0), &top))
    return G_SOURCE_CONTINUE;
  if (top.y < value)
    gtk_adjustment_set_value (adjustment, top.y);
  else if (top.y + gtk_widget_get_height (row) > value + page)
    gtk_adjustment_set_value (adjustment, top.y + gtk_widget_get_height (row) - page);
  return G_SOURCE_REMOVE;
}

/* After a move by the keyboard the moved unit's row has the focus again.
 * The row has no place yet: the scroll position is kept, then corrected
 * once the row is laid out. */
static void
focus_row (KesselScheduleView *self)
{
  g_autofree char *id = g_steal_pointer (&self->focus_id);
  GtkWidget *row = id != NULL ? find_row (self->sections, id) : NULL;

  if (row == NULL)
    return;
  gtk_widget_grab_focus (row);
  gtk_widget_add_tick_callback (row, reveal_row, self, NULL);
}

/* The heading and the notes above the sections show while there is a
 * scenario. */
static void
show_texts (KesselScheduleView *self, gboolean shown)
{
  gtk_widget_set_visible (self->title_label, shown);
  gtk_widget_set_visible (GTK_WIDGET (self->entry_label), shown);
  gtk_widget_set_visible (self->soviet_note, shown);
}

/* The texts above the sections; returns the last of them. */
static GtkWidget *
place_texts (KesselScheduleView *self, KesselScenario *s)
{
  g_autofree char *entry = entry_text (s);

  if (strcmp (gtk_label_get_text (self->entry_label), entry) != 0)
    gtk_label_set_text (self->entry_label, entry);
  show_texts (self, TRUE);
  return self->soviet_note;
}

static void
clear (KesselScheduleView *self)
{
  GtkWidget *section;

  while ((section = gtk_widget_get_next_sibling (self->soviet_note)) != NULL)
    gtk_box_remove (GTK_BOX (self->sections), section);
  show_texts (self, FALSE);
}

static void
update (KesselScheduleView *self)
{
  KesselScenario *s = scenario (self);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  double scrolled_to = gtk_adjustment_get_value (adjustment);
  g_autoptr(GPtrArray) not_placed = NULL;
  GtkWidget *last, *extra;

  self->stale = FALSE;
  if (s == NULL)
    {
      clear (self);
      return;
    }
  last = place_turn_sections (self, s, place_texts (self, s));
  not_placed = units_where (s, is_not_placed, 0);
  last = place_section (self, last, _("Not placed"),
                        _("Units with neither a setup hex nor an arrival turn; substitute counters are not listed. "
                          "Drop a unit here to take it off the map and the schedule."),
                        not_placed, 0, _("Every unit sets up or arrives."));
  while ((extra = gtk_widget_get_next_sibling (last)) != NULL)
    gtk_box_remove (GTK_BOX (self->sections), extra);
  focus_row (self);
  gtk_adjustment_set_value (adjustment, scrolled_to);
}

static void
history_changed (KesselEditHistory *history, KesselScheduleView *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update (self);
  else
    self->stale = TRUE;
}

/* ---- The class ---- */

static void
kessel_schedule_view_dispose (GObject *object)
{
  KesselScheduleView *self = KESSEL_SCHEDULE_VIEW (object);

  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_SCHEDULE_VIEW);
  G_OBJECT_CLASS (kessel_schedule_view_parent_class)->dispose (object);
}

static void
kessel_schedule_view_finalize (GObject *object)
{
  KesselScheduleView *self = KESSEL_SCHEDULE_VIEW (object);

  g_free (self->focus_id);
  G_OBJECT_CLASS (kessel_schedule_view_parent_class)->finalize (object);
}

static void
kessel_schedule_view_map (GtkWidget *widget)
{
  KesselScheduleView *self = KESSEL_SCHEDULE_VIEW (widget);

  GTK_WIDGET_CLASS (kessel_schedule_view_parent_class)->map (widget);
  if (self->stale)
    update (self);
}

static void
kessel_schedule_view_class_init (KesselScheduleViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_schedule_view_dispose;
  object_class->finalize = kessel_schedule_view_finalize;
  widget_class->map = kessel_schedule_view_map;

  /* A unit's row was activated; the editor shows the unit. */
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-schedule-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselScheduleView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, KesselScheduleView, sections);
  gtk_widget_class_bind_template_child (widget_class, KesselScheduleView, title_label);
  gtk_widget_class_bind_template_child (widget_class, KesselScheduleView, entry_label);
  gtk_widget_class_bind_template_child (widget_class, KesselScheduleView, soviet_note);
}

static void
kessel_schedule_view_init (KesselScheduleView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* ---- Public ---- */

GtkWidget *
kessel_schedule_view_new (void)
{
  return g_object_new (KESSEL_TYPE_SCHEDULE_VIEW, NULL);
}

void
kessel_schedule_view_set_history (KesselScheduleView *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_SCHEDULE_VIEW (self));

  if (self->history == history)
    return;
  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_set_object (&self->history, history);
  if (history != NULL)
    self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (history_changed), self);
  history_changed (history, self);
}

gboolean
kessel_schedule_view_move_unit (KesselScheduleView *self, const char *id, int turn)
{
  KesselScenario *s;
  KesselUnit *unit;
  gboolean was_set_up;
  g_autofree char *name = NULL;

  g_return_val_if_fail (KESSEL_IS_SCHEDULE_VIEW (self), FALSE);
  s = scenario (self);
  unit = s != NULL && id != NULL ? kessel_scenario_find_unit (s, id) : NULL;
  if (unit == NULL || turn < 0 || turn > kessel_scenario_get_turns (s))
    return FALSE;
  was_set_up = kessel_unit_get_setup_hex (unit) != KESSEL_HEX_NONE;
  kessel_unit_set_arrival_turn (unit, turn);
  kessel_unit_set_setup_hex (unit, KESSEL_HEX_NONE);   /* a unit sets up or arrives, not both */
  kessel_unit_set_setup_exact (unit, FALSE);
  if (turn > 0)
    /* Translators: an edit in the Edit menu; a counter label and a turn number. */
    name = g_strdup_printf (_("Schedule %s for turn %d"), kessel_unit_get_title (unit), turn);
  else if (was_set_up)
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    name = g_strdup_printf (_("Take %s off the map"), kessel_unit_get_title (unit));
  else
    /* Translators: an edit in the Edit menu; %s is a counter label such as "16 Pz". */
    name = g_strdup_printf (_("Take %s off the schedule"), kessel_unit_get_title (unit));
  if (!kessel_edit_history_commit (self->history, name))
    {
      g_clear_pointer (&self->focus_id, g_free);
      return FALSE;
    }
  return TRUE;
}
