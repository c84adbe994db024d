// OpenSSL 3's libcrypto: AES-256-GCM, HMAC and random bytes for encrypted sites, SHA-256 for
// the picture cache's keys. The SHA256_* context functions are deprecated in OpenSSL 3 but still
// exported; SiteEncryption keeps HMAC's two padded-key states in them so PBKDF2's 600,000 rounds
// cost a third of what PKCS5_PBKDF2_HMAC's provider calls cost
// (Sources/SiteEncryption/Internal/HMACSHA256.swift).
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
