import Foundation
import PackagePlugin

/// Generates `SharedLibraryNames.swift` for the target it is applied to: the names under which
/// the libraries opened on first use (libqpdf, Little CMS, libjpeg, libexif, libheif, HarfBuzz's
/// subsetter, librsvg, libxml2) are loaded, read from this machine's libraries at build time by
/// `Scripts/shared-library-names.sh` rather than written into the source.
@main
struct SharedLibraryNames: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let script = context.package.directoryURL.appending(path: "Scripts/shared-library-names.sh")
    let output = context.pluginWorkDirectoryURL.appending(path: "SharedLibraryNames.swift")
    return [
      .buildCommand(
        displayName: "Reading the sonames of the libraries opened on first use",
        executable: URL(fileURLWithPath: "/bin/sh"), arguments: [script.path, output.path],
        inputFiles: [script], outputFiles: [output])
    ]
  }
}
