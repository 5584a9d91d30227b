#include "charfbuzz_subset.h"

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(charfbuzz_subset_api, charfbuzz_subset_load, CHARFBUZZ_SUBSET_FUNCTIONS,
                   "HarfBuzz's subsetter: Debian libharfbuzz-dev, Homebrew harfbuzz")
