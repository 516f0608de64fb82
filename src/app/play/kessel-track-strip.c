/* kessel-track-strip.c: the track strip. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-game-text.h"
#include "kessel-game-watch.h"
#include "kessel-track-strip.h"

struct _KesselTrackStrip
{
  GtkBox parent_instance;

  KesselGame *game;

  GtkLabel *turn_label;
  GtkLabel *weather_label;
  GtkLabel *vp_label;
  GtkLabel *air_label;
  GtkLabel *kg_label;
};

G_DEFINE_FINAL_TYPE (KesselTrackStrip, kessel_track_strip, GTK_TYPE_BOX)

static void
update_turn (KesselTrackStrip *self)
{
  int turns = kessel_scenario_get_turns (kessel_game_get_scenario (self->game));
  g_autofree char *heading = kessel_game_text_phase_heading (kessel_game_get_turn (self->game),
                                                             kessel_game_get_phase (self->game));
  /* Translators: the current turn and the number of turns, as in "3 of 8". */
  g_autofree char *of = g_strdup_printf (_("%d of %d"), kessel_game_get_turn (self->game), turns);

  gtk_label_set_text (self->turn_label, heading);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->turn_label), of);
  gtk_label_set_text (self->weather_label, kessel_game_text_weather_name (kessel_game_get_weather (self->game)));
}

static void
update_vp (KesselTrackStrip *self)
{
  /* Translators: the Soviet player's victory points, as in "Soviet VP 12". */
  g_autofree char *vp = g_strdup_printf (_("Soviet VP %d"), kessel_game_get_vp (self->game));

  gtk_label_set_text (self->vp_label, vp);
}

static void
update_air (KesselTrackStrip *self)
{
  KesselSide side = kessel_game_get_air_superiority (self->game);
  g_autofree char *text = NULL;

  if (side == KESSEL_SIDE_NONE)
    text = g_strdup (_("Air: no superiority"));
  else
    /* Translators: side with air superiority, CAS markers left and in all. */
    text = g_strdup_printf (_("Air: %s, CAS %d of %d left"), kessel_side_display_name (side),
                            kessel_game_get_cas_left (self->game), kessel_game_get_cas_total (self->game));
  gtk_label_set_text (self->air_label, text);
}

static void
update_kg (KesselTrackStrip *self)
{
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
  g_autoptr(GString) text = g_string_new (_("KG:"));

  for (int kg = 0; kg < KESSEL_N_KGS; kg++)
    {
      int hex = kessel_game_get_kg_hex (self->game, kg);
      g_autofree char *where = hex != KESSEL_HEX_NONE ? kessel_grid_format_hex (grid, hex) : g_strdup ("—");

      g_string_append_printf (text, "%s %s %s", kg > 0 ? "," : "", kessel_game_text_kg_name (kg), where);
    }
  gtk_label_set_text (self->kg_label, text->str);
}

static void
update (KesselTrackStrip *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), self->game != NULL);
  if (self->game == NULL)
    return;
  update_turn (self);
  update_vp (self);
  update_air (self);
  update_kg (self);
}

static void
game_changed (KesselGame *game, guint changes, KesselTrackStrip *self)
{
  update (self);
}

static void
kessel_track_strip_dispose (GObject *object)
{
  KesselTrackStrip *self = KESSEL_TRACK_STRIP (object);

  kessel_game_watch (&self->game, NULL, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_TRACK_STRIP);
  G_OBJECT_CLASS (kessel_track_strip_parent_class)->dispose (object);
}

static void
kessel_track_strip_class_init (KesselTrackStripClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_track_strip_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-track-strip.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselTrackStrip, turn_label);
  gtk_widget_class_bind_template_child (widget_class, KesselTrackStrip, weather_label);
  gtk_widget_class_bind_template_child (widget_class, KesselTrackStrip, vp_label);
  gtk_widget_class_bind_template_child (widget_class, KesselTrackStrip, air_label);
  gtk_widget_class_bind_template_child (widget_class, KesselTrackStrip, kg_label);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
kessel_track_strip_init (KesselTrackStrip *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
kessel_track_strip_new (void)
{
  return g_object_new (KESSEL_TYPE_TRACK_STRIP, NULL);
}

void
kessel_track_strip_set_game (KesselTrackStrip *self,
                             KesselGame       *game)
{
  g_return_if_fail (KESSEL_IS_TRACK_STRIP (self));

  kessel_game_watch (&self->game, game, G_CALLBACK (game_changed), self);
  update (self);
}

char *
kessel_track_strip_get_text (KesselTrackStrip *self)
{
  g_return_val_if_fail (KESSEL_IS_TRACK_STRIP (self), NULL);
  return g_strjoin ("\n", gtk_label_get_text (self->turn_label), gtk_label_get_text (self->weather_label),
                    gtk_label_get_text (self->vp_label), gtk_label_get_text (self->air_label),
                    gtk_label_get_text (self->kg_label), NULL);
}
