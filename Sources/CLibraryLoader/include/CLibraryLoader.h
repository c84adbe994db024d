// The one way Daybook opens a C library on first use rather than linking it (CVips, CLibCrypto): the
// file names to try on each system, in order; one load per process, whichever thread asks first; the
// library's functions found by the names and types of its own headers; the rule for which release is
// accepted in place of the headers' one; and an error that names the library and what to install.
// The rule is kept apart so that tests can check it without loading anything.
#ifndef DAYBOOK_CLIBRARYLOADER_H
#define DAYBOOK_CLIBRARYLOADER_H

#include <pthread.h>
#include <stddef.h>

// MARK: - Which release is accepted

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

/// The file of the loaded library that holds `address` (a function of it), as the loader named it when
/// it opened the file, or NULL. The text is the loader's own and lives as long as the library.
const char *daybook_library_file(const void *address);

// MARK: - Opening on first use

/// Finds, in the library `handle` (dlopen's), every function Daybook calls, into the library's own
/// table; reports its release and one of its functions (whose file is where the library was found).
/// NULL when all are there; otherwise the name of the first function the library lacks.
typedef const char *(*DaybookLibraryBind)(void *handle, DaybookLibraryVersion *release, const void **function);

/// A library opened on first use. Declare one per library, static, with `DAYBOOK_LIBRARY`; only
/// `daybook_library_load` writes the fields below `bind`.
typedef struct DaybookLibrary {
    /// What messages call it: "libvips", "OpenSSL's libcrypto".
    const char *name;
    /// The files to open, tried in order, NULL last: the soname of the headers' ABI, never an
    /// unversioned name (which may lead to another ABI), and on macOS Homebrew's folders too.
    const char *const *files;
    /// What to install when none opens: "libvips42 (Debian, Ubuntu) or vips (Homebrew)".
    const char *install;
    /// The release of the headers Daybook was compiled against.
    DaybookLibraryVersion built;
    DaybookLibraryBind bind;

    pthread_mutex_t lock;
    /// 1 once the load has run, read and written with atomic builtins.
    int settled;
    const char *failure;
    char message[512];
    char version[32];
    char path[1024];
} DaybookLibrary;

/// A `DaybookLibrary` that has not been loaded yet, whose headers are of release major.minor.micro.
#define DAYBOOK_LIBRARY(name_, files_, install_, major, minor, micro, bind_) \
    { .name = (name_), .files = (files_), .install = (install_), .built = {(major), (minor), (micro)}, \
      .bind = (bind_), .lock = PTHREAD_MUTEX_INITIALIZER }

/// In a bind function: points `table.name` at the library's own `name`, of the very type its header
/// declares (so every call is checked as a direct call would be), or returns the name when it has none.
#define DAYBOOK_LIBRARY_FIND(handle, table, name) \
    if (((table).name = (__typeof__(name) *) dlsym((handle), #name)) == NULL) return #name;

/// Opens `library` and binds its functions, once per process whichever thread asks first (later calls
/// cost an atomic load). NULL when it is ready; otherwise why not, in words a person can act on.
const char *daybook_library_load(DaybookLibrary *library);

/// The first of `library`'s files that opens, or NULL with why not (the first file's failure, the
/// release needed and what to install) written into `message`.
void *daybook_library_open(const DaybookLibrary *library, char *message, size_t size);

/// The release of the library opened (`8.14.2`), or NULL before `daybook_library_load` has succeeded.
const char *daybook_library_loaded_version(DaybookLibrary *library);

/// The file the loader opened it from, or NULL before `daybook_library_load` has succeeded or when the
/// loader cannot tell.
const char *daybook_library_loaded_path(DaybookLibrary *library);

#endif
