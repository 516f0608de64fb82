/* kessel-balance.c: records of games and what they add up to. */
#include "kessel-balance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  gint done;                 /* atomic: the game is over or failed */
  gboolean ok;
  int vp;
  KesselVerdict verdict;
  int *turn_vp;              /* [0] at the start, [t] at the end of turn t; -1 not yet */
  int turn;                  /* the turn of the last observation */
  guint8 *holder;            /* per place, who held it when last observed */
  int *changes;              /* per place, times it changed hands */
  int corps_exited;
  int divisions_destroyed;
  int vp_destroyed;
  double cpu_seconds;
} Record;

struct _KesselBalance
{
  GObject parent_instance;

  KesselScenario *scenario;
  guint64 first_seed;
  int n_games;
  int n_turns;
  int n_places;
  KesselBalancePlace *places;
  Record *records;
  gint n_done;               /* atomic */
};

G_DEFINE_FINAL_TYPE (KesselBalance, kessel_balance, G_TYPE_OBJECT)

static void
free_places (KesselBalancePlace *places, int n)
{
  for (int i = 0; i < n; i++)
    g_free (places[i].name);
  g_free (places);
}

static KesselBalancePlace *
copy_places (const KesselBalancePlace *places, int n)
{
  KesselBalancePlace *copy = g_new0 (KesselBalancePlace, MAX (n, 1));

  for (int i = 0; i < n; i++)
    {
      copy[i] = places[i];
      copy[i].name = g_strdup (places[i].name);
    }
  return copy;
}

static void
kessel_balance_finalize (GObject *object)
{
  KesselBalance *self = KESSEL_BALANCE (object);

  for (int g = 0; g < self->n_games; g++)
    {
      g_free (self->records[g].turn_vp);
      g_free (self->records[g].holder);
      g_free (self->records[g].changes);
    }
  g_free (self->records);
  free_places (self->places, self->n_places);
  g_clear_object (&self->scenario);
  G_OBJECT_CLASS (kessel_balance_parent_class)->finalize (object);
}

static void
kessel_balance_class_init (KesselBalanceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_balance_finalize;
}

static void
kessel_balance_init (KesselBalance *self)
{
}

/* The place's name, with its hex number where other places have the name too
 * (Vinnitsa is three hexes). */
static char *
place_label (KesselMap *map, const KesselPlace *place)
{
  g_autofree char *number = kessel_grid_format_hex (kessel_map_get_grid (map), place->hex);
  int same = 0;

  for (int i = 0; i < kessel_map_get_n_places (map); i++)
    same += g_strcmp0 (kessel_map_get_place (map, i)->name, place->name) == 0;
  if (place->name == NULL || place->name[0] == '\0')
    return g_steal_pointer (&number);
  return same > 1 ? g_strdup_printf ("%s %s", place->name, number) : g_strdup (place->name);
}

KesselBalance *
kessel_balance_new (KesselScenario *scenario, guint64 first_seed, int n_games)
{
  KesselBalance *self;
  KesselMap *map;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (n_games > 0, NULL);
  self = g_object_new (KESSEL_TYPE_BALANCE, NULL);
  self->scenario = g_object_ref (scenario);
  self->first_seed = first_seed;
  self->n_games = n_games;
  self->n_turns = kessel_scenario_get_turns (scenario);
  map = kessel_scenario_get_map (scenario);
  self->n_places = kessel_map_get_n_places (map);
  self->places = g_new0 (KesselBalancePlace, MAX (self->n_places, 1));
  for (int i = 0; i < self->n_places; i++)
    {
      const KesselPlace *place = kessel_map_get_place (map, i);
      self->places[i].hex = place->hex;
      self->places[i].kind = place->kind;
      self->places[i].name = place_label (map, place);
    }
  self->records = g_new0 (Record, n_games);
  for (int g = 0; g < n_games; g++)
    {
      self->records[g].turn_vp = g_new (int, self->n_turns + 1);
      for (int t = 0; t <= self->n_turns; t++)
        self->records[g].turn_vp[t] = -1;
      self->records[g].holder = g_new0 (guint8, MAX (self->n_places, 1));
      self->records[g].changes = g_new0 (int, MAX (self->n_places, 1));
    }
  return self;
}

KesselScenario *kessel_balance_get_scenario (KesselBalance *self) { return self->scenario; }
int kessel_balance_get_n_games (KesselBalance *self) { return self->n_games; }
guint64 kessel_balance_get_seed (KesselBalance *self, int index) { return self->first_seed + (guint64) index; }
int kessel_balance_get_n_done (KesselBalance *self) { return g_atomic_int_get (&self->n_done); }

int kessel_balance_get_n_turns (KesselBalance *self) { return self->n_turns; }
int kessel_balance_get_n_places (KesselBalance *self) { return self->n_places; }

void
kessel_balance_get_record (KesselBalance *self, int index, KesselBalanceRecord *record)
{
  const Record *r;

  g_return_if_fail (kessel_balance_is_done (self, index));
  r = &self->records[index];
  *record = (KesselBalanceRecord) { r->ok, r->vp, r->verdict, r->turn_vp, r->holder, r->changes,
                                    r->corps_exited, r->divisions_destroyed, r->vp_destroyed, r->cpu_seconds };
}

void
kessel_balance_set_record (KesselBalance *self, int index, const KesselBalanceRecord *record)
{
  Record *r;

  g_return_if_fail (index >= 0 && index < self->n_games);
  g_return_if_fail (!kessel_balance_is_done (self, index));
  r = &self->records[index];
  r->ok = record->ok;
  r->vp = record->vp;
  r->verdict = record->verdict;
  memcpy (r->turn_vp, record->turn_vp, sizeof (int) * (self->n_turns + 1));
  memcpy (r->holder, record->holder, self->n_places);
  memcpy (r->changes, record->changes, sizeof (int) * self->n_places);
  r->turn = self->n_turns;
  r->corps_exited = record->corps_exited;
  r->divisions_destroyed = record->divisions_destroyed;
  r->vp_destroyed = record->vp_destroyed;
  r->cpu_seconds = record->cpu_seconds;
  g_atomic_int_set (&r->done, TRUE);
  g_atomic_int_inc (&self->n_done);
}

gboolean
kessel_balance_is_done (KesselBalance *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < self->n_games, FALSE);
  return g_atomic_int_get (&self->records[index].done);
}

gboolean
kessel_balance_game_ok (KesselBalance *self, int index)
{
  return kessel_balance_is_done (self, index) && self->records[index].ok;
}

int
kessel_balance_get_final_vp (KesselBalance *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < self->n_games, 0);
  return self->records[index].vp;
}

KesselVerdict
kessel_balance_get_verdict (KesselBalance *self, int index)
{
  g_return_val_if_fail (index >= 0 && index < self->n_games, KESSEL_VERDICT_NONE);
  return self->records[index].verdict;
}

void
kessel_balance_observe (KesselBalance *self, int index, KesselGame *game)
{
  Record *record;
  int turn = kessel_game_get_turn (game);

  g_return_if_fail (index >= 0 && index < self->n_games);
  record = &self->records[index];
  if (record->turn_vp[0] < 0)
    {
      record->turn_vp[0] = kessel_game_get_vp (game);
      record->turn = turn;
      for (int i = 0; i < self->n_places; i++)
        record->holder[i] = (guint8) kessel_game_get_control (game, self->places[i].hex);
    }
  /* The first observation of a new turn shows the VP its Administrative
   * phase ended with. */
  for (int t = MAX (record->turn, 1); t < turn && t <= self->n_turns; t++)
    record->turn_vp[t] = kessel_game_get_vp (game);
  record->turn = MAX (record->turn, turn);
  for (int i = 0; i < self->n_places; i++)
    {
      guint8 holder = (guint8) kessel_game_get_control (game, self->places[i].hex);
      if (holder != record->holder[i])
        {
          record->changes[i]++;
          record->holder[i] = holder;
        }
    }
}

void
kessel_balance_finish (KesselBalance *self, int index, KesselGame *game, gboolean ok, double cpu_seconds)
{
  Record *record;

  g_return_if_fail (index >= 0 && index < self->n_games);
  kessel_balance_observe (self, index, game);
  record = &self->records[index];
  record->ok = ok && kessel_game_is_over (game);
  record->vp = kessel_game_get_vp (game);
  record->verdict = kessel_game_get_verdict (game);
  record->corps_exited = kessel_game_get_corps_exited (game);
  record->divisions_destroyed = kessel_game_get_divisions_destroyed (game);
  record->vp_destroyed = kessel_game_get_vp_destroyed (game);
  record->cpu_seconds = cpu_seconds;
  for (int t = 1; t <= self->n_turns; t++)
    if (record->turn_vp[t] < 0)
      record->turn_vp[t] = record->vp;
  g_atomic_int_set (&record->done, TRUE);
  g_atomic_int_inc (&self->n_done);
}

/* Summary */

static int
verdict_index (KesselVerdict verdict)
{
  return verdict == KESSEL_VERDICT_GERMAN ? 0 : verdict == KESSEL_VERDICT_DRAW ? 1 : 2;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* The finished games that count, in index order. */
static GArray *
counted_games (KesselBalance *self)
{
  GArray *games = g_array_new (FALSE, FALSE, sizeof (int));

  for (int g = 0; g < self->n_games; g++)
    if (kessel_balance_game_ok (self, g))
      g_array_append_val (games, g);
  return games;
}

static void
summarise_vp (KesselBalance *self, const GArray *games, KesselBalanceSummary *s)
{
  g_autofree double *values = g_new (double, MAX (s->n, 1));

  s->final_vp = g_new (int, MAX (s->n, 1));
  s->vp_min = s->draw_from - 1;
  s->vp_max = s->soviet_wins_at;
  for (int i = 0; i < s->n; i++)
    {
      const Record *record = &self->records[g_array_index (games, int, i)];
      s->final_vp[i] = record->vp;
      values[i] = record->vp;
      s->verdicts[verdict_index (record->verdict)]++;
      s->vp_min = MIN (s->vp_min, record->vp);
      s->vp_max = MAX (s->vp_max, record->vp);
    }
  s->vp_min = MAX (s->vp_min, 0);
  s->vp_histogram = g_new0 (int, s->vp_max - s->vp_min + 1);
  for (int i = 0; i < s->n; i++)
    s->vp_histogram[s->final_vp[i] - s->vp_min]++;
  for (int v = 0; v < 3; v++)
    s->verdict_rate[v] = kessel_wilson_interval (s->verdicts[v], s->n);
  kessel_mean_sd (values, s->n, &s->vp_mean, &s->vp_sd);
  qsort (values, s->n, sizeof (double), compare_doubles);
  s->vp_median = kessel_quantile (values, s->n, 0.5);
}

static void
summarise_turns (KesselBalance *self, const GArray *games, KesselBalanceSummary *s)
{
  g_autofree double *values = g_new (double, MAX (s->n, 1));

  s->turn_median = g_new0 (double, s->n_turns + 1);
  s->turn_low = g_new0 (double, s->n_turns + 1);
  s->turn_high = g_new0 (double, s->n_turns + 1);
  for (int t = 0; t <= s->n_turns; t++)
    {
      for (int i = 0; i < s->n; i++)
        values[i] = self->records[g_array_index (games, int, i)].turn_vp[t];
      qsort (values, s->n, sizeof (double), compare_doubles);
      s->turn_median[t] = kessel_quantile (values, s->n, 0.5);
      s->turn_low[t] = kessel_quantile (values, s->n, 0.1);
      s->turn_high[t] = kessel_quantile (values, s->n, 0.9);
    }
}

static void
summarise_places (KesselBalance *self, const GArray *games, KesselBalanceSummary *s)
{
  s->n_places = self->n_places;
  s->places = copy_places (self->places, self->n_places);
  s->place_changed = g_new0 (KesselInterval, MAX (self->n_places, 1));
  s->place_changes = g_new0 (double, MAX (self->n_places, 1));
  s->place_soviet_end = g_new0 (double, MAX (self->n_places, 1));
  for (int p = 0; p < self->n_places; p++)
    {
      int changed = 0, changes = 0, soviet = 0;
      for (int i = 0; i < s->n; i++)
        {
          const Record *record = &self->records[g_array_index (games, int, i)];
          changed += record->changes[p] > 0;
          changes += record->changes[p];
          soviet += record->holder[p] == KESSEL_SIDE_SOVIET;
        }
      s->place_changed[p] = kessel_wilson_interval (changed, s->n);
      s->place_changes[p] = s->n ? (double) changes / s->n : 0.0;
      s->place_soviet_end[p] = s->n ? (double) soviet / s->n : 0.0;
    }
}

static void
summarise_losses (KesselBalance *self, const GArray *games, KesselBalanceSummary *s)
{
  double exits = 0, divisions = 0, vp_destroyed = 0, seconds = 0;

  for (int i = 0; i < s->n; i++)
    {
      const Record *record = &self->records[g_array_index (games, int, i)];
      exits += record->corps_exited;
      divisions += record->divisions_destroyed;
      vp_destroyed += record->vp_destroyed;
      seconds += record->cpu_seconds;
      s->exit_counts[MIN (record->corps_exited, (int) G_N_ELEMENTS (s->exit_counts) - 1)]++;
    }
  if (s->n == 0)
    return;
  s->exits_mean = exits / s->n;
  s->divisions_mean = divisions / s->n;
  s->vp_destroyed_mean = vp_destroyed / s->n;
  s->cpu_seconds_mean = seconds / s->n;
}

KesselBalanceSummary *
kessel_balance_summarise (KesselBalance *self)
{
  KesselBalanceSummary *s;
  const KesselVictoryTable *victory;
  g_autoptr(GArray) games = NULL;

  g_return_val_if_fail (KESSEL_IS_BALANCE (self), NULL);
  s = g_new0 (KesselBalanceSummary, 1);
  victory = kessel_scenario_get_victory (self->scenario);
  games = counted_games (self);
  s->n_games = self->n_games;
  s->n_turns = self->n_turns;
  s->draw_from = victory->draw_from;
  s->soviet_wins_at = victory->soviet_wins_at;
  for (int g = 0; g < self->n_games; g++)
    if (kessel_balance_is_done (self, g))
      {
        s->n_done++;
        s->n_failed += !self->records[g].ok;
      }
  s->n = (int) games->len;
  summarise_vp (self, games, s);
  summarise_turns (self, games, s);
  summarise_places (self, games, s);
  summarise_losses (self, games, s);
  s->current = kessel_thresholds_apply (s->final_vp, s->n, s->draw_from, s->soviet_wins_at);
  s->even_width = kessel_thresholds_even_width (s->final_vp, s->n, s->soviet_wins_at - s->draw_from);
  s->draw_share = kessel_thresholds_draw_share (s->final_vp, s->n, KESSEL_BALANCE_DRAW_SHARE);
  return s;
}

void
kessel_balance_summary_free (KesselBalanceSummary *s)
{
  if (s == NULL)
    return;
  g_free (s->vp_histogram);
  g_free (s->final_vp);
  g_free (s->turn_median);
  g_free (s->turn_low);
  g_free (s->turn_high);
  free_places (s->places, s->n_places);
  g_free (s->place_changed);
  g_free (s->place_changes);
  g_free (s->place_soviet_end);
  g_free (s);
}

/* Comparison */

/* A figure of each game both variants finished, as two columns. */
typedef double (*RecordFigure) (const Record *record, int argument);

static double figure_vp (const Record *r, int unused) { return r->vp; }
static double figure_verdict (const Record *r, int v) { return verdict_index (r->verdict) == v; }
static double figure_turn (const Record *r, int t) { return r->turn_vp[t]; }
static double figure_changed (const Record *r, int p) { return r->changes[p] > 0; }
static double figure_exits (const Record *r, int unused) { return r->corps_exited; }
static double figure_divisions (const Record *r, int unused) { return r->divisions_destroyed; }

static KesselInterval
paired (KesselBalance *a, KesselBalance *b, const GArray *games, RecordFigure figure, int arg_a, int arg_b)
{
  g_autofree double *x = g_new (double, MAX (games->len, 1));
  g_autofree double *y = g_new (double, MAX (games->len, 1));

  for (guint i = 0; i < games->len; i++)
    {
      int g = g_array_index (games, int, i);
      x[i] = figure (&a->records[g], arg_a);
      y[i] = figure (&b->records[g], arg_b);
    }
  return kessel_paired_difference (x, y, (int) games->len);
}

static int
find_place (KesselBalance *self, int hex)
{
  for (int i = 0; i < self->n_places; i++)
    if (self->places[i].hex == hex)
      return i;
  return -1;
}

KesselBalanceComparison *
kessel_balance_compare (KesselBalance *a, KesselBalance *b)
{
  KesselBalanceComparison *c = g_new0 (KesselBalanceComparison, 1);
  g_autoptr(GArray) games = g_array_new (FALSE, FALSE, sizeof (int));

  for (int g = 0; g < MIN (a->n_games, b->n_games); g++)
    if (kessel_balance_game_ok (a, g) && kessel_balance_game_ok (b, g))
      g_array_append_val (games, g);
  c->n = (int) games->len;
  for (int v = 0; v < 3; v++)
    c->verdict_rate[v] = paired (a, b, games, figure_verdict, v, v);
  c->vp_mean = paired (a, b, games, figure_vp, 0, 0);
  c->n_turns = MIN (a->n_turns, b->n_turns);
  c->turn_mean = g_new0 (KesselInterval, c->n_turns + 1);
  for (int t = 0; t <= c->n_turns; t++)
    c->turn_mean[t] = paired (a, b, games, figure_turn, t, t);
  c->places = g_new0 (KesselBalancePlace, MAX (a->n_places, 1));
  c->place_changed = g_new0 (KesselInterval, MAX (a->n_places, 1));
  for (int p = 0; p < a->n_places; p++)
    {
      int q = find_place (b, a->places[p].hex);
      if (q < 0)
        continue;
      c->places[c->n_places] = a->places[p];
      c->places[c->n_places].name = g_strdup (a->places[p].name);
      c->place_changed[c->n_places++] = paired (a, b, games, figure_changed, p, q);
    }
  c->exits_mean = paired (a, b, games, figure_exits, 0, 0);
  c->divisions_mean = paired (a, b, games, figure_divisions, 0, 0);
  return c;
}

void
kessel_balance_comparison_free (KesselBalanceComparison *c)
{
  if (c == NULL)
    return;
  g_free (c->turn_mean);
  free_places (c->places, c->n_places);
  g_free (c->place_changed);
  g_free (c);
}
