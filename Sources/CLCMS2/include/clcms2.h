// Little CMS 2 (Debian: liblcms2-dev headers, liblcms2-2 at run time): ICC profile parsing and
// validation, the sRGB profile, the conversion of photos' embedded profiles to sRGB, and the
// soft-proof and gamut-check transforms of PDF/X proofs. Opened with dlopen on first use, so
// that the commands and designs that need no colour management (most) do not map and relocate
// it at start-up.
#ifndef CLCMS2_H
#define CLCMS2_H

#include <lcms2.h>

#ifdef __cplusplus
extern "C" {
#endif

// The pixel formats are built by function-like macros, which Swift does not import.
static inline cmsUInt32Number clcms2_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number clcms2_type_bgra_8(void) { return TYPE_BGRA_8; }

#define CLCMS2_FUNCTIONS(X)                                                                       \
  X(cmsCreateContext) X(cmsDeleteContext) X(cmsOpenProfileFromMem) X(cmsOpenProfileFromMemTHR)    \
  X(cmsCloseProfile) X(cmsGetColorSpace) X(cmsGetDeviceClass) X(cmsIsIntentSupported)             \
  X(cmsGetProfileInfoASCII) X(cmsCreate_sRGBProfile) X(cmsCreate_sRGBProfileTHR)                  \
  X(cmsSaveProfileToMem) X(cmsCreateTransformTHR) X(cmsCreateProofingTransformTHR)                \
  X(cmsSetAlarmCodesTHR) X(cmsDoTransform) X(cmsDeleteTransform)

/// The lcms2 functions the renderer calls, each named as in lcms2.h.
typedef struct {
#define CLCMS2_FIELD(name) __typeof__(name) *_Nonnull name;
  CLCMS2_FUNCTIONS(CLCMS2_FIELD)
#undef CLCMS2_FIELD
} clcms2_api;

/// Loads liblcms2 (once per process, thread-safe). NULL when it cannot be loaded; then
/// `*message` says why (dlopen's or dlsym's error).
const clcms2_api *_Nullable clcms2_load(const char *_Nullable *_Nonnull message);

#ifdef __cplusplus
}
#endif

#endif
