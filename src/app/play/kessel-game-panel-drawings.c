/* kessel-game-panel-drawings.c: what the game panel draws: the weather
 * chips of the turn track, the CAS markers and the VP track. */
#include "kessel-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "kessel-game-panel-private.h"

#define CHIP_WIDTH 22
#define CHIP_HEIGHT 14
#define TOKEN_WIDTH 22
#define TOKEN_HEIGHT 16

/* Object data on drawing areas: what they show, plus one so that 0 is none. */
#define WEATHER_KEY "kessel-weather"
#define SIDE_KEY "kessel-side"

static int
shown_value (GtkWidget *area, const char *key)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), key)) - 1;
}

/* An area is drawn again only when what it shows changes. */
static void
show_value (GtkWidget *area, const char *key, int value)
{
  if (shown_value (area, key) != value)
    {
      g_object_set_data (G_OBJECT (area), key, GINT_TO_POINTER (value + 1));
      gtk_widget_queue_draw (area);
    }
}

/* Drawing helpers */

static void
set_source_hex (cairo_t *cr,
                guint32  rgb,
                double   alpha)
{
  cairo_set_source_rgba (cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0, alpha);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
widget_color (GtkWidget *widget,
              GdkRGBA   *color)
{
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
G_GNUC_END_IGNORE_DEPRECATIONS
}

/* A small layout in the widget's font at size points. */
static PangoLayout *
small_layout_new (GtkWidget *widget,
                  double     size,
                  gboolean   bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, NULL);
  PangoContext *context = pango_layout_get_context (layout);
  PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (context));

  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static void
show_text_centred (cairo_t     *cr,
                   PangoLayout *layout,
                   const char  *text,
                   double       cx,
                   double       cy)
{
  int width, height;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, round (cx - width / 2.0), round (cy - height / 2.0));
  pango_cairo_show_layout (cr, layout);
}

/* Side colours, as on the map's markers. */
#define GERMAN_COLOR 0x5d7085
#define SOVIET_COLOR 0xa8432f
#define GERMAN_CAS_COLOR 0x86a6cf
#define SOVIET_CAS_COLOR 0xe39a8f
#define DRAW_COLOR 0xcdbd92

/* Weather chips of the turn track */

static guint32
weather_color (KesselWeather weather)
{
  switch (weather)
    {
    case KESSEL_WEATHER_FROST: return 0x4f86c6;
    case KESSEL_WEATHER_STORM: return 0x3d4454;
    case KESSEL_WEATHER_THAW:
    case KESSEL_N_WEATHERS:
    default: return 0x8b6b3d;
    }
}

static void
draw_weather_symbol (cairo_t       *cr,
                     KesselWeather  weather,
                     double         cx,
                     double         cy)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  switch (weather)
    {
    case KESSEL_WEATHER_FROST:   /* a snowflake */
      cairo_set_line_width (cr, 1.2);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (int i = 0; i < 3; i++)
        {
          double angle = G_PI / 2 + i * G_PI / 3;
          cairo_move_to (cr, cx - 4.5 * cos (angle), cy - 4.5 * sin (angle));
          cairo_line_to (cr, cx + 4.5 * cos (angle), cy + 4.5 * sin (angle));
        }
      cairo_stroke (cr);
      break;
    case KESSEL_WEATHER_STORM:   /* a lightning bolt */
      cairo_move_to (cr, cx + 1.5, cy - 5);
      cairo_line_to (cr, cx - 3, cy + 1);
      cairo_line_to (cr, cx, cy + 1);
      cairo_line_to (cr, cx - 1.5, cy + 5);
      cairo_line_to (cr, cx + 3, cy - 1);
      cairo_line_to (cr, cx, cy - 1);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    case KESSEL_WEATHER_THAW:    /* a drop of rain: mud */
    case KESSEL_N_WEATHERS:
    default:
      cairo_move_to (cr, cx, cy - 5);
      cairo_line_to (cr, cx + 2.7, cy + 0.5);
      cairo_arc (cr, cx, cy + 1.5, 2.9, -0.35, G_PI + 0.35);
      cairo_close_path (cr);
      cairo_fill (cr);
      break;
    }
}

static void
draw_weather_chip (GtkDrawingArea *area,
                   cairo_t        *cr,
                   int             width,
                   int             height,
                   gpointer        data)
{
  int weather = shown_value (GTK_WIDGET (area), WEATHER_KEY);
  double x = floor ((width - CHIP_WIDTH) / 2.0);
  double y = floor ((height - CHIP_HEIGHT) / 2.0);

  if (weather < 0)
    return;
  rounded_rectangle (cr, x + 0.5, y + 0.5, CHIP_WIDTH - 1, CHIP_HEIGHT - 1, 3);
  set_source_hex (cr, weather_color (weather), 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  draw_weather_symbol (cr, weather, x + CHIP_WIDTH / 2.0, y + CHIP_HEIGHT / 2.0);
}

GtkWidget *
kessel_game_panel_weather_chip_new (void)
{
  GtkWidget *chip = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (chip), CHIP_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (chip), CHIP_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (chip), draw_weather_chip, NULL, NULL);
  return chip;
}

void
kessel_game_panel_set_chip_weather (GtkWidget *chip,
                                    int        weather)
{
  show_value (chip, WEATHER_KEY, weather);
}

/* CAS markers */

static void
draw_cas_token (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  KesselSide side = shown_value (GTK_WIDGET (area), SIDE_KEY);
  double x = floor ((width - TOKEN_WIDTH) / 2.0);
  double y = floor ((height - TOKEN_HEIGHT) / 2.0);

  rounded_rectangle (cr, x + 0.5, y + 0.5, TOKEN_WIDTH - 1, TOKEN_HEIGHT - 1, 2);
  set_source_hex (cr, side == KESSEL_SIDE_GERMAN ? GERMAN_CAS_COLOR : SOVIET_CAS_COLOR, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.45);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  /* An aircraft seen from above, nose up, on whole pixels. */
  cairo_set_source_rgba (cr, 0.08, 0.08, 0.1, 0.9);
  cairo_rectangle (cr, x + 10, y + 2, 2, 12);   /* fuselage */
  cairo_rectangle (cr, x + 3, y + 6, 16, 3);    /* wings */
  cairo_rectangle (cr, x + 7, y + 12, 8, 2);    /* tail */
  cairo_fill (cr);
}

GtkWidget *
kessel_game_panel_cas_token_new (void)
{
  GtkWidget *token = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (token), TOKEN_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (token), TOKEN_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (token), draw_cas_token, NULL, NULL);
  gtk_widget_add_css_class (token, "game-panel-cas-token");
  return token;
}

void
kessel_game_panel_set_token_side (GtkWidget  *token,
                                  KesselSide  side)
{
  show_value (token, SIDE_KEY, side);
}

/* The VP track: x10 and x1 rows as on the map, and the bands of rule 4.3 */

#define TRACK_LABEL_WIDTH 30
#define TRACK_ROW_HEIGHT 18
#define BAND_TOP 50
#define BAND_HEIGHT 14

static void
draw_track_row (cairo_t     *cr,
                PangoLayout *layout,
                const GdkRGBA *fg,
                double       y,
                double       box_width,
                const char  *label,
                int          marker)
{
  char digit[2] = "0";

  gdk_cairo_set_source_rgba (cr, fg);
  show_text_centred (cr, layout, label, TRACK_LABEL_WIDTH / 2.0, y + TRACK_ROW_HEIGHT / 2.0);
  for (int i = 0; i < 10; i++)
    {
      double x = TRACK_LABEL_WIDTH + i * box_width;

      cairo_rectangle (cr, x + 0.5, y + 0.5, box_width - 2, TRACK_ROW_HEIGHT - 1);
      if (i == marker)
        {
          set_source_hex (cr, SOVIET_COLOR, 1);
          cairo_fill_preserve (cr);
        }
      cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.35);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);

      digit[0] = '0' + i;
      if (i == marker)
        cairo_set_source_rgb (cr, 1, 1, 1);
      else
        cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.6);
      show_text_centred (cr, layout, digit, x + (box_width - 1) / 2.0, y + TRACK_ROW_HEIGHT / 2.0);
    }
}

static void
set_band_text_color (cairo_t *cr, gboolean dark_text)
{
  if (dark_text)
    cairo_set_source_rgb (cr, 0.15, 0.12, 0.05);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

/* One range of the band, named inside it when the name fits. */
static void
fill_band (cairo_t     *cr,
           PangoLayout *layout,
           double       x0,
           double       x1,
           guint32      rgb,
           const char  *name,
           gboolean     dark_text)
{
  int text_width;

  if (x1 <= x0)
    return;
  cairo_rectangle (cr, x0, BAND_TOP, x1 - x0, BAND_HEIGHT);
  set_source_hex (cr, rgb, 0.85);
  cairo_fill (cr);

  pango_layout_set_text (layout, name, -1);
  pango_layout_get_pixel_size (layout, &text_width, NULL);
  if (text_width + 6 > x1 - x0)
    {
      /* A long name, as in some languages, is set smaller before it is left out. */
      double scale = (x1 - x0 - 4) / text_width;

      if (scale < 0.7)
        return;
      cairo_save (cr);
      cairo_translate (cr, (x0 + x1) / 2, BAND_TOP + BAND_HEIGHT / 2.0);
      cairo_scale (cr, scale, scale);
      set_band_text_color (cr, dark_text);
      show_text_centred (cr, layout, name, 0, 0);
      cairo_restore (cr);
      return;
    }
  set_band_text_color (cr, dark_text);
  show_text_centred (cr, layout, name, (x0 + x1) / 2, BAND_TOP + BAND_HEIGHT / 2.0);
}

/* A band from 0 VP with the German, draw and Soviet ranges of 4.3, and a
 * pointer at the total. */
static void
draw_victory_band (cairo_t                  *cr,
                   PangoLayout              *layout,
                   const GdkRGBA            *fg,
                   double                    width,
                   int                       vp,
                   const KesselVictoryTable *victory)
{
  int scale = MAX (victory->soviet_wins_at + 8, vp + 2);
  double left = TRACK_LABEL_WIDTH, right = width - 2;
  double per_vp = (right - left) / scale;
  double draw_x = round (left + victory->draw_from * per_vp);
  double wins_x = round (left + victory->soviet_wins_at * per_vp);
  double vp_x = round (left + vp * per_vp);
  g_autofree char *draw_from = g_strdup_printf ("%d", victory->draw_from);
  g_autofree char *wins_at = g_strdup_printf ("%d", victory->soviet_wins_at);

  fill_band (cr, layout, left, draw_x, GERMAN_COLOR, C_("VP band", "German"), FALSE);
  fill_band (cr, layout, draw_x, wins_x, DRAW_COLOR, C_("VP band", "draw"), TRUE);
  fill_band (cr, layout, wins_x, right, SOVIET_COLOR, C_("VP band", "Soviet"), FALSE);

  gdk_cairo_set_source_rgba (cr, fg);
  /* Translators: victory points, as short as the "×10" of the track above. */
  show_text_centred (cr, layout, C_("VP band", "VP"), TRACK_LABEL_WIDTH / 2.0, BAND_TOP + BAND_HEIGHT / 2.0);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.7);
  show_text_centred (cr, layout, draw_from, draw_x, BAND_TOP + BAND_HEIGHT + 7);
  show_text_centred (cr, layout, wins_at, wins_x, BAND_TOP + BAND_HEIGHT + 7);

  gdk_cairo_set_source_rgba (cr, fg);
  cairo_move_to (cr, vp_x - 5, BAND_TOP - 7);
  cairo_line_to (cr, vp_x + 5, BAND_TOP - 7);
  cairo_line_to (cr, vp_x, BAND_TOP - 1);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_rectangle (cr, vp_x - 1, BAND_TOP - 1, 2, BAND_HEIGHT + 2);
  cairo_fill (cr);
}

void
kessel_game_panel_draw_vp_track (GtkWidget  *area,
                                 cairo_t    *cr,
                                 int         width,
                                 KesselGame *game)
{
  g_autoptr(PangoLayout) digits = small_layout_new (area, 8, FALSE);
  g_autoptr(PangoLayout) labels = small_layout_new (area, 7.5, TRUE);
  double box_width = floor ((width - TRACK_LABEL_WIDTH) / 10.0);
  GdkRGBA fg;
  int vp = MAX (0, kessel_game_get_vp (game));

  widget_color (area, &fg);
  draw_track_row (cr, digits, &fg, 0, box_width, C_("VP track", "×10"), (vp / 10) % 10);
  draw_track_row (cr, digits, &fg, TRACK_ROW_HEIGHT + 4, box_width, C_("VP track", "×1"), vp % 10);
  draw_victory_band (cr, labels, &fg, TRACK_LABEL_WIDTH + 10 * box_width, vp,
                     kessel_scenario_get_victory (kessel_game_get_scenario (game)));
}
