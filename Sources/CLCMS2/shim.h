// Little CMS 2 (Debian: liblcms2-dev): ICC profile parsing and validation, the sRGB profile,
// and the soft-proof and gamut-check transforms of PDF/X proofs.
#include <lcms2.h>

// The pixel formats are built by function-like macros, which Swift does not import.
static inline cmsUInt32Number clcms2_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number clcms2_type_bgra_8(void) { return TYPE_BGRA_8; }
