/* kessel-window.c: the main window put together: its template and the parts
 * made in code, the scenario and game it shows, the panels beside the map
 * that follow the map, and closing. */
#include "kessel-config.h"

#include "kessel-print.h"
#include "kessel-view-options.h"
#include "kessel-window-private.h"

G_DEFINE_FINAL_TYPE (KesselWindow, kessel_window, GTK_TYPE_APPLICATION_WINDOW)

/* Sets *slot to a copy of value, which may be *slot itself. */
void
kessel_window_replace_string (char **slot, const char *value)
{
  char *copy = g_strdup (value);

  g_free (*slot);
  *slot = copy;
}

/* A question over the window, with a line of explanation; its buttons are
 * the caller's. */
GtkWidget *
kessel_window_question_dialog (KesselWindow *self,
                               const char   *question,
                               const char   *explanation)
{
  GtkWidget *dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                              GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s", question);

  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", explanation);
  return dialog;
}

void
kessel_window_show_error (KesselWindow *self,
                          const char   *primary,
                          const char   *secondary)
{
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                   "%s", primary);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Signals */

/* The unit pane and its traced line */

static gboolean
unit_page_shown (KesselWindow *self)
{
  return gtk_notebook_get_current_page (self->side_notebook) == gtk_notebook_page_num (self->side_notebook,
                                                                                        self->unit_page);
}

/* The line of the unit shown, while the Unit tab is: only for the viewer's
 * own units, whose supply or C&C their player knows (8.3, 9.2). */
static void
update_trace (KesselWindow *self)
{
  g_autoptr(GArray) line = NULL;
  KesselSide side, viewer;
  int hex, piece;

  if (self->unit_pane == NULL)   /* being disposed */
    return;
  piece = kessel_unit_pane_get_piece (self->unit_pane);
  viewer = kessel_map_view_get_viewer (self->map_view);
  kessel_trace_overlay_set_line (self->trace_overlay, NULL, 0);
  if (self->game == NULL || piece < 0 || kessel_map_view_is_covered (self->map_view)
      || !unit_page_shown (self)
      || kessel_game_get_piece_status (self->game, piece) != KESSEL_PIECE_ON_MAP)
    return;
  side = kessel_game_get_piece_side (self->game, piece);
  if (viewer != KESSEL_SIDE_NONE && viewer != side)
    return;
  hex = kessel_game_get_piece_hex (self->game, piece);
  line = kessel_game_trace_path (self->game, hex, side);
  if (line != NULL)
    kessel_trace_overlay_set_line (self->trace_overlay, (const int *) (gpointer) line->data, line->len);
  else
    kessel_trace_overlay_set_line (self->trace_overlay, &hex, 1);
}

/* Shows piece in the unit pane and, if it is on the map and may be seen,
 * brings it into view. */
static void
show_unit (KesselWindow *self, int piece)
{
  KesselSide viewer = kessel_map_view_get_viewer (self->map_view);

  if (self->game == NULL || kessel_map_view_is_covered (self->map_view))
    return;
  kessel_unit_pane_set_piece (self->unit_pane, piece);
  if (kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_ON_MAP
      && kessel_unit_pane_reveals (self->game, piece, viewer))
    kessel_map_view_bring_hex_into_view (self->map_view, kessel_game_get_piece_hex (self->game, piece));
  update_trace (self);
}

static void
unit_selected (KesselWindow *self, int piece)
{
  show_unit (self, piece);
}

static void
unit_activated (KesselWindow *self, int piece)
{
  show_unit (self, piece);
  gtk_notebook_set_current_page (self->side_notebook, gtk_notebook_page_num (self->side_notebook, self->unit_page));
}

/* While the Unit tab is shown, it shows the first unit selected on the map. */
static void
unit_follows_selection (KesselWindow *self)
{
  int n_selected;
  const int *selected = kessel_play_panel_get_selection (self->play_panel, &n_selected);

  if (unit_page_shown (self) && n_selected > 0 && !kessel_map_view_is_covered (self->map_view))
    {
      kessel_unit_pane_set_piece (self->unit_pane, selected[0]);
      update_trace (self);
    }
}

static void
side_page_switched (KesselWindow *self)
{
  update_trace (self);
}

static void
unit_game_changed (KesselWindow *self)
{
  update_trace (self);
}

/* The unit at the top of the hex under the pointer, or else under the
 * keyboard's cursor, as the viewer may see it. */
static int
unit_at_pointer (KesselWindow *self)
{
  int hex = kessel_map_view_get_hovered_hex (self->map_view);
  g_autoptr(GArray) pieces = NULL;

  if (hex == KESSEL_HEX_NONE)
    hex = kessel_map_view_get_cursor_hex (self->map_view);
  if (hex == KESSEL_HEX_NONE)
    return -1;
  pieces = kessel_game_get_pieces_at (self->game, hex);
  return pieces->len > 0 ? g_array_index (pieces, int, 0) : -1;
}

void
kessel_window_unit_info_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KesselWindow *self = user_data;
  int piece;

  if (self->game == NULL || kessel_map_view_is_covered (self->map_view))
    return;
  piece = unit_at_pointer (self);
  if (piece >= 0)
    kessel_unit_pane_set_piece (self->unit_pane, piece);
  gtk_notebook_set_current_page (self->side_notebook, gtk_notebook_page_num (self->side_notebook, self->unit_page));
  update_trace (self);
}

void
kessel_window_show_unit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KesselWindow *self = user_data;
  int piece = g_variant_get_int32 (parameter);

  if (self->game != NULL && piece >= 0 && piece < kessel_game_get_n_pieces (self->game))
    unit_activated (self, piece);
}

void
kessel_window_order_of_battle_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  KesselWindow *self = user_data;

  gtk_notebook_set_current_page (self->side_notebook,
                                 gtk_notebook_page_num (self->side_notebook, GTK_WIDGET (self->order_of_battle)));
}

/* Fog of war (6.3): the panels show the game with the map's eyes, and
 * nothing of it while the map is covered for a hand-over. */
/* The game the panels show: the replay's moment while one is watched. */
KesselGame *
kessel_window_shown_game (KesselWindow *self)
{
  KesselReplay *replay;

  if (self->replay_mode == NULL || !kessel_replay_mode_is_active (self->replay_mode))
    return self->game;
  replay = kessel_replay_bar_get_replay (kessel_replay_mode_get_bar (self->replay_mode));
  return kessel_replay_get_game (replay);
}

void
kessel_window_follow_map_viewer (KesselWindow *self)
{
  KesselSide viewer = kessel_map_view_get_viewer (self->map_view);
  KesselGame *shown = kessel_window_shown_game (self);

  if (self->unit_pane == NULL)   /* being disposed */
    return;
  kessel_hex_info_panel_set_game (self->info_panel, shown, viewer);
  kessel_log_model_set_viewer (kessel_log_view_get_model (self->log_view), viewer);
  kessel_unit_pane_set_game (self->unit_pane, shown, viewer);
  kessel_order_of_battle_set_game (self->order_of_battle, shown, viewer);
  if (kessel_map_view_is_covered (self->map_view))
    {
      kessel_hex_info_panel_set_hex (self->info_panel, KESSEL_HEX_NONE);
      kessel_unit_pane_set_piece (self->unit_pane, -1);
    }
  update_trace (self);
}

/* The hand-over's button is in the play panel, which never scrolls away. */
static void
map_cover_changed (KesselWindow *self)
{
  kessel_window_follow_map_viewer (self);
  if (kessel_map_view_is_covered (self->map_view))
    kessel_combat_card_dismiss (self->combat_card);
  if (!kessel_window_is_editing (self))
    kessel_window_sync_play_actions (self);
}

/* The keys of play act on the map: it has the focus at the start, after
 * each dialog, and whenever the widget that had it went away, unless the
 * map waits behind the hand-over's cover or the editor is shown. */
void
kessel_window_give_map_focus (KesselWindow *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self->map_view))
      && !kessel_window_is_editing (self) && !kessel_map_view_is_covered (self->map_view))
    gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
window_activated (KesselWindow *self)
{
  if (gtk_window_is_active (GTK_WINDOW (self)))
    kessel_window_give_map_focus (self);
}

static gboolean
refocus_map (gpointer data)
{
  KesselWindow *self = data;

  self->refocus_id = 0;
  if (gtk_root_get_focus (GTK_ROOT (self)) == NULL)
    kessel_window_give_map_focus (self);
  return G_SOURCE_REMOVE;
}

/* The focus is lost when the focused widget goes away, as a button of the
 * play panel does when it is clicked and its choices are made anew. GTK is
 * then still moving the focus: the map takes it once that is done. */
static void
focus_lost (KesselWindow *self)
{
  if (gtk_root_get_focus (GTK_ROOT (self)) == NULL && self->refocus_id == 0)
    self->refocus_id = g_idle_add (refocus_map, self);
}

/* Off the map the panel keeps the last hex, so it can be read. */
static void
map_view_hex_hovered (KesselWindow  *self,
                      int            hex,
                      KesselMapView *map_view)
{
  kessel_window_follow_map_viewer (self);
  if (hex != KESSEL_HEX_NONE && !kessel_map_view_is_covered (map_view))
    kessel_hex_info_panel_set_hex (self->info_panel, hex);
  kessel_play_panel_hover_hex (self->play_panel, hex);
}

/* A right click drops what is selected; any other click acts on the hex. */
static void
map_view_hex_activated (KesselWindow  *self,
                        int            hex,
                        guint          button,
                        KesselMapView *map_view)
{
  if (kessel_replay_mode_is_active (self->replay_mode))
    return;   /* a replay is only watched */
  if (kessel_window_is_editing (self))
    {
      if (button == GDK_BUTTON_PRIMARY)
        kessel_map_tools_apply_to_hex (kessel_editor_get_tools (self->editor), hex);
    }
  else if (button == GDK_BUTTON_SECONDARY)
    kessel_play_panel_cancel (self->play_panel);
  else
    {
      kessel_play_panel_activate_hex (self->play_panel, hex);
      unit_follows_selection (self);
    }
  kessel_combat_card_dismiss (self->combat_card);
}

/* The minimap stands in the map's bottom right corner, the smaller the
 * smaller the map. */
static gboolean
place_minimap (KesselWindow *self,
               GtkOverlay   *overlay,
               GdkRectangle *allocation)
{
  int room_x = gtk_widget_get_width (GTK_WIDGET (overlay)), room_y = gtk_widget_get_height (GTK_WIDGET (overlay));

  kessel_minimap_size_for_room (self->minimap, room_x, room_y, &allocation->width, &allocation->height);
  allocation->x = MAX (0, room_x - allocation->width);
  allocation->y = MAX (0, room_y - allocation->height);
  return TRUE;
}

/* The combat card stands beside the defender's hex, on whichever side of
 * it there is room, and always inside the map. */
static gboolean
map_overlay_get_child_position (KesselWindow  *self,
                                GtkWidget     *child,
                                GdkRectangle  *allocation,
                                GtkOverlay    *overlay)
{
  double hex_x, hex_y, x, y, radius = kessel_map_view_get_hex_radius (self->map_view);
  int width, height, room_x = gtk_widget_get_width (GTK_WIDGET (overlay));
  int room_y = gtk_widget_get_height (GTK_WIDGET (overlay));

  if (child == GTK_WIDGET (self->minimap))
    return place_minimap (self, overlay, allocation);
  if (child != GTK_WIDGET (self->combat_card)
      || !kessel_map_view_get_hex_center (self->map_view, kessel_combat_card_get_hex (self->combat_card),
                                          &hex_x, &hex_y)
      || !gtk_widget_translate_coordinates (GTK_WIDGET (self->map_view), GTK_WIDGET (overlay),
                                            hex_x, hex_y, &x, &y))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
  width = MIN (width, room_x);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  height = MIN (height, room_y);
  x = x + 1.2 * radius + width <= room_x ? x + 1.2 * radius : x - 1.2 * radius - width;
  allocation->x = CLAMP ((int) x, 0, MAX (0, room_x - width));
  allocation->y = CLAMP ((int) (y - height / 2.0), 0, MAX (0, room_y - height));
  allocation->width = width;
  allocation->height = height;
  return TRUE;
}

static void
place_combat_card (KesselWindow *self)
{
  if (gtk_widget_get_visible (GTK_WIDGET (self->combat_card)))
    gtk_widget_queue_allocate (GTK_WIDGET (self->map_overlay));
}

/* A combat's result comes up by its hex, as the side at the map may see it. */
static void
show_combat_result (KesselWindow *self)
{
  if (kessel_combat_card_update (self->combat_card, self->game, kessel_map_view_get_viewer (self->map_view)))
    place_combat_card (self);
  if (kessel_map_view_is_covered (self->map_view))
    kessel_combat_card_dismiss (self->combat_card);
}

/* The scenario and the game shown */

void
kessel_window_show_scenario (KesselWindow   *self,
                             KesselScenario *scenario)
{
  /* The panel first: the map view reports the hex under the pointer at once. */
  kessel_hex_info_panel_set_scenario (self->info_panel, scenario);
  kessel_map_view_set_scenario (self->map_view, scenario);
  if (self->game == NULL)
    kessel_map_view_show_whole_map (self->map_view);
  kessel_window_update_title (self);
  if (!kessel_window_is_editing (self))
    kessel_window_sync_play_actions (self);
}

static void
game_changed (KesselGame   *game,
              guint         changes,
              KesselWindow *self)
{
  self->game_dirty = TRUE;
  if (changes & KESSEL_CHANGE_PHASE)
    kessel_window_autosave (self);
  if (changes & KESSEL_CHANGE_COMBAT)
    show_combat_result (self);
  kessel_window_update_title (self);
  kessel_window_sync_play_actions (self);
}

/* A game opens at the players' zoom on the units of the side to play, on
 * the map or, before they are set up, at their set-up hexes. */
static void
show_side_to_play (KesselWindow *self)
{
  KesselSide side = kessel_game_get_active_side (self->game);
  int n_pieces = kessel_game_get_n_pieces (self->game);
  g_autofree int *hexes = g_new (int, n_pieces);
  int n_on_map = 0, n_set_up = 0;

  if (kessel_map_view_shows_whole_map (self->map_view))
    kessel_map_view_set_zoom_level (self->map_view, self->play_zoom_level);
  for (int piece = 0; piece < n_pieces; piece++)
    if (kessel_game_get_piece_side (self->game, piece) == side
        && kessel_game_get_piece_status (self->game, piece) == KESSEL_PIECE_ON_MAP)
      hexes[n_on_map++] = kessel_game_get_piece_hex (self->game, piece);
  for (int piece = 0; n_on_map == 0 && piece < n_pieces; piece++)
    {
      int hex = kessel_unit_get_setup_hex (kessel_game_get_piece_unit (self->game, piece));

      if (kessel_game_get_piece_side (self->game, piece) == side && hex >= 0)
        hexes[n_set_up++] = hex;
    }
  kessel_map_view_scroll_to_hexes (self->map_view, hexes, MAX (n_on_map, n_set_up));
}

void
kessel_window_set_game (KesselWindow *self,
                        KesselGame   *game,
                        const char   *path)
{
  kessel_replay_mode_stop (self->replay_mode);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (self->pbem != NULL && kessel_pbem_get_game (self->pbem) != game)
    g_clear_object (&self->pbem);
  kessel_play_panel_set_pbem (self->play_panel, self->pbem);
  /* The seats first: the panels show the game as its human players see it. */
  kessel_computer_opponent_set_game (self->computer, game);
  for (KesselSide side = KESSEL_SIDE_GERMAN; side <= KESSEL_SIDE_SOVIET; side++)
    kessel_play_panel_set_computer (self->play_panel, side,
                                    kessel_computer_opponent_get_seat (self->computer, side) != KESSEL_SEAT_HUMAN);
  kessel_window_replace_string (&self->game_path, path);
  self->game_dirty = path == NULL && game != NULL;
  if (game != NULL)
    {
      kessel_hex_info_panel_set_scenario (self->info_panel, kessel_game_get_scenario (game));
      g_signal_connect (game, "changed", G_CALLBACK (game_changed), self);
      kessel_window_autosave (self);   /* from its first moment, a game can be rescued */
    }
  if (game != NULL)
    {
      kessel_play_panel_set_fog_of_war (self->play_panel, kessel_game_get_option (game, KESSEL_FOG_OF_WAR_OPTION));
      show_side_to_play (self);
    }
  kessel_play_panel_set_game (self->play_panel, game);
  kessel_game_panel_set_game (self->game_panel, game);
  kessel_track_strip_set_game (self->track_strip, game);
  kessel_log_view_set_game (self->log_view, game);
  kessel_unit_pane_set_game (self->unit_pane, NULL, KESSEL_SIDE_NONE);
  if (game != NULL)
    g_signal_connect_swapped (game, "changed", G_CALLBACK (unit_game_changed), self);
  kessel_combat_card_reset (self->combat_card, game);
  kessel_window_follow_map_viewer (self);
  gtk_widget_set_visible (GTK_WIDGET (self->game_panel), game != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->log_view), game != NULL);
  kessel_window_update_title (self);
  kessel_window_sync_play_actions (self);
  kessel_window_sync_messages (self);
}

/* GObject */

/* The tabs over the log split the column once, three to two; from then on
 * the split stays where it is, or where the player drags it, and does not
 * follow the size of the tab shown. */
static void
place_side_split (KesselWindow *self)
{
  int max;
  gboolean set;

  g_object_get (self->side_paned, "max-position", &max, "position-set", &set, NULL);
  if (max > 0 && !set)
    gtk_paned_set_position (self->side_paned, max * 3 / 5);
}

/* A click on the track strip opens the tracks in full. */
static void
strip_clicked (KesselWindow *self)
{
  gtk_notebook_set_current_page (self->side_notebook, gtk_notebook_page_num (self->side_notebook, self->game_page));
}

/* What the template cannot build, for it is made for the map view or the
 * computer: under the title, what the game waits for and whether the
 * computer thinks; the traced line over the map; and the replay mode. */
static void
add_play_widgets (KesselWindow *self)
{
  self->computer = kessel_computer_opponent_new ();
  g_signal_connect_object (self->computer, "notify::busy", G_CALLBACK (kessel_window_sync_play_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->computer, "action-applied", G_CALLBACK (kessel_window_computer_action_applied), self,
                           G_CONNECT_SWAPPED);
  self->thinking_bar = KESSEL_THINKING_BAR (kessel_thinking_bar_new (self->computer));
  self->play_panel = KESSEL_PLAY_PANEL (kessel_play_panel_new (self->map_view));
  self->trace_overlay = KESSEL_TRACE_OVERLAY (kessel_trace_overlay_new (self->map_view));
  gtk_box_insert_child_after (self->side_box, GTK_WIDGET (self->play_panel), GTK_WIDGET (self->title_label));
  gtk_box_insert_child_after (self->side_box, GTK_WIDGET (self->thinking_bar), GTK_WIDGET (self->play_panel));
  gtk_overlay_add_overlay (self->map_overlay, GTK_WIDGET (self->trace_overlay));
  self->replay_mode = kessel_replay_mode_new (GTK_APPLICATION_WINDOW (self), self->map_overlay, self->map_view,
                                              self->log_view, self->computer);
  g_signal_connect_object (self->replay_mode, "notify::active", G_CALLBACK (kessel_window_replay_mode_changed), self,
                           G_CONNECT_SWAPPED);
}

static void
close_after_discard (KesselEditor *editor, KesselWindow *self)
{
  self->editor_discarded = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* Closing with a game or scenario not saved asks first; nothing is lost
 * without a yes. */
static gboolean
kessel_window_close_request (GtkWindow *window)
{
  KesselWindow *self = KESSEL_WINDOW (window);

  if (self->editor != NULL)
    kessel_editor_commit_pending (self->editor);
  if (self->editor != NULL && kessel_editor_is_modified (self->editor) && !self->editor_discarded)
    {
      kessel_editor_confirm_discard (self->editor, G_CALLBACK (close_after_discard), self);
      return TRUE;
    }
  if (kessel_window_ask_before_closing_game (self))
    return TRUE;
  if (self->game != NULL)
    kessel_window_forget_autosave ();
  kessel_window_save_state (self);
  return GTK_WINDOW_CLASS (kessel_window_parent_class)->close_request (window);
}

static void
kessel_window_dispose (GObject *object)
{
  KesselWindow *self = KESSEL_WINDOW (object);

  g_clear_handle_id (&self->refocus_id, g_source_remove);
  kessel_window_dispose_net (self);
  kessel_window_dispose_messages (self);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_object (&self->settings);
  g_clear_object (&self->pbem);
  g_clear_pointer (&self->pbem_data_dir, g_free);
  g_clear_pointer (&self->pbem_turn_file, g_free);
  g_clear_pointer (&self->pbem_sent_file, g_free);
  g_clear_pointer (&self->offered_turn, g_free);
  if (self->turn_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->turn_monitor, self);
  g_clear_object (&self->turn_monitor);
  /* A thought under way is told to stop, and dropped when it is back. */
  if (self->computer != NULL)
    kessel_computer_opponent_set_game (self->computer, NULL);
  g_clear_object (&self->computer);
  g_clear_object (&self->replay_mode);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->game_path, g_free);
  g_clear_object (&self->play_scenario);
  g_clear_object (&self->pending_play);
  gtk_widget_dispose_template (GTK_WIDGET (self), KESSEL_TYPE_WINDOW);

  G_OBJECT_CLASS (kessel_window_parent_class)->dispose (object);
}

static void
kessel_window_class_init (KesselWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kessel_window_dispose;
  window_class->close_request = kessel_window_close_request;

  /* A received turn of a game by e-mail is opened, with the index of the
   * opponent's first action in the game's actions (-1 if none): where a
   * replay of what the opponent did would begin. */
  g_signal_new ("pbem-turn-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  g_type_ensure (KESSEL_TYPE_MAP_VIEW);
  g_type_ensure (KESSEL_TYPE_HEX_INFO_PANEL);
  g_type_ensure (KESSEL_TYPE_COMBAT_CARD);
  g_type_ensure (KESSEL_TYPE_MINIMAP);
  g_type_ensure (KESSEL_TYPE_TRACK_STRIP);
  g_type_ensure (KESSEL_TYPE_UNIT_PANE);
  g_type_ensure (KESSEL_TYPE_ORDER_OF_BATTLE);
  g_type_ensure (KESSEL_TYPE_GAME_PANEL);
  g_type_ensure (KESSEL_TYPE_LOG_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/kessel/Kessel/kessel-window.ui");
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, map_overlay);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, combat_card);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, minimap);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, info_panel);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, side_box);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, track_strip);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, side_paned);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, side_notebook);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, unit_page);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, game_page);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, unit_pane);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, order_of_battle);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, game_panel);
  gtk_widget_class_bind_template_child (widget_class, KesselWindow, log_view);
  gtk_widget_class_bind_template_callback (widget_class, unit_selected);
  gtk_widget_class_bind_template_callback (widget_class, unit_activated);
  gtk_widget_class_bind_template_callback (widget_class, side_page_switched);
  gtk_widget_class_bind_template_callback (widget_class, map_view_hex_hovered);
  gtk_widget_class_bind_template_callback (widget_class, map_view_hex_activated);
  gtk_widget_class_bind_template_callback (widget_class, map_overlay_get_child_position);
  gtk_widget_class_bind_template_callback (widget_class, place_side_split);
  gtk_widget_class_bind_template_callback (widget_class, strip_clicked);
}

static void
kessel_window_init (KesselWindow *self)
{
  self->play_zoom_level = 2;   /* normal */
  gtk_widget_init_template (GTK_WIDGET (self));
  add_play_widgets (self);
  kessel_window_add_actions (self);
  kessel_print_add_actions (GTK_APPLICATION_WINDOW (self), (KesselPrintScenarioFunc) kessel_window_get_scenario,
                            (KesselPrintGameFunc) kessel_window_get_game, self);
  g_signal_connect_object (self->map_view, "notify::hex-radius",
                           G_CALLBACK (kessel_window_sync_zoom_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::show-hex-numbers",
                           G_CALLBACK (kessel_window_sync_hex_numbers_action), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::hex-radius",
                           G_CALLBACK (place_combat_card), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->map_view)), "value-changed",
                           G_CALLBACK (place_combat_card), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->map_view)), "value-changed",
                           G_CALLBACK (place_combat_card), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::viewer",
                           G_CALLBACK (kessel_window_follow_map_viewer), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::covered",
                           G_CALLBACK (map_cover_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (window_activated), NULL);
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (focus_lost), NULL);

  g_signal_connect_object (self->map_view, "notify::zoom-level",
                           G_CALLBACK (kessel_window_sync_zoom_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::scenario",
                           G_CALLBACK (kessel_window_sync_zoom_actions), self, G_CONNECT_SWAPPED);

  self->settings = kessel_window_settings_new_if_installed ();
  kessel_view_options_add_actions (G_ACTION_MAP (self), self->settings, self->map_view,
                                   GTK_WIDGET (self->minimap));
  kessel_window_restore_state (self);
  kessel_window_sync_zoom_actions (self);
  kessel_window_sync_hex_numbers_action (self);
}

/* Public */

KesselWindow *
kessel_window_new (KesselApplication *application)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  /* show-menubar is a construct property: set in the template it would be
   * reset to its default after init. */
  return g_object_new (KESSEL_TYPE_WINDOW,
                       "application", application,
                       "show-menubar", TRUE,
                       NULL);
}

KesselMapView *
kessel_window_get_map_view (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->map_view;
}

/* The scenario of play, also while the editor shows its own. */
KesselScenario *
kessel_window_get_scenario (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  if (kessel_window_is_editing (self))
    return self->play_scenario;
  return kessel_map_view_get_scenario (self->map_view);
}

KesselGame *
kessel_window_get_game (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->game;
}

KesselComputerOpponent *
kessel_window_get_computer (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->computer;
}

KesselCombatCard *
kessel_window_get_combat_card (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->combat_card;
}

KesselPlayPanel *
kessel_window_get_play_panel (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), NULL);
  return self->play_panel;
}

gboolean
kessel_window_is_game_dirty (KesselWindow *self)
{
  g_return_val_if_fail (KESSEL_IS_WINDOW (self), FALSE);
  return self->game_dirty;
}
