// Opens libvips on first use and finds its functions (see CVips.h for why it is not linked).
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "VipsFunctions.h"
#include "CVips.h"

struct VipsFunctions libvips;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[512];

const char *daybook_vips_built_version(void) {
    return VIPS_VERSION;
}

/// Opens the library the headers describe: its soname (`libvips.so.42`; the number is libtool's
/// current minus age, as in the headers), then the unversioned name a development package installs,
/// and on macOS Homebrew's folders, which the loader does not search. NULL, with the first
/// failure's words in `load_failure_text`, when none opens.
static void *open_libvips(void) {
    const int interface = VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE;
    char names[4][64];
    int count = 0;
#ifdef __APPLE__
    snprintf(names[count++], sizeof names[0], "libvips.%d.dylib", interface);
    snprintf(names[count++], sizeof names[0], "/opt/homebrew/lib/libvips.%d.dylib", interface);
    snprintf(names[count++], sizeof names[0], "/usr/local/lib/libvips.%d.dylib", interface);
#else
    snprintf(names[count++], sizeof names[0], "libvips.so.%d", interface);
    snprintf(names[count++], sizeof names[0], "libvips.so");
#endif
    for (int index = 0; index < count; index++) {
        void *library = dlopen(names[index], RTLD_LAZY | RTLD_LOCAL);
        if (library != NULL) return library;
        if (index == 0) {
            const char *reason = dlerror();
            snprintf(load_failure_text, sizeof load_failure_text, "%s (pictures need libvips %s)",
                     reason != NULL ? reason : names[0], VIPS_VERSION);
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
    // The picture cache's keys name the headers' version (they are known without loading the
    // library); a library of another version could make other files under the same key, and an
    // unversioned name may lead to another soname.
    int major = libvips.vips_version(0), minor = libvips.vips_version(1), micro = libvips.vips_version(2);
    if (major != VIPS_MAJOR_VERSION || minor != VIPS_MINOR_VERSION || micro != VIPS_MICRO_VERSION) {
        return fail("found libvips %d.%d.%d, but daybook was built with libvips %s (build daybook again)",
                    major, minor, micro, VIPS_VERSION);
    }
    return NULL;
}

static void load_into_place(void) {
    load_failure = load();
}

const char *daybook_vips_load(void) {
    pthread_once(&load_once, load_into_place);
    return load_failure;
}
