// swift-tools-version:6.0
// A program that uses the wallpaper studio as a library: it builds a design in Swift, renders
// it to PNG, SVG and PDF, and exports it for two iPhones with a manifest. It depends on the
// repository by path.
import PackageDescription

let package = Package(
  name: "RenderFromCode",
  dependencies: [.package(name: "wallpaper", path: "../..")],
  targets: [
    .executableTarget(
      name: "RenderFromCode",
      dependencies: [
        .product(name: "Wallpapers", package: "wallpaper"),
        .product(name: "DesignFiles", package: "wallpaper"),
        .product(name: "CairoRendering", package: "wallpaper"),
        .product(name: "SceneGraph", package: "wallpaper"),
        .product(name: "WallpaperExport", package: "wallpaper"),
      ])
  ]
)
