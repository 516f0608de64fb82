/* kessel-map-view.c: the map widget: its class, its properties and signals,
 * and what it shows (the scenario, a game, marks, the selection). Drawing it
 * is in kessel-map-view-draw.c, its pointer and keys in
 * kessel-map-view-input.c, moving it in kessel-map-view-motion.c. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kessel-map-view-private.h"
#include "kessel-river-course.h"

static void kessel_map_view_scrollable_init (GtkScrollableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KesselMapView, kessel_map_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE,
                                                      kessel_map_view_scrollable_init))

GParamSpec *kessel_map_view_properties[N_PROPS];
guint kessel_map_view_signals[N_SIGNALS];

static void
kessel_map_view_scrollable_init (GtkScrollableInterface *iface)
{
}

/* GObject */

static void
kessel_map_view_dispose (GObject *object)
{
  KesselMapView *self = KESSEL_MAP_VIEW (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  kessel_map_view_free_tiles (self);
  kessel_map_view_set_game (self, NULL);
  g_clear_pointer (&self->marks, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->cover_text, g_free);
  g_clear_object (&self->painter);
  g_clear_object (&self->scenario);
  kessel_map_view_clear_adjustments (self);

  G_OBJECT_CLASS (kessel_map_view_parent_class)->dispose (object);
}

static void
kessel_map_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  KesselMapView *self = KESSEL_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_ZOOM_LEVEL:
      g_value_set_int (value, kessel_map_view_get_zoom_level (self));
      break;
    case PROP_HEX_RADIUS:
      g_value_set_double (value, self->radius);
      break;
    case PROP_SHOW_HEX_NUMBERS:
      g_value_set_boolean (value, self->show_hex_numbers);
      break;
    case PROP_COUNTER_SCALE:
      g_value_set_double (value, self->counter_scale);
      break;
    case PROP_VIEWER:
      g_value_set_int (value, self->viewer);
      break;
    case PROP_COVERED:
      g_value_set_boolean (value, self->cover_text != NULL);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kessel_map_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  KesselMapView *self = KESSEL_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      kessel_map_view_set_scenario (self, g_value_get_object (value));
      break;
    case PROP_ZOOM_LEVEL:
      kessel_map_view_set_zoom_level (self, g_value_get_int (value));
      break;
    case PROP_HEX_RADIUS:
      kessel_map_view_set_hex_radius (self, g_value_get_double (value));
      break;
    case PROP_SHOW_HEX_NUMBERS:
      kessel_map_view_set_show_hex_numbers (self, g_value_get_boolean (value));
      break;
    case PROP_COUNTER_SCALE:
      kessel_map_view_set_counter_scale (self, g_value_get_double (value));
      break;
    case PROP_HADJUSTMENT:
      kessel_map_view_set_adjustment (self, &self->hadjustment, g_value_get_object (value), prop_id);
      break;
    case PROP_VADJUSTMENT:
      kessel_map_view_set_adjustment (self, &self->vadjustment, g_value_get_object (value), prop_id);
      break;
    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint) g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint) g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kessel_map_view_class_init (KesselMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kessel_map_view_dispose;
  object_class->get_property = kessel_map_view_get_property;
  object_class->set_property = kessel_map_view_set_property;

  widget_class->snapshot = kessel_map_view_snapshot;
  widget_class->measure = kessel_map_view_measure;
  widget_class->size_allocate = kessel_map_view_size_allocate;

  kessel_map_view_properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL,
                         KESSEL_TYPE_SCENARIO,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  kessel_map_view_properties[PROP_ZOOM_LEVEL] =
    g_param_spec_int ("zoom-level", NULL, NULL,
                      0, KESSEL_MAP_VIEW_N_ZOOM_LEVELS, 2,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  kessel_map_view_properties[PROP_HEX_RADIUS] =
    g_param_spec_double ("hex-radius", NULL, NULL,
                         KESSEL_MAP_VIEW_MIN_RADIUS, KESSEL_MAP_VIEW_MAX_RADIUS,
                         kessel_map_view_zoom_level_radius (2),
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  kessel_map_view_properties[PROP_SHOW_HEX_NUMBERS] =
    g_param_spec_boolean ("show-hex-numbers", NULL, NULL,
                          TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  kessel_map_view_properties[PROP_COUNTER_SCALE] =
    g_param_spec_double ("counter-scale", NULL, NULL,
                         KESSEL_COUNTER_SCALE_MIN, KESSEL_COUNTER_SCALE_MAX, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whose eyes the map is seen with, and whether it is hidden: what else
   * the window shows of the game follows them. */
  kessel_map_view_properties[PROP_VIEWER] =
    g_param_spec_int ("viewer", NULL, NULL,
                      KESSEL_SIDE_NONE, KESSEL_SIDE_SOVIET, KESSEL_SIDE_NONE,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  kessel_map_view_properties[PROP_COVERED] =
    g_param_spec_boolean ("covered", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, kessel_map_view_properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * KesselMapView::hex-hovered:
   * @hex: the hex now under the pointer, or -1 when it is off the map
   */
  kessel_map_view_signals[HEX_HOVERED] =
    g_signal_new ("hex-hovered",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL,
                  g_cclosure_marshal_VOID__INT,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * KesselMapView::hex-activated:
   * @hex: the hex clicked, or chosen with the keyboard's cursor; -1 off the map
   * @button: the mouse button (1 for the keyboard)
   */
  kessel_map_view_signals[HEX_ACTIVATED] =
    g_signal_new ("hex-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);

  /**
   * KesselMapView::stroke:
   * @phase: a KesselStrokePhase
   * @x, @y: the pointer in widget coordinates
   *
   * While editing, a press of the primary button, the pointer dragged with
   * it, and its release. A click is a stroke that begins and ends in place.
   */
  kessel_map_view_signals[STROKE] =
    g_signal_new ("stroke",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_DOUBLE, G_TYPE_DOUBLE);

  /**
   * KesselMapView::drop:
   * @text: the text dropped on the map
   * @hex: the hex it was dropped on
   *
   * Returns TRUE when the text was taken.
   */
  kessel_map_view_signals[DROP] =
    g_signal_new ("drop",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 2, G_TYPE_STRING, G_TYPE_INT);

  /**
   * KesselMapView::map-changed:
   *
   * What the map shows of its scenario was drawn again after a change, such
   * as an edit of its terrain or rivers.
   */
  kessel_map_view_signals[MAP_CHANGED] =
    g_signal_new ("map-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  kessel_map_view_add_key_bindings (widget_class);

  gtk_widget_class_set_css_name (widget_class, "map");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
kessel_map_view_init (KesselMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->radius = kessel_map_view_zoom_level_radius (2);
  self->show_hex_numbers = TRUE;
  self->counter_scale = 1.0;
  self->hovered_hex = KESSEL_HEX_NONE;
  self->cursor_hex = KESSEL_HEX_NONE;
  self->viewer = KESSEL_SIDE_NONE;
  self->tile_scale = 1;
  self->hadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 0, 0, 0, 0));
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 0, 0, 0, 0));

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Map"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys move the hex cursor, Enter acts on its hex, Control with the arrow keys pans; 1, 2 and 3 choose the zoom level"),
                                  -1);

  kessel_map_view_add_controllers (self);
}

/* Public */

GtkWidget *
kessel_map_view_new (void)
{
  return g_object_new (KESSEL_TYPE_MAP_VIEW, NULL);
}

KesselScenario *
kessel_map_view_get_scenario (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), NULL);
  return self->scenario;
}

/* A painter for the scenario shown, drawing what the view is set to show. */
static void
replace_painter (KesselMapView *self)
{
  g_clear_object (&self->painter);
  if (self->scenario == NULL)
    return;
  self->painter = kessel_map_painter_new (self->scenario);
  kessel_map_painter_set_show_hex_numbers (self->painter, self->show_hex_numbers);
  kessel_map_painter_set_counter_scale (self->painter, self->counter_scale);
  kessel_map_painter_set_show_edge_roles (self->painter, self->editing);
  kessel_map_painter_set_show_control (self->painter, self->show_control);
}

void
kessel_map_view_set_scenario (KesselMapView  *self,
                              KesselScenario *scenario)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  g_return_if_fail (scenario == NULL || KESSEL_IS_SCENARIO (scenario));

  if (!g_set_object (&self->scenario, scenario))
    return;

  replace_painter (self);
  kessel_map_view_update_layout (self);
  self->sketch_pending = TRUE;
  if (scenario != NULL)
    self->rivers_fingerprint = kessel_river_course_fingerprint (kessel_scenario_get_map (scenario));

  /* A new map starts centred, which needs the widget's size. */
  self->center_pending = gtk_widget_get_width (GTK_WIDGET (self)) == 0;
  kessel_map_view_center_map (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));

  self->hovered_hex = KESSEL_HEX_NONE;
  /* Play marks belong to the grid they were made for. */
  g_clear_pointer (&self->marks, g_free);
  g_clear_pointer (&self->path, g_free);
  self->path_length = 0;
  self->n_selected = 0;
  self->cursor_hex = KESSEL_HEX_NONE;
  kessel_map_view_update_hover (self);
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_SCENARIO]);
}

gboolean
kessel_map_view_get_show_hex_numbers (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);
  return self->show_hex_numbers;
}

void
kessel_map_view_set_show_hex_numbers (KesselMapView *self,
                                      gboolean       show)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  show = !!show;
  if (show == self->show_hex_numbers)
    return;

  self->show_hex_numbers = show;
  if (self->painter != NULL)
    kessel_map_painter_set_show_hex_numbers (self->painter, show);
  kessel_map_view_invalidate_tiles (self);
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_SHOW_HEX_NUMBERS]);
}

double
kessel_map_view_get_counter_scale (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 1.0);
  return self->counter_scale;
}

void
kessel_map_view_set_counter_scale (KesselMapView *self,
                                   double         scale)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  scale = CLAMP (scale, KESSEL_COUNTER_SCALE_MIN, KESSEL_COUNTER_SCALE_MAX);
  if (fabs (scale - self->counter_scale) < 0.001)
    return;
  self->counter_scale = scale;
  if (self->painter != NULL)
    kessel_map_painter_set_counter_scale (self->painter, scale);
  kessel_map_view_invalidate_layer (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_COUNTER_SCALE]);
}

const KesselHexLayout *
kessel_map_view_get_layout (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), NULL);
  return self->scenario != NULL ? &self->layout : NULL;
}

/* Play */

static void
game_changed (KesselGame    *game,
              guint          changes,
              KesselMapView *self)
{
  if (changes & (KESSEL_CHANGE_PIECES | KESSEL_CHANGE_COMBAT))
    kessel_map_view_invalidate_layer (self, TRUE);
  if (self->overlays != 0 && (changes & (KESSEL_CHANGE_PIECES | KESSEL_CHANGE_MARKERS | KESSEL_CHANGE_STATUS)))
    kessel_map_view_invalidate_layer (self, FALSE);
}

KesselGame *
kessel_map_view_get_game (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), NULL);
  return self->game;
}

void
kessel_map_view_set_game (KesselMapView *self,
                          KesselGame    *game)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  g_return_if_fail (game == NULL || KESSEL_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game != NULL)
    g_clear_signal_handler (&self->game_changed_id, self->game);
  g_set_object (&self->game, game);
  self->n_selected = 0;
  if (game != NULL)
    {
      self->game_changed_id = g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
      if (kessel_game_get_scenario (game) != self->scenario)
        kessel_map_view_set_scenario (self, kessel_game_get_scenario (game));
    }
  kessel_map_view_set_marks (self, NULL);
  kessel_map_view_set_path (self, NULL, 0, 0, FALSE);
  kessel_map_view_invalidate_layer (self, TRUE);
}

KesselSide
kessel_map_view_get_viewer (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), KESSEL_SIDE_NONE);
  return self->viewer;
}

void
kessel_map_view_set_viewer (KesselMapView *self,
                            KesselSide     viewer)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->viewer == viewer)
    return;
  self->viewer = viewer;
  kessel_map_view_invalidate_layer (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_VIEWER]);
}

void
kessel_map_view_set_selection (KesselMapView *self,
                               const int     *pieces,
                               int            n_pieces)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  n_pieces = CLAMP (n_pieces, 0, KESSEL_ACTION_MAX_UNITS);
  if (n_pieces == self->n_selected
      && (n_pieces == 0 || memcmp (pieces, self->selected, sizeof (int) * n_pieces) == 0))
    return;
  if (n_pieces > 0)
    memcpy (self->selected, pieces, sizeof (int) * n_pieces);
  self->n_selected = n_pieces;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kessel_map_view_set_marks (KesselMapView       *self,
                           const KesselHexMark *marks)
{
  int n;

  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (marks == NULL && self->marks == NULL)
    return;
  g_clear_pointer (&self->marks, g_free);
  if (marks != NULL && self->scenario != NULL)
    {
      n = kessel_grid_hex_count (&self->layout.grid);
      self->marks = g_memdup2 (marks, sizeof marks[0] * n);
    }
  kessel_map_view_invalidate_layer (self, FALSE);
}

const KesselHexMark *
kessel_map_view_get_marks (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), NULL);
  return self->marks;
}

guint
kessel_map_view_get_overlays (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->overlays;
}

void
kessel_map_view_set_overlays (KesselMapView *self,
                              guint          overlays)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->overlays == overlays)
    return;
  self->overlays = overlays;
  kessel_map_view_invalidate_layer (self, FALSE);
}

void
kessel_map_view_set_path (KesselMapView *self,
                          const int     *hexes,
                          int            n_hexes,
                          int            mp_left,
                          gboolean       rolled)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (n_hexes == self->path_length && mp_left == self->path_mp_left && rolled == self->path_rolled
      && (n_hexes == 0 || memcmp (hexes, self->path, sizeof (int) * n_hexes) == 0))
    return;
  g_clear_pointer (&self->path, g_free);
  self->path = n_hexes > 0 ? g_memdup2 (hexes, sizeof (int) * n_hexes) : NULL;
  self->path_length = MAX (n_hexes, 0);
  self->path_mp_left = mp_left;
  self->path_rolled = rolled;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
kessel_map_view_get_path_length (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->path_length;
}

int
kessel_map_view_get_n_selected (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->n_selected;
}

/* Hides the map behind text, as between two players' turns at one screen. */
void
kessel_map_view_set_cover (KesselMapView *self,
                           const char    *text)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (g_strcmp0 (text, self->cover_text) == 0)
    return;
  g_free (self->cover_text);
  self->cover_text = g_strdup (text);
  if (text != NULL)
    {
      /* Nothing the last player pointed at or chose outlasts the cover. */
      kessel_map_view_set_selection (self, NULL, 0);
      kessel_map_view_set_path (self, NULL, 0, 0, FALSE);
      kessel_map_view_set_marks (self, NULL);
      kessel_map_view_set_cursor_hex (self, KESSEL_HEX_NONE);
      self->hovered_hex = KESSEL_HEX_NONE;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_COVERED]);
}

gboolean
kessel_map_view_is_covered (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);
  return self->cover_text != NULL;
}

/* Editing */

void
kessel_map_view_set_editing (KesselMapView *self,
                             gboolean       editing)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  self->editing = !!editing;
  self->stroking = FALSE;
  if (self->painter != NULL)
    kessel_map_painter_set_show_edge_roles (self->painter, editing);
  kessel_map_view_refresh_hexes (self, NULL, -1);
}

gboolean
kessel_map_view_get_editing (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);
  return self->editing;
}

void
kessel_map_view_set_show_control (KesselMapView *self,
                                  gboolean       show)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->show_control == !!show)
    return;
  self->show_control = !!show;
  if (self->painter != NULL)
    kessel_map_painter_set_show_control (self->painter, show);
  kessel_map_view_refresh_hexes (self, NULL, -1);
}

/* Whether anything drawn in or along a hex differs between two maps of one
 * grid: its terrain, roles, closed area, control, place, or a river on its
 * sides. */
static gboolean
hex_differs (KesselMap *a, KesselMap *b, int hex)
{
  const KesselGrid *grid = kessel_map_get_grid (a);
  const KesselPlace *pa = kessel_map_get_place_at (a, hex);
  const KesselPlace *pb = kessel_map_get_place_at (b, hex);

  if (kessel_map_get_terrain (a, hex) != kessel_map_get_terrain (b, hex)
      || kessel_map_get_edge_roles (a, hex) != kessel_map_get_edge_roles (b, hex)
      || kessel_map_is_closed_to_soviet (a, hex) != kessel_map_is_closed_to_soviet (b, hex)
      || kessel_map_get_initial_control (a, hex) != kessel_map_get_initial_control (b, hex)
      || (pa == NULL) != (pb == NULL)
      || (pa != NULL && (pa->kind != pb->kind || g_strcmp0 (pa->name, pb->name) != 0)))
    return TRUE;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      KesselHexside side = kessel_grid_hexside (grid, hex, d);
      if (kessel_map_get_river_at_side (a, side) != kessel_map_get_river_at_side (b, side))
        return TRUE;
    }
  return FALSE;
}

/* The hexes to draw again to show map b where map a is shown, or NULL when
 * the rivers themselves differ (a river's kind shows wherever it runs). */
static GArray *
changed_hexes (KesselMap *a, KesselMap *b)
{
  GArray *hexes;

  if (kessel_map_get_n_rivers (a) != kessel_map_get_n_rivers (b))
    return NULL;
  for (int r = 0; r < kessel_map_get_n_rivers (a); r++)
    if (kessel_map_get_river (a, r)->major != kessel_map_get_river (b, r)->major)
      return NULL;
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (int hex = 0; hex < kessel_map_get_hex_count (a); hex++)
    if (hex_differs (a, b, hex))
      g_array_append_val (hexes, hex);
  return hexes;
}

/* Another version of the same map, as after an undo: the view stays where it
 * is. A map of another size is shown as by kessel_map_view_set_scenario. */
void
kessel_map_view_replace_scenario (KesselMapView  *self,
                                  KesselScenario *scenario)
{
  const KesselGrid *old_grid, *new_grid;
  g_autoptr(GArray) changed = NULL;

  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  g_return_if_fail (KESSEL_IS_SCENARIO (scenario));

  if (self->scenario == NULL || self->scenario == scenario)
    {
      kessel_map_view_set_scenario (self, scenario);
      return;
    }
  old_grid = kessel_map_get_grid (kessel_scenario_get_map (self->scenario));
  new_grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  if (old_grid->columns != new_grid->columns || old_grid->rows != new_grid->rows
      || old_grid->short_even_columns != new_grid->short_even_columns)
    {
      kessel_map_view_set_scenario (self, scenario);
      return;
    }
  changed = changed_hexes (kessel_scenario_get_map (self->scenario), kessel_scenario_get_map (scenario));
  g_set_object (&self->scenario, scenario);
  replace_painter (self);
  /* Only what differs is drawn again; the units may have moved anywhere. */
  if (changed == NULL)
    kessel_map_view_invalidate_tiles (self);
  else
    kessel_map_view_refresh_hexes (self, (const int *) changed->data, changed->len);
  kessel_map_view_refresh_units (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), kessel_map_view_properties[PROP_SCENARIO]);
}
