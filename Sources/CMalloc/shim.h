// glibc's allocator tuning (mallopt), which the Glibc module does not expose.
#include <malloc.h>
