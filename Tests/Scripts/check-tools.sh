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
expect "autumn spring summer winter " wallpaper render --season ""
expect "$(printf '%s\n' iphone-16 iphone-16-plus iphone-16-pro iphone-16-pro-max iphone-16e | sort | tr '\n' ' ')" \
  wallpaper render --device iphone-16
expect "pdf png svg " wallpaper render --format ""
expect "winter " wallpaper render --season = w
expect "iphone-8,iphone-16-pro iphone-8,iphone-16-pro-max " wallpaper export x.json --devices iphone-8,iphone-16-pro
expect "--label-color --label-offset --label-position --label-size --label-text " wallpaper render --label-
expect "bash fish zsh " wallpaper completions ""
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
# What the installed binary loads at start (Docs/performance.md): Cairo, fontconfig, libstdc++,
# libgcc and libdeflate are linked in, Foundation is not linked at all, the libraries only some commands need
# (Little CMS, libjpeg, libexif, HarfBuzz's subsetter, libqpdf, libheif) are opened on first use,
# and no runpath sends the loader searching its folder.
needed=$(readelf -d "$prefix/bin/wallpaper" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
for library in libcairo libfontconfig libX11 libxcb libpixman libstdc++ libgcc_s libFoundation libswiftCore \
  libdeflate liblcms2 libjpeg libexif libharfbuzz-subset libqpdf libheif; do
  case " $needed" in *" $library"*) fail "the installed binary still loads $library: $needed" ;; esac
done
readelf -d "$prefix/bin/wallpaper" | grep -qE "R(UN)?PATH" && fail "the installed binary has a runpath"
nm "$prefix/bin/wallpaper" | grep -q "__CFInitialize" && fail "the installed binary links swift-corelibs-foundation"
# CommandLine's argv comes from Sources/CProcessArguments, not from the runtime's constructor that
# reads /proc/self/maps (CommandLine.cpp of libswiftCore.a, its `argvGrabber`); arguments arrive intact.
symbols=$(nm "$prefix/bin/wallpaper")
grep -q "processArgumentsCapture" <<<"$symbols" || fail "the installed binary lacks Sources/CProcessArguments"
grep -q "argvGrabber" <<<"$symbols" && fail "the installed binary links the Swift runtime's argv reader"
odd=$'bogus \u00fc\u6f22 x'
"$prefix/bin/wallpaper" "$odd" 2> "$scratch/odd.err" && fail "an unknown subcommand succeeded"
grep -qF "unknown subcommand '$odd'" "$scratch/odd.err" || fail "the argument did not arrive intact: $(cat "$scratch/odd.err")"
echo "check-tools: the installed binary takes argv from glibc's constructor arguments, intact"
echo "check-tools: the installed binary loads $(echo "$needed" | wc -w) shared objects directly: $needed"
mkdir "$scratch/elsewhere"
(cd "$scratch/elsewhere" && env -i "$prefix/bin/wallpaper" render --device iphone-8 --season winter -o winter.png \
  --verbose 2> verbose.log) || fail "the installed binary cannot render from another folder"
# The font must come from the prefix, not from the source tree the binary was built in.
grep -q "$prefix/share/wallpaper/fonts/Quicksand-Bold.ttf" "$scratch/elsewhere/verbose.log" ||
  fail "the installed binary did not use the installed font: $(cat "$scratch/elsewhere/verbose.log")"
[ "$(head -c 8 "$scratch/elsewhere/winter.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
echo "check-tools: the installed binary rendered $(stat -c %s "$scratch/elsewhere/winter.png") bytes with no environment"
# The installed binary's static Cairo formats numbers and deflates streams with Sources/CCairoStreams
# (Scripts/static-link.sh); the debug binary's shared Cairo uses glibc and zlib. Decompressed, the
# two PDFs must be the same document: only the /ID, a hash of the compressed bytes, may differ.
for name in installed debug; do
  binary=$debug
  [ "$name" = debug ] || binary=$prefix/bin/wallpaper
  WALLPAPER_FONTS="$repo/Fonts" "$binary" render Samples/benchmark.json --scale 3 -o "$scratch/$name.pdf" ||
    fail "$binary could not render a PDF"
  qpdf --check "$scratch/$name.pdf" > /dev/null || fail "qpdf --check failed on the PDF of $binary"
  qpdf --qdf --object-streams=disable "$scratch/$name.pdf" - | grep -av '^  /ID \[' > "$scratch/$name.qdf" ||
    fail "qpdf could not decompress the PDF of $binary"
done
cmp -s "$scratch/installed.qdf" "$scratch/debug.qdf" ||
  fail "the installed binary's PDF differs from the debug binary's once decompressed: $(cmp "$scratch/installed.qdf" "$scratch/debug.qdf")"
echo "check-tools: the installed binary's PDF ($(stat -c %s "$scratch/installed.pdf") bytes) is the debug binary's document"
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
