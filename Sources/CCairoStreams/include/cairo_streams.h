// What the release build's statically linked Cairo formats numbers and compresses streams
// with (Scripts/static-link.sh renames Cairo's calls to glibc's __snprintf_chk and to zlib's
// deflateInit_/deflate/deflateEnd to the wp_cairo_* functions here).
//
// Measured on a PDF render of Samples/benchmark.json (callgrind): glibc's "%f" conversion was
// 35 % of the process's instructions and zlib's level-6 deflate 24 %. The replacements write
// the same text ("%f" exactly as glibc rounds it) and the same zlib format (libdeflate's
// compressor, so the compressed bytes differ from zlib's but decode to the same content).
// A debug build links Debian's libcairo.so, which does not call them; tests call them directly.
#ifndef CAIRO_STREAMS_H
#define CAIRO_STREAMS_H

#include <stdarg.h>
#include <stddef.h>
#include <zlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `value` as printf's "%.<precision>f" does in the C locale (glibc's exact decimal
/// expansion, ties to even), NUL-terminated and truncated to `size` like snprintf. Returns the
/// full length, or -1 when the value is outside the fast cases (not finite, or |value| ≥ 2^64,
/// or precision outside 0…18): the caller then uses snprintf.
int wp_format_fixed(char *buffer, size_t size, int precision, double value);

/// glibc's __snprintf_chk with "%f", "%.Nf", "%.*f" and "%d" formatted here, every other
/// format by glibc's __vsnprintf_chk.
int wp_cairo_snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...);

/// `wp_cairo_snprintf_chk` with its arguments as a va_list.
int wp_cairo_vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);

/// zlib's deflateInit_/deflate/deflateEnd for Cairo's deflate stream (cairo-deflate-stream.c,
/// which only ever asks for Z_NO_FLUSH and Z_FINISH). Input is gathered and compressed at
/// Z_FINISH by libdeflate; a stream that grows past `WP_CAIRO_BUFFERED_BYTES` (a photo's
/// pixels) goes on through zlib itself, so memory stays bounded.
int wp_cairo_deflateInit_(z_streamp stream, int level, const char *version, int stream_size);
int wp_cairo_deflate(z_streamp stream, int flush);
int wp_cairo_deflateEnd(z_streamp stream);

/// Bytes gathered before a stream is handed to zlib (8 MiB).
#define WP_CAIRO_BUFFERED_BYTES (8u << 20)

#ifdef __cplusplus
}
#endif

#endif
