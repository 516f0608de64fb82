/* kessel-boxed-private.h: boxed types for the plain structures the API hands
 * out, so that bindings copy and free them: a structure that owns no memory
 * through its pointers is copied byte for byte. */
#pragma once

#include <glib-object.h>

#define KESSEL_DEFINE_PLAIN_BOXED_TYPE(TypeName, type_name)                  \
  static TypeName *                                                         \
  type_name##_dup (const TypeName *value)                                   \
  {                                                                         \
    return g_memdup2 (value, sizeof *value);                                \
  }                                                                         \
  G_DEFINE_BOXED_TYPE (TypeName, type_name, type_name##_dup, g_free)
