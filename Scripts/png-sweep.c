// Measures the PNG encoder's libdeflate level × row filter choices on rendered wallpapers.
// Built and run by Scripts/png-sweep.sh; see Docs/performance.md for the table it produced.
// Usage: png-sweep RUNS FILE.png ...   (each PNG is loaded into a Cairo ARGB32 surface first)
//        png-sweep --make-photo OUT.png (writes the synthetic photo used as a background)
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "png_encoder.h"

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *values, int count) {
  qsort(values, count, sizeof *values, compare);
  return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
  (void)data;
  *(size_t *)closure += length;
  return CAIRO_STATUS_SUCCESS;
}

// Writes a 1242×2688 stand-in for a phone photo: smooth colour fields plus Gaussian sensor
// noise (σ ≈ 4), deterministic. Used as a background image to measure photo-like content.
static int make_photo(const char *path) {
  int width = 1242, height = 2688;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
  unsigned char *data = cairo_image_surface_get_data(surface);
  int stride = cairo_image_surface_get_stride(surface);
  uint64_t state = 7;
  for (int y = 0; y < height; y++) {
    uint32_t *row = (uint32_t *)(data + (size_t)y * stride);
    for (int x = 0; x < width; x++) {
      double t = (double)y / height, s = (double)x / width;
      double base[3] = {120 + 80 * sin(3.1 * s + 1.7 * t) + 30 * cos(9 * t * s + 2),
                        140 + 60 * cos(2.3 * t - 1.1 * s) + 20 * sin(17 * s),
                        170 - 90 * t + 25 * sin(5 * s * t + 0.5)};
      // Box-Muller from a 64-bit LCG.
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      double u1 = ((state >> 11) + 1.0) / 9007199254740993.0;
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      double u2 = (state >> 11) / 9007199254740992.0;
      double noise = 4 * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
      uint32_t word = 0xFF000000u;
      for (int c = 0; c < 3; c++) {
        double v = base[c] + noise;
        word |= (uint32_t)(v < 0 ? 0 : v > 255 ? 255 : v) << (16 - 8 * c);
      }
      row[x] = word;
    }
  }
  cairo_surface_mark_dirty(surface);
  cairo_status_t status = cairo_surface_write_to_png(surface, path);
  cairo_surface_destroy(surface);
  return status == CAIRO_STATUS_SUCCESS ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--make-photo") == 0) return make_photo(argv[2]);
  if (argc < 3) {
    fprintf(stderr, "usage: png-sweep RUNS FILE.png ...\n");
    return 2;
  }
  int runs = atoi(argv[1]);
  if (runs < 1 || runs > 100) runs = 5;
  static const struct { const char *name; int bits; } filters[] = {
      {"NONE", PNG_ENCODER_FILTER_NONE}, {"SUB", PNG_ENCODER_FILTER_SUB},
      {"UP", PNG_ENCODER_FILTER_UP},     {"PAETH", PNG_ENCODER_FILTER_PAETH},
      {"ALL", PNG_ENCODER_FILTER_ALL},
  };
  static const int levels[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  printf("file\tencoder\tlevel\tfilter\tbytes\tmedian_ms\n");
  for (int f = 2; f < argc; f++) {
    cairo_surface_t *loaded = cairo_image_surface_create_from_png(argv[f]);
    if (cairo_surface_status(loaded) != CAIRO_STATUS_SUCCESS) {
      fprintf(stderr, "cannot read %s\n", argv[f]);
      return 1;
    }
    int width = cairo_image_surface_get_width(loaded), height = cairo_image_surface_get_height(loaded);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_surface(cr, loaded, 0, 0);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    const char *name = strrchr(argv[f], '/') ? strrchr(argv[f], '/') + 1 : argv[f];
    double times[100];
    size_t size = 0;
    for (int r = 0; r < runs; r++) {
      size = 0;
      double start = now_ms();
      cairo_surface_write_to_png_stream(surface, count_bytes, &size);
      times[r] = now_ms() - start;
    }
    printf("%s\tcairo\t6\tALL\t%zu\t%.1f\n", name, size, median(times, runs));
    const unsigned char *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    double start = now_ms();
    double repeats = png_encoder_repeat_fraction(pixels, width, height, stride, 16);
    fprintf(stderr, "%s: %.3f of pixels repeat their left neighbour (probe %.2f ms)\n", name, repeats,
            now_ms() - start);
    for (size_t l = 0; l < sizeof levels / sizeof *levels; l++) {
      for (size_t k = 0; k < sizeof filters / sizeof *filters; k++) {
        // Every filter at levels 1, 3, 6, 9 and 12; the other levels with NONE and ALL.
        if (k > 0 && k < 4 && levels[l] % 3 != 0 && levels[l] != 1) continue;
        // One choice for the whole image: the same for art and photo chunks.
        png_encoder_choice choice = {levels[l], filters[k].bits};
        png_encoder_options options = {choice, choice, 0.5};
        for (int r = 0; r < runs; r++) {
          png_encoder_output output;
          double start = now_ms();
          if (png_encoder_encode_argb32(pixels, width, height, stride, options, &output, NULL, 0) != 0) return 1;
          times[r] = now_ms() - start;
          size = output.size;
          png_encoder_free(&output);
        }
        printf("%s\tlibdeflate\t%d\t%s\t%zu\t%.1f\n", name, levels[l], filters[k].name, size, median(times, runs));
      }
    }
    cairo_surface_destroy(surface);
    cairo_surface_destroy(loaded);
  }
  return 0;
}
