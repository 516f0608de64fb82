/* kessel-benchmark.h: times start-up, full redraws and pans of a map view
 * and prints them (kessel-window-bench). */
#pragma once

#include "kessel-map-view.h"
#include "kessel-play-panel.h"
#include "kessel-window.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_BENCHMARK (kessel_benchmark_get_type ())
G_DECLARE_FINAL_TYPE (KesselBenchmark, kessel_benchmark, KESSEL, BENCHMARK, GObject)

/* Starts measuring at once; emits "finished" when the results are printed. */
KesselBenchmark *kessel_benchmark_new (KesselMapView *view,
                                       gint64         start_time);

/* Also measures play: selecting a stack until its reachable hexes are drawn,
 * and pointing at a hex until the path to it is drawn. */
void             kessel_benchmark_set_play_panel (KesselBenchmark *self,
                                                  KesselPlayPanel *panel);

/* Then also opens the window's editor through its "editor" action, and
 * times each step of a stroke of the widest terrain brush across the whole
 * map. */
void             kessel_benchmark_set_window (KesselBenchmark *self,
                                              KesselWindow    *window);

G_END_DECLS
