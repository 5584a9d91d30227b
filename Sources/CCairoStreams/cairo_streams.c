#include "cairo_streams.h"

#include <libdeflate.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// MARK: Numbers

static const uint64_t powers_of_ten[19] = {
    1ull,
    10ull,
    100ull,
    1000ull,
    10000ull,
    100000ull,
    1000000ull,
    10000000ull,
    100000000ull,
    1000000000ull,
    10000000000ull,
    100000000000ull,
    1000000000000ull,
    10000000000000ull,
    100000000000000ull,
    1000000000000000ull,
    10000000000000000ull,
    100000000000000000ull,
    1000000000000000000ull,
};

/// Copies `length` bytes of `text` to `buffer` as snprintf would (truncated, NUL-terminated).
static int finish(char *buffer, size_t size, const char *text, size_t length) {
  if (size > 0) {
    size_t copied = length < size - 1 ? length : size - 1;
    memcpy(buffer, text, copied);
    buffer[copied] = '\0';
  }
  return (int)length;
}

/// Appends the decimal digits of `value` at `out` (at least `width` of them, zero-padded);
/// returns the end.
static char *put_digits(char *out, uint64_t value, int width) {
  char digits[20];
  int count = 0;
  do {
    digits[count++] = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0);
  while (count < width) digits[count++] = '0';
  while (count > 0) *out++ = digits[--count];
  return out;
}

int wp_format_fixed(char *buffer, size_t size, int precision, double value) {
  if (precision < 0 || precision > 18 || !isfinite(value)) return -1;
  uint64_t bits;
  memcpy(&bits, &value, sizeof bits);
  int negative = (int)(bits >> 63);
  int exponent = (int)((bits >> 52) & 0x7FF);
  uint64_t mantissa = bits & ((1ull << 52) - 1);
  // value = ±mantissa / 2^shift, exactly.
  int shift = 1074;
  if (exponent != 0) {
    mantissa |= 1ull << 52;
    shift = 1075 - exponent;
  }
  uint64_t whole = 0, fraction = 0;
  if (mantissa != 0 && shift <= 0) {
    if (-shift >= 64 || (shift < 0 && (mantissa >> (64 + shift)) != 0)) return -1;
    whole = mantissa << -shift;
  } else if (mantissa != 0) {
    uint64_t rest = mantissa;
    if (shift < 64) {
      whole = mantissa >> shift;
      rest = mantissa & ((1ull << shift) - 1);
    }
    // The fraction times 10^precision, rounded to nearest with ties to even, as glibc does.
    // rest < 2^53 and 10^18 < 2^60, so the product fits in 128 bits; from a shift of 114
    // on it is below half a unit and rounds to 0.
    if (shift < 114) {
      unsigned __int128 scaled = (unsigned __int128)rest * powers_of_ten[precision];
      uint64_t quotient = (uint64_t)(scaled >> shift);
      unsigned __int128 remainder = scaled - ((unsigned __int128)quotient << shift);
      unsigned __int128 half = (unsigned __int128)1 << (shift - 1);
      int odd = (int)((precision > 0 ? quotient : whole) & 1);
      if (remainder > half || (remainder == half && odd)) quotient++;
      if (quotient == powers_of_ten[precision]) {
        whole++;
        quotient = 0;
      }
      fraction = quotient;
    }
  }
  char text[48];
  char *end = text;
  if (negative) *end++ = '-';
  end = put_digits(end, whole, 1);
  if (precision > 0) {
    *end++ = '.';
    end = put_digits(end, fraction, precision);
  }
  return finish(buffer, size, text, (size_t)(end - text));
}

extern int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap);

int wp_cairo_vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap) {
  int result = -1;
  // The fortify check (maxlen ≤ slen) is left to glibc, which aborts as it should.
  if (maxlen <= slen && format[0] == '%') {
    const char *f = format + 1;
    va_list args;
    va_copy(args, ap);
    if (f[0] == 'f' && f[1] == '\0') {
      result = wp_format_fixed(s, maxlen, 6, va_arg(args, double));
    } else if (f[0] == '.' && f[1] == '*' && f[2] == 'f' && f[3] == '\0') {
      int precision = va_arg(args, int);
      result = wp_format_fixed(s, maxlen, precision < 0 ? 6 : precision, va_arg(args, double));
    } else if (f[0] == '.' && f[1] >= '0' && f[1] <= '9') {
      int precision = f[1] - '0', at = 2;
      if (f[2] >= '0' && f[2] <= '9') precision = precision * 10 + (f[at++] - '0');
      if (f[at] == 'f' && f[at + 1] == '\0') result = wp_format_fixed(s, maxlen, precision, va_arg(args, double));
    } else if (f[0] == 'd' && f[1] == '\0') {
      int value = va_arg(args, int);
      char text[16];
      char *end = text;
      if (value < 0) *end++ = '-';
      end = put_digits(end, value < 0 ? (uint64_t)(-(int64_t)value) : (uint64_t)value, 1);
      result = finish(s, maxlen, text, (size_t)(end - text));
    }
    va_end(args);
  }
  return result >= 0 ? result : __vsnprintf_chk(s, maxlen, flag, slen, format, ap);
}

int wp_cairo_snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int result = wp_cairo_vsnprintf_chk(s, maxlen, flag, slen, format, ap);
  va_end(ap);
  return result;
}

// MARK: Deflate streams

/// The compression level of the streams libdeflate writes (zlib's default is 6; libdeflate's
/// 6 is faster than zlib's and compresses a little better).
enum { LIBDEFLATE_LEVEL = 6, ZLIB_LEVEL = 6, OUTPUT_SLACK = 65536 };

typedef struct {
  // Input gathered for libdeflate, until Z_FINISH or the limit.
  unsigned char *input;
  size_t input_size, input_capacity;
  // Compressed bytes not yet handed to the caller: output[sent…size).
  unsigned char *output;
  size_t output_size, output_capacity, sent;
  int finished;
  // Past the limit the stream goes on through zlib itself.
  int through_zlib;
  z_stream zlib;
} gathered_stream;

static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;

static void free_compressor(void *compressor) { libdeflate_free_compressor(compressor); }
static void make_compressor_key(void) { pthread_key_create(&compressor_key, free_compressor); }

/// One compressor per thread (an export renders on several), kept for the thread's life.
static struct libdeflate_compressor *thread_compressor(void) {
  pthread_once(&compressor_once, make_compressor_key);
  struct libdeflate_compressor *compressor = pthread_getspecific(compressor_key);
  if (compressor == NULL) {
    compressor = libdeflate_alloc_compressor(LIBDEFLATE_LEVEL);
    if (compressor != NULL) pthread_setspecific(compressor_key, compressor);
  }
  return compressor;
}

static int reserve(unsigned char **bytes, size_t *capacity, size_t needed) {
  if (needed <= *capacity) return 1;
  size_t grown = *capacity > 0 ? *capacity : 65536;
  while (grown < needed) grown *= 2;
  unsigned char *moved = realloc(*bytes, grown);
  if (moved == NULL) return 0;
  *bytes = moved;
  *capacity = grown;
  return 1;
}

/// Runs `size` bytes through zlib into the pending output (all of them; with Z_FINISH, to the
/// stream's end).
static int through_zlib(gathered_stream *g, const unsigned char *input, size_t size, int flush) {
  g->zlib.next_in = (unsigned char *)input;
  g->zlib.avail_in = (uInt)size;
  for (;;) {
    if (!reserve(&g->output, &g->output_capacity, g->output_size + OUTPUT_SLACK)) return Z_MEM_ERROR;
    g->zlib.next_out = g->output + g->output_size;
    g->zlib.avail_out = (uInt)(g->output_capacity - g->output_size);
    uInt before = g->zlib.avail_out;
    int status = deflate(&g->zlib, flush);
    g->output_size += before - g->zlib.avail_out;
    if (status == Z_STREAM_ERROR) return status;
    if (flush == Z_FINISH ? status == Z_STREAM_END : g->zlib.avail_in == 0) return Z_OK;
  }
}

int wp_cairo_deflateInit_(z_streamp stream, int level, const char *version, int stream_size) {
  (void)level;
  (void)version;
  if (stream == NULL || stream_size != (int)sizeof(z_stream)) return Z_VERSION_ERROR;
  gathered_stream *g = calloc(1, sizeof *g);
  if (g == NULL) return Z_MEM_ERROR;
  stream->state = (struct internal_state *)g;
  stream->total_in = 0;
  stream->total_out = 0;
  stream->msg = NULL;
  return Z_OK;
}

int wp_cairo_deflate(z_streamp stream, int flush) {
  gathered_stream *g = stream != NULL ? (gathered_stream *)stream->state : NULL;
  if (g == NULL || (flush != Z_NO_FLUSH && flush != Z_FINISH)) {
    if (stream != NULL) stream->msg = (char *)"only Z_NO_FLUSH and Z_FINISH are supported";
    return Z_STREAM_ERROR;
  }
  size_t size = stream->avail_in;
  if (size > 0 && g->finished) return Z_STREAM_ERROR;
  if (!g->finished) {
    if (!g->through_zlib && g->input_size + size > WP_CAIRO_BUFFERED_BYTES) {
      // Too large to gather: zlib from here on, starting with what was gathered.
      if (deflateInit(&g->zlib, ZLIB_LEVEL) != Z_OK) return Z_MEM_ERROR;
      g->through_zlib = 1;
      int status = through_zlib(g, g->input, g->input_size, Z_NO_FLUSH);
      free(g->input);
      g->input = NULL;
      g->input_size = g->input_capacity = 0;
      if (status != Z_OK) return status;
    }
    if (g->through_zlib) {
      int status = through_zlib(g, stream->next_in, size, flush);
      if (status != Z_OK) return status;
      g->finished = flush == Z_FINISH;
    } else {
      if (!reserve(&g->input, &g->input_capacity, g->input_size + size)) return Z_MEM_ERROR;
      if (size > 0) memcpy(g->input + g->input_size, stream->next_in, size);
      g->input_size += size;
      if (flush == Z_FINISH) {
        struct libdeflate_compressor *compressor = thread_compressor();
        if (compressor == NULL) return Z_MEM_ERROR;
        size_t bound = libdeflate_zlib_compress_bound(compressor, g->input_size);
        if (!reserve(&g->output, &g->output_capacity, g->output_size + bound)) return Z_MEM_ERROR;
        size_t written =
            libdeflate_zlib_compress(compressor, g->input, g->input_size, g->output + g->output_size, bound);
        if (written == 0) return Z_STREAM_ERROR;
        g->output_size += written;
        g->finished = 1;
        free(g->input);
        g->input = NULL;
        g->input_size = g->input_capacity = 0;
      }
    }
    stream->next_in += size;
    stream->avail_in = 0;
    stream->total_in += size;
  }
  // Hand out what is pending, as much as fits.
  size_t pending = g->output_size - g->sent;
  size_t handed = pending < stream->avail_out ? pending : stream->avail_out;
  memcpy(stream->next_out, g->output + g->sent, handed);
  stream->next_out += handed;
  stream->avail_out -= (uInt)handed;
  stream->total_out += handed;
  g->sent += handed;
  if (g->sent == g->output_size) g->sent = g->output_size = 0;
  return g->finished && g->output_size == 0 ? Z_STREAM_END : Z_OK;
}

int wp_cairo_deflateEnd(z_streamp stream) {
  gathered_stream *g = stream != NULL ? (gathered_stream *)stream->state : NULL;
  if (g == NULL) return Z_STREAM_ERROR;
  if (g->through_zlib) deflateEnd(&g->zlib);
  free(g->input);
  free(g->output);
  free(g);
  stream->state = NULL;
  return Z_OK;
}
