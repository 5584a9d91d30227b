// The benchmark's floor: a plain C program that draws a scene with Cairo and encodes it with
// libpng, to show what `wallpaper render` costs above the libraries it is built on.
// Built and run by Scripts/benchmark.sh.
//
// Usage: floor SCENE.txt SCALE OUT.png FONTS_DIR
//
// SCENE.txt is `wallpaper render --dump-scene` output (the scene the tool would draw, so the
// two cannot drift apart; numbers rounded to 3 decimals). The drawing mirrors
// Sources/CairoRendering/Canvas.swift in its plain form: a `scale` transform, groups with
// cairo_push_group when translucent, fills and strokes with Cairo's own patterns, and text
// through Cairo's toy text API on a FreeType face (no shaping: Latin labels only). Image nodes
// are skipped (the dump holds only their hash). The PNG is written like the tool's default for
// art: zlib level 6, filter NONE, RGB when every pixel is opaque, RGBA otherwise.
#include <cairo-ft.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double scale;
static const char *fonts_dir;
static FT_Library ft;

static double number(const char **p) {
  char *end;
  double value = strtod(*p, &end);
  if (end == *p) {
    fprintf(stderr, "floor: expected a number at '%.30s'\n", *p);
    exit(1);
  }
  *p = end;
  return value;
}

static void expect(const char **p, const char *text) {
  size_t n = strlen(text);
  if (strncmp(*p, text, n) != 0) {
    fprintf(stderr, "floor: expected '%s' at '%.30s'\n", text, *p);
    exit(1);
  }
  *p += n;
}

static int accept(const char **p, const char *text) {
  size_t n = strlen(text);
  if (strncmp(*p, text, n) != 0) return 0;
  *p += n;
  return 1;
}

static void point(const char **p, double *x, double *y) {
  expect(p, "(");
  *x = number(p);
  expect(p, ",");
  *y = number(p);
  expect(p, ")");
}

// #RRGGBB or #RRGGBBAA
static void color(const char **p, double rgba[4]) {
  expect(p, "#");
  unsigned v[4] = {0, 0, 0, 255};
  int n = 0;
  const char *hex = "0123456789ABCDEFabcdef";
  while (n < 4 && (*p)[0] && (*p)[1] && strchr(hex, (*p)[0]) && strchr(hex, (*p)[1])) {
    sscanf(*p, "%2x", &v[n]);
    *p += 2;
    n++;
  }
  for (int i = 0; i < 4; i++) rgba[i] = v[i] / 255.0;
}

static void rect(const char **p, double r[4]) {
  expect(p, "[");
  r[0] = number(p);
  expect(p, ",");
  r[1] = number(p);
  expect(p, " ");
  r[2] = number(p);
  expect(p, "x");
  r[3] = number(p);
  expect(p, "]");
}

// Adds the geometry at *p to the current path.
static void geometry(cairo_t *cr, const char **p) {
  double r[4];
  cairo_new_path(cr);
  if (accept(p, "rect")) {
    rect(p, r);
    cairo_rectangle(cr, r[0], r[1], r[2], r[3]);
  } else if (accept(p, "roundrect")) {
    rect(p, r);
    expect(p, " r=");
    double radius = fmin(number(p), fmin(r[2] / 2, r[3] / 2));
    double x0 = r[0], y0 = r[1], x1 = r[0] + r[2], y1 = r[1] + r[3];
    cairo_new_sub_path(cr);
    cairo_arc(cr, x1 - radius, y0 + radius, radius, -M_PI / 2, 0);
    cairo_arc(cr, x1 - radius, y1 - radius, radius, 0, M_PI / 2);
    cairo_arc(cr, x0 + radius, y1 - radius, radius, M_PI / 2, M_PI);
    cairo_arc(cr, x0 + radius, y0 + radius, radius, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
  } else if (accept(p, "ellipse")) {
    rect(p, r);
    if (r[2] <= 0 || r[3] <= 0) return;
    cairo_save(cr);
    cairo_translate(cr, r[0] + r[2] / 2, r[1] + r[3] / 2);
    cairo_scale(cr, r[2] / 2, r[3] / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
    cairo_close_path(cr);
    cairo_restore(cr);
  } else {
    expect(p, "path{");
    while (!accept(p, "}")) {
      double x, y, x1, y1, x2, y2;
      if (accept(p, " ")) continue;
      if (accept(p, "M")) {
        point(p, &x, &y);
        cairo_move_to(cr, x, y);
      } else if (accept(p, "L")) {
        point(p, &x, &y);
        cairo_line_to(cr, x, y);
      } else if (accept(p, "C")) {
        point(p, &x1, &y1);
        point(p, &x2, &y2);
        point(p, &x, &y);
        cairo_curve_to(cr, x1, y1, x2, y2, x, y);
      } else {
        expect(p, "Z");
        cairo_close_path(cr);
      }
    }
  }
}

static void stops(cairo_pattern_t *pattern, const char **p) {
  for (;;) {
    double offset = number(p), rgba[4];
    expect(p, ":");
    color(p, rgba);
    cairo_pattern_add_color_stop_rgba(pattern, offset, rgba[0], rgba[1], rgba[2], rgba[3]);
    if (!accept(p, ",")) break;
  }
  expect(p, ")");
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
}

static void paint(cairo_t *cr, const char **p) {
  double x0, y0, x1, y1, rgba[4];
  cairo_pattern_t *pattern;
  if (accept(p, "linear(")) {
    point(p, &x0, &y0);
    expect(p, "->");
    point(p, &x1, &y1);
    expect(p, " ");
    pattern = cairo_pattern_create_linear(x0, y0, x1, y1);
  } else if (accept(p, "radial(")) {
    point(p, &x0, &y0);
    expect(p, " r=");
    double radius = number(p);
    expect(p, " ");
    pattern = cairo_pattern_create_radial(x0, y0, 0, x0, y0, radius);
  } else {
    color(p, rgba);
    cairo_set_source_rgba(cr, rgba[0], rgba[1], rgba[2], rgba[3]);
    return;
  }
  stops(pattern, p);
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
}

static void shape(cairo_t *cr, const char *p) {
  const char *start = p;
  geometry(cr, &p);
  while (*p == ' ') p++;
  if (accept(&p, "fill=")) {
    paint(cr, &p);
    cairo_fill_preserve(cr);
    while (*p == ' ') p++;
  }
  if (accept(&p, "stroke=")) {
    paint(cr, &p);
    expect(&p, "/");
    double width = number(&p);
    if (accept(&p, "px")) width /= scale;
    expect(&p, "/");
    cairo_set_line_join(cr, accept(&p, "round") ? CAIRO_LINE_JOIN_ROUND
                            : accept(&p, "bevel") ? CAIRO_LINE_JOIN_BEVEL
                                                  : (accept(&p, "miter"), CAIRO_LINE_JOIN_MITER));
    expect(&p, "/");
    cairo_set_line_cap(cr, accept(&p, "round") ? CAIRO_LINE_CAP_ROUND
                           : accept(&p, "square") ? CAIRO_LINE_CAP_SQUARE
                                                  : (accept(&p, "butt"), CAIRO_LINE_CAP_BUTT));
    cairo_set_line_width(cr, width);
    (void)start;
    cairo_stroke_preserve(cr);
  }
  cairo_new_path(cr);
}

static void text(cairo_t *cr, const char *p) {
  expect(&p, "\"");
  const char *end = strchr(p, '"');
  char label[512];
  snprintf(label, sizeof label, "%.*s", (int)(end - p), p);
  p = end + 1;
  expect(&p, " font=");
  char font[256];
  sscanf(p, "%255s", font);
  p += strlen(font);
  expect(&p, " size=");
  double size = number(&p), rgba[4], x, y;
  expect(&p, " color=");
  color(&p, rgba);
  expect(&p, " at=");
  point(&p, &x, &y);
  expect(&p, " anchor=");
  char anchor[64];
  sscanf(p, "%63s", anchor);
  p += strlen(anchor);
  double max_width = accept(&p, " maxWidth=") ? number(&p) : 0;
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", fonts_dir, font);
  FT_Face face;
  if (FT_New_Face(ft, path, 0, &face) != 0) {
    fprintf(stderr, "floor: cannot open font %s\n", path);
    exit(1);
  }
  cairo_font_face_t *cairo_face = cairo_ft_font_face_create_for_ft_face(face, 0);
  cairo_set_font_face(cr, cairo_face);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t extents;
  cairo_text_extents(cr, label, &extents);
  if (max_width > 0 && extents.x_advance > max_width) {
    size *= max_width / extents.x_advance;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, label, &extents);
  }
  cairo_font_extents_t font_extents;
  cairo_font_extents(cr, &font_extents);
  if (strncmp(anchor, "center", 6) == 0) x -= extents.x_advance / 2;
  if (strncmp(anchor, "trailing", 8) == 0) x -= extents.x_advance;
  if (strstr(anchor, "-top")) y += font_extents.ascent;
  if (strstr(anchor, "-bottom")) y -= font_extents.descent;
  cairo_set_source_rgba(cr, rgba[0], rgba[1], rgba[2], rgba[3]);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, label);
  cairo_set_font_face(cr, NULL);
  cairo_font_face_destroy(cairo_face);
}

// Group state for each open group: whether it pushed a Cairo group, and its opacity.
typedef struct {
  int depth;
  double opacity;
} open_group;

static void close_group(cairo_t *cr, open_group g) {
  if (g.opacity < 1) {
    cairo_pop_group_to_source(cr);
    cairo_paint_with_alpha(cr, g.opacity);
  }
  cairo_restore(cr);
}

static void group(cairo_t *cr, const char *p, open_group *g) {
  cairo_save(cr);
  g->opacity = 1;
  while (*p) {
    if (*p == ' ') {
      p++;
    } else if (*p == '"') {
      const char *end = strchr(p + 1, '"');
      p = end ? end + 1 : p + strlen(p);
    } else if (accept(&p, "transform=[")) {
      cairo_matrix_t m;
      m.xx = number(&p), m.yx = number(&p), m.xy = number(&p), m.yy = number(&p);
      m.x0 = number(&p), m.y0 = number(&p);
      expect(&p, "]");
      cairo_transform(cr, &m);
    } else if (accept(&p, "opacity=")) {
      g->opacity = number(&p);
    } else if (accept(&p, "clip=")) {
      geometry(cr, &p);
      cairo_clip(cr);
    } else {
      fprintf(stderr, "floor: unexpected group attribute '%.30s'\n", p);
      exit(1);
    }
  }
  if (g->opacity < 1) cairo_push_group(cr);
}

typedef struct {
  unsigned char *data;
  size_t size, capacity;
} buffer;

static void on_write(png_structp png, png_bytep data, size_t length) {
  buffer *b = png_get_io_ptr(png);
  if (b->size + length > b->capacity) {
    b->capacity = (b->size + length) * 2;
    b->data = realloc(b->data, b->capacity);
  }
  memcpy(b->data + b->size, data, length);
  b->size += length;
}

static void on_flush(png_structp png) { (void)png; }

static void write_png(cairo_surface_t *surface, const char *path) {
  int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
  int stride = cairo_image_surface_get_stride(surface);
  const unsigned char *pixels = cairo_image_surface_get_data(surface);
  int opaque = 1;
  for (int y = 0; y < height && opaque; y++) {
    const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
    for (int x = 0; x < width; x++)
      if ((row[x] >> 24) != 255) opaque = 0;
  }
  buffer out = {0};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  if (setjmp(png_jmpbuf(png))) {
    fprintf(stderr, "floor: libpng failed\n");
    exit(1);
  }
  png_set_write_fn(png, &out, on_write, on_flush);
  png_set_compression_level(png, 6);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  unsigned char *row = malloc((size_t)width * 4);
  for (int y = 0; y < height; y++) {
    const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * stride);
    unsigned char *o = row;
    for (int x = 0; x < width; x++) {
      uint32_t w = source[x], a = w >> 24;
      unsigned r = (w >> 16) & 255, g = (w >> 8) & 255, b = w & 255;
      if (!opaque && a != 255) {
        r = a ? (r * 255 + a / 2) / a : 0;
        g = a ? (g * 255 + a / 2) / a : 0;
        b = a ? (b * 255 + a / 2) / a : 0;
      }
      *o++ = (unsigned char)r, *o++ = (unsigned char)g, *o++ = (unsigned char)b;
      if (!opaque) *o++ = (unsigned char)a;
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  FILE *file = fopen(path, "wb");
  if (file == NULL || fwrite(out.data, 1, out.size, file) != out.size || fclose(file) != 0) {
    fprintf(stderr, "floor: cannot write %s\n", path);
    exit(1);
  }
  free(out.data);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: floor SCENE.txt SCALE OUT.png FONTS_DIR\n");
    return 2;
  }
  scale = atof(argv[2]);
  fonts_dir = argv[4];
  FILE *file = fopen(argv[1], "r");
  if (file == NULL) {
    fprintf(stderr, "floor: cannot read %s\n", argv[1]);
    return 1;
  }
  FT_Init_FreeType(&ft);
  static char line[1 << 20];
  if (!fgets(line, sizeof line, file)) return 1;
  double width, height;
  if (sscanf(line, "scene %lfx%lfpt", &width, &height) != 2) {
    fprintf(stderr, "floor: not a scene dump\n");
    return 1;
  }
  int pixel_width = (int)lround(width * scale), pixel_height = (int)lround(height * scale);
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  cairo_t *cr = cairo_create(surface);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_set_font_options(cr, options);
  cairo_font_options_destroy(options);
  cairo_scale(cr, pixel_width / width, pixel_height / height);
  open_group stack[256];
  int open = 0;
  while (fgets(line, sizeof line, file)) {
    line[strcspn(line, "\n")] = 0;
    int depth = 0;
    while (line[depth * 2] == ' ' && line[depth * 2 + 1] == ' ') depth++;
    while (open > 0 && stack[open - 1].depth >= depth) close_group(cr, stack[--open]);
    const char *p = line + depth * 2;
    if (accept(&p, "group")) {
      stack[open].depth = depth;
      group(cr, p, &stack[open]);
      open++;
    } else if (accept(&p, "shape ")) {
      shape(cr, p);
    } else if (accept(&p, "text ")) {
      text(cr, p);
    } else if (!accept(&p, "image ")) {
      fprintf(stderr, "floor: unknown node '%.30s'\n", p);
      return 1;
    }
  }
  while (open > 0) close_group(cr, stack[--open]);
  fclose(file);
  cairo_surface_flush(surface);
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "floor: cairo: %s\n", cairo_status_to_string(cairo_status(cr)));
    return 1;
  }
  write_png(surface, argv[3]);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return 0;
}
