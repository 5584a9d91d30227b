#!/usr/bin/env bash
# Builds the libFuzzer target for the design decoder and the flag parser, and runs it.
#
#   Scripts/fuzz.sh build          build .build/fuzz/design-fuzzer
#   Scripts/fuzz.sh run RUNS       fuzz RUNS inputs from the seed corpus (new inputs go to
#                                  .build/fuzz/corpus; crashes to .build/fuzz/crash-*)
#   Scripts/fuzz.sh ci RUNS        RUNS inputs from the committed corpus only, with a fixed
#                                  seed, so CI's run is the same every time
#
# The target is built with swiftc directly (SwiftPM's executables have their own main): the
# pure-Swift modules Platform, SceneGraph (with its C seam CLibXML2, which opens the system's
# libxml2 on first use, as in the tool), Wallpapers and DesignFiles; the pure-Swift files of
# WallpaperExport that read manifests and shards (a module of that name without Cairo); then the
# flag-parsing files of WallpaperCLI and `--shard`'s parser, all with -sanitize=fuzzer,address.
# Each input goes through the design decoder and flags, the custom-art sanitiser, the manifest
# reader and the shard parser. A finding is kept as a regression test by
# copying it into Tests/Fuzz/regressions/ (FuzzRegressionTests replays every file there).
set -euo pipefail
cd "$(dirname "$0")/.."
# FUZZ_OPT=-Onone builds in half the time (CI's short run); -O runs about four times faster.
# Each optimisation level has its own folder, so a CI run never replaces a running fuzzer.
opt=${FUZZ_OPT:--O}
out=.build/fuzz${FUZZ_OPT:+-${opt#-}}
mkdir -p "$out"
# Sources/CPlatform is a module map of C declarations only (the platform seam imports it).
flags=(-sanitize=fuzzer,address -parse-as-library -g "$opt" -swift-version 6 -use-ld=lld -I Sources/CPlatform -package-name wallpaper)

build() {
  # Archives are appended to, not replaced: a member from an older tree would linger.
  rm -f "$out"/lib*.a
  # SceneGraph's C seam: libxml2's reader through dlopen (CLibXML2 over CLazyLibrary), its module
  # map as SwiftPM makes one, and the sonames the SharedLibraryNames plugin writes.
  mkdir -p "$out/CLibXML2"
  printf 'module CLibXML2 {\n  header "%s"\n  export *\n}\n' "$PWD/Sources/CLibXML2/include/clibxml2.h" \
    >"$out/CLibXML2/module.modulemap"
  for source in Sources/CLazyLibrary/lazy_library.c Sources/CLibXML2/clibxml2.c; do
    clang -c -g "$([ "$opt" = -Onone ] && echo -O0 || echo -O2)" -fsanitize=fuzzer-no-link,address -I Sources/CLazyLibrary/include -I Sources/CLibXML2/include \
      "$source" -o "$out/$(basename "$source" .c).o"
  done
  ar rcs "$out/libCLibXML2.a" "$out/lazy_library.o" "$out/clibxml2.o"
  sh Scripts/shared-library-names.sh "$out/SharedLibraryNames.swift"
  local cseam=(-I "$out/CLibXML2" -Xcc -I -Xcc Sources/CLazyLibrary/include -Xcc -I -Xcc Sources/CLibXML2/include)
  for module in Platform SceneGraph Wallpapers DesignFiles; do
    local extra=()
    [ "$module" = SceneGraph ] && extra=("$out/SharedLibraryNames.swift")
    swiftc "${flags[@]}" "${cseam[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
      -emit-library -static -o "$out/lib$module.a" -I "$out" $(find "Sources/$module" -name '*.swift' | sort) \
      "${extra[@]}"
  done
  # What manifest merge and --incremental read, without the rest of WallpaperExport.
  swiftc "${flags[@]}" "${cseam[@]}" -module-name WallpaperExport -emit-module -emit-module-path "$out/WallpaperExport.swiftmodule" \
    -emit-library -static -o "$out/libWallpaperExport.a" -I "$out" \
    Sources/WallpaperExport/{Shard,ExportError,ExportDate,ManifestParsing}.swift
  # render's design-field options, copied from RenderCommand.swift so the fuzzer parses exactly
  # them (the output options need CairoRendering, which this build leaves out).
  {
    echo "import DesignFiles"
    echo "import Wallpapers"
    echo "let fuzzDesignOptions: [OptionSpec] = ["
    awk '/static let designFieldOptions: \[OptionSpec\] = \[/{p=1; next} p&&/^  \]$/{exit} p{print}' \
      Sources/WallpaperCLI/RenderCommand.swift
    echo "]"
  } >"$out/DesignOptions.swift"
  swiftc "${flags[@]}" "${cseam[@]}" -module-name WallpaperCLI -I "$out" -L "$out" \
    -lWallpaperExport -lDesignFiles -lWallpapers -lSceneGraph -lCLibXML2 -lPlatform \
    Sources/WallpaperCLI/Options.swift Sources/WallpaperCLI/CLIError.swift Sources/WallpaperCLI/FuzzHarness.swift \
    Sources/WallpaperCLI/Export/ShardOption.swift \
    "$out/DesignOptions.swift" Tests/Fuzz/FuzzMain.swift -o "$out/design-fuzzer" 2>&1 |
    { grep -v "Cannot export local symbol" || true; }
}

# LeakSanitizer reads the project's suppressions (Scripts/lsan.supp): one-time global
# initialisers live for the whole process.
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan.supp:print_suppressions=0"

# Inputs over 8 KiB add nothing the limits (4096-byte strings, 32 levels) don't already reach.
options=(-max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$out/")

run() {
  mkdir -p "$out/corpus"
  "$out/design-fuzzer" -runs="$1" "${options[@]}" "$out/corpus" Tests/Fuzz/corpus Tests/Fuzz/regressions
}

ci() {
  # -runs counts only new inputs; the committed files are read, never written (no corpus folder to
  # write into is the first argument).
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  "$out/design-fuzzer" -runs="$1" -seed=1 "${options[@]}" "$scratch" Tests/Fuzz/corpus Tests/Fuzz/regressions
}

case "${1:-}" in
  build) build ;;
  run) run "${2:?runs}" ;;
  ci) ci "${2:?runs}" ;;
  *) echo "usage: $0 build | run RUNS | ci RUNS" >&2; exit 2 ;;
esac
