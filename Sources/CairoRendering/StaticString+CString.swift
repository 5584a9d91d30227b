extension StaticString {
  /// The literal's UTF-8 bytes as a C string: a string literal is stored NUL-terminated and lives
  /// as long as the process, so the pointer may be kept (as the lazy library loaders keep a soname).
  var cString: UnsafePointer<CChar> {
    UnsafeRawPointer(utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
