/* kessel-pbem.c: the exchange of a game by e-mail: making, opening,
 * checking and sending turns. */
#include "kessel-pbem-private.h"
#include "kessel-dice.h"
#include "kessel-file.h"
#include "kessel-scenario-diff.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

struct _KesselPbem {
  GObject parent_instance;

  KesselScenario *scenario;
  KesselPbemRecord *record;     /* the turns sent and received so far */
  KesselSide side;              /* the side played on this machine */
  KesselPbemSecret *secret;
  char *folder;                 /* this side's copies and secret */
  KesselGame *game;             /* NULL until the game's opening dice are rolled */
  KesselPbemTurn *current;      /* the turn being made */
  char *pending;                /* its last action, if that rolls dice */
  KesselPbemStatus status;
  int received_start;
  int turn_start;               /* the game's action index where the turn being made began; -1 from its making */
  const KesselStandingOrders *in_force[3];   /* each side's latest orders in the record, by KesselSide */
};

G_DEFINE_FINAL_TYPE (KesselPbem, kessel_pbem, G_TYPE_OBJECT)

static void
kessel_pbem_finalize (GObject *object)
{
  KesselPbem *self = KESSEL_PBEM (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->game);
  g_clear_pointer (&self->record, kessel_pbem_record_free);
  g_clear_pointer (&self->secret, kessel_pbem_secret_free);
  g_clear_pointer (&self->current, kessel_pbem_turn_free);
  g_free (self->folder);
  g_free (self->pending);
  G_OBJECT_CLASS (kessel_pbem_parent_class)->finalize (object);
}

static void
kessel_pbem_class_init (KesselPbemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kessel_pbem_finalize;
}

static void
kessel_pbem_init (KesselPbem *self)
{
  self->received_start = -1;
}

/* The dice of a turn */

/* A turn's dice come from the value its sender revealed and the value the
 * other player reveals in the next turn, with the game's identity and the
 * number of the turn and of the roll. */
typedef struct {
  guint8 key[KESSEL_PBEM_HASH_SIZE];
  gboolean known;               /* FALSE while the next value is not revealed */
  /* With dice rolled at the mover's computer: the faces the turn records. */
  GByteArray *recorded;
  guint next;
  gboolean overrun;             /* more dice rolled than the turn records */
} TurnDice;

/* The faces turn records, for a game whose mover rolls the dice. */
static gboolean
turn_dice_recorded (TurnDice *dice, const KesselPbemTurn *turn, const char *file_name, GError **error)
{
  gsize length = turn->dice ? strlen (turn->dice) : 0;
  guint n = 0;

  dice->known = TRUE;
  dice->next = 0;
  dice->overrun = FALSE;
  g_byte_array_set_size (dice->recorded, length / 2 + 1);
  if (turn->dice != NULL && !kessel_dice_parse_faces (turn->dice, dice->recorded->data, dice->recorded->len, &n))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("The dice of turn %d are not faces of a die (1 to 6, separated by spaces)."),
                             turn->number);
  g_byte_array_set_size (dice->recorded, n);
  return TRUE;
}

/* Whether the actions of a turn used exactly the faces it records. */
static gboolean
turn_dice_used (const TurnDice *dice, const KesselPbemTurn *turn, const char *file_name, GError **error)
{
  if (!dice->overrun && dice->next == dice->recorded->len)
    return TRUE;
  return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                           dice->overrun ? _("The dice of turn %d do not fit its actions: they roll more than the %u faces the file records.")
                                         : _("The dice of turn %d do not fit its actions: they roll fewer than the %u faces the file records."),
                           turn->number, dice->recorded->len);
}

static void
turn_dice_key (TurnDice *dice, const KesselPbemRecord *record, const KesselPbemTurn *turn, const guint8 *next)
{
  g_autoptr(GString) text = g_string_new ("kessel-pbem-dice\n");
  g_autofree char *reveal = kessel_pbem_hex (turn->reveal, KESSEL_PBEM_HASH_SIZE);
  g_autofree char *other = next ? kessel_pbem_hex (next, KESSEL_PBEM_HASH_SIZE) : NULL;

  dice->known = next != NULL;
  g_string_append_printf (text, "%s\n%d\n%s\n%s\n", record->game_id, turn->number, reveal, other ? other : "");
  kessel_pbem_hash ((const guint8 *) text->str, text->len, dice->key);
}

/* A uniform face from the key: bytes of SHA-256 blocks, those of 252 and
 * over thrown away so that each face has the same chance. */
static int
turn_die (gpointer data, guint roll)
{
  TurnDice *dice = data;

  if (dice->recorded != NULL)
    {
      if (dice->next < dice->recorded->len)
        return dice->recorded->data[dice->next++];
      dice->overrun = TRUE;
      return 1;
    }
  /* A turn whose dice are not known yet has its rolling action held back. */
  g_return_val_if_fail (dice->known, 1);
  for (guint32 counter = 0;; counter++)
    {
      guint8 block[KESSEL_PBEM_HASH_SIZE + 8], digest[KESSEL_PBEM_HASH_SIZE];
      guint32 numbers[2] = { GUINT32_TO_BE (roll), GUINT32_TO_BE (counter) };

      memcpy (block, dice->key, KESSEL_PBEM_HASH_SIZE);
      memcpy (block + KESSEL_PBEM_HASH_SIZE, numbers, sizeof numbers);
      kessel_pbem_hash (block, sizeof block, digest);
      for (int i = 0; i < KESSEL_PBEM_HASH_SIZE; i++)
        if (digest[i] < 252)
          return 1 + digest[i] % 6;
    }
}

/* Checking a record */

static KesselPbemTurn *
turn_at (const KesselPbemRecord *record, guint index)
{
  return index < record->turns->len ? record->turns->pdata[index] : NULL;
}

/* Numbers, senders, links and both hash chains. */
static gboolean
check_links (const KesselPbemRecord *record, const char *file_name, GError **error)
{
  const guint8 *last_value[3] = { NULL, NULL, NULL };
  KesselSide first = turn_at (record, 0)->from;

  for (guint i = 0; i < record->turns->len; i++)
    {
      KesselPbemTurn *turn = turn_at (record, i);
      guint8 expected[KESSEL_PBEM_HASH_SIZE] = { 0 };
      guint8 hashed[KESSEL_PBEM_HASH_SIZE];
      const guint8 *before;

      if (turn->number != (int) i + 1 || turn->from != (i % 2 == 0 ? first : kessel_side_enemy (first)))
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 _("Turn %d is out of place: turns are numbered from 1 and the sides take turns (a file put together from others)."),
                                 turn->number);
      if (i > 0)
        kessel_pbem_turn_digest (record, turn_at (record, i - 1), expected);
      if (memcmp (expected, turn->previous, sizeof expected) != 0)
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 _("Turn %d does not follow the turn before it: that turn was changed, or the file was put together from others."),
                                 turn->number);
      if (turn->has_commitment != (last_value[turn->from] == NULL))
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 _("Turn %d gives its side's commitment at the wrong turn."), turn->number);
      before = turn->has_commitment ? turn->commitment : last_value[turn->from];
      kessel_pbem_hash (turn->reveal, KESSEL_PBEM_HASH_SIZE, hashed);
      if (memcmp (hashed, before, sizeof hashed) != 0)
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 _("Turn %d reveals a value that does not follow the %s side's commitment: it was not made by that side's program."),
                                 turn->number, kessel_side_display_name (turn->from));
      last_value[turn->from] = turn->reveal;
    }
  return TRUE;
}

static gboolean
apply_options (KesselGame *game, const KesselPbemRecord *record, const char *file_name, GError **error)
{
  for (guint i = 0; i < record->options->len; i++)
    {
      g_auto(GStrv) parts = g_strsplit (record->options->pdata[i], "=", 2);
      g_autofree char *shown = NULL;

      if (g_strv_length (parts) != 2 || (g_strcmp0 (parts[1], "true") != 0 && g_strcmp0 (parts[1], "false") != 0))
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_FILE, file_name,
                                 _("the option \"%s\" is not of the form id=true or id=false"),
                                 (shown = kessel_pbem_quote (record->options->pdata[i])));
      kessel_game_set_option (game, parts[0], g_strcmp0 (parts[1], "true") == 0);
    }
  return TRUE;
}

/* The faces rolled from the action index from on (or, from -1, as the game was made). */
static char *
faces_since (KesselGame *game, int from)
{
  g_autoptr(GByteArray) faces = g_byte_array_new ();
  guint n;
  const guint8 *rolled;

  if (from < 0)
    {
      rolled = kessel_game_get_opening_dice (game, &n);
      g_byte_array_append (faces, rolled, n);
      from = 0;
    }
  for (int i = from; i < kessel_game_get_n_actions (game); i++)
    {
      rolled = kessel_game_get_action_dice (game, i, &n);
      g_byte_array_append (faces, rolled, n);
    }
  return faces->len > 0 ? kessel_dice_faces_to_string (faces->data, faces->len) : NULL;
}

static gboolean
check_turn_dice (KesselPbemTurn *turn, const TurnDice *dice, char *rolled, const char *file_name, GError **error)
{
  g_autofree char *faces = rolled;

  if (turn->dice == NULL || !dice->known)
    {
      if (turn->dice != NULL)
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 _("Turn %d records dice that no one could know yet."), turn->number);
      if (dice->known)
        turn->dice = g_steal_pointer (&faces);   /* kept for the next file */
      return TRUE;
    }
  if (g_strcmp0 (turn->dice, faces) != 0)
    {
      g_autofree char *said = kessel_pbem_quote (turn->dice);
      g_autofree char *given = kessel_pbem_quote (faces ? faces : _("none"));

      return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                               _("The dice of turn %d were changed: the file says %s, the players' values give %s."),
                               turn->number, said, given);
    }
  return TRUE;
}

/* Whether action would roll dice, learnt on a copy with dice of its own. */
static gboolean
action_rolls (KesselGame *game, const KesselAction *action)
{
  g_autoptr(KesselGame) probe = kessel_game_fork (game, 1);

  return kessel_game_apply (probe, action, NULL) && kessel_game_get_dice_rolled (probe) > 0;
}

/* What replaying a record needs besides its turns: who rolls the dice and
 * the orders each side gave last. */
typedef struct {
  gboolean mover;
  const KesselStandingOrders *in_force[3];   /* by KesselSide */
} ReplayRules;

/* An action marked as made by standing orders must be what the orders of
 * the side to act give in that position. */
static gboolean
check_order_action (KesselGame *game, const KesselPbemTurn *turn, const KesselAction *action,
                    const KesselStandingOrders *orders, const char *text, const char *file_name, GError **error)
{
  KesselSide side = kessel_game_get_active_side (game);
  g_autofree char *given = NULL;
  KesselAction expected;

  if (orders == NULL || !kessel_standing_orders_decide (orders, game, &expected))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d: \"%s\" is marked as chosen by the %s standing orders, but they decide nothing there."),
                             turn->number, text, kessel_side_display_name (side));
  if (kessel_action_equal (&expected, action))
    return TRUE;
  given = kessel_game_describe_action (game, &expected);
  return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                           _("Turn %d: \"%s\" is not what the %s standing orders give (%s)."),
                           turn->number, text, kessel_side_display_name (side), given);
}

/* Applies one action of turn; in verified dice only its last action may
 * roll. While the turn's dice are not known, that action is checked and
 * *held back. An action chosen by standing orders is the other side's. */
static gboolean
replay_action (KesselGame *game, const KesselPbemTurn *turn, guint index, gboolean dice_known,
               const ReplayRules *rules, gboolean *held, const char *file_name, GError **error)
{
  g_autofree char *text = kessel_pbem_quote (turn->actions->pdata[index]);
  g_autoptr(GError) local_error = NULL;
  KesselAction action;
  guint rolled = kessel_game_get_dice_rolled (game);
  gboolean last = index + 1 == turn->actions->len;
  gboolean by_order = g_str_has_suffix (turn->actions->pdata[index], " " KESSEL_ACTION_BY_ORDER_WORD);
  KesselSide actor = by_order ? kessel_side_enemy (turn->from) : turn->from;

  if (kessel_game_is_over (game) || kessel_game_get_active_side (game) != actor)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d holds \"%s\", which is not the %s side's to play."), turn->number, text,
                             kessel_side_display_name (actor));
  if (!kessel_game_action_from_string (game, turn->actions->pdata[index], &action, &local_error)
      || !kessel_game_check (game, &action, &local_error))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ILLEGAL, file_name, _("Turn %d: \"%s\" cannot be played: %s"),
                             turn->number, text, local_error->message);
  if (by_order && !check_order_action (game, turn, &action, rules->in_force[actor], text, file_name, error))
    return FALSE;
  if (!dice_known && action_rolls (game, &action))
    *held = TRUE;
  else if (!kessel_game_apply (game, &action, &local_error))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ILLEGAL, file_name, _("Turn %d: \"%s\" cannot be played: %s"),
                             turn->number, text, local_error->message);
  if (!last && (*held || (kessel_game_get_dice_rolled (game) != rolled && !rules->mover)))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d goes on after \"%s\", whose dice only the opponent can roll."), turn->number, text);
  return TRUE;
}

static gboolean
replay_turn (KesselGame *game, KesselPbemTurn *turn, gboolean dice_known, const ReplayRules *rules,
             const char *file_name, GError **error)
{
  guint rolled = kessel_game_get_dice_rolled (game);
  gboolean held = FALSE;

  for (guint i = 0; i < turn->actions->len; i++)
    if (!replay_action (game, turn, i, dice_known, rules, &held, file_name, error))
      return FALSE;
  if (turn->number > 2 && !held && (kessel_game_get_dice_rolled (game) == rolled || rules->mover)
      && !kessel_game_is_over (game) && kessel_game_get_active_side (game) == turn->from)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d ends while the %s side is still to play."), turn->number,
                             kessel_side_display_name (turn->from));
  return TRUE;
}

/* The first two turns give each side's commitment and first value, and
 * nothing else: the game's opening dice are turn 2's, so that they come
 * from a value of each side committed before the other's was revealed. */
static gboolean
check_opening_turn (const KesselPbemTurn *turn, gboolean mover, const char *file_name, GError **error)
{
  if (turn->actions->len > 0)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d holds actions, but it only starts the game."), turn->number);
  if ((turn->number == 1 || mover) && turn->dice != NULL)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d records dice that no one could know yet."), turn->number);
  return TRUE;
}

/* A new game of record, its dice from source, with record's options. */
static KesselGame *
start_game (const KesselPbemRecord *record, KesselScenario *scenario, KesselDieSource source, gpointer data,
            const char *file_name, GError **error)
{
  g_autoptr(KesselGame) game = source ? kessel_game_new_with_die_source (scenario, source, data)
                                      : kessel_game_new_unforeseeable (scenario);

  return apply_options (game, record, file_name, error) ? g_steal_pointer (&game) : NULL;
}

/* A turn whose dice come from the hash chains. The game begins with turn
 * 2, whose dice are the opening ones, once turn 3's value is known. */
static gboolean
replay_verified_turn (const KesselPbemRecord *record, KesselPbemTurn *turn, KesselScenario *scenario,
                      const guint8 *next, const ReplayRules *rules, TurnDice *dice, KesselGame **game,
                      int *start, const char *file_name, GError **error)
{
  turn_dice_key (dice, record, turn, next);
  if (*game == NULL && !dice->known)
    return check_turn_dice (turn, dice, NULL, file_name, error);
  if (*game == NULL && (*game = start_game (record, scenario, turn_die, dice, file_name, error)) == NULL)
    return FALSE;
  *start = turn->number == 2 ? -1 : kessel_game_get_n_actions (*game);
  return replay_turn (*game, turn, dice->known, rules, file_name, error)
         && check_turn_dice (turn, dice, faces_since (*game, *start), file_name, error);
}

/* A turn whose sender rolled its dice: each action takes the faces the
 * turn records, which must be just enough. The game begins with turn 3,
 * whose first faces are the opening ones. */
static gboolean
replay_mover_turn (const KesselPbemRecord *record, KesselPbemTurn *turn, KesselScenario *scenario,
                   const ReplayRules *rules, TurnDice *dice, KesselGame **game, int *start,
                   const char *file_name, GError **error)
{
  if (turn->number == 2)
    return TRUE;
  if (!turn_dice_recorded (dice, turn, file_name, error))
    return FALSE;
  if (*game == NULL && (*game = start_game (record, scenario, turn_die, dice, file_name, error)) == NULL)
    return FALSE;
  *start = kessel_game_get_n_actions (*game);
  return replay_turn (*game, turn, TRUE, rules, file_name, error) && turn_dice_used (dice, turn, file_name, error);
}

/* Replays every turn of record into *out (NULL until the game begins).
 * last_next is the value that rolls the last turn's dice, NULL when it is
 * not yet revealed; it is given only to the player who makes the next turn,
 * whose program starts the game when the mover rolls its dice and the
 * last turn is the second. *last_start is the index of the last turn's
 * first action; rules gets the orders in force after the last turn. */
static gboolean
replay_record (KesselPbemRecord *record, KesselScenario *scenario, const guint8 *last_next,
               const char *file_name, KesselGame **out, int *last_start, ReplayRules *rules, GError **error)
{
  g_autofree char *checksum = kessel_scenario_checksum (scenario);
  g_autoptr(KesselGame) game = NULL;
  g_autoptr(GByteArray) recorded = g_byte_array_new ();
  TurnDice dice = { .recorded = NULL };

  if (g_ascii_strcasecmp (checksum, record->scenario_sha256) != 0)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_SCENARIO, file_name,
                             _("The scenario is not the one this game is played on: it was changed, or it is another scenario."));
  if (!check_links (record, file_name, error))
    return FALSE;
  memset (rules, 0, sizeof *rules);
  rules->mover = record->dice_mode == KESSEL_PBEM_DICE_MOVER;
  dice.recorded = rules->mover ? recorded : NULL;
  *last_start = -1;
  for (guint i = 0; i < record->turns->len; i++)
    {
      KesselPbemTurn *turn = turn_at (record, i);
      KesselPbemTurn *next = turn_at (record, i + 1);
      int start = -1;

      if (turn->number <= 2 && !check_opening_turn (turn, rules->mover, file_name, error))
        return FALSE;
      if (turn->number > 1
          && !(rules->mover ? replay_mover_turn (record, turn, scenario, rules, &dice, &game, &start, file_name, error)
                            : replay_verified_turn (record, turn, scenario, next ? next->reveal : last_next, rules,
                                                    &dice, &game, &start, file_name, error)))
        return FALSE;
      *last_start = turn->number <= 2 ? -1 : start;
      if (turn->orders != NULL)
        rules->in_force[turn->from] = turn->orders;
    }
  if (rules->mover && game == NULL && last_next != NULL && record->turns->len == 2
      && (game = start_game (record, scenario, NULL, NULL, file_name, error)) == NULL)
    return FALSE;
  if (game != NULL)
    kessel_game_set_die_source (game, NULL, NULL);
  *out = g_steal_pointer (&game);
  return TRUE;
}

gboolean
kessel_pbem_verify_data (const char *data, gsize length, const char *file_name, KesselScenario *scenario,
                         char **summary, GError **error)
{
  g_autoptr(KesselPbemRecord) record = kessel_pbem_record_parse (data, length, file_name, error);
  g_autoptr(KesselGame) game = NULL;
  KesselPbemTurn *last;
  ReplayRules rules;
  int start;

  if (record == NULL || !replay_record (record, scenario, NULL, file_name, &game, &start, &rules, error))
    return FALSE;
  last = turn_at (record, record->turns->len - 1);
  if (summary != NULL)
    *summary = g_strdup_printf (_("%s: turns 1 to %d of game %s are linked, both hash chains hold, and every action and known die checks; turn %d is the %s side's, for the %s side to open. %s"),
                                file_name, last->number, record->game_id, last->number,
                                kessel_side_display_name (last->from),
                                kessel_side_display_name (kessel_side_enemy (last->from)),
                                kessel_pbem_dice_display_name (record->dice_mode));
  return TRUE;
}

gboolean
kessel_pbem_verify (const char *path, KesselScenario *scenario, char **summary, GError **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!kessel_pbem_read_file (path, &contents, &length, error))
    return FALSE;
  return kessel_pbem_verify_data (contents, length, path, scenario, summary, error);
}

/* This side's folder and copies */

static char *
side_folder (const char *data_dir, const char *game_id, KesselSide side)
{
  return g_build_filename (data_dir, "kessel", "pbem", game_id, kessel_side_to_string (side), NULL);
}

static char *
copy_path (KesselPbem *self, const char *kind, int number)
{
  g_autofree char *name = g_strdup_printf ("turn-%04d" KESSEL_PBEM_FILE_SUFFIX, number);
  return g_build_filename (self->folder, kind, name, NULL);
}

static char *
secret_path (const char *folder)
{
  return g_build_filename (folder, "secret", NULL);
}

static gboolean
make_folder (const char *folder, GError **error)
{
  g_autofree char *sent = g_build_filename (folder, "sent", NULL);
  g_autofree char *received = g_build_filename (folder, "received", NULL);

  if (g_mkdir_with_parents (sent, 0700) == 0 && g_mkdir_with_parents (received, 0700) == 0)
    return TRUE;
  return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_FILE, folder, _("the folder cannot be made: %s"),
                           g_strerror (errno));
}

/* The copy of the last turn this side sent: NULL if none. */
static char *
last_sent_path (const char *folder)
{
  g_autofree char *sent = g_build_filename (folder, "sent", NULL);
  g_autoptr(GDir) dir = g_dir_open (sent, 0, NULL);
  g_autofree char *newest = NULL;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, KESSEL_PBEM_FILE_SUFFIX) && name[0] != '.' && g_strcmp0 (name, newest) > 0)
      {
        g_free (newest);
        newest = g_strdup (name);
      }
  return newest ? g_build_filename (sent, newest, NULL) : NULL;
}

/* The last turn this side sent, as the file it sent: NULL if none. */
static KesselPbemRecord *
last_sent (const char *folder, GError **error)
{
  g_autofree char *path = last_sent_path (folder);

  if (path == NULL)
    return NULL;
  {
    g_autoptr(GError) local_error = NULL;
    KesselPbemRecord *record = kessel_pbem_record_read (path, &local_error);

    if (record == NULL)
      kessel_pbem_fail (error, KESSEL_PBEM_ERROR_FILE, NULL, _("Your copy of a turn you sent cannot be read: %s"),
                        local_error->message);
    return record;
  }
}

static gboolean
same_turn (const KesselPbemRecord *a, const KesselPbemTurn *ta, const KesselPbemRecord *b, const KesselPbemTurn *tb)
{
  guint8 da[KESSEL_PBEM_HASH_SIZE], db[KESSEL_PBEM_HASH_SIZE];

  kessel_pbem_turn_digest (a, ta, da);
  kessel_pbem_turn_digest (b, tb, db);
  return memcmp (da, db, sizeof da) == 0;
}

/* The received record against the file this side sent last: every turn in
 * it unchanged, and exactly one new turn after it. */
static gboolean
check_against_sent (const KesselPbemRecord *record, const KesselPbemRecord *sent, KesselSide side,
                    const char *file_name, GError **error)
{
  guint n_sent = sent->turns->len;

  if (g_strcmp0 (sent->game_id, record->game_id) != 0 || g_strcmp0 (sent->scenario_sha256, record->scenario_sha256) != 0)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("The game's scenario or rules were changed after the game began."));
  for (guint i = 0; i < n_sent && i < record->turns->len; i++)
    {
      KesselPbemTurn *mine = sent->turns->pdata[i], *theirs = record->turns->pdata[i];

      if (!same_turn (sent, mine, record, theirs))
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                                 mine->from == side ? _("Turn %d was changed after it was sent.")
                                                    : _("Turn %d was changed after you received it."),
                                 mine->number);
    }
  if (record->turns->len + 1 == n_sent)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ANSWERED, file_name,
                             _("You answered this file already, with turn %u. If that turn did not reach your opponent, write it again with Save the Turn File Again."),
                             n_sent);
  if (record->turns->len <= n_sent)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, file_name,
                             _("This file holds nothing new: it ends at turn %u, and you have sent turn %u (an old file, or one sent again)."),
                             record->turns->len, n_sent);
  return TRUE;
}

/* The newest turn against a copy of it opened before, if any: a turn
 * played again after it was sent differs from it. */
static gboolean
check_against_received (KesselPbem *self, const KesselPbemRecord *record, const char *file_name, GError **error)
{
  KesselPbemTurn *last = record->turns->pdata[record->turns->len - 1];
  g_autofree char *path = copy_path (self, "received", last->number);
  g_autoptr(KesselPbemRecord) copy = NULL;
  g_autoptr(GError) local_error = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  copy = kessel_pbem_record_read (path, &local_error);
  if (copy == NULL || copy->turns->len != record->turns->len
      || !same_turn (copy, copy->turns->pdata[copy->turns->len - 1], record, last))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_TAMPERED, file_name,
                             _("Turn %d differs from the copy of it opened before: the turn was played again after it was sent."),
                             last->number);
  return TRUE;
}

/* Writes data to path atomically, but never over a file that is not a turn file. */
static gboolean
write_turn_file (const char *path, const char *data, gsize length, GError **error)
{
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) local_error = NULL;
      g_autoptr(KesselPbemRecord) existing = kessel_pbem_record_read (path, &local_error);

      if (existing == NULL)
        return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_FILE, path,
                                 _("a file that is not a turn file is there; it is left as it is"));
    }
  return kessel_file_replace (path, data, length, NULL, NULL, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_FILE, error);
}

/* The turn this side makes next, after the record's last. */
static void
start_turn (KesselPbem *self)
{
  KesselPbemTurn *last = self->record->turns->pdata[self->record->turns->len - 1];
  guint mine = 0;

  for (guint i = 0; i < self->record->turns->len; i++)
    mine += ((KesselPbemTurn *) self->record->turns->pdata[i])->from == self->side;
  g_clear_pointer (&self->current, kessel_pbem_turn_free);
  self->current = kessel_pbem_turn_new (last->number + 1, self->side);
  kessel_pbem_turn_digest (self->record, last, self->current->previous);
  self->current->has_commitment = mine == 0;
  if (mine == 0)
    kessel_pbem_secret_value (self->secret, 0, self->current->commitment);
  kessel_pbem_secret_value (self->secret, MIN (mine + 1, KESSEL_PBEM_CHAIN_LENGTH), self->current->reveal);
  /* A side's first turn sends the default orders; later ones keep its last. */
  if (mine == 0)
    {
      KesselStandingOrders defaults;

      kessel_standing_orders_init_defaults (&defaults);
      self->current->orders = g_memdup2 (&defaults, sizeof defaults);
    }
  else if (self->in_force[self->side] != NULL)
    self->current->orders = g_memdup2 (self->in_force[self->side], sizeof (KesselStandingOrders));
}

static void
update_status (KesselPbem *self)
{
  if (self->pending != NULL || self->game == NULL || kessel_game_is_over (self->game)
      || kessel_game_get_active_side (self->game) != self->side)
    self->status = KESSEL_PBEM_SEND;
  else
    self->status = KESSEL_PBEM_YOUR_MOVE;
}

/* Plays action on the game and records it in the turn being made. With
 * verified dice an action that rolls is only recorded: it ends the turn. */
static gboolean
record_action (KesselPbem *self, const KesselAction *action, GError **error)
{
  char *text;

  if (!kessel_game_check (self->game, action, error))
    return FALSE;
  text = kessel_game_action_to_string (self->game, action);
  if (self->record->dice_mode == KESSEL_PBEM_DICE_VERIFIED && action_rolls (self->game, action))
    self->pending = g_strdup (text);
  else if (!kessel_game_apply (self->game, action, error))
    {
      g_free (text);
      return FALSE;
    }
  g_ptr_array_add (self->current->actions, text);
  return TRUE;
}

/* Answers with the opponent's standing orders whatever they decide of what
 * the rules ask of him now, until the game waits for this player, for a
 * choice the orders leave to the opponent, or for dice. */
static gboolean
play_orders (KesselPbem *self, GError **error)
{
  KesselSide opponent = kessel_side_enemy (self->side);
  KesselAction action;

  while (self->game != NULL && self->pending == NULL && !kessel_game_is_over (self->game)
         && kessel_game_get_active_side (self->game) == opponent && self->in_force[opponent] != NULL
         && kessel_standing_orders_decide (self->in_force[opponent], self->game, &action))
    if (!record_action (self, &action, error))
      return FALSE;
  return TRUE;
}

/* Making and opening */

KesselPbem *
kessel_pbem_new (KesselScenario *scenario, KesselSide side, const char *password, const char *data_dir,
                 GError **error)
{
  g_autoptr(KesselPbem) self = NULL;
  g_autofree char *path = NULL;
  guint8 id[KESSEL_PBEM_ID_SIZE];

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (side == KESSEL_SIDE_GERMAN || side == KESSEL_SIDE_SOVIET, NULL);
  self = g_object_new (KESSEL_TYPE_PBEM, NULL);
  self->scenario = g_object_ref (scenario);
  self->side = side;
  self->record = kessel_pbem_record_new ();
  self->record->dice_mode = KESSEL_PBEM_DICE_MOVER;
  kessel_dice_entropy_bytes (id, sizeof id);
  self->record->game_id = kessel_pbem_hex (id, sizeof id);
  path = g_strdup (kessel_scenario_get_file_name (scenario));
  self->record->scenario_file = path ? g_path_get_basename (path) : g_strdup ("");
  self->record->scenario_title = g_strdup (kessel_scenario_get_title (scenario));
  self->record->scenario_sha256 = kessel_scenario_checksum (scenario);
  /* Fog of war is on in games by e-mail unless set otherwise. */
  g_ptr_array_add (self->record->options, g_strdup (KESSEL_FOG_OF_WAR_OPTION "=true"));
  self->folder = side_folder (data_dir, self->record->game_id, side);
  if ((self->secret = kessel_pbem_secret_new (password, error)) == NULL)
    return NULL;
  g_clear_pointer (&path, g_free);
  path = secret_path (self->folder);
  if (!make_folder (self->folder, error) || !kessel_pbem_secret_save (self->secret, path, error))
    return NULL;
  self->current = kessel_pbem_turn_new (1, side);
  self->current->has_commitment = TRUE;
  kessel_pbem_secret_value (self->secret, 0, self->current->commitment);
  kessel_pbem_secret_value (self->secret, 1, self->current->reveal);
  {
    KesselStandingOrders defaults;

    kessel_standing_orders_init_defaults (&defaults);
    self->current->orders = g_memdup2 (&defaults, sizeof defaults);
  }
  self->status = KESSEL_PBEM_SEND;
  return g_steal_pointer (&self);
}

gboolean
kessel_pbem_set_dice (KesselPbem *self, KesselPbemDice dice)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->record->turns->len > 0 || dice > KESSEL_PBEM_DICE_VERIFIED)
    return FALSE;
  self->record->dice_mode = dice;
  return TRUE;
}

KesselPbemDice
kessel_pbem_get_dice (KesselPbem *self)
{
  return self->record->dice_mode;
}

gboolean
kessel_pbem_set_orders (KesselPbem *self, const KesselStandingOrders *orders)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->current == NULL)
    return FALSE;
  g_clear_pointer (&self->current->orders, g_free);
  if (orders != NULL)
    self->current->orders = g_memdup2 (orders, sizeof *orders);
  return TRUE;
}

gboolean
kessel_pbem_set_chat (KesselPbem *self, const char *const *lines, guint n_lines)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->current == NULL || n_lines > KESSEL_PBEM_MAX_CHAT_LINES)
    return FALSE;
  for (guint i = 0; i < n_lines; i++)
    if (!kessel_pbem_chat_text_valid (lines[i]))
      return FALSE;
  g_ptr_array_set_size (self->current->chat, 0);
  for (guint i = 0; i < n_lines; i++)
    g_ptr_array_add (self->current->chat, g_strdup (lines[i]));
  return TRUE;
}

gboolean
kessel_pbem_add_chat (KesselPbem *self, const char *line)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->current == NULL || self->current->chat->len >= KESSEL_PBEM_MAX_CHAT_LINES
      || !kessel_pbem_chat_text_valid (line))
    return FALSE;
  g_ptr_array_add (self->current->chat, g_strdup (line));
  return TRUE;
}

GPtrArray *
kessel_pbem_get_chat (KesselPbem *self)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), NULL);
  return kessel_pbem_record_chat (self->record);
}

const KesselStandingOrders *
kessel_pbem_get_orders (KesselPbem *self)
{
  return self->current ? self->current->orders : self->in_force[self->side];
}

const KesselStandingOrders *
kessel_pbem_get_opponent_orders (KesselPbem *self)
{
  return self->in_force[kessel_side_enemy (self->side)];
}

gboolean
kessel_pbem_set_option (KesselPbem *self, const char *id, gboolean enabled)
{
  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->record->turns->len > 0 || strchr (id, '=') != NULL)
    return FALSE;
  for (guint i = 0; i < self->record->options->len; i++)
    if (g_str_has_prefix (self->record->options->pdata[i], id)
        && ((const char *) self->record->options->pdata[i])[strlen (id)] == '=')
      g_ptr_array_remove_index (self->record->options, i--);
  g_ptr_array_add (self->record->options, g_strdup_printf ("%s=%s", id, enabled ? "true" : "false"));
  return TRUE;
}

KesselPbemHeader *
kessel_pbem_peek (const char *path, GError **error)
{
  g_autoptr(KesselPbemRecord) record = kessel_pbem_record_read (path, error);
  KesselPbemHeader *header;
  KesselPbemTurn *last;

  if (record == NULL)
    return NULL;
  last = record->turns->pdata[record->turns->len - 1];
  header = g_new0 (KesselPbemHeader, 1);
  header->game_id = g_strdup (record->game_id);
  header->receiver = kessel_side_enemy (last->from);
  header->last_turn = last->number;
  header->scenario_file = g_path_get_basename (record->scenario_file);
  header->scenario_title = g_strdup (record->scenario_title);
  header->scenario_sha256 = g_strdup (record->scenario_sha256);
  return header;
}

void
kessel_pbem_header_free (KesselPbemHeader *header)
{
  if (header == NULL)
    return;
  g_free (header->game_id);
  g_free (header->scenario_file);
  g_free (header->scenario_title);
  g_free (header->scenario_sha256);
  g_free (header);
}

/* The side's secret at path, opened with password. */
static KesselPbemSecret *
load_side_secret (const char *path, KesselSide side, const char *password, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  KesselPbemSecret *secret = kessel_pbem_secret_load (path, password, &local_error);

  if (secret != NULL)
    return secret;
  if (g_error_matches (local_error, KESSEL_PBEM_ERROR, KESSEL_PBEM_ERROR_PASSWORD))
    kessel_pbem_fail (error, KESSEL_PBEM_ERROR_PASSWORD, NULL,
                      _("The password for the %s side is wrong."), kessel_side_display_name (side));
  else
    g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}

/* This side's secret: loaded with password, or made when the side joins
 * the game with its first file. */
static gboolean
open_secret (KesselPbem *self, const KesselPbemRecord *record, const char *password, const char *data_dir,
             const char *file_name, GError **error)
{
  g_autofree char *path = secret_path (self->folder);

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return (self->secret = load_side_secret (path, self->side, password, error)) != NULL;
  if (!kessel_pbem_check_receiver (data_dir, record->game_id, self->side, file_name, error))
    return FALSE;
  if (record->turns->len != 1)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_OTHER_GAME, file_name,
                             _("This file belongs to another game: you play no side of game %s here."),
                             record->game_id);
  if ((self->secret = kessel_pbem_secret_new (password, error)) == NULL)
    return FALSE;
  return make_folder (self->folder, error) && kessel_pbem_secret_save (self->secret, path, error);
}

/* The received file against this side's own copies. */
static gboolean
check_copies (KesselPbem *self, const KesselPbemRecord *record, const char *file_name, GError **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(KesselPbemRecord) sent = last_sent (self->folder, &local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (sent != NULL && !check_against_sent (record, sent, self->side, file_name, error))
    return FALSE;
  return check_against_received (self, record, file_name, error);
}

KesselPbem *
kessel_pbem_open (const char *path, KesselScenario *scenario, const char *password, const char *data_dir,
                  GError **error)
{
  g_autoptr(KesselPbem) self = NULL;
  g_autoptr(KesselPbemRecord) record = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *xml = NULL;
  guint8 next[KESSEL_PBEM_HASH_SIZE];
  KesselPbemTurn *last;
  ReplayRules rules;
  gsize length;

  g_return_val_if_fail (KESSEL_IS_SCENARIO (scenario), NULL);
  record = kessel_pbem_record_read (path, error);
  if (record == NULL)
    return NULL;
  last = record->turns->pdata[record->turns->len - 1];
  self = g_object_new (KESSEL_TYPE_PBEM, NULL);
  self->scenario = g_object_ref (scenario);
  self->side = kessel_side_enemy (last->from);
  self->folder = side_folder (data_dir, record->game_id, self->side);
  if (!open_secret (self, record, password, data_dir, path, error) || !check_copies (self, record, path, error))
    return NULL;
  self->record = g_steal_pointer (&record);
  start_turn (self);
  memcpy (next, self->current->reveal, sizeof next);
  if (!replay_record (self->record, scenario, next, path, &self->game, &self->received_start, &rules, error))
    return NULL;
  memcpy (self->in_force, rules.in_force, sizeof self->in_force);
  /* The turn's orders were taken before the replay found the side's last. */
  start_turn (self);
  self->turn_start = self->game != NULL && self->record->turns->len == 2 ? -1
                     : self->game != NULL ? kessel_game_get_n_actions (self->game) : 0;
  copy = copy_path (self, "received", last->number);
  xml = kessel_pbem_record_to_xml (self->record, &length);
  if (!g_file_test (copy, G_FILE_TEST_EXISTS) && !write_turn_file (copy, xml, length, error))
    return NULL;
  if (!play_orders (self, error))
    return NULL;
  update_status (self);
  /* A turn without actions after the end only says that its sender saw the
   * end: nothing is left to send. */
  if (self->game != NULL && kessel_game_is_over (self->game) && last->actions->len == 0 && last->number > 2)
    self->status = KESSEL_PBEM_OVER;
  return g_steal_pointer (&self);
}

/* Playing and sending */

gboolean
kessel_pbem_play (KesselPbem *self, const KesselAction *action, GError **error)
{
  KesselAction own = *action;

  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->status != KESSEL_PBEM_YOUR_MOVE)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, NULL,
                             _("It is not your move: send the turn to your opponent, or wait for his."));
  own.by_order = FALSE;   /* only the opponent's orders are marked so */
  if (!record_action (self, &own, error) || !play_orders (self, error))
    return FALSE;
  update_status (self);
  return TRUE;
}

gboolean
kessel_pbem_send (KesselPbem *self, const char *path, GError **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *xml = NULL;
  gsize length;
  KesselPbemTurn *turn;

  g_return_val_if_fail (KESSEL_IS_PBEM (self), FALSE);
  if (self->status != KESSEL_PBEM_SEND)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, NULL,
                             self->status == KESSEL_PBEM_YOUR_MOVE ? _("Your turn is not done yet.")
                                                                    : _("This turn has been sent already."));
  copy = copy_path (self, "sent", self->current->number);
  if (g_file_test (copy, G_FILE_TEST_EXISTS))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, NULL,
                             _("You have sent turn %d already; a turn cannot be played again."), self->current->number);
  if (self->record->dice_mode == KESSEL_PBEM_DICE_MOVER && self->game != NULL)
    {
      g_free (self->current->dice);
      self->current->dice = faces_since (self->game, self->turn_start);
    }
  turn = g_steal_pointer (&self->current);
  g_ptr_array_add (self->record->turns, turn);
  xml = kessel_pbem_record_to_xml (self->record, &length);
  if (!write_turn_file (copy, xml, length, error) || !write_turn_file (path, xml, length, error))
    {
      self->current = g_ptr_array_steal_index (self->record->turns, self->record->turns->len - 1);
      g_remove (copy);
      return FALSE;
    }
  self->status = self->game != NULL && kessel_game_is_over (self->game) ? KESSEL_PBEM_OVER : KESSEL_PBEM_SENT;
  return TRUE;
}

/* The side of the game that sent the latest turn from this machine, with
 * the copy of it; KESSEL_SIDE_NONE if no side of the game plays here. */
static KesselSide
latest_sender (const char *data_dir, const char *game_id, KesselPbemRecord **copy)
{
  KesselSide best = KESSEL_SIDE_NONE;
  KesselSide sides[] = { KESSEL_SIDE_GERMAN, KESSEL_SIDE_SOVIET };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autofree char *folder = side_folder (data_dir, game_id, sides[i]);
      g_autoptr(KesselPbemRecord) sent = kessel_pbem_plays_side (data_dir, game_id, sides[i])
                                         ? last_sent (folder, NULL) : NULL;

      if (sent != NULL && (*copy == NULL || sent->turns->len > (*copy)->turns->len))
        {
          g_clear_pointer (copy, kessel_pbem_record_free);
          *copy = g_steal_pointer (&sent);
          best = sides[i];
        }
    }
  return best;
}

gboolean
kessel_pbem_save_again (const char *turn_path, const char *data_dir, const char *path, int *number,
                        GError **error)
{
  g_autoptr(KesselPbemRecord) record = kessel_pbem_record_read (turn_path, error);
  g_autoptr(KesselPbemRecord) copy = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  if (record == NULL)
    return FALSE;
  if (latest_sender (data_dir, record->game_id, &copy) == KESSEL_SIDE_NONE)
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_OTHER_GAME, NULL,
                             _("No turn of game %s was sent from this computer."), record->game_id);
  xml = kessel_pbem_record_to_xml (copy, &length);
  if (!write_turn_file (path, xml, length, error))
    return FALSE;
  if (number != NULL)
    *number = (int) copy->turns->len;
  return TRUE;
}

char *
kessel_pbem_file_name (KesselPbem *self)
{
  int number = self->current ? self->current->number : (int) self->record->turns->len;
  return g_strdup_printf ("kessel-%.8s-turn-%03d" KESSEL_PBEM_FILE_SUFFIX, self->record->game_id, number);
}

const char *
kessel_pbem_dice_display_name (KesselPbemDice dice)
{
  return dice == KESSEL_PBEM_DICE_MOVER ? _("The dice are rolled at the mover's computer.")
                                        : _("The dice are verified: neither player can choose or foresee them.");
}

KesselGame *kessel_pbem_get_game (KesselPbem *self) { return self->game; }
KesselSide kessel_pbem_get_side (KesselPbem *self) { return self->side; }
KesselPbemStatus kessel_pbem_get_status (KesselPbem *self) { return self->status; }
const char *kessel_pbem_get_game_id (KesselPbem *self) { return self->record->game_id; }
int kessel_pbem_get_received_start (KesselPbem *self) { return self->received_start; }
const char *kessel_pbem_get_pending (KesselPbem *self) { return self->pending; }

int
kessel_pbem_get_turn_number (KesselPbem *self)
{
  return self->current ? self->current->number : (int) self->record->turns->len;
}

/* The game's scenario */

/* The scenario file name in folder (NULL is passed over), or NULL. */
static KesselScenario *
scenario_in (const char *folder, const char *name)
{
  g_autofree char *path = NULL;
  KesselScenario *scenario;

  if (folder == NULL || name[0] == '.' || !g_str_has_suffix (name, ".kessel"))
    return NULL;
  path = g_build_filename (folder, name, NULL);
  scenario = g_file_test (path, G_FILE_TEST_IS_REGULAR) ? kessel_scenario_load_file (path, NULL) : NULL;
  if (scenario != NULL && kessel_scenario_get_file_name (scenario) == NULL)
    kessel_scenario_set_file_name (scenario, path);
  return scenario;
}

gboolean
kessel_pbem_header_matches (const KesselPbemHeader *header, KesselScenario *scenario)
{
  g_autofree char *checksum = kessel_scenario_checksum (scenario);

  return g_ascii_strcasecmp (checksum, header->scenario_sha256) == 0;
}

KesselScenario *
kessel_pbem_find_scenario (const KesselPbemHeader *header, const char *const *folders, guint n_folders,
                           GError **error)
{
  const char *name = header->scenario_file;
  g_autofree char *title = NULL;
  g_autofree char *shown = NULL;

  for (guint i = 0; i < n_folders; i++)
    {
      g_autoptr(KesselScenario) scenario = scenario_in (folders[i], name);

      if (scenario != NULL && kessel_pbem_header_matches (header, scenario))
        return g_steal_pointer (&scenario);
    }
  kessel_pbem_fail (error, KESSEL_PBEM_ERROR_SCENARIO, NULL,
                    _("This game is played on the scenario “%s” (%s), and no unchanged copy of it was found."),
                    (title = kessel_pbem_quote (header->scenario_title)), (shown = kessel_pbem_quote (name)));
  return NULL;
}

/* The scenario of the file name the game names, first in folders, changed or not. */
static KesselScenario *
own_copy (const KesselPbemHeader *header, const char *const *folders, guint n_folders)
{
  KesselScenario *scenario = NULL;

  for (guint i = 0; i < n_folders && scenario == NULL; i++)
    scenario = scenario_in (folders[i], header->scenario_file);
  return scenario;
}

GPtrArray *
kessel_pbem_scenario_to_accept (const KesselPbemHeader *header, KesselScenario *scenario,
                                const char *const *own_folders, guint n_folders, gboolean *have_copy)
{
  g_autoptr(KesselScenario) mine = own_copy (header, own_folders, n_folders);
  g_autoptr(GPtrArray) lines = NULL;

  *have_copy = mine != NULL;
  if (mine == NULL)
    return g_ptr_array_new_with_free_func (g_free);
  if (kessel_pbem_header_matches (header, mine))
    return NULL;
  lines = kessel_scenario_differences (scenario, mine);
  if (lines->len == 0)
    g_ptr_array_add (lines, g_strdup (_("Its description or other text differs.")));
  return g_steal_pointer (&lines);
}

/* Watching a game by e-mail */

KesselGame *
kessel_pbem_load_game (const char *path, KesselScenario *scenario, GError **error)
{
  g_autoptr(KesselPbemRecord) record = NULL;
  g_autoptr(KesselGame) game = NULL;
  ReplayRules rules;
  int start;

  g_return_val_if_fail (path != NULL && KESSEL_IS_SCENARIO (scenario), NULL);
  record = kessel_pbem_record_read (path, error);
  if (record == NULL || !replay_record (record, scenario, NULL, path, &game, &start, &rules, error))
    return NULL;
  if (game == NULL)
    {
      kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, path,
                        _("The game has not begun: its first moves come after the second turn file."));
      return NULL;
    }
  return g_steal_pointer (&game);
}

gboolean
kessel_pbem_check_receiver (const char *data_dir, const char *game_id, KesselSide receiver, const char *file_name,
                            GError **error)
{
  if (kessel_pbem_plays_side (data_dir, game_id, receiver)
      || !kessel_pbem_plays_side (data_dir, game_id, kessel_side_enemy (receiver)))
    return TRUE;
  return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_ORDER, file_name,
                           _("This is the turn you sent: it is for the %s player to open. Send it to your opponent, and open his answer when it comes."),
                           kessel_side_display_name (receiver));
}

gboolean
kessel_pbem_plays_side (const char *data_dir, const char *game_id, KesselSide side)
{
  g_autofree char *folder = side_folder (data_dir, game_id, side);
  g_autofree char *path = secret_path (folder);

  return g_file_test (path, G_FILE_TEST_IS_REGULAR);
}

gboolean
kessel_pbem_check_password (const char *data_dir, const char *game_id, KesselSide side, const char *password,
                            GError **error)
{
  g_autofree char *folder = side_folder (data_dir, game_id, side);
  g_autofree char *path = secret_path (folder);
  g_autoptr(KesselPbemSecret) secret = NULL;

  if (!kessel_pbem_plays_side (data_dir, game_id, side))
    return kessel_pbem_fail (error, KESSEL_PBEM_ERROR_OTHER_GAME, NULL,
                             _("You play no side of game %s on this computer."), game_id);
  secret = load_side_secret (path, side, password, error);
  return secret != NULL;
}
