#include "kessel-evaluator.h"

#include <math.h>
#include <string.h>

#include "kessel-reply.h"

#define NEAR_RADIUS 4
#define MAX_NEAR 61           /* hexes within NEAR_RADIUS */
#define EXIT_HORIZON 14.0     /* hexes beyond which a corps is no threat to exit */
#define CORPS_EXIT_CAP 4      /* 4.1-4 */
#define KILL_COMBATS 3        /* Soviet combats a cut-off division is counted on to stay cut off */
#define KILL_WEIGHT 0.7
#define LONE_ARTILLERY_WEIGHT 1.0 /* lost whole: no roll, no return (13.2) */
#define RING_FEAR 0.3         /* a full step, for a lone division in the open the Soviets can ring */
#define FRAILTY_WEIGHT 0.25   /* of a weak division's VP, with Soviet strength in reach */
#define FRAILTY_ATTACK 12.0   /* Soviet attack factors within three hexes for the full threat */

typedef struct {
  int hex;
  int vp;                     /* 1 for a town, 4 for a fortified locality (4.1) */
  int n_near;
  int near[MAX_NEAR];         /* the hex itself first, then the rings out to NEAR_RADIUS */
  guint8 ring[MAX_NEAR];
  int terrain_shift;          /* columns the defender gains there */
} Place;

struct _KesselEvaluator {
  int hex_count;
  int n_pieces;
  int turns;
  int n_places;
  Place *places;
  int *exit_distance;         /* per hex, to the nearest exit hex; G_MAXINT if none */
  guint8 *terrain_shift;      /* per hex: defensive shift of the terrain alone */
  const KesselGrid *grid;
  KesselMap *map;
  /* Scratch, per hex */
  double *attack[3];
  double *defence[3];
  int *steps[3];              /* per hex */
  gboolean *guarded[3];       /* per hex: holds a unit that is not artillery */
  int *strike_distance;       /* per hex: to the nearest German unit able to attack */
  KesselSide perspective;
  gboolean can_act[3];        /* per side: has_phases_left */
  int *goal_distance;         /* per hex: to the nearest German-held place */
  int *queue;
  int *neighbours;            /* per hex: KESSEL_N_DIRECTIONS, packed, then -1 */
  guint8 *n_neighbours;
  KesselEvaluatorWeights weights;
  const guint8 *ring_threats; /* per hex, KesselRingThreat, or NULL */
};

static void
list_near (KesselEvaluator *self, Place *place)
{
  place->n_near = 0;
  for (int ring = 0; ring <= NEAR_RADIUS; ring++)
    for (int hex = 0; hex < self->hex_count && place->n_near < MAX_NEAR; hex++)
      if (kessel_grid_distance (self->grid, hex, place->hex) == ring)
        {
          place->ring[place->n_near] = (guint8) ring;
          place->near[place->n_near++] = hex;
        }
}

static void
build_neighbours (KesselEvaluator *self)
{
  self->neighbours = g_new (int, self->hex_count * KESSEL_N_DIRECTIONS);
  self->n_neighbours = g_new0 (guint8, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      int *out = &self->neighbours[hex * KESSEL_N_DIRECTIONS];
      for (int d = 0; d < KESSEL_N_DIRECTIONS; d++)
        {
          int other = kessel_grid_neighbour (self->grid, hex, d);
          if (other != KESSEL_HEX_NONE)
            out[self->n_neighbours[hex]++] = other;
        }
    }
}

const int *
kessel_evaluator_neighbours (KesselEvaluator *self, int hex, int *n)
{
  *n = self->n_neighbours[hex];
  return &self->neighbours[hex * KESSEL_N_DIRECTIONS];
}

static void
compute_exit_distances (KesselEvaluator *self)
{
  g_autofree int *queue = g_new (int, self->hex_count);
  int head = 0, tail = 0;

  self->exit_distance = g_new (int, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      self->exit_distance[hex] = G_MAXINT;
      if (kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_EXIT))
        {
          self->exit_distance[hex] = 0;
          queue[tail++] = hex;
        }
    }
  while (head < tail)
    {
      int hex = queue[head++], n;
      const int *around = kessel_evaluator_neighbours (self, hex, &n);
      for (int i = 0; i < n; i++)
        if (self->exit_distance[around[i]] == G_MAXINT)
          {
            self->exit_distance[around[i]] = self->exit_distance[hex] + 1;
            queue[tail++] = around[i];
          }
    }
}

KesselEvaluator *
kessel_evaluator_new (KesselGame *game)
{
  KesselEvaluator *self = g_new0 (KesselEvaluator, 1);
  KesselScenario *scenario = kessel_game_get_scenario (game);

  self->map = kessel_scenario_get_map (scenario);
  self->grid = kessel_map_get_grid (self->map);
  self->hex_count = kessel_map_get_hex_count (self->map);
  self->n_pieces = kessel_game_get_n_pieces (game);
  self->turns = kessel_scenario_get_turns (scenario);
  kessel_evaluator_weights_init (&self->weights);
  self->terrain_shift = g_new0 (guint8, self->hex_count);
  for (int hex = 0; hex < self->hex_count; hex++)
    self->terrain_shift[hex] = kessel_map_get_terrain (self->map, hex) == KESSEL_TERRAIN_ROUGH;
  self->n_places = kessel_map_get_n_places (self->map);
  self->places = g_new0 (Place, MAX (1, self->n_places));
  for (int i = 0; i < self->n_places; i++)
    {
      const KesselPlace *place = kessel_map_get_place (self->map, i);
      Place *p = &self->places[i];
      gboolean fortified = place->kind == KESSEL_PLACE_FORTIFIED_LOCALITY;

      p->hex = place->hex;
      p->vp = fortified ? 4 : 1;
      p->terrain_shift = fortified ? 2 : 1;
      self->terrain_shift[p->hex] = (guint8) p->terrain_shift;
      list_near (self, p);
    }
  build_neighbours (self);
  compute_exit_distances (self);
  self->goal_distance = g_new (int, self->hex_count);
  self->strike_distance = g_new (int, self->hex_count);
  self->queue = g_new (int, self->hex_count);
  for (int side = 0; side < 3; side++)
    {
      self->attack[side] = g_new0 (double, self->hex_count);
      self->defence[side] = g_new0 (double, self->hex_count);
      self->steps[side] = g_new0 (int, self->hex_count);
      self->guarded[side] = g_new0 (gboolean, self->hex_count);
    }
  return self;
}

void
kessel_evaluator_free (KesselEvaluator *self)
{
  if (self == NULL)
    return;
  for (int side = 0; side < 3; side++)
    {
      g_free (self->attack[side]);
      g_free (self->defence[side]);
      g_free (self->steps[side]);
      g_free (self->guarded[side]);
    }
  g_free (self->places);
  g_free (self->neighbours);
  g_free (self->n_neighbours);
  g_free (self->goal_distance);
  g_free (self->strike_distance);
  g_free (self->queue);
  g_free (self->exit_distance);
  g_free (self->terrain_shift);
  g_free (self);
}

void
kessel_evaluator_set_perspective (KesselEvaluator *self, KesselSide side)
{
  self->perspective = side;
}

double
kessel_evaluator_for_side (double soviet_value, KesselSide side)
{
  return side == KESSEL_SIDE_GERMAN ? -soviet_value : soviet_value;
}

double
kessel_evaluator_defender_loss (KesselOdds odds)
{
  int hits = 0;

  for (int die = 1; die <= 6; die++)
    hits += kessel_result_defender_loses (kessel_table_combat_result (odds, die));
  return hits / 6.0;
}

/* The steps a defender expects to lose to one attack at odds: where it
 * cannot retreat, a retreat costs a step instead (13.9-DR-4). */
static double
expected_steps_lost (KesselOdds odds, gboolean cannot_retreat)
{
  int steps = 0;

  for (int die = 1; die <= 6; die++)
    {
      KesselResult result = kessel_table_combat_result (odds, die);
      steps += kessel_result_defender_loses (result);
      if (cannot_retreat)
        steps += kessel_result_has_retreat (result);
    }
  return steps / 6.0;
}

static KesselOdds
odds_of (double attack, double defence, int shift)
{
  int column;

  if (defence <= 0.0)
    return KESSEL_ODDS_ABOVE_7_1;
  column = (int) kessel_table_raw_odds ((int) (attack + 0.5), MAX (1, (int) (defence + 0.5))) - shift;
  return (KesselOdds) CLAMP (column, 0, KESSEL_N_ODDS - 1);
}

static gboolean
piece_on_map (KesselGame *game, int piece)
{
  return kessel_game_get_piece_status (game, piece) == KESSEL_PIECE_ON_MAP;
}

/* Sums each side's attack and defence factors per hex. */
static void
gather_strength (KesselEvaluator *self, KesselGame *game)
{
  for (int side = 1; side < 3; side++)
    {
      memset (self->attack[side], 0, sizeof (double) * self->hex_count);
      memset (self->defence[side], 0, sizeof (double) * self->hex_count);
      memset (self->steps[side], 0, sizeof (int) * self->hex_count);
      memset (self->guarded[side], 0, sizeof (gboolean) * self->hex_count);
    }
  for (int p = 0; p < self->n_pieces; p++)
    {
      KesselSide side;
      int hex;
      if (!piece_on_map (game, p))
        continue;
      side = kessel_game_get_piece_side (game, p);
      hex = kessel_game_get_piece_hex (game, p);
      self->attack[side][hex] += kessel_game_get_piece_attack (game, p);
      self->defence[side][hex] += kessel_game_get_piece_defence (game, p);
      self->steps[side][hex] += kessel_game_get_piece_steps (game, p);
      if (!kessel_unit_is_artillery (kessel_game_get_piece_unit (game, p)))
        self->guarded[side][hex] = TRUE;
    }
}

/* Breadth-first distances from every hex to the nearest German unit that
 * can attack: how soon an empty Soviet place may be walked into. */
static void
compute_strike_distance (KesselEvaluator *self)
{
  int *distance = self->strike_distance;
  int head = 0, tail = 0;

  for (int hex = 0; hex < self->hex_count; hex++)
    {
      distance[hex] = G_MAXINT;
      if (self->attack[KESSEL_SIDE_GERMAN][hex] > 0.0)
        {
          distance[hex] = 0;
          self->queue[tail++] = hex;
        }
    }
  while (head < tail)
    {
      int hex = self->queue[head++], n;
      const int *around = kessel_evaluator_neighbours (self, hex, &n);
      for (int i = 0; i < n; i++)
        if (distance[around[i]] == G_MAXINT)
          {
            distance[around[i]] = distance[hex] + 1;
            self->queue[tail++] = around[i];
          }
    }
}

/* Attack strength of side around a place: full from next door, less from
 * further away, since it must move first, out to what a mechanized unit
 * reaches in a phase. */
static double
attack_near (KesselEvaluator *self, const Place *place, KesselSide side)
{
  static const double ring_weight[NEAR_RADIUS + 1] = { 0.0, 1.0, 0.7, 0.45, 0.3 };
  double sum = 0.0;

  for (int i = 1; i < place->n_near; i++)
    sum += ring_weight[place->ring[i]] * self->attack[side][place->near[i]];
  return sum;
}

/* The chance that side's enemy takes the place held by side before long. */
static double
capture_chance (KesselEvaluator *self, const Place *place, KesselSide holder)
{
  KesselSide enemy = holder == KESSEL_SIDE_GERMAN ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
  double attack = attack_near (self, place, enemy);
  double defence = self->defence[holder][place->hex];
  KesselOdds odds;

  if (defence <= 0.0 && attack > 0.0)
    return 0.85;   /* empty: whoever gets there first */
  if (defence <= 0.0 && holder == KESSEL_SIDE_SOVIET && holder == self->perspective)
    {
      /* A place the Soviet side took, left empty with German units a
       * mechanized move away (twelve hexes), is as good as walked into;
       * a little further off, before the end if not at once. */
      int distance = self->strike_distance[place->hex];
      return distance <= 12 ? 0.8 : distance <= 16 ? 0.4 : 0.0;
    }
  if (attack <= 0.0)
    return 0.0;
  odds = odds_of (attack, defence, place->terrain_shift);
  /* Places ignore retreats: only losses take them, step by step. */
  return 0.6 * kessel_evaluator_defender_loss (odds) * MIN (1.0, 2.0 / MAX (1.0, defence / 4.0));
}

/* A threat the side to value makes counts for half by default: the enemy
 * moves first and may yet parry it. One it faces counts in full. A side with
 * no phase left in the game threatens nothing. */
static double
threat_weight (KesselEvaluator *self, KesselSide threatened)
{
  KesselSide threat = threatened == KESSEL_SIDE_GERMAN ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;

  if (!self->can_act[threat])
    return 0.0;
  return self->weights.value[threatened == self->perspective ? KESSEL_WEIGHT_OWN_THREATS : KESSEL_WEIGHT_ENEMY_THREATS];
}

/* Whether side has a phase of its own still to come, or under way: on the
 * last turn the Soviet side has none after phase V, the German none after
 * IX. */
static gboolean
has_phases_left (KesselEvaluator *self, KesselGame *game, KesselSide side)
{
  KesselPhase last = side == KESSEL_SIDE_SOVIET ? KESSEL_PHASE_SOVIET_2 : KESSEL_PHASE_GERMAN_MECH_2;

  return kessel_game_get_turn (game) < self->turns || kessel_game_get_phase (game) <= last;
}

static double
places_term (KesselEvaluator *self, KesselGame *game, double end_weight)
{
  double value = 0.0;

  for (int i = 0; i < self->n_places; i++)
    {
      const Place *place = &self->places[i];
      KesselSide holder = kessel_game_get_control (game, place->hex);

      if (holder == KESSEL_SIDE_GERMAN)
        {
          value += place->vp * capture_chance (self, place, KESSEL_SIDE_GERMAN)
                   * threat_weight (self, KESSEL_SIDE_GERMAN);
          if (!kessel_game_hex_traces (game, place->hex, KESSEL_SIDE_GERMAN))
            value += 0.8 * end_weight;   /* 4.1-3 at the end of the game */
        }
      else if (holder == KESSEL_SIDE_SOVIET)
        value -= place->vp * capture_chance (self, place, KESSEL_SIDE_SOVIET)
                 * threat_weight (self, KESSEL_SIDE_SOVIET);
    }
  return value;
}

/* Soviet combat segments still to come in the game (two a turn). */
static int
soviet_combats_left (KesselEvaluator *self, KesselGame *game)
{
  KesselPhase phase = kessel_game_get_phase (game);
  int this_turn = phase <= KESSEL_PHASE_SOVIET_1 ? 2 : phase == KESSEL_PHASE_SOVIET_2 ? 1 : 0;

  return 2 * (self->turns - kessel_game_get_turn (game)) + this_turn;
}

/* Soviet attack strength that can bear on hex soon: full from next door,
 * less from two or three hexes away. */
static double
soviet_attack_around (KesselEvaluator *self, KesselGame *game, int hex)
{
  static const double weight[4] = { 0.0, 1.0, 0.6, 0.3 };
  double sum = 0.0;

  for (int p = 0; p < self->n_pieces; p++)
    {
      int distance;
      if (kessel_game_get_piece_side (game, p) != KESSEL_SIDE_SOVIET || !piece_on_map (game, p))
        continue;
      distance = kessel_grid_distance (self->grid, hex, kessel_game_get_piece_hex (game, p));
      if (distance >= 1 && distance <= 3)
        sum += weight[distance] * kessel_game_get_piece_attack (game, p);
    }
  return sum;
}

static gboolean
ringed (KesselEvaluator *self, int hex)
{
  int n;
  const int *around = kessel_evaluator_neighbours (self, hex, &n);

  for (int i = 0; i < n; i++)
    if (self->steps[KESSEL_SIDE_SOVIET][around[i]] == 0)
      return FALSE;
  return TRUE;
}

/* What a cut-off division promises: its full steps times the chance that the
 * Soviet attacks still to come grind its steps away. In a place a retreat
 * costs nothing (13.9-DR-5); ringed in the open, every retreat costs a step
 * (13.9-DR-4). */
static double
kill_promise (KesselEvaluator *self, KesselGame *game, int hex, int full, int steps)
{
  gboolean in_place = self->terrain_shift[hex] > 0 && kessel_map_get_place_at (self->map, hex) != NULL;
  double attack = soviet_attack_around (self, game, hex);
  int combats = MIN (soviet_combats_left (self, game), KILL_COMBATS);
  double per_attack, kill;

  if (attack <= 0.0 || combats <= 0)
    return full * 0.3 / MAX (1, steps);
  per_attack = expected_steps_lost (odds_of (attack, self->defence[KESSEL_SIDE_GERMAN][hex], self->terrain_shift[hex]),
                                    !in_place && ringed (self, hex));
  kill = MIN (1.0, per_attack * combats / MAX (1, steps));
  return full * (0.3 / MAX (1, steps) + KILL_WEIGHT * kill * kill * threat_weight (self, KESSEL_SIDE_GERMAN));
}

/* What a German division on the map promises the Soviet side by 4.2: its
 * full steps in VP if its last step goes while it is cut off from C&C.
 * Cut off, that grows as its steps fall and with the Soviet strength next
 * to it. In C&C it may yet be cut off, so the Soviet player, patient, does
 * not count its destruction there as a gain in full. */
static double
division_promise (KesselEvaluator *self, KesselGame *game, int piece, int full, int steps)
{
  int hex = kessel_game_get_piece_hex (game, piece), n;
  const int *around = kessel_evaluator_neighbours (self, hex, &n);
  double patience = self->perspective == KESSEL_SIDE_SOVIET ? 0.3 * full : 0.0;
  double attack = 0.0, loss = 0.0;

  if (!self->can_act[KESSEL_SIDE_SOVIET])
    return 0.0;
  if (kessel_game_piece_in_command (game, piece))
    return patience;
  if (self->perspective == KESSEL_SIDE_SOVIET)
    return patience + kill_promise (self, game, hex, full, steps);
  for (int i = 0; i < n; i++)
    attack += self->attack[KESSEL_SIDE_SOVIET][around[i]];
  if (attack > 0.0)
    loss = kessel_evaluator_defender_loss (odds_of (attack, self->defence[KESSEL_SIDE_GERMAN][hex],
                                                    self->terrain_shift[hex]));
  return patience + full * (0.3 + 0.6 * loss * threat_weight (self, KESSEL_SIDE_GERMAN)) / MAX (1, steps);
}

/* Losses in steps, German divisions cut off (4.2) and Soviet units out of
 * supply, and what stands exposed to the enemy next door. */
static double
forces_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  for (int p = 0; p < self->n_pieces; p++)
    {
      KesselSide side = kessel_game_get_piece_side (game, p);
      KesselPieceStatus status = kessel_game_get_piece_status (game, p);
      KesselUnit *unit = kessel_game_get_piece_unit (game, p);
      int full = kessel_game_get_piece_full_steps (game, p);
      int steps = kessel_game_get_piece_steps (game, p);
      gboolean garrison = kessel_unit_get_mobility (unit) == KESSEL_MOBILITY_STATIC;
      int lost;

      if (status == KESSEL_PIECE_WAITING)
        continue;
      lost = status == KESSEL_PIECE_ON_MAP ? full - steps : (status == KESSEL_PIECE_EXITED ? 0 : full);
      if (side == KESSEL_SIDE_GERMAN)
        value += (garrison ? 0.3 : 0.55) * lost;
      else
        value -= (status == KESSEL_PIECE_RETURNING ? 0.15 : 0.3) * lost;
      if (status != KESSEL_PIECE_ON_MAP)
        continue;
      if (side == KESSEL_SIDE_GERMAN && !garrison && kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION)
        value += division_promise (self, game, p, full, steps);
      else if (side == KESSEL_SIDE_GERMAN && !garrison && !kessel_game_piece_in_command (game, p))
        value += 0.2;
      else if (side == KESSEL_SIDE_SOVIET && !kessel_game_piece_in_supply (game, p))
        value += 0.35 * MAX (-1.0, -0.2 * steps);
    }
  return value;
}

/* A German division on the map that is not a garrison: what 4.2 scores if
 * it dies cut off. */
static gboolean
german_division_on_map (KesselGame *game, int piece)
{
  KesselUnit *unit = kessel_game_get_piece_unit (game, piece);

  return kessel_game_get_piece_side (game, piece) == KESSEL_SIDE_GERMAN && piece_on_map (game, piece)
         && kessel_unit_get_size (unit) == KESSEL_SIZE_DIVISION && kessel_unit_get_mobility (unit) != KESSEL_MOBILITY_STATIC;
}

/* German divisions alone in the open with Soviet strength in reach, when
 * the German side decides: the Soviet side can ring them (kessel-ring.c),
 * and a ringed division dies cut off. A German stack next door rules a ring
 * out; a place or a C&C source hex makes it harmless. The threat is full
 * with some six attack factors within reach for each open side. */
static double
isolation_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  if (self->perspective != KESSEL_SIDE_GERMAN || !self->can_act[KESSEL_SIDE_SOVIET])
    return 0.0;
  for (int p = 0; p < self->n_pieces; p++)
    {
      int hex, n, open = 0;
      const int *around;
      gboolean neighbour = FALSE;
      double threat;

      if (!german_division_on_map (game, p))
        continue;
      hex = kessel_game_get_piece_hex (game, p);
      if (kessel_map_get_place_at (self->map, hex) != NULL || kessel_map_has_edge_role (self->map, hex, KESSEL_EDGE_COMMAND_SOURCE))
        continue;
      around = kessel_evaluator_neighbours (self, hex, &n);
      for (int i = 0; i < n; i++)
        {
          if (self->steps[KESSEL_SIDE_GERMAN][around[i]] > 0)
            neighbour = TRUE;
          else if (self->steps[KESSEL_SIDE_SOVIET][around[i]] == 0)
            open++;
        }
      if (neighbour)
        continue;
      if (self->ring_threats != NULL && self->ring_threats[hex] != KESSEL_RING_UNKNOWN)
        threat = self->ring_threats[hex] == KESSEL_RING_THREATENED ? 1.0 : 0.0;
      else
        threat = MIN (1.0, soviet_attack_around (self, game, hex) / (6.0 * MAX (1, open)));
      value += RING_FEAR * kessel_game_get_piece_full_steps (game, p) * threat;
    }
  return value;
}

/* Weakened German divisions within reach of Soviet strength, when the German
 * side decides: one or two steps are soon gone, and if the division is cut
 * off first it is worth its full steps to the Soviet side (4.2). A division
 * still in C&C counts nothing for this in division_promise, so without this
 * term a worn-out division stays at the front. */
static double
frailty_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  if (self->perspective != KESSEL_SIDE_GERMAN || !self->can_act[KESSEL_SIDE_SOVIET])
    return 0.0;
  for (int p = 0; p < self->n_pieces; p++)
    {
      int steps, full, hex;
      double threat;

      if (!german_division_on_map (game, p) || !kessel_game_piece_in_command (game, p))
        continue;
      steps = kessel_game_get_piece_steps (game, p);
      full = kessel_game_get_piece_full_steps (game, p);
      hex = kessel_game_get_piece_hex (game, p);
      if (steps > 2 || steps >= full)
        continue;
      threat = MIN (1.0, soviet_attack_around (self, game, hex) / FRAILTY_ATTACK);
      value += FRAILTY_WEIGHT * full * threat / steps;
    }
  return value;
}

/* Stacks over the limits at the end of the phase lose units (6.0): as good as
 * lost already, since the enemy chooses which. */
static double
stacking_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  for (int hex = 0; hex < self->hex_count; hex++)
    {
      int excess;
      KesselSide side;

      if (self->defence[KESSEL_SIDE_GERMAN][hex] <= 0.0 && self->defence[KESSEL_SIDE_SOVIET][hex] <= 0.0)
        continue;
      excess = kessel_game_get_overstacking (game, hex);
      if (excess == 0)
        continue;
      side = kessel_game_get_hex_occupant (game, hex);
      value += (side == KESSEL_SIDE_GERMAN ? 2.5 : -2.0) * excess;
    }
  return value;
}

/* Whether an enemy unit able to attack stands within reach of a mechanized
 * move: a walk over the units, fewer than the hexes. */
static gboolean
enemy_within_reach (KesselEvaluator *self, KesselGame *game, int hex, KesselSide enemy)
{
  for (int p = 0; p < self->n_pieces; p++)
    if (kessel_game_get_piece_side (game, p) == enemy && piece_on_map (game, p)
        && kessel_game_get_piece_attack (game, p) > 0
        && kessel_grid_distance (self->grid, hex, kessel_game_get_piece_hex (game, p)) <= NEAR_RADIUS)
      return TRUE;
  return FALSE;
}

/* Soviet artillery with no other unit dies without a roll when attacked
 * (13.2): next to the enemy it is as good as lost, and nearly so within its
 * reach, where German armour gets next to it in one move. */
static double
unguarded_artillery_loss (KesselEvaluator *self, KesselGame *game, int hex, double adjacent_attack)
{
  if (adjacent_attack > 0.0)
    return self->steps[KESSEL_SIDE_SOVIET][hex];
  if (enemy_within_reach (self, game, hex, KESSEL_SIDE_GERMAN))
    return 0.8 * self->steps[KESSEL_SIDE_SOVIET][hex];
  return 0.0;
}

/* Stacks next to the enemy: the steps they may lose to its next attacks. */
static double
exposure_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  for (int hex = 0; hex < self->hex_count; hex++)
    for (int side = 1; side < 3; side++)
      {
        KesselSide enemy = side == KESSEL_SIDE_GERMAN ? KESSEL_SIDE_SOVIET : KESSEL_SIDE_GERMAN;
        const int *around;
        double attack = 0.0, loss, weight;
        int n;

        if (self->defence[side][hex] <= 0.0)
          continue;
        around = kessel_evaluator_neighbours (self, hex, &n);
        for (int i = 0; i < n; i++)
          attack += self->attack[enemy][around[i]];
        if (side == KESSEL_SIDE_SOVIET && !self->guarded[side][hex])
          {
            loss = unguarded_artillery_loss (self, game, hex, attack);
            weight = -LONE_ARTILLERY_WEIGHT;
          }
        else if (attack <= 0.0)
          continue;
        else
          {
            loss = kessel_evaluator_defender_loss (odds_of (attack, self->defence[side][hex],
                                                            self->terrain_shift[hex]));
            weight = side == KESSEL_SIDE_GERMAN ? 0.3 : -0.2;
          }
        value += weight * loss * threat_weight (self, (KesselSide) side);
      }
  return value;
}

/* Soviet corps near the exit hexes, up to the VP still to be had (4.1-4). */
static double
exit_term (KesselEvaluator *self, KesselGame *game)
{
  int left = CORPS_EXIT_CAP - kessel_game_get_corps_exited (game);
  double best[CORPS_EXIT_CAP] = { 0 };
  double value = 0.0;

  if (left <= 0 || !self->can_act[KESSEL_SIDE_SOVIET])
    return 0.0;
  for (int p = 0; p < self->n_pieces; p++)
    {
      KesselUnit *unit;
      double promise;
      int distance;

      if (kessel_game_get_piece_side (game, p) != KESSEL_SIDE_SOVIET || !piece_on_map (game, p))
        continue;
      unit = kessel_game_get_piece_unit (game, p);
      if (kessel_unit_get_size (unit) != KESSEL_SIZE_CORPS)
        continue;
      distance = self->exit_distance[kessel_game_get_piece_hex (game, p)];
      if (distance == G_MAXINT)
        continue;
      promise = MAX (0.0, 1.0 - distance / EXIT_HORIZON);
      for (int i = 0; i < left; i++)
        if (promise > best[i])
          {
            double moved = best[i];
            best[i] = promise;
            promise = moved;
          }
    }
  for (int i = 0; i < left; i++)
    value += 0.85 * best[i] * best[i];
  return value;
}

/* Distances to the Soviet goals: the places the Germans still hold and the
 * German divisions cut off from C&C with a step or two left. */
static void
compute_goal_distances (KesselEvaluator *self, KesselGame *game)
{
  int head = 0, tail = 0;

  for (int hex = 0; hex < self->hex_count; hex++)
    self->goal_distance[hex] = G_MAXINT;
  for (int i = 0; i < self->n_places; i++)
    if (kessel_game_get_control (game, self->places[i].hex) == KESSEL_SIDE_GERMAN)
      {
        self->goal_distance[self->places[i].hex] = 0;
        self->queue[tail++] = self->places[i].hex;
      }
  for (int p = 0; p < self->n_pieces; p++)
    if (kessel_game_get_piece_side (game, p) == KESSEL_SIDE_GERMAN && piece_on_map (game, p)
        && kessel_unit_get_size (kessel_game_get_piece_unit (game, p)) == KESSEL_SIZE_DIVISION
        && self->goal_distance[kessel_game_get_piece_hex (game, p)] != 0
        && kessel_game_get_piece_steps (game, p) <= 2 && !kessel_game_piece_in_command (game, p))
      {
        self->goal_distance[kessel_game_get_piece_hex (game, p)] = 0;
        self->queue[tail++] = kessel_game_get_piece_hex (game, p);
      }
  while (head < tail)
    {
      int hex = self->queue[head++], n;
      const int *around = kessel_evaluator_neighbours (self, hex, &n);
      for (int i = 0; i < n; i++)
        if (self->goal_distance[around[i]] == G_MAXINT)
          {
            self->goal_distance[around[i]] = self->goal_distance[hex] + 1;
            self->queue[tail++] = around[i];
          }
    }
}

/* Soviet striking power drawn toward the places still to take: without it a
 * unit far from any fight would see no reason to move. */
static double
approach_term (KesselEvaluator *self, KesselGame *game)
{
  double value = 0.0;

  compute_goal_distances (self, game);
  for (int p = 0; p < self->n_pieces; p++)
    {
      int distance;
      if (kessel_game_get_piece_side (game, p) != KESSEL_SIDE_SOVIET || !piece_on_map (game, p))
        continue;
      distance = self->goal_distance[kessel_game_get_piece_hex (game, p)];
      if (distance == G_MAXINT)
        continue;
      value -= 0.004 * MIN (distance, 20) * kessel_game_get_piece_attack (game, p);
    }
  return value;
}

double
kessel_evaluator_value (KesselEvaluator *self, KesselGame *game)
{
  double progress = (double) kessel_game_get_turn (game) / MAX (1, self->turns);
  const double *weight = self->weights.value;

  if (kessel_game_is_over (game))
    return kessel_game_get_vp (game);
  for (int side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    self->can_act[side] = has_phases_left (self, game, (KesselSide) side);
  gather_strength (self, game);
  compute_strike_distance (self);
  return kessel_game_get_vp (game)
         + weight[KESSEL_WEIGHT_PLACES] * places_term (self, game, progress)
         + weight[KESSEL_WEIGHT_FORCES] * forces_term (self, game)
         + weight[KESSEL_WEIGHT_EXPOSURE] * exposure_term (self, game)
         + stacking_term (self, game)
         + weight[KESSEL_WEIGHT_EXIT] * exit_term (self, game)
         + approach_term (self, game)
         + weight[KESSEL_WEIGHT_ISOLATION] * isolation_term (self, game)
         + weight[KESSEL_WEIGHT_FRAILTY] * frailty_term (self, game);
}

double
kessel_evaluator_material (KesselEvaluator *self, KesselGame *game)
{
  double value = kessel_game_get_vp (game);

  for (int p = 0; p < self->n_pieces; p++)
    {
      KesselPieceStatus status = kessel_game_get_piece_status (game, p);
      int lost;

      if (status == KESSEL_PIECE_WAITING || status == KESSEL_PIECE_EXITED)
        continue;
      lost = kessel_game_get_piece_full_steps (game, p)
             - (status == KESSEL_PIECE_ON_MAP ? kessel_game_get_piece_steps (game, p) : 0);
      value += kessel_game_get_piece_side (game, p) == KESSEL_SIDE_GERMAN ? 0.5 * lost : -0.3 * lost;
    }
  return value;
}

void
kessel_evaluator_set_weights (KesselEvaluator *self, const KesselEvaluatorWeights *weights)
{
  self->weights = *weights;
}

void
kessel_evaluator_set_ring_threats (KesselEvaluator *self, const guint8 *threats)
{
  self->ring_threats = threats;
}

int
kessel_evaluator_exit_distance (KesselEvaluator *self, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < self->hex_count, G_MAXINT);
  return self->exit_distance[hex];
}
