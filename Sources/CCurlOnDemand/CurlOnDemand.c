// The libcurl functions Foundation's URL loading calls, each handing its call on to libcurl opened on
// first use (CCurlOnDemand.h says why). When libcurl cannot be opened, each fails as libcurl itself
// reports a failure: an error code, or NULL where it would return a new handle.
#ifdef __linux__
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

#include "CCurlOnDemand.h"

static void *libcurl;
static pthread_once_t open_once = PTHREAD_ONCE_INIT;

static void open_libcurl(void) {
    libcurl = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
}

/// libcurl's own definition of `name`, or NULL. The library's handle finds its definitions, never
/// these of the same names.
static void *find(const char *name) {
    pthread_once(&open_once, open_libcurl);
    return libcurl == NULL ? NULL : dlsym(libcurl, name);
}

// libcurl's result codes for a failed start (CURLE_FAILED_INIT), a bad multi handle
// (CURLM_BAD_HANDLE) and an out-of-memory URL handle (CURLUE_OUT_OF_MEMORY).
enum { easy_failure = 2, multi_failure = 1, url_failure = 7 };

/// Defines `name` with these parameters as a call of libcurl's `name`, `failure` when there is none.
/// Each call looks the function up again: Daybook never calls these, and nothing is shared between threads.
#define HAND_ON(result, name, failure, parameters, arguments) \
    result name parameters { \
        result (*function) parameters = (result (*) parameters) find(#name); \
        return function == NULL ? failure : function arguments; \
    }
#define HAND_ON_VOID(name, parameters, arguments) \
    void name parameters { \
        void (*function) parameters = (void (*) parameters) find(#name); \
        if (function != NULL) function arguments; \
    }
// The variadic functions take exactly one more argument: a long, a 64-bit offset, or a pointer,
// all passed alike on the 64-bit Linux systems this is built for, so it is read and passed on as
// a pointer.
#define HAND_ON_ONE_MORE(name, failure) \
    int name(void *handle, int option, ...) { \
        int (*function)(void *, int, ...) = (int (*)(void *, int, ...)) find(#name); \
        if (function == NULL) return failure; \
        va_list more; \
        va_start(more, option); \
        void *value = va_arg(more, void *); \
        va_end(more); \
        return function(handle, option, value); \
    }

HAND_ON(int, curl_global_init, easy_failure, (long flags), (flags))
HAND_ON(char *, curl_version, (char *)"libcurl not found", (void), ())
HAND_ON(void *, curl_version_info, NULL, (int age), (age))

HAND_ON(void *, curl_easy_init, NULL, (void), ())
HAND_ON_VOID(curl_easy_cleanup, (void *handle), (handle))
HAND_ON_ONE_MORE(curl_easy_setopt, easy_failure)
HAND_ON_ONE_MORE(curl_easy_getinfo, easy_failure)
HAND_ON(int, curl_easy_pause, easy_failure, (void *handle, int mask), (handle, mask))
HAND_ON(const char *, curl_easy_strerror, "libcurl not found", (int code), (code))
HAND_ON_VOID(curl_free, (void *pointer), (pointer))

HAND_ON(void *, curl_multi_init, NULL, (void), ())
HAND_ON(int, curl_multi_cleanup, multi_failure, (void *multi), (multi))
HAND_ON_ONE_MORE(curl_multi_setopt, multi_failure)
HAND_ON(int, curl_multi_add_handle, multi_failure, (void *multi, void *handle), (multi, handle))
HAND_ON(int, curl_multi_remove_handle, multi_failure, (void *multi, void *handle), (multi, handle))
HAND_ON(int, curl_multi_assign, multi_failure, (void *multi, int socket, void *pointer), (multi, socket, pointer))
HAND_ON(void *, curl_multi_info_read, NULL, (void *multi, int *queued), (multi, queued))
HAND_ON(int, curl_multi_socket_action, multi_failure, (void *multi, int socket, int events, int *running),
        (multi, socket, events, running))

HAND_ON(void *, curl_slist_append, NULL, (void *list, const char *text), (list, text))
HAND_ON_VOID(curl_slist_free_all, (void *list), (list))

HAND_ON(void *, curl_url, NULL, (void), ())
HAND_ON(int, curl_url_get, url_failure, (void *url, int part, char **text, unsigned flags), (url, part, text, flags))
HAND_ON(int, curl_url_set, url_failure, (void *url, int part, const char *text, unsigned flags), (url, part, text, flags))
#endif
