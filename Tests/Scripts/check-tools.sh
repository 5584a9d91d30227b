#!/usr/bin/env bash
# The tool as a user installs it: `make install PREFIX=$tmp`, the installed binary rendering from
# another folder with no environment, `make uninstall` leaving the prefix empty; the bash
# completions driven through compgen, the zsh and fish scripts parsed, the man page through
# groff with every warning on; the JSON Schema against the samples and the loader.
# Usage: Tests/Scripts/check-tools.sh (from `make check-tools`, after `make build`).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
debug=$repo/.build/debug/wallpaper
fail() { echo "check-tools: FAIL: $*" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Completions: bash through compgen, as a shell does on Tab.
"$debug" completions bash > "$scratch/wallpaper.bash"
complete_words() { # complete_words WORD... (the last word is the one being completed)
  env -i PATH="$PATH" bash --norc --noprofile -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _wallpaper; printf "%s\n" "${COMPREPLY[@]}"' _ "$scratch/wallpaper.bash" "$@" | sort | tr '\n' ' '
}
expect() { # expect "WANTED" WORD...
  local wanted=$1; shift
  local got; got=$(complete_words "$@")
  [ "$got" = "$wanted" ] || fail "completing '$*': got '$got', want '$wanted'"
  echo "check-tools: bash completes '$*' -> $got"
}
expect "render " wallpaper ren
expect "all autumn spring summer winter " wallpaper render --season ""
expect "autumn spring summer winter " wallpaper preview --season ""
expect "current " wallpaper export x.json --devices cur
expect "$(printf '%s\n' iphone-16 iphone-16-plus iphone-16-pro iphone-16-pro-max iphone-16e | sort | tr '\n' ' ')" \
  wallpaper render --device iphone-16
expect "pdf png svg " wallpaper render --format ""
expect "winter " wallpaper render --season = w
expect "iphone-8,iphone-16-pro iphone-8,iphone-16-pro-max " wallpaper export x.json --devices iphone-8,iphone-16-pro
expect "--label-color --label-offset --label-position --label-size --label-text " wallpaper render --label-
expect "bash fish zsh " wallpaper completions ""
# bash splits since:20 at the colon (COMP_WORDBREAKS); the replies are what follows the colon.
years=$("$debug" devices --json | /usr/bin/python3 -c 'import json,sys; print(" ".join(sorted({str(d["released"]) for d in json.load(sys.stdin) if str(d["released"]).startswith("202")})) + " ")')
expect "$years" wallpaper export x.json --devices since : 202
expect "$years" wallpaper export x.json --devices iphone-8,since : 202
expect "aliceblue antiquewhite aqua aquamarine auto azure " wallpaper render --label-color a
expect "navajowhite navy none " wallpaper render --base-color n
(cd Samples && expect "autumn-grid.json autumn.json " wallpaper render aut)

"$debug" completions zsh > "$scratch/_wallpaper"
zsh -n "$scratch/_wallpaper" || fail "zsh -n rejects the zsh completions"
"$debug" completions fish > "$scratch/wallpaper.fish"
fish -n "$scratch/wallpaper.fish" || fail "fish -n rejects the fish completions"
fish --no-config -c "source $scratch/wallpaper.fish; complete -C 'wallpaper render --season '" > "$scratch/fish.out"
grep -q '^winter' "$scratch/fish.out" || fail "fish does not complete --season: $(cat "$scratch/fish.out")"
echo "check-tools: zsh -n and fish -n pass; fish completes --season"

# The man page: groff with all warnings, which must print nothing.
"$debug" help --man > "$scratch/wallpaper.1"
warnings=$(groff -man -ww -Tutf8 -z "$scratch/wallpaper.1" 2>&1)
[ -z "$warnings" ] || fail "groff warns: $warnings"
groff -man -Tutf8 "$scratch/wallpaper.1" | sed 's/.\x08//g' > "$scratch/wallpaper.txt"
grep -q "^EXAMPLES" "$scratch/wallpaper.txt" || fail "the man page has no EXAMPLES"
echo "check-tools: groff -man -ww renders wallpaper.1 without warnings"

# The schema.
/usr/bin/python3 Tests/Scripts/check-schema.py "$debug"

# make install into a fresh prefix; render from elsewhere with an empty environment.
prefix=$scratch/prefix
mkdir "$prefix"
make --no-print-directory install PREFIX="$prefix" > "$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; fail "make install"; }
for file in bin/wallpaper share/wallpaper/fonts/Quicksand-Bold.ttf share/man/man1/wallpaper.1 \
  share/bash-completion/completions/wallpaper share/zsh/site-functions/_wallpaper \
  share/fish/vendor_completions.d/wallpaper.fish; do
  [ -f "$prefix/$file" ] || fail "make install did not write $file"
done
# The installed binary as users' machines need it: a position-independent executable with the
# Swift runtime linked in, the system's shared Cairo, fontconfig, FreeType and HarfBuzz (so
# Debian's security updates reach it), the libraries only some commands need opened on first use,
# no runpath, no private runtime symbol of our own and no rewritten library in the build.
binary=$prefix/bin/wallpaper
readelf -h "$binary" | grep -q "Type:.*DYN" || fail "the installed binary is not position-independent: $(readelf -h "$binary" | grep Type)"
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
for library in libcairo.so.2 libfontconfig.so.1 libfreetype.so.6 libharfbuzz.so.0; do
  case " $needed" in *" $library "*) ;; *) fail "the installed binary does not link the shared $library: $needed" ;; esac
done
for library in libFoundation libswiftCore liblcms2 libjpeg libexif libharfbuzz-subset libqpdf libheif; do
  case " $needed" in *" $library"*) fail "the installed binary loads $library at start: $needed" ;; esac
done
readelf -d "$binary" | grep -qE "R(UN)?PATH" && fail "the installed binary has a runpath"
nm "$binary" | grep -q "__CFInitialize" && fail "the installed binary links swift-corelibs-foundation"
# (Global definitions only: the runtime's own inline helpers, such as _swift_stdlib_gettid, are
# compiled into callers as local copies.)
objects=$(find .build/release/ -path '*.build/*.o' | wc -l)
[ "$objects" -gt 50 ] || fail "found only $objects of the release build's objects to inspect"
ours=$(find .build/release/ -path '*.build/*.o' -print0 | xargs -0 nm -A --defined-only 2>/dev/null |
  grep " [TDB] _*swift_stdlib_" || true)
[ -z "$ours" ] || fail "the project's objects define the runtime's private symbols: $ours"
grep -rqs objcopy Makefile Package.swift Scripts && fail "the build still rewrites a library with objcopy"
echo "check-tools: the installed binary is a PIE that loads $(echo "$needed" | wc -w) shared objects: $needed"
odd=$'bogus \u00fc\u6f22 x'
"$binary" "$odd" 2> "$scratch/odd.err" && fail "an unknown subcommand succeeded"
grep -qF "unknown subcommand '$odd'" "$scratch/odd.err" || fail "the argument did not arrive intact: $(cat "$scratch/odd.err")"
mkdir "$scratch/elsewhere"
(cd "$scratch/elsewhere" && env -i TMPDIR="$scratch/elsewhere" "$binary" render --device iphone-8 --season winter \
  -o winter.png --verbose 2> verbose.log) || fail "the installed binary cannot render from another folder"
# The font is the one compiled into the binary, written to its cache folder (TMPDIR without a
# home), never one from the source tree the binary was built in.
grep -qE "^font: Quicksand \($scratch/elsewhere/wallpaper-[0-9]+/[0-9a-f]{16}/Quicksand-Bold.ttf\)$" \
  "$scratch/elsewhere/verbose.log" ||
  fail "the installed binary did not use its compiled-in font: $(cat "$scratch/elsewhere/verbose.log")"
[ "$(head -c 8 "$scratch/elsewhere/winter.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
echo "check-tools: the installed binary rendered $(stat -c %s "$scratch/elsewhere/winter.png") bytes with no environment"
# Every library opened on first use, through the installed binary, and the same bytes as the
# debug build: a PDF/X proof (libqpdf, lcms2), a JPEG with EXIF (libjpeg, libexif), a HEIC
# (libheif) and --svg-text text (HarfBuzz's subsetter).
convert -size 64x48 gradient:'#FF6B35-#2A9D8F' -quality 90 "$scratch/photo.jpg"
convert "$scratch/photo.jpg" "$scratch/photo.png"
heif-enc -q 80 "$scratch/photo.png" -o "$scratch/photo.heic" > /dev/null
for name in installed debug; do
  run=$debug
  [ "$name" = debug ] || run=$binary
  out=$scratch/$name
  mkdir "$out"
  (cd "$out" && export SOURCE_DATE_EPOCH=1700000000 WALLPAPER_FONTS="$repo/Fonts" &&
    "$run" proof "$repo/Samples/autumn-grid.json" -o proof.pdf --devices iphone-8,iphone-16-pro --pdfx &&
    "$run" render --device iphone-8 --image "$scratch/photo.jpg" -o jpeg.png &&
    "$run" render --device iphone-8 --image "$scratch/photo.heic" -o heic.png &&
    "$run" render "$repo/Samples/autumn.json" --svg-text text -o text.svg) ||
    fail "$run could not write a PDF/X proof, a JPEG, a HEIC or a text SVG"
done
qpdf --check "$scratch/installed/proof.pdf" > /dev/null || fail "qpdf --check failed on the installed binary's proof"
grep -q "@font-face" "$scratch/installed/text.svg" || fail "the text SVG embeds no font"
for file in proof.pdf jpeg.png heic.png text.svg; do
  cmp -s "$scratch/installed/$file" "$scratch/debug/$file" || fail "the installed binary's $file differs from the debug build's"
done
echo "check-tools: the installed binary wrote a PDF/X proof, a JPEG, a HEIC and a text SVG, byte for byte the debug build's"
make --no-print-directory uninstall PREFIX="$prefix" > /dev/null
left=$(find "$prefix" -mindepth 1)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-tools: make uninstall left $prefix empty"

# Folders that were there before install (like /usr/local/bin) stay after uninstall.
kept=$scratch/kept
mkdir -p "$kept/bin" "$kept/share/man/man1"
make --no-print-directory install PREFIX="$kept" > /dev/null 2>&1 || fail "make install into $kept"
make --no-print-directory uninstall PREFIX="$kept" > /dev/null
left=$(cd "$kept" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./bin ./share ./share/man ./share/man/man1 " ] || fail "uninstall should keep only the folders that existed: $left"
echo "check-tools: make uninstall keeps the folders that were there before (bin, share/man/man1)"
