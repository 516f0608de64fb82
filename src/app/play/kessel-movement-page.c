/* kessel-movement-page.c: the units selected to move and where they go. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include <stdlib.h>
#include <string.h>

#include "kessel-movement-page.h"
#include "kessel-play-choice.h"

struct _KesselMovementPage
{
  GtkBox parent_instance;

  KesselMapView *map_view;
  KesselGame *game;

  GtkLabel *selection_label;
  GtkWidget *exit_button;

  int selected[KESSEL_ACTION_MAX_UNITS];
  int n_selected;
  int selected_hex;
  int cycle;                     /* 0: the whole stack; n: its n-th unit alone */
  KesselReach *reach;
};

enum { PLAY, MESSAGE, SELECTION_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselMovementPage, kessel_movement_page, GTK_TYPE_BOX)

static int
hex_count (KesselMovementPage *self)
{
  return kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static const KesselGrid *
grid (KesselMovementPage *self)
{
  return kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static gboolean
play (KesselMovementPage *self, const KesselAction *action)
{
  gboolean applied = FALSE;

  g_signal_emit (self, signals[PLAY], 0, action, &applied);
  return applied;
}

static void
show_message (KesselMovementPage *self, const char *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static gboolean
can_move (KesselMovementPage *self, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (self->game, piece);

  return kessel_game_get_piece_side (self->game, piece) == kessel_game_get_active_side (self->game)
         && kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_ON_MAP
         && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC
         && kessel_game_get_piece_mp (self->game, piece) > 0;
}

static int
compare_pieces (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The units at hex that can move, in piece order as the game lists them. */
static int
movers_at (KesselMovementPage *self, int hex, int *out)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, hex);
  int n = 0;

  for (guint i = 0; i < pieces->len && n < KESSEL_ACTION_MAX_UNITS; i++)
    if (can_move (self, g_array_index (pieces, int, i)))
      out[n++] = g_array_index (pieces, int, i);
  qsort (out, n, sizeof out[0], compare_pieces);
  return n;
}

static int
mp_of_selection (KesselMovementPage *self)
{
  int mp = G_MAXINT;

  for (int i = 0; i < self->n_selected; i++)
    mp = MIN (mp, kessel_game_get_piece_mp (self->game, self->selected[i]));
  return self->n_selected > 0 ? mp : 0;
}

static void
light_reach (KesselMovementPage *self)
{
  g_autofree KesselHexMark *marks = g_new0 (KesselHexMark, hex_count (self));
  int mp = mp_of_selection (self);

  for (int hex = 0; hex < hex_count (self); hex++)
    {
      marks[hex].number = -1;
      if (self->reach != NULL && self->reach[hex].cost >= 0 && self->reach[hex].previous != KESSEL_HEX_NONE)
        {
          marks[hex].kind = KESSEL_MARK_REACH;
          marks[hex].number = (gint8) CLAMP (mp - self->reach[hex].cost, 0, 99);
          marks[hex].roll = self->reach[hex].needs_roll;
        }
    }
  kessel_map_view_set_marks (self->map_view, self->reach != NULL ? marks : NULL);
}

static void
select_movers (KesselMovementPage *self, int hex)
{
  int movers[KESSEL_ACTION_MAX_UNITS];
  int n = movers_at (self, hex, movers);

  if (hex != self->selected_hex)
    self->cycle = 0;
  else
    self->cycle = n > 1 ? (self->cycle + 1) % (n + 1) : 0;
  g_clear_pointer (&self->reach, g_free);
  self->selected_hex = n > 0 ? hex : KESSEL_HEX_NONE;
  if (self->cycle == 0)
    {
      memcpy (self->selected, movers, sizeof (int) * n);
      self->n_selected = n;
    }
  else
    {
      self->selected[0] = movers[self->cycle - 1];
      self->n_selected = 1;
    }
  kessel_map_view_set_selection (self->map_view, self->selected, self->n_selected);
  if (self->n_selected > 0)
    self->reach = kessel_game_reachable (self->game, self->selected, self->n_selected);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

/* The selected units leaving the map from an exit hex (4.1), if the rules allow. */
static gboolean
selection_exit (KesselMovementPage *self, KesselAction *exit)
{
  KesselAction action;

  if (self->n_selected == 0)
    return FALSE;
  kessel_action_init (&action, KESSEL_ACTION_EXIT);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&action, self->selected[i]);
  if (!kessel_game_check (self->game, &action, NULL))
    return FALSE;
  if (exit != NULL)
    *exit = action;
  return TRUE;
}

static void
exit_clicked (KesselMovementPage *self)
{
  KesselAction exit;

  if (selection_exit (self, &exit))
    play (self, &exit);
}

/* Which units are selected and the MP they have left; clicking the stack
 * again takes its units one at a time. */
static void
show_selection (KesselMovementPage *self)
{
  GString *text;

  gtk_widget_set_visible (GTK_WIDGET (self->selection_label), self->n_selected > 0);
  gtk_widget_set_visible (self->exit_button, self->n_selected > 0 && selection_exit (self, NULL));
  if (self->n_selected == 0)
    return;
  text = g_string_new (NULL);
  for (int i = 0; i < self->n_selected; i++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (self->game, self->selected[i]);
      g_string_append_printf (text, i == 0 ? "%s" : ", %s", kessel_unit_get_label (unit));
    }
  g_string_append_printf (text, _(" — %d MP left"), mp_of_selection (self));
  gtk_label_set_text (self->selection_label, text->str);
  g_string_free (text, TRUE);
}

static int
path_to (KesselMovementPage *self, int hex, int *path, int max)
{
  int reversed[KESSEL_ACTION_MAX_PATH * 2], n = 0;

  for (int h = hex; h != KESSEL_HEX_NONE && n < (int) G_N_ELEMENTS (reversed); h = self->reach[h].previous)
    reversed[n++] = h;
  n = MIN (n, max);
  for (int i = 0; i < n; i++)
    path[i] = reversed[n - 1 - i];
  return n;
}

static gboolean
move_to (KesselMovementPage *self, int hex)
{
  KesselAction move;
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n = path_to (self, hex, path, G_N_ELEMENTS (path));

  kessel_action_init (&move, KESSEL_ACTION_MOVE);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&move, self->selected[i]);
  for (int i = 1; i < n; i++)   /* path[0] is where the stack stands */
    kessel_action_add_step (&move, path[i]);
  return play (self, &move);
}

/* The lit hex next to hex that the selection reaches with the most MP left. */
static int
cheapest_lit_neighbour (KesselMovementPage *self, int hex)
{
  int around[KESSEL_N_DIRECTIONS], best = KESSEL_HEX_NONE;

  kessel_grid_neighbours (grid (self), hex, around);
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    if (around[d] != KESSEL_HEX_NONE && self->reach[around[d]].cost >= 0
        && (best == KESSEL_HEX_NONE || self->reach[around[d]].cost < self->reach[best].cost))
      best = around[d];
  return best;
}

/* Why the selected units cannot go to hex, naming the rule and the hex: the
 * rules' refusal of a move there from the best lit hex next to it, or,
 * with none, that it is beyond their MP. */
static void
explain_unreachable (KesselMovementPage *self, int hex)
{
  int via = cheapest_lit_neighbour (self, hex);
  g_autofree char *where = kessel_grid_format_hex (grid (self), hex);
  g_autoptr(GError) error = NULL;
  KesselAction move;
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n = via != KESSEL_HEX_NONE ? path_to (self, via, path, G_N_ELEMENTS (path) - 1) : 0;

  kessel_action_init (&move, KESSEL_ACTION_MOVE);
  for (int i = 0; i < self->n_selected; i++)
    kessel_action_add_unit (&move, self->selected[i]);
  for (int i = 1; i < n; i++)
    kessel_action_add_step (&move, path[i]);
  kessel_action_add_step (&move, hex);
  if (via != KESSEL_HEX_NONE && !kessel_game_check (self->game, &move, &error))
    {
      /* Some refusals name no hex, such as 7.2's for the zone of control
       * on the way: the hex clicked is named after them. */
      g_autofree char *text = strstr (error->message, where) != NULL ? g_strdup (error->message)
                              : g_strdup_printf ("%s (%s)", error->message, where);
      show_message (self, text);
    }
  else
    {
      /* Translators: the hex number and the MP the selected units have left. */
      g_autofree char *text = g_strdup_printf (_("12.0-3: %s is out of reach: with %d MP left, the selected units cannot get there this phase."),
                                               where, mp_of_selection (self));
      show_message (self, text);
    }
}

static void
kessel_movement_page_dispose (GObject *object)
{
  KesselMovementPage *self = KESSEL_MOVEMENT_PAGE (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->reach, g_free);
  self->map_view = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_MOVEMENT_PAGE);
  G_OBJECT_CLASS (kessel_movement_page_parent_class)->dispose (object);
}

static void
kessel_movement_page_class_init (KesselMovementPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_movement_page_dispose;
  signals[PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_POINTER);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SELECTION_CHANGED] = g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-movement-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselMovementPage, selection_label);
  gtk_widget_class_bind_template_child (widget_class, KesselMovementPage, exit_button);
  gtk_widget_class_bind_template_callback (widget_class, exit_clicked);
}

static void
kessel_movement_page_init (KesselMovementPage *self)
{
  self->selected_hex = KESSEL_HEX_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
  kessel_play_choice_prepare_button (GTK_BUTTON (self->exit_button), FALSE);
}

GtkWidget *
kessel_movement_page_new (void)
{
  return g_object_new (KESSEL_TYPE_MOVEMENT_PAGE, NULL);
}

void
kessel_movement_page_set_map_view (KesselMovementPage *self,
                                   KesselMapView      *map_view)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  self->map_view = map_view;
}

void
kessel_movement_page_set_game (KesselMovementPage *self,
                               KesselGame         *game)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  g_set_object (&self->game, game);
}

gboolean
kessel_movement_page_activate_hex (KesselMovementPage *self,
                                   int                 hex)
{
  int movers[KESSEL_ACTION_MAX_UNITS];

  g_return_val_if_fail (KESSEL_IS_MOVEMENT_PAGE (self), FALSE);
  if (self->reach != NULL && self->reach[hex].cost >= 0 && self->reach[hex].previous != KESSEL_HEX_NONE)
    return move_to (self, hex);
  if (self->reach != NULL && self->n_selected > 0 && hex != self->selected_hex && movers_at (self, hex, movers) == 0)
    {
      /* The selection stays: a click on the wrong hex is explained, not taken as a cancel. */
      explain_unreachable (self, hex);
      return FALSE;
    }
  show_message (self, NULL);
  select_movers (self, hex);
  return self->n_selected > 0;
}

void
kessel_movement_page_hover_hex (KesselMovementPage *self,
                                int                 hex)
{
  int path[KESSEL_ACTION_MAX_PATH + 1];
  int n;

  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  if (self->reach == NULL || hex < 0 || hex >= hex_count (self)
      || self->reach[hex].cost < 0 || self->reach[hex].previous == KESSEL_HEX_NONE)
    {
      if (self->map_view != NULL)
        kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
      return;
    }
  n = path_to (self, hex, path, G_N_ELEMENTS (path));
  kessel_map_view_set_path (self->map_view, path, n, mp_of_selection (self) - self->reach[hex].cost,
                            self->reach[hex].needs_roll);
}

void
kessel_movement_page_select_next (KesselMovementPage *self,
                                  int                 direction)
{
  int n, start, piece;

  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  n = kessel_game_get_n_pieces (self->game);
  /* From the end of the selection in the direction of travel, so that a
   * stack's other units are not visited again. */
  start = self->n_selected == 0 ? (direction > 0 ? -1 : n)
          : direction > 0 ? self->selected[self->n_selected - 1] : self->selected[0];
  for (int i = 1; i <= n; i++)
    {
      piece = ((start + direction * i) % n + n) % n;
      if (can_move (self, piece) && kessel_game_get_piece_hex (self->game, piece) != self->selected_hex)
        {
          int hex = kessel_game_get_piece_hex (self->game, piece);
          self->selected_hex = KESSEL_HEX_NONE;
          select_movers (self, hex);
          kessel_map_view_set_cursor_hex (self->map_view, hex);
          kessel_map_view_scroll_to_hex (self->map_view, hex);
          return;
        }
    }
  show_message (self, _("No other unit of yours can move now."));
}

gboolean
kessel_movement_page_leave_map (KesselMovementPage *self)
{
  KesselAction exit;

  g_return_val_if_fail (KESSEL_IS_MOVEMENT_PAGE (self), FALSE);
  return selection_exit (self, &exit) && play (self, &exit);
}

void
kessel_movement_page_update (KesselMovementPage *self)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  light_reach (self);
  show_selection (self);
}

void
kessel_movement_page_clear (KesselMovementPage *self)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  self->selected_hex = KESSEL_HEX_NONE;
  self->cycle = 0;
  kessel_movement_page_unselect (self);
}

void
kessel_movement_page_unselect (KesselMovementPage *self)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  self->n_selected = 0;
  g_clear_pointer (&self->reach, g_free);
  if (self->map_view != NULL)
    {
      kessel_map_view_set_selection (self->map_view, NULL, 0);
      kessel_map_view_set_path (self->map_view, NULL, 0, 0, FALSE);
    }
}

void
kessel_movement_page_set_selection (KesselMovementPage *self,
                                    const int          *units,
                                    int                 n_units)
{
  g_return_if_fail (KESSEL_IS_MOVEMENT_PAGE (self));
  memcpy (self->selected, units, sizeof (int) * n_units);
  self->n_selected = n_units;
  kessel_map_view_set_selection (self->map_view, self->selected, n_units);
}

const int *
kessel_movement_page_get_selection (KesselMovementPage *self,
                                    int                *n_selected)
{
  g_return_val_if_fail (KESSEL_IS_MOVEMENT_PAGE (self), NULL);
  *n_selected = self->n_selected;
  return self->selected;
}
