// Opening a library on first use, for every loader alike (CLibraryLoader.h).
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "CLibraryLoader.h"

void *daybook_library_open(const DaybookLibrary *library, char *message, size_t size) {
    char first_failure[384] = "";
    for (size_t index = 0; library->files[index] != NULL; index++) {
        void *handle = dlopen(library->files[index], RTLD_LAZY | RTLD_LOCAL);
        if (handle != NULL) return handle;
        // The first name is the one a system installs; the others only add Homebrew's folders.
        const char *reason = dlerror();
        if (index == 0) snprintf(first_failure, sizeof first_failure, "%s", reason != NULL ? reason : library->files[0]);
    }
    DaybookLibraryVersion built = library->built;
    snprintf(message, size, "cannot open %s %d.%d.%d or a newer %d.x (%s); install %s", library->name, built.major,
             built.minor, built.micro, built.major, first_failure, library->install);
    return NULL;
}

/// The load itself: open, bind, accept the release. NULL, or the failure in `library->message`.
static const char *settle(DaybookLibrary *library) {
    void *handle = daybook_library_open(library, library->message, sizeof library->message);
    if (handle == NULL) return library->message;
    DaybookLibraryVersion found = {0, 0, 0};
    const void *function = NULL;
    const char *lacking = library->bind(handle, &found, &function);
    if (lacking != NULL) {
        snprintf(library->message, sizeof library->message, "the %s found has no function %s; install %s",
                 library->name, lacking, library->install);
        return library->message;
    }
    if (daybook_library_version_refusal(library->name, found, library->built, library->message,
                                        sizeof library->message) != NULL) {
        return library->message;
    }
    const char *file = daybook_library_file(function);
    snprintf(library->path, sizeof library->path, "%s", file != NULL ? file : "");
    snprintf(library->version, sizeof library->version, "%d.%d.%d", found.major, found.minor, found.micro);
    return NULL;
}

const char *daybook_library_load(DaybookLibrary *library) {
    if (!__atomic_load_n(&library->settled, __ATOMIC_ACQUIRE)) {
        pthread_mutex_lock(&library->lock);
        if (!__atomic_load_n(&library->settled, __ATOMIC_RELAXED)) {
            library->failure = settle(library);
            __atomic_store_n(&library->settled, 1, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&library->lock);
    }
    return library->failure;
}

const char *daybook_library_loaded_version(DaybookLibrary *library) {
    if (!__atomic_load_n(&library->settled, __ATOMIC_ACQUIRE) || library->failure != NULL) return NULL;
    return library->version;
}

const char *daybook_library_loaded_path(DaybookLibrary *library) {
    const char *version = daybook_library_loaded_version(library);
    return version != NULL && library->path[0] != 0 ? library->path : NULL;
}
