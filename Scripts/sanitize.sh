#!/usr/bin/env bash
# Sanitizer runs (issue 13):
#  1. AddressSanitizer (with LeakSanitizer): every module, the test bundle and the `wallpaper`
#     binary built with -sanitize=address; the end-to-end tests (WallpaperCLITests, which run
#     the binary for every command) then run with each process logging any report to
#     .build/sanitizer-reports/. Any report fails the run. Leaks inside the system libraries
#     (not from our use of them) are suppressed in Scripts/lsan.supp, each with its reason;
#     full stacks (fast_unwind_on_malloc=0) let a suppression match the library's own frame.
#  2. ThreadSanitizer: the binary built with -sanitize=thread runs the parallel export
#     `export --devices all --jobs 2` (every device, format and scale, and the contact sheet),
#     a two-shard export and its `manifest merge` (which hashes files on every core), the
#     editor, and `render --watch` through an edit and Ctrl-C.
#     Suppressions: Scripts/tsan.supp, documented false positives only.
set -euo pipefail
cd "$(dirname "$0")/.."
reports=$PWD/.build/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"

echo "== AddressSanitizer: end-to-end tests"
swift build --build-path .build/asan --sanitize=address --build-tests
status=0
ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:log_path=$reports/asan:exitcode=86" \
  LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0" \
  swift test --build-path .build/asan --sanitize=address --skip-build --filter "${ASAN_FILTER:-WallpaperCLITests}" || status=$?

echo "== ThreadSanitizer: export --devices all --jobs 2"
swift build --build-path .build/tsan --sanitize=thread --product wallpaper
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
TSAN_OPTIONS="log_path=$reports/tsan:exitcode=86:suppressions=$PWD/Scripts/tsan.supp" \
  WALLPAPER_FONTS=$PWD/Fonts .build/tsan/debug/wallpaper export Samples/autumn.json --out "$folder/out" \
  --devices all --jobs 2 --quiet || status=$?
ls "$folder/out" | wc -l | xargs echo "files written:"
# The ThreadSanitizer binary with its options, as one command (env execs the program, so a
# background run's $! is the program itself and can be killed).
tsan_command=(env "TSAN_OPTIONS=log_path=$reports/tsan:exitcode=86:suppressions=$PWD/Scripts/tsan.supp"
  "WALLPAPER_FONTS=$PWD/Fonts" .build/tsan/debug/wallpaper)
tsan() { "${tsan_command[@]}" "$@"; }
echo "== ThreadSanitizer: two shards and manifest merge, the editor, render --watch"
for part in 1 2; do
  tsan export Samples/autumn.json Samples/winter.json --out "$folder/shards" --devices iphone --jobs 2 \
    --shard "$part/2" --quiet || status=$?
done
tsan manifest merge "$folder"/shards/manifest.shard-*-of-2.json -o "$folder/shards/manifest.json" --quiet || status=$?
tsan editor Samples/autumn-grid.json -o "$folder/editor.html" || status=$?
cp Samples/autumn.json "$folder/watched.json"
"${tsan_command[@]}" render "$folder/watched.json" --scale 1 -o "$folder/watched.png" --watch >/dev/null &
watcher=$!
sleep 3
sed -i 's/0.85/0.6/' "$folder/watched.json"
sleep 3
kill -INT "$watcher"
# ThreadSanitizer defers a signal that arrives inside a blocking call (the watcher's poll) until
# the call returns, which it never does here: after 5 s the watcher is killed. A race would
# already have been reported when it happened.
for _ in 1 2 3 4 5; do kill -0 "$watcher" 2>/dev/null || break; sleep 1; done
kill -KILL "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
grep -q . "$folder/watched.png" || { echo "render --watch wrote nothing" >&2; status=1; }

if compgen -G "$reports/*" >/dev/null; then
  echo "sanitizer reports:" >&2
  for report in "$reports"/*; do
    echo "--- $report" >&2
    head -40 "$report" >&2
  done
  exit 1
fi
[ "$status" -eq 0 ] || { echo "a run failed (status $status) without a sanitizer report" >&2; exit "$status"; }
echo "no AddressSanitizer, LeakSanitizer or ThreadSanitizer reports"
