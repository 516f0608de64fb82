/* kessel-combat.c: combat (13.0-13.10): declaring, the odds with every shift,
 * resolving, losses, retreats and advances, and probing attacks. */
#include "kessel-game-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static gboolean
in_mech_phase (KesselGame *self)
{
  return self->state.phase == KESSEL_PHASE_GERMAN_MECH_1
         || self->state.phase == KESSEL_PHASE_GERMAN_MECH_2;
}

static int
index_in (const int *list, int n, int value)
{
  for (int i = 0; i < n; i++)
    if (list[i] == value)
      return i;
  return -1;
}

static gboolean
listed (const int *list, int n, int value)
{
  return index_in (list, n, value) >= 0;
}

static gboolean
adjacent_to_enemy_unit (KesselGame *self, int hex, KesselSide side)
{
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[hex * 6 + d];
      if (next != KESSEL_HEX_NONE && kessel_game_enemy_at (self, next, side))
        return TRUE;
    }
  return FALSE;
}

static gboolean
soviet_non_artillery_at (KesselGame *self, int hex)
{
  for (int p = kessel_game_first_at (self, hex); p >= 0; p = self->next_at[p])
    if (self->info[p].side == KESSEL_SIDE_SOVIET && !self->info[p].artillery)
      return TRUE;
  return FALSE;
}

/* Whether a piece may take part in an attack of the current combat part. */
gboolean
kessel_game_can_attack_with (KesselGame *self, int piece, GError **error)
{
  const KesselPieceInfo *info = &self->info[piece];
  const KesselPieceState *state = &self->state.pieces[piece];
  const char *label = error != NULL ? kessel_game_piece_name (self, piece) : NULL;   /* for refusals */

  if (info->side != kessel_game_get_active_side (self) || state->status != KESSEL_PIECE_ON_MAP)
    return kessel_game_refuse (error, "13.0", N_("%s is not one of your units on the map."), label);
  if (info->garrison)
    return kessel_game_refuse (error, "2.7", N_("%s is a static garrison and never attacks."), label);
  if (state->attacked)
    return kessel_game_refuse (error, "13.0", N_("%s has already attacked in this combat phase."), label);
  if (in_mech_phase (self) && info->mobility != KESSEL_MOBILITY_MECHANIZED)
    return kessel_game_refuse (error, "5.5", N_("Only mechanized units attack in a mechanized combat phase; %s is not mechanized."), label);
  if (info->side == KESSEL_SIDE_SOVIET && (info->artillery || info->army_support)
      && !kessel_game_piece_in_supply (self, piece))
    return kessel_game_refuse (error, "8.3", N_("%s is out of supply: out-of-supply artillery and army support units may not attack."), label);
  if (info->side == KESSEL_SIDE_SOVIET && info->artillery && !soviet_non_artillery_at (self, state->hex))
    return kessel_game_refuse (error, "13.2", N_("Soviet artillery attacks only when stacked with a non-artillery unit; %s is alone."), label);
  return TRUE;
}

/* The 18th AD (or any ranged-support piece) able to support a combat on
 * target: attack support needs it away from Soviet units (13.1-2), any support
 * needs it outside an enemy ZOC (13.1-7). */
static gboolean
support_ok (KesselGame *self, int piece, int target, gboolean defence, GError **error)
{
  const KesselPieceInfo *info = &self->info[piece];
  const KesselPieceState *state = &self->state.pieces[piece];
  const char *label = error != NULL ? kessel_game_piece_name (self, piece) : NULL;   /* for refusals */

  if (info->side != KESSEL_SIDE_GERMAN || info->support_range <= 0 || state->status != KESSEL_PIECE_ON_MAP)
    return kessel_game_refuse (error, "13.1", N_("%s cannot give ranged support."), label);
  if (kessel_grid_distance (self->grid, state->hex, target) > info->support_range)
    return kessel_game_refuse (error, "13.1", N_("%s supports only up to %d hexes away."), label, info->support_range);
  if (state->hex == target)
    return kessel_game_refuse (error, "13.1", N_("%s defends its own hex with its defence factor, not as support."), label);
  if (kessel_game_in_enemy_zoc (self, state->hex, KESSEL_SIDE_GERMAN))
    return kessel_game_refuse (error, "13.1", N_("%s is in an enemy zone of control and cannot support."), label);
  if (defence)
    {
      if (state->defence_support)
        return kessel_game_refuse (error, "13.1", N_("%s has already supported a defence in this Soviet combat phase."), label);
      return TRUE;
    }
  if (state->attacked)
    return kessel_game_refuse (error, "13.1", N_("%s has already attacked or supported in this combat phase."), label);
  if (in_mech_phase (self) && info->mobility != KESSEL_MOBILITY_MECHANIZED)
    return kessel_game_refuse (error, "5.5", N_("Only mechanized units take part in a mechanized combat phase."));
  if (adjacent_to_enemy_unit (self, state->hex, KESSEL_SIDE_GERMAN))
    return kessel_game_refuse (error, "13.1", N_("%s supports an attack only when no Soviet unit is next to it."), label);
  return TRUE;
}

int
kessel_game_support_piece_for (KesselGame *self, KesselSide side, int target, gboolean defence)
{
  if (side != KESSEL_SIDE_GERMAN)
    return -1;
  for (int p = 0; p < self->n_pieces; p++)
    if (self->info[p].support_range > 0 && support_ok (self, p, target, defence, NULL))
      return p;
  return -1;
}

static gboolean
cas_ok (KesselGame *self, KesselSide side, int cas, gboolean defence, GError **error)
{
  if (cas == 0)
    return TRUE;
  if (cas < 0)
    return kessel_game_refuse (error, NULL, N_("A negative number of air markers."));
  if (self->state.weather == KESSEL_WEATHER_STORM)
    return kessel_game_refuse (error, "13.3", N_("No air support can fly in Storm."));
  if (self->state.air_side != side)
    return kessel_game_refuse (error, "13.3", N_("Only the side with air superiority has air support this turn."));
  if (defence && side == KESSEL_SIDE_SOVIET)
    return kessel_game_refuse (error, "13.3", N_("Soviet air support is for attacks only."));
  if (cas > kessel_game_get_cas_left (self))
    return kessel_game_refuse (error, "13.3", N_("Only %d air markers are left this turn."), kessel_game_get_cas_left (self));
  return TRUE;
}

gboolean
kessel_game_check_attack (KesselGame *self, const KesselAction *action, GError **error)
{
  KesselSide side = kessel_game_get_active_side (self);
  int target = action->hex;
  gboolean non_artillery = FALSE;

  if (action->n_units == 0)
    return kessel_game_refuse (error, "13.3", N_("An attack needs ground units; air and ranged support cannot attack alone."));
  if (target == KESSEL_HEX_NONE || !kessel_game_enemy_at (self, target, side))
    return kessel_game_refuse (error, "13.0", N_("Attacks are made on a hex holding enemy units."));
  if (side == KESSEL_SIDE_SOVIET && kessel_map_is_closed_to_soviet (self->map, target))
    return kessel_game_refuse (error, "12.5", N_("Soviet units may not attack into the area west of the Strypa and north of the Dnestr."));
  for (int i = 0; i < action->n_units; i++)
    {
      int p = action->units[i];
      if (!kessel_game_can_attack_with (self, p, error))
        return FALSE;
      if (!kessel_grid_adjacent (self->grid, self->state.pieces[p].hex, target))
        {
          const char *label = kessel_game_piece_name (self, p);
          return kessel_game_refuse (error, "13.0", N_("%s is not next to the hex it attacks."), label);
        }
      non_artillery |= !self->info[p].artillery;
    }
  if (side == KESSEL_SIDE_SOVIET && !non_artillery)
    return kessel_game_refuse (error, "13.2", N_("Soviet artillery attacks only together with non-artillery units."));
  if (action->support >= 0)
    {
      if (listed (action->units, action->n_units, action->support))
        return kessel_game_refuse (error, "13.1", N_("A unit cannot both attack and support the same combat."));
      if (!support_ok (self, action->support, target, FALSE, error))
        return FALSE;
    }
  return cas_ok (self, side, action->cas, FALSE, error);
}

/* Odds */

/* reason: a translated phrase that follows the shift in the log's odds, as
 * in "8 to 11, 1:2, -1 defender in a town (13.8.3): <1:2". */
static void
add_shift (KesselCombatOdds *odds, int shift, const char *rule, const char *reason)
{
  if (odds->n_shifts >= KESSEL_MAX_SHIFTS || shift == 0)
    return;
  odds->shifts[odds->n_shifts++] = (KesselShift) { shift, rule, reason };
}

static gboolean
soviet_artillery (KesselGame *self, int piece)
{
  return self->info[piece].artillery && self->info[piece].side == KESSEL_SIDE_SOVIET;
}

/* 13.2-4: in any combat, attack or defence, Soviet artillery counts no more
 * than the other ground units' factors. Returns the capped total. */
static int
cap_soviet_artillery (KesselGame *self, KesselContribution *list, int n)
{
  int ground = 0, artillery = 0;

  for (int i = 0; i < n; i++)
    {
      if (soviet_artillery (self, list[i].piece))
        artillery += list[i].factor;
      else
        ground += list[i].factor;
    }
  for (int i = 0; i < n && artillery > ground; i++)
    {
      int cut;
      if (!soviet_artillery (self, list[i].piece))
        continue;
      cut = MIN (list[i].factor, artillery - ground);
      list[i].factor -= cut;
      artillery -= cut;
      list[i].note = _("artillery capped at the other units' factors (13.2)");
    }
  return ground + artillery;
}

static void
count_attackers (KesselGame *self, const KesselAction *action, KesselCombatOdds *odds)
{
  KesselTerrain terrain = kessel_map_get_terrain (self->map, action->hex);

  for (int i = 0; i < action->n_units; i++)
    {
      int p = action->units[i];
      KesselContribution *c = &odds->attackers[odds->n_attackers++];
      c->piece = p;
      c->printed = kessel_game_get_piece_attack (self, p);
      c->factor = kessel_game_piece_attack_now (self, p);
      c->note = c->factor != c->printed ? _("out of supply: halved (8.3)") : NULL;
      if (self->info[p].doubles_in_clear && terrain == KESSEL_TERRAIN_CLEAR)
        {
          c->factor *= 2;
          c->note = _("doubled attacking into clear (13.2)");
        }
    }
  /* After halving and doubling (ruling 13.2-4). */
  odds->attack = cap_soviet_artillery (self, odds->attackers, odds->n_attackers);
  if (action->support >= 0)
    {
      KesselContribution *c = &odds->attackers[odds->n_attackers++];
      c->piece = action->support;
      c->printed = kessel_game_get_piece_attack (self, action->support);
      c->factor = c->printed;
      c->note = _("ranged support (13.1)");
      odds->attack_support = c->factor;
      odds->attack += c->factor;
    }
  odds->attack_cas = action->cas;
  odds->attack += action->cas;
}

static void
count_defenders (KesselGame *self, int target, int defence_cas, int defence_support,
                 KesselCombatOdds *odds)
{
  gboolean all_artillery = TRUE;

  for (int p = kessel_game_first_at (self, target); p >= 0; p = self->next_at[p])
    {
      KesselContribution *c;
      if (odds->n_defenders >= KESSEL_ACTION_MAX_UNITS)
        continue;
      c = &odds->defenders[odds->n_defenders++];
      c->piece = p;
      c->printed = c->factor = kessel_game_get_piece_defence (self, p);
      all_artillery &= soviet_artillery (self, p);
    }
  odds->artillery_only = odds->n_defenders > 0 && all_artillery;
  odds->defence = cap_soviet_artillery (self, odds->defenders, odds->n_defenders);
  if (defence_support >= 0)
    {
      KesselContribution *c = &odds->defenders[odds->n_defenders++];
      c->piece = defence_support;
      c->printed = c->factor = kessel_game_get_piece_attack (self, defence_support);
      c->note = _("ranged support with its attack factor (13.1)");
      odds->defence_support = c->factor;
      odds->defence += c->factor;
    }
  odds->defence_cas = defence_cas;
  odds->defence += defence_cas;
}

/* 13.8.2: the directions from the defender to hexes holding attackers. */
static gboolean
concentric (KesselGame *self, const KesselAction *action)
{
  gboolean used[KESSEL_N_DIRECTIONS] = { FALSE };
  int n = 0;

  for (int i = 0; i < action->n_units; i++)
    {
      int d = kessel_grid_direction_between (self->grid, action->hex, self->state.pieces[action->units[i]].hex);
      if (d >= 0 && d < KESSEL_N_DIRECTIONS && !used[d])
        {
          used[d] = TRUE;
          n++;
        }
    }
  if (n >= 4)
    return TRUE;
  for (int d = 0; d < 3; d++)
    if (used[d] && used[d + 3])
      return TRUE;
  return n == 3 && ((used[0] && used[2] && used[4]) || (used[1] && used[3] && used[5]));
}

static gboolean
all_across_rivers (KesselGame *self, const KesselAction *action)
{
  for (int i = 0; i < action->n_units; i++)
    if (kessel_map_get_river_between (self->map, self->state.pieces[action->units[i]].hex, action->hex)
        == KESSEL_RIVER_NONE)
      return FALSE;
  return action->n_units > 0;
}

static int
kg_for (KesselGame *self, int target, gboolean german_attacks)
{
  for (int k = 0; k < KESSEL_N_KGS; k++)
    {
      int hex = self->state.kg_hex[k];
      gboolean used = german_attacks ? self->state.kg_attack_used[k] : self->state.kg_defence_used[k];
      if (hex != KESSEL_HEX_NONE && !used
          && kessel_grid_distance (self->grid, hex, target) <= KESSEL_KG_COMBAT_RANGE)
        return k;
    }
  return -1;
}

static gboolean
tiger_with_division (KesselGame *self, const int *pieces, int n)
{
  for (int i = 0; i < n; i++)
    {
      if (!self->info[pieces[i]].tiger || self->info[pieces[i]].side != KESSEL_SIDE_GERMAN)
        continue;
      for (int j = 0; j < n; j++)
        if (self->info[pieces[j]].division && !self->info[pieces[j]].garrison
            && self->info[pieces[j]].side == KESSEL_SIDE_GERMAN
            && self->state.pieces[pieces[j]].hex == self->state.pieces[pieces[i]].hex)
          return TRUE;
    }
  return FALSE;
}

static void
add_place_shifts (KesselGame *self, int target, KesselSide defender, KesselCombatOdds *odds)
{
  const KesselPlace *place = kessel_map_get_place_at (self->map, target);

  if (place == NULL)
    return;
  if (place->kind == KESSEL_PLACE_TOWN)
    add_shift (odds, -1, "13.8.3", C_("odds shift", "defender in a town"));
  else if (defender == KESSEL_SIDE_SOVIET)
    add_shift (odds, -1, "13.8.3", C_("odds shift", "Soviet defender in a fortified locality"));
  else if (self->state.captured[target])
    add_shift (odds, -1, "13.8.4", C_("odds shift", "a fortified locality the Soviets once took is just a town"));
  else
    add_shift (odds, -2, "13.8.3", C_("odds shift", "German defender in a fortified locality"));
}

static void
add_shifts (KesselGame *self, const KesselAction *action, KesselSide attacker, int *kg,
            KesselCombatOdds *odds)
{
  int target = action->hex;
  gboolean place = kessel_map_get_place_at (self->map, target) != NULL;
  GArray *defenders = kessel_game_get_pieces_at (self, target);

  if (kessel_map_get_terrain (self->map, target) == KESSEL_TERRAIN_ROUGH)
    add_shift (odds, -1, "13.8.3", C_("odds shift", "defender in rough terrain"));
  if (all_across_rivers (self, action))
    add_shift (odds, -1, "13.8.3", C_("odds shift", "every attacker attacks across a river"));
  add_place_shifts (self, target, kessel_side_enemy (attacker), odds);
  if (!place && concentric (self, action))
    add_shift (odds, attacker == KESSEL_SIDE_GERMAN ? 2 : 1, "13.8.2", C_("odds shift", "concentric attack"));
  *kg = kg_for (self, target, attacker == KESSEL_SIDE_GERMAN);
  if (*kg >= 0)
    add_shift (odds, attacker == KESSEL_SIDE_GERMAN ? 1 : -1, "13.4",
               kessel_kg_display_name (*kg));
  if (attacker == KESSEL_SIDE_GERMAN && tiger_with_division (self, action->units, action->n_units))
    add_shift (odds, 1, "13.5", C_("odds shift", "Tiger battalion attacking with its division"));
  else if (attacker == KESSEL_SIDE_SOVIET
           && tiger_with_division (self, (int *) defenders->data, (int) defenders->len))
    add_shift (odds, -1, "13.5", C_("odds shift", "Tiger battalion defending with a division"));
  g_array_unref (defenders);
}

static void
compute_odds (KesselGame *self, const KesselAction *action, int defence_cas, int defence_support,
              int *kg, KesselCombatOdds *odds)
{
  KesselSide attacker = self->info[action->units[0]].side;
  int net = 0, index;

  memset (odds, 0, sizeof *odds);
  count_attackers (self, action, odds);
  count_defenders (self, action->hex, defence_cas, defence_support, odds);
  odds->raw = kessel_table_raw_odds (odds->attack, odds->defence);
  add_shifts (self, action, attacker, kg, odds);
  for (int i = 0; i < odds->n_shifts; i++)
    net += odds->shifts[i].shift;
  index = (int) odds->raw + net;
  if (kessel_game_option (self, "odds-table-only") && odds->raw >= KESSEL_ODDS_1_2
      && odds->raw <= KESSEL_ODDS_7_1)
    index = CLAMP (index, KESSEL_ODDS_1_2, KESSEL_ODDS_7_1);
  odds->final = (KesselOdds) CLAMP (index, 0, KESSEL_N_ODDS - 1);
  odds->automatic = odds->final == KESSEL_ODDS_BELOW_1_2 || odds->final == KESSEL_ODDS_ABOVE_7_1;
  for (int die = 1; die <= 6; die++)
    odds->results[die - 1] = kessel_table_combat_result (odds->final, die);
}

/**
 * kessel_game_get_odds:
 * @attack: an attack or probe
 * @odds: (out caller-allocates): the odds
 *
 * The odds of a proposed attack or probe, before any die is rolled.
 *
 * Returns: (skip): %TRUE, or %FALSE with @error set
 */
gboolean
kessel_game_get_odds (KesselGame *self, const KesselAction *attack, KesselCombatOdds *odds,
                      GError **error)
{
  int kg;

  g_return_val_if_fail (KESSEL_IS_GAME (self), FALSE);
  kessel_game_update_caches (self);
  if (attack->type != KESSEL_ACTION_ATTACK)
    return kessel_game_refuse (error, NULL, N_("Odds are worked out for attacks."));
  if (!kessel_game_check (self, attack, error))
    return FALSE;
  compute_odds (self, attack, 0, -1, &kg, odds);
  return TRUE;
}

/* The most the German player may add to the defence of target, once an
 * attack on it is declared that commits attack_cas air markers: every
 * marker left and the ranged support (13.1, 13.3, 13.8-2). FALSE when he may
 * add nothing, and the defence then commits nothing. */
static gboolean
most_defence_support (KesselGame *self, int target, int attack_cas, KesselAction *defence)
{
  int cas = kessel_game_get_cas_left (self) - attack_cas;

  kessel_action_init (defence, KESSEL_ACTION_DEFEND);
  if (kessel_game_get_hex_occupant (self, target) != KESSEL_SIDE_GERMAN)
    return FALSE;
  if (cas > 0 && cas_ok (self, KESSEL_SIDE_GERMAN, cas, TRUE, NULL))
    defence->cas = cas;
  defence->support = kessel_game_support_piece_for (self, KESSEL_SIDE_GERMAN, target, TRUE);
  return defence->cas > 0 || defence->support >= 0;
}

/**
 * kessel_game_get_supported_defence_odds:
 * @attack: an attack or probe
 * @defence: (out caller-allocates): the defend action that adds every support
 * @odds: (out caller-allocates): the odds with it
 *
 * The odds of a proposed attack should the defender add every support he may
 * once it is declared (13.1, 13.3, 13.8-2): the worst case for the attacker,
 * since support only adds to the defence. @defence is set to the "defend"
 * action that commits it, with every air marker the defender has left and the
 * ranged-support piece; when he may add nothing it commits none (cas 0,
 * support -1), and the odds are those of kessel_game_get_odds(). The
 * defence_cas and defence_support of @odds tell what each adds.
 *
 * Returns: (skip): %TRUE, or %FALSE with @error set
 */
gboolean
kessel_game_get_supported_defence_odds (KesselGame *self, const KesselAction *attack,
                                        KesselAction *defence, KesselCombatOdds *odds, GError **error)
{
  int kg;

  g_return_val_if_fail (KESSEL_IS_GAME (self) && defence != NULL, FALSE);
  kessel_action_init (defence, KESSEL_ACTION_DEFEND);
  if (!kessel_game_get_odds (self, attack, odds, error))
    return FALSE;
  if (most_defence_support (self, attack->hex, attack->cas, defence))
    compute_odds (self, attack, defence->cas, defence->support, &kg, odds);
  return TRUE;
}

/**
 * kessel_game_get_current_combat:
 * @attack: (out caller-allocates): the attack declared
 * @odds: (out caller-allocates): its odds
 * @die: (out) (optional): the die rolled, 0 before the roll
 * @result: (out) (optional): the result, once rolled
 *
 * The combat being resolved, if any: its attack, its odds, and the die and
 * result once rolled.
 */
gboolean
kessel_game_get_current_combat (KesselGame *self, KesselAction *attack, KesselCombatOdds *odds,
                                int *die, KesselResult *result)
{
  const KesselCombat *combat = &self->state.combat;

  if (!combat->active)
    return FALSE;
  if (attack)
    *attack = combat->attack;
  if (odds)
    *odds = combat->odds;
  if (die)
    *die = combat->die;
  if (result)
    *result = combat->result;
  return TRUE;
}

static void
fill_fates (KesselCombatFate *fates, const int *pieces, int n, const guint8 *steps_lost,
            guint64 eliminated)
{
  for (int i = 0; i < n; i++)
    {
      fates[i].piece = pieces[i];
      fates[i].steps_lost = steps_lost[i];
      fates[i].eliminated = (eliminated >> i) & 1;
      fates[i].retreat_hex = KESSEL_HEX_NONE;
      fates[i].advanced = FALSE;
    }
}

/**
 * kessel_game_get_last_combat:
 * @report: (out caller-allocates): what the combat came to
 *
 * The last combat whose die was rolled, or which was settled without one,
 * whether finished or still under way. FALSE when there was none yet, and while
 * a declared combat waits for the defender's support.
 */
gboolean
kessel_game_get_last_combat (KesselGame *self, KesselCombatReport *report)
{
  const KesselCombat *combat = &self->state.combat;

  g_return_val_if_fail (KESSEL_IS_GAME (self) && report != NULL, FALSE);
  if (!combat->resolved)
    return FALSE;
  report->attack = combat->attack;
  report->odds = combat->odds;
  report->die = combat->die;
  report->result = combat->result;
  report->finished = !combat->active;
  report->log_index = combat->log_index;
  report->n_attackers = combat->attack.n_units;
  fill_fates (report->attackers, combat->attack.units, combat->attack.n_units,
              combat->attacker_steps_lost, combat->attackers_eliminated);
  for (int i = 0; i < report->n_attackers; i++)
    report->attackers[i].advanced = (combat->advanced >> i) & 1;
  report->n_defenders = combat->n_defenders;
  fill_fates (report->defenders, combat->defenders, combat->n_defenders,
              combat->defender_steps_lost, combat->defenders_eliminated);
  for (int i = 0; i < report->n_defenders; i++)
    report->defenders[i].retreat_hex = combat->retreat_hex[i];
  return TRUE;
}

/* A step lost in the combat, or a unit eliminated (artillery alone, 13.2),
 * noted for its report. */
static void
combat_lose_steps (KesselGame *self, int piece, gboolean whole)
{
  KesselCombat *combat = &self->state.combat;
  KesselPieceState *state = &self->state.pieces[piece];
  int before = state->steps;
  int a = index_in (combat->attack.units, combat->attack.n_units, piece);
  int d = index_in (combat->defenders, combat->n_defenders, piece);

  if (whole)
    state->steps = 1;
  kessel_game_lose_step (self, piece);
  if (a >= 0)
    combat->attacker_steps_lost[a] += before - state->steps;
  else if (d >= 0)
    combat->defender_steps_lost[d] += before - state->steps;
  if (state->status == KESSEL_PIECE_ON_MAP)
    return;
  if (a >= 0)
    combat->attackers_eliminated |= G_GUINT64_CONSTANT (1) << a;
  else if (d >= 0)
    combat->defenders_eliminated |= G_GUINT64_CONSTANT (1) << d;
}

/* Resolution */

static void next_step (KesselGame *self);

/* Once the attack is declared, its air markers are spent already. */
static gboolean
defence_support_possible (KesselGame *self)
{
  KesselAction most;

  return most_defence_support (self, self->state.combat.attack.hex, 0, &most);
}

static void
finish_combat (KesselGame *self)
{
  self->state.combat.active = FALSE;
  self->state.wait = KESSEL_WAIT_PHASE;
  kessel_game_changed (self, KESSEL_CHANGE_COMBAT);
}

static char *
odds_sentence (const KesselCombatOdds *odds)
{
  GString *text = g_string_new (NULL);

  /* Translators: attack and defence factors, then the odds, as in "8 to 11, 1:2". */
  g_string_append_printf (text, _("%d to %d, %s"), odds->attack, odds->defence,
                          kessel_odds_to_string (odds->raw));
  for (int i = 0; i < odds->n_shifts; i++)
    g_string_append_printf (text, ", %s%d %s (%s)", odds->shifts[i].shift > 0 ? "+" : "",
                            odds->shifts[i].shift, odds->shifts[i].reason, odds->shifts[i].rule);
  g_string_append_printf (text, ": %s", kessel_odds_to_string (odds->final));
  return g_string_free (text, FALSE);
}

static void
resolve (KesselGame *self)
{
  KesselCombat *combat = &self->state.combat;
  KesselSide attacker = self->info[combat->attack.units[0]].side;
  g_autofree char *who = kessel_game_pieces_label (self, combat->attack.units, combat->attack.n_units);
  g_autofree char *where = kessel_game_hex_label (self, combat->attack.hex);
  g_autofree char *sentence = NULL;
  int n = combat->attack.n_units;
  int kg;

  compute_odds (self, &combat->attack, combat->defence_cas, combat->defence_support, &kg, &combat->odds);
  combat->kg = kg;
  combat->resolved = TRUE;
  combat->log_index = self->quiet ? -1 : kessel_game_get_n_log (self);
  if (kg >= 0 && attacker == KESSEL_SIDE_GERMAN)
    self->state.kg_attack_used[kg] = TRUE;
  else if (kg >= 0)
    self->state.kg_defence_used[kg] = TRUE;
  self->state.cas_used += combat->defence_cas;
  if (combat->defence_support >= 0)
    self->state.pieces[combat->defence_support].defence_support = TRUE;

  if (combat->odds.artillery_only)
    {
      kessel_game_log (self, attacker, 0,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s attacks %s, held by Soviet artillery alone: it is eliminated (13.2).",
                                    "%s attack %s, held by Soviet artillery alone: it is eliminated (13.2).", n),
                       who, where);
      for (int i = 0; i < combat->n_defenders; i++)
        combat_lose_steps (self, combat->defenders[i], TRUE);
      next_step (self);
      return;
    }
  sentence = odds_sentence (&combat->odds);
  if (combat->odds.automatic)
    {
      combat->die = 0;
      combat->result = kessel_table_combat_result (combat->odds.final, 1);
      /* Translators: the attackers, the hex, the odds with their shifts, and a
       * result code of the combat results table such as "AL1". */
      kessel_game_log (self, attacker, 0,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s attacks %s at %s; automatic %s (13.8.1).",
                                    "%s attack %s at %s; automatic %s (13.8.1).", n),
                       who, where, sentence, kessel_result_to_string (combat->result));
    }
  else
    {
      combat->die = kessel_game_roll (self);
      combat->result = kessel_table_combat_result (combat->odds.final, combat->die);
      /* Translators: the attackers, the hex, the odds with their shifts, the
       * die and a result code of the combat results table such as "DR". */
      kessel_game_log (self, attacker, combat->die,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "%s attacks %s at %s; die %d: %s.",
                                    "%s attack %s at %s; die %d: %s.", n),
                       who, where, sentence, combat->die, kessel_result_to_string (combat->result));
    }
  combat->attacker_losses = kessel_result_attacker_loses (combat->result) ? 1 : 0;
  combat->defender_losses = kessel_result_defender_loses (combat->result) ? 1 : 0;
  combat->retreat = kessel_result_has_retreat (combat->result);
  if (combat->retreat && kessel_map_get_place_at (self->map, combat->attack.hex) != NULL)
    {
      combat->retreat = FALSE;
      kessel_game_log (self, attacker, 0, _("The defenders of %s hold the town: the retreat is ignored (13.8.4)."), where);
    }
  combat->retreat_next = 0;
  kessel_game_changed (self, KESSEL_CHANGE_COMBAT);
  next_step (self);
}

void
kessel_game_apply_attack (KesselGame *self, const KesselAction *action)
{
  KesselCombat *combat = &self->state.combat;

  memset (combat, 0, sizeof *combat);
  combat->active = TRUE;
  combat->attack = *action;
  combat->defence_support = -1;
  combat->kg = -1;
  combat->log_index = -1;
  for (int i = 0; i < KESSEL_ACTION_MAX_UNITS; i++)
    combat->retreat_hex[i] = KESSEL_HEX_NONE;
  /* 6.3-1: each side sees the units the other fights with (docs/rulings.md). */
  for (int i = 0; i < action->n_units; i++)
    {
      self->state.pieces[action->units[i]].attacked = TRUE;
      self->state.pieces[action->units[i]].revealed = TRUE;
    }
  if (action->support >= 0)
    self->state.pieces[action->support].attacked = TRUE;
  self->state.cas_used += action->cas;
  for (int p = kessel_game_first_at (self, action->hex); p >= 0; p = self->next_at[p])
    if (combat->n_defenders < KESSEL_ACTION_MAX_UNITS)
      {
        combat->defenders[combat->n_defenders++] = p;
        self->state.pieces[p].revealed = TRUE;   /* 6.3 */
      }
  kessel_game_changed (self, KESSEL_CHANGE_COMBAT | KESSEL_CHANGE_PIECES);
  if (defence_support_possible (self))
    {
      int kg;

      /* The odds as they stand, for the German player choosing the defence. */
      compute_odds (self, &combat->attack, 0, -1, &kg, &combat->odds);
      self->state.wait = KESSEL_WAIT_DEFENCE;
      return;
    }
  resolve (self);
}

gboolean
kessel_game_check_defend (KesselGame *self, const KesselAction *action, GError **error)
{
  int target = self->state.combat.attack.hex;

  if (action->support >= 0 && !support_ok (self, action->support, target, TRUE, error))
    return FALSE;
  return cas_ok (self, KESSEL_SIDE_GERMAN, action->cas, TRUE, error);
}

void
kessel_game_apply_defend (KesselGame *self, const KesselAction *action)
{
  self->state.combat.defence_cas = action->cas;
  self->state.combat.defence_support = action->support;
  self->state.wait = KESSEL_WAIT_PHASE;
  resolve (self);
}

/* Losses */

static gboolean
on_map_in (KesselGame *self, int piece, int hex)
{
  return self->state.pieces[piece].status == KESSEL_PIECE_ON_MAP && self->state.pieces[piece].hex == hex;
}

/* Pieces that may take the step now: attackers still on the map; defenders in
 * the hex, mobile before garrisons (13.9). */
static int
loss_choices (KesselGame *self, gboolean attacker, int *out)
{
  const KesselCombat *combat = &self->state.combat;
  int n = 0;

  if (attacker)
    {
      for (int i = 0; i < combat->attack.n_units; i++)
        if (self->state.pieces[combat->attack.units[i]].status == KESSEL_PIECE_ON_MAP)
          out[n++] = combat->attack.units[i];
      return n;
    }
  for (int pass = 0; pass < 2 && n == 0; pass++)
    for (int i = 0; i < combat->n_defenders; i++)
      {
        int p = combat->defenders[i];
        if (on_map_in (self, p, combat->attack.hex) && (pass == 1 || !self->info[p].garrison))
          out[n++] = p;
      }
  return n;
}

gboolean
kessel_game_check_loss (KesselGame *self, const KesselAction *action, GError **error)
{
  int choices[KESSEL_ACTION_MAX_UNITS];
  int n = loss_choices (self, self->state.wait == KESSEL_WAIT_ATTACKER_LOSS, choices);

  if (action->n_units != 1)
    return kessel_game_refuse (error, NULL, N_("Name the one unit that takes the step loss."));
  if (!listed (choices, n, action->units[0]))
    return kessel_game_refuse (error, "13.9",
                               self->state.wait == KESSEL_WAIT_ATTACKER_LOSS
                                 ? N_("The attacker's loss comes from a unit that attacked.")
                                 : N_("The defender's loss comes from a unit in the hex, a mobile unit before a garrison."));
  return TRUE;
}

static void
take_loss (KesselGame *self, int piece, gboolean attacker)
{
  KesselCombat *combat = &self->state.combat;

  combat_lose_steps (self, piece, FALSE);
  if (attacker)
    combat->attacker_losses--;
  else
    combat->defender_losses--;
}

void
kessel_game_apply_loss (KesselGame *self, const KesselAction *action)
{
  take_loss (self, action->units[0], self->state.wait == KESSEL_WAIT_ATTACKER_LOSS);
  self->state.wait = KESSEL_WAIT_PHASE;
  next_step (self);
}

/* Retreats */

static gboolean
retreat_hex_allowed (KesselGame *self, int piece, int hex)
{
  KesselSide side = self->info[piece].side;

  if (hex == KESSEL_HEX_NONE || !kessel_grid_adjacent (self->grid, self->state.pieces[piece].hex, hex))
    return FALSE;
  if (self->info[piece].garrison || kessel_game_enemy_at (self, hex, side))
    return FALSE;
  if (side == KESSEL_SIDE_SOVIET && kessel_map_is_closed_to_soviet (self->map, hex))
    return FALSE;
  return kessel_game_stack_fits (self, hex, side, &piece, 1);
}

/* 13.9: a legal retreat hex; *preferred is FALSE for a German hex west of the
 * stand-fast line on turn 1, allowed only when no other hex is (3.2-6). */
gboolean
kessel_game_retreat_hex_ok (KesselGame *self, int piece, int hex, gboolean *preferred)
{
  gboolean other = FALSE;

  *preferred = TRUE;
  if (!retreat_hex_allowed (self, piece, hex))
    return FALSE;
  if (!kessel_game_stand_fast_applies (self, piece) || !kessel_game_west_of_stand_fast (self, hex))
    return TRUE;
  *preferred = FALSE;
  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[self->state.pieces[piece].hex * 6 + d];
      if (next != KESSEL_HEX_NONE && !kessel_game_west_of_stand_fast (self, next) && retreat_hex_allowed (self, piece, next))
        other = TRUE;
    }
  return !other;
}

static int
retreat_choices (KesselGame *self, int piece, int *out)
{
  int n = 0;
  gboolean preferred;

  for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
    {
      int next = self->neighbours[self->state.pieces[piece].hex * 6 + d];
      if (kessel_game_retreat_hex_ok (self, piece, next, &preferred))
        out[n++] = next;
    }
  return n;
}

/* The defender to retreat next: the first still in the hex from retreat_next
 * on. One that could not retreat lost a step and stays, behind retreat_next. */
int
kessel_game_next_retreater (KesselGame *self)
{
  const KesselCombat *combat = &self->state.combat;

  for (int i = combat->retreat_next; i < combat->n_defenders; i++)
    if (on_map_in (self, combat->defenders[i], combat->attack.hex))
      return combat->defenders[i];
  return -1;
}

static int
current_retreater (KesselGame *self)
{
  KesselCombat *combat = &self->state.combat;
  int piece = kessel_game_next_retreater (self);

  while (combat->retreat_next < combat->n_defenders && combat->defenders[combat->retreat_next] != piece)
    combat->retreat_next++;
  return piece;
}

gboolean
kessel_game_check_retreat (KesselGame *self, const KesselAction *action, GError **error)
{
  int piece = current_retreater (self);
  gboolean preferred;

  if (action->n_units != 1 || action->units[0] != piece)
    {
      g_autofree char *label = piece >= 0 ? kessel_game_piece_label (self, piece) : g_strdup ("?");
      return kessel_game_refuse (error, NULL, N_("The unit to retreat now is %s."), label);
    }
  if (!kessel_game_retreat_hex_ok (self, piece, action->hex, &preferred))
    return kessel_game_refuse (error, "13.9",
                               N_("A retreat goes exactly one hex, never into enemy units, off the map, over the stacking limit, into the 12.5 area for Soviet units, or west of the stand-fast line on turn 1 when another hex is open."));
  return TRUE;
}

static void
retreat_piece (KesselGame *self, int piece, int hex)
{
  const char *label = kessel_game_piece_name (self, piece);
  g_autofree char *where = kessel_game_hex_label (self, hex);

  kessel_game_put_piece (self, piece, hex);
  self->state.combat.retreat_hex[self->state.combat.retreat_next] = hex;
  self->state.combat.retreat_next++;
  kessel_game_log (self, KESSEL_SIDE_GERMAN, 0, _("%s retreats to %s."), label, where);
}

void
kessel_game_apply_retreat (KesselGame *self, const KesselAction *action)
{
  retreat_piece (self, action->units[0], action->hex);
  self->state.wait = KESSEL_WAIT_PHASE;
  next_step (self);
}

/* Advance after combat */

static int
advance_choices (KesselGame *self, int *out)
{
  const KesselCombat *combat = &self->state.combat;
  int target = combat->attack.hex, n = 0;

  for (int i = 0; i < combat->attack.n_units; i++)
    {
      int p = combat->attack.units[i];
      const KesselPieceState *state = &self->state.pieces[p];
      if (state->status != KESSEL_PIECE_ON_MAP || state->hex == target || self->info[p].garrison)
        continue;
      if (self->info[p].side == KESSEL_SIDE_SOVIET && kessel_map_is_closed_to_soviet (self->map, target))
        continue;
      if (kessel_game_stand_fast_applies (self, p) && kessel_game_west_of_stand_fast (self, target))
        continue;
      out[n++] = p;
    }
  return n;
}

gboolean
kessel_game_check_advance (KesselGame *self, const KesselAction *action, GError **error)
{
  int choices[KESSEL_ACTION_MAX_UNITS];
  int n = advance_choices (self, choices);

  if (action->n_units != 1)
    return kessel_game_refuse (error, NULL, N_("Name one unit to advance."));
  if (!listed (choices, n, action->units[0]))
    return kessel_game_refuse (error, "13.10",
                               N_("Only units that took part in the attack advance, and never across the stand-fast line on turn 1 or into the 12.5 area."));
  return TRUE;
}

void
kessel_game_apply_advance (KesselGame *self, const KesselAction *action)
{
  int piece = action->units[0];
  const char *label = kessel_game_piece_name (self, piece);
  g_autofree char *where = kessel_game_hex_label (self, self->state.combat.attack.hex);
  int choices[KESSEL_ACTION_MAX_UNITS];

  kessel_game_put_piece (self, piece, self->state.combat.attack.hex);
  self->state.combat.advanced |= G_GUINT64_CONSTANT (1)
                                 << index_in (self->state.combat.attack.units, self->state.combat.attack.n_units, piece);
  kessel_game_log (self, self->info[piece].side, 0, _("%s advances into %s."), label, where);
  if (advance_choices (self, choices) == 0)
    kessel_game_finish_advance (self);
}

void
kessel_game_finish_advance (KesselGame *self)
{
  int target = self->state.combat.attack.hex;
  KesselSide side = kessel_game_get_hex_occupant (self, target);

  finish_combat (self);
  if (side != KESSEL_SIDE_NONE && kessel_game_overstacked (self, target))
    kessel_game_start_eliminations (self, side, KESSEL_RESUME_AFTER_COMBAT);
}

/* Works through what a result still asks for, waiting where a player must choose. */
static void
next_step (KesselGame *self)
{
  KesselCombat *combat = &self->state.combat;
  int choices[KESSEL_ACTION_MAX_UNITS];
  int n;

  while (combat->attacker_losses > 0 || combat->defender_losses > 0)
    {
      gboolean attacker = combat->attacker_losses > 0;
      n = loss_choices (self, attacker, choices);
      if (n == 0)
        {
          if (attacker)
            combat->attacker_losses = 0;
          else
            combat->defender_losses = 0;
          continue;
        }
      if (n > 1)
        {
          self->state.wait = attacker ? KESSEL_WAIT_ATTACKER_LOSS : KESSEL_WAIT_DEFENDER_LOSS;
          return;
        }
      take_loss (self, choices[0], attacker);
    }
  while (combat->retreat)
    {
      int piece = current_retreater (self);
      if (piece < 0)
        break;
      n = retreat_choices (self, piece, choices);
      if (n == 0)
        {
          const char *label = kessel_game_piece_name (self, piece);
          kessel_game_log (self, self->info[piece].side, 0, _("%s cannot retreat and loses a step instead (13.9)."), label);
          combat->retreat_next++;
          combat_lose_steps (self, piece, FALSE);
          continue;
        }
      if (n > 1)
        {
          self->state.wait = KESSEL_WAIT_RETREAT;
          return;
        }
      retreat_piece (self, piece, choices[0]);
    }
  combat->retreat = FALSE;
  if (kessel_game_get_hex_occupant (self, combat->attack.hex) == KESSEL_SIDE_NONE
      && advance_choices (self, choices) > 0)
    {
      self->state.wait = KESSEL_WAIT_ADVANCE;
      return;
    }
  finish_combat (self);
}

/* Probing attacks (13.6) */

gboolean
kessel_game_check_probe (KesselGame *self, const KesselAction *action, GError **error)
{
  int target = action->hex;

  if (kessel_game_get_active_side (self) != KESSEL_SIDE_GERMAN)
    return kessel_game_refuse (error, "13.6", N_("Only German units make probing attacks."));
  if (action->n_units == 0)
    return kessel_game_refuse (error, "13.6", N_("Choose the units that probe."));
  if (target == KESSEL_HEX_NONE || kessel_game_get_hex_occupant (self, target) != KESSEL_SIDE_NONE)
    return kessel_game_refuse (error, "13.6", N_("A probe goes into a hex with no units in it."));
  if (!kessel_game_in_zoc_of (self, target, KESSEL_SIDE_SOVIET))
    return kessel_game_refuse (error, "13.6", N_("A probe goes only into a hex in a Soviet zone of control."));
  for (int i = 0; i < action->n_units; i++)
    {
      int p = action->units[i];
      if (!kessel_game_can_attack_with (self, p, error))
        return FALSE;
      if (!kessel_grid_adjacent (self->grid, self->state.pieces[p].hex, target))
        return kessel_game_refuse (error, "13.6", N_("Probing units must be next to the hex they probe."));
      if (kessel_game_stand_fast_applies (self, p) && kessel_game_west_of_stand_fast (self, target))
        return kessel_game_refuse (error, "3.2", N_("Hitler's stand-fast order: on turn 1 this unit may not go west of column 23."));
    }
  return TRUE;
}

void
kessel_game_apply_probe (KesselGame *self, const KesselAction *action)
{
  g_autofree char *who = kessel_game_pieces_label (self, action->units, action->n_units);
  g_autofree char *where = kessel_game_hex_label (self, action->hex);

  for (int i = 0; i < action->n_units; i++)
    {
      self->state.pieces[action->units[i]].attacked = TRUE;
      self->state.pieces[action->units[i]].revealed = FALSE;
      kessel_game_put_piece (self, action->units[i], action->hex);
    }
  /* A probe attacks no stack: its units stay as hidden as a move's (6.3-1). */
  kessel_game_log_units (self, KESSEL_SIDE_GERMAN, 0, action->n_units,
                         g_dngettext (GETTEXT_PACKAGE,
                                      "%s probes and advances into %s (13.6).",
                                      "%s probe and advance into %s (13.6).", action->n_units),
                         who, where);
  if (kessel_game_overstacked (self, action->hex))
    kessel_game_start_eliminations (self, KESSEL_SIDE_GERMAN, KESSEL_RESUME_AFTER_COMBAT);
}
