#!/usr/bin/env bash
# Measures what each kind of file an export renders costs, in CPU milliseconds per megapixel,
# for the shard balance (`RenderCost` in Sources/WallpaperExport/RenderCost.swift): PNG
# wallpapers at 3x at each --png-compression, lock-screen previews (PNG @1x with the mock), SVG
# and PDF (their "megapixels" are megapoints², the size a vector file is measured by). Each
# figure is the median over RUNS runs of the CPU time (user + system, getrusage) of one
# `wallpaper render` or `preview` process, less the median of `wallpaper --version` (start-up),
# summed over the designs below and divided by their megapixels. `make benchmark` runs it with
# --write, which rewrites the table between the markers in RenderCost.swift.
#
# Usage: Scripts/render-costs.sh [--binary PATH] [--runs N] [--write]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=.build/release/wallpaper
runs=3
write=0
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift ;;
    --runs) runs="$2"; shift ;;
    --write) write=1 ;;
    *) echo "render-costs: unknown argument '$1' (allowed: --binary PATH, --runs N, --write)" >&2; exit 2 ;;
  esac
  shift
done
export WALLPAPER_FONTS="$PWD/Fonts"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
designs=(Samples/autumn.json Samples/spring.json Samples/square-photo-grid.json)
device=iphone-16-pro  # 402×874 pt, 3x: 1206×2622 px

# cpu_ms ARGS…: the median CPU milliseconds (user + system, from getrusage of the finished
# child: microseconds, where /usr/bin/time rounds to 10 ms) of `wallpaper ARGS…` over $runs runs.
cpu_ms() {
  python3 - "$runs" "$binary" "$@" <<'PY'
import resource, statistics, subprocess, sys
runs, command = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    times.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"{statistics.median(times):.2f}")
PY
}

startup=$(cpu_ms --version)
# rate KIND MEGAPIXELS ARGS-AFTER-DESIGN…: ms per megapixel over every design.
rate() {
  local kind=$1 megapixels=$2 total=0
  shift 2
  for design in "${designs[@]}"; do
    local ms
    ms=$(cpu_ms "$@" "$design" --device "$device")
    total=$(awk -v t="$total" -v m="$ms" -v s="$startup" 'BEGIN { d = m - s; if (d < 0) d = 0; print t + d }')
  done
  awk -v t="$total" -v p="$megapixels" -v n="${#designs[@]}" -v k="$kind" \
    'BEGIN { printf "    \"%s\": %.1f,\n", k, t / (p * n) }'
}
wallpaper_mp=$(awk 'BEGIN { print 1206 * 2622 / 1e6 }')
points_mp=$(awk 'BEGIN { print 402 * 874 / 1e6 }')
table="$work/table"
{
  rate png-fast "$wallpaper_mp" render --scale 3 --png-compression fast -o "$work/f.png"
  rate png-default "$wallpaper_mp" render --scale 3 --png-compression default -o "$work/d.png"
  rate png-small "$wallpaper_mp" render --scale 3 --png-compression small -o "$work/s.png"
  rate preview "$points_mp" preview --scale 1 -o "$work/p.png"
  rate svg "$points_mp" render -o "$work/v.svg"
  rate pdf "$points_mp" render -o "$work/v.pdf"
} >"$table"
echo "CPU ms per megapixel ($runs runs each, start-up $startup ms subtracted; $binary):"
cat "$table"
if [ "$write" = 1 ]; then
  source=Sources/WallpaperExport/RenderCost.swift
  python3 - "$source" "$table" "$(date -u +%Y-%m-%d)" <<'PY'
import re, sys
path, table, day = sys.argv[1:]
text = open(path).read()
rows = open(table).read()
new = re.sub(r"(// BEGIN measured by Scripts/render-costs.sh)[^\n]*\n.*?(    // END measured)",
             lambda m: f"{m.group(1)} on {day}\n{rows}{m.group(2)}", text, flags=re.S)
open(path, "w").write(new)
PY
  echo "written to $source"
fi
