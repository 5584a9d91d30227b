// Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian 32-bit words) as PNG through
// libpng, into a growable memory buffer. libpng reports errors with longjmp, which Swift cannot
// handle, so every libpng call stays on this side and errors come back as a status and message.
#ifndef PNG_ENCODER_H
#define PNG_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filters, the same bits as libpng's PNG_FILTER_* (combine several for adaptive filtering).
enum {
  PNG_ENCODER_FILTER_NONE = 0x08,
  PNG_ENCODER_FILTER_SUB = 0x10,
  PNG_ENCODER_FILTER_UP = 0x20,
  PNG_ENCODER_FILTER_AVG = 0x40,
  PNG_ENCODER_FILTER_PAETH = 0x80,
  PNG_ENCODER_FILTER_ALL = 0xF8,
};

/// zlib strategies, as in zlib.h; PNG_ENCODER_STRATEGY_DEFAULT leaves libpng's choice
/// (Z_FILTERED when a filter other than NONE is allowed, Z_DEFAULT_STRATEGY otherwise).
enum {
  PNG_ENCODER_STRATEGY_DEFAULT = -1,
  PNG_ENCODER_STRATEGY_ZLIB_DEFAULT = 0,
  PNG_ENCODER_STRATEGY_FILTERED = 1,
  PNG_ENCODER_STRATEGY_HUFFMAN_ONLY = 2,
  PNG_ENCODER_STRATEGY_RLE = 3,
};

typedef enum {
  PNG_ENCODER_OK = 0,
  PNG_ENCODER_INVALID_ARGUMENT = 1,
  PNG_ENCODER_OUT_OF_MEMORY = 2,
  PNG_ENCODER_LIBPNG_ERROR = 3,
} png_encoder_status;

typedef struct {
  /// zlib level 0 (store) … 9 (smallest).
  int level;
  /// PNG_ENCODER_FILTER_* bits.
  int filters;
  /// PNG_ENCODER_STRATEGY_*.
  int strategy;
} png_encoder_options;

/// The encoded file. Free `data` with png_encoder_free.
typedef struct {
  unsigned char *data;
  size_t size;
  size_t capacity;
  /// 2 (RGB) when every pixel was opaque, 6 (RGBA) otherwise: the IHDR colour type.
  int color_type;
} png_encoder_output;

/// Encodes `height` rows of `width` ARGB32 premultiplied pixels, `stride` bytes apart.
/// Writes 8-bit RGB when every pixel is opaque, 8-bit RGBA (straight alpha) otherwise; no
/// ancillary chunks (no tIME), so equal pixels and options give equal bytes.
/// On failure `output` is left empty and `message` (if not NULL) says why.
png_encoder_status png_encoder_encode_argb32(
    const unsigned char *pixels, int width, int height, int stride, png_encoder_options options,
    png_encoder_output *output, char *message, size_t message_size);

void png_encoder_free(png_encoder_output *output);

/// The fraction (0…1) of pixels equal to their left neighbour, sampled on every `row_step`-th
/// row: near 1 for flat-colour art (where filter NONE compresses best), low for photographs
/// and smooth gradients (where row filters pay off).
double png_encoder_repeat_fraction(
    const unsigned char *pixels, int width, int height, int stride, int row_step);

#ifdef __cplusplus
}
#endif

#endif
