// OpenSSL's libcrypto, for SHA-256 with the processor's SHA instructions where it has them.
#include <openssl/evp.h>
