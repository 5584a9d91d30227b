// The C library's functions that Swift's Glibc module leaves out: malloc.h is not part of it, and
// <unistd.h> declares syncfs(2) only under _GNU_SOURCE, which the module is not built with.
// Part of the platform seam: only Sources/Platform imports this module.
#if defined(__linux__)
#include <features.h>
#if defined(__GLIBC__)
#include <malloc.h>
int syncfs(int descriptor);
#endif
#endif
