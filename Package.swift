// swift-tools-version:6.0
// The wallpaper studio: a pure scene graph, a wallpaper domain that builds scenes, a Cairo
// renderer for PNG/SVG/PDF, print proofs, the export of many devices at once, and a
// command-line tool. Data flows one way:
// SceneGraph -> Wallpapers -> DesignFiles; SceneGraph -> CairoRendering;
// DesignFiles, CairoRendering -> WallpaperExport -> PrintProof -> WallpaperCLI.
import PackageDescription

let package = Package(
  name: "wallpaper",
  products: [
    .executable(name: "wallpaper", targets: ["wallpaper"]),
    .library(name: "SceneGraph", targets: ["SceneGraph"]),
    .library(name: "Wallpapers", targets: ["Wallpapers"]),
    .library(name: "DesignFiles", targets: ["DesignFiles"]),
    .library(name: "CairoRendering", targets: ["CairoRendering"]),
    .library(name: "PrintProof", targets: ["PrintProof"]),
    .library(name: "WallpaperExport", targets: ["WallpaperExport"]),
  ],
  targets: [
    // The system layer every module reads, without Foundation: paths as strings, file kinds,
    // the process environment, writing to descriptors, C number formatting, trimming.
    .target(name: "FilePaths"),
    // Pure Swift, no system libraries: geometry, paint, nodes, scenes, the text dump, and the
    // pixel snapping every backend shares.
    .target(name: "SceneGraph", dependencies: ["FilePaths"]),
    // The domain: devices and their zones, seasons and their art, label, grids; a Design
    // becomes a Scene. It knows no file format.
    .target(name: "Wallpapers", dependencies: ["SceneGraph", "FilePaths"]),
    // The design-file format: a strict JSON parser that keeps each value's origin, the JSON
    // writers, the field table and reader, the loader (file and flags into a Design), the
    // encoder back to a file, colour names, design errors and limits. Pure Swift with no C
    // library, so the fuzz target builds it with the other pure-Swift modules.
    .target(name: "DesignFiles", dependencies: ["Wallpapers", "SceneGraph", "FilePaths"]),

    // One system-library module per C library, each found through pkg-config.
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig1-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),

    // Shared libraries opened on first use (dlopen), with a table of the functions each user
    // calls: the commands and designs that need none of them never map them.
    .target(name: "CLazyLibrary"),
    // HarfBuzz's subsetter through dlopen: only SVG with its text as text embeds a font.
    .target(name: "CHarfBuzzSubset", dependencies: ["CHarfBuzz", "CLazyLibrary"]),
    // Little CMS 2 (liblcms2-dev) through dlopen: ICC profiles for photos, PDF/X output intents
    // and soft proofs.
    .target(name: "CLCMS2", dependencies: ["CLazyLibrary"]),
    // libqpdf's C API through dlopen (headers from libqpdf-dev), so only proofs and PDF/X map it.
    .target(name: "CQPDF", dependencies: ["CLazyLibrary"]),
    // PNG encoding: the container written in C around libdeflate (libdeflate-dev) streams.
    // libdeflate comes from its archive (`-l:libdeflate.a`, position-independent in Debian):
    // nothing else in the process uses it, and its shared copy was one more object to map and
    // relocate at every start.
    .target(name: "CPNGEncoder", linkerSettings: [.linkedLibrary(":libdeflate.a")]),
    // The number formatting and deflate streams of the release build's static Cairo (see
    // Scripts/static-link.sh): glibc's "%f" and zlib were most of a PDF render.
    .target(name: "CCairoStreams", linkerSettings: [.linkedLibrary(":libdeflate.a"), .linkedLibrary("z")]),

    // JPEG (libjpeg-turbo, EXIF orientation through libexif) and HEIC (libheif) decoding in
    // C: libjpeg reports errors by longjmp.
    // libjpeg, libexif and libheif are opened with dlopen on the first photo (see
    // photo_decoder.c), not linked: most designs hold none.
    .target(name: "CPhotoDecoder", dependencies: ["CLazyLibrary"]),
    // Draws a Scene through Cairo into PNG, SVG or PDF bytes (PDF/X-4 through a libqpdf post-pass).
    .target(
      name: "CairoRendering",
      dependencies: [
        "SceneGraph", "FilePaths", "CCairo", "CCairoStreams", "CFreeType", "CFontconfig", "CHarfBuzz",
        "CHarfBuzzSubset", "CPNGEncoder", "CQPDF", "CLCMS2", "CPhotoDecoder",
      ]),
    // Print proofs: `Proof` loads a design per device and checks it with the render step every
    // command shares (WallpaperExport), composes pages with bleed and marks, sets page boxes
    // and /ID through libqpdf, and writes the PDF and its soft proofs.
    .target(
      name: "PrintProof",
      dependencies: [
        "FilePaths", "SceneGraph", "Wallpapers", "DesignFiles", "CairoRendering", "WallpaperExport", "CQPDF",
      ]),
    // glibc's malloc.h, to keep peak memory of long exports flat (see Exporter).
    .systemLibrary(name: "CMalloc"),
    // Designs to files: the render step every command shares (fonts and photos checked, scene,
    // bytes), atomic files, and the export of many devices, scales and formats on worker
    // threads with manifest, shards and merge, gallery, contact sheet and asset catalog.
    .target(
      name: "WallpaperExport",
      dependencies: ["FilePaths", "SceneGraph", "Wallpapers", "DesignFiles", "CairoRendering", "CMalloc"]),
    // Argument parsing, help, commands, progress and messages. A library so tests can call it
    // in-process.
    .target(
      name: "WallpaperCLI",
      dependencies: ["FilePaths", "Wallpapers", "DesignFiles", "CairoRendering", "PrintProof", "WallpaperExport"]),
    // CommandLine's argv taken from glibc's constructor arguments, so the Swift runtime's
    // reader of /proc/self/maps is not linked into the executable (see its source).
    .target(name: "CProcessArguments"),
    .executableTarget(name: "wallpaper", dependencies: ["WallpaperCLI", "CProcessArguments"]),

    // Shared test helpers: image decoding and comparison, golden files, running the binary.
    .target(name: "TestSupport", dependencies: ["CCairo"], path: "Tests/TestSupport"),
    .testTarget(name: "SceneGraphTests", dependencies: ["SceneGraph", "TestSupport"]),
    .testTarget(name: "WallpapersTests", dependencies: ["Wallpapers", "FilePaths", "TestSupport"]),
    .testTarget(name: "DesignFilesTests", dependencies: ["DesignFiles", "Wallpapers", "FilePaths", "TestSupport"]),
    .testTarget(
      name: "CairoRenderingTests",
      dependencies: ["CairoRendering", "CCairoStreams", "Wallpapers", "DesignFiles", "TestSupport"]),
    .testTarget(name: "PrintProofTests", dependencies: ["PrintProof", "WallpaperExport", "Wallpapers", "TestSupport"]),
    .testTarget(
      name: "WallpaperExportTests",
      dependencies: ["WallpaperExport", "Wallpapers", "CairoRendering", "TestSupport"]),
    .testTarget(
      name: "WallpaperCLITests",
      dependencies: ["WallpaperCLI", "WallpaperExport", "DesignFiles", "TestSupport"]),
    // The interop tier (`make check`): browsers, Inkscape and the Python judges. Each test skips
    // itself, naming the tier, outside `make check` (see TestSupport/InteropTier.swift).
    .testTarget(name: "InteropTests", dependencies: ["TestSupport"]),
  ]
)
