#include "kessel-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <unistd.h>

static gboolean
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      ssize_t written = write (fd, data, length);
      if (written < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += written;
      length -= written;
    }
  return TRUE;
}

static gboolean
write_temporary (const char *temp_path, int fd, const char *data, gsize length,
                 GQuark domain, int code, GError **error)
{
  gboolean ok = write_all (fd, data, length) && fsync (fd) == 0;
  int saved = errno;

  if (close (fd) != 0 && ok)
    {
      ok = FALSE;
      saved = errno;
    }
  if (!ok)
    g_set_error (error, domain, code, _("%s: cannot write the file: %s"), temp_path, g_strerror (saved));
  return ok;
}

gboolean
kessel_file_replace (const char *path, const char *data, gsize length,
                     KesselFileCheck check, gpointer check_data,
                     GQuark domain, int code, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp_path = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  int fd = g_mkstemp_full (temp_path, O_WRONLY | O_CREAT | O_EXCL, 0644);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, domain, code, _("%s: cannot save beside it: %s"), path, g_strerror (saved));
      return FALSE;
    }
  if (!write_temporary (temp_path, fd, data, length, domain, code, error)
      || (check != NULL && !check (temp_path, path, check_data, error)))
    {
      g_unlink (temp_path);
      return FALSE;
    }
  if (g_rename (temp_path, path) != 0)
    {
      int saved = errno;
      g_unlink (temp_path);
      g_set_error (error, domain, code, _("%s: cannot replace the file: %s"), path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* libxml2 keeps no line for a DTD node, so find the declaration in the text. */
static long
line_of_text (const char *data, gsize length, const char *needle)
{
  const char *found = g_strstr_len (data, length, needle);
  long line = 1;

  if (found == NULL)
    return 1;
  for (const char *p = data; p < found; p++)
    if (*p == '\n')
      line++;
  return line;
}

xmlDoc *
kessel_xml_read (const char *data, gsize length, const char *file_name,
                 long *error_line, char **error_message)
{
  xmlParserCtxtPtr context = xmlNewParserCtxt ();
  int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
  xmlDoc *doc = xmlCtxtReadMemory (context, data, (int) length, file_name, NULL, options);

  if (doc == NULL)
    {
      xmlErrorPtr error = xmlCtxtGetLastError (context);
      *error_line = error ? error->line : 1;
      *error_message = g_strstrip (g_strdup_printf (_("this is not well-formed XML: %s"),
                                                    error && error->message ? error->message
                                                    : _("not a readable XML document")));
    }
  else if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      *error_line = line_of_text (data, length, "<!DOCTYPE");
      *error_message = g_strdup (_("the file may not contain a <!DOCTYPE> declaration"));
      xmlFreeDoc (doc);
      doc = NULL;
    }
  xmlFreeParserCtxt (context);
  return doc;
}
