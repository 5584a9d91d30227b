// libqpdf's C API (Debian: libqpdf-dev), loaded with dlopen on first use, so only commands that
// make print proofs map libqpdf (and the C++ runtime and TLS stack it brings): `render`,
// `export` and `devices` start without it. The C++ API is not used: the C API turns qpdf's
// exceptions into error codes that every call site checks.
#ifndef CQPDF_H
#define CQPDF_H

#include <qpdf/qpdf-c.h>

#include "lazy_library.h"

#ifdef __cplusplus
extern "C" {
#endif

// QPDF_ERRORS and QPDF_WARNINGS are written as `1 << n`, which Swift does not import.
static inline int cqpdf_errors_bit(void) { return QPDF_ERRORS; }
static inline int cqpdf_warnings_bit(void) { return QPDF_WARNINGS; }

#define CQPDF_FUNCTIONS(X)                                                                        \
  X(qpdf_init) X(qpdf_cleanup) X(qpdf_silence_errors) X(qpdf_set_suppress_warnings)               \
  X(qpdf_has_error) X(qpdf_get_error) X(qpdf_get_error_full_text) X(qpdf_more_warnings)           \
  X(qpdf_next_warning) X(qpdf_read_memory) X(qpdf_push_inherited_attributes_to_page)              \
  X(qpdf_get_num_pages) X(qpdf_get_page_n) X(qpdf_oh_get_key) X(qpdf_oh_replace_key)              \
  X(qpdf_oh_release) X(qpdf_oh_is_array) X(qpdf_oh_get_array_n_items) X(qpdf_oh_get_array_item)   \
  X(qpdf_oh_get_value_as_number) X(qpdf_oh_new_array) X(qpdf_oh_new_real_from_string)             \
  X(qpdf_oh_append_item) X(qpdf_init_write_memory) X(qpdf_set_deterministic_ID) X(qpdf_write)     \
  X(qpdf_get_buffer_length) X(qpdf_get_buffer)                                                   \
  CQPDF_PDFX_FUNCTIONS(X)

// Added for PDF/X-4 and registration colour: objects parsed from PDF syntax, streams, a walk
// over every object and its dictionary keys, and the written file's minimum version.
#define CQPDF_PDFX_FUNCTIONS(X)                                                                   \
  X(qpdf_get_root) X(qpdf_get_trailer) X(qpdf_get_object_by_id) X(qpdf_oh_parse)                  \
  X(qpdf_oh_new_stream) X(qpdf_oh_get_dict) X(qpdf_oh_get_stream_data)                            \
  X(qpdf_oh_replace_stream_data) X(qpdf_make_indirect_object) X(qpdf_oh_new_unicode_string)       \
  X(qpdf_oh_is_dictionary) X(qpdf_oh_is_stream) X(qpdf_oh_is_name_and_equals) X(qpdf_oh_has_key)  \
  X(qpdf_oh_begin_dict_key_iter) X(qpdf_oh_dict_more_keys) X(qpdf_oh_dict_next_key)               \
  X(qpdf_oh_get_utf8_value) X(qpdf_oh_is_indirect) X(qpdf_oh_get_value_as_int)                    \
  X(qpdf_oh_is_name) X(qpdf_oh_get_name) X(qpdf_oh_is_string) X(qpdf_oh_set_array_item)           \
  X(qpdf_set_minimum_pdf_version) X(qpdf_oh_remove_key) X(qpdf_oh_get_object_id)

/// The libqpdf functions the print-proof post-pass calls, each named as in qpdf-c.h.
/// `cqpdf_load` opens the library on its first call (once per process, thread-safe); it
/// returns NULL when the library cannot be opened, and then `*message` says why.
LAZY_LIBRARY_DECLARE(cqpdf_api, cqpdf_load, CQPDF_FUNCTIONS)

#ifdef __cplusplus
}
#endif

#endif
