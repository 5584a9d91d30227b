/// How hard PNG output is compressed (`--png-compression`, design field `pngCompression`);
/// the renderer maps each name to a zlib level and row filter.
public enum PNGCompressionChoice: String, Hashable, Sendable, CaseIterable {
  case fast, `default`, small
}
