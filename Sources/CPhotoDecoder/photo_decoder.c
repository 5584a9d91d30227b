#include "photo_decoder.h"

#include <libexif/exif-data.h>
#include <libheif/heif.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

#include "lazy_library.h"

// libjpeg-turbo and libexif are opened with dlopen the first time a JPEG is decoded, as libheif
// is for HEIC: linked, they were mapped and relocated by every command at start-up (236 symbol
// bindings), though most designs hold no photo.
#define WP_JPEG_FUNCTIONS(X)                                                                     \
  X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_mem_src) X(jpeg_save_markers)                \
  X(jpeg_read_header) X(jpeg_read_icc_profile) X(jpeg_start_decompress) X(jpeg_read_scanlines)   \
  X(jpeg_finish_decompress) X(jpeg_destroy_decompress)
#define WP_EXIF_FUNCTIONS(X)                                                                     \
  X(exif_data_new_from_data) X(exif_content_get_entry) X(exif_get_short)                         \
  X(exif_data_get_byte_order) X(exif_data_unref)

typedef struct { WP_JPEG_FUNCTIONS(LAZY_LIBRARY_FIELD) } jpeg_functions;
typedef struct { WP_EXIF_FUNCTIONS(LAZY_LIBRARY_FIELD) } exif_functions;
static const jpeg_functions *load_jpeg(const char *soname, const char **message);
static const exif_functions *load_exif(const char *soname, const char **message);
LAZY_LIBRARY_TABLE(jpeg_functions, load_jpeg, WP_JPEG_FUNCTIONS, "libjpeg: Debian libjpeg62-turbo-dev, Homebrew jpeg-turbo")
LAZY_LIBRARY_TABLE(exif_functions, load_exif, WP_EXIF_FUNCTIONS, "libexif: Debian libexif-dev, Homebrew libexif")

// From here on the jpeg_ and exif_ names call through the loaded tables, which the decoder
// fills (once) before its first call (jpeg_create_decompress is a macro for jpeg_CreateDecompress).
#define jpeg_std_error load_jpeg_table.jpeg_std_error
#define jpeg_CreateDecompress load_jpeg_table.jpeg_CreateDecompress
#define jpeg_mem_src load_jpeg_table.jpeg_mem_src
#define jpeg_save_markers load_jpeg_table.jpeg_save_markers
#define jpeg_read_header load_jpeg_table.jpeg_read_header
#define jpeg_read_icc_profile load_jpeg_table.jpeg_read_icc_profile
#define jpeg_start_decompress load_jpeg_table.jpeg_start_decompress
#define jpeg_read_scanlines load_jpeg_table.jpeg_read_scanlines
#define jpeg_finish_decompress load_jpeg_table.jpeg_finish_decompress
#define jpeg_destroy_decompress load_jpeg_table.jpeg_destroy_decompress
#define exif_data_new_from_data load_exif_table.exif_data_new_from_data
#define exif_content_get_entry load_exif_table.exif_content_get_entry
#define exif_get_short load_exif_table.exif_get_short
#define exif_data_get_byte_order load_exif_table.exif_data_get_byte_order
#define exif_data_unref load_exif_table.exif_data_unref

struct error_manager {
  struct jpeg_error_mgr base;
  jmp_buf jump;
};

static void on_error(j_common_ptr cinfo) {
  struct error_manager *manager = (struct error_manager *)cinfo->err;
  longjmp(manager->jump, 1);
}

/// Warnings (corrupt data libjpeg works around) are counted, not printed.
static void on_message(j_common_ptr cinfo, int level) {
  if (level < 0) cinfo->err->num_warnings++;
}

static void quiet_output(j_common_ptr cinfo) { (void)cinfo; }

/// Ends a failed JPEG decode: libjpeg's last message into `out`, everything freed.
static int jpeg_damaged(struct jpeg_decompress_struct *cinfo, uint8_t *pixels, wp_photo *out) {
  char text[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)((j_common_ptr)cinfo, text);
  snprintf(out->message, sizeof out->message, "%s", text);
  jpeg_destroy_decompress(cinfo);
  free(pixels);
  free(out->icc);
  out->icc = NULL;
  return WP_PHOTO_DAMAGED;
}

/// The orientation in an APP1 EXIF block, 1 when absent or out of range.
static int exif_orientation(const uint8_t *data, unsigned length) {
  ExifData *exif = exif_data_new_from_data(data, length);
  if (!exif) return 1;
  int orientation = 1;
  ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
  if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->size >= 2) {
    int value = exif_get_short(entry->data, exif_data_get_byte_order(exif));
    if (value >= 1 && value <= 8) orientation = value;
  }
  exif_data_unref(exif);
  return orientation;
}

/// `source` (w × h) turned upright for EXIF `orientation` into a new buffer.
static uint8_t *orient(const uint8_t *source, int w, int h, int orientation, int *out_w, int *out_h) {
  int swap = orientation >= 5;
  int dw = swap ? h : w, dh = swap ? w : h;
  uint8_t *target = malloc((size_t)dw * dh * 4);
  if (!target) return NULL;
  for (int y = 0; y < dh; y++) {
    for (int x = 0; x < dw; x++) {
      int sx, sy;
      switch (orientation) {
      case 2: sx = w - 1 - x; sy = y; break;
      case 3: sx = w - 1 - x; sy = h - 1 - y; break;
      case 4: sx = x; sy = h - 1 - y; break;
      case 5: sx = y; sy = x; break;
      case 6: sx = y; sy = h - 1 - x; break;
      case 7: sx = w - 1 - y; sy = h - 1 - x; break;
      case 8: sx = w - 1 - y; sy = x; break;
      default: sx = x; sy = y; break;
      }
      memcpy(target + ((size_t)y * dw + x) * 4, source + ((size_t)sy * w + sx) * 4, 4);
    }
  }
  *out_w = dw;
  *out_h = dh;
  return target;
}

static int too_large(int w, int h, int max_side, long max_pixels) {
  return w > max_side || h > max_side || (long)w * h > max_pixels;
}

/// The smallest N (1…8) for which an upright `w` × `h` image scaled by N/8 still has at least
/// one pixel per target pixel.
static int scale_eighths(int w, int h, wp_photo_target target) {
  if (target.width <= 0 || target.height <= 0) return 8;
  double rx = (double)target.width / w, ry = (double)target.height / h;
  double needed = target.mode == WP_PHOTO_CONTAIN ? (rx < ry ? rx : ry) : (rx > ry ? rx : ry);
  for (int n = 1; n < 8; n++) {
    if (n / 8.0 >= needed) return n;
  }
  return 8;
}

int wp_photo_decode_jpeg(const wp_photo_libraries *libraries, const uint8_t *data, size_t length, int max_side,
                         long max_pixels, wp_photo_target target, wp_photo *out) {
  memset(out, 0, sizeof *out);
  out->orientation = 1;
  const char *failure = NULL;
  if (load_jpeg(libraries->jpeg, &failure) == NULL || load_exif(libraries->exif, &failure) == NULL) {
    snprintf(out->message, sizeof out->message, "%s", failure);
    return WP_PHOTO_UNSUPPORTED;
  }
  struct jpeg_decompress_struct cinfo;
  struct error_manager manager;
  // volatile: changed between setjmp and a longjmp back to it.
  uint8_t *volatile pixels = NULL;
  cinfo.err = jpeg_std_error(&manager.base);
  manager.base.error_exit = on_error;
  manager.base.emit_message = on_message;
  manager.base.output_message = quiet_output;
  if (setjmp(manager.jump)) return jpeg_damaged(&cinfo, pixels, out);
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)length);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&cinfo, TRUE);
  int w = (int)cinfo.image_width, h = (int)cinfo.image_height;
  if (w <= 0 || h <= 0 || too_large(w, h, max_side, max_pixels)) {
    out->width = w;
    out->height = h;
    jpeg_destroy_decompress(&cinfo);
    return WP_PHOTO_TOO_LARGE;
  }
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    snprintf(out->message, sizeof out->message, "a CMYK JPEG (allowed: RGB or greyscale)");
    jpeg_destroy_decompress(&cinfo);
    return WP_PHOTO_UNSUPPORTED;
  }
  for (jpeg_saved_marker_ptr marker = cinfo.marker_list; marker; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
      out->orientation = exif_orientation(marker->data, marker->data_length);
      break;
    }
  }
  JOCTET *icc = NULL;
  unsigned int icc_length = 0;
  if (jpeg_read_icc_profile(&cinfo, &icc, &icc_length) && icc) {
    out->icc = icc;
    out->icc_length = icc_length;
  }
  cinfo.out_color_space = JCS_EXT_BGRA;
  int upright_w = out->orientation >= 5 ? h : w, upright_h = out->orientation >= 5 ? w : h;
  cinfo.scale_num = (unsigned int)scale_eighths(upright_w, upright_h, target);
  cinfo.scale_denom = 8;
  jpeg_start_decompress(&cinfo);
  w = (int)cinfo.output_width;
  h = (int)cinfo.output_height;
  pixels = malloc((size_t)w * h * 4);
  if (!pixels) {
    snprintf(out->message, sizeof out->message, "out of memory for %d×%d px", w, h);
    jpeg_destroy_decompress(&cinfo);
    free(out->icc);
    out->icc = NULL;
    return WP_PHOTO_DAMAGED;
  }
  // A warning (the data ran out, a corrupt segment) ends the decoding at once: the rows not
  // reached are never written, so their memory is never touched.
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = pixels + (size_t)cinfo.output_scanline * w * 4;
    jpeg_read_scanlines(&cinfo, &row, 1);
    if (cinfo.err->num_warnings > 0) return jpeg_damaged(&cinfo, pixels, out);
  }
  jpeg_finish_decompress(&cinfo);
  long warnings = cinfo.err->num_warnings;
  // The last warning says what was wrong (e.g. the file ends early).
  if (warnings > 0) return jpeg_damaged(&cinfo, pixels, out);
  jpeg_destroy_decompress(&cinfo);
  if (out->orientation == 1) {
    out->pixels = pixels;
    out->width = w;
    out->height = h;
  } else {
    out->pixels = orient(pixels, w, h, out->orientation, &out->width, &out->height);
    free(pixels);
    if (!out->pixels) {
      snprintf(out->message, sizeof out->message, "out of memory for %d×%d px", w, h);
      free(out->icc);
      out->icc = NULL;
      return WP_PHOTO_DAMAGED;
    }
  }
  return WP_PHOTO_OK;
}

// libheif is opened with dlopen the first time a HEIC is decoded: linked, it maps its codecs
// (libde265, x265, aom, dav1d, libstdc++, …; 9 libraries) into every command at start-up.
#define WP_HEIF_FUNCTIONS(X)                                                                     \
  X(heif_context_alloc) X(heif_context_free) X(heif_context_read_from_memory_without_copy)       \
  X(heif_context_get_primary_image_handle) X(heif_image_handle_get_width)                        \
  X(heif_image_handle_get_height) X(heif_image_handle_has_alpha_channel)                         \
  X(heif_image_handle_get_color_profile_type) X(heif_image_handle_get_raw_color_profile_size)   \
  X(heif_image_handle_get_raw_color_profile) X(heif_image_handle_release)                        \
  X(heif_decoding_options_alloc) X(heif_decoding_options_free) X(heif_decode_image)              \
  X(heif_image_get_width) X(heif_image_get_height) X(heif_image_get_plane_readonly)              \
  X(heif_image_get_bits_per_pixel) X(heif_image_release)

typedef struct { WP_HEIF_FUNCTIONS(LAZY_LIBRARY_FIELD) } heif_functions;
static const heif_functions *load_heif(const char *soname, const char **message);
LAZY_LIBRARY_TABLE(heif_functions, load_heif, WP_HEIF_FUNCTIONS, "libheif: Debian libheif-dev, Homebrew libheif")

// From here on the heif_ names call through the loaded table.
#define heif_context_alloc load_heif_table.heif_context_alloc
#define heif_context_free load_heif_table.heif_context_free
#define heif_context_read_from_memory_without_copy load_heif_table.heif_context_read_from_memory_without_copy
#define heif_context_get_primary_image_handle load_heif_table.heif_context_get_primary_image_handle
#define heif_image_handle_get_width load_heif_table.heif_image_handle_get_width
#define heif_image_handle_get_height load_heif_table.heif_image_handle_get_height
#define heif_image_handle_has_alpha_channel load_heif_table.heif_image_handle_has_alpha_channel
#define heif_image_handle_get_color_profile_type load_heif_table.heif_image_handle_get_color_profile_type
#define heif_image_handle_get_raw_color_profile_size load_heif_table.heif_image_handle_get_raw_color_profile_size
#define heif_image_handle_get_raw_color_profile load_heif_table.heif_image_handle_get_raw_color_profile
#define heif_image_handle_release load_heif_table.heif_image_handle_release
#define heif_decoding_options_alloc load_heif_table.heif_decoding_options_alloc
#define heif_decoding_options_free load_heif_table.heif_decoding_options_free
#define heif_decode_image load_heif_table.heif_decode_image
#define heif_image_get_width load_heif_table.heif_image_get_width
#define heif_image_get_height load_heif_table.heif_image_get_height
#define heif_image_get_plane_readonly load_heif_table.heif_image_get_plane_readonly
#define heif_image_get_bits_per_pixel load_heif_table.heif_image_get_bits_per_pixel
#define heif_image_release load_heif_table.heif_image_release

int wp_photo_decode_heif(const wp_photo_libraries *libraries, const uint8_t *data, size_t length, int max_side,
                         long max_pixels, wp_photo *out) {
  memset(out, 0, sizeof *out);
  out->orientation = 1;
  const char *failure = NULL;
  if (load_heif(libraries->heif, &failure) == NULL) {
    snprintf(out->message, sizeof out->message, "%s", failure);
    return WP_PHOTO_UNSUPPORTED;
  }
  struct heif_context *context = heif_context_alloc();
  struct heif_image_handle *handle = NULL;
  struct heif_image *image = NULL;
  int status = WP_PHOTO_OK;
  struct heif_error error = heif_context_read_from_memory_without_copy(context, data, length, NULL);
  if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(context, &handle);
  if (error.code != heif_error_Ok) {
    snprintf(out->message, sizeof out->message, "%s", error.message);
    status = error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
      ? WP_PHOTO_UNSUPPORTED : WP_PHOTO_DAMAGED;
    goto done;
  }
  int w = heif_image_handle_get_width(handle), h = heif_image_handle_get_height(handle);
  if (w <= 0 || h <= 0 || too_large(w, h, max_side, max_pixels)) {
    out->width = w;
    out->height = h;
    status = WP_PHOTO_TOO_LARGE;
    goto done;
  }
  out->has_alpha = heif_image_handle_has_alpha_channel(handle);
  enum heif_color_profile_type profile = heif_image_handle_get_color_profile_type(handle);
  if (profile == heif_color_profile_type_prof || profile == heif_color_profile_type_rICC) {
    size_t size = heif_image_handle_get_raw_color_profile_size(handle);
    if (size > 0 && (out->icc = malloc(size)) != NULL) {
      if (heif_image_handle_get_raw_color_profile(handle, out->icc).code == heif_error_Ok) {
        out->icc_length = size;
      } else {
        free(out->icc);
        out->icc = NULL;
      }
    }
  }
  // 10-bit (HDR) images come out as 16 bits a channel unless asked for 8.
  struct heif_decoding_options *options = heif_decoding_options_alloc();
  options->convert_hdr_to_8bit = 1;
  error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options);
  heif_decoding_options_free(options);
  if (error.code != heif_error_Ok) {
    snprintf(out->message, sizeof out->message, "%s", error.message);
    status = error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype
      ? WP_PHOTO_UNSUPPORTED : WP_PHOTO_DAMAGED;
    goto done;
  }
  int iw = heif_image_get_width(image, heif_channel_interleaved);
  int ih = heif_image_get_height(image, heif_channel_interleaved);
  int stride = 0;
  const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
  if (!plane || iw <= 0 || ih <= 0 || too_large(iw, ih, max_side, max_pixels)
      || heif_image_get_bits_per_pixel(image, heif_channel_interleaved) != 32) {
    snprintf(out->message, sizeof out->message, "no decoded pixels");
    status = WP_PHOTO_DAMAGED;
    goto done;
  }
  out->pixels = malloc((size_t)iw * ih * 4);
  if (!out->pixels) {
    snprintf(out->message, sizeof out->message, "out of memory for %d×%d px", iw, ih);
    status = WP_PHOTO_DAMAGED;
    goto done;
  }
  for (int y = 0; y < ih; y++) {
    const uint8_t *source = plane + (size_t)y * stride;
    uint8_t *target = out->pixels + (size_t)y * iw * 4;
    for (int x = 0; x < iw; x++) {
      target[x * 4 + 0] = source[x * 4 + 2];
      target[x * 4 + 1] = source[x * 4 + 1];
      target[x * 4 + 2] = source[x * 4 + 0];
      target[x * 4 + 3] = source[x * 4 + 3];
    }
  }
  out->width = iw;
  out->height = ih;

done:
  if (status != WP_PHOTO_OK) {
    free(out->icc);
    out->icc = NULL;
    out->icc_length = 0;
  }
  if (image) heif_image_release(image);
  if (handle) heif_image_handle_release(handle);
  heif_context_free(context);
  return status;
}

void wp_photo_premultiply(uint8_t *pixels, size_t count) {
  for (size_t i = 0; i < count; i++) {
    uint8_t *p = pixels + i * 4;
    unsigned a = p[3];
    if (a == 255) continue;
    for (int c = 0; c < 3; c++) p[c] = (uint8_t)((p[c] * a + 127) / 255);
  }
}

void wp_photo_free(wp_photo *photo) {
  free(photo->pixels);
  free(photo->icc);
  photo->pixels = NULL;
  photo->icc = NULL;
}
