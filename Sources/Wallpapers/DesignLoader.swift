import Foundation
import SceneGraph

/// A command-line flag's value, placed at a field path of the design, where it wins over the
/// file.
public struct DesignOverride: Sendable {
  public let path: [String]
  public let value: JSONValue
  /// Repeatable flags add to an array instead of replacing it.
  public let appends: Bool

  public init(path: [String], value: JSONValue, appends: Bool = false) {
    self.path = path
    self.value = value
    self.appends = appends
  }
}

/// Reads a design from JSON and command-line overrides, checking every field.
public enum DesignLoader {
  /// The top-level fields of a design file.
  public static let topLevelFields = ["name", "device", "scale", "format", "output", "background"]

  /// Loads `file` (if any), applies `overrides` on top, and validates the result.
  ///
  /// - Parameter defaultDevice: used when neither file nor flags name a device.
  /// - Throws: `DesignError` for an unreadable file, malformed JSON, an unknown field, or a
  ///   value of the wrong type or out of range, naming the file and line or the flag.
  public static func load(file: String?, overrides: [DesignOverride]) throws(DesignError) -> Design {
    var root: JSONValue
    let baseFolder: String
    if let file {
      root = try parse(file: file)
      baseFolder = (file as NSString).deletingLastPathComponent
    } else {
      root = JSONValue(.object([]), origin: .flag("(command line)"))
      baseFolder = ""
    }
    for override in overrides { root.set(override) }
    return try decode(root, baseFolder: baseFolder, defaultName: file.map(Self.name(fromFile:)))
  }

  /// Parses a design file into a JSON tree.
  public static func parse(file: String) throws(DesignError) -> JSONValue {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
      throw DesignError(origin: nil, field: nil, message: "design file '\(file)' does not exist")
    }
    guard !isDirectory.boolValue else {
      throw DesignError(origin: nil, field: nil, message: "design file '\(file)' is a folder")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw DesignError(origin: nil, field: nil, message: "design file '\(file)' is not readable")
    }
    return try JSONParser.parse(Array(data), file: file)
  }

  static func name(fromFile file: String) -> String {
    ((file as NSString).lastPathComponent as NSString).deletingPathExtension
  }

  static func decode(_ root: JSONValue, baseFolder: String, defaultName: String?) throws(DesignError) -> Design {
    let top = try FieldReader(root, path: "")
    try top.rejectUnknown(topLevelFields)

    guard let deviceValue = top.raw("device"), let deviceID = try top.string("device") else {
      throw DesignError(
        origin: nil, field: "device",
        message: "no device given (use --device ID or a \"device\" field; `wallpaper devices` lists them)")
    }
    guard let device = DeviceCatalog.device(id: deviceID) else {
      let suggestions = DeviceCatalog.suggestions(for: deviceID)
      let hint = suggestions.isEmpty ? "" : "; closest: " + suggestions.joined(separator: ", ")
      throw DesignError.invalid(
        deviceValue, field: "device", shown: "'\(deviceID)'",
        allowed: "a device id from `wallpaper devices`\(hint)")
    }
    var design = Design(device: device)
    if let name = try top.string("name") {
      guard !name.isEmpty, !name.contains("/") else {
        throw DesignError.invalid(top.raw("name")!, field: "name", shown: "'\(name)'", allowed: "a non-empty name without '/'")
      }
      design.name = name
    } else if let defaultName {
      design.name = defaultName
    }
    design.scale = try top.number(
      "scale", in: Double.leastNonzeroMagnitude...maxScale,
      allowed: "a number > 0 and ≤ \(formatNumber(maxScale))")
    design.format = try top.choice("format", as: FileFormat.self)
    design.output = try top.string("output")
    if let background = try top.object("background") {
      design.background = try decodeBackground(background, baseFolder: baseFolder)
    }
    return design
  }

  /// The largest scale a design may ask for; the renderer enforces the same limit.
  public static let maxScale = 10.0

  static func decodeBackground(_ reader: FieldReader, baseFolder: String) throws(DesignError) -> Background {
    try reader.rejectUnknown(["color", "gradient", "image"])
    var background = Background()
    if let value = reader.raw("color"), case .string(let text) = value.kind, text.lowercased() == "none" {
      background.color = nil
    } else if let color = try reader.color("color") {
      background.color = color
    }
    if let gradient = try reader.object("gradient") {
      try gradient.rejectUnknown(["type", "colors", "angle"])
      let kind = try gradient.choice("type", as: Gradient.Kind.self) ?? .linear
      var colors: [Color] = []
      for element in try gradient.array("colors") ?? [] {
        guard case .string(let text) = element.kind else {
          throw gradient.typeError(element, "colors", expected: "colour strings")
        }
        // A flag gives all colours in one comma-separated value.
        for part in text.split(separator: ",") {
          guard let color = Color(parsing: String(part)) else {
            throw DesignError.invalid(
              element, field: gradient.fieldPath("colors"), shown: "'\(part)'",
              allowed: "#RRGGBB, #RRGGBBAA or a CSS colour name")
          }
          colors.append(color)
        }
      }
      guard colors.count >= 2 else {
        throw DesignError(
          origin: gradient.raw("colors")?.origin ?? gradient.value.origin,
          field: gradient.fieldPath("colors"), message: "needs two or more colours, got \(colors.count)")
      }
      let angle = try gradient.number("angle", in: -360...360) ?? 0
      background.gradient = Gradient(kind: kind, colors: colors, angle: angle)
    }
    if let image = try reader.object("image") {
      try image.rejectUnknown(["path", "mode", "opacity"])
      guard let pathValue = image.raw("path"), let path = try image.string("path") else {
        throw DesignError(origin: image.value.origin, field: image.fieldPath("path"), message: "is required")
      }
      let resolved = resolve(path, from: pathValue, baseFolder: baseFolder)
      guard let data = FileManager.default.contents(atPath: resolved) else {
        throw DesignError.invalid(
          pathValue, field: image.fieldPath("path"), shown: "'\(path)'",
          allowed: "a readable PNG file")
      }
      let mode = try image.choice("mode", as: ContentMode.self) ?? .fill
      let opacity = try image.number("opacity", in: 0...1) ?? 1
      background.image = BackgroundImage(
        path: path, png: Array(data), mode: mode, opacity: try! Opacity(opacity))
    }
    return background
  }

  /// Paths in a design file are relative to its folder; paths from flags to the working
  /// directory.
  static func resolve(_ path: String, from value: JSONValue, baseFolder: String) -> String {
    guard !path.hasPrefix("/"), !value.isFromFlag, !baseFolder.isEmpty else { return path }
    return (baseFolder as NSString).appendingPathComponent(path)
  }
}

extension JSONValue {
  /// Places `override` at its path, creating objects on the way; a non-object on the path is
  /// replaced, since the flag wins.
  mutating func set(_ override: DesignOverride) {
    set(override, at: override.path[...])
  }

  private mutating func set(_ override: DesignOverride, at path: ArraySlice<String>) {
    guard let key = path.first else {
      if override.appends, case .array(var elements) = kind {
        elements.append(override.value)
        kind = .array(elements)
      } else {
        self = override.appends ? JSONValue(.array([override.value]), origin: override.value.origin) : override.value
      }
      return
    }
    var members: [Member] = []
    if case .object(let existing) = kind { members = existing } else { self = JSONValue(.object([]), origin: override.value.origin) }
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].value.set(override, at: path.dropFirst())
    } else {
      var child = JSONValue(.null, origin: override.value.origin)
      child.set(override, at: path.dropFirst())
      members.append(Member(key: key, value: child, origin: override.value.origin))
    }
    kind = .object(members)
  }
}
