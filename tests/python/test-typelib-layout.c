/* The introspection data describes every structure of the API with the size
 * and field offsets the compiler gave it, so that bindings that allocate,
 * copy and read them (out parameters, fields) touch the right bytes. */
#include <girepository.h>
#include <stddef.h>

#include "kessel-game.h"
#include "kessel-replay.h"
#include "kessel-rules-options.h"
#include "kessel-scenario-check.h"

typedef struct {
  const char *name;   /* in the namespace Kessel */
  gsize size;
  const char *last_field;
  gsize last_offset;
} Layout;

#define LAYOUT(name, type, field) { name, sizeof (type), #field, offsetof (type, field) }

static const Layout layouts[] = {
  LAYOUT ("Action", KesselAction, value),
  LAYOUT ("CombatFate", KesselCombatFate, advanced),
  LAYOUT ("CombatOdds", KesselCombatOdds, results),
  LAYOUT ("CombatReport", KesselCombatReport, defenders),
  LAYOUT ("Contribution", KesselContribution, note),
  LAYOUT ("Dice", KesselDice, source),
  LAYOUT ("Grid", KesselGrid, short_even_columns),
  LAYOUT ("LogEntry", KesselLogEntry, hidden_text),
  LAYOUT ("Place", KesselPlace, name),
  LAYOUT ("ReplayStep", KesselReplayStep, n_log),
  LAYOUT ("River", KesselRiver, major),
  LAYOUT ("RulesOption", KesselRulesOption, rule),
  LAYOUT ("ScenarioOption", KesselScenarioOption, enabled),
  LAYOUT ("ScenarioProblem", KesselScenarioProblem, unit_id),
  LAYOUT ("Shift", KesselShift, reason),
  LAYOUT ("StartMarkers", KesselStartMarkers, soviet_vp),
  LAYOUT ("Step", KesselStep, defence),
  LAYOUT ("VictoryTable", KesselVictoryTable, draw_from),
};

static int
field_offset (GIStructInfo *info, const char *name)
{
  int offset = -1;

  for (int i = 0; i < g_struct_info_get_n_fields (info) && offset < 0; i++)
    {
      GIFieldInfo *field = g_struct_info_get_field (info, i);
      if (g_strcmp0 (g_base_info_get_name (field), name) == 0)
        offset = g_field_info_get_offset (field);
      g_base_info_unref (field);
    }
  return offset;
}

static void
test_layouts (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (g_irepository_require (NULL, "Kessel", "1.0", 0, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      const Layout *layout = &layouts[i];
      GIBaseInfo *info = g_irepository_find_by_name (NULL, "Kessel", layout->name);

      g_test_message ("%s", layout->name);
      g_assert_nonnull (info);
      g_assert_cmpint (g_base_info_get_type (info), ==, GI_INFO_TYPE_STRUCT);
      g_assert_cmpuint (g_struct_info_get_size ((GIStructInfo *) info), ==, layout->size);
      g_assert_cmpint (field_offset ((GIStructInfo *) info, layout->last_field), ==, (int) layout->last_offset);
      g_base_info_unref (info);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/typelib/layouts", test_layouts);
  return g_test_run ();
}
