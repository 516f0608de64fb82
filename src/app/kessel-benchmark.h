/* kessel-benchmark.h: times start-up, full redraws and pans of a map view
 * and prints them (kessel --benchmark). */
#pragma once

#include "kessel-map-view.h"

G_BEGIN_DECLS

#define KESSEL_TYPE_BENCHMARK (kessel_benchmark_get_type ())
G_DECLARE_FINAL_TYPE (KesselBenchmark, kessel_benchmark, KESSEL, BENCHMARK, GObject)

/* Starts measuring at once; emits "finished" when the results are printed. */
KesselBenchmark *kessel_benchmark_new (KesselMapView *view,
                                       gint64         start_time);

G_END_DECLS
