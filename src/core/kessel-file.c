#define _GNU_SOURCE   /* flock, O_DIRECTORY, lstat, fchown */
#include "kessel-file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LINK_DEPTH 40

/* Reading ------------------------------------------------------------------ */

static gboolean
read_error (const char *path, const KesselFileLimits *limits, int saved, GError **error)
{
  g_set_error (error, limits->domain, limits->io_code, _("%s: cannot read the file: %s"),
               path, g_strerror (saved));
  return FALSE;
}

static gboolean
too_large_error (const char *path, const KesselFileLimits *limits, GError **error)
{
  g_autofree char *reason = NULL;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  reason = g_strdup_printf (limits->too_large, (int) (limits->max_size / (1024 * 1024)));
#pragma GCC diagnostic pop

  g_set_error (error, limits->domain, limits->too_large_code, "%s:1: %s", path, reason);
  return FALSE;
}

/* Reads fd to its end, or to one byte past the limit. */
static gboolean
read_bounded (int fd, gsize max_size, gsize size_hint, GByteArray *buffer, int *saved)
{
  gsize capacity = MIN (MAX (size_hint, 4096) + 1, max_size + 1);

  for (;;)
    {
      guint used = buffer->len;
      ssize_t got;

      if (used == capacity)
        capacity = MIN (capacity * 2, max_size + 1);
      g_byte_array_set_size (buffer, capacity);
      got = read (fd, buffer->data + used, capacity - used);
      *saved = errno;
      g_byte_array_set_size (buffer, used + MAX (got, 0));
      if (got < 0 && *saved == EINTR)
        continue;
      if (got < 0)
        return FALSE;
      if (got == 0 || buffer->len > max_size)
        return TRUE;
    }
}

gboolean
kessel_file_read (const char *path, const KesselFileLimits *limits,
                  char **contents, gsize *length, GError **error)
{
  g_autoptr(GByteArray) buffer = NULL;
  struct stat info;
  int saved = 0;
  int fd = open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  gboolean ok;

  if (fd < 0)
    return read_error (path, limits, errno, error);
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      close (fd);
      g_set_error (error, limits->domain, limits->io_code, _("%s: this is not a regular file"), path);
      return FALSE;
    }
  if ((guint64) info.st_size > limits->max_size)
    {
      close (fd);
      return too_large_error (path, limits, error);
    }
  buffer = g_byte_array_new ();
  ok = read_bounded (fd, limits->max_size, info.st_size, buffer, &saved);
  close (fd);
  if (!ok)
    return read_error (path, limits, saved, error);
  if (buffer->len > limits->max_size)
    return too_large_error (path, limits, error);
  *length = buffer->len;
  g_byte_array_append (buffer, (const guint8 *) "", 1);
  *contents = (char *) g_byte_array_free (g_steal_pointer (&buffer), FALSE);
  return TRUE;
}

/* Replacing ---------------------------------------------------------------- */

char *
kessel_file_resolve (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (int depth = 0; depth < MAX_LINK_DEPTH; depth++)
    {
      g_autofree char *target = NULL;
      struct stat info;

      if (lstat (current, &info) != 0 || !S_ISLNK (info.st_mode))
        return g_steal_pointer (&current);
      target = g_file_read_link (current, NULL);
      if (target == NULL)
        return g_steal_pointer (&current);
      if (!g_path_is_absolute (target))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          g_autofree char *joined = g_build_filename (dir, target, NULL);
          g_free (target);
          target = g_steal_pointer (&joined);
        }
      g_free (current);
      current = g_steal_pointer (&target);
    }
  return NULL;
}

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
set_write_error (const char *path, int saved, GQuark domain, int code, GError **error)
{
  g_set_error (error, domain, code, _("%s: cannot write the file: %s"), path, g_strerror (saved));
  return FALSE;
}

/* Whether name is a temporary file made by kessel_file_replace for base. */
static gboolean
is_temporary_of (const char *name, const char *base)
{
  gsize base_length = strlen (base);

  if (name[0] != '.' || strncmp (name + 1, base, base_length) != 0 || name[1 + base_length] != '.')
    return FALSE;
  name += 2 + base_length;
  if (strlen (name) != 6)
    return FALSE;
  for (; *name; name++)
    if (!g_ascii_isalnum (*name))
      return FALSE;
  return TRUE;
}

/* A save holds a lock on its temporary file while it writes, so a temporary
 * file nobody holds a lock on was left by a save that was killed. */
static void
remove_leftovers (const char *dir, const char *base)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *leftover = NULL;
      struct stat info;
      int fd;

      if (!is_temporary_of (name, base))
        continue;
      leftover = g_build_filename (dir, name, NULL);
      fd = open (leftover, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0)
        continue;
      if (fstat (fd, &info) == 0 && S_ISREG (info.st_mode) && info.st_uid == geteuid ()
          && flock (fd, LOCK_EX | LOCK_NB) == 0)
        g_unlink (leftover);
      close (fd);
    }
}

static void
sync_directory (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* The target as it is now: missing (the new file then gets new_mode less
 * the umask, as the kernel applies it), or a regular file whose mode and owner
 * the new one keeps. */
typedef struct {
  gboolean exists;
  mode_t mode;
  uid_t uid;
  gid_t gid;
  nlink_t links;
} Target;

static gboolean
inspect_target (const char *path, const char *real, mode_t new_mode, Target *target,
                GQuark domain, int code, GError **error)
{
  struct stat info;

  *target = (Target) { FALSE, new_mode, (uid_t) -1, (gid_t) -1, 0 };
  if (stat (real, &info) != 0)
    {
      if (errno == ENOENT)
        return TRUE;
      g_set_error (error, domain, code, _("%s: cannot save: %s"), path, g_strerror (errno));
      return FALSE;
    }
  if (!S_ISREG (info.st_mode))
    {
      g_set_error (error, domain, code, _("%s: not saved, because this is not a regular file"), path);
      return FALSE;
    }
  *target = (Target) { TRUE, info.st_mode & 07777, info.st_uid, info.st_gid, info.st_nlink };
  return TRUE;
}

/* Rewrites a file with other hard links in place, from the checked data. */
static gboolean
rewrite_in_place (const char *path, const char *real, const char *data, gsize length,
                  GQuark domain, int code, GError **error)
{
  int fd = open (real, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  gboolean ok = fd >= 0 && write_all (fd, data, length) && ftruncate (fd, length) == 0
                && fsync (fd) == 0;
  int saved = errno;

  if (fd >= 0 && close (fd) != 0 && ok)
    {
      ok = FALSE;
      saved = errno;
    }
  return ok || set_write_error (path, saved, domain, code, error);
}

static gboolean
write_temporary (int fd, const Target *target, const char *data, gsize length, int *saved)
{
  gboolean ok = flock (fd, LOCK_EX) == 0 && write_all (fd, data, length)
                && (!target->exists || fchmod (fd, target->mode) == 0) && fsync (fd) == 0;

  *saved = errno;
  if (ok && target->exists && geteuid () == 0)
    (void) fchown (fd, target->uid, target->gid);
  return ok;
}

static gboolean
replace_resolved (const char *path, const char *real, const char *data, gsize length, mode_t new_mode,
                  KesselFileCheck check, gpointer check_data, GQuark domain, int code,
                  GError **error)
{
  g_autofree char *dir = g_path_get_dirname (real);
  g_autofree char *base = g_path_get_basename (real);
  g_autofree char *temp_path = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  Target target;
  int saved = 0;
  int fd;
  gboolean ok;

  if (!inspect_target (path, real, new_mode, &target, domain, code, error))
    return FALSE;
  remove_leftovers (dir, base);
  fd = g_mkstemp_full (temp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, target.exists ? 0600 : target.mode);
  if (fd < 0)
    {
      saved = errno;
      g_set_error (error, domain, code, _("%s: cannot save beside it: %s"), path, g_strerror (saved));
      return FALSE;
    }
  ok = write_temporary (fd, &target, data, length, &saved);
  if (!ok)
    set_write_error (path, saved, domain, code, error);
  ok = ok && (check == NULL || check (temp_path, path, check_data, error));
  if (ok && target.links > 1)
    ok = rewrite_in_place (path, real, data, length, domain, code, error);
  else if (ok && g_rename (temp_path, real) != 0)
    {
      saved = errno;
      ok = FALSE;
      g_set_error (error, domain, code, _("%s: cannot replace the file: %s"), path, g_strerror (saved));
    }
  if (!ok || target.links > 1)
    g_unlink (temp_path);
  close (fd);   /* releases the lock only now that the file has its place */
  if (ok)
    sync_directory (dir);
  return ok;
}

static gboolean
replace_with_mode (const char *path, const char *data, gsize length, mode_t new_mode,
                   KesselFileCheck check, gpointer check_data, GQuark domain, int code, GError **error)
{
  g_autofree char *real = kessel_file_resolve (path);

  if (real == NULL)
    {
      g_set_error (error, domain, code, _("%s: not saved, because its symbolic links loop"), path);
      return FALSE;
    }
  return replace_resolved (path, real, data, length, new_mode, check, check_data, domain, code, error);
}

gboolean
kessel_file_replace (const char *path, const char *data, gsize length,
                     KesselFileCheck check, gpointer check_data,
                     GQuark domain, int code, GError **error)
{
  return replace_with_mode (path, data, length, 0666, check, check_data, domain, code, error);
}

gboolean
kessel_file_replace_private (const char *path, const char *data, gsize length,
                             GQuark domain, int code, GError **error)
{
  return replace_with_mode (path, data, length, 0600, NULL, NULL, domain, code, error);
}

/* Messages ----------------------------------------------------------------- */

char *
kessel_text_cut (const char *text, gsize max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (text ? text : "", -1);
  const char *end;

  if ((gsize) g_utf8_strlen (valid, -1) <= max_chars)
    return g_steal_pointer (&valid);
  end = g_utf8_offset_to_pointer (valid, (glong) max_chars);
  return g_strdup_printf ("%.*s…", (int) (end - valid), valid);
}

/* XML ---------------------------------------------------------------------- */

typedef struct {
  const char *p;
  const char *end;
  long line;
} Scanner;

static gboolean
looking_at (const Scanner *scan, const char *text)
{
  gsize length = strlen (text);
  return (gsize) (scan->end - scan->p) >= length && memcmp (scan->p, text, length) == 0;
}

/* Moves past the next occurrence of text, or to the end. */
static void
skip_past (Scanner *scan, const char *text)
{
  while (scan->p < scan->end && !looking_at (scan, text))
    {
      if (*scan->p == '\n')
        scan->line++;
      scan->p++;
    }
  scan->p = MIN (scan->p + strlen (text), scan->end);
}

/* Moves past the '>' of a tag, outside quoted values; returns how many
 * attributes the tag has and whether it closes itself. */
static guint
skip_tag (Scanner *scan, gboolean *empty)
{
  guint attributes = 0;
  char quote = 0;

  *empty = FALSE;
  for (; scan->p < scan->end; scan->p++)
    {
      char c = *scan->p;
      if (c == '\n')
        scan->line++;
      if (quote != 0)
        quote = c == quote ? 0 : quote;
      else if (c == '"' || c == '\'')
        quote = c;
      else if (c == '=')
        attributes++;
      else if (c == '>')
        {
          *empty = scan->p[-1] == '/';
          scan->p++;
          break;
        }
    }
  return attributes;
}

static gboolean
scan_failure (long line, long *error_line, char **error_message, char *message)
{
  *error_line = line;
  *error_message = message;
  return FALSE;
}

/* Counts what libxml2 would otherwise take too long over: its check for
 * repeated attributes is quadratic, and every later stage grows with the
 * number of elements. */
static gboolean
scan_structure (const char *data, gsize length, long *error_line, char **error_message)
{
  Scanner scan = { data, data + length, 1 };
  guint elements = 0;
  int depth = 0;

  while (scan.p < scan.end)
    {
      long line = scan.line;
      gboolean empty;

      if (*scan.p != '<')
        {
          if (*scan.p++ == '\n')
            scan.line++;
          continue;
        }
      if (looking_at (&scan, "<!--"))
        skip_past (&scan, "-->");
      else if (looking_at (&scan, "<![CDATA["))
        skip_past (&scan, "]]>");
      else if (looking_at (&scan, "<?"))
        skip_past (&scan, "?>");
      else if (looking_at (&scan, "<!DOCTYPE"))
        return scan_failure (line, error_line, error_message,
                             g_strdup (_("the file may not contain a <!DOCTYPE> declaration")));
      else if (looking_at (&scan, "</"))
        {
          skip_tag (&scan, &empty);
          depth--;
        }
      else if (++elements > KESSEL_XML_MAX_ELEMENTS)
        return scan_failure (line, error_line, error_message,
                             g_strdup_printf (_("the file has more than %d elements, the most Kessel reads"),
                                              KESSEL_XML_MAX_ELEMENTS));
      else if (skip_tag (&scan, &empty) > KESSEL_XML_MAX_ATTRIBUTES)
        return scan_failure (line, error_line, error_message,
                             g_strdup_printf (_("an element has more than %d attributes, the most Kessel reads"),
                                              KESSEL_XML_MAX_ATTRIBUTES));
      else if (!empty && ++depth > KESSEL_XML_MAX_DEPTH)
        return scan_failure (line, error_line, error_message,
                             g_strdup_printf (_("the elements nest more than %d deep, the most Kessel reads"),
                                              KESSEL_XML_MAX_DEPTH));
    }
  return TRUE;
}

static long
line_at (const char *data, const char *where)
{
  long line = 1;

  for (const char *p = data; p < where; p++)
    if (*p == '\n')
      line++;
  return line;
}

/* Errors are taken from the context afterwards; nothing is printed. Some
 * errors of libxml2 2.9 (a huge text node) go to the validity channel, which
 * XML_PARSE_NOERROR leaves printing, unless a structured handler is set. */
static void
ignore_xml_error (void *data, xmlErrorPtr error)
{
}

xmlDoc *
kessel_xml_read (const char *data, gsize length, const char *file_name,
                 long *error_line, char **error_message)
{
  const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
  const char *invalid = NULL;
  xmlParserCtxtPtr context;
  xmlDoc *doc;

  if (length > G_MAXINT)
    {
      scan_failure (1, error_line, error_message, g_strdup (_("the file is too large")));
      return NULL;
    }
  if (!g_utf8_validate_len (data, length, &invalid))
    {
      scan_failure (line_at (data, invalid), error_line, error_message,
                    g_strdup (_("this is not UTF-8 text: the line holds a byte that is not valid UTF-8, or a NUL byte")));
      return NULL;
    }
  if (!scan_structure (data, length, error_line, error_message))
    return NULL;
  /* Read as UTF-8 whatever the declaration says: no conversion, no
   * encoding errors printed by libxml2 itself. */
  context = xmlNewParserCtxt ();
  context->sax->serror = ignore_xml_error;
  doc = xmlCtxtReadMemory (context, data, (int) length, file_name, "UTF-8", options);
  if (doc == NULL)
    {
      xmlErrorPtr error = xmlCtxtGetLastError (context);
      g_autofree char *text = g_strstrip (g_strdup (error && error->message ? error->message
                                                    : _("not a readable XML document")));
      g_autofree char *reason = kessel_text_cut (text, 2 * KESSEL_MESSAGE_MAX_QUOTE);
      *error_line = error && error->line > 0 ? error->line : 1;
      *error_message = g_strdup_printf (_("this is not well-formed XML: %s"), reason);
    }
  else if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      *error_line = 1;
      *error_message = g_strdup (_("the file may not contain a <!DOCTYPE> declaration"));
      xmlFreeDoc (doc);
      doc = NULL;
    }
  xmlFreeParserCtxt (context);
  return doc;
}

char *
kessel_xml_prop (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *) name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

char *
kessel_xml_text (xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *copy = g_strstrip (g_strdup (value ? (const char *) value : ""));

  xmlFree (value);
  return copy;
}

gboolean
kessel_xml_is_named (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && g_strcmp0 ((const char *) node->name, name) == 0;
}
