// Opens libcrypto on first use and hands Daybook's calls on to it (CLibCrypto.h says why it is not
// linked). The definitions below are hidden: they serve Daybook's code alone, never a library that
// links libcrypto itself and must find its own functions.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#pragma GCC visibility push(hidden)
#include "CLibCrypto.h"

// Every libcrypto function Daybook calls, as X(name).
#define DAYBOOK_CRYPTO_FUNCTIONS(X) \
    X(SHA256) X(SHA256_Init) X(SHA256_Update) X(SHA256_Final) \
    X(EVP_CIPHER_CTX_new) X(EVP_CIPHER_CTX_free) X(EVP_CIPHER_CTX_ctrl) X(EVP_aes_256_gcm) \
    X(EVP_EncryptInit_ex) X(EVP_EncryptUpdate) X(EVP_EncryptFinal_ex) \
    X(EVP_DecryptInit_ex) X(EVP_DecryptUpdate) X(EVP_DecryptFinal_ex) \
    X(RAND_bytes)

/// The library's own definitions, found by `load`.
static struct {
#define DAYBOOK_CRYPTO_POINTER(name) __typeof__(name) *name;
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_POINTER)
#undef DAYBOOK_CRYPTO_POINTER
} libcrypto;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure;
static char load_failure_text[512];

static const char *load(void) {
    // OpenSSL 3's soname; the unversioned name a development package installs may be another major version.
    void *library = dlopen("libcrypto.so.3", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure_text, sizeof load_failure_text, "cannot open OpenSSL's libcrypto: %s",
                 reason != NULL ? reason : "libcrypto.so.3");
        return load_failure_text;
    }
    // The library's handle finds its own definitions, never these of the same names.
#define DAYBOOK_CRYPTO_FIND(name) \
    libcrypto.name = (__typeof__(name) *) dlsym(library, #name); \
    if (libcrypto.name == NULL) { \
        snprintf(load_failure_text, sizeof load_failure_text, "the libcrypto found has no function %s", #name); \
        return load_failure_text; \
    }
    DAYBOOK_CRYPTO_FUNCTIONS(DAYBOOK_CRYPTO_FIND)
#undef DAYBOOK_CRYPTO_FIND
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

#pragma GCC visibility push(hidden)

// Each opens the library first if no call has yet (a pthread_once that has run costs a load and
// a branch), and when it cannot be opened answers as libcrypto does on failure: 0, or NULL.
#define DAYBOOK_CRYPTO_READY(failure) \
    if (daybook_crypto_load() != NULL) return failure;

unsigned char *SHA256(const unsigned char *data, size_t length, unsigned char *digest) {
    DAYBOOK_CRYPTO_READY(NULL)
    return libcrypto.SHA256(data, length, digest);
}
int SHA256_Init(SHA256_CTX *context) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.SHA256_Init(context);
}
int SHA256_Update(SHA256_CTX *context, const void *data, size_t length) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.SHA256_Update(context, data, length);
}
int SHA256_Final(unsigned char *digest, SHA256_CTX *context) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.SHA256_Final(digest, context);
}

EVP_CIPHER_CTX *EVP_CIPHER_CTX_new(void) {
    DAYBOOK_CRYPTO_READY(NULL)
    return libcrypto.EVP_CIPHER_CTX_new();
}
void EVP_CIPHER_CTX_free(EVP_CIPHER_CTX *context) {
    DAYBOOK_CRYPTO_READY()
    libcrypto.EVP_CIPHER_CTX_free(context);
}
int EVP_CIPHER_CTX_ctrl(EVP_CIPHER_CTX *context, int type, int argument, void *pointer) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_CIPHER_CTX_ctrl(context, type, argument, pointer);
}
const EVP_CIPHER *EVP_aes_256_gcm(void) {
    DAYBOOK_CRYPTO_READY(NULL)
    return libcrypto.EVP_aes_256_gcm();
}

int EVP_EncryptInit_ex(EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, ENGINE *engine, const unsigned char *key,
                       const unsigned char *nonce) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_EncryptInit_ex(context, cipher, engine, key, nonce);
}
int EVP_EncryptUpdate(EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength, const unsigned char *input,
                      int inputLength) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_EncryptUpdate(context, output, outputLength, input, inputLength);
}
int EVP_EncryptFinal_ex(EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_EncryptFinal_ex(context, output, outputLength);
}
int EVP_DecryptInit_ex(EVP_CIPHER_CTX *context, const EVP_CIPHER *cipher, ENGINE *engine, const unsigned char *key,
                       const unsigned char *nonce) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_DecryptInit_ex(context, cipher, engine, key, nonce);
}
int EVP_DecryptUpdate(EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength, const unsigned char *input,
                      int inputLength) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_DecryptUpdate(context, output, outputLength, input, inputLength);
}
int EVP_DecryptFinal_ex(EVP_CIPHER_CTX *context, unsigned char *output, int *outputLength) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.EVP_DecryptFinal_ex(context, output, outputLength);
}

int RAND_bytes(unsigned char *buffer, int count) {
    DAYBOOK_CRYPTO_READY(0)
    return libcrypto.RAND_bytes(buffer, count);
}

#pragma GCC visibility pop
