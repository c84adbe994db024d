// libcurl for Foundation's URL loading, opened on first use. Foundation's URLSession (which S3 deploy
// uses, and which the HTTP server library `daybook serve` uses carries) calls libcurl: linked, libcurl
// and the 29 libraries it needs, OpenSSL's among them, would be loaded and bound on every start of
// `daybook` (`daybook --version`: 6 → 11 ms of CPU; medians on a busy two-core machine: 16 → 32 ms,
// a no-op build of a 30-day diary 30 → 44 ms), and a build of words alone would load libcrypto.
// This target defines, with the types of libcurl's own header, the libcurl functions Foundation
// calls; each opens libcurl (CLibraryLoader) the first time any is called and hands the call on.
// The Makefile's release build leaves libcurl out of the link (`-disable-autolink-library curl`), so
// it is not a library the executable needs at start; a build without that flag links libcurl, and
// these definitions then hand calls on to the libcurl already loaded.
//
// Swift sees libcurl's header through this one, for tests that call through to the real library.
#ifndef DAYBOOK_CCURLONDEMAND_H
#define DAYBOOK_CCURLONDEMAND_H

// The header's type-checking macros would stand in for curl_easy_setopt and curl_easy_getinfo.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// Opens libcurl and finds every function Foundation calls, once per process whichever thread asks
/// first. NULL when they are ready; otherwise why not, naming what to install.
const char *daybook_curl_load(void);

#endif
