#include "clcms2.h"

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(clcms2_api, clcms2_load, CLCMS2_FUNCTIONS, "Little CMS: Debian liblcms2-dev, Homebrew little-cms2")
