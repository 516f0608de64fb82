/* kessel-file.h: reading XML safely and replacing files atomically, shared by
 * scenario files and saved games. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* Checks the written copy at temp_path before it replaces the target. */
typedef gboolean (*KesselFileCheck) (const char *temp_path, const char *path, gpointer data,
                                     GError **error);

/* Writes data beside path, syncs it, lets check read it back, then renames it
 * over path. On any failure path is untouched and no temporary file is left. */
gboolean kessel_file_replace (const char *path, const char *data, gsize length,
                              KesselFileCheck check, gpointer check_data,
                              GQuark domain, int code, GError **error);

/* Parses XML without network access, entity expansion or DOCTYPE. On failure
 * returns NULL with the line and the reason. */
xmlDoc *kessel_xml_read (const char *data, gsize length, const char *file_name,
                         long *error_line, char **error_message);

G_END_DECLS
