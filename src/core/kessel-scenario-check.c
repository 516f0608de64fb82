/* kessel-scenario-check.c: the checks of a scenario in memory. */
#include "kessel-scenario-check.h"

void
kessel_scenario_problem_free (KesselScenarioProblem *problem)
{
  if (problem == NULL)
    return;
  g_free (problem->message);
  g_free (problem->rule);
  g_free (problem->unit_id);
  g_free (problem);
}

GPtrArray *
kessel_scenario_check (KesselScenario *scenario)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_scenario_problem_free);
}

int
kessel_scenario_count_problems (GPtrArray *problems, KesselProblemSeverity severity)
{
  int count = 0;
  for (guint i = 0; i < problems->len; i++)
    if (((KesselScenarioProblem *) g_ptr_array_index (problems, i))->severity == severity)
      count++;
  return count;
}

KesselScenario *
kessel_scenario_load_file_for_editing (const char *path, GPtrArray **dropped, GError **error)
{
  if (dropped)
    *dropped = g_ptr_array_new_with_free_func (g_free);
  return kessel_scenario_load_file (path, error);
}
