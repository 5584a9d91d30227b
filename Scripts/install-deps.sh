#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only those that are missing.
# Usage: Scripts/install-deps.sh [extra-package ...]
set -euo pipefail

packages=(
  pkg-config            # SwiftPM finds the C libraries through it
  libcairo2-dev libfontconfig1-dev libfreetype-dev libharfbuzz-dev libqpdf-dev
  libdeflate-dev        # the PNG encoder's deflate
  libbsd-dev            # libbsd.a: the release binary links Cairo's X11 dependencies statically
  liblcms2-dev          # ICC profiles: PDF/X output intents, sRGB, soft proofs
  libgs-common          # Ghostscript's default_cmyk.icc: the default PDF/X output intent
  poppler-utils         # pdfinfo, pdffonts, pdftotext, pdftoppm in tests
  librsvg2-bin          # rsvg-convert: a second renderer for our SVG
  inkscape              # a designer's tool: renders our SVG and lists its layers in tests
  libxml2-utils         # xmllint: SVG well-formedness in tests
  qpdf                  # qpdf --check in tests
  fonts-droid-fallback  # an installed CJK font for fallback (Chinese/Japanese labels)
  chromium              # headless browser: renders our SVG; opens the gallery and the editor
  firefox-esr           # the second browser the editor is driven in (WebDriver BiDi, no geckodriver)
  tidy                  # HTML5 checker for the export gallery
  fonts-dejavu-core     # combining marks, for whole-cluster fallback (a̶, Zalgo labels)
  zsh fish              # `zsh -n` / `fish -n` on the generated completion scripts
  groff-base            # `groff -man -ww`: the generated man page renders without warnings
  fonts-urw-base35      # Type 1 fonts (.t1): --font is shaped, drawn and embedded with them
  libjpeg62-turbo-dev libexif-dev libheif-dev  # --image photos: JPEG, EXIF orientation, HEIC
  imagemagick libheif-examples                 # convert and heif-enc make photo fixtures in tests
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
