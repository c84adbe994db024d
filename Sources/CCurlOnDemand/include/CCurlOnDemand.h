// libcurl for Foundation's URL loading, opened on first use. Daybook makes no requests of its own,
// but the HTTP server library `daybook serve` uses carries a proxy handler, which brings in
// Foundation's URLSession and with it libcurl: linked, libcurl and the 30 libraries it needs would be
// loaded and bound on every start of `daybook` (measured on a 10,950-entry diary: 5 ms of `daybook
// --version`'s 11, 8 ms of a nothing-changed build's 55). This target defines the libcurl functions
// Foundation calls; each opens libcurl the first time any is called and hands the call on. The
// Makefile's release build leaves libcurl out of the link (`-disable-autolink-library curl`), so it is
// not a library the executable needs at start.
//
// Declared here are a few of them, which tests call to see that a call reaches the real library.
#ifndef DAYBOOK_CCURLONDEMAND_H
#define DAYBOOK_CCURLONDEMAND_H

/// libcurl's version text (`libcurl/7.88.1 OpenSSL/3.0.17 …`), or "libcurl not found" when it cannot
/// be opened.
char *curl_version(void);

/// A new easy handle, or NULL.
void *curl_easy_init(void);

void curl_easy_cleanup(void *handle);

/// The words for one of libcurl's result codes.
const char *curl_easy_strerror(int code);

#endif
