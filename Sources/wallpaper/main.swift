import Platform
import WallpaperCLI

#if os(Linux) && canImport(Glibc)
  // Each image is a few large allocations. glibc raises its mmap threshold after such blocks are
  // freed, so later images come from the heap and fragment it: the peak memory of an export grew
  // with the number of outputs (94 MB for fourteen iPhone classes at --jobs 1). A fixed 1 MiB
  // threshold returns every image to the system when it is freed. A process-wide policy, so the
  // executable sets it, not the library.
  _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
#endif
WallpaperTool.enableArtPreflight()
// A run ended by SIGINT or SIGTERM removes the temporary file it was writing.
SignalCleanup.removeOnSignal()
exit(WallpaperTool().run(Array(CommandLine.arguments.dropFirst())))
