import DesignFiles
import WallpaperExport

/// The design a command's arguments give.
enum DesignArguments {
  /// The design the arguments give (the design file with the flags over it) and its `output`
  /// field as given, for commands that write something other than a rendered `Output`.
  ///
  /// - Throws: `CLIError.usage` naming the file and field or the flag of a bad value.
  static func load(_ parsed: ParsedArguments) throws(CLIError) -> (loaded: LoadedDesign, output: String?) {
    do {
      let loaded = try DesignLoader.load(
        file: parsed.positional.first, overrides: parsed.overrides, outputFields: OutputFields.fields)
      let output = try loaded.outputFields.string("output")
      return (loaded, output?.isEmpty == true ? nil : output)
    } catch {
      throw .usage(error.description)
    }
  }
}
