// libqpdf's C API (Debian: libqpdf-dev). The C++ API is not used: Swift reaches C directly,
// and the C API turns qpdf's exceptions into error codes that every call site checks.
#include <qpdf/qpdf-c.h>

// QPDF_ERRORS and QPDF_WARNINGS are written as `1 << n`, which Swift does not import.
static inline int cqpdf_errors_bit(void) { return QPDF_ERRORS; }
static inline int cqpdf_warnings_bit(void) { return QPDF_WARNINGS; }
