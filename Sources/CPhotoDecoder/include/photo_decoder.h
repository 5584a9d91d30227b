// JPEG (libjpeg-turbo, EXIF orientation through libexif) and HEIC (libheif) decoding into
// upright 8-bit BGRA pixels, straight alpha. libjpeg reports errors by longjmp, which Swift
// cannot catch, so the decoding is in C.
#ifndef PHOTO_DECODER_H
#define PHOTO_DECODER_H

#include <stddef.h>
#include <stdint.h>

enum {
  WP_PHOTO_OK = 0,
  /// The header's size is over the limits; `width` and `height` hold it.
  WP_PHOTO_TOO_LARGE = 1,
  /// Damaged or truncated data; `message` says what the library reported.
  WP_PHOTO_DAMAGED = 2,
  /// A valid file of a kind not drawn (CMYK JPEG, no decoder); `message` says which.
  WP_PHOTO_UNSUPPORTED = 3,
};

typedef struct {
  /// The upright image's size in pixels (sides swapped for orientations 5 to 8).
  int width;
  int height;
  /// B, G, R, A bytes per pixel, straight alpha, rows `width * 4` bytes apart (malloc'd).
  uint8_t *pixels;
  /// The embedded ICC profile (malloc'd), or NULL.
  uint8_t *icc;
  size_t icc_length;
  /// The EXIF orientation applied, 1 to 8 (1 when absent; always 1 for HEIC, whose rotation
  /// and mirroring boxes libheif applies).
  int orientation;
  int has_alpha;
  char message[160];
} wp_photo;

/// The names the dynamic loader knows libjpeg, libexif and libheif by (their sonames on the
/// machine that built the caller), opened on the first photo of their kind.
typedef struct {
  const char *jpeg;
  const char *exif;
  const char *heif;
} wp_photo_libraries;

/// Where a decoded photo is drawn: `width` × `height` device pixels (0 × 0: unknown, decode
/// at full size), filled as `mode` says. A JPEG is then decoded at the smallest of libjpeg's
/// scales N/8 that still gives every drawn pixel at least one decoded pixel.
typedef struct {
  int width;
  int height;
  /// WP_PHOTO_COVER (fill or stretch: the larger ratio counts) or WP_PHOTO_CONTAIN (fit).
  int mode;
} wp_photo_target;

enum { WP_PHOTO_COVER = 0, WP_PHOTO_CONTAIN = 1 };

/// Decodes a JPEG, refusing before decoding any pixel when a side is over `max_side` or the
/// area over `max_pixels`, scaled down for `target` where that loses nothing drawn. Stops at
/// the first row the data runs out for, so a header that lies about its size costs only the
/// rows the data holds.
int wp_photo_decode_jpeg(const wp_photo_libraries *libraries, const uint8_t *data, size_t length, int max_side,
                         long max_pixels, wp_photo_target target, wp_photo *out);

/// Decodes the primary image of a HEIF/HEIC file, with the same limits.
int wp_photo_decode_heif(const wp_photo_libraries *libraries, const uint8_t *data, size_t length, int max_side,
                         long max_pixels, wp_photo *out);

/// Multiplies each pixel's colour by its alpha (Cairo's premultiplied ARGB32).
void wp_photo_premultiply(uint8_t *pixels, size_t count);

/// Frees the pixels and profile.
void wp_photo_free(wp_photo *photo);

#endif
