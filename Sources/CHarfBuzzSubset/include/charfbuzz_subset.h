// HarfBuzz's subsetter (Debian: libharfbuzz-dev headers, libharfbuzz-subset0 at run time), for
// the font an SVG with `--svg-text text` embeds. Opened with dlopen on first use, so that the
// other commands and outputs (all but that one) do not map and relocate it at start-up.
#ifndef CHARFBUZZ_SUBSET_H
#define CHARFBUZZ_SUBSET_H

#include <hb-subset.h>

#include "lazy_library.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CHARFBUZZ_SUBSET_FUNCTIONS(X)                                                             \
  X(hb_subset_input_create_or_fail) X(hb_subset_input_unicode_set) X(hb_subset_or_fail)          \
  X(hb_subset_input_destroy)

/// The hb-subset functions the SVG writer calls, each named as in hb-subset.h.
/// `charfbuzz_subset_load` opens the library on its first call (once per process, thread-safe); it
/// returns NULL when the library cannot be opened, and then `*message` says why.
LAZY_LIBRARY_DECLARE(charfbuzz_subset_api, charfbuzz_subset_load, CHARFBUZZ_SUBSET_FUNCTIONS)

#ifdef __cplusplus
}
#endif

#endif
