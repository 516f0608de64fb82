/* kessel-stacking.c: stacking limits (6.0-6.2) and eliminating the excess. */
#include "kessel-game-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct {
  int n;
  int steps[KESSEL_ACTION_MAX_UNITS * 2];
  int pieces[KESSEL_ACTION_MAX_UNITS * 2];
} StepList;

static void
step_list_add (StepList *list, int piece, int steps)
{
  if (list->n >= (int) G_N_ELEMENTS (list->steps))
    return;
  list->pieces[list->n] = piece;
  list->steps[list->n++] = steps;
}

static int
step_list_total (const StepList *list)
{
  int total = 0;
  for (int i = 0; i < list->n; i++)
    total += list->steps[i];
  return total;
}

/* The fewest entries to take out of list to bring its total to limit: the
 * largest first. */
static int
fewest_to_remove (const StepList *list, int limit)
{
  int steps[G_N_ELEMENTS (list->steps)];
  int total = step_list_total (list), removed = 0;

  memcpy (steps, list->steps, sizeof steps[0] * list->n);
  while (total > limit)
    {
      int largest = 0;
      for (int i = 1; i < list->n; i++)
        if (steps[i] > steps[largest])
          largest = i;
      total -= steps[largest];
      steps[largest] = 0;
      removed++;
    }
  return removed;
}

static void
count_against_limit (KesselGame *self, int piece, KesselSide side, int without,
                     StepList *main_list, StepList *artillery)
{
  if (piece == without || self->info[piece].side != side || self->info[piece].garrison)
    return;
  if (side == KESSEL_SIDE_SOVIET && self->info[piece].artillery)
    step_list_add (artillery, piece, self->state.pieces[piece].steps);
  else
    step_list_add (main_list, piece, self->state.pieces[piece].steps);
}

static gboolean
on_map_in (KesselGame *self, int piece, int hex)
{
  return self->state.pieces[piece].status == KESSEL_PIECE_ON_MAP && self->state.pieces[piece].hex == hex;
}

/* The pieces of side in hex, or that would be there with extra added, sorted
 * by what they count against: German steps (6.1); Soviet non-artillery and
 * artillery steps (6.2). Garrisons count for nothing (6.0-4). */
static void
gather (KesselGame *self, int hex, KesselSide side, const int *extra, int n_extra,
        int without, StepList *main_list, StepList *artillery)
{
  main_list->n = 0;
  artillery->n = 0;
  for (int p = kessel_game_first_at (self, hex); p >= 0; p = self->next_at[p])
    count_against_limit (self, p, side, without, main_list, artillery);
  for (int i = 0; i < n_extra; i++)
    {
      gboolean counted = on_map_in (self, extra[i], hex);

      for (int j = 0; j < i && !counted; j++)
        counted = extra[j] == extra[i];
      if (!counted)
        count_against_limit (self, extra[i], side, without, main_list, artillery);
    }
}

static int
main_limit (KesselSide side)
{
  return side == KESSEL_SIDE_GERMAN ? KESSEL_GERMAN_STACK_LIMIT : KESSEL_SOVIET_STACK_LIMIT;
}

gboolean
kessel_game_stack_fits (KesselGame *self, int hex, KesselSide side, const int *extra, int n_extra)
{
  StepList main_list, artillery;

  gather (self, hex, side, extra, n_extra, -1, &main_list, &artillery);
  return step_list_total (&main_list) <= main_limit (side)
         && step_list_total (&artillery) <= KESSEL_SOVIET_ARTILLERY_LIMIT;
}

gboolean
kessel_game_overstacked (KesselGame *self, int hex)
{
  KesselSide side = kessel_game_get_hex_occupant (self, hex);

  return side != KESSEL_SIDE_NONE && !kessel_game_stack_fits (self, hex, side, NULL, 0);
}

int
kessel_game_units_to_eliminate (KesselGame *self, int hex, int without_piece)
{
  KesselSide side = kessel_game_get_hex_occupant (self, hex);
  StepList main_list, artillery;

  if (side == KESSEL_SIDE_NONE)
    return 0;
  gather (self, hex, side, NULL, 0, without_piece, &main_list, &artillery);
  return fewest_to_remove (&main_list, main_limit (side))
         + fewest_to_remove (&artillery, KESSEL_SOVIET_ARTILLERY_LIMIT);
}

gboolean
kessel_game_start_eliminations (KesselGame *self, KesselSide side, KesselResume resume)
{
  kessel_game_update_caches (self);
  for (int hex = 0; hex < self->hex_count; hex++)
    {
      KesselSide occupant;

      if (self->units_at[KESSEL_SIDE_GERMAN][hex] == 0 && self->units_at[KESSEL_SIDE_SOVIET][hex] == 0)
        continue;   /* most hexes, at the cost of two reads */
      occupant = kessel_game_get_hex_occupant (self, hex);
      if (side != KESSEL_SIDE_NONE && occupant != side)
        continue;
      if (kessel_game_overstacked (self, hex))
        {
          g_autofree char *where = kessel_game_hex_label (self, hex);
          int n;

          self->state.elimination_hex = hex;
          self->state.wait = KESSEL_WAIT_ELIMINATION;
          /* The other side chooses among them, so it sees them (6.0-2, 6.3-1). */
          for (int p = kessel_game_first_at (self, hex); p >= 0; p = self->next_at[p])
            self->state.pieces[p].revealed = TRUE;
          self->state.resume = resume;
          n = kessel_game_units_to_eliminate (self, hex, -1);
          kessel_game_log (self, kessel_side_enemy (occupant), 0,
                           kessel_side_enemy (occupant) == KESSEL_SIDE_GERMAN
                             ? g_dngettext (GETTEXT_PACKAGE,
                                            "%s is over-stacked: the German player removes %d unit (6.0).",
                                            "%s is over-stacked: the German player removes %d units (6.0).", n)
                             : g_dngettext (GETTEXT_PACKAGE,
                                            "%s is over-stacked: the Soviet player removes %d unit (6.0).",
                                            "%s is over-stacked: the Soviet player removes %d units (6.0).", n),
                           where, n);
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
kessel_game_check_eliminate (KesselGame *self, const KesselAction *action, GError **error)
{
  int hex = self->state.elimination_hex;
  int piece;

  if (action->n_units != 1)
    return kessel_game_refuse (error, NULL, N_("Name one unit to remove."));
  piece = action->units[0];
  if (self->state.pieces[piece].status != KESSEL_PIECE_ON_MAP
      || self->state.pieces[piece].hex != hex)
    return kessel_game_refuse (error, "6.0", N_("Only units in the over-stacked hex are removed."));
  if (kessel_game_units_to_eliminate (self, hex, piece)
      != kessel_game_units_to_eliminate (self, hex, -1) - 1)
    return kessel_game_refuse (error, "6.0",
                               N_("Remove the fewest units that bring the hex within the stacking limit; removing this one does not help toward that."));
  return TRUE;
}

void
kessel_game_apply_eliminate (KesselGame *self, const KesselAction *action)
{
  int piece = action->units[0];
  const char *label = kessel_game_piece_name (self, piece);
  KesselResume resume = self->state.resume;

  kessel_game_log (self, kessel_game_get_active_side (self), 0,
                   _("%s removed for over-stacking (6.0)."), label);
  /* The whole unit goes, as an elimination: a rifle corps may return (11.1)
   * and a division out of C&C scores (4.2). */
  self->state.pieces[piece].steps = 1;
  kessel_game_lose_step (self, piece);
  if (kessel_game_overstacked (self, self->state.elimination_hex))
    return;
  self->state.elimination_hex = KESSEL_HEX_NONE;
  self->state.wait = KESSEL_WAIT_PHASE;
  if (kessel_game_start_eliminations (self, KESSEL_SIDE_NONE, resume))
    return;
  self->state.resume = KESSEL_RESUME_NONE;
  kessel_game_resume (self, resume);
}
