/* kessel-map-view-draw.c: drawing the map view.
 *
 * The map is cut into tiles of TILE_SIZE pixels, each drawn the first time
 * it is seen (or, next to the view, while idle) and kept for the zoom level:
 * terrain and map features as a texture, and above them the counters as a
 * render node of their own, so that units can be redrawn without the
 * terrain. A frame appends the kept tiles in view; since they are the same
 * nodes as in the last frame, GTK repaints only what changed, such as the
 * hover highlight. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kessel-map-view-private.h"
#include "kessel-overlay-painter.h"
#include "kessel-river-course.h"

#define TILE_SIZE 512
/* The hover outline's corners, as a share of the way from the centre: its
 * stroke ends short of the widest river drawn along a hexside. */
#define HIGHLIGHT_INSET 0.72

struct Tile
{
  GdkTexture *terrain;          /* terrain and map features */
  graphene_rect_t stale;        /* the part of terrain to draw again (editing) */
  gboolean has_stale;
  GskRenderNode *marks;         /* play's highlights and overlays under the units */
  GskRenderNode *counters;      /* the units; an empty container when none */
};

/* Tiles */

static void
clear_tiles (KesselMapView *self)
{
  for (int i = 0; i < self->n_tile_columns * self->n_tile_rows; i++)
    {
      g_clear_object (&self->tiles[i].terrain);
      self->tiles[i].has_stale = FALSE;
      g_clear_pointer (&self->tiles[i].marks, gsk_render_node_unref);
      g_clear_pointer (&self->tiles[i].counters, gsk_render_node_unref);
    }
}

void
kessel_map_view_free_tiles (KesselMapView *self)
{
  clear_tiles (self);
  g_clear_pointer (&self->tiles, g_free);
  self->n_tile_columns = self->n_tile_rows = 0;
  g_clear_handle_id (&self->prefetch_id, g_source_remove);
}

static graphene_rect_t
tile_rect (KesselMapView *self,
           int            column,
           int            row)
{
  int x = column * TILE_SIZE;
  int y = row * TILE_SIZE;

  return GRAPHENE_RECT_INIT (x, y,
                             MIN (TILE_SIZE, self->map_width - x),
                             MIN (TILE_SIZE, self->map_height - y));
}

static GdkTexture *
texture_new_for_surface (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;

  cairo_surface_flush (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) height * stride,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  /* GDK_MEMORY_DEFAULT is cairo's premultiplied ARGB32 in native byte order. */
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

static GdkTexture *
render_terrain (KesselMapView         *self,
                const graphene_rect_t *rect)
{
  int scale = self->tile_scale;
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        rect->size.width * scale, rect->size.height * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -rect->origin.x, -rect->origin.y);
  /* The painter also draws what reaches in from hexes outside the rectangle. */
  kessel_map_painter_draw_terrain (self->painter, cr, &self->layout,
                                   rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
  kessel_map_painter_draw_features (self->painter, cr, &self->layout,
                                    rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
  cairo_destroy (cr);

  return texture_new_for_surface (surface);
}

/* The part of a rectangle that stacks of counters reach into; FALSE when
 * none does. */
static gboolean
get_counter_bounds (KesselMapView         *self,
                    const graphene_rect_t *rect,
                    graphene_rect_t       *bounds)
{
  double reach = MAX (1.5 * self->radius, kessel_map_painter_stack_reach (self->painter, &self->layout));
  gboolean found = FALSE;
  int n = self->game != NULL ? kessel_game_get_n_pieces (self->game) : kessel_scenario_get_n_units (self->scenario);

  for (int i = 0; i < n; i++)
    {
      int hex = self->game != NULL ? kessel_game_get_piece_hex (self->game, i)
                                   : kessel_unit_get_setup_hex (kessel_scenario_get_unit (self->scenario, i));
      graphene_rect_t stack;
      double x, y;

      if (hex == KESSEL_HEX_NONE)
        continue;
      kessel_hex_layout_center (&self->layout, hex, &x, &y);
      graphene_rect_init (&stack, x - reach, y - reach, 2 * reach, 2 * reach);
      if (!graphene_rect_intersection (&stack, rect, &stack))
        continue;
      if (found)
        graphene_rect_union (bounds, &stack, bounds);
      else
        *bounds = stack;
      found = TRUE;
    }
  return found;
}

/* A cairo node records the drawing; renderers replay it at the screen's
 * scale and may keep the result for as long as the node is reused. */
static GskRenderNode *
render_counters (KesselMapView         *self,
                 const graphene_rect_t *rect)
{
  graphene_rect_t bounds;
  GskRenderNode *node;
  cairo_t *cr;

  if (!get_counter_bounds (self, rect, &bounds))
    return gsk_container_node_new (NULL, 0);

  node = gsk_cairo_node_new (&bounds);
  cr = gsk_cairo_node_get_draw_context (node);
  if (self->game != NULL)
    kessel_map_painter_draw_game (self->painter, cr, &self->layout, self->game, self->viewer,
                                  bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
  else
    kessel_map_painter_draw_setup (self->painter, cr, &self->layout,
                                   bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
  cairo_destroy (cr);
  return node;
}

/* The part of a tile that marked hexes cover; FALSE when none does. */
static gboolean
get_marks_bounds (KesselMapView         *self,
                  const graphene_rect_t *rect,
                  graphene_rect_t       *bounds)
{
  int n = kessel_grid_hex_count (&self->layout.grid);
  double extent = self->radius * 1.1;
  gboolean found = FALSE;

  for (int hex = 0; hex < n; hex++)
    {
      graphene_rect_t mark;
      double x, y;

      if (self->marks[hex].kind == KESSEL_MARK_NONE)
        continue;
      kessel_hex_layout_center (&self->layout, hex, &x, &y);
      graphene_rect_init (&mark, x - extent, y - extent, 2 * extent, 2 * extent);
      if (!graphene_rect_intersection (&mark, rect, &mark))
        continue;
      if (found)
        graphene_rect_union (bounds, &mark, bounds);
      else
        *bounds = mark;
      found = TRUE;
    }
  return found;
}

static GskRenderNode *
render_marks (KesselMapView         *self,
              const graphene_rect_t *rect)
{
  graphene_rect_t bounds = *rect;
  GskRenderNode *node;
  cairo_t *cr;
  gboolean overlays = self->game != NULL && self->overlays != 0;

  if (!overlays && (self->marks == NULL || !get_marks_bounds (self, rect, &bounds)))
    return gsk_container_node_new (NULL, 0);
  node = gsk_cairo_node_new (&bounds);
  cr = gsk_cairo_node_get_draw_context (node);
  if (overlays)
    kessel_overlay_draw_game (cr, &self->layout, self->game, self->overlays,
                              rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
  kessel_overlay_draw_marks (cr, &self->layout, self->marks,
                             bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height);
  cairo_destroy (cr);
  return node;
}

/* The tile's terrain with only its stale part drawn again, as after a step
 * of the editor's brush: far cheaper than the whole tile. */
static GdkTexture *
repaint_terrain (KesselMapView         *self,
                 Tile                  *tile,
                 const graphene_rect_t *rect)
{
  int scale = self->tile_scale;
  const graphene_rect_t *stale = &tile->stale;
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        rect->size.width * scale, rect->size.height * scale);
  gdk_texture_download (tile->terrain, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -rect->origin.x, -rect->origin.y);
  cairo_rectangle (cr, stale->origin.x, stale->origin.y, stale->size.width, stale->size.height);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  kessel_map_painter_draw_terrain (self->painter, cr, &self->layout,
                                   stale->origin.x, stale->origin.y, stale->size.width, stale->size.height);
  kessel_map_painter_draw_features (self->painter, cr, &self->layout,
                                    stale->origin.x, stale->origin.y, stale->size.width, stale->size.height);
  cairo_destroy (cr);
  return texture_new_for_surface (surface);
}

/* A tile's marks and counters, drawn if missing, leaving its terrain as it is. */
static Tile *
get_tile_overlays (KesselMapView *self,
                   int            column,
                   int            row)
{
  Tile *tile = &self->tiles[row * self->n_tile_columns + column];
  graphene_rect_t rect = tile_rect (self, column, row);

  if (tile->marks == NULL)
    tile->marks = render_marks (self, &rect);
  if (tile->counters == NULL)
    tile->counters = render_counters (self, &rect);
  return tile;
}

static Tile *
get_tile (KesselMapView *self,
          int            column,
          int            row)
{
  Tile *tile = &self->tiles[row * self->n_tile_columns + column];
  graphene_rect_t rect = tile_rect (self, column, row);

  if (tile->terrain != NULL && tile->has_stale)
    {
      GdkTexture *repainted = repaint_terrain (self, tile, &rect);
      g_object_unref (tile->terrain);
      tile->terrain = repainted;
    }
  tile->has_stale = FALSE;
  if (tile->terrain == NULL)
    tile->terrain = render_terrain (self, &rect);
  return get_tile_overlays (self, column, row);
}

static gboolean
tile_is_ready (KesselMapView *self,
               int            column,
               int            row)
{
  Tile *tile = &self->tiles[row * self->n_tile_columns + column];

  return tile->terrain != NULL && !tile->has_stale && tile->marks != NULL && tile->counters != NULL;
}

void
kessel_map_view_update_layout (KesselMapView *self)
{
  const KesselGrid *grid;

  kessel_map_view_free_tiles (self);
  if (self->scenario == NULL)
    {
      self->map_width = self->map_height = 0;
      return;
    }

  grid = kessel_map_get_grid (kessel_scenario_get_map (self->scenario));
  kessel_hex_layout_init (&self->layout, grid, self->radius);
  self->map_width = (int) ceil (kessel_hex_layout_width (&self->layout));
  self->map_height = (int) ceil (kessel_hex_layout_height (&self->layout));
  self->n_tile_columns = (self->map_width + TILE_SIZE - 1) / TILE_SIZE;
  self->n_tile_rows = (self->map_height + TILE_SIZE - 1) / TILE_SIZE;
  self->tiles = g_new0 (Tile, self->n_tile_columns * self->n_tile_rows);
}

/* Drawing */

static void
get_tile_range (KesselMapView         *self,
                const graphene_rect_t *rect,
                int                    border,
                int                   *first_column,
                int                   *last_column,
                int                   *first_row,
                int                   *last_row)
{
  *first_column = MAX (0, (int) (rect->origin.x / TILE_SIZE) - border);
  *first_row = MAX (0, (int) (rect->origin.y / TILE_SIZE) - border);
  *last_column = MIN (self->n_tile_columns - 1,
                      (int) ((rect->origin.x + rect->size.width - 1) / TILE_SIZE) + border);
  *last_row = MIN (self->n_tile_rows - 1,
                   (int) ((rect->origin.y + rect->size.height - 1) / TILE_SIZE) + border);
}

/* The part of the map in view, in map coordinates. FALSE when none is. */
static gboolean
get_visible_rect (KesselMapView   *self,
                  graphene_rect_t *visible)
{
  graphene_rect_t map = GRAPHENE_RECT_INIT (0, 0, self->map_width, self->map_height);
  graphene_rect_t view;
  double origin_x, origin_y;

  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  graphene_rect_init (&view, -origin_x, -origin_y,
                      gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
  return self->scenario != NULL && graphene_rect_intersection (&map, &view, visible);
}

/* Draws the tiles in view that the last frame only sketched, then those
 * next to the view, one at a time while nothing else is to be done, so that
 * panning finds them ready. */
static gboolean
prefetch_tiles (gpointer data)
{
  KesselMapView *self = data;
  graphene_rect_t visible;
  int first_column, last_column, first_row, last_row;

  if (get_visible_rect (self, &visible))
    for (int border = 0; border <= 1; border++)
      {
        get_tile_range (self, &visible, border, &first_column, &last_column, &first_row, &last_row);
        for (int row = first_row; row <= last_row; row++)
          for (int column = first_column; column <= last_column; column++)
            if (!tile_is_ready (self, column, row))
              {
                get_tile (self, column, row);
                if (border == 0)
                  gtk_widget_queue_draw (GTK_WIDGET (self));
                return G_SOURCE_CONTINUE;
              }
      }

  self->prefetch_id = 0;
  return G_SOURCE_REMOVE;
}

/* The first frame of a new map need not wait for its tiles: the terrain's
 * tints and the rivers stand in for those not drawn yet, which are then
 * drawn while idle. The sketch is drawn at a quarter of the pixels and
 * scaled up, for it is seen for a moment and costs the first frame most
 * of its time at full size. */
#define SKETCH_SCALE 0.5

static GdkTexture *
draw_sketch (KesselMapView         *self,
             const graphene_rect_t *visible)
{
  int width = MAX (1, (int) ceil (visible->size.width * SKETCH_SCALE));
  int height = MAX (1, (int) ceil (visible->size.height * SKETCH_SCALE));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, SKETCH_SCALE, SKETCH_SCALE);
  cairo_translate (cr, -visible->origin.x, -visible->origin.y);
  kessel_map_painter_draw_sketch (self->painter, cr, &self->layout, visible->origin.x, visible->origin.y,
                                  visible->size.width, visible->size.height);
  cairo_destroy (cr);
  return texture_new_for_surface (surface);
}

static void
snapshot_sketch (KesselMapView         *self,
                 GtkSnapshot           *snapshot,
                 const graphene_rect_t *visible)
{
  g_autoptr(GdkTexture) sketch = draw_sketch (self, visible);

  /* A texture drawn larger than its size is scaled smoothly. */
  gtk_snapshot_append_texture (snapshot, sketch,
                               &GRAPHENE_RECT_INIT (visible->origin.x, visible->origin.y,
                                                    gdk_texture_get_width (sketch) / SKETCH_SCALE,
                                                    gdk_texture_get_height (sketch) / SKETCH_SCALE));
}

/* With sketch, tiles without terrain yet are sketched instead of drawn, and
 * their counters and marks wait for them. */
static void
snapshot_tiles (KesselMapView         *self,
                GtkSnapshot           *snapshot,
                const graphene_rect_t *visible,
                gboolean               sketch)
{
  int first_column, last_column, first_row, last_row;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  if (scale != self->tile_scale)
    {
      clear_tiles (self);
      self->tile_scale = scale;
    }

  get_tile_range (self, visible, 0, &first_column, &last_column, &first_row, &last_row);
  if (sketch)
    snapshot_sketch (self, snapshot, visible);
  for (int row = first_row; row <= last_row; row++)
    for (int column = first_column; column <= last_column; column++)
      {
        graphene_rect_t rect = tile_rect (self, column, row);
        Tile *tile = &self->tiles[row * self->n_tile_columns + column];

        if (sketch && tile->terrain == NULL)
          continue;
        gtk_snapshot_append_texture (snapshot, get_tile (self, column, row)->terrain, &rect);
      }
  /* Only sketched tiles are still without terrain. */
  for (int row = first_row; row <= last_row; row++)
    for (int column = first_column; column <= last_column; column++)
      if (self->tiles[row * self->n_tile_columns + column].terrain != NULL)
        gtk_snapshot_append_node (snapshot, get_tile_overlays (self, column, row)->marks);
  /* Counters above all the terrain: a stack may reach into the next tile. */
  for (int row = first_row; row <= last_row; row++)
    for (int column = first_column; column <= last_column; column++)
      if (self->tiles[row * self->n_tile_columns + column].terrain != NULL)
        gtk_snapshot_append_node (snapshot, get_tile_overlays (self, column, row)->counters);

  if (self->prefetch_id == 0)
    self->prefetch_id = g_idle_add_full (G_PRIORITY_LOW, prefetch_tiles, self, NULL);
}

static void
snapshot_highlight (KesselMapView *self,
                    GtkSnapshot   *snapshot)
{
  double cx, cy, extent = self->radius + 4;
  cairo_t *cr;

  if (self->hovered_hex == KESSEL_HEX_NONE)
    return;

  kessel_hex_layout_center (&self->layout, self->hovered_hex, &cx, &cy);
  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (cx - extent, cy - extent,
                                                       2 * extent, 2 * extent));
  /* Inside the hex, clear of its hexsides: a river just drawn stays in sight. */
  for (int corner = 0; corner < 6; corner++)
    {
      double x, y;

      kessel_hex_layout_corner (&self->layout, self->hovered_hex, corner, &x, &y);
      cairo_line_to (cr, cx + (x - cx) * HIGHLIGHT_INSET, cy + (y - cy) * HIGHLIGHT_INSET);
    }
  cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
  cairo_set_line_width (cr, MAX (3.0, self->radius / 6));
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 1.0, 0.85, 0.1);
  cairo_set_line_width (cr, MAX (1.5, self->radius / 12));
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The path under the pointer and the hex cursor change with every motion,
 * so they are drawn each frame rather than kept in the tiles. */
/* The rectangle around hexes, with room for outlines and labels. */
static void
add_hex_bounds (KesselMapView   *self,
                int              hex,
                graphene_rect_t *bounds,
                gboolean        *any)
{
  double x, y, extent = self->radius * 1.2;
  graphene_rect_t rect;

  kessel_hex_layout_center (&self->layout, hex, &x, &y);
  graphene_rect_init (&rect, x - extent, y - extent, 2 * extent, 2 * extent);
  if (*any)
    graphene_rect_union (bounds, &rect, bounds);
  else
    *bounds = rect;
  *any = TRUE;
}

/* The path under the pointer, the selected stack and the hex cursor change
 * with every motion, so they are drawn each frame rather than kept in the
 * tiles, on a surface no larger than they need. */
static void
snapshot_play (KesselMapView         *self,
               GtkSnapshot           *snapshot,
               const graphene_rect_t *visible)
{
  graphene_rect_t bounds;
  gboolean any = FALSE;
  int selected_hex = KESSEL_HEX_NONE;
  cairo_t *cr;

  if (self->game != NULL && self->n_selected > 0)
    selected_hex = kessel_game_get_piece_hex (self->game, self->selected[0]);
  for (int i = 0; i < self->path_length; i++)
    add_hex_bounds (self, self->path[i], &bounds, &any);
  if (self->cursor_hex != KESSEL_HEX_NONE)
    add_hex_bounds (self, self->cursor_hex, &bounds, &any);
  if (selected_hex >= 0)
    add_hex_bounds (self, selected_hex, &bounds, &any);
  if (!any || !graphene_rect_intersection (&bounds, visible, &bounds))
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  if (selected_hex >= 0)
    kessel_overlay_draw_outline (cr, &self->layout, selected_hex, 1.0, 0.85, 0.1, FALSE);
  if (self->path_length >= 2)
    kessel_overlay_draw_path (cr, &self->layout, self->path, self->path_length,
                              self->path_mp_left, self->path_rolled);
  if (self->cursor_hex != KESSEL_HEX_NONE)
    kessel_overlay_draw_outline (cr, &self->layout, self->cursor_hex, 0.2, 0.9, 1.0, TRUE);
  cairo_destroy (cr);
}

static void
snapshot_placeholder (KesselMapView *self,
                      GtkSnapshot   *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, self->cover_text ? self->cover_text
                                                                                         : _("No scenario is open"));
  GdkRGBA color;
  int width, height;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  color.alpha *= 0.55f;
  pango_layout_get_pixel_size (layout, &width, &height);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot,
                          &GRAPHENE_POINT_INIT ((gtk_widget_get_width (widget) - width) / 2,
                                                (gtk_widget_get_height (widget) - height) / 2));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
}

void
kessel_map_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  KesselMapView *self = KESSEL_MAP_VIEW (widget);
  graphene_rect_t visible;
  double origin_x, origin_y;
  gint64 start = g_get_monotonic_time ();

  if (self->scenario == NULL || self->cover_text != NULL)
    {
      snapshot_placeholder (self, snapshot);
      return;
    }
  if (!get_visible_rect (self, &visible))
    return;

  kessel_map_view_get_origin (self, &origin_x, &origin_y);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (origin_x, origin_y));
  snapshot_tiles (self, snapshot, &visible, self->sketch_pending);
  self->sketch_pending = FALSE;
  snapshot_play (self, snapshot, &visible);
  snapshot_highlight (self, snapshot);
  gtk_snapshot_restore (snapshot);

  self->n_frames++;
  self->snapshot_us = g_get_monotonic_time () - start;
}

/* Drawing again */

void
kessel_map_view_invalidate_tiles (KesselMapView *self)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));

  clear_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
kessel_map_view_is_drawn (KesselMapView *self)
{
  graphene_rect_t visible;
  int first_column, last_column, first_row, last_row;

  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), FALSE);

  if (!get_visible_rect (self, &visible))
    return TRUE;
  get_tile_range (self, &visible, 0, &first_column, &last_column, &first_row, &last_row);
  for (int row = first_row; row <= last_row; row++)
    for (int column = first_column; column <= last_column; column++)
      if (!tile_is_ready (self, column, row))
        return FALSE;
  return TRUE;
}

gint64
kessel_map_view_get_snapshot_time (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->snapshot_us;
}

guint
kessel_map_view_get_n_frames (KesselMapView *self)
{
  g_return_val_if_fail (KESSEL_IS_MAP_VIEW (self), 0);
  return self->n_frames;
}

void
kessel_map_view_invalidate_layer (KesselMapView *self, gboolean counters)
{
  for (int i = 0; i < self->n_tile_columns * self->n_tile_rows; i++)
    {
      if (counters)
        g_clear_pointer (&self->tiles[i].counters, gsk_render_node_unref);
      else
        g_clear_pointer (&self->tiles[i].marks, gsk_render_node_unref);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Marks stale the part of every tile that the hex's terrain, rivers,
 * symbols or name may reach into. */
static void
mark_tiles_stale_around (KesselMapView *self,
                         int            hex)
{
  double reach = MAX (1.6 * self->radius, 90.0), x, y;
  int first_column, last_column, first_row, last_row;
  graphene_rect_t around;

  kessel_hex_layout_center (&self->layout, hex, &x, &y);
  first_column = MAX (0, (int) floor ((x - reach) / TILE_SIZE));
  last_column = MIN (self->n_tile_columns - 1, (int) floor ((x + reach) / TILE_SIZE));
  first_row = MAX (0, (int) floor ((y - reach) / TILE_SIZE));
  last_row = MIN (self->n_tile_rows - 1, (int) floor ((y + reach) / TILE_SIZE));
  graphene_rect_init (&around, x - reach, y - reach, 2 * reach, 2 * reach);
  for (int row = first_row; row <= last_row; row++)
    for (int column = first_column; column <= last_column; column++)
      {
        Tile *tile = &self->tiles[row * self->n_tile_columns + column];
        graphene_rect_t rect = tile_rect (self, column, row), part;

        if (tile->terrain == NULL || !graphene_rect_intersection (&around, &rect, &part))
          continue;
        if (tile->has_stale)
          graphene_rect_union (&tile->stale, &part, &tile->stale);
        else
          tile->stale = part;
        tile->has_stale = TRUE;
      }
}

/* A river's width at each hexside follows its distance from the source, so
 * a hexside added or taken away may widen or narrow the river far off. */
static gboolean
rivers_changed (KesselMapView *self)
{
  guint fingerprint = kessel_river_course_fingerprint (kessel_scenario_get_map (self->scenario));
  gboolean changed = fingerprint != self->rivers_fingerprint;

  self->rivers_fingerprint = fingerprint;
  return changed;
}

void
kessel_map_view_refresh_hexes (KesselMapView *self,
                               const int     *hexes,
                               int            n_hexes)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  if (self->scenario == NULL || self->tiles == NULL)
    return;
  if (n_hexes < 0 || rivers_changed (self))
    clear_tiles (self);
  else
    for (int i = 0; i < n_hexes; i++)
      mark_tiles_stale_around (self, hexes[i]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, kessel_map_view_signals[MAP_CHANGED], 0);
}

void
kessel_map_view_refresh_units (KesselMapView *self)
{
  g_return_if_fail (KESSEL_IS_MAP_VIEW (self));
  for (int i = 0; i < self->n_tile_columns * self->n_tile_rows; i++)
    g_clear_pointer (&self->tiles[i].counters, gsk_render_node_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
