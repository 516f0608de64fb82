/* kessel-attack-page.c: the attack put together and its odds. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include <stdlib.h>

#include "kessel-attack-page.h"

struct _KesselAttackPage
{
  GtkBox parent_instance;

  KesselMapView *map_view;
  KesselGame *game;
  gboolean fog_of_war;

  GtkLabel *odds_label;
  GtkWidget *combat_box;         /* the options and button of an attack being put together */
  GtkWidget *cas_label;
  GtkSpinButton *cas_spin;
  GtkCheckButton *support_check;
  GtkButton *attack_button;

  gboolean drafting;             /* an attack or probe being put together */
  KesselAction draft;
  char *odds_text;
};

enum { DRAFT_CHANGED, ATTACK, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (KesselAttackPage, kessel_attack_page, GTK_TYPE_BOX)

static void combat_option_changed (KesselAttackPage *self);

static KesselSide
active_side (KesselAttackPage *self)
{
  return kessel_game_get_active_side (self->game);
}

static int
hex_count (KesselAttackPage *self)
{
  return kessel_map_get_hex_count (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static const KesselGrid *
grid (KesselAttackPage *self)
{
  return kessel_map_get_grid (kessel_scenario_get_map (kessel_game_get_scenario (self->game)));
}

static gboolean
adjacent (KesselAttackPage *self, int a, int b)
{
  return kessel_grid_adjacent (grid (self), a, b);
}

static gboolean
check_quietly (KesselAttackPage *self, const KesselAction *action)
{
  return kessel_game_check (self->game, action, NULL);
}

static int
compare_pieces (gconstpointer a, gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

static void
sort_draft (KesselAttackPage *self)
{
  qsort (self->draft.units, self->draft.n_units, sizeof self->draft.units[0], compare_pieces);
}

/* Every unit next to target that may join the attack: alone, or (Soviet
 * artillery, 13.2) with the others chosen so far. */
static void
draft_attack (KesselAttackPage *self, int target, KesselActionType type)
{
  int around[KESSEL_N_DIRECTIONS];

  kessel_grid_neighbours (grid (self), target, around);
  kessel_action_init (&self->draft, type);
  self->draft.hex = target;
  kessel_attack_page_reset_options (self);
  for (int pass = 0; pass < 2; pass++)
    for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
      {
        g_autoptr(GArray) pieces = NULL;

        if (around[d] == KESSEL_HEX_NONE)
          continue;
        pieces = kessel_game_get_pieces_at (self->game, around[d]);
        for (guint i = 0; i < pieces->len; i++)
          {
            int piece = g_array_index (pieces, int, i);
            KesselAction trial = self->draft;
            KesselAction alone;
            gboolean already = FALSE;

            if (kessel_game_get_piece_side (self->game, piece) != active_side (self))
              continue;
            for (int u = 0; u < self->draft.n_units; u++)
              already |= self->draft.units[u] == piece;
            if (already)
              continue;
            kessel_action_init (&alone, type);
            alone.hex = target;
            kessel_action_add_unit (&alone, piece);
            kessel_action_add_unit (&trial, piece);
            if (check_quietly (self, &alone) || (pass == 1 && check_quietly (self, &trial)))
              self->draft = trial;
          }
      }
  sort_draft (self);
  self->drafting = self->draft.n_units > 0;
}

static void
toggle_attackers_at (KesselAttackPage *self, int hex)
{
  KesselAction without = self->draft;
  gboolean removed = FALSE;

  without.n_units = 0;
  for (int u = 0; u < self->draft.n_units; u++)
    {
      if (kessel_game_get_piece_hex (self->game, self->draft.units[u]) == hex)
        removed = TRUE;
      else
        kessel_action_add_unit (&without, self->draft.units[u]);
    }
  if (removed)
    {
      self->draft = without;
      return;
    }
  /* Take the hex's units back in: rebuild and keep the other hexes' choices. */
  {
    KesselAction all;
    int target = self->draft.hex;
    KesselActionType type = self->draft.type;

    int cas = gtk_spin_button_get_value_as_int (self->cas_spin);
    gboolean support = gtk_check_button_get_active (self->support_check);

    draft_attack (self, target, type);
    gtk_spin_button_set_value (self->cas_spin, cas);
    gtk_check_button_set_active (self->support_check, support);
    all = self->draft;
    self->draft = without;
    for (int u = 0; u < all.n_units; u++)
      if (kessel_game_get_piece_hex (self->game, all.units[u]) == hex)
        kessel_action_add_unit (&self->draft, all.units[u]);
    sort_draft (self);
  }
}

static gboolean
hidden_defenders (KesselAttackPage *self, int hex)
{
  g_autoptr(GArray) pieces = kessel_game_get_pieces_at (self->game, hex);

  if (!self->fog_of_war)
    return FALSE;
  for (guint i = 0; i < pieces->len; i++)
    if (!kessel_game_piece_visible_to (self->game, g_array_index (pieces, int, i), active_side (self)))
      return TRUE;
  return FALSE;
}

static void
append_contributions (KesselAttackPage *self, GString *text, const KesselContribution *list, int n,
                      gboolean hide)
{
  for (int i = 0; i < n; i++)
    {
      KesselUnit *unit = kessel_game_get_piece_unit (self->game, list[i].piece);
      g_autofree char *label = g_markup_escape_text (kessel_unit_get_label (unit), -1);

      if (hide && !kessel_game_piece_visible_to (self->game, list[i].piece, active_side (self)))
        {
          g_string_append (text, _("  hidden unit: ?\n"));
          continue;
        }
      g_string_append_printf (text, "  %s: %d", label, list[i].factor);
      if (list[i].factor != list[i].printed)
        g_string_append_printf (text, _(" (printed %d)"), list[i].printed);
      if (list[i].note != NULL)
        {
          g_autofree char *note = g_markup_escape_text (list[i].note, -1);
          g_string_append_printf (text, " <i>%s</i>", note);
        }
      g_string_append_c (text, '\n');
    }
}

static char *
odds_markup (KesselAttackPage *self, const KesselCombatOdds *odds, gboolean hide)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, _("<b>Attack %d</b>\n"), odds->attack);
  append_contributions (self, text, odds->attackers, odds->n_attackers, FALSE);
  if (odds->attack_cas > 0)
    g_string_append_printf (text, _("  close air support: %d\n"), odds->attack_cas);
  if (odds->attack_support > 0)
    g_string_append_printf (text, _("  18th Artillery Division: %d\n"), odds->attack_support);
  if (hide)
    {
      g_string_append (text, _("<b>Defence ?</b>\n"));
      append_contributions (self, text, odds->defenders, odds->n_defenders, TRUE);
      g_string_append (text, _("The stack is revealed when the attack is declared (6.3); the odds follow then."));
      return g_string_free (text, FALSE);
    }
  g_string_append_printf (text, _("<b>Defence %d</b>\n"), odds->defence);
  append_contributions (self, text, odds->defenders, odds->n_defenders, FALSE);
  {
    g_autofree char *raw = g_markup_escape_text (kessel_odds_to_string (odds->raw), -1);
    g_autofree char *final = g_markup_escape_text (kessel_odds_to_string (odds->final), -1);

    g_string_append_printf (text, _("Raw odds: <b>%s</b>\n"), raw);
    for (int i = 0; i < odds->n_shifts; i++)
      {
        g_autofree char *reason = g_markup_escape_text (odds->shifts[i].reason, -1);
        g_string_append_printf (text, "  %+d %s (%s)\n", odds->shifts[i].shift, reason, odds->shifts[i].rule);
      }
    g_string_append_printf (text, _("Final column: <b>%s</b>%s\n"), final,
                            odds->automatic ? _(" — automatic result, no die (13.8.1)") : "");
  }
  if (!odds->automatic && !odds->artillery_only)
    {
      g_string_append (text, _("Die:"));
      for (int die = 0; die < 6; die++)
        g_string_append_printf (text, "  %d %s", die + 1, kessel_result_to_string (odds->results[die]));
    }
  return g_string_free (text, FALSE);
}

/* The page takes room only while its odds or options are shown. */
static void
sync_visible (KesselAttackPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), gtk_widget_get_visible (GTK_WIDGET (self->odds_label))
                                             || gtk_widget_get_visible (self->combat_box));
}

/* While a declared combat is resolved (defence support, losses, retreats,
 * advance), its odds and its die and result stay in view. */
static void
show_combat (KesselAttackPage *self, gboolean odds, gboolean controls)
{
  gtk_widget_set_visible (GTK_WIDGET (self->odds_label), odds);
  gtk_widget_set_visible (self->combat_box, controls);
  sync_visible (self);
}

static void
show_current_combat (KesselAttackPage *self)
{
  KesselAction attack;
  KesselCombatOdds odds;
  KesselResult result;
  int die;
  GString *text;

  if (kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
      || kessel_game_get_wait (self->game) == KESSEL_WAIT_ELIMINATION
      || !kessel_game_get_current_combat (self->game, &attack, &odds, &die, &result)
      || attack.type != KESSEL_ACTION_ATTACK)
    {
      show_combat (self, FALSE, FALSE);
      return;
    }
  text = g_string_new (NULL);
  {
    g_autofree char *odds_text = odds_markup (self, &odds, FALSE);
    g_string_append (text, odds_text);
  }
  if (die > 0)
    g_string_append_printf (text, _("\n<b>Die %d: %s</b>"), die, kessel_result_to_string (result));
  else if (odds.automatic && kessel_game_get_wait (self->game) != KESSEL_WAIT_DEFENCE)   /* not before it is settled */
    g_string_append_printf (text, _("\n<b>Result: %s</b>"), kessel_result_to_string (result));
  g_free (self->odds_text);
  self->odds_text = g_string_free (text, FALSE);
  gtk_label_set_markup (self->odds_label, self->odds_text);
  /* Nothing to set or roll here: the row of controls is for attacks being put together. */
  show_combat (self, TRUE, FALSE);
}

/* The 18th AD where it may support this attack (13.1), or -1. */
static int
ranged_support (KesselAttackPage *self)
{
  int support = -1;

  for (int p = 0; p < kessel_game_get_n_pieces (self->game) && support < 0; p++)
    if (kessel_unit_has_ability (kessel_game_get_piece_unit (self->game, p), KESSEL_ABILITY_RANGED_SUPPORT)
        && kessel_game_get_piece_side (self->game, p) == active_side (self))
      support = p;
  if (support >= 0)
    {
      /* Offered only where the rules let it support this attack (13.1). */
      KesselAction supported = self->draft;

      supported.support = support;
      if (!check_quietly (self, &supported))
        support = -1;
    }
  return support;
}

static void
update_draft (KesselAttackPage *self)
{
  KesselCombatOdds odds;
  g_autoptr(GError) error = NULL;
  gboolean attack = self->draft.type == KESSEL_ACTION_ATTACK;
  int support;

  show_combat (self, TRUE, TRUE);
  gtk_spin_button_set_range (self->cas_spin, 0, kessel_game_get_cas_left (self->game));
  gtk_widget_set_visible (GTK_WIDGET (self->cas_spin), attack && kessel_game_get_cas_left (self->game) > 0
                          && kessel_game_get_air_superiority (self->game) == active_side (self));
  /* A hidden control commits nothing. */
  self->draft.cas = gtk_widget_get_visible (GTK_WIDGET (self->cas_spin))
                    ? gtk_spin_button_get_value_as_int (self->cas_spin) : 0;
  support = attack ? ranged_support (self) : -1;
  gtk_widget_set_visible (GTK_WIDGET (self->support_check), support >= 0);
  self->draft.support = support >= 0 && gtk_check_button_get_active (self->support_check) ? support : -1;

  g_clear_pointer (&self->odds_text, g_free);
  if (self->draft.type == KESSEL_ACTION_PROBE)
    self->odds_text = g_strdup (_("A probing attack (13.6): no die, no losses; the hex is entered if the rules allow."));
  else if (kessel_game_get_odds (self->game, &self->draft, &odds, &error))
    self->odds_text = odds_markup (self, &odds, hidden_defenders (self, self->draft.hex));
  else
    self->odds_text = g_markup_escape_text (error->message, -1);
  gtk_label_set_markup (self->odds_label, self->odds_text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->attack_button), check_quietly (self, &self->draft));
  gtk_button_set_label (self->attack_button, attack ? _("_Attack") : _("_Probe"));
}

static void
attack_clicked (KesselAttackPage *self)
{
  g_signal_emit (self, signals[ATTACK], 0);
}

static void
combat_option_changed (KesselAttackPage *self)
{
  kessel_attack_page_update (self);
}

static void
kessel_attack_page_dispose (GObject *object)
{
  KesselAttackPage *self = KESSEL_ATTACK_PAGE (object);

  g_clear_object (&self->game);
  g_clear_pointer (&self->odds_text, g_free);
  self->map_view = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_ATTACK_PAGE);
  G_OBJECT_CLASS (kessel_attack_page_parent_class)->dispose (object);
}

static void
kessel_attack_page_class_init (KesselAttackPageClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_attack_page_dispose;
  signals[DRAFT_CHANGED] = g_signal_new ("draft-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[ATTACK] = g_signal_new ("attack", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-attack-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, odds_label);
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, combat_box);
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, cas_label);
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, cas_spin);
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, support_check);
  gtk_widget_class_bind_template_child (widget_class, KesselAttackPage, attack_button);
  gtk_widget_class_bind_template_callback (widget_class, combat_option_changed);
  gtk_widget_class_bind_template_callback (widget_class, attack_clicked);
}

static void
kessel_attack_page_init (KesselAttackPage *self)
{
  self->fog_of_war = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_object_bind_property (self->cas_spin, "visible", self->cas_label, "visible", G_BINDING_SYNC_CREATE);
}

void
kessel_attack_page_set_map_view (KesselAttackPage *self,
                                 KesselMapView    *map_view)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  self->map_view = map_view;
}

void
kessel_attack_page_set_game (KesselAttackPage *self,
                             KesselGame       *game)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  g_set_object (&self->game, game);
}

void
kessel_attack_page_set_fog_of_war (KesselAttackPage *self,
                                   gboolean          fog)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  self->fog_of_war = fog;
}

gboolean
kessel_attack_page_activate_hex (KesselAttackPage *self,
                                 int               hex)
{
  KesselSide side, occupant;
  gboolean drafted = TRUE;

  g_return_val_if_fail (KESSEL_IS_ATTACK_PAGE (self), FALSE);
  side = active_side (self);
  occupant = kessel_game_get_hex_occupant (self->game, hex);
  if (self->drafting && occupant == side && adjacent (self, hex, self->draft.hex))
    toggle_attackers_at (self, hex);
  else if (occupant == kessel_side_enemy (side))
    draft_attack (self, hex, KESSEL_ACTION_ATTACK);
  else if (occupant == KESSEL_SIDE_NONE && side == KESSEL_SIDE_GERMAN
           && kessel_game_in_zoc_of (self->game, hex, KESSEL_SIDE_SOVIET))
    draft_attack (self, hex, KESSEL_ACTION_PROBE);
  else
    {
      self->drafting = FALSE;
      drafted = FALSE;
    }
  g_signal_emit (self, signals[DRAFT_CHANGED], 0);
  return drafted;
}

void
kessel_attack_page_light (KesselAttackPage *self)
{
  g_autofree KesselHexMark *marks = NULL;
  KesselSide side;

  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  marks = g_new0 (KesselHexMark, hex_count (self));
  side = active_side (self);
  for (int hex = 0; hex < hex_count (self); hex++)
    {
      marks[hex].number = -1;
      if (self->drafting)
        {
          if (hex == self->draft.hex)
            marks[hex].kind = KESSEL_MARK_TARGET;
          for (int u = 0; u < self->draft.n_units; u++)
            if (kessel_game_get_piece_hex (self->game, self->draft.units[u]) == hex)
              marks[hex].kind = KESSEL_MARK_ATTACKER;
          continue;
        }
      if (kessel_game_get_hex_occupant (self->game, hex) == kessel_side_enemy (side))
        {
          int around[KESSEL_N_DIRECTIONS];

          kessel_grid_neighbours (grid (self), hex, around);
          for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
            if (around[d] != KESSEL_HEX_NONE && kessel_game_get_hex_occupant (self->game, around[d]) == side)
              marks[hex].kind = KESSEL_MARK_TARGET;
        }
    }
  kessel_map_view_set_marks (self->map_view, marks);
}

/* While a declared combat waits for a choice with no hex to it (defence
 * support, a loss), the map shows its target and the hexes attacking it. */
void
kessel_attack_page_light_current_combat (KesselAttackPage *self)
{
  g_autofree KesselHexMark *marks = NULL;
  KesselAction attack;

  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  if (kessel_game_get_wait (self->game) == KESSEL_WAIT_PHASE
      || !kessel_game_get_current_combat (self->game, &attack, NULL, NULL, NULL)
      || attack.hex < 0 || attack.hex >= hex_count (self))
    {
      kessel_map_view_set_marks (self->map_view, NULL);
      return;
    }
  marks = g_new0 (KesselHexMark, hex_count (self));
  for (int hex = 0; hex < hex_count (self); hex++)
    marks[hex].number = -1;
  for (int u = 0; u < attack.n_units; u++)
    {
      int hex = kessel_game_get_piece_hex (self->game, attack.units[u]);
      if (hex >= 0 && hex < hex_count (self))
        marks[hex].kind = KESSEL_MARK_ATTACKER;
    }
  marks[attack.hex].kind = KESSEL_MARK_TARGET;
  kessel_map_view_set_marks (self->map_view, marks);
}

void
kessel_attack_page_update (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  if (self->drafting)
    update_draft (self);
  else
    show_current_combat (self);
}

void
kessel_attack_page_hide (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  show_combat (self, FALSE, FALSE);
}

void
kessel_attack_page_hide_options (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  gtk_widget_set_visible (self->combat_box, FALSE);
  sync_visible (self);
}

void
kessel_attack_page_drop_draft (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  self->drafting = FALSE;
}

void
kessel_attack_page_clear (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  self->drafting = FALSE;
  g_clear_pointer (&self->odds_text, g_free);
}

void
kessel_attack_page_reset_options (KesselAttackPage *self)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  g_signal_handlers_block_by_func (self->cas_spin, combat_option_changed, self);
  g_signal_handlers_block_by_func (self->support_check, combat_option_changed, self);
  gtk_spin_button_set_value (self->cas_spin, 0);
  gtk_check_button_set_active (self->support_check, FALSE);
  g_signal_handlers_unblock_by_func (self->cas_spin, combat_option_changed, self);
  g_signal_handlers_unblock_by_func (self->support_check, combat_option_changed, self);
}

void
kessel_attack_page_set_support (KesselAttackPage *self,
                                int               cas,
                                gboolean          support)
{
  g_return_if_fail (KESSEL_IS_ATTACK_PAGE (self));
  gtk_spin_button_set_value (self->cas_spin, cas);
  gtk_check_button_set_active (self->support_check, support);
}

gboolean
kessel_attack_page_get_draft (KesselAttackPage *self,
                              KesselAction     *attack)
{
  g_return_val_if_fail (KESSEL_IS_ATTACK_PAGE (self), FALSE);
  if (self->drafting && attack != NULL)
    *attack = self->draft;
  return self->drafting;
}

const char *
kessel_attack_page_get_odds_text (KesselAttackPage *self)
{
  g_return_val_if_fail (KESSEL_IS_ATTACK_PAGE (self), NULL);
  return self->odds_text;
}
