// The label font the wallpaper studio ships (Fonts/Quicksand-Bold.ttf, SIL Open Font License),
// compiled into the library so a program that depends on it, or a copied binary, has the font
// without a file beside it. CairoRendering's `Fonts` is the only reader.
#ifndef WALLPAPER_BUNDLED_FONT_H
#define WALLPAPER_BUNDLED_FONT_H

#include <stddef.h>

/// The bytes of Fonts/Quicksand-Bold.ttf, exactly as in the repository.
extern const unsigned char wallpaper_bundled_font_bytes[];
/// How many bytes `wallpaper_bundled_font_bytes` holds.
extern const size_t wallpaper_bundled_font_size;

/// The first byte of `wallpaper_bundled_font_bytes` (Swift does not import arrays of unknown size).
static inline const unsigned char *wallpaper_bundled_font_bytes_pointer(void) {
  return wallpaper_bundled_font_bytes;
}

#endif
