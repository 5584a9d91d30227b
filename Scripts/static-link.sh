#!/usr/bin/env bash
# Writes the link inputs that make the release build link Cairo, fontconfig and libstdc++
# statically: pkg-config files in DIR, and DIR/lib holding libstdc++.a.
#
#   Scripts/static-link.sh DIR   (then: PKG_CONFIG_PATH=DIR swift build -c release -Xlinker -LDIR/lib …)
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
# exits 1 naming it (Scripts/install-deps.sh installs the -dev packages that ship them).
#
# Cairo's number formatting and deflate: the archive linked is a copy of libcairo.a in which
# the calls to glibc's __snprintf_chk and zlib's deflateInit_/deflate/deflateEnd go to the
# wp_cairo_* functions of Sources/CCairoStreams (objcopy --redefine-sym renames only Cairo's
# references; nothing else in the process changes). glibc's "%f" was 35 % of a PDF render's
# instructions and zlib's deflate 24 %; the replacements write the same numbers and zlib streams
# that decode to the same bytes.
#
# libstdc++: the Swift runtime is C++, and the toolchain links it with `-lstdc++`, which finds
# libstdc++.so.6 — the largest shared object a process loaded (1,672 of its 3,300 symbol
# bindings at start-up, for the few functions the runtime calls). The linker takes the first
# libstdc++ it meets on its search path, so DIR/lib, searched first, holds only the archive.
set -euo pipefail
out="${1:?usage: Scripts/static-link.sh DIR}"
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
      echo "static-link: $libdir/lib$name.a is missing (its -dev package is not installed)" >&2
      exit 1
    fi
    if [ "$name" = cairo ]; then flags+="-L$out/lib -l:libcairo-wallpaper.a "; else flags+="-l:lib$name.a "; fi
  done
  echo "$flags$shared"
}

write_pc() { # NAME LIBS
  local name="$1" libs="$2"
  printf 'Name: %s\nDescription: %s linked statically (Scripts/static-link.sh)\nVersion: %s\nCflags: %s\nLibs: %s\n' \
    "$name" "$name" "$(pkg-config --modversion "$name")" "$(pkg-config --cflags "$name")" "$libs" >"$out/$name.pc.tmp"
}

mkdir -p "$out/lib"
objcopy --redefine-sym __snprintf_chk=wp_cairo_snprintf_chk --redefine-sym deflateInit_=wp_cairo_deflateInit_ \
  --redefine-sym deflate=wp_cairo_deflate --redefine-sym deflateEnd=wp_cairo_deflateEnd \
  "$libdir/libcairo.a" "$out/lib/libcairo-wallpaper.a.tmp"
mv "$out/lib/libcairo-wallpaper.a.tmp" "$out/lib/libcairo-wallpaper.a"
cairo_libs="$(libs "${cairo_archives[@]}")"
fontconfig_libs="$(libs "${fontconfig_archives[@]}")"
write_pc cairo "$cairo_libs"
write_pc fontconfig "$fontconfig_libs"
for name in cairo fontconfig; do mv "$out/$name.pc.tmp" "$out/$name.pc"; done

libstdcxx="$(${CC:-gcc} -print-file-name=libstdc++.a)"
if [ ! -f "$libstdcxx" ]; then
  echo "static-link: libstdc++.a is missing (libstdc++-12-dev, which the Swift toolchain needs)" >&2
  exit 1
fi
ln -sfn "$libstdcxx" "$out/lib/libstdc++.a"
