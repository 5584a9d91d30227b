import DesignFiles
import Platform
import WallpaperExport
import Wallpapers

/// `wallpaper devices`: the catalogue as a table or JSON.
struct DevicesCommand {
  let console: WallpaperTool.Console

  static let options: [OptionSpec] = [
    OptionSpec(names: ["--json"], valueName: nil, help: "Print a JSON array instead of a table.", field: nil),
    OptionSpec(
      names: ["--family"], valueName: "FAMILY", help: "Only iphone or ipad.", field: nil,
      values: FieldSpec.choice(DeviceFamily.self)),
    OptionSpec(names: ["--help", "-h"], valueName: nil, help: "", field: nil),
  ]

  static let help = HelpPage(
    overview:
      "List every device: id, name, release year, the last iOS or iPadOS version it runs, size in points, scale, pixels, screen class, safe area and (--json) the zones iOS draws over a wallpaper.",
    usage: "wallpaper devices [--json] [--family iphone|ipad]",
    options: Array(options.dropLast()),
    footer: """
      Zones (--json "zones"): rectangles {x, y, width, height} in points of the portrait screen for statusBar,
      island or notch (iPhones), lockDate, lockClock, lockWidgets, lockControls (on iPads the band of the
      unlock hint), homeIndicator (not on home-button devices) and dock, for every device. They are derived,
      not published: see "zonesSource".

      Sources: \(Source.allCases.map { "\($0.rawValue) \($0.summary)" }.joined(separator: "; ")).
      """,
    examples: [
      ("wallpaper devices --family iphone", "The iPhones as a table."),
      ("wallpaper devices --json | jq '.[].id'", "Every device id."),
    ])

  func run(_ arguments: [String]) throws(CLIError) {
    let parsed = try ArgumentParser.parse(arguments, specs: Self.options, maxPositional: 0)
    if parsed.has("--help") {
      console.out(Self.help.text(width: console.columns))
      return
    }
    var devices = DeviceCatalog.devices
    if let family = parsed.values["--family"] {
      guard let wanted = DeviceFamily(rawValue: family) else {
        throw .usage("--family: '\(family)' is not allowed (iphone or ipad)")
      }
      devices = devices.filter { $0.family == wanted }
    }
    console.out(parsed.has("--json") ? Self.json(devices) : Self.table(devices))
  }

  static func table(_ devices: [Device]) -> String {
    var rows = [
      [
        "ID", "NAME", "YEAR", "LAST OS", "POINTS", "SCALE", "PIXELS", "PANEL", "CLASS", "SAFE AREA", "SOURCES",
        "HOME GRID",
      ]
    ]
    for device in devices {
      let screen = device.screen
      let panel = device.panelPixels.map { "\($0.width)×\($0.height)" } ?? "-"
      let safe = device.safeArea.map { "\(formatNumber($0.top)) / \(formatNumber($0.bottom))" } ?? "unknown"
      rows.append([
        device.id, device.name, device.released.map(String.init) ?? "-",
        device.lastOS.map { "\($0)\(device.lastOSSource.map { " (\($0.rawValue))" } ?? "")" } ?? "-",
        "\(formatNumber(screen.points.width))×\(formatNumber(screen.points.height))",
        "@\(screen.scale)x", "\(screen.pixels.width)×\(screen.pixels.height)", panel, screen.id, safe,
        screen.sources.map(\.rawValue).joined(separator: ","),
        HomeScreenGrid.metrics(forScreenClass: screen.id).map {
          "\($0.iconRows)+dock, \($0.iOSVersion)\($0.verified ? "" : ", unverified")"
        } ?? "none published",
      ])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
    return rows.map { row in
      zip(row, widths).map { $0.padded(toWidth: $1) }
        .joined(separator: "  ").trimmingSpaces()
    }.joined(separator: "\n") + "\n"
  }

  static func json(_ devices: [Device]) -> String {
    let objects: [[String: Any]] = devices.map { device in
      let screen = device.screen
      var object: [String: Any] = [
        "id": device.id, "name": device.name, "family": device.family.rawValue,
        "points": ["width": screen.points.width, "height": screen.points.height],
        "scale": screen.scale,
        "pixels": ["width": screen.pixels.width, "height": screen.pixels.height],
        "screenClass": screen.id,
        "sources": screen.sources.map(\.rawValue),
        "released": device.released.map { $0 as Any } ?? JSONWriter.null,
        "releasedSource": device.released == nil ? JSONWriter.null : Source.identifyModel.rawValue,
        "lastOS": device.lastOS.map { $0 as Any } ?? JSONWriter.null,
        "lastOSSource": device.lastOSSource.map { $0.rawValue as Any } ?? JSONWriter.null,
        "current": device.runsCurrentOS,
      ]
      if let panel = device.panelPixels {
        object["panelPixels"] = ["width": panel.width, "height": panel.height]
        object["panelSource"] = device.panelSource?.rawValue
      }
      if let grid = HomeScreenGrid.metrics(forScreenClass: screen.id) {
        var metrics: [String: Any] = [
          "columns": grid.columns, "iconRows": grid.iconRows, "iconSize": grid.iconSize,
          "gap": ["width": grid.gapWidth, "height": grid.gapHeight], "left": grid.left, "top": grid.top,
          "bottom": grid.bottom, "source": grid.source, "iOSVersion": grid.iOSVersion, "verified": grid.verified,
        ]
        if let note = grid.note { metrics["note"] = note }
        object["homeScreenGrid"] = metrics
      } else {
        object["homeScreenGrid"] = JSONWriter.null
      }
      let zones = device.zones
      var rects: [String: Any] = [:]
      for (key, rect) in zones.named {
        rects[key] = ["x": rect.minX, "y": rect.minY, "width": rect.width, "height": rect.height]
      }
      object["zones"] = rects
      object["zonesSource"] = [
        "source": zones.provenance.source, "iOSVersion": zones.provenance.iOSVersion,
        "verified": zones.provenance.verified, "note": zones.provenance.note,
      ]
      if let safe = device.safeArea {
        object["safeArea"] = ["top": safe.top, "bottom": safe.bottom, "left": safe.left, "right": safe.right]
        object["safeAreaSource"] = screen.safeAreaSource.rawValue
      } else {
        object["safeArea"] = JSONWriter.null
      }
      return object
    }
    return JSONWriter.text(objects)
  }
}
