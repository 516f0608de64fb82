/* kessel-new-game-dialog.c: the New Game dialog. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "kessel-computer-opponent.h"
#include "kessel-new-game-dialog.h"
#include "kessel-rules-options.h"

struct _KesselNewGameDialog
{
  GtkWindow parent_instance;

  KesselScenario *scenario;
  GtkLabel *title_label;
  GtkLabel *description_label;
  GtkBox *options_box;
  GtkCheckButton **options;   /* one per known rules option */
  guint n_options;
  GtkCheckButton *fog_check;
  GtkCheckButton *seeded_check;  /* reproducible dice, for analysis */
  GtkEntry *seed_entry;
  GtkDropDown *seats[3];      /* by KesselSide: Human, then the computer's levels */
};

G_DEFINE_FINAL_TYPE (KesselNewGameDialog, kessel_new_game_dialog, GTK_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static guint64
random_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}

static void
randomize_clicked (GtkButton *button, KesselNewGameDialog *self)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, random_seed ());

  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), text);
}

/* One check button per known rules option, set as the scenario has it. */
static void
add_options (KesselNewGameDialog *self)
{
  const KesselRulesOption *known = kessel_rules_options (&self->n_options);

  self->options = g_new0 (GtkCheckButton *, self->n_options);
  for (guint i = 0; i < self->n_options; i++)
    {
      g_autofree char *text = g_strdup_printf ("%s (%s)", _(known[i].label), known[i].rule);
      self->options[i] = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (text));
      gtk_check_button_set_active (self->options[i], kessel_scenario_option_enabled (self->scenario, known[i].id));
      gtk_box_append (self->options_box, GTK_WIDGET (self->options[i]));
    }
}

/* Human, or the computer at one of its levels, for each side; the Soviet
 * side is the computer's unless the players say otherwise. */
static void
fill_seats (KesselNewGameDialog *self)
{
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);

  gtk_string_list_append (choices, _("Human"));
  for (KesselLevel level = KESSEL_LEVEL_EASY; level < KESSEL_N_LEVELS; level++)
    {
      /* Translators: a choice of player, with the computer's level, such as "Computer: Normal". */
      g_autofree char *choice = g_strdup_printf (_("Computer: %s"), kessel_level_display_name (level));
      gtk_string_list_append (choices, choice);
    }
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    gtk_drop_down_set_model (self->seats[side], G_LIST_MODEL (choices));
  kessel_new_game_dialog_set_seat (self, KESSEL_SIDE_SOVIET, KESSEL_LEVEL_NORMAL);
}

static void
kessel_new_game_dialog_dispose (GObject *object)
{
  KesselNewGameDialog *self = KESSEL_NEW_GAME_DIALOG (object);

  g_clear_object (&self->scenario);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (kessel_new_game_dialog_parent_class)->dispose (object);
}

static void
kessel_new_game_dialog_finalize (GObject *object)
{
  KesselNewGameDialog *self = KESSEL_NEW_GAME_DIALOG (object);

  g_free (self->options);
  G_OBJECT_CLASS (kessel_new_game_dialog_parent_class)->finalize (object);
}

static void
kessel_new_game_dialog_class_init (KesselNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_new_game_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_new_game_dialog_finalize;
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, title_label);
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, description_label);
  gtk_widget_class_bind_template_child_full (widget_class, "german_seat", FALSE,
                                             G_STRUCT_OFFSET (KesselNewGameDialog, seats[KESSEL_SIDE_GERMAN]));
  gtk_widget_class_bind_template_child_full (widget_class, "soviet_seat", FALSE,
                                             G_STRUCT_OFFSET (KesselNewGameDialog, seats[KESSEL_SIDE_SOVIET]));
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, options_box);
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, fog_check);
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, seeded_check);
  gtk_widget_class_bind_template_child (widget_class, KesselNewGameDialog, seed_entry);
  gtk_widget_class_bind_template_callback (widget_class, randomize_clicked);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_destroy);
  gtk_widget_class_bind_template_callback (widget_class, kessel_new_game_dialog_start);
}

static void
kessel_new_game_dialog_init (KesselNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  fill_seats (self);
}

KesselNewGameDialog *
kessel_new_game_dialog_new (GtkWindow      *parent,
                            KesselScenario *scenario)
{
  KesselNewGameDialog *self;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  self = g_object_new (KESSEL_TYPE_NEW_GAME_DIALOG, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  self->scenario = g_object_ref (scenario);
  gtk_label_set_text (self->title_label, kessel_scenario_get_title (scenario));
  gtk_label_set_text (self->description_label, kessel_scenario_get_description (scenario));
  add_options (self);
  return self;
}

static guint64
entered_seed (KesselNewGameDialog *self, gboolean *valid)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->seed_entry));
  guint64 seed = 0;

  if (!gtk_check_button_get_active (self->seeded_check))
    {
      *valid = TRUE;
      return 0;
    }
  *valid = g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL);
  return seed;
}

KesselGame *
kessel_new_game_dialog_create_game (KesselNewGameDialog *self)
{
  const KesselRulesOption *known = kessel_rules_options (NULL);
  gboolean valid;
  guint64 seed;
  KesselGame *game;

  g_return_val_if_fail (KESSEL_IS_NEW_GAME_DIALOG (self), NULL);
  seed = entered_seed (self, &valid);
  if (!valid)
    return NULL;
  if (gtk_check_button_get_active (self->seeded_check))
    game = kessel_game_new (self->scenario, seed);
  else
    game = kessel_game_new_unforeseeable (self->scenario);
  /* Kept with the game, so that a saved game opens as it was played. */
  kessel_game_set_option (game, KESSEL_FOG_OF_WAR_OPTION, gtk_check_button_get_active (self->fog_check));
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    kessel_seats_set (game, side, (int) gtk_drop_down_get_selected (self->seats[side]) - 1);
  for (guint i = 0; i < self->n_options; i++)
    {
      gboolean enabled = gtk_check_button_get_active (self->options[i]);
      if (enabled != kessel_scenario_option_enabled (self->scenario, known[i].id))
        kessel_game_set_option (game, known[i].id, enabled);
    }
  return game;
}

void
kessel_new_game_dialog_set_seed (KesselNewGameDialog *self,
                                 guint64              seed)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

  g_return_if_fail (KESSEL_IS_NEW_GAME_DIALOG (self));
  gtk_check_button_set_active (self->seeded_check, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), text);
}

void
kessel_new_game_dialog_set_option (KesselNewGameDialog *self,
                                   const char          *id,
                                   gboolean             enabled)
{
  const KesselRulesOption *known = kessel_rules_options (NULL);

  g_return_if_fail (KESSEL_IS_NEW_GAME_DIALOG (self));
  for (guint i = 0; i < self->n_options; i++)
    if (g_str_equal (known[i].id, id))
      gtk_check_button_set_active (self->options[i], enabled);
}

void
kessel_new_game_dialog_set_seat (KesselNewGameDialog *self,
                                 KesselSide           side,
                                 int                  seat)
{
  g_return_if_fail (KESSEL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET);
  g_return_if_fail (seat >= KESSEL_SEAT_HUMAN && seat < KESSEL_N_LEVELS);
  gtk_drop_down_set_selected (self->seats[side], (guint) (seat + 1));
}

void
kessel_new_game_dialog_start (KesselNewGameDialog *self)
{
  gboolean valid;

  g_return_if_fail (KESSEL_IS_NEW_GAME_DIALOG (self));
  entered_seed (self, &valid);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->seed_entry), GTK_ACCESSIBLE_STATE_INVALID,
                               valid ? GTK_ACCESSIBLE_INVALID_FALSE : GTK_ACCESSIBLE_INVALID_TRUE, -1);
  if (!valid)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->seed_entry), "error");
      gtk_widget_grab_focus (GTK_WIDGET (self->seed_entry));
      return;
    }
  g_signal_emit (self, signals[START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
