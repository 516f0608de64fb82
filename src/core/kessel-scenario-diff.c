/* kessel-scenario-diff.c: what differs between two scenarios. */
#include "kessel-scenario-diff.h"
#include "kessel-file.h"

#include <glib/gi18n-lib.h>

/* The lines found so far, and how many were left out past the limit. */
typedef struct {
  GPtrArray *lines;
  guint left_out;
} Differences;

static void
add_line (Differences *diff, char *line)
{
  if (diff->lines->len < KESSEL_SCENARIO_DIFF_MAX_LINES - 1)
    g_ptr_array_add (diff->lines, line);
  else
    {
      diff->left_out++;
      g_free (line);
    }
}

static void
compare_number (Differences *diff, const char *what, int theirs, int mine)
{
  if (theirs != mine)
    add_line (diff, g_strdup_printf (_("%s: %d here, %d in your copy."), what, theirs, mine));
}

static void
compare_title_and_victory (Differences *diff, KesselScenario *theirs, KesselScenario *mine)
{
  const KesselVictoryTable *a = kessel_scenario_get_victory (theirs), *b = kessel_scenario_get_victory (mine);

  if (g_strcmp0 (kessel_scenario_get_title (theirs), kessel_scenario_get_title (mine)) != 0)
    {
      g_autofree char *here = kessel_text_cut (kessel_scenario_get_title (theirs), KESSEL_MESSAGE_MAX_QUOTE);
      g_autofree char *yours = kessel_text_cut (kessel_scenario_get_title (mine), KESSEL_MESSAGE_MAX_QUOTE);

      add_line (diff, g_strdup_printf (_("Title: “%s” here, “%s” in your copy."), here, yours));
    }
  compare_number (diff, _("Game turns"), kessel_scenario_get_turns (theirs), kessel_scenario_get_turns (mine));
  if (a->soviet_wins_at != b->soviet_wins_at)
    add_line (diff, g_strdup_printf (_("The Soviet side wins at %d VP here, at %d VP in your copy."),
                                     a->soviet_wins_at, b->soviet_wins_at));
  if (a->draw_from != b->draw_from)
    add_line (diff, g_strdup_printf (_("A draw from %d VP here, from %d VP in your copy."), a->draw_from, b->draw_from));
  compare_number (diff, _("VP of a town"), a->town, b->town);
  compare_number (diff, _("VP of a fortified locality"), a->fortified, b->fortified);
  compare_number (diff, _("VP of a German town out of command"), a->out_of_command, b->out_of_command);
  compare_number (diff, _("VP of a Soviet corps exited"), a->corps_exit, b->corps_exit);
  compare_number (diff, _("Most VP for corps exited"), a->corps_exit_cap, b->corps_exit_cap);
  compare_number (diff, _("Soviet VP at the start"), kessel_scenario_get_start (theirs)->soviet_vp,
                  kessel_scenario_get_start (mine)->soviet_vp);
}

/* A unit's label and id, as a line names it. */
static char *
unit_name (KesselUnit *unit)
{
  g_autofree char *label = kessel_text_cut (kessel_unit_get_label (unit), KESSEL_MESSAGE_MAX_QUOTE);
  g_autofree char *id = kessel_text_cut (kessel_unit_get_id (unit), KESSEL_MESSAGE_MAX_QUOTE);

  return g_strdup_printf ("%s (%s)", label, id);
}

/* A unit's steps as its counter shows them: "4-4/3-4". */
static char *
unit_steps (KesselUnit *unit)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (int i = 0; i < kessel_unit_get_n_steps (unit); i++)
    {
      const KesselStep *step = kessel_unit_get_step (unit, i);
      g_string_append_printf (text, "%s%d-%d", i > 0 ? "/" : "", step->attack, step->defence);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
compare_unit (Differences *diff, KesselUnit *theirs, KesselUnit *mine)
{
  g_autofree char *name = unit_name (theirs);
  g_autofree char *here = unit_steps (theirs);
  g_autofree char *yours = NULL;

  if (mine == NULL)
    {
      add_line (diff, g_strdup_printf (_("Unit %s, %s, is not in your copy."), name, here));
      return;
    }
  if (kessel_unit_equal (theirs, mine))
    return;
  yours = unit_steps (mine);
  if (g_strcmp0 (here, yours) != 0)
    add_line (diff, g_strdup_printf (_("Unit %s: %s here, %s in your copy."), name, here, yours));
  else
    add_line (diff, g_strdup_printf (_("Unit %s differs in its set-up, arrival, kind or abilities."), name));
}

static void
compare_units (Differences *diff, KesselScenario *theirs, KesselScenario *mine)
{
  for (int i = 0; i < kessel_scenario_get_n_units (theirs); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (theirs, i);
      compare_unit (diff, unit, kessel_scenario_find_unit (mine, kessel_unit_get_id (unit)));
    }
  for (int i = 0; i < kessel_scenario_get_n_units (mine); i++)
    {
      KesselUnit *unit = kessel_scenario_get_unit (mine, i);

      if (kessel_scenario_find_unit (theirs, kessel_unit_get_id (unit)) == NULL)
        {
          g_autofree char *name = unit_name (unit);
          add_line (diff, g_strdup_printf (_("Unit %s of your copy is missing here."), name));
        }
    }
}

static gboolean
same_place (const KesselPlace *a, const KesselPlace *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->kind == b->kind && g_strcmp0 (a->name, b->name) == 0;
}

static void
compare_map (Differences *diff, KesselScenario *theirs, KesselScenario *mine)
{
  KesselMap *a = kessel_scenario_get_map (theirs), *b = kessel_scenario_get_map (mine);
  const KesselGrid *ga = kessel_map_get_grid (a), *gb = kessel_map_get_grid (b);
  guint terrain = 0, places = 0;

  if (ga->columns != gb->columns || ga->rows != gb->rows || kessel_map_get_hex_count (a) != kessel_map_get_hex_count (b))
    {
      add_line (diff, g_strdup_printf (_("Map: %d × %d hexes here, %d × %d in your copy."), ga->columns, ga->rows,
                                       gb->columns, gb->rows));
      return;
    }
  for (int hex = 0; hex < kessel_map_get_hex_count (a); hex++)
    {
      terrain += kessel_map_get_terrain (a, hex) != kessel_map_get_terrain (b, hex);
      places += !same_place (kessel_map_get_place_at (a, hex), kessel_map_get_place_at (b, hex));
    }
  if (terrain > 0)
    add_line (diff, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Map: the terrain of %u hex differs.",
                                                  "Map: the terrain of %u hexes differs.", terrain), terrain));
  if (places > 0)
    add_line (diff, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Map: %u town or place differs.",
                                                  "Map: %u towns or places differ.", places), places));
  if (kessel_map_get_n_rivers (a) != kessel_map_get_n_rivers (b))
    add_line (diff, g_strdup_printf (_("Map: %d rivers here, %d in your copy."), kessel_map_get_n_rivers (a),
                                     kessel_map_get_n_rivers (b)));
  else if (terrain == 0 && places == 0 && !kessel_map_equal (a, b))
    add_line (diff, g_strdup (_("Map: its rivers, edges, labels or control differ.")));
}

static void
compare_options (Differences *diff, KesselScenario *theirs, KesselScenario *mine)
{
  for (int i = 0; i < kessel_scenario_get_n_options (theirs); i++)
    {
      const KesselScenarioOption *option = kessel_scenario_get_option (theirs, i);

      if (option->enabled != kessel_scenario_option_enabled (mine, option->id))
        {
          g_autofree char *id = kessel_text_cut (option->id, KESSEL_MESSAGE_MAX_QUOTE);
          add_line (diff, g_strdup_printf (option->enabled ? _("Rules option %s: on here, off in your copy.")
                                                           : _("Rules option %s: off here, on in your copy."), id));
        }
    }
}

GPtrArray *
kessel_scenario_differences (KesselScenario *theirs, KesselScenario *mine)
{
  Differences diff = { g_ptr_array_new_with_free_func (g_free), 0 };

  g_return_val_if_fail (KESSEL_IS_SCENARIO (theirs) && KESSEL_IS_SCENARIO (mine), diff.lines);
  compare_title_and_victory (&diff, theirs, mine);
  compare_units (&diff, theirs, mine);
  compare_map (&diff, theirs, mine);
  compare_options (&diff, theirs, mine);
  if (diff.left_out > 0)
    g_ptr_array_add (diff.lines, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… and %u more difference.",
                                                               "… and %u more differences.", diff.left_out),
                                                  diff.left_out));
  return diff.lines;
}
