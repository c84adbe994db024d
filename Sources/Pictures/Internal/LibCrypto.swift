import CLibCrypto

/// libcrypto, opened when the first picture is hashed (CLibCrypto.h says why it is not linked).
enum LibCrypto {
    /// Nil once libcrypto's functions are found; otherwise why not. Evaluated once, on first use.
    static let loadFailure: String? = daybook_crypto_load().map { String(cString: $0) }
}
