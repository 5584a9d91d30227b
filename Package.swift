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
    // The platform seam: the one module that imports the C library (Glibc, Musl or Darwin) and
    // re-exports it; paths as strings, file kinds, the process environment, descriptors,
    // durability, file watching, C number formatting, trimming, the cache copy of compiled-in
    // bytes, the terminal's width, signal clean-up and child processes. No Foundation.
    .target(name: "Platform", dependencies: ["CPlatform"]),
    // The C library's declarations Swift's Glibc module leaves out (mallopt, syncfs); only
    // Platform imports it.
    .systemLibrary(name: "CPlatform"),
    // Pure Swift, no system library linked: geometry, paint, nodes, scenes, the text dump, the
    // pixel snapping every backend shares, and the custom-art sanitiser, which reads the SVG
    // with libxml2 opened on first use (CLibXML2).
    .target(name: "SceneGraph", dependencies: ["Platform", "CLibXML2"], plugins: ["SharedLibraryNames"]),
    // The domain: devices and their zones, seasons and their art, label, grids; a Design
    // becomes a Scene. It knows no file format.
    .target(name: "Wallpapers", dependencies: ["SceneGraph", "Platform"]),
    // The design-file format: a strict JSON parser that keeps each value's origin, the JSON
    // writers, the field table and reader, the loader (file and flags into a Design), the
    // encoder back to a file, colour names, design errors and limits. Pure Swift with no C
    // library, so the fuzz target builds it with the other pure-Swift modules (and SceneGraph's
    // libxml2 seam, opened on first use).
    .target(name: "DesignFiles", dependencies: ["Wallpapers", "SceneGraph", "Platform"]),

    // One system-library module per C library, each found through pkg-config.
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig1-dev"]), .brew(["fontconfig"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(
      name: "CDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),

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
    // libxml2's XML reader through dlopen: parses a design's custom SVG art for the sanitiser.
    .target(name: "CLibXML2", dependencies: ["CLazyLibrary"]),
    // librsvg through dlopen: draws a design's custom SVG art into the Cairo context.
    .target(name: "CRSVG", dependencies: ["CCairo", "CLazyLibrary"]),
    // The bundled label font's bytes (Fonts/Quicksand-Bold.ttf through C23's #embed), so the
    // library has its font wherever it is built or copied.
    .target(name: "CBundledFont"),
    // PNG encoding: the container written in C around libdeflate (libdeflate-dev) streams.
    .target(name: "CPNGEncoder", dependencies: ["CDeflate"]),

    // JPEG (libjpeg-turbo, EXIF orientation through libexif) and HEIC (libheif) decoding in
    // C: libjpeg reports errors by longjmp.
    // libjpeg, libexif and libheif are opened with dlopen on the first photo (see
    // photo_decoder.c), not linked: most designs hold none.
    .target(name: "CPhotoDecoder", dependencies: ["CLazyLibrary"]),
    // Writes SharedLibraryNames.swift at build time: the sonames of the libraries opened on
    // first use, read from this machine's libraries (Scripts/shared-library-names.sh).
    .plugin(name: "SharedLibraryNames", capability: .buildTool()),
    // Draws a Scene through Cairo into PNG, SVG or PDF bytes (PDF/X-4 through a libqpdf post-pass).
    .target(
      name: "CairoRendering",
      dependencies: [
        "SceneGraph", "Platform", "CCairo", "CFreeType", "CFontconfig", "CHarfBuzz",
        "CHarfBuzzSubset", "CPNGEncoder", "CQPDF", "CLCMS2", "CPhotoDecoder", "CRSVG", "CBundledFont",
      ],
      plugins: ["SharedLibraryNames"]),
    // Print proofs: `Proof` loads a design per device and checks it with the render step every
    // command shares (WallpaperExport), composes pages with bleed and marks, sets page boxes
    // and /ID through libqpdf, and writes the PDF and its soft proofs.
    .target(
      name: "PrintProof",
      dependencies: [
        "Platform", "SceneGraph", "Wallpapers", "DesignFiles", "CairoRendering", "WallpaperExport", "CQPDF",
      ]),
    // Designs to files: the render step every command shares (fonts and photos checked, scene,
    // bytes), atomic files, and the export of many devices, scales and formats on worker
    // threads with manifest, shards and merge, gallery, contact sheet and asset catalog.
    .target(
      name: "WallpaperExport",
      dependencies: ["Platform", "SceneGraph", "Wallpapers", "DesignFiles", "CairoRendering"]),
    // Argument parsing, help, commands, progress and messages. A library so tests can call it
    // in-process.
    .target(
      name: "WallpaperCLI",
      dependencies: [
        "Platform", "SceneGraph", "Wallpapers", "DesignFiles", "CairoRendering", "PrintProof", "WallpaperExport",
      ]),
    .executableTarget(name: "wallpaper", dependencies: ["WallpaperCLI"]),

    // Shared test helpers: image decoding and comparison, golden files, running the binary.
    // Optimised even in debug builds: its pixel loops (PNG decoding, image differences) are most
    // of the time of the tests that compare images. Not part of any product.
    .target(
      name: "TestSupport", dependencies: ["CCairo"], path: "Tests/TestSupport",
      swiftSettings: [.unsafeFlags(["-O"])]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestSupport"]),
    .testTarget(name: "SceneGraphTests", dependencies: ["SceneGraph", "TestSupport"], exclude: ["__Snapshots__"]),
    .testTarget(
      name: "WallpapersTests", dependencies: ["Wallpapers", "Platform", "TestSupport"], exclude: ["__Snapshots__"]),
    .testTarget(name: "DesignFilesTests", dependencies: ["DesignFiles", "Wallpapers", "Platform", "TestSupport"]),
    .testTarget(
      name: "CairoRenderingTests",
      dependencies: ["CairoRendering", "Wallpapers", "DesignFiles", "WallpaperExport", "TestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(name: "PrintProofTests", dependencies: ["PrintProof", "WallpaperExport", "Wallpapers", "TestSupport"]),
    .testTarget(
      name: "WallpaperExportTests",
      dependencies: ["WallpaperExport", "Wallpapers", "CairoRendering", "SceneGraph", "Platform", "TestSupport"]),
    .testTarget(
      name: "WallpaperCLITests",
      dependencies: ["WallpaperCLI", "WallpaperExport", "DesignFiles", "TestSupport"], exclude: ["__Snapshots__"]),
    // The interop tier (`make check`): browsers, Inkscape and the Python judges. Each test skips
    // itself, naming the tier, outside `make check` (see TestSupport/InteropTier.swift).
    .testTarget(name: "InteropTests", dependencies: ["TestSupport"]),
  ]
)
