// Opens libvips on first use and finds its functions (see CVips.h for why it is not linked).
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>

#include "CLibraryVersion.h"
#include "VipsFunctions.h"
#include "CVips.h"

struct VipsFunctions libvips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[512];
/// The release of the library opened and accepted (`8.14.1`), written once by a load that succeeded.
static char loaded_version_text[32];
static _Atomic(const char *) loaded_version;
/// Where the loader found it, as `dladdr` names it.
static char loaded_path_text[1024];

static char soname_text[32];
static pthread_once_t soname_once = PTHREAD_ONCE_INIT;

const char *daybook_vips_built_version(void) {
    return VIPS_VERSION;
}

static void write_soname(void) {
    // libtool's current minus age, as in the headers: the number every libvips of this ABI carries.
    const int interface = VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE;
#ifdef __APPLE__
    snprintf(soname_text, sizeof soname_text, "libvips.%d.dylib", interface);
#else
    snprintf(soname_text, sizeof soname_text, "libvips.so.%d", interface);
#endif
}

const char *daybook_vips_soname(void) {
    pthread_once(&soname_once, write_soname);
    return soname_text;
}

/// Opens the library of the headers' ABI by its soname only (`libvips.so.42`), and on macOS also in
/// Homebrew's folders, which the loader does not search. An unversioned name (`libvips.so`) is never
/// tried: it may lead to another ABI. NULL, with the first failure's words in `load_failure_text`,
/// when none opens.
static void *open_libvips(void) {
    char names[3][64];
    int count = 0;
    snprintf(names[count++], sizeof names[0], "%s", daybook_vips_soname());
#ifdef __APPLE__
    snprintf(names[count++], sizeof names[0], "/opt/homebrew/lib/%s", daybook_vips_soname());
    snprintf(names[count++], sizeof names[0], "/usr/local/lib/%s", daybook_vips_soname());
#endif
    for (int index = 0; index < count; index++) {
        void *library = dlopen(names[index], RTLD_LAZY | RTLD_LOCAL);
        if (library != NULL) return library;
        if (index == 0) {
            const char *reason = dlerror();
            snprintf(load_failure_text, sizeof load_failure_text, "%s (pictures need libvips %s or a newer %d.x)",
                     reason != NULL ? reason : names[0], VIPS_VERSION, VIPS_MAJOR_VERSION);
        }
    }
    return NULL;
}

static const char *fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

static const char *fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(load_failure_text, sizeof load_failure_text, format, arguments);
    va_end(arguments);
    return load_failure_text;
}

static const char *load(void) {
    void *library = open_libvips();
    if (library == NULL) return load_failure_text;
    // Functions of GLib and GObject are found through libvips, which depends on them.
#define DAYBOOK_VIPS_FIND(name) \
    libvips.name = (__typeof__(name) *) dlsym(library, #name); \
    if (libvips.name == NULL) return fail("the libvips found has no function %s", #name);
    DAYBOOK_VIPS_FUNCTIONS(DAYBOOK_VIPS_FIND)
#undef DAYBOOK_VIPS_FIND
    // Accepted by ABI (CLibraryVersion.h): the soname of the headers, a release no older than theirs.
    DaybookLibraryVersion found = {libvips.vips_version(0), libvips.vips_version(1), libvips.vips_version(2)};
    DaybookLibraryVersion built = {VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION, VIPS_MICRO_VERSION};
    if (daybook_library_accept("libvips", found, built, (const void *) libvips.vips_version, loaded_version_text,
                               sizeof loaded_version_text, loaded_path_text, sizeof loaded_path_text,
                               load_failure_text, sizeof load_failure_text) != NULL) {
        return load_failure_text;
    }
    atomic_store(&loaded_version, loaded_version_text);
    return NULL;
}

static void load_into_place(void) {
    load_failure = load();
}

const char *daybook_vips_load(void) {
    pthread_once(&load_once, load_into_place);
    return load_failure;
}

const char *daybook_vips_loaded_version(void) {
    return atomic_load(&loaded_version);
}

const char *daybook_vips_loaded_path(void) {
    return atomic_load(&loaded_version) != NULL && loaded_path_text[0] != 0 ? loaded_path_text : NULL;
}
