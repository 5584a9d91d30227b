#include "cqpdf.h"

#include "lazy_library.h"

// The run-time name of Debian 12's libqpdf (libqpdf29); the unversioned name, from libqpdf-dev,
// as a fallback for other releases.
LAZY_LIBRARY_TABLE(cqpdf_api, cqpdf_load, CQPDF_FUNCTIONS, "libqpdf29", "libqpdf.so.29", "libqpdf.so")
