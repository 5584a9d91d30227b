#include "cqpdf.h"

#include "lazy_library.h"

LAZY_LIBRARY_TABLE(cqpdf_api, cqpdf_load, CQPDF_FUNCTIONS, "qpdf: Debian libqpdf-dev, Homebrew qpdf")
