// Little CMS 2 (Debian: liblcms2-dev headers, liblcms2-2 at run time): ICC profile parsing and
// validation, the sRGB profile, the conversion of photos' embedded profiles to sRGB, and the
// soft-proof and gamut-check transforms of PDF/X proofs. Opened with dlopen on first use, so
// that the commands and designs that need no colour management (most) do not map and relocate
// it at start-up.
#ifndef CLCMS2_H
#define CLCMS2_H

#include <lcms2.h>

#include "lazy_library.h"

#ifdef __cplusplus
extern "C" {
#endif

// The pixel formats are built by function-like macros, which Swift does not import.
static inline cmsUInt32Number clcms2_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number clcms2_type_bgra_8(void) { return TYPE_BGRA_8; }
static inline cmsUInt32Number clcms2_type_cmyk_dbl(void) { return TYPE_CMYK_DBL; }
static inline cmsUInt32Number clcms2_type_lab_dbl(void) { return TYPE_Lab_DBL; }

#define CLCMS2_FUNCTIONS(X)                                                                       \
  X(cmsCreateContext) X(cmsDeleteContext) X(cmsOpenProfileFromMem) X(cmsOpenProfileFromMemTHR)    \
  X(cmsCloseProfile) X(cmsGetColorSpace) X(cmsGetDeviceClass) X(cmsIsIntentSupported)             \
  X(cmsGetProfileInfoASCII) X(cmsCreate_sRGBProfile) X(cmsCreate_sRGBProfileTHR)                  \
  X(cmsSaveProfileToMem) X(cmsCreateTransformTHR) X(cmsCreateProofingTransformTHR)                \
  X(cmsSetAlarmCodesTHR) X(cmsDoTransform) X(cmsDeleteTransform) X(cmsCreateRGBProfile)             \
  X(cmsBuildParametricToneCurve) X(cmsFreeToneCurve) X(cmsMLUalloc) X(cmsMLUsetASCII) X(cmsMLUfree)   \
  X(cmsWriteTag) X(cmsCreateLab4Profile) X(cmsCIE2000DeltaE)

/// The lcms2 functions the renderer calls, each named as in lcms2.h.
/// `clcms2_load` opens the library on its first call (once per process, thread-safe); it
/// returns NULL when the library cannot be opened, and then `*message` says why.
LAZY_LIBRARY_DECLARE(clcms2_api, clcms2_load, CLCMS2_FUNCTIONS)

#ifdef __cplusplus
}
#endif

#endif
