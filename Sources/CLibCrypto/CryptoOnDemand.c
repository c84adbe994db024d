// Opens libcrypto on first use and hands Daybook's calls on to it (CLibCrypto.h says why it is not
// linked). The definitions below are hidden: they serve Daybook's code alone, never a library that
// links libcrypto itself and must find its own functions.
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "CLibraryVersion.h"

#pragma GCC visibility push(hidden)
#include "CLibCrypto.h"

// Every libcrypto function Daybook calls, as X(name).
#define DAYBOOK_CRYPTO_FUNCTIONS(X) \
    X(SHA256) X(MD5) X(SHA1) X(SHA256_Init) X(SHA256_Update) X(SHA256_Final) \
    X(EVP_CIPHER_CTX_new) X(EVP_CIPHER_CTX_free) X(EVP_CIPHER_CTX_ctrl) X(EVP_aes_256_gcm) \
    X(EVP_EncryptInit_ex) X(EVP_EncryptUpdate) X(EVP_EncryptFinal_ex) \
    X(EVP_DecryptInit_ex) X(EVP_DecryptUpdate) X(EVP_DecryptFinal_ex) \
    X(RAND_bytes)

// The functions that tell the library's release, found and called by `load` only (OpenSSL 3 has them).
#define DAYBOOK_CRYPTO_VERSION_FUNCTIONS(X) X(OPENSSL_version_major) X(OPENSSL_version_minor) X(OPENSSL_version_patch)

/// The library's own definitions, found by `load`.
static struct {
#define DAYBOOK_CRYPTO_POINTER(name) __typeof__(name) *name;
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_POINTER)
    DAYBOOK_CRYPTO_VERSION_FUNCTIONS(DAYBOOK_CRYPTO_POINTER)
#undef DAYBOOK_CRYPTO_POINTER
} libcrypto;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[512];
/// The release of the library opened and accepted (`3.0.17`) and where the loader found it, written
/// once by a load that succeeded.
static char loaded_version_text[32];
static char loaded_path_text[1024];
static _Atomic(const char *) loaded_version;

/// OpenSSL 3's soname: the unversioned name a development package installs may be another major
/// version, and is never tried. On macOS also Homebrew's openssl@3, which is not linked into its
/// prefix and which the loader does not search.
static const char *const library_names[] = {
#ifdef __APPLE__
    "libcrypto.3.dylib", "/opt/homebrew/opt/openssl@3/lib/libcrypto.3.dylib",
    "/usr/local/opt/openssl@3/lib/libcrypto.3.dylib",
#else
    "libcrypto.so.3",
#endif
};

static const char *load(void) {
    void *library = NULL;
    for (size_t index = 0; library == NULL && index < sizeof library_names / sizeof library_names[0]; index++) {
        library = dlopen(library_names[index], RTLD_LAZY | RTLD_LOCAL);
        if (library == NULL && index == 0) {
            const char *reason = dlerror();
            snprintf(load_failure_text, sizeof load_failure_text, "cannot open OpenSSL's libcrypto: %s",
                     reason != NULL ? reason : library_names[0]);
        }
    }
    if (library == NULL) return load_failure_text;
    // The library's handle finds its own definitions, never these of the same names.
#define DAYBOOK_CRYPTO_FIND(name) \
    libcrypto.name = (__typeof__(name) *) dlsym(library, #name); \
    if (libcrypto.name == NULL) { \
        snprintf(load_failure_text, sizeof load_failure_text, "the libcrypto found has no function %s", #name); \
        return load_failure_text; \
    }
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_FIND)
    DAYBOOK_CRYPTO_VERSION_FUNCTIONS(DAYBOOK_CRYPTO_FIND)
#undef DAYBOOK_CRYPTO_FIND
    // Accepted by ABI (CLibraryVersion.h): the soname of the headers, a release no older than theirs.
    DaybookLibraryVersion found = {(int) libcrypto.OPENSSL_version_major(), (int) libcrypto.OPENSSL_version_minor(),
                                   (int) libcrypto.OPENSSL_version_patch()};
    DaybookLibraryVersion built = {OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_MINOR, OPENSSL_VERSION_PATCH};
    if (daybook_library_accept("OpenSSL's libcrypto", found, built, (const void *) libcrypto.OPENSSL_version_major,
                               loaded_version_text, sizeof loaded_version_text, loaded_path_text,
                               sizeof loaded_path_text, load_failure_text, sizeof load_failure_text) != NULL) {
        return load_failure_text;
    }
    atomic_store(&loaded_version, loaded_version_text);
    return NULL;
}

static void load_into_place(void) {
    load_failure = load();
}

#pragma GCC visibility pop

const char *daybook_crypto_load(void) {
    pthread_once(&load_once, load_into_place);
    return load_failure;
}

const char *daybook_crypto_soname(void) {
    return library_names[0];
}

const char *daybook_crypto_built_version(void) {
#define DAYBOOK_TEXT(value) #value
#define DAYBOOK_VERSION_TEXT(major, minor, patch) DAYBOOK_TEXT(major) "." DAYBOOK_TEXT(minor) "." DAYBOOK_TEXT(patch)
    return DAYBOOK_VERSION_TEXT(OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_MINOR, OPENSSL_VERSION_PATCH);
}

const char *daybook_crypto_loaded_version(void) {
    return atomic_load(&loaded_version);
}

const char *daybook_crypto_loaded_path(void) {
    return atomic_load(&loaded_version) != NULL && loaded_path_text[0] != 0 ? loaded_path_text : NULL;
}

#pragma GCC visibility push(hidden)

/// Defines `name` with these parameters as a call of libcrypto's `name`. It opens the library first
/// if no call has yet (a pthread_once that has run costs a load and a branch), and when it cannot be
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
