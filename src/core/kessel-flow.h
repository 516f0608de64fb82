/* kessel-flow.h: the largest flow through a small network (Dinic's method),
 * which tells whether units can share out the room of the hexes they may
 * go to. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _KesselFlow KesselFlow;

KesselFlow *kessel_flow_new (int n_nodes);
void        kessel_flow_free (KesselFlow *flow);
/* An edge from one node to another that carries at most capacity. Returns
 * the edge's number, for kessel_flow_get. */
int         kessel_flow_add_edge (KesselFlow *flow, int from, int to, int capacity);
/* The largest flow from source to sink; the edges keep what they carry. */
gint64      kessel_flow_run (KesselFlow *flow, int source, int sink);
int         kessel_flow_get (KesselFlow *flow, int edge);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KesselFlow, kessel_flow_free)

G_END_DECLS
