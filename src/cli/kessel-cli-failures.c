/* kessel-cli-failures.c: the failures counted in each game of a match. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "kessel-cli-failures.h"

typedef int FailureCounts[KESSEL_N_FAILURES];

struct _KesselCliFailures {
  int n_games;
  KesselGameCritic **critics;          /* made when a game is first observed */
  FailureCounts *counts;               /* per game, as last observed or as set */
};

/* The sides in the order they are printed. */
static const KesselSide sides[2] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

KesselCliFailures *
kessel_cli_failures_new (int n_games)
{
  KesselCliFailures *self = g_new0 (KesselCliFailures, 1);

  self->n_games = n_games;
  self->critics = g_new0 (KesselGameCritic *, MAX (n_games, 1));
  self->counts = g_new0 (FailureCounts, MAX (n_games, 1));
  return self;
}

void
kessel_cli_failures_free (KesselCliFailures *self)
{
  if (self == NULL)
    return;
  for (int g = 0; g < self->n_games; g++)
    g_clear_object (&self->critics[g]);
  g_free (self->critics);
  g_free (self->counts);
  g_free (self);
}

void
kessel_cli_failures_observe (KesselCliFailures *self, int index, KesselGame *game)
{
  g_return_if_fail (index >= 0 && index < self->n_games);
  if (self->critics[index] == NULL)
    self->critics[index] = kessel_game_critic_new ();
  kessel_game_critic_observe (self->critics[index], game);
  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    self->counts[index][f] = kessel_game_critic_get_count (self->critics[index], f);
}

int
kessel_cli_failures_get_count (KesselCliFailures *self, int index, KesselFailure failure)
{
  g_return_val_if_fail (index >= 0 && index < self->n_games, 0);
  g_return_val_if_fail (failure < KESSEL_N_FAILURES, 0);
  return self->counts[index][failure];
}

void
kessel_cli_failures_set_counts (KesselCliFailures *self, int index, const int counts[KESSEL_N_FAILURES])
{
  g_return_if_fail (index >= 0 && index < self->n_games);
  memcpy (self->counts[index], counts, sizeof self->counts[index]);
}

/* The mean of a count over the games that ended well. */
static double
mean_count (KesselCliFailures *self, KesselBalance *balance, KesselFailure failure)
{
  int sum = 0, n = 0;

  for (int g = 0; g < self->n_games; g++)
    if (kessel_balance_game_ok (balance, g))
      {
        sum += self->counts[g][failure];
        n++;
      }
  return n > 0 ? (double) sum / n : 0.0;
}

/* JSON */

/* values by failure, printed with that many decimals. */
static void
print_json (const double values[KESSEL_N_FAILURES], int decimals)
{
  printf ("\"failures\": {");
  for (int s = 0; s < 2; s++)
    {
      const char *separator = "";

      printf ("%s\"%s\": {", s > 0 ? ", " : "", kessel_side_to_string (sides[s]));
      for (int f = 0; f < KESSEL_N_FAILURES; f++)
        if (kessel_failure_judges (f, sides[s]))
          {
            printf ("%s\"%s\": %.*f", separator, kessel_failure_to_string (f), decimals, values[f]);
            separator = ", ";
          }
      printf ("}");
    }
  printf ("}");
}

void
kessel_cli_failures_print_game_json (KesselCliFailures *self, int index)
{
  double counts[KESSEL_N_FAILURES];

  g_return_if_fail (index >= 0 && index < self->n_games);
  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    counts[f] = self->counts[index][f];
  print_json (counts, 0);
}

void
kessel_cli_failures_print_means_json (KesselCliFailures *self, KesselBalance *balance)
{
  double means[KESSEL_N_FAILURES];

  for (int f = 0; f < KESSEL_N_FAILURES; f++)
    means[f] = mean_count (self, balance, f);
  print_json (means, 3);
}

/* Text */

static const char *
failure_display_name (KesselFailure failure, KesselSide side)
{
  switch (failure)
    {
    case KESSEL_FAILURE_PLACES_GIVEN_UP: return _("places given up without a fight");
    case KESSEL_FAILURE_ARTILLERY_LOST_ALONE: return _("artillery lost alone");
    case KESSEL_FAILURE_OVERSTACK_LOSSES: return _("units lost to over-stacking");
    case KESSEL_FAILURE_CORPS_IDLE_AT_EXIT: return _("corps-turns idle beside the exit");
    case KESSEL_FAILURE_DIVISIONS_DESTROYED_OUT_OF_COMMAND:
      return side == KESSEL_SIDE_SOVIET ? _("German divisions destroyed out of C&C (more is better)")
                                        : _("divisions destroyed out of C&C");
    case KESSEL_FAILURE_DIVISIONS_CUT_OFF: return _("divisions cut off");
    case KESSEL_FAILURE_REINFORCEMENTS_IDLE: return _("reinforcements idle two turns");
    case KESSEL_FAILURE_TURNS_WITHOUT_RELIEF: return _("turns with a division cut off and no attack");
    case KESSEL_N_FAILURES:
    default: return kessel_failure_to_string (failure);
    }
}

/* The name padded to width characters, however many bytes they take. */
static void
print_padded (const char *name, int width)
{
  int length = (int) g_utf8_strlen (name, -1);

  printf ("%s%*s", name, MAX (width - length, 1), "");
}

void
kessel_cli_failures_print_means (KesselCliFailures *self, KesselBalance *balance)
{
  for (int s = 0; s < 2; s++)
    {
      printf ("%s\n", sides[s] == KESSEL_SIDE_GERMAN ? _("  German failures per game (mean):")
                                                      : _("  Soviet failures per game (mean):"));
      for (int f = 0; f < KESSEL_N_FAILURES; f++)
        if (kessel_failure_judges (f, sides[s]))
          {
            printf ("    ");
            print_padded (failure_display_name (f, sides[s]), 58);
            printf ("%6.2f\n", mean_count (self, balance, f));
          }
    }
}
