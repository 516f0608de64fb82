/* kessel-game-view.c: the game as one side may know it under fog of war (6.3).
 *
 * A side sees the top unit of each enemy stack, every revealed unit and how
 * many units each stack holds. Which enemy units are on the map but hidden is
 * known too, from the counter mix less those seen, eliminated, exited or yet
 * to come, and so are their steps, since every loss is announced. What is not
 * known is which hidden unit is where. The view deals the hidden units, in
 * piece order, over the hidden places of the stacks, in hex and stack order:
 * any two games alike in all a side can know give the same view. */
#include "kessel-game-private.h"

#include <stdlib.h>

typedef struct {
  int hex;
  guint stack_order;
} HiddenPlace;

static int
compare_places (const void *a, const void *b)
{
  const HiddenPlace *x = a, *y = b;

  if (x->hex != y->hex)
    return x->hex < y->hex ? -1 : 1;
  return x->stack_order < y->stack_order ? -1 : x->stack_order > y->stack_order ? 1 : 0;
}

/**
 * kessel_game_view:
 *
 * A quiet copy as @side may know the game under fog of war (6.3): the enemy
 * units @side cannot see are dealt out over the hidden places of the stacks in a
 * fixed order, so that two games that differ only in what @side cannot see give
 * the same view. Its dice are as in kessel_game_fork().
 *
 * Returns: (transfer full): the quiet copy
 */
KesselGame *
kessel_game_view (KesselGame *self, KesselSide side, guint64 dice_seed)
{
  KesselGame *view;
  g_autofree int *hidden = NULL;
  g_autofree HiddenPlace *places = NULL;
  int n = 0;

  g_return_val_if_fail (KESSEL_IS_GAME (self), NULL);
  view = kessel_game_fork (self, dice_seed);
  if (side != KESSEL_SIDE_GERMAN && side != KESSEL_SIDE_SOVIET)
    return view;

  hidden = g_new (int, self->n_pieces);
  places = g_new (HiddenPlace, self->n_pieces);
  for (int p = 0; p < self->n_pieces; p++)
    if (self->info[p].side != side && self->state.pieces[p].status == KESSEL_PIECE_ON_MAP
        && !kessel_game_piece_visible_to (self, p, side))
      {
        hidden[n] = p;
        places[n].hex = self->state.pieces[p].hex;
        places[n].stack_order = self->state.pieces[p].stack_order;
        n++;
      }
  qsort (places, n, sizeof places[0], compare_places);
  for (int i = 0; i < n; i++)
    {
      KesselPieceState *piece = &view->state.pieces[hidden[i]];
      piece->hex = places[i].hex;
      piece->stack_order = places[i].stack_order;
    }
  kessel_game_invalidate (view);
  return view;
}
