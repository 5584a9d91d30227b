#!/bin/sh
# Writes OUTPUT, a Swift file naming the shared libraries opened on first use (by CairoRendering,
# and libxml2 by SceneGraph) as this machine has them: pkg-config gives each library's folder, and the name the dynamic loader
# knows it by comes from the library itself (its ELF SONAME, or a Mach-O install name, which is
# a full path). Run by the SharedLibraryNames build plugin at build time.
#
#   Scripts/shared-library-names.sh OUTPUT
set -eu
output=${1:?usage: Scripts/shared-library-names.sh OUTPUT}

# soname PKG-CONFIG-NAME LIBRARY: prints the loader's name for libLIBRARY.
soname() {
  libdir=$(pkg-config --variable=libdir "$1") || {
    echo "shared-library-names: pkg-config knows no '$1' (install its -dev package: make deps)" >&2
    exit 1
  }
  if [ -e "$libdir/lib$2.so" ]; then
    name=$(objdump -p "$libdir/lib$2.so" | sed -n 's/^ *SONAME *//p')
  elif [ -e "$libdir/lib$2.dylib" ]; then
    name=$(otool -D "$libdir/lib$2.dylib" | sed -n 2p)
  else
    name=""
  fi
  [ -n "$name" ] || { echo "shared-library-names: no shared lib$2 in $libdir" >&2; exit 1; }
  printf '%s' "$name"
}

cat >"$output.tmp" <<SWIFT
// Generated at build time by Scripts/shared-library-names.sh; not committed.

/// The names the dynamic loader knows each library by on the machine that built this module
/// (NUL-terminated literals, so \`utf8Start\` is a C string for the life of the process).
enum SharedLibraryNames {
  static let qpdf: StaticString = "$(soname libqpdf qpdf)"
  static let lcms2: StaticString = "$(soname lcms2 lcms2)"
  static let jpeg: StaticString = "$(soname libjpeg jpeg)"
  static let exif: StaticString = "$(soname libexif exif)"
  static let heif: StaticString = "$(soname libheif heif)"
  static let rsvg: StaticString = "$(soname librsvg-2.0 rsvg-2)"
  static let xml2: StaticString = "$(soname libxml-2.0 xml2)"
  static let harfBuzzSubset: StaticString = "$(soname harfbuzz-subset harfbuzz-subset)"
}
SWIFT
mv "$output.tmp" "$output"
