#include "crsvg.h"

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(crsvg_api, crsvg_load, CRSVG_FUNCTIONS, "librsvg: Debian librsvg2-dev, Homebrew librsvg")
