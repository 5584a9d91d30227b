#include "clcms2.h"

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(clcms2_api, clcms2_load, CLCMS2_FUNCTIONS, "liblcms2-2", "liblcms2.so.2")
