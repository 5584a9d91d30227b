#!/usr/bin/env bash
# Benchmarks `wallpaper` against rsvg-convert, other SVG renderers and a C floor, on the same
# machine in the same run.
#
#   Scripts/benchmark.sh [--quick] [--runs N] [--binary PATH]
#
# Builds the release binary `make install` installs (`make release`), then measures, in
# alternating rounds (every command once per round, so load from other processes hits all of
# them alike; each after a 50 ms pause, the list forwards in odd rounds and backwards in even
# ones, so no command always follows a heavy one):
#   - `wallpaper render Samples/benchmark.json --scale 3` to PNG, SVG and PDF;
#   - `rsvg-convert` turning the project's own SVG of that design into the same PNG (-z 3), into
#     PDF (-f pdf) and into SVG (-f svg); CairoSVG (Debian's cairosvg, installed by full runs)
#     and resvg (when on PATH; Debian 12 has no package) making the same PNG;
#   - the floor: Scripts/floor.c, a plain C program drawing the scene `wallpaper --dump-scene`
#     writes with Cairo and encoding it with libpng (zlib 6, filter NONE), at 3x, and at 1x and
#     10x for the cost per megapixel (full runs only);
#   - `wallpaper --version` against `rsvg-convert --version` (start-up alone);
#   - `wallpaper export` of every device (PNG @2x and @3x, SVG, PDF) with --jobs 1 and with all
#     cores (the benchmark design without its home grid: iPads have no home-screen metrics).
# The commands of a few milliseconds (SVG, PDF, --version, the start-up floor) run 5 times a
# round, each after the pause, and count with the median of their round.
# Wall time comes from hyperfine (median over the rounds), CPU time (user + system, all
# threads) from hyperfine too, peak memory from `/usr/bin/time -v`, and in full runs
# instruction counts from callgrind (stable on a noisy machine). Prints tables with the ratios
# against the targets in Docs/performance.md.
#
# --quick: one round, no warm-up, one memory sample, no callgrind, no per-megapixel runs, no
# peers installed: for CI, so the script cannot rot. Timing never fails the script; only
# a command that fails does.
# --binary PATH: time this wallpaper binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

quick=0
runs=7
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --runs) runs="$2"; shift ;;
    --binary) binary="$2"; shift ;;
    -h | --help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "benchmark: unknown argument '$1' (allowed: --quick, --runs N, --binary PATH)" >&2; exit 2 ;;
  esac
  shift
done
if [ "$quick" = 1 ]; then runs=1; fi
memory_runs=$([ "$quick" = 1 ] && echo 1 || echo 3)

# Tools: hyperfine and GNU time from Debian, rsvg-convert through the project's package list.
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
# The floor's libpng headers (cairo's -dev package pulls them in, but say so).
dpkg-query -W -f='${Status}' libpng-dev 2>/dev/null | grep -q "install ok installed" || missing+=(libpng-dev)
if [ "$quick" = 0 ]; then command -v valgrind >/dev/null || missing+=(valgrind); fi
[ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ] || ! command -v rsvg-convert >/dev/null; then
  Scripts/install-deps.sh test "${missing[@]}"
fi

if [ -z "$binary" ]; then
  echo "benchmark: building the release binary (make release)" >&2
  make -s release >&2
  binary=.build/release/wallpaper
fi
wallpaper="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export WALLPAPER_FONTS="$repo/Fonts"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
design="$repo/Samples/benchmark.json"
# rsvg-convert's input: the SVG this project writes for the design (the default scene writer,
# art with plain opacity), and Cairo's SVG of it (--svg-engine cairo: the art behind a mask and a
# filter, which rsvg-convert draws about 2× slower).
"$wallpaper" render "$design" -o "$work/input.svg"
"$wallpaper" render "$design" --svg-engine cairo -o "$work/input-cairo.svg"
# Every device: the same season and label, no home grid (it has no iPad metrics).
cat >"$work/export.json" <<'EOF'
{ "name": "benchmark", "season": { "name": "autumn", "alpha": 0.6 }, "label": { "text": "Autumn" } }
EOF
cores="$(nproc)"

# The floor: the same scene, drawn by a plain C program.
cc -O2 Scripts/floor.c $(pkg-config --cflags --libs cairo freetype2 libpng) -lm -o "$work/floor"
"$wallpaper" render "$design" --dump-scene >"$work/scene.txt"
floor() { echo "'$work/floor' '$work/scene.txt' $1 '$work/$2' '$WALLPAPER_FONTS'"; }

# The start-up floor: a C program that links the shared libraries wallpaper links (its NEEDED
# entries) and exits. What any process using them pays before its first line of work.
needed=()
while read -r library; do needed+=("-l:$library"); done < <(readelf -d "$wallpaper" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
printf 'int main(void) { return 0; }\n' >"$work/startup.c"
cc -O2 "$work/startup.c" -o "$work/startup-floor" -Wl,--no-as-needed "${needed[@]}"

# CairoSVG from Debian in full runs; resvg where it is installed.
if [ "$quick" = 0 ] && ! command -v cairosvg >/dev/null; then
  Scripts/install-deps.sh test cairosvg >&2 || echo "benchmark: CairoSVG not installable here; its row is skipped" >&2
fi
resvg=$(command -v resvg || true)
cairosvg=$(command -v cairosvg || true)

names=(wallpaper-png rsvg-png rsvg-png-cairo floor-png wallpaper-svg rsvg-svg wallpaper-pdf rsvg-pdf wallpaper-version
  rsvg-version floor-startup)
commands=(
  "'$wallpaper' render '$design' --scale 3 -o '$work/w.png'"
  "rsvg-convert -z 3 -o '$work/r.png' '$work/input.svg'"
  "rsvg-convert -z 3 -o '$work/r2.png' '$work/input-cairo.svg'"
  "$(floor 3 f.png)"
  "'$wallpaper' render '$design' --scale 3 -o '$work/w.svg'"
  "rsvg-convert -f svg -o '$work/r.svg' '$work/input.svg'"
  "'$wallpaper' render '$design' --scale 3 -o '$work/w.pdf'"
  "rsvg-convert -f pdf -o '$work/r.pdf' '$work/input.svg'"
  "'$wallpaper' --version"
  "rsvg-convert --version"
  "'$work/startup-floor'"
)
if [ -n "$resvg" ] && "$resvg" -z 3 "$work/input.svg" "$work/check.png" 2>/dev/null; then
  names+=(resvg-png)
  commands+=("'$resvg' -z 3 '$work/input.svg' '$work/rv.png'")
fi
if [ -n "$cairosvg" ] && "$cairosvg" -s 3 "$work/input.svg" -o "$work/check.png" 2>/dev/null; then
  names+=(cairosvg-png)
  commands+=("'$cairosvg' -s 3 '$work/input.svg' -o '$work/cs.png'")
fi
if [ "$quick" = 0 ]; then
  names+=(wallpaper-png-1x floor-png-1x wallpaper-png-10x floor-png-10x)
  commands+=(
    "'$wallpaper' render '$design' --scale 1 -o '$work/w1.png'" "$(floor 1 f1.png)"
    "'$wallpaper' render '$design' --scale 10 -o '$work/w10.png'" "$(floor 10 f10.png)"
  )
fi
if "$wallpaper" export --help >/dev/null 2>&1; then
  names+=(export-jobs-1 export-all-cores)
  commands+=(
    "'$wallpaper' export '$work/export.json' --out '$work/export-1' --quiet --jobs 1"
    "'$wallpaper' export '$work/export.json' --out '$work/export-n' --quiet --jobs $cores"
  )
fi

# The commands of a few milliseconds are timed several times a round, the others once: one run
# of a 6 ms process varied by ±30 % here (hyperfine: 5.0–10.3 ms over 80 runs of the SVG render,
# 13.2–28.4 ms of rsvg-convert -f svg), so nine single runs left the SVG ratio at 0.31 in one
# run of this script and 0.37 in the next; five runs a round cost ~2 s.
short=" wallpaper-svg rsvg-svg wallpaper-pdf rsvg-pdf wallpaper-version rsvg-version floor-startup "
short_runs=$([ "$quick" = 1 ] && echo 1 || echo 5)
forward=() backward=() short_forward=() short_backward=()
for i in "${!names[@]}"; do
  pair=(-n "${names[$i]}" "${commands[$i]}")
  if [[ "$short" == *" ${names[$i]} "* ]]; then
    short_forward+=("${pair[@]}")
    short_backward=("${pair[@]}" "${short_backward[@]}")
  else
    forward+=("${pair[@]}")
    backward=("${pair[@]}" "${backward[@]}")
  fi
done
# What a command runs after moves its time: measured in one run, rsvg-convert -f svg took 15.2 ms
# after wallpaper's SVG render and 18.9 ms right after the floor's 288 MiB PNG, and wallpaper's
# SVG 5.5 against 6.0 ms. So every command starts after the same 50 ms pause (--prepare, not
# timed), and odd rounds run the list forwards, even rounds backwards, so that no command of a
# pair always follows the other or a heavy one.
pause=(--prepare "sleep 0.05")
[ "$quick" = 1 ] && pause=()

# Alternating rounds, each a hyperfine call for the heavy commands and one for the short ones.
if [ "$quick" = 0 ]; then
  echo "benchmark: warm-up round" >&2
  hyperfine -N --runs 1 --style none "${forward[@]}" "${short_forward[@]}" >/dev/null
fi
# A round: the heavy commands once each, then the short ones $short_runs times each (hyperfine
# runs a command's runs back to back, each after the pause); backwards in even rounds.
for round in $(seq 1 "$runs"); do
  echo "benchmark: round $round of $runs" >&2
  heavy=(hyperfine -N --runs 1 --style none "${pause[@]}" --export-csv "$work/round-$round-heavy.csv")
  light=(hyperfine -N --runs "$short_runs" --style none "${pause[@]}" --export-csv "$work/round-$round-short.csv")
  if ((round % 2)); then
    "${heavy[@]}" "${forward[@]}" >/dev/null
    "${light[@]}" "${short_forward[@]}" >/dev/null
  else
    "${light[@]}" "${short_backward[@]}" >/dev/null
    "${heavy[@]}" "${backward[@]}" >/dev/null
  fi
done

# The median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A ms cpu rss instructions
for i in "${!names[@]}"; do
  name="${names[$i]}"
  # hyperfine's CSV: command,mean,stddev,median,user,system,min,max (seconds).
  ms[$name]="$(cat "$work"/round-*.csv | awk -F, -v n="$name" '$1 == n { printf "%.1f\n", $4 * 1000 }' | median)"
  cpu[$name]="$(cat "$work"/round-*.csv | awk -F, -v n="$name" '$1 == n { printf "%.1f\n", ($5 + $6) * 1000 }' | median)"
  samples=()
  for _ in $(seq 1 "$memory_runs"); do
    eval "/usr/bin/time -v -o '$work/time.txt' ${commands[$i]}" >/dev/null
    samples+=("$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$work/time.txt")")
  done
  rss[$name]="$(printf '%s\n' "${samples[@]}" | median)"
done

# Instructions (callgrind, every thread) of the PNG, SVG and PDF renders and of the floor.
if [ "$quick" = 0 ] && command -v valgrind >/dev/null; then
  echo "benchmark: callgrind" >&2
  # Valgrind 3.19 cannot read the DWARF of Swift's static builds: count on a copy without it.
  strip --strip-debug -o "$work/wallpaper-nodebug" "$wallpaper"
  for name in wallpaper-png floor-png wallpaper-svg wallpaper-pdf rsvg-png; do
    for i in "${!names[@]}"; do if [ "${names[$i]}" = "$name" ]; then command="${commands[$i]}"; fi; done
    command="${command//"'$wallpaper'"/"'$work/wallpaper-nodebug'"}"
    rm -f "$work/callgrind.out"
    if eval "valgrind --tool=callgrind --callgrind-out-file='$work/callgrind.out' $command" >/dev/null 2>"$work/callgrind.err"; then
      instructions[$name]="$(awk '/^(summary|totals):/ { print $2; exit }' "$work/callgrind.out")"
    else
      instructions[$name]="n/a"
      echo "benchmark: callgrind failed on $name: $(grep -v '^==' "$work/callgrind.err" | head -1)" >&2
    fi
  done
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v t="$2" -v dir="$3" 'BEGIN { ok = dir == "le" ? r <= t : r >= t; print ok ? "met" : "MISSED" }'; }

echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $cores cores; cairo $(pkg-config --modversion cairo)," \
  "$(rsvg-convert --version), $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*'), $(hyperfine --version)," \
  "libdeflate $(pkg-config --modversion libdeflate), libpng $(pkg-config --modversion libpng)" \
  "$( [ -n "$resvg" ] && echo ", resvg $("$resvg" --version)")$( [ -n "$cairosvg" ] && echo ", CairoSVG $("$cairosvg" --version)")"
echo "$( [ "$quick" = 1 ] && echo 'quick mode: 1 run each, numbers are indicative only' || echo "median of $runs alternating rounds (SVG, PDF, --version: of each round's median of $short_runs runs); peak RSS median of $memory_runs"); $wallpaper"
echo
printf '%-8s %14s %14s %8s %8s %14s %12s\n' "output" "wallpaper ms" "rsvg ms" "ratio" "target" "wallpaper MiB" "rsvg MiB"
# png: rsvg-convert drawing the default SVG; png-cairo: drawing Cairo's SVG of the same design.
for format in png png-cairo svg pdf version; do
  case "$format" in
    png) target=0.35 ;; png-cairo) target=0.30 ;; pdf) target=0.70 ;; svg) target=0.50 ;; version) target=1.00 ;;
  esac
  w="${ms[wallpaper-${format%-cairo}]}"
  r="${ms[rsvg-$format]}"
  value="$(ratio "$w" "$r")"
  printf '%-9s %13s %14s %8s %8s %14s %12s   %s\n' "$format" "$w" "$r" "$value" "<= $target" \
    "${rss[wallpaper-${format%-cairo}]}" "${rss[rsvg-$format]}" "$(verdict "$value" "$target" le)"
done
echo
echo "PNG 3x against the other renderers of the same SVG, wall time (wallpaper ${ms[wallpaper-png]} ms):"
for peer in resvg-png cairosvg-png; do
  if [ -n "${ms[$peer]:-}" ]; then
    echo "  ${peer%-png}: ${ms[$peer]} ms, wallpaper ÷ ${peer%-png} $(ratio "${ms[wallpaper-png]}" "${ms[$peer]}")," \
      "peak ${rss[$peer]} MiB"
  else
    echo "  ${peer%-png}: not installed"
  fi
done
floor_ratio="$(ratio "${cpu[wallpaper-png]}" "${cpu[floor-png]}")"
echo "floor (Scripts/floor.c: Cairo + libpng, zlib 6): ${ms[floor-png]} ms wall, ${cpu[floor-png]} ms CPU," \
  "peak ${rss[floor-png]} MiB; wallpaper ${cpu[wallpaper-png]} ms CPU:" \
  "wallpaper ÷ floor CPU ${floor_ratio} (target ≤ 0.90): $(verdict "$floor_ratio" 0.90 le)"
if [ -n "${cpu[wallpaper-png-10x]:-}" ]; then
  # CPU per megapixel between 1x and 10x (414×896 and 4140×8960 px): the fixed costs cancel.
  megapixels="$(awk 'BEGIN { print (4140 * 8960 - 414 * 896) / 1e6 }')"
  w_slope="$(awk -v a="${cpu[wallpaper-png-10x]}" -v b="${cpu[wallpaper-png-1x]}" -v m="$megapixels" 'BEGIN { printf "%.2f", (a - b) / m }')"
  f_slope="$(awk -v a="${cpu[floor-png-10x]}" -v b="${cpu[floor-png-1x]}" -v m="$megapixels" 'BEGIN { printf "%.2f", (a - b) / m }')"
  slope_ratio="$(ratio "$w_slope" "$f_slope")"
  echo "CPU per megapixel, 1x to 10x: wallpaper $w_slope ms, floor $f_slope ms, ratio $slope_ratio (target ≤ 1.05):" \
    "$(verdict "$slope_ratio" 1.05 le)"
  echo "peak memory of a 10x PNG render: ${rss[wallpaper-png-10x]} MiB (target ≤ 64 MiB):" \
    "$(verdict "${rss[wallpaper-png-10x]}" 64 le); the floor's: ${rss[floor-png-10x]} MiB"
fi
# How far start-up alone goes towards the SVG and PDF targets.
echo "start-up floor (a C program linking wallpaper's ${#needed[@]} shared libraries, then exiting):" \
  "${ms[floor-startup]} ms = $(ratio "${ms[floor-startup]}" "${ms[rsvg-svg]}")× rsvg-convert -f svg," \
  "$(ratio "${ms[floor-startup]}" "${ms[rsvg-pdf]}")× -f pdf; wallpaper --version ${ms[wallpaper-version]} ms," \
  "SVG ${ms[wallpaper-svg]} ms, PDF ${ms[wallpaper-pdf]} ms"
if [ -n "${instructions[wallpaper-png]:-}" ]; then
  echo "instructions (callgrind): PNG ${instructions[wallpaper-png]} (floor ${instructions[floor-png]}," \
    "rsvg-convert ${instructions[rsvg-png]}), SVG ${instructions[wallpaper-svg]}, PDF ${instructions[wallpaper-pdf]}"
fi
echo "peak memory of a 3x PNG render: ${rss[wallpaper-png]} MiB (target ≤ 40 MiB):" \
  "$(verdict "${rss[wallpaper-png]}" 40 le)"
if [ -n "${ms[export-jobs-1]:-}" ]; then
  speedup="$(ratio "${ms[export-jobs-1]}" "${ms[export-all-cores]}")"
  echo "export of every device (PNG @2x @3x, SVG, PDF): --jobs 1 ${ms[export-jobs-1]} ms," \
    "--jobs $cores ${ms[export-all-cores]} ms, speed-up ${speedup}× (target ≥ 1.7× on 2 cores):" \
    "$(verdict "$speedup" 1.7 ge)"
  echo "peak memory of the export: --jobs 1 ${rss[export-jobs-1]} MiB, --jobs $cores ${rss[export-all-cores]} MiB" \
    "(target ≤ 128 MiB with 2 jobs): $(verdict "${rss[export-all-cores]}" 128 le)"
else
  # TODO(export): `wallpaper export` was not available in this build; its jobs-1 / all-cores
  # comparison runs as soon as `wallpaper export --help` succeeds.
  echo "export: skipped (\`wallpaper export --help\` failed in this build)"
fi
echo
echo "phases of one PNG render (wallpaper render --timings):"
"$wallpaper" render "$design" --scale 3 -o "$work/w.png" --timings 2>&1 | sed -n '2,$p'
