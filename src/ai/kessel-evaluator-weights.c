#include "kessel-config.h"

#include "kessel-evaluator-weights.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "kessel-player.h"

#define GROUP "Evaluator"
#define WEIGHT_MAX 10.0

static const char *const weight_names[KESSEL_N_WEIGHTS] = {
  "places", "forces", "exposure", "exit", "isolation", "frailty", "own-threats", "enemy-threats",
};

/* The threats the side to value makes count for half of those it faces: the
 * enemy moves first and may yet parry them. */
static const double default_weights[KESSEL_N_WEIGHTS] = { 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5 };

void
kessel_evaluator_weights_init (KesselEvaluatorWeights *weights)
{
  for (int i = 0; i < KESSEL_N_WEIGHTS; i++)
    weights->value[i] = default_weights[i];
}

const char *
kessel_weight_to_string (KesselWeight weight)
{
  return weight < KESSEL_N_WEIGHTS ? weight_names[weight] : "?";
}

static int
weight_by_name (const char *name)
{
  for (int i = 0; i < KESSEL_N_WEIGHTS; i++)
    if (g_strcmp0 (name, weight_names[i]) == 0)
      return i;
  return -1;
}

static gboolean
read_weight (GKeyFile *file, const char *path, const char *key, double *out, GError **error)
{
  g_autofree char *text = g_key_file_get_value (file, GROUP, key, NULL);
  char *end = NULL;
  double value = text != NULL ? g_ascii_strtod (text, &end) : NAN;

  if (text == NULL || end == text || *end != '\0' || !isfinite (value) || value < 0.0 || value > WEIGHT_MAX)
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("%s: the weight \"%s\" must be a number from 0 to %g."),
                   path, key, WEIGHT_MAX);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
only_group (GKeyFile *file)
{
  gsize n = 0;
  g_auto (GStrv) groups = g_key_file_get_groups (file, &n);

  return n == 1 && g_strcmp0 (groups[0], GROUP) == 0;
}

/* The weights a key file sets, over the defaults; weights is left as it was
 * if the file cannot be read whole. */
gboolean
kessel_evaluator_weights_load (KesselEvaluatorWeights *weights, const char *path, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  g_auto (GStrv) keys = NULL;
  KesselEvaluatorWeights read;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("%s: cannot read the weights: %s"), path, local->message);
      return FALSE;
    }
  keys = g_key_file_get_keys (file, GROUP, NULL, NULL);
  if (keys == NULL || !only_group (file))
    {
      g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("%s: the weights must be in one [%s] group and nothing else."),
                   path, GROUP);
      return FALSE;
    }
  kessel_evaluator_weights_init (&read);
  for (int i = 0; keys[i] != NULL; i++)
    {
      int weight = weight_by_name (keys[i]);
      if (weight < 0)
        {
          g_set_error (error, KESSEL_PLAYER_ERROR, 0, _("%s: unknown weight \"%s\"."), path, keys[i]);
          return FALSE;
        }
      if (!read_weight (file, path, keys[i], &read.value[weight], error))
        return FALSE;
    }
  *weights = read;
  return TRUE;
}
