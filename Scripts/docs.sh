#!/usr/bin/env bash
# Builds the library's documentation as DocC archives with the toolchain's own docc (no
# outside package): symbol graphs from `swift build -emit-symbol-graph` (in a build folder of
# their own, so the normal build is left alone), then one `docc convert` per library module,
# warnings treated as errors. Writes .build/docs/<Module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(SceneGraph Wallpapers DesignFiles CairoRendering PrintProof WallpaperExport)
scratch=.build/docs-build
# Emitted by the compiler with each module it rebuilds, so kept with that build.
graphs=$scratch/symbol-graphs
rm -rf .build/docs "$graphs"/[A-Z]*
mkdir -p "$graphs/all" .build/docs
# A build that is up to date emits nothing: start it afresh when its graphs are missing.
if [ ! -f "$graphs/all/SceneGraph.symbols.json" ] && [ -d "$scratch/debug" ]; then rm -rf "$scratch"; fi
swift build --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs/all" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
for module in "${modules[@]}"; do
  mkdir -p "$graphs/$module"
  # The module's own graph and its extensions of other modules' types (Module@Other).
  cp "$graphs/all/$module.symbols.json" "$graphs/$module/"
  find "$graphs/all" -name "$module@*.symbols.json" -exec cp {} "$graphs/$module/" \;
  # The module's landing page (overview and example) is Sources/<Module>/<Module>.docc.
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "studio.wallpaper.$module" \
    --fallback-bundle-version 0.1.0 \
    --warnings-as-errors \
    --output-path ".build/docs/$module.doccarchive"
done
echo "docs: .build/docs/{$(IFS=,; echo "${modules[*]}")}.doccarchive"
# An archive opened from disk shows a blank page: its pages load their data over HTTP.
echo "view one through a local HTTP server, e.g.:"
echo "  python3 -m http.server 8000 --directory .build/docs/Wallpapers.doccarchive"
echo "  then open http://localhost:8000/documentation/wallpapers/ (each module: documentation/<module in lower case>/)"
