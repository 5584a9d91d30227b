// Encodes Cairo ARGB32 pixels (premultiplied alpha, native-endian 32-bit words) as PNG: the
// container (signature, IHDR, one IDAT, IEND, CRCs) is written here, the zlib stream through
// libdeflate. Rows arrive in bands and are compressed in chunks of `png_encoder_band_rows`
// rows, on a second thread when one is allowed, so neither the pixels nor the filtered rows of
// a whole image need to be in memory at once. While an image has used at most 256 colours, its
// rows are also kept as palette indices, deflated, and the finished file is written in indexed
// colour when that is smaller.
#ifndef PNG_ENCODER_H
#define PNG_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filters, the same bits as libpng's PNG_FILTER_* (combine several for adaptive
/// filtering: each row takes the filter whose output has the smallest sum of absolute values).
enum {
  PNG_ENCODER_FILTER_NONE = 0x08,
  PNG_ENCODER_FILTER_SUB = 0x10,
  PNG_ENCODER_FILTER_UP = 0x20,
  PNG_ENCODER_FILTER_AVG = 0x40,
  PNG_ENCODER_FILTER_PAETH = 0x80,
  PNG_ENCODER_FILTER_ALL = 0xF8,
};

typedef enum {
  PNG_ENCODER_OK = 0,
  PNG_ENCODER_INVALID_ARGUMENT = 1,
  PNG_ENCODER_OUT_OF_MEMORY = 2,
  /// An RGB stream (`png_stream_create` with rgba = 0) was given a pixel with alpha < 255.
  PNG_ENCODER_NOT_OPAQUE = 3,
} png_encoder_status;

/// One compression choice: a libdeflate level (0 stores … 12 smallest) and PNG_ENCODER_FILTER_*
/// bits.
typedef struct {
  int level;
  int filters;
} png_encoder_choice;

/// `art` for chunks whose sampled pixels mostly repeat their left neighbour (flat colour and
/// gradients), `photo` for the others (repeat fraction below `photo_threshold`, 0…1). Chosen per
/// chunk, so a photo background under art gets filters only where it shows.
/// How the image's colours are tagged, in chunks between IHDR and IDAT. Zeroed, it is sRGB: an
/// `sRGB` chunk (perceptual intent) with the `gAMA` (1/2.2) and `cHRM` (Rec. 709 primaries,
/// D65) fallbacks the PNG specification (third edition) recommends for decoders that predate
/// `sRGB`.
typedef struct {
  /// An ICC profile for an `iCCP` chunk instead of `sRGB`/`gAMA`/`cHRM`, or NULL. Read only
  /// while the stream is created.
  const unsigned char *icc_profile;
  size_t icc_profile_size;
  /// The `iCCP` profile name: 1 to 79 Latin-1 characters; NULL means "ICC profile".
  const char *icc_name;
  /// When non-zero, a `cICP` chunk (before iCCP) with these four bytes: colour primaries,
  /// transfer function, matrix coefficients, full-range flag (ITU-T H.273).
  int has_cicp;
  unsigned char cicp[4];
} png_encoder_color;

typedef struct {
  png_encoder_choice art;
  png_encoder_choice photo;
  double photo_threshold;
  /// For an image of at most 256 colours, which is also written in indexed colour (PLTE, 1 to
  /// 8 bits a pixel): its level and filters. Filter NONE alone is tried as well, and the
  /// smallest of the three files is kept.
  png_encoder_choice indexed;
  png_encoder_color color;
  /// Non-zero: search for the smallest file instead of taking the choices as given, and never
  /// write a larger file than the `baseline_*` choices alone would (those must use filter NONE
  /// or every filter, PNG_ENCODER_FILTER_ALL). Once the image has more than 256 colours, each
  /// chunk is deflated with its kind's baseline choice and with the other filters (NONE, or
  /// adaptive over every filter) at the baseline level; the filters that deflated smaller are
  /// then deflated at `art.level` or `photo.level`, and the smallest part is kept (the `filters`
  /// of `art` and `photo` are not used). A chunk filled while the image had at most 256 colours
  /// gets the baseline choice alone (the indexed form is almost surely kept), and its rows are
  /// kept and searched when the stream finishes if the image ended with more (up to two copies
  /// of those chunks' rows in memory). The indexed form is tried
  /// as `baseline_indexed` writes it (chunk by chunk, filter NONE and its filters) and deflated
  /// whole at `baseline_indexed.level` with each single filter and with adaptive filters
  /// (`indexed` is not used); the smallest file of all is kept. Zero: the choices as given.
  int keep_smallest;
  png_encoder_choice baseline_art;
  png_encoder_choice baseline_photo;
  png_encoder_choice baseline_indexed;
} png_encoder_options;

/// The encoded file. Free `data` with png_encoder_free.
typedef struct {
  unsigned char *data;
  size_t size;
  size_t capacity;
  /// The IHDR colour type: 3 (indexed) when at most 256 colours made the smaller file, else 2
  /// (RGB) when every pixel was opaque, 6 (RGBA) otherwise.
  int color_type;
} png_encoder_output;

/// Rows per compressed chunk (and per drawn band) for images `width` pixels wide: about 2 MiB
/// of ARGB32 pixels, at least 16 rows. The chunking depends only on the width, so an image
/// encoded whole and the same image encoded band by band give the same bytes.
int png_encoder_band_rows(int width);

/// Encodes `height` rows of `width` ARGB32 premultiplied pixels, `stride` bytes apart.
/// Writes 8-bit RGB when every pixel is opaque, 8-bit RGBA (straight alpha, Cairo's
/// un-premultiply rounding) otherwise, or indexed colour when the image has at most 256
/// colours and that file is smaller; only the colour chunks, so equal pixels and options give
/// equal bytes. On failure `output` is left empty and `message` (if not NULL) says why.
png_encoder_status png_encoder_encode_argb32(
    const unsigned char *pixels, int width, int height, int stride, png_encoder_options options,
    png_encoder_output *output, char *message, size_t message_size);

void png_encoder_free(png_encoder_output *output);

/// The fraction (0…1) of pixels equal to their left neighbour, sampled on every `row_step`-th
/// row: near 1 for flat-colour art (where filter NONE compresses best), low for photographs.
double png_encoder_repeat_fraction(
    const unsigned char *pixels, int width, int height, int stride, int row_step);

/// An encoder fed rows in order, a band at a time.
typedef struct png_stream png_stream;

/// A stream for a `width`×`height` image, RGBA when `rgba` is non-zero and RGB otherwise.
/// With `threaded` non-zero, chunks are deflated on a second thread while the caller produces
/// the next rows. NULL when out of memory or for invalid arguments.
png_stream *png_stream_create(int width, int height, int rgba, png_encoder_options options, int threaded);

/// Adds the next `rows` rows (ARGB32, `stride` bytes apart). Returns PNG_ENCODER_NOT_OPAQUE
/// for an RGB stream given a translucent pixel; after any error the stream only fails.
png_encoder_status png_stream_write_rows(png_stream *stream, const unsigned char *pixels, int rows, int stride);

/// Finishes the file once all `height` rows were written; `output` then owns the bytes.
png_encoder_status png_stream_finish(png_stream *stream, png_encoder_output *output);

/// Why the stream failed ("" when it did not).
const char *png_stream_message(const png_stream *stream);

/// Frees the stream (waiting for its thread); `output` from png_stream_finish stays valid.
void png_stream_destroy(png_stream *stream);

#ifdef __cplusplus
}
#endif

#endif
