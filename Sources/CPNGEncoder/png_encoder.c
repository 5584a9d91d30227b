#include "png_encoder.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  png_encoder_output *output;
  int out_of_memory;
  char *message;
  size_t message_size;
} encoder_context;

static void set_message(encoder_context *context, const char *text) {
  if (context->message != NULL && context->message_size > 0) {
    snprintf(context->message, context->message_size, "%s", text);
  }
}

static void on_error(png_structp png, png_const_charp text) {
  encoder_context *context = (encoder_context *)png_get_error_ptr(png);
  set_message(context, text);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;  // Nothing libpng warns about here changes the output; keep stderr quiet.
}

static void on_write(png_structp png, png_bytep data, size_t length) {
  encoder_context *context = (encoder_context *)png_get_io_ptr(png);
  png_encoder_output *output = context->output;
  if (output->size + length > output->capacity) {
    size_t capacity = output->capacity > 0 ? output->capacity : 65536;
    while (capacity < output->size + length) capacity *= 2;
    unsigned char *grown = realloc(output->data, capacity);
    if (grown == NULL) {
      context->out_of_memory = 1;
      png_error(png, "out of memory growing the PNG buffer");
    }
    output->data = grown;
    output->capacity = capacity;
  }
  memcpy(output->data + output->size, data, length);
  output->size += length;
}

static void on_flush(png_structp png) { (void)png; }

static int is_opaque(const unsigned char *pixels, int width, int height, int stride) {
  for (int y = 0; y < height; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    uint32_t all = 0xFF000000u;
    for (int x = 0; x < width; x++) all &= row[x];
    if ((all & 0xFF000000u) != 0xFF000000u) return 0;
  }
  return 1;
}

static void convert_rgb(const uint32_t *source, unsigned char *row, int width) {
  for (int x = 0; x < width; x++) {
    uint32_t word = source[x];
    row[0] = (unsigned char)(word >> 16);
    row[1] = (unsigned char)(word >> 8);
    row[2] = (unsigned char)word;
    row += 3;
  }
}

// Un-premultiplies with Cairo's own rounding (cairo-png.c unpremultiply_data), so decoded
// pixels equal those of cairo_surface_write_to_png.
static void convert_rgba(const uint32_t *source, unsigned char *row, int width) {
  for (int x = 0; x < width; x++) {
    uint32_t word = source[x];
    uint32_t alpha = word >> 24;
    if (alpha == 255) {
      row[0] = (unsigned char)(word >> 16);
      row[1] = (unsigned char)(word >> 8);
      row[2] = (unsigned char)word;
    } else if (alpha == 0) {
      row[0] = row[1] = row[2] = 0;
    } else {
      row[0] = (unsigned char)((((word >> 16) & 0xFF) * 255 + alpha / 2) / alpha);
      row[1] = (unsigned char)((((word >> 8) & 0xFF) * 255 + alpha / 2) / alpha);
      row[2] = (unsigned char)(((word & 0xFF) * 255 + alpha / 2) / alpha);
    }
    row[3] = (unsigned char)alpha;
    row += 4;
  }
}

png_encoder_status png_encoder_encode_argb32(
    const unsigned char *pixels, int width, int height, int stride, png_encoder_options options,
    png_encoder_output *output, char *message, size_t message_size) {
  encoder_context context = {output, 0, message, message_size};
  memset(output, 0, sizeof *output);
  if (message != NULL && message_size > 0) message[0] = 0;
  if (pixels == NULL || width <= 0 || height <= 0 || stride < width * 4 || options.level < 0 ||
      options.level > 9 || (options.filters & ~PNG_ENCODER_FILTER_ALL) != 0 ||
      (options.filters & PNG_ENCODER_FILTER_ALL) == 0 || options.strategy < -1 ||
      options.strategy > 3) {
    set_message(&context, "invalid size, stride or options");
    return PNG_ENCODER_INVALID_ARGUMENT;
  }

  int opaque = is_opaque(pixels, width, height, stride);
  int channels = opaque ? 3 : 4;
  // One reusable row: the only copy of the pixels this encoder makes.
  unsigned char *row = malloc((size_t)width * channels);
  if (row == NULL) {
    set_message(&context, "out of memory for a row buffer");
    return PNG_ENCODER_OUT_OF_MEMORY;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
  png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
  if (png == NULL || info == NULL) {
    png_destroy_write_struct(&png, NULL);
    free(row);
    set_message(&context, "libpng could not allocate its structures");
    return PNG_ENCODER_OUT_OF_MEMORY;
  }
  // Nothing assigned between setjmp and longjmp is read after the jump except through
  // `context` (whose fields live in memory, not registers) and `row`/`png`/`info`, which
  // are not modified after setjmp.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(row);
    png_encoder_free(output);
    return context.out_of_memory ? PNG_ENCODER_OUT_OF_MEMORY : PNG_ENCODER_LIBPNG_ERROR;
  }
  png_set_write_fn(png, &context, on_write, on_flush);
  png_set_compression_level(png, options.level);
  if (options.strategy >= 0) png_set_compression_strategy(png, options.strategy);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, options.filters);
  png_set_IHDR(
      png, info, (png_uint_32)width, (png_uint_32)height, 8,
      opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
      PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (int y = 0; y < height; y++) {
    const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * stride);
    if (opaque) {
      convert_rgb(source, row, width);
    } else {
      convert_rgba(source, row, width);
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  output->color_type = opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
  return PNG_ENCODER_OK;
}

void png_encoder_free(png_encoder_output *output) {
  if (output == NULL) return;
  free(output->data);
  output->data = NULL;
  output->size = 0;
  output->capacity = 0;
}

double png_encoder_repeat_fraction(
    const unsigned char *pixels, int width, int height, int stride, int row_step) {
  if (pixels == NULL || width < 2 || height < 1) return 1;
  if (row_step < 1) row_step = 1;
  size_t equal = 0, total = 0;
  for (int y = 0; y < height; y += row_step) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 1; x < width; x++) equal += row[x] == row[x - 1];
    total += (size_t)width - 1;
  }
  return (double)equal / (double)total;
}
