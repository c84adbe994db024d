// The libcurl functions Foundation's URL loading calls, each handing its call on to libcurl opened on
// first use (CCurlOnDemand.h says why). When libcurl cannot be opened, each fails as libcurl itself
// reports a failure: an error code, or NULL where it would return a new handle.
#ifdef __linux__
#include <dlfcn.h>
#include <stdarg.h>

#include "CLibraryLoader.h"
#include "CCurlOnDemand.h"

// Every libcurl function Foundation calls, as X(name).
#define DAYBOOK_CURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_version) X(curl_version_info) \
    X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_setopt) X(curl_easy_getinfo) X(curl_easy_pause) \
    X(curl_easy_strerror) X(curl_free) \
    X(curl_multi_init) X(curl_multi_cleanup) X(curl_multi_setopt) X(curl_multi_add_handle) \
    X(curl_multi_remove_handle) X(curl_multi_assign) X(curl_multi_info_read) X(curl_multi_socket_action) \
    X(curl_slist_append) X(curl_slist_free_all) X(curl_url) X(curl_url_get) X(curl_url_set)

/// The library's own definitions, found by `find_functions`.
static struct {
#define DAYBOOK_CURL_POINTER(name) __typeof__(name) *name;
    DAYBOOK_CURL_FUNCTIONS(DAYBOOK_CURL_POINTER)
#undef DAYBOOK_CURL_POINTER
} libcurl;

/// libcurl's soname since 7.16; the unversioned name a development package installs is never tried.
static const char *const files[] = {"libcurl.so.4", NULL};

/// The library's handle finds its own definitions, never these of the same names.
static const char *find_functions(void *handle, DaybookLibraryVersion *release, const void **function) {
#define DAYBOOK_CURL_FIND(name) DAYBOOK_LIBRARY_FIND(handle, libcurl, name)
    DAYBOOK_CURL_FUNCTIONS(DAYBOOK_CURL_FIND)
#undef DAYBOOK_CURL_FIND
    unsigned number = libcurl.curl_version_info(CURLVERSION_NOW)->version_num;  // 0xXXYYZZ
    *release = (DaybookLibraryVersion) {(int) (number >> 16), (int) ((number >> 8) & 0xff), (int) (number & 0xff)};
    *function = (const void *) libcurl.curl_version_info;
    return NULL;
}

static DaybookLibrary library = DAYBOOK_LIBRARY("libcurl", files, "libcurl4 (Debian, Ubuntu)", LIBCURL_VERSION_MAJOR,
                                                LIBCURL_VERSION_MINOR, LIBCURL_VERSION_PATCH, find_functions);

const char *daybook_curl_load(void) {
    return daybook_library_load(&library);
}

/// Defines `name` with these parameters as a call of libcurl's `name`, `failure` when it cannot be opened.
#define HAND_ON(result, name, failure, parameters, arguments) \
    result name parameters { \
        if (daybook_curl_load() != NULL) return failure; \
        return libcurl.name arguments; \
    }
#define HAND_ON_VOID(name, parameters, arguments) \
    void name parameters { \
        if (daybook_curl_load() == NULL) libcurl.name arguments; \
    }

/// The one argument after an option, read as the type the option's number says it has (curl.h's
/// CURLOPTTYPE_ ranges, which the multi interface's options share) and passed on as that type.
#define HAND_ON_OPTION(result, name, failure, Handle, Option) \
    result name(Handle *handle, Option option, ...) { \
        if (daybook_curl_load() != NULL) return failure; \
        va_list more; \
        va_start(more, option); \
        result answer; \
        if (option < CURLOPTTYPE_OBJECTPOINT) answer = libcurl.name(handle, option, va_arg(more, long)); \
        else if (option < CURLOPTTYPE_FUNCTIONPOINT) answer = libcurl.name(handle, option, va_arg(more, void *)); \
        else if (option < CURLOPTTYPE_OFF_T) answer = libcurl.name(handle, option, va_arg(more, void (*)(void))); \
        else if (option < CURLOPTTYPE_BLOB) answer = libcurl.name(handle, option, va_arg(more, curl_off_t)); \
        else answer = libcurl.name(handle, option, va_arg(more, void *)); \
        va_end(more); \
        return answer; \
    }

HAND_ON(CURLcode, curl_global_init, CURLE_FAILED_INIT, (long flags), (flags))
HAND_ON(char *, curl_version, (char *) "libcurl not found", (void), ())
HAND_ON(curl_version_info_data *, curl_version_info, NULL, (CURLversion age), (age))

HAND_ON(CURL *, curl_easy_init, NULL, (void), ())
HAND_ON_VOID(curl_easy_cleanup, (CURL *handle), (handle))
HAND_ON_OPTION(CURLcode, curl_easy_setopt, CURLE_FAILED_INIT, CURL, CURLoption)
HAND_ON(CURLcode, curl_easy_pause, CURLE_FAILED_INIT, (CURL *handle, int mask), (handle, mask))
HAND_ON(const char *, curl_easy_strerror, "libcurl not found", (CURLcode code), (code))
HAND_ON_VOID(curl_free, (void *pointer), (pointer))

/// Every CURLINFO_ item takes a pointer to where its answer goes.
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    if (daybook_curl_load() != NULL) return CURLE_FAILED_INIT;
    va_list more;
    va_start(more, info);
    void *answer = va_arg(more, void *);
    va_end(more);
    return libcurl.curl_easy_getinfo(handle, info, answer);
}

HAND_ON(CURLM *, curl_multi_init, NULL, (void), ())
HAND_ON(CURLMcode, curl_multi_cleanup, CURLM_BAD_HANDLE, (CURLM *multi), (multi))
HAND_ON_OPTION(CURLMcode, curl_multi_setopt, CURLM_BAD_HANDLE, CURLM, CURLMoption)
HAND_ON(CURLMcode, curl_multi_add_handle, CURLM_BAD_HANDLE, (CURLM *multi, CURL *handle), (multi, handle))
HAND_ON(CURLMcode, curl_multi_remove_handle, CURLM_BAD_HANDLE, (CURLM *multi, CURL *handle), (multi, handle))
HAND_ON(CURLMcode, curl_multi_assign, CURLM_BAD_HANDLE, (CURLM *multi, curl_socket_t socket, void *pointer),
        (multi, socket, pointer))
HAND_ON(CURLMsg *, curl_multi_info_read, NULL, (CURLM *multi, int *queued), (multi, queued))
HAND_ON(CURLMcode, curl_multi_socket_action, CURLM_BAD_HANDLE,
        (CURLM *multi, curl_socket_t socket, int events, int *running), (multi, socket, events, running))

HAND_ON(struct curl_slist *, curl_slist_append, NULL, (struct curl_slist *list, const char *text), (list, text))
HAND_ON_VOID(curl_slist_free_all, (struct curl_slist *list), (list))

HAND_ON(CURLU *, curl_url, NULL, (void), ())
HAND_ON(CURLUcode, curl_url_get, CURLUE_OUT_OF_MEMORY, (CURLU *url, CURLUPart part, char **text, unsigned int flags),
        (url, part, text, flags))
HAND_ON(CURLUcode, curl_url_set, CURLUE_OUT_OF_MEMORY, (CURLU *url, CURLUPart part, const char *text, unsigned int flags),
        (url, part, text, flags))
#endif
