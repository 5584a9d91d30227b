// The platform seam: the one place that imports the C library. Every other module imports
// `Platform` and reaches `pow`, descriptors, `getenv` and friends through these re-exports, so
// supporting another C library means changing this file (and `Durability`), nothing else.
#if canImport(Glibc)
  @_exported import Glibc
  @_exported import CPlatform
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("Platform: no Glibc, Musl or Darwin module to build on")
#endif
