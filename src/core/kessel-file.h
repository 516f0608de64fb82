/* kessel-file.h: reading files and XML safely and replacing files atomically,
 * shared by scenario files and saved games. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* What any XML file Kessel reads may hold. Scenario files and saved games
 * need far less; the bounds keep the parser and every later stage fast. */
#define KESSEL_XML_MAX_ELEMENTS 100000
#define KESSEL_XML_MAX_ATTRIBUTES 32   /* per element */
#define KESSEL_XML_MAX_DEPTH 16

/* The longest quoted value a message repeats (in characters). */
#define KESSEL_MESSAGE_MAX_QUOTE 60

/* How a file is read: its size limit, and the error domain and codes to
 * report in. too_large is a translated format with one %d, the limit in MiB. */
typedef struct {
  gsize max_size;
  GQuark domain;
  int io_code;
  int too_large_code;
  const char *too_large;
} KesselFileLimits;

/* Reads a regular file of at most limits->max_size bytes. Anything else (a
 * device, a FIFO, a directory) is refused without blocking, and the reading
 * stops at the limit even when the file claims a smaller size, as the files
 * of /proc do. The contents end in a NUL byte not counted in length. */
gboolean kessel_file_read (const char *path, const KesselFileLimits *limits,
                           char **contents, gsize *length, GError **error);

/* Checks the written copy at temp_path before it replaces the target. */
typedef gboolean (*KesselFileCheck) (const char *temp_path, const char *path, gpointer data,
                                     GError **error);

/* Writes data beside path, syncs it, lets check read it back, then renames it
 * over path and syncs the folder. A symbolic link is written through to its
 * target, the mode of an existing file is kept, and anything but a regular
 * file is refused. A file with other hard links is rewritten in place after
 * the check, so that all its names keep showing the same file. On any
 * failure path is untouched and no temporary file is left; temporary files
 * that a killed save left beside path are removed. */
gboolean kessel_file_replace (const char *path, const char *data, gsize length,
                              KesselFileCheck check, gpointer check_data,
                              GQuark domain, int code, GError **error);

/* As kessel_file_replace, but a new file is made readable by its owner
 * only (0600) from the start, never widened for a moment. */
gboolean kessel_file_replace_private (const char *path, const char *data, gsize length,
                                      GQuark domain, int code, GError **error);

/* The path of the file that path names, following symbolic links, or NULL
 * if they loop. A missing file is not an error. */
char *kessel_file_resolve (const char *path);

/* Parses XML that must be UTF-8, without network access, entity expansion,
 * DOCTYPE, or more elements, attributes or depth than the bounds above. On
 * failure returns NULL with the line and the reason. */
xmlDoc *kessel_xml_read (const char *data, gsize length, const char *file_name,
                         long *error_line, char **error_message);

/* Reading parsed XML: an element's attribute (NULL if absent), its text
 * with white space around it stripped, and whether a node is an element of
 * that name. */
char    *kessel_xml_prop (xmlNode *node, const char *name);
char    *kessel_xml_text (xmlNode *node);
gboolean kessel_xml_is_named (xmlNode *node, const char *name);

/* A copy of text cut to at most max_chars characters, with "…" when cut, so
 * that a message never repeats a value of megabytes. */
char *kessel_text_cut (const char *text, gsize max_chars);

G_END_DECLS
