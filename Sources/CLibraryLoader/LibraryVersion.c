#define _GNU_SOURCE 1  // dladdr
#include <dlfcn.h>
#include <stdio.h>

#include "CLibraryLoader.h"

static int compare(DaybookLibraryVersion left, DaybookLibraryVersion right) {
    if (left.major != right.major) return left.major < right.major ? -1 : 1;
    if (left.minor != right.minor) return left.minor < right.minor ? -1 : 1;
    if (left.micro != right.micro) return left.micro < right.micro ? -1 : 1;
    return 0;
}

const char *daybook_library_version_refusal(const char *library, DaybookLibraryVersion found,
                                            DaybookLibraryVersion built, char *message, size_t size) {
    if (found.major == built.major && compare(found, built) >= 0) return NULL;
    const char *remedy = found.major == built.major ? "install a newer one" : "install one of that major version";
    snprintf(message, size, "found %s %d.%d.%d, but daybook was built with %s %d.%d.%d and needs %d.%d.%d or newer "
             "of %d.x (%s, or build daybook again against the one you have)",
             library, found.major, found.minor, found.micro, library, built.major, built.minor, built.micro,
             built.major, built.minor, built.micro, built.major, remedy);
    return message;
}

const char *daybook_library_file(const void *address) {
    Dl_info info;
    return dladdr(address, &info) != 0 ? info.dli_fname : NULL;
}
