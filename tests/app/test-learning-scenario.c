/* test-learning-scenario.c: the learning scenario "Crossing the Prut" is
 * made here in the editor, step by step as an author makes it (a new map,
 * the terrain painted, the rivers drawn hexside by hexside, the towns named
 * on the map, the counter mix typed into the unit form), then saved; the
 * file must be the one shipped in data/scenarios. With KESSEL_SCREENSHOT_DIR
 * set, pictures of the steps and the saved file are left there.
 *
 * The map is the south-west corner of First Panzer Army's: columns 01-12,
 * rows 20-29, renumbered as rows 01-10. Needs a display. */
#include "kessel-config.h"

#include <glib/gstdio.h>

#include "editor-driver.h"
#include "kessel-application.h"
#include "kessel-new-scenario-dialog.h"
#include "kessel-counter-mix.h"

static KesselApplication *app;

static const char forest[] = "0107 0108 0207 0308 0407 0508 0607 0708 0808 0909 1009 1110";
static const char rough[] = "0109 0110 0208 0209 0309 0310 0408 0409 0509 0510 0608 0609 0701 0702 0709 0710 "
                            "0801 0802 0809 0902 0903 0910 1001 1002 1101 1102 1103 1201 1202 1203";
static const char prut[] = "0104-0105 0105-0204 0204-0205 0204-0305 0304-0305 0305-0404 0404-0405 0405-0505 "
                           "0505-0506 0505-0605 0604-0605 0605-0705 0705-0706 0706-0805 0805-0806 0806-0906 "
                           "0906-0907 0907-1006 1006-1007 1007-1107 1107-1108 1108-1207 1207-1208";
static const char dnestr[] = "0701-0801 0702-0801 0801-0802 0802-0902 0902-0903 0902-1002 1001-1002 1002-1102 "
                             "1102-1103 1103-1202 1202-1203";
static const char seret[] = "1001-1101 1101-1102 1102-1201 1102-1202";
static const char supply_sources[] = "0301 0401 0501 0601";
static const char command_sources[] = "0105 0106 0107 0108 0109 0110 0209 0310 0409 0510 0609 0710 0809 0910 1009 1110 1209";
static const char exits[] = "0710 0809 0910 1009 1110 1209";

static const char description[] =
  "A first game on a corner of the map, for three turns. The Soviet 4th Guards Tank Corps, "
  "23rd Rifle Corps and 13th Breakthrough Artillery Division stand north of the Prut; the "
  "German 68th Infantry and 7th Panzer Divisions hold its southern bank, and a garrison holds "
  "Chernovtsy.\n\n"
  "Things to try. Move the tank corps: the lit hexes show how far it can go and the path "
  "shows the cost. Take Zaleshchiki, north of the river, by moving into it. Move next to a "
  "German unit and see the move end in its zone of control. Cross the Prut and watch for the "
  "crossing roll. Attack with the artillery's support: the combat panel shows each shift "
  "before the die is rolled. The Soviet side wins with 3 VP: both towns and one more, from a "
  "corps leaving by the southern edge; 2 VP is a draw.";

typedef struct {
  const char *id, *name, *label;
  KesselSide side;
  KesselUnitType type;
  KesselUnitSize size;
  KesselMobility mobility;
  int steps[2][2];
  int n_steps;
  const char *setup;
  gboolean returns;
} UnitSpec;

static const UnitSpec units[] = {
  { "sov-4gt", "4th Guards Tank Corps", "4 GT", KESSEL_SIDE_SOVIET, KESSEL_UNIT_ARMOUR, KESSEL_SIZE_CORPS,
    KESSEL_MOBILITY_MECHANIZED, { { 10, 8 }, { 5, 4 } }, 2, "0503", FALSE },
  { "sov-23rc", "23rd Rifle Corps", "23", KESSEL_SIDE_SOVIET, KESSEL_UNIT_INFANTRY, KESSEL_SIZE_CORPS,
    KESSEL_MOBILITY_NON_MECHANIZED, { { 5, 5 }, { 1, 1 } }, 2, "0704", TRUE },
  { "sov-13ba", "13th Breakthrough Artillery Division", "13 B", KESSEL_SIDE_SOVIET, KESSEL_UNIT_ARTILLERY,
    KESSEL_SIZE_DIVISION, KESSEL_MOBILITY_MECHANIZED, { { 6, 2 } }, 1, "0603", FALSE },
  { "ger-68", "68th Infantry Division", "68", KESSEL_SIDE_GERMAN, KESSEL_UNIT_INFANTRY, KESSEL_SIZE_DIVISION,
    KESSEL_MOBILITY_NON_MECHANIZED, { { 2, 3 }, { 2, 2 } }, 2, "0605", FALSE },
  { "ger-7pz", "7th Panzer Division", "7 Pz", KESSEL_SIDE_GERMAN, KESSEL_UNIT_ARMOUR, KESSEL_SIZE_DIVISION,
    KESSEL_MOBILITY_MECHANIZED, { { 4, 4 }, { 3, 4 } }, 2, "0907", FALSE },
  { "ger-cg", "Chernovtsy Garrison", "CG", KESSEL_SIDE_GERMAN, KESSEL_UNIT_GARRISON, KESSEL_SIZE_AD_HOC,
    KESSEL_MOBILITY_STATIC, { { 0, 2 } }, 1, "1108", FALSE },
};

static GtkWidget *
find_new_scenario_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);
      if (KESSEL_IS_NEW_SCENARIO_DIALOG (item))
        return GTK_WIDGET (item);
    }
  return NULL;
}

/* With nothing to edit yet, the editor asks for a new map at once. */
static void
new_map (KesselWindow *window)
{
  GtkWidget *dialog = find_new_scenario_dialog ();

  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (driver_find (dialog, "title")), "Crossing the Prut");
  driver_set_spin (dialog, "columns", 12);
  driver_set_spin (dialog, "rows", 10);
  driver_check (dialog, "short-even-columns", TRUE);
  driver_choose (dialog, "terrain", KESSEL_TERRAIN_CLEAR);
  g_signal_emit_by_name (driver_find (dialog, "create"), "clicked");
  driver_settle ();
}

static void
paint (KesselWindow *window, const char *terrain, const char *hexes)
{
  g_auto(GStrv) list = g_strsplit (hexes, " ", -1);

  driver_set_state (window, "terrain", terrain);
  for (int i = 0; list[i]; i++)
    driver_click (window, list[i]);
}

static void
draw_river (KesselWindow *window, const char *name, gboolean major, const char *sides)
{
  GtkWidget *editor = GTK_WIDGET (driver_editor (window));
  g_auto(GStrv) list = g_strsplit (sides, " ", -1);

  driver_type (editor, "new-river-name", name);
  driver_check (editor, "river-major", major);
  for (int i = 0; list[i]; i++)
    {
      g_auto(GStrv) pair = g_strsplit (list[i], "-", 2);
      driver_click_side (window, pair[0], pair[1]);
    }
}

static void
add_place (KesselWindow *window, const char *hex, const char *name)
{
  driver_click (window, hex);
  driver_type (GTK_WIDGET (kessel_editor_get_place_popover (driver_editor (window))), "place-name", name);
}

static void
mark (KesselWindow *window, const char *role, const char *hexes)
{
  g_auto(GStrv) list = g_strsplit (hexes, " ", -1);

  driver_set_state (window, "edge-role", role);
  for (int i = 0; list[i]; i++)
    driver_click (window, list[i]);
}

/* A new unit of the side, then every field of the form typed in. */
static void
add_unit (KesselWindow *window, const UnitSpec *spec)
{
  static const char *const factor_names[2][2] = { { "front-attack", "front-defence" },
                                                  { "back-attack", "back-defence" } };
  GtkWidget *list = kessel_editor_get_counter_mix (driver_editor (window));

  gtk_widget_activate_action (list, "units.add", "s", kessel_side_to_string (spec->side));
  driver_settle ();
  driver_type (list, "unit-id", spec->id);
  driver_type (list, "unit-name", spec->name);
  driver_type (list, "unit-label", spec->label);
  driver_choose (list, "unit-type", spec->type);
  driver_choose (list, "unit-size", spec->size);
  driver_choose (list, "unit-mobility", spec->mobility);
  driver_set_spin (list, "unit-steps", spec->n_steps);
  for (int step = 0; step < spec->n_steps; step++)
    for (int f = 0; f < 2; f++)
      driver_set_spin (list, factor_names[step][f], spec->steps[step][f]);
  if (spec->returns)
    driver_check (list, "returns", TRUE);
  driver_type (list, "setup-hex", spec->setup);
  driver_check (list, "setup-exact", TRUE);
  g_assert_cmpstr (kessel_counter_mix_get_selected_id (KESSEL_COUNTER_MIX (list)), ==, spec->id);
}

static void
set_properties (KesselWindow *window)
{
  GtkWidget *editor = GTK_WIDGET (driver_editor (window));
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (driver_find (editor, "description")));

  gtk_text_buffer_set_text (buffer, description, -1);
  kessel_editor_commit_pending (driver_editor (window));
  driver_set_spin (editor, "turns", 3);
  driver_set_spin (editor, "victory-5", 3);
  driver_set_spin (editor, "victory-6", 2);
  driver_set_spin (editor, "soviet-vp", 0);
}

static void
test_learning_scenario_built_in_editor (void)
{
  g_autofree char *shipped = g_build_filename (g_getenv ("KESSEL_DATADIR"), "scenarios",
                                               "crossing-the-prut.kessel", NULL);
  const char *dir = g_getenv ("KESSEL_SCREENSHOT_DIR");
  g_autofree char *folder = g_dir_make_tmp ("kessel-learning-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir ? dir : folder, "crossing-the-prut.kessel", NULL);
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;
  g_autoptr(GError) error = NULL;
  KesselWindow *window;

  if (!gtk_init_check ())
    {
      g_test_skip ("no display to open a window on");
      return;
    }
  window = kessel_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1500, 950);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "editor", g_variant_new_boolean (TRUE));
  driver_settle ();
  new_map (window);
  driver_screenshot (window, "learning-01-new-map");

  driver_set_state (window, "tool", "terrain");
  driver_set_state (window, "brush-size", "1");
  paint (window, "forest", forest);
  paint (window, "rough", rough);
  driver_screenshot (window, "learning-02-terrain");

  driver_set_state (window, "tool", "river");
  draw_river (window, "Prut", TRUE, prut);
  draw_river (window, "Dnestr", TRUE, dnestr);
  draw_river (window, "Seret", FALSE, seret);
  driver_screenshot (window, "learning-03-rivers");

  driver_set_state (window, "tool", "place");
  driver_set_state (window, "place-kind", "town");
  add_place (window, "0902", "Zaleshchiki");
  add_place (window, "1108", "Chernovtsy");
  driver_set_state (window, "tool", "edge");
  mark (window, "supply-source", supply_sources);
  mark (window, "command-source", command_sources);
  mark (window, "exit", exits);
  driver_set_state (window, "tool", "control");
  driver_set_state (window, "control-side", "german");
  driver_click (window, "0902");
  driver_click (window, "1108");
  driver_screenshot (window, "learning-04-places-edges-control");

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    add_unit (window, &units[i]);
  driver_show_page (window, 1);
  driver_screenshot (window, "learning-05-units");
  driver_show_page (window, 2);
  driver_screenshot (window, "learning-06-schedule");
  set_properties (window);
  driver_show_page (window, 3);
  driver_screenshot (window, "learning-07-properties");
  driver_show_page (window, 4);
  driver_screenshot (window, "learning-08-problems");

  g_assert_cmpint (kessel_editor_count_errors (driver_editor (window)), ==, 0);
  g_assert_true (kessel_editor_save (driver_editor (window), path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &got, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (shipped, &want, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (got, ==, want);

  gtk_window_destroy (GTK_WINDOW (window));
  driver_settle ();
  if (dir == NULL)
    g_remove (path);
  g_rmdir (folder);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (gtk_init_check ())
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }
  g_test_add_func ("/editor/learning-scenario/built-in-editor", test_learning_scenario_built_in_editor);
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
