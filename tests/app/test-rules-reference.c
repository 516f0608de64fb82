/* test-rules-reference.c: the rules reference: every rule case once, the
 * tables as the rules engine has them, and the window. The window tests need
 * a display and are skipped without one. */
#include "kessel-config.h"

#include <string.h>

#include "kessel-application.h"
#include "kessel-rules-reference.h"
#include "kessel-tables.h"
#include "kessel-window.h"

#define LAYOUT_TIMEOUT_US (10 * G_USEC_PER_SEC)

static gboolean have_display;
static KesselApplication *app;

/* The rule numbers the rules engine names in its refusals. */
static const char *const refusal_rules[] = {
  "2.7", "3.2", "4.1", "5.3", "5.4", "5.5", "6.0", "6.1", "6.2", "7.2", "8.3",
  "10.1", "11.2", "12.0", "12.2", "12.3", "12.4", "12.5", "13.0", "13.1", "13.2",
  "13.3", "13.4", "13.5", "13.6", "13.8.2", "13.8.3", "13.8.4", "13.9", "13.10",
};

static gboolean
need_display (void)
{
  if (!have_display)
    g_test_skip ("no display to open a window on");
  return have_display;
}

/* The committed list, so that the test does not depend on the digest. */
static char **
read_case_ids (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "rules", "checklist-cases.txt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_strv_builder_add (ids, lines[i]);
    }
  return g_strv_builder_end (ids);
}

static void
test_cases_each_once (void)
{
  g_auto(GStrv) ids = read_case_ids ();
  g_auto(GStrv) cases = kessel_rules_reference_list_cases ();

  g_assert_cmpuint (g_strv_length (ids), >=, 180);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_test_message ("case %s", ids[i]);
      g_assert_cmpuint (kessel_rules_reference_count_case (ids[i]), ==, 1);
    }
  /* Nothing beyond the list, and in the same order. */
  g_assert_cmpstrv (cases, ids);
}

/* The list must still match the digest where the digest is at hand. */
static void
test_cases_match_digest (void)
{
  const char *root = g_getenv ("KESSEL_SOURCE_ROOT");
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GRegex) case_line = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) digest_ids = NULL;
  g_auto(GStrv) ids = read_case_ids ();

  if (root == NULL)
    {
      g_test_skip ("KESSEL_SOURCE_ROOT is not set");
      return;
    }
  path = g_build_filename (root, "..", "shared", "rules", "first-panzer-army-digest.md", NULL);
  if (!g_file_get_contents (path, &text, NULL, NULL))
    {
      g_test_skip ("the rules digest is not beside the source tree");
      return;
    }

  case_line = g_regex_new ("^- \\*\\*([0-9]+(?:\\.[0-9]+)*-[0-9A-Z-]+|[0-9]+\\.x)\\*\\*",
                           G_REGEX_MULTILINE, 0, NULL);
  for (g_regex_match (case_line, text, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *id = g_match_info_fetch (match, 1);

      g_strv_builder_add (builder, id);
    }
  digest_ids = g_strv_builder_end (builder);
  g_assert_cmpstrv (digest_ids, ids);
}

static void
test_cases_have_text (void)
{
  g_auto(GStrv) cases = kessel_rules_reference_list_cases ();

  for (guint i = 0; cases[i] != NULL; i++)
    {
      g_autofree char *text = kessel_rules_reference_case_text (cases[i]);

      g_assert_true (kessel_rules_reference_has_case (cases[i]));
      g_assert_nonnull (text);
      g_assert_cmpuint (strlen (text), >, 10);
      /* A ruling gives the rule as played, not only its reason. */
      if (strstr (text, "Kessel’s ruling:") != NULL)
        g_assert_false (g_str_has_prefix (text, "Kessel’s ruling:"));
    }
}

static void
assert_resolves (const char *rule,
                 const char *expected)
{
  g_autofree char *found = kessel_rules_reference_resolve (rule);

  g_test_message ("%s", rule);
  g_assert_cmpstr (found, ==, expected);
}

static void
test_resolve (void)
{
  assert_resolves ("13.1", "13.1-1");
  assert_resolves ("13.1-8", "13.1-8");
  assert_resolves ("13.10", "13.10-1");
  assert_resolves ("13.8", "13.8-1");
  assert_resolves ("13.8.1", "13.8.1-1");
  assert_resolves ("13.9", "13.9-DR-1");
  assert_resolves ("13.9-DR-7", "13.9-DR-7");
  assert_resolves ("13.9-EX", "13.9-EX-1");
  assert_resolves ("12.5: Soviet units may not enter the area west of the Strypa", "12.5-1");
  assert_resolves ("2.7", "2-10");
  assert_resolves ("2", "2-1");
  assert_resolves ("2.5", "2-1");
  assert_resolves ("13.8.1-9", "13.8.1-1");
  assert_resolves ("99.1", NULL);
  assert_resolves ("", NULL);
  assert_resolves (NULL, NULL);
  g_assert_false (kessel_rules_reference_has_case ("99"));

  /* Every rule a refusal can name lands on a case of that rule. */
  for (guint i = 0; i < G_N_ELEMENTS (refusal_rules); i++)
    {
      g_autofree char *found = kessel_rules_reference_resolve (refusal_rules[i]);
      g_autofree char *prefix = g_strconcat (refusal_rules[i], "-", NULL);

      g_test_message ("%s → %s", refusal_rules[i], found);
      g_assert_nonnull (found);
      if (strcmp (refusal_rules[i], "2.7") != 0)
        g_assert_true (g_str_has_prefix (found, prefix));
    }
}

static void
test_case_text (void)
{
  g_autofree char *text = kessel_rules_reference_case_text ("5.4-3");
  g_autofree char *section = kessel_rules_reference_case_text ("12.5");

  g_assert_nonnull (strstr (text, "Kessel’s ruling:"));
  g_assert_nonnull (strstr (text, "Scenario option:"));
  g_assert_nonnull (strstr (section, "Strypa"));
  g_assert_null (kessel_rules_reference_case_text ("99.9"));
}

static char **
table_row (char **rows,
           guint  index)
{
  g_assert_cmpuint (index, <, g_strv_length (rows));
  return g_strsplit (rows[index], "|", -1);
}

static void
test_table_list (void)
{
  static const char *const wanted[] = {
    "sequence", "terrain", "weather", "movement", "river", "crt",
  };
  g_auto(GStrv) tables = kessel_rules_reference_list_tables ();

  for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
    g_assert_true (g_strv_contains ((const char * const *) tables, wanted[i]));
}

static void
test_table_crt (void)
{
  g_auto(GStrv) rows = kessel_rules_reference_table_rows ("crt");
  g_auto(GStrv) header = table_row (rows, 0);

  g_assert_cmpuint (g_strv_length (rows), ==, 7);
  for (int die = 1; die <= 6; die++)
    {
      g_auto(GStrv) cells = table_row (rows, die);
      /* The merged automatic columns appear in the first row only. */
      guint first = die == 1 ? 2 : 1;

      g_assert_cmpint (atoi (cells[0]), ==, die);
      for (guint c = 0; c < 8; c++)
        {
          KesselOdds odds;

          g_assert_true (kessel_odds_from_string (header[2 + c], &odds));
          g_assert_cmpstr (cells[first + c], ==,
                           kessel_result_to_string (kessel_table_combat_result (odds, die)));
        }
    }
}

static void
test_table_weather (void)
{
  g_auto(GStrv) rows = kessel_rules_reference_table_rows ("weather");

  g_assert_cmpuint (g_strv_length (rows), ==, 8);
  for (int turn = 2; turn <= 8; turn++)
    {
      g_auto(GStrv) cells = table_row (rows, turn - 1);

      g_assert_cmpint (atoi (cells[0]), ==, turn);
      for (int die = 1; die <= 6; die++)
        {
          g_autofree char *name = g_ascii_strdown (cells[die], -1);
          KesselWeather weather;

          g_assert_true (kessel_weather_from_string (name, &weather));
          g_assert_cmpint (weather, ==, kessel_table_weather (turn, die));
        }
    }
}

static KesselWeather
weather_of_row (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);
  KesselWeather weather;

  g_assert_true (kessel_weather_from_string (lower, &weather));
  return weather;
}

static void
test_table_movement_and_rivers (void)
{
  g_auto(GStrv) movement = kessel_rules_reference_table_rows ("movement");
  g_auto(GStrv) river = kessel_rules_reference_table_rows ("river");
  g_auto(GStrv) terrain = kessel_rules_reference_table_rows ("terrain");

  for (guint r = 1; movement[r] != NULL; r++)
    {
      g_auto(GStrv) cells = table_row (movement, r);
      KesselWeather weather = weather_of_row (cells[0]);
      int non_mech = kessel_table_movement_factor (KESSEL_MOBILITY_NON_MECHANIZED, weather);
      int mech = kessel_table_movement_factor (KESSEL_MOBILITY_MECHANIZED, weather);

      g_assert_cmpint (atoi (cells[1]), ==, non_mech);
      g_assert_cmpint (atoi (cells[2]), ==, mech);
      g_assert_cmpint (atoi (cells[3]), ==, (non_mech + 1) / 2);
      g_assert_cmpint (atoi (cells[4]), ==, (mech + 1) / 2);
    }

  for (guint r = 1; river[r] != NULL; r++)
    {
      g_auto(GStrv) cells = table_row (river, r);
      KesselWeather weather = weather_of_row (cells[0]);

      for (int die = 1; die <= 7; die++)
        g_assert_cmpint (atoi (cells[MIN (die, 6)]), ==, kessel_table_river_cost (weather, die));
    }

  for (guint r = 1; terrain[r] != NULL; r++)
    {
      g_auto(GStrv) cells = table_row (terrain, r);
      g_autofree char *name = g_ascii_strdown (cells[0], -1);
      KesselTerrain kind;

      if (!kessel_terrain_from_string (name, &kind))
        continue;
      g_assert_cmpint (atoi (cells[1]), ==,
                       kessel_table_terrain_cost (kind, KESSEL_MOBILITY_NON_MECHANIZED));
      g_assert_cmpint (atoi (cells[2]), ==,
                       kessel_table_terrain_cost (kind, KESSEL_MOBILITY_MECHANIZED));
    }
}

static gboolean
keep_waking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Iterates the main context until the case is scrolled into view. */
static gboolean
wait_for_case_in_view (KesselRulesReference *reference,
                       const char           *case_id)
{
  gint64 deadline = g_get_monotonic_time () + LAYOUT_TIMEOUT_US;
  guint wake_id = g_timeout_add (20, keep_waking, NULL);
  gboolean in_view;

  while (!(in_view = kessel_rules_reference_case_in_view (reference, case_id))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_id);
  return in_view;
}

static KesselRulesReference *
show (const char *rule_case)
{
  KesselRulesReference *reference;

  kessel_rules_reference_show (NULL, rule_case);
  reference = kessel_rules_reference_get_default ();
  g_assert_nonnull (reference);
  return reference;
}

static void
close_reference (void)
{
  KesselRulesReference *reference = kessel_rules_reference_get_default ();

  if (reference != NULL)
    gtk_window_destroy (GTK_WINDOW (reference));
  g_assert_null (kessel_rules_reference_get_default ());
}

static void
test_window_show_case (void)
{
  KesselRulesReference *reference;

  if (!need_display ())
    return;

  reference = show ("12.4-5");
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "12");
  g_assert_cmpstr (kessel_rules_reference_get_highlighted (reference), ==, "12.4-5");
  g_assert_true (wait_for_case_in_view (reference, "12.4-5"));

  /* A case far down a long section is scrolled to as well. */
  g_assert_true (show ("13.10-2") == reference);
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "13");
  g_assert_true (wait_for_case_in_view (reference, "13.10-2"));
  g_assert_false (kessel_rules_reference_case_in_view (reference, "13.0-1"));
  close_reference ();
}

static void
test_window_show_rule (void)
{
  KesselRulesReference *reference;

  if (!need_display ())
    return;

  reference = show ("13.1");
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "13");
  g_assert_cmpstr (kessel_rules_reference_get_highlighted (reference), ==, "13.1-1");
  g_assert_true (wait_for_case_in_view (reference, "13.1-1"));

  show ("crt");
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "crt");
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), ==, 0);

  show (NULL);
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "");
  g_assert_null (kessel_rules_reference_get_highlighted (reference));
  close_reference ();
}

static guint
count_cases_with (const char *word)
{
  g_auto(GStrv) cases = kessel_rules_reference_list_cases ();
  guint count = 0;

  for (guint i = 0; cases[i] != NULL; i++)
    {
      g_autofree char *text = kessel_rules_reference_case_text (cases[i]);
      g_autofree char *folded = g_utf8_casefold (text, -1);

      count += strstr (folded, word) != NULL || strstr (cases[i], word) != NULL;
    }
  return count;
}

static guint
count_cases_of_section (const char *section)
{
  g_auto(GStrv) cases = kessel_rules_reference_list_cases ();
  g_autofree char *prefix = g_strconcat (section, ".", NULL);
  guint count = 0;

  for (guint i = 0; cases[i] != NULL; i++)
    count += g_str_has_prefix (cases[i], prefix);
  return count;
}

static void
test_window_search (void)
{
  KesselRulesReference *reference;
  guint strypa = count_cases_with ("strypa");
  guint movement = count_cases_of_section ("12");

  if (!need_display ())
    return;

  reference = show ("12");
  g_assert_cmpuint (movement, ==, 16);
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), ==, movement);

  kessel_rules_reference_search (reference, "Strypa");
  g_assert_null (kessel_rules_reference_get_page (reference));
  g_assert_cmpuint (strypa, >=, 3);
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), ==, strypa);
  g_assert_true (wait_for_case_in_view (reference, "7.2-4"));

  kessel_rules_reference_search (reference, "13.9-DR");
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), >=, 8);

  kessel_rules_reference_search (reference, "river  frost");
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), >, 0);
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), <, count_cases_with ("river"));

  kessel_rules_reference_search (reference, "no such words here");
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), ==, 0);

  /* An empty search goes back to the section browsed before. */
  kessel_rules_reference_search (reference, "");
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "12");
  g_assert_cmpuint (kessel_rules_reference_get_n_shown_cases (reference), ==, movement);

  /* Showing a case ends a search. */
  kessel_rules_reference_search (reference, "garrison");
  show ("13.9-DR-7");
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "13");
  g_assert_true (wait_for_case_in_view (reference, "13.9-DR-7"));
  close_reference ();
}

static void
test_application_action (void)
{
  g_auto(GStrv) reference_accels = NULL;
  g_auto(GStrv) overlay_accels = NULL;
  GtkWidget *window;
  KesselRulesReference *reference;

  if (!need_display ())
    return;

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "rules-reference"));
  reference_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                            "app.rules-reference::");
  g_assert_true (g_strv_contains ((const char * const *) reference_accels, "F1"));
  /* The menu item's form of the same action and target. */
  g_strfreev (reference_accels);
  reference_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                            "app.rules-reference('')");
  g_assert_true (g_strv_contains ((const char * const *) reference_accels, "F1"));
  overlay_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                          "win.show-help-overlay");
  g_assert_true (g_strv_contains ((const char * const *) overlay_accels, "<Control>question"));

  /* Kessel's window builds the shortcuts window when it is first asked for. */
  window = GTK_WIDGET (kessel_window_new (app));
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-help-overlay", NULL);
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)))));
  gtk_widget_hide (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))));

  g_action_group_activate_action (G_ACTION_GROUP (app), "rules-reference",
                                  g_variant_new_string ("13.1-8"));
  reference = kessel_rules_reference_get_default ();
  g_assert_nonnull (reference);
  g_assert_cmpstr (kessel_rules_reference_get_highlighted (reference), ==, "13.1-8");
  g_action_group_activate_action (G_ACTION_GROUP (app), "rules-reference",
                                  g_variant_new_string (""));
  g_assert_true (kessel_rules_reference_get_default () == reference);
  g_assert_cmpstr (kessel_rules_reference_get_page (reference), ==, "");

  close_reference ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    {
      app = kessel_application_new ();
      g_application_set_flags (G_APPLICATION (app),
                               g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
      g_application_register (G_APPLICATION (app), NULL, &error);
      g_assert_no_error (error);
    }

  g_test_add_func ("/rules-reference/cases/each-once", test_cases_each_once);
  g_test_add_func ("/rules-reference/cases/match-digest", test_cases_match_digest);
  g_test_add_func ("/rules-reference/cases/have-text", test_cases_have_text);
  g_test_add_func ("/rules-reference/cases/text", test_case_text);
  g_test_add_func ("/rules-reference/resolve", test_resolve);
  g_test_add_func ("/rules-reference/tables/list", test_table_list);
  g_test_add_func ("/rules-reference/tables/combat-results", test_table_crt);
  g_test_add_func ("/rules-reference/tables/weather", test_table_weather);
  g_test_add_func ("/rules-reference/tables/movement-and-rivers", test_table_movement_and_rivers);
  g_test_add_func ("/rules-reference/window/show-case", test_window_show_case);
  g_test_add_func ("/rules-reference/window/show-rule", test_window_show_rule);
  g_test_add_func ("/rules-reference/window/search", test_window_search);
  g_test_add_func ("/rules-reference/application/action", test_application_action);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
