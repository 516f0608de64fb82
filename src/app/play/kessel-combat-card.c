/* kessel-combat-card.c: the last combat's result over the map. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-combat-card.h"

#define DEFAULT_TIMEOUT_SECONDS 8
#define MAX_EARLIER 8

struct _KesselCombatCard
{
  GtkBox parent_instance;

  GtkLabel *title_label;
  GtkLabel *body_label;
  GtkLabel *phase_label;
  int hex;
  int last_log_index;          /* of the combat shown last, to tell a new one */
  int turn;                    /* of the results listed */
  KesselPhase phase;
  GPtrArray *results;          /* one line per combat of the phase, the last one shown */
  guint timeout_seconds;
  guint timeout_id;
};

G_DEFINE_FINAL_TYPE (KesselCombatCard, kessel_combat_card, GTK_TYPE_BOX)

static char *
unit_name (KesselGame *game, const KesselCombatFate *fate, KesselSide viewer)
{
  KesselSide side = kessel_game_get_piece_side (game, fate->piece);

  /* A unit off the map through this combat was named in the open log. */
  if (viewer != KESSEL_SIDE_NONE && !fate->eliminated
      && !kessel_game_piece_visible_to (game, fate->piece, viewer))
    return g_strdup (side == KESSEL_SIDE_GERMAN ? _("hidden German unit") : _("hidden Soviet unit"));
  return g_markup_escape_text (kessel_unit_get_label (kessel_game_get_piece_unit (game, fate->piece)), -1);
}

static char *
hex_text (KesselGame *game, int hex)
{
  return kessel_grid_format_hex (kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (game))), hex);
}

/* What came of one unit, such as "lost 1 step, retreated to 2019". */
static char *
fate_text (KesselGame *game, const KesselCombatFate *fate, int target)
{
  GString *text = g_string_new (NULL);

  if (fate->eliminated)
    g_string_append (text, _("eliminated"));
  else if (fate->steps_lost > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "lost %d step", "lost %d steps", fate->steps_lost),
                            fate->steps_lost);
  if (fate->retreat_hex != KESSEL_HEX_NONE)
    {
      g_autofree char *where = hex_text (game, fate->retreat_hex);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, _("retreated to %s"), where);
    }
  if (fate->advanced)
    {
      g_autofree char *where = hex_text (game, target);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, _("advanced into %s"), where);
    }
  if (text->len == 0)
    g_string_append (text, _("no loss"));
  return g_string_free (text, FALSE);
}

static void
append_fates (GString *text, KesselGame *game, KesselSide viewer, const char *heading,
              const KesselCombatFate *fates, int n, int target)
{
  g_string_append_printf (text, "\n<b>%s</b>", heading);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = unit_name (game, &fates[i], viewer);
      g_autofree char *fate = fate_text (game, &fates[i], target);
      /* Translators: a unit and what came of it in a combat. */
      g_string_append_printf (text, _("\n  %s: %s"), name, fate);
    }
}

/* The final odds, the die and the result, such as "4:1, die 5: DR". */
static char *
outcome_text (const KesselCombatReport *report)
{
  const char *odds = kessel_odds_to_string (report->odds.final);
  const char *result = kessel_result_to_string (report->result);

  if (report->odds.artillery_only)
    return g_strdup (_("artillery alone: eliminated without a roll (13.2)"));
  if (report->die == 0)
    /* Translators: the final odds and a result such as "DE" of the combat results table. */
    return g_strdup_printf (_("%s, automatic %s (13.8.1)"), odds, result);
  /* Translators: the final odds, the die and a result such as "DR". */
  return g_strdup_printf (_("%s, die %d: %s"), odds, report->die, result);
}

static char *
body_markup (KesselGame *game, const KesselCombatReport *report, KesselSide viewer)
{
  GString *text = g_string_new (NULL);
  g_autofree char *outcome = outcome_text (report);
  g_autofree char *outcome_markup = g_markup_escape_text (outcome, -1);
  int shift = 0;

  for (int i = 0; i < report->odds.n_shifts; i++)
    shift += report->odds.shifts[i].shift;
  g_string_append_printf (text, "<b>%s</b>", outcome_markup);
  if (!report->odds.artillery_only)
    {
      g_autofree char *raw = g_markup_escape_text (kessel_odds_to_string (report->odds.raw), -1);

      /* Translators: attack and defence factors and the odds before any column shift. */
      g_string_append_printf (text, _("\n%d to %d, raw odds %s"), report->odds.attack, report->odds.defence, raw);
      if (shift != 0)
        /* Translators: the sum of the column shifts, such as "+2". */
        g_string_append_printf (text, _(", shifted %+d"), shift);
    }
  append_fates (text, game, viewer, _("Attackers"), report->attackers, report->n_attackers, report->attack.hex);
  append_fates (text, game, viewer, _("Defenders"), report->defenders, report->n_defenders, report->attack.hex);
  return g_string_free (text, FALSE);
}

static void
show_earlier (KesselCombatCard *self)
{
  GString *text = g_string_new (NULL);
  int n = (int) self->results->len - 1;

  g_string_append_printf (text, "<b>%s</b>", _("Earlier this phase"));
  for (int i = MAX (0, n - MAX_EARLIER); i < n; i++)
    {
      g_autofree char *line = g_markup_escape_text (g_ptr_array_index (self->results, i), -1);
      g_string_append_printf (text, "\n  %s", line);
    }
  gtk_label_set_markup (self->phase_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->phase_label), n > 0);
  g_string_free (text, TRUE);
}

static void
note_result (KesselCombatCard *self, KesselGame *game, const KesselCombatReport *report)
{
  g_autofree char *where = hex_text (game, report->attack.hex);
  g_autofree char *outcome = outcome_text (report);

  if (kessel_game_get_turn (game) != self->turn || kessel_game_get_phase (game) != self->phase)
    g_ptr_array_set_size (self->results, 0);
  self->turn = kessel_game_get_turn (game);
  self->phase = kessel_game_get_phase (game);
  /* Translators: a hex and a combat's outcome, as in "2119: 4:1, die 5: DR". */
  g_ptr_array_add (self->results, g_strdup_printf (_("%s: %s"), where, outcome));
}

static gboolean
timed_out (gpointer user_data)
{
  KesselCombatCard *self = user_data;

  self->timeout_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  return G_SOURCE_REMOVE;
}

static void
restart_timeout (KesselCombatCard *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->timeout_seconds > 0)
    self->timeout_id = g_timeout_add_seconds (self->timeout_seconds, timed_out, self);
}

gboolean
kessel_combat_card_update (KesselCombatCard *self, KesselGame *game, KesselSide viewer)
{
  KesselCombatReport report;
  g_autofree char *where = NULL;
  g_autofree char *title = NULL;
  g_autofree char *body = NULL;

  g_return_val_if_fail (KESSEL_IS_COMBAT_CARD (self), FALSE);

  if (game == NULL || !kessel_game_get_last_combat (game, &report) || !report.finished
      || report.log_index == self->last_log_index)
    return FALSE;
  self->last_log_index = report.log_index;
  self->hex = report.attack.hex;
  where = hex_text (game, report.attack.hex);
  title = g_strdup_printf (_("Combat at %s"), where);
  body = body_markup (game, &report, viewer);
  gtk_label_set_text (self->title_label, title);
  gtk_label_set_markup (self->body_label, body);
  note_result (self, game, &report);
  show_earlier (self);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  restart_timeout (self);
  return TRUE;
}

void
kessel_combat_card_reset (KesselCombatCard *self, KesselGame *game)
{
  KesselCombatReport report;

  g_return_if_fail (KESSEL_IS_COMBAT_CARD (self));

  kessel_combat_card_dismiss (self);
  g_ptr_array_set_size (self->results, 0);
  self->hex = -1;
  self->last_log_index = game != NULL && kessel_game_get_last_combat (game, &report) ? report.log_index : -1;
}

void
kessel_combat_card_dismiss (KesselCombatCard *self)
{
  g_return_if_fail (KESSEL_IS_COMBAT_CARD (self));

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

int
kessel_combat_card_get_hex (KesselCombatCard *self)
{
  g_return_val_if_fail (KESSEL_IS_COMBAT_CARD (self), -1);
  return self->hex;
}

void
kessel_combat_card_set_timeout (KesselCombatCard *self, guint seconds)
{
  g_return_if_fail (KESSEL_IS_COMBAT_CARD (self));
  self->timeout_seconds = seconds;
}

char *
kessel_combat_card_get_text (KesselCombatCard *self)
{
  g_return_val_if_fail (KESSEL_IS_COMBAT_CARD (self), NULL);
  return g_strdup_printf ("%s\n%s\n%s", gtk_label_get_text (self->title_label), gtk_label_get_text (self->body_label),
                          gtk_widget_get_visible (GTK_WIDGET (self->phase_label)) ? gtk_label_get_text (self->phase_label) : "");
}

int
kessel_combat_card_get_n_earlier (KesselCombatCard *self)
{
  g_return_val_if_fail (KESSEL_IS_COMBAT_CARD (self), 0);
  return MAX (0, (int) self->results->len - 1);
}

static void
kessel_combat_card_dispose (GObject *object)
{
  KesselCombatCard *self = KESSEL_COMBAT_CARD (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_COMBAT_CARD);
  G_OBJECT_CLASS (kessel_combat_card_parent_class)->dispose (object);
}

static void
kessel_combat_card_class_init (KesselCombatCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_combat_card_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-combat-card.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselCombatCard, title_label);
  gtk_widget_class_bind_template_child (widget_class, KesselCombatCard, body_label);
  gtk_widget_class_bind_template_child (widget_class, KesselCombatCard, phase_label);
  gtk_widget_class_bind_template_callback (widget_class, kessel_combat_card_dismiss);
}

static void
kessel_combat_card_init (KesselCombatCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->results = g_ptr_array_new_with_free_func (g_free);
  self->hex = -1;
  self->last_log_index = -1;
  self->turn = -1;
  self->timeout_seconds = DEFAULT_TIMEOUT_SECONDS;
}

GtkWidget *
kessel_combat_card_new (void)
{
  return g_object_new (KESSEL_TYPE_COMBAT_CARD, NULL);
}
