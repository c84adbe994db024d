// libvips, opened on first use (see CVips.h for why it is not linked): its names and its functions.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CLibraryLoader.h"
#include "VipsFunctions.h"
#include "CVips.h"

struct VipsFunctions libvips;

/// The soname of the headers' ABI, and on macOS the same name in Homebrew's folders, which the loader
/// does not search; filled in before the first load.
static char names[3][64];
static const char *files[] = {
    names[0],
#ifdef __APPLE__
    names[1], names[2],
#endif
    NULL,
};
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void write_names(void) {
    // libtool's current minus age, as in the headers: the number every libvips of this ABI carries.
    const int interface = VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE;
#ifdef __APPLE__
    snprintf(names[0], sizeof names[0], "libvips.%d.dylib", interface);
    snprintf(names[1], sizeof names[1], "/opt/homebrew/lib/%s", names[0]);
    snprintf(names[2], sizeof names[2], "/usr/local/lib/%s", names[0]);
#else
    snprintf(names[0], sizeof names[0], "libvips.so.%d", interface);
#endif
}

/// Functions of GLib and GObject are found through libvips, which depends on them.
static const char *find_functions(void *handle, DaybookLibraryVersion *release, const void **function) {
#define DAYBOOK_VIPS_FIND(name) DAYBOOK_LIBRARY_FIND(handle, libvips, name)
    DAYBOOK_VIPS_FUNCTIONS(DAYBOOK_VIPS_FIND)
#undef DAYBOOK_VIPS_FIND
    *release = (DaybookLibraryVersion) {libvips.vips_version(0), libvips.vips_version(1), libvips.vips_version(2)};
    *function = (const void *) libvips.vips_version;
    return NULL;
}

static DaybookLibrary library = DAYBOOK_LIBRARY("libvips", files, "libvips42 (Debian, Ubuntu) or vips (Homebrew)",
                                                VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION, VIPS_MICRO_VERSION, find_functions);

const char *daybook_vips_built_version(void) {
    return VIPS_VERSION;
}

const char *daybook_vips_soname(void) {
    pthread_once(&names_once, write_names);
    return names[0];
}

const char *daybook_vips_load(void) {
    daybook_vips_soname();
    return daybook_library_load(&library);
}

const char *daybook_vips_loaded_version(void) {
    return daybook_library_loaded_version(&library);
}

const char *daybook_vips_loaded_path(void) {
    return daybook_library_loaded_path(&library);
}
