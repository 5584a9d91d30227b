#include "clcms2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static clcms2_api api;
static int loaded;
static char error[300];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("liblcms2.so.2", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, sizeof error, "cannot load liblcms2 (liblcms2-2): %s", reason != NULL ? reason : "unknown error");
    return;
  }
#define CLCMS2_LOOKUP(name)                                                \
  api.name = (__typeof__(api.name))dlsym(library, #name);                  \
  if (api.name == NULL) {                                                  \
    snprintf(error, sizeof error, "liblcms2 has no function %s", #name);  \
    return;                                                                \
  }
  CLCMS2_FUNCTIONS(CLCMS2_LOOKUP)
#undef CLCMS2_LOOKUP
  loaded = 1;
}

const clcms2_api *clcms2_load(const char **message) {
  pthread_once(&once, load);
  if (!loaded) {
    *message = error;
    return NULL;
  }
  *message = NULL;
  return &api;
}
