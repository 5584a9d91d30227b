#include "charfbuzz_subset.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static charfbuzz_subset_api api;
static int loaded;
static char error[300];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libharfbuzz-subset.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, sizeof error, "cannot load libharfbuzz-subset (libharfbuzz-subset0): %s",
             reason != NULL ? reason : "unknown error");
    return;
  }
#define CHARFBUZZ_SUBSET_LOOKUP(name)                                                \
  api.name = (__typeof__(api.name))dlsym(library, #name);                            \
  if (api.name == NULL) {                                                            \
    snprintf(error, sizeof error, "libharfbuzz-subset has no function %s", #name);  \
    return;                                                                          \
  }
  CHARFBUZZ_SUBSET_FUNCTIONS(CHARFBUZZ_SUBSET_LOOKUP)
#undef CHARFBUZZ_SUBSET_LOOKUP
  loaded = 1;
}

const charfbuzz_subset_api *charfbuzz_subset_load(const char **message) {
  pthread_once(&once, load);
  if (!loaded) {
    *message = error;
    return NULL;
  }
  *message = NULL;
  return &api;
}
