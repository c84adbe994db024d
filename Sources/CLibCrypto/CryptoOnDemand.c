// Opens libcrypto on first use and hands Daybook's calls on to it (CLibCrypto.h says why it is not
// linked). The definitions below are hidden: they serve Daybook's code alone, never a library that
// links libcrypto itself and must find its own functions.
#include <dlfcn.h>

#include "CLibraryLoader.h"

#pragma GCC visibility push(hidden)
#include "CLibCrypto.h"

// Every libcrypto function Daybook calls, as X(name).
#define DAYBOOK_CRYPTO_FUNCTIONS(X) \
    X(SHA256) X(MD5) X(SHA1) X(SHA256_Init) X(SHA256_Update) X(SHA256_Final) \
    X(EVP_CIPHER_CTX_new) X(EVP_CIPHER_CTX_free) X(EVP_CIPHER_CTX_ctrl) X(EVP_aes_256_gcm) \
    X(EVP_EncryptInit_ex) X(EVP_EncryptUpdate) X(EVP_EncryptFinal_ex) \
    X(EVP_DecryptInit_ex) X(EVP_DecryptUpdate) X(EVP_DecryptFinal_ex) \
    X(RAND_bytes)

// The functions that tell the library's release, called by `find_functions` only (OpenSSL 3 has them).
#define DAYBOOK_CRYPTO_VERSION_FUNCTIONS(X) X(OPENSSL_version_major) X(OPENSSL_version_minor) X(OPENSSL_version_patch)

/// The library's own definitions, found by `find_functions`.
static struct {
#define DAYBOOK_CRYPTO_POINTER(name) __typeof__(name) *name;
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_POINTER)
    DAYBOOK_CRYPTO_VERSION_FUNCTIONS(DAYBOOK_CRYPTO_POINTER)
#undef DAYBOOK_CRYPTO_POINTER
} libcrypto;

/// OpenSSL 3's soname: the unversioned name a development package installs may be another major
/// version, and is never tried. On macOS also Homebrew's openssl@3, which is not linked into its
/// prefix and which the loader does not search.
static const char *const files[] = {
#ifdef __APPLE__
    "libcrypto.3.dylib", "/opt/homebrew/opt/openssl@3/lib/libcrypto.3.dylib",
    "/usr/local/opt/openssl@3/lib/libcrypto.3.dylib",
#else
    "libcrypto.so.3",
#endif
    NULL,
};

/// The library's handle finds its own definitions, never these of the same names.
static const char *find_functions(void *handle, DaybookLibraryVersion *release, const void **function) {
#define DAYBOOK_CRYPTO_FIND(name) DAYBOOK_LIBRARY_FIND(handle, libcrypto, name)
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_FIND)
    DAYBOOK_CRYPTO_VERSION_FUNCTIONS(DAYBOOK_CRYPTO_FIND)
#undef DAYBOOK_CRYPTO_FIND
    *release = (DaybookLibraryVersion) {(int) libcrypto.OPENSSL_version_major(), (int) libcrypto.OPENSSL_version_minor(),
                                        (int) libcrypto.OPENSSL_version_patch()};
    *function = (const void *) libcrypto.OPENSSL_version_major;
    return NULL;
}

static DaybookLibrary library = DAYBOOK_LIBRARY("OpenSSL's libcrypto", files, "libssl3 (Debian, Ubuntu) or openssl@3 (Homebrew)",
                                                OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_MINOR, OPENSSL_VERSION_PATCH, find_functions);

#pragma GCC visibility pop

const char *daybook_crypto_load(void) {
    return daybook_library_load(&library);
}

const char *daybook_crypto_soname(void) {
    return files[0];
}

const char *daybook_crypto_built_version(void) {
#define DAYBOOK_TEXT(value) #value
#define DAYBOOK_VERSION_TEXT(major, minor, patch) DAYBOOK_TEXT(major) "." DAYBOOK_TEXT(minor) "." DAYBOOK_TEXT(patch)
    return DAYBOOK_VERSION_TEXT(OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_MINOR, OPENSSL_VERSION_PATCH);
}

const char *daybook_crypto_loaded_version(void) {
    return daybook_library_loaded_version(&library);
}

const char *daybook_crypto_loaded_path(void) {
    return daybook_library_loaded_path(&library);
}

#pragma GCC visibility push(hidden)

/// Defines `name` with these parameters as a call of libcrypto's `name`. It opens the library first
/// if no call has yet (once it has, an atomic load and a branch), and when it cannot be
/// opened answers as libcrypto does on failure: `failure`, 0 or NULL.
#define HAND_ON(result, name, failure, parameters, arguments) \
    result name parameters { \
        if (daybook_crypto_load() != NULL) return failure; \
        return libcrypto.name arguments; \
    }

HAND_ON(unsigned char *, SHA256, NULL, (const unsigned char *data, size_t length, unsigned char *digest), (data, length, digest))
HAND_ON(unsigned char *, MD5, NULL, (const unsigned char *data, size_t length, unsigned char *digest), (data, length, digest))
HAND_ON(unsigned char *, SHA1, NULL, (const unsigned char *data, size_t length, unsigned char *digest), (data, length, digest))
HAND_ON(int, SHA256_Init, 0, (SHA256_CTX *context), (context))
HAND_ON(int, SHA256_Update, 0, (SHA256_CTX *context, const void *data, size_t length), (context, data, length))
HAND_ON(int, SHA256_Final, 0, (unsigned char *digest, SHA256_CTX *context), (digest, context))

HAND_ON(EVP_CIPHER_CTX *, EVP_CIPHER_CTX_new, NULL, (void), ())
HAND_ON(int, EVP_CIPHER_CTX_ctrl, 0, (EVP_CIPHER_CTX *context, int type, int argument, void *pointer),
        (context, type, argument, pointer))
HAND_ON(const EVP_CIPHER *, EVP_aes_256_gcm, NULL, (void), ())

void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *context) {
    if (daybook_crypto_load() == NULL) libcrypto.EVP_CIPHER_CTX_free(context);
}

/// The three steps of EVP_Encrypt… or EVP_Decrypt…, whose parameters are the same.
#define HAND_ON_CIPHER_STEPS(Init, Update, Final) \
    HAND_ON(int, Init, 0, \
            (EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, ENGINE *engine, const unsigned char *key, \
             const unsigned char *nonce), \
            (context, cipher, engine, key, nonce)) \
    HAND_ON(int, Update, 0, \
            (EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength, const unsigned char *input, int inputLength), \
            (context, output, outputLength, input, inputLength)) \
    HAND_ON(int, Final, 0, (EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength), (context, output, outputLength))

HAND_ON_CIPHER_STEPS(EVP_EncryptInit_ex, EVP_EncryptUpdate, EVP_EncryptFinal_ex)
HAND_ON_CIPHER_STEPS(EVP_DecryptInit_ex, EVP_DecryptUpdate, EVP_DecryptFinal_ex)

HAND_ON(int, RAND_bytes, 0, (unsigned char *buffer, int count), (buffer, count))

#pragma GCC visibility pop
