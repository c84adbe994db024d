// OpenSSL 3's libcrypto for Daybook, opened on first use: AES-256-GCM, HMAC and random bytes for
// encrypted sites, SHA-256 for the picture cache's keys, and for `daybook deploy` SHA-256 and HMAC for
// S3's request signatures, MD5 (what S3 reports as a file's ETag) and SHA-1 (git's blob ids) to compare
// a remote's files with the site's. The `daybook` executable does not link
// libcrypto: loading and binding it costs every process about 1.7 ms (a Foundation program starts in
// 3.5 ms without it, 5.3 ms with it, here), and a build of a diary without pictures that is not
// encrypted never calls it. This target defines, for Daybook's own code only, the libcrypto
// functions Daybook calls, each handing its call on to the library (CryptoOnDemand.c).
//
// Each opens the library on its first call, and fails as libcrypto does when it cannot be opened;
// `daybook_crypto_load` says why, for an error a person can act on. The SHA256_* context
// functions are deprecated in OpenSSL 3 but still exported; SiteEncryption keeps HMAC's two
// padded-key states in them so PBKDF2's 600,000 rounds cost a third of what PKCS5_PBKDF2_HMAC's
// provider calls cost (Sources/SiteEncryption/Internal/HMACSHA256.swift).
#ifndef DAYBOOK_CLIBCRYPTO_H
#define DAYBOOK_CLIBCRYPTO_H

#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

/// Opens libcrypto and finds every function Daybook calls, once per process whichever thread asks
/// first. NULL when they are ready; otherwise why not, in Daybook's words.
/// It refuses a library older than the headers (CLibraryLoader.h).
const char *daybook_crypto_load(void);

/// The name libcrypto is opened by: OpenSSL 3's soname (`libcrypto.so.3`, on macOS `libcrypto.3.dylib`).
const char *daybook_crypto_soname(void);

/// The OpenSSL release of the headers Daybook was compiled against (`3.0.17`), without loading the library.
const char *daybook_crypto_built_version(void);

/// The release of the libcrypto opened (`3.0.17`), or NULL before `daybook_crypto_load` has succeeded.
const char *daybook_crypto_loaded_version(void);

/// The file the loader opened it from, or NULL before `daybook_crypto_load` has succeeded.
const char *daybook_crypto_loaded_path(void);

#endif
