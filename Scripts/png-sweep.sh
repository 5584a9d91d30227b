#!/usr/bin/env bash
# Re-measures the PNG encoder's choices (the tables in Docs/performance.md): renders sample
# designs at 3x (flat-colour art, gradients, and a synthetic photo background), then times
# libdeflate levels 1-12 × row filters NONE/SUB/UP/PAETH/ALL (every filter at levels 1, 3, 6, 9,
# 12; NONE and ALL at the others) and Cairo's own encoder on each. Times are wall-clock medians
# of the whole encode (the encoder deflates on a second thread while it filters the next chunk).
# Usage: Scripts/png-sweep.sh [RUNS] [--scratch-path DIR]
#   RUNS: runs per choice, median reported (default 5). Prints tab-separated rows on stdout and
#   each image's repeat fraction (the art/photo probe) on stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
scratch=()
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch-path) scratch=(--scratch-path "$2"); shift ;;
    *) runs="$1" ;;
  esac
  shift
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export WALLPAPER_FONTS="$PWD/Fonts"

swift build -c release --product wallpaper "${scratch[@]}" >&2
wallpaper="$(swift build -c release --show-bin-path "${scratch[@]}")/wallpaper"
cc -O2 -ISources/CPNGEncoder/include Scripts/png-sweep.c Sources/CPNGEncoder/png_encoder.c \
  $(pkg-config --cflags --libs cairo) -ldeflate -lpthread -lm -o "$work/png-sweep"
"$work/png-sweep" --make-photo "$work/photo.png"

render() { name="$1"; shift; "$wallpaper" render --device iphone-11-pro-max --scale 3 "$@" -o "$work/$name.png"; }
render autumn-home --season autumn --grid home --fill 0,5=tomato
render winter-square --season winter --grid square --columns 4 --spacing 8 --grid-line-color '#FFFFFF80'
render spring-gradient --season spring --gradient '#FFE0F0,#B0E0FF'
render summer-icons --season summer --grid home --show-icons
render autumn-transparent --season autumn --base-color none
render radial-gradient --season summer --gradient '#FFD000,#FF4080,#4060FF' --gradient-type radial --grid home
render angled-gradient --season autumn --gradient gold,teal --gradient-angle 30
render photo-background --season spring --alpha 0.4 --image "$work/photo.png" --grid home --fill 0,5=tomato
"$work/png-sweep" "$runs" "$work"/autumn-home.png "$work"/winter-square.png "$work"/spring-gradient.png \
  "$work"/summer-icons.png "$work"/autumn-transparent.png "$work"/radial-gradient.png \
  "$work"/angled-gradient.png "$work"/photo-background.png
