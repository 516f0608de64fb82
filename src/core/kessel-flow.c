#include "kessel-flow.h"

typedef struct {
  int to;
  int capacity;   /* what it may still carry */
  int carried;
  int next;       /* the next edge out of the same node, or -1 */
} Edge;

struct _KesselFlow {
  int n_nodes;
  GArray *edges;   /* each edge at an even index, its reverse after it */
  int *first;      /* per node: its first edge, or -1 */
  int *level;
  int *cursor;
  int *queue;
};

KesselFlow *
kessel_flow_new (int n_nodes)
{
  KesselFlow *flow = g_new0 (KesselFlow, 1);

  flow->n_nodes = n_nodes;
  flow->edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  flow->first = g_new (int, n_nodes);
  flow->level = g_new (int, n_nodes);
  flow->cursor = g_new (int, n_nodes);
  flow->queue = g_new (int, n_nodes);
  for (int i = 0; i < n_nodes; i++)
    flow->first[i] = -1;
  return flow;
}

void
kessel_flow_free (KesselFlow *flow)
{
  g_array_unref (flow->edges);
  g_free (flow->first);
  g_free (flow->level);
  g_free (flow->cursor);
  g_free (flow->queue);
  g_free (flow);
}

static void
append_edge (KesselFlow *flow, int from, int to, int capacity)
{
  Edge edge = { to, capacity, 0, flow->first[from] };

  flow->first[from] = (int) flow->edges->len;
  g_array_append_val (flow->edges, edge);
}

int
kessel_flow_add_edge (KesselFlow *flow, int from, int to, int capacity)
{
  int number = (int) flow->edges->len;

  g_return_val_if_fail (from >= 0 && from < flow->n_nodes && to >= 0 && to < flow->n_nodes, -1);
  append_edge (flow, from, to, MAX (capacity, 0));
  append_edge (flow, to, from, 0);
  return number;
}

static Edge *
edge_at (KesselFlow *flow, int index)
{
  return &g_array_index (flow->edges, Edge, index);
}

/* Levels by distance from source over edges with room; whether sink is reached. */
static gboolean
build_levels (KesselFlow *flow, int source, int sink)
{
  int head = 0, tail = 0;

  for (int i = 0; i < flow->n_nodes; i++)
    flow->level[i] = -1;
  flow->level[source] = 0;
  flow->queue[tail++] = source;
  while (head < tail)
    {
      int node = flow->queue[head++];
      for (int e = flow->first[node]; e >= 0; e = edge_at (flow, e)->next)
        {
          Edge *edge = edge_at (flow, e);
          if (edge->capacity > 0 && flow->level[edge->to] < 0)
            {
              flow->level[edge->to] = flow->level[node] + 1;
              flow->queue[tail++] = edge->to;
            }
        }
    }
  return flow->level[sink] >= 0;
}

static int
push (KesselFlow *flow, int node, int sink, int amount)
{
  if (node == sink)
    return amount;
  for (; flow->cursor[node] >= 0; flow->cursor[node] = edge_at (flow, flow->cursor[node])->next)
    {
      int e = flow->cursor[node];
      Edge *edge = edge_at (flow, e);
      int pushed;

      if (edge->capacity <= 0 || flow->level[edge->to] != flow->level[node] + 1)
        continue;
      pushed = push (flow, edge->to, sink, MIN (amount, edge->capacity));
      if (pushed > 0)
        {
          edge = edge_at (flow, e);
          edge->capacity -= pushed;
          edge->carried += pushed;
          edge_at (flow, e ^ 1)->capacity += pushed;
          edge_at (flow, e ^ 1)->carried -= pushed;
          return pushed;
        }
    }
  return 0;
}

gint64
kessel_flow_run (KesselFlow *flow, int source, int sink)
{
  gint64 total = 0;

  while (build_levels (flow, source, sink))
    {
      int pushed;

      for (int i = 0; i < flow->n_nodes; i++)
        flow->cursor[i] = flow->first[i];
      while ((pushed = push (flow, source, sink, G_MAXINT)) > 0)
        total += pushed;
    }
  return total;
}

int
kessel_flow_get (KesselFlow *flow, int edge)
{
  g_return_val_if_fail (edge >= 0 && edge < (int) flow->edges->len, 0);
  return edge_at (flow, edge)->carried;
}
