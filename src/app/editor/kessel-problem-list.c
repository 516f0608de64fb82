/* kessel-problem-list.c: the editor's list of what is wrong with the
 * scenario, checked again after each edit. Only the rows of problems that
 * changed are made again, and while the list is not shown, not at all until
 * it is. */
#include "kessel-config.h"

#include <glib/gi18n.h>

#include "kessel-problem-list.h"
#include "kessel-scenario-check.h"

struct _KesselProblemList
{
  GtkWidget parent_instance;

  KesselEditHistory *history;
  gulong changed_id;
  guint check_id;          /* the idle that checks after a burst of edits */
  GPtrArray *problems;     /* of KesselScenarioProblem, as listed */
  int n_errors;
  int n_warnings;
  gboolean rows_stale;     /* the rows wait for the list to be shown */

  GtkWidget *box;
  GtkImage *summary_icon;
  GtkLabel *summary_label;
  GtkWidget *scrolled;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (KesselProblemList, kessel_problem_list, GTK_TYPE_WIDGET)

enum {
  PROBLEM_ACTIVATED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static char *
summary_text (int n_errors, int n_warnings)
{
  g_autofree char *errors = NULL;
  g_autofree char *warnings = NULL;

  if (n_errors == 0 && n_warnings == 0)
    return g_strdup (_("No problems"));
  errors = g_strdup_printf (ngettext ("%d error", "%d errors", n_errors), n_errors);
  warnings = g_strdup_printf (ngettext ("%d warning", "%d warnings", n_warnings), n_warnings);
  if (n_warnings == 0)
    return g_steal_pointer (&errors);
  if (n_errors == 0)
    return g_steal_pointer (&warnings);
  /* Translators: the problems of a scenario, as in "2 errors, 1 warning". */
  return g_strdup_printf (_("%s, %s"), errors, warnings);
}

/* Changed only when it is another, so that a check finding what it found
 * before draws nothing again. */
static void
show_summary_icon (KesselProblemList *self)
{
  static const char *const classes[] = { "problem-list-error", "problem-list-warning", "problem-list-ok" };
  static const char *const icons[] = { "dialog-error-symbolic", "dialog-warning-symbolic", "emblem-ok-symbolic" };
  GtkWidget *icon = GTK_WIDGET (self->summary_icon);
  int shown = self->n_errors > 0 ? 0 : self->n_warnings > 0 ? 1 : 2;

  if (g_strcmp0 (gtk_image_get_icon_name (self->summary_icon), icons[shown]) == 0)
    return;
  for (int i = 0; i < 3; i++)
    gtk_widget_remove_css_class (icon, classes[i]);
  gtk_image_set_from_icon_name (self->summary_icon, icons[shown]);
  gtk_widget_add_css_class (icon, classes[shown]);
}

/* Where the problem is and the rule it follows from: "Hex 0412 · Rule 3.2". */
static char *
detail_text (KesselProblemList *self, const KesselScenarioProblem *problem)
{
  KesselScenario *scenario = kessel_edit_history_get_scenario (self->history);
  const KesselGrid *grid = kessel_map_get_grid (kessel_scenario_get_map (scenario));
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  if (problem->hex != KESSEL_HEX_NONE)
    {
      g_autofree char *hex = kessel_grid_format_hex (grid, problem->hex);
      g_ptr_array_add (parts, g_strdup_printf (_("Hex %s"), hex));
    }
  if (problem->unit_id != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("Unit %s"), problem->unit_id));
  if (problem->rule != NULL)
    g_ptr_array_add (parts, g_strdup_printf (_("Rule %s"), problem->rule));
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

/* The checks write messages to follow "FILE:LINE: "; standing alone in a
 * row they start with a capital. */
static char *
sentence (const char *message)
{
  const char *rest = g_utf8_next_char (message);
  char first[8] = { 0 };

  if (*message == '\0')
    return g_strdup (message);
  g_unichar_to_utf8 (g_unichar_totitle (g_utf8_get_char (message)), first);
  return g_strconcat (first, rest, NULL);
}

/* What a row shows of a problem, to tell whether a row shows it already. */
static char *
problem_key (KesselProblemList *self, const KesselScenarioProblem *problem)
{
  g_autofree char *detail = detail_text (self, problem);

  return g_strdup_printf ("%d\n%s\n%s", problem->severity, problem->message, detail);
}

static GtkWidget *
problem_row_new (KesselProblemList *self, const KesselScenarioProblem *problem, const char *key)
{
  gboolean error = problem->severity == KESSEL_PROBLEM_ERROR;
  const char *severity = error ? _("Error") : _("Warning");
  g_autofree char *detail = detail_text (self, problem);
  g_autofree char *text = sentence (problem->message);
  g_autofree char *spoken = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name (error ? "dialog-error-symbolic" : "dialog-warning-symbolic");
  GtkWidget *message = gtk_label_new (text);
  GtkWidget *where = gtk_label_new (detail);

  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, error ? "problem-list-error" : "problem-list-warning");
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL, severity, -1);
  gtk_widget_set_tooltip_text (icon, severity);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_label_set_wrap (GTK_LABEL (where), TRUE);
  gtk_widget_add_css_class (where, "dim-label");
  gtk_widget_add_css_class (where, "caption");
  gtk_box_append (GTK_BOX (texts), message);
  gtk_box_append (GTK_BOX (texts), where);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  /* Translators: a problem for screen readers: "Error" or "Warning", the
   * message, then where it is, as in "Hex 0412 · Rule 3.2". */
  spoken = g_strdup_printf (_("%s: %s. %s"), severity, text, detail);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
  g_object_set_data_full (G_OBJECT (row), "key", g_strdup (key), g_free);
  return row;
}

static guint
count_rows (KesselProblemList *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_LIST_BOX_ROW (child);
  return n;
}

static const char *
row_key (KesselProblemList *self, guint index)
{
  return g_object_get_data (G_OBJECT (gtk_list_box_get_row_at_index (self->list, index)), "key");
}

/* Rows for the problems that differ from those the rows show; the rows
 * before and after them stay. */
static void
sync_rows (KesselProblemList *self)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  guint n_old = count_rows (self), n_new = self->problems->len, prefix = 0, suffix = 0;

  self->rows_stale = FALSE;
  for (guint i = 0; i < n_new; i++)
    g_ptr_array_add (keys, problem_key (self, g_ptr_array_index (self->problems, i)));
  while (prefix < n_old && prefix < n_new && g_str_equal (row_key (self, prefix), keys->pdata[prefix]))
    prefix++;
  while (suffix < n_old - prefix && suffix < n_new - prefix
         && g_str_equal (row_key (self, n_old - 1 - suffix), keys->pdata[n_new - 1 - suffix]))
    suffix++;
  for (guint i = prefix; i < n_old - suffix; i++)
    gtk_list_box_remove (self->list, GTK_WIDGET (gtk_list_box_get_row_at_index (self->list, prefix)));
  for (guint i = prefix; i < n_new - suffix; i++)
    gtk_list_box_insert (self->list, problem_row_new (self, g_ptr_array_index (self->problems, i), keys->pdata[i]),
                         (int) i);
}

static void
show_problems (KesselProblemList *self)
{
  g_autofree char *summary = summary_text (self->n_errors, self->n_warnings);

  gtk_label_set_text (self->summary_label, summary);
  show_summary_icon (self);
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    sync_rows (self);
  else
    self->rows_stale = TRUE;
  gtk_widget_set_visible (self->scrolled, self->problems->len > 0);
}

void
kessel_problem_list_refresh_now (KesselProblemList *self)
{
  g_return_if_fail (KESSEL_IS_PROBLEM_LIST (self));
  g_clear_handle_id (&self->check_id, g_source_remove);
  g_ptr_array_unref (self->problems);
  if (self->history != NULL)
    self->problems = kessel_scenario_check (kessel_edit_history_get_scenario (self->history));
  else
    self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_scenario_problem_free);
  self->n_errors = kessel_scenario_count_problems (self->problems, KESSEL_PROBLEM_ERROR);
  self->n_warnings = kessel_scenario_count_problems (self->problems, KESSEL_PROBLEM_WARNING);
  show_problems (self);
}

static gboolean
check_in_idle (gpointer data)
{
  KesselProblemList *self = data;

  self->check_id = 0;
  kessel_problem_list_refresh_now (self);
  return G_SOURCE_REMOVE;
}

static void
history_changed (KesselEditHistory *history, KesselProblemList *self)
{
  if (self->check_id == 0)
    self->check_id = g_idle_add (check_in_idle, self);
}

static void
row_activated (GtkListBox *list, GtkListBoxRow *row, KesselProblemList *self)
{
  int index = gtk_list_box_row_get_index (row);
  const KesselScenarioProblem *problem;

  g_return_if_fail (!self->rows_stale && index >= 0 && (guint) index < self->problems->len);
  problem = g_ptr_array_index (self->problems, index);
  g_signal_emit (self, signals[PROBLEM_ACTIVATED], 0, problem->hex, problem->unit_id);
}

static void
disconnect_history (KesselProblemList *self)
{
  if (self->history != NULL)
    g_clear_signal_handler (&self->changed_id, self->history);
  g_clear_object (&self->history);
}

static void
kessel_problem_list_dispose (GObject *object)
{
  KesselProblemList *self = KESSEL_PROBLEM_LIST (object);

  g_clear_handle_id (&self->check_id, g_source_remove);
  disconnect_history (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_PROBLEM_LIST);
  G_OBJECT_CLASS (kessel_problem_list_parent_class)->dispose (object);
}

static void
kessel_problem_list_finalize (GObject *object)
{
  KesselProblemList *self = KESSEL_PROBLEM_LIST (object);

  g_ptr_array_unref (self->problems);
  G_OBJECT_CLASS (kessel_problem_list_parent_class)->finalize (object);
}

static void
kessel_problem_list_map (GtkWidget *widget)
{
  KesselProblemList *self = KESSEL_PROBLEM_LIST (widget);

  GTK_WIDGET_CLASS (kessel_problem_list_parent_class)->map (widget);
  if (self->rows_stale)
    sync_rows (self);
}

static void
kessel_problem_list_class_init (KesselProblemListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = kessel_problem_list_dispose;
  G_OBJECT_CLASS (klass)->finalize = kessel_problem_list_finalize;
  widget_class->map = kessel_problem_list_map;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  /* A row was activated: the hex to show (KESSEL_HEX_NONE for none) and the
   * id of the unit to show, or NULL. */
  signals[PROBLEM_ACTIVATED] = g_signal_new ("problem-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                             0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-problem-list.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselProblemList, box);
  gtk_widget_class_bind_template_child (widget_class, KesselProblemList, summary_icon);
  gtk_widget_class_bind_template_child (widget_class, KesselProblemList, summary_label);
  gtk_widget_class_bind_template_child (widget_class, KesselProblemList, scrolled);
  gtk_widget_class_bind_template_child (widget_class, KesselProblemList, list);
  gtk_widget_class_bind_template_callback (widget_class, row_activated);
}

static void
kessel_problem_list_init (KesselProblemList *self)
{
  self->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kessel_scenario_problem_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  show_problems (self);
}

GtkWidget *
kessel_problem_list_new (void)
{
  return g_object_new (KESSEL_TYPE_PROBLEM_LIST, NULL);
}

void
kessel_problem_list_set_history (KesselProblemList *self, KesselEditHistory *history)
{
  g_return_if_fail (KESSEL_IS_PROBLEM_LIST (self));
  g_return_if_fail (history == NULL || KESSEL_IS_EDIT_HISTORY (history));
  if (history == self->history)
    return;
  disconnect_history (self);
  self->history = history != NULL ? g_object_ref (history) : NULL;
  if (history != NULL)
    self->changed_id = g_signal_connect (history, "changed", G_CALLBACK (history_changed), self);
  kessel_problem_list_refresh_now (self);
}

int
kessel_problem_list_get_n_errors (KesselProblemList *self)
{
  g_return_val_if_fail (KESSEL_IS_PROBLEM_LIST (self), 0);
  return self->n_errors;
}

int
kessel_problem_list_get_n_warnings (KesselProblemList *self)
{
  g_return_val_if_fail (KESSEL_IS_PROBLEM_LIST (self), 0);
  return self->n_warnings;
}
