// HarfBuzz's subsetter (Debian: libharfbuzz-dev headers, libharfbuzz-subset0 at run time), for
// the font an SVG with `--svg-text text` embeds. Opened with dlopen on first use, so that the
// other commands and outputs (all but that one) do not map and relocate it at start-up.
#ifndef CHARFBUZZ_SUBSET_H
#define CHARFBUZZ_SUBSET_H

#include <hb-subset.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CHARFBUZZ_SUBSET_FUNCTIONS(X)                                                             \
  X(hb_subset_input_create_or_fail) X(hb_subset_input_unicode_set) X(hb_subset_or_fail)          \
  X(hb_subset_input_destroy)

/// The hb-subset functions the SVG writer calls, each named as in hb-subset.h.
typedef struct {
#define CHARFBUZZ_SUBSET_FIELD(name) __typeof__(name) *_Nonnull name;
  CHARFBUZZ_SUBSET_FUNCTIONS(CHARFBUZZ_SUBSET_FIELD)
#undef CHARFBUZZ_SUBSET_FIELD
} charfbuzz_subset_api;

/// Loads libharfbuzz-subset (once per process, thread-safe). NULL when it cannot be loaded;
/// then `*message` says why (dlopen's or dlsym's error).
const charfbuzz_subset_api *_Nullable charfbuzz_subset_load(const char *_Nullable *_Nonnull message);

#ifdef __cplusplus
}
#endif

#endif
