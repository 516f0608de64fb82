/* test-translation.c: under LANGUAGE=de the program's texts come out in
 * German from the .mo files of the build tree ($KESSEL_LOCALEDIR): words of
 * the window and of the game, and every text of the rules reference, which
 * is looked up at display time. No display is needed. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "kessel-game-text.h"
#include "kessel-player.h"
#include "kessel-rules-data.h"
#include "kessel-types.h"

/* gettext hands back the msgid itself, the same pointer, when it has no
 * translation; a found translation lives in the catalogue, so even one that
 * reads like the English (a cell such as "DR") is another pointer. */
static gboolean
has_translation (const char *msgid,
                 const char *shown)
{
  return shown != msgid;
}

static void
test_translation_words (void)
{
  const char *game = "_Game";

  g_assert_true (has_translation (game, gettext (game)));
  g_assert_cmpstr (gettext (game), ==, "_Spiel");
  g_assert_cmpstr (_("Rules"), ==, "Regeln");
  g_assert_cmpstr (kessel_game_text_weather_name (KESSEL_WEATHER_THAW), ==, "Tauwetter");
  g_assert_cmpstr (kessel_game_text_order_name (KESSEL_ORDER_MOVE_FIGHT), ==, "Bewegung/Kampf");
  /* The core library's words, through the same domain. */
  g_assert_cmpstr (kessel_terrain_display_name (KESSEL_TERRAIN_FOREST), ==, "Wald");
  /* The computer's words: its levels come from the players' library. */
  g_assert_cmpstr (kessel_level_display_name (KESSEL_LEVEL_HARD), ==, "Schwer");
  g_assert_cmpstr (_("Human"), ==, "Mensch");
  /* Plural forms: German has two, like English. */
  g_assert_cmpstr (ngettext ("%d step", "%d steps", 1), ==, "%d Stufe");
  g_assert_cmpstr (ngettext ("%d step", "%d steps", 4), ==, "%d Stufen");
}

static void
check_text (const char *what,
            const char *text,
            GString    *missing)
{
  if (text == NULL || text[0] == '\0')
    return;
  if (!has_translation (text, kessel_rules_translate (text)))
    g_string_append_printf (missing, "%s: %s\n", what, text);
}

static void
check_blocks (const char *what,
              GPtrArray  *blocks,
              GString    *missing)
{
  for (guint i = 0; blocks != NULL && i < blocks->len; i++)
    check_text (what, ((KesselRulesBlock *) blocks->pdata[i])->text, missing);
}

/* Every text of src/app/help/rules-reference.xml that is meant for translation has
 * one: titles, case texts, table cells and notes. This also proves that the
 * texts extracted through po/its match the texts the program looks up. */
static void
test_translation_rules_reference (void)
{
  const KesselRulesData *data = kessel_rules_data_get_default ();
  g_autoptr(GString) missing = g_string_new (NULL);
  g_autofree char *text = NULL;

  g_assert_nonnull (data);
  for (guint p = 0; p < data->pages->len; p++)
    {
      const KesselRulesPage *page = data->pages->pdata[p];

      check_text ("title", page->title, missing);
      for (guint g = 0; page->groups != NULL && g < page->groups->len; g++)
        check_text ("group", ((KesselRulesGroup *) page->groups->pdata[g])->title, missing);
      for (guint c = 0; page->cases != NULL && c < page->cases->len; c++)
        {
          const KesselRulesCase *rule_case = page->cases->pdata[c];
          check_blocks (rule_case->id, rule_case->blocks, missing);
        }
      for (guint r = 0; page->rows != NULL && r < page->rows->len; r++)
        {
          GPtrArray *row = page->rows->pdata[r];

          for (guint c = 0; c < row->len; c++)
            {
              const KesselRulesCell *cell = row->pdata[c];
              if (cell->translatable)
                check_text ("cell", cell->text, missing);
            }
        }
      check_blocks ("note", page->notes, missing);
    }
  if (missing->len > 0)
    g_test_message ("untranslated texts of the rules reference:\n%s", missing->str);
  g_assert_cmpuint (missing->len, ==, 0);

  /* And one case as the reference shows it. */
  text = kessel_rules_case_get_text (kessel_rules_data_lookup (data, "13.0-1"));
  g_assert_cmpstr (text, ==, "Angriffe sind nie Pflicht.");
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("KESSEL_LOCALEDIR");
  const char *messages;

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (localedir);
  g_setenv ("LANGUAGE", "de", TRUE);
  /* Any locale but plain C lets LANGUAGE choose; C.UTF-8 is always there on
   * the systems Kessel targets, and does not depend on de_DE being built. */
  if (setlocale (LC_ALL, "C.UTF-8") == NULL && setlocale (LC_ALL, "C.utf8") == NULL)
    {
      g_test_message ("the C.UTF-8 locale is missing");
      return 77;
    }
  messages = setlocale (LC_MESSAGES, NULL);
  g_assert_true (messages != NULL && strcmp (messages, "C") != 0);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/translation/words", test_translation_words);
  g_test_add_func ("/translation/rules-reference", test_translation_rules_reference);
  return g_test_run ();
}
