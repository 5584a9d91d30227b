#!/usr/bin/env bash
# Writes pkg-config files that make the release build link Cairo and fontconfig statically.
#
#   Scripts/static-pkgconfig.sh DIR     (then: PKG_CONFIG_PATH=DIR swift build -c release …)
#
# Why: Debian's libcairo.so.2 pulls in 19 shared objects (pixman, fontconfig, expat, X11, xcb,
# Xrender, Xext, Xau, Xdmcp, libbsd, …), and every `wallpaper` process paid for mapping and
# relocating them before its first line of work, though it never opens a display. Linked from
# the archives that the same -dev packages ship, only the code that is called is in the binary,
# placed and relocated at link time (Docs/performance.md measures the difference).
#
# FreeType, libpng, zlib and brotli stay shared: HarfBuzz (which Debian ships only as a shared
# library) loads libfreetype.so.6 and its dependencies anyway, so linking them in would only
# add a second copy. GLib, GObject and libffi, which cairo.pc lists but libcairo.a never
# calls, are left out. When an archive is missing, the files are not written and the script
# exits 1 naming it; the Makefile then builds with the shared libraries, as a debug build does.
set -euo pipefail
out="${1:?usage: Scripts/static-pkgconfig.sh DIR}"
libdir="$(pkg-config --variable=libdir cairo)"

# Archives linked in, in link order (each after what calls it), then the shared libraries
# they call.
cairo_archives=(cairo pixman-1 fontconfig expat xcb-shm xcb-render Xrender Xext X11 xcb Xau Xdmcp bsd md)
fontconfig_archives=(fontconfig expat)
shared="-lfreetype -lpng16 -lz -lm -lpthread"

libs() {
  local flags="" name
  for name in "$@"; do
    if [ ! -f "$libdir/lib$name.a" ]; then
      echo "static-pkgconfig: $libdir/lib$name.a is missing (its -dev package is not installed)" >&2
      exit 1
    fi
    flags+="-l:lib$name.a "
  done
  echo "$flags$shared"
}

write_pc() { # NAME LIBS
  local name="$1" libs="$2"
  printf 'Name: %s\nDescription: %s linked statically (Scripts/static-pkgconfig.sh)\nVersion: %s\nCflags: %s\nLibs: %s\n' \
    "$name" "$name" "$(pkg-config --modversion "$name")" "$(pkg-config --cflags "$name")" "$libs" >"$out/$name.pc.tmp"
}

mkdir -p "$out"
cairo_libs="$(libs "${cairo_archives[@]}")"
fontconfig_libs="$(libs "${fontconfig_archives[@]}")"
write_pc cairo "$cairo_libs"
write_pc fontconfig "$fontconfig_libs"
for name in cairo fontconfig; do mv "$out/$name.pc.tmp" "$out/$name.pc"; done
