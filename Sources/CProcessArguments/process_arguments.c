// The process's argument vector for Swift's `CommandLine`, captured when glibc runs the
// executable's constructors, instead of found by reading /proc/self/maps.
//
// On Linux the Swift runtime learns argv in a static constructor (`ArgvGrabber`, in the
// standard library's CommandLine.cpp) that reads /proc/self/maps line by line with sscanf to
// find the stack, then walks back from `environ`. With HarfBuzz's dependencies mapped that file
// is ~9 KB, and the read was ~4% of an SVG render's CPU time (Docs/performance.md).
//
// glibc passes (argc, argv, envp) to the functions of an executable's .init_array, as an
// extension the Rust standard library relies on for the same purpose. This file defines the
// two functions of CommandLine.cpp, so the static linker takes these and never pulls that
// object (and its constructor) from libswiftCore.a; were it pulled for another symbol, the
// link would fail on the duplicate definitions rather than silently read the file again.
// Linked only into the `wallpaper` executable.
#include "process_arguments.h"

#include <stddef.h>

static char **capturedArgv = NULL;
static int capturedArgc = 0;
static char **overrideArgv = NULL;
static int overrideArgc = 0;

__attribute__((constructor)) static void processArgumentsCapture(int argc, char **argv, char **envp) {
  (void)envp;
  capturedArgc = argc;
  capturedArgv = argv;
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overrideArgv = argv;
  overrideArgc = argc;
}

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overrideArgv != NULL) {
    *outArgLen = overrideArgc;
    return overrideArgv;
  }
  if (capturedArgv != NULL) {
    *outArgLen = capturedArgc;
    return capturedArgv;
  }
  static char *empty[] = {NULL};
  *outArgLen = 0;
  return empty;
}
