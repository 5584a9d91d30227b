#!/usr/bin/env bash
# Installs the Debian packages a purpose needs, only those that are missing (`apt-get update`
# first, then `apt-get install`; `sudo` when not root). Each set includes the one before it:
#
#   Scripts/install-deps.sh build   building and rendering (`make build`, `make demo`, `make install`)
#   Scripts/install-deps.sh test    + the quick tier's judges (`make test`): poppler, qpdf, rsvg-convert
#   Scripts/install-deps.sh check   + the interop tier and the other checks (`make check`): browsers,
#                                   Inkscape, the Python judges, shells, groff, hyperfine
#   Scripts/install-deps.sh SET PACKAGE…   the set and a few more packages
#
# Every test dependency is a Debian package; the Python helpers run on Debian's /usr/bin/python3,
# which has the python3-* modules below (Tests/TestSupport/Processes.swift).
set -euo pipefail

build=(
  pkg-config            # SwiftPM finds the C libraries through it (the -dev packages don't pull it in)
  libcairo2-dev libfontconfig1-dev libfreetype-dev libharfbuzz-dev
  libdeflate-dev        # the PNG encoder's deflate
  libqpdf-dev           # proof page boxes and PDF/X (opened on first use)
  liblcms2-dev          # ICC profiles: photos, PDF/X output intents, soft proofs (opened on first use)
  libjpeg62-turbo-dev libexif-dev libheif-dev  # --image photos: JPEG, EXIF orientation, HEIC (opened on first use)
  librsvg2-dev          # custom SVG art (art.svg, --art), drawn into Cairo (opened on first use)
  libxml2-dev           # custom SVG art: the sanitiser's XML reader (opened on first use)
  libgs-common          # Ghostscript's default_cmyk.icc: the default PDF/X output intent
  fonts-dejavu-core     # combining marks, for whole-cluster fallback (a̶, Zalgo labels)
  fonts-droid-fallback  # an installed CJK font for fallback (Chinese/Japanese labels)
)
test=(
  poppler-utils         # pdfinfo, pdffonts, pdftotext, pdftoppm, pdfimages
  librsvg2-bin          # rsvg-convert: a second renderer for our SVG
  qpdf                  # qpdf --check
  libxml2-utils         # xmllint: SVG and HTML well-formedness
  fonts-urw-base35      # Type 1 fonts (.t1): --font is shaped, drawn and embedded with them
  imagemagick libheif-examples  # convert and heif-enc make photo fixtures
  time                  # /usr/bin/time: a program's own peak memory (Processes.peakMemory)
  argyll icc-profiles-free  # colprof builds FOGRA39 and SWOP profiles from the data sets (PressProfiles)
)
check=(
  chromium firefox-esr  # the SVG, the gallery and the editor in two browsers
  webkit2gtk-driver xvfb xauth  # WebKit, the engine of iPhone Safari, through WebKitWebDriver
  inkscape              # a designer's tool: renders our SVG and lists its layers
  libreoffice-draw scribus  # designers' SVG importers: LibreOffice Draw's drawing, Scribus's placement
  python3-pikepdf       # PDF/X-4 rules (Tests/Scripts/check-pdfx.py)
  ghostscript           # tiffsep: the plates of the proof's control strip
  python3-websocket     # WebDriver BiDi to Firefox (Tests/Scripts/bidi.py)
  python3-selenium python3-pil  # WebDriver to WebKit; PNG decoding in the drivers
  python3-jsonschema    # the JSON Schema against the samples (Tests/Scripts/check-schema.py)
  tidy                  # HTML5 checker for the export gallery
  zsh fish              # `zsh -n` / `fish -n` on the generated completion scripts
  groff-base            # `groff -man -ww`: the generated man page renders without warnings
  hyperfine libpng-dev  # the quick benchmark: timings, and the C floor's libpng
  slurmctld slurmd slurm-client munge  # Docs/scale-out.md's Slurm array run on a one-node cluster
  python3-yaml          # the Kubernetes files read for their schema check (check-kubernetes.py)
)

case "${1:-}" in
  build) packages=("${build[@]}") ;;
  test) packages=("${build[@]}" "${test[@]}") ;;
  check) packages=("${build[@]}" "${test[@]}" "${check[@]}") ;;
  *)
    echo "usage: Scripts/install-deps.sh build|test|check [package ...]" >&2
    exit 2
    ;;
esac
shift
packages+=("$@")

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
