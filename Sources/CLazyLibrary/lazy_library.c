#include "lazy_library.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A message made once per library that fails, kept for the life of the process (the loaders
// hand it out on every later call).
static const char *message(const char *format, ...) {
  va_list arguments, copy;
  va_start(arguments, format);
  va_copy(copy, arguments);
  int length = vsnprintf(NULL, 0, format, arguments);
  va_end(arguments);
  char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
  if (text != NULL) vsnprintf(text, (size_t)length + 1, format, copy);
  va_end(copy);
  return text != NULL ? text : "out of memory";
}

// "liblcms2" of "liblcms2.so.2" or "/opt/homebrew/lib/liblcms2.2.dylib": the name people know a
// library by.
static const char *library_name(const char *soname, char *buffer, size_t size) {
  const char *slash = strrchr(soname, '/');
  if (slash != NULL) soname = slash + 1;
  const char *end = strchr(soname, '.');
  size_t length = end != NULL ? (size_t)(end - soname) : strlen(soname);
  if (length >= size) length = size - 1;
  memcpy(buffer, soname, length);
  buffer[length] = 0;
  return buffer;
}

void *lazy_library_open(const char *soname, const char *package, const char **failure) {
  void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (library != NULL) return library;
  const char *reason = dlerror();
  char name[64];
  *failure = message("cannot load %s (package %s): %s", library_name(soname, name, sizeof name), package,
                     reason != NULL ? reason : "unknown error");
  return NULL;
}

void *lazy_library_find(void *library, const char *soname, const char *name, const char **failure) {
  void *function = dlsym(library, name);
  if (function == NULL) {
    char label[64];
    *failure = message("%s has no function %s", library_name(soname, label, sizeof label), name);
  }
  return function;
}
