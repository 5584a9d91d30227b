// The libFuzzer entry point, built by Scripts/fuzz.sh with `-sanitize=fuzzer,address` together
// with the WallpaperCLI files that parse flags (Options.swift, CLIError.swift,
// FuzzHarness.swift) and the generated copy of `render`'s design options (DesignOptions.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzHarness.run(input, specs: fuzzDesignOptions)
  return 0
}
