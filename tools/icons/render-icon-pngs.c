/* render-icon-pngs.c: renders the application icon's SVG to the PNG sizes
 * shipped beside it, so that a window's icon is loaded without an SVG
 * renderer (tools/render-icons runs it). */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
main (int argc, char **argv)
{
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s SVG OUT-DIR SIZE...\n", argv[0]);
      return 2;
    }
  for (int i = 3; i < argc; i++)
    {
      int size = atoi (argv[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new_from_file_at_size (argv[1], size, size, &error);
      g_autofree char *dir = g_strdup_printf ("%s/%dx%d/apps", argv[2], size, size);
      g_autofree char *base = g_path_get_basename (argv[1]);
      g_autofree char *name = g_strndup (base, strlen (base) - 4);
      g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);

      if (pixbuf == NULL || g_mkdir_with_parents (dir, 0755) != 0
          || !gdk_pixbuf_save (pixbuf, path, "png", &error, NULL))
        {
          fprintf (stderr, "%s: %s\n", path, error ? error->message : "cannot write");
          return 1;
        }
      printf ("%s\n", path);
    }
  return 0;
}
