// The bundled font's bytes, read from the repository's Fonts/ folder at compile time by C23's
// #embed: the one copy of the file is the one in Fonts/, so nothing generated can drift from it.
#include "bundled_font.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

const unsigned char wallpaper_bundled_font_bytes[] = {
#embed "../../Fonts/Quicksand-Bold.ttf"
};

const size_t wallpaper_bundled_font_size = sizeof wallpaper_bundled_font_bytes;
