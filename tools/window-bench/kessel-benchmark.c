/* kessel-benchmark.c: drives a map view frame by frame and measures it.
 *
 * A frame is timed from the tick callback, where the change is made, to the
 * frame clock's after-paint, by which the widgets are snapshot and the frame
 * rendered; waiting for the next frame is not counted. */
#include "kessel-config.h"

#include <stdio.h>

#include "kessel-benchmark.h"
#include "kessel-play-panel.h"
#include "kessel-window.h"

#define N_FRAMES 50
#define PAN_STEP 24.0
#define TIMEOUT_SECONDS 120

typedef enum {
  PHASE_STARTUP,
  PHASE_STARTUP_DETAIL,
  PHASE_REDRAW,
  PHASE_PAN,
  PHASE_SELECT,
  PHASE_HOVER,
  PHASE_OPEN_EDITOR,
  PHASE_BRUSH_SETUP,
  PHASE_BRUSH,
  PHASE_DONE,
} Phase;

struct _KesselBenchmark
{
  GObject parent_instance;

  KesselMapView *view;
  gint64 start_time;
  int zoom_level;               /* for the redraw and pan, after start-up */
  double startup_ms;
  double detail_ms;             /* until the map in view is drawn in full */
  GArray *redraw_ms;
  GArray *pan_ms;
  GArray *select_ms;
  GArray *hover_ms;
  GArray *select_snapshot_ms;   /* the map's own drawing in those frames */
  GArray *hover_snapshot_ms;
  GArray *pan_snapshot_ms;

  KesselPlayPanel *panel;       /* NULL: no play measurements */
  KesselWindow *window;         /* NULL: no editor measurements */
  GActionGroup *window_actions; /* the window's, when it is given */
  KesselEditor *editor;         /* once opened */
  double open_editor_ms;
  GArray *brush_ms;
  GArray *brush_snapshot_ms;
  int first_hex, last_hex;      /* the stroke runs between their centres */
  GArray *stacks;               /* hexes of stacks that can move */
  GArray *reachable;            /* hexes the selected stack can reach */
  guint next;

  Phase phase;
  gboolean frame_pending;
  gint64 frame_start;
  guint frames_at_start;
  double pan_dx;
  double pan_dy;

  GdkFrameClock *frame_clock;
  gulong after_paint_id;
  guint tick_id;
  guint timeout_id;
};

G_DEFINE_FINAL_TYPE (KesselBenchmark, kessel_benchmark, G_TYPE_OBJECT)

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
print_times (const char *name,
             GArray     *times)
{
  g_autoptr(GArray) sorted = g_array_copy (times);
  double median;

  if (sorted->len == 0)
    {
      printf ("%s none measured\n", name);
      return;
    }
  g_array_sort (sorted, compare_doubles);
  median = sorted->len % 2 == 1
    ? g_array_index (sorted, double, sorted->len / 2)
    : (g_array_index (sorted, double, sorted->len / 2 - 1) + g_array_index (sorted, double, sorted->len / 2)) / 2;
  printf ("%s median %.1f max %.1f\n", name, median, g_array_index (sorted, double, sorted->len - 1));
}

static void
print_results (KesselBenchmark *self)
{
  GtkWidget *widget = GTK_WIDGET (self->view);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  printf ("startup_to_full_map_ms: %.1f\n", self->detail_ms);
  print_times ("full_redraw_ms", self->redraw_ms);
  print_times ("pan_ms", self->pan_ms);
  print_times ("  of which map snapshot", self->pan_snapshot_ms);
  if (self->panel != NULL)
    {
      print_times ("select_stack_ms", self->select_ms);
      print_times ("  of which map snapshot", self->select_snapshot_ms);
      print_times ("hover_path_ms", self->hover_ms);
      print_times ("  of which map snapshot", self->hover_snapshot_ms);
    }
  if (self->window_actions != NULL)
    {
      printf ("open_editor_ms: %.1f\n", self->open_editor_ms);
      print_times ("brush_stroke_step_ms", self->brush_ms);
      print_times ("  of which map snapshot", self->brush_snapshot_ms);
    }
  printf ("zoom_level: %d hex_radius: %g map_view: %dx%d renderer: %s\n",
          kessel_map_view_get_zoom_level (self->view),
          kessel_map_view_get_hex_radius (self->view),
          gtk_widget_get_width (widget), gtk_widget_get_height (widget),
          renderer != NULL ? G_OBJECT_TYPE_NAME (renderer) : "none");
  fflush (stdout);
}

static void
stop (KesselBenchmark *self)
{
  self->phase = PHASE_DONE;
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->view), self->tick_id);
  self->tick_id = 0;
  g_clear_signal_handler (&self->after_paint_id, self->frame_clock);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
}

static gboolean
finish (gpointer data)
{
  KesselBenchmark *self = data;

  stop (self);
  print_results (self);
  g_signal_emit (self, signals[FINISHED], 0);
  return G_SOURCE_REMOVE;
}

static void
finish_soon (KesselBenchmark *self)
{
  self->phase = PHASE_DONE;
  g_idle_add_full (G_PRIORITY_DEFAULT, finish, g_object_ref (self), g_object_unref);
}

static double
scroll_range (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
}

static gboolean
can_pan (KesselBenchmark *self)
{
  return scroll_range (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->view))) > 0
         || scroll_range (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view))) > 0;
}

/* Moves diagonally, turning back at the ends of the map. */
static void
pan_one_step (KesselBenchmark *self)
{
  GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->view));
  GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view));
  double h_max = scroll_range (h);
  double v_max = scroll_range (v);
  double x = gtk_adjustment_get_value (h) + self->pan_dx;
  double y = gtk_adjustment_get_value (v) + self->pan_dy;

  if (x < 0 || x > h_max)
    self->pan_dx = -self->pan_dx;
  if (y < 0 || y > v_max)
    self->pan_dy = -self->pan_dy;
  gtk_adjustment_set_value (h, CLAMP (x, 0, h_max));
  gtk_adjustment_set_value (v, CLAMP (y, 0, v_max));
}

/* A game at the Soviet player's first movement, where every Soviet stack
 * can move: the computer player sets the Germans up. */
static KesselGame *
game_at_first_movement (KesselScenario *scenario)
{
  KesselGame *game = kessel_game_new (scenario, 1);
  KesselDice player;
  KesselAction action;

  kessel_dice_init (&player, 1);
  while (kessel_game_get_segment (game) != KESSEL_SEGMENT_MOVEMENT
         && kessel_game_random_action (game, &player, &action)
         && kessel_game_apply (game, &action, NULL))
    ;
  return game;
}

static void start_play (KesselBenchmark *self);
static void start_editor (KesselBenchmark *self);
static void brush_step (KesselBenchmark *self, KesselStrokePhase phase);

static void
start_play (KesselBenchmark *self)
{
  g_autoptr(KesselGame) game = NULL;

  if (self->panel == NULL || kessel_map_view_get_scenario (self->view) == NULL)
    {
      finish_soon (self);
      return;
    }
  game = game_at_first_movement (kessel_map_view_get_scenario (self->view));
  kessel_play_panel_set_fog_of_war (self->panel, FALSE);
  kessel_play_panel_set_game (self->panel, game);
  for (int p = 0; p < kessel_game_get_n_pieces (game); p++)
    if (kessel_game_get_piece_side (game, p) == kessel_game_get_active_side (game)
        && kessel_game_get_piece_status (game, p) == KESSEL_PIECE_ON_MAP)
      {
        int hex = kessel_game_get_piece_hex (game, p);
        g_array_append_val (self->stacks, hex);
      }
  if (self->stacks->len == 0)
    {
      finish_soon (self);
      return;
    }
  self->phase = PHASE_SELECT;
}

/* Selects the next stack, as a click on it does: its reachable hexes light up. */
static void
select_next_stack (KesselBenchmark *self)
{
  int hex = g_array_index (self->stacks, int, self->next++ % self->stacks->len);

  kessel_play_panel_cancel (self->panel);
  kessel_play_panel_activate_hex (self->panel, hex);
}

/* Points at the next hex the last stack selected can reach: its path is drawn. */
static void
hover_next_hex (KesselBenchmark *self)
{
  const KesselHexMark *marks = kessel_map_view_get_marks (self->view);

  if (self->reachable->len == 0 && marks != NULL)
    {
      int n = kessel_grid_hex_count (&kessel_map_view_get_layout (self->view)->grid);
      for (int hex = 0; hex < n; hex++)
        if (marks[hex].kind == KESSEL_MARK_REACH)
          g_array_append_val (self->reachable, hex);
    }
  if (self->reachable->len == 0)
    {
      gtk_widget_queue_draw (GTK_WIDGET (self->view));
      return;
    }
  kessel_play_panel_hover_hex (self->panel, g_array_index (self->reachable, int,
                                                           self->next++ % self->reachable->len));
}

static void
start_editor (KesselBenchmark *self)
{
  if (self->window == NULL)
    {
      finish_soon (self);
      return;
    }
  self->phase = PHASE_OPEN_EDITOR;
}

/* The whole map in view, and the widest terrain brush. */
static void
set_up_brush (KesselBenchmark *self)
{
  KesselMapTools *tools;
  int n = kessel_grid_hex_count (&kessel_map_view_get_layout (self->view)->grid);

  g_set_object (&self->editor, kessel_window_get_editor (self->window));
  tools = kessel_editor_get_tools (self->editor);
  kessel_map_view_set_zoom_level (self->view, 1);
  g_action_group_change_action_state (kessel_editor_get_actions (self->editor), "tool",
                                      g_variant_new_string ("terrain"));
  kessel_map_tools_set_terrain (tools, KESSEL_TERRAIN_MARSH);
  kessel_map_tools_set_brush_size (tools, KESSEL_MAX_BRUSH_SIZE);
  self->first_hex = 0;
  self->last_hex = n - 1;
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

/* One step of a stroke from the map's first hex to its last, as a drag
 * across the whole map with the mouse. */
static void
brush_step (KesselBenchmark *self, KesselStrokePhase phase)
{
  double x1, y1, x2, y2, t = (double) self->brush_ms->len / (N_FRAMES - 1);

  kessel_map_view_get_hex_center (self->view, self->first_hex, &x1, &y1);
  kessel_map_view_get_hex_center (self->view, self->last_hex, &x2, &y2);
  kessel_map_tools_stroke (kessel_editor_get_tools (self->editor), phase,
                           x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
  /* A step over hexes already painted changes nothing, but still makes a
   * frame to time. */
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

static void
after_paint (GdkFrameClock   *frame_clock,
             KesselBenchmark *self)
{
  gint64 now = g_get_monotonic_time ();
  guint frames = kessel_map_view_get_n_frames (self->view);
  double ms = (now - self->frame_start) / 1000.0;
  double snapshot_ms;

  if (self->phase == PHASE_STARTUP)
    {
      if (frames > 0)
        {
          self->startup_ms = (now - self->start_time) / 1000.0;
          /* At once, for tools/measure-startup, which times from the
           * process's launch and stops it here. */
          printf ("startup_to_first_frame_ms: %.1f\n", self->startup_ms);
          printf ("first_frame_unix_us: %" G_GINT64_FORMAT "\n", g_get_real_time ());
          fflush (stdout);
          self->phase = PHASE_STARTUP_DETAIL;
        }
      else
        return;
    }
  if (self->phase == PHASE_STARTUP_DETAIL)
    {
      if (kessel_map_view_is_drawn (self->view))
        {
          self->detail_ms = (now - self->start_time) / 1000.0;
          /* Start-up shows the whole map; the rest is measured at one zoom. */
          kessel_map_view_set_zoom_level (self->view, self->zoom_level);
          self->phase = PHASE_REDRAW;
        }
      return;
    }

  /* Only frames in which the map view was drawn count. */
  if (!self->frame_pending || frames == self->frames_at_start)
    return;
  self->frame_pending = FALSE;
  snapshot_ms = kessel_map_view_get_snapshot_time (self->view) / 1000.0;

  if (self->phase == PHASE_REDRAW)
    {
      g_array_append_val (self->redraw_ms, ms);
      if (self->redraw_ms->len == N_FRAMES)
        self->phase = PHASE_PAN;
    }
  else if (self->phase == PHASE_PAN)
    {
      g_array_append_val (self->pan_ms, ms);
      g_array_append_val (self->pan_snapshot_ms, snapshot_ms);
      if (self->pan_ms->len == N_FRAMES)
        start_play (self);
    }
  else if (self->phase == PHASE_SELECT)
    {
      g_array_append_val (self->select_ms, ms);
      g_array_append_val (self->select_snapshot_ms, snapshot_ms);
      if (self->select_ms->len == N_FRAMES)
        self->phase = PHASE_HOVER;
    }
  else if (self->phase == PHASE_HOVER)
    {
      g_array_append_val (self->hover_ms, ms);
      g_array_append_val (self->hover_snapshot_ms, snapshot_ms);
      if (self->hover_ms->len == N_FRAMES)
        start_editor (self);
    }
  else if (self->phase == PHASE_OPEN_EDITOR)
    {
      self->open_editor_ms = ms;
      self->phase = PHASE_BRUSH_SETUP;
    }
  else if (self->phase == PHASE_BRUSH_SETUP)
    self->phase = PHASE_BRUSH;
  else if (self->phase == PHASE_BRUSH)
    {
      g_array_append_val (self->brush_ms, ms);
      g_array_append_val (self->brush_snapshot_ms, snapshot_ms);
      if (self->brush_ms->len == N_FRAMES)
        {
          brush_step (self, KESSEL_STROKE_END);
          finish_soon (self);
        }
    }
}

static gboolean
tick (GtkWidget     *widget,
      GdkFrameClock *frame_clock,
      gpointer       data)
{
  KesselBenchmark *self = data;

  if (self->frame_clock == NULL)
    {
      self->frame_clock = g_object_ref (frame_clock);
      self->after_paint_id = g_signal_connect (frame_clock, "after-paint",
                                               G_CALLBACK (after_paint), self);
    }

  if (self->phase == PHASE_STARTUP || self->phase == PHASE_STARTUP_DETAIL || self->phase == PHASE_DONE
      || self->frame_pending)
    return G_SOURCE_CONTINUE;

  /* With the whole map in view there is nothing to pan. */
  if (self->phase == PHASE_PAN && !can_pan (self))
    {
      finish_soon (self);
      return G_SOURCE_CONTINUE;
    }

  self->frame_pending = TRUE;
  self->frames_at_start = kessel_map_view_get_n_frames (self->view);
  self->frame_start = g_get_monotonic_time ();
  if (self->phase == PHASE_REDRAW)
    kessel_map_view_invalidate_tiles (self->view);
  else if (self->phase == PHASE_PAN)
    pan_one_step (self);
  else if (self->phase == PHASE_SELECT)
    select_next_stack (self);
  else if (self->phase == PHASE_HOVER)
    hover_next_hex (self);
  else if (self->phase == PHASE_OPEN_EDITOR)
    g_action_group_change_action_state (self->window_actions, "editor", g_variant_new_boolean (TRUE));
  else if (self->phase == PHASE_BRUSH_SETUP)
    set_up_brush (self);
  else
    brush_step (self, self->brush_ms->len == 0 ? KESSEL_STROKE_BEGIN : KESSEL_STROKE_MOVE);
  return G_SOURCE_CONTINUE;
}

static gboolean
timed_out (gpointer data)
{
  KesselBenchmark *self = data;

  self->timeout_id = 0;
  printf ("benchmark timed out after %d s\n", TIMEOUT_SECONDS);
  finish (self);
  return G_SOURCE_REMOVE;
}

static void
kessel_benchmark_dispose (GObject *object)
{
  KesselBenchmark *self = KESSEL_BENCHMARK (object);

  if (self->view != NULL)
    stop (self);
  g_clear_object (&self->frame_clock);
  g_clear_object (&self->view);
  g_clear_object (&self->panel);
  g_clear_object (&self->window_actions);
  g_clear_object (&self->window);
  g_clear_object (&self->editor);
  G_OBJECT_CLASS (kessel_benchmark_parent_class)->dispose (object);
}

static void
kessel_benchmark_finalize (GObject *object)
{
  KesselBenchmark *self = KESSEL_BENCHMARK (object);

  g_array_unref (self->redraw_ms);
  g_array_unref (self->pan_ms);
  g_array_unref (self->select_ms);
  g_array_unref (self->select_snapshot_ms);
  g_array_unref (self->hover_snapshot_ms);
  g_array_unref (self->pan_snapshot_ms);
  g_array_unref (self->hover_ms);
  g_array_unref (self->stacks);
  g_array_unref (self->reachable);
  g_array_unref (self->brush_ms);
  g_array_unref (self->brush_snapshot_ms);
  G_OBJECT_CLASS (kessel_benchmark_parent_class)->finalize (object);
}

static void
kessel_benchmark_class_init (KesselBenchmarkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kessel_benchmark_dispose;
  object_class->finalize = kessel_benchmark_finalize;

  signals[FINISHED] =
    g_signal_new ("finished",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
kessel_benchmark_init (KesselBenchmark *self)
{
  self->redraw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->pan_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->select_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->select_snapshot_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->hover_snapshot_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->pan_snapshot_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->hover_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->stacks = g_array_new (FALSE, FALSE, sizeof (int));
  self->reachable = g_array_new (FALSE, FALSE, sizeof (int));
  self->brush_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->brush_snapshot_ms = g_array_new (FALSE, FALSE, sizeof (double));
  self->pan_dx = PAN_STEP;
  self->pan_dy = PAN_STEP / 2;
}

KesselBenchmark *
kessel_benchmark_new (KesselMapView *view,
                      gint64         start_time)
{
  KesselBenchmark *self;

  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (view), NULL);

  self = g_object_new (KESSEL_TYPE_BENCHMARK, NULL);
  self->view = g_object_ref (view);
  self->start_time = start_time;
  self->zoom_level = MAX (kessel_map_view_get_zoom_level (view), 1);
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (view), tick, self, NULL);
  self->timeout_id = g_timeout_add_seconds (TIMEOUT_SECONDS, timed_out, self);
  return self;
}

void
kessel_benchmark_set_play_panel (KesselBenchmark *self,
                                 KesselPlayPanel *panel)
{
  g_return_if_fail (KESSEL_IS_BENCHMARK (self));
  g_set_object (&self->panel, panel);
}

void
kessel_benchmark_set_window (KesselBenchmark *self,
                             KesselWindow    *window)
{
  g_return_if_fail (KESSEL_IS_BENCHMARK (self));
  g_set_object (&self->window, window);
  g_set_object (&self->window_actions, G_ACTION_GROUP (window));
}
