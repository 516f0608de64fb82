/* kessel-order-of-battle.c: the order-of-battle list.
 *
 * A click on a row selects the unit ("unit-selected"), a double click or
 * Enter opens it ("unit-activated"). The rows are rebuilt when the game
 * changes, but only while the list is on screen. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kessel-game-text.h"
#include "kessel-game-watch.h"
#include "kessel-hex-info-panel.h"
#include "kessel-order-of-battle.h"
#include "kessel-unit-pane.h"

#define PIECE_KEY "kessel-piece"   /* on rows: the piece, plus one so that 0 is a heading */

struct _KesselOrderOfBattle
{
  GtkBox parent_instance;

  KesselGame *game;
  KesselSide viewer;
  gboolean stale;                /* the game changed while the list was not shown */

  GtkToggleButton *german_button;
  GtkToggleButton *soviet_button;
  GtkEditable *search_entry;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (KesselOrderOfBattle, kessel_order_of_battle, GTK_TYPE_BOX)

enum { UNIT_SELECTED, UNIT_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef enum {
  GROUP_ON_MAP,
  GROUP_TO_COME,
  GROUP_GONE,
  N_GROUPS
} Group;

static KesselSide
shown_side (KesselOrderOfBattle *self)
{
  return gtk_toggle_button_get_active (self->german_button) ? KESSEL_SIDE_GERMAN : KESSEL_SIDE_SOVIET;
}

static Group
group_of (KesselGame *game, int piece)
{
  switch (kessel_game_get_piece_status (game, piece))
    {
    case KESSEL_PIECE_ON_MAP: return GROUP_ON_MAP;
    case KESSEL_PIECE_WAITING: return GROUP_TO_COME;
    default: return GROUP_GONE;
    }
}

static const char *
group_name (Group group)
{
  switch (group)
    {
    case GROUP_ON_MAP: return _("On the map");
    case GROUP_TO_COME: return _("To come");
    case GROUP_GONE:
    case N_GROUPS:
    default: return _("Eliminated or gone");
    }
}

static int
piece_of_row (GtkListBoxRow *row)
{
  return row != NULL ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), PIECE_KEY)) - 1 : -1;
}

/* "In hex 1523 · 3 of 6 steps · out of C&C · moved · attacked" */
static char *
describe_state (KesselOrderOfBattle *self, int piece)
{
  KesselGame *game = self->game;
  GString *text = g_string_new (NULL);
  g_autofree char *where = kessel_game_text_piece_state (game, piece);
  int full = kessel_game_get_piece_full_steps (game, piece);
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  g_string_append (text, where);
  if (full > 1)
    g_string_append_printf (text, ngettext (" · %d of %d step", " · %d of %d steps", full),
                            kessel_game_get_piece_steps (game, piece), full);
  if (kessel_game_get_piece_status (game, piece) != KESSEL_PIECE_ON_MAP)
    return g_string_free (text, FALSE);
  if (kessel_game_get_piece_side (game, piece) == KESSEL_SIDE_SOVIET && !kessel_game_piece_in_supply (game, piece))
    g_string_append (text, _(" · out of supply"));
  if (kessel_game_get_piece_side (game, piece) == KESSEL_SIDE_GERMAN && !kessel_game_piece_in_command (game, piece))
    g_string_append (text, _(" · out of C&C"));
  if (kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC
      && kessel_game_get_segment (game) == KESSEL_SEGMENT_MOVEMENT
      && kessel_game_get_active_side (game) == kessel_game_get_piece_side (game, piece))
    g_string_append_printf (text, _(" · %d MP left"), kessel_game_get_piece_mp (game, piece));
  if (kessel_game_piece_has_attacked (game, piece))
    g_string_append (text, _(" · attacked"));
  return g_string_free (text, FALSE);
}

static GtkWidget *
label_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
piece_row_new (KesselOrderOfBattle *self, int piece)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 1);
  KesselUnit *unit = kessel_game_get_piece_unit (self->game, piece);
  g_autofree char *search = g_strdup_printf ("%s %s", kessel_unit_get_label (unit), kessel_unit_get_name (unit));
  g_autofree char *state = describe_state (self, piece);

  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (texts), label_new (kessel_unit_get_name (unit), "heading"));
  gtk_box_append (GTK_BOX (texts), label_new (state, "caption"));
  gtk_box_append (GTK_BOX (box), kessel_hex_info_panel_piece_counter_new (self->game, piece));
  gtk_box_append (GTK_BOX (box), texts);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), PIECE_KEY, GINT_TO_POINTER (piece + 1));
  g_object_set_data_full (G_OBJECT (row), "kessel-search", g_utf8_casefold (search, -1), g_free);
  return row;
}

static void
append_heading (KesselOrderOfBattle *self, const char *text)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label_new (text, "heading"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "dim-label");
  gtk_list_box_append (self->list, row);
}

static int
append_group (KesselOrderOfBattle *self, Group group, int *n_hidden)
{
  KesselSide side = shown_side (self);
  int n = 0;

  for (int piece = 0; piece < kessel_game_get_n_pieces (self->game); piece++)
    {
      if (kessel_game_get_piece_side (self->game, piece) != side || group_of (self->game, piece) != group)
        continue;
      if (!kessel_unit_pane_reveals (self->game, piece, self->viewer))
        {
          (*n_hidden)++;
          continue;
        }
      if (n++ == 0)
        append_heading (self, group_name (group));
      gtk_list_box_append (self->list, piece_row_new (self, piece));
    }
  return n;
}

static void
rebuild (KesselOrderOfBattle *self)
{
  int n_hidden = 0;

  GtkWidget *row;

  self->stale = FALSE;
  while ((row = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, row);
  if (self->game == NULL)
    return;
  for (Group group = 0; group < N_GROUPS; group++)
    append_group (self, group, &n_hidden);
  if (n_hidden > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("%d unit on the map out of sight (6.3)",
                                                         "%d units on the map out of sight (6.3)", n_hidden),
                                               n_hidden);
      append_heading (self, text);
    }
}

static void
game_changed (KesselGame *game, guint changes, KesselOrderOfBattle *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
  else
    self->stale = TRUE;
}

static void
mapped (KesselOrderOfBattle *self)
{
  if (self->stale)
    rebuild (self);
}

static gboolean
matches_search (GtkListBoxRow *row, gpointer data)
{
  KesselOrderOfBattle *self = data;
  const char *name = g_object_get_data (G_OBJECT (row), "kessel-search");
  g_autofree char *wanted = g_utf8_casefold (gtk_editable_get_text (self->search_entry), -1);

  return *wanted == '\0' || (name != NULL && strstr (name, wanted) != NULL);
}

static void
search_changed (KesselOrderOfBattle *self)
{
  gtk_list_box_invalidate_filter (self->list);
}

static void
side_toggled (KesselOrderOfBattle *self)
{
  rebuild (self);
}

static void
row_selected (KesselOrderOfBattle *self, GtkListBoxRow *row)
{
  if (piece_of_row (row) >= 0)
    g_signal_emit (self, signals[UNIT_SELECTED], 0, piece_of_row (row));
}

static void
row_activated (KesselOrderOfBattle *self, GtkListBoxRow *row)
{
  if (piece_of_row (row) >= 0)
    g_signal_emit (self, signals[UNIT_ACTIVATED], 0, piece_of_row (row));
}

static void
kessel_order_of_battle_dispose (GObject *object)
{
  KesselOrderOfBattle *self = KESSEL_ORDER_OF_BATTLE (object);

  kessel_game_watch (&self->game, NULL, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_ORDER_OF_BATTLE);
  G_OBJECT_CLASS (kessel_order_of_battle_parent_class)->dispose (object);
}

static void
kessel_order_of_battle_class_init (KesselOrderOfBattleClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_order_of_battle_dispose;
  signals[UNIT_SELECTED] = g_signal_new ("unit-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[UNIT_ACTIVATED] = g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-order-of-battle.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselOrderOfBattle, german_button);
  gtk_widget_class_bind_template_child (widget_class, KesselOrderOfBattle, soviet_button);
  gtk_widget_class_bind_template_child (widget_class, KesselOrderOfBattle, search_entry);
  gtk_widget_class_bind_template_child (widget_class, KesselOrderOfBattle, list);
  gtk_widget_class_bind_template_callback (widget_class, side_toggled);
  gtk_widget_class_bind_template_callback (widget_class, search_changed);
  gtk_widget_class_bind_template_callback (widget_class, row_selected);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
}

static void
kessel_order_of_battle_init (KesselOrderOfBattle *self)
{
  self->viewer = KESSEL_SIDE_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_list_box_set_filter_func (self->list, matches_search, self, NULL);
  g_signal_connect (self, "map", G_CALLBACK (mapped), NULL);
}

GtkWidget *
kessel_order_of_battle_new (void)
{
  return g_object_new (KESSEL_TYPE_ORDER_OF_BATTLE, NULL);
}

void
kessel_order_of_battle_set_side (KesselOrderOfBattle *self,
                                 KesselSide           side)
{
  g_return_if_fail (KESSEL_IS_ORDER_OF_BATTLE (self));
  gtk_toggle_button_set_active (side == KESSEL_SIDE_SOVIET ? self->soviet_button : self->german_button, TRUE);
}

void
kessel_order_of_battle_set_game (KesselOrderOfBattle *self,
                                 KesselGame          *game,
                                 KesselSide           viewer)
{
  g_return_if_fail (KESSEL_IS_ORDER_OF_BATTLE (self));

  if (self->game == game && self->viewer == viewer)
    return;
  kessel_game_watch (&self->game, game, G_CALLBACK (game_changed), self);
  if (viewer != self->viewer && viewer != KESSEL_SIDE_NONE)
    {
      self->viewer = viewer;
      kessel_order_of_battle_set_side (self, viewer);   /* rebuilds if the side changes */
    }
  self->viewer = viewer;
  rebuild (self);
}

GArray *
kessel_order_of_battle_get_pieces (KesselOrderOfBattle *self)
{
  GArray *pieces = g_array_new (FALSE, FALSE, sizeof (int));

  g_return_val_if_fail (KESSEL_IS_ORDER_OF_BATTLE (self), pieces);
  if (self->stale)
    rebuild (self);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      int piece = GTK_IS_LIST_BOX_ROW (row) ? piece_of_row (GTK_LIST_BOX_ROW (row)) : -1;
      if (piece >= 0)
        g_array_append_val (pieces, piece);
    }
  return pieces;
}

gboolean
kessel_order_of_battle_select (KesselOrderOfBattle *self,
                               int                  piece)
{
  g_return_val_if_fail (KESSEL_IS_ORDER_OF_BATTLE (self), FALSE);
  if (self->stale)
    rebuild (self);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && piece_of_row (GTK_LIST_BOX_ROW (row)) == piece)
      {
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
        return TRUE;
      }
  return FALSE;
}
