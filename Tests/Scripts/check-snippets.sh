#!/usr/bin/env bash
# The library as its users meet it, from outside the repository and with no environment variable
# of ours (only PATH, and HOME pointing at a fresh folder):
# - every Swift snippet of the README's "As a Swift library" section and of Docs/library.md (but
#   the Package.swift excerpt) becomes an executable of a package made in a temporary folder that
#   depends on this repository by path; each is built and run there;
# - Examples/RenderFromCode runs with plain `swift run`;
# - a copied binary renders from `/`.
# The label's font must come from the library itself (it is compiled in), never from the
# repository, an environment variable or an installed copy. `make check` runs this.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
SWIFT=${SWIFT:-swift}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/wallpaper-snippets.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "check-snippets: $*" >&2; exit 1; }
# An empty environment but for the search path; HOME points at a fresh folder so the font's cache
# copy is made by this run, not found from an earlier one.
clean_env() { env -i PATH=/usr/bin:/bin HOME="$scratch/home" "$@"; }
mkdir "$scratch/home"

# 1. The snippets: the ```swift blocks, one executable each, numbered in document order.
package=$scratch/package
mkdir -p "$package/Sources"
count=0
for document in README.md Docs/library.md; do
  section=1
  [ "$document" = README.md ] && section=0
  block=""
  inside=0
  while IFS= read -r line; do
    case "$line" in
      "## As a Swift library"*) section=1 ;;
      "## "*) [ "$document" = README.md ] && section=0 ;;
    esac
    if [ $inside = 0 ] && [ "$line" = '```swift' ]; then inside=1; block=""; continue; fi
    if [ $inside = 1 ] && [ "$line" = '```' ]; then
      inside=0
      [ $section = 1 ] || continue
      case "$block" in *"dependencies: [.package"*) continue ;; esac  # the Package.swift excerpt
      count=$((count + 1))
      name=Snippet$count
      mkdir -p "$package/Sources/$name"
      {
        echo "// $document, snippet $count"
        printf 'import %s\n' CairoRendering DesignFiles PrintProof SceneGraph WallpaperExport Wallpapers
        printf '%s' "$block"
      } > "$package/Sources/$name/main.swift"
      continue
    fi
    [ $inside = 1 ] && block+="$line"$'\n'
  done < "$repo/$document"
done
[ "$count" -ge 6 ] || fail "found only $count snippets in README.md and Docs/library.md"
{
  echo '// swift-tools-version:6.0'
  echo 'import PackageDescription'
  echo 'let products: [Target.Dependency] = ["CairoRendering", "DesignFiles", "PrintProof", "SceneGraph", "WallpaperExport", "Wallpapers"].map { .product(name: $0, package: "wallpaper") }'
  echo 'let package = Package('
  echo '  name: "Snippets",'
  echo "  dependencies: [.package(name: \"wallpaper\", path: \"$repo\")],"
  echo "  targets: (1...$count).map { .executableTarget(name: \"Snippet\\(\$0)\", dependencies: products) }"
  echo ')'
} > "$package/Package.swift"
"$SWIFT" build --package-path "$package" 2>&1 | tail -n 3

# What the snippets read, relative to the folder they run in: the sample designs, a folder of
# designs, and a photo; `missing.json` is missing on purpose.
work=$scratch/work
mkdir -p "$work/designs" "$work/photos"
cp -r "$repo/Samples" "$work/Samples"
cp "$repo/Samples/winter.json" "$repo/Samples/autumn.json" "$work/designs/"
convert -size 640x480 gradient:'#FF6B35-#2A9D8F' -quality 90 "$work/photos/a.jpg"
for number in $(seq 1 "$count"); do
  binary=$("$SWIFT" build --package-path "$package" --show-bin-path)/Snippet$number
  (cd "$work" && clean_env "$binary" > "$scratch/snippet$number.log" 2>&1) ||
    fail "snippet $number ($(sed -n 1p "$package/Sources/Snippet$number/main.swift")) failed: $(cat "$scratch/snippet$number.log")"
  echo "check-snippets: snippet $number ran ($(sed -n 1p "$package/Sources/Snippet$number/main.swift" | cut -c4-))"
done
# The snippets' files, with the bundled font drawn in them (pdffonts names it).
for file in out/winter.png out/winter-393x852@3x.png out/leaves-402x874@3x.png proof.pdf; do
  [ -s "$work/$file" ] || fail "no $file from the snippets"
done
pdffonts "$work/proof.pdf" | grep -q Quicksand-Bold || fail "the proof's label is not in the bundled font"
cache=$(find "$scratch/home/.cache/wallpaper" -name Quicksand-Bold.ttf 2> /dev/null || true)
[ -n "$cache" ] || fail "the snippets left no cache copy of the font in \$HOME/.cache/wallpaper"
cmp -s "$cache" "$repo/Fonts/Quicksand-Bold.ttf" || fail "the cached font is not Fonts/Quicksand-Bold.ttf"

# 2. The example package, with plain `swift run`, from a folder outside the repository.
mkdir -p "$scratch/example/out"
(cd "$scratch/example" && clean_env "$(command -v "$SWIFT")" run --package-path "$repo/Examples/RenderFromCode" \
  RenderFromCode "$scratch/example/out" > "$scratch/example.log" 2>&1) ||
  fail "swift run of Examples/RenderFromCode failed: $(tail -n 5 "$scratch/example.log")"
[ -s "$scratch/example/out/winter-from-code.png" ] || fail "the example wrote no PNG"
echo "check-snippets: Examples/RenderFromCode ran with plain swift run"

# 3. A copied binary, run from /, with no environment at all (its font cache goes to TMPDIR).
mkdir "$scratch/copied"
cp "$repo/.build/debug/wallpaper" "$scratch/copied/wallpaper"
(cd / && env -i TMPDIR="$scratch/copied" "$scratch/copied/wallpaper" render --device iphone-8 --season winter \
  -o "$scratch/copied/winter.pdf") || fail "a copied binary cannot render from /"
pdffonts "$scratch/copied/winter.pdf" | grep -q Quicksand-Bold || fail "the copied binary's label is not in the bundled font"
echo "check-snippets: a copied binary rendered from / with the bundled font"
