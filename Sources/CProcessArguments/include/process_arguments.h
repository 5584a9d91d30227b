// The argument vector of the process for Swift's `CommandLine` (see process_arguments.c).
#ifndef PROCESS_ARGUMENTS_H
#define PROCESS_ARGUMENTS_H

#ifdef __cplusplus
extern "C" {
#endif

/// argv and, in `*outArgLen`, argc: those glibc passed to the executable's constructors, or
/// those given to `_swift_stdlib_overrideUnsafeArgvArgc`. The standard library's
/// `CommandLine.arguments` calls it.
__attribute__((swiftcall)) char *_Nullable *_Nonnull _swift_stdlib_getUnsafeArgvArgc(int *_Nonnull outArgLen);

/// Replaces the arguments `_swift_stdlib_getUnsafeArgvArgc` returns.
__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char *_Nullable *_Nonnull argv, int argc);

#ifdef __cplusplus
}
#endif

#endif
