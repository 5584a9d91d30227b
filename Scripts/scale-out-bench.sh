#!/usr/bin/env bash
# Export throughput by format for Docs/scale-out.md: files per core-second (CPU time) of the release build
# over the Samples/ catalogue, every device, one render thread (--jobs 1). Each run is a shard
# 1/1, so it renders and hashes the files and writes the partial manifest but no contact sheets or
# galleries (their cost is measured once, as `manifest merge`). Export always adds the lock and
# home previews (PNG @1x) of the iPhone classes; their cost is separated by also running SVG and
# PDF together: previews = t(svg) + t(pdf) − t(svg,pdf).
#
# Usage: Scripts/scale-out-bench.sh [BINARY]   (default .build/release/wallpaper)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/wallpaper}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# count FOLDER FORMAT SCALE: files of FORMAT (and PNG SCALE; "" for any) in the partial manifest.
count() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
m = json.load(open(sys.argv[1] + "/manifest.shard-1-of-1.json"))
fmt, scale = sys.argv[2], sys.argv[3]
print(sum(1 for f in m["files"] if (fmt == "any" or f["format"] == fmt) and (scale == "" or f.get("scale") == float(scale)) and "preview" not in f))
PY
}
previews() {
  python3 -c 'import json,sys; print(sum(1 for f in json.load(open(sys.argv[1]+"/manifest.shard-1-of-1.json"))["files"] if "preview" in f))' "$1"
}
declare -A seconds
declare -A wall
# run NAME ARGS…: seconds[NAME] is the CPU time (user + system) of the export, which is what a
# core-second costs and does not depend on what else the shared machine runs; wall[NAME] the
# elapsed time.
run() {
  local name=$1
  shift
  read -r cpu elapsed < <(python3 - "$bin" "$out/$name" "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run([sys.argv[1], "export", "Samples", "--out", sys.argv[2], "--devices", "all", "--shard", "1/1",
                "--quiet"] + sys.argv[3:], check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(round(usage.ru_utime + usage.ru_stime, 2), round(time.monotonic() - start, 2))
PY
  )
  seconds[$name]=$cpu
  wall[$name]=$elapsed
}
run png3 --formats png --scales 3 --jobs 1
run svg --formats svg --jobs 1
run pdf --formats pdf --jobs 1
run svgpdf --formats svg,pdf --jobs 1
run all1 --jobs 1
run all2 --jobs 2
merge=$(python3 - "$bin" "$out/all2" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "manifest", "merge", sys.argv[2] + "/manifest.shard-1-of-1.json", "-o",
                sys.argv[2] + "/manifest.json", "--quiet"], check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(round(usage.ru_utime + usage.ru_stime, 2))
PY
)

n_prev=$(previews "$out/svg")
t_prev=$(python3 -c "print(max(0.0, ${seconds[svg]} + ${seconds[pdf]} - ${seconds[svgpdf]}))")
rate() { # seconds, files, minus-seconds
  python3 -c "s=$1-$3; print(f'{$2/s:.1f}' if s > 0 else 'n/a')"
}
n_png=$(count "$out/png3" png 3.0)
n_svg=$(count "$out/svg" svg "")
n_pdf=$(count "$out/pdf" pdf "")
n_all=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]+"/manifest.shard-1-of-1.json"))["files"]))' "$out/all1")
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "previews (PNG @1x): $n_prev files, ${t_prev} s → $(rate "$t_prev" "$n_prev" 0) files/s"
echo "PNG @3x: $n_png files + previews in ${seconds[png3]} s → $(rate "${seconds[png3]}" "$n_png" "$t_prev") files/s per core"
echo "SVG: $n_svg files + previews in ${seconds[svg]} s → $(rate "${seconds[svg]}" "$n_svg" "$t_prev") files/s per core"
echo "PDF: $n_pdf files + previews in ${seconds[pdf]} s → $(rate "${seconds[pdf]}" "$n_pdf" "$t_prev") files/s per core"
echo "default mix (PNG native, SVG, PDF, previews): $n_all files, --jobs 1 ${seconds[all1]} CPU-s ($(rate "${seconds[all1]}" "$n_all" 0) files/core-s, wall ${wall[all1]} s), --jobs 2 ${seconds[all2]} CPU-s ($(rate "${seconds[all2]}" "$n_all" 0) files/core-s, wall ${wall[all2]} s)"
echo "manifest merge (contact sheets, galleries, hashes of $n_all files): ${merge} CPU-s"
