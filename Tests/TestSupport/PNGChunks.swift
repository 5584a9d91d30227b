import Foundation
import XCTest

/// A PNG's chunks in file order, read independently of the encoder under test: each chunk's
/// CRC is checked (CRC-32 over type and data, as the PNG specification defines it).
public struct PNGChunks {
  public struct Chunk: Equatable {
    public let type: String
    public let data: [UInt8]
  }

  public let chunks: [Chunk]

  /// The chunk types, such as `["IHDR", "sRGB", "gAMA", "cHRM", "IDAT", "IEND"]`.
  public var types: [String] { chunks.map(\.type) }

  /// The first chunk of `type`, if any.
  public subscript(type: String) -> [UInt8]? { chunks.first { $0.type == type }?.data }

  /// - Throws: when the signature, a length or a CRC is wrong.
  public init(_ png: [UInt8]) throws {
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw PNGChunkError(reason: "no PNG signature")
    }
    var chunks: [Chunk] = []
    var offset = 8
    while offset < png.count {
      guard offset + 12 <= png.count else { throw PNGChunkError(reason: "truncated chunk at \(offset)") }
      let length = Int(Self.uint32(png, offset))
      guard offset + 12 + length <= png.count else { throw PNGChunkError(reason: "chunk past the end at \(offset)") }
      let typeAndData = Array(png[offset + 4..<offset + 8 + length])
      let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
      guard Self.crc32(typeAndData) == Self.uint32(png, offset + 8 + length) else {
        throw PNGChunkError(reason: "bad CRC in \(type)")
      }
      chunks.append(Chunk(type: type, data: Array(typeAndData.dropFirst(4))))
      offset += 12 + length
    }
    self.chunks = chunks
  }

  /// Reads the file at `path`.
  public init(file path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw PNGChunkError(reason: "cannot read \(path)")
    }
    try self.init(Array(data))
  }

  /// A big-endian UInt32 at `offset`.
  public static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// One line per chunk, `TYPE LENGTH`, plus the values of the colour chunks:
  /// `sRGB 1 intent=0`, `gAMA 4 gamma=45455`, `cICP 4 12 13 0 1`.
  public var listing: String {
    chunks.map { chunk in
      var line = "\(chunk.type) \(chunk.data.count)"
      switch chunk.type {
      case "sRGB": line += " intent=\(chunk.data.first ?? 255)"
      case "gAMA": line += " gamma=\(Self.uint32(chunk.data, 0))"
      case "cHRM":
        line += " " + (0..<8).map { String(Self.uint32(chunk.data, 4 * $0)) }.joined(separator: " ")
      case "cICP": line += " " + chunk.data.map(String.init).joined(separator: " ")
      case "iCCP": line += " name=\(String(decoding: chunk.data.prefix { $0 != 0 }, as: UTF8.self))"
      default: break
      }
      return line
    }.joined(separator: "\n")
  }

  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}

public struct PNGChunkError: Error, CustomStringConvertible {
  public let reason: String
  public var description: String { reason }
}

/// The colour chunks every sRGB PNG of ours carries, as `PNGChunks.listing` shows them.
public let sRGBChunkListing = """
  IHDR 13
  sRGB 1 intent=0
  gAMA 4 gamma=45455
  cHRM 32 31270 32900 64000 33000 30000 60000 15000 6000
  IDAT
  """

extension PNGChunks {
  /// The listing with IDAT lengths dropped (they depend on the picture) and one IDAT line,
  /// without an indexed-colour image's palette (`PLTE`, `tRNS`): the chunks that say what the
  /// colours mean.
  public var colourListing: String {
    var lines: [String] = []
    for line in listing.split(separator: "\n").map(String.init)
    where line != "IEND 0" && !line.hasPrefix("PLTE ") && !line.hasPrefix("tRNS ") {
      if line.hasPrefix("IDAT") {
        if lines.last != "IDAT" { lines.append("IDAT") }
      } else {
        lines.append(line)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Fails unless the PNG is tagged as sRGB exactly as `sRGBChunkListing` says.
  public static func assertSRGB(_ png: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
    do {
      let chunks = try PNGChunks(png)
      XCTAssertEqual(chunks.colourListing, sRGBChunkListing, file: file, line: line)
    } catch {
      XCTFail("not a valid PNG: \(error)", file: file, line: line)
    }
  }
}
