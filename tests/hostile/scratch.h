/* scratch.h: a folder of its own for each test program, removed at the end. */
#pragma once

/* Makes a fresh folder under the temporary folder, named after pattern. */
char *scratch_make (const char *pattern);
/* Removes path and everything in it, without following symbolic links. */
void  scratch_remove (const char *path);
