#include "cqpdf.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static cqpdf_api api;
static int loaded;
static char error[300];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The run-time name of Debian 12's libqpdf (libqpdf29); the unversioned name, from
  // libqpdf-dev, as a fallback for other releases.
  void *library = dlopen("libqpdf.so.29", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libqpdf.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(error, sizeof error, "cannot load libqpdf: %s", reason != NULL ? reason : "unknown error");
    return;
  }
#define CQPDF_LOOKUP(name)                                                \
  api.name = (__typeof__(api.name))dlsym(library, #name);                 \
  if (api.name == NULL) {                                                 \
    snprintf(error, sizeof error, "libqpdf has no function %s", #name);  \
    return;                                                               \
  }
  CQPDF_FUNCTIONS(CQPDF_LOOKUP)
#undef CQPDF_LOOKUP
  loaded = 1;
}

const cqpdf_api *cqpdf_load(const char **message) {
  pthread_once(&once, load);
  if (!loaded) {
    *message = error;
    return NULL;
  }
  *message = NULL;
  return &api;
}
