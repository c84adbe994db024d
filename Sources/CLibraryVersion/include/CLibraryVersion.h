// Which version of a C library Daybook accepts in place of the one whose headers it was compiled
// against: the rule the loaders of libvips (CVips) and libcrypto (CLibCrypto) apply before any
// other call, kept apart from them so that it can be tested without loading anything; and where a
// loaded library was found, for `daybook --version --verbose`.
#ifndef DAYBOOK_CLIBRARYVERSION_H
#define DAYBOOK_CLIBRARYVERSION_H

#include <stddef.h>

/// A library's release, as its own version functions report it (`8.14.1`, `3.0.17`).
typedef struct DaybookLibraryVersion {
    int major;
    int minor;
    int micro;
} DaybookLibraryVersion;

/// NULL when `library` of version `found`, opened by the soname of the headers' version `built`, may
/// serve code compiled against those headers; otherwise why not, written into `message`.
///
/// The soname promises the ABI: the loaders open nothing else. Within it a library only adds, so a
/// newer minor or micro release has everything the headers declare and is accepted; an older one may
/// lack a function or carry a fixed bug, and is refused. Another major version (which a soname should
/// have ruled out) is refused too.
const char *daybook_library_version_refusal(const char *library, DaybookLibraryVersion found,
                                            DaybookLibraryVersion built, char *message, size_t size);

/// The loaders' last step: NULL when `found` is accepted by the rule above, with the release written
/// into `version` (`8.14.2`) and the file of the library holding `function` into `path` ("" when
/// unknown); otherwise the refusal, written into `message`.
const char *daybook_library_accept(const char *library, DaybookLibraryVersion found, DaybookLibraryVersion built,
                                   const void *function, char *version, size_t version_size, char *path,
                                   size_t path_size, char *message, size_t size);

/// The file of the loaded library that holds `address` (a function of it), as the loader named it when
/// it opened the file, or NULL. The text is the loader's own and lives as long as the library.
const char *daybook_library_file(const void *address);

#endif
