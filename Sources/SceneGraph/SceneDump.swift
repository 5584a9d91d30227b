import Platform

extension Scene {
  /// A stable, indented text form of the scene, one node per line, for golden tests and reviews.
  ///
  /// Numbers are printed with at most three decimals; image bytes as their count and an
  /// FNV-1a hash, so the dump stays short and changes whenever the content does.
  public func dump() -> String {
    var lines = ["scene \(format(size.width))x\(format(size.height))pt"]
    for node in nodes { dump(node, depth: 1, into: &lines) }
    return lines.joined(separator: "\n") + "\n"
  }

  private func dump(_ node: Node, depth: Int, into lines: inout [String]) {
    let indent = String(repeating: "  ", count: depth)
    switch node {
    case .group(let group):
      var line = indent + "group"
      if let name = group.name { line += " \"\(name)\"" }
      if !group.transform.isIdentity { line += " transform=" + format(group.transform) }
      if group.opacity != .opaque { line += " opacity=" + format(group.opacity.value) }
      if let clip = group.clip { line += " clip=" + format(clip) }
      lines.append(line)
      for child in group.children { dump(child, depth: depth + 1, into: &lines) }
    case .shape(let shape):
      var line = indent + "shape " + format(shape.geometry)
      if let fill = shape.fill { line += " fill=" + format(fill) }
      if let stroke = shape.stroke {
        let width: String
        switch stroke.width {
        case .points(let points): width = format(points)
        case .devicePixels(let pixels): width = "\(pixels)px"
        }
        line += " stroke=\(format(stroke.paint))/\(width)/\(stroke.join.rawValue)/\(stroke.cap.rawValue)"
      }
      lines.append(line)
    case .text(let text):
      let font = FilePath(text.font.path).lastComponent + (text.font.index == 0 ? "" : "#\(text.font.index)")
      lines.append(
        indent
          + "text \"\(text.text)\" font=\(font) size=\(format(text.size)) color=\(text.color.cssText)"
          + " at=\(format(text.position)) anchor=\(text.anchor.horizontal.rawValue)-\(text.anchor.vertical.rawValue)"
          + (text.maxWidth.map { " maxWidth=\(format($0))" } ?? ""))
    case .image(let image):
      lines.append(
        indent
          + "image \(image.format?.rawValue ?? "data")(\(image.data.count) bytes, fnv1a=\(fnv1a(image.data))) frame="
          + format(image.frame) + " mode=\(image.mode.rawValue)")
    case .vector(let vector):
      let markup = Array(vector.art.content.utf8)
      lines.append(
        indent
          + "svg \(format(vector.art.size.width))x\(format(vector.art.size.height)) (\(vector.art.elementCount) elements,"
          + " fnv1a=\(fnv1a(markup))) frame=\(format(vector.frame)) mode=fill")
    }
  }
}

private func format(_ value: Double) -> String {
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 {
    return String(Int64(rounded))
  }
  var text = String(cFormat: "%.3f", rounded)
  while text.hasSuffix("0") { text.removeLast() }
  return text
}

private func format(_ point: Point) -> String { "(\(format(point.x)),\(format(point.y)))" }

private func format(_ rect: Rect) -> String {
  "[\(format(rect.minX)),\(format(rect.minY)) \(format(rect.width))x\(format(rect.height))]"
}

private func format(_ t: Transform) -> String {
  "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: " ") + "]"
}

private func format(_ geometry: Geometry) -> String {
  switch geometry {
  case .rectangle(let rect): return "rect" + format(rect)
  case .roundedRectangle(let rect, let radius): return "roundrect" + format(rect) + " r=" + format(radius)
  case .ellipse(let rect): return "ellipse" + format(rect)
  case .path(let path):
    let parts = path.elements.map { element -> String in
      switch element {
      case .move(let p): return "M" + format(p)
      case .line(let p): return "L" + format(p)
      case .curve(let p, let c1, let c2): return "C" + format(c1) + format(c2) + format(p)
      case .close: return "Z"
      }
    }
    return "path{" + parts.joined(separator: " ") + "}"
  }
}

private func format(_ paint: Paint) -> String {
  func stops(_ stops: [GradientStop]) -> String {
    stops.map { "\(format($0.offset)):\($0.color.cssText)" }.joined(separator: ",")
  }
  switch paint {
  case .solid(let color): return color.cssText
  case .linearGradient(let start, let end, let s):
    return "linear(\(format(start))->\(format(end)) \(stops(s)))"
  case .radialGradient(let center, let radius, let s):
    return "radial(\(format(center)) r=\(format(radius)) \(stops(s)))"
  }
}

/// The 64-bit FNV-1a hash of `bytes`, as 16 hex digits.
private func fnv1a(_ bytes: [UInt8]) -> String {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01b3
  }
  let digits = String(hash, radix: 16)
  return String(repeating: "0", count: 16 - digits.count) + digits
}
