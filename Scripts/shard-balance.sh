#!/usr/bin/env bash
# How even the shards of a mixed catalogue are in CPU time (Docs/scale-out.md): the 9 designs of
# Samples/ plus two of them again with "pngCompression": "small" and one with "fast", for three
# screen classes (iPhone 16 Pro 3x, iPhone 8 2x, iPad Air 11" 2x) in PNG, SVG and PDF with the
# previews, split N ways (default 16). Each part runs on its own, one after the other, with
# --jobs 1; its CPU time (user + system) comes from /usr/bin/time. Prints every part's CPU
# seconds, then max/mean: the slowest worker against the average one. --copies K exports K
# copies of that catalogue (renamed designs), so that no single file is a large share of a part.
#
# Usage: Scripts/shard-balance.sh [--binary PATH] [--parts N] [--copies K]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/wallpaper
parts=16
copies=1
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$(realpath "$2")"; shift ;;
    --parts) parts="$2"; shift ;;
    --copies) copies="$2"; shift ;;
    *) echo "shard-balance: unknown argument '$1' (allowed: --binary PATH, --parts N, --copies K)" >&2; exit 2 ;;
  esac
  shift
done
export WALLPAPER_FONTS="$PWD/Fonts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/designs"
cp Samples/*.json "$work/designs/"
# variant NAME SOURCE COMPRESSION: a copy of SOURCE named NAME with pngCompression set.
variant() {
  python3 - "Samples/$2.json" "$work/designs/$1.json" "$1" "$3" <<'PY'
import json, sys
design = json.load(open(sys.argv[1]))
design["name"], design["pngCompression"] = sys.argv[3], sys.argv[4]
json.dump(design, open(sys.argv[2], "w"), indent=2)
PY
}
variant autumn-small autumn small
variant winter-small winter small
variant spring-fast spring fast
# copy K: every design again, named NAME-K.
for copy in $(seq 2 "$copies"); do
  for file in "$work"/designs/*.json; do
    case "$file" in *-copy-*) continue ;; esac
    python3 - "$file" "$copy" <<'PY'
import json, sys
design = json.load(open(sys.argv[1]))
design["name"] = f"{design['name']}-copy-{sys.argv[2]}"
json.dump(design, open(sys.argv[1].replace(".json", f"-copy-{sys.argv[2]}.json"), "w"), indent=2)
PY
  done
done
cd "$work"
total=0
cpus=()
for index in $(seq "$parts"); do
  /usr/bin/time -f '%U %S' -o time "$binary" export designs --out out --devices iphone-16-pro,iphone-8,ipad-air-11 \
    --shard "$index/$parts" --jobs 1 --quiet
  cpu=$(awk '{ printf "%.2f", $1 + $2 }' time)
  cpus+=("$cpu")
  echo "part $index/$parts: $cpu CPU s"
done
printf '%s\n' "${cpus[@]}" | awk '{ s += $1; if ($1 > m) m = $1; if (n == 0 || $1 < lo) lo = $1; n++ }
  END { printf "min %.2f, max %.2f, mean %.2f CPU s; max/mean %.2f\n", lo, m, s / n, m / (s / n) }'
