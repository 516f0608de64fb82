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

static void
start_clicked (GtkButton *button, KesselNewGameDialog *self)
{
  kessel_new_game_dialog_start (self);
}

static void
cancel_clicked (GtkButton *button, KesselNewGameDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static GtkWidget *
build_options (KesselNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  const KesselRulesOption *known = kessel_rules_options (&self->n_options);

  gtk_box_append (GTK_BOX (box), heading (_("Optional rules and rulings")));
  self->options = g_new0 (GtkCheckButton *, self->n_options);
  for (guint i = 0; i < self->n_options; i++)
    {
      g_autofree char *text = g_strdup_printf ("%s (%s)", _(known[i].label), known[i].rule);
      self->options[i] = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (text));
      gtk_check_button_set_active (self->options[i], kessel_scenario_option_enabled (self->scenario, known[i].id));
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->options[i]));
    }
  return box;
}

/* Human, or the computer at one of its levels, for each side; the Soviet
 * side is the computer's unless the players say otherwise. */
static GtkWidget *
build_seats (KesselNewGameDialog *self)
{
  GtkWidget *grid = gtk_grid_new ();
  const char *choices[KESSEL_N_LEVELS + 2] = { _("Human") };

  for (KesselLevel level = KESSEL_LEVEL_EASY; level < KESSEL_N_LEVELS; level++)
    /* Translators: a choice of player, with the computer's level, such as "Computer: Normal". */
    choices[level + 1] = g_strdup_printf (_("Computer: %s"), kessel_level_display_name (level));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_attach (GTK_GRID (grid), heading (_("Players")), 0, 0, 2, 1);
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    {
      GtkWidget *label = gtk_label_new_with_mnemonic (side == KESSEL_SIDE_GERMAN ? _("_German") : _("So_viet"));

      self->seats[side] = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (choices));
      gtk_widget_set_hexpand (GTK_WIDGET (self->seats[side]), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->seats[side]));
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->seats[side]), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      label, NULL, -1);
      gtk_grid_attach (GTK_GRID (grid), label, 0, side, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->seats[side]), 1, side, 1, 1);
    }
  for (KesselLevel level = KESSEL_LEVEL_EASY; level < KESSEL_N_LEVELS; level++)
    g_free ((char *) choices[level + 1]);
  kessel_new_game_dialog_set_seat (self, KESSEL_SIDE_SOVIET, KESSEL_LEVEL_NORMAL);
  return grid;
}

static void
seeded_toggled (GtkCheckButton *check, GtkWidget *row)
{
  gtk_widget_set_sensitive (row, gtk_check_button_get_active (check));
}

/* By default the dice are unforeseeable and no seed is shown; a seed makes
 * them reproducible, for analysis, and the game is marked as seeded. */
static GtkWidget *
build_seed_row (KesselNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Seed of the dice"));
  GtkWidget *randomize = gtk_button_new_with_mnemonic (_("_Random"));

  self->seeded_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (
    _("Re_producible dice from a seed, for analysis (anyone who knows the seed knows every die)")));
  g_signal_connect (self->seeded_check, "toggled", G_CALLBACK (seeded_toggled), row);
  gtk_widget_set_sensitive (row, FALSE);
  gtk_widget_set_margin_start (row, 24);

  self->seed_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_input_purpose (self->seed_entry, GTK_INPUT_PURPOSE_DIGITS);
  gtk_entry_set_activates_default (self->seed_entry, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->seed_entry), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->seed_entry));
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->seed_entry), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  label, NULL, -1);
  g_signal_connect (randomize, "clicked", G_CALLBACK (randomize_clicked), self);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->seed_entry));
  gtk_box_append (GTK_BOX (row), randomize);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seeded_check));
  gtk_box_append (GTK_BOX (box), row);
  return box;
}

static GtkWidget *
build_buttons (KesselNewGameDialog *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *start = gtk_button_new_with_mnemonic (_("_Start"));

  gtk_widget_set_halign (row, GTK_ALIGN_END);
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect (cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  g_signal_connect (start, "clicked", G_CALLBACK (start_clicked), self);
  gtk_box_append (GTK_BOX (row), cancel);
  gtk_box_append (GTK_BOX (row), start);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);
  return row;
}

static void
build (KesselNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *title = gtk_label_new (kessel_scenario_get_title (self->scenario));
  GtkWidget *description = gtk_label_new (kessel_scenario_get_description (self->scenario));

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-3");
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (description), 60);
  gtk_widget_add_css_class (description, "dim-label");

  self->fog_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (
    _("_Fog of war: a player sees only the top unit of an enemy stack until attacking it (6.3)")));
  gtk_check_button_set_active (self->fog_check, TRUE);

  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), description);
  gtk_box_append (GTK_BOX (box), build_seats (self));
  gtk_box_append (GTK_BOX (box), build_options (self));
  gtk_box_append (GTK_BOX (box), heading (_("Play")));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->fog_check));
  gtk_box_append (GTK_BOX (box), build_seed_row (self));
  gtk_box_append (GTK_BOX (box), build_buttons (self));
  gtk_window_set_child (GTK_WINDOW (self), box);
  gtk_editable_set_text (GTK_EDITABLE (self->seed_entry), "");
}

static void
kessel_new_game_dialog_dispose (GObject *object)
{
  KesselNewGameDialog *self = KESSEL_NEW_GAME_DIALOG (object);

  g_clear_object (&self->scenario);
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
  G_OBJECT_CLASS (klass)->dispose = kessel_new_game_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_new_game_dialog_finalize;
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kessel_new_game_dialog_init (KesselNewGameDialog *self)
{
  gtk_window_set_title (GTK_WINDOW (self), _("New Game"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
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
  build (self);
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
