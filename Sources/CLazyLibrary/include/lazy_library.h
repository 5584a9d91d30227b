// Shared libraries opened with dlopen on first use, so that the commands and designs that do
// not need one never map and relocate it at start-up: libqpdf (proofs), Little CMS (PDF/X,
// ICC-tagged photos), HarfBuzz's subsetter (`--svg-text text`), libjpeg and libexif (JPEG
// photos), libheif (HEIC photos). Each user lists the functions it calls in an X-macro, declares
// a struct of typed pointers and its loader with LAZY_LIBRARY_DECLARE and defines the loader
// with LAZY_LIBRARY_TABLE. The caller names the library as this machine's loader knows it (its
// soname, read at build time: Scripts/shared-library-names.sh); nothing here names a version.
#ifndef LAZY_LIBRARY_H
#define LAZY_LIBRARY_H

#include <pthread.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens `soname` with RTLD_NOW | RTLD_LOCAL. NULL when it does not load; then `*failure` says
/// why, naming the `package` that provides it.
void *_Nullable lazy_library_open(const char *_Nonnull soname, const char *_Nonnull package,
                                  const char *_Nullable *_Nonnull failure);

/// The function `name` in `library` (opened from `soname`). NULL when it is missing; then
/// `*failure` names it.
void *_Nullable lazy_library_find(void *_Nonnull library, const char *_Nonnull soname, const char *_Nonnull name,
                                  const char *_Nullable *_Nonnull failure);

/// One table field per function, typed as the function the library's header declares.
#define LAZY_LIBRARY_FIELD(name) __typeof__(name) *_Nonnull name;

/// Declares TYPE, a struct of one typed pointer per function FUNCTIONS(X) lists (each field named
/// as the function), and its loader `const TYPE *LOADER(const char *soname, const char **message)`,
/// which LAZY_LIBRARY_TABLE defines.
#define LAZY_LIBRARY_DECLARE(TYPE, LOADER, FUNCTIONS)                                             \
  typedef struct {                                                                                \
    FUNCTIONS(LAZY_LIBRARY_FIELD)                                                                 \
  } TYPE;                                                                                         \
  const TYPE *_Nullable LOADER(const char *_Nonnull soname, const char *_Nullable *_Nonnull message);

#define LAZY_LIBRARY_LOOKUP(name)                                                                 \
  if (!(table->name = (__typeof__(table->name))lazy_library_find(library, soname, #name, failure))) return;

/// Defines `const TYPE *LOADER(const char *soname, const char **message)`: on its first call
/// (once per process, thread-safe) it opens `soname` and fills a TYPE with the FUNCTIONS(X) it
/// lists; it returns that table, or NULL with `*message` saying why. PACKAGE names what provides
/// the library, for that message. Every call passes the same soname (the build's).
#define LAZY_LIBRARY_TABLE(TYPE, LOADER, FUNCTIONS, PACKAGE)                                      \
  static TYPE LOADER##_table;                                                                     \
  static const char *LOADER##_failure;                                                            \
  static const char *LOADER##_soname;                                                             \
  static pthread_once_t LOADER##_once = PTHREAD_ONCE_INIT;                                        \
  static void LOADER##_open(void) {                                                               \
    const char *soname = LOADER##_soname;                                                         \
    const char **failure = &LOADER##_failure;                                                     \
    void *library = lazy_library_open(soname, PACKAGE, failure);                                  \
    if (library == NULL) return;                                                                  \
    TYPE *table = &LOADER##_table;                                                                \
    FUNCTIONS(LAZY_LIBRARY_LOOKUP)                                                                \
  }                                                                                               \
  const TYPE *LOADER(const char *soname, const char **message) {                                  \
    LOADER##_soname = soname;                                                                     \
    pthread_once(&LOADER##_once, LOADER##_open);                                                  \
    *message = LOADER##_failure;                                                                  \
    return LOADER##_failure == NULL ? &LOADER##_table : NULL;                                     \
  }

#ifdef __cplusplus
}
#endif

#endif
