/* kessel-benchmark.c: drives a map view frame by frame and measures it.
 *
 * A frame is timed from the tick callback, where the change is made, to the
 * frame clock's after-paint, by which the widgets are snapshot and the frame
 * rendered; waiting for the next frame is not counted. */
#include "kessel-config.h"

#include <stdio.h>

#include "kessel-benchmark.h"

#define N_FRAMES 50
#define PAN_STEP 24.0
#define TIMEOUT_SECONDS 120

typedef enum {
  PHASE_STARTUP,
  PHASE_REDRAW,
  PHASE_PAN,
  PHASE_DONE,
} Phase;

struct _KesselBenchmark
{
  GObject parent_instance;

  KesselMapView *view;
  gint64 start_time;
  double startup_ms;
  GArray *redraw_ms;
  GArray *pan_ms;

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

  printf ("startup_to_first_frame_ms: %.1f\n", self->startup_ms);
  print_times ("full_redraw_ms", self->redraw_ms);
  print_times ("pan_ms", self->pan_ms);
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

static void
after_paint (GdkFrameClock   *frame_clock,
             KesselBenchmark *self)
{
  gint64 now = g_get_monotonic_time ();
  guint frames = kessel_map_view_get_n_frames (self->view);
  double ms = (now - self->frame_start) / 1000.0;

  if (self->phase == PHASE_STARTUP)
    {
      if (frames > 0)
        {
          self->startup_ms = (now - self->start_time) / 1000.0;
          self->phase = PHASE_REDRAW;
        }
      return;
    }

  /* Only frames in which the map view was drawn count. */
  if (!self->frame_pending || frames == self->frames_at_start)
    return;
  self->frame_pending = FALSE;

  if (self->phase == PHASE_REDRAW)
    {
      g_array_append_val (self->redraw_ms, ms);
      if (self->redraw_ms->len == N_FRAMES)
        self->phase = PHASE_PAN;
    }
  else if (self->phase == PHASE_PAN)
    {
      g_array_append_val (self->pan_ms, ms);
      if (self->pan_ms->len == N_FRAMES)
        finish_soon (self);
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

  if (self->phase == PHASE_STARTUP || self->phase == PHASE_DONE || self->frame_pending)
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
  else
    pan_one_step (self);
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
  G_OBJECT_CLASS (kessel_benchmark_parent_class)->dispose (object);
}

static void
kessel_benchmark_finalize (GObject *object)
{
  KesselBenchmark *self = KESSEL_BENCHMARK (object);

  g_array_unref (self->redraw_ms);
  g_array_unref (self->pan_ms);
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
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (view), tick, self, NULL);
  self->timeout_id = g_timeout_add_seconds (TIMEOUT_SECONDS, timed_out, self);
  return self;
}
