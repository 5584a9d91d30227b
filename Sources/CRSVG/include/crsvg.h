// librsvg 2 (Debian: librsvg2-dev at build time, librsvg2-2 at run time): draws a designer's SVG
// (a design's custom art) into a Cairo context, so vectors stay vectors in PDF. Opened with
// dlopen on first use: renders without custom art never map it (nor GLib, GIO and libxml2,
// which it pulls in).
//
// librsvg's header needs GLib's include folders, which only pkg-config knows; this target has
// no pkg-config of its own, so the few declarations used are repeated here exactly as
// <librsvg/rsvg.h> (2.52 and later) and <glib.h> declare them. The types are ABI-stable: GLib
// and librsvg keep them across their 2.x series.
#ifndef CRSVG_H
#define CRSVG_H

#include <cairo.h>
#include <stddef.h>
#include <stdint.h>

#include "lazy_library.h"

#ifdef __cplusplus
extern "C" {
#endif

/// GLib's GError (glib/gerror.h).
typedef struct {
  uint32_t domain;
  int code;
  char *_Nullable message;
} GError;

/// librsvg's RsvgRectangle: a viewport in user space.
typedef struct {
  double x, y, width, height;
} RsvgRectangle;

typedef struct _RsvgHandle RsvgHandle;

RsvgHandle *_Nullable rsvg_handle_new_from_data(const unsigned char *_Nonnull data, unsigned long data_len,
                                                GError *_Nullable *_Nullable error);
void rsvg_handle_set_dpi(RsvgHandle *_Nonnull handle, double dpi);
int rsvg_handle_render_document(RsvgHandle *_Nonnull handle, cairo_t *_Nonnull cr,
                                const RsvgRectangle *_Nonnull viewport, GError *_Nullable *_Nullable error);
void g_object_unref(void *_Nonnull object);
void g_error_free(GError *_Nonnull error);

#define CRSVG_FUNCTIONS(X)                                                                        \
  X(rsvg_handle_new_from_data) X(rsvg_handle_set_dpi) X(rsvg_handle_render_document)              \
  X(g_object_unref) X(g_error_free)

/// The librsvg (and GLib) functions the renderer calls, each named as in rsvg.h and glib.h.
/// `crsvg_load` opens the library on its first call (once per process, thread-safe); GLib's
/// functions are found through librsvg, which links GLib. NULL when it cannot be opened, and
/// then `*message` says why.
LAZY_LIBRARY_DECLARE(crsvg_api, crsvg_load, CRSVG_FUNCTIONS)

#ifdef __cplusplus
}
#endif

#endif
