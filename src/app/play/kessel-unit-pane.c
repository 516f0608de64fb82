/* kessel-unit-pane.c: the unit pane. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-text.h"
#include "kessel-game-watch.h"
#include "kessel-hex-info-panel.h"
#include "kessel-tables.h"
#include "kessel-unit-pane.h"

struct _KesselUnitPane
{
  GtkBox parent_instance;

  KesselGame *game;
  KesselSide viewer;
  int piece;

  GtkWidget *placeholder_label;
  GtkWidget *details_box;
  GtkWidget *counter_box;
  GtkLabel *name_label;
  GtkLabel *kind_label;
  GtkWidget *facts_grid;
  GtkWidget *steps_grid;
};

G_DEFINE_FINAL_TYPE (KesselUnitPane, kessel_unit_pane, GTK_TYPE_BOX)

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_widget_unparent (child);
}

static GtkWidget *
grid_label (GtkWidget *grid, const char *text, int column, int row, gboolean key)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), !key);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_set_hexpand (label, !key);
  if (key)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), label, column, row, 1, 1);
  return label;
}

static void
add_fact (KesselUnitPane *self, int *row, const char *key, const char *value)
{
  grid_label (self->facts_grid, key, 0, *row, TRUE);
  grid_label (self->facts_grid, value, 1, *row, FALSE);
  (*row)++;
}

/* Supply for the Soviets (8.3), C&C for the Germans (9.2). */
static void
add_line_fact (KesselUnitPane *self, int *row)
{
  if (kessel_game_get_piece_side (self->game, self->piece) == KESSEL_SIDE_SOVIET)
    add_fact (self, row, _("Supply"),
              kessel_game_piece_in_supply (self->game, self->piece) ? _("In supply (8.3)") : _("Out of supply (8.3)"));
  else
    add_fact (self, row, _("C&C"),
              kessel_game_piece_in_command (self->game, self->piece) ? _("In C&C (9.2)") : _("Out of C&C (9.2)"));
}

static void
add_activity_facts (KesselUnitPane *self, int *row)
{
  KesselUnit *unit = kessel_game_get_piece_unit (self->game, self->piece);
  int mp = kessel_game_get_piece_mp (self->game, self->piece);
  int factor = kessel_table_movement_factor (kessel_unit_get_mobility (unit), kessel_game_get_weather (self->game));
  g_autofree char *movement = NULL;

  if (kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC)
    movement = g_strdup (_("Cannot move"));
  else if (mp < factor)
    /* Translators: MP left of the unit's movement factor. */
    movement = g_strdup_printf (_("Has moved: %d of %d MP left"), mp, factor);
  else
    movement = g_strdup_printf (_("Not moved: %d MP"), mp);
  add_fact (self, row, _("Movement"), movement);
  add_fact (self, row, _("Combat"),
            kessel_game_piece_has_attacked (self->game, self->piece) ? _("Has attacked this phase")
                                                                     : _("Has not attacked this phase"));
}

static void
add_facts (KesselUnitPane *self)
{
  g_autofree char *where = kessel_game_text_piece_state (self->game, self->piece);
  g_autofree char *strength = NULL;
  int row = 0;
  int steps = kessel_game_get_piece_steps (self->game, self->piece);
  int full = kessel_game_get_piece_full_steps (self->game, self->piece);

  add_fact (self, &row, _("Where"), where);
  /* Translators: attack-defence factors now, then steps left of all. */
  strength = g_strdup_printf (ngettext ("%d-%d, %d of %d step left", "%d-%d, %d of %d steps left", full),
                              kessel_game_get_piece_attack (self->game, self->piece),
                              kessel_game_get_piece_defence (self->game, self->piece), steps, full);
  add_fact (self, &row, _("Strength"), strength);
  if (kessel_game_get_piece_status (self->game, self->piece) != KESSEL_PIECE_ON_MAP)
    return;
  add_line_fact (self, &row);
  add_activity_facts (self, &row);
}

/* Every step of the unit, counter by counter: the first counter's front and
 * back, then each substitute's (2.6); the step it stands at is marked, the
 * steps lost are dimmed. */
static void
add_steps (KesselUnitPane *self)
{
  KesselScenario *scenario = kessel_game_get_scenario (self->game);
  KesselUnit *counter = kessel_game_get_piece_unit (self->game, self->piece);
  int lost = kessel_game_get_piece_full_steps (self->game, self->piece) - kessel_game_get_piece_steps (self->game, self->piece);
  int step = 0;

  for (int n = 0; counter != NULL && n < 8; n++)
    {
      for (int side = 0; side < kessel_unit_get_n_steps (counter); side++, step++)
        {
          const KesselStep *factors = kessel_unit_get_step (counter, side);
          g_autofree char *which = g_strdup_printf ("%s %s", kessel_unit_get_label (counter),
                                                    side == 0 ? _("front") : _("back"));
          g_autofree char *numbers = g_strdup_printf ("%d-%d", factors->attack, factors->defence);
          GtkWidget *labels[3];

          labels[0] = grid_label (self->steps_grid, which, 0, step, FALSE);
          labels[1] = grid_label (self->steps_grid, numbers, 1, step, FALSE);
          labels[2] = grid_label (self->steps_grid, step == lost ? _("◀ now") : step < lost ? _("lost") : "", 2, step, FALSE);
          for (int i = 0; i < 3; i++)
            {
              gtk_widget_set_hexpand (labels[i], i == 0);
              if (step < lost)
                gtk_widget_add_css_class (labels[i], "dim-label");
              if (step == lost)
                gtk_widget_add_css_class (labels[i], "heading");
            }
        }
      counter = kessel_unit_get_substitute (counter) != NULL
                ? kessel_scenario_find_unit (scenario, kessel_unit_get_substitute (counter)) : NULL;
    }
}

static char *
kind_text (KesselUnit *unit)
{
  /* Translators: side, unit type and unit size, as in "German · Armour · Division". */
  return g_strdup_printf (_("%s · %s · %s"), kessel_side_display_name (kessel_unit_get_side (unit)),
                          kessel_unit_type_display_name (kessel_unit_get_unit_type (unit)),
                          kessel_unit_size_display_name (kessel_unit_get_size (unit)));
}

static void
update (KesselUnitPane *self)
{
  gboolean shown = self->game != NULL && self->piece >= 0 && self->piece < kessel_game_get_n_pieces (self->game);
  gboolean revealed = shown && kessel_unit_pane_reveals (self->game, self->piece, self->viewer);
  KesselUnit *unit;
  g_autofree char *kind = NULL;

  clear_box (self->counter_box);
  clear_box (self->facts_grid);
  clear_box (self->steps_grid);
  gtk_widget_set_visible (self->placeholder_label, !shown);
  gtk_widget_set_visible (self->details_box, shown);
  if (!shown)
    return;
  if (!revealed)
    {
      gtk_label_set_text (self->name_label, _("A unit not yet seen (6.3)"));
      gtk_label_set_text (self->kind_label, kessel_side_display_name (kessel_game_get_piece_side (self->game, self->piece)));
      gtk_widget_set_visible (gtk_widget_get_prev_sibling (self->steps_grid), FALSE);
      return;
    }
  unit = kessel_game_get_piece_unit (self->game, self->piece);
  kind = kind_text (unit);
  gtk_box_append (GTK_BOX (self->counter_box), kessel_hex_info_panel_piece_counter_new (self->game, self->piece));
  gtk_label_set_text (self->name_label, kessel_unit_get_name (unit));
  gtk_label_set_text (self->kind_label, kind);
  gtk_widget_set_visible (gtk_widget_get_prev_sibling (self->steps_grid), TRUE);
  add_facts (self);
  add_steps (self);
}

static void
game_changed (KesselGame *game, guint changes, KesselUnitPane *self)
{
  update (self);
}

static void
kessel_unit_pane_dispose (GObject *object)
{
  KesselUnitPane *self = KESSEL_UNIT_PANE (object);

  kessel_game_watch (&self->game, NULL, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_UNIT_PANE);
  G_OBJECT_CLASS (kessel_unit_pane_parent_class)->dispose (object);
}

static void
kessel_unit_pane_class_init (KesselUnitPaneClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_unit_pane_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-unit-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, placeholder_label);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, details_box);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, counter_box);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, name_label);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, kind_label);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, facts_grid);
  gtk_widget_class_bind_template_child (widget_class, KesselUnitPane, steps_grid);
}

static void
kessel_unit_pane_init (KesselUnitPane *self)
{
  self->piece = -1;
  self->viewer = KESSEL_SIDE_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_unit_pane_new (void)
{
  return g_object_new (KESSEL_TYPE_UNIT_PANE, NULL);
}

void
kessel_unit_pane_set_game (KesselUnitPane *self,
                           KesselGame     *game,
                           KesselSide      viewer)
{
  g_return_if_fail (KESSEL_IS_UNIT_PANE (self));

  if (kessel_game_watch (&self->game, game, G_CALLBACK (game_changed), self))
    self->piece = -1;
  self->viewer = viewer;
  update (self);
}

void
kessel_unit_pane_set_piece (KesselUnitPane *self,
                            int             piece)
{
  g_return_if_fail (KESSEL_IS_UNIT_PANE (self));
  self->piece = piece;
  update (self);
}

int
kessel_unit_pane_get_piece (KesselUnitPane *self)
{
  g_return_val_if_fail (KESSEL_IS_UNIT_PANE (self), -1);
  return self->piece;
}

gboolean
kessel_unit_pane_reveals (KesselGame *game,
                          int         piece,
                          KesselSide  viewer)
{
  if (viewer == KESSEL_SIDE_NONE || kessel_game_get_piece_side (game, piece) == viewer)
    return TRUE;
  if (kessel_game_get_piece_status (game, piece) == KESSEL_PIECE_ON_MAP)
    return kessel_game_piece_visible_to (game, piece, viewer);
  return TRUE;
}
